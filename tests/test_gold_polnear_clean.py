"""The clean PolNeAR gold set (eval/gold/polnear-clean): complete, split dev / held-out, and every
fragment is in its outlet's article as the scorer builds it. Only the files are checked here; the
scorer's figures on this set are in its README and docs/evaluation.md (no floor)."""

from __future__ import annotations

import subprocess
import sys

from newsprism.evaluate.gold_findings import default_gold_dir, load_gold, locate, polnear_articles

CLEAN = default_gold_dir().parent / "polnear-clean"


def _pairs(g):
    pairs = [(o, f) for item in g.corroborated for o, f in item["docs"].items()]
    pairs += [(o, v["fragment"]) for item in g.conflicts for v in item["versions"] for o in v["docs"]]
    pairs += [(o, f) for item in g.framing for o, f in item["labels"].items()]
    pairs += [(item["doc"], item["fragment"]) for item in g.single_source]
    return pairs


def test_clean_set_is_complete_and_split():
    events = load_gold(CLEAN)
    assert len(events) >= 7
    assert {e.split for e in events} == {"dev", "held-out"}
    for e in events:
        assert e.is_polnear and len(e.documents) >= 2, e.path
        assert e.corroborated and e.single_source, e.path
        assert all(len(item["docs"]) >= 2 for item in e.corroborated), e.path
        assert all(o in e.documents for o, _ in _pairs(e)), e.path


def test_clean_set_uses_no_text_of_another_gold_set():
    others = {p for d in ("polnear", "polnear-fresh") for g in load_gold(CLEAN.parent / d) for p in g.documents.values()}
    mine = [p for g in load_gold(CLEAN) for p in g.documents.values()]
    assert len(mine) == len(set(mine))
    assert not set(mine) & others


def test_clean_stories_build_and_every_fragment_is_in_its_article(shared_dir):
    root = shared_dir / "datasets" / "polnear"
    for g in load_gold(CLEAN):
        articles = polnear_articles(g, root)  # raises when a text is missing or by another outlet
        assert {a.outlet for a in articles} == set(g.documents), g.event
        texts = {a.outlet: a.text for a in articles}
        for outlet, fragment in _pairs(g):
            assert locate(texts[outlet], fragment), (g.event, outlet, fragment)


def test_clean_verifier_reports_no_problem(shared_dir):
    out = subprocess.run([sys.executable, str(CLEAN / "verify.py"), str(shared_dir / "datasets" / "polnear")],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(", 0 problems")
