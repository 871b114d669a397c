"""Markdown report: every line with a citation [doc:start-end].

Every article-derived string goes through :func:`newsprism.report.safe.md`
(HTML and Markdown syntax escaped, control characters visible), so a Markdown
renderer shows the article's text and never runs it.
"""

from __future__ import annotations

from newsprism.model import Referent, StoryAnalysis
from newsprism.report.common import (
    NO_SUMMARY,
    single_source_shown,
    quoted_speakers,
    figure_value,
    first_mentions,
    local_entities,
    outlet_label,
    quotes_by_speaker,
    shared_entities,
    resolved_label,
    timeline,
    timeline_when,
)
from newsprism.report.safe import md as _md, md_cite as cite


def _label(analysis: StoryAnalysis, doc: str) -> str:
    return _md(outlet_label(analysis, doc))


def to_markdown(analysis: StoryAnalysis) -> str:
    out: list[str] = [f"# Story analysis: {len(analysis.documents)} articles", ""]
    out += ["## Documents", "", "| id | outlet | dateline | published | damaged text | title |", "|---|---|---|---|---|---|"]
    for d in analysis.documents:
        outlet = outlet_label(analysis, d.id)
        if d.outlet and d.outlet_source:
            outlet += f" ({d.outlet_source})"
        damaged = f"yes, {len(d.damage)} gaps" if d.damaged else "no"
        out.append(
            f"| {_md(d.id)} | {_md(outlet)} | {_md(d.dateline or '')} | {_md(d.published or '')} | {damaged} | {_md(d.title or '')} |"
        )
    noted = [(d.id, note) for d in analysis.documents for note in d.notes]
    if noted:  # what had to be detected or guessed reading them (an encoding, a date)
        out += ["", "## Reading notes", ""]
        out += [f"- {_md(doc)}: {_md(note)}" for doc, note in noted]
    if analysis.skipped:
        out += ["", "## Skipped inputs", ""]
        out += [f"- {_md(s.message())}" for s in analysis.skipped]

    if analysis.findings is not None:
        out += _findings_markdown(analysis)

    out += ["", "## Entities named by more than one report", ""]
    for e in shared_entities(analysis):
        cites = " ".join(f"{_md(text)} {cite(doc, s, t)}" for doc, s, t, text in first_mentions(e))
        variants = ", ".join(v for v in e.variants if v != e.name)  # escaped below
        extra = f"; also written {_md(variants)}" if variants else ""
        out.append(f"- **{_md(e.name)}** ({_md(e.type)}, {len(e.mentions)} mentions{extra}): {cites}")
    local = local_entities(analysis)
    if local:
        out += ["", f"## Entities named by one report ({len(local)})", ""]
        for e in local:
            doc, s, t, text = first_mentions(e)[0]
            out.append(f"- {_md(e.name)} ({_md(e.type)}) — {_label(analysis, doc)} {cite(doc, s, t)}")

    out += ["", "## Who said what", ""]
    for group in quotes_by_speaker(analysis):
        out.append(f"### {_md(group.speaker)}")
        for q in group.quotes:
            flags = []
            if q.partial:
                flags.append("partial")
            if q.note:
                flags.append(_md(q.note))
            flag = f" _({'; '.join(flags)})_" if flags else ""
            out.append(f"- “{_md(q.text)}” — {_label(analysis, q.doc)} {cite(q.doc, q.start, q.end)}{flag}")
        out.append("")

    out += ["## Figures", "", "| figure | counts | source | outlet | citation |", "|---|---|---|---|---|"]
    for f in sorted(analysis.figures, key=lambda f: (f.doc, f.start)):
        out.append(
            f"| {_md(figure_value(f))} | {_md(f.counts or '')} | {_md(f.source or '')} | "
            f"{_label(analysis, f.doc)} | {cite(f.doc, f.start, f.end)} “{_md(f.text)}” |"
        )

    events = timeline(analysis)
    if events:
        out += ["", "## Dates and times", ""]
        for t in events:
            part = f" ({t.part_of_day})" if t.part_of_day else ""
            out.append(f"- {_md(resolved_label(t.resolved))}{_md(part)}: “{_md(t.text)}” — {_label(analysis, t.doc)} {cite(t.doc, t.start, t.end)}")
    out.append("")
    return "\n".join(out)


def _cites(analysis: StoryAnalysis, spans) -> str:
    """Citations grouped by document, in first-cited order: each outlet named once."""
    by_doc: dict[str, list[str]] = {}
    for c in spans:
        by_doc.setdefault(c.doc, []).append(cite(c.doc, c.start, c.end))
    return " ".join(f"{_label(analysis, doc)} {' '.join(refs)}" for doc, refs in by_doc.items())


def _who_is(analysis: StoryAnalysis, ref: Referent | None) -> str:
    """A note on whom a headline's opening pronoun names, cited; "" when nothing resolves it."""
    if ref is None:
        return ""
    return f"_“{_md(ref.pronoun.text)}” is {_md(ref.name)}, named just before:_ {_cites(analysis, ref.citations)}"


