"""Figure conflicts by whose figure it is: one person's amount, told once in each of two reports.

Two reports may give one person's figure in sentences that share no other word ("He raised just
over $200,000 for his campaign" / "With just over $300,000, David Brat ... toppled Mr. Cantor"): the
aligned figures read the words around a figure (here only "Cantor" in common) and the facts are
joined by the number itself, so a number told two ways splits them. Here a figure's holder (the
name or "he"/"she" that :func:`newsprism.compare.figure_roles.holder_token` finds: possessor or
subject) is read as the story's entity — "he"/"she" as the last person of that gender named before
it — and two reports' figures are one figure told two ways when:

- each report gives that holder one value in that unit (every figure of the unit it gives them has
  that value: "raised $200,000" beside "spent $150,000" are two figures of two acts);
- the two are written alike but for the number, with a qualifier that bounds the value ("just over
  $N", "about $N"): with no other word in common, the same wording is what says it is one figure;
- both are told by one verb ("raised" / "raised"), or one tells the holder's means with no act of its
  own ("With just over $300,000, Brat toppled Mr. Cantor"): "raised about $2 million" / "spent about
  $1 million" are two acts' amounts;
- nothing tells them apart (:func:`newsprism.compare.figure_conflicts._agreement` without the words
  around them: another counted noun, a modal, another day, a running total, values orders of
  magnitude apart);

and their values cannot both be true. Conservative: a plain "$N million" in each is left to the
detectors that read the sentences.
"""

from __future__ import annotations

import re
from newsprism.compare.counted_nouns import heading_noun
from newsprism.compare.figure_conflicts import (
    StoryFigures, _agreement, _compatible, _Fig, _versions_by_value, conflict, what_figure)
from newsprism.compare.figure_values import _FIGURE_QUALIFIER_WIDTH
from newsprism.extract.propositions import StoryReads
from newsprism.model import Finding, Span, StoryAnalysis

__all__ = ["holder_figures"]

# qualifiers that bound a value on both sides: "just over $200,000" is not $300,000
_BOUNDED = frozenset(_FIGURE_QUALIFIER_WIDTH) | {"just over", "just under"}
_PERSON_PRONOUNS = frozenset({"he", "she", "him", "her", "his", "hers"})
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _shape(f: _Fig) -> str:
    """The figure's words with its number left out ("just over $N")."""
    return _NUMBER.sub("N", " ".join(f.fig.text.lower().split()))


_MEANS = re.compile(r"\bwith\s*$", re.IGNORECASE)


def _one_act(a: _Fig, b: _Fig) -> bool:
    """The two figures are told by one verb, or one is what the holder did it "with" (no act of its own)."""
    if a.predicate is not None and a.predicate == b.predicate:
        return True
    return any(_MEANS.search(f.claim.text[:max(0, f.fig.start - f.claim.start)]) for f in (a, b))


def _holder_of(f: _Fig, reads: StoryReads) -> str | None:
    """The story entity (its ``same_named`` id) whose figure ``f`` is, or None."""
    if f.holder_at is None:
        return None
    at, word = f.holder_at
    if word in _PERSON_PRONOUNS:
        return reads.person_before(f.fig.doc, at, word)
    look = reads.lookups.get(f.fig.doc)
    return look(at) if look is not None else None


def holder_figures(analysis: StoryAnalysis, figures: StoryFigures, reads: StoryReads | None = None) -> list[Finding]:
    """One holder's figure of one unit that two reports give once each, written alike but for
    the number with a bounding qualifier, with values that cannot both be true (module doc)."""
    figs, weight = figures
    if len(figs) < 2 or not any(f.holder_at is not None and (f.fig.qualifier or "").lower() in _BOUNDED
                                for fs in figs.values() for f in fs):
        return []
    reads = reads if reads is not None else StoryReads.of(analysis)
    # (holder, unit) -> doc -> that holder's figures of that unit in that report
    told: dict[tuple[str, str], dict[str, list[_Fig]]] = {}
    for doc, fs in figs.items():
        for f in fs:
            who = _holder_of(f, reads)
            if who is not None:
                told.setdefault((who, f.unit), {}).setdefault(doc, []).append(f)
    out: list[Finding] = []
    for per_doc in told.values():
        # one value each: a report giving the holder two values of one unit tells two figures
        once = {d: fs[0] for d, fs in per_doc.items() if len({f.fig.value for f in fs}) == 1}
        docs = sorted(d for d, f in once.items() if (f.fig.qualifier or "").lower() in _BOUNDED)
        pairs = [(once[a], once[b]) for x, a in enumerate(docs) for b in docs[x + 1:]
                 if _shape(once[a]) == _shape(once[b]) and _one_act(once[a], once[b]) and _agreement(once[a], once[b], weight, context=False) > 0]
        clashing = [(a, b) for a, b in pairs if not _compatible(a, b)]
        if not clashing:
            continue
        # the reports of one value against the other's (values each compatible with both: no side)
        sides = {f.fig.doc: f for pair in clashing for f in pair}
        if any(_compatible(a, b) and a.fig.value != b.fig.value for a in sides.values() for b in sides.values()):
            continue
        # the heading tells it in a sentence naming the holder, not one opening on "He" (who would be unread)
        first = min((f for pair in clashing for f in pair), key=lambda f: (f.holder_at is None or f.holder_at[1] in _PERSON_PRONOUNS,
                                                                          f.fig.doc, f.fig.start))
        versions = _versions_by_value([(f.fig.doc, f.fig.text, Span(f.fig.doc, f.fig.start, f.fig.end, f.fig.text), None)
                                       for f in sorted(sides.values(), key=lambda f: f.fig.doc)])
        what = what_figure(first.unit, heading_noun(first.fig) or "")
        out.append(conflict(f"{what} in: {first.claim.text}", "figure", versions))
    return out
