"""The corpus store: one SQLite file (stdlib ``sqlite3``, WAL, FTS5).

Articles are keyed by a content hash, so ingesting the same input twice adds
nothing. Writes happen in explicit transactions (one per ingest batch): an
interrupted ingest loses only the batch in flight, and WAL mode lets readers
(``stories``, ``search``, another process) work while a batch is written.

The schema carries a version (``PRAGMA user_version``); :data:`MIGRATIONS`
lists the scripts that bring an older file up to date, applied in order on open.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Literal, Mapping, Sequence

from newsprism.model import Article

__all__ = [
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "Store",
    "StoredArticle",
    "Story",
    "StoredAnalysis",
    "CopyFamily",
    "SearchHit",
    "content_hash",
    "day_number",
    "analysis_counts",
    "stored_analysis_counts",
    "all_analysis_counts",
]

_V1 = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE articles(
  pk INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  id TEXT NOT NULL UNIQUE,
  title TEXT,
  outlet TEXT,
  published TEXT,
  day INTEGER,
  url TEXT,
  authors TEXT NOT NULL DEFAULT '[]',
  path TEXT,
  text TEXT NOT NULL,
  meta TEXT NOT NULL DEFAULT '{}',
  family INTEGER NOT NULL,
  story INTEGER,
  ingested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX articles_story ON articles(story);
CREATE INDEX articles_family ON articles(family);
CREATE INDEX articles_day ON articles(day);
CREATE INDEX articles_outlet ON articles(outlet);
-- a copy family is named by the pk of its first article (its representative)
CREATE TABLE families(id INTEGER PRIMARY KEY, size INTEGER NOT NULL);
CREATE TABLE signatures(article INTEGER PRIMARY KEY, sig BLOB NOT NULL);
CREATE TABLE stories(
  id INTEGER PRIMARY KEY,
  title TEXT,
  first_day INTEGER,
  last_day INTEGER,
  size INTEGER NOT NULL,
  state BLOB
);
CREATE TABLE term_df(term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE articles_fts USING fts5(title, text, content='articles', content_rowid='pk');
CREATE TRIGGER articles_ai AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts(rowid, title, text) VALUES (new.pk, coalesce(new.title, ''), new.text);
END;
CREATE TRIGGER articles_ad AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, text)
  VALUES ('delete', old.pk, coalesce(old.title, ''), old.text);
END;
"""

# version 2: each article keeps the salient terms under which streaming clustering indexed it,
# so that a later ingest (a resumed one too) rebuilds the candidate index exactly
_V2 = """
ALTER TABLE articles ADD COLUMN terms TEXT;
"""

# version 3: stored analyses and parses. An analysis is keyed by the story's article set (a hash
# of its members' content hashes, in ingest order) and the analysis version (the code and model
# that made it), so a story whose articles change, or a newer newsprism, is simply a miss; the
# story id is kept to find the latest one while a fresh one is computed. A parse is one article's
# serialised spaCy Doc, with the version (spaCy, model, format) that made it.
_V3 = """
CREATE TABLE analyses(
  pk INTEGER PRIMARY KEY,
  articles TEXT NOT NULL,
  version TEXT NOT NULL,
  story INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  seconds REAL,
  data BLOB NOT NULL,
  UNIQUE(articles, version)
);
CREATE INDEX analyses_story ON analyses(story);
CREATE TABLE parses(article INTEGER PRIMARY KEY, version TEXT NOT NULL, data BLOB NOT NULL);
-- `newsprism watch`: each feed's validators (conditional GET) and the items already taken, so a
-- restarted watch fetches nothing twice; per story, what the last alert told (outlets, conflicts)
CREATE TABLE feeds(
  url TEXT PRIMARY KEY,
  etag TEXT,
  last_modified TEXT,
  checked_at TEXT,
  status TEXT,
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE feed_items(
  key TEXT PRIMARY KEY,
  feed TEXT NOT NULL,
  seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
) WITHOUT ROWID;
CREATE TABLE watch_stories(story INTEGER PRIMARY KEY, outlets TEXT NOT NULL, conflicts TEXT NOT NULL);
"""

