"""The corpus store: one SQLite file (stdlib ``sqlite3``, WAL, FTS5).

Articles are keyed by a content hash, so ingesting the same input twice adds
nothing. Writes happen in explicit transactions (one per ingest batch): an
interrupted ingest loses only the batch in flight, and WAL mode lets readers
(``stories``, ``search``, another process) work while a batch is written.

The schema carries a version (``PRAGMA user_version``); :data:`MIGRATIONS`
(``newsprism.corpus.schema``) lists the scripts that bring an older file up to date, applied
in order on open. The records the store returns and its keys are in ``newsprism.corpus.records``;
the counts kept beside stored analyses in ``newsprism.corpus.counts`` (all re-exported here).
"""

from __future__ import annotations

import json
import re
import sqlite3
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, Literal, Mapping, Sequence

from newsprism.corpus.counts import all_analysis_counts, analysis_counts, stored_analysis_counts
from newsprism.corpus.records import (
    CopyFamily,
    SearchHit,
    StoredAnalysis,
    StoredArticle,
    Story,
    article_set_hash,
    chunks,
    content_hash,
    day_iso,
    day_number,
)
from newsprism.corpus.schema import MIGRATIONS, MIN_OUTLETS_SQL, SCHEMA_VERSION, split_sql
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

_FTS_WORD = re.compile(r"\w+", re.UNICODE)


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
                for statement in split_sql(MIGRATIONS[target]):
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
        for chunk in chunks(values, 500):
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

    def iter_article_terms(self) -> Iterator[tuple[int, int, int | None, list[str]]]:
        """(pk, story, day, salient terms) of every indexed article (copies are not), in ingest order."""
        for pk, story, day, terms in self.conn.execute(
            "SELECT pk, story, day, terms FROM articles WHERE terms IS NOT NULL AND story IS NOT NULL ORDER BY pk"
        ):
            yield pk, story, day, json.loads(terms)

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

    def log_story_changes(self, rows: Iterable[tuple[str, int, int, int, int]]) -> None:
        """Log repairs: (kind "split" | "merge", story kept, the other story — split off, or
        merged into the kept one and gone —, representatives moved, generation)."""
        self.conn.executemany(
            "INSERT INTO story_changes(kind, story, other, articles, generation) VALUES(?,?,?,?,?)", rows
        )

    def story_changes(self, after: int = 0) -> list[dict[str, Any]]:
        """The logged story changes with an id above ``after``, oldest first."""
        return [
            {"id": i, "kind": kind, "story": story, "other": other, "articles": n, "generation": g, "at": at}
            for i, kind, story, other, n, g, at in self.conn.execute(
                "SELECT id, kind, story, other, articles, generation, at FROM story_changes WHERE id > ? ORDER BY id",
                (after,),
            )
        ]

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
    def _story_filter(since: str | None, min_outlets: int = 0) -> tuple[str, list[Any]]:
        where: list[str] = []
        params: list[Any] = []
        since_day = day_number(since)
        if since is not None and since_day is None:
            raise ValueError(f"since must be an ISO date (YYYY-MM-DD), got {since!r}")
        if since_day is not None:
            where.append("last_day >= ?")
            params.append(since_day)
        if min_outlets > 1:
            where.append(f"id IN ({MIN_OUTLETS_SQL})")
            params.append(int(min_outlets))
        return ("WHERE " + " AND ".join(where)) if where else "", params

    def count_stories(self, since: str | None = None, min_outlets: int = 0) -> int:
        """How many stories :meth:`stories` lists without a limit."""
        where, params = self._story_filter(since, min_outlets)
        return int(self.conn.execute(f"SELECT count(*) FROM stories {where}", params).fetchone()[0])

    def stories(self, since: str | None = None, limit: int | None = None, offset: int = 0,
                min_outlets: int = 0) -> list[Story]:
        """Stories, newest last-seen first; ``since`` (ISO date) keeps stories seen on or after it;
        ``min_outlets`` keeps stories told by at least that many outlets;
        ``limit``/``offset`` give one page (only that page's articles are read: a page of 50
        costs the same in a corpus of 1,000 or 1,000,000 articles)."""
        where, params = self._story_filter(since, min_outlets)
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
                    first_seen=day_iso(first),
                    last_seen=day_iso(last),
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
        return article_set_hash(hashes) if hashes else None

    def story_set_hashes(self) -> dict[int, str]:
        """Article-set hash of every story (one pass over the articles)."""
        grouped: dict[int, list[str]] = {}
        for story, hash_ in self.conn.execute(
            "SELECT story, hash FROM articles WHERE story IS NOT NULL ORDER BY story, pk"
        ):
            grouped.setdefault(story, []).append(hash_)
        return {story: article_set_hash(hashes) for story, hashes in grouped.items()}

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
        for chunk in chunks(pks, 500):
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


def _plain_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    # store-assigned keys are added on read; never store a stale copy of them
    return {k: v for k, v in dict(meta).items() if k not in ("store_pk", "family", "story")}
