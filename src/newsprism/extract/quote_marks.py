"""Quotation marks: where a text's quoted stretches are (:func:`quoted_regions`), read from
its double marks, straight or curly, and from two apostrophes or backticks standing for one
(:func:`paired_marks_as_quotes`). Characters only: who said what is :mod:`newsprism.extract.quotes`."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["QuotedRegion", "paired_marks_as_quotes", "quoted_regions"]

_OPENERS = "“"
_CLOSERS = "”"
_MARKS = re.compile(r'["“”]')
# two apostrophes (or backticks) standing for a double quotation mark, as archives keep the
# NYT's text (''We finally may be seeing ...,'' she said) and PTB-style ``...'' corpora
_PAIRED_MARKS = re.compile(r"''|``")
# a markup tag left in a scraped text ('<tweet tweet-author="@edhenry" tweet-date="March 10, 2016">'):
# the marks around its attributes' values quote nobody
_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>\n]*)?/?>")


@dataclass(frozen=True, slots=True)
class QuotedRegion:
    """Quoted content ``start:end`` (marks excluded) and the mark positions."""

    start: int
    end: int
    open_mark: int  # index of the opening mark
    close_mark: int | None  # None: left open at a paragraph end
    continues: bool  # opened a paragraph that continues an unclosed quote


def _direction(text: str, i: int, is_open: bool) -> bool:
    """Is the mark at ``i`` an opening one? Straight marks are judged by their neighbours."""
    ch = text[i]
    before = text[i - 1] if i > 0 else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    if ch in _OPENERS:
        # an opening mark typed where the closing one belongs, glued to the quote's last word and
        # followed by a space or punctuation, ends the open quote (“the best in the world“ and)
        return not (is_open and not before.isspace() and (after.isspace() or after in ".,;:!?)]}"))
    if ch in _CLOSERS:
        return False
    if (before.isspace() or before in "([{—–-/") and not after.isspace():
        return True
    if after.isspace() or after in ".,;:!?)]}—–-":
        if not before.isspace():
            return False
    return not is_open


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def quoted_regions(text: str) -> list[QuotedRegion]:
    """Top-level double-quoted stretches of ``text``, in one pass over the marks.

    A quote left open at a paragraph end whose next paragraph opens with a mark
    is the standard multi-paragraph quote: each paragraph's part is a region and
    the later parts have ``continues=True``. A same-kind opener inside an open
    quote without a paragraph break means the earlier opener was stray: it is
    dropped. Quotes of a different kind nest (inner ones are content).
    """
    text = _TAG.sub(lambda m: " " * len(m.group()), paired_marks_as_quotes(text))
    regions: list[QuotedRegion] = []
    open_at: int | None = None
    open_kind = ""
    open_continues = False
    depth = 0
    scanned_to = 0  # no newline between the open mark and here: each character is searched once

    def emit(end: int, close: int | None) -> None:
        assert open_at is not None
        s, e = _trimmed(text, open_at + 1, end)
        if s < e:
            regions.append(QuotedRegion(s, e, open_at, close, open_continues))

    for m in _MARKS.finditer(text):
        i = m.start()
        kind = "straight" if text[i] == '"' else "curly"
        opening = _direction(text, i, open_at is not None and kind == open_kind)
        if open_at is not None:
            newline = text.find("\n", max(open_at, scanned_to), i)
            scanned_to = i
            if newline != -1:  # the quote was left open at its paragraph's end
                emit(newline, None)
                continues = opening and not text[text.rfind("\n", 0, i) + 1 : i].strip()
                open_at, depth = None, 0
                if continues:
                    open_at, open_kind, depth, open_continues = i, kind, 1, True
                    continue
        if opening:
            if open_at is None:
                open_at, open_kind, depth, open_continues = i, kind, 1, False
            elif kind != open_kind:
                depth += 1
            else:  # the earlier opener was stray
                open_at, depth, open_continues = i, 1, False
        elif open_at is not None:
            if kind != open_kind and depth > 1:
                depth -= 1
            elif kind == open_kind or depth == 1:
                emit(i, i)
                open_at, depth = None, 0
    if open_at is not None:
        newline = text.find("\n", open_at)
        emit(len(text) if newline == -1 else newline, None)
    return regions


def paired_marks_as_quotes(text: str) -> str:
    """``text`` of the same length with each pair of apostrophes or backticks read as one
    straight double mark, written at the quoted word's side (``''We`` -> `` "We``, ``rare,''``
    -> ``rare," ``), so offsets hold and the mark's direction is judged as for ``"``. Only
    for finding the marks: the text a quote cites is the original."""
    if "''" not in text and "``" not in text:
        return text

    def one_mark(m: re.Match[str]) -> str:
        before = text[m.start() - 1] if m.start() > 0 else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if m.group() == "``" or (before.isspace() or before in "([{—–-/") and not after.isspace():
            return ' "'
        return '" '

    return _PAIRED_MARKS.sub(one_mark, text)
