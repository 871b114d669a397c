"""Cross-outlet findings: what is corroborated, what conflicts, what only one
outlet says, what each leaves out, which quotes several carry, when things
happened, and a short summary that cites every sentence.

Built from the core analysis (entities, quotes, figures, times) plus claims
(:mod:`newsprism.extract.claims`) and their alignment (:mod:`newsprism.compare.align`).
Each document counts as its own outlet. Every item cites spans that exist in
the source texts (``text[start:end] == span.text``).

Facts (:mod:`newsprism.compare.facts`) partition the claims; corroborated and
single-source findings present them. Conflicts come from
:mod:`newsprism.compare.conflicts`, framing differences from
:mod:`newsprism.compare.framing`.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.align import AlignParams
from newsprism.compare.blocked import align_story
from newsprism.compare.conflicts import disputes, find_conflicts
from newsprism.compare.facts import build_facts
from newsprism.compare.fact_text import (
    headline_span, is_content, reads_whole, stem_test, summary_sentence, title_case, told_by_each,
)
from newsprism.compare.figure_conflicts import story_figures
from newsprism.compare.figures_apart import figures_apart
from newsprism.compare.figure_split import part_facts
from newsprism.compare.side_facts import is_side_fact
from newsprism.compare.summary_alone import (
    PersonMention, bare_surnames, named_in_full, person_mentions, story_people, tells_what_came_next,
    unresolved_pronoun,
)
from newsprism.compare.summary_parts import naming_terms, parts_and_predicate_told, predicate_words, states_predicate
from newsprism.compare.summary_quotes import quoted_passage, quoting_reports
from newsprism.compare.framing import find_framing
from newsprism.attribution import Named
from newsprism.extract.claims import Claim, extract_claims
from newsprism.extract.propositions import StoryReads, propositions
from newsprism.lexicon import WEEKDAYS
from newsprism.compare.headline_referents import referents
from newsprism.compare.repeated_clauses import mark_repeats
from newsprism.model import (
    DocumentInfo,
    Fact,
    FactHeadline,
    FigureComparison,
    Finding,
    FindingKind,
    Findings,
    Omission,
    Quote,
    Span,
    StoryAnalysis,
    SummarySentence,
    Version,
    outlet_key,
)
from newsprism.nlp import DocTexts

__all__ = [
    "Version",
    "Finding",
    "Omission",
    "SummarySentence",
    "Findings",
    "find",
    "find_from_claims",
]


# ---------------------------------------------------------------- facts as findings


def _as_finding(fact: Fact, kind: FindingKind) -> Finding:
    same = tuple(s for s in fact.support if s.strength == "same fact")
    return Finding(
        id="",
        kind=kind,
        about=fact.headline.text,
        docs=fact.docs,
        # the citations are the claims that state the fact; partly ones are in ``support``
        citations=tuple(s.citation for s in same),
        claims=tuple(s.claim for s in same),
        sources=fact.sources,
        fact=fact.id,
        outlet=fact.outlet,
        support=fact.support,
    )


# ---------------------------------------------------------------- quotes, time, summary

_NON_WORD = re.compile(r"[^\w\s]+")


def _normal(text: str) -> str:
    return " ".join(_NON_WORD.sub(" ", text.lower().replace("’", "'")).split())


_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " "})


def _typographic(text: str) -> str:
    """``text`` with typographic variants made plain: curly quotes, dashes, spacing."""
    return " ".join(text.translate(_TYPOGRAPHY).split()).strip(" \"'.,")


def _trigrams(text: str, numbers: dict[tuple[str, int], int] | None = None) -> frozenset:
    """The text's character 3-grams as a multiset (each with its occurrence number). With
    ``numbers`` (one dict for all the texts compared), each (3-gram, occurrence) is its number
    there instead: the same sets as far as their intersections go, intersected ~2x faster."""
    seen: dict[str, int] = {}
    out: list = []
    for k in range(len(text) - 2):
        g = text[k : k + 3]
        seen[g] = seen.get(g, 0) + 1
        out.append((g, seen[g]))
    if numbers is not None:
        return frozenset([numbers.setdefault(x, len(numbers)) for x in out])
    return frozenset(out)


def _may_reach(a: frozenset, b: frozenset, shorter: int, cutoff: float) -> bool:
    """False only when ``fuzz.partial_ratio`` of the two texts (3-grams ``a``, ``b``; the
    shorter ``shorter`` characters long) is sure to stay under ``cutoff``: reaching it
    takes at most k = (1 - cutoff/100) * 2 * shorter insertions and deletions against
    some stretch of the longer text, and each destroys at most 3 of the shorter text's
    3-grams, so at least shorter - 2 - 3k of them are in the longer text (q-gram lemma)."""
    k = math.floor((1 - cutoff / 100) * 2 * shorter + 1e-9)
    return len(a & b) >= shorter - 2 - 3 * k


def _shared_quotes(quotes: Sequence[Quote], families: Mapping[str, str] | None = None) -> list[Finding]:
    from rapidfuzz import fuzz

    out = []
    used: set[int] = set()
    normals = [_normal(q.text) for q in quotes]
    grams: dict[int, frozenset] = {}
    numbers: dict[tuple[str, int], int] = {}  # the quotes' (3-gram, occurrence) as ints (_trigrams)
    # a shared quote shares words: only pairs with a common word of 4+ letters are compared
    words = [frozenset(w for w in n.split() if len(w) >= 4) for n in normals]
    index: dict[str, list[int]] = {}
    for k, ws in enumerate(words):
        for w in ws:
            index.setdefault(w, []).append(k)
    for i, q in enumerate(quotes):
        if i in used:
            continue
        group = [q]
        group_docs = {q.doc}  # (the documents of ``group``, kept beside it)
        # words that many quotes use ("that", "have") do not make two quotes one
        common = max(10, len(quotes) // 20)
        candidates = sorted({j for w in words[i] if len(index[w]) <= common for j in index[w] if j > i})
        for j in candidates:
            r = quotes[j]
            if j in used or r.doc in group_docs:
                continue
            a, b = normals[i], normals[j]
            same_speaker = q.speaker_entity is not None and q.speaker_entity == r.speaker_entity
            if min(len(a), len(b)) < 10:
                continue
            cutoff = 80 if same_speaker else 92
            gi = grams[i] if i in grams else grams.setdefault(i, _trigrams(a, numbers))
            gj = grams[j] if j in grams else grams.setdefault(j, _trigrams(b, numbers))
            if not _may_reach(gi, gj, min(len(a), len(b)), cutoff):
                continue  # the same test, decided without the alignment
            # a quote of one or two words is shared only by a quote of those words, not found
            # inside a longer one: a scare-quoted "principles" is not a remark that uses the word
            short = min(a.count(" "), b.count(" ")) < 2
            match = fuzz.ratio if short else fuzz.partial_ratio
            # with score_cutoff a score below it comes back as 0 (sooner): the test is the same
            if match(a, b, score_cutoff=cutoff) >= cutoff:
                group.append(r)
                group_docs.add(r.doc)
                used.add(j)
        if len(group) < 2:
            continue
        used.add(i)
        versions = tuple(Version((g.doc,), g.text, (Span(g.doc, g.start, g.end, g.text),), g.speaker) for g in group)
        out.append(
            Finding(
                id="",
                kind="shared-quote",
                about=group[0].text,
                docs=tuple(sorted({g.doc for g in group})),
                citations=tuple(v.citations[0] for v in versions),
                versions=versions,
                # documents of one corpus copy family carry one report's quote once
                sources=len({(families or {}).get(g.doc, g.doc) for g in group}),
                # typography (curly vs straight quotes, dashes, spacing) is not wording
                wording_differs=len({_typographic(g.text) for g in group}) > 1,
            )
        )
    return out


_CLOCK = re.compile(r"\b(\d{1,2})(?::\d\d)?\s*([ap])\.?\s?m\b", re.IGNORECASE)
_PART_RANK = {"midnight": 10, "early": 1, "pre-dawn": 1, "dawn": 2, "morning": 3, "early morning": 2, "late morning": 4,
              "noon": 5, "afternoon": 6, "evening": 7, "late": 8, "night": 9}


def _timeline(analysis: StoryAnalysis, claims: Sequence[Claim]) -> list[Finding]:
    """Claims carrying a time expression, ordered by resolved date/time; where the
    text gives no resolvable date, by the weekday it names, then part of day."""
    out = []
    last_day: dict[str, int] = {}
    for c in claims:
        if not c.times:
            continue
        # a title, address or time-stamp line fused with the sentence: the row tells the
        # sentence, and a time of those lines dates the page, not an event of it
        head = headline_span(c)
        times = [x for x in c.times if x.start >= head.start]
        if not times:
            continue
        low = " ".join(x.text.lower() for x in times)
        day = next((i for i, w in enumerate(WEEKDAYS) if w in low), None)
        # the row's time is the one that places it: the weekday's, not the sentence's first
        # ("the years of practice ... the woman he spent Monday embracing" is Monday's row)
        t = next((x for x in times if day is not None and WEEKDAYS[day] in x.text.lower()), times[0])
        if day is None and _CLOCK.search(t.text):
            day = last_day.get(c.doc)  # a bare clock time continues the day the report was telling
        if day is None:
            continue
        last_day[c.doc] = day
        part = _PART_RANK.get((t.part_of_day or "").lower(), 5)
        clock = _CLOCK.search(t.text)
        if clock and not t.part_of_day:
            hour = int(clock.group(1)) % 12 + (12 if clock.group(2).lower() == "p" else 0)
            part = 1 if hour < 5 else 2 if hour < 8 else 3 if hour < 12 else 6 if hour < 18 else 7 if hour < 21 else 9
        key = f"{day}|{part:02d}"
        out.append(
            Finding("", "timeline", head.text, (c.doc,), (Span(t.doc, t.start, t.end, t.text), head), (c.id,),
                    when=t.resolved, order_key=key)
        )
    out.sort(key=lambda f: (f.order_key or "", f.docs[0], f.citations[0].start))
    return out


def _summary(corroborated: Sequence[Finding], heads: Mapping[str, Span] | None = None,
             limit: int = 5, claims: Mapping[str, Claim] | None = None,
             gaps: Mapping[str, Sequence[tuple[int, int]]] | None = None,
             units: Mapping[str, str] | None = None, docs: Mapping[str, Doc] | None = None,
             people: Mapping[str, Sequence[PersonMention]] | None = None) -> list[SummarySentence]:
    """Extractive: the headline of each top corroborated fact — a complete
    sentence of one outlet — cited with only the claims that state that fact
    ("same fact" support; a partly support never backs a summary sentence). A headline
    that is the whole sentence some of those claims were cut from (``heads``: Fact.id ->
    headline span) is cited as that sentence, in place of its clauses. What an editor puts
    first comes first: the facts most reports tell in their opening sentences, then those most
    independent sources tell (the seed: "Shelling resumed in Aleppo ..., and evacuations ...
    stalled", AP's and the Post's lede, before the Times' opening on the deal).

    With ``claims`` (the claims by id), a headline is cited only to the reports that state at
    least a third of it (:func:`newsprism.compare.fact_text.told_by_each`), and a third of each thing
    it says when it joins several by "and" (:func:`newsprism.compare.summary_parts.parts_told`: the
    seed's Times sentence on the consultation "and" the new conditions is not AP's nor the Post's), and
    give most of its figures when it has several (:func:`_gives`): cited to the others,
    the sentence would say more than they state; a sentence left with fewer than two independent
    reports (``units``: doc id -> its copy family or outlet; each its own without) is left out, as
    is one with no finite verb (``docs``: the parses, :func:`_finite`). So
    is one with a gap where its source lost words (``gaps``: doc id -> (start, end) of each,
    :attr:`DocumentInfo.damage`): quoted whole, it would misquote its report ("resumed shelling
    districts", "government-held" lost)."""
    picked: list[tuple[Finding, tuple[Span, ...]]] = []
    # each picked fact's sentences that may sum it up, best first: (sentence, its citations)
    choices: list[list[tuple[Span | None, tuple[Span, ...], str]]] = []
    said: set[str] = set()
    # each document's claims (in the order of ``claims``): a headline's own claims are looked up
    # in its document, not in the whole story, for each fact
    by_doc: dict[str, list[Claim]] = {}
    for c in (claims or {}).values():
        by_doc.setdefault(c.doc, []).append(c)
    for f in corroborated:
        key = " ".join(f.about.lower().split())
        if key in said:
            continue
        head = (heads or {}).get(f.fact or "")
        fit: list[tuple[int, Span | None, tuple[Span, ...], str]] = []
        for option in _options(f, head, claims, docs, by_doc):
            text = option.text if option is not None and option is not head else f.about
            if not summary_sentence(text):
                # full sentences only: not a clause going on from another ("And merely winning those
                # states is just the first step."), nor a name with its description, a question, a
                # pronoun with nothing before it, a quotation's tail
                continue
            cited = _cited_for(f, option, claims, gaps, units, docs, by_doc)
            if cited is None:
                continue
            # the headline when it can stand; else the sentence most reports state
            reach = len({(units or {}).get(c.doc, c.doc) for c in cited})
            fit.append((1 << 30 if option is head else reach, option, cited, text))
        if not fit:
            continue
        fit.sort(key=lambda x: -x[0])  # (stable: the first of equal reach)
        _, option, cited, text = fit[0]
        said.add(key)
        said.add(" ".join(text.lower().split()))
        picked.append((replace(f, about=text), cited))
        choices.append([(o, c, t) for _, o, c, t in fit])
    # what the reports lead with, among the reports each sentence is cited to; then the sources
    leads = _lead_counts(picked, claims) if claims is not None else [(0, 0)] * len(picked)
    order = sorted(range(len(picked)), key=lambda i: (-leads[i][0], -leads[i][1], -picked[i][0].sources))
    # in that order, each fact by its best sentence that calls nobody by a bare surname the summary
    # has not introduced (the seed's "Cavusoglu ...": who?), nor the story (the people the reports
    # open with)
    out: list[SummarySentence] = []
    introduced = story_people(people, docs, units) if people is not None and docs is not None else set()
    for i in order:
        f = picked[i][0]
        for option, cited, text in choices[i]:
            if option is not None and people is not None and bare_surnames(option, people, introduced):
                continue
            out.append(SummarySentence(text, cited, (f.id,)))
            if option is not None and people is not None:
                introduced |= named_in_full(option, people)
            break
        if len(out) == limit:
            break
    return out


def _options(f: Finding, head: Span | None, claims: Mapping[str, Claim] | None,
             docs: Mapping[str, Doc] | None = None,
             by_doc: Mapping[str, Sequence[Claim]] | None = None) -> list[Span | None]:
    """The sentences a fact may be summed up by: its headline first, then each other report's
    sentence of the fact (its dateline or fused title line cut). The headline may say more than the
    others state (Fox's "A group of nearly 90 professors and administrators connected to the
    Jesuit-founded school ... has sent Ryan ... a letter saying he's misused Catholic doctrine to
    support his deficit-reducing, GOP House budget." is a third stated by neither other report) where
    another report's sentence of the same fact is stated by more of them."""
    options: list[Span | None] = [head]
    if head is None or claims is None:
        return options
    seen = {(head.doc, head.start)}
    for c in (claims[k] for k in f.claims if k in claims):
        if c.doc == head.doc:
            continue
        whole = c.sentence or c.citation
        sentence = headline_span(replace(c, citation=whole))
        # the claim inside its sentence as written: a lede's claim starts at the dateline the
        # headline cuts ("WASHINGTON — With just three weeks left ...")
        if (sentence.doc, sentence.start) not in seen and whole.start <= c.start and c.end <= whole.end:
            seen.add((sentence.doc, sentence.start))
            options.append(sentence)
    if docs is not None and by_doc is not None:
        for option in list(options):
            joined = quoted_passage(option, docs, by_doc) if option is not None else None
            if joined is not None and not any(o is not None and (o.doc, o.start, o.end) == (joined.doc, joined.start, joined.end)
                                              for o in options):
                options.append(joined)
    return options


def _cited_for(f: Finding, head: Span | None, claims: Mapping[str, Claim] | None,
               gaps: Mapping[str, Sequence[tuple[int, int]]] | None, units: Mapping[str, str] | None,
               docs: Mapping[str, Doc] | None,
               by_doc: Mapping[str, Sequence[Claim]] | None = None) -> tuple[Span, ...] | None:
    """The citations of the fact ``f`` summed up by the sentence ``head`` (None: its headline as it
    is): the reports that state it; None when it is no sentence of the summary (see :func:`_summary`).
    ``by_doc``: the claims of ``claims`` by document, in their order, when the caller has them."""
    cited = _headline_cited(f, head)
    if head is not None and docs is not None and not _finite(head, docs):
        return None  # a title ("Regina Benjamin to be US Surgeon General."), a fragment: no sentence
    if head is not None and docs is not None and (_pronoun_subject(head, docs) or _points_back(head, docs)
                                                  or tells_what_came_next(head, docs) or unresolved_pronoun(head, docs)):
        return None  # '"I have not done anything wrong," she said.': who? "... for that argument": which?
    if claims is None or head is None:
        return cited
    if _gapped(head, gaps):
        return None
    same = [claims[c] for c in f.claims if c in claims]
    # the sentence as a whole: its claims in other facts too ("Chick-fil-A Appreciation Day – as it is
    # being called" in this one, "was the idea of ... Mike Huckabee" in another): a report stating
    # the first clause only does not state the sentence
    in_doc = by_doc[head.doc] if by_doc is not None and head.doc in by_doc else [
        c for c in claims.values() if c.doc == head.doc]
    own = [c for c in in_doc if c.start < head.end and head.start < c.end]
    told = told_by_each(head, same, own, naming_terms(docs[head.doc], head, same) if docs is not None and head.doc in docs else None)
    if docs is not None and head.doc in docs:
        # and of each thing it says ("denied ... and said in a statement ..."): the least share
        parts, predicate = parts_and_predicate_told(docs[head.doc], head, same)
        told = {d: min(v, parts.get(d, v)) for d, v in told.items()}
        # and something of what it tells of its subject, not its subject alone (a title naming
        # the day for "... Appreciation Day ... was the idea of ... Mike Huckabee")
        told = {d: v if predicate.get(d, 1.0) >= 1 / 6 else 0.0 for d, v in told.items()}
    # and whom it names: a report naming others and none of them tells of someone else ("Hutchison's
    # plan does not include tax hikes." is not HuffPost's "... because of congressional Republicans'
    # adamant opposition to any sort of tax increase"); one naming nobody (the words of a statement
    # quoted, '"the lines of communication remain open," the statement ... said') may state it
    named = {e for c in own for e in _names(c)}
    if named:
        names_of: dict[str, set[str]] = {}
        for c in same:
            names_of.setdefault(c.doc, set()).update(_names(c))
        told = {d: v if not names_of.get(d) or names_of[d] & named else 0.0 for d, v in told.items()}
    figures = _figures_by_doc(same)
    wanted = {v for c in own for v in _values(c)}
    terms = {t for c in own for t in c.terms}

    def share(c: Span) -> float:
        # a report none of whose claims is in the fact (a quotation the fact is anchored on: the
        # Times' '“In God We Trust,”' for HuffPost's lede on Obama mocking Congress): its words
        return told[c.doc] if c.doc in told else _text_share(terms, c.text)

    cited = tuple(c for c in _stating(cited, head, [*same, *own]) if c.doc == head.doc
                  or (share(c) >= 1 / 3 and _gives(figures.get(c.doc, set()), wanted)))
    cited = _without_titles(cited)
    if docs is not None and head.doc in docs:
        # and what it says happened, in the same sense and polarity, not only its topic: NYT's "“I
        # don’t have memory of this photograph,” Mr. Weiner said" is not Fox's "said ... he's certain
        # he did not send a lewd photo"
        words = predicate_words(docs[head.doc], head)
        # (a piece of a sentence another cited piece of states goes with it: a quotation the report
        # split in three)
        stating = {(c.doc, _sentence_start(c, docs)) for c in cited if c.doc == head.doc or c.doc not in docs
                   or states_predicate(docs[c.doc], c, words)}
        cited = tuple(c for c in cited if (c.doc, _sentence_start(c, docs)) in stating)
    cited = quoting_reports(cited, head)
    if any((c.doc, c.start, c.end) == (head.doc, head.start, head.end) for c in cited):
        # the sentence is quoted from its report: that report's other sentences the alignment
        # put in the fact say other things ('"Sheriff Arpaio knows the struggle ...," said Gov.
        # Perry.' beside Fox's "I am honored to have Sheriff Arpaio's support ...")
        cited = tuple(c for c in cited if c.doc != head.doc or (c.start, c.end) == (head.start, head.end))
    if len({(units or {}).get(c.doc, c.doc) for c in cited}) < 2:
        return None
    return cited


def _sentence_start(span: Span, docs: Mapping[str, Doc]) -> int:
    """Where the parsed sentence holding the start of ``span`` starts (the span's start unparsed)."""
    doc = docs.get(span.doc)
    piece = doc.char_span(span.start, span.end, alignment_mode="expand") if doc is not None else None
    return piece[0].sent.start_char if piece is not None and len(piece) else span.start


def _names(claim: Claim) -> set[str]:
    """Whom a claim names: its entities, the speaker of its quotations (a quotation's third
    sentence names nobody, its speaker is Jonathan Cowan) and of its attribution."""
    out = set(claim.entities) | {q.speaker_entity for q in claim.quotes if q.speaker_entity}
    if claim.attribution is not None and claim.attribution.entity:
        out.add(claim.attribution.entity)
    return out


_PERSONAL = frozenset({"he", "she", "they", "it", "him", "her", "them", "this", "these", "those"})


def _pronoun_subject(head: Span, docs: Mapping[str, Doc]) -> bool:
    """Whether the sentence's main verb has a pronoun for its subject ('"I have not done anything
    wrong," she said.', "..., he added."): in the summary, with no sentence before it, the pronoun
    names nobody. A pronoun opening the sentence is caught by its text
    (:func:`newsprism.compare.fact_text.summary_sentence`); this one stands after a quotation."""
    doc = docs.get(head.doc)
    span = doc.char_span(head.start, head.end, alignment_mode="expand") if doc is not None else None
    if span is None:
        return False
    roots = [t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)]
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _PERSONAL for r in roots[:1] for c in r.children)


# "this month", "that day": a demonstrative before a word of time points at the calendar, not back
_TIME_NOUNS = frozenset({"morning", "afternoon", "evening", "night", "day", "week", "weekend", "month", "year",
                         "time", "season", "spring", "summer", "fall", "autumn", "winter", "decade", "century"})


def _points_back(head: Span, docs: Mapping[str, Doc]) -> bool:
    """Whether the sentence points back at something a sentence before it told, with a demonstrative
    outside quotation marks ("The letter ... took Mr. Ryan to task for that argument, saying ...",
    "These measures ..."), or an adverb setting it against or beside that ("though", "also"): in the
    summary nothing stands before it. A demonstrative before a word of time ("this month", "that
    day") points at the calendar."""
    doc = docs.get(head.doc)
    span = doc.char_span(head.start, head.end, alignment_mode="expand") if doc is not None else None
    if span is None:
        return False
    quoted = [m.span() for m in _QUOTED_STRETCH.finditer(span.text)]
    for t in span:
        demonstrative = t.dep_ == "det" and t.lower_ in ("this", "that", "these", "those") \
            and t.head.lemma_.lower() not in _TIME_NOUNS
        # "Hutchinson, though, did call for ...", "The president also called out ...": set against or
        # added to what a sentence before told
        linking = t.dep_ == "advmod" and t.lower_ in _LINKING and t.head.pos_ in ("VERB", "AUX")
        if demonstrative or linking:
            at = t.idx - span.start_char
            if not any(a <= at < b for a, b in quoted):
                return True
    return False


_LINKING = frozenset({"though", "however", "also", "nonetheless", "nevertheless", "instead"})


_QUOTED_STRETCH = re.compile(r"“[^”]*”|\"[^\"]*\"")


def _text_share(terms: set[str], text: str) -> float:
    """The share of the content ``terms`` (lemmas) that the words of ``text`` state, matched as
    :func:`newsprism.compare.fact_text.same_stem` matches them (1.0 with no terms)."""
    if not terms:
        return 1.0
    told = stem_test(re.findall(r"[a-z0-9][a-z0-9'’.-]*", text.lower()))
    return sum(1 for t in terms if told(t)) / len(terms)


def _finite(head: Span, docs: Mapping[str, Doc]) -> bool:
    """Whether the headline has a verb that can make a sentence: a tense, a modal or a participle
    (the tagger reads some past tenses as participles: "The pushback crested with Bill Kristol").
    A report's title ("Regina Benjamin to be US Surgeon General.") and a fragment the sentence
    splitter cut ("Surgeon General during an announcement in the White House Rose Garden Monday,
    July 13, 2009.") have none."""
    doc = docs.get(head.doc)
    span = doc.char_span(head.start, head.end, alignment_mode="expand") if doc is not None else None
    return span is None or any(t.tag_ in ("VBD", "VBZ", "VBP", "VBN", "MD") for t in span)


def _without_titles(cited: Sequence[Span]) -> tuple[Span, ...]:
    """The citations without a report's title line ("Woman Killed In Queens Hit - And - Run Accident ,
    Driver Charged", "GRANDMOTHER KILLED BY DRUNK DRIVER ...") where the same report has a sentence
    cited beside it: the title says the sentence in part, the sentence says it."""
    prose = {x.doc for x in cited if not _title_like(x.text)}
    return tuple(x for x in cited if x.doc not in prose or not _title_like(x.text))


@lru_cache(maxsize=8192)
def _title_like(text: str) -> bool:
    """A title line (:func:`_without_titles`): title case, or nearly all capitals. (Kept per text: a
    summary asks it of the same cited sentences for each fact and each wording it weighs.)"""
    letters = [ch for ch in text if ch.isalpha()]
    return title_case(text) or (len(letters) > 10 and sum(ch.isupper() for ch in letters) > 0.8 * len(letters))


def _values(claim: Claim) -> set:
    return {f.value for f in claim.figures}


def _gives(have: set, wanted: set) -> bool:
    """Whether a report giving the figures ``have`` states a sentence of the figures ``wanted``: a
    sentence of several figures is their breakdown, and a report giving most of them states it
    ("Out of 23 arrested pirates, 12 are reportedly from Somalia and 11 from Yemen" is not stated by
    "The Indian navy has captured 23 Somalian pirates"); one figure in passing ("endorsed three
    term Texas Governor Rick Perry") need not be given."""
    return len(wanted) < 2 or 2 * len(wanted & have) > len(wanted)


def _figures_by_doc(same: Sequence[Claim]) -> dict[str, set]:
    """Doc id -> the figures its claims of a fact give."""
    out: dict[str, set] = {}
    for c in same:
        out.setdefault(c.doc, set()).update(_values(c))
    return out


def _lead_counts(picked: Sequence[tuple[Finding, tuple[Span, ...]]], claims: Mapping[str, Claim],
                 lead: int = 2) -> list[tuple[int, int]]:
    """For each picked finding, how many reports it is cited to in their first sentence with a fact in it, and
    in one of their first ``lead`` (a report's address, title and date lines state none: the lede
    comes after them). The ledes decide first: the seed's Post and AP open with the shelling
    resuming, the Times with the deal AP and the Post tell next."""
    firsts: dict[str, list[int]] = {}
    for c in sorted(claims.values(), key=lambda c: (c.doc, c.start)):
        sentence = c.sentence or c.citation
        start = sentence.start
        seen = firsts.setdefault(c.doc, [])
        if len(seen) < lead and is_content(c) and start not in seen and not _title_line(sentence):
            seen.append(start)
    out: list[tuple[int, int]] = []
    for f, cited in picked:
        stated = [claims[k] for k in f.claims if k in claims]
        at = [firsts.get(c.doc, []).index((c.sentence or c.citation).start) for c in stated
              if (c.sentence or c.citation).start in firsts.get(c.doc, ())
              and any(x.doc == c.doc and x.start <= c.start and c.end <= x.end for x in cited)]
        docs = [c.doc for c in stated if (c.sentence or c.citation).start in firsts.get(c.doc, ())
                and any(x.doc == c.doc and x.start <= c.start and c.end <= x.end for x in cited)]
        out.append((len({d for d, i in zip(docs, at) if i == 0}), len(set(docs))))
    return out


def _title_line(sentence: Span) -> bool:
    """A report's title line, which the reader's text opens with ("Georgetown Faculty Latest to Chide
    Ryan", "Paul Ryan Challenged On Budget By Georgetown Faculty"): no end mark, or written as a title."""
    text = sentence.text.strip()
    return title_case(text) or (sentence.start == 0 and not text.endswith((".", "!", "?", "”", '"', "’")))


def _gapped(span: Span, gaps: Mapping[str, Sequence[tuple[int, int]]] | None) -> bool:
    return any(span.start < end and start < span.end for start, end in (gaps or {}).get(span.doc, ()))


def _stating(cites: Sequence[Span], head: Span, same: Sequence[Claim], keep: float = 0.5) -> tuple[Span, ...]:
    """Of a summary sentence's citations, in each report those that state it: the ones whose
    claims carry at least ``keep`` of the best share of the headline's content terms in that report
    (a fact the alignment grew from several sentences of one report cites them all; "The driver was
    charged with DWI, ..." is stated by "Subryan was charged with ...", not by "a woman was killed
    by a hit-and-run driver" beside it). Every report keeps its best, and the pieces of a sentence
    with a piece that states it; a citation whose claims are not known is kept."""
    def inside(span: Span) -> list[Claim]:
        # (most of the claim: a quotation's citation leaves out the quotation mark its claim holds)
        return [c for c in same if c.doc == span.doc
                and 2 * (min(c.end, span.end) - max(c.start, span.start)) > c.end - c.start]

    # the headline may be a claim with its title line cut off: the claims it overlaps
    words = {t for c in same if c.doc == head.doc and c.start < head.end and head.start < c.end for t in c.terms}
    if not words:
        return tuple(cites)
    share: dict[Span, float | None] = {}
    for span in cites:
        held = {t for c in inside(span) for t in c.terms}
        share[span] = len(held & words) / len(words) if held else None
    best: dict[str, float] = {}
    for span, value in share.items():
        if value is not None:
            best[span.doc] = max(best.get(span.doc, 0.0), value)
    def kept(span: Span) -> bool:
        value = share[span]
        return value is None or value >= keep * best[span.doc]

    # a piece of a sentence goes with the piece of it that states the headline (a quotation a report
    # split in three: "I remember how humiliating that was" / "and how angry I was and" / ...)
    def sentence(span: Span) -> tuple[str, int] | None:
        held = inside(span)
        return (span.doc, (held[0].sentence or held[0].citation).start) if held else None

    stating = {sentence(x) for x in cites if kept(x)} - {None}
    return tuple(x for x in cites if kept(x) or sentence(x) in stating)


def _headline_cited(f: Finding, head: Span | None) -> tuple[Span, ...]:
    """``f``'s citations, with the clauses inside its headline sentence replaced by that
    sentence when the headline is not one of them."""
    if head is None or any((c.doc, c.start, c.end) == (head.doc, head.start, head.end) for c in f.citations):
        return f.citations
    # (a clause starting before the sentence and ending in it is its first clause with the dateline
    # or title line the sentence was cut from: "WASHINGTON — With just three weeks left ...,")
    inside = [c for c in f.citations if c.doc == head.doc and c.end <= head.end
              and (head.start <= c.start or head.start < c.end)]
    if not inside:
        return f.citations
    return (head, *(c for c in f.citations if c not in inside))

# ---------------------------------------------------------------- entry points


def _compared(apart: Sequence[FigureComparison], parted: Sequence[FigureComparison]) -> tuple[FigureComparison, ...]:
    """The figures compared: those that count different things, then those parted from one
    fact (a pair already listed is not listed twice), numbered N1, N2, ..."""
    listed = {frozenset((c.doc, c.start) for it in x.figures for c in it.citations[:1]) for x in apart}
    more = [x for x in parted if frozenset((c.doc, c.start) for it in x.figures for c in it.citations[:1]) not in listed]
    if not more:
        return tuple(apart)
    return tuple(replace(x, id=f"N{i}") for i, x in enumerate([*apart, *more], 1))


def _omissions(documents: Sequence[DocumentInfo], corroborated: Sequence[Finding]) -> tuple[Omission, ...]:
    """For each document, the corroborated facts it carries, those it tells only in part (a claim
    of it supports the fact "partly": "The St. Louis Tea Party Coalition issued its own
    resolution against the N.A.A.C.P." against "A group called the St. Louis Tea Party issued its
    own resolution Tuesday calling on the NAACP to withdraw the proposal") and those it leaves
    out, each in the corroborated order (most independent sources first, then importance). Who
    someone is, told in passing (a side fact: "John Rother, AARP's policy chief"), is left out of
    these lists: a report that does not describe someone so leaves out no fact of the story."""
    if len(documents) < 2:
        return ()
    corroborated = [f for f in corroborated if not is_side_fact(f)]
    out = []
    for d in documents:
        partly = tuple(f.id for f in corroborated if d.id not in f.docs
                       and any(s.strength == "partly" and s.citation.doc == d.id for s in f.support))
        omits = tuple(f.id for f in corroborated if d.id not in f.docs and f.id not in partly)
        about = {f.id: f.about for f in corroborated}
        out.append(Omission(
            d.id,
            d.outlet,
            tuple(f.id for f in corroborated if d.id in f.docs),
            omits,
            partly,
            tuple(FactHeadline(i, about[i]) for i in (*omits, *partly)),
        ))
    return tuple(out)


def _numbered(prefix: str, items: Sequence[Finding]) -> tuple[Finding, ...]:
    return tuple(replace(f, id=f"{prefix}{i}") for i, f in enumerate(items, 1))


def find_from_claims(
    analysis: StoryAnalysis,
    claims: Sequence[Claim],
    embedder,
    params: AlignParams = AlignParams(),
    docs: Mapping[str, Doc] | None = None,
) -> Findings:
    graph = align_story(claims, embedder, params)  # candidate pairs for a very large story
    families = {d.id: d.copy_family for d in analysis.documents if d.copy_family is not None}
    # the claims' propositions, read by the facts and by the framing: made once (graph.claims
    # are these claims)
    reads = StoryReads.of(analysis)  # (the clause facts read the same documents again)
    props = propositions(graph.claims, analysis, docs, reads) if docs else None
    facts = tuple(replace(f, id=f"F{i}") for i, f in
                  enumerate(build_facts(graph, analysis, docs=docs, embedder=embedder, props_of=props, reads=reads), 1))
    # each document's figures, the story's word weights and each document's text (nlp.DocTexts),
    # read by the conflicts, the figures parted and the figures compared: made once
    figures = story_figures(claims, docs or {})
    texts = DocTexts(docs or {}, {d.id: d.text for d in analysis.documents})
    conflicts = _numbered("X", find_conflicts(analysis, claims, docs or {}, facts, graph.scores, figures, texts))
    # a fact joining two values of one quantity (no conflict reports) is split, its figures compared
    outlets = {d.id: d.outlet for d in analysis.documents}
    units = {d.id: d.copy_family or outlet_key(d.outlet) or d.id for d in analysis.documents}
    parted_facts, parted = part_facts(facts, claims, docs or {}, figures[1], conflicts, outlets, units, texts)
    if parted:
        facts = tuple(replace(f, id=f"F{i}") for i, f in enumerate(parted_facts, 1))
    # a fact carried only by copies of one report has one source: it is single-source
    # (with every copy cited), never corroboration
    # most independent sources first, then what an editor reads first; who someone is, told in
    # passing (side facts), after what the sentences are about
    told = sorted((f for f in facts if f.sources >= 2),
                  key=lambda f: (is_side_fact(f), -f.sources, -len(f.docs), -f.importance))
    corroborated = _numbered("C", [_as_finding(f, "corroborated") for f in told])
    # (a headline that does not read as a sentence — a clause going on from another, no verb of a
    # sentence — goes after every one that does, copies' facts included: 34ecbplus's first two were
    # "And if there's anyone who understands the urgency ..." and "Farmer, Vicar General of the
    # Archdiocese of Mobile and rector at the Cathedral ... in Mobile.")
    heads = {fact.id: fact.headline for fact in facts}

    def whole(f: Finding) -> bool:
        head = heads.get(f.fact or "")
        return reads_whole(f.about) and (head is None or docs is None or _finite(head, docs))

    # copies' facts and one-outlet facts by one weight (compare.salience: both weighed as one
    # report's sentence), the whole sentences first
    weight = {fact.id: fact.importance for fact in facts}
    single = _numbered(
        "S",
        sorted([_as_finding(f, "single-source") for f in facts if len(f.docs) >= 2 and f.sources < 2]
               + [_as_finding(f, "single-source") for f in facts if len(f.docs) < 2],
               key=lambda f: (not whole(f), -weight.get(f.fact or "", 0.0))),
    )
    # who a headline's opening pronoun names ("He estimated ..."): shown beside it, cited
    named = referents({f.id: f.headline for f in facts}, analysis.entities,
                      {d.id: d.text for d in analysis.documents}, docs)
    corroborated = tuple(replace(x, referent=named.get(x.fact or "")) for x in corroborated)
    single = tuple(replace(x, referent=named.get(x.fact or "")) for x in single)
    omissions = _omissions(analysis.documents, corroborated)
    # a one-outlet clause of a sentence printed above: kept, marked, after the others (repeated_clauses)
    return mark_repeats(Findings(
        corroborated=corroborated,
        conflicts=conflicts,
        single_source=single,
        omissions=omissions,
        shared_quotes=_numbered("Q", _shared_quotes(analysis.quotes, families)),
        timeline=_numbered("T", _timeline(analysis, claims)),
        summary=tuple(_summary(corroborated, {fact.id: fact.headline for fact in facts},
                               claims={c.id: c for c in claims},
                               gaps={d.id: [(g.start, g.end) for g in d.damage] for d in analysis.documents},
                               units=units, docs=docs,
                               people=person_mentions(analysis.entities, {d.id: d.text for d in analysis.documents}))),
        disputes=_numbered("D", disputes(claims, docs)),
        shared_text=graph.shared,
        facts=facts,
        framing=tuple(find_framing(analysis, claims, facts, docs or {}, props)),
        figures_compared=_compared(figures_apart(claims, docs or {}, outlets, figures=figures, texts=texts, in_conflict=frozenset(
            (c.doc, c.start) for x in conflicts for c in x.citations)), parted),
    ))


def find(analysis: StoryAnalysis, docs: Mapping[str, Doc], embedder=None,
         named: "Mapping[str, Named] | None" = None) -> Findings:
    """The cross-outlet findings of one analysed story.

    ``docs`` maps document id -> the spaCy ``Doc`` the pipeline parsed (no
    second parse happens here); ``embedder`` defaults to the static model; ``named``: the
    people each document names, when the core stages made them (attribution.named.Named).
    """
    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    from newsprism.nlp import collector_paused, one_blas_thread

    with collector_paused(), one_blas_thread():
        return find_from_claims(analysis, extract_claims(analysis, docs, named=named), embedder, docs=docs)
