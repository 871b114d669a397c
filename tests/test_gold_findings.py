"""The gold-set scorer: fragment location, matching rules, then the real gold events."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsprism.evaluate.gold_findings import (
    GoldEvent,
    default_gold_dir,
    explain_event,
    load_gold,
    locate,
    polnear_articles,
    reads_as_sentence,
    score_event,
)

POLNEAR_GOLD = default_gold_dir().parent / "polnear"

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


def test_single_source_recall_counts_the_first_ten_and_sentences():
    event = _event(single_source=[{"doc": "fox", "claim": "blow", "fragment": "fierce blow"},
                                  {"doc": "nyt", "claim": "staff", "fragment": "40 staff would stay"}])
    filler = [{"about": f"Filler item number {i} stays.", "citations": [_cite("nyt-e1_1", TEXT_A, "The senator")]} for i in range(10)]
    blow = {"about": "Aides called it a fierce blow.", "citations": [_cite("fox-e1_2", TEXT_B, "Aides called it a fierce blow.")]}
    staff = {"about": "and said 40 staff would stay", "citations": [_cite("nyt-e1_1", TEXT_A, "said 40 staff would stay")]}
    row = score_event(event, _report({"single_source": [blow, *filler[:8], staff, *filler[8:]]}))
    assert (row["single_gold"], row["single_found"], row["single_found10"]) == (2, 2, 2)
    assert row["single_top"] == 10 and row["single_sentences10"] == 9  # the clause is no sentence
    row = score_event(event, _report({"single_source": [*filler, blow, staff]}))
    assert (row["single_found"], row["single_found10"], row["single_sentences10"]) == (2, 0, 10)


def test_reads_as_sentence():
    assert reads_as_sentence("“This is a worldwide fight,” Clinton said.")
    assert reads_as_sentence("''I assume she knows,'' said Paul R. Pillar.")
    assert not reads_as_sentence("our strategy should have three main elements,” Clinton said.")
    assert not reads_as_sentence("As The Post's Abby Phillip documented.")
    assert reads_as_sentence("If we nominate Donald Trump, Hillary wins,'' Mr. Cruz said.")
    assert not reads_as_sentence("Louisiana Gov. Bobby Jindal on Monday signed an order,")
    assert not reads_as_sentence("And we need more of a coalition flying those missions.")


def test_explain_marks_right_wrong_and_missed():
    event = _event(corroborated=[{"claim": "resigned", "docs": {"nyt": "The senator resigned", "fox": "the senator stepped down"}},
                                 {"claim": "health", "docs": {"nyt": "He cited health reasons", "fox": "citing his health"}}])
    right = {"about": "resigned", "citations": [_cite("nyt-e1_1", TEXT_A, "The senator resigned on Friday."),
                                                  _cite("fox-e1_2", TEXT_B, "On Friday the senator stepped down")]}
    wrong = {"about": "blow", "citations": [_cite("nyt-e1_1", TEXT_A, "40 staff would stay"),
                                              _cite("fox-e1_2", TEXT_B, "Aides called it a fierce blow.")]}
    lines = explain_event(event, _report({"corroborated": [right, wrong]}))
    assert "  +#0 resigned" in lines and "  - blow" in lines
    assert "      [fox] Aides called it a fierce blow." in lines
    assert "  missed #1 health" in lines and not any(line.startswith("  missed #0") for line in lines)


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


def test_polnear_gold_files_are_complete():
    events = load_gold(POLNEAR_GOLD)
    assert len(events) >= 6
    assert {e.split for e in events} == {"dev", "held-out"}
    for e in events:
        assert e.is_polnear and len(e.documents) >= 3, e.path
        assert e.corroborated, e.path


def test_polnear_stories_build_and_every_fragment_is_in_its_article(shared_dir):
    """Each PolNeAR gold story builds from the texts (outlet and date from metadata.tsv, the
    first line as title) and every fragment of every section is in its outlet's article."""
    root = shared_dir / "datasets" / "polnear"
    for g in load_gold(POLNEAR_GOLD):
        articles = polnear_articles(g, root)  # raises when a text is missing or by another outlet
        assert {a.outlet for a in articles} == set(g.documents), g.event
        assert all(a.published and a.published.startswith(("2015", "2016")) and a.title for a in articles), g.event
        texts = {a.outlet: a.text for a in articles}
        pairs = [(o, f) for item in g.corroborated for o, f in item["docs"].items()]
        pairs += [(docs[0], v["fragment"]) for item in g.conflicts for v in item["versions"] for docs in [v["docs"]]]
        pairs += [(o, f) for item in g.framing for o, f in item["labels"].items()]
        pairs += [(item["doc"], item["fragment"]) for item in g.single_source]
        for outlet, fragment in pairs:
            assert locate(texts[outlet], fragment), (g.event, outlet, fragment)


def test_polnear_story_with_a_wrong_outlet_or_path_is_refused(shared_dir):
    root = shared_dir / "datasets" / "polnear"
    good = load_gold(POLNEAR_GOLD)[0]
    outlet, path = next(iter(good.documents.items()))
    other = "nyt" if outlet != "nyt" else "breitbart"
    with pytest.raises(ValueError, match="the gold file says"):
        polnear_articles(GoldEvent({"event": "x", "documents": {other: path}}, Path("x.yaml")), root)
    with pytest.raises(FileNotFoundError):
        polnear_articles(GoldEvent({"event": "x", "documents": {outlet: "dev/text/no-such-text.txt"}}, Path("x.yaml")), root)


@pytest.mark.slow
def test_polnear_gold_scores_dev(shared_dir, nlp):
    from newsprism.evaluate.gold_findings import evaluate_gold

    scores = evaluate_gold(POLNEAR_GOLD, shared_dir / "datasets" / "polnear", nlp, splits=("dev",))
    assert scores["gold_dev_events"] == len([g for g in load_gold(POLNEAR_GOLD) if g.split == "dev"])
    assert scores["gold_dev_corroborated_predicted"] > 0
    assert 0.0 <= scores["gold_dev_corroborated_recall"] <= 1.0


def test_the_scorer_says_in_one_line_when_the_articles_or_the_gold_are_missing(tmp_path):
    # a checkout without ../shared beside it scored nothing and printed nothing, exit 0
    import subprocess
    import sys
    from pathlib import Path

    gold = Path(__file__).resolve().parents[1] / "eval" / "gold" / "basil"
    run = subprocess.run([sys.executable, "-m", "newsprism.evaluate.gold_findings", "--gold", str(gold),
                          "--data", str(tmp_path / "nowhere")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "nowhere" in run.stderr and "Traceback" not in run.stderr
    run = subprocess.run([sys.executable, "-m", "newsprism.evaluate.gold_findings", "--gold", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "no gold events" in run.stderr and run.stderr.count("\n") == 1
