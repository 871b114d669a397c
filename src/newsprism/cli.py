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
    help="Cross-outlet news analysis: what outlets agree on, where they differ, who said what — every item cited.\n\n"
    "Example: newsprism analyze examples/aleppo-2016-12-14/",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"newsprism {version('newsprism')}")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            typer.echo("newsprism (not installed)")
        raise typer.Exit()


@app.callback()
def _main(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Cross-outlet news analysis: what outlets agree on, where they differ, who said what — every item cited.

    Example: newsprism analyze examples/aleppo-2016-12-14/
    """


def _plain_argument_help() -> None:
    """An argument whose metavar names it ("CORPUS") is shown without Typer's Python type
    after it ("CORPUS <path>", "INPUT <list[str]>"), and a flag without "<bool>": help for
    people, not type noise."""
    try:
        from typer.core import TyperArgument, TyperOption
    except ImportError:  # pragma: no cover - another Typer layout: its default help stays
        return
    for cls in (TyperArgument, TyperOption):
        original = cls.display_type_rich
        if getattr(original, "_newsprism", False):
            continue

        def display_type_rich(self, ctx, _original=original, _is_argument=cls is TyperArgument):  # type: ignore[no-untyped-def]
            if getattr(self, "is_flag", False):
                return None  # "--force <bool>": a flag takes no value
            if _is_argument and self.metavar:
                return None
            return _original(self, ctx)

        display_type_rich._newsprism = True  # type: ignore[attr-defined]
        cls.display_type_rich = display_type_rich  # type: ignore[method-assign]


_plain_argument_help()


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
        typer.Argument(metavar="PATH", help="Article files (.txt, .html, .jsonl, .csv, .parquet, news-please .json, RSS/Atom) or folders of them."),
    ],
    format: Annotated[
        str, typer.Option("--format", "-f", metavar="FORMAT", help="Report format: terminal, json, markdown or html (one self-contained file).")
    ] = "terminal",
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", metavar="FILE", help="Write the report to this file instead of stdout.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the -o file when it exists.")] = False,
    story: Annotated[
        Optional[int], typer.Option("--story", metavar="N", help="With a corpus file as PATH: analyse this stored story.")
    ] = None,
    summary: Annotated[
        str, typer.Option("--summary", metavar="BACKEND", help="Summary backend: extractive (default) or llm (an OpenAI-compatible endpoint).")
    ] = "extractive",
    llm_url: Annotated[
        Optional[str], typer.Option("--llm-url", metavar="URL", help="Base URL of the OpenAI-compatible API (default $NEWSPRISM_LLM_URL).")
    ] = None,
    llm_model: Annotated[
        Optional[str], typer.Option("--llm-model", metavar="NAME", help="Model name for the LLM summary (default $NEWSPRISM_LLM_MODEL).")
    ] = None,
    section: Annotated[
        Optional[list[str]],
        typer.Option("--section", metavar="PART", help="Terminal report: the parts to print (repeatable): brief (default), facts, disputes, quotes, names, figures, timeline, omissions."),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", metavar="N", min=1, help="Terminal report: items per part (default 5).")] = 5,
    show_all: Annotated[bool, typer.Option("--all", help="Terminal report: every part, every item.")] = False,
    mapping: Annotated[
        Optional[str],
        typer.Option("--map", metavar="FIELD=COLUMN,...", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication."),
    ] = None,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes parsing the articles (default: every core).")
    ] = None,
) -> None:
    """Analyse the articles of one story: entities, quotes, figures, dates — all cited.

    Example: newsprism analyze examples/aleppo-2016-12-14/ -f markdown -o report.md
    """
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
    if output is not None:  # refused before any work: an input, an existing file, a bad folder
        from newsprism.report.output import OutputRefused, check_output

        try:
            check_output(output, inputs=paths, force=force)
        except OutputRefused as exc:
            _err(str(exc))
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
            _write_report(output, text, list(paths), force)
            _err(f"wrote {format} report to {output}")
        return
    for skipped in analysis.skipped:
        _err(f"skipped {skipped.message()}")
    groups = _story_groups(analysis) if story is None else []
    if len(groups) > 1:
        shown = "; ".join(", ".join(g[:3]) + (" …" if len(g) > 3 else "") for g in groups[:4])
        _err(
            f"warning: these {len(analysis.documents)} articles look like {len(groups)} separate stories "
            f"({shown}); to split them: newsprism ingest corpus.db FILES... && newsprism stories corpus.db"
        )
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
        # the inputs now include every file read from the folders given
        _write_report(output, text, [*paths, *(Path(d.path) for d in analysis.documents if d.path)], force)
        _err(f"wrote {format} report to {output}")


def _write_report(output: Path, text: str, read: list[Path], force: bool) -> None:
    """Write ``text`` to ``output`` atomically; never over an input (or its folder's manifest)."""
    from newsprism.report.output import OutputRefused, check_output, write_text_atomic

    try:
        manifests = {Path(p).parent / m for p in read for m in ("articles.csv", "articles.jsonl")}
        check_output(output, inputs=[*read, *manifests], force=force)
        write_text_atomic(output, text)
    except OutputRefused as exc:
        _err(str(exc))
        raise typer.Exit(2)
    except OSError as exc:
        _err(f"{output}: cannot write ({exc.strerror or exc})")
        raise typer.Exit(2)


def _story_groups(analysis) -> list[list[str]]:
    """Documents grouped by what ties them: two documents are of one story when a finding
    cites both, or when they name at least two of the same entities. More than one group:
    the files given are probably several stories."""
    ids = [d.id for d in analysis.documents]
    parent = {i: i for i in ids}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    def join(a: str, b: str) -> None:
        parent[find(a)] = find(b)

    f = analysis.findings
    if f is not None:
        for item in (*f.corroborated, *f.conflicts, *f.shared_quotes):
            docs = [d for d in item.docs if d in parent]
            for d in docs[1:]:
                join(docs[0], d)
    named: dict[str, set[str]] = {i: set() for i in ids}
    for e in analysis.entities:
        for m in e.mentions:
            if m.doc in named:
                named[m.doc].add(e.id)
    for x, a in enumerate(ids):
        for b in ids[x + 1 :]:
            if len(named[a] & named[b]) >= 2:
                join(a, b)
    groups: dict[str, list[str]] = {}
    for i in ids:
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values(), key=len, reverse=True)


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
    report: Annotated[Path, typer.Argument(metavar="REPORT", help="A JSON report written by `newsprism analyze --format json`.")],
    sources: Annotated[
        Optional[Path],
        typer.Option("--sources", metavar="DIR|CORPUS", help="Also compare each document's text with its original: a folder of articles or a corpus file."),
    ] = None,
) -> None:
    """Verify a JSON report: its schema, every citation, and what the citations support (exit 1 if not).

    Example: newsprism check out.json --sources examples/aleppo-2016-12-14/
    """
    from newsprism.check import check_report, check_sources, load_report, read_sources

    try:
        data = load_report(report)
    except (OSError, ValueError) as exc:
        _err(f"{report}: cannot read report ({getattr(exc, 'strerror', None) or exc})")
        raise typer.Exit(2)
    problems = check_report(data)
    if sources is not None:
        if not sources.exists():
            _err(f"{sources}: no such file or folder")
            raise typer.Exit(2)
        if isinstance(data, dict) and isinstance(data.get("documents"), list):
            ids = [str(d["id"]) for d in data["documents"] if isinstance(d, dict) and isinstance(d.get("id"), str)]
            try:
                originals = read_sources(sources, ids)
            except Exception as exc:  # an unreadable corpus or folder: one line
                _err(f"{sources}: cannot read the sources ({exc})")
                raise typer.Exit(2)
            problems += check_sources(data, originals)
    for problem in problems:
        _err(f"{report}: {problem.message()}")
    if problems:
        _err(f"{report}: {len(problems)} problem(s)")
        raise typer.Exit(1)
    _out(f"{report}: all citations verified" + (f" against {sources}" if sources else ""))


