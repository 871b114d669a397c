"""The local batch engine (newsprism batch --engine local): copy families, stories, every
article assigned, analyses per story, resuming, and newsprism load into a corpus store."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.dataset as ds
import pytest

from conftest import REPO, write_story_jsonl, write_wire_copies
from newsprism.engines import steps
from newsprism.engines.batch import Progress, load_output, run_local
from newsprism.engines.steps import BatchParams

EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"
MAPPING = "text=body,title=headline,outlet=site,published=date"
OTHER = {
    "id": "other-1",
    "title": "City council approves new budget for parks",
    "published": "2016-03-02",
    "outlet": "Springfield Gazette",
    "text": (
        "SPRINGFIELD - The city council on Tuesday approved a budget of $4.2 million for the parks department, "
        "ending months of debate over playground repairs and the new swimming pool on Elm Street.\n"
        "Council member Jane Porter said the vote was a relief for families. \"The children waited long enough,\" "
        "Porter said. Mayor Tom Reed is expected to sign the budget on Friday."
    ),
}


def table(out: Path, name: str) -> list[dict]:
    return ds.dataset(str(out / f"{name}.parquet"), format="parquet").to_table().to_pylist()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("inputs")
    rows = write_story_jsonl(EXAMPLE, folder / "seed.jsonl")
    with open(folder / "seed.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps(OTHER) + "\n")
        handle.write(json.dumps({**rows[1], "id": "dup-of-001"}) + "\n")  # an exact duplicate: dropped
        handle.write('{"id": "broken", "text": \n')  # a bad line: skipped, the batch goes on
    write_wire_copies(rows, folder / "wire.csv")
    return [str(folder / "seed.jsonl"), str(folder / "wire.csv")]


@pytest.fixture(scope="module")
def grouped(inputs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    summary = run_local(inputs, out, MAPPING, BatchParams(findings=False), progress=Progress(quiet=True))
    assert summary.articles == 6 and summary.duplicates == 1 and summary.skipped == 1
    return out


def test_every_article_is_assigned_and_copies_form_one_family(grouped):
    assigned = {r["article_id"]: r for r in table(grouped, "assignments")}
    assert set(assigned) == {"000_98fec9a0fd199562.txt", "001_26f2e360eed071b4.txt", "002_99aaf2d8be4e7fa1.txt",
                             "other-1", "copy-trimmed", "copy-credited"}
    original = assigned["000_98fec9a0fd199562.txt"]
    # the earliest article of a family names it; a trimmed copy and a credited copy join it
    assert assigned["copy-trimmed"]["family_id"] == original["family_id"]
    assert assigned["copy-credited"]["family_id"] == original["family_id"]
    assert assigned["001_26f2e360eed071b4.txt"]["family_id"] != original["family_id"]
    # the three outlets' reports are one story; the parks budget is another
    story = original["story_id"]
    assert {a for a, r in assigned.items() if r["story_id"] == story} == set(assigned) - {"other-1"}
    families = {f["family_id"]: f for f in table(grouped, "families")}
    assert families[original["family_id"]]["size"] == 3
    assert "Town Herald" in families[original["family_id"]]["outlets"]
    stories = {s["story_id"]: s for s in table(grouped, "stories")}
    assert stories[story]["articles"] == 5 and stories[story]["families"] == 3
    assert stories[assigned["other-1"]["story_id"]]["first_seen"] == "2016-03-02"
    skipped = table(grouped, "skipped")
    assert len(skipped) == 1 and skipped[0]["line"] == 6 and "JSON" in skipped[0]["reason"]


def test_load_opens_the_tables_in_a_corpus_store(grouped, tmp_path):
    from newsprism.corpus.corpus import Corpus

    db = tmp_path / "corpus.db"
    counts = load_output(grouped, db, Progress(quiet=True))
    assert counts["articles"] == 6 and counts["stories"] == 2
    with Corpus(db) as corpus:
        stories = {s.id: s for s in corpus.stories()}
        big = max(stories.values(), key=lambda s: len(s.articles))
        assert len(big.articles) == 5 and big.families == 3
        assert corpus.search("Aleppo")
        assert len(corpus.families()) == 1
        # a later ingest of another copy joins the loaded family and story (signatures and states loaded)
        text = corpus.article("000_98fec9a0fd199562.txt").text
        summary = corpus.add_articles([steps.record_article({"article_id": "late-copy", "text": text + " (Reuters)",
                                                             "published": "2016-12-15"})])
        assert summary.copies == 1
        assert corpus.store.article_by_id("late-copy").story == big.id
    with pytest.raises(ValueError, match="already holds"):
        load_output(grouped, db, Progress(quiet=True))


def test_a_second_run_resumes_and_changed_inputs_start_over(inputs, grouped, tmp_path):
    import shutil

    out = tmp_path / "out"
    shutil.copytree(grouped, out)
    again = run_local(inputs, out, MAPPING, BatchParams(findings=False), progress=Progress(quiet=True))
    assert again.resumed == ["read+families+stories"]
    assert table(out, "assignments") == table(grouped, "assignments")
    changed = tmp_path / "more.jsonl"
    changed.write_text(json.dumps({**OTHER, "id": "other-2", "text": OTHER["text"] + " More."}) + "\n")
    fresh = run_local([*inputs, str(changed)], out, MAPPING, BatchParams(findings=False), progress=Progress(quiet=True))
    assert fresh.resumed == [] and fresh.articles == 7


def test_bad_mapping_is_refused_before_reading(inputs, tmp_path):
    with pytest.raises(ValueError, match="unknown article field"):
        run_local(inputs, tmp_path / "o", "body=text", progress=Progress(quiet=True))


def test_components_and_bucket_pairs():
    import numpy as np

    label = steps.components_array(8, np.array([5, 2, 7, 3]), np.array([2, 1, 3, 6]))
    assert label.tolist() == [0, 1, 1, 3, 4, 1, 3, 3]
    assert steps.components([1, 2, 3, 4], [(4, 2), (3, 1)]) == {1: 1, 2: 2, 3: 1, 4: 2}
    detector = BatchParams().detector()
    base = " ".join(f"word{i} text{i % 7}" for i in range(300))
    sigs = steps.signature_records(detector, [base, base + " tail", "something else entirely " * 30])
    pairs = steps.bucket_pairs(detector, [(3, sigs[1][0]), (1, sigs[0][0]), (2, sigs[2][0])], window=8)
    assert pairs == [(1, 3)]


def test_findings_per_story_are_the_pipelines(tmp_path):
    """The analyses table holds, per story, the report newsprism.analyze gives for the same
    articles (the copy family marked), and every citation in it is verified."""
    from newsprism.check import check_report

    folder = tmp_path / "in"
    folder.mkdir()
    write_story_jsonl(EXAMPLE, folder / "seed.jsonl")
    out = tmp_path / "out"
    summary = run_local([str(folder / "seed.jsonl")], out, progress=Progress(quiet=True))
    assert summary.stories == 1 and summary.analysed_stories == 1
    (row,) = table(out, "analyses")
    assert row["error"] is None
    report = json.loads(row["json"])
    assert check_report(report) == []
    findings = table(out, "findings")
    assert {f["kind"] for f in findings} >= {"corroborated", "single-source"}
    lists = {k: len(v) for k, v in report["findings"].items() if isinstance(v, list)}
    assert len(findings) == sum(lists.values())
    assert {f["list"] for f in findings} == {k for k, n in lists.items() if n}
    quotes = table(out, "quotes")
    texts = {r["id"]: r["text"] for r in (json.loads(line) for line in (folder / "seed.jsonl").read_text().splitlines())}
    assert quotes and all(texts[q["article_id"]][q["start"]:q["end"]] == q["text"] for q in quotes)


def test_undated_articles_find_their_dated_story(shared_dir, tmp_path):
    """An undated article looks for candidates among every article of its salient terms (the
    latest ``posting_cap`` of them), as ``cluster_batch`` does: a missing date means "unknown",
    not "far away". BASIL dev with the last article of every event undated."""
    from conftest import write_basil_jsonl
    from newsprism.corpus.cluster import cluster_batch
    from newsprism.evaluate.clustering import bcubed

    folder = tmp_path / "in"
    folder.mkdir()
    gold = write_basil_jsonl(shared_dir / "datasets" / "basil", folder / "basil.jsonl")
    rows = [json.loads(line) for line in (folder / "basil.jsonl").read_text(encoding="utf-8").splitlines()]
    last_of_event = {gold[r["id"]]: r["id"] for r in rows}
    undated = set(last_of_event.values())
    with open(folder / "basil.jsonl", "w", encoding="utf-8") as handle:
        for r in rows:
            handle.write(json.dumps({**r, "published": None} if r["id"] in undated else r) + "\n")
    out = tmp_path / "out"
    run_local([str(folder / "basil.jsonl")], out, params=BatchParams(findings=False), progress=Progress(quiet=True))
    story = {r["article_id"]: r["story_id"] for r in table(out, "assignments")}
    mates = {a: {b for b in gold if gold[b] == gold[a] and b != a} for a in undated}
    placed = sum(1 for a in undated if any(story[b] == story[a] for b in mates[a]))
    assert placed >= 0.8 * len(undated), f"{placed} of {len(undated)} undated articles with an event-mate"
    assert bcubed(story, gold).f1 >= 0.9
    # the same stories as cluster_batch over the same articles in the engine's order
    articles = sorted(table(out, "articles"), key=lambda r: r["pk"])
    labels = cluster_batch([(r["text"], r["title"], r["day"]) for r in articles], BatchParams().cluster)
    assert bcubed(story, {r["article_id"]: label for r, label in zip(articles, labels)}).f1 >= 0.99


def test_a_jsonl_id_on_two_lines_follows_the_batch_rule(tmp_path):
    """Both engines read JSONL lines independently: the same line twice is one duplicate, two
    texts under one id become ``id#hash12`` each (the Spark engine cannot tell which came first)."""
    first = {**OTHER, "id": "same"}
    second = {**OTHER, "id": "same", "text": OTHER["text"].replace("Tuesday", "Wednesday") + " A late vote."}
    path = tmp_path / "ids.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (first, first, second)) + "\n", encoding="utf-8")
    summary = run_local([str(path)], tmp_path / "out", params=BatchParams(findings=False), progress=Progress(quiet=True))
    assert summary.articles == 2 and summary.duplicates == 1 and summary.skipped == 0
    ids = sorted(r["article_id"] for r in table(tmp_path / "out", "assignments"))
    assert len(ids) == 2 and all(i.startswith("same#") and len(i) == len("same#") + 12 for i in ids)


