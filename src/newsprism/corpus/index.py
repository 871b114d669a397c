"""The candidate indexes of a corpus, kept in the store and updated with every batch.

Placing an article needs two look-ups: which stored articles it may copy (MinHash
LSH bands, :mod:`newsprism.corpus.dedupe`) and which stories it may join (salient
terms by week, :mod:`newsprism.corpus.cluster`). Both indexes live in SQLite tables
(schema 4) that every ingest batch extends in its own transaction (a large ingest, which
decides with the full in-memory indexes, writes its rows in key order every 400k rows and at
its end, meta ``indexes=pending`` meanwhile: ``Corpus._commit``):

* ``lsh(band, key, article)`` — one row per band of each article's signature;
* ``postings(term, bucket, story)`` — one row per salient term an article was
  indexed under, in its week bucket.

A small ingest into a large corpus then reads only what its articles can touch
(:func:`partial_state`): the stored articles sharing a band with them, the postings
of their terms in their weeks, the stories those name, the document frequencies of
their terms. It decides exactly what a full in-memory index would (every key it can
look up is loaded whole), at a cost that does not grow with the corpus. A large
ingest switches to the full in-memory index once the partial loads have cost as much
as loading everything would (:class:`LoadPolicy`), so it never pays more than twice
the better of the two.

A corpus made before schema 4 gets its tables filled from the stored signatures and
article terms the first time it is loaded whole (:func:`backfill`); meta
``indexes=complete`` says the tables cover every article.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Sequence

import numpy as np

from newsprism.corpus.cluster import _ANY, _UNDATED, ClusterParams, StoryState, StreamClusterer, Vectorizer, _buckets
from newsprism.corpus.dedupe import CopyDetector, Signature
from newsprism.corpus.store import unpack_state

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.corpus.store import Store
    from newsprism.model import Article

__all__ = ["LoadPolicy", "PartialState", "partial_state", "band_rows", "posting_rows", "backfill", "COMPLETE"]

COMPLETE = "complete"
_SIGNED = 1 << 63
_SORT_ROWS = 10_000  # lsh rows written at once from this many on are sorted first


def _signed(key: int) -> int:
    """A uint64 band key as SQLite's signed 64-bit INTEGER."""
    return key - (1 << 64) if key >= _SIGNED else key


def band_rows(detector: CopyDetector, pks: Sequence[int], signatures: Sequence[Signature]) -> list[tuple[int, int, int]]:
    """(band, key, article) rows of the given signatures (empty texts are never indexed)."""
    kept = [(pk, sig) for pk, sig in zip(pks, signatures) if sig.shingles]
    if not kept:
        return []
    values = np.stack([sig.values for _, sig in kept])
    keys = detector._band_keys(values)
    return [(band, _signed(key), pk) for (pk, _), row in zip(kept, keys) for band, key in enumerate(row)]


def posting_rows(story: int, salient: Iterable[str], day: int | None, seq: int) -> list[tuple[str, int, int, int]]:
    """(term, bucket, story, seq) rows of one article (``seq``: its pk) indexed for ``story``."""
    bucket = _UNDATED if day is None else day // 7
    return [(term, bucket, story, seq) for term in salient]


def save_rows(
    store: "Store", lsh: Sequence[tuple[int, int, int]], postings: Sequence[tuple[str, int, int, int]]
) -> None:
    if lsh:
        if len(lsh) >= _SORT_ROWS:
            # in key order: each B-tree page is then written once for many rows, not once per
            # row (the keys are hashes); numpy sorts, Python's sort of tuples cost more than it saved
            table = np.array(lsh, dtype=np.int64)
            lsh = table[np.lexsort((table[:, 2], table[:, 1], table[:, 0]))].tolist()
        store.conn.executemany("INSERT OR IGNORE INTO lsh(band, key, article) VALUES(?,?,?)", lsh)
    if postings:
        # seq: the latest article posting the term for the story (the undated and all-time
        # postings keep the stories that used a term most recently)
        store.conn.executemany(
            "INSERT INTO postings(term, bucket, story, seq) VALUES(?,?,?,?) ON CONFLICT(term, bucket, story)"
            " DO UPDATE SET seq = max(seq, excluded.seq)",
            postings,
        )


def complete(store: "Store") -> bool:
    return store.get_meta("indexes") == COMPLETE


def backfill(store: "Store", detector: CopyDetector) -> None:
    """Fill the tables from the stored signatures and article terms (inside a transaction);
    not for a corpus holding stories from schema 1 (no article terms: they stay in-memory only)."""
    if store.stories_without_terms():
        return
    store.conn.execute("DELETE FROM lsh")
    store.conn.execute("DELETE FROM postings")
    batch: list[tuple[int, Signature]] = []
    for pk, _, blob in store.iter_signatures():
        batch.append((pk, Signature.from_bytes(blob)))
        if len(batch) >= 5000:
            save_rows(store, band_rows(detector, [p for p, _ in batch], [s for _, s in batch]), [])
            batch = []
    if batch:
        save_rows(store, band_rows(detector, [p for p, _ in batch], [s for _, s in batch]), [])
    rebuild_postings(store)
    store.set_meta("indexes", COMPLETE)


