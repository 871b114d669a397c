"""Rich terminal report. Same content as the Markdown one, laid out in tables.

Article-derived text (titles, outlets, sentences, speakers, ids) is never parsed
as Rich markup and never sends a control character: every cell and line is a
``Text`` built with :mod:`newsprism.report.safe` (``plain``/``markup``), so
``[/]``, ``[link=…]`` or ``ESC[2J`` in an article is shown as written.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table
from rich.text import Text

from newsprism.report.safe import console as safe_console, markup as esc, plain, printable

from newsprism.model import StoryAnalysis
from newsprism.report.common import (
    cite,
    figure_value,
    first_mentions,
    local_entities,
    outlet_label,
    short_ids,
    quotes_by_speaker,
    shared_entities,
    timeline,
)


def print_report(analysis: StoryAnalysis, console: Console) -> None:
    console.rule(f"[bold]Story analysis: {len(analysis.documents)} articles")
    short = short_ids(analysis)

    def c(doc: str, start: int, end: int) -> str:
        return cite(short[doc], start, end)

    docs = Table(title="Documents", show_lines=False, expand=True)
    docs.add_column("cited as", no_wrap=True)
    docs.add_column("id", overflow="fold", ratio=3)
    docs.add_column("outlet", overflow="fold", ratio=3)
    docs.add_column("dateline", overflow="fold", ratio=2)
    docs.add_column("published", no_wrap=True)
    docs.add_column("damaged", no_wrap=True)
    for d in analysis.documents:
        outlet = plain(d.outlet or "unknown", style="" if d.outlet else "dim")
        if d.outlet and d.outlet_source:  # how we know it, on its own line: "credit-line", "manifest"
            outlet.append(f"\nfrom {printable(d.outlet_source)}", style="dim")
        damaged = Text(f"{len(d.damage)} gaps", style="yellow") if d.damaged else Text("no")
        docs.add_row(plain(short[d.id]), plain(d.id), outlet, plain(d.dateline or ""), plain(d.published or ""), damaged)
    console.print(docs)
    for d in analysis.documents:  # what had to be detected or guessed reading it (an encoding, a date)
        for note in d.notes:
            _say(console, f"  [yellow]note[/] {esc(d.id)}: {esc(note)}")

    if analysis.skipped:
        _say(console, "[bold red]Skipped inputs[/]")
        for s in analysis.skipped:
            _say(console, f"  [red]•[/] {esc(s.message())}")

    if analysis.findings is not None:
        _print_findings(analysis, console, c)

    ents = Table(title="Entities named by more than one report", expand=True)
    ents.add_column("entity", style="bold")
    ents.add_column("type")
    ents.add_column("as written, first mention in each report")
    for e in shared_entities(analysis):
        ents.add_row(
            plain(e.name), plain(e.type),
            plain("\n".join(f"{printable(text)} {c(doc, s, t)}" for doc, s, t, text in first_mentions(e)), newlines=True),
        )
    console.print(ents)
    local = local_entities(analysis)
    if local:
        _say(
            console,
            f"[dim]{len(local)} entities named by one report only: "
            + ", ".join(esc(e.name) for e in local[:25])
            + (" …" if len(local) > 25 else "")
            + "[/]",
        )

    quotes = Table(title="Who said what", expand=True, show_lines=True)
    quotes.add_column("speaker", style="bold")
    quotes.add_column("quote")
    quotes.add_column("outlet · citation")
    for group in quotes_by_speaker(analysis):
        for i, q in enumerate(group.quotes):
            text = plain(f"“{q.text}”")
            if q.partial:
                text.append(" (partial)", style="dim")
            if q.note:
                text.append(f" ({printable(q.note)})", style="yellow")
            quotes.add_row(
                plain(group.speaker if i == 0 else ""), text, plain(f"{outlet_label(analysis, q.doc)} {c(q.doc, q.start, q.end)}")
            )
    console.print(quotes)

    figs = Table(title="Figures", expand=True)
    for col in ("figure", "counts", "source", "outlet · citation"):
        figs.add_column(col)
    for f in sorted(analysis.figures, key=lambda f: (f.doc, f.start)):
        figs.add_row(
            plain(figure_value(f)), plain(f.counts or ""), plain(f.source or ""),
            plain(f"{outlet_label(analysis, f.doc)} {c(f.doc, f.start, f.end)}"),
        )
    console.print(figs)

    events = timeline(analysis)
    if events:
        times = Table(title="Dates and times", expand=True)
        for col in ("resolved", "as written", "outlet · citation"):
            times.add_column(col)
        for t in events:
            part = f" ({t.part_of_day})" if t.part_of_day else ""
            times.add_row(plain(f"{t.resolved}{part}"), plain(t.text), plain(f"{outlet_label(analysis, t.doc)} {c(t.doc, t.start, t.end)}"))
        console.print(times)


def _print_findings(analysis: StoryAnalysis, console: Console, c, limit: int = 12) -> None:
    f = analysis.findings
    assert f is not None  # the caller prints findings only when they were computed
    if f.summary:
        by = "LLM, checked against its citations" if analysis.summary_backend == "llm" else "quoted from the reports"
        _say(console, f"[bold]Summary[/] (every sentence cited; {by})")
        for sentence in f.summary:
            refs = " ".join(c(x.doc, x.start, x.end) for x in sentence.citations)
            _say(console, f"  • {esc(sentence.text)} [dim]{esc(refs)}[/]")
    if analysis.summary_note:
        _say(console, f"  [yellow]LLM summary not used:[/] {esc(analysis.summary_note)}")

    def more(shown: int, total: int) -> None:
        if total > shown:
            _say(console, f"  [dim]… {total - shown} more in --format markdown or json[/]")

    table = Table(title=f"Corroborated ({len(f.corroborated)})", expand=True, show_lines=True)
    table.add_column("fact, as each outlet tells it")
    table.add_column("outlets", no_wrap=True)
    for item in f.corroborated[:limit]:
        # the headline (whose wording it is), then each outlet's sentence
        head = f"{printable(item.about)} [{printable(item.outlet or 'wording of ' + item.citations[0].doc)}]"
        told = "\n".join(f"“{printable(x.text)}” {c(x.doc, x.start, x.end)}" for x in item.citations)
        partly = sum(1 for s in item.support if s.strength == "partly")
        note = f"\n+{partly} partly" if partly else ""
        table.add_row(plain(head + "\n" + told, newlines=True), f"{len(item.docs)} ({item.sources} independent){note}")
    console.print(table)
    more(min(limit, len(f.corroborated)), len(f.corroborated))

    table = Table(title=f"Conflicts between outlets ({len(f.conflicts)})", expand=True, show_lines=True)
    table.add_column("about", style="bold")
    table.add_column("versions")
    for item in f.conflicts:
        versions = "\n".join(
            printable(
                f"{', '.join(outlet_label(analysis, d) for d in v.docs)}: “{v.value}” "
                + " ".join(c(x.doc, x.start, x.end) for x in v.citations)
            )
            for v in item.versions
        )
        table.add_row(plain(item.about), plain(versions, newlines=True))
    console.print(table)
    if f.framing:
        _say(console, f"[bold]Framing: how outlets label and judge[/] ({len(f.framing)})")
        for frame in f.framing[:limit]:
            _say(console, f"  • {esc(frame.about)}")
            for lab in frame.labels:
                refs = " ".join(c(x.doc, x.start, x.end) for x in lab.citations)
                _say(console, f"      {esc(outlet_label(analysis, lab.doc))}: “{esc(lab.label)}” [dim]{esc(refs)}[/]")
        more(min(limit, len(f.framing)), len(f.framing))
    if f.disputes:
        _say(console, f"[bold]Disputes between parties, as reported[/] ({len(f.disputes)})")
        for item in f.disputes[:limit]:
            _say(console, f"  • {esc(item.about)} [dim]{esc(' '.join(c(x.doc, x.start, x.end) for x in item.citations))}[/]")
        more(min(limit, len(f.disputes)), len(f.disputes))
    for item in f.shared_quotes:
        flag = " [yellow](wording differs)[/]" if item.wording_differs else ""
        if item.sources < len(item.docs):
            flag += f" [dim]({item.sources} independent of {len(item.docs)} reports: copies)[/]"
        _say(console, f"[bold]Shared quote[/]: {esc(item.about)}{flag}")
        for v in item.versions:
            _say(
                console,
                f"  • {esc(', '.join(outlet_label(analysis, d) for d in v.docs))}: “{esc(v.value)}” "
                + esc(" ".join(c(x.doc, x.start, x.end) for x in v.citations)),
            )
    _say(console, f"[bold]Reported by one outlet only[/] ({len(f.single_source)})")
    for item in f.single_source[:limit]:
        _say(
            console,
            f"  • {esc(item.about)} [dim]{esc(' '.join(outlet_label(analysis, x.doc) + ' ' + c(x.doc, x.start, x.end) for x in item.citations[:1]))}[/]",
        )
    more(min(limit, len(f.single_source)), len(f.single_source))
    for o in f.omissions:
        _say(
            console,
            f"[bold]{esc(o.outlet or o.doc)}[/] carries {len(o.carries)} of the corroborated facts, leaves out {len(o.omits)}",
        )
        headline = {x.id: x.about for x in f.corroborated}
        for fid in o.omits[:limit]:
            _say(console, f"    – {esc(fid)}: {esc(headline.get(fid, ''))}")


def _say(console: Console, text: str) -> None:
    """Print one line of our own markup; article text in it was escaped with ``esc``."""
    console.print(Text.from_markup(text, emoji=False))


def to_text(analysis: StoryAnalysis, width: int = 120) -> str:
    buffer = io.StringIO()
    print_report(analysis, safe_console(file=buffer, width=width, no_color=True))
    return buffer.getvalue()
