"""The command line: a thin layer over the library (every command is documented
in docs/cli.md, and a test fails when one is not)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

app = typer.Typer(
    name="newsprism",
    help="Cross-outlet news analysis: what outlets agree on, where they differ, who said what — every item cited.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _err(message: str) -> None:
    # one line per problem, naming the file; never a traceback for bad input
    typer.echo(f"newsprism: {message}", err=True)


@app.command()
def analyze(
    paths: Annotated[list[Path], typer.Argument(help="Article files (.txt, .html, .jsonl) or folders of them.")],
    format: Annotated[
        str, typer.Option("--format", "-f", help="Report format: terminal, json or markdown.")
    ] = "terminal",
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", help="Write the report to this file instead of stdout.")
    ] = None,
) -> None:
    """Analyse the articles of one story: entities, quotes, figures, dates — all cited."""
    from .pipeline import NothingToAnalyse, analyze as run_analysis
    from .render import FORMATS, render

    if format not in FORMATS:
        _err(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
        raise typer.Exit(2)
    try:
        analysis = run_analysis(paths)
    except NothingToAnalyse as exc:
        for skipped in exc.skipped:
            _err(f"skipped {skipped.message()}")
        _err("nothing could be analysed")
        raise typer.Exit(1)
    for skipped in analysis.skipped:
        _err(f"skipped {skipped.message()}")
    if output is None and format == "terminal":
        from .render.terminal import print_report

        print_report(analysis, Console())
        return
    text = render(analysis, format)
    if output is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    else:
        output.write_text(text, encoding="utf-8")
        _err(f"wrote {format} report to {output}")


@app.command()
def check(
    report: Annotated[Path, typer.Argument(help="A JSON report written by `newsprism analyze --format json`.")],
) -> None:
    """Verify that every citation in a JSON report holds the text it claims (exit 1 if not)."""
    from .check import check_report_file

    try:
        problems = check_report_file(report)
    except (OSError, ValueError) as exc:
        _err(f"{report}: cannot read report ({exc})")
        raise typer.Exit(2)
    for problem in problems:
        _err(f"{report}: {problem.message()}")
    if problems:
        raise typer.Exit(1)
    typer.echo(f"{report}: all citations verified")


@app.command(name="eval")
def evaluate(
    shared: Annotated[
        Optional[Path], typer.Option("--shared", help="Folder holding stories/ and datasets/ (default: ../shared beside the checkout).")
    ] = None,
    only: Annotated[
        Optional[list[str]], typer.Option("--only", help="Run only these suites (repeatable): seeds, polnear, ecbplus.")
    ] = None,
    gate: Annotated[
        bool, typer.Option("--gate/--no-gate", help="Fail (exit 1) when a score is below its pinned floor.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the scores as JSON.")] = False,
) -> None:
    """Run the quality scorers on the public data and the seed story; check the pinned floors."""
    from .evaluate.gate import check_floors, load_floors
    from .evaluate.runner import SUITES, default_shared_dir, run_suites

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
        Console().print(table)
    for failure in failures:
        _err(failure)
    if failures:
        raise typer.Exit(1)


def main() -> None:  # console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
