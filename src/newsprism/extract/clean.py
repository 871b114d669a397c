"""Find places where the source text lost tokens. The text itself is never changed.

Some corpora stripped hyphenated words out of their articles ("Bashar
al-Assad." -> "Bashar  ."; "a cease-fire and" -> "a   and"). Splitting on the
hyphen and deleting each part leaves one space more than the number of parts
deleted, so a stripped word shows as a run of 3+ spaces between two words, or
2+ spaces before punctuation. What is *not* damage:

- a run touching a dash: the same corpus writes every em-dash as "  —   ";
- extra spaces between sentences ("done.  Next") or before an ellipsis;
- indentation, trailing spaces, line and paragraph breaks, tabs and NBSPs
  (only plain U+0020 runs are considered);
- long runs (layout from removed markup, tables), digits after the run
  (table columns such as "No    58%").
"""

from __future__ import annotations

import bisect
import dataclasses
import re

from newsprism.model import Article, Damage

__all__ = ["find_gaps", "mark_damage", "damage_near"]

_SPACE_RUN = re.compile(r" {2,}")
# Longer runs come from layout (removed links, table cells), not from a
# stripped word: a 5-part compound is about the longest that occurs.
MAX_GAP = 6
_DASHES = frozenset("—–―‒-")
_CLOSING_PUNCT = frozenset(".,;:!?")
_SENTENCE_END = frozenset(".!?")
_CLOSING_QUOTES = frozenset("\"'”’)]")
_OPENING = frozenset("\"'“‘([")


def _is_gap(text: str, start: int, end: int) -> bool:
    """Is the space run text[start:end] a stripped-token gap (see module doc)?"""
    width = end - start
    if start == 0 or end >= len(text) or width > MAX_GAP:
        return False
    before, after = text[start - 1], text[end]
    if before.isspace() or after.isspace():
        return False  # indentation, trailing spaces, mixed with tabs/NBSP/newlines
    if before in _DASHES or after in _DASHES:
        return False  # the spaced em-dash "  —   " of the stripping corpus
    if after in _CLOSING_PUNCT:
        if text.startswith("...", end) or text.startswith("…", end):
            return False
        # "Bashar  ." : a word, then nothing where its surname was
        return before.isalnum() or before in _CLOSING_QUOTES
    if width < 3:
        return False  # ordinary double spaces occur mid-sentence in real feeds
    if after.isdigit():
        return False  # column layout
    after_sentence = before in _SENTENCE_END or (
        before in _CLOSING_QUOTES and start >= 2 and text[start - 2] in _SENTENCE_END
    )
    if after_sentence:
        # "Mr.   said" (a name lost after a title) vs "done.   Next" (spacing)
        return after.islower()
    return after.isalpha() or after in _OPENING or after == "…"


def find_gaps(doc_id: str, text: str) -> tuple[Damage, ...]:
    """Every stripped-token gap in ``text``, in order; ``Damage.text`` is the spaces."""
    return tuple(
        Damage(doc_id, m.start(), m.end(), m.group(), "stripped-token")
        for m in _SPACE_RUN.finditer(text)
        if _is_gap(text, m.start(), m.end())
    )


def mark_damage(article: Article) -> Article:
    """The article with ``damage`` listing its stripped-token gaps."""
    return dataclasses.replace(article, damage=find_gaps(article.id, article.text))


def damage_near(article: Article, start: int, end: int, window: int = 2) -> Damage | None:
    """The first damage record overlapping, adjacent to, or at most ``window``
    characters away from the span ``[start, end)``; None when there is none."""
    damage = article.damage
    if not damage:
        return None
    # Records are in text order and do not overlap, so their ends are sorted too.
    i = bisect.bisect_left(damage, start - window, key=lambda d: d.end)
    if i < len(damage) and damage[i].start - window <= end:
        return damage[i]
    return None
