"""Findings against a hand-annotated gold set of BASIL events (``eval/gold/basil``).

Each gold file (``<triplet-uuid>.yaml``, see its README) lists, from reading the
three articles of one event before running the tool: the facts told by two or
more outlets (a verbatim fragment per outlet), the real conflicts (a fragment
per version), the framing differences (a label fragment per outlet) and the
single-source facts. ``split`` is ``dev`` (may be looked at while tuning) or
``held-out`` (reported, never tuned on).

Matching is by citation overlap with the gold fragments, located in the article
text the tool reads (whitespace normalised, nothing else):

- a corroborated finding is right when its citations overlap the fragments of
  one gold fact in at least two outlets; recall: gold facts some finding hits;
- a conflict is right when its citations overlap the fragments of at least two
  versions (two outlets) of one gold conflict;
- a framing item is right when its citations overlap a label fragment of a
  gold framing difference; a gold difference is found when the framing
  section's citations together overlap its labels in ``min(2, outlets of the
  gold item)`` outlets (evaluative items cite one outlet each).

Precision and recall are macro-averaged over events (an event with no
predictions of a kind has no precision for it and is left out of that mean;
``*_n`` counts say how many events each mean covers). Duplicates: findings whose
headline (``about``) or citation set repeats another's in the same section.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

__all__ = ["GoldEvent", "load_gold", "locate", "score_event", "evaluate_gold", "default_gold_dir"]

_WS = re.compile(r"\s+")


def default_gold_dir() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").exists():
            return parent / "eval" / "gold" / "basil"
    return Path.cwd() / "eval" / "gold" / "basil"


class GoldEvent:
    """One annotated event: its split, its documents (outlet -> file name) and annotations."""

    def __init__(self, data: Mapping[str, Any], path: Path):
        self.path = path
        self.event = str(data["event"])
        split = str(data.get("split", "dev")).lower().replace("-", "").replace("_", "")
        self.split = "held-out" if split == "heldout" else split
        self.documents: dict[str, str] = dict(data.get("documents") or {})
        self.corroborated = list(data.get("corroborated") or [])
        self.conflicts = list(data.get("conflicts") or [])
        self.framing = list(data.get("framing") or [])
        self.single_source = list(data.get("single_source") or [])


def load_gold(folder: Path) -> list[GoldEvent]:
    import yaml

    out = []
    for path in sorted(Path(folder).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "event" in data:
            out.append(GoldEvent(data, path))
    return out


def locate(text: str, fragment: str) -> tuple[int, int] | None:
    """The character range of ``fragment`` in ``text``, whitespace runs matching any whitespace."""
    words = fragment.split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    m = re.search(pattern, text)
    return (m.start(), m.end()) if m else None


def _overlaps(cites: Iterable[Mapping[str, Any]], doc: str, span: tuple[int, int] | None) -> bool:
    if span is None:
        return False
    return any(c["doc"] == doc and c["start"] < span[1] and span[0] < c["end"] for c in cites)


def _cites_of(item: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    cites = list(item.get("citations") or ())
    for v in item.get("versions") or ():
        cites.extend(v.get("citations") or ())
    for label in item.get("labels") or ():
        cites.extend(label.get("citations") or ())
    return cites


def _fragments(event: GoldEvent, texts: Mapping[str, str], doc_of: Mapping[str, str], pairs) -> dict[str, tuple[int, int] | None]:
    """outlet -> located span, for (outlet, fragment) pairs."""
    out = {}
    for outlet, fragment in pairs:
        doc = doc_of.get(outlet)
        if doc is None or not fragment:
            continue
        out[outlet] = locate(texts[doc], str(fragment))
    return out


def _duplicates(items: Sequence[Mapping[str, Any]]) -> int:
    seen_about: set[str] = set()
    seen_cites: set[frozenset] = set()
    dups = 0
    for item in items:
        about = " ".join(str(item.get("headline") or item.get("about") or "").lower().split())
        cites = frozenset((c["doc"], c["start"], c["end"]) for c in _cites_of(item))
        if (about and about in seen_about) or (cites and cites in seen_cites):
            dups += 1
        seen_about.add(about)
        seen_cites.add(cites)
    return dups


def score_event(event: GoldEvent, report: Mapping[str, Any]) -> dict[str, float]:
    """Counts for one event from a JSON report (``documents`` + ``findings``)."""
    texts = {d["id"]: d["text"] for d in report["documents"]}
    doc_of: dict[str, str] = {}
    for outlet, fname in event.documents.items():
        stem = Path(fname).stem
        doc_of[outlet] = next((d for d in texts if d.endswith(stem)), "")
    doc_of = {o: d for o, d in doc_of.items() if d}
    findings = report.get("findings") or {}
    out: dict[str, float] = {}

    def hits(item, located: Mapping[str, tuple[int, int] | None]) -> int:
        cites = _cites_of(item)
        return sum(1 for outlet, span in located.items() if _overlaps(cites, doc_of[outlet], span))

    # corroborated facts
    gold_facts = [_fragments(event, texts, doc_of, (g.get("docs") or {}).items()) for g in event.corroborated]
    predicted = list(findings.get("corroborated") or ())
    found: set[int] = set()
    right = 0
    for item in predicted:
        matched = [k for k, g in enumerate(gold_facts) if hits(item, g) >= 2]
        if matched:
            right += 1
            found.update(matched)
    out["corroborated_predicted"] = len(predicted)
    out["corroborated_right"] = right
    out["corroborated_gold"] = len(gold_facts)
    out["corroborated_found"] = len(found)
    out["corroborated_duplicates"] = _duplicates(predicted)

    # conflicts
    gold_conflicts = []
    for g in event.conflicts:
        pairs = [(docs[0] if docs else None, v.get("fragment")) for v in g.get("versions") or () for docs in [v.get("docs") or []]]
        gold_conflicts.append(_fragments(event, texts, doc_of, [(o, f) for o, f in pairs if o]))
    predicted = list(findings.get("conflicts") or ())
    found, right = set(), 0
    for item in predicted:
        matched = [k for k, g in enumerate(gold_conflicts) if hits(item, g) >= 2]
        if matched:
            right += 1
            found.update(matched)
    out["conflicts_predicted"] = len(predicted)
    out["conflicts_right"] = right
    out["conflicts_gold"] = len(gold_conflicts)
    out["conflicts_found"] = len(found)

    # framing
    gold_framing = [_fragments(event, texts, doc_of, (g.get("labels") or {}).items()) for g in event.framing]
    predicted = list(findings.get("framing") or ())
    # an item is right when it cites an outlet's label of a gold framing difference;
    # a gold difference is found when the section as a whole cites its labels in
    # min(2, its outlets) outlets (one item per outlet's evaluative sentence is fine)
    right = sum(1 for item in predicted if any(hits(item, g) >= 1 for g in gold_framing if g))
    union = {"citations": [c for item in predicted for c in _cites_of(item)]}
    found = {k for k, g in enumerate(gold_framing) if g and hits(union, g) >= min(2, len(g))}
    out["framing_predicted"] = len(predicted)
    out["framing_right"] = right
    out["framing_gold"] = len(gold_framing)
    out["framing_found"] = len(found)
    return out


def _macro(rows: Sequence[Mapping[str, float]], prefix: str) -> dict[str, float]:
    precisions = [r[f"{prefix}_right"] / r[f"{prefix}_predicted"] for r in rows if r[f"{prefix}_predicted"]]
    recalls = [r[f"{prefix}_found"] / r[f"{prefix}_gold"] for r in rows if r[f"{prefix}_gold"]]
    return {
        f"{prefix}_precision": sum(precisions) / len(precisions) if precisions else 1.0,
        f"{prefix}_precision_n": float(len(precisions)),
        f"{prefix}_recall": sum(recalls) / len(recalls) if recalls else 1.0,
        f"{prefix}_recall_n": float(len(recalls)),
        f"{prefix}_predicted": float(sum(r[f"{prefix}_predicted"] for r in rows)),
        f"{prefix}_right": float(sum(r[f"{prefix}_right"] for r in rows)),
        f"{prefix}_gold": float(sum(r[f"{prefix}_gold"] for r in rows)),
    }


def report_for(articles, nlp, embedder=None) -> dict[str, Any]:
    from newsprism.model import to_jsonable
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline(articles, nlp, embedder=embedder)
    return {"documents": to_jsonable(analysis.documents), "findings": to_jsonable(analysis.findings)}


def evaluate_gold(
    gold_dir: Path, articles_dir: Path, nlp, embedder=None, splits: Sequence[str] = ("dev", "held-out"),
    per_event: dict | None = None,
) -> dict[str, float]:
    """``gold_<split>_<section>_<precision|recall>`` per split, macro over its events;
    ``per_event`` (when given) receives each event's counts."""
    from newsprism.evaluate.basil_findings import load_events

    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    gold = [g for g in load_gold(gold_dir) if g.split in splits]
    if not gold:
        raise FileNotFoundError(f"no gold events under {gold_dir}")
    wanted = {g.event for g in gold}
    events = {uuid: arts for uuid, arts in load_events(articles_dir) if uuid in wanted}
    rows: dict[str, list[dict[str, float]]] = defaultdict(list)
    for g in gold:
        if g.event not in events:
            continue
        row = score_event(g, report_for(events[g.event], nlp, embedder))
        rows[g.split].append(row)
        if per_event is not None:
            per_event[g.event] = {"split": g.split, **row}
    out: dict[str, float] = {}
    for split, split_rows in rows.items():
        key = split.replace("-", "")  # dev, heldout, or another split's name (fresh)
        out[f"gold_{key}_events"] = float(len(split_rows))
        for prefix in ("corroborated", "conflicts", "framing"):
            for k, v in _macro(split_rows, prefix).items():
                out[f"gold_{key}_{k}"] = v
        out[f"gold_{key}_duplicate_facts"] = float(sum(r["corroborated_duplicates"] for r in split_rows))
    return out


if __name__ == "__main__":  # pragma: no cover - manual run
    import argparse
    import json

    from newsprism.nlp import load_pipeline

    parser = argparse.ArgumentParser(description="Score the findings against a hand-made gold set of BASIL events.")
    parser.add_argument("--gold", type=Path, default=default_gold_dir(), help="folder of gold YAML files (default: eval/gold/basil)")
    parser.add_argument("--split", action="append", help="splits to score (default: dev and held-out; eval/gold/basil-fresh is 'fresh')")
    parser.add_argument("-v", action="store_true", help="print each event's counts")
    args = parser.parse_args()
    detail: dict = {}
    articles = default_gold_dir().parents[2].parent / "shared" / "datasets" / "basil" / "articles"
    scores = evaluate_gold(args.gold, articles, load_pipeline(), splits=tuple(args.split or ("dev", "held-out")), per_event=detail)
    if args.v:
        print(json.dumps(detail, indent=1))
    for key, value in scores.items():
        print(f"{key}\t{value:.4f}")
