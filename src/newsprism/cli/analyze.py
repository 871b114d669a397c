"""Commands on articles given as files: analyze, check, eval."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from newsprism.cli.app import MappingOption, analysis_progress, app, bar_wanted, err, guard_output, make_console, open_corpus, out, progress_bar, write_report


@app.command()
def analyze(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH", help="Article files (.txt, .html, .jsonl, .csv, .parquet, news-please .json, RSS/Atom) or folders of them."),
    ],
    format: Annotated[
        Optional[str], typer.Option("--format", "-f", metavar="FORMAT", help="Report format: terminal, json, markdown (md) or html (one self-contained file); default: from the -o file's suffix (.json, .md, .html), else terminal.")
    ] = None,
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
    mapping: MappingOption = None,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes parsing the articles (default: every core).")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bars (there are none when stderr is not a terminal either).")
    ] = False,
    embedder: Annotated[
        str, typer.Option("--embedder", metavar="KIND", help="Sentence vectors of the cross-outlet alignment: static (default, the packaged model) or transformer (the full all-MiniLM-L6-v2, the [embeddings] extra; several times slower, docs/evaluation.md).")
    ] = "static",
) -> None:
    """Analyse the articles of one story: entities, quotes, figures, dates — all cited.

    Example: newsprism analyze examples/aleppo-2016-12-14/ -f markdown -o report.md
    """
    from newsprism.pipeline import NothingToAnalyse
    from newsprism.report import FORMATS, render

    format = _format_named(format, output)
    if format not in FORMATS:
        err(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
        raise typer.Exit(2)
    from newsprism.report.terminal import SECTIONS

    bad = sorted(set(section or ()) - set(SECTIONS))
    if bad:
        err(f"unknown section(s) {', '.join(bad)}; choose from {', '.join(SECTIONS)}")
        raise typer.Exit(2)
    if summary not in ("extractive", "llm"):
        err(f"unknown summary backend {summary!r}; choose extractive or llm")
        raise typer.Exit(2)
    if embedder not in ("static", "transformer"):
        err(f"unknown embedder {embedder!r}; choose static or transformer")
        raise typer.Exit(2)
    if embedder != "static" and story is not None:
        err("--embedder transformer analyses article files; a stored story is analysed with the static model")
        raise typer.Exit(2)
    if output is not None:  # refused before any work: an input, an existing file, a bad folder
        guard_output(output, paths, force)
    if mapping is not None:
        from newsprism.corpus.tabular import parse_mapping

        try:
            parse_mapping(mapping)  # a malformed --map is reported before anything is read
        except ValueError as exc:
            err(str(exc))
            raise typer.Exit(2)
    llm_config = None
    if summary == "llm":
        from newsprism.compare.llm_summary import LLMConfig, SummaryRejected

        try:
            llm_config = LLMConfig.from_env(llm_url, llm_model)
        except SummaryRejected as exc:
            err(str(exc))
            raise typer.Exit(2)
    stored_json = None
    try:
        if story is not None:
            if len(paths) != 1 or not paths[0].is_file():
                err("--story needs exactly one corpus file (made by `newsprism ingest`)")
                raise typer.Exit(2)
            from newsprism.engines.local import story_analysis

            # stored when fresh; else computed from the stored parses and stored (refresh does many)
            with open_corpus(paths[0]) as corpus:
                stored = story_analysis(corpus, story)
            assert stored is not None
            stored_json = stored.to_dict()
            if format == "json" and llm_config is None:
                analysis = None
            else:
                analysis = stored.analysis()
        else:
            from newsprism.engines.local import Analyser, analyze_paths

            analyser = None
            if embedder != "static":
                from newsprism.compare.embed import embedder_or_exit

                try:
                    analyser = Analyser(embedder=embedder_or_exit(embedder, "newsprism analyze"))
                except SystemExit:
                    raise typer.Exit(2)
            with analysis_progress(quiet) as progress:
                analysis = analyze_paths(paths, jobs=jobs, mapping=mapping, progress=progress, analyser=analyser)
    except KeyError as exc:
        err(str(exc.args[0]) if exc.args else str(exc))
        raise typer.Exit(1)
    except NothingToAnalyse as exc:
        for skipped in exc.skipped:
            err(f"skipped {skipped.message()}")
        err("nothing could be analysed")
        raise typer.Exit(1)
    if analysis is None:  # a stored story as JSON: the stored contract text, no round trip
        from newsprism.report.json import dumps

        text = dumps(stored_json)
        if output is None:
            sys.stdout.write(text + "\n")
        else:
            write_report(output, text, list(paths), force)
            err(f"wrote {format} report to {output}")
        return
    for skipped in analysis.skipped:
        err(f"skipped {skipped.message()}")
    groups = _story_groups(analysis) if story is None else []
    if len(groups) > 1:
        shown = "; ".join(", ".join(g[:3]) + (" …" if len(g) > 3 else "") for g in groups[:4])
        err(
            f"warning: these {len(analysis.documents)} articles look like {len(groups)} separate stories "
            f"({shown}); to split them: newsprism ingest corpus.db FILES... && newsprism stories corpus.db"
        )
    if llm_config is not None:
        analysis = _with_llm_summary(analysis, llm_config)
    if output is None and format == "terminal":
        from newsprism.report.terminal import print_report

        print_report(analysis, make_console(), sections=section, limit=limit, everything=show_all)
        return
    text = render(analysis, format)
    if output is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    else:
        # the inputs now include every file read from the folders given
        write_report(output, text, [*paths, *(Path(d.path) for d in analysis.documents if d.path)], force)
        err(f"wrote {format} report to {output}")


_FORMAT_ALIASES = {"md": "markdown", "htm": "html", "text": "terminal", "txt": "terminal"}
_SUFFIX_FORMATS = {".json": "json", ".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}


def _format_named(given: str | None, output: Path | None) -> str:
    """The report format asked for (any case; "md" is markdown), else the one the -o file's
    suffix names ("report.md" is not meant to hold terminal text), else terminal."""
    if given:
        name = given.strip().lower()
        return _FORMAT_ALIASES.get(name, name)
    if output is not None:
        return _SUFFIX_FORMATS.get(output.suffix.lower(), "terminal")
    return "terminal"


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
        err(f"LLM summary not used, keeping the extractive one: {exc}")
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
        err(f"{report}: cannot read report ({getattr(exc, 'strerror', None) or exc})")
        raise typer.Exit(2)
    problems = check_report(data)
    if sources is not None:
        if not sources.exists():
            err(f"{sources}: no such file or folder")
            raise typer.Exit(2)
        if isinstance(data, dict) and isinstance(data.get("documents"), list):
            ids = [str(d["id"]) for d in data["documents"] if isinstance(d, dict) and isinstance(d.get("id"), str)]
            try:
                originals = read_sources(sources, ids)
            except Exception as exc:  # an unreadable corpus or folder: one line
                err(f"{sources}: cannot read the sources ({exc})")
                raise typer.Exit(2)
            problems += check_sources(data, originals)
    for problem in problems:
        err(f"{report}: {problem.message()}")
    if problems:
        err(f"{report}: {len(problems)} problem(s)")
        raise typer.Exit(1)
    out(f"{report}: all citations verified" + (f" against {sources}" if sources else ""))


def _run_suites_or_exit(run_suites, shared_dir: Path, only, progress, split: str | None) -> dict:
    """The suites' scores; a data file missing (a split not there) is one line, not a traceback."""
    try:
        return run_suites(shared_dir, only=only, progress=progress, split=split)
    except FileNotFoundError as exc:
        err(f"eval: {exc}")
        raise typer.Exit(2)


