"""Conflicts between outlets and disputes between parties, from a story's claims.

Conflicts are found by slot-specific detectors, and only across documents:
a number for the same state ("trapped", "killed") whose ranges cannot both be
true, a duration of the same campaign, how long one event lasted (``event_durations``: "Trump
spoke for 77 minutes" vs "the address lasted 76 minutes"), a figure two outlets give differently
in the same fact (:func:`fact_figures`) — not two indefinite counts told by
other acts ("buys ad time for 4 Super Tuesday states", "11 states hold
contests": ``figure_conflicts.of_two_sets``) —, the day of one event, statement
or scheduled plan (``date_conflicts``), the years of one holder's term
(``term_conflicts``: "served from 1967 to 1979" vs "held the seat from 1966 to 1978"), a person identified by first name
only (the report says so) in one report and fully named in another, the place of one event or
who did one act (``place_conflicts``: "in Orlando, Florida" vs "in Tampa, Florida"), an
occupation described as former in one report and current in another, and the
content of a demand. They are conservative on purpose: a spurious conflict
misleads as much as a missed one. Not conflicts: a title's tense ("former FBI
director" vs "FBI Director"), a shorter vs a fuller name, rewording, anything
under a negation or a modal. Parties that contradict each other inside the
reports (X denied, Y blamed Z) are not outlet conflicts: they are ``disputes``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.blocked import pairs_at_least
from newsprism.compare.date_conflicts import date_conflicts, year_of_repeatable_act
from newsprism.compare.figure_conflicts import (
    StoryFigures,
    _versions_by_value,
    aligned_figures,
    conflict,
    fact_figures,
    mentions_value,
    of_two_holders,
    of_two_outcomes,
    of_two_sets,
    of_two_windows,
    story_figures,
)
from newsprism.compare.event_durations import event_durations
from newsprism.compare.figure_demands import figure_demands
from newsprism.compare.figure_roles import bought_apart
from newsprism.compare.figure_words import counts_in_words, with_words, word_figures
from newsprism.compare.holder_figures import holder_figures
from newsprism.compare.place_conflicts import agent_conflicts, place_conflicts
from newsprism.compare.similar_figures import similar_claim_figures
from newsprism.compare.term_conflicts import term_conflicts
from newsprism.extract.claims import Claim
from newsprism.lexicon import NUMBER_WORDS
from newsprism.model import Finding, Span, StoryAnalysis, Version, outlet_key

__all__ = ["find_conflicts", "disputes", "conflict"]


_WORD_NUMBERS = {**NUMBER_WORDS, "a": 1, "an": 1}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_DURATION = re.compile(
    r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a)[\s-]+"
    r"(?P<unit>day|week|month|year)s?(?:[\s-]+long)?\s+(?:of\s+)?"
    r"(?P<what>[a-z]+(?:\s+[a-z]+){0,2})\b",
    re.IGNORECASE,
)
_ANY_UNIT = re.compile(r"(?:day|week|month|year)s?(?:[\s-]+long)?\s", re.IGNORECASE)
# nouns that name the same kind of sustained event; anything else is its own slot
_SUSTAINED = {
    "offensive": ("offensive", "advance", "campaign", "assault", "push", "onslaught", "battle", "fighting",
                  "bombardment", "operation"),
    "siege": ("siege", "blockade", "encirclement"),
    "talks": ("talks", "negotiation", "negotiations", "talk"),
    "strike": ("strike", "walkout", "stoppage"),
    "shutdown": ("shutdown", "closure"),
}
_SUSTAINED_OF = {w: k for k, ws in _SUSTAINED.items() for w in ws}
# words after a duration that are not what it measures ("two weeks ago", "a month earlier")
_NOT_EVENTS = frozenset("ago earlier later before after since from into long old later period time".split())


def _sustained_slot(words: str) -> tuple[str, int] | None:
    """(the kind of sustained event, where its word ends in ``words``) for the
    first of ``words`` (up to three) that names one; None when none does
    ("two weeks ago", "a month of rapid gains")."""
    for m in re.finditer(r"[a-z]+", words.lower()):
        word = m.group(0)
        if word in _NOT_EVENTS:
            return None
        singular = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        slot = _SUSTAINED_OF.get(word) or _SUSTAINED_OF.get(singular)
        if slot:
            return slot, m.end()
    return None


# vague and exact counts of people in a state: "thousands trapped", "tens of thousands of civilians were trapped"
_AMOUNT = (
    r"(?P<q>more than|over|nearly|about|around|almost|at least)?\s*"
    # a number inside a web address or an identifier ("article-1.1456300", "t=1379163972") counts nothing
    r"(?<![\w./=&?#%-])(?P<n>hundreds of thousands|tens of thousands|thousands|hundreds|dozens|\d{1,3}(?:,\d{3})+|\d+)"
)
_PEOPLE_STATE = re.compile(
    _AMOUNT + r"(?P<rest>(?:\s+(?:of\s+)?[a-z]+){0,5}?)\s+(?:were\s+|are\s+|remain\s+|still\s+)?"
    r"(?P<state>trapped|killed|stranded|besieged|still in)\b",
    re.IGNORECASE,
)
_ANY_STATE = re.compile(r"trapped|killed|stranded|besieged|still in", re.IGNORECASE)
# the words a match of _ANY_UNIT / _ANY_STATE holds, lower-cased
_UNIT_WORDS = ("day", "week", "month", "year")
_STATE_WORDS = ("trapped", "killed", "stranded", "besieged", "still in")


def _of_two_purchases(found: Finding, figures: StoryFigures) -> bool:
    """A figure conflict every two versions of which are sums spent on, or the prices of, things
    the other's words never name (``figure_roles.bought_apart``), whichever detector paired them."""
    fig = {(f.fig.doc, f.fig.start): f for fs in figures[0].values() for f in fs}
    sides = [[fig.get((c.doc, c.start)) for c in v.citations] for v in found.versions]
    pairs = [(x, y) for i, a in enumerate(sides) for b in sides[i + 1:] for x in a for y in b]
    return bool(pairs) and all(
        x is not None and y is not None and x.unit == y.unit == "money"
        and bought_apart(x.bought or x.nouns, x.words, y.bought or y.nouns, y.words) for x, y in pairs)


