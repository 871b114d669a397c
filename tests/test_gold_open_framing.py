"""The framing check set on seven open BASIL events (eval/gold/basil-open-framing, 5 dev + 2 held-out):
framing items only, apart from the other BASIL gold sets, every label fragment in its outlet's article
as the scorer builds it. Its figures: ``newsprism eval`` (gold_openfr_*, no floor) and docs/evaluation.md."""

from __future__ import annotations

from pathlib import Path

from newsprism.evaluate.gold_findings import default_gold_dir, load_gold, locate

OPEN = default_gold_dir().parent / "basil-open-framing"


def test_set_is_framing_only_split_and_apart_from_the_other_sets():
    events = load_gold(OPEN)
    assert len(events) == 7 and sorted(e.split for e in events) == ["dev"] * 5 + ["held-out"] * 2
    for e in events:
        assert set(e.documents) == {"nyt", "fox", "hpo"}, e.path
        assert e.framing and not (e.corroborated or e.conflicts or e.single_source), e.path
        assert all(o in e.documents for item in e.framing for o in item["labels"]), e.path
    others = {g.event for d in ("basil", "basil-fresh", "basil-fresh2") for g in load_gold(OPEN.parent / d)}
    assert not {g.event for g in events} & others


def test_every_label_is_in_its_article_as_the_scorer_builds_it(shared_dir):
    from newsprism.evaluate.basil_findings import load_events

    wanted = {g.event for g in load_gold(OPEN)}
    events = {uuid: arts for uuid, arts in load_events(shared_dir / "datasets" / "basil" / "articles") if uuid in wanted}
    assert set(events) == wanted
    for g in load_gold(OPEN):
        texts = {Path(a.path).name: a for a in events[g.event]}
        for outlet, fname in g.documents.items():
            assert str(texts[fname].outlet).lower() == outlet, (g.event, fname)
        for item in g.framing:
            for outlet, fragment in item["labels"].items():
                assert locate(texts[g.documents[outlet]].text, fragment), (g.event, outlet, fragment)
