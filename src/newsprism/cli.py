"""The command line: a thin layer over the library (every command is documented
in docs/cli.md, and a test fails when one is not)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    name="newsprism",
    help="Cross-outlet news analysis: what outlets agree on, where they differ, who said what — every item cited.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _err(message: str) -> None:
    # one line per problem, naming the file; never a traceback for bad input. Messages quote
    # file names and article text: control characters are shown, never sent to the terminal
    from newsprism.report.safe import printable

    typer.echo(f"newsprism: {printable(message)}", err=True)


def _out(line: str) -> None:
    """One line of listing output (article-derived), control characters made visible."""
    from newsprism.report.safe import printable

    typer.echo(printable(line))


def _console(**options):
    from newsprism.report.safe import console

    return console(**options)


@app.command()
def analyze(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Article files (.txt, .html, .jsonl, .csv, .parquet, news-please .json, RSS/Atom) or folders of them."),
    ],
    format: Annotated[
        str, typer.Option("--format", "-f", help="Report format: terminal, json, markdown or html (one self-contained file).")
    ] = "terminal",
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", help="Write the report to this file instead of stdout.")
    ] = None,
    story: Annotated[
        Optional[int], typer.Option("--story", help="With a corpus file as PATH: analyse this stored story.")
    ] = None,
    summary: Annotated[
        str, typer.Option("--summary", help="Summary backend: extractive (default) or llm (an OpenAI-compatible endpoint).")
    ] = "extractive",
    llm_url: Annotated[
        Optional[str], typer.Option("--llm-url", help="Base URL of the OpenAI-compatible API (default $NEWSPRISM_LLM_URL).")
    ] = None,
    llm_model: Annotated[
        Optional[str], typer.Option("--llm-model", help="Model name for the LLM summary (default $NEWSPRISM_LLM_MODEL).")
    ] = None,
    section: Annotated[
        Optional[list[str]],
        typer.Option("--section", help="Terminal report: the parts to print (repeatable): brief (default), facts, disputes, quotes, names, figures, timeline, omissions."),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="Terminal report: items per part (default 5).")] = 5,
    show_all: Annotated[bool, typer.Option("--all", help="Terminal report: every part, every item.")] = False,
    mapping: Annotated[
        Optional[str],
        typer.Option("--map", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication."),
    ] = None,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", min=1, help="Processes parsing the articles (default: every core).")
    ] = None,
) -> None:
    """Analyse the articles of one story: entities, quotes, figures, dates — all cited."""
    from newsprism.pipeline import NothingToAnalyse
    from newsprism.report import FORMATS, render

    if format not in FORMATS:
        _err(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
        raise typer.Exit(2)
    from newsprism.report.terminal import SECTIONS

    bad = sorted(set(section or ()) - set(SECTIONS))
    if bad:
        _err(f"unknown section(s) {', '.join(bad)}; choose from {', '.join(SECTIONS)}")
        raise typer.Exit(2)
    if summary not in ("extractive", "llm"):
        _err(f"unknown summary backend {summary!r}; choose extractive or llm")
        raise typer.Exit(2)
    if mapping is not None:
        from newsprism.corpus.tabular import parse_mapping

        try:
            parse_mapping(mapping)  # a malformed --map is reported before anything is read
        except ValueError as exc:
            _err(str(exc))
            raise typer.Exit(2)
    llm_config = None
    if summary == "llm":
        from newsprism.compare.llm_summary import LLMConfig, SummaryRejected

        try:
            llm_config = LLMConfig.from_env(llm_url, llm_model)
        except SummaryRejected as exc:
            _err(str(exc))
            raise typer.Exit(2)
    stored_json = None
    try:
        if story is not None:
            if len(paths) != 1 or not paths[0].is_file():
                _err("--story needs exactly one corpus file (made by `newsprism ingest`)")
                raise typer.Exit(2)
            from newsprism.engines.local import story_analysis

            # stored when fresh; else computed from the stored parses and stored (refresh does many)
            with _open_corpus(paths[0]) as corpus:
                stored = story_analysis(corpus, story)
            assert stored is not None
            stored_json = stored.to_dict()
            if format == "json" and llm_config is None:
                analysis = None
            else:
                analysis = stored.analysis()
        else:
            from newsprism.engines.local import analyze_paths

            analysis = analyze_paths(paths, jobs=jobs, mapping=mapping)
    except KeyError as exc:
        _err(str(exc.args[0]) if exc.args else str(exc))
        raise typer.Exit(1)
    except NothingToAnalyse as exc:
        for skipped in exc.skipped:
            _err(f"skipped {skipped.message()}")
        _err("nothing could be analysed")
        raise typer.Exit(1)
    if analysis is None:  # a stored story as JSON: the stored contract text, no round trip
        from newsprism.report.json import dumps

        text = dumps(stored_json)
        if output is None:
            sys.stdout.write(text + "\n")
        else:
            output.write_text(text, encoding="utf-8")
            _err(f"wrote {format} report to {output}")
        return
    for skipped in analysis.skipped:
        _err(f"skipped {skipped.message()}")
    if llm_config is not None:
        analysis = _with_llm_summary(analysis, llm_config)
    if output is None and format == "terminal":
        from newsprism.report.terminal import print_report

        print_report(analysis, _console(), sections=section, limit=limit, everything=show_all)
        return
    text = render(analysis, format)
    if output is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    else:
        output.write_text(text, encoding="utf-8")
        _err(f"wrote {format} report to {output}")


def _with_llm_summary(analysis, config):
    """The model's summary when it passes the check; else the extractive one, with the reason."""
    from dataclasses import replace

    from newsprism.compare.llm_summary import SummaryRejected, llm_summary

    try:
        return llm_summary(analysis, config)
    except SummaryRejected as exc:
        _err(f"LLM summary not used, keeping the extractive one: {exc}")
        return replace(analysis, summary_note=str(exc))


