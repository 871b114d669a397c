"""The command line: a thin layer over the library (every command is documented
in docs/cli.md, and a test fails when one is not).

One module per group of commands; importing them registers the commands on
:data:`app` in the order ``--help`` lists them."""

from __future__ import annotations

import os
import sys

from newsprism.cli.app import app
from newsprism.cli.analyze import analyze, check, evaluate
from newsprism.cli.corpus import export, ingest, refresh, search, stories, watch
from newsprism.cli.batch import batch, load
from newsprism.cli.browse import outlets_app, report, serve

__all__ = [
    "analyze", "app", "batch", "check", "evaluate", "export", "ingest", "load", "main", "outlets_app",
    "refresh", "report", "search", "serve", "stories", "watch",
]


def main() -> None:  # console-script entry point
    from newsprism.nlp import thinc_without_torch

    thinc_without_torch()  # 1.3-2 s of CPU less for every command that loads spaCy
    try:
        app(prog_name="newsprism")
    except Exception as exc:  # a bug, not bad input: one line, the traceback on request
        if os.environ.get("NEWSPRISM_DEBUG"):
            raise
        from newsprism.report.safe import printable

        detail = printable(f"{type(exc).__name__}: {exc}")
        sys.stderr.write(f"newsprism: internal error ({detail}); this is a bug: please report it, "
                         "with the traceback NEWSPRISM_DEBUG=1 prints\n")
        raise SystemExit(70) from None  # EX_SOFTWARE
