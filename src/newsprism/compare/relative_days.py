"""An act a claim dates only by its distance from another day, and two claims that tell it on two days.

News often dates an earlier act by the day of the one it reports: "President Obama was heading to
Detroit Monday afternoon ... — a day after a face-to-face meeting with House Speaker John Boehner"
tells a meeting on Sunday; "The senators voted on Tuesday, two days after meeting the president"
a meeting on Sunday. Another report's "President Barack Obama and House Speaker John Boehner met
... on Thursday evening" tells that act on another day: another occasion of it (the story holds two
meetings of the same two men), whatever else the two sentences share.

- :func:`claim_relative_days`: for each claim, (act, weekday) of each act it dates as "N day(s)
  after/before" it — a preposition with a "day" measure, its object a noun or a verb of the act —
  from the one weekday its words name on the same verb; and of a claim that tells an act with no day
  of its own ("This afternoon, the President and Speaker Boehner met at the White House"), the one
  weekday its report dates that act on elsewhere ("met Sunday afternoon", "a day after a meeting" on
  Monday): one report telling one meeting tells it on that day throughout.
- :func:`other_occasion`: one claim dates an act on a weekday, the other tells that act (its verb,
  or its noun: "meeting" / "met") on weekdays none of which is that one.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Sequence

from spacy.tokens import Doc, Span, Token

from newsprism.compare.claim_view import ClaimView
from newsprism.compare.claim_view import claim_clauses
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.lexicon import NUMBER_WORDS, WEEKDAYS

__all__ = ["claim_relative_days", "other_occasion"]

# the act "a day after" is a day before the day named
_DIRECTIONS: Mapping[str, int] = MappingProxyType({"after": -1, "before": 1})
_DAY_WORDS = frozenset({"day", "days"})


def _verb_of(t: Token, span: Span) -> Token | None:
    """The nearest verb above ``t`` inside the claim, through a verb's complement ("was heading to
    Detroit Monday to campaign ... -- a day after": the parser may hang the measure on *campaign*)."""
    x = t.head
    while span.start <= x.i < span.end:
        if x.pos_ in ("VERB", "AUX") and x.dep_ != "xcomp":
            return x
        if x.head.i == x.i:
            return None
        x = x.head
    return None


def _days(measure: Token) -> int | None:
    """How many days a "day" measure counts: "a day", "the day" -> 1, "two days" / "2 days" -> 2."""
    if measure.lower_ == "day":
        return 1
    for c in measure.children:
        if c.dep_ == "nummod":
            if c.lower_ in NUMBER_WORDS:
                return NUMBER_WORDS[c.lower_]
            if c.text.isdigit():
                return int(c.text)
    return None


def _act(prep: Token) -> str | None:
    """The lemma of what a preposition's object tells: "after a face-to-face meeting" -> "meeting",
    "after meeting the president" -> "meet"."""
    for c in prep.children:
        if c.dep_ == "pobj" and c.pos_ == "NOUN" or c.dep_ == "pcomp" and c.pos_ == "VERB":
            return c.lemma_.lower()
    return None


def _relative_acts(span: Span) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for prep in span:
        if prep.lower_ not in _DIRECTIONS or prep.dep_ != "prep":
            continue
        # "a day after ..." (the measure heads the preposition) or "two days after ..." (its modifier)
        measure = prep.head if prep.head.lower_ in _DAY_WORDS else next(
            (c for c in prep.children if c.dep_ == "npadvmod" and c.lower_ in _DAY_WORDS), None)
        act = _act(prep)
        if measure is None or act is None or (n := _days(measure)) is None:
            continue
        verb = _verb_of(measure if measure.i == prep.head.i else prep, span)
        inside = {x.i for x in prep.subtree} | {measure.i}
        named = {t.lower_ for t in span if t.lower_ in WEEKDAYS and t.i not in inside and _verb_of(t, span) == verb}
        if verb is None or len(named) != 1:
            continue  # no day or two: nothing to count from
        day = WEEKDAYS.index(next(iter(named)))
        out.add((act, WEEKDAYS[(day + _DIRECTIONS[prep.lower_] * n) % 7]))
    return out


def _verb(act: str) -> str:
    """An act's verb: "meeting" -> "meet"."""
    return act[:-3] if act.endswith("ing") and len(act) > 5 else act


def _days_of_act(span: Span, act: str) -> set[str]:
    """The weekdays a claim names on its verb ``act`` ("met Sunday afternoon"; not "said Monday that they met")."""
    return {t.lower_ for t in span if t.lower_ in WEEKDAYS and (v := _verb_of(t, span)) is not None
            and v.lemma_.lower() == act}


def claim_relative_days(claims: Sequence[Claim], docs: Mapping[str, Doc],
                        of: Mapping[str, Proposition] | None = None,
                        views: Mapping[str, ClaimView] | None = None) -> dict[str, frozenset[tuple[str, str]]]:
    """claim id -> (act lemma, weekday) of each act it dates by its distance from a weekday it names, or
    (``of``: the claims' propositions) its report dates on one weekday where it tells the act undated.
    ``views``: ``claim_views(claims, docs)`` when the caller has them."""
    out: dict[str, frozenset[tuple[str, str]]] = {}
    # each report's days of each act: the weekdays its claims name on their main verb, and the relative ones
    days: dict[tuple[str, str], set[str]] = {}
    for c, view in claim_clauses(claims, docs, views):
        span = view.span
        if any(t.lower_ in _DIRECTIONS for t in span) and (found := _relative_acts(span)):
            out[c.id] = frozenset(found)
            for act, day in found:
                days.setdefault((c.doc, _verb(act)), set()).add(day)
        p = of.get(c.id) if of is not None else None
        if p is not None and p.weekdays and p.predicate:
            days.setdefault((c.doc, p.predicate), set()).update(_days_of_act(span, p.predicate))
    for c in claims if of is not None else ():
        p = of.get(c.id) if of is not None else None
        if p is None or p.weekdays or not p.predicate:
            continue
        told = days.get((c.doc, p.predicate), set())
        if len(told) == 1:
            out[c.id] = out.get(c.id, frozenset()) | {(p.predicate, next(iter(told)))}
    return out


def _tells(act: str, q: Proposition) -> bool:
    """``q`` tells the act as its verb or its noun ("meeting": "met")."""
    told = q.actions | q.nominals | {q.predicate}
    return act in told or _verb(act) in told


def other_occasion(dated: frozenset[tuple[str, str]] | None, q: Proposition | None) -> bool:
    """One claim dates an act on a weekday (``dated``: :func:`claim_relative_days`), the other tells that
    act on weekdays none of which is that one."""
    if not dated or q is None or not q.weekdays:
        return False
    return any(_tells(act, q) and day not in q.weekdays for act, day in dated)
