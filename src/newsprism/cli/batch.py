"""The batch pipeline over a whole corpus (local or Spark) and loading its output: batch, load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from newsprism.cli.app import MappingOption, app, err, guard_output_folder


@app.command()
def batch(
    inputs: Annotated[list[str], typer.Argument(metavar="INPUT", help="Input files or folders (.jsonl, .parquet, .csv; with --engine spark any path Spark reads).")],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="FOLDER", help="Output folder for the Parquet tables (created).")],
    engine: Annotated[str, typer.Option("--engine", metavar="ENGINE", help="local (this machine) or spark (Apache Spark; the [spark] extra).")] = "local",
    master: Annotated[
        Optional[str], typer.Option("--master", metavar="URL", help="Spark master URL (default local[*]; spark-submit's when launched by it).")
    ] = None,
    mapping: MappingOption = None,
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
        err(f"unknown engine {engine!r}; choose local or spark")
        raise typer.Exit(2)
    guard_output_folder(output, inputs)
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
                    err(f"--conf takes KEY=VALUE, got {item!r}")
                    raise typer.Exit(2)
                settings[key.strip()] = value.strip()
            try:
                summary = run_spark(inputs, output, mapping, params, master=master, fresh=fresh, progress=progress,
                                    conf=settings)
            except BatchError as exc:
                err(str(exc))
                raise typer.Exit(1)
    except ValueError as exc:  # a malformed --map, before anything is read
        err(str(exc))
        raise typer.Exit(2)
    except KeyboardInterrupt:
        err(f"interrupted: finished steps are kept in {output}/_work; run the same command again to resume")
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
        err(str(exc))
        raise typer.Exit(2)
    typer.echo(
        f"{corpus}: {counts['articles']} articles, {counts['families']} copy families, {counts['stories']} stories"
        f" loaded from {output} ({counts['analyses']} stored analyses)"
    )
