"""How much an editor wants a fact only one outlet reports: the order of the single-source section.

A single-source item is news when it tells what the other reports do not. The weight of one
(:func:`single_source_importance`) adds up, for the claims it cites:

- **What only this report tells** (:class:`StoryTerms`): the share of its content words that no
  other document of the story uses. "the massacre that killed 49 people and wounded 53" tells
  more the others lack than "the worst mass shooting in American history", which they all tell in
  their own words.
- **Concrete content:** figures no other report gives (up to two: "1 in 3", given by all three
  reports of Boehner's odds, is no news of one), named things (up to three), a date or time.
- **Lead position:** the paragraph it sits in (not the clause count: one long lede sentence cut
  into clauses is still the lede).
- **Named sources and quotes:** a quotation inside the reporter's sentence adds; a sentence that
  is mostly someone's quoted words (colour, a comment) counts half.

Measured on the dev halves of the gold sets (``python -m newsprism.evaluate.gold_findings``, "in
first ten"); the figures are in docs/evaluation.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from newsprism.compare.align import quote_share
from newsprism.extract.claims import Claim
from newsprism.model import Figure

__all__ = ["StoryTerms", "paragraph_index", "single_source_importance"]

_BREAKS = re.compile(r"\n\s*")
# a sentence's end: its mark (and closing quote) before a space and a capital
_SENTENCE_END = re.compile(r"[.!?][\"”’)]*\s+(?=[\"“‘(]?[A-Z])")
WALL, PER_PARAGRAPH = 12, 2  # a paragraph of 12 sentences is no news paragraph; news paragraphs hold one or two

# what each part weighs (dev halves of the BASIL, PolNeAR and PolNeAR-clean gold sets)
LEAD = 1.0  # a first paragraph's weight; the n-th weighs LEAD / (1 + n/2)
PER_FIGURE, MAX_FIGURES = 1.0, 2  # a figure no other report gives
PER_NAME, MAX_NAMES = 0.3, 3
DATED = 0.3
OWN_WORDS = 2.0  # times the share of its content words no other report uses
QUOTED = 0.5  # a quotation in it
MOSTLY_QUOTED = 0.5  # times this when at least half of it is inside quotation marks


def _figure_key(figure: Figure) -> tuple[str, str | None]:
    return str(figure.value), figure.unit


@dataclass(frozen=True)
class StoryTerms:
    """Which documents of a story use each content word (the claims' ``terms``) and give each
    figure (its value and unit)."""

    docs_of: Mapping[str, frozenset[str]]
    figure_docs: Mapping[tuple[str, str | None], frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, claims: Sequence[Claim]) -> StoryTerms:
        docs: dict[str, set[str]] = {}
        figures: dict[tuple[str, str | None], set[str]] = {}
        for c in claims:
            for t in c.terms:
                docs.setdefault(t, set()).add(c.doc)
            for f in c.figures:
                figures.setdefault(_figure_key(f), set()).add(c.doc)
        return cls({t: frozenset(d) for t, d in docs.items()}, {k: frozenset(d) for k, d in figures.items()})

    def own_figures(self, doc: str, figures: Sequence[Figure]) -> int:
        """How many of ``figures`` (of ``doc``) no other document gives (the same value and unit)."""
        return sum(1 for f in figures if self.figure_docs.get(_figure_key(f), frozenset()) <= {doc})

    def own_share(self, doc: str, terms: Sequence[str]) -> float:
        """The share of ``terms`` that no document but ``doc`` uses (0 for no terms)."""
        words = set(terms)
        if not words:
            return 0.0
        return sum(1 for t in words if self.docs_of.get(t, frozenset()) <= {doc}) / len(words)


def paragraph_index(text: str, start: int) -> int:
    """The paragraph of ``text`` that character ``start`` is in, from 0: how many line breaks (a
    run of them counts once) come before it, after any leading ones. In a text that lost its
    breaks (a paragraph of ``WALL`` sentences or more: the seed's Times report is one line of 60
    sentences), a sentence's place counts as news paragraphs of ``PER_PARAGRAPH`` sentences would."""
    before = text[:start].lstrip()
    breaks = list(_BREAKS.finditer(before))
    index = len(breaks)
    opened = start - len(before) + (breaks[-1].end() if breaks else 0)
    end = _BREAKS.search(text, start)
    paragraph = text[opened:end.start() if end else len(text)]
    if len(_SENTENCE_END.findall(paragraph)) + 1 >= WALL:
        index += len(_SENTENCE_END.findall(text[opened:start])) // PER_PARAGRAPH
    return index


def single_source_importance(claims: Sequence[Claim], text: str, story: StoryTerms) -> float:
    """The weight of a one-outlet fact citing ``claims`` (of one document whose text is ``text``):
    see the module docstring."""
    if not claims:
        return 0.0
    doc = claims[0].doc
    paragraph = min(paragraph_index(text, c.start) for c in claims)
    figures = story.own_figures(doc, [f for c in claims for f in c.figures])
    names = len({e for c in claims for e in c.entities})
    score = LEAD / (1 + paragraph / 2)
    score += PER_FIGURE * min(figures, MAX_FIGURES) + PER_NAME * min(names, MAX_NAMES)
    score += DATED * any(c.times for c in claims)
    score += OWN_WORDS * story.own_share(doc, [t for c in claims for t in c.terms])
    if any(c.quotes for c in claims):
        score += QUOTED
    if max(quote_share(c) for c in claims) >= 0.5:
        score *= MOSTLY_QUOTED
    return round(score, 3)
