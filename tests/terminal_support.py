"""Running newsprism as a user does, on a terminal: a pseudo-terminal for stdout and stderr
(progress bars are drawn only there)."""

from __future__ import annotations

import os
import subprocess
import sys


def run_in_terminal(args: list[str], timeout: float = 300) -> tuple[int, str]:
    """Run `python -m newsprism ARGS` with stdout and stderr on a pseudo-terminal; (exit, text seen)."""
    import pty
    import re
    import select
    import time

    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "110"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "newsprism", *args], stdout=slave, stderr=slave,
                            stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    seen, deadline = b"", time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed: the program ended
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
        proc.wait(timeout=30)
    return proc.returncode, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode("utf-8", "replace"))