def _may_hold(text: str, words: tuple[str, ...]) -> bool:
    """Whether a case-blind pattern made of ``words`` may match in ``text``: the lower-cased text
    holds one, or holds a letter re.I lets stand for 'i' or 's' that lower() leaves alone
    ('ı', 'ſ'; 'İ' lower-cases to two characters). A substring test is some ten times faster
    than the case-blind pattern's search."""
    low = text.lower()
    return any(w in low for w in words) or "\u0130" in text or "\u0131" in text or "\u017f" in text


_VAGUE = {
    "dozens": (24, 99), "hundreds": (200, 999), "thousands": (2_000, 9_999),
    "tens of thousands": (10_000, 99_999), "hundreds of thousands": (100_000, 999_999),
}
_FIGHTERS = frozenset({"fighters", "rebels", "militants", "insurgents", "troops", "soldiers", "gunmen"})
_STATE_SLOT = {"trapped": "trapped", "stranded": "trapped", "besieged": "trapped", "still in": "trapped", "killed": "killed"}


def _range(q: str | None, n: str) -> tuple[float, float]:
    key = n.lower()
    if key in _VAGUE:
        return _VAGUE[key]
    value = float(key.replace(",", ""))
    q = (q or "").lower()
    if q in ("more than", "over", "at least"):
        return value, float("inf")
    if q in ("nearly", "about", "around", "almost"):
        return value * 0.8, value * 1.2
    return value, value


def _durations(claims: Sequence[Claim]) -> list[Finding]:
    rows: dict[str, list[tuple[str, int, Span]]] = {}
    for c in claims:
        if not (_may_hold(c.text, _UNIT_WORDS) and _ANY_UNIT.search(c.text)):  # every match names a unit: cheap tests first
            continue
        for m in _DURATION.finditer(c.text):
            n = m.group("n").lower()
            count = int(n) if n.isdigit() else _WORD_NUMBERS.get(n.lower(), 1)
            days = count * _UNIT_DAYS[m.group("unit").lower()]
            found = _sustained_slot(m.group("what"))
            if found is None:
                continue
            slot, word_end = found
            start, end = c.start + m.start(), c.start + m.start("what") + word_end
            rows.setdefault(slot, []).append((c.doc, days, Span(c.doc, start, end, c.text[start - c.start : end - c.start])))
    out = []
    for slot, items in rows.items():
        docs = {d for d, _, _ in items}
        values = sorted({days for _, days, _ in items})
        if len(docs) < 2 or len(values) < 2 or values[-1] < 1.5 * values[0]:
            continue
        # only a conflict when the values split along document lines
        per_doc = {d: {days for dd, days, _ in items if dd == d} for d in docs}
        if not any(per_doc[a].isdisjoint(per_doc[b]) for a in docs for b in docs if a < b):
            continue
        versions = _versions_by_value([(d, s.text, s, None) for d, _, s in items])
        out.append(conflict(f"how long the {slot} had lasted", "duration", versions))
    return out


