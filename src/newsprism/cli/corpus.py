"""Commands that build and read a corpus file: ingest, refresh, watch, stories, search, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from newsprism.cli.app import (
    AllowPrivateOption,
    FollowLinksOption,
    MappingOption,
    MaxBytesOption,
    TimeoutOption,
    app,
    bar_callback,
    bar_wanted,
    err,
    guard_output,
    make_console,
    open_corpus,
    out,
    progress_bar,
    write_output,
)


@app.command()
def ingest(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file (SQLite; created if absent).")],
    inputs: Annotated[
        Optional[list[str]],
        typer.Argument(metavar="INPUT", help="Files, folders, .jsonl/.csv/.parquet, news-please .json, RSS/Atom files or URLs, article URLs."),
    ] = None,
    mapping: MappingOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar; only the summary line.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    follow_links: FollowLinksOption = False,
    timeout: TimeoutOption = 15.0,
    max_bytes: MaxBytesOption = 5 * 1024 * 1024,
    allow_private: AllowPrivateOption = False,
    batch_size: Annotated[
        int, typer.Option("--batch-size", metavar="N", min=1, help="Articles per committed transaction.")
    ] = 2000,
    recluster: Annotated[
        bool, typer.Option("--recluster", help="Afterwards, re-group the whole corpus with batch clustering.")
    ] = False,
    parse: Annotated[
        bool, typer.Option("--parse", help="Afterwards, parse every article not parsed yet and store the parses.")
    ] = False,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", metavar="N", min=1, help="With --parse: parsing processes (default: every core).")
    ] = None,
) -> None:
    """Add articles to a corpus: deduplicate wire copies and assign each to a story as it arrives.

    Example: newsprism ingest corpus.db feeds/ news.csv --map text=content,outlet=publication
    """
    import time

    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from newsprism.corpus.corpus import IngestInterrupted

    if not inputs and not recluster and not parse:
        err("nothing to ingest: give files, folders or addresses (or --recluster / --parse alone)")
        raise typer.Exit(2)
    inputs = inputs or []
    store = open_corpus(corpus, batch_size=batch_size)
    options = {"follow_links": follow_links, "timeout": timeout, "max_bytes": max_bytes, "allow_private": allow_private}
    with store:
        try:
            if quiet or as_json or not bar_wanted():
                summary = _run_ingest(store, inputs, mapping, None, options)
            else:
                with Progress(
                    SpinnerColumn(),
                    TextColumn("{task.description}"),
                    TextColumn("{task.completed:,} articles"),
                    TextColumn("{task.fields[rate]}"),
                    TimeElapsedColumn(),
                    console=make_console(stderr=True),
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
                err(f"skipped {skipped.message()}")
            err(
                f"interrupted: {done.ingested} articles committed ({done.duplicates} already stored); "
                "run the same command again to resume"
            )
            raise typer.Exit(130)
        stories_after = store.recluster() if recluster else None
        parsed = _run_parse(store, jobs, quiet or as_json) if parse else None
    for skipped in summary.skipped:
        err(f"skipped {skipped.message()}")
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
        out(
            f"{corpus}: {summary.ingested} ingested ({summary.copies} copies of other reports), "
            f"{summary.duplicates} duplicates (already stored), {len(summary.skipped)} skipped, "
            f"{summary.new_stories} new stories in {summary.seconds:.1f} s{rate}"
        )
        if stories_after is not None:
            out(f"{corpus}: re-clustered into {stories_after} stories")
        if parsed is not None:
            out(
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
        with progress_bar("articles") as bar:
            task = bar.add_task("parsing", total=None, rate="–")
            return parse_corpus(store, jobs=jobs, progress=bar_callback(bar, task, time.perf_counter()))
    except KeyboardInterrupt:
        err("interrupted: the parses finished so far are stored; run `ingest --parse` again to go on")
        raise typer.Exit(130)


def _run_ingest(store, inputs, mapping, progress, options=None):
    try:
        return store.ingest(inputs, mapping=mapping, progress=progress, **(options or {}))
    except ValueError as exc:  # a malformed --map, reported before anything is read
        err(str(exc))
        raise typer.Exit(2)


@app.command()
def refresh(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", metavar="N", min=1, help="Stories analysed at once, one process each (default: every core).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar; only the summary line.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """(Re)analyse every story whose articles changed since its last analysis, and store it.

    Example: newsprism refresh corpus.db --jobs 2
    """
    import time

    from newsprism.engines.local import refresh as run_refresh

    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with open_corpus(corpus) as store:
        try:
            if quiet or as_json:
                summary = run_refresh(store, jobs=jobs)
            else:
                with progress_bar("stories") as bar:
                    task = bar.add_task("analysing stories", total=None, rate="–")
                    summary = run_refresh(store, jobs=jobs, progress=bar_callback(bar, task, time.perf_counter()))
        except KeyboardInterrupt:
            err("interrupted: the stories finished so far are stored; run refresh again to go on")
            raise typer.Exit(130)
    for story_id, reason in summary.failed:
        err(f"{corpus}: story {story_id} not analysed: {reason}")
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
    else:
        rate = f", {summary.articles / summary.seconds:,.1f} articles/s" if summary.seconds > 0 and summary.articles else ""
        out(
            f"{corpus}: {summary.stories} stories analysed ({summary.articles} articles: {summary.parsed} parsed, "
            f"{summary.reused} parses reused), {len(summary.failed)} failed, in {summary.seconds:.1f} s{rate}, "
            f"{summary.jobs} process(es); peak memory {summary.peak_rss_mib:,.0f} MiB here, "
            f"{summary.worker_peak_rss_mib:,.0f} MiB per worker"
        )
    if summary.failed and not summary.stories:
        raise typer.Exit(1)


@app.command()
def watch(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file (created if absent).")],
    feeds: Annotated[
        Path, typer.Option("--feeds", metavar="FILE", help="The feeds: a text file (one address a line) or an OPML subscription list.")
    ],
    every: Annotated[str, typer.Option("--every", metavar="INTERVAL", help="Poll interval: 90s, 15m, 1h (default 15m).")] = "15m",
    alerts: Annotated[
        Optional[Path], typer.Option("--alerts", metavar="FILE", help="Append every alert to this file as a JSON line.")
    ] = None,
    once: Annotated[bool, typer.Option("--once", help="Poll once and exit (for cron or a test).")] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes re-analysing the stories a poll changed.")
    ] = 1,
    timeout: TimeoutOption = 15.0,
    max_bytes: MaxBytesOption = 5 * 1024 * 1024,
    host_delay: Annotated[
        float, typer.Option("--host-delay", metavar="SECONDS", min=0.0, help="Seconds between two requests to one host.")
    ] = 1.0,
    follow_links: FollowLinksOption = False,
    allow_private: AllowPrivateOption = False,
) -> None:
    """Poll feeds, ingest new articles, refresh their stories, and report new stories, outlets and conflicts.

    Example: newsprism watch corpus.db --feeds feeds.opml --every 15m --alerts alerts.jsonl
    """
    import time

    from newsprism.engines.watch import WatchConfig, Watcher, parse_interval, read_feed_list

    try:
        interval = parse_interval(every)
        urls = read_feed_list(feeds)
    except ValueError as exc:
        err(str(exc))
        raise typer.Exit(2)
    config = WatchConfig(
        feeds=tuple(urls), timeout=timeout, max_bytes=max_bytes, host_delay=host_delay,
        follow_links=follow_links, jobs=jobs, allow_private=allow_private,
    )
    if alerts is not None:  # appended to (so it may exist), but never the corpus or the feed list
        guard_output(alerts, [corpus, feeds], force=True)
    sink = open(alerts, "a", encoding="utf-8") if alerts else None

    def on_poll(report) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        for feed, reason in report.failed:
            err(f"{feed}: {reason}")
        out(f"{stamp} {report.line()}")

    try:
        with open_corpus(corpus) as store:
            watcher = Watcher(store, config, alerts=sink, say=lambda line: out(f"  {line}"))
            err(f"watching {len(urls)} feed(s) into {corpus}" + ("" if once else f", every {every}; Ctrl-C stops"))
            watcher.run(interval, rounds=1 if once else None, on_poll=on_poll)
    except KeyboardInterrupt:
        err("stopped: everything stored so far is kept; run watch again to go on")
        raise typer.Exit(130)
    finally:
        if sink is not None:
            sink.close()


@app.command()
def stories(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="Only stories seen on or after this ISO date.")] = None,
    format: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT", help="table (default) or json.")] = "table",
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", min=0, help="At most this many stories (0: all).")] = 50,
    offset: Annotated[int, typer.Option("--offset", metavar="N", min=0, help="Skip this many stories first (the next page).")] = 0,
    min_outlets: Annotated[int, typer.Option("--min-outlets", metavar="N", min=0,
                                             help="Only stories told by at least N outlets (2: the ones to compare).")] = 0,
) -> None:
    """List the stories of a corpus, most recently seen first, one page at a time.

    Example: newsprism stories corpus.db --since 2016-12-01 --min-outlets 3
    """
    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    if format not in ("table", "json"):
        err(f"unknown format {format!r}; choose table or json")
        raise typer.Exit(2)
    with open_corpus(corpus) as store:
        try:
            found = store.stories(since=since, limit=limit or None, offset=offset, min_outlets=min_outlets)
            total = store.count_stories(since=since, min_outlets=min_outlets)
        except ValueError as exc:  # --since that is not an ISO date
            err(str(exc))
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
        title, hint = f"{total:,} {'story' if total == 1 else 'stories'}", ""
    from rich import box

    console = make_console()
    # the title takes what the other columns leave: counts, dates and ids never wrap, and on a
    # narrow console (an 80-column pipe) the first-seen date goes, so a title reads as a line
    wide = console.width >= 100
    table = Table(title=title, caption=hint.strip(" ()") or None, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("id", justify="right", no_wrap=True)
    table.add_column("title", ratio=1, min_width=20)
    table.add_column("arts", justify="right", no_wrap=True)
    table.add_column("indep", justify="right", no_wrap=True)
    table.add_column("outlets", max_width=26 if wide else 18)
    if wide:
        table.add_column("first seen", no_wrap=True)
    table.add_column("last seen", no_wrap=True)
    for s in found:  # titles and outlets come from articles: Text cells, never markup
        row = [str(s.id), plain(s.title or ""), str(len(s.articles)), str(s.families), plain(_outlets_cell(s.outlets))]
        if wide:
            row.append(plain(s.first_seen or ""))
        table.add_row(*row, plain(s.last_seen or ""))
    console.print(table)


def _outlets_cell(outlets, shown: int = 3) -> str:
    """The first outlets and how many more: a story carried by 40 outlets stays one line."""
    if len(outlets) <= shown + 1:
        return ", ".join(outlets)
    return ", ".join(outlets[:shown]) + f" +{len(outlets) - shown} more"


@app.command()
def search(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    query: Annotated[str, typer.Argument(metavar="QUERY", help="Full-text query (SQLite FTS5 syntax; plain words are all required).")],
    outlet: Annotated[Optional[str], typer.Option("--outlet", metavar="NAME", help="Only articles of this outlet: any case, without 'The', initials (AP, NYT) or a prefix; lists the outlets when none matches.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="Only articles published on or after this ISO date.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Only articles published on or before this ISO date.")] = None,
    limit: Annotated[int, typer.Option("--limit", metavar="N", min=1, help="At most this many hits.")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print the hits as JSON.")] = False,
) -> None:
    """Full-text search over a corpus (SQLite FTS5), with outlet and date filters.

    Example: newsprism search corpus.db "Aleppo evacuation" --outlet reuters
    """
    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with open_corpus(corpus) as store:
        try:
            hits = store.search(query, outlet=outlet, since=since, until=until, limit=limit)
        except ValueError as exc:  # --since/--until that is not an ISO date
            err(str(exc))
            raise typer.Exit(2)
    if as_json:
        import dataclasses

        typer.echo(json.dumps([dataclasses.asdict(h) for h in hits], indent=2, ensure_ascii=False))
        return
    for h in hits:
        out(f"{h.article_id}  story {h.story}  {h.outlet or 'outlet unknown'}  {h.published or ''}  {h.title or ''}")
        out(f"    {h.snippet}")
    if not hits:
        typer.echo("no match")


@app.command()
def export(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    format: Annotated[
        Optional[str], typer.Option("--format", "-f", metavar="FORMAT", help="jsonl or parquet (default: from the -o suffix, else jsonl).")
    ] = None,
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", metavar="FILE", help="Where to write the export (default: CORPUS name with the format's suffix).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file when it exists.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar (none when stderr is not a terminal either).")] = False,
) -> None:
    """Export every article with its story, copy family and the user's own fields (JSONL or Parquet).

    Example: newsprism export corpus.db -f parquet -o corpus.parquet
    """
    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    if format is None:
        format = "parquet" if output is not None and output.suffix.lower() == ".parquet" else "jsonl"
    if format not in ("jsonl", "parquet"):
        err(f"unknown format {format!r}; choose jsonl or parquet")
        raise typer.Exit(2)
    if output is None:
        output = Path(corpus.stem + "." + format)
    guard_output(output, [corpus], force)
    with open_corpus(corpus) as store:
        try:  # a failed export leaves any old file whole
            if bar_wanted(quiet):
                import time

                with progress_bar("articles") as bar:
                    task = bar.add_task("exporting", total=None, rate="–")
                    tick = bar_callback(bar, task, time.perf_counter())
                    count = write_output(output, lambda tmp: store.export(tmp, format, progress=tick), [corpus], force)
            else:
                count = write_output(output, lambda tmp: store.export(tmp, format), [corpus], force)
        except ValueError as exc:
            err(str(exc))
            raise typer.Exit(2)
    out(f"wrote {count} articles to {output}")
