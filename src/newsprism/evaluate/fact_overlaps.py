"""Corroborated facts that repeat one another: the same words of one report support two of them.

Two items with the same headline or the same citation set (``gold_findings._duplicates``) are
the obvious repeats; a reader also sees one fact twice when the items only share words. Two
corroborated facts of a report (JSON: ``documents`` + ``findings``) *overlap* when, in one
document,

- ``cited``: a citation of one overlaps a citation of the other — the same words support both;
- ``headline``: one's headline lies inside the other's (a clause shown again inside its sentence);
- ``quotation``: each cites words inside one quotation (one stretch between quotation marks,
  :func:`newsprism.extract.quote_marks.quoted_regions`) with no sentence end between them — one
  remark of a speaker told as two facts by its halves ("I trust in God, but God wants to see us
  help ourselves ...").

Not repeats, read on the BASIL events: a side fact (who someone is, told in passing: "Liz
Cheney, a Wyoming Senate candidate", supports "<doc>#<start>-<end>") inside another fact's
sentence — a proposition of its own; and a shared quotation cited inside a sentence another
fact cites whole, when the quotation's citation lies within its quotation marks ("... drew
fierce criticism and a call for his resignation after saying ... “a war of Obama's choosing.”"):
the sentence tells the act, the quoted words the remark. Two clauses of one sentence, cited
apart, are two facts too: a headline showing the whole sentence does not make them one.

Judged on the report alone (the text and the citations), not on the pipeline's own records.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from newsprism.extract.quote_marks import quoted_regions

__all__ = ["Overlap", "overlapping_facts", "repeated_facts"]

_SIDE_ID = re.compile(r"#\d+-\d+$")
_MARKS_AROUND = frozenset("\"“”'’‘`.,;:!? \n")
_SENTENCE_END = re.compile(r"[.!?][\"”’')\]]*\s")


@dataclass(frozen=True)
class Overlap:
    """Two corroborated items (their places in the list) that repeat one another, and how."""

    first: int
    second: int
    doc: str
    how: str  # "cited" | "headline" | "quotation"


@dataclass(frozen=True)
class _Item:
    cites: tuple[tuple[str, int, int], ...]
    head: tuple[str, int, int] | None
    part: bool  # cites part of each sentence: a clause or who someone is ("<doc>#<start>-<end>")


class _Quotations:
    """The quoted stretches of each document, found once: which one holds a span."""

    def __init__(self, texts: Mapping[str, str]):
        self.texts = texts
        self.regions: dict[str, list[tuple[int, int]]] = {}

    def holding(self, doc: str, start: int, end: int) -> tuple[int, int] | None:
        if doc not in self.regions:
            self.regions[doc] = sorted((r.start, r.end) for r in quoted_regions(self.texts.get(doc, "")))
        rows = self.regions[doc]
        # a citation may take in the marks around the quoted words and a closing stop
        text = self.texts.get(doc, "")
        while start < end and text[start] in _MARKS_AROUND:
            start += 1
        while end > start and text[end - 1] in _MARKS_AROUND:
            end -= 1
        k = bisect.bisect_right(rows, (start, float("inf"))) - 1
        if k >= 0 and rows[k][0] <= start and end <= rows[k][1]:
            return rows[k]
        return None


def _headline(item: Mapping[str, Any], texts: Mapping[str, str]) -> tuple[str, int, int] | None:
    """Where the item's headline (``about``) stands: the occurrence in a cited document that
    overlaps one of its citations, else its first occurrence in a cited document."""
    about = str(item.get("about") or "")
    cites = list(item.get("citations") or ())
    if not about:
        return None
    for c in cites:
        text = texts.get(c["doc"], "")
        at = text.find(about)
        while at >= 0:
            if c["start"] < at + len(about) and at < c["end"]:
                return (c["doc"], at, at + len(about))
            at = text.find(about, at + 1)
    for c in cites:
        at = texts.get(c["doc"], "").find(about)
        if at >= 0:
            return (c["doc"], at, at + len(about))
    return None


def _item(item: Mapping[str, Any], texts: Mapping[str, str]) -> _Item:
    support = list(item.get("support") or ())
    return _Item(
        cites=tuple((c["doc"], int(c["start"]), int(c["end"])) for c in item.get("citations") or ()),
        head=_headline(item, texts),
        part=bool(support) and all(_SIDE_ID.search(str(s.get("claim", ""))) for s in support),
    )


def _quote_in_sentence(a: tuple[str, int, int], b: tuple[str, int, int], quotes: _Quotations) -> bool:
    """One citation lies within a quotation the other covers and goes beyond: a shared quote
    inside a sentence that states another fact."""
    for inner, outer in ((a, b), (b, a)):
        region = quotes.holding(*inner)
        if region is not None and outer[1] <= inner[1] and inner[2] <= outer[2] and (outer[1] < region[0] or region[1] < outer[2]):
            return True
    return False


def _one_sentence(text: str, a: tuple[str, int, int], b: tuple[str, int, int]) -> bool:
    """No sentence ends between the two spans (a quotation may run over several sentences: each
    may tell a fact of its own)."""
    first, second = sorted((a, b), key=lambda s: s[1])
    # (the end mark may close the first span: "That's not putting people back to work.")
    between = text[max(first[1], first[2] - 3):second[1]]
    return not _SENTENCE_END.search(between + " ")


def _how(x: _Item, y: _Item, quotes: _Quotations) -> tuple[str, str] | None:
    if x.part != y.part:
        part = x if x.part else y
        if not any(quotes.holding(*c) for c in part.cites):
            return None  # a clause or who someone is, told in passing inside another fact's sentence
    for a in x.cites:
        for b in y.cites:
            if a[0] == b[0] and a[1] < b[2] and b[1] < a[2] and not _quote_in_sentence(a, b, quotes):
                return a[0], "cited"
    hx, hy = x.head, y.head
    if hx and hy and hx[0] == hy[0] and ((hy[1] <= hx[1] and hx[2] <= hy[2]) or (hx[1] <= hy[1] and hy[2] <= hx[2])):
        return hx[0], "headline"
    for a in x.cites:
        ra = quotes.holding(*a)
        if ra is None:
            continue
        for b in y.cites:
            if b[0] == a[0] and quotes.holding(*b) == ra and _one_sentence(quotes.texts[a[0]], a, b):
                return a[0], "quotation"
    return None


def overlapping_facts(report: Mapping[str, Any]) -> list[Overlap]:
    """Every pair of the report's corroborated items that repeat one another (see the module)."""
    texts = {d["id"]: d["text"] for d in report.get("documents") or ()}
    items = [_item(i, texts) for i in (report.get("findings") or {}).get("corroborated") or ()]
    quotes = _Quotations(texts)
    out = []
    for i, x in enumerate(items):
        for j in range(i + 1, len(items)):
            found = _how(x, items[j], quotes)
            if found is not None:
                out.append(Overlap(i, j, *found))
    return out


def repeated_facts(report: Mapping[str, Any], pairs: Sequence[Overlap] | None = None) -> int:
    """How many corroborated items repeat an item listed before them (each counted once)."""
    pairs = overlapping_facts(report) if pairs is None else pairs
    return len({p.second for p in pairs})
