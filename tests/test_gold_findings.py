"""The gold-set scorer: fragment location, matching rules, then the real gold events."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsprism.evaluate.gold_findings import GoldEvent, default_gold_dir, load_gold, locate, score_event

TEXT_A = "The senator resigned on Friday.\n\nHe cited health reasons and said 40 staff would stay."
TEXT_B = "On Friday the senator stepped down,  citing his health. Aides called it a fierce blow."


def _event(**kw) -> GoldEvent:
    data = {"event": "e1", "split": "dev", "documents": {"nyt": "e1_1.json", "fox": "e1_2.json"}, **kw}
    return GoldEvent(data, Path("e1.yaml"))


def _report(findings):
    return {"documents": [{"id": "nyt-e1_1", "text": TEXT_A}, {"id": "fox-e1_2", "text": TEXT_B}], "findings": findings}


def _cite(doc, text, fragment):
    start = text.index(fragment)
    return {"doc": doc, "start": start, "end": start + len(fragment), "text": fragment}


def test_locate_matches_across_whitespace():
    assert locate(TEXT_B, "stepped down, citing") == (TEXT_B.index("stepped"), TEXT_B.index("citing") + len("citing"))
    assert locate(TEXT_A, "not there") is None


def test_corroborated_needs_two_outlets_and_counts_duplicates():
    event = _event(corroborated=[{"claim": "resigned", "docs": {"nyt": "The senator resigned", "fox": "the senator stepped down"}},
                                 {"claim": "health", "docs": {"nyt": "He cited health reasons", "fox": "citing his health"}}])
    right = {"about": "x", "citations": [_cite("nyt-e1_1", TEXT_A, "The senator resigned on Friday."),
                                           _cite("fox-e1_2", TEXT_B, "On Friday the senator stepped down")]}
    one_side = {"about": "y", "citations": [_cite("nyt-e1_1", TEXT_A, "He cited health reasons"),
                                              _cite("fox-e1_2", TEXT_B, "Aides called it a fierce blow.")]}
    row = score_event(event, _report({"corroborated": [right, one_side, dict(right, about="z")]}))
    assert row["corroborated_predicted"] == 3 and row["corroborated_right"] == 2
    assert row["corroborated_gold"] == 2 and row["corroborated_found"] == 1
    assert row["corroborated_duplicates"] == 1  # the same citation set twice


def test_conflicts_need_two_versions():
    event = _event(conflicts=[{"about": "staff", "versions": [{"docs": ["nyt"], "fragment": "40 staff"},
                                                               {"docs": ["fox"], "fragment": "Aides"}]}])
    both = {"about": "c", "versions": [{"citations": [_cite("nyt-e1_1", TEXT_A, "40 staff")]},
                                       {"citations": [_cite("fox-e1_2", TEXT_B, "Aides")]}]}
    half = {"about": "c", "versions": [{"citations": [_cite("nyt-e1_1", TEXT_A, "40 staff")]}]}
    row = score_event(event, _report({"conflicts": [both, half]}))
    assert (row["conflicts_predicted"], row["conflicts_right"], row["conflicts_found"]) == (2, 1, 1)


def test_gold_files_are_complete():
    events = load_gold(default_gold_dir())
    assert len(events) >= 8
    for e in events:
        assert e.split in ("dev", "held-out") and set(e.documents) == {"nyt", "fox", "hpo"}
        assert e.corroborated, e.path


def test_gold_fragments_are_in_the_articles(shared_dir):
    from newsprism.evaluate.basil_findings import load_events

    folder = shared_dir / "datasets" / "basil" / "articles"
    events = dict(load_events(folder))
    for g in load_gold(default_gold_dir()):
        texts = {a.path and Path(a.path).name: a.text for a in events[g.event]}
        for item in g.corroborated:
            for outlet, fragment in item["docs"].items():
                assert locate(texts[g.documents[outlet]], fragment), (g.event, fragment)


@pytest.mark.slow
def test_gold_scores_dev(shared_dir, nlp):
    from newsprism.evaluate.gold_findings import evaluate_gold

    scores = evaluate_gold(default_gold_dir(), shared_dir / "datasets" / "basil" / "articles", nlp, splits=("dev",))
    assert scores["gold_dev_events"] >= 8
    assert 0.0 <= scores["gold_dev_corroborated_precision"] <= 1.0
    assert scores["gold_dev_corroborated_predicted"] > 0
