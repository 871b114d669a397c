"""The records the corpus store hands out, and the keys it files articles under.

``content_hash`` keys an article, ``day_number`` files its date; the frozen records are what
the store's reads return (``newsprism.corpus.store.Store``).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from newsprism.model import Article

__all__ = [
    "StoredArticle", "Story", "StoredAnalysis", "CopyFamily", "SearchHit",
    "content_hash", "day_number", "day_iso", "article_set_hash", "chunks",
]

_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def content_hash(article: Article) -> str:
    """The key of an article: its text plus the fields that tell one publication
    of a text from another (outlet, url, title, date).

    Re-reading the same input gives the same hash; the same wire text published
    by two outlets gives two articles, grouped later into one copy family.
    """
    parts = [article.text, article.outlet or "", article.url or "", article.title or "", article.published or ""]
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def day_number(published: str | None) -> int | None:
    """Proleptic ordinal of the date an ISO string starts with; None when absent or invalid."""
    if not published:
        return None
    match = _ISO_DAY.match(published.strip())
    if not match:
        return None
    import datetime

    try:
        return datetime.date(int(match[1]), int(match[2]), int(match[3])).toordinal()
    except ValueError:
        return None


def day_iso(day: int | None) -> str | None:
    if day is None:
        return None
    import datetime

    return datetime.date.fromordinal(day).isoformat()


@dataclass(frozen=True)
class StoredArticle:
    """An article as the store keeps it: the record plus its keys and groups."""

    pk: int
    hash: str
    article: Article
    family: int
    story: int | None


@dataclass(frozen=True)
class Story:
    """A group of articles about one event.

    ``families`` counts copy families: the independent reports in the story
    (a wire text republished by 40 sites counts once).
    """

    id: int
    title: str | None
    articles: tuple[str, ...]
    outlets: tuple[str, ...]
    first_seen: str | None
    last_seen: str | None
    families: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "articles": list(self.articles),
            "outlets": list(self.outlets),
            "first_seen": self.first_seen,
            "last_seen": self.last_seen,
            "families": self.families,
        }


@dataclass(frozen=True)
class StoredAnalysis:
    """A story's analysis as stored: the JSON contract text (compact), what it was made from
    and whether it is still ``fresh`` (same article set, same analysis version)."""

    story: int | None
    articles: str  # hash of the article set it analysed
    version: str
    created_at: str
    seconds: float | None
    json: str
    fresh: bool = True

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON types (the contract, docs/json-contract.md)."""
        return json.loads(self.json)

    def analysis(self):  # -> newsprism.model.StoryAnalysis
        from newsprism.model import StoryAnalysis, from_jsonable

        return from_jsonable(StoryAnalysis, self.to_dict())


@dataclass(frozen=True)
class CopyFamily:
    """Exact and near-duplicate copies of one text (the first one stored is the representative)."""

    id: int
    representative: str
    articles: tuple[str, ...]
    outlets: tuple[str, ...]


@dataclass(frozen=True)
class SearchHit:
    article_id: str
    title: str | None
    outlet: str | None
    published: str | None
    story: int | None
    snippet: str
    score: float  # bm25 from FTS5: lower is better


def article_set_hash(hashes: Iterable[str]) -> str:
    """Hash of an article set: its members' content hashes, in ingest order."""
    return hashlib.sha256("\n".join(hashes).encode("ascii")).hexdigest()


def chunks(items: Sequence[Any], size: int) -> Iterator[list[Any]]:
    items = list(items)
    for i in range(0, len(items), size):
        yield items[i : i + size]
