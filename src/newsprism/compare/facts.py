"""Facts: the propositions a story's documents state, each claim in at most one.

The alignment (:mod:`newsprism.compare.align`) proposes groups of claims from
different documents that look like the same fact. Here they become facts:

- **Partition.** Groups are taken strongest first; a claim already used by an
  earlier fact is not used again, so a sentence supports one fact only.
- **Match strength.** Each claim of a fact is ``"same fact"`` when its link to
  the fact's anchor (the claim the fact grew from) is strong *and* rests on core
  arguments — a rare shared entity or figure, a shared event, or much shared
  content — and the two are not said by different people, nor one negated where
  the other is not. Otherwise it is ``"partly"``: on the same topic, but it does
  not state the same proposition. Partly supports never count as corroboration.
- **Content.** A claim that is only a speaker tag (``" Perry said in a
  statement.``), a credit line or a two-word fragment states no fact.
- **Headline.** The most readable supporting sentence: complete (a capital
  first, a full stop last, a verb), no leading pronoun or conjunction, no
  dateline (it is cut off, the citation moves with it); it names whose wording
  it is. Two facts never share a headline or a citation set.

Nothing here reads a model: it works on the claims, the alignment scores and
the parse the pipeline already made.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

import numpy as np

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from newsprism.compare.align import ClaimGraph, PairScores, is_credit_line, quote_share
from newsprism.compare.cores import core as _core, fit as _fit, other_days as _other_days, publication_day
from newsprism.extract.claims import Claim
from newsprism.compare.match import LIGHT, PredicateSimilarity, _named, contradicts, predicates_agree, shared_anchors
from newsprism.extract.propositions import Proposition, propositions
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Fact, Span, StoryAnalysis, Strength, Support

__all__ = ["FactParams", "build_facts", "headline_span", "is_content", "readability"]


@dataclass(frozen=True)
class FactParams:
    same_score: float = 0.7  # a "same fact" link scores at least this ...
    same_evidence: float = 0.15  # ... and has this much rare entity/figure/event mass, or
    same_terms: float = 0.45  # ... this much shared content (mean of the two lexical cosines)
    # and always some shared content: two sentences naming the same rare people
    # or places with no words in common tell different things about them
    min_terms: float = 0.0
    quote_needs_speaker: bool = True
    outlet_citations: bool = False  # a claim naming another outlet of the story as its source is not independent
    copied_is_same: bool = True
    member_floor: float = 0.6  # a claim joining a fact scores at least this with each of its claims
    # propositions (newsprism.extract.propositions): two claims state the same fact
    # only when their propositions do not contradict (polarity, modality, agent) and,
    # when their words agree little, their predicates are compatible
    propositions: bool = True
    predicate_similar: float = 0.6  # cosine of two predicate lemmas that tell one action
    proposition_links: bool = False  # claims no alignment linked whose propositions agree: a fact
    proposition_min_score: float = 0.3  # ... when their alignment score is at least this
    unlinked_pairs: bool = False  # pairs scored high the alignment did not link, when they hold as one fact
    apart_entities: float = 0.25  # different actions sharing a rare name this much are left to the other rules
    verbatim: float = 0.8  # both lexical cosines this high: the same words (no speaker rule applies)
    quotes_must_share: bool = True  # two claims quoting words none of which the other quotes state two remarks
    other_days: bool = True  # two claims each dated to days, none in common, tell two events
    # a fact's "same fact" claims: each states it with one of another report, and with every one
    # of a report published days apart (a chain of links across days is not one fact)
    core_clique: bool = True
    one_per_doc: bool = False  # a fact's core cites one claim per document
    # reports published days apart (not the next day's follow-up; dates known) state one fact
    # only with some shared wording:
    apart_days: int = 3
    floors_apart_only: bool = True  # (False: whatever the days)
    unagreed_terms: float = 0.2  # predicates not known to agree: this much shared wording at least
    loose_terms: float = 0.15  # the same action, no argument anchored alike: this much at least
    hedge_apart: bool = True  # a guess ("may be in an awkward position") and a plain statement of another action: partly


_PRONOUN_START = re.compile(
    r"^(?:he|she|they|it|this|that|these|those|his|her|their|its|him|them|but|and|or|so|because|though|although|while|which|who)\b",
    re.IGNORECASE,
)
_DATELINE = re.compile(r"^[A-Z][A-Z .,'’-]{2,60}(?:\([^)]{1,30}\))?\s*(?:—|--|–|-)\s+")
# "Politico reports:", "Perry said in a statement.": a speaker and a verb, then at most a few words
_SPEAKER_TAG = re.compile(
    r"^(?:(?:[A-Z][\w.'’-]*|the|a|an|of|and)\s+){1,6}(?:said|says|told|added|wrote|reports|reported|continued|explained|noted)\b"
    r"(?:\s+[\w.'’-]+){0,5}\s*[.!?:]?\s*$"
)
# the tail of a quotation the sentence splitter cut off: a closing quote mark, then the rest
_QUOTE_TAIL = re.compile(r"^[\"”’]\s")
_NEGATION = re.compile(r"\b(?:not|no|never|n't|nor|none|neither|without|denied|denies|deny)\b", re.IGNORECASE)
_TERMINAL = ("." , "!", "?", ".”", ".\"", "?”", "!”", "?\"", "!\"", ".’", ".'")


def is_content(claim: Claim) -> bool:
    """False for what states no fact: a bare speaker tag, a credit line, a
    fragment of under four content words, text starting with a dangling close-quote."""
    text = claim.text.strip()
    if is_credit_line(claim) or len(claim.terms) < 3:
        return False
    if _SPEAKER_TAG.match(text) or _QUOTE_TAIL.match(text):
        return False
    if text.startswith("(") and text.endswith(")"):  # a photo credit or caption line
        return False
    return True


def _quoted_sentence(claim: Claim, min_words: int = 5) -> bool:
    """A short sentence that is chiefly someone's quoted words ("“Freedom means freedom for
    everyone.”", "And I say wait for what?"): too few content words to state a fact in a
    reporter's voice, but the same words quoted by two reports are a statement both carry."""
    text = claim.text.strip()
    if is_credit_line(claim) or _SPEAKER_TAG.match(text) or _QUOTE_TAIL.match(text):
        return False
    return quote_share(claim) >= 0.5 and len(_quoted_words(claim)) >= min_words


