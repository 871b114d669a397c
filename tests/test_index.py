"""The candidate indexes kept in the store (newsprism.corpus.index): a small ingest into a
stored corpus loads only what its articles can touch, and decides exactly what the full
in-memory indexes decide; the tables are backfilled for an older file and kept right by
re-clustering."""

from __future__ import annotations

import json

import pytest

from newsprism.corpus import index
from newsprism.corpus.corpus import Corpus
from newsprism.corpus.index import LoadPolicy
from newsprism.model import Article


@pytest.fixture(scope="module")
def articles(shared_dir):
    """BASIL (50 events, 3 outlets each) in date order, plus trimmed copies of every fifth."""
    out = []
    for path in sorted((shared_dir / "datasets" / "basil" / "articles").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        paras = [" ".join(p) if isinstance(p, list) else str(p) for p in data["body-paragraphs"]]
        text = "\n".join(p.strip() for p in paras if p.strip())
        out.append(Article(id=path.stem, text=text, title=data.get("title"), outlet=data.get("source"), published=data.get("date")))
    out.sort(key=lambda a: (a.published or "", a.id))
    copies = [
        Article(id=f"{a.id}-copy", text=a.text.rsplit("\n", 1)[0] + "\nDistributed by a wire service.", title=a.title,
                outlet="Copy Desk", published=a.published)
        for a in out[::5]
    ]
    # undated follow-ups (every fourth word dropped: the same terms, not a copy)
    undated = [
        Article(id=f"{a.id}-undated", text=" ".join(w for i, w in enumerate(a.text.split(" ")) if i % 4),
                title=a.title, outlet="Undated Wire", published=None)
        for a in out[3::7]
    ]
    # each copy and follow-up arrives right after its original
    merged = []
    for a in out:
        merged.append(a)
        merged.extend(c for c in copies + undated if c.id in (f"{a.id}-copy", f"{a.id}-undated"))
    return merged


def _decisions(path) -> dict[str, tuple[int | None, str]]:
    with Corpus(path) as c:
        rows = c.store.conn.execute(
            "SELECT a.id, a.story, r.id FROM articles a JOIN articles r ON r.pk = a.family"
        ).fetchall()
    return {i: (story, rep) for i, story, rep in rows}


def _tables(path) -> tuple[list, list]:
    with Corpus(path) as c:
        lsh = c.store.conn.execute("SELECT band, key, article FROM lsh ORDER BY 1, 2, 3").fetchall()
        postings = c.store.conn.execute("SELECT term, bucket, story, seq FROM postings ORDER BY 1, 2, 3").fetchall()
    return lsh, postings


def test_small_ingests_load_partially_and_decide_the_same(tmp_path, articles):
    whole = tmp_path / "whole.db"
    with Corpus(whole) as c:
        c.add_articles(articles)
    stepwise = tmp_path / "step.db"
    with Corpus(stepwise) as c:
        c.add_articles(articles[:100])
    with Corpus(stepwise) as c:
        c._policy = LoadPolicy(per_article=1.0, min_articles=0)  # partial loads, never the full index
        for article in articles[100:]:
            c.add_articles([article])  # one batch each, like `watch` or a single new article
        assert c._policy.loads == len(articles) - 100
        assert c._live is None
    assert _decisions(stepwise) == _decisions(whole)
    assert _tables(stepwise) == _tables(whole)
    copies = {i: rep for i, (_, rep) in _decisions(whole).items() if i.endswith("-copy")}
    assert sum(1 for i, rep in copies.items() if rep == i.removesuffix("-copy")) >= len(copies) * 0.8
    undated = {i for i in copies if i.endswith("-undated")} | {i for i in _decisions(whole) if i.endswith("-undated")}
    assert undated and all(_decisions(whole)[i][1] == i for i in undated)  # stored as their own reports


def test_an_older_file_is_backfilled_and_recluster_rebuilds_postings(tmp_path, articles):
    fresh = tmp_path / "fresh.db"
    with Corpus(fresh) as c:
        c.add_articles(articles[:60])
        c.add_articles(articles[60:90])
    old = tmp_path / "old.db"
    with Corpus(old) as c:
        c.add_articles(articles[:60])
        with c.store.transaction():  # what a file from before schema 4 looks like after migrating
            c.store.conn.execute("DELETE FROM lsh")
            c.store.conn.execute("DELETE FROM postings")
            c.store.conn.execute("DELETE FROM meta WHERE key='indexes'")
    with Corpus(old) as c:
        assert not index.complete(c.store)
        c.add_articles(articles[60:90])  # a full load, which backfills
        assert index.complete(c.store)
    assert _tables(old) == _tables(fresh)
    assert _decisions(old) == _decisions(fresh)
    with Corpus(fresh) as c:
        c.recluster()
        stories = dict(c.store.conn.execute("SELECT id, story FROM articles WHERE terms IS NOT NULL"))
        posted = {r[0] for r in c.store.conn.execute("SELECT story FROM postings")}
        assert posted == set(stories.values())
        # and the next small ingest, from the re-clustered stories, still places correctly
        c._policy = LoadPolicy(per_article=1.0, min_articles=0)
        c.add_articles(articles[90:95])
        assert c._policy.loads == 1


def test_a_large_ingest_owes_its_index_rows_and_a_crash_leaves_them_to_the_backfill(tmp_path, articles, monkeypatch):
    import newsprism.corpus.corpus as corpus_module

    fresh = tmp_path / "fresh.db"
    with Corpus(fresh) as c:
        c.add_articles(articles[:60])
        c.add_articles(articles[60:90])
        assert index.complete(c.store) and not c._pending_lsh
    # rows written in several flushes during the ingest (a tiny threshold): the same tables
    monkeypatch.setattr(corpus_module, "_INDEX_FLUSH_ROWS", 200)
    flushed = tmp_path / "flushed.db"
    with Corpus(flushed, batch_size=10) as c:
        c.add_articles(articles[:60])
        c.add_articles(articles[60:90])
        assert index.complete(c.store)
    assert _tables(flushed) == _tables(fresh)
    assert _decisions(flushed) == _decisions(fresh)
    # an ingest that dies after committing its batches, before writing the rows it owes
    monkeypatch.setattr(corpus_module, "_INDEX_FLUSH_ROWS", 10**9)
    crashed = tmp_path / "crashed.db"
    with Corpus(crashed, batch_size=10) as c:
        monkeypatch.setattr(c, "_finish_index", lambda: None)
        c.add_articles(articles[:60])
        assert not index.complete(c.store)
        assert len(_tables(crashed)[0]) < len(_tables(fresh)[0])
    with Corpus(crashed) as c:
        c.add_articles(articles[60:90])  # a full load: the backfill restores the tables
        assert index.complete(c.store)
    assert _tables(crashed) == _tables(fresh)
    assert _decisions(crashed) == _decisions(fresh)


def test_postings_rebuilt_by_sqlite_and_lsh_rows_sorted_give_the_same_tables(tmp_path, articles, monkeypatch):
    """Speed only: the postings rebuilt in one SQL statement (json_each, latest article per
    key) equal the rows of every article upserted one by one, undated articles included, and
    lsh rows sorted before they are written (any count) leave the same table."""
    path = tmp_path / "c.db"
    with Corpus(path) as c:
        c.add_articles(articles[:120])
        conn = c.store.conn
        assert conn.execute("SELECT count(*) FROM articles WHERE day IS NULL AND terms IS NOT NULL").fetchone()[0] > 0
        with c.store.transaction():
            index._rebuild_postings_rows(c.store)
        by_rows = conn.execute("SELECT term, bucket, story, seq FROM postings ORDER BY 1, 2, 3").fetchall()
        with c.store.transaction():
            index.rebuild_postings(c.store)
        by_sql = conn.execute("SELECT term, bucket, story, seq FROM postings ORDER BY 1, 2, 3").fetchall()
    assert by_sql == by_rows and len(by_rows) > 1000
    assert {b for _, b, _, _ in by_rows} >= {index._UNDATED}
    assert _tables(path)[1] == by_rows
    unsorted = tmp_path / "unsorted.db"
    with Corpus(unsorted) as c:
        c.add_articles(articles[:120])
    monkeypatch.setattr(index, "_SORT_ROWS", 1)
    sorted_ = tmp_path / "sorted.db"
    with Corpus(sorted_) as c:
        c.add_articles(articles[:120])
    assert _tables(sorted_) == _tables(unsorted) == _tables(path)
