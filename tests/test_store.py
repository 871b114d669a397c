import sqlite3

import pytest

from newsprism.model import Article
from newsprism.corpus.store import SCHEMA_VERSION, Store, content_hash, day_number


def _article(i: int, text: str, outlet: str = "A", published: str | None = "2020-01-02") -> Article:
    return Article(id=f"a{i}", text=text, outlet=outlet, published=published, title="T")


def test_new_file_is_wal_with_schema_version(tmp_path):
    with Store(tmp_path / "c.db") as store:
        assert store.schema_version == SCHEMA_VERSION >= 1
        assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # reopening does not re-run migrations (they would fail: tables exist)
    with Store(tmp_path / "c.db") as store:
        assert store.schema_version == SCHEMA_VERSION


def test_newer_schema_is_refused(tmp_path):
    conn = sqlite3.connect(tmp_path / "c.db")
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(RuntimeError, match="schema version"):
        Store(tmp_path / "c.db")


def test_content_hash_ignores_nothing_that_tells_publications_apart():
    a = _article(1, "Same text.")
    assert content_hash(a) == content_hash(_article(2, "Same text."))  # id is not content
    assert content_hash(a) != content_hash(_article(1, "Same text.", outlet="B"))
    assert content_hash(a) != content_hash(_article(1, "Same text!"))


def test_day_number():
    assert day_number("2020-01-02T10:00:00Z") - day_number("2019-12-31") == 2
    assert day_number("yesterday") is None
    assert day_number("2020-02-30") is None


def test_rollback_keeps_nothing_and_search_filters(tmp_path):
    with Store(tmp_path / "c.db") as store:
        with store.transaction():
            store.insert_article(1, "h1", _article(1, "Rebels leave Aleppo under ceasefire."), 1, None)
            store.insert_article(2, "h2", _article(2, "Aleppo evacuation stalls.", outlet="B", published="2020-03-01"), 2, None)
        with pytest.raises(KeyboardInterrupt):
            with store.transaction():
                store.insert_article(3, "h3", _article(3, "Aleppo again."), 3, None)
                raise KeyboardInterrupt
        assert store.article_count() == 2
        assert store.known_hashes(["h1", "h3"]) == {"h1"}
        assert {h.article_id for h in store.search("aleppo")} == {"a1", "a2"}
        assert [h.article_id for h in store.search("aleppo", outlet="B")] == ["a2"]
        assert [h.article_id for h in store.search("aleppo", since="2020-02-01")] == ["a2"]
        assert [h.article_id for h in store.search("aleppo", until="2020-02-01")] == ["a1"]
        # FTS syntax errors fall back to plain words
        assert [h.article_id for h in store.search('ceasefire AND (')] == ["a1"]


def test_reader_sees_committed_rows_while_a_write_is_open(tmp_path):
    path = tmp_path / "c.db"
    writer = Store(path)
    with writer.transaction():
        writer.insert_article(1, "h1", _article(1, "First."), 1, None)
    reader = Store(path)
    with writer.transaction():
        writer.insert_article(2, "h2", _article(2, "Second."), 2, None)
        # WAL: the reader is not blocked and sees only committed data
        assert reader.article_count() == 1
    assert reader.article_count() == 2
    reader.close()
    writer.close()


def test_batch_inserts_families_and_family_stories(tmp_path):
    with Store(tmp_path / "c.db") as store:
        with store.transaction():
            rows = [(1, "h1", _article(1, "One."), 1, 10), (2, "h2", _article(2, "One!"), 1, 10),
                    (3, "h3", _article(3, "Two."), 3, 11)]
            store.insert_articles(rows)
            store.save_signatures([(1, b"s1"), (3, b"s3")])
            store.bump_families({1: 2, 3: 1})
            store.bump_families({3: 1})
        assert store.article_count() == 3
        assert store.family_stories() == {1: 10, 3: 11}
        assert dict(store.conn.execute("SELECT id, size FROM families")) == {1: 2, 3: 2}
        assert [pk for pk, _, _ in store.iter_signatures()] == [1, 3]
        assert [h.article_id for h in store.search("two")] == ["a3"]
        # the copy family is a field of the record read back, not a key hidden in its metadata
        read = {s.article.id: s.article for s in store.iter_articles()}
        assert {i: a.copy_family for i, a in read.items()} == {"a1": "1", "a2": "1", "a3": "3"}
        assert all("family" not in a.meta for a in read.values())