def headline_span(claim: Claim) -> Span:
    """The claim's citation without a leading dateline ("WASHINGTON — ")."""
    m = _DATELINE.match(claim.text)
    if m and m.end() < len(claim.text) - 10:
        start = claim.start + m.end()
        return Span(claim.doc, start, claim.end, claim.text[m.end():])
    return claim.citation


def readability(text: str) -> float:
    """How well ``text`` reads as a headline on its own: 0 (fragment) .. 4."""
    t = text.strip()
    score = 0.0
    if t[:1].isupper() or (t[:1] in "“\"" and t[1:2].isupper()):
        score += 1
    if t.endswith(_TERMINAL):
        score += 1
    m = _PRONOUN_START.match(t.lstrip("“\"'"))
    if not m:
        score += 1
    elif _PRONOUN_START.match(t.lstrip("“\"'")[m.end():].lstrip(" ,")):
        score -= 0.5  # "But they were turned away": a pronoun that refers to nothing here
    words = len(t.split())
    if 6 <= words <= 45:
        score += 1
    if quote_like(t):
        score -= 0.5
    return score


def quote_like(text: str) -> bool:
    return text.lstrip()[:1] in "“\"" and text.rstrip()[-1:] in "”\""


def _quoted_remark(claim: Claim) -> bool:
    """A claim that is chiefly someone's quoted words (a third of it or more)
    and gives no figure in the reporter's own voice."""
    if quote_share(claim) <= 0.3:
        return False
    own_figure = any(not any(q.start <= f.start < q.end for q in claim.quotes) for f in claim.figures)
    return not own_figure


def _negated(claim: Claim) -> bool:
    return bool(_NEGATION.search(claim.text))


@dataclass
class _Props:
    """The propositions of one story's claims and how to compare their predicates."""

    of: Mapping[str, Proposition]
    similarity: PredicateSimilarity
    threshold: float

    def verdict(self, a: Claim, b: Claim) -> str | None:
        """"contradicts", "agrees" (predicate and a same-role anchor), "apart"
        (incompatible predicates and no shared anchor) or None (no evidence either way)."""
        p, q = self.of.get(a.id), self.of.get(b.id)
        if p is None or q is None:
            return None
        pred = predicates_agree(p, q, self.similarity, self.threshold)
        if contradicts(p, q, pred):
            return "contradicts"
        anchors = shared_anchors(p, q)
        # who did it, named by two different nouns ("the cover shows" / "the pictures show"): not known to agree
        # ("he" read as the person last named is that person: "He grabs" / "Etheridge grabs")
        other_agent = bool(p.agents and q.agents and not p.agents & q.agents and not _named(p.agents) & _named(q.agents))
        if pred and anchors and not other_agent:
            return "agrees"
        if pred and p.predicate not in LIGHT and p.kind != "say" and not other_agent:
            return "predicate"  # the same action; its arguments not anchored alike (pronouns, other nouns)
        # nothing in common in any role, not even a kind of participant ("~troops")
        # nor who says it ("Trump announced that he ...")
        # nothing anchored in common: no resolved name (in whatever role the parse
        # gave it) nor figure — a generic noun ("the idea of armed officers" / "the
        # idea of armed volunteers") is no common argument
        common = (p.figures & q.figures) | (set(a.entities) & set(b.entities))
        if not pred and not common and p.predicate not in LIGHT and q.predicate not in LIGHT:
            return "apart"
        return None


