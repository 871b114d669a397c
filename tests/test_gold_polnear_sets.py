"""The PolNeAR check sets made by reading (eval/gold/polnear-fresh: all held-out; eval/gold/polnear-clean:
dev + held-out; eval/gold/polnear-fresh2: all held-out under its own split, pnfresh2): complete, split as their READMEs say, and every fragment is in its outlet's article as
the scorer builds it. Only the files are checked here; the scorer's figures on these sets are in their
READMEs and docs/evaluation.md (no floor)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from newsprism.evaluate.gold_findings import default_gold_dir, load_gold, locate, polnear_articles

FRESH = default_gold_dir().parent / "polnear-fresh"
CLEAN = default_gold_dir().parent / "polnear-clean"
FRESH2 = default_gold_dir().parent / "polnear-fresh2"
# (folder, fewest events, its splits, whether a conflict version's fragment is checked in every doc it names)
SETS = [(FRESH, 6, {"held-out"}, False), (CLEAN, 7, {"dev", "held-out"}, True), (FRESH2, 7, {"pnfresh2"}, True)]


def _pairs(g, every_doc: bool):
    pairs = [(o, f) for item in g.corroborated for o, f in item["docs"].items()]
    pairs += [(o, v["fragment"]) for item in g.conflicts for v in item["versions"]
              for o in (v["docs"] if every_doc else v["docs"][:1])]
    pairs += [(o, f) for item in g.framing for o, f in item["labels"].items()]
    pairs += [(item["doc"], item["fragment"]) for item in g.single_source]
    return pairs


@pytest.mark.parametrize("folder, fewest, splits, every_doc", SETS, ids=lambda v: getattr(v, "name", None))
def test_set_is_complete_and_split(folder, fewest, splits, every_doc):
    events = load_gold(folder)
    assert len(events) >= fewest
    assert {e.split for e in events} == splits
    for e in events:
        assert e.is_polnear and len(e.documents) >= 2, e.path
        assert e.corroborated and e.single_source, e.path
        assert all(len(item["docs"]) >= 2 for item in e.corroborated), e.path
        assert all(o in e.documents for o, _ in _pairs(e, every_doc)), e.path


def test_clean_set_uses_no_text_of_another_gold_set():
    others = {p for d in ("polnear", "polnear-fresh") for g in load_gold(CLEAN.parent / d) for p in g.documents.values()}
    mine = [p for g in load_gold(CLEAN) for p in g.documents.values()]
    assert len(mine) == len(set(mine))
    assert not set(mine) & others


@pytest.mark.parametrize("folder, fewest, splits, every_doc", SETS, ids=lambda v: getattr(v, "name", None))
def test_stories_build_and_every_fragment_is_in_its_article(shared_dir, folder, fewest, splits, every_doc):
    root = shared_dir / "datasets" / "polnear"
    for g in load_gold(folder):
        articles = polnear_articles(g, root)  # raises when a text is missing or by another outlet
        assert {a.outlet for a in articles} == set(g.documents), g.event
        texts = {a.outlet: a.text for a in articles}
        for outlet, fragment in _pairs(g, every_doc):
            assert locate(texts[outlet], fragment), (g.event, outlet, fragment)


def test_fresh2_uses_no_text_of_another_gold_set_nor_an_excluded_one():
    others = {p for d in ("polnear", "polnear-fresh", "polnear-clean") for g in load_gold(FRESH2.parent / d)
              for p in g.documents.values()}
    mine = [p for g in load_gold(FRESH2) for p in g.documents.values()]
    assert len(mine) == len(set(mine))
    assert not set(mine) & others
    excluded = {line.split("\t")[0] for line in (FRESH2 / "excluded.txt").read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#")}
    assert len(excluded) > 300  # the speaker held-out half alone is 150 texts
    assert not {p.rsplit("/", 1)[-1].removesuffix(".txt") for p in mine} & excluded


@pytest.mark.parametrize("folder", [FRESH, CLEAN, FRESH2], ids=lambda p: p.name)
def test_verifier_reports_no_problem(shared_dir, folder):
    out = subprocess.run([sys.executable, str(folder / "verify.py"), str(shared_dir / "datasets" / "polnear")],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(", 0 problems")