def _people_counts(claims: Sequence[Claim]) -> list[Finding]:
    rows: dict[str, list[tuple[str, tuple[float, float], Span]]] = {}
    for c in claims:
        if not (_may_hold(c.text, _STATE_WORDS) and _ANY_STATE.search(c.text)):  # every match names a state: cheap tests first
            continue
        for m in _PEOPLE_STATE.finditer(c.text):
            who = "fighters" if _FIGHTERS & set(m.group("rest").lower().split()) else "people"
            slot = f"{who} {_STATE_SLOT[m.group('state').lower()]}"
            lo = c.start + m.start("n") if not m.group("q") else c.start + m.start("q")
            hi = c.start + m.end("n")
            rows.setdefault(slot, []).append((c.doc, _range(m.group("q"), m.group("n")), Span(c.doc, lo, hi, c.text[lo - c.start : hi - c.start])))
    out = []
    for slot, items in rows.items():
        docs = sorted({d for d, _, _ in items})
        if len(docs) < 2:
            continue
        span_of = {d: (min(r[0] for dd, r, _ in items if dd == d), max(r[1] for dd, r, _ in items if dd == d)) for d in docs}
        clash = any(
            span_of[a][1] < span_of[b][0] or span_of[b][1] < span_of[a][0] for a in docs for b in docs if a < b
        )
        if not clash:
            continue
        versions = tuple(
            Version((d,), "; ".join(s.text for dd, _, s in items if dd == d), tuple(s for dd, _, s in items if dd == d))
            for d in docs
        )
        out.append(conflict(f"how many {slot}", "figure", versions))
    return out


_FIRST_NAME_ONLY = re.compile(
    r"\b(?:identified|named|known|gave|giving|use[sd]?)\s+only\s+(?:by\s+|as\s+)?(?:his|her|their|a)\s+first\s+name",
    re.IGNORECASE,
)
_NAME_WORD = re.compile(r"^[A-Z][\w.'’-]*$")
_FORMER = re.compile(r"\b(?:former|ex-|retired|onetime)\s*", re.IGNORECASE)


def _roles_and_identities(analysis: StoryAnalysis, claims: Sequence[Claim]) -> list[Finding]:
    """One conflict per person: how each report names and describes them."""
    out = []
    for entity in analysis.entities:
        found = _person_conflicts(entity, claims)
        if len(found) > 1:
            versions = tuple(v for f in found for v in f.versions)
            out.append(conflict(f"how {entity.name} is identified and described", "identity", versions))
        else:
            out.extend(found)
    return out