def test_merge_component_is_cluster_batchs_agglomeration():
    """The engines merge a component with cluster.merge_linked, cluster_batch's own loop."""
    from newsprism.corpus.cluster import cluster_batch

    docs = [
        ("Flooding in Valencia killed 12 people on Monday, officials said.", None, 739000),
        ("Valencia floods: the death toll rose to 12 as rescuers searched homes.", None, 739001),
        ("Rescuers in Valencia searched flooded homes after 12 people died.", None, 739001),
        ("The central bank raised interest rates by half a point in Frankfurt.", None, 739000),
        ("Frankfurt: interest rates up half a point, the central bank said.", None, 739002),
    ]
    params = BatchParams().cluster
    labels = cluster_batch(docs, params)
    vectors, _, _ = steps.all_vectors([(i + 1, t, title, d) for i, (t, title, d) in enumerate(docs)], params)
    edges = steps.local_edges(vectors, params, 100)
    merged = steps.merge_component(vectors, edges, params)
    same_batch = {(i, j) for i in range(5) for j in range(5) if labels[i] == labels[j]}
    same_engine = {(i, j) for i in range(5) for j in range(5) if merged[i + 1] == merged[j + 1]}
    assert same_batch == same_engine
    assert labels[0] == labels[1] == labels[2] != labels[3] == labels[4]