# version 4: the candidate indexes in the store (newsprism.corpus.index), extended by every batch,
# so a small ingest into a large corpus reads only what it can touch. A file without articles has
# complete (empty) indexes; an older file with articles is backfilled on its next full load.
_V4 = """
CREATE TABLE lsh(band INTEGER NOT NULL, key INTEGER NOT NULL, article INTEGER NOT NULL,
  PRIMARY KEY(band, key, article)) WITHOUT ROWID;
CREATE TABLE postings(term TEXT NOT NULL, bucket INTEGER NOT NULL, story INTEGER NOT NULL, seq INTEGER NOT NULL,
  PRIMARY KEY(term, bucket, story)) WITHOUT ROWID;
DELETE FROM meta WHERE key = 'indexes';
INSERT INTO meta(key, value) SELECT 'indexes', 'complete' WHERE NOT EXISTS (SELECT 1 FROM articles);
"""

# version 5: a stored analysis carries its counts (conflicts, framing differences, facts by one
# outlet, per outlet), so a page of stories or the outlets list reads them without decompressing
# and parsing whole analyses. Older rows keep NULL and are counted from their data when read.
_V5 = """
ALTER TABLE analyses ADD COLUMN counts TEXT;
"""

# index i holds the script that takes a file from version i to version i + 1
MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5)
SCHEMA_VERSION = len(MIGRATIONS)

_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_FTS_WORD = re.compile(r"\w+", re.UNICODE)


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


def _day_iso(day: int | None) -> str | None:
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


def _fts_query(query: str) -> str:
    """A plain-words query for FTS5: every word quoted, all required."""
    words = [w for w in _FTS_WORD.findall(query) if w not in ("AND", "OR", "NOT", "NEAR")]
    return " AND ".join(f'"{w}"' for w in words)