@app.command(name="eval")
def evaluate(
    shared: Annotated[
        Optional[Path], typer.Option("--shared", metavar="DIR", help="Folder holding stories/ and datasets/ (default: ../shared beside the checkout).")
    ] = None,
    only: Annotated[
        Optional[list[str]], typer.Option("--only", metavar="SUITE", help="Run only these suites (repeatable): seeds, polnear, ecbplus, stories, claimdiff, people, gold, injected, bias.")
    ] = None,
    gate: Annotated[
        bool, typer.Option("--gate/--no-gate", help="Fail (exit 1) when a score is below its pinned floor.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the scores as JSON.")] = False,
) -> None:
    """Run the quality scorers on the public data and the seed story; check the pinned floors.

    Example: newsprism eval --only seeds --json
    """
    from newsprism.evaluate.gate import check_floors, load_floors
    from newsprism.evaluate.runner import SUITES, default_shared_dir, run_suites

    try:
        import yaml  # noqa: F401  (the seed stories' expected.yaml)
    except ImportError:
        _err("newsprism eval needs PyYAML: pip install 'newsprism[eval]'")
        raise typer.Exit(2)
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
        _err(f"{path}: {_corpus_problem(path, exc)}")
        raise typer.Exit(2)


def _corpus_problem(path: Path, exc: Exception) -> str:
    """What is wrong with a corpus path, said as it is (not "not a corpus" for a folder
    the user cannot write in)."""
    import os

    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        return "is a folder; give the corpus file's name"
    if not path.exists():
        if not folder.is_dir():
            return f"folder {folder} does not exist"
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"cannot create the corpus: folder {folder} is not writable"
        return f"cannot create the corpus ({exc})"
    if not os.access(path, os.R_OK):
        return "cannot read the corpus (permission denied)"
    if "unable to open" in str(exc) or "readonly" in str(exc) or not os.access(folder, os.W_OK):
        return f"cannot open the corpus for writing (the file or folder {folder} is read-only: {exc})"
    return f"not a newsprism corpus file ({exc})"


