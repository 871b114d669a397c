"""Faithfulness check: every cited span in a report exists in its source.

Works on the JSON form of a report, so a report file can be checked without
re-running the analysis (``newsprism check report.json``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

_SPAN_KEYS = frozenset({"doc", "start", "end", "text"})


@dataclass(frozen=True)
class CitationProblem:
    where: str  # JSON path of the offending record, e.g. "quotes[3].speaker_span"
    doc: str
    start: int
    end: int
    problem: str

    def message(self) -> str:
        return f"{self.where}: {self.doc}[{self.start}:{self.end}] {self.problem}"


def _spans(node: Any, where: str) -> Iterator[tuple[str, dict]]:
    if isinstance(node, dict):
        if _SPAN_KEYS <= node.keys() and isinstance(node.get("start"), int):
            yield where, node
        for key, value in node.items():
            # documents are checked too: their outlet_evidence, dateline_span and damage cite them
            yield from _spans(value, f"{where}.{key}" if where else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _spans(value, f"{where}[{i}]")


def check_report(report: dict) -> list[CitationProblem]:
    """All citations whose span does not hold the text they claim to cite."""
    texts = {d["id"]: d.get("text") for d in report.get("documents", [])}
    problems: list[CitationProblem] = []
    for where, span in _spans(report, ""):
        doc, start, end = span["doc"], span["start"], span["end"]
        source = texts.get(doc)
        if source is None:
            problems.append(CitationProblem(where, doc, start, end, "cites an unknown document"))
        elif not (0 <= start <= end <= len(source)):
            problems.append(CitationProblem(where, doc, start, end, "is outside the document"))
        elif source[start:end] != span["text"]:
            problems.append(
                CitationProblem(
                    where, doc, start, end, f"holds {source[start:end]!r}, not {span['text']!r}"
                )
            )
    return problems


def check_report_file(path: str | Path) -> list[CitationProblem]:
    return check_report(json.loads(Path(path).read_text(encoding="utf-8")))
