"""``newsprism export``: every stored article as a JSONL line or a Parquet row (the JSONL
contract fields plus ``story`` and ``family``, the user's own fields kept)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from newsprism.corpus.records import StoredArticle

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.corpus.store import Store

__all__ = ["EXPORT_FORMATS", "export_articles", "user_fields"]

EXPORT_FORMATS = ("jsonl", "parquet")


def export_articles(store: Store, path: str | Path, format: str = "jsonl",
                    progress: "Callable[[int, int], None] | None" = None) -> int:
    """Write every article of ``store`` to ``path``; returns the count (see
    :meth:`newsprism.corpus.corpus.Corpus.export`)."""
    if format not in EXPORT_FORMATS:
        raise ValueError(f"export format must be one of {', '.join(EXPORT_FORMATS)}, not {format!r}")
    rep_ids = dict(store.conn.execute("SELECT pk, id FROM articles WHERE pk = family"))
    total = int(store.conn.execute("SELECT count(*) FROM articles").fetchone()[0]) if progress else 0

    def counted(articles):
        for done, article in enumerate(articles, 1):
            yield article
            if progress is not None and (done % 500 == 0 or done == total):
                progress(done, total)

    rows = (_export_row(r, rep_ids) for r in counted(store.iter_articles()))
    if format == "parquet":
        from newsprism.corpus.tabular import write_parquet

        # the user's own fields (extra columns, JSONL keys) as one JSON column: a fixed schema
        return write_parquet(path, (_parquet_row(r) for r in rows))
    count = 0
    with open(path, "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count


# meta keys newsprism itself adds (positions, store bookkeeping), not the user's fields
_INTERNAL_META = frozenset({"row", "feed_item", "store_pk", "family", "story"})


def user_fields(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The fields a user supplied beyond the article fields (extra CSV columns, JSONL keys)."""
    out = {}
    for key, value in dict(meta).items():
        if key in _INTERNAL_META:
            continue
        out[key.removeprefix("column:")] = value
    return out


def _parquet_row(row: dict) -> dict:
    from newsprism.corpus.tabular import EXPORT_COLUMNS

    core = {name: row.get(name) for name, _ in EXPORT_COLUMNS if name != "meta"}
    extra = {k: v for k, v in row.items() if k not in core}
    core["meta"] = json.dumps(extra, ensure_ascii=False, default=str) if extra else None
    return core


def _export_row(row: StoredArticle, rep_ids: Mapping[int, str]) -> dict:
    a = row.article
    extra = {k: v for k, v in user_fields(a.meta).items() if k not in _EXPORT_KEYS}
    return {
        **extra,
        "id": a.id,
        "text": a.text,
        "title": a.title,
        "published": a.published,
        "outlet": a.outlet,
        "url": a.url,
        "authors": list(a.authors),
        "story": row.story,
        "family": rep_ids.get(row.family, a.id),
    }


_EXPORT_KEYS = frozenset({"id", "text", "title", "published", "outlet", "url", "authors", "story", "family", "meta"})
