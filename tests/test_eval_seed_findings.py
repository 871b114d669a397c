"""The seed findings scorer on a hand-made analysis (answers checkable by hand), and its anchors."""

from __future__ import annotations

import yaml

from newsprism.evaluate.seed_findings import load_anchors, score_findings
from newsprism.compare.findings import Finding, Findings, Version
from newsprism.model import DocumentInfo, Span, StoryAnalysis

TEXTS = {
    "000_a.txt": "A deal brokered by Russia came first. The talks took two weeks of rapid advances.",
    "001_b.txt": "The deal was mediated by Turkey and Russia. Some civilians set fire to their homes.",
}
EXPECTED = {
    "corroborated": [{"docs": ["000", "001"], "claim": "deal brokered by Russia"},
                     {"docs": ["000", "001"], "claim": "something else"}],
    "single_source": [{"doc": "001", "claim": "fires"}],
    "conflicts": [{"about": "how long"}],
    "shared_quotes": [],
}
ANCHORS = {
    "corroborated": [{"000": ["brokered by Russia"], "001": ["mediated by Turkey"]},
                     {"000": ["The talks"], "001": ["Some civilians"]}],
    "single_source": [{"001": ["set fire to their homes"]}],
    "conflicts": [[{"000": ["two weeks"]}, {"001": ["mediated"]}]],
}


def _span(doc: str, fragment: str) -> Span:
    start = TEXTS[doc].index(fragment)
    return Span(doc, start, start + len(fragment), fragment)


def _analysis(findings: Findings) -> StoryAnalysis:
    docs = tuple(DocumentInfo(i, None, None, None, None, None, False, (), None, None, (), None, t) for i, t in TEXTS.items())
    return StoryAnalysis(docs, (), (), (), (), findings=findings)


def test_counts_found_missed_and_spurious():
    a, b = "000_a.txt", "001_b.txt"
    corroborated = Finding("C1", "corroborated", "deal", (a, b), (_span(a, "A deal brokered"), _span(b, "The deal was mediated")))
    single = Finding("S1", "single-source", "fires", (b,), (_span(b, "civilians set fire"),))
    wrong_single = Finding("S2", "single-source", "fires", (a,), (_span(a, "The talks"),))
    conflict = Finding("X1", "conflict", "how long", (a, b), (_span(a, "two weeks"), _span(b, "mediated")),
                       versions=(Version((a,), "two weeks", (_span(a, "two weeks"),)),))
    spurious = Finding("X2", "conflict", "who", (a, b), (_span(a, "Russia"), _span(b, "Turkey")))
    score = score_findings(
        _analysis(Findings(corroborated=(corroborated,), single_source=(wrong_single, single), conflicts=(conflict, spurious))),
        EXPECTED, ANCHORS,
    )
    metrics = score.as_metrics()
    assert metrics["seed_corroborated_found"] == 0.5
    assert metrics["seed_single_source_found"] == 1.0
    assert metrics["seed_conflicts_found"] == 1.0
    assert metrics["seed_conflicts_spurious"] == 1.0 and metrics["seed_conflict_precision"] == 0.5
    assert score.conflicts == [("how long", True), ("who", False)]
    assert score.missed == ["corroborated: something else"]


def test_a_single_source_finding_of_another_document_does_not_count():
    a = "000_a.txt"
    only_a = Finding("S1", "single-source", "x", (a,), (_span(a, "The talks"),))
    metrics = score_findings(_analysis(Findings(single_source=(only_a,))), EXPECTED, ANCHORS).as_metrics()
    assert metrics["seed_single_source_found"] == 0.0
    assert metrics["seed_conflict_precision"] == 1.0  # nothing reported, nothing spurious


def test_the_anchor_file_matches_the_seed_story(seed_story):
    """Every anchor snippet is verbatim in its document, one anchor set per expected item."""
    anchors = load_anchors(seed_story)
    expected = yaml.safe_load((seed_story / "expected.yaml").read_text(encoding="utf-8"))
    texts = {p.name[:3]: p.read_text(encoding="utf-8") for p in seed_story.glob("*.txt")}
    for section in ("corroborated", "single_source", "conflicts"):
        assert len(anchors[section]) == len(expected[section]), section
    for item, where in zip(expected["corroborated"], anchors["corroborated"]):
        assert sorted(where) == sorted(item["docs"])
    for item, where in zip(expected["single_source"], anchors["single_source"]):
        assert list(where) == [item["doc"]]
    groups = anchors["corroborated"] + anchors["single_source"] + [v for c in anchors["conflicts"] for v in c]
    for where in groups:
        for doc, snippets in where.items():
            for snippet in snippets:
                assert snippet in texts[doc], f"{snippet!r} not in {doc}"