def _person_conflicts(entity, claims: Sequence[Claim]) -> list[Finding]:
    out: list[Finding] = []
    if True:
        if entity.type != "PERSON":
            return out
        docs = sorted({m.doc for m in entity.mentions})
        if len(docs) < 2:
            return out
        # role: "a former accountant" vs "an accountant" for the same person
        heads: dict[str, list[tuple[str, bool, Span]]] = {}
        for d in entity.descriptors:
            # a title of office ("former FBI director" vs "FBI Director") is said
            # retrospectively all the time: its tense is not a conflict; an
            # occupation written in lower case ("an accountant") is
            if any(w[:1].isupper() for w in re.findall(r"[A-Za-z]+", _FORMER.sub("", d.text))[:3] if w.lower() not in ("a", "an", "the")):
                continue
            words = re.findall(r"[a-z]+", _FORMER.sub("", d.text.lower()))
            words = [w for w in words if w not in ("a", "an", "the")]
            if words:
                heads.setdefault(words[0], []).append((d.doc, bool(_FORMER.search(d.text)), d))
        for items in heads.values():
            former = {d for d, f, _ in items if f}
            plain = {d for d, f, _ in items if not f}
            if former and plain and former.isdisjoint(plain):
                versions = _versions_by_value([(d, s.text, s, None) for d, _, s in items])
                out.append(conflict(f"how {entity.name} is described", "role", versions))
        # identity: named by first name only in one report, by full name in another
        by_doc = {d: [m for m in entity.mentions if m.doc == d] for d in docs}
        # full names written as names (not cut at a nickname: William "Mo" Cowan)
        full = [m for m in entity.mentions if len(m.text.split()) >= 2 and all(_NAME_WORD.match(w) for w in m.text.split())]
        first_names = {m.text.split()[0] for m in full}
        surnames = {m.text.split()[-1] for m in full}
        first_only = [
            d for d in docs
            if all(len(m.text.split()) == 1 and m.text in first_names and m.text not in surnames for m in by_doc[d])
        ]
        full_docs = sorted({m.doc for m in full} - set(first_only))
        if not first_only or not full_docs:
            return out
        d = first_only[0]
        # a first name alone is a shorter form of the name, not a conflict, unless
        # the report says it withholds the rest ("identified only by his first name")
        if not any(c.doc == d and entity.id in c.entities and _FIRST_NAME_ONLY.search(c.text) for c in claims):
            return out
        name_span = Span(d, by_doc[d][0].start, by_doc[d][0].end, by_doc[d][0].text)
        cites: tuple[Span, ...] = (name_span,)
        value = name_span.text
        # the report's own reason, when it gives one ("identified only by his first name")
        for c in claims:
            m = _FIRST_NAME_ONLY.search(c.text) if c.doc == d and entity.id in c.entities else None
            if m:
                cites += (Span(d, c.start + m.start(), c.start + m.end(), m.group(0)),)
                value = f"{name_span.text} ({m.group(0)})"
                break
        versions = (
            Version((d,), value, cites),
            Version(tuple(full_docs), full[0].text, tuple(Span(x.doc, x.start, x.end, x.text) for x in full if x.doc in full_docs)),
        )
        out.append(conflict(f"how {entity.name} is identified", "identity", versions))
    return out


# Words that state a demand; what is demanded is their object ("demanded the
# release of prisoners"), what they include ("conditions, including lifting the
# siege") or what the demander is said to want ("conditions, saying it wanted ...").
_DEMAND_WORDS = frozenset({"demand", "condition", "precondition", "insist", "require", "requirement", "ultimatum"})
_THAT_DEMANDS = frozenset({"demand", "require"})
_WANT_VERBS = frozenset({"want", "demand", "require", "seek", "insist"})
_CONTENT_PREPS = frozenset({"including", "for", "that"})


def _demand_contents(tok) -> list:
    """Head tokens of what a demand word asks for."""
    # "demanded that X" states a demand; "insisted that X" states a fact
    out = [c for c in tok.children if c.dep_ == "dobj" or (c.dep_ == "ccomp" and tok.lemma_.lower() in _THAT_DEMANDS)]
    for child in tok.children:
        # "conditions on the rebels" names who must meet them; "insist on X" names X
        if child.dep_ == "prep" and (child.lower_ in _CONTENT_PREPS or (child.lower_ == "on" and tok.pos_ == "VERB")):
            out.extend(g for g in child.children if g.dep_ in ("pobj", "pcomp"))
    if tok.pos_ == "NOUN" and tok.head.pos_ == "VERB":
        # "imposed new conditions, saying it wanted X": the demander's stated want
        for clause in tok.head.children:
            if clause.dep_ in ("advcl", "conj", "xcomp"):
                for want in [clause, *clause.children]:
                    if want.lemma_.lower() in _WANT_VERBS and want is not tok:
                        out.extend(c for c in want.children if c.dep_ == "dobj")
    # "what price he'll demand for his support": a question about a demand states none
    if any(t.tag_ in ("WDT", "WP", "WP$") for c in tok.children if c.dep_ == "dobj" for t in c.subtree if t.i <= c.i):
        return []
    return out