def _blocked_edges(vectors, params, cap, block_weeks):
    """What the Spark engine does with steps.block_edges, in plain Python: every dated article
    in each block that reads its postings, the undated lists' latest ``cap`` articles in every
    block, the undated articles (with the all-time lists' latest ``cap``) in a block of their own."""
    from collections import defaultdict

    undated = any(v.day is None for v in vectors.values())
    blocks: dict[int, set[int]] = defaultdict(set)
    for pk, vec in vectors.items():
        if vec.day is not None:
            for block in steps.blocks_of(vec.day, block_weeks, params):
                blocks[block].add(pk)

    def latest(pks):
        by_term: dict[str, list[int]] = defaultdict(list)
        for pk in sorted(pks):
            for term in dict.fromkeys(vectors[pk].salient):
                by_term[term].append(pk)
        return {pk for members in by_term.values() for pk in members[-cap:]}

    if undated:
        listed = latest(pk for pk, v in vectors.items() if v.day is None)
        for block in list(blocks):
            blocks[block] |= listed
        blocks[steps.UNDATED] = {pk for pk, v in vectors.items() if v.day is None} | latest(vectors)
    edges = []
    for block, pks in blocks.items():
        members = {pk: vectors[pk] for pk in pks}
        queriers = sorted(pk for pk in pks if steps.home_block(vectors[pk].day, block_weeks) == block)
        edges += steps.block_edges(members, params, cap, undated, queriers)
    return edges


@pytest.mark.parametrize("undated_share", [0.0, 0.15])
def test_time_blocks_find_the_edges_of_the_whole_corpus(undated_share):
    """Spark looks for candidates a time block at a time: each block holds every (term, week)
    list its lookups read (with the cap applied to whole lists, and the undated / all-time lists
    cut to their latest articles), so the edges are exactly those of one lookup over everything."""
    import random

    rng = random.Random(5)
    places = ["Valencia", "Aleppo", "Lagos", "Quito", "Osaka", "Perth"]
    events = ["flood", "strike", "fire", "election", "storm"]
    docs = []
    for k in range(400):
        place, event = rng.choice(places), rng.choice(events)
        words = " ".join(rng.choice(["river", "council", "bridge", "vote", "union", "price", "rain", "court"])
                         for _ in range(12))
        text = (f"{place.upper()} - The {event} in {place} left {rng.randrange(5, 90)} people homeless, "
                f"said {rng.choice(['Maria Lopez', 'John Reed', 'Aisha Bello'])}. The {words}.")
        day = None if rng.random() < undated_share else 736000 + rng.randrange(0, 200)
        docs.append((k + 1, text, f"{event.title()} in {place}", day))
    params = BatchParams().cluster
    vectors, _, _ = steps.all_vectors(docs, params)
    for cap in (6, 100):
        whole = steps.local_edges(vectors, params, cap)
        assert len(whole) > 300
        for block_weeks in (1, 4):
            assert sorted(_blocked_edges(vectors, params, cap, block_weeks)) == sorted(whole)


