"""The second BASIL check set made by reading (eval/gold/basil-fresh2, split ``fresh2``): ten
events, complete, apart from the other BASIL gold sets, and every fragment of every section is
in its outlet's article as the scorer builds it. Only the files are checked here; the figures are
in its README and docs/evaluation.md (reported by ``newsprism eval``, no floor)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from newsprism.evaluate.gold_findings import default_gold_dir, load_gold, locate

FRESH2 = default_gold_dir().parent / "basil-fresh2"


def _pairs(g):
    """(outlet, fragment) of every section; a conflict version's fragment in each outlet it names."""
    pairs = [(o, f) for item in g.corroborated for o, f in item["docs"].items()]
    pairs += [(o, v["fragment"]) for item in g.conflicts for v in item["versions"] for o in v["docs"]]
    pairs += [(o, f) for item in g.framing for o, f in item["labels"].items()]
    pairs += [(item["doc"], item["fragment"]) for item in g.single_source]
    return pairs


def test_set_is_complete_and_split():
    events = load_gold(FRESH2)
    assert len(events) == 10
    assert {e.split for e in events} == {"fresh2"}
    for e in events:
        assert set(e.documents) == {"nyt", "fox", "hpo"}, e.path
        assert e.corroborated and e.framing and e.single_source, e.path
        assert all(len(item["docs"]) >= 2 for item in e.corroborated), e.path
        assert all(len(item["versions"]) >= 2 for item in e.conflicts), e.path
        assert all(o in e.documents for o, _ in _pairs(e)), e.path


def test_set_shares_no_event_with_the_other_basil_gold_sets():
    others = {g.event for d in ("basil", "basil-fresh") for g in load_gold(FRESH2.parent / d)}
    assert not {g.event for g in load_gold(FRESH2)} & others


def test_every_fragment_is_in_its_article_as_the_scorer_builds_it(shared_dir):
    from newsprism.evaluate.basil_findings import load_events

    wanted = {g.event for g in load_gold(FRESH2)}
    events = {uuid: arts for uuid, arts in load_events(shared_dir / "datasets" / "basil" / "articles") if uuid in wanted}
    assert set(events) == wanted
    for g in load_gold(FRESH2):
        texts = {Path(a.path).name: a for a in events[g.event]}
        for outlet, fname in g.documents.items():
            assert str(texts[fname].outlet).lower() == outlet, (g.event, fname)
        for outlet, fragment in _pairs(g):
            assert locate(texts[g.documents[outlet]].text, fragment), (g.event, outlet, fragment)


def test_verifier_reports_no_problem(shared_dir):
    verify = FRESH2.parent / "basil" / "verify.py"
    out = subprocess.run([sys.executable, str(verify), str(shared_dir / "datasets" / "basil" / "articles"), str(FRESH2)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(", 0 problems") and "10 files" in out.stdout


def test_newsprism_eval_reports_the_set_beside_the_gated_gold_without_a_floor(monkeypatch, tmp_path):
    import newsprism.evaluate.gold_findings as gold_findings
    from newsprism.evaluate import runner
    from newsprism.evaluate.gate import load_floors

    calls = []

    def fake(gold_dir, articles_dir, nlp, embedder=None, splits=("dev", "held-out"), key_prefix="", **kw):
        calls.append((Path(gold_dir).name, tuple(splits), articles_dir))
        return {f"gold_{key_prefix}{s.replace('-', '')}_events": 1.0 for s in splits}

    monkeypatch.setattr(gold_findings, "evaluate_gold", fake)
    monkeypatch.setattr("newsprism.compare.embed.default_embedder", lambda kind="static": object())
    scores = runner._gold(tmp_path, nlp=None)
    articles = tmp_path / "datasets" / "basil" / "articles"
    assert calls == [("basil", ("dev", "held-out"), articles), ("basil-fresh2", ("fresh2",), articles),
                     ("basil-fresh", ("fresh",), articles), ("basil-open-framing", ("dev", "held-out"), articles),
                     ("polnear-fresh2", ("pnfresh2",), tmp_path / "datasets" / "polnear"),
                     ("polnear", ("dev", "held-out"), tmp_path / "datasets" / "polnear"),
                     ("polnear-clean", ("dev", "held-out"), tmp_path / "datasets" / "polnear"),
                     ("polnear-fresh", ("dev", "held-out"), tmp_path / "datasets" / "polnear")]
    assert {"gold_dev_events", "gold_heldout_events", "gold_fresh2_events", "gold_fresh_events",
            "gold_pnfresh2_events", "gold_pn_dev_events", "gold_pn_heldout_events", "gold_pnclean_dev_events",
            "gold_pnfresh_heldout_events", "gold_openfr_dev_events", "gold_openfr_heldout_events"} <= set(scores)
    # the PolNeAR sets' keys never collide with BASIL's gated gold_dev_* / gold_heldout_*
    assert len(scores) == sum(len(splits) for _, splits, _ in calls)
    assert not [k for k in load_floors() if k.startswith(("gold_fresh2_", "gold_fresh_", "gold_pnfresh2_", "gold_openfr_"))]


def test_the_open_framing_set_reports_only_what_it_annotates(monkeypatch, tmp_path):
    """basil-open-framing has framing gold only: a corroborated precision of 0 against its empty gold would
    read as a measured failure, so only its framing keys and event counts are reported."""
    import newsprism.evaluate.gold_findings as gold_findings
    from newsprism.evaluate import runner

    def fake(gold_dir, articles_dir, nlp, embedder=None, splits=("dev", "held-out"), key_prefix="", **kw):
        out = {}
        for s in splits:
            key = f"gold_{key_prefix}{s.replace('-', '')}"
            out.update({f"{key}_events": 1.0, f"{key}_corroborated_precision": 0.0, f"{key}_framing_recall": 0.5})
        return out

    monkeypatch.setattr(gold_findings, "evaluate_gold", fake)
    monkeypatch.setattr("newsprism.compare.embed.default_embedder", lambda kind="static": object())
    scores = runner._gold(tmp_path, nlp=None)
    assert {"gold_openfr_dev_framing_recall", "gold_openfr_heldout_events"} <= set(scores)
    assert not [k for k in scores if k.startswith("gold_openfr_") and "corroborated" in k]
    assert "gold_dev_corroborated_precision" in scores  # the other sets keep every section
