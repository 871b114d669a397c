import csv
import json
import sqlite3

import pytest

from newsprism.corpus.corpus import Corpus

FLOOD = (
    "Floods in Valencia killed 12 people on Tuesday, Spanish officials said. Prime Minister Pedro Sanchez "
    "visited Valencia and promised emergency aid to the region while rescue teams searched for the missing."
)
FLOOD_2 = (
    "Pedro Sanchez toured flooded Valencia where torrential rain killed at least a dozen residents; "
    "rescue teams kept searching for the missing as emergency aid was promised."
)
STRIKE = (
    "Rail workers at Deutsche Bahn began a national strike in Germany over pay, the GDL union said, "
    "halting most long-distance trains for three days."
)


def _jsonl(path, rows):
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")


@pytest.fixture
def inputs(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    _jsonl(
        folder / "a.jsonl",
        [
            {"id": "f1", "text": FLOOD, "outlet": "El Pais", "published": "2024-10-30", "title": "Valencia floods"},
            {"id": "s1", "text": STRIKE, "outlet": "DW", "published": "2024-10-31"},
        ],
    )
    with open(folder / "b.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["content", "publication", "date", "headline"])
        writer.writerow([FLOOD_2, "Reuters", "2024-10-31", "Sanchez in Valencia"])
        writer.writerow(["", "Broken", "2024-10-31", "no text"])  # line 3: skipped
        writer.writerow([FLOOD, "Local Herald", "2024-10-31", "Valencia floods"])  # wire copy of f1
    return folder


MAPPING = "text=content,outlet=publication,published=date,title=headline"


def test_ingest_groups_stories_and_copies_and_reports_bad_rows(tmp_path, inputs):
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([inputs], mapping=MAPPING)
        assert (summary.ingested, summary.duplicates, summary.copies) == (4, 0, 1)
        assert [(s.path.endswith("b.csv"), s.line) for s in summary.skipped] == [(True, 3)]
        stories = {frozenset(s.articles): s for s in corpus.stories()}
        flood = next(s for k, s in stories.items() if "f1" in k)
        assert "s1" not in flood.articles and len(flood.articles) == 3
        assert flood.families == 2  # the Local Herald copy is not an independent report
        assert set(flood.outlets) == {"El Pais", "Reuters", "Local Herald"}
        assert flood.first_seen == "2024-10-30" and flood.last_seen == "2024-10-31"
        (family,) = corpus.families()
        assert family.representative == "f1" and set(family.outlets) == {"El Pais", "Local Herald"}
        texts = {a.text for a in corpus.story_articles(flood.id)}
        assert texts == {FLOOD, FLOOD_2}
        assert [h.article_id for h in corpus.search("strike", outlet="DW")] == ["s1"]
        assert corpus.search("strike", outlet="Reuters") == []
        assert [s.id for s in corpus.stories(since="2024-10-31")] != []
        assert corpus.stories(since="2025-01-01") == []
        # the same input again adds nothing
        again = corpus.ingest([inputs], mapping=MAPPING)
        assert (again.ingested, again.duplicates) == (0, 4)
        assert len(corpus) == 4


def test_interrupted_ingest_keeps_committed_batches_and_resumes(tmp_path, monkeypatch):
    import newsprism.corpus.corpus as corpus_module
    from newsprism.corpus.corpus import IngestInterrupted

    rows = [{"id": f"x{i}", "text": f"Article number {i} about topic {i % 7} in city {i}.", "published": "2024-01-01"} for i in range(25)]
    _jsonl(tmp_path / "many.jsonl", rows)
    real = corpus_module._with_text_metadata
    seen = []

    def interrupt_at_23rd(article):
        seen.append(article.id)
        if len(seen) == 23:  # Ctrl-C while the third batch is being read
            raise KeyboardInterrupt
        return real(article)

    monkeypatch.setattr(corpus_module, "_with_text_metadata", interrupt_at_23rd)
    with Corpus(tmp_path / "c.db", batch_size=10) as corpus:
        with pytest.raises(IngestInterrupted) as stopped:
            corpus.ingest([tmp_path / "many.jsonl"])
    assert isinstance(stopped.value, KeyboardInterrupt) and stopped.value.summary.ingested == 20
    monkeypatch.setattr(corpus_module, "_with_text_metadata", real)
    with Corpus(tmp_path / "c.db", batch_size=10) as corpus:
        assert len(corpus) == 20  # two committed batches survive
        summary = corpus.ingest([tmp_path / "many.jsonl"])
        assert (summary.ingested, summary.duplicates) == (5, 20)
        assert len(corpus) == 25
        assert sum(len(s.articles) for s in corpus.stories()) == 25


def test_a_batch_that_fails_to_commit_is_not_counted_and_indexes_are_rebuilt(tmp_path, monkeypatch):
    rows = [{"id": f"x{i}", "text": f"Report {i} on the harbour fire in Kiel, number {i}.", "published": "2024-01-01"}
            for i in range(6)]
    _jsonl(tmp_path / "six.jsonl", rows)
    with Corpus(tmp_path / "c.db", batch_size=3) as corpus:
        calls = []
        real = corpus.store.save_df

        def fail_second(*args):
            calls.append(1)
            if len(calls) == 2:
                raise KeyboardInterrupt  # inside the second batch's transaction
            return real(*args)

        monkeypatch.setattr(corpus.store, "save_df", fail_second)
        with pytest.raises(KeyboardInterrupt) as stopped:
            corpus.ingest([tmp_path / "six.jsonl"])
        assert stopped.value.summary.ingested == 3 and len(corpus) == 3
        monkeypatch.setattr(corpus.store, "save_df", real)
        summary = corpus.ingest([tmp_path / "six.jsonl"])
        assert (summary.ingested, summary.duplicates) == (3, 3)
        # the rolled-back articles left no trace in the in-memory indexes: 6 stored, 6 indexed
        assert len(corpus._live.detector) == 6
        assert corpus._live.clusterer.vectorizer.docs == 6


def test_resumed_state_matches_one_run(tmp_path, inputs):
    with Corpus(tmp_path / "one.db") as corpus:
        corpus.ingest([inputs / "a.jsonl", inputs / "b.csv"], mapping=MAPPING)
        one = sorted(sorted(s.articles) for s in corpus.stories())
    with Corpus(tmp_path / "two.db") as corpus:
        corpus.ingest([inputs / "a.jsonl"])
    with Corpus(tmp_path / "two.db") as corpus:  # a new process: indexes rebuilt from the file
        corpus.ingest([inputs / "b.csv"], mapping=MAPPING)
        two = sorted(sorted(s.articles) for s in corpus.stories())
    assert one == two


def test_export_round_trips_and_parquet_reads_back(tmp_path, inputs):
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.ingest([inputs], mapping=MAPPING)
        assert corpus.export(tmp_path / "out.jsonl", "jsonl") == 4
        assert corpus.export(tmp_path / "out.parquet", "parquet") == 4
        with pytest.raises(ValueError):
            corpus.export(tmp_path / "out.x", "xml")
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert {r["id"] for r in rows} >= {"f1", "s1"}
    copy = next(r for r in rows if r["outlet"] == "Local Herald")
    assert copy["family"] == "f1" and copy["text"] == FLOOD
    # the exported parquet is itself an input (identity mapping)
    with Corpus(tmp_path / "d.db") as corpus:
        summary = corpus.ingest([tmp_path / "out.parquet"])
        assert summary.ingested == 4 and not summary.skipped


def test_bad_mapping_and_missing_inputs(tmp_path):
    with Corpus(tmp_path / "c.db") as corpus:
        with pytest.raises(ValueError):
            corpus.ingest([tmp_path], mapping="txt=content")
        summary = corpus.ingest([tmp_path / "nope.csv", "ftp://example.org/x"])
        assert summary.ingested == 0 and len(summary.skipped) == 2


def test_recluster_keeps_every_article_in_one_story(tmp_path, inputs):
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.ingest([inputs], mapping=MAPPING)
        assert corpus.recluster() == 2
        stories = corpus.stories()
        assert sorted(len(s.articles) for s in stories) == [1, 3]
        with pytest.raises(KeyError):
            corpus.story_articles(999)

        class Topical:  # a stand-in embedder: floods one way, the strike another
            def encode(self, texts):
                import numpy as np

                return np.array([[1.0, 0.0] if "Valencia" in t else [0.0, 1.0] for t in texts])

        assert corpus.recluster(embedder=Topical()) == 2
        assert sorted(len(s.articles) for s in corpus.stories()) == [1, 3]


def test_tables_with_mapping_report_broken_rows(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from newsprism.corpus.tabular import parse_mapping, read_csv, read_parquet

    (tmp_path / "t.csv").write_text('content,publication\n"ok text",A\n"two",B,extra\n"",C\n"fine again",D\n')
    items = list(read_csv(tmp_path / "t.csv", "text=content,outlet=publication"))
    kept = [i for i in items if not hasattr(i, "reason")]
    bad = [i for i in items if hasattr(i, "reason")]
    assert [a.text for a in kept] == ["ok text", "fine again"] and [a.outlet for a in kept] == ["A", "D"]
    assert [(s.line, "fields" in s.reason) for s in bad] == [(3, True), (4, False)]
    pq.write_table(pa.table({"body": ["x y z", None], "site": ["S", "T"]}), tmp_path / "t.parquet")
    rows = list(read_parquet(tmp_path / "t.parquet", {"text": "body", "outlet": "site"}))
    assert rows[0].text == "x y z" and rows[0].outlet == "S"
    assert rows[1].line == 2 and "no text" in rows[1].reason
    with pytest.raises(ValueError):
        parse_mapping("text")


def _snapshot_live(corpus):
    state = corpus._state()
    clusterer = state.clusterer
    stories = {
        sid: (st.words, st.entities, st.words_norm2, st.entities_norm2, st.size, st.first_day, st.last_day)
        for sid, st in clusterer.stories.items()
    }
    postings = {key: sorted(ids) for key, ids in clusterer._postings.items()}
    return stories, postings, dict(clusterer.vectorizer.df), clusterer.vectorizer.docs, clusterer.next_id, len(state.detector)


def test_reopened_corpus_restores_the_streaming_state_exactly(tmp_path, inputs):
    """What a resumed ingest builds on (centroids, norms, candidate index, df) is exactly what
    the interrupted process had in memory, so both assign the next article the same way."""
    extra = [{"id": f"e{i}", "text": (FLOOD_2 if i % 2 else STRIKE) + f" Update {i}: more details emerged.",
              "outlet": f"O{i}", "published": f"2024-11-0{1 + i % 5}"} for i in range(12)]
    _jsonl(inputs / "extra.jsonl", extra)
    with Corpus(tmp_path / "c.db", batch_size=4) as corpus:
        corpus.ingest([inputs], mapping=MAPPING)
        live = _snapshot_live(corpus)
    with Corpus(tmp_path / "c.db") as reopened:
        assert _snapshot_live(reopened) == live


def _tables_added_after(version: int) -> list[str]:
    import re

    from newsprism.corpus.store import MIGRATIONS

    return [
        name for script in MIGRATIONS[version:] for name in re.findall(r"CREATE TABLE (\w+)", script)
    ]


def test_schema_1_file_is_migrated_and_keeps_working(tmp_path, inputs):
    from newsprism.corpus.store import MIGRATIONS, SCHEMA_VERSION, Store

    db = tmp_path / "old.db"
    with Corpus(db) as corpus:
        corpus.ingest([inputs / "a.jsonl"])
        before = [s.to_dict() for s in corpus.stories()]
    # turn it into what newsprism with schema 1 wrote: no article terms column
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE articles DROP COLUMN terms")
    for table in _tables_added_after(2):  # and none of what later versions added
        conn.execute(f"DROP TABLE {table}")
    conn.execute("PRAGMA user_version=1")
    conn.commit()
    conn.close()
    assert len(MIGRATIONS) == SCHEMA_VERSION >= 2
    with Corpus(db) as corpus:
        assert corpus.store.schema_version == SCHEMA_VERSION
        assert [s.to_dict() for s in corpus.stories()] == before  # nothing lost
        assert corpus.store.stories_without_terms()  # the old stories, found by their centroids
        summary = corpus.ingest([inputs / "b.csv"], mapping=MAPPING)
        assert summary.ingested == 2 and summary.copies == 1
        flood = next(s for s in corpus.stories() if "f1" in s.articles)
        assert len(flood.articles) == 3 and flood.families == 2
    # a file from the future is refused, not damaged
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with pytest.raises(RuntimeError, match="schema version"):
        Store(db)


def test_export_round_trips_every_field_jsonl_and_parquet(tmp_path, inputs):
    """An export read back gives the same articles (every contract field), the same copy
    families and stories; read into the corpus it came from, it adds nothing."""
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.ingest([inputs], mapping=MAPPING)
        # an author list and a renamed duplicate id must survive too
        _jsonl(inputs / "more.jsonl", [{"id": "s1", "text": STRIKE + " Talks resume Monday.", "outlet": "DW",
                                         "published": "2024-11-01", "authors": ["Ana Ruiz", "Ben Ode"],
                                         "url": "https://dw.example/strike"}])
        corpus.ingest([inputs / "more.jsonl"])
        stored = {r.article.id: r for r in corpus.store.iter_articles()}
        assert "s1#" in " ".join(stored)  # the second "s1" was renamed
        assert corpus.export(tmp_path / "out.jsonl", "jsonl") == 5
        assert corpus.export(tmp_path / "out.parquet", "parquet") == 5
        for name in ("out.jsonl", "out.parquet"):
            again = corpus.ingest([tmp_path / name])
            assert (again.ingested, again.duplicates, again.skipped) == (0, 5, []), name
        families = sorted(sorted(f.articles) for f in corpus.families())
        stories = sorted(sorted(s.articles) for s in corpus.stories())

    def contract(article):
        return (article.text, article.title, article.published, article.outlet, article.url, tuple(article.authors))

    import pyarrow.parquet as pq

    table = pq.read_table(tmp_path / "out.parquet")
    assert table.schema.names == ["id", "text", "title", "published", "outlet", "url", "authors", "story", "family", "meta"]
    import pyarrow as pa

    authors = table.schema.field("authors").type
    assert pa.types.is_list(authors) and pa.types.is_string(authors.value_type)
    for name in ("out.jsonl", "out.parquet"):
        with Corpus(tmp_path / f"{name}.db") as copy:
            summary = copy.ingest([tmp_path / name])
            assert summary.ingested == 5 and not summary.skipped
            read = {r.article.id: r for r in copy.store.iter_articles()}
            assert set(read) == set(stored)
            for article_id, row in read.items():
                assert contract(row.article) == contract(stored[article_id].article), (name, article_id)
                assert row.hash == stored[article_id].hash
            assert sorted(sorted(f.articles) for f in copy.families()) == families
            assert sorted(sorted(s.articles) for s in copy.stories()) == stories


def test_empty_corpus_exports_the_same_columns(tmp_path):
    import pyarrow.parquet as pq

    with Corpus(tmp_path / "c.db") as corpus:
        assert corpus.export(tmp_path / "e.parquet", "parquet") == 0
        assert corpus.export(tmp_path / "e.jsonl", "jsonl") == 0
    table = pq.read_table(tmp_path / "e.parquet")
    assert table.num_rows == 0 and "text" in table.schema.names


def test_articles_jsonl_with_texts_in_a_folder_is_read_and_streamed(tmp_path):
    from newsprism.corpus.readers import iter_jsonl

    folder = tmp_path / "dump"
    folder.mkdir()
    # named like a manifest, but its records carry text: articles, not metadata
    _jsonl(folder / "articles.jsonl", [{"id": "d1", "text": STRIKE, "outlet": "DW"}])
    (folder / "bad.jsonl").write_bytes(b'{"id": "ok", "text": "Fine text about a council vote in Kiel."}\n'
                                       b'\xff\xfe broken\n[1, 2]\n{"id": "ok", "text": "Same id again."}\n')
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([folder])
        assert summary.ingested == 2
        reasons = sorted((s.line, s.reason.split(" (")[0]) for s in summary.skipped)
        assert reasons == [(2, "not UTF-8 text"), (3, "not a JSON object"), (4, "duplicate id 'ok'")]
    items = iter_jsonl(folder / "bad.jsonl")
    assert next(items).id == "ok"  # lazily: the first record comes before the rest is read


def test_cli_search_stories_filters_and_bad_dates(tmp_path, inputs):
    from typer.testing import CliRunner

    from newsprism.cli import app

    runner = CliRunner()
    db = tmp_path / "c.db"
    result = runner.invoke(app, ["ingest", str(db), str(inputs), "--map", MAPPING, "--quiet"])
    assert result.exit_code == 0, result.output
    assert "4 ingested (1 copies of other reports), 0 duplicates" in result.stdout and "1 skipped" in result.stdout
    assert "b.csv:3: empty text" in result.stderr and "articles/s" not in result.stderr  # --quiet: no bar

    def search(*args):
        out = runner.invoke(app, ["search", str(db), *args, "--json"])
        assert out.exit_code == 0, out.output
        return sorted(h["article_id"] for h in json.loads(out.stdout))

    assert search("Valencia") == sorted(["f1", "b.csv:2", "b.csv:4"])
    assert search("Valencia", "--outlet", "reuters") == ["b.csv:2"]  # any case
    assert search("Valencia", "--since", "2024-10-31") == ["b.csv:2", "b.csv:4"]
    assert search("Valencia", "--until", "2024-10-30") == ["f1"]
    assert search("Valencia", "--outlet", "El Pais", "--since", "2024-10-31") == []
    assert search("Valencia", "--limit", "1") in (["f1"], ["b.csv:2"], ["b.csv:4"])
    for command in (["search", str(db), "Valencia", "--since", "last week"], ["stories", str(db), "--since", "2024-13-01"]):
        bad = runner.invoke(app, command)
        assert bad.exit_code == 2 and "ISO" in bad.output and "Traceback" not in bad.output
    listed = json.loads(runner.invoke(app, ["stories", str(db), "-f", "json", "--since", "2024-10-31"]).stdout)
    assert {frozenset(s["articles"]) for s in listed} == {frozenset({"f1", "b.csv:2", "b.csv:4"}), frozenset({"s1"})}
    flood = next(s for s in listed if "f1" in s["articles"])
    assert set(flood) == {"id", "title", "articles", "outlets", "first_seen", "last_seen", "families"}
    assert flood["families"] == 2 and flood["first_seen"] == "2024-10-30"


def test_cli_progress_bar_shows_articles_per_second(tmp_path):
    import subprocess
    import sys

    from terminal_support import run_in_terminal

    rows = [{"id": f"r{i}", "text": f"Report {i} on the vote in Kiel about the harbour budget, item {i}."} for i in range(300)]
    _jsonl(tmp_path / "r.jsonl", rows)
    # on a terminal: the bar counts the articles and their rate
    code, seen = run_in_terminal(["ingest", str(tmp_path / "t.db"), str(tmp_path / "r.jsonl"), "--batch-size", "50"],
                                 timeout=120)
    assert code == 0, seen
    assert "300 articles" in seen and "articles/s" in seen
    # piped (a log, a script): no bar at all, only the summary line
    done = subprocess.run([sys.executable, "-m", "newsprism.cli", "ingest", str(tmp_path / "c.db"), str(tmp_path / "r.jsonl"),
                           "--batch-size", "50"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "articles/s" not in done.stderr and "ingesting" not in done.stderr, done.stderr
    assert "300 ingested" in done.stdout and "articles/s" in done.stdout


def test_recluster_from_the_cli(tmp_path, inputs):
    from typer.testing import CliRunner

    from newsprism.cli import app

    db = tmp_path / "c.db"
    out = CliRunner().invoke(app, ["ingest", str(db), str(inputs), "--map", MAPPING, "--json", "--recluster"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["stories_after_recluster"] == 2
    alone = CliRunner().invoke(app, ["ingest", str(db), "--recluster"])
    assert alone.exit_code == 0 and "re-clustered into 2 stories" in alone.stdout
    nothing = CliRunner().invoke(app, ["ingest", str(db)])
    assert nothing.exit_code == 2 and "nothing to ingest" in nothing.output


def test_two_writers_at_once_share_ids_families_and_stories(tmp_path):
    """Two ingests of overlapping inputs into one file at the same time: every article once,
    no story id reused for two stories, copies found across the two writers."""
    import threading

    texts = [FLOOD, STRIKE, FLOOD_2]
    first = [{"id": f"p{i}", "text": texts[i % 3] + f" Item {i} of the first feed.", "outlet": "P",
              "published": "2024-10-31"} for i in range(60)]
    second = first[30:] + [{"id": f"q{i}", "text": texts[i % 3] + f" Item {i} of the first feed.", "outlet": "Q",
                            "published": "2024-10-31"} for i in range(60)]
    _jsonl(tmp_path / "first.jsonl", first)
    _jsonl(tmp_path / "second.jsonl", second)
    db = tmp_path / "c.db"
    Corpus(db).close()
    results, errors = {}, []

    def run(name):
        try:
            with Corpus(db, batch_size=7) as corpus:
                results[name] = corpus.ingest([tmp_path / f"{name}.jsonl"])
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in ("first", "second")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results["first"].ingested + results["second"].ingested == 120
    assert results["first"].duplicates + results["second"].duplicates == 30
    with Corpus(db) as corpus:
        assert len(corpus) == 120
        stories = corpus.stories()
        assert sum(len(s.articles) for s in stories) == 120
        stored = dict(corpus.store.conn.execute("SELECT id, size FROM stories"))
        counted = dict(corpus.store.conn.execute("SELECT story, count(*) FROM articles GROUP BY story"))
        assert stored == counted  # no story was overwritten by the other writer's state
        # each q copy (same text as the p article, other outlet) is in that article's family
        family = dict(corpus.store.conn.execute("SELECT id, family FROM articles"))
        assert all(family[f"q{i}"] == family[f"p{i}"] for i in range(60))


def test_all_the_news_csv_loads_with_a_mapping(tmp_path):
    """The Kaggle "All the News" layout: an unnamed pandas index column, id, title,
    publication, author, date, year, month, url, content."""
    path = tmp_path / "articles1.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["", "id", "title", "publication", "author", "date", "year", "month", "url", "content"])
        writer.writerow([0, 17283, "House Republicans Fret", "New York Times", "Carl Hulse", "2016-12-31", 2016.0, 12.0,
                         "", FLOOD + "\n\nA second paragraph,\nwith a line break inside the cell."])
        writer.writerow([1, 17284, "Rift Between Officers", "Breitbart", "Benjamin Mueller; Al Baker", "2017-06-19",
                         2017.0, 6.0, "https://example.com/r", STRIKE])
        writer.writerow([2, 17285, "No body", "CNN", "", "2017-01-06", 2017.0, 1.0, "", ""])
        writer.writerow([3, 17286, "Short row", "CNN"])
    mapping = "text=content,outlet=publication,published=date,authors=author"
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([path], mapping=mapping)
        assert summary.ingested == 2
        # line numbers are physical lines: the header is line 1, the first record spans lines 2-5
        assert [(s.line, s.reason.split(" (")[0]) for s in summary.skipped] == [(7, "empty text"), (8, "row has 4 fields, header has 10")]
        first = corpus.article("17283")
        assert first.outlet == "New York Times" and first.published == "2016-12-31" and first.authors == ("Carl Hulse",)
        assert first.text.endswith("with a line break inside the cell.") and first.title == "House Republicans Fret"
        second = corpus.article("17284")
        assert second.authors == ("Benjamin Mueller", "Al Baker") and second.url == "https://example.com/r"
        assert second.meta["column:year"] == "2017.0"


def test_newsplease_output_folder(tmp_path):
    """news-please writes one JSON file per article under data/<date>/<domain>/."""
    folder = tmp_path / "data" / "2017" / "05" / "03" / "example.com"
    folder.mkdir(parents=True)
    record = {
        "authors": ["Ana Ruiz"], "date_download": "2017-05-04 10:00:00", "date_modify": None,
        "date_publish": "2017-05-03 14:01:00", "description": "Floods", "filename": "x.json",
        "image_url": None, "language": "en", "localpath": None, "maintext": FLOOD, "source_domain": "example.com",
        "text": None, "title": "Valencia floods", "title_page": None, "title_rss": None,
        "url": "https://example.com/floods",
    }
    (folder / "a1.json").write_text(json.dumps(record), encoding="utf-8")
    (folder / "a2.json").write_text(json.dumps({**record, "maintext": None, "url": "https://example.com/x"}), encoding="utf-8")
    (folder / "a3.json").write_text("{not json", encoding="utf-8")
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([tmp_path / "data"])
        assert summary.ingested == 1
        reasons = sorted((s.path.rsplit("/", 1)[-1], s.reason.split(":")[0]) for s in summary.skipped)
        assert reasons == [("a2.json", "news-please record has no maintext"), ("a3.json", "unreadable JSON")]
        article = corpus.article("https://example.com/floods")
        assert (article.outlet, article.published, article.authors) == ("example.com", "2017-05-03T14:01:00", ("Ana Ruiz",))
