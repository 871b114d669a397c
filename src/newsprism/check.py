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
    problems.extend(check_findings_structure(report))
    return problems


def _problem(where: str, problem: str, span: dict | None = None) -> CitationProblem:
    span = span or {}
    return CitationProblem(where, str(span.get("doc", "")), int(span.get("start", 0) or 0), int(span.get("end", 0) or 0), problem)


def check_findings_structure(report: dict) -> list[CitationProblem]:
    """What the facts, conflicts and framing promise (schema 2), beyond each span:

    - every support says how it matches ("same fact" or "partly"); a claim
      supports at most one fact; no two facts share a headline;
    - a fact's headline is cited in a document that states it;
    - a corroborated item presents an existing fact, cites only its "same fact"
      claims, and has two or more independent sources;
    - a conflict gives two or more versions cited in two or more documents;
    - a framing item's labels cite their own document.
    """
    findings = report.get("findings") or {}
    facts = findings.get("facts")
    if not isinstance(facts, list):
        return []  # a schema-1 report: nothing more to check
    out: list[CitationProblem] = []
    by_id: dict[str, dict] = {}
    claim_of: dict[str, str] = {}
    headlines: dict[str, str] = {}
    for i, fact in enumerate(facts):
        where = f"findings.facts[{i}]"
        by_id[str(fact.get("id"))] = fact
        same_docs: set[str] = set()
        for j, sup in enumerate(fact.get("support") or ()):
            if sup.get("strength") not in ("same fact", "partly"):
                out.append(_problem(f"{where}.support[{j}]", f"strength {sup.get('strength')!r} is not 'same fact' or 'partly'", sup.get("citation")))
            if sup.get("claim") in claim_of:
                out.append(_problem(f"{where}.support[{j}]", f"claim {sup.get('claim')} also supports {claim_of[sup['claim']]}", sup.get("citation")))
            claim_of[sup.get("claim")] = str(fact.get("id"))
            if sup.get("strength") == "same fact":
                same_docs.add(str((sup.get("citation") or {}).get("doc")))
        head = fact.get("headline") or {}
        key = " ".join(str(head.get("text", "")).lower().split())
        if key in headlines:
            out.append(_problem(f"{where}.headline", f"repeats the headline of {headlines[key]}", head))
        headlines[key] = str(fact.get("id"))
        if head.get("doc") not in same_docs:
            out.append(_problem(f"{where}.headline", "is cited in a document that does not state the fact", head))
        if sorted(same_docs) != sorted(str(d) for d in fact.get("docs") or ()):
            out.append(_problem(f"{where}.docs", "are not the documents of its 'same fact' support"))
    for i, item in enumerate(findings.get("corroborated") or ()):
        where = f"findings.corroborated[{i}]"
        fact = by_id.get(str(item.get("fact")))
        if fact is None:
            out.append(_problem(where, f"presents an unknown fact {item.get('fact')!r}"))
            continue
        same = {(c.get("citation") or {}).get("doc", "") + ":" + str((c.get("citation") or {}).get("start"))
                for c in fact.get("support") or () if c.get("strength") == "same fact"}
        for j, cite in enumerate(item.get("citations") or ()):
            if f"{cite.get('doc')}:{cite.get('start')}" not in same:
                out.append(_problem(f"{where}.citations[{j}]", "is not a 'same fact' support of its fact", cite))
        if (item.get("sources") or 0) < 2:
            out.append(_problem(where, "is corroborated by fewer than two independent sources"))
    for i, item in enumerate(findings.get("conflicts") or ()):
        versions = item.get("versions") or ()
        docs = {c.get("doc") for v in versions for c in v.get("citations") or ()}
        if len(versions) < 2 or len(docs) < 2:
            out.append(_problem(f"findings.conflicts[{i}]", "needs two versions cited in two documents"))
    for i, item in enumerate(findings.get("framing") or ()):
        for j, label in enumerate(item.get("labels") or ()):
            for cite in label.get("citations") or ():
                if cite.get("doc") != label.get("doc"):
                    out.append(_problem(f"findings.framing[{i}].labels[{j}]", "cites another document than its own", cite))
    return out


def check_report_file(path: str | Path) -> list[CitationProblem]:
    return check_report(json.loads(Path(path).read_text(encoding="utf-8")))
