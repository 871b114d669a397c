"""The Typer application and what its commands share: one-line errors, safe output,
opening a corpus, progress bars, writing a report file."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Callable, Iterable, Iterator, Optional, TypeVar

import typer

T = TypeVar("T")

app = typer.Typer(
    name="newsprism",
    help="Cross-outlet news analysis: what outlets agree on, where they differ, who said what — every item cited.\n\n"
    "Example: newsprism analyze examples/aleppo-2016-12-14/",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


# an option several commands take, declared once (its help is the same everywhere)
MappingOption = Annotated[
    Optional[str],
    typer.Option("--map", metavar="FIELD=COLUMN,...", help="Column mapping for CSV/Parquet, e.g. text=content,outlet=publication."),
]

# The fetch options are declared once so `ingest` and `watch` cannot drift apart (watch's
# --max-bytes had no upper bound while ingest's had one).
MAX_FETCH_BYTES = 64 * 1024 * 1024
FollowLinksOption = Annotated[bool, typer.Option("--follow-links", help="Fetch each feed item's page for its full text.")]
TimeoutOption = Annotated[
    float, typer.Option("--timeout", metavar="SECONDS", min=0.1, help="Seconds allowed per fetched address (whole response).")
]
MaxBytesOption = Annotated[
    int,
    typer.Option("--max-bytes", metavar="BYTES", min=1, max=MAX_FETCH_BYTES, help="Largest response read from an address, in bytes (at most 64 MiB)."),
]
AllowPrivateOption = Annotated[
    bool,
    typer.Option(
        "--allow-private",
        help="Fetch addresses on loopback, link-local and private networks (refused by default: a feed names what it fetches).",
    ),
]

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


def err(message: str) -> None:
    # one line per problem, naming the file; never a traceback for bad input. Messages quote
    # file names and article text: control characters are shown, never sent to the terminal
    from newsprism.report.safe import printable

    typer.echo(f"newsprism: {printable(message)}", err=True)


def out(line: str) -> None:
    """One line of listing output (article-derived), control characters made visible."""
    from newsprism.report.safe import printable

    typer.echo(printable(line))


def make_console(**options):
    from newsprism.report.safe import console

    return console(**options)


def open_corpus(path: Path, **options):
    from newsprism.corpus.corpus import Corpus

    try:
        return Corpus(path, **options)
    except Exception as exc:  # sqlite3.DatabaseError and friends: one line, not a traceback
        err(f"{path}: {_corpus_problem(path, exc)}")
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


def bar_wanted(quiet: bool = False) -> bool:
    """Progress bars only on a terminal: none with ``-q``, none when stderr is piped or
    redirected to a file (a log would fill with redraws)."""
    return not quiet and make_console(stderr=True).is_terminal


# what `analyze` tells the user it is doing, stage by stage (newsprism.pipeline's stage names)
STAGE_LABELS = {
    "read": "reading the articles", "model": "loading the language model", "clean": "cleaning the texts",
    "metadata": "reading datelines and dates", "parse": "parsing", "mentions": "finding names",
    "times": "finding dates and times", "quotes": "finding quotes", "figures": "finding figures",
    "resolve": "matching names across articles", "link-speakers": "linking quotes to their speakers",
    "assemble": "putting the analysis together", "findings": "comparing the outlets",
}


@contextlib.contextmanager
def analysis_progress(quiet: bool = False) -> "Iterator[Callable[[str, int, int], None] | None]":
    """A callback ``(stage, done, total)`` drawing two bars on stderr — the steps of an
    analysis and the documents parsed — or None when no bar is wanted (:func:`bar_wanted`).
    The bars go away when the analysis ends, before the report is printed."""
    if not bar_wanted(quiet):
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from newsprism.pipeline import DEFAULT_STAGES

    steps = ["read", "model", *(s.name for s in DEFAULT_STAGES)]
    with Progress(
        SpinnerColumn(), TextColumn("{task.description:<34}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=make_console(stderr=True), transient=True,
    ) as bar:
        step = bar.add_task(STAGE_LABELS["read"], total=len(steps))
        docs = bar.add_task("documents parsed", total=None, visible=False)

        shown: set[str] = set()

        def progress(stage: str, done: int, total: int) -> None:
            index = steps.index(stage) if stage in steps else None
            if index is not None:
                bar.update(step, completed=index + (1 if total and done >= total else 0),
                           description=STAGE_LABELS.get(stage, stage))
            if stage == "parse" and total:
                bar.update(docs, visible=True, total=total, completed=done)
            if stage not in shown:  # each step drawn at least once, however fast (Rich redraws at 10 Hz)
                shown.add(stage)
                bar.refresh()

        yield progress


def progress_bar(unit: str):
    """A progress bar on stderr with count, rate and time left (drawn only on a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    console = make_console(stderr=True)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(f"{{task.fields[rate]}} {unit}/s"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    )


def bar_callback(bar, task, started: float):
    import time

    def progress(done: int, total: int, detail: str = "") -> None:
        elapsed = time.perf_counter() - started
        bar.update(task, completed=done, total=total, rate=f"{done / elapsed:,.2f}" if elapsed > 0 and done else "–")

    return progress


def guard_output(output: Path, inputs: Iterable[Path], force: bool) -> Path:
    """Refuse an output file before any work is done (one line, exit 2): one of the inputs
    (or the manifest beside them), the corpus, an existing file without ``--force``, a
    folder, a missing or read-only folder. Every command's ``-o`` goes through here and
    :func:`write_output`."""
    from newsprism.report.output import OutputRefused, check_output

    read = [Path(p) for p in inputs]
    manifests = {p.parent / m for p in read for m in ("articles.csv", "articles.jsonl")}
    try:
        return check_output(output, inputs=[*read, *manifests], force=force)
    except OutputRefused as exc:
        err(str(exc))
        raise typer.Exit(2)


def guard_output_folder(output: Path, inputs: Iterable[str | Path]) -> None:
    """An output *folder* (``batch -o``, created, resumed on a re-run): refused, one line
    and exit 2, when it is an existing file or one of the inputs."""
    import os

    for given in inputs:
        given_path = Path(given)
        if os.path.realpath(output) == os.path.realpath(given_path):
            err(f"{output}: is an input ({given}); give a new folder for the output")
            raise typer.Exit(2)
    if output.exists() and not output.is_dir():
        err(f"{output}: exists and is not a folder; give a folder for the output")
        raise typer.Exit(2)


def write_output(output: Path, content: "str | Callable[[Path], T]", inputs: Iterable[Path], force: bool) -> "T | None":
    """Write ``-o``: checked again as :func:`guard_output` does (the inputs now include every
    file read), then written to a temporary file beside it, synced and renamed into place,
    so a failed write leaves any old file whole. ``content``: the text, or a function that
    writes the temporary path it is given (returning what the command reports)."""
    from newsprism.report.output import atomic_path

    guard_output(output, inputs, force)
    try:
        with atomic_path(output) as tmp:
            if isinstance(content, str):
                tmp.write_text(content, encoding="utf-8", errors="surrogateescape")
                return None
            return content(tmp)
    except OSError as exc:
        err(f"{output}: cannot write ({exc.strerror or exc})")
        raise typer.Exit(2)


def write_report(output: Path, text: str, read: list[Path], force: bool) -> None:
    """A report's text to ``output`` (:func:`write_output`)."""
    write_output(output, text, read, force)
