"""Injected conflicts: real multi-outlet events with one shared number changed.

For each BASIL event, the scorer looks for a number two outlets share — a
figure (:mod:`newsprism.extract.figures`) written with digits, with the same
value and unit in two documents, for the same thing (both inside one fact the
unmodified analysis found, else counting the same noun; exact or approximate,
never open-ended: "more than 150" stays compatible with a larger number) — and
changes it in one of them (every
occurrence of that figure's text in that document, so the document stays
consistent with itself): the number becomes a clearly different one (x 1.5,
rounded, never the old value). The changed event is analysed as a story; the
injection is *found* when one conflict cites both versions — a span overlapping
the changed number in the changed document and one overlapping the unchanged
number in the other.

The unchanged events are the control: a conflict there that cites either copy
of the shared number (before it was changed) is *false*. Real conflicts
elsewhere in an event are not counted either way (the gold set judges those).

Reported: ``injected_events`` (events with a shared number), ``injected_recall``
and ``injected_false`` (conflicts on the unchanged phrases, target 0).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from newsprism.compare.counted_nouns import same_counted

__all__ = ["shared_number", "inject", "evaluate_injected"]

_OPEN = frozenset({"more than", "over", "at least", "upwards of", "less than", "under", "fewer than", "at most",
                   "up to", "as many as", "as much as", "as few as"})
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _changed(number: str) -> str:
    """A clearly different number written the same way ("5.6" -> "8.4", "1,200" -> "1,800")."""
    plain = number.replace(",", "")
    value = float(plain)
    new = value * 1.5 if value >= 2 else value + 3
    if "." in plain:
        decimals = len(plain.split(".")[1])
        text = f"{new:.{decimals}f}"
    else:
        text = str(int(round(new)))
        if text == plain:
            text = str(int(plain) + 7)
    if "," in number:
        whole, _, frac = text.partition(".")
        text = f"{int(whole):,}" + (f".{frac}" if frac else "")
    return text


_RANGE_AFTER = re.compile(r"\s*(?:[-–]|to\s|and\s)\s*\$?\d")
_RANGE_BEFORE = re.compile(r"(?:\d\s*[-–]|\bbetween|\bfrom|\d\s+to)\s*\$?$")


def _range_end(text: str, start: int, end: int) -> bool:
    """The figure at [start, end) of ``text`` is one end of a range ("40-60", "between 150 and 200")."""
    return bool(_RANGE_AFTER.match(text[end:end + 8]) or _RANGE_BEFORE.search(text[max(0, start - 10):start]))


def shared_number(analysis, findings=None) -> tuple[Any, Any] | None:
    """Two figures of different documents with the same value and unit, written with
    digits, that the outlets share for the same thing (with ``findings``: inside one
    fact, else counting the same noun), or None."""
    # an open-ended figure ("more than 150") stays compatible with a larger one:
    # changing it would not make a conflict, so only exact or approximate figures
    figures = [f for f in analysis.figures if isinstance(f.value, (int, float)) and _DIGITS.search(f.text)
               and f.unit not in ("time", "age") and (f.qualifier or "").lower() not in _OPEN]
    # one end of a range ("40-60 hours") changed makes another range that may still
    # overlap the first ("60-60"): not an injected conflict
    texts = {d.id: d.text for d in analysis.documents}
    figures = [f for f in figures if not _range_end(texts.get(f.doc, ""), f.start, f.end)]
    pairs = [
        (a, b) for i, a in enumerate(figures) for b in figures[i + 1:]
        if a.doc != b.doc and a.value == b.value and a.unit == b.unit and a.value not in (0, 1)
    ]
    if not pairs or findings is None:
        return pairs[0] if pairs else None
    # a number the two outlets share *for the same thing*: both figures inside
    # one fact's "same fact" support; without one, the same value counting the same noun
    for a, b in pairs:
        for fact in findings.facts:
            same = [s.citation for s in fact.support if s.strength == "same fact"]
            if any(c.doc == a.doc and c.start <= a.start < c.end for c in same) and any(
                c.doc == b.doc and c.start <= b.start < c.end for c in same
            ):
                return a, b
    # counting the same noun as the product reads it (compare/counted_nouns.py): "migrants from a
    # Central American caravan" counts migrants, not the caravan; "people in the town of Kasese"
    # and "people in the city of Mbarara" are two groups
    return next(((a, b) for a, b in pairs if same_counted(a, b)), None)


def _whole(text: str) -> re.Pattern[str]:
    """``text`` as a number of its own: "75" not inside "1975" or "75.5"."""
    return re.compile(r"(?<![\d.,])" + re.escape(text) + r"(?![\d]|[.,]\d)")


def _occurrences(text: str, figure_text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _whole(figure_text).finditer(text)]


def inject(articles: Sequence, figure, spans: list | None = None) -> tuple[list, tuple[int, int] | None]:
    """The articles with ``figure``'s number changed in its document (every
    occurrence of the figure's text there); the new span of the figure's own
    change. ``spans``: filled with the new span of every change."""
    out = []
    first: tuple[int, int] | None = None
    for art in articles:
        if art.id != figure.doc:
            out.append(art)
            continue
        m = _DIGITS.search(figure.text)
        if m is None:
            out.append(art)
            continue
        new_figure = figure.text[: m.start()] + _changed(m.group(0)) + figure.text[m.end():]
        text = art.text
        pieces, pos = [], 0
        for hit in _whole(figure.text).finditer(text):
            pieces.append(text[pos: hit.start()])
            start = sum(len(p) for p in pieces)
            if first is None or hit.start() == figure.start:
                first = (start, start + len(new_figure))
            if spans is not None:
                spans.append((start, start + len(new_figure)))
            pieces.append(new_figure)
            pos = hit.end()
        pieces.append(text[pos:])
        out.append(replace(art, text="".join(pieces)))
    return out, first


def _cites(conflict, doc: str, span: tuple[int, int]) -> bool:
    return any(c.doc == doc and c.start < span[1] and span[0] < c.end for c in conflict.citations)


def evaluate_injected(folder: Path, nlp, limit: int | None = None, embedder=None, detail: list | None = None) -> dict[str, float]:
    from newsprism.evaluate.basil_findings import load_events
    from newsprism.pipeline import run_pipeline

    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    events = load_events(Path(folder))
    if limit is not None:
        events = events[:limit]
    tried = found = false = 0
    for uuid, articles in events:
        analysis = run_pipeline(articles, nlp, embedder=embedder)
        pair = shared_number(analysis, analysis.findings)
        if pair is None:
            continue
        kept, changed = pair
        tried += 1
        control = analysis.findings
        assert control is not None  # the default stages end with the findings
        false_here = [x for x in control.conflicts
                      if _cites(x, kept.doc, (kept.start, kept.end)) or _cites(x, changed.doc, (changed.start, changed.end))]
        false += len(false_here)
        new_spans: list[tuple[int, int]] = []
        modified, new_span = inject(articles, changed, new_spans)
        findings = run_pipeline(modified, nlp, embedder=embedder).findings
        assert findings is not None
        # the changed number cited at any of its occurrences in the changed document
        # (either number cited at any of its occurrences: a report giving the number twice gives it for one thing)
        kept_spans = _occurrences(next((a.text for a in articles if a.id == kept.doc), ""), kept.text)
        hit = new_span is not None and any(
            any(_cites(x, changed.doc, sp) for sp in new_spans) and any(_cites(x, kept.doc, sp) for sp in kept_spans)
            for x in findings.conflicts
        )
        found += hit
        if detail is not None:
            detail.append({"event": uuid, "kept": f"{kept.doc}: {kept.text}", "changed": f"{changed.doc}: {changed.text}",
                           "found": hit, "false": len(false_here)})
    return {
        "injected_events": float(tried),
        "injected_recall": found / tried if tried else 0.0,
        "injected_false": float(false),
    }


if __name__ == "__main__":  # pragma: no cover - manual run
    import sys

    from newsprism.nlp import load_pipeline

    rows: list = []
    here = Path(__file__).resolve()
    shared = next(p for p in here.parents if (p / "pyproject.toml").exists()).parent / "shared"
    scores = evaluate_injected(shared / "datasets" / "basil" / "articles", load_pipeline(),
                               int(sys.argv[1]) if len(sys.argv) > 1 else None, detail=rows)
    for r in rows:
        print(r)
    for key, value in scores.items():
        print(f"{key}\t{value:.4f}")
