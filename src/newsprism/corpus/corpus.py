"""Corpus mode, the Python API behind ``newsprism ingest/stories/search/export``.

    with Corpus("corpus.db") as corpus:
        summary = corpus.ingest(["feeds.xml", "all-the-news.csv"], mapping="text=content,outlet=publication")
        for story in corpus.stories(since="2016-12-01"):
            articles = corpus.story_articles(story.id)   # -> newsprism.analyze(...)

Ingest reads every input lazily, then per batch (one SQLite transaction): drops
inputs already stored (same content hash), puts each new article in a copy
family (MinHash LSH; copies of a stored text join its family and its story),
and assigns the others to a story by streaming clustering. A batch is
committed whole or not at all, so an interrupted ingest (Ctrl-C, kill) loses
only the batch in flight; running the same ingest again resumes, since
everything committed is recognised by its hash.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from newsprism.corpus.browse import match_outlet
from newsprism.corpus.export import EXPORT_FORMATS, export_articles, user_fields
from newsprism.corpus.feeds import DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT
from newsprism.corpus.inputs import iter_inputs
from newsprism.model import Article, Skipped, to_jsonable, without_surrogates
from newsprism.corpus.textio import headline
from newsprism.corpus.store import (
    CopyFamily,
    SearchHit,
    Store,
    StoredAnalysis,
    Story,
    content_hash,
    day_number,
    pack_state,
    unpack_state,
)

# The clustering, copy detection and index modules (numpy) are imported where an ingest or a
# recluster needs them, not here: reading a corpus (`stories`, `search`, the web pages) starts
# without them.
if TYPE_CHECKING:  # pragma: no cover
    from newsprism.compare.embed import SentenceEncoder
    from newsprism.corpus.cluster import ClusterParams
    from newsprism.corpus.dedupe import CopyDetector
    from newsprism.corpus.index import LoadPolicy, PartialState
    from newsprism.model import StoryAnalysis

__all__ = [
    "Corpus", "IngestSummary", "IngestInterrupted", "Story", "CopyFamily", "SearchHit", "StoredAnalysis",
    "iter_inputs", "EXPORT_FORMATS", "match_outlet", "user_fields",
]

# progress(done, total): articles read so far; total is None (inputs are read lazily).
# Called at most every _PROGRESS_SECONDS while reading, and once at the end.
Progress = Callable[[int, "int | None"], None]
_PROGRESS_SECONDS = 0.2
# articles per committed transaction by default: each commit rewrites the pages of term_df and
# the FTS5 segments it touched, and at 100k articles a batch of 500 touched most of them (500 ->
# 2,000: commit + term_df 15.3 -> 8.3 s CPU of an ingest of 100k; the same decisions)
BATCH_SIZE = 2000
# meta "indexes" while a large ingest owes the lsh/postings tables the rows of committed batches
_INDEXES_PENDING = "pending"
_INDEX_FLUSH_ROWS = 400_000  # owed rows written at once (~60 MB of tuples at most)


@dataclass
class IngestSummary:
    """What one ``ingest`` did.

    ``ingested``: new articles stored; ``duplicates``: inputs already stored (or
    repeated within this run) — nothing added; ``copies``: new articles that are
    copies of another stored text (they are stored, in its copy family and story);
    ``skipped``: inputs that could not be read, each with file, line and reason.
    """

    ingested: int = 0
    duplicates: int = 0
    copies: int = 0
    new_stories: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def read(self) -> int:
        return self.ingested + self.duplicates

    @property
    def articles_per_second(self) -> float:
        return self.read / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict:
        return {
            "ingested": self.ingested,
            "duplicates": self.duplicates,
            "copies": self.copies,
            "new_stories": self.new_stories,
            "skipped": [{"path": s.path, "line": s.line, "reason": s.reason} for s in self.skipped],
            "seconds": round(self.seconds, 3),
        }


class IngestInterrupted(KeyboardInterrupt):
    """Ctrl-C during :meth:`Corpus.ingest`: every batch before the one in flight is committed
    (``summary`` counts them); running the same ingest again resumes."""

    def __init__(self, summary: IngestSummary):
        super().__init__("ingest interrupted")
        self.summary = summary


class _LiveState:
    """In-memory indexes rebuilt from the store: copy detector and stream clusterer."""

    def __init__(self, store: Store, params: ClusterParams):
        from newsprism.corpus.cluster import StoryState, StreamClusterer, Vectorizer
        from newsprism.corpus.dedupe import CopyDetector, Signature

        self.detector = CopyDetector()
        for pk, family, blob in store.iter_signatures():
            self.detector.add(pk, family, Signature.from_bytes(blob))
        docs, df = store.load_df()
        self.clusterer = StreamClusterer(params, Vectorizer(docs, df, params))
        # the candidate index is replayed from the terms each article was indexed under, in
        # ingest order: the same index the interrupted or earlier ingest had (stories from a
        # schema-1 file, which kept no terms, are indexed by their centroid's heaviest terms)
        legacy = store.stories_without_terms()
        for story_id, first, last, size, blob in store.iter_story_states():
            state = StoryState.from_jsonable(story_id, unpack_state(blob), size, first, last)
            self.clusterer.load(state, index_centroid=story_id in legacy)
        for pk, story_id, day, terms in store.iter_article_terms():
            if story_id in self.clusterer.stories:
                self.clusterer.index_article(story_id, terms, day, pk)
        from newsprism.corpus.story_repair import NEXT_STORY

        self.clusterer.next_id = max(self.clusterer.next_id, int(store.get_meta(NEXT_STORY, "0") or 0))
        # copies join their representative's story without a query per copy
        self.family_story = store.family_stories()
        self.generation = store.get_meta("generation", "0")


class Corpus:
    """A corpus file (created on first use). One writer at a time; readers any time.

    ``params`` tune story clustering; ``batch_size`` is the number of articles per
    committed transaction.
    """

    def __init__(self, path: str | Path, params: ClusterParams | None = None, batch_size: int = BATCH_SIZE):
        self.path = Path(path)
        self.store = Store(self.path)
        self._params = params
        self.batch_size = batch_size
        self._live: _LiveState | None = None
        self._load_policy: LoadPolicy | None = None
        self._detector_template: CopyDetector | None = None
        self._analysis_version: str | None = None
        # index rows of committed batches not yet in the store's lsh/postings tables (a large
        # ingest writes them in key order every _INDEX_FLUSH_ROWS rows and at its end, see _commit)
        self._pending_lsh: list[tuple[int, int, int]] = []
        self._pending_postings: list[tuple[str, int, int, int]] = []
        self._postings_relabelled = False  # a repair relabelled stories while postings rows were owed
        self._term_counts: dict[int, Any] = {}  # pk -> term counts, for repairs (texts never change)

    @property
    def params(self) -> ClusterParams:
        """The clustering knobs (defaults unless given)."""
        if self._params is None:
            from newsprism.corpus.cluster import ClusterParams

            self._params = ClusterParams()
        return self._params

    @params.setter
    def params(self, value: ClusterParams) -> None:
        self._params = value

    @property
    def _policy(self) -> LoadPolicy:
        if self._load_policy is None:
            from newsprism.corpus.index import LoadPolicy

            self._load_policy = LoadPolicy()
        return self._load_policy

    @_policy.setter
    def _policy(self, value: LoadPolicy) -> None:
        self._load_policy = value

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Corpus":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        return self.store.article_count()

    # -- ingest --------------------------------------------------------------------

    def ingest(
        self,
        paths: Iterable[str | Path],
        mapping: Mapping[str, str] | str | None = None,
        progress: Progress | None = None,
        *,
        follow_links: bool = False,
        timeout: float = DEFAULT_TIMEOUT,
        max_bytes: int = DEFAULT_MAX_BYTES,
        allow_private: bool = False,
    ) -> IngestSummary:
        """Read ``paths`` (files, folders, http(s) addresses) into the corpus.

        ``mapping`` maps article fields to table columns (``"text=content,outlet=publication"``)
        for CSV/parquet inputs. ``progress(done, None)`` (articles read so far) is called a few
        times a second and at the end.
        Raises ValueError for a malformed mapping before anything is read, and
        :class:`IngestInterrupted` (a KeyboardInterrupt carrying the summary of the committed
        batches) on Ctrl-C.
        """
        from newsprism.corpus.tabular import parse_mapping

        fields = parse_mapping(mapping)
        summary = IngestSummary()
        started = time.perf_counter()
        batch: list[Article] = []
        read = 0
        shown = started
        try:
            for item in iter_inputs(paths, fields, follow_links, timeout, max_bytes, allow_private):
                if isinstance(item, Skipped):
                    summary.skipped.append(item)
                    continue
                batch.append(_with_text_metadata(item))
                read += 1
                if len(batch) >= self.batch_size:
                    self._commit(batch, summary)
                    batch = []
                if progress and time.perf_counter() - shown >= _PROGRESS_SECONDS:
                    progress(read, None)
                    shown = time.perf_counter()
            if batch:
                self._commit(batch, summary)
            self._finish_index()
            if progress:
                progress(read, None)
        except IngestInterrupted:
            raise
        except KeyboardInterrupt as exc:
            summary.seconds = time.perf_counter() - started
            raise IngestInterrupted(summary) from exc
        finally:
            summary.seconds = time.perf_counter() - started
        return summary

    def add_articles(self, articles: Iterable[Article]) -> IngestSummary:
        """Ingest Article records already in memory (same rules as :meth:`ingest`)."""
        summary = IngestSummary()
        started = time.perf_counter()
        batch: list[Article] = []
        for article in articles:
            batch.append(_with_text_metadata(article))
            if len(batch) >= self.batch_size:
                self._commit(batch, summary)
                batch = []
        if batch:
            self._commit(batch, summary)
        self._finish_index()
        summary.seconds = time.perf_counter() - started
        return summary

    def _state(self, batch: Sequence[Article] = ()) -> "_LiveState | PartialState":
        """The indexes for a batch: the full in-memory ones when current; else, when the store
        keeps complete indexes and partial loads have not yet cost a full one, only what
        ``batch`` can touch (a small ingest into a large corpus); else a full load."""
        import newsprism.corpus.index as stored_index
        from newsprism.corpus.dedupe import CopyDetector
        generation = self.store.get_meta("generation", "0")
        # another process may have written since our indexes were built
        if self._live is not None and self._live.generation == generation:
            return self._live
        self._live = None
        store = self.store
        if stored_index.complete(store) and self._policy.partial(store.next_pk() - 1):
            started = time.perf_counter()
            if self._detector_template is None:
                self._detector_template = CopyDetector()
            state = stored_index.partial_state(store, self.params, batch, generation, self._detector_template)
            self._policy.record(time.perf_counter() - started)
            return state
        self._live = _LiveState(store, self.params)
        if not stored_index.complete(store):
            stored_index.backfill(store, self._live.detector)
        return self._live

    def _commit(self, batch: list[Article], summary: IngestSummary) -> None:
        import newsprism.corpus.index as stored_index

        store = self.store
        batch[:] = [without_surrogates(a) for a in batch]  # unencodable in SQLite otherwise
        hashes = [content_hash(a) for a in batch]
        try:
            # everything is decided under the write lock: another ingest that committed while
            # this one read its inputs is seen (its hashes, ids, families and stories)
            with store.transaction():
                known = store.known_hashes(hashes)
                fresh: list[tuple[Article, str]] = []
                duplicates = 0
                for article, hash_ in zip(batch, hashes):
                    if hash_ in known:
                        duplicates += 1
                    else:
                        known.add(hash_)
                        fresh.append((article, hash_))
                if not fresh:
                    summary.duplicates += duplicates
                    return
                ids = _unique_ids(fresh, store.taken_ids([a.id for a, _ in fresh]))
                live = self._state([a for a, _ in fresh])
                first_pk = store.next_pk()
                pks = list(range(first_pk, first_pk + len(fresh)))
                # signatures of the whole batch in a few numpy passes; a copy may copy an earlier
                # article of the same batch
                assigned = live.detector.assign_many(pks, [a.text for a, _ in fresh])
                rows: list[tuple[int, str, Article, int, int | None, tuple[str, ...] | None]] = []
                new_titles: dict[int, str | None] = {}
                grown: Counter[int] = Counter()
                clusterer = live.clusterer
                copies = new_stories = 0
                fixer = None
                if self.params.repair:
                    from newsprism.corpus.story_repair import BatchRepair

                    fixer = BatchRepair(store, clusterer, live.family_story, grown, self._term_counts,
                                        not isinstance(live, _LiveState))
                for pk, (article, hash_), article_id, (family, _) in zip(pks, fresh, ids, assigned):
                    if article_id != article.id:
                        article = _with_id(article, article_id)
                    day = day_number(article.published)
                    terms: tuple[str, ...] | None = None
                    if family != pk:
                        story = live.family_story.get(family)
                        if story is not None:
                            clusterer.add_copy(story, day)
                        copies += 1
                    else:
                        before = clusterer.next_id
                        story, vec = clusterer.assign(article.text, article.title, day, pk)
                        terms = vec.salient
                        live.family_story[pk] = story
                        if story >= before:
                            new_titles[story] = headline(article.title, article.text)
                            new_stories += 1
                    rows.append((pk, hash_, article, family, story, terms))
                    grown[family] += 1
                    if fixer is not None and terms is not None and story is not None:
                        fixer.placed(pk, article, story, vec, day)
                if fixer is not None and fixer.changes:
                    # a repair may have moved articles of this batch: each follows its family's story
                    rows = [(pk, h, a, fam, live.family_story.get(fam, story), t) for pk, h, a, fam, story, t in rows]
                    new_titles.update(fixer.titles)
                    for gone in fixer.deleted:
                        new_titles.pop(gone, None)
                deferred = isinstance(live, _LiveState) and (stored_index.complete(store) or self._deferring(store))
                if fixer is not None and fixer.changes:
                    # the stored postings follow the new labels now, or (rows owed) when next written
                    relabel_index = not deferred and stored_index.complete(store)
                    fixer.finish(relabel_index, int(store.get_meta("generation", "0") or 0) + 1)
                    self._postings_relabelled = self._postings_relabelled or deferred
                store.insert_articles(rows)
                store.save_signatures((pk, sig.to_bytes()) for pk, (_, sig) in zip(pks, assigned))
                if deferred or stored_index.complete(store):
                    lsh_rows = stored_index.band_rows(live.detector, pks, [sig for _, sig in assigned])
                    posting_rows = [
                        p for pk, _, a, _, story, terms in rows if terms is not None and story is not None
                        for p in stored_index.posting_rows(story, terms, day_number(a.published), pk)]
                    if deferred:
                        # a large ingest (the full in-memory indexes decide): the rows wait and go
                        # in key order, many batches at once; until then the tables are marked
                        # incomplete (a crash leaves them to the backfill of the next full load)
                        store.set_meta("indexes", _INDEXES_PENDING)
                        pending = (lsh_rows, posting_rows)
                    else:
                        stored_index.save_rows(store, lsh_rows, posting_rows)
                store.bump_families(grown)
                for state in clusterer.take_dirty():
                    store.save_story(
                        state.id, new_titles.get(state.id), state.first_day, state.last_day, state.size,
                        pack_state(state.to_jsonable()),
                    )
                store.save_df(clusterer.vectorizer.docs, clusterer.vectorizer.take_changes())
                generation = str(int(store.get_meta("generation", "0") or 0) + 1)
                store.set_meta("generation", generation)
                if deferred and len(self._pending_lsh) + len(self._pending_postings) >= _INDEX_FLUSH_ROWS:
                    self._pending_lsh.extend(pending[0])
                    self._pending_postings.extend(pending[1])
                    pending = ([], [])
                    self._write_pending_index(final=False)
            live.generation = generation
            if deferred:  # committed: the rows are owed to the tables
                self._pending_lsh.extend(pending[0])
                self._pending_postings.extend(pending[1])
            # counted only once committed: the summary never claims a rolled-back batch
            summary.duplicates += duplicates
            summary.ingested += len(rows)
            summary.copies += copies
            summary.new_stories += new_stories
        except BaseException:
            # the in-memory indexes saw articles that were rolled back: rebuild them next time
            self._live = None
            raise

    def _deferring(self, store: Store) -> bool:
        return store.get_meta("indexes") == _INDEXES_PENDING

    def _write_pending_index(self, final: bool = True) -> None:
        """The index rows owed by committed batches into the lsh/postings tables, in key order
        (each B-tree page then written once for many batches, not once per batch: at 100k
        articles a batch's 8,000 LSH rows fell on half the table's pages), and the tables
        marked complete again. Inside a transaction."""
        import newsprism.corpus.index as stored_index

        if self._postings_relabelled:  # rows owed under labels a repair changed since: rebuilt whole
            stored_index.save_rows(self.store, self._pending_lsh, [])
            self._pending_lsh, self._pending_postings = [], []
            if not final:
                # once, at the end of the ingest: rebuilt at every flush, the postings cost a
                # 100k ingest 31 s of CPU instead of 12 (the tables stay marked pending)
                return
            stored_index.rebuild_postings(self.store)
            self._postings_relabelled = False
        else:
            stored_index.save_rows(self.store, self._pending_lsh, self._pending_postings)
        self._pending_lsh, self._pending_postings = [], []
        self.store.set_meta("indexes", stored_index.COMPLETE)

    def _finish_index(self) -> None:
        """End of an ingest: write the index rows still owed (own transaction)."""
        if not (self._pending_lsh or self._pending_postings or self._postings_relabelled) or not self._deferring(self.store):
            self._pending_lsh, self._pending_postings = [], []
            self._postings_relabelled = False
            return
        with self.store.transaction():
            if self._deferring(self.store):  # else another process backfilled the tables meanwhile
                self._write_pending_index()
        self._pending_lsh, self._pending_postings = [], []
        self._postings_relabelled = False

    # -- batch re-clustering -------------------------------------------------------

    def recluster(self, params: ClusterParams | None = None, embedder: SentenceEncoder | None = None) -> int:
        """Re-group the whole corpus into stories with batch clustering (corpus-wide IDF,
        order-independent); copies follow their family's representative. Replaces all
        stories (ids restart at 1) and the streaming state. Returns the number of stories.

        ``embedder`` (``newsprism.compare.embed.default_embedder("static")``, or any object with
        ``encode(texts) -> array``) adds sentence-embedding similarity to the batch grouping."""
        import newsprism.corpus.index as stored_index
        from newsprism.corpus.cluster import StoryState, Vectorizer, cluster_batch, extract_terms

        params = params or self.params
        rows = self.store.conn.execute(
            "SELECT pk, family, text, title, day FROM articles WHERE pk = family ORDER BY pk"
        ).fetchall()
        embeddings = None
        if embedder is not None and rows:
            embeddings = embedder.encode([f"{r[3] or ''}\n{r[2]}" for r in rows])
        # the streaming stories' members are candidate pairs too: the batch may split a
        # streaming story only when its articles really are unlike (never for want of an edge)
        index = {r[0]: i for i, r in enumerate(rows)}
        by_story: dict[int, list[int]] = {}
        for pk, story in self.store.conn.execute("SELECT pk, story FROM articles WHERE pk = family AND story IS NOT NULL"):
            if pk in index:
                by_story.setdefault(story, []).append(index[pk])
        links = [(a, b) for members in by_story.values() for a, b in zip(members, members[1:])]
        labels = cluster_batch([(r[2], r[3], r[4]) for r in rows], params, embeddings, links=links)
        story_of_family = {r[0]: label + 1 for r, label in zip(rows, labels)}
        assignment = {
            pk: story_of_family[family]
            for pk, family in self.store.conn.execute("SELECT pk, family FROM articles")
        }
        titles: dict[int, str | None] = {}
        untitled: set[int] = set()  # stories whose title so far comes from the text
        for r, label in zip(rows, labels):  # the first titled article's title, else a headline from the text
            if r[3] and r[3].strip():
                if titles.get(label + 1) is None or label + 1 in untitled:
                    titles[label + 1] = r[3].strip()
                    untitled.discard(label + 1)
            elif label + 1 not in titles:
                titles[label + 1] = headline(None, r[2])
                untitled.add(label + 1)
        vectorizer = Vectorizer(params=params)
        counts = [extract_terms(r[2], r[3], params.title_boost) for r in rows]
        for c in counts:
            vectorizer.observe(c)
        states: dict[int, StoryState] = {}
        for r, c, label in zip(rows, counts, labels):
            state = states.setdefault(label + 1, StoryState(label + 1))
            state.add(vectorizer.vector(c, r[4]), params.centroid_terms)
        try:
            with self.store.transaction() as conn:
                self.store.replace_stories(assignment, titles)
                for state in states.values():
                    size = sum(1 for s in assignment.values() if s == state.id)
                    self.store.save_story(
                        state.id, titles.get(state.id), state.first_day, state.last_day, size,
                        pack_state(state.to_jsonable()),
                    )
                conn.execute("DELETE FROM term_df")
                self.store.save_df(vectorizer.docs, vectorizer.df.items())
                if stored_index.complete(self.store):
                    stored_index.rebuild_postings(self.store)
                generation = str(int(self.store.get_meta("generation", "0") or 0) + 1)
                self.store.set_meta("generation", generation)
                # the story ids of the changes logged so far no longer exist
                self.store.set_meta("reclustered_generation", generation)
        finally:
            self._live = None
        return len(states)

    # -- reading -------------------------------------------------------------------

    def stories(self, since: str | None = None, limit: int | None = None, offset: int = 0,
                min_outlets: int = 0) -> list[Story]:
        """Stories (most recently seen first); ``since`` = ISO date: stories seen on/after it;
        ``min_outlets``: told by at least that many outlets;
        ``limit``/``offset``: one page of them (:meth:`count_stories` gives the total)."""
        return self.store.stories(since, limit=limit, offset=offset, min_outlets=min_outlets)

    def count_stories(self, since: str | None = None, min_outlets: int = 0) -> int:
        return self.store.count_stories(since, min_outlets=min_outlets)

    def search(
        self, query: str, outlet: str | None = None, since: str | None = None, until: str | None = None,
        limit: int = 50,
    ) -> list[SearchHit]:
        """Full-text search (SQLite FTS5 syntax; plain words are all required), best first.

        ``outlet`` is matched as :meth:`match_outlet` does; ValueError (naming the stored
        outlets) when it matches none."""
        names = None
        if outlet is not None:
            names = self.match_outlet(outlet)
            if not names:
                known = ", ".join(f"{name} ({n})" for name, n in self.store.outlets()[:30]) or "none"
                raise ValueError(f"no outlet matches {outlet!r}; outlets in this corpus: {known}")
        return self.store.search(query, outlet=names, since=since, until=until, limit=limit)

    def outlets(self) -> list[tuple[str, int]]:
        """The outlets stored, with their article counts, most articles first."""
        return self.store.outlets()

    def match_outlet(self, given: str) -> list[str]:
        """The stored outlet names ``given`` means: the same name in any case ("reuters"),
        else the same name without "The" and punctuation, else initials ("AP", "NYT"), else
        a prefix of the name or of one of its words ("assoc", "times")."""
        return match_outlet(given, [name for name, _ in self.store.outlets()])

    def story_articles(self, story_id: int) -> list[Article]:
        """The articles of a story, in ingest order (``meta`` carries ``family`` and ``story``);
        ready for :func:`newsprism.analyze`. Raises KeyError for an unknown story."""
        rows = self.store.story_articles(int(story_id))
        if not rows:
            raise KeyError(f"no story {story_id} in {self.path}")
        return [r.article for r in rows]

    # -- stored analyses -------------------------------------------------------------

    def story_analysis(
        self,
        story_id: int,
        compute: "Callable[[list[Article]], StoryAnalysis] | None" = None,
        *,
        stale_ok: bool = False,
        version: str | None = None,
    ) -> StoredAnalysis | None:
        """The stored analysis of a story, if it is fresh (same article set, same analysis
        version). Otherwise: with ``compute`` (articles -> StoryAnalysis, e.g.
        ``newsprism.engines.local.analyser()``), compute it now, store it and return it; with
        ``stale_ok``, the latest one stored for this story id (``fresh=False``), else None.

        ``newsprism.engines.local.story_analysis`` is the entry point that also reuses stored
        parses; this method is what a reader (web page, report) needs. Raises KeyError for an
        unknown story."""
        version = version or self.analysis_version
        set_hash = self.store.story_set_hash(int(story_id))
        if set_hash is None:
            raise KeyError(f"no story {story_id} in {self.path}")
        found = self.store.get_analysis(set_hash, version, int(story_id))
        if found is not None:
            return found
        if compute is None:
            return self.store.latest_analysis(int(story_id)) if stale_ok else None
        started = time.perf_counter()
        analysis = compute(self.story_articles(story_id))
        return self.save_analysis(int(story_id), set_hash, analysis, time.perf_counter() - started, version)

    def save_analysis(
        self, story_id: int | None, set_hash: str, analysis: "StoryAnalysis | str", seconds: float | None = None,
        version: str | None = None,
    ) -> StoredAnalysis:
        """Store a story's analysis (a StoryAnalysis, or its compact JSON text) for the article
        set ``set_hash`` (:meth:`Store.story_set_hash` at the time its articles were read)."""
        version = version or self.analysis_version
        text = analysis if isinstance(analysis, str) else json.dumps(
            to_jsonable(analysis), ensure_ascii=False, separators=(",", ":")
        )
        with self.store.transaction():
            self.store.save_analysis(set_hash, version, story_id, text, seconds)
        stored = self.store.get_analysis(set_hash, version, story_id)
        assert stored is not None
        return stored

    def stale_stories(self, version: str | None = None) -> list[int]:
        """Stories without a fresh analysis (new, changed since, or analysed by other code), in
        id order."""
        done = self.store.analysed_sets(version or self.analysis_version)
        return sorted(s for s, h in self.store.story_set_hashes().items() if h not in done)

    @property
    def analysis_version(self) -> str:
        if self._analysis_version is None:
            from newsprism.corpus.versions import analysis_version

            self._analysis_version = analysis_version()
        return self._analysis_version

    def article(self, article_id: str) -> Article | None:
        row = self.store.article_by_id(article_id)
        return row.article if row else None

    def story_changes(self, after: int = 0) -> list[dict[str, Any]]:
        """What streaming repairs did to stories (``id`` above ``after``, oldest first): ``kind``
        "split" (articles of ``story`` moved to the new story ``other``; the bigger part kept the
        id) or "merge" (``other`` was folded into ``story`` and is gone), ``articles`` moved. Only
        those since the last :meth:`recluster` (which renumbers every story)."""
        cut = int(self.store.get_meta("reclustered_generation", "0") or 0)
        return [c for c in self.store.story_changes(after) if c["generation"] > cut]

    def families(self, min_size: int = 2) -> list[CopyFamily]:
        """Copy families with at least ``min_size`` members."""
        return self.store.families(min_size)

    def export(self, path: str | Path, format: str = "jsonl", progress: "Callable[[int, int], None] | None" = None) -> int:
        """Write every article (the JSONL contract fields plus ``story`` and ``family``,
        the family named by its representative's id) to ``path``; returns the count.
        ``progress(done, total)`` is told every 500 articles and at the end."""
        return export_articles(self.store, path, format, progress)


def _with_text_metadata(article: Article) -> Article:
    """Damage marks and outlet/dateline/reporters from the text (cheap; never overrides given values)."""
    from newsprism.extract.clean import mark_damage
    from newsprism.extract.metadata import infer_metadata

    return infer_metadata(mark_damage(article))


def _unique_ids(fresh: Sequence[tuple[Article, str]], taken: set[str]) -> list[str]:
    """Given ids, except where already used (another file's "000.txt"): then id#hash-prefix."""
    out: list[str] = []
    used = set(taken)
    for article, hash_ in fresh:
        article_id = article.id
        if article_id in used:
            article_id = f"{article.id}#{hash_[:12]}"
        used.add(article_id)
        out.append(article_id)
    return out


def _with_id(article: Article, article_id: str) -> Article:
    from dataclasses import replace

    return replace(article, id=article_id, meta={**dict(article.meta), "given_id": article.id})