@app.command()
def ingest(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file (SQLite; created if absent).")],
    inputs: Annotated[
        Optional[list[str]],
        typer.Argument(metavar="INPUT", help="Files, folders, .jsonl/.csv/.parquet, news-please .json, RSS/Atom files or URLs, article URLs."),
    ] = None,
    mapping: Annotated[
        Optional[str],
        typer.Option("--map", metavar="FIELD=COLUMN,...", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar; only the summary line.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    follow_links: Annotated[
        bool, typer.Option("--follow-links", help="Fetch each feed item's page for its full text.")
    ] = False,
    timeout: Annotated[
        float, typer.Option("--timeout", metavar="SECONDS", min=0.1, help="Seconds allowed per fetched address (whole response).")
    ] = 15.0,
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", metavar="BYTES", min=1, max=64 * 1024 * 1024, help="Largest response read from an address, in bytes (at most 64 MiB).")
    ] = 5 * 1024 * 1024,
    allow_private: Annotated[
        bool,
        typer.Option(
            "--allow-private",
            help="Fetch addresses on loopback, link-local and private networks (refused by default: a feed names what it fetches).",
        ),
    ] = False,
    batch_size: Annotated[
        int, typer.Option("--batch-size", metavar="N", min=1, help="Articles per committed transaction.")
    ] = 500,
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
        _err("nothing to ingest: give files, folders or addresses (or --recluster / --parse alone)")
        raise typer.Exit(2)
    inputs = inputs or []
    store = _open_corpus(corpus, batch_size=batch_size)
    options = {"follow_links": follow_links, "timeout": timeout, "max_bytes": max_bytes, "allow_private": allow_private}
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
    timeout: Annotated[
        float, typer.Option("--timeout", metavar="SECONDS", min=0.1, help="Seconds allowed per request (whole response).")
    ] = 15.0,
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", metavar="BYTES", min=1, help="Largest response read, in bytes.")
    ] = 5 * 1024 * 1024,
    host_delay: Annotated[
        float, typer.Option("--host-delay", metavar="SECONDS", min=0.0, help="Seconds between two requests to one host.")
    ] = 1.0,
    follow_links: Annotated[
        bool, typer.Option("--follow-links", help="Fetch every new item's page for its full text.")
    ] = False,
    allow_private: Annotated[
        bool,
        typer.Option("--allow-private", help="Fetch addresses on loopback, link-local and private networks (refused by default)."),
    ] = False,
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
        _err(str(exc))
        raise typer.Exit(2)
    config = WatchConfig(
        feeds=tuple(urls), timeout=timeout, max_bytes=max_bytes, host_delay=host_delay,
        follow_links=follow_links, jobs=jobs, allow_private=allow_private,
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
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="Only stories seen on or after this ISO date.")] = None,
    format: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT", help="table (default) or json.")] = "table",
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", min=0, help="At most this many stories (0: all).")] = 50,
    offset: Annotated[int, typer.Option("--offset", metavar="N", min=0, help="Skip this many stories first (the next page).")] = 0,
) -> None:
    """List the stories of a corpus, most recently seen first, one page at a time.

    Example: newsprism stories corpus.db --since 2016-12-01
    """
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
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    format: Annotated[
        Optional[str], typer.Option("--format", "-f", metavar="FORMAT", help="jsonl or parquet (default: from the -o suffix, else jsonl).")
    ] = None,
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", metavar="FILE", help="Where to write the export (default: CORPUS name with the format's suffix).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file when it exists.")] = False,
) -> None:
    """Export every article with its story, copy family and the user's own fields (JSONL or Parquet).

    Example: newsprism export corpus.db -f parquet -o corpus.parquet
    """
    from newsprism.report.output import OutputRefused, atomic_path, check_output

    if not corpus.is_file():
        _err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    if format is None:
        format = "parquet" if output is not None and output.suffix.lower() == ".parquet" else "jsonl"
    if format not in ("jsonl", "parquet"):
        _err(f"unknown format {format!r}; choose jsonl or parquet")
        raise typer.Exit(2)
    if output is None:
        output = Path(corpus.stem + "." + format)
    try:
        check_output(output, inputs=[corpus], force=force)
    except OutputRefused as exc:
        _err(str(exc))
        raise typer.Exit(2)
    with _open_corpus(corpus) as store:
        try:
            with atomic_path(output) as tmp:  # a failed export leaves any old file whole
                count = store.export(tmp, format)
        except ValueError as exc:
            _err(str(exc))
            raise typer.Exit(2)
        except OSError as exc:
            _err(f"{output}: cannot write ({exc.strerror or exc})")
            raise typer.Exit(2)
    _out(f"wrote {count} articles to {output}")