def _strength(i: int, j: int, claims: Sequence[Claim], pairs: PairScores, copied: set, params: FactParams,
              agents: Mapping[str, frozenset[str]] | None = None, props: _Props | None = None,
              apart: bool = True) -> Strength:
    """``apart``: the two reports were published days apart (``FactParams.apart_days``)."""
    ci, cj = claims[i], claims[j]
    if params.copied_is_same and frozenset((ci.id, cj.id)) in copied:
        return "same fact"
    verdict = props.verdict(ci, cj) if props is not None else None
    if params.other_days and props is not None and _other_days(props.of.get(ci.id), props.of.get(cj.id)):
        return "partly"  # "admitted Tuesday" / "acknowledged Sunday": two occasions, not one statement
    if verdict == "contradicts":
        return "partly"  # a dropped negation or another agent: not the same proposition
    if params.hedge_apart and props is not None and verdict not in ("agrees", "predicate"):
        p, q = props.of.get(ci.id), props.of.get(cj.id)
        guess = next((x for x in (p, q) if x is not None and x.hedged), None)
        if p is not None and q is not None and p.hedged != q.hedged and guess is not None and (
                guess.predicate.split(" ")[0] in LIGHT):
            return "partly"
    if verdict == "apart" and float(pairs.terms[i, j]) < params.same_terms and float(pairs.entities[i, j]) < params.apart_entities:
        return "partly"  # different actions on no common argument, few common words, no rare name in common
    score = float(pairs.score[i, j])
    evidence = float(pairs.entities[i, j]) + float(pairs.events[i, j])
    lexical = float(pairs.terms[i, j])
    if pairs.words is not None:
        lexical = (lexical + float(pairs.words[i, j])) / 2
    if verdict in ("agrees", "predicate"):
        evidence += params.same_evidence  # the same action (and argument): evidence beyond the words
    # reports of other days often tell other occasions about the same people: there a
    # shared rare name is no proof, some shared wording or an agreeing action must back it
    if props is not None and (apart or not params.floors_apart_only):
        if verdict not in ("agrees", "predicate") and lexical < params.unagreed_terms:
            return "partly"
        if verdict != "agrees" and lexical < params.loose_terms:
            return "partly"
    if score < params.same_score or (evidence < params.same_evidence and lexical < params.same_terms):
        return "partly"
    if lexical < params.min_terms:
        return "partly"
    if agents is not None:
        # who did it: the resolved subject of each claim's main verb is among the
        # other claim's entities ("Kerry spoke with Cavusoglu" does not state
        # that Cavusoglu and Lavrov spoke)
        gi, gj = agents.get(ci.id, frozenset()), agents.get(cj.id, frozenset())
        if (gi and not gi & set(cj.entities)) or (gj and not gj & set(ci.entities)):
            return "partly"
    ai = ci.attribution.entity if ci.attribution else None
    aj = cj.attribution.entity if cj.attribution else None
    if ai and aj and ai != aj:  # one person's remark is not another's
        return "partly"
    same_words = float(pairs.terms[i, j]) >= params.verbatim and (pairs.words is None or float(pairs.words[i, j]) >= params.verbatim)
    if params.quote_needs_speaker and ai != aj and not same_words:
        # a claim that is mostly someone's quoted words states what that person
        # said: the other claim must give it to the same person (the same words
        # quoted twice are matched apart, by quote_groups)
        if (ai and quote_share(ci) > 0.5) or (aj and quote_share(cj) > 0.5):
            return "partly"
    if same_words:
        return "same fact"  # the very same words: one statement, even where one report lost its speaker
    if params.quotes_must_share and _other_quoted_words(ci, cj):
        return "partly"  # "he was “very encouraged”" / "he was “not ready”": two remarks, not one
    if params.quote_needs_speaker and _quoted_remark(ci) and _quoted_remark(cj):
        # two remarks in other words: the same words quoted twice are matched apart
        # (quote_groups); one person saying two things is two facts
        return "partly"
    if params.quote_needs_speaker:
        si, sj = _speakers(ci), _speakers(cj)
        if (si and _quoted_remark(ci) and not si & sj) or (sj and _quoted_remark(cj) and not sj & si):
            return "partly"
    return "same fact"