def test_progress_rate_and_eta_leave_out_work_of_an_earlier_run():
    import io
    import re
    import time

    stream = io.StringIO()
    progress = Progress(stream)
    progress.start("analyses", 1000)
    progress.carry(900)  # a resumed run: 900 articles' shards kept from before
    time.sleep(0.2)
    progress.update(910, force=True)
    line = stream.getvalue().strip()
    assert line.startswith("batch: analyses: 910/1,000 articles")
    rate = float(re.search(r", ([\d,.]+)/s", line).group(1).replace(",", ""))
    assert rate <= 10 / 0.2  # 10 articles done in this run, not 910
    eta = re.search(r"ETA (\d+)s", line)
    assert eta and int(eta.group(1)) >= 1  # 90 left at <= 50/s


def test_a_lone_report_joins_its_event_as_recluster_does(tmp_path):
    """The batch engines attach an article the merging left alone to the group of its candidates
    it is most like (``batch_attach``), as ``cluster_batch`` (``ingest --recluster``) does: a short
    report of the Valencia floods that shares few words with the others joins the flood story;
    a lone report of another strike stays alone. The same stories as cluster_batch's."""
    from test_cluster import FLOOD, STRIKE

    from newsprism.corpus.cluster import cluster_batch

    lone = "Soldiers were sent to Valencia to help residents dig out after the rain."
    other = "Air France pilots walked out over pay on Thursday, grounding flights in Paris, their union said."
    texts = FLOOD + STRIKE + [lone, other]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"id": f"a{k}", "text": t, "published": "2024-10-30"}) + "\n"
                            for k, t in enumerate(texts)), encoding="utf-8")
    run_local([str(path)], tmp_path / "out", params=BatchParams(findings=False), progress=Progress(quiet=True))
    story = {r["article_id"]: r["story_id"] for r in table(tmp_path / "out", "assignments")}
    flood = {story[f"a{k}"] for k in range(len(FLOOD))}
    assert len(flood) == 1 and story[f"a{len(texts) - 2}"] in flood
    assert story[f"a{len(texts) - 1}"] not in {story[f"a{k}"] for k in range(len(texts) - 1)}
    articles = sorted(table(tmp_path / "out", "articles"), key=lambda r: r["pk"])
    labels = cluster_batch([(r["text"], r["title"], r["day"]) for r in articles], BatchParams().cluster)
    same = {(a["article_id"], b["article_id"]) for a, la in zip(articles, labels) for b, lb in zip(articles, labels) if la == lb}
    assert same == {(a, b) for a in story for b in story if story[a] == story[b]}


def test_two_arrests_of_one_team_stay_apart_as_recluster_keeps_them(tmp_path):
    """The batch engines keep two events of one topic apart by the rule ``cluster_batch`` merges
    by (a group whose openings name a protagonist the other never names is another event:
    ``ClusterParams.lead_name_*``): the reports of the second arrest recall the first player,
    and without the rule the two groups merged. The same stories as cluster_batch's."""
    from test_cluster import HALE_ARREST, ORTEGA_ARREST

    from newsprism.corpus.cluster import cluster_batch

    texts = HALE_ARREST + ORTEGA_ARREST
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"id": f"a{k}", "text": t}) + "\n" for k, t in enumerate(texts)), encoding="utf-8")
    run_local([str(path)], tmp_path / "out", params=BatchParams(findings=False), progress=Progress(quiet=True))
    story = {r["article_id"]: r["story_id"] for r in table(tmp_path / "out", "assignments")}
    assert len({story[f"a{k}"] for k in range(3)}) == 1 and len({story[f"a{k}"] for k in range(3, 6)}) == 1
    assert story["a0"] != story["a3"]
    articles = sorted(table(tmp_path / "out", "articles"), key=lambda r: r["pk"])
    labels = cluster_batch([(r["text"], r["title"], r["day"]) for r in articles], BatchParams().cluster)
    same = {(a["article_id"], b["article_id"]) for a, la in zip(articles, labels) for b, lb in zip(articles, labels) if la == lb}
    assert same == {(a, b) for a in story for b in story if story[a] == story[b]}