def _findings_markdown(analysis: StoryAnalysis) -> list[str]:
    f = analysis.findings
    assert f is not None  # the caller prints findings only when they were computed
    out: list[str] = []
    if f.summary:
        by = "written by the configured LLM, each sentence checked against its citations" \
            if analysis.summary_backend == "llm" else "each sentence quoted from a report"
        out += ["", "## Summary", "", f"_{by}_", ""]
        for sentence in f.summary:
            refs = " ".join(cite(c.doc, c.start, c.end) for c in sentence.citations)
            out.append(f"- {_md(sentence.text)} {refs}")
    elif len(analysis.documents) > 1:
        out += ["", "## Summary", "", f"_{NO_SUMMARY}_"]
    if analysis.summary_note:
        out += ["", f"_LLM summary not used: {_md(analysis.summary_note)}_"]
    out += ["", f"## Corroborated ({len(f.corroborated)})", ""]
    anchors = {x.id: x.anchor for x in f.facts if x.anchor}
    statements = {x.id: x.statement for x in f.facts if x.statement}
    for item in f.corroborated:
        outlets = ", ".join(_label(analysis, d) for d in item.docs)
        wording = f" _(wording: {_md(item.outlet)})_" if item.outlet else ""
        statement = statements.get(item.fact or "")  # who someone is, told in passing: a sentence from the cited words
        if statement:
            wording = " _(told in passing; a sentence made of the cited words)_"
        about = statement or item.about
        out.append(f"- **{_md(about)}**{wording} — {len(item.docs)} reports ({outlets}), {item.sources} independent")
        if item.fact in anchors:  # told in other words: what the reports share, for the reader to check
            out.append(f"  - _one fact by {_md(anchors[item.fact])}_")
        if item.referent is not None:
            out.append(f"  - {_who_is(analysis, item.referent)}")
        for c in item.citations:
            out.append(f"  - “{_md(c.text)}” — {_label(analysis, c.doc)} {cite(c.doc, c.start, c.end)}")
        for sup in item.support:
            if sup.strength == "partly":
                c = sup.citation
                out.append(f"  - _partly:_ “{_md(c.text)}” — {_label(analysis, c.doc)} {cite(c.doc, c.start, c.end)}")
    out += ["", f"## Conflicts between outlets ({len(f.conflicts)})", ""]
    for item in f.conflicts:
        out.append(f"- **{_md(item.about)}**" + (f" ({_md(item.slot)})" if item.slot else ""))
        for v in item.versions:
            who = ", ".join(_label(analysis, d) for d in v.docs)
            out.append(f"  - {who}: “{_md(v.value)}” {' '.join(cite(c.doc, c.start, c.end) for c in v.citations)}")
    if f.figures_compared:
        out += ["", f"## Not conflicts: figures that look alike — what each counts ({len(f.figures_compared)})", ""]
        for group in f.figures_compared:
            out.append(f"- **{_md(group.about)}**")
            for x in group.figures:
                refs = " ".join(cite(c.doc, c.start, c.end) for c in x.citations)
                out.append(f"  - {_label(analysis, x.doc)}: “{_md(x.value)}” — {_md(x.counts)} {refs}")
    if f.framing:
        out += ["", f"## Framing: how outlets label and judge ({len(f.framing)})", ""]
        for frame in f.framing:
            out.append(f"- **{_md(frame.about)}**")
            for lab in frame.labels:
                refs = " ".join(cite(c.doc, c.start, c.end) for c in lab.citations)
                out.append(f"  - {_label(analysis, lab.doc)}: “{_md(lab.label)}” {refs}")
    if f.disputes:
        out += ["", f"## Disputes between parties, as reported ({len(f.disputes)})", ""]
        for item in f.disputes:
            out.append(f"- {_md(item.about)} — {_cites(analysis, item.citations)}")
    if f.shared_quotes:
        out += ["", f"## Quotes carried by several outlets ({len(f.shared_quotes)})", ""]
        for item in f.shared_quotes:
            flag = " — **wording differs**" if item.wording_differs else ""
            if item.sources < len(item.docs):
                flag += f" — {item.sources} independent of {len(item.docs)} reports (copies)"
            out.append(f"- {_md(item.about)}{flag}")
            for v in item.versions:
                who = ", ".join(_label(analysis, d) for d in v.docs)
                out.append(f"  - {who}: “{_md(v.value)}” {' '.join(cite(c.doc, c.start, c.end) for c in v.citations)}")
    single = single_source_shown(f)
    out += ["", f"## Reported by one outlet only ({len(single)})", ""]
    for item in single:
        copies = f" _(copies in {len(item.docs)} reports: one source)_" if len(item.docs) > 1 else ""
        out.append(f"- {_md(item.about)} — {_cites(analysis, item.citations)}{copies}")
        if item.referent is not None:
            out.append(f"  - {_who_is(analysis, item.referent)}")
        for speaker in quoted_speakers(analysis, item):  # quoted words the item shows without their speaker
            out.append(f"  - _quoted: {_md(speaker.name)}, named in the report:_ {_cites(analysis, (speaker.citation,))}")
    if f.omissions:
        out += ["", "## What each outlet leaves out (of the corroborated facts)", ""]
        for o in f.omissions:
            out.append(f"- {_md(o.outlet or outlet_label(analysis, o.doc))} \\[{_md(o.doc)}\\]: carries {len(o.carries)}, omits {len(o.omits)}"
                       + (f", tells {len(o.partly)} only in part" if o.partly else "")
                       + ("" if o.omits or o.partly else ": nothing"))
            headline = {x.id: x.about for x in f.corroborated}
            named = {x.id: x.referent for x in f.corroborated}
            for fid in o.omits:
                note = _who_is(analysis, named.get(fid))
                out.append(f"  - {_md(fid)}: {_md(headline.get(fid, ''))}" + (f" ({note})" if note else ""))
            for fid in o.partly:
                out.append(f"  - tells only in part: {_md(fid)}: {_md(headline.get(fid, ''))}")
    if f.timeline:
        out += ["", "## Timeline", ""]
        for item in f.timeline:
            when = timeline_when(item)
            out.append(f"- {_md(when)}: {_md(item.about)} — {_cites(analysis, item.citations)}")
    return out
