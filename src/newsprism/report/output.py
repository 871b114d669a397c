"""Writing a file the user named with ``-o``: nothing they gave is lost or silently changed.

- :func:`check_output` refuses, before any work is done, an output that is one of the
  inputs (an article, the corpus) or already exists (unless ``force``), a folder, a file
  in a folder that does not exist or cannot be written — each with a one-line reason
  (:class:`OutputRefused`).
- :func:`atomic_path` / :func:`write_text_atomic` write to a temporary file beside the
  output and rename it into place, so a failed or interrupted write leaves the old file
  whole (and never a half-written new one).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterable, Iterator

__all__ = ["OutputRefused", "check_output", "atomic_path", "write_text_atomic"]


class OutputRefused(ValueError):
    """An output path that must not be written; ``str()`` is the one-line reason."""


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def check_output(path: str | Path, inputs: Iterable[str | Path] = (), force: bool = False) -> Path:
    """``path`` when it may be written; raises :class:`OutputRefused` with the reason."""
    path = Path(path)
    for given in inputs:
        given = Path(given)
        if _same(path, given) or os.path.realpath(path) == os.path.realpath(given):
            raise OutputRefused(f"{path}: is an input ({given}); refusing to overwrite it — choose another output")
    if path.is_dir():
        raise OutputRefused(f"{path}: is a folder; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        raise OutputRefused(f"{path}: folder {parent} does not exist")
    if not parent.is_dir():
        raise OutputRefused(f"{path}: {parent} is not a folder")
    if path.exists() or path.is_symlink():
        if not force:
            raise OutputRefused(f"{path}: already exists; add --force to overwrite it")
        if not os.access(path, os.W_OK):
            raise OutputRefused(f"{path}: is read-only")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputRefused(f"{path}: cannot write in folder {parent} (permission denied)")
    return path


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path``; renamed onto ``path`` when the block succeeds,
    removed when it fails."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else ".")
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        with open(tmp_path, "rb+") as handle:  # on disk before it replaces the old file
            os.fsync(handle.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp_path, path.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp_path, 0o666 & ~umask)
        os.replace(tmp_path, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()


def write_text_atomic(path: str | Path, text: str) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8", errors="surrogateescape")
