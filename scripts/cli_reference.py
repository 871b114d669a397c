"""The CLI reference in docs/cli.md, generated from the commands' own ``--help``.

docs/cli.md holds cog blocks that call :func:`block`; ``make docs`` rewrites them
(``cog -r -I scripts docs/cli.md``) and ``make lint`` (so CI) fails when they are
stale (``cog --check``). The text is exactly what ``newsprism CMD --help`` prints,
with Typer's rich boxes off (``TYPER_USE_RICH=0``) and 80 columns, so it does not
depend on the terminal it was generated in.
"""

from __future__ import annotations

import os
import subprocess
import sys

_RUN = "import sys; sys.argv[0] = 'newsprism'; from newsprism.cli import main; main()"


def help_text(*path: str) -> str:
    """What ``newsprism [path...] --help`` prints, plain."""
    env = {**os.environ, "TYPER_USE_RICH": "0", "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *path, "--help"], capture_output=True, text=True, env=env, check=True
    )
    return "\n".join(line.rstrip() for line in done.stdout.rstrip().splitlines())


def block(*path: str) -> str:
    """A fenced block for cog to write into docs/cli.md."""
    return "```text\n$ " + " ".join(("newsprism", *path, "--help")) + "\n" + help_text(*path) + "\n```"


if __name__ == "__main__":
    print(help_text(*sys.argv[1:]))
