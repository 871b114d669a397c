"""Markdown report: every line with a citation [doc:start-end]."""

from __future__ import annotations

from ..model import StoryAnalysis
from .common import (
    cite,
    figure_value,
    first_mentions,
    local_entities,
    outlet_label,
    quotes_by_speaker,
    shared_entities,
    timeline,
)


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(analysis: StoryAnalysis) -> str:
    out: list[str] = [f"# Story analysis: {len(analysis.documents)} articles", ""]
    out += ["## Documents", "", "| id | outlet | dateline | published | damaged text | title |", "|---|---|---|---|---|---|"]
    for d in analysis.documents:
        outlet = d.outlet or "unknown"
        if d.outlet and d.outlet_source:
            outlet += f" ({d.outlet_source})"
        damaged = f"yes, {len(d.damage)} gaps" if d.damaged else "no"
        out.append(
            f"| {d.id} | {_md(outlet)} | {_md(d.dateline or '')} | {d.published or ''} | {damaged} | {_md(d.title or '')} |"
        )
    if analysis.skipped:
        out += ["", "## Skipped inputs", ""]
        out += [f"- {_md(s.message())}" for s in analysis.skipped]

    out += ["", "## Entities named by more than one report", ""]
    for e in shared_entities(analysis):
        cites = " ".join(f"{_md(text)} {cite(doc, s, t)}" for doc, s, t, text in first_mentions(e))
        variants = ", ".join(v for v in e.variants if v != e.name)
        extra = f"; also written {_md(variants)}" if variants else ""
        out.append(f"- **{_md(e.name)}** ({e.type}, {len(e.mentions)} mentions{extra}): {cites}")
    local = local_entities(analysis)
    if local:
        out += ["", f"## Entities named by one report ({len(local)})", ""]
        for e in local:
            doc, s, t, text = first_mentions(e)[0]
            out.append(f"- {_md(e.name)} ({e.type}) — {outlet_label(analysis, doc)} {cite(doc, s, t)}")

    out += ["", "## Who said what", ""]
    for group in quotes_by_speaker(analysis):
        out.append(f"### {_md(group.speaker)}")
        for q in group.quotes:
            flags = []
            if q.partial:
                flags.append("partial")
            if q.note:
                flags.append(q.note)
            flag = f" _({'; '.join(flags)})_" if flags else ""
            out.append(f"- “{_md(q.text)}” — {outlet_label(analysis, q.doc)} {cite(q.doc, q.start, q.end)}{flag}")
        out.append("")

    out += ["## Figures", "", "| figure | counts | source | outlet | citation |", "|---|---|---|---|---|"]
    for f in sorted(analysis.figures, key=lambda f: (f.doc, f.start)):
        out.append(
            f"| {_md(figure_value(f))} | {_md(f.counts or '')} | {_md(f.source or '')} | "
            f"{_md(outlet_label(analysis, f.doc))} | {cite(f.doc, f.start, f.end)} “{_md(f.text)}” |"
        )

    events = timeline(analysis)
    if events:
        out += ["", "## Dates and times", ""]
        for t in events:
            part = f" ({t.part_of_day})" if t.part_of_day else ""
            out.append(f"- {t.resolved}{part}: “{_md(t.text)}” — {outlet_label(analysis, t.doc)} {cite(t.doc, t.start, t.end)}")
    out.append("")
    return "\n".join(out)