@app.command()
def batch(
    inputs: Annotated[list[str], typer.Argument(metavar="INPUT", help="Input files or folders (.jsonl, .parquet, .csv; with --engine spark any path Spark reads).")],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="FOLDER", help="Output folder for the Parquet tables (created).")],
    engine: Annotated[str, typer.Option("--engine", metavar="ENGINE", help="local (this machine) or spark (Apache Spark; the [spark] extra).")] = "local",
    master: Annotated[
        Optional[str], typer.Option("--master", metavar="URL", help="Spark master URL (default local[*]; spark-submit's when launched by it).")
    ] = None,
    mapping: Annotated[
        Optional[str], typer.Option("--map", metavar="FIELD=COLUMN,...", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication.")
    ] = None,
    findings: Annotated[
        bool, typer.Option("--findings/--no-findings", help="Analyse every story (extraction + findings), or only group.")
    ] = True,
    jobs: Annotated[int, typer.Option("--jobs", "-j", metavar="N", min=1, help="local engine: worker processes for the analyses.")] = 1,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ignore the results of an earlier run in OUTPUT and start over.")] = False,
    conf: Annotated[
        Optional[list[str]], typer.Option("--conf", metavar="KEY=VALUE", help="spark engine: a Spark setting KEY=VALUE (repeatable).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress lines; only the summary.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Run the batch pipeline over a whole corpus: copy families, stories, and each story's analysis, as Parquet tables.

    Example: newsprism batch dump.jsonl -o out/ --engine local -j 2
    """
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
    output: Annotated[Path, typer.Argument(metavar="OUTPUT", help="The output folder of newsprism batch.")],
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="A new corpus file (SQLite) to open the tables in.")],
) -> None:
    """Open the Parquet tables of a batch run in a corpus file (for stories, search, analyze --story and the web pages).

    Example: newsprism load out/ corpus.db
    """
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
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    story: Annotated[int, typer.Option("--story", metavar="N", help="The stored story to report on (see `newsprism stories`).")],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="FILE", help="Where to write the HTML report.")] = Path("story.html"),
) -> None:
    """Write a stored story's HTML report: one self-contained file that works opened from disk.

    Example: newsprism report corpus.db --story 3 -o story.html
    """
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
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS", help="Address to listen on (only this machine by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help="Port to listen on.")] = 8000,
    token: Annotated[
        Optional[str], typer.Option("--token", metavar="TOKEN", help="Enable the write route (re-analyse a story), requiring this token (default $NEWSPRISM_TOKEN).")
    ] = None,
    warm: Annotated[int, typer.Option("--warm", metavar="N", min=0, help="Analyse this many of the newest stories in the background at start.")] = 20,
) -> None:
    """Serve the story workbench (stories, story pages, articles side by side, outlets, /api/) read-only.

    Example: newsprism serve corpus.db --port 8000
    """
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


outlets_app = typer.Typer(help="The outlets of a corpus and their optional registry (groups).\n\nExample: newsprism outlets list corpus.db", no_args_is_help=True)
app.add_typer(outlets_app, name="outlets")


@outlets_app.command(name="import")
def outlets_import(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    registry: Annotated[Path, typer.Argument(metavar="REGISTRY", help="A CSV: name, aliases, domains, country, language, lean, owner, is_wire (group optional).")],
) -> None:
    """Replace the corpus's outlet registry with the rows of a CSV (groups for the story pages).

    Example: newsprism outlets import corpus.db outlets.csv
    """
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
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Every outlet with its article and story counts (and its registry group).

    Example: newsprism outlets list corpus.db
    """
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
    app(prog_name="newsprism")


if __name__ == "__main__":  # pragma: no cover
    main()