def _merged(groups: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Groups that share two or more claims are one fact told with more
    sentences (the alignment grows one group per seed link): merged, in the
    order of their first group."""
    out: list[list[str]] = []
    holding: dict[str, list[int]] = {}  # claim -> the merged groups that hold it (each claim once per group)
    for group in groups:
        shared = Counter(k for c in set(group) for k in holding.get(c, ()))
        hit = min((k for k, v in shared.items() if v >= 2), default=None)  # the first group sharing two
        if hit is None:
            hit = len(out)
            out.append([])
        for c in group:
            if c not in out[hit]:
                out[hit].append(c)
                holding.setdefault(c, []).append(hit)
    return [tuple(g) for g in out]


def outlet_names(outlet: str | None) -> tuple[str, ...]:
    """The ways a text names ``outlet``: its canonical name and known spellings
    ("The New York Times", "New York Times", "NYT"), or the name itself."""
    from newsprism.extract.metadata import _OUTLET_NAMES, normalise_outlet

    if not outlet or len(outlet.strip()) < 3:
        return ()
    low = outlet.strip().lower()
    canonical = normalise_outlet(outlet)
    if canonical == outlet.strip() and low not in _OUTLET_NAMES:
        # an outlet code ("fox"): the known outlet whose name begins with it
        canonical = next((v for k, v in _OUTLET_NAMES.items() if k.split()[0] == low and len(low) >= 3), canonical)
    names = {canonical} | {k for k, v in _OUTLET_NAMES.items() if v == canonical and len(k) >= 3}
    # a paper's newsroom shorthand ("The Times reports ...") when the story holds that paper
    short = _SHORTHAND.get(canonical)
    if short:
        names.add(short)
    return tuple(sorted(names, key=len, reverse=True))


_SHORTHAND = {"The New York Times": "The Times", "The Washington Post": "The Post", "The Wall Street Journal": "The Journal"}


def cited_outlets(claims: Sequence[Claim], documents: Sequence) -> dict[str, set[str]]:
    """claim id -> the other documents of the story whose outlet the claim names
    ("multiple sources tell Fox News ...", "according to The New York Times"):
    what it reports rests on that outlet's report, so it is not independent of it."""
    by_outlet: dict[str, list[str]] = {}
    for d in documents:
        if d.outlet:
            by_outlet.setdefault(d.outlet, []).append(d.id)
    if len(by_outlet) < 2:
        return {}
    pattern = {
        o: re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b", re.IGNORECASE)
        for o in by_outlet for names in [outlet_names(o)] if names
    }
    outlet_of = {d.id: d.outlet for d in documents}
    out: dict[str, set[str]] = {}
    for c in claims:
        for o, rx in pattern.items():
            if o != outlet_of.get(c.doc) and rx.search(c.text):
                out.setdefault(c.id, set()).update(by_outlet[o])
    return out


def _independent(docs: Sequence[str], members: Sequence[Claim], copied: set, families: Mapping[str, str],
                 cites: Mapping[str, set[str]] | None = None) -> int:
    parent = {d: d for d in docs}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for x, a in enumerate(members):
        for b in members[x + 1:]:
            if a.doc == b.doc or a.doc not in parent or b.doc not in parent:
                continue
            fam = families.get(a.doc)
            if frozenset((a.id, b.id)) in copied or (fam is not None and fam == families.get(b.doc)):
                parent[find(a.doc)] = find(b.doc)
    # a claim that names another outlet of the story as its source tells that outlet's
    # report: one source with it, and with every other claim relaying that outlet
    # (two reports of "the Times reports ..." are the Times once, whether or not the
    # Times's own report is among the fact's documents)
    for a in members:
        for d in (cites or {}).get(a.id, ()):
            if a.doc in parent and d != a.doc:
                parent.setdefault(d, d)
                parent[find(a.doc)] = find(d)
    return len({find(d) for d in docs})


def importance(claim: Claim, rank_in_doc: int) -> float:
    """Lead position, named sources, figures, quotes: what an editor reads first."""
    score = 2.0 / (1 + rank_in_doc / 3)
    if claim.attribution is not None and claim.attribution.entity:
        score += 0.7
    score += 0.5 * min(len(claim.figures), 2)
    score += 0.4 * min(len(claim.entities), 3)
    if claim.quotes:
        score += 0.5
    return round(score, 3)


def _single_source_weight(claim: Claim, head: Span, title: str | None) -> float:
    """How far down a one-outlet fact goes among the others of its importance: the
    report's own headline restates its lede (the lede is the fact an editor wants), and a
    clause that does not read as a sentence ("Although X admitted that ...", "but he
    said ...") goes after the complete sentences."""
    if title and claim.start == 0 and _norm_title(claim.text) == _norm_title(title):
        return 0.3
    if readability(head.text) < 3:
        return 0.5
    return 1.0


def _norm_title(text: str) -> str:
    return " ".join(text.strip().rstrip(".!?").lower().split())


_SUBJ = ("nsubj", "nsubjpass")


def claim_agents(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc]) -> dict[str, frozenset[str]]:
    """claim id -> resolved entity ids of the subject of its main verb (through a
    reporting verb to the clause reported: "X said Y did Z" -> Y), from the parse."""
    by_doc: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            by_doc.setdefault(m.doc, []).append((m.start, m.end, e.id))
    out: dict[str, frozenset[str]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is None or not len(span):
            continue
        root = span.root
        if root.lemma_.lower() in REPORTING_VERBS:
            # who says it is not who did it: the subject of what is reported, or nobody
            reported = [t for t in root.children if t.dep_ in ("ccomp", "parataxis")]
            if not reported:
                continue
            root = reported[0]
        subjects = [t for t in root.children if t.dep_ in _SUBJ]
        subjects += [g for t in subjects for g in t.children if g.dep_ == "conj"]
        ids: set[str] = set()
        for t in subjects:
            lo, hi = t.left_edge.idx, t.right_edge.idx + len(t.right_edge)
            ids.update(e for s, e_end, e in by_doc.get(c.doc, ()) if s >= lo and e_end <= hi and s <= t.idx < e_end)
        if ids:
            out[c.id] = frozenset(ids)
    return out


# ---------------------------------------------------------------- shared quotes

_QWORD = re.compile(r"[a-z0-9]+")


def _quoted_words(claim: Claim) -> list[str]:
    """The words of ``claim`` inside its direct quotes, in order (typography and
    case dropped: "I’m" and "I'm" are the same words)."""
    out: list[str] = []
    spans = sorted((max(q.start, claim.start) - claim.start, min(q.end, claim.end) - claim.start) for q in claim.quotes)
    for a, b in spans:
        if b > a:
            out.extend(_QWORD.findall(claim.text[a:b].lower()))
    return out


def _other_quoted_words(a: Claim, b: Claim) -> bool:
    """Both claims quote somebody, and no content word quoted in one is quoted in the other."""
    wa = {w for w in _quoted_words(a) if w not in STOP_WORDS}
    wb = {w for w in _quoted_words(b) if w not in STOP_WORDS}
    return bool(wa and wb) and not wa & wb


def _whole(claim: Claim) -> Span:
    return claim.citation


def quoted_span(claim: Claim) -> Span:
    """The stretch of ``claim`` its direct quotes cover (from the first quoted
    character to the last); the whole claim when it quotes nothing."""
    inside = [(max(q.start, claim.start), min(q.end, claim.end)) for q in claim.quotes if q.start < claim.end and claim.start < q.end]
    if not inside:
        return claim.citation
    a, b = min(x for x, _ in inside), max(y for _, y in inside)
    return Span(claim.doc, a, b, claim.text[a - claim.start : b - claim.start])


def _speakers(claim: Claim) -> set[str]:
    ids = {q.speaker_entity for q in claim.quotes if q.speaker_entity}
    if claim.attribution is not None and claim.attribution.entity:
        ids.add(claim.attribution.entity)
    return ids


def _quote_match(a: Sequence[str], b: Sequence[str], min_words: int = 5) -> int:
    """Words two quotations share in runs of three or more, when that makes them
    the same words: most of the shorter one, and a long run or most of the
    longer one too (a four-word phrase inside someone else's long quote is not it)."""
    from difflib import SequenceMatcher

    blocks = SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    shared = sum(blk.size for blk in blocks if blk.size >= 3)
    short, long_ = sorted((len(a), len(b)))
    if shared == short == long_ and shared >= 4:
        return shared  # the very same words (a short sentence of a quote the splitter cut)
    if shared < min_words or shared < 0.6 * short:
        return 0
    if shared < 8 and shared < 0.5 * long_:
        return 0
    return shared


def quote_groups(claims: Sequence[Claim], min_words: int = 5, common: int = 50, min_share: float = 0.0) -> list[list[int]]:
    """Claims of different documents that quote the same words: the same
    statement carried by several reports is a fact of its own ("X said Y").

    Candidates share a quoted run of four words (an inverted index, so the cost
    follows the number of such pairs, not all pairs); a claim joins a group when
    it quotes the same words as every claim already in it, one claim per
    document, strongest matches first. Claims whose quotes are given to two
    different resolved speakers match only on a long run (8+ words) of the same words."""
    # a claim that is chiefly the quotation: a sentence that quotes a few words
    # inside its own reporting states more than the quote (that part is the alignment's)
    words = [_quoted_words(c) if c.quotes and quote_share(c) >= min_share else [] for c in claims]
    index: dict[tuple[str, ...], list[int]] = {}
    for k, w in enumerate(words):
        if len(w) < 4:
            continue
        for g in {tuple(w[i : i + 4]) for i in range(max(len(w) - 3, 1))}:
            index.setdefault(g, []).append(k)
    pairs: set[tuple[int, int]] = set()
    for rows in index.values():
        if len(rows) > common:  # a stock phrase many quotes use
            continue
        for x in rows:
            for y in rows:
                if x < y and claims[x].doc != claims[y].doc:
                    pairs.add((x, y))
    matched: dict[tuple[int, int], int] = {}
    for x, y in pairs:
        m = _quote_match(words[x], words[y], min_words)
        sx, sy = _speakers(claims[x]), _speakers(claims[y])
        # a short phrase given to two different speakers is two remarks; a long
        # run of the same words is one statement (the speakers' names failed to resolve)
        if m and m < 8 and sx and sy and not sx & sy:
            continue
        if m:
            matched[(x, y)] = m
    groups = _greedy_groups(matched, claims)
    # one quoted sentence the clause splitter cut in two ("I'm endorsing Rick
    # Perry" / "because we need a tough-on-crime president ..."): one fact
    def sentence_key(members: list[int]) -> frozenset:
        return frozenset((claims[k].doc, claims[k].sentence or claims[k].citation) for k in members)

    merged: dict[frozenset, list[int]] = {}
    for members in groups:
        merged.setdefault(sentence_key(members), []).extend(members)
    return [sorted(members, key=lambda k: (claims[k].doc, claims[k].start)) for members in merged.values()]



def _greedy_groups(pairs: Mapping[tuple[int, int], float], claims: Sequence[Claim]) -> list[list[int]]:
    """Groups of claims from scored pairs (x < y), strongest pair first: a claim joins a
    group only when it is paired with every member and no member shares its document."""
    group_of: dict[int, int] = {}
    groups: list[list[int]] = []

    def fits(k: int, g: list[int]) -> bool:
        return all(claims[j].doc != claims[k].doc and (min(j, k), max(j, k)) in pairs for j in g)

    for (x, y), _score in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0])):
        gx, gy = group_of.get(x), group_of.get(y)
        if gx is None and gy is None:
            group_of[x] = group_of[y] = len(groups)
            groups.append([x, y])
        elif gx is not None and gy is None and fits(y, groups[gx]):
            group_of[y] = gx
            groups[gx].append(y)
        elif gy is not None and gx is None and fits(x, groups[gy]):
            group_of[x] = gy
            groups[gy].append(x)
    return groups

