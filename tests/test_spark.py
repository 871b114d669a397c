"""The Spark engine (newsprism batch --engine spark) gives the local engine's answers: on
BASIL dev (as Parquet), the seed story (JSONL) and wire copies of it (CSV with a column
mapping), Spark in local mode and the local engine put every article in the same copy
family and story (B3 F1 between them >= 0.99; in fact identical) and give the same
findings, entities, quotes and figures per story. Skips only where Java is absent."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from conftest import write_basil_jsonl, write_story_jsonl, write_wire_copies
from newsprism.engines.batch import Progress, load_output, run_local
from newsprism.engines.steps import BatchParams
from newsprism.evaluate.clustering import bcubed

MAPPING = "text=body,title=headline,outlet=site,published=date"


def _java_or_skip() -> None:
    from newsprism.engines.spark import BatchError, check_java

    try:
        check_java()
    except BatchError as exc:
        pytest.skip(f"no Java here, and Spark runs on the JVM: {exc}")


def table(out: Path, name: str) -> list[dict]:
    return ds.dataset(str(out / f"{name}.parquet"), format="parquet").to_table().to_pylist()


@pytest.fixture(scope="module")
def runs(shared_dir, seed_story, tmp_path_factory):
    _java_or_skip()
    from newsprism.engines.spark import run_spark

    folder = tmp_path_factory.mktemp("spark-in")
    gold = write_basil_jsonl(shared_dir / "datasets" / "basil", folder / "basil.jsonl")
    rows = [json.loads(line) for line in (folder / "basil.jsonl").read_text(encoding="utf-8").splitlines()]
    # BASIL as Parquet under the mapped column names; the jsonl copy is not an input
    pq.write_table(pa.table({
        "id": [r["id"] for r in rows], "body": [r["text"] for r in rows],
        "headline": [r["title"] for r in rows], "date": [r["published"] for r in rows],
        "site": pa.array([None] * len(rows), pa.string()),
    }), folder / "basil.parquet")
    (folder / "basil.jsonl").unlink()
    seed = write_story_jsonl(seed_story, folder / "seed.jsonl")
    copies = write_wire_copies(seed, folder / "wire.csv")
    inputs = [str(folder / "basil.parquet"), str(folder / "seed.jsonl"), str(folder / "wire.csv")]
    local_out = tmp_path_factory.mktemp("local-out")
    spark_out = tmp_path_factory.mktemp("spark-out")
    quiet = Progress(quiet=True)
    local = run_local(inputs, local_out, MAPPING, BatchParams(), jobs=2, progress=quiet)
    spark = run_spark(inputs, spark_out, MAPPING, BatchParams(), master="local[2]", progress=quiet)
    return {"local": local_out, "spark": spark_out, "gold": gold, "copies": copies, "seed": seed,
            "summaries": (local, spark)}


def test_same_families_and_stories(runs):
    local = {r["article_id"]: r for r in table(runs["local"], "assignments")}
    spark = {r["article_id"]: r for r in table(runs["spark"], "assignments")}
    assert set(local) == set(spark) and len(local) == 150 + 3 + 2
    b3 = bcubed({a: r["story_id"] for a, r in spark.items()}, {a: r["story_id"] for a, r in local.items()})
    assert b3.f1 >= 0.99
    assert {a: r["family_id"] for a, r in spark.items()} == {a: r["family_id"] for a, r in local.items()}
    assert {a: r["story_id"] for a, r in spark.items()} == {a: r["story_id"] for a, r in local.items()}
    # the copies (CSV, mapped columns) join the seed article's family and story
    first = spark[runs["seed"][0]["id"]]
    assert all(spark[c]["family_id"] == first["family_id"] for c in runs["copies"])
    # and the stories are good ones: B3 against BASIL's gold events
    gold = runs["gold"]
    assert bcubed({a: spark[a]["story_id"] for a in gold}, gold).f1 >= 0.95
    for name in ("stories", "families", "articles"):
        assert table(runs["spark"], name) == table(runs["local"], name), name
    # nothing read differently: the Parquet rows (no row numbers kept) and the JSONL lines
    assert not table(runs["spark"], "skipped") and not table(runs["local"], "skipped")


@pytest.mark.parametrize("name", ["findings", "entities", "quotes", "figures"])
def test_same_findings_entities_quotes_figures(runs, name):
    def rows(out):
        key = ("story_id", "article_id", "start") if name in ("quotes", "figures") else ("story_id", "kind", "finding_id", "entity_id")
        found = table(out, name)
        return sorted(found, key=lambda r: tuple(str(r.get(k)) for k in key) + (json.dumps(r, sort_keys=True, default=str),))

    spark, local = rows(runs["spark"]), rows(runs["local"])
    assert spark == local
    assert spark or name == "figures"


def test_same_reports_and_all_citations_hold(runs):
    from newsprism.check import check_report

    spark = {r["story_id"]: r for r in table(runs["spark"], "analyses")}
    local = {r["story_id"]: r for r in table(runs["local"], "analyses")}
    assert set(spark) == set(local) and len(spark) == runs["summaries"][1].stories
    for story_id, row in spark.items():
        assert row["error"] is None, row["error"]
        report = json.loads(row["json"])
        assert report == json.loads(local[story_id]["json"])
        assert check_report(report) == []


def test_load_opens_spark_output(runs, tmp_path):
    from newsprism.corpus.corpus import Corpus

    counts = load_output(runs["spark"], tmp_path / "corpus.db", Progress(quiet=True))
    assert counts["articles"] == 155
    with Corpus(tmp_path / "corpus.db") as corpus:
        assert len(corpus.stories()) == counts["stories"] == runs["summaries"][0].stories


def test_a_lone_report_joins_its_event_in_spark_too(tmp_path):
    """Spark attaches an article the merging left alone as the local engine and ``--recluster``
    do (steps.attach_lone): the short Valencia report joins the flood story, the pilots' strike
    stays alone, and the two engines' stories are the same."""
    _java_or_skip()
    from test_cluster import FLOOD, STRIKE

    from newsprism.engines.spark import run_spark

    lone = "Soldiers were sent to Valencia to help residents dig out after the rain."
    other = "Air France pilots walked out over pay on Thursday, grounding flights in Paris, their union said."
    texts = FLOOD + STRIKE + [lone, other]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"id": f"a{k}", "text": t, "published": "2024-10-30"}) + "\n"
                            for k, t in enumerate(texts)), encoding="utf-8")
    quiet = Progress(quiet=True)
    run_local([str(path)], tmp_path / "local", params=BatchParams(findings=False), progress=quiet)
    run_spark([str(path)], tmp_path / "spark", None, BatchParams(findings=False), master="local[1]", progress=quiet)
    story = {r["article_id"]: r["story_id"] for r in table(tmp_path / "spark", "assignments")}
    assert story == {r["article_id"]: r["story_id"] for r in table(tmp_path / "local", "assignments")}
    flood = {story[f"a{k}"] for k in range(len(FLOOD))}
    assert len(flood) == 1 and story[f"a{len(texts) - 2}"] in flood
    assert story[f"a{len(texts) - 1}"] not in {story[f"a{k}"] for k in range(len(texts) - 1)}


def test_two_arrests_of_one_team_stay_apart_in_spark_too(tmp_path):
    """Spark reads the names each article opens with as the local engine does (they ride in the
    vectors: ``steps.vector_to_json``), so the two arrests' groups stay apart in both engines."""
    _java_or_skip()
    from test_cluster import HALE_ARREST, ORTEGA_ARREST

    from newsprism.engines.spark import run_spark

    texts = HALE_ARREST + ORTEGA_ARREST
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"id": f"a{k}", "text": t}) + "\n" for k, t in enumerate(texts)), encoding="utf-8")
    quiet = Progress(quiet=True)
    run_local([str(path)], tmp_path / "local", params=BatchParams(findings=False), progress=quiet)
    run_spark([str(path)], tmp_path / "spark", None, BatchParams(findings=False), master="local[1]", progress=quiet)
    story = {r["article_id"]: r["story_id"] for r in table(tmp_path / "spark", "assignments")}
    assert story == {r["article_id"]: r["story_id"] for r in table(tmp_path / "local", "assignments")}
    assert len({story[f"a{k}"] for k in range(3)}) == 1 and len({story[f"a{k}"] for k in range(3, 6)}) == 1
    assert story["a0"] != story["a3"]
