"""Rich terminal report: the brief first, the rest on request.

The brief (summary, conflicts, framing, the top single-source facts) reads in a
minute; every statement carries a short citation, ``[NYT 0-232]`` (outlet label and
character span), with a legend of the labels printed once. ``sections`` picks other
parts (facts, disputes, quotes, names, figures, timeline, omissions); ``limit`` caps
the items per part; the full picture is in the HTML report (``--format html``).

Article-derived text (titles, outlets, sentences, speakers, labels) is never parsed as
Rich markup and never sends a control character: lines go through ``_say`` with the
text escaped by :mod:`newsprism.report.safe` (``markup``), table cells are ``plain``.
"""

from __future__ import annotations

import io
from typing import Iterable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from newsprism.report.safe import console as safe_console, markup as escape, plain, printable

from newsprism.model import Referent, StoryAnalysis, possessive
from newsprism.report.common import (
    NO_SUMMARY,
    single_source_shown,
    quoted_speakers,
    figure_value,
    first_mentions,
    local_entities,
    named_by_label,
    outlet_labels,
    quotes_by_speaker,
    shared_entities,
    resolved_label,
    timeline,
    timeline_when,
)

SECTIONS = ("brief", "facts", "disputes", "quotes", "names", "figures", "timeline", "omissions")
DEFAULT_LIMIT = 5


