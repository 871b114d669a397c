"""The streaming repair (:mod:`newsprism.corpus.repair`) inside an ingest batch: the members
of a story read from the store (their texts re-vectorised under the current document
frequencies) and from the batch in flight, and every change written back — stored articles
relabelled (copies follow their representative), merged-away stories deleted, a split-off
story titled, the stored candidate index kept to the new labels, and the change logged in
``story_changes`` (what ``refresh`` and ``watch`` report).

Everything runs inside the batch's write transaction, and a repair decides only from what
the store and the batch hold, so an ingest interrupted and run again ends with the stories
of one uninterrupted run.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Mapping, Sequence

from newsprism.corpus.repair import Member, StoryChange, repair
from newsprism.corpus.textio import headline

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.corpus.cluster import ArticleVector, StreamClusterer
    from newsprism.corpus.store import Store
    from newsprism.model import Article

__all__ = ["BatchRepair", "NEXT_STORY"]

NEXT_STORY = "next_story"  # meta: the next story id (a merged-away id is never given again)
_CACHE_LIMIT = 50_000  # term counts kept per corpus between batches (texts never change)


class BatchRepair:
    """One ingest batch's repairs. ``family_story`` is the live state's family -> story map
    (updated here); ``grown`` counts the batch's articles per family so far; ``cache`` maps an
    article pk to its term counts and lives as long as the corpus object."""

    def __init__(
        self, store: "Store", clusterer: "StreamClusterer", family_story: dict[int, int | None], grown: Counter[int],
        cache: dict[int, tuple[Counter[str], Counter[str]]], partial: bool,
    ):
        self.store = store
        self.clusterer = clusterer
        self.family_story = family_story
        self.grown = grown
        self.cache = cache
        self.partial = partial
        self.batch: dict[int, tuple["Article", tuple[str, ...], int | None]] = {}  # representatives in flight
        self.changes: list[StoryChange] = []
        self.titles: dict[int, str | None] = {}  # stories split off: their headline
        self.deleted: set[int] = set()
        self.affected: set[int] = set()  # stories whose stored postings must follow the new labels
        self._df_loaded: set[str] = set()

    def placed(self, pk: int, article: "Article", story: int, vec: "ArticleVector", day: int | None) -> None:
        """A representative just placed in ``story``: repair that story now."""
        self.batch[pk] = (article, vec.salient, day)
        found = repair(self.clusterer, {story: [(pk, vec)]}, self.members)
        for change in found:
            self._apply(change)
        self.changes += found

    # -- the member source ---------------------------------------------------------

    def members(self, story_ids: Sequence[int]) -> Mapping[int, list[Member]]:
        want = {int(s) for s in story_ids}
        out: dict[int, list[Member]] = {s: [] for s in want}
        if not want:
            return out
        found: list[tuple[int, int, str, str | None, int | None, tuple[str, ...], int]] = []
        marks = ",".join("?" * len(want))
        for pk, story, text, title, day, terms, size in self.store.conn.execute(
            "SELECT a.pk, a.story, a.text, a.title, a.day, a.terms, coalesce(f.size, 1) FROM articles a"
            f" LEFT JOIN families f ON f.id = a.pk WHERE a.story IN ({marks}) AND a.pk = a.family"
            " AND a.terms IS NOT NULL ORDER BY a.pk",
            sorted(want),
        ):
            found.append((pk, story, text, title, day, tuple(json.loads(terms)), size + self.grown.get(pk, 0)))
        for pk, (article, salient, day) in self.batch.items():
            story = self.family_story.get(pk)
            if story in want:
                found.append((pk, story, article.text, article.title, day, salient, self.grown.get(pk, 1)))
        counts = [self._counts(pk, text, title) for pk, _, text, title, _, _, _ in found]
        if self.partial:
            self._load_df(counts)
        vectorizer = self.clusterer.vectorizer
        extractor, chars = self.clusterer.extractor, self.clusterer.params.lead_name_chars
        for (pk, story, text, title, day, salient, count), (words, entities) in zip(found, counts):
            leads = extractor.lead_names(text, title, chars)
            out[story].append(Member(pk, vectorizer.vector_parts(words, entities, day, leads), count, salient, day))
        return out

    def _counts(self, pk: int, text: str, title: str | None) -> tuple[Counter[str], Counter[str]]:
        got = self.cache.get(pk)
        if got is None:
            if len(self.cache) >= _CACHE_LIMIT:
                self.cache.clear()
            got = self.cache[pk] = self.clusterer.extractor.split_terms(text, title)
        return got

    def _load_df(self, counts: Sequence[tuple[Counter[str], Counter[str]]]) -> None:
        """A partial state holds the document frequencies of the batch's terms only: read those
        of the members' other terms (stored values; the batch did not observe them)."""
        df = self.clusterer.vectorizer.df
        missing = {t for words, entities in counts for t in (*words, *entities)} - self._df_loaded
        missing = {t for t in missing if t not in df}
        self._df_loaded |= missing
        if not missing:
            return
        conn = self.store.conn
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS _want_df(term TEXT PRIMARY KEY) WITHOUT ROWID")
        conn.execute("DELETE FROM _want_df")
        conn.executemany("INSERT INTO _want_df VALUES(?)", [(t,) for t in missing])
        for term, count in conn.execute("SELECT w.term, d.df FROM _want_df w JOIN term_df d ON d.term = w.term"):
            df[term] = count

    # -- writing the changes back --------------------------------------------------

    def _apply(self, change: StoryChange) -> None:
        conn = self.store.conn
        self.affected |= {change.kept, change.other}
        if change.kind == "split":
            for pk in change.moved:
                self.family_story[pk] = change.other
            stored = [pk for pk in change.moved if pk not in self.batch]
            for i in range(0, len(stored), 500):
                chunk = stored[i : i + 500]
                conn.execute(
                    f"UPDATE articles SET story = ? WHERE family IN ({','.join('?' * len(chunk))})",
                    [change.other, *chunk],
                )
            self.titles[change.other] = self._headline(min(change.moved))
        else:
            for pk in change.moved:
                self.family_story[pk] = change.kept
            conn.execute("UPDATE articles SET story = ? WHERE story = ?", (change.kept, change.other))
            conn.execute("DELETE FROM stories WHERE id = ?", (change.other,))
            self.deleted.add(change.other)
            self.titles.pop(change.other, None)

    def _headline(self, pk: int) -> str | None:
        if pk in self.batch:
            article = self.batch[pk][0]
            return headline(article.title, article.text)
        row = self.store.conn.execute("SELECT title, text FROM articles WHERE pk = ?", (pk,)).fetchone()
        return headline(row[0], row[1]) if row else None

    def finish(self, rebuild_postings: bool, generation: int) -> None:
        """After the batch's placing, before its own rows are written: the stored postings of
        the stories changed follow the new labels (when the store keeps them up to date), the
        next story id and the change log are written."""
        if not self.changes:
            return
        conn = self.store.conn
        if rebuild_postings and self.affected:
            from newsprism.corpus.index import posting_rows, save_rows

            ids = sorted(self.affected)
            marks = ",".join("?" * len(ids))
            conn.execute(f"DELETE FROM postings WHERE story IN ({marks})", ids)
            rows = [
                p
                for pk, story, day, terms in conn.execute(
                    f"SELECT pk, story, day, terms FROM articles WHERE story IN ({marks}) AND pk = family"
                    " AND terms IS NOT NULL ORDER BY pk",
                    ids,
                )
                for p in posting_rows(story, json.loads(terms), day, pk)
            ]
            save_rows(self.store, [], rows)
        self.store.set_meta(NEXT_STORY, str(self.clusterer.next_id))
        self.store.log_story_changes(
            (c.kind, c.kept, c.other, len(c.moved), generation) for c in self.changes
        )
