"""Figure conflicts: two outlets giving incompatible numbers for the same thing.

Three detectors, all across documents, all leaving out figures under a negation
or a condition and figures that are one end of a range:

- :func:`fact_figures` — inside one fact (its "same fact" support), a figure of
  one unit or a year that each document gives once, with values that cannot
  both be true;
- :func:`newsprism.compare.similar_figures.similar_claim_figures` — claims whose
  wording agrees (the alignment's lexical cosines, which a changed number barely
  moves) with one value each for one slot (its own module);
- :func:`aligned_figures` — figures aligned one to one across two documents by
  what they count (the counted noun and its conjuncts: "professors and
  administrators" ~ "faculty and administrators") and the words and entities
  around them, whatever the rest of the sentences say. A figure is matched to
  the other document's figure it agrees with best (mutually); equal or
  compatible values are the same figure told alike, values that cannot both be
  true are a conflict. Figures counting different things ("more than 150
  migrants" seeking asylum, "roughly 400 people in the caravan") are never
  matched: their counted nouns differ.

Qualifiers are understood as intervals: "more than 150" and "between 150 and
200" are compatible, "about 130" and "400" are not.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping, Sequence

import numpy as np
from spacy.attrs import IS_ALPHA, LEMMA, POS, SENT_START
from spacy.parts_of_speech import IDS
from spacy.tokens import Doc

from newsprism.extract.claims import Claim
from newsprism.compare.counted_nouns import MEASURE_WORDS as _MEASURE_WORDS
from newsprism.compare.counted_nouns import counted_noun as _noun
from newsprism.compare.counted_nouns import heading_noun as _heading_noun
from newsprism.compare.counted_nouns import named_apart, tail_names
from newsprism.compare.counted_nouns import noun_tail as _noun_tail
from newsprism.compare.fact_text import is_web_address
from newsprism.compare.figure_pairs import sharing_pairs
from newsprism.compare.figure_roles import (
    OUTCOME_PLAIN,
    _age_bracket,
    bought,
    bought_apart,
    _clause_verbs,
    _governing,
    _holder,
    _holders_differ,
    _lemma,
    holder_token,
    _outcome,
    _plan_would,
    _set_told,
    _tally,
    designation,
    is_measure_noun,
)
from newsprism.compare.figure_values import (
    _OTHER_SET, _interval, _num, _ranges, _sums, exact_in_words, figure_interval, mentions_value, vague_in_words)
from newsprism.extract.figures import designations
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import ConflictSlot, Figure, Finding, Span, Version


__all__ = ["conflict", "fact_figures", "aligned_figures", "mentions_value", "one_to_one", "story_figures", "StoryFigures",
           "of_two_holders", "of_two_sets", "of_two_outcomes", "of_two_windows"]


def one_to_one(pairs: Sequence[tuple[float, int, int]]) -> list[tuple[float, int, int]]:
    """Greedy one-to-one matching of ``(score, i, j)`` pairs taken in the given order: a pair is kept
    when neither its ``i`` nor its ``j`` is already taken (each figure matches at most one)."""
    used_a: set[int] = set()
    used_b: set[int] = set()
    matched = []
    for score, i, j in pairs:
        if i in used_a or j in used_b:
            continue
        used_a.add(i)
        used_b.add(j)
        matched.append((score, i, j))
    return matched


def _versions_by_value(rows: Sequence[tuple[str, str, Span, str | None]]) -> tuple[Version, ...]:
    """(doc, value, citation, source) rows -> one Version per value."""
    by_value: dict[str, list[tuple[str, Span, str | None]]] = {}
    for doc, value, span, source in rows:
        by_value.setdefault(value, []).append((doc, span, source))
    return tuple(
        Version(
            tuple(sorted({d for d, _, _ in items})),
            value,
            tuple(s for _, s, _ in items),
            next((src for _, _, src in items if src), None),
        )
        for value, items in by_value.items()
    )


def conflict(about: str, slot: ConflictSlot, versions: tuple[Version, ...]) -> Finding:
    cites = tuple(s for v in versions for s in v.citations)
    return Finding(
        id="",
        kind="conflict",
        about=about,
        docs=tuple(sorted({d for v in versions for d in v.docs})),
        citations=cites,
        versions=versions,
        slot=slot,
        between="outlets",
    )


# ---------------------------------------------------------------- figures of one fact

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_HEDGE = re.compile(r"\b(?:not|no|never|n't|may|might|could|would|if)\b", re.IGNORECASE)


def fact_figures(facts, claims: Sequence[Claim]) -> list[Finding]:
    """Within one fact (its "same fact" support in two or more documents), a
    figure of one unit — or a year — that each document gives exactly once,
    with values that cannot both be true ("$5.6 billion" vs "$5.7 billion";
    "more than 150" and "between 150 and 200" can). Claims under a negation,
    a modal or a condition are left out."""
    by_id = {c.id: c for c in claims}
    out = []
    for fact in facts:
        if len(fact.docs) < 2:
            continue
        rows: dict[str, dict[str, list[tuple[tuple[float, float], Span, tuple[str, frozenset[str]]]]]] = {}
        for sup in fact.support:
            c = by_id.get(sup.claim)
            if c is None or sup.strength != "same fact" or _HEDGE.search(c.text) or is_web_address(c.text):
                continue
            for f in c.figures:
                slot = _slot_of(f)
                if slot is None or _in_range(c, f):
                    continue
                rows.setdefault(slot, {}).setdefault(c.doc, []).append(
                    (_interval(_num(f.value), f.qualifier), Span(f.doc, f.start, f.end, f.text), _noun_tail(f)))
            for m in _YEAR.finditer(c.text):
                v = float(m.group(0))
                rows.setdefault("year", {}).setdefault(c.doc, []).append(
                    ((v, v), Span(c.doc, c.start + m.start(), c.start + m.end(), m.group(0)), ("", frozenset())))
        for slot, per_doc in rows.items():
            once = {d: items[0] for d, items in per_doc.items() if len({it[1].text for it in items}) == 1}
            if len(once) < 2 or len(once) < len(per_doc):
                continue
            docs = sorted(once)
            tails = [once[d][2] for d in docs if once[d][2][1]]
            if any(t[0] == u[0] and t[1].isdisjoint(u[1]) for x, t in enumerate(tails) for u in tails[x + 1:]):
                continue  # one noun of two groups ("people in the town of Kasese" / "in the city of Mbarara")
            clash = any(
                once[a][0][1] < once[b][0][0] or once[b][0][1] < once[a][0][0] for x, a in enumerate(docs) for b in docs[x + 1:]
            )
            if not clash:
                continue
            versions = _versions_by_value([(d, once[d][1].text, once[d][1], None) for d in docs])
            unit, _, counted = slot.partition(":")
            what = "which year" if slot == "year" else what_figure(unit, counted.split("#")[0])
            out.append(conflict(f"{what} in: {fact.headline.text}", "figure", versions))
    return out


# ---------------------------------------------------------------- the same sentence, another number

_NUM_TOKEN = re.compile(r"[\d$€£%][\d,.$€£%]*")


def _slot_of(f, spelled: bool = False, exact: bool = False) -> str | None:
    """What a figure measures, as far as two reports must agree to clash: its unit,
    and for counts the noun counted. None for what cannot clash: clock times, ages,
    numbers in words or vague amounts ("six", "dozens") unless ``spelled``, or, with
    ``exact``, a count in words that names one number or a range ("seven rifles",
    "a dozen rifles": :func:`exact_in_words`, :func:`vague_in_words`)."""
    if not isinstance(f.value, (int, float)) or not f.unit or f.unit in ("time", "age"):
        return None
    if not spelled and not any(ch.isdigit() for ch in f.text) and not (exact and (exact_in_words(f) or vague_in_words(f))):
        return None
    if (f.qualifier or "").lower() in _OTHER_SET or (f.counts or "").lower().split(" ", 1)[0] in _OTHER_SET:
        return None  # "three other rifles", "another 5 people": a set beside another one, no total
    # a model name is part of what is counted: "12 F-16 jets" and "7 F-35 jets" fill two slots
    models = "".join(sorted(designations(f.counts or "")))
    return f"{f.unit}:{_noun(f)}{models}" if f.unit in ("count", "people") else str(f.unit)


_RANGE_AROUND = re.compile(r"(?:[-–]\s*\d|\bto\s+\$?\d|\band\s+\$?\d)")
_RANGE_BEFORE = re.compile(r"(?:\d\s*[-–]|\bbetween|\bfrom|\d\s+to)\s*\$?$")
_RATIO_AFTER = re.compile(r"\s+(?:in|of|out\s+of)\s+(?:every\s+)?(?:\d|ten\b|five\b|four\b|three\b)", re.IGNORECASE)


def _in_range(claim: Claim, f) -> bool:
    """The figure is one end of a range ("40-60 hours", "between 150 and 200") or the
    first term of a ratio ("About 9 in 10 Republican primary voters"): no count of its own."""
    lo, hi = f.start - claim.start, f.end - claim.start
    return bool(_RANGE_AROUND.match(claim.text[hi:hi + 6]) or _RANGE_BEFORE.search(claim.text[max(0, lo - 10):lo])
                or _RATIO_AFTER.match(claim.text[hi:hi + 16]))


# the question each unit's versions answer, for a heading a reader can read
_ASKS: Mapping[str, str] = MappingProxyType({
    "money": "how much money", "percent": "what percentage", "fraction": "what share", "duration": "how long",
    "age": "what age", "time": "what time", "people": "how many people", "count": "how many",
})


def what_figure(unit: str, counted: str = "") -> str:
    """The question two versions of a figure answer: "how many guns" (the counted word as
    the text writes it, not its lemma: "how many gun" is no English), "how much money"."""
    if counted and unit in ("count", "people"):
        return f"how many {counted}"
    return _ASKS.get(unit, "what figure")


# ---------------------------------------------------------------- figures aligned by what they count

_CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ"})
_CONDITIONS = frozenset({"if", "unless", "whether"})
# two outlets' versions of one figure differ by a little or a lot ("$5.6 billion" vs
# "$5.7 billion", "130" vs "400"), never by orders of magnitude: numbers that far
# apart count different things
_MAX_RATIO = 4.0
# the day a sentence tells of: two figures of two different days count two things
# ("more than 150 sought asylum Tuesday", "about 130 arrived Wednesday"). Only
# weekday names: "overnight", "yesterday" or "the previous night" name a day
# relative to something else, which another report's weekday may well be
_DAY = re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.IGNORECASE)
# words that say the same thing around a figure ("70 arrests overnight", "47 the previous night")
_SAME_WORD = {"overnight": "night"}
_WINDOW = 20  # tokens either side of a figure (in its sentence) whose words say what it is about
_NEAR = 6  # the nearest of them, which weigh twice as much


class _Fig:
    """One figure with what it counts and what surrounds it, for alignment."""

    __slots__ = ("fig", "claim", "unit", "nouns", "words", "entities", "modal", "interval", "days", "among", "among_spans",
                 "holder", "holder_at", "definite", "predicate", "role", "outcome", "tally", "plan", "would", "kinds", "measure",
                 "bought")

    def __init__(self, fig, claim: Claim, unit: str, nouns: frozenset[str], words: Mapping[str, float], modal: bool,
                 days: frozenset[str] = frozenset()):
        self.fig, self.claim, self.unit, self.nouns, self.words, self.modal = fig, claim, unit, nouns, words, modal
        self.days = days
        self.among: frozenset[str] = frozenset()
        self.among_spans: tuple[Span, ...] = ()
        self.holder: str | None = None
        self.holder_at: tuple[int, str] | None = None  # where its holder's word is, and that word (lower-cased)
        self.definite: bool = False
        self.predicate: str | None = None
        self.role = "arg"
        self.outcome: str | None = None  # what happened to the people counted: "dead", "hurt", ...
        self.tally = False  # a running total ("130 arrests since Saturday")
        self.plan: str | None = None  # the plan whose effect it is ("the plan would cost", "the bill costs")
        self.would = False  # told with "would" of a plan's effect, read as no modal
        self.kinds: frozenset[str] = frozenset()  # the nouns naming the counted noun's kind ("machine" guns, "AK" guns)
        self.measure = False  # a count "of" a unit of measure ("a 5.56 mm rifle", "13 nautical miles"), no things
        self.bought: frozenset[str] = frozenset()  # what a sum was spent on ("$5,150 on fur capes")
        self.entities = frozenset(claim.entities)
        self.interval = figure_interval(fig)


def _hedged(tok) -> tuple[bool, bool]:
    """(negated or conditional, under a modal) for a figure's token: a ``neg``
    on the verb whose clause states it ("did not cut $716 billion"), an
    if/unless clause anywhere above it; a modal auxiliary on that verb ("would
    remain solvent for 75 years"). A negation further up does not negate the
    figure: "could not muster the votes to block a filibuster against the $447
    billion package" still says the package is $447 billion."""
    negated = modal = False
    clause = _clause_verbs(tok)
    for t in _governing(tok):
        for c in t.children:
            if c.dep_ == "mark" and c.lower_ in _CONDITIONS:
                negated = True
    for t in clause:
        for c in t.children:
            if c.dep_ == "neg" or (c.lower_ == "longer" and any(g.lower_ == "no" for g in c.children)):
                negated = True
            elif c.dep_ == "aux" and c.lower_ in ("may", "might", "could", "would", "should"):
                modal = True
    return negated, modal


def _sentence_words(doc: Doc) -> tuple[int, list[str]]:
    """The number of sentences of ``doc`` (as ``doc.sents`` cuts them) and, for each
    sentence, each distinct :func:`_lemma` of its alphabetic content words (one list
    over the sentences). Read from ``Doc.to_array``: no Token object per token."""
    if not len(doc):
        return 0, []
    arr = doc.to_array([SENT_START, POS, IS_ALPHA, LEMMA])
    starts = arr[:, 0] == 1
    starts[0] = False  # a sentence starts at token 0 whatever its mark says (Doc.sents)
    sentence = np.cumsum(starts)
    keep = np.isin(arr[:, 1], [IDS[p] for p in _CONTENT_POS]) & (arr[:, 2] == 1)
    strings = doc.vocab.strings
    norm: dict[int, str] = {}
    seen: set[tuple[int, str]] = set()
    for s, h in zip(sentence[keep].tolist(), arr[keep, 3].tolist()):
        w = norm.get(h)
        if w is None:
            w = norm[h] = strings[h].lower().replace("-", "")
        seen.add((s, w))
    return int(sentence[-1]) + 1, [w for _, w in seen]


def _weights(claims: Sequence[Claim], docs: Mapping[str, Doc]) -> dict[str, float]:
    """Inverse sentence frequency over the story of each content lemma and entity
    ("@id"): the words every report repeats ("Jackson", "campaign", "say") say
    little about which figure is which."""
    from math import log

    df: dict[str, int] = {}
    n = 0
    for doc in docs.values():
        sentences, words = _sentence_words(doc)
        n += sentences
        for w in words:
            df[w] = df.get(w, 0) + 1
    seen: set[tuple[str, int]] = set()
    for c in claims:
        key = (c.doc, c.sentence.start if c.sentence else c.start)
        if key in seen:
            continue
        seen.add(key)
        for e in set(c.entities):
            df[f"@{e}"] = df.get(f"@{e}", 0) + 1
    # a short story is no evidence that a word is common: count at least 20 sentences
    n = max(n, 20)
    return {w: log((n + 1) / (k + 0.5)) for w, k in df.items()}


def _figures_of(claims: Sequence[Claim], docs: Mapping[str, Doc], spelled: bool = False,
                in_words: bool = False) -> dict[str, list[_Fig]]:
    """Each document's figures with what they count and what surrounds them; numbers in
    words ("four percentage points") only when ``spelled``; with ``in_words``, only the
    counts in words that name a number or a range ("seven AK-47 rifles", "a dozen"). A range is one figure
    spanning its interval (``_ranges``), its two ends none."""
    out: dict[str, list[_Fig]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None or not c.figures or is_web_address(c.text):
            continue  # the numbers of a page's address ("article-1.1456300") count nothing
        ranges, range_ends = _ranges(c)
        sums, parts = _sums(c)  # "12 Somali and 11 Yemeni pirates": 23 pirates
        ranges += sums
        spans: list[tuple[Figure, tuple[float, float] | None]] = [(f, None) for f in c.figures
                                                                   if f.start not in range_ends | parts]
        for f, spanned in spans + [(r, interval) for r, interval in ranges]:
            slot = _slot_of(f, spelled, exact=in_words)
            if in_words and (slot is None or any(ch.isdigit() for ch in f.text)):
                continue
            if slot is None or (spanned is None and _in_range(c, f)):
                continue
            span = doc.char_span(f.start, f.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            negated, modal = _hedged(span.root)
            if negated or _age_bracket(span):
                continue
            plan, would = _plan_would(span.root)
            if modal and would:
                modal = False  # "the plan would cost $1.5 trillion": its estimate, as "the plan costs"
            nouns: set[str] = set()
            kinds: set[str] = set()
            measure = False
            if f.counts_span is not None:
                counted = doc.char_span(f.counts_span.start, f.counts_span.end, alignment_mode="expand")
                if counted is not None and len(counted):
                    head = counted.root
                    # its conjuncts name one group counted ("90 professors and administrators"), but
                    # not one with a number of its own ("7 AK-47 rifles ... and 13 loaded magazines")
                    # nor, in a list of things one or more of which has its own number ("seven AK-47 rifles,
                    # RPG launchers, three speedboats, grenades"), any item but the one it stands before
                    numbered = any(c.dep_ == "nummod" or c.like_num for t in head.conjuncts for c in t.children)
                    nouns = {_lemma(head)} | {_lemma(t) for t in head.conjuncts if t.pos_ in ("NOUN", "PROPN")
                                              and t.i > head.i and not numbered}
                    # the nouns between the number and what it counts ("12 AK 47 guns", "3 machine guns")
                    between = doc[span.end:head.i] if span.end <= head.i <= span.end + 4 else doc[0:0]
                    model, model_tokens = designation(between)
                    kinds = {_lemma(t) for t in [*between, *head.children] if t.i not in model_tokens
                             and t.is_alpha and t.pos_ in ("NOUN", "PROPN") and (t.dep_ == "compound" or t in between)}
                    if model is not None:
                        kinds.add(model)  # "#ak47": what is counted, whatever the noun ("guns", "rifles")
                    measure = f.unit == "count" and is_measure_noun(_lemma(head))
                    if nouns & _MEASURE_WORDS:  # "a 67 percentage point margin": the margin is what is told
                        measured = head.head if head.dep_ in ("compound", "nmod", "amod") and head.head.pos_ == "NOUN" else None
                        nouns = {_lemma(measured)} if measured is not None and measured is not head else set()
            sent = span.sent
            lo, hi = max(sent.start, span.start - _WINDOW), min(sent.end, span.end + _WINDOW)
            # content words around the figure, the nearest ones (its own item of a list) weighing most
            words: dict[str, float] = {}
            for t in doc[lo:hi]:
                # a word of _SAME_WORD counts whatever its part of speech ("47 arrests overnight": an adverb)
                if ((t.pos_ not in _CONTENT_POS and t.lower_ not in _SAME_WORD) or t.is_stop or not t.is_alpha or len(t) <= 2
                        or span.start <= t.i < span.end or t.lemma_.lower() in REPORTING_VERBS
                        or t.lower_ in _MEASURE_WORDS):
                    continue
                dist = span.start - t.i if t.i < span.start else t.i - span.end + 1
                near = 1.0 if dist <= _NEAR else 0.5
                lemma = _SAME_WORD.get(_lemma(t), _lemma(t))
                words[lemma] = max(words.get(lemma, 0.0), near)
            days = frozenset(m.group(0).lower() for m in _DAY.finditer(sent.text))
            item = _Fig(f, c, str(f.unit), frozenset(nouns), words, modal, days)
            item.plan, item.would = plan, would and not modal
            item.kinds = frozenset(kinds)
            item.measure = measure
            item.bought = bought(span) if f.unit == "money" else frozenset()
            if spanned is not None:
                item.interval = spanned
            item.holder = _holder(span)
            found = holder_token(span)
            item.holder_at = (found[0].idx, found[0].lower_) if found is not None else None
            item.definite, item.predicate, item.role = _set_told(span)
            if item.unit in ("count", "people"):
                item.outcome = _outcome(span)
                item.tally = _tally(span)
            # the group a share is taken of ("among Tea Party supporters"): another population
            groups = [(t, g) for t in doc[lo:hi] if t.lower_ == "among" for g in t.children if g.dep_ == "pobj"]
            item.among = frozenset(_lemma(g) for _, g in groups)
            ends = [_last_word(g.right_edge, t) for t, g in groups]
            item.among_spans = tuple(
                Span(c.doc, doc[t.i].idx, e.idx + len(e), doc[t.i: e.i + 1].text) for (t, _), e in zip(groups, ends))
            out.setdefault(c.doc, []).append(item)
    return out


def of_two_holders(found: Finding, figures: StoryFigures) -> bool:
    """A figure conflict whose versions are figures of different holders ("in February he
    raised $5.7 million" of Carson, "the group ... raised $4 million"): no conflict."""
    holder = {(f.fig.doc, f.fig.start): f.holder for fs in figures[0].values() for f in fs}
    sides = [[holder.get((c.doc, c.start)) for c in v.citations] for v in found.versions]
    return any(_holders_differ(x, y) for i, a in enumerate(sides) for b in sides[i + 1:] for x in a for y in b)


def of_two_sets(found: Finding, figures: StoryFigures) -> bool:
    """A figure conflict whose versions are indefinite counts told by other verbs ("buys ad time
    for 4 Super Tuesday states", "11 states hold contests"): each counts the set its own clause
    tells of (:func:`_two_sets`), no conflict, even where the alignment joined the sentences
    (they share "Super Tuesday states")."""
    fig = {(f.fig.doc, f.fig.start): f for fs in figures[0].values() for f in fs}
    sides = [[fig.get((c.doc, c.start)) for c in v.citations] for v in found.versions]
    pairs = [(x, y) for i, a in enumerate(sides) for b in sides[i + 1:] for x in a for y in b]
    return bool(pairs) and all(x is not None and y is not None and _two_sets(x, y) for x, y in pairs)


def of_two_outcomes(found: Finding, figures: StoryFigures) -> bool:
    """A figure conflict whose versions count people to whom different things happened ("killed
    30 people" / "wounded 45 people", whichever detector paired the sentences): no conflict."""
    fig = {(f.fig.doc, f.fig.start): f for fs in figures[0].values() for f in fs}
    sides = [{fig[(c.doc, c.start)].outcome for c in v.citations if (c.doc, c.start) in fig} for v in found.versions]
    return any(x and y and x != y for i, a in enumerate(sides) for b in sides[i + 1:] for x in a for y in b)


def _windowed(f: _Fig) -> bool:
    """The figure is told of one day or night ("on Tuesday night", "overnight")."""
    return bool(f.days) or "night" in f.words or "yesterday" in f.words


def _two_windows(a: _Fig, b: _Fig) -> bool:
    """A running total against a count of one day or night ("130 arrests since the protests
    began" / "30 arrests on Tuesday night"); a total against a count of no day ("To date, 23
    states have legalized" / "23 states have legalized") is one figure."""
    return a.tally != b.tally and _windowed(b if a.tally else a)


def of_two_windows(found: Finding, figures: StoryFigures) -> bool:
    """A figure conflict setting a running total against one day's count (``_two_windows``):
    two figures, no conflict."""
    fig = {(f.fig.doc, f.fig.start): f for fs in figures[0].values() for f in fs}
    sides = [[fig[(c.doc, c.start)] for c in v.citations if (c.doc, c.start) in fig] for v in found.versions]
    return any(_two_windows(x, y) for i, a in enumerate(sides) for b in sides[i + 1:] for x in a for y in b)


def _last_word(tok, first):
    """``tok``, or the last word before it when it is punctuation ("supporters (")."""
    while tok.i > first.i and (tok.is_punct or tok.is_space):
        tok = tok.doc[tok.i - 1]
    return tok


def _agreement(a: _Fig, b: _Fig, weight: Mapping[str, float] | None = None, context: bool = True) -> float:
    """How surely two figures of two documents say how much of the same thing:
    0 when they cannot (another unit, other counted nouns, one under a modal),
    else the overlap of the words and entities around them (cosine over sets),
    with the counted noun counting as a shared word. Without ``context``: 1 when
    nothing tells them apart (the words around them not read)."""
    if a.modal != b.modal or (a.outcome and b.outcome and a.outcome != b.outcome) or _two_windows(a, b):
        return 0.0  # "killed 30 people" / "wounded 45 people", "30 arrests Tuesday" / "130 since Saturday"
    if a.measure != b.measure:
        return 0.0  # "seven AK-47 rifles" / "a 5.56 mm rifle": a count of things and a measure
    if a.would != b.would and (a.plan is None or a.plan != b.plan):
        return 0.0  # "his plan would cut $800 billion" / "Obama has cut $716 billion": a plan is not a deed
    same_outcome = a.outcome is not None and a.outcome == b.outcome
    if a.unit != b.unit and not (same_outcome and {a.unit, b.unit} == {"count", "people"}):
        return 0.0  # "30 people were killed" / "left 45 dead": one count of one outcome
    if a.days and b.days and a.days.isdisjoint(b.days):
        return 0.0  # told of different days
    if _holders_differ(a.holder, b.holder):
        return 0.0  # "Sanders' 1,192" and "Clinton is backed by 520": two holders' figures
    if (a.among - b.words.keys()) or (b.among - a.words.keys()):
        return 0.0  # "9 percent" among Tea Party supporters, "11 percent" of all primary voters
    nouns_a, nouns_b = a.nouns, b.nouns
    model_a, model_b = frozenset(k for k in a.kinds if k[0] == "#"), frozenset(k for k in b.kinds if k[0] == "#")
    if bool(model_a) != bool(model_b):
        return 0.0  # "seven AK-47 assault rifles" may be a part of "Nine assault rifles": not one figure
    if model_a and model_b:
        if model_a.isdisjoint(model_b):
            return 0.0  # "F-16 jets" / "F-35 jets": two models
        # one model counted, whatever its noun: "12 AK 47 guns" / "7 AK-47 rifles"
        nouns_a, nouns_b = model_a, model_b
    if same_outcome:
        # the outcome is what both count; only nouns saying more ("12 soldiers") must agree
        nouns_a, nouns_b = a.nouns - OUTCOME_PLAIN, b.nouns - OUTCOME_PLAIN
    if nouns_a and nouns_b:
        if not nouns_a & nouns_b:
            return 0.0  # "150 migrants" and "400 people": different things counted
        if a.kinds and b.kinds and a.kinds.isdisjoint(b.kinds):
            return 0.0  # "12 AK 47 guns" and "3 machine guns": guns of two kinds
    elif (nouns_a or nouns_b) and a.unit in ("count", "people"):
        # one counts a noun the other leaves implicit ("47 the previous night"): its
        # words must name that noun ("six arrests Wednesday, compared to 47"); a
        # percentage or an amount "of" something is the same measure either way
        # among its nearest words ("six arrests Wednesday, compared to 47"; not "If
        # superdelegates are taken out of the equation, Clinton leads Sanders, 1,428")
        counted, other = (nouns_a, b) if nouns_a else (nouns_b, a)
        if not counted & {w for w, near in other.words.items() if near >= 1.0}:
            return 0.0
    if a.unit == "money" and bought_apart(a.bought or a.nouns, a.words, b.bought or b.nouns, b.words):
        return 0.0  # "spent $5,150 on fur capes" / "a $5,587.75 vacation": two purchases
    lo, hi = sorted((abs(_num(a.fig.value)), abs(_num(b.fig.value))))
    if lo == 0 or hi / lo > _MAX_RATIO:
        return 0.0  # "$4,272.78" and "$1,125,000": not one figure told two ways
    if not context:
        return 1.0
    if same_outcome:
        nouns_a, nouns_b = nouns_a | {f"#{a.outcome}"}, nouns_b | {f"#{b.outcome}"}
    fa = {**{f"@{e}": 0.5 for e in a.entities}, **a.words, **{n: 1.0 for n in nouns_a}}
    fb = {**{f"@{e}": 0.5 for e in b.entities}, **b.words, **{n: 1.0 for n in nouns_b}}
    shared = fa.keys() & fb.keys()
    if len(shared) < 2:
        return 0.0
    idf = weight or {}
    dot = sum(idf.get(x, 1.0) ** 2 * fa[x] * fb[x] for x in shared)
    norm = (sum(idf.get(x, 1.0) ** 2 * v * v for x, v in fa.items()) * sum(idf.get(x, 1.0) ** 2 * v * v for x, v in fb.items())) ** 0.5
    return dot / norm if norm else 0.0


def _digits(text: str) -> str | None:
    m = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    return m.group(0).replace(",", "") if m else None


def rounded_alike(a: str, b: str) -> bool:
    """One number is the other rounded to its precision: "$43,000" and "$43,350"
    (43,350 to two significant digits is 43,000); "5.6" and "5.7" are not, nor
    "200" and "225" (one significant digit is no precision to round to)."""
    da, db = _digits(a), _digits(b)
    if not da or not db:
        return False

    def sig(x: str) -> int:
        whole, _, frac = x.partition(".")
        if frac:
            return len((whole + frac).lstrip("0"))
        return len(whole.lstrip("0").rstrip("0")) or 1

    va, vb = float(da), float(db)
    if va == vb:
        return True
    coarse, fine = (va, vb) if sig(da) < sig(db) else (vb, va) if sig(db) < sig(da) else (None, None)
    if coarse is None or fine is None or fine == 0:
        return False
    digits = sig(da if coarse == va else db)
    if digits < 2:
        return False  # "200" and "225": a one-digit round number is no precision to round to
    from math import floor, log10

    scale = 10 ** (floor(log10(abs(fine))) - digits + 1)
    return round(fine / scale) * scale == coarse


_MARGIN = 1.25


def _ambiguous(score: float, candidates: list[tuple[float, float]], value: float) -> bool:
    """Another figure of another value agrees almost as well (within ``_MARGIN``)."""
    rival = max((sc for sc, v in candidates if v != value), default=0.0)
    return rival > 0 and score < _MARGIN * rival


StoryFigures = tuple[dict[str, list[_Fig]], dict[str, float]]


def story_figures(claims: Sequence[Claim], docs: Mapping[str, Doc]) -> StoryFigures:
    """The figures of each document (``_figures_of``) and, with two documents or more, the
    story's word weights (``_weights``): what :func:`aligned_figures` and
    :func:`figures_apart` both read, made once per story by a caller running both."""
    figs = _figures_of(claims, docs)
    return figs, (_weights(claims, docs) if len(figs) >= 2 else {})


def aligned_figures(claims: Sequence[Claim], docs: Mapping[str, Doc], min_agreement: float = 0.15,
                    linked: frozenset[frozenset[str]] = frozenset(), min_linked: float = 0.08,
                    min_clash: float = 0.25, figures: StoryFigures | None = None,
                    words: Mapping[str, Sequence[_Fig]] | None = None, doc_texts: Mapping[str, str] | None = None) -> list[Finding]:
    """Figures of two documents aligned one to one (greedy by agreement, the best
    pairs first, each figure in one pair) by what they count and the words and
    entities around them; a pair whose values cannot both be true is a
    conflict. A pair with equal or compatible values binds its two figures: the
    documents tell that number alike, and neither figure can then clash with
    another of the other document, nor stand as a rival that makes another
    pair ambiguous. ``linked``: pairs of claim ids the alignment put in one
    fact; their figures need only ``min_linked`` agreement (the sentences are
    already known to tell the same thing). Two values that cannot both be true
    clash only with ``min_clash`` agreement when the alignment did not link their
    sentences (untuned PolNeAR: "$3 million" given by one donor against "$1 million"
    raised from another agreed 0.18).

    A conflict names every document that gives each value: a third document
    whose figure is bound to one side's ("225 pages" in two reports, "338" in
    one) is cited in that side's version, and the pairwise conflicts of one
    figure are one finding. ``figures``, ``words``, ``doc_texts``: ``story_figures(claims, docs)``, ``figure_words.counts_in_words``, ``nlp.DocTexts`` when the caller has them."""
    figs, weight = figures if figures is not None else story_figures(claims, docs)
    doc_ids = sorted(figs)
    clashes: list[tuple[_Fig, _Fig]] = []
    bound: list[tuple[_Fig, _Fig]] = []
    # figures of another kind (figure_pairs.figure_kind) never agree, nor those sharing fewer than
    # two of the words, nouns and entities _agreement compares: the pairs of two documents worth
    # asking, from an index (every pair of every two documents was quadratic in the documents)
    for (da, db), candidates in sorted(sharing_pairs(figs).items()):
        pairs = []
        for i, j in candidates:
            a, b = figs[da][i], figs[db][j]
            score = _agreement(a, b, weight)
            need = min_linked if frozenset((a.claim.id, b.claim.id)) in linked else min_agreement
            if score >= need and score > 0:
                pairs.append((score, i, j))
        # a figure of equal value that agrees almost as well (within the margin) is the
        # same figure told alike, before one of another value ("17 percent" each for
        # Trump and Huckabee in two reports, not 17 against Romney's 21)
        pairs.sort(key=lambda p: -p[0] * (_MARGIN if figs[da][p[1]].fig.value == figs[db][p[2]].fig.value else 1.0))
        matched = one_to_one(pairs)
        compatible = {(i, j) for _, i, j in matched if _compatible(figs[da][i], figs[db][j])}
        bound_a, bound_b = {i for i, _ in compatible}, {j for _, j in compatible}
        bound.extend((figs[da][i], figs[db][j]) for i, j in compatible)
        # each figure's agreement with the unbound figures of other values, for the margin below
        rival: dict[tuple[str, int], list[tuple[float, float]]] = {}
        for score, i, j in pairs:
            if j not in bound_b:
                rival.setdefault(("a", i), []).append((score, _num(figs[db][j].fig.value)))
            if i not in bound_a:
                rival.setdefault(("b", j), []).append((score, _num(figs[da][i].fig.value)))
        for score, i, j in matched:
            if (i, j) in compatible:
                continue
            a, b = figs[da][i], figs[db][j]
            if _ambiguous(score, rival.get(("a", i), []), _num(b.fig.value)) or \
                    _ambiguous(score, rival.get(("b", j), []), _num(a.fig.value)):
                continue  # itemised lists ("$5,150 on fur capes", "$5,587.75 ..."): no one figure stands out
            if score < min_clash and frozenset((a.claim.id, b.claim.id)) not in linked:
                continue  # enough alike to be one figure told alike, too little to set two values against each other
            clashes.append((a, b))
    # a third document giving one side's figure word for word ("just over $200,000"), around a
    # word or name that side's sentence shares, gives that side's value even where too little
    # else of the two sentences agrees to align them — when it counts the same thing ("12 AK 47
    # guns" is not given by "the 12 Somali and 11 Yemeni pirates", though "ammunition" is near both)
    for a, b in list(clashes):
        for side in (a, b):
            for d in doc_ids:
                if d in (a.fig.doc, b.fig.doc):
                    continue
                for g in figs[d]:
                    if (g.fig.text.lower() == side.fig.text.lower() and g.unit == side.unit
                            and not (g.nouns and side.nouns and g.nouns.isdisjoint(side.nouns))
                            and (set(g.words) | {f"@{e}" for e in g.entities}) & (set(side.words) | {f"@{e}" for e in side.entities})):
                        bound.append((side, g))
    # a third document writing one side's count in words ("seven AK-47 rifles" beside "7 AK-47
    # rifles") gives that side's value: cited with it, though it never sets a conflict up itself
    # (a small number in words, "two senators", is too often another group than the digits')
    words = (words if words is not None else _figures_of(claims, docs, in_words=True)) if clashes else {}
    for a, b in list(clashes):
        for side in (a, b):
            for d, told in words.items():
                if d in (a.fig.doc, b.fig.doc):
                    continue
                for g in told:
                    if exact_in_words(g.fig) and _num(g.fig.value) == _num(side.fig.value) and _agreement(side, g, weight) >= min_agreement:
                        bound.append((side, g))
    # a report writing the other value too does not contradict it (find_conflicts drops such a
    # conflict): left out pair by pair, before the pairs of one figure are merged, so that another
    # report's clash stands ("12 Somali ... pirates" beside "seven AK-47 rifles"; "7" / "12" elsewhere)
    # (the texts of the documents of these figures only: Doc.text joins every token anew)
    cited = {f.fig.doc for pair in (*clashes, *bound) for f in pair}
    texts = {d: doc.text if doc_texts is None else doc_texts[d] for d, doc in docs.items() if d in cited}
    clashes = [(a, b) for a, b in clashes if not mentions_value(texts.get(a.fig.doc, ""), b.fig.text)
               and not mentions_value(texts.get(b.fig.doc, ""), a.fig.text)]
    # one noun counted at two places named alike ("people in the town of Kasese" / "in the city of
    # Mbarara"): two groups, whatever else of their sentences agrees (the story's texts say
    # whether one place lies in the other)
    if any(tail_names(a.fig) and tail_names(b.fig) for a, b in clashes):
        story = [texts[d] if d in texts else doc.text if doc_texts is None else doc_texts[d] for d, doc in docs.items()]
        clashes = [(a, b) for a, b in clashes if not named_apart(a.fig, b.fig, story)]
    return _merged(clashes, bound, texts)


def _two_sets(a: _Fig, b: _Fig) -> bool:
    """Two indefinite counts, one the subject of its verb and one not, told by other verbs
    neither of which is among the other's words: each brings in the set its own clause tells of
    ("buys ad time for 4 Super Tuesday states", "11 states hold contests"; two subjects, "23
    states have enacted" and "34 states have legalized", may be one set told two ways, unless
    one is told of a day and the other is not)."""
    # two subjects, one told of a day and one of none, are two sets too: "About 130 migrants
    # arrived Wednesday" counts that day's arrivals, "More than 150 migrants were seeking asylum" not
    day_and_none = {a.role, b.role} == {"subj"} and bool(a.days) != bool(b.days)
    return (a.unit in ("count", "people") and not a.definite and not b.definite
            and ({a.role, b.role} == {"subj", "arg"} or day_and_none) and a.predicate is not None and b.predicate is not None
            and a.predicate != b.predicate and a.predicate not in b.words and b.predicate not in a.words)


def _compatible(a: _Fig, b: _Fig) -> bool:
    """Two figures' values can both be true: their intervals overlap, or one is the other rounded."""
    return not (a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]) or rounded_alike(a.fig.text, b.fig.text)


def _merged(clashes: Sequence[tuple[_Fig, _Fig]], bound: Sequence[tuple[_Fig, _Fig]],
            texts: Mapping[str, str] | None = None) -> list[Finding]:
    """One conflict per group of clashing figures, each version citing every
    document that gives its value (figures bound to it with an equal value), but for
    one writing another version's value too (``texts``): it gives no side for certain."""
    key = lambda f: (f.fig.doc, f.fig.start)  # noqa: E731
    same: dict[tuple[str, int], set[tuple[str, int]]] = {}
    by_key: dict[tuple[str, int], _Fig] = {}
    for a, b in bound:
        by_key[key(a)], by_key[key(b)] = a, b
        if _num(a.fig.value) == _num(b.fig.value):
            same.setdefault(key(a), set()).add(key(b))
            same.setdefault(key(b), set()).add(key(a))
    # groups of clashes sharing a figure (or an equal figure bound to it)
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(k: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(k, k) != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a, b in clashes:
        by_key[key(a)], by_key[key(b)] = a, b
        parent[find(key(a))] = find(key(b))
        for side in (a, b):
            for k in same.get(key(side), ()):
                parent[find(k)] = find(key(side))
    groups: dict[tuple[str, int], list[tuple[_Fig, _Fig]]] = {}
    for a, b in clashes:
        groups.setdefault(find(key(a)), []).append((a, b))
    out: list[Finding] = []
    for members in groups.values():
        figures: dict[tuple[str, int], _Fig] = {}
        for a, b in members:
            for side in (a, b):
                figures[key(side)] = side
                for k in same.get(key(side), ()):
                    figures.setdefault(k, by_key[k])
        clashing = {key(side) for pair in members for side in pair}
        by_value: dict[float, list[_Fig]] = {}
        for f in sorted(figures.values(), key=lambda f: (f.fig.doc, f.fig.start)):
            by_value.setdefault(_num(f.fig.value), []).append(f)
        # a document bound to one side that writes another side's value too ("seven AK-47 rifles"
        # seized from "the 12 Somali ... pirates", against "12 AK 47 guns") is not cited
        for v, fs in by_value.items():
            others = [g.fig.text for w, gs in by_value.items() if w != v for g in gs if key(g) in clashing]
            by_value[v] = [f for f in fs if key(f) in clashing or texts is None
                           or not any(mentions_value(texts.get(f.fig.doc, ""), o) for o in others)]
        # one figure per document in each version; a document on two sides is no version of its own
        docs_of = {v: {f.fig.doc for f in fs} for v, fs in by_value.items()}
        torn = {d for v, ds in docs_of.items() for w, es in docs_of.items() if v != w for d in ds & es}
        versions = []
        for fs in by_value.values():
            fs = [f for f in fs if f.fig.doc not in torn]
            if not fs:
                continue
            first: dict[str, _Fig] = {}
            for f in fs:
                first.setdefault(f.fig.doc, f)
            versions.append(Version(tuple(sorted(first)), fs[0].fig.text,
                                    tuple(Span(f.fig.doc, f.fig.start, f.fig.end, f.fig.text) for f in first.values())))
        if len(versions) < 2:
            continue
        a, b = members[0]
        what = what_figure(a.unit, _heading_noun(a.fig) or _heading_noun(b.fig))
        out.append(conflict(f"{what} in: {a.claim.text}", "figure", tuple(versions)))
    return out