def print_report(
    analysis: StoryAnalysis,
    console: Console,
    sections: Sequence[str] | None = None,
    limit: int | None = DEFAULT_LIMIT,
    everything: bool = False,
) -> None:
    """The report on ``console``. ``sections`` default to the brief; ``everything`` prints
    every section with no limit."""
    unknown = sorted(set(sections or ()) - set(SECTIONS))
    if unknown:
        raise ValueError(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    chosen = list(SECTIONS) if everything else list(sections or ("brief",))
    cap = None if everything else limit
    labels = outlet_labels(analysis)
    # a framing item names a report of no known outlet by its id: shown as its label
    unnamed = {d.id: labels[d.id][0] for d in analysis.documents if not d.outlet}

    def c(doc: str, start: int, end: int) -> str:
        return f"[{printable(labels[doc][0])} {start}-{end}]"

    def cites(spans: Iterable) -> str:  # for markup strings: escaped
        return escape(" ".join(c(x.doc, x.start, x.end) for x in spans))

    def who(docs: Iterable[str]) -> str:
        return escape(", ".join(labels[d][0] for d in docs))

    def who_is(ref: Referent | None, indent: str = "      ") -> None:  # whom a headline's opening pronoun names
        if ref is not None:
            _say(console, f"{indent}[dim]“{escape(ref.pronoun.text)}” is {escape(_fold(ref.name))}, named just before "
                          f"{cites(ref.citations)}[/]")

    def c1(doc: str, start: int, end: int) -> str:  # one citation, escaped for markup
        return escape(c(doc, start, end))

    n_outlets = len({d.outlet or d.id for d in analysis.documents})
    console.rule(f"[bold]Story: {len(analysis.documents)} articles from {n_outlets} outlets")
    _legend(analysis, console, labels)
    for d in analysis.documents:  # what had to be detected or guessed reading it (an encoding, a date)
        for note in d.notes:
            _say(console, f"  [yellow]note[/] {escape(labels[d.id][0])}: {escape(note)}")
    if analysis.skipped:
        _say(console, "[bold red]Skipped inputs[/]")
        for s in analysis.skipped:
            _say(console, f"  [red]•[/] {escape(s.message())}")

    f = analysis.findings
    shown: list[str] = []

    def more(title: str, shown_n: int, total: int) -> None:
        if total > shown_n:
            _say(console, f"  [dim]… {total - shown_n} more {title}: --section {_section_of(title)} --limit {total}, or --all[/]")

    def head(text: str) -> None:
        console.print()
        _say(console, f"[bold underline]{text}[/]")

    def clip(text: str, limit: int = 200) -> str:  # shortened, except with --all
        return _fold(text) if cap is None else _short(text, limit)

    def take(items):
        return list(items if cap is None else items[:cap])

    if "brief" in chosen and f is not None:
        shown.append("brief")
        if f.summary:
            by = "written by the LLM, checked against its citations" if analysis.summary_backend == "llm" else "each sentence quoted from a report"
            head(f"In short ({by})")
            for sentence in f.summary:
                _say(console, f"  • {escape(_fold(sentence.text))} [dim]{cites(sentence.citations)}[/]")
        elif len(analysis.documents) > 1:
            head("In short")
            _say(console, f"  [dim]{NO_SUMMARY}[/]")
        if analysis.summary_note:
            _say(console, f"  [yellow]LLM summary not used:[/] {escape(analysis.summary_note)}")
        head(f"Where the outlets disagree ({len(f.conflicts)})")
        if not f.conflicts:
            console.print("  [dim]No outlet gives a figure, date, duration or name that contradicts another's.[/]")
        for item in f.conflicts:
            _say(console, f"  • [bold]{escape(_fold(item.about))}[/]")
            for v in item.versions:
                by = f" (according to {escape(v.attributed_to)})" if v.attributed_to else ""
                _say(console, f"      {who(v.docs)}: “{escape(_fold(v.value))}”{by} [dim]{cites(v.citations)}[/]")
        if f.figures_compared:
            # figures that a hasty reader would set against each other: what each counts
            head(f"Not conflicts: figures that look alike — what each counts ({len(f.figures_compared)})")
            for group in take(f.figures_compared):
                _say(console, f"  • [bold]{escape(_fold(group.about))}[/]")
                for x in group.figures:
                    _say(console, f"      {who([x.doc])}: “{escape(_fold(x.value))}” — {escape(_fold(x.counts))} "
                                  f"[dim]{cites(x.citations)}[/]")
            more("figures compared", len(take(f.figures_compared)), len(f.figures_compared))
        framing = f.framing
        head(f"How the outlets frame it ({len(framing)})")
        if not framing:
            _say(console, "  [dim]No outlet labels or judges the people and events differently from the others.[/]")
        for frame in take(framing):
            _say(console, f"  • [bold]{escape(_fold(named_by_label(frame.about, unnamed)))}[/]")
            for lab in frame.labels:
                _say(console, f"      {who([lab.doc])}: “{escape(_fold(lab.label))}” [dim]{cites(lab.citations)}[/]")
        more("framing differences", len(take(framing)), len(framing))
        single = single_source_shown(f)
        head(f"Only one outlet reports ({len(single)})")
        for item in take(single):
            # every citation: a one-outlet fact may be told in two places of its report, or by its copies
            # told by several reports that are copies of one (one independent source): said so
            copies = f" (copies in {len(item.docs)} reports: one source)" if len(item.docs) > 1 else ""
            _say(console, f"  • {escape(_fold(item.about))} [dim]{cites(item.citations)}{copies}[/]")
            who_is(item.referent)
            for speaker in quoted_speakers(analysis, item):  # quoted words the item shows without their speaker
                _say(console, f"      [dim]quoted: {escape(_fold(speaker.name))}, named in the report {cites((speaker.citation,))}[/]")
        more("single-source facts", len(take(single)), len(single))

    if "facts" in chosen and f is not None:
        shown.append("facts")
        head(f"Facts told by several outlets ({len(f.corroborated)})")
        statements = {x.id: x.statement for x in f.facts if x.statement}
        for item in take(f.corroborated):
            independent = f", {item.sources} independent" if item.sources and item.sources < len(item.docs) else ""
            partly = sum(1 for x in item.support if x.strength == "partly")
            partly_note = f"; {partly} more say part of it" if partly else ""
            wording = f" (in {escape(possessive(_label_of(analysis, labels, item.outlet)))} words)" if item.outlet else ""
            statement = statements.get(item.fact)  # who someone is, told in passing: a sentence made of the cited words
            if statement:
                wording = " (told in passing)"
            # the headline's own citation: the sentence is one report's words, and the reader must find it
            own = [] if statement else [x for x in item.citations if x.text.strip() == item.about.strip()][:1]
            own_cite = f" {cites(own)}" if own else ""
            _say(console, f"  • {escape(_fold(statement or item.about))}{wording}[dim]{own_cite} — {who(item.docs)}{independent}{partly_note}[/]")
            for x in item.citations:
                if x not in own:
                    _say(console, f"      {escape(labels[x.doc][0])}: “{escape(clip(x.text))}” [dim]{c1(x.doc, x.start, x.end)}[/]")
            who_is(item.referent)
        more("facts", len(take(f.corroborated)), len(f.corroborated))

    if "disputes" in chosen and f is not None and f.disputes:
        shown.append("disputes")
        head(f"Disagreements between parties, as reported ({len(f.disputes)})")
        for item in take(f.disputes):
            _say(console, f"  • {escape(_fold(item.about))} [dim]{cites(item.citations)}[/]")
        more("disputes", len(take(f.disputes)), len(f.disputes))

    if "quotes" in chosen:
        shown.append("quotes")
        if f is not None and f.shared_quotes:
            head(f"Quotes carried by several outlets ({len(f.shared_quotes)})")
            for item in f.shared_quotes:
                flag = " [yellow](wording differs)[/]" if item.wording_differs else ""
                if item.sources < len(item.docs):
                    flag += f" [dim]({item.sources} independent of {len(item.docs)}: copies)[/]"
                _say(console, f"  • {escape(_fold(item.about))}{flag}")
                for v in item.versions:
                    _say(console, f"      {who(v.docs)}: “{escape(_fold(v.value))}” [dim]{cites(v.citations)}[/]")
        groups = quotes_by_speaker(analysis)
        head(f"Who said what ({len(analysis.quotes)} quotes, {len(groups)} speakers)")
        for group in take(groups):
            _say(console, f"  [bold]{escape(group.speaker)}[/]")
            for q in group.quotes if cap is None else group.quotes[:3]:
                extra = " (partial)" if q.partial else ""
                extra += f" ({escape(q.note)})" if q.note else ""
                _say(console, f"      “{escape(clip(q.text, 160))}”{extra} [dim]{c1(q.doc, q.start, q.end)}[/]")
        more("speakers", len(take(groups)), len(groups))

    if "names" in chosen:
        shown.append("names")
        shared = shared_entities(analysis)
        table = Table(title=f"Names used by more than one outlet ({len(shared)})", expand=True, title_justify="left")
        table.add_column("who or what", style="bold")
        table.add_column("kind")
        table.add_column("as written (first mention in each)")
        for e in take(shared):
            table.add_row(plain(e.name), plain(e.type),
                          plain("\n".join(f"{printable(text)} {c(doc, s, t)}" for doc, s, t, text in first_mentions(e)), newlines=True))
        console.print(table)
        more("names", len(take(shared)), len(shared))
        local = local_entities(analysis)
        if local:
            _say(console, f"  [dim]{len(local)} more named by one outlet only[/]")

    if "figures" in chosen:
        shown.append("figures")
        figures = sorted(analysis.figures, key=lambda x: (x.doc, x.start))
        table = Table(title=f"Figures ({len(figures)})", expand=True, title_justify="left")
        for col in ("figure", "counts", "according to", "cited"):
            table.add_column(col)
        for x in take(figures):
            table.add_row(plain(figure_value(x)), plain(x.counts or ""), plain(x.source or ""), plain(c(x.doc, x.start, x.end)))
        console.print(table)
        more("figures", len(take(figures)), len(figures))

    if "timeline" in chosen:
        shown.append("timeline")
        if f is not None and f.timeline:
            head(f"Timeline ({len(f.timeline)} events)")
            for item in take(f.timeline):
                when = timeline_when(item)
                _say(console, f"  {escape(when):<16} {escape(clip(item.about, 140))} [dim]{cites(item.citations)}[/]")
            more("timeline events", len(take(f.timeline)), len(f.timeline))
        events = timeline(analysis)
        if events:
            head(f"Dates and times as written ({len(events)})")
            for t in take(events):
                _say(console, f"  {resolved_label(t.resolved):<16} “{escape(t.text)}” [dim]{c1(t.doc, t.start, t.end)}[/]")

    if "omissions" in chosen and f is not None and f.omissions:
        shown.append("omissions")
        head("What each outlet leaves out (of the facts several outlets tell)")
        about = {x.id: x.about for x in f.corroborated}
        named = {x.id: x.referent for x in f.corroborated if x.referent is not None}
        for o in f.omissions:
            _say(console, f"  [bold]{escape(labels[o.doc][0])}[/] carries {len(o.carries)}, leaves out {len(o.omits)}")
            for fid in take(list(o.omits)):
                _say(console, f"      – {escape(clip(about.get(fid, fid), 140))}")
                who_is(named.get(fid), "        ")
            for fid in take(list(o.partly)):
                _say(console, f"      ~ tells only in part: {escape(clip(about.get(fid, fid), 120))}")

    rest = [s for s in SECTIONS if s not in shown]
    console.print()
    if rest:
        _say(console, f"[dim]Also available: --section {' | '.join(rest)} (repeatable), --all for everything.[/]")
    _say(console, "[dim]The full report with the articles side by side: --format html -o story.html[/]")


def _say(console: Console, text: str) -> None:
    """Print one line of our own markup; article text in it was escaped with ``escape``."""
    console.print(Text.from_markup(text, emoji=False))


def _section_of(title: str) -> str:
    for key, words in (("brief", ("single-source", "framing", "compared")), ("facts", ("facts",)), ("disputes", ("disputes",)),
                       ("quotes", ("speakers",)), ("names", ("names",)), ("figures", ("figures",)),
                       ("timeline", ("timeline",))):
        if any(w in title for w in words):
            return key
    return "brief"


def _label_of(analysis: StoryAnalysis, labels, outlet: str) -> str:
    """The short label of an outlet named in a finding (its first document's)."""
    doc = next((d.id for d in analysis.documents if d.outlet == outlet), None)
    return labels[doc][0] if doc else outlet


def _fold(text: str) -> str:
    """Runs of spaces (where the source lost words) folded for reading; spans are unchanged."""
    return " ".join(text.split())


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _legend(analysis: StoryAnalysis, console: Console, labels) -> None:
    """The outlet labels used in citations, once: [NYT 0-232] = The New York Times, characters 0-232."""
    table = Table(box=None, show_header=True, pad_edge=False, expand=False, title="Sources", title_justify="left")
    table.add_column("label", style="bold", no_wrap=True)
    table.add_column("outlet")
    table.add_column("published", no_wrap=True)
    table.add_column("note", no_wrap=True)
    table.add_column("file", overflow="fold")
    for d in analysis.documents:
        note = []
        if d.outlet and d.outlet_source and d.outlet_source not in ("manifest", "jsonl", "store"):
            note.append(f"named in the {str(d.outlet_source).replace('-', ' ')}")
        if d.damaged:
            note.append(f"{len(d.damage)} gaps")
        name = labels[d.id][1]
        if d.title:
            name += f" — {d.title}"
        table.add_row(plain(labels[d.id][0]), plain(name), plain((d.published or "")[:10]), plain("; ".join(note)), plain(d.id))
    console.print(table)
    _say(console, "[dim]Citations read [LABEL start-end]: the outlet and the character span of its text.[/]")


def to_text(analysis: StoryAnalysis, width: int = 120, sections: Sequence[str] | None = None,
            limit: int | None = DEFAULT_LIMIT, everything: bool = False) -> str:
    buffer = io.StringIO()
    print_report(analysis, safe_console(file=buffer, width=width, no_color=True),
                 sections=sections, limit=limit, everything=everything)
    return buffer.getvalue()