def _speakers_clash(ci: Claim, cj: Claim) -> bool:
    """Given to different people: one person's remark is not another's."""
    ai = ci.attribution.entity if ci.attribution else None
    aj = cj.attribution.entity if cj.attribution else None
    if ai and aj and ai != aj:
        return True
    si, sj = _speakers(ci), _speakers(cj)
    return bool((si and _quoted_remark(ci) and not si & sj) or (sj and _quoted_remark(cj) and not sj & si))


def _named_anchors(p: Proposition) -> frozenset[str]:
    """A proposition's anchors with "he"/"she" read as the person last named (``?E2`` as ``@E2``)."""
    return frozenset("@" + a[1:] for a in p.agents | p.patients if a[:1] in "@?") | p.figures


def _proposition_groups(claims: Sequence[Claim], pairs: PairScores, used: set[str], props: _Props,
                        params: FactParams, agents: Mapping[str, frozenset[str]] | None = None,
                        common: int = 40) -> list[list[int]]:
    """Claims of different documents, not yet in a fact, whose propositions agree
    (compatible predicates, a resolved entity or figure in the same role, nothing
    contradicting) and whose alignment score is not low: one fact per group, one
    claim per document, each agreeing with every other, strongest pairs first."""
    of = props.of
    free = [
        k for k, c in enumerate(claims)
        if c.id not in used and is_content(c) and c.id in of and _named_anchors(of[c.id]) and of[c.id].predicate
        and of[c.id].kind != "say"
    ]
    index: dict[str, list[int]] = {}
    for k in free:
        for a in _named_anchors(of[claims[k].id]):
            index.setdefault(a, []).append(k)
    candidates: dict[tuple[int, int], float] = {}
    # pairs the alignment scored high but did not link (neither was among the
    # other's best few): the same fact when the pair holds as one (see _strength)
    if params.unlinked_pairs:
        rest = np.array([k for k, c in enumerate(claims) if c.id not in used and is_content(c)], dtype=np.int64)
        if len(rest) > 1:
            sub = pairs.score[np.ix_(rest, rest)]
            for a, b in np.argwhere(np.triu(sub >= params.same_score, k=1)):
                x, y = int(rest[a]), int(rest[b])
                if (claims[x].doc != claims[y].doc and props.verdict(claims[x], claims[y]) in ("agrees", "predicate")
                        and _strength(x, y, claims, pairs, set(), params, agents, props) == "same fact"):
                    candidates[(x, y)] = float(pairs.score[x, y])
    for rows in index.values():
        if len(rows) > common:
            continue
        for x in rows:
            for y in rows:
                if x >= y or claims[x].doc == claims[y].doc or (x, y) in candidates:
                    continue
                score = float(pairs.score[x, y])
                if score < params.proposition_min_score or _speakers_clash(claims[x], claims[y]):
                    continue
                if props.verdict(claims[x], claims[y]) == "agrees":
                    candidates[(x, y)] = score
    return _greedy_groups(candidates, claims)


