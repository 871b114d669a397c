"""Rich terminal report. Same content as the Markdown one, laid out in tables."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table
from rich.text import Text

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
        outlet = Text(d.outlet or "unknown", style="" if d.outlet else "dim")
        if d.outlet and d.outlet_source:  # how we know it, on its own line: "credit-line", "manifest"
            outlet.append(f"\nfrom {d.outlet_source}", style="dim")
        damaged = Text(f"{len(d.damage)} gaps", style="yellow") if d.damaged else Text("no")
        docs.add_row(short[d.id], d.id, outlet, d.dateline or "", d.published or "", damaged)
    console.print(docs)

    if analysis.skipped:
        console.print("[bold red]Skipped inputs[/]")
        for s in analysis.skipped:
            console.print(f"  [red]•[/] {s.message()}", highlight=False)

    if analysis.findings is not None:
        _print_findings(analysis, console, c)

    ents = Table(title="Entities named by more than one report", expand=True)
    ents.add_column("entity", style="bold")
    ents.add_column("type")
    ents.add_column("as written, first mention in each report")
    for e in shared_entities(analysis):
        ents.add_row(
            e.name, e.type, "\n".join(f"{text} {c(doc, s, t)}" for doc, s, t, text in first_mentions(e))
        )
    console.print(ents)
    local = local_entities(analysis)
    if local:
        console.print(
            f"[dim]{len(local)} entities named by one report only: "
            + ", ".join(e.name for e in local[:25])
            + (" …" if len(local) > 25 else "")
            + "[/]",
            highlight=False,
        )

    quotes = Table(title="Who said what", expand=True, show_lines=True)
    quotes.add_column("speaker", style="bold")
    quotes.add_column("quote")
    quotes.add_column("outlet · citation")
    for group in quotes_by_speaker(analysis):
        for i, q in enumerate(group.quotes):
            text = Text(f"“{q.text}”")
            if q.partial:
                text.append(" (partial)", style="dim")
            if q.note:
                text.append(f" ({q.note})", style="yellow")
            quotes.add_row(group.speaker if i == 0 else "", text, f"{outlet_label(analysis, q.doc)} {c(q.doc, q.start, q.end)}")
    console.print(quotes)

    figs = Table(title="Figures", expand=True)
    for col in ("figure", "counts", "source", "outlet · citation"):
        figs.add_column(col)
    for f in sorted(analysis.figures, key=lambda f: (f.doc, f.start)):
        figs.add_row(figure_value(f), f.counts or "", f.source or "", f"{outlet_label(analysis, f.doc)} {c(f.doc, f.start, f.end)}")
    console.print(figs)

    events = timeline(analysis)
    if events:
        times = Table(title="Dates and times", expand=True)
        for col in ("resolved", "as written", "outlet · citation"):
            times.add_column(col)
        for t in events:
            part = f" ({t.part_of_day})" if t.part_of_day else ""
            times.add_row(f"{t.resolved}{part}", t.text, f"{outlet_label(analysis, t.doc)} {c(t.doc, t.start, t.end)}")
        console.print(times)


def _print_findings(analysis: StoryAnalysis, console: Console, c, limit: int = 12) -> None:
    f = analysis.findings
    if f.summary:
        by = "LLM, checked against its citations" if analysis.summary_backend == "llm" else "quoted from the reports"
        console.print(f"[bold]Summary[/] (every sentence cited; {by})")
        for sentence in f.summary:
            refs = " ".join(c(x.doc, x.start, x.end) for x in sentence.citations)
            console.print(f"  • {sentence.text} [dim]{refs}[/]", highlight=False)
    if analysis.summary_note:
        console.print(f"  [yellow]LLM summary not used:[/] {analysis.summary_note}", highlight=False)

    def more(shown: int, total: int) -> None:
        if total > shown:
            console.print(f"  [dim]… {total - shown} more in --format markdown or json[/]")

    table = Table(title=f"Corroborated ({len(f.corroborated)})", expand=True, show_lines=True)
    table.add_column("fact, as each outlet tells it")
    table.add_column("outlets", no_wrap=True)
    for item in f.corroborated[:limit]:
        told = "\n".join(f"“{x.text}” {c(x.doc, x.start, x.end)}" for x in item.citations)
        table.add_row(told, f"{len(item.docs)} ({item.sources} independent)")
    console.print(table)
    more(min(limit, len(f.corroborated)), len(f.corroborated))

    table = Table(title=f"Conflicts between outlets ({len(f.conflicts)})", expand=True, show_lines=True)
    table.add_column("about", style="bold")
    table.add_column("versions")
    for item in f.conflicts:
        versions = "\n".join(
            f"{', '.join(outlet_label(analysis, d) for d in v.docs)}: “{v.value}” "
            + " ".join(c(x.doc, x.start, x.end) for x in v.citations)
            for v in item.versions
        )
        table.add_row(item.about, versions)
    console.print(table)
    if f.disputes:
        console.print(f"[bold]Disputes between parties, as reported[/] ({len(f.disputes)})")
        for item in f.disputes[:limit]:
            console.print(f"  • {item.about} [dim]{' '.join(c(x.doc, x.start, x.end) for x in item.citations)}[/]", highlight=False)
        more(min(limit, len(f.disputes)), len(f.disputes))
    for item in f.shared_quotes:
        flag = " [yellow](wording differs)[/]" if item.wording_differs else ""
        if item.sources < len(item.docs):
            flag += f" [dim]({item.sources} independent of {len(item.docs)} reports: copies)[/]"
        console.print(f"[bold]Shared quote[/]: {item.about}{flag}", highlight=False)
        for v in item.versions:
            console.print(
                f"  • {', '.join(outlet_label(analysis, d) for d in v.docs)}: “{v.value}” "
                + " ".join(c(x.doc, x.start, x.end) for x in v.citations),
                highlight=False,
            )
    console.print(f"[bold]Reported by one outlet only[/] ({len(f.single_source)})")
    for item in f.single_source[:limit]:
        console.print(
            f"  • {item.about} [dim]{' '.join(outlet_label(analysis, x.doc) + ' ' + c(x.doc, x.start, x.end) for x in item.citations[:1])}[/]",
            highlight=False,
        )
    more(min(limit, len(f.single_source)), len(f.single_source))
    for o in f.omissions:
        console.print(
            f"[bold]{o.outlet or o.doc}[/] carries {len(o.carries)} of the corroborated facts, leaves out {len(o.omits)}"
            + (f": {', '.join(o.omits)}" if o.omits else ""),
            highlight=False,
        )


def to_text(analysis: StoryAnalysis, width: int = 120) -> str:
    buffer = io.StringIO()
    print_report(analysis, Console(file=buffer, width=width, no_color=True, highlight=False))
    return buffer.getvalue()
