"""What an ingest reads: every article (or reason for skipping) of the given files, folders
and http(s) addresses, in order, lazily (``newsprism ingest``, the batch engines, ``analyze``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

from newsprism.corpus.feeds import DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT, is_url, read_feed, read_newsplease, read_url
from newsprism.model import Article, Skipped, too_long, without_surrogates

__all__ = ["iter_inputs"]

_READER_SUFFIXES = (".txt", ".html", ".htm", ".jsonl")
_TABLE_SUFFIXES = (".csv", ".parquet", ".pq")
_FEED_SUFFIXES = (".xml", ".rss", ".atom")


def iter_inputs(
    paths: Iterable[str | Path],
    mapping: Mapping[str, str] | str | None = None,
    follow_links: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_private: bool = False,
    jsonl_unique_ids: bool = True,
) -> Iterator[Article | Skipped]:
    """Every article (or reason for skipping) of the given inputs: see :func:`_iter_inputs`.
    Lone surrogates (JSON escapes such as ``"\\ud800"``) are U+FFFD in every article.
    ``jsonl_unique_ids=False``: a JSONL line repeating an id is read too (the batch engines'
    rule: an id two texts share becomes ``id#hash12`` for both)."""
    for item in _iter_inputs(paths, mapping, follow_links, timeout, max_bytes, allow_private, jsonl_unique_ids):
        if isinstance(item, Article):
            reason = too_long(item)
            if reason is not None:  # never stored: it could never be analysed
                yield Skipped(item.path or item.id, reason, item.meta.get("row") if isinstance(item.meta.get("row"), int) else None)
                continue
            item = without_surrogates(item)
        yield item


def _iter_inputs(
    paths: Iterable[str | Path],
    mapping: Mapping[str, str] | str | None = None,
    follow_links: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_private: bool = False,
    jsonl_unique_ids: bool = True,
) -> Iterator[Article | Skipped]:
    """Every article (or reason for skipping) of the given files, folders (recursive) and
    http(s) addresses, in order. ``.txt/.html/.jsonl`` go through :mod:`newsprism.corpus.readers`;
    ``.csv/.parquet`` use ``mapping``; ``.json`` is news-please output; ``.xml/.rss/.atom``
    are feeds; an address is a feed or an article page. Addresses (given, named by a feed, or
    redirected to) that resolve to non-public ranges are refused unless ``allow_private``."""
    for raw in paths:
        name = str(raw)
        if is_url(name):
            articles, skipped = read_url(name, follow_links, timeout, max_bytes, allow_private)
            yield from skipped
            yield from articles
        elif "://" in name:
            yield Skipped(name, "only http and https addresses are fetched")
        else:
            path = Path(name)
            if path.is_dir():
                yield from _iter_folder(path, mapping, follow_links, timeout, max_bytes, allow_private, jsonl_unique_ids)
            elif path.is_file():
                yield from _iter_files(path.parent, [path], mapping, follow_links, timeout, max_bytes, allow_private,
                                       jsonl_unique_ids)
            else:
                from newsprism.corpus.readers import missing_reason

                yield Skipped(name, missing_reason(path))


def _iter_folder(folder: Path, mapping, follow_links, timeout, max_bytes, allow_private=False,
                 jsonl_unique_ids=True) -> Iterator[Article | Skipped]:
    from newsprism.corpus.readers import is_manifest

    found = False
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        chosen = [
            Path(root) / f
            for f in sorted(files)
            if not f.startswith(".") and not f.upper().startswith("README") and not is_manifest(Path(root) / f)
            and f.lower() not in ("expected.yaml", "expected.yml", "commit")
        ]
        if chosen:
            found = True
            yield from _iter_files(Path(root), chosen, mapping, follow_links, timeout, max_bytes, allow_private,
                                   jsonl_unique_ids)
    if not found:
        yield Skipped(str(folder), "no input files in folder")


def _iter_files(folder: Path, files: Sequence[Path], mapping, follow_links, timeout, max_bytes, allow_private=False,
                jsonl_unique_ids=True):
    from newsprism.corpus.readers import iter_jsonl, read_paths
    from newsprism.corpus.tabular import read_table

    # text and HTML files: small, read together (their folder's manifest applies)
    plain = [f for f in files if f.suffix.lower() in _READER_SUFFIXES and f.suffix.lower() != ".jsonl"]
    if plain:
        articles, skipped = read_paths(plain)
        yield from skipped
        yield from articles
    for path in files:
        suffix = path.suffix.lower()
        if suffix == ".jsonl":
            yield from iter_jsonl(path, jsonl_unique_ids)  # streamed: a JSONL dump may be larger than memory
            continue
        if suffix in _READER_SUFFIXES:
            continue
        if suffix in _TABLE_SUFFIXES:
            yield from read_table(path, mapping)
        elif suffix == ".json":
            articles, skipped = read_newsplease(path)
            yield from skipped
            yield from articles
        elif suffix in _FEED_SUFFIXES:
            articles, skipped = read_feed(path, follow_links, timeout, max_bytes, allow_private)
            yield from skipped
            yield from articles
        else:
            yield Skipped(str(path), f"unsupported file type {suffix or '(no extension)'}")