def build_facts(
    graph: ClaimGraph,
    analysis: StoryAnalysis,
    params: FactParams = FactParams(),
    docs: Mapping[str, Doc] | None = None,
    embedder=None,
) -> list[Fact]:
    """Every fact of the story: multi-document facts first (strongest first),
    then each remaining content claim as a one-document fact. ``embedder`` (the
    alignment's) compares predicate lemmas; without it only same lemmas and
    event classes agree."""
    claims = graph.claims
    pairs = graph.scores
    agents = claim_agents(claims, analysis, docs) if docs else None
    props = None
    if docs and params.propositions:
        of = propositions(claims, analysis, docs)
        similarity = PredicateSimilarity(embedder)
        similarity.prepare([p.predicate for p in of.values()])
        props = _Props(of, similarity, params.predicate_similar)
    index = {c.id: k for k, c in enumerate(claims)}
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    day_of = {d.id: publication_day(d.published) for d in analysis.documents}

    def apart(j: int, k: int) -> bool:
        a, b = day_of.get(claims[j].doc), day_of.get(claims[k].doc)
        return a is not None and b is not None and abs(a - b) >= params.apart_days

    titles = {d.id: d.title for d in analysis.documents}
    families = {d.id: d.copy_family for d in analysis.documents if d.copy_family is not None}
    copied = {
        frozenset((a.a, a.b)) for a in graph.alignments if a.copied
    }
    order_in_doc: dict[str, int] = {}
    rank: dict[str, int] = {}
    for c in sorted(claims, key=lambda c: (c.doc, c.start)):
        rank[c.id] = order_in_doc.get(c.doc, 0)
        order_in_doc[c.doc] = rank[c.id] + 1

    # near-verbatim copies (one report carried twice, or one outlet quoting another's sentence)
    at = {(c.doc, c.start): c.id for c in claims}
    for shared in graph.shared:
        (a, b) = shared.citations[:2]
        if (a.doc, a.start) in at and (b.doc, b.start) in at:
            copied.add(frozenset((at[(a.doc, a.start)], at[(b.doc, b.start)])))
    # off by default: `newsprism check` cannot yet see this reason for two
    # documents to be one source (it knows copies and copy families only): a
    # single-source item of two relays would fail its check
    cites_outlet = cited_outlets(claims, analysis.documents)
    quoting = cites_outlet if params.outlet_citations else {}
    used: set[str] = set()
    facts: list[Fact] = []
    seen_headlines: set[str] = set()
    seen_cites: set[frozenset] = set()

    def add_fact(support: list[tuple[Claim, Strength]], cite=_whole) -> bool:
        # a claim that tells what another outlet of the fact reported ("The Times
        # reports ...") repeats that outlet: it supports the fact only partly
        docs_here = {c.doc for c, st in support if st == "same fact"}
        support = [
            (c, "partly" if st == "same fact" and cites_outlet.get(c.id, set()) & (docs_here - {c.doc}) else st)
            for c, st in support
        ]
        same = [c for c, st in support if st == "same fact"]
        same_docs = sorted({c.doc for c in same})
        if len(same_docs) < 2:
            return False
        # the headline: the most readable "same fact" sentence
        def whole(c: Claim) -> Span:
            # a sentence the clause splitter cut, all of whose clauses state this fact: the sentence
            if c.sentence is not None and c.sentence != c.citation and sum(
                o.doc == c.doc and o.sentence == c.sentence for o in same
            ) >= 2:
                return c.sentence
            return headline_span(c)

        # as readable, a report's own voice heads the fact rather than another report's source
        # saying it (the seed: the rebels' shelling of Fouaa, told by AP and the Post, not
        # "Yasser ... said civilians did not approve of rebel shelling")
        best = max(same, key=lambda c: (readability(whole(c).text), c.attribution is None,
                                        -abs(len(whole(c).text.split()) - 22)))
        head = whole(best)
        if readability(head.text) < 3:
            # no clause reads as a sentence of its own ('but she is dead wrong ...," she
            # wrote.'): the whole sentence of a clause that states the fact, when it reads better
            sentences = [c.sentence for c in same if c.sentence is not None and c.sentence != c.citation
                         and len(c.sentence.text.split()) <= 60]
            if sentences:
                full = max(sentences, key=lambda x: (readability(x.text), -abs(len(x.text.split()) - 22)))
                if readability(full.text) > readability(head.text) and " ".join(full.text.lower().split()) not in seen_headlines:
                    head = full
        key = " ".join(head.text.lower().split())
        cites = frozenset((c.doc, c.start) for c in same)
        if key in seen_headlines or cites in seen_cites:
            return False
        seen_headlines.add(key)
        seen_cites.add(cites)
        # a claim that states the fact is used up; a partly one stays free for
        # the fact it does state (then it leaves this one: see below)
        used.update(c.id for c in same)
        sources = _independent(same_docs, same, copied, families, quoting)
        if sources < 2:
            cite = _whole  # copies are cited whole, as the shared-text pairs name them
        facts.append(
            Fact(
                id="",
                headline=head,
                outlet=outlet_of.get(head.doc),
                support=tuple(Support(c.id, cite(c), st) for c, st in sorted(support, key=lambda x: (x[1] != "same fact", x[0].doc, x[0].start))),
                docs=tuple(same_docs),
                sources=sources,
                actors=tuple(dict.fromkeys(e for c in same for e in c.entities)),
                figures=tuple(dict.fromkeys(f.text for c in same for f in c.figures)),
                importance=max(importance(c, rank[c.id]) for c in same),
            )
        )
        return True

    # the same words quoted by several reports: a fact of its own, first. What the
    # reports share is the quotation: each cites its quoted words, not the rest of
    # its sentence (the headline keeps the sentence, who said it included)
    for qg in quote_groups(claims):
        members = [claims[k] for k in qg if is_content(claims[k]) or _quoted_sentence(claims[k])]
        add_fact([(c, "same fact") for c in members], quoted_span)
    # each claim belongs to the group where it is best linked to a claim of
    # another document — by score and by how far their actors agree (the partition)
    groups = _merged(graph.groups)
    home: dict[int, tuple[tuple[int, float], int]] = {}
    if pairs is not None:
        for gi, group in enumerate(groups):
            ks = [index[c] for c in group if c not in used]
            for k in ks:
                others = [j for j in ks if claims[j].doc != claims[k].doc]
                # first how many of the group's other claims it states the fact with,
                # then its best link: a claim goes where it is needed, not where one
                # link happens to score highest
                n_same = sum(_strength(j, k, claims, pairs, copied, params, agents, props, apart(j, k)) == "same fact" for j in others)
                fit = (n_same, max((_fit(k, j, claims, pairs) for j in others), default=-np.inf))
                if k not in home or fit > home[k][0]:
                    home[k] = (fit, gi)
    for gi, group in enumerate(groups):
        if pairs is None:
            break
        ks = [
            index[c] for c in group
            if c not in used and home.get(index[c], ((0, 0.0), -1))[1] == gi and is_content(claims[index[c]])
        ]
        if len({claims[k].doc for k in ks}) < 2:
            continue
        # a member is "same fact" when it states the proposition with a claim of
        # another document of the fact (core arguments agree), else "partly"
        same_pairs = {
            (j, k) for j in ks for k in ks
            if claims[j].doc != claims[k].doc and _strength(j, k, claims, pairs, copied, params, agents, props, apart(j, k)) == "same fact"
        }
        if not params.core_clique:
            core = [k for k in ks if any((j, k) in same_pairs for j in ks)]
            add_fact([(claims[k], "same fact" if k in core else "partly") for k in ks])
            continue
        # one group may hold several facts about the same people: one per core
        left = list(ks)
        while True:
            core = _core(left, {p for p in same_pairs if p[0] in left and p[1] in left}, claims, pairs, apart, params.one_per_doc)
            if len({claims[k].doc for k in core}) < 2:
                break
            add_fact([(claims[k], "same fact" if k in core else "partly") for k in left])
            left = [k for k in left if k not in core]
    # what no alignment linked but the propositions state alike: the same action
    # on the same resolved argument, however differently worded
    if props is not None and params.proposition_links and pairs is not None:
        for pgroup in _proposition_groups(claims, pairs, used, props, params, agents):
            add_fact([(claims[k], "same fact") for k in pgroup])
    # the partition: a claim supports one fact at one strength — a partly claim
    # that states another fact, or was partly in an earlier one, leaves the later list
    placed = set(used)
    cleaned = []
    for f in facts:
        keep = []
        for sup in f.support:
            if sup.strength == "partly":
                if sup.claim in placed:
                    continue
                placed.add(sup.claim)
            keep.append(sup)
        cleaned.append(replace(f, support=tuple(keep)))
    facts = cleaned
    used = placed
    multi = len(facts)
    for c in claims:
        if c.id in used or not is_content(c):
            continue
        substantive = (c.entities or c.figures) and len(c.terms) >= 4
        if not substantive:
            continue
        head = headline_span(c)
        key = " ".join(head.text.lower().split())
        if key in seen_headlines:
            continue
        seen_headlines.add(key)
        used.add(c.id)
        weight = _single_source_weight(c, head, titles.get(c.doc))
        facts.append(
            Fact("", head, outlet_of.get(c.doc), (Support(c.id, c.citation, "same fact"),), (c.doc,), 1,
                 tuple(c.entities), tuple(f.text for f in c.figures), round(importance(c, rank[c.id]) * weight, 3))
        )
    facts[multi:] = sorted(facts[multi:], key=lambda f: -f.importance)
    return facts
