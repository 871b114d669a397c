"""Scores the cross-outlet findings of a seed story against its ``expected.yaml``.

expected.yaml describes each corroborated claim, conflict and single-source
fact in words. To score exactly, an anchor file (``seed_anchors/<story>.json``)
locates each item in the source texts: for every listed document, verbatim
snippets that state it, chosen by reading the articles, never the program's
output. An expected item is found when a finding of the right section cites,
in every listed document, a span that overlaps one of that document's snippets:

- corroborated: one corroborated finding covering all listed documents;
- single_source: a single-source finding of that document;
- conflicts: one conflict whose citations overlap a snippet of every expected
  version (both sides shown, each cited). A reported conflict that matches no
  expected one is *spurious*: ``seed_conflict_precision`` counts them, because a
  spurious conflict misleads as much as a missed one;
- shared quotes: a shared-quote finding whose versions contain each fragment
  (quotes, dashes and whitespace normalised) and flag the wording as different.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from newsprism.evaluate.fact_overlaps import repeated_facts
from newsprism.model import Span, StoryAnalysis, to_jsonable

ANCHOR_DIR = Path(__file__).with_name("seed_anchors")

__all__ = ["FindingsScore", "load_anchors", "score_findings", "evaluate_seed_findings"]


@dataclass
class FindingsScore:
    found: dict[str, tuple[int, int]] = field(default_factory=dict)  # section -> (found, expected)
    missed: list[str] = field(default_factory=list)
    conflicts: list[tuple[str, bool]] = field(default_factory=list)  # (about, matches an expected one)

    def as_metrics(self) -> dict[str, float]:
        out = {f"seed_{k}_found": (n / total if total else 1.0) for k, (n, total) in self.found.items()}
        reported = len(self.conflicts)
        out["seed_conflicts_reported"] = float(reported)
        out["seed_conflicts_spurious"] = float(sum(not ok for _, ok in self.conflicts))
        out["seed_conflict_precision"] = (sum(ok for _, ok in self.conflicts) / reported) if reported else 1.0
        return out


def load_anchors(story_dir: Path) -> dict[str, Any] | None:
    path = ANCHOR_DIR / f"{story_dir.name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _doc_of(ids: Sequence[str], key: str) -> str:
    return next(d for d in ids if d.startswith(key))


def _located(texts: Mapping[str, str], anchors: Mapping[str, Sequence[str]]) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for key, snippets in anchors.items():
        doc = _doc_of(list(texts), key)
        ranges = []
        for snippet in snippets:
            at = texts[doc].find(snippet)
            if at < 0:  # the annotation itself must be right
                raise ValueError(f"anchor {snippet!r} is not in {doc}")
            ranges.append((at, at + len(snippet)))
        out[doc] = ranges
    return out


def _cites(spans: Sequence[Span], doc: str, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(s.doc == doc and any(s.start < hi and lo < s.end for lo, hi in ranges) for s in spans)


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def score_findings(analysis: StoryAnalysis, expected: Mapping[str, Any], anchors: Mapping[str, Any]) -> FindingsScore:
    findings = analysis.findings
    if findings is None:
        raise ValueError("the analysis has no findings (run the full pipeline)")
    texts = {d.id: d.text for d in analysis.documents}
    ids = list(texts)
    score = FindingsScore()

    found = 0
    for item, where in zip(expected.get("corroborated", []), anchors["corroborated"]):
        located = _located(texts, where)
        if any(all(_cites(f.citations, d, r) for d, r in located.items()) for f in findings.corroborated):
            found += 1
        else:
            score.missed.append(f"corroborated: {item['claim']}")
    score.found["corroborated"] = (found, len(expected.get("corroborated", [])))

    found = 0
    for item, where in zip(expected.get("single_source", []), anchors["single_source"]):
        ((doc, ranges),) = _located(texts, where).items()
        if any(f.docs == (doc,) and _cites(f.citations, doc, ranges) for f in findings.single_source):
            found += 1
        else:
            score.missed.append(f"single source: {item['claim']}")
    score.found["single_source"] = (found, len(expected.get("single_source", [])))

    matched: set[str] = set()
    found = 0
    for item, versions in zip(expected.get("conflicts", []), anchors["conflicts"]):
        located = [_located(texts, v) for v in versions]
        hits = [
            f.id for f in findings.conflicts
            if all(any(_cites(f.citations, d, r) for d, r in where.items()) for where in located)
        ]
        matched.update(hits)
        if hits:
            found += 1
        else:
            score.missed.append(f"conflict: {item['about']}")
    score.found["conflicts"] = (found, len(expected.get("conflicts", [])))
    score.conflicts = [(f.about, f.id in matched) for f in findings.conflicts]

    found = 0
    for item in expected.get("shared_quotes", []):
        docs = {_doc_of(ids, k) for k in item["docs"]}
        if any(
            docs <= set(f.docs) and f.wording_differs
            and all(any(_norm(frag) in _norm(v.value) for v in f.versions) for frag in item["fragments"])
            for f in findings.shared_quotes
        ):
            found += 1
        else:
            score.missed.append(f"shared quote: {item['fragments']}")
    score.found["shared_quotes"] = (found, len(expected.get("shared_quotes", [])))
    return score


def evaluate_seed_findings(story_dir: Path, nlp, analysis: StoryAnalysis | None = None) -> tuple[dict[str, float], FindingsScore] | None:
    """Score the findings of a story folder (its .txt files, no manifest); None without anchors."""
    import yaml

    anchors = load_anchors(story_dir)
    if anchors is None:
        return None
    if analysis is None:
        from newsprism.evaluate.seeds import analyse_seed_story

        analysis = analyse_seed_story(story_dir, nlp)
    expected = yaml.safe_load((story_dir / "expected.yaml").read_text(encoding="utf-8"))
    score = score_findings(analysis, expected, anchors)
    # corroborated items that repeat an earlier one by sharing its words (evaluate.fact_overlaps)
    report = {"documents": to_jsonable(analysis.documents), "findings": to_jsonable(analysis.findings)}
    repeated, told = repeated_facts(report), len(report["findings"].get("corroborated") or ()) if report["findings"] else 0
    return {**score.as_metrics(), "seed_overlapping_facts": float(repeated),
            "seed_facts_distinct": 1.0 - repeated / told if told else 1.0}, score


def main() -> None:  # python -m newsprism.evaluate.seed_findings STORY_DIR
    import sys

    from newsprism.nlp import load_pipeline

    story = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[4] / "shared" / "stories" / "aleppo-2016-12-14"
    result = evaluate_seed_findings(story, load_pipeline())
    if result is None:
        sys.exit(f"no anchor file for {story.name} in {ANCHOR_DIR}")
    metrics, score = result
    for key, value in sorted(metrics.items()):
        print(f"{key:32s} {value:.4f}")
    for about, ok in score.conflicts:
        print(f"conflict reported: {'expected' if ok else 'SPURIOUS'}: {about}")
    for line in score.missed:
        print(f"missed: {line}")


if __name__ == "__main__":
    main()
