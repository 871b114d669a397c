import csv
import json

import pytest

from newsprism.corpus import Corpus

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


def test_interrupted_ingest_keeps_committed_batches_and_resumes(tmp_path):
    rows = [{"id": f"x{i}", "text": f"Article number {i} about topic {i % 7} in city {i}.", "published": "2024-01-01"} for i in range(25)]
    _jsonl(tmp_path / "many.jsonl", rows)
    calls = []

    def interrupt(done, total):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with Corpus(tmp_path / "c.db", batch_size=10) as corpus:
        with pytest.raises(KeyboardInterrupt):
            corpus.ingest([tmp_path / "many.jsonl"], progress=interrupt)
    with Corpus(tmp_path / "c.db", batch_size=10) as corpus:
        assert len(corpus) == 20  # two committed batches survive
        summary = corpus.ingest([tmp_path / "many.jsonl"])
        assert (summary.ingested, summary.duplicates) == (5, 20)
        assert len(corpus) == 25
        assert sum(len(s.articles) for s in corpus.stories()) == 25


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


def test_tables_with_mapping_report_broken_rows(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from newsprism.tabular import parse_mapping, read_csv, read_parquet

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
