"""Cross-outlet findings on BASIL dev: 50 events, each told by three outlets.

Each event (``triplet-uuid``) is analysed as one story by the full pipeline
(:func:`newsprism.pipeline.run_pipeline`, findings included). Reported: the
per-event means of corroborated, conflicting and single-source findings, and a
faithfulness check of every finding:

- every cited span (any dict with ``doc``, ``start``, ``end``, ``text``) holds
  exactly its text in its document (:func:`newsprism.check.check_report` on a
  report made of the documents and the findings);
- every direct quote inside a finding's words (its ``about``, a version's
  ``value``, a summary sentence) is verbatim in a document the finding cites.

BASIL has no gold findings, so the counts describe behaviour (how much each
section says per story); the faithfulness count is the pass/fail figure (0).
"""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable

__all__ = ["load_events", "quote_problems", "evaluate_basil_findings"]

# a quoted stretch inside a finding's words: “...” or "..."
_QUOTED = re.compile(r"[“\"]([^”\"]{3,}?)[”\"]")


def load_events(folder: Path) -> list[tuple[str, list]]:
    """(triplet-uuid, [Article, ...]) per event, sorted by uuid; articles by outlet."""
    from newsprism.model import Article

    groups: dict[str, list] = defaultdict(list)
    for path in sorted(Path(folder).glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        paragraphs = [" ".join(p) if isinstance(p, list) else str(p) for p in data.get("body-paragraphs", [])]
        text = "\n\n".join(p for p in paragraphs if p.strip())
        if not text.strip():
            continue
        groups[data["triplet-uuid"]].append(
            Article(
                id=f"{data.get('source', 'x')}-{path.stem}",
                text=text,
                title=data.get("title"),
                outlet=data.get("source"),
                published=data.get("date"),
                url=data.get("url"),
                path=str(path),
            )
        )
    return [(uuid, sorted(arts, key=lambda a: a.id)) for uuid, arts in sorted(groups.items())]


def _strings(finding: dict) -> Iterable[str]:
    yield finding.get("about") or ""
    for version in finding.get("versions") or ():
        yield version.get("value") or ""


def quote_problems(report: dict) -> list[str]:
    """Direct quotes in a report's findings that are not verbatim in a cited document."""
    texts = {d["id"]: d["text"] for d in report.get("documents", [])}
    findings = report.get("findings") or {}
    problems = []
    for section, items in findings.items():
        if section in ("omissions", "shared_text") or not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            docs = set(item.get("docs") or ()) | {c["doc"] for c in item.get("citations") or ()}
            for version in item.get("versions") or ():
                docs |= set(version.get("docs") or ())
            strings = [item.get("text") or ""] if section == "summary" else list(_strings(item))
            for s in strings:
                pieces = [m.group(1) for m in _QUOTED.finditer(s)]
                if section == "summary" and s:
                    pieces.append(s)  # a summary sentence is a claim's exact text
                for piece in pieces:
                    if not any(piece in texts.get(d, "") for d in docs):
                        problems.append(f"findings.{section}[{i}]: {piece[:60]!r} is in none of {sorted(docs)}")
    return problems


def evaluate_basil_findings(
    folder: Path, nlp, limit: int | None = None, embedder: Any = None
) -> dict[str, float]:
    """Findings per BASIL event and their faithfulness (see the module doc)."""
    from newsprism.check import check_report
    from newsprism.model import to_jsonable
    from newsprism.pipeline import run_pipeline

    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    events = load_events(Path(folder))
    if limit is not None:
        events = events[:limit]
    if not events:
        raise FileNotFoundError(f"no BASIL article JSON under {folder}")
    counts = defaultdict(list)
    failures = 0
    clean = 0  # events whose every finding passes the check
    started = time.perf_counter()
    for _, articles in events:
        analysis = run_pipeline(articles, nlp, embedder=embedder)
        f = analysis.findings
        counts["corroborated"].append(len(f.corroborated))
        counts["conflicts"].append(len(f.conflicts))
        counts["single_source"].append(len(f.single_source))
        counts["shared_quotes"].append(len(f.shared_quotes))
        counts["multi_outlet"].append(sum(1 for x in f.corroborated if len(x.docs) >= 3))
        report = {"documents": to_jsonable(analysis.documents), "findings": to_jsonable(f)}
        problems = len(check_report(report, schema=False)) + len(quote_problems(report))
        failures += problems
        clean += problems == 0
    seconds = time.perf_counter() - started
    n = len(events)
    out = {"basil_findings_events": float(n)}
    for key, values in counts.items():
        out[f"basil_findings_{key}_mean"] = sum(values) / n
    out["basil_findings_faithfulness_failures"] = float(failures)
    out["basil_findings_faithful_events"] = clean / n  # gated at 1.0: one unfaithful item fails it
    out["basil_findings_seconds_per_event"] = seconds / n
    return out


if __name__ == "__main__":  # pragma: no cover - manual run
    import sys

    from newsprism.nlp import load_pipeline

    limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
    for key, value in evaluate_basil_findings(Path(sys.argv[1]), load_pipeline(), limit).items():
        print(f"{key}\t{value:.4f}")