def rebuild_postings(store: "Store") -> None:
    """The postings from every article's stored terms and current story (after re-clustering).

    One statement: SQLite reads each article's terms (``json_each``), keeps the latest article
    per (term, bucket, story) and inserts the rows in key order, as :func:`save_rows`' upserts
    of every article's :func:`posting_rows` in ingest order leave them. At 100k articles that
    took 5.5 s of CPU, growing x20 for 10x the articles: the upserts in article order fell
    all over the table's B-tree. Without JSON support in SQLite, the rows from Python."""
    store.conn.execute("DELETE FROM postings")
    try:
        store.conn.execute(_REBUILD_POSTINGS, (_UNDATED,))
    except sqlite3.OperationalError:  # pragma: no cover - SQLite built without JSON functions
        _rebuild_postings_rows(store)


# the bucket of posting_rows: day // 7 (a floor, also for days before year 1), _UNDATED without a day
_REBUILD_POSTINGS = """
INSERT INTO postings(term, bucket, story, seq)
SELECT j.value, CASE WHEN a.day IS NULL THEN ? ELSE (a.day - ((a.day % 7) + 7) % 7) / 7 END, a.story, max(a.pk)
FROM articles a, json_each(a.terms) j
WHERE a.terms IS NOT NULL AND a.story IS NOT NULL
GROUP BY 1, 2, 3
"""


def _rebuild_postings_rows(store: "Store") -> None:
    import json

    rows: list[tuple[str, int, int, int]] = []
    for pk, story, day, terms in store.conn.execute(
        "SELECT pk, story, day, terms FROM articles WHERE terms IS NOT NULL AND story IS NOT NULL ORDER BY pk"
    ).fetchall():
        rows.extend(posting_rows(story, json.loads(terms), day, pk))
        if len(rows) >= 50_000:
            save_rows(store, [], rows)
            rows = []
    save_rows(store, [], rows)


@dataclass
class LoadPolicy:
    """Partial loads while they are cheaper than one full load (ski rental): a full load is
    estimated at ``per_article`` seconds per stored article."""

    per_article: float = 60e-6
    min_articles: int = 2000  # below this a full load takes a few milliseconds: always full
    spent: float = 0.0
    loads: int = 0

    def partial(self, stored_articles: int) -> bool:
        return stored_articles >= self.min_articles and self.spent < stored_articles * self.per_article

    def record(self, seconds: float) -> None:
        self.spent += seconds
        self.loads += 1


@dataclass
class PartialState:
    """What :class:`newsprism.corpus.corpus._LiveState` holds, loaded for one batch only."""

    detector: CopyDetector
    clusterer: StreamClusterer
    family_story: dict[int, int | None]
    generation: str | None
    partial: bool = True
    loaded: dict[str, int] = field(default_factory=dict)


def empty_like(template: CopyDetector) -> CopyDetector:
    """A new empty detector with ``template``'s parameters, without recomputing them (the LSH
    banding costs ~0.1 s of numerical integration per detector)."""
    import copy

    detector = copy.copy(template)
    detector._tables = [{} for _ in range(template.bands)]
    detector._row_of = {}
    detector._keys = []
    detector._families = []
    detector._values = np.zeros((1024, template.num_perm), dtype=np.uint32)
    detector._counts = np.zeros(1024, dtype=np.int64)
    return detector