@app.command(name="eval")
def evaluate(
    shared: Annotated[
        Optional[Path], typer.Option("--shared", metavar="DIR", help="Folder holding stories/ and datasets/ (default: ../shared beside the checkout).")
    ] = None,
    only: Annotated[
        Optional[list[str]], typer.Option("--only", metavar="SUITE", help="Run only these suites (repeatable): seeds, polnear, ecbplus, stories, claimdiff, people, gold, injected, bias, faithful, ecbfacts.")
    ] = None,
    gate: Annotated[
        bool, typer.Option("--gate/--no-gate", help="Fail (exit 1) when a score is below its pinned floor.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the scores as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar (none when stderr is not a terminal either).")] = False,
    split: Annotated[
        Optional[str], typer.Option("--split", metavar="NAME", help="Score another split of the public sets (test: ECB+ test_*, PolNeAR test/, ClaimDiff *-test.json). The floors are for the development splits, so no gate.")
    ] = None,
) -> None:
    """Run the quality scorers on the public data and the seed story; check the pinned floors.

    Example: newsprism eval --only seeds --json
    """
    from newsprism.evaluate.gate import check_floors, load_floors
    from newsprism.evaluate.runner import SUITES, default_shared_dir, run_suites

    try:
        import yaml  # noqa: F401  (the seed stories' expected.yaml)
    except ImportError:
        err("newsprism eval needs PyYAML: pip install 'newsprism[eval]'")
        raise typer.Exit(2)
    shared_dir = shared or default_shared_dir()
    if not shared_dir.is_dir():
        err(f"{shared_dir}: no such folder (pass --shared PATH)")
        raise typer.Exit(2)
    unknown = sorted(set(only or ()) - set(SUITES))
    if unknown:
        err(f"unknown suite(s) {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        raise typer.Exit(2)
    if split and gate:
        err(f"eval: split {split!r}: the floors are for the development splits, so no gate")
        gate = False
    if bar_wanted(quiet):
        with progress_bar("suites") as bar:
            task = bar.add_task("loading the language model", total=len(only or SUITES), rate="–")

            def tick(name: str, done: int, total: int) -> None:
                label = {"model": "loading the language model", "done": "done"}.get(name, f"suite {name}")
                bar.update(task, completed=done, total=total, description=label)

            scores = _run_suites_or_exit(run_suites, shared_dir, only, tick, split)
    else:
        scores = _run_suites_or_exit(run_suites, shared_dir, only, None, split)
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
        make_console().print(table)
    for failure in failures:
        err(failure)
    if failures:
        raise typer.Exit(1)