@app.command()
def check(
    report: Annotated[Path, typer.Argument(help="A JSON report written by `newsprism analyze --format json`.")],
) -> None:
    """Verify that every citation in a JSON report holds the text it claims (exit 1 if not)."""
    from newsprism.check import check_report_file

    try:
        problems = check_report_file(report)
    except (OSError, ValueError) as exc:
        _err(f"{report}: cannot read report ({exc})")
        raise typer.Exit(2)
    for problem in problems:
        _err(f"{report}: {problem.message()}")
    if problems:
        raise typer.Exit(1)
    _out(f"{report}: all citations verified")


@app.command(name="eval")
def evaluate(
    shared: Annotated[
        Optional[Path], typer.Option("--shared", help="Folder holding stories/ and datasets/ (default: ../shared beside the checkout).")
    ] = None,
    only: Annotated[
        Optional[list[str]], typer.Option("--only", help="Run only these suites (repeatable): seeds, polnear, ecbplus, stories, claimdiff, gold, injected, bias.")
    ] = None,
    gate: Annotated[
        bool, typer.Option("--gate/--no-gate", help="Fail (exit 1) when a score is below its pinned floor.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the scores as JSON.")] = False,
) -> None:
    """Run the quality scorers on the public data and the seed story; check the pinned floors."""
    from newsprism.evaluate.gate import check_floors, load_floors
    from newsprism.evaluate.runner import SUITES, default_shared_dir, run_suites

    shared_dir = shared or default_shared_dir()
    if not shared_dir.is_dir():
        _err(f"{shared_dir}: no such folder (pass --shared PATH)")
        raise typer.Exit(2)
    unknown = sorted(set(only or ()) - set(SUITES))
    if unknown:
        _err(f"unknown suite(s) {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        raise typer.Exit(2)
    scores = run_suites(shared_dir, only=only)
    failures = check_floors(scores, load_floors()) if gate else []
    if gate and not only:  # a full run: every floor must have its score
        failures += [
            f"quality gate: {key} has a floor but no score (a scorer stopped reporting it)"
            for key in sorted(set(load_floors()) - set(scores))
        ]
    if as_json:
        typer.echo(json.dumps(scores, indent=2, sort_keys=True))
    else:
        from rich.table import Table

        floors = load_floors()
        table = Table(title="newsprism eval")
        table.add_column("metric")
        table.add_column("score", justify="right")
        table.add_column("floor", justify="right")
        for key in sorted(scores):
            value = scores[key]
            floor = floors.get(key)
            table.add_row(key, f"{value:.4f}" if isinstance(value, float) else str(value), "" if floor is None else f"{floor:.4f}")
        _console().print(table)
    for failure in failures:
        _err(failure)
    if failures:
        raise typer.Exit(1)


def _open_corpus(path: Path, **options):
    from newsprism.corpus.corpus import Corpus

    try:
        return Corpus(path, **options)
    except Exception as exc:  # sqlite3.DatabaseError and friends: one line, not a traceback
        _err(f"{path}: not a newsprism corpus file ({exc})")
        raise typer.Exit(2)


@app.command()
def ingest(
    corpus: Annotated[Path, typer.Argument(help="The corpus file (SQLite; created if absent).")],
    inputs: Annotated[
        Optional[list[str]],
        typer.Argument(help="Files, folders, .jsonl/.csv/.parquet, news-please .json, RSS/Atom files or URLs, article URLs."),
    ] = None,
    mapping: Annotated[
        Optional[str],
        typer.Option("--map", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar; only the summary line.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    follow_links: Annotated[
        bool, typer.Option("--follow-links", help="Fetch each feed item's page for its full text.")
    ] = False,
    timeout: Annotated[
        float, typer.Option("--timeout", min=0.1, help="Seconds allowed per fetched address (whole response).")
    ] = 15.0,
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", min=1, help="Largest response read from an address, in bytes.")
    ] = 5 * 1024 * 1024,
    batch_size: Annotated[
        int, typer.Option("--batch-size", min=1, help="Articles per committed transaction.")
    ] = 500,
    recluster: Annotated[
        bool, typer.Option("--recluster", help="Afterwards, re-group the whole corpus with batch clustering.")
    ] = False,
    parse: Annotated[
        bool, typer.Option("--parse", help="Afterwards, parse every article not parsed yet and store the parses.")
    ] = False,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", min=1, help="With --parse: parsing processes (default: every core).")
    ] = None,
) -> None:
    """Add articles to a corpus: deduplicate wire copies and assign each to a story as it arrives."""
    import time

    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from newsprism.corpus.corpus import IngestInterrupted

    if not inputs and not recluster and not parse:
        _err("nothing to ingest: give files, folders or addresses (or --recluster / --parse alone)")
        raise typer.Exit(2)
    inputs = inputs or []
    store = _open_corpus(corpus, batch_size=batch_size)
    options = {"follow_links": follow_links, "timeout": timeout, "max_bytes": max_bytes}
    with store:
        try:
            if quiet or as_json:
                summary = _run_ingest(store, inputs, mapping, None, options)
            else:
                with Progress(
                    SpinnerColumn(),
                    TextColumn("{task.description}"),
                    TextColumn("{task.completed:,} articles"),
                    TextColumn("{task.fields[rate]}"),
                    TimeElapsedColumn(),
                    console=_console(stderr=True),
                ) as bar:
                    task = bar.add_task("ingesting", total=None, rate="")
                    started = time.perf_counter()

                    def progress(done: int, total: int | None) -> None:
                        elapsed = time.perf_counter() - started
                        rate = f"{done / elapsed:,.0f} articles/s" if elapsed > 0 else ""
                        bar.update(task, completed=done, rate=rate)

                    summary = _run_ingest(store, inputs, mapping, progress, options)
        except IngestInterrupted as stop:
            done = stop.summary
            for skipped in done.skipped:
                _err(f"skipped {skipped.message()}")
            _err(
                f"interrupted: {done.ingested} articles committed ({done.duplicates} already stored); "
                "run the same command again to resume"
            )
            raise typer.Exit(130)
        stories_after = store.recluster() if recluster else None
        parsed = _run_parse(store, jobs, quiet or as_json) if parse else None
    for skipped in summary.skipped:
        _err(f"skipped {skipped.message()}")
    if as_json:
        payload = summary.to_dict()
        if stories_after is not None:
            payload["stories_after_recluster"] = stories_after
        if parsed is not None:
            payload["parsed"] = {
                "articles": parsed.parsed, "seconds": round(parsed.seconds, 3), "jobs": parsed.jobs,
                "peak_rss_mib": round(parsed.peak_rss_mib, 1), "worker_peak_rss_mib": round(parsed.worker_peak_rss_mib, 1),
            }
        typer.echo(json.dumps(payload, indent=2))
    else:
        rate = f", {summary.articles_per_second:,.0f} articles/s" if summary.read else ""
        _out(
            f"{corpus}: {summary.ingested} ingested ({summary.copies} copies of other reports), "
            f"{summary.duplicates} duplicates (already stored), {len(summary.skipped)} skipped, "
            f"{summary.new_stories} new stories in {summary.seconds:.1f} s{rate}"
        )
        if stories_after is not None:
            _out(f"{corpus}: re-clustered into {stories_after} stories")
        if parsed is not None:
            _out(
                f"{corpus}: {parsed.parsed} articles parsed and stored in {parsed.seconds:.1f} s "
                f"({parsed.articles_per_second:,.1f} articles/s, {parsed.jobs} process(es); peak memory "
                f"{parsed.peak_rss_mib:,.0f} MiB here, {parsed.worker_peak_rss_mib:,.0f} MiB per worker)"
            )
    if summary.read == 0 and summary.skipped:
        raise typer.Exit(1)


def _run_parse(store, jobs, quiet):
    import time

    from newsprism.engines.local import parse_corpus

    try:
        if quiet:
            return parse_corpus(store, jobs=jobs)
        with _progress_bar("articles") as bar:
            task = bar.add_task("parsing", total=None, rate="–")
            return parse_corpus(store, jobs=jobs, progress=_bar_callback(bar, task, time.perf_counter()))
    except KeyboardInterrupt:
        _err("interrupted: the parses finished so far are stored; run `ingest --parse` again to go on")
        raise typer.Exit(130)


def _run_ingest(store, inputs, mapping, progress, options=None):
    try:
        return store.ingest(inputs, mapping=mapping, progress=progress, **(options or {}))
    except ValueError as exc:  # a malformed --map, reported before anything is read
        _err(str(exc))
        raise typer.Exit(2)


def _progress_bar(unit: str):
    """A progress bar on stderr with count, rate and time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(f"{{task.fields[rate]}} {unit}/s"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=_console(stderr=True),
    )


def _bar_callback(bar, task, started: float):
    import time

    def progress(done: int, total: int, detail: str = "") -> None:
        elapsed = time.perf_counter() - started
        bar.update(task, completed=done, total=total, rate=f"{done / elapsed:,.2f}" if elapsed > 0 and done else "–")

    return progress


@app.command()
def refresh(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", min=1, help="Stories analysed at once, one process each (default: every core).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar; only the summary line.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """(Re)analyse every story whose articles changed since its last analysis, and store it."""
    import time

    from newsprism.engines.local import refresh as run_refresh

    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with _open_corpus(corpus) as store:
        try:
            if quiet or as_json:
                summary = run_refresh(store, jobs=jobs)
            else:
                with _progress_bar("stories") as bar:
                    task = bar.add_task("analysing stories", total=None, rate="–")
                    summary = run_refresh(store, jobs=jobs, progress=_bar_callback(bar, task, time.perf_counter()))
        except KeyboardInterrupt:
            _err("interrupted: the stories finished so far are stored; run refresh again to go on")
            raise typer.Exit(130)
    for story_id, reason in summary.failed:
        _err(f"{corpus}: story {story_id} not analysed: {reason}")
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
    else:
        rate = f", {summary.articles / summary.seconds:,.1f} articles/s" if summary.seconds > 0 and summary.articles else ""
        _out(
            f"{corpus}: {summary.stories} stories analysed ({summary.articles} articles: {summary.parsed} parsed, "
            f"{summary.reused} parses reused), {len(summary.failed)} failed, in {summary.seconds:.1f} s{rate}, "
            f"{summary.jobs} process(es); peak memory {summary.peak_rss_mib:,.0f} MiB here, "
            f"{summary.worker_peak_rss_mib:,.0f} MiB per worker"
        )
    if summary.failed and not summary.stories:
        raise typer.Exit(1)


@app.command()
def watch(
    corpus: Annotated[Path, typer.Argument(help="The corpus file (created if absent).")],
    feeds: Annotated[
        Path, typer.Option("--feeds", help="The feeds: a text file (one address a line) or an OPML subscription list.")
    ],
    every: Annotated[str, typer.Option("--every", help="Poll interval: 90s, 15m, 1h (default 15m).")] = "15m",
    alerts: Annotated[
        Optional[Path], typer.Option("--alerts", help="Append every alert to this file as a JSON line.")
    ] = None,
    once: Annotated[bool, typer.Option("--once", help="Poll once and exit (for cron or a test).")] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, help="Processes re-analysing the stories a poll changed.")
    ] = 1,
    timeout: Annotated[
        float, typer.Option("--timeout", min=0.1, help="Seconds allowed per request (whole response).")
    ] = 15.0,
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", min=1, help="Largest response read, in bytes.")
    ] = 5 * 1024 * 1024,
    host_delay: Annotated[
        float, typer.Option("--host-delay", min=0.0, help="Seconds between two requests to one host.")
    ] = 1.0,
    follow_links: Annotated[
        bool, typer.Option("--follow-links", help="Fetch every new item's page for its full text.")
    ] = False,
) -> None:
    """Poll feeds, ingest new articles, refresh their stories, and report new stories, outlets and conflicts."""
    import time

    from newsprism.engines.watch import WatchConfig, Watcher, parse_interval, read_feed_list

    try:
        interval = parse_interval(every)
        urls = read_feed_list(feeds)
    except ValueError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    config = WatchConfig(
        feeds=tuple(urls), timeout=timeout, max_bytes=max_bytes, host_delay=host_delay,
        follow_links=follow_links, jobs=jobs,
    )
    sink = open(alerts, "a", encoding="utf-8") if alerts else None

    def on_poll(report) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        for feed, reason in report.failed:
            _err(f"{feed}: {reason}")
        _out(f"{stamp} {report.line()}")

    try:
        with _open_corpus(corpus) as store:
            watcher = Watcher(store, config, alerts=sink, say=lambda line: _out(f"  {line}"))
            _err(f"watching {len(urls)} feed(s) into {corpus}" + ("" if once else f", every {every}; Ctrl-C stops"))
            watcher.run(interval, rounds=1 if once else None, on_poll=on_poll)
    except KeyboardInterrupt:
        _err("stopped: everything stored so far is kept; run watch again to go on")
        raise typer.Exit(130)
    finally:
        if sink is not None:
            sink.close()


@app.command()
def stories(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    since: Annotated[Optional[str], typer.Option("--since", help="Only stories seen on or after this ISO date.")] = None,
    format: Annotated[str, typer.Option("--format", "-f", help="table (default) or json.")] = "table",
    limit: Annotated[int, typer.Option("--limit", "-n", min=0, help="At most this many stories (0: all).")] = 50,
    offset: Annotated[int, typer.Option("--offset", min=0, help="Skip this many stories first (the next page).")] = 0,
) -> None:
    """List the stories of a corpus, most recently seen first, one page at a time."""
    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    if format not in ("table", "json"):
        _err(f"unknown format {format!r}; choose table or json")
        raise typer.Exit(2)
    with _open_corpus(corpus) as store:
        try:
            found = store.stories(since=since, limit=limit or None, offset=offset)
            total = store.count_stories(since=since)
        except ValueError as exc:  # --since that is not an ISO date
            _err(str(exc))
            raise typer.Exit(2)
    if format == "json":
        typer.echo(json.dumps([s.to_dict() for s in found], indent=2, ensure_ascii=False))
        return
    from rich.table import Table

    from newsprism.report.safe import plain

    if len(found) < total:
        first = offset + 1 if found else offset
        title = f"stories {first}–{offset + len(found)} of {total:,}"
        hint = f" (next page: --offset {offset + len(found)})" if offset + len(found) < total else ""
    else:
        title, hint = f"{total:,} stories", ""
    table = Table(title=title, caption=hint.strip(" ()") or None)
    for col in ("id", "title", "articles", "independent reports", "outlets", "first seen", "last seen"):
        table.add_column(col)
    for s in found:  # titles and outlets come from articles: Text cells, never markup
        table.add_row(
            str(s.id), plain(s.title or ""), str(len(s.articles)), str(s.families), plain(_outlets_cell(s.outlets)),
            plain(s.first_seen or ""), plain(s.last_seen or ""),
        )
    _console().print(table)


def _outlets_cell(outlets, shown: int = 3) -> str:
    """The first outlets and how many more: a story carried by 40 outlets stays one line."""
    if len(outlets) <= shown + 1:
        return ", ".join(outlets)
    return ", ".join(outlets[:shown]) + f" +{len(outlets) - shown} more"


@app.command()
def search(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    query: Annotated[str, typer.Argument(help="Full-text query (SQLite FTS5 syntax; plain words are all required).")],
    outlet: Annotated[Optional[str], typer.Option("--outlet", help="Only articles of this outlet (any case).")] = None,
    since: Annotated[Optional[str], typer.Option("--since", help="Only articles published on or after this ISO date.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", help="Only articles published on or before this ISO date.")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many hits.")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print the hits as JSON.")] = False,
) -> None:
    """Full-text search over a corpus (SQLite FTS5), with outlet and date filters."""
    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with _open_corpus(corpus) as store:
        try:
            hits = store.search(query, outlet=outlet, since=since, until=until, limit=limit)
        except ValueError as exc:  # --since/--until that is not an ISO date
            _err(str(exc))
            raise typer.Exit(2)
    if as_json:
        import dataclasses

        typer.echo(json.dumps([dataclasses.asdict(h) for h in hits], indent=2, ensure_ascii=False))
        return
    for h in hits:
        _out(f"{h.article_id}  story {h.story}  {h.outlet or 'outlet unknown'}  {h.published or ''}  {h.title or ''}")
        _out(f"    {h.snippet}")
    if not hits:
        typer.echo("no match")


@app.command()
def export(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    format: Annotated[str, typer.Option("--format", "-f", help="jsonl or parquet.")] = "jsonl",
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write the export.")] = Path("corpus.jsonl"),
) -> None:
    """Export every article with its story and copy family (JSONL or Parquet)."""
    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with _open_corpus(corpus) as store:
        try:
            count = store.export(output, format)
        except ValueError as exc:
            _err(str(exc))
            raise typer.Exit(2)
    _out(f"wrote {count} articles to {output}")


@app.command()
def batch(
    inputs: Annotated[list[str], typer.Argument(help="Input files or folders (.jsonl, .parquet, .csv; with --engine spark any path Spark reads).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Output folder for the Parquet tables (created).")],
    engine: Annotated[str, typer.Option("--engine", help="local (this machine) or spark (Apache Spark; the [spark] extra).")] = "local",
    master: Annotated[
        Optional[str], typer.Option("--master", help="Spark master URL (default local[*]; spark-submit's when launched by it).")
    ] = None,
    mapping: Annotated[
        Optional[str], typer.Option("--map", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication.")
    ] = None,
    findings: Annotated[
        bool, typer.Option("--findings/--no-findings", help="Analyse every story (extraction + findings), or only group.")
    ] = True,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="local engine: worker processes for the analyses.")] = 1,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ignore the results of an earlier run in OUTPUT and start over.")] = False,
    conf: Annotated[
        Optional[list[str]], typer.Option("--conf", help="spark engine: a Spark setting KEY=VALUE (repeatable).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress lines; only the summary.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Run the batch pipeline over a whole corpus: copy families, stories, and each story's analysis, as Parquet tables."""
    from newsprism.engines.batch import Progress, run_local
    from newsprism.engines.steps import BatchParams

    if engine not in ("local", "spark"):
        _err(f"unknown engine {engine!r}; choose local or spark")
        raise typer.Exit(2)
    params = BatchParams(findings=findings)
    progress = Progress(quiet=quiet or as_json)
    try:
        if engine == "local":
            summary = run_local(inputs, output, mapping, params, jobs=jobs, fresh=fresh, progress=progress)
        else:
            from newsprism.engines.spark import BatchError, run_spark

            settings = {}
            for item in conf or []:
                key, sep, value = item.partition("=")
                if not sep or not key.strip():
                    _err(f"--conf takes KEY=VALUE, got {item!r}")
                    raise typer.Exit(2)
                settings[key.strip()] = value.strip()
            try:
                summary = run_spark(inputs, output, mapping, params, master=master, fresh=fresh, progress=progress,
                                    conf=settings)
            except BatchError as exc:
                _err(str(exc))
                raise typer.Exit(1)
    except ValueError as exc:  # a malformed --map, before anything is read
        _err(str(exc))
        raise typer.Exit(2)
    except KeyboardInterrupt:
        _err(f"interrupted: finished steps are kept in {output}/_work; run the same command again to resume")
        raise typer.Exit(130)
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
    else:
        rate = summary.articles / summary.total_seconds if summary.total_seconds else 0.0
        typer.echo(
            f"{output}: {summary.articles} articles ({summary.duplicates} duplicates dropped, {summary.skipped} skipped), "
            f"{summary.families} copy families, {summary.stories} stories, {summary.analysed_stories} analysed; "
            f"{summary.total_seconds:.1f} s, {rate:,.1f} articles/s ({summary.engine} engine)"
        )
    if summary.articles == 0 and summary.skipped:
        raise typer.Exit(1)


@app.command()
def load(
    output: Annotated[Path, typer.Argument(help="The output folder of newsprism batch.")],
    corpus: Annotated[Path, typer.Argument(help="A new corpus file (SQLite) to open the tables in.")],
) -> None:
    """Open the Parquet tables of a batch run in a corpus file (for stories, search, analyze --story and the web pages)."""
    from newsprism.engines.batch import Progress, load_output

    try:
        counts = load_output(output, corpus, Progress())
    except (FileNotFoundError, ValueError) as exc:
        _err(str(exc))
        raise typer.Exit(2)
    typer.echo(
        f"{corpus}: {counts['articles']} articles, {counts['families']} copy families, {counts['stories']} stories"
        f" loaded from {output} ({counts['analyses']} stored analyses)"
    )


@app.command()
def report(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    story: Annotated[int, typer.Option("--story", help="The stored story to report on (see `newsprism stories`).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write the HTML report.")] = Path("story.html"),
) -> None:
    """Write a stored story's HTML report: one self-contained file that works opened from disk."""
    from newsprism.corpus.browse import load_registry, registry_groups, story_leads
    from newsprism.report.web.analyses import story_analysis
    from newsprism.report.web.render import render_report

    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    from newsprism.engines.local import story_analysis as stored_analysis

    with _open_corpus(corpus) as store:
        try:
            result = story_analysis(store, story, compute=stored_analysis)
        except KeyError as exc:
            _err(str(exc.args[0]) if exc.args else str(exc))
            raise typer.Exit(1)
        row = store.store.conn.execute("SELECT title FROM stories WHERE id=?", (story,)).fetchone()
        title = (row[0] if row else None) or story_leads(store.store.conn, [story]).get(story)
        groups = registry_groups(load_registry(store.store.conn))
    output.write_text(render_report(result, title=title, groups=groups), encoding="utf-8")
    _err(f"wrote the HTML report of story {story} to {output}")


@app.command()
def serve(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    host: Annotated[str, typer.Option("--host", help="Address to listen on (only this machine by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    token: Annotated[
        Optional[str], typer.Option("--token", help="Enable the write route (re-analyse a story), requiring this token (default $NEWSPRISM_TOKEN).")
    ] = None,
    warm: Annotated[int, typer.Option("--warm", min=0, help="Analyse this many of the newest stories in the background at start.")] = 20,
) -> None:
    """Serve the story workbench (stories, story pages, articles side by side, outlets, /api/) read-only."""
    import os

    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    try:
        import uvicorn

        from newsprism.report.web.app import create_app
    except ImportError:
        _err("newsprism serve needs the web extra: pip install 'newsprism[web]'")
        raise typer.Exit(2)
    from newsprism.engines.local import Analyser, story_analysis

    analyser = Analyser()

    def compute(store, story_id: int):  # stored parses reused; the analysis stored for next time
        return story_analysis(store, story_id, analyser=analyser)

    app_ = create_app(corpus, token=token or os.environ.get("NEWSPRISM_TOKEN") or None, warm=warm,
                      compute=compute, load_nlp=lambda: analyser.nlp)
    _err(f"serving {corpus} at http://{host}:{port}/ (read-only{', writes need the token' if token else ''}); Ctrl-C stops")
    uvicorn.run(app_, host=host, port=port, log_level="warning")


outlets_app = typer.Typer(help="The outlets of a corpus and their optional registry (groups).", no_args_is_help=True)
app.add_typer(outlets_app, name="outlets")


@outlets_app.command(name="import")
def outlets_import(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    registry: Annotated[Path, typer.Argument(help="A CSV: name, aliases, domains, country, language, lean, owner, is_wire (group optional).")],
) -> None:
    """Replace the corpus's outlet registry with the rows of a CSV (groups for the story pages)."""
    from newsprism.corpus.browse import read_registry_csv, save_registry

    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    try:
        entries, problems = read_registry_csv(registry)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        _err(f"{registry}: cannot read the registry ({exc})")
        raise typer.Exit(2)
    for problem in problems:
        _err(problem)
    with _open_corpus(corpus) as store:
        save_registry(store.store, entries)
    groups = {name for e in entries if (name := e.group_name())}
    _out(f"{corpus}: {len(entries)} outlets in the registry, {len(groups)} groups")


@outlets_app.command(name="list")
def outlets_list(
    corpus: Annotated[Path, typer.Argument(help="The corpus file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Every outlet with its article and story counts (and its registry group)."""
    import dataclasses

    from newsprism.corpus.browse import load_registry, outlet_rows, registry_groups

    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with _open_corpus(corpus) as store:
        rows = outlet_rows(store.store.conn)
        groups = registry_groups(load_registry(store.store.conn))
    if as_json:
        typer.echo(json.dumps([{**dataclasses.asdict(r), "group": groups.get(r.name.casefold())} for r in rows], indent=2, ensure_ascii=False))
        return
    for r in rows:
        group = groups.get(r.name.casefold())
        _out(f"{r.name}  {r.articles} articles  {r.stories} stories" + (f"  group: {group}" if group else ""))


def main() -> None:  # console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