def _content_keys(head) -> frozenset[str]:
    """What a demand's content is about: its head and objects as 6-letter stems, and for a
    demanded clause its subject ("demanded that Mubarak step down" is about Mubarak, as "the
    ouster of Mubarak" is: one demand in other words)."""
    words = [head] + [g for c in head.children if c.dep_ in ("dobj", "prep") for g in [c, *c.children] if g.dep_ in ("dobj", "pobj")]
    if head.pos_ in ("VERB", "AUX"):
        words += [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")]
    return frozenset(w.lemma_.lower()[:6] for w in words if w.pos_ in ("NOUN", "VERB", "PROPN"))


_MODALS = frozenset({"may", "might", "could", "would", "should"})


def _negated_or_modal(tok) -> bool:
    """The token or the verb governing it is negated ("no longer insisted",
    "did not demand") or under a hedging modal ("might demand")."""
    for t in (tok, tok.head):
        for c in t.children:
            if c.dep_ == "neg" or c.lower_ in ("longer",) and any(g.lower_ == "no" for g in c.children):
                return True
            if c.dep_ == "aux" and c.lower_ in _MODALS:
                return True
        if t.dep_ not in ("dobj", "pobj", "xcomp", "ccomp"):
            break
    return False


def _demand_words(doc: Doc) -> list:
    """The tokens of ``doc`` whose lemma is a demand word, in order, found from the
    lemma column (``Doc.to_array``) without creating a ``Token`` per token."""
    if not len(doc):
        return []
    from spacy.attrs import LEMMA

    import numpy as np

    strings = doc.vocab.strings
    lemmas, lemma_of = np.unique(doc.to_array(LEMMA), return_inverse=True)
    demand = np.array([strings[int(h)].lower() in _DEMAND_WORDS for h in lemmas], dtype=bool)
    return [doc[i] for i in np.flatnonzero(demand[lemma_of]).tolist()]


def _demands(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """The same demand told with different content in different reports.

    A demand word's content is taken from the parse. Two reports conflict when
    both state the content of a demand in sentences naming a common party or
    place (a resolved entity), and their contents share nothing.
    """
    by_claim: dict[str, list[Claim]] = {}
    for c in claims:
        by_claim.setdefault(c.doc, []).append(c)
    rows: list[tuple[str, frozenset[str], frozenset[str], Span]] = []
    for doc_id, doc in docs.items():
        for tok in _demand_words(doc):
            if _negated_or_modal(tok):  # "no longer insisted on X" is not a demand for X
                continue
            sentence_entities = frozenset(
                e for c in by_claim.get(doc_id, ()) if c.sentence and c.sentence.start <= tok.idx < c.sentence.end
                for e in c.entities
            )
            for head in _demand_contents(tok):
                if head.lemma_.lower() in _DEMAND_WORDS:  # "insisting on new conditions": no content
                    continue
                lo, hi = head.left_edge.i, head.right_edge.i + 1
                if hi - lo < 2 or hi - lo > 25:
                    continue
                span = doc[lo:hi]
                keys = _content_keys(head)
                if keys and sentence_entities:
                    rows.append((doc_id, keys, sentence_entities, Span(doc_id, span.start_char, span.end_char, span.text)))
    out_docs = sorted({d for d, _, _, _ in rows})
    if len(out_docs) < 2:
        return []
    keys_of = {d: frozenset().union(*(k for dd, k, _, _ in rows if dd == d)) for d in out_docs}
    ents_of = {d: frozenset().union(*(e for dd, _, e, _ in rows if dd == d)) for d in out_docs}
    # docs whose demands share content tell the same version
    groups: list[set[str]] = []
    for d in out_docs:
        hit = next((g for g in groups if any(keys_of[d] & keys_of[x] for x in g)), None)
        if hit is None:
            groups.append({d})
        else:
            hit.add(d)
    if len(groups) < 2:
        return []
    # only versions about a common party or place are one slot: the entity
    # shared by the most versions decides which versions those are
    group_entities = [frozenset().union(*(ents_of[d] for d in g)) for g in groups]
    counts = Counter(e for es in group_entities for e in es)
    # among those, the most specific: the one fewest claims of the story mention
    df = Counter(e for c in claims for e in set(c.entities))
    top = min(counts, key=lambda e: (-counts[e], df[e], e), default=None)
    if top is None or counts[top] < 2:
        return []
    groups = [g for g, es in zip(groups, group_entities) if top in es]
    common = frozenset({top})
    # each version: everything its reports say was demanded (a report may list several)
    versions = tuple(
        Version(
            tuple(sorted(g)),
            "; ".join(dict.fromkeys(s.text for d, _, _, s in rows if d in g)),
            tuple(s for d, _, _, s in rows if d in g),
        )
        for g in groups
    )
    names = ", ".join(sorted(e.name for e in analysis.entities if e.id in common)[:3])
    return [conflict(f"what was demanded (involving {names})", "demand", versions)]


_DISPUTE_CUES = frozenset({"denied", "deny", "denies", "blamed", "blame", "blames", "accused", "accuses", "rejected"})


def _not_voiced(docs: Mapping[str, Doc], doc_id: str, start: int) -> bool:
    """Whether the cue at ``start`` is an infinitive ("a bill that would allow businesses to
    deny service") or negated ("the statement does not deny that"): what someone may do or
    did not do, not a denial or blame anyone voiced."""
    doc = docs.get(doc_id)
    span = doc.char_span(start, start + 1, alignment_mode="expand") if doc is not None else None
    if span is None or not len(span):
        return False
    tok = span[0]
    return tok.dep_ == "xcomp" or any((ch.dep_ == "aux" and ch.lower_ == "to") or ch.dep_ == "neg" for ch in tok.children)


def disputes(claims: Sequence[Claim], docs: Mapping[str, Doc] | None = None) -> list[Finding]:
    """Denials, blame and accusations the outlets report between parties. With ``docs``
    (the parses), a cue in an infinitive or under a negation is not one."""
    out = []
    by_cue: dict[tuple[str, int], list[Claim]] = {}
    for c in claims:
        a = c.attribution
        if a is None or a.cue is None or a.cue.text.lower() not in _DISPUTE_CUES:
            continue
        if docs and _not_voiced(docs, a.cue.doc, a.cue.start):
            continue
        by_cue.setdefault((a.cue.doc, a.cue.start), []).append(c)
    for (_, cue_start), sharing in by_cue.items():
        # clauses of one sentence share its attribution: the dispute is the clause that
        # holds the cue ("Trapped civilians expressed disbelief, and the Syrian military
        # denied ..." is the military's denial, not the civilians' disbelief)
        c = next((x for x in sharing if x.citation.start <= cue_start < x.citation.end), sharing[0])
        a = c.attribution
        assert a is not None and a.cue is not None
        # a clause that starts mid-sentence ("and the Syrian military denied ...") reads as
        # a fragment: the whole sentence is shown and cited
        told = c.sentence if c.sentence is not None and (c.text[:1].islower() or c.text.rstrip()[-1:] in ",;") else c.citation
        out.append(
            Finding("", "dispute", told.text, (c.doc,), (a.span, a.cue, told), (c.id,), between="parties",
                    versions=(Version((c.doc,), a.cue.text, (a.cue,), attributed_to=a.text),))
        )
    return out


def _linked(claims: Sequence[Claim], facts, scores, threshold: float = 0.75) -> frozenset[frozenset[str]]:
    """Pairs of claims (ids) of different documents with figures that tell the same
    thing: in one fact, or scoring as one fact in the alignment (``threshold``: the
    aligner's own) though the facts kept them apart — a changed number is just what
    keeps two tellings of one sentence out of one fact."""
    out = {
        frozenset((a.claim, b.claim)) for fact in facts for x, a in enumerate(fact.support)
        for b in fact.support[x + 1:] if a.citation.doc != b.citation.doc
    }
    if scores is not None:
        with_figures = [k for k, c in enumerate(claims) if c.figures]
        for i, j in pairs_at_least(scores.score, with_figures, threshold):
            if claims[i].doc != claims[j].doc:
                out.add(frozenset((claims[i].id, claims[j].id)))
    return frozenset(out)


def _inside_one(f: Finding, found: Sequence[Finding]) -> bool:
    """Every citation of ``f`` lies inside a citation of one same finding of ``found``."""
    return any(all(any(c.doc == o.doc and o.start <= c.start and c.end <= o.end for o in g.citations)
                   for c in f.citations) for g in found)


def find_conflicts(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc], facts=(),
                   scores=None, figures: StoryFigures | None = None, doc_texts: Mapping[str, str] | None = None) -> list[Finding]:
    """Every outlet conflict of the story (unnumbered). ``scores``: the
    alignment's PairScores over ``claims`` (for the same sentence told with
    another number); ``figures``: ``figure_conflicts.story_figures(claims, docs)``
    when the caller has it; ``doc_texts``: the story's ``nlp.DocTexts`` when the caller has it."""
    found = (
        _demands(analysis, claims, docs) + _durations(claims) + _roles_and_identities(analysis, claims)
        + _people_counts(claims) + date_conflicts(analysis, claims, docs) + term_conflicts(analysis, claims, docs)
        + place_conflicts(analysis, claims, docs) + agent_conflicts(analysis, claims, docs)
    )
    # how long one event lasted, paired by what the durations measure: once, when the sustained
    # events' durations above ("a 40-day siege") have not told it already
    told = [(c.doc, c.start, c.end) for f in found for c in f.citations]
    found += [f for f in event_durations(analysis, claims, docs, doc_texts)
              if not any(c.doc == d and c.start < e and s < c.end for c in f.citations for d, s, e in told)]
    cited = {(c.doc, c.start) for f in found for c in f.citations}
    texts = {d.id: d.text for d in analysis.documents}
    linked = _linked(claims, facts, scores)
    if figures is None:
        figures = story_figures(claims, docs)
    # how much one requester asked for, paired by the parse however differently the rest is worded
    # ("asked for $5.7 billion to build a wall" / "request for $5.6 billion for a steel barrier")
    asked = figure_demands(analysis, claims, docs)
    # counts in words join in last, on stricter terms ("two boats" / "three boats" of one fact)
    # (counts in words read twice below, made once: with_words adds them, aligned_figures binds them to a side)
    words = counts_in_words(claims, docs)
    worded = with_words(figures, claims, docs, words)
    # one person's figure told once in each of two reports, written alike but for the number ("He raised
    # just over $200,000" / "With just over $300,000, David Brat ..."), whatever else their sentences say
    for f in (asked + aligned_figures(claims, docs, linked=linked, figures=figures, words=words, doc_texts=doc_texts) + fact_figures(facts, claims)
              + similar_claim_figures(claims, scores) + word_figures(claims, docs, worded, linked, doc_texts=doc_texts)
              + holder_figures(analysis, figures)):
        # a report that gives the other value too somewhere does not contradict it:
        # the two numbers count different things ("$750,000 in campaign funds" and
        # "a $43,000 watch" bought with them)
        if any(mentions_value(texts.get(d, ""), w.value) for v in f.versions for w in f.versions if w is not v for d in v.docs):
            continue
        # figures of two holders ("Sanders' 1,192", "Clinton is backed by 520") count two things
        if of_two_holders(f, worded):
            continue
        # indefinite counts told by other verbs ("4 states" with ads, "11 states" voting) count two sets
        if of_two_sets(f, worded):
            continue
        # two years of an act that recurs ("won the presidential election in 2008" / "in 2012") tell
        # two times of it
        if f.about.startswith("which year") and any(year_of_repeatable_act(c, docs) for c in f.citations):
            continue
        # people killed and people wounded ("killed 30" / "wounded 45") are other people
        if of_two_outcomes(f, worded):
            continue
        # a running total and one day's count ("130 since Saturday" / "30 on Tuesday") are two figures
        if of_two_windows(f, worded):
            continue
        # sums spent on other things ("$5,150 on fur capes" / "$5,587 on a vacation") are two purchases
        if _of_two_purchases(f, worded):
            continue
        # a figure slot the dedicated detectors already reported is not reported twice, nor a
        # figure inside the words another conflict cites ("2019" of "whose term ends in 2019")
        if not any((c.doc, c.start) in cited for c in f.citations) and not _inside_one(f, found):
            found.append(f)
            cited.update((c.doc, c.start) for c in f.citations)
    # a conflict is between outlets: two reports of one outlet (an update, a second edition)
    # telling it two ways is that outlet changing its account, not outlets disagreeing
    outlet = {d.id: outlet_key(d.outlet) or f"doc:{d.id}" for d in analysis.documents}
    return [f for f in found
            if len({outlet.get(d, d) for v in f.versions for d in v.docs} or {outlet.get(d, d) for d in f.docs}) >= 2]
