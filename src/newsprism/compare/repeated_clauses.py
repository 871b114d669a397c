"""One-outlet items that repeat part of a sentence an item above prints: marked, placed last.

A one-outlet item all of whose citations lie inside a sentence that an item of several reports
prints (a corroborated fact's headline or citation, a conflict: "A deal for Syrian rebels
... broke down Wednesday", the first half of a corroborated headline), or that is a clause (fewer
words) of a sentence a one-report dispute prints whole ("Trapped civilians expressed disbelief,"
beside the dispute printing the sentence), tells nothing the item above does not and reads as no
sentence. It is kept — a script reading the JSON may need the clause — but its ``repeats`` names the
covering item, the reports do not show it, and it goes after the items they show, so the JSON's
order is the order a reader sees. A dispute's sentence told whole ("The Russian Defense Ministry
blamed the rebels ...") repeats nothing: one outlet's news.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from newsprism.model import Findings, Span

__all__ = ["Printed", "covering", "mark_repeats", "printed_sentences"]


@dataclass(frozen=True)
class Printed:
    """A sentence an item above the one-outlet section prints in full (its text is in the item's
    ``about``), the item's id, and whether several reports tell that item."""

    span: Span
    item: str
    several: bool


def _words(text: str) -> str:
    return " ".join(text.split())


def printed_sentences(items: Sequence[tuple[str, str, Sequence[str], Sequence[Span]]]) -> tuple[Printed, ...]:
    """Each sentence the items (``(id, about, docs, spans)``: a finding's citations and its fact's
    headline) print in full."""
    out: list[Printed] = []
    for item_id, about_text, docs, spans in items:
        about = _words(about_text)
        out += [Printed(s, item_id, len(set(docs)) > 1) for s in spans if _words(s.text) and _words(s.text) in about]
    return tuple(out)


def covering(citations: Sequence[Span], printed: Sequence[Printed]) -> str | None:
    """The id of the first item above whose printed sentence holds every one of ``citations`` —
    any such sentence of an item of several reports, or one of a one-report item that the
    citations tell only a clause of (fewer words) — or None."""
    if not citations:
        return None
    words = len(" ".join(c.text for c in citations).split())
    for p in printed:
        s = p.span
        if (all(s.doc == c.doc and s.start <= c.start and c.end <= s.end for c in citations)
                and (p.several or words < len(s.text.split()))):
            return p.item
    return None


def mark_repeats(findings: Findings) -> Findings:
    """``findings`` with each one-outlet item that repeats part of a sentence printed above marked
    (``repeats``: the covering item's id) and moved after the others, the section renumbered."""
    headline = {f.id: f.headline for f in findings.facts}
    printed = printed_sentences([
        (item.id, item.about, item.docs, [*item.citations, *([headline[item.fact]] if item.fact in headline else [])])
        for item in (*findings.corroborated, *findings.conflicts, *findings.disputes)])
    # (all its citations in one sentence: only its own report's printed sentences, in their order)
    by_doc: dict[str, list[Printed]] = {}
    for p in printed:
        by_doc.setdefault(p.span.doc, []).append(p)
    marked = [replace(f, repeats=covering(f.citations, by_doc.get(f.citations[0].doc, []) if f.citations else []))
              for f in findings.single_source]
    ordered = [f for f in marked if f.repeats is None] + [f for f in marked if f.repeats is not None]
    return replace(findings, single_source=tuple(replace(f, id=f"S{i}") for i, f in enumerate(ordered, 1)))