class Store:
    """One corpus file. Not thread-safe: one Store per thread or process."""

    def __init__(self, path: str | Path, *, timeout: float = 30.0):
        self.path = Path(path)
        # autocommit mode: transactions are opened explicitly by :meth:`transaction`
        self.conn = sqlite3.connect(str(self.path), timeout=timeout, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        # 64 MiB of page cache (the default is 2 MiB): at 100k articles the indexes' B-trees no
        # longer fit the default, and every insert then reads pages back from the file
        self.conn.execute("PRAGMA cache_size=-65536")
        self._migrate()

    # -- lifecycle -----------------------------------------------------------------

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} has schema version {version}; this newsprism knows up to {SCHEMA_VERSION}"
            )

    def _migrate(self) -> None:
        """Bring the file to :data:`SCHEMA_VERSION`: all pending migrations in one transaction
        (a failure leaves the file as it was)."""
        version = self.schema_version
        self._check_version(version)
        if version == SCHEMA_VERSION:
            return
        with self.transaction():
            # read again under the write lock: another process may have migrated meanwhile
            version = self.schema_version
            self._check_version(version)
            for target in range(version, SCHEMA_VERSION):
                for statement in _split_sql(MIGRATIONS[target]):
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed on success, rolled back on any exception
        (including KeyboardInterrupt)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # -- meta ----------------------------------------------------------------------

    def get_meta(self, key: str, default: str | None = None) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (key, value),
        )

    # -- articles ------------------------------------------------------------------

    def known_hashes(self, hashes: Sequence[str]) -> set[str]:
        return self._stored_values("hash", hashes)

    def taken_ids(self, ids: Sequence[str]) -> set[str]:
        return self._stored_values("id", ids)

    def _stored_values(self, column: Literal["hash", "id"], values: Sequence[str]) -> set[str]:
        """Which of ``values`` some stored article has in ``column`` (in chunks: SQLite
        limits the parameters of one statement)."""
        found: set[str] = set()
        for chunk in _chunks(values, 500):
            marks = ",".join("?" * len(chunk))
            found.update(r[0] for r in self.conn.execute(f"SELECT {column} FROM articles WHERE {column} IN ({marks})", chunk))
        return found

    def next_pk(self) -> int:
        row = self.conn.execute("SELECT max(pk) FROM articles").fetchone()
        return int(row[0] or 0) + 1

    def insert_article(
        self, pk: int, hash_: str, article: Article, family: int, story: int | None
    ) -> None:
        """Insert one article (inside a :meth:`transaction`)."""
        self.insert_articles([(pk, hash_, article, family, story)])

    def insert_articles(self, rows: Iterable[tuple]) -> None:
        """Insert (pk, hash, article, family, story[, terms]) rows with one ``executemany``
        (inside a :meth:`transaction`); the FTS index follows through its trigger. ``terms``
        are the salient terms streaming clustering indexed the article under (None for a copy)."""
        self.conn.executemany(
            "INSERT INTO articles(pk, hash, id, title, outlet, published, day, url, authors, path, text,"
            " meta, family, story, terms) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    pk,
                    hash_,
                    article.id,
                    article.title,
                    article.outlet,
                    article.published,
                    day_number(article.published),
                    article.url,
                    json.dumps(list(article.authors), ensure_ascii=False),
                    article.path,
                    article.text,
                    json.dumps(_plain_meta(article.meta), ensure_ascii=False, default=str),
                    family,
                    story,
                    None if terms is None else json.dumps(list(terms), ensure_ascii=False),
                )
                for pk, hash_, article, family, story, terms in (
                    (*row, None) if len(row) == 5 else row for row in rows
                )
            ],
        )

    def iter_article_terms(self) -> Iterator[tuple[int, int | None, list[str]]]:
        """(story, day, salient terms) of every indexed article (copies are not), in ingest order."""
        for story, day, terms in self.conn.execute(
            "SELECT story, day, terms FROM articles WHERE terms IS NOT NULL AND story IS NOT NULL ORDER BY pk"
        ):
            yield story, day, json.loads(terms)

    def stories_without_terms(self) -> set[int]:
        """Stories holding a representative stored before article terms were kept (schema 1)."""
        return {
            r[0]
            for r in self.conn.execute(
                "SELECT DISTINCT story FROM articles WHERE pk = family AND terms IS NULL AND story IS NOT NULL"
            )
        }

    def family_stories(self) -> dict[int, int | None]:
        """Story of each copy family's representative (family id -> story id)."""
        return dict(self.conn.execute("SELECT pk, story FROM articles WHERE pk = family"))

    def article_count(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM articles").fetchone()[0])

    def _row_to_stored(self, row: sqlite3.Row | tuple) -> StoredArticle:
        pk, hash_, id_, title, outlet, published, url, authors, path, text, meta, family, story = row
        extra = json.loads(meta) if meta else {}
        extra.update({"store_pk": pk, "story": story})
        article = Article(
            id=id_,
            text=text,
            title=title,
            outlet=outlet,
            outlet_source="store" if outlet else None,
            published=published,
            url=url,
            authors=tuple(json.loads(authors or "[]")),
            path=path,
            meta=extra,
            copy_family=None if family is None else str(family),
        )
        return StoredArticle(pk=pk, hash=hash_, article=article, family=family, story=story)

    _ARTICLE_COLUMNS = "pk, hash, id, title, outlet, published, url, authors, path, text, meta, family, story"

    def iter_articles(self, where: str = "", params: Sequence[Any] = ()) -> Iterator[StoredArticle]:
        sql = f"SELECT {self._ARTICLE_COLUMNS} FROM articles {where} ORDER BY pk"
        for row in self.conn.execute(sql, params):
            yield self._row_to_stored(row)

    def story_articles(self, story_id: int) -> list[StoredArticle]:
        return list(self.iter_articles("WHERE story=?", (story_id,)))

    def article_by_id(self, article_id: str) -> StoredArticle | None:
        return next(self.iter_articles("WHERE id=?", (article_id,)), None)

    # -- copy families -------------------------------------------------------------

    def save_signature(self, pk: int, sig: bytes) -> None:
        self.save_signatures([(pk, sig)])

    def save_signatures(self, rows: Iterable[tuple[int, bytes]]) -> None:
        self.conn.executemany("INSERT OR REPLACE INTO signatures(article, sig) VALUES(?, ?)", list(rows))

    def iter_signatures(self) -> Iterator[tuple[int, int, bytes]]:
        """(article pk, family id, signature) for every stored article."""
        yield from self.conn.execute(
            "SELECT s.article, a.family, s.sig FROM signatures s JOIN articles a ON a.pk = s.article ORDER BY s.article"
        )

    def bump_family(self, family: int) -> None:
        self.bump_families({family: 1})

    def bump_families(self, added: Mapping[int, int]) -> None:
        """Grow each family by the given number of new members."""
        self.conn.executemany(
            "INSERT INTO families(id, size) VALUES(?, ?) ON CONFLICT(id) DO UPDATE SET size = size + excluded.size",
            list(added.items()),
        )

    def families(self, min_size: int = 2) -> list[CopyFamily]:
        out: list[CopyFamily] = []
        ids = [r[0] for r in self.conn.execute("SELECT id FROM families WHERE size >= ? ORDER BY id", (min_size,))]
        for family in ids:
            rows = self.conn.execute("SELECT id, outlet FROM articles WHERE family=? ORDER BY pk", (family,)).fetchall()
            if not rows:
                continue
            out.append(
                CopyFamily(
                    id=family,
                    representative=rows[0][0],
                    articles=tuple(r[0] for r in rows),
                    outlets=tuple(sorted({r[1] for r in rows if r[1]})),
                )
            )
        return out

    # -- stories -------------------------------------------------------------------

    def save_story(
        self, story_id: int, title: str | None, first_day: int | None, last_day: int | None, size: int, state: bytes
    ) -> None:
        self.conn.execute(
            "INSERT INTO stories(id, title, first_day, last_day, size, state) VALUES(?,?,?,?,?,?)"
            " ON CONFLICT(id) DO UPDATE SET title=coalesce(stories.title, excluded.title),"
            " first_day=excluded.first_day, last_day=excluded.last_day, size=excluded.size, state=excluded.state",
            (story_id, title, first_day, last_day, size, state),
        )

    def iter_story_states(self) -> Iterator[tuple[int, int | None, int | None, int, bytes | None]]:
        yield from self.conn.execute("SELECT id, first_day, last_day, size, state FROM stories ORDER BY id")

    def replace_stories(self, assignment: Mapping[int, int], titles: Mapping[int, str | None]) -> None:
        """Replace every story by a fresh assignment (article pk -> story id), e.g. after
        batch re-clustering. Runs inside a :meth:`transaction`; states are dropped and
        must be saved again by the caller."""
        self.conn.execute("DELETE FROM stories")
        self.conn.executemany("UPDATE articles SET story=? WHERE pk=?", [(s, pk) for pk, s in assignment.items()])
        spans: dict[int, list[int]] = {}
        for story, day, size in self.conn.execute(
            "SELECT story, min(day), count(*) FROM articles WHERE story IS NOT NULL GROUP BY story"
        ):
            spans[story] = [day, size]
        rows = self.conn.execute(
            "SELECT story, max(day) FROM articles WHERE story IS NOT NULL GROUP BY story"
        ).fetchall()
        for story, last in rows:
            first, size = spans[story]
            self.conn.execute(
                "INSERT INTO stories(id, title, first_day, last_day, size, state) VALUES(?,?,?,?,?,NULL)",
                (story, titles.get(story), first, last, size),
            )

    @staticmethod
    def _since_filter(since: str | None) -> tuple[str, list[Any]]:
        since_day = day_number(since)
        if since is not None and since_day is None:
            raise ValueError(f"since must be an ISO date (YYYY-MM-DD), got {since!r}")
        if since_day is not None:
            return "WHERE last_day >= ?", [since_day]
        return "", []

    def count_stories(self, since: str | None = None) -> int:
        """How many stories :meth:`stories` lists without a limit."""
        where, params = self._since_filter(since)
        return int(self.conn.execute(f"SELECT count(*) FROM stories {where}", params).fetchone()[0])

    def stories(self, since: str | None = None, limit: int | None = None, offset: int = 0) -> list[Story]:
        """Stories, newest last-seen first; ``since`` (ISO date) keeps stories seen on or after it;
        ``limit``/``offset`` give one page (only that page's articles are read: a page of 50
        costs the same in a corpus of 1,000 or 1,000,000 articles)."""
        where, params = self._since_filter(since)
        page = ""
        if limit is not None:
            page = " LIMIT ? OFFSET ?"
            params = [*params, int(limit), int(offset)]
        elif offset:
            page = " LIMIT -1 OFFSET ?"
            params = [*params, int(offset)]
        story_rows = self.conn.execute(
            f"SELECT id, title, first_day, last_day FROM stories {where} ORDER BY last_day DESC NULLS LAST, id{page}",
            params,
        ).fetchall()
        members: dict[int, list[tuple[str, str | None, int]]] = {}
        if limit is None:
            member_rows = self.conn.execute(
                "SELECT story, id, outlet, family FROM articles WHERE story IS NOT NULL ORDER BY pk"
            )
        else:  # one page: its members through the story index
            ids = [r[0] for r in story_rows] or [-1]
            member_rows = self.conn.execute(
                f"SELECT story, id, outlet, family FROM articles WHERE story IN ({','.join('?' * len(ids))})"
                " ORDER BY pk",
                ids,
            )
        for story, id_, outlet, family in member_rows:
            members.setdefault(story, []).append((id_, outlet, family))
        out: list[Story] = []
        for story, title, first, last in story_rows:
            rows = members.get(story, [])
            if not rows:
                continue
            out.append(
                Story(
                    id=story,
                    title=title,
                    articles=tuple(r[0] for r in rows),
                    outlets=tuple(sorted({r[1] for r in rows if r[1]})),
                    first_seen=_day_iso(first),
                    last_seen=_day_iso(last),
                    families=len({r[2] for r in rows}),
                )
            )
        return out

    # -- streaming-clusterer statistics --------------------------------------------

    def load_df(self) -> tuple[int, dict[str, int]]:
        docs = int(self.get_meta("cluster_docs", "0") or 0)
        return docs, {t: d for t, d in self.conn.execute("SELECT term, df FROM term_df")}

    def save_df(self, docs: int, changed: Iterable[tuple[str, int]]) -> None:
        self.conn.executemany(
            "INSERT INTO term_df(term, df) VALUES(?, ?) ON CONFLICT(term) DO UPDATE SET df=excluded.df",
            list(changed),
        )
        self.set_meta("cluster_docs", str(docs))

    def outlets(self) -> list[tuple[str, int]]:
        """Every outlet name stored, with its article count, most articles first."""
        rows = self.conn.execute(
            "SELECT outlet, count(*) FROM articles WHERE outlet IS NOT NULL AND outlet != '' "
            "GROUP BY outlet ORDER BY count(*) DESC, outlet"
        ).fetchall()
        return [(str(name), int(n)) for name, n in rows]

    # -- stored analyses and parses -----------------------------------------------

    def story_set_hash(self, story_id: int) -> str | None:
        """Hash of a story's article set (its members' content hashes in ingest order);
        None for a story without articles."""
        hashes = [r[0] for r in self.conn.execute("SELECT hash FROM articles WHERE story=? ORDER BY pk", (story_id,))]
        return _set_hash(hashes) if hashes else None

    def story_set_hashes(self) -> dict[int, str]:
        """Article-set hash of every story (one pass over the articles)."""
        grouped: dict[int, list[str]] = {}
        for story, hash_ in self.conn.execute(
            "SELECT story, hash FROM articles WHERE story IS NOT NULL ORDER BY story, pk"
        ):
            grouped.setdefault(story, []).append(hash_)
        return {story: _set_hash(hashes) for story, hashes in grouped.items()}

    def get_analysis(self, set_hash: str, version: str, story: int | None = None) -> StoredAnalysis | None:
        row = self.conn.execute(
            "SELECT story, articles, version, created_at, seconds, data FROM analyses WHERE articles=? AND version=?",
            (set_hash, version),
        ).fetchone()
        if row is None:
            return None
        return StoredAnalysis(story if story is not None else row[0], row[1], row[2], row[3], row[4],
                              zlib.decompress(row[5]).decode("utf-8"), True)

    def latest_analysis(self, story_id: int) -> StoredAnalysis | None:
        """The newest analysis stored for this story id, whatever it was made from (``fresh``
        is False here; the caller decides whether it still holds)."""
        row = self.conn.execute(
            "SELECT story, articles, version, created_at, seconds, data FROM analyses WHERE story=?"
            " ORDER BY pk DESC LIMIT 1",
            (story_id,),
        ).fetchone()
        if row is None:
            return None
        return StoredAnalysis(row[0], row[1], row[2], row[3], row[4], zlib.decompress(row[5]).decode("utf-8"), False)

    def analysis_counts(self, story_ids: Iterable[int], version: str) -> dict[int, dict[str, Any]]:
        """:func:`stored_analysis_counts` of this store."""
        return stored_analysis_counts(self.conn, story_ids, version)

    def analysed_sets(self, version: str) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT articles FROM analyses WHERE version=?", (version,))}

    def save_analysis(self, set_hash: str, version: str, story: int | None, json_text: str, seconds: float | None) -> None:
        """Store (or replace) the analysis of an article set; older analyses of the same story
        id made from another set or version are dropped (they can no longer be fresh)."""
        blob = zlib.compress(json_text.encode("utf-8"), 6)
        counts = json.dumps(analysis_counts(json.loads(json_text)), ensure_ascii=False, separators=(",", ":"))
        self.conn.execute(
            "INSERT INTO analyses(articles, version, story, seconds, data, counts) VALUES(?,?,?,?,?,?)"
            " ON CONFLICT(articles, version) DO UPDATE SET story=excluded.story, seconds=excluded.seconds,"
            " data=excluded.data, created_at=excluded.created_at, counts=excluded.counts",
            (set_hash, version, story, seconds, blob, counts),
        )
        if story is not None:
            self.conn.execute(
                "DELETE FROM analyses WHERE story=? AND NOT (articles=? AND version=?)", (story, set_hash, version)
            )

    def get_parses(self, pks: Sequence[int], version: str) -> dict[int, bytes]:
        """Stored parses (of this version) of the given articles; missing ones are absent."""
        found: dict[int, bytes] = {}
        for chunk in _chunks(pks, 500):
            marks = ",".join("?" * len(chunk))
            for pk, data in self.conn.execute(
                f"SELECT article, data FROM parses WHERE version=? AND article IN ({marks})", [version, *chunk]
            ):
                found[pk] = data
        return found

    def save_parses(self, rows: Iterable[tuple[int, str, bytes]]) -> None:
        """(article pk, version, data) rows; an older parse of the same article is replaced."""
        self.conn.executemany("INSERT OR REPLACE INTO parses(article, version, data) VALUES(?,?,?)", list(rows))

    def unparsed_articles(self, version: str, limit: int | None = None) -> list[int]:
        """Articles without a parse of this version (in ingest order)."""
        sql = (
            "SELECT a.pk FROM articles a LEFT JOIN parses p ON p.article = a.pk AND p.version = ?"
            " WHERE p.article IS NULL ORDER BY a.pk"
        )
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [r[0] for r in self.conn.execute(sql, (version,))]

    # -- search --------------------------------------------------------------------

    def search(
        self,
        query: str,
        outlet: str | Sequence[str] | None = None,
        since: str | None = None,
        until: str | None = None,
        limit: int = 50,
    ) -> list[SearchHit]:
        """Full-text search (FTS5 syntax; a query FTS5 cannot parse is searched as plain words).

        ``since``/``until`` are ISO dates, inclusive (an undated article never passes a date
        filter); ``outlet`` matches the whole name, in any case.
        """
        filters, params = [], []
        if isinstance(outlet, str):
            filters.append("a.outlet = ? COLLATE NOCASE")
            params.append(outlet)
        elif outlet is not None:  # several names (an alias or prefix matched more than one)
            names = list(outlet) or [""]
            filters.append(f"a.outlet COLLATE NOCASE IN ({', '.join('?' * len(names))})")
            params.extend(names)
        for bound, op in ((since, ">="), (until, "<=")):
            if bound is not None:
                day = day_number(bound)
                if day is None:
                    raise ValueError(f"dates must be ISO (YYYY-MM-DD), got {bound!r}")
                filters.append(f"a.day {op} ?")
                params.append(day)
        extra = "".join(f" AND {f}" for f in filters)
        sql = (
            "SELECT a.id, a.title, a.outlet, a.published, a.story,"
            " snippet(articles_fts, 1, '[', ']', '...', 16), bm25(articles_fts)"
            " FROM articles_fts JOIN articles a ON a.pk = articles_fts.rowid"
            f" WHERE articles_fts MATCH ?{extra} ORDER BY bm25(articles_fts) LIMIT ?"
        )
        try:
            rows = self.conn.execute(sql, [query, *params, limit]).fetchall()
        except sqlite3.OperationalError:
            plain = _fts_query(query)
            if not plain:
                return []
            rows = self.conn.execute(sql, [plain, *params, limit]).fetchall()
        return [SearchHit(r[0], r[1], r[2], r[3], r[4], r[5], float(r[6])) for r in rows]


def pack_state(state: Mapping[str, Any]) -> bytes:
    return zlib.compress(json.dumps(state, separators=(",", ":")).encode("utf-8"), 1)


def unpack_state(blob: bytes | None) -> dict[str, Any]:
    return json.loads(zlib.decompress(blob).decode("utf-8")) if blob else {}


def analysis_counts(data: Mapping[str, Any]) -> dict[str, Any]:
    """What the lists of stories and outlets show of one analysis (the JSON contract): how
    many conflicts, framing differences, corroborated and single-source facts and quotes,
    and per outlet (by name; a document without one by its id) how many single-source facts
    and conflicts it is in."""
    findings = data.get("findings") or {}
    names = {d.get("id"): d.get("outlet") or d.get("id") for d in data.get("documents", ()) or ()}
    per: dict[str, dict[str, int]] = {str(n): {"single_source": 0, "conflicts": 0} for n in names.values() if n}
    for kind in ("single_source", "conflicts"):
        for item in findings.get(kind, ()) or ():
            for name in {names.get(d) for d in item.get("docs", ()) or ()}:
                if name:
                    per.setdefault(str(name), {"single_source": 0, "conflicts": 0})[kind] += 1
    return {
        "conflicts": len(findings.get("conflicts", ()) or ()),
        "framing": len(findings.get("framing", ()) or ()),
        "corroborated": len(findings.get("corroborated", ()) or ()),
        "single_source": len(findings.get("single_source", ()) or ()),
        "quotes": len(data.get("quotes", ()) or ()),
        "outlets": per,
    }


def stored_analysis_counts(conn: sqlite3.Connection, story_ids: Iterable[int], version: str) -> dict[int, dict[str, Any]]:
    """The counts (:func:`analysis_counts`) of the stored analyses of these stories, with
    ``fresh``: made from the story's present article set by this analysis version. A story
    with no analysis stored is absent."""
    ids = sorted({int(s) for s in story_ids})
    out: dict[int, dict[str, Any]] = {}
    if not ids:
        return out
    current: dict[int, list[str]] = {}
    rows: dict[int, list[tuple]] = {}
    for chunk in _chunks(ids, 500):
        marks = ",".join("?" * len(chunk))
        for story, hash_ in conn.execute(
            f"SELECT story, hash FROM articles WHERE story IN ({marks}) ORDER BY story, pk", chunk
        ):
            current.setdefault(story, []).append(hash_)
        for row in conn.execute(
            f"SELECT story, articles, version, counts, CASE WHEN counts IS NULL THEN data END FROM analyses"
            f" WHERE story IN ({marks}) ORDER BY pk", chunk
        ):
            rows.setdefault(row[0], []).append(row)
    for story, candidates in rows.items():
        hashes = current.get(story)
        now = _set_hash(hashes) if hashes else None
        fresh = [r for r in candidates if r[1] == now and r[2] == version]
        _, _, _, counts, data = (fresh or candidates)[-1]  # the fresh one, else the newest
        value = json.loads(counts) if counts is not None else analysis_counts(json.loads(zlib.decompress(data).decode("utf-8")))
        value["fresh"] = bool(fresh)
        out[story] = value
    return out


def all_analysis_counts(conn: sqlite3.Connection) -> dict[int, dict[str, Any]]:
    """The counts of the newest analysis stored for every story (fresh or not), for totals
    over the whole corpus (the outlets page)."""
    out: dict[int, dict[str, Any]] = {}
    for story, counts, data in conn.execute(
        "SELECT story, counts, CASE WHEN counts IS NULL THEN data END FROM analyses WHERE story IS NOT NULL ORDER BY pk"
    ):
        out[story] = json.loads(counts) if counts is not None else analysis_counts(
            json.loads(zlib.decompress(data).decode("utf-8")))
    return out


def _set_hash(hashes: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(hashes).encode("ascii")).hexdigest()


def _plain_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    # store-assigned keys are added on read; never store a stale copy of them
    return {k: v for k, v in dict(meta).items() if k not in ("store_pk", "family", "story")}


def _chunks(items: Sequence[Any], size: int) -> Iterator[list[Any]]:
    items = list(items)
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _split_sql(script: str) -> list[str]:
    """Statements of a migration script; trigger bodies keep their inner semicolons."""
    statements, current = [], []
    for line in script.strip().splitlines():
        if line.strip().startswith("--") or not line.strip():
            continue
        current.append(line)
        joined = "\n".join(current)
        if sqlite3.complete_statement(joined):
            statements.append(joined)
            current = []
    return statements
