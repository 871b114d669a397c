"""Date conflicts: two outlets putting the same event on different days.

An event is a clause verb (not a reporting verb: "said Friday" dates the
saying) with the day a time expression of its clause resolves to
(``TimeExpr.resolved``, a full date: a weekday or a date, read against each
report's publication date). Two documents conflict when they give the same
verb for the same event — sharing at least two participants (resolved
entities or nouns of the verb's subject, object and prepositional objects:
"apologized ... for a Facebook post") — on different days, and each tells that
event on one day only (a report giving both days tells of two events, or of
one event and its sequel), and both days are on or before both reports'
publication dates (a report published on Sunday that tells of a Sunday meeting
does not contradict one published on Thursday that tells of a Thursday
meeting: it could not know of it). Left out: a negated, modal or conditional verb
("would be held on April 30" is a plan), and "again", "also", "first",
"last" on the verb (a repeated event).
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.figure_conflicts import conflict
from newsprism.extract.claims import Claim
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Finding, Span, StoryAnalysis, Version

__all__ = ["date_conflicts"]

_FULL_DATE = re.compile(r"^\d{4}-\d\d-\d\d")
_ARG_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "attr", "agent"})
_REPEAT = frozenset({"again", "also", "first", "last", "later", "earlier", "still", "once"})
_MODALS = frozenset({"may", "might", "could", "would", "should", "will", "shall"})
_CONDITIONS = frozenset({"if", "unless", "whether"})
# verbs that do not tell an event of their own ("was", "had to apologize": the complement does)
_LIGHT = frozenset({"be", "have", "do", "get", "go", "come", "make", "take", "begin", "start", "continue"})


def _event_verb(tok):
    """The verb whose clause a time expression dates: the first verb above it, or
    the verb it is the open complement of ("had to apologize Saturday")."""
    seen = 0
    t = tok
    while seen < 12:
        if t.pos_ in ("VERB", "AUX") and t is not tok:
            # "had to apologize", "began to ...": the event is the complement
            if t.lemma_.lower() in _LIGHT:
                comp = next((c for c in t.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
                if comp is not None:
                    return comp
            return t
        if t.head is t:
            return None
        t, seen = t.head, seen + 1
    return None


def _hedged(verb) -> bool:
    for t in (verb, verb.head if verb.dep_ == "xcomp" else verb):
        for c in t.children:
            if c.dep_ == "neg" or c.lower_ in _REPEAT:
                return True
            if c.dep_ == "aux" and c.lower_ in _MODALS:
                return True
    k, t = 0, verb
    while k < 20 and t.head is not t:
        if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in t.children):
            return True
        t, k = t.head, k + 1
    return False


def _participants(verb, skip: set[int], entity_at) -> frozenset[str]:
    """Entity ids ("@id") and noun lemmas of the verb's arguments (subject, object,
    prepositional objects; the subject of the verb it complements), time words left out."""
    args = []
    for holder in (verb, verb.head) if verb.dep_ == "xcomp" else (verb,):
        for c in holder.children:
            if c.dep_ in _ARG_DEPS:
                args.append(c)
            elif c.dep_ == "prep":
                args.extend(g for g in c.children if g.dep_ == "pobj")
    out: set[str] = set()
    for a in args:
        for t in [a, *(c for c in a.children if c.dep_ in ("compound", "amod", "poss"))]:
            if t.i in skip or not t.is_alpha or t.is_stop:
                continue
            ent = entity_at(t)
            if ent is not None:
                out.add(f"@{ent}")
            elif t.pos_ in ("NOUN", "PROPN"):
                out.add(t.lemma_.lower())
    return frozenset(out)


def mention_starts(analysis: StoryAnalysis) -> dict[str, list[tuple[int, int, str]]]:
    """doc id -> its entity mentions as sorted (start, end, entity id): for a bisect by offset."""
    starts: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            starts.setdefault(m.doc, []).append((m.start, m.end, e.id))
    for spans in starts.values():
        spans.sort()
    return starts


def date_conflicts(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """Conflicts over the day of one event (see the module docstring)."""
    import bisect

    starts = mention_starts(analysis)
    # verb lemma -> [(doc, day, participants, time span, claim)]
    rows: dict[str, list[tuple[str, str, frozenset[str], Span, Claim]]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None or not c.times:
            continue
        mentions = starts.get(c.doc, [])

        def entity_at(tok, mentions=mentions):
            k = bisect.bisect_right(mentions, (tok.idx, 10**12, "")) - 1
            return mentions[k][2] if k >= 0 and mentions[k][0] <= tok.idx < mentions[k][1] else None

        for t in c.times:
            if not t.resolved or not _FULL_DATE.match(t.resolved):
                continue
            span = doc.char_span(t.start, t.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            verb = _event_verb(span.root)
            if verb is None or verb.lemma_.lower() in REPORTING_VERBS or verb.lemma_.lower() in _LIGHT or _hedged(verb):
                continue
            who = _participants(verb, {x.i for x in span}, entity_at)
            if len(who) < 2:
                continue
            rows.setdefault(verb.lemma_.lower(), []).append(
                (c.doc, t.resolved[:10], who, Span(t.doc, t.start, t.end, t.text), c))
    published = {d.id: (d.published or "")[:10] for d in analysis.documents}
    out: list[Finding] = []
    seen: set[frozenset] = set()
    for items in rows.values():
        for x, (da, day_a, who_a, span_a, ca) in enumerate(items):
            for db, day_b, who_b, span_b, _ in items[x + 1:]:
                if da == db or day_a == day_b or len(who_a & who_b) < 2:
                    continue
                known = min(published.get(da) or "", published.get(db) or "")
                if not _FULL_DATE.match(known) or max(day_a, day_b) > known:
                    continue  # a report cannot contradict what happened after it was published
                # each report tells this event on one day only
                days_a = {d for dd, d, w, _, _ in items if dd == da and len(w & who_a & who_b) >= 2}
                days_b = {d for dd, d, w, _, _ in items if dd == db and len(w & who_a & who_b) >= 2}
                if days_a != {day_a} or days_b != {day_b}:
                    continue
                key = frozenset(((da, span_a.start), (db, span_b.start)))
                if key in seen:
                    continue
                seen.add(key)
                versions = (
                    Version((da,), f"{span_a.text} ({day_a})", (span_a,)),
                    Version((db,), f"{span_b.text} ({day_b})", (span_b,)),
                )
                out.append(conflict(f"on which day: {ca.text}", "date", versions))
    return out