def partial_state(
    store: "Store", params: ClusterParams, batch: Sequence["Article"], generation: str | None,
    template: CopyDetector | None = None,
) -> PartialState:
    """The indexes restricted to what ``batch`` can touch (inside the batch's transaction)."""
    started = time.perf_counter()
    conn = store.conn
    detector = empty_like(template) if template is not None else CopyDetector()
    # -- copies: stored articles sharing an LSH band with an article of the batch
    values, counts = detector._chunk_signatures([a.text for a in batch]) if batch else (np.zeros((0, detector.num_perm)), np.zeros(0))
    signatures = [Signature(v, int(c)) for v, c in zip(values, counts.tolist())]
    pairs = {(band, key) for band, key, _ in band_rows(detector, list(range(len(batch))), signatures)}
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS _want_bands(band INTEGER, key INTEGER)")
    conn.execute("DELETE FROM _want_bands")
    conn.executemany("INSERT INTO _want_bands VALUES(?,?)", list(pairs))
    candidates = [
        r[0] for r in conn.execute(
            "SELECT DISTINCT l.article FROM _want_bands w JOIN lsh l ON l.band = w.band AND l.key = w.key"
        )
    ]
    family_story: dict[int, int | None] = {}
    if candidates:
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS _want_ids(id INTEGER PRIMARY KEY)")
        conn.execute("DELETE FROM _want_ids")
        conn.executemany("INSERT OR IGNORE INTO _want_ids VALUES(?)", [(c,) for c in candidates])
        for pk, family, blob in conn.execute(
            "SELECT s.article, a.family, s.sig FROM _want_ids w JOIN signatures s ON s.article = w.id"
            " JOIN articles a ON a.pk = s.article ORDER BY s.article"
        ):
            detector.add(pk, family, Signature.from_bytes(blob))
            family_story.setdefault(family, None)
        families = list(family_story)
        conn.execute("DELETE FROM _want_ids")
        conn.executemany("INSERT OR IGNORE INTO _want_ids VALUES(?)", [(f,) for f in families])
        family_story.update(conn.execute("SELECT a.pk, a.story FROM _want_ids w JOIN articles a ON a.pk = w.id"))
    # -- stories: the postings of the batch's terms in the batch's weeks
    clusterer = StreamClusterer(params, Vectorizer(int(store.get_meta("cluster_docs", "0") or 0), None, params))
    terms: set[str] = set()
    buckets: set[int] = set()
    from newsprism.corpus.store import day_number

    for article in batch:
        words, entities = clusterer.extractor.split_terms(article.text, article.title)
        terms.update(words)
        terms.update(entities)
        buckets.update(_buckets(day_number(article.published), params))
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS _want_terms(term TEXT PRIMARY KEY) WITHOUT ROWID")
    conn.execute("DELETE FROM _want_terms")
    conn.executemany("INSERT INTO _want_terms VALUES(?)", [(t,) for t in terms])
    df = clusterer.vectorizer.df
    for term, count in conn.execute("SELECT t.term, d.df FROM _want_terms t JOIN term_df d ON d.term = t.term"):
        df[term] = count
    postings: dict = clusterer._postings
    stories: set[int] = {s for s in family_story.values() if s is not None}
    weeks = sorted(b for b in buckets if b >= 0)
    if weeks:  # the week buckets of the batch's dated articles: every story posted
        for term, bucket, story in conn.execute(
            "SELECT p.term, p.bucket, p.story FROM _want_terms t JOIN postings p ON p.term = t.term"
            f" WHERE p.bucket IN ({','.join(str(int(b)) for b in weeks)})"
        ):
            entry = postings.get((term, bucket))
            if entry is None:
                postings[(term, bucket)] = {story}
            else:
                entry.add(story)
            stories.add(story)
    # the undated bucket (every article looks there) and, for an undated article, the all-time
    # one: the cap stories that posted the term most recently, oldest first, as the live index
    # keeps them
    cap = StreamClusterer._POSTING_CAP
    recent_sql = [
        (_UNDATED, "SELECT p.term, p.story, p.seq FROM _want_terms t JOIN postings p ON p.term = t.term"
                   f" WHERE p.bucket = {_UNDATED} ORDER BY p.term, p.seq"),
    ]
    if _ANY in buckets:
        recent_sql.append(
            (_ANY, "SELECT p.term, p.story, max(p.seq) m FROM _want_terms t JOIN postings p ON p.term = t.term"
                   " GROUP BY p.term, p.story ORDER BY p.term, m")
        )
    for bucket, sql in recent_sql:
        by_term: dict[str, list[tuple[int, int]]] = {}
        for term, story, seq in conn.execute(sql):
            by_term.setdefault(term, []).append((story, seq))
        for term, ordered in by_term.items():
            kept = ordered[-cap:]
            postings[(term, bucket)] = dict(kept)
            stories.update(story for story, _ in kept)
        if bucket == _UNDATED and by_term:
            clusterer._undated_posted = True  # dated articles then look in the undated postings too
    if stories:
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS _want_ids(id INTEGER PRIMARY KEY)")
        conn.execute("DELETE FROM _want_ids")
        conn.executemany("INSERT OR IGNORE INTO _want_ids VALUES(?)", [(s,) for s in stories])
        for story_id, first, last, size, blob in conn.execute(
            "SELECT s.id, s.first_day, s.last_day, s.size, s.state FROM _want_ids w JOIN stories s ON s.id = w.id"
        ):
            clusterer.load(StoryState.from_jsonable(story_id, unpack_state(blob), size, first, last), index_centroid=False)
    top = conn.execute("SELECT max(id) FROM stories").fetchone()[0]
    clusterer.next_id = max(clusterer.next_id, int(top or 0) + 1, int(store.get_meta("next_story", "0") or 0))
    state = PartialState(detector, clusterer, family_story, generation)
    state.loaded = {
        "candidates": len(candidates), "terms": len(terms), "postings": len(postings), "stories": len(clusterer.stories),
        "ms": int((time.perf_counter() - started) * 1000),
    }
    return state
