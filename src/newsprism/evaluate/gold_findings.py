"""Findings against a hand-annotated gold set: BASIL events (``eval/gold/basil``) or
PolNeAR multi-outlet stories (``eval/gold/polnear``).

Each gold file (``<triplet-uuid>.yaml`` or ``<story>.yaml``, see its README) lists, from
reading the articles of one event before running the tool: the facts told by two or
more outlets (a verbatim fragment per outlet), the real conflicts (a fragment
per version), the framing differences (a label fragment per outlet) and the
single-source facts. ``split`` is ``dev`` (may be looked at while tuning) or
``held-out`` (reported, never tuned on).

A BASIL event's ``documents`` name files of ``shared/datasets/basil/articles``; a PolNeAR
story's name texts under ``shared/datasets/polnear`` (``train/text/<stem>.txt``): the first
line is the headline, the rest the article, outlet and date come from ``metadata.tsv``
(:func:`polnear_articles`).

Matching is by citation overlap with the gold fragments, located in the article
text the tool reads (whitespace normalised, nothing else):

- a corroborated finding is right when its citations overlap the fragments of
  one gold fact in at least two outlets; recall: gold facts some finding hits;
- a conflict is right when its citations overlap the fragments of at least two
  versions (two outlets) of one gold conflict;
- a framing item is right when its citations overlap a label fragment of a
  gold framing difference; a gold difference is found when the framing
  section's citations together overlap its labels in ``min(2, outlets of the
  gold item)`` outlets (evaluative items cite one outlet each);
- single-source: the gold lists are not exhaustive, so only recall is scored — a gold
  single-source fact is found when a single-source item cites its fragment in its outlet
  (``single_recall``), and when one of the story's first ten does (``single_recall10``);
  ``single_sentence10`` is the share of the first ten items whose text reads as a
  complete sentence (:func:`reads_as_sentence`).

Precision and recall are macro-averaged over events (an event with no
predictions of a kind has no precision for it and is left out of that mean;
``*_n`` counts say how many events each mean covers). Duplicates: findings whose
headline (``about``) or citation set repeats another's in the same section; overlapping
facts: corroborated items that repeat an earlier one by sharing its words — a citation, a
headline inside the other's, two halves of one quoted sentence (:mod:`newsprism.evaluate.fact_overlaps`).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from newsprism.evaluate.fact_overlaps import repeated_facts

__all__ = [
    "GoldEvent", "load_gold", "locate", "score_event", "explain_event", "evaluate_gold", "default_gold_dir",
    "polnear_articles", "default_data_dir", "reads_as_sentence",
]

_WS = re.compile(r"\s+")
_OPEN = "\"“‘'(["
_END = re.compile(r"[.!?][\"”’')\]]*$")
_SUBORDINATE = re.compile(r"^(?:as|although|though|because|if|when|while|whereas|since|unless|until)\b", re.IGNORECASE)
_CONJUNCTION = re.compile(r"^(?:which|who|whom|whose|and|but|or)\b", re.IGNORECASE)


def reads_as_sentence(text: str) -> bool:
    """Whether ``text`` reads as a complete sentence on its own: a capital first (after any
    opening quote), a full stop, question or exclamation mark last (before any closing
    quote), no conjunction or relative pronoun first, no subordinate clause alone ("As The
    Post's Abby Phillip documented": a subordinating word first and no comma before a main
    clause), and at least four words. Judged on the text alone, independently of the
    pipeline's own readability score."""
    t = " ".join(text.split())
    body = t.lstrip(_OPEN)
    if len(t.split()) < 4 or not body[:1].isupper():
        return False
    if not _END.search(t):
        return False
    if _CONJUNCTION.match(body):
        return False
    return not (_SUBORDINATE.match(body) and "," not in body)


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

    @property
    def is_polnear(self) -> bool:
        """Its documents are PolNeAR texts (``<split>/text/<stem>.txt``), not BASIL files."""
        return bool(self.documents) and all(str(v).endswith(".txt") for v in self.documents.values())


def default_data_dir(gold: Sequence[GoldEvent]) -> Path:
    """Where the articles of a gold set live: ``shared/datasets/polnear`` for PolNeAR stories,
    else ``shared/datasets/basil/articles`` (``shared`` next to the checkout)."""
    shared = default_gold_dir().parents[2].parent / "shared" / "datasets"
    return shared / "polnear" if gold and all(g.is_polnear for g in gold) else shared / "basil" / "articles"


def _polnear_metadata(root: Path) -> dict[str, dict[str, str]]:
    import csv

    with open(Path(root) / "metadata.tsv", encoding="utf-8", newline="") as fh:
        return {row["filename"]: row for row in csv.DictReader(fh, delimiter="\t")}


def polnear_articles(event: GoldEvent, root: Path, metadata: Mapping[str, Mapping[str, str]] | None = None) -> list:
    """The articles of one PolNeAR gold story: id = the text's stem, title = its first line,
    text = the rest, outlet and date from ``metadata.tsv``. Raises when a text is missing,
    not in the metadata, or its publisher is not the outlet the gold file names."""
    from newsprism.model import Article

    meta = metadata if metadata is not None else _polnear_metadata(root)
    out = []
    for outlet, rel in sorted(event.documents.items()):
        path = Path(root) / str(rel)
        if not path.is_file():
            raise FileNotFoundError(f"{event.event}: {path} is missing")
        row = meta.get(path.stem)
        if row is None:
            raise ValueError(f"{event.event}: {path.stem} is not in metadata.tsv")
        if row["publisher"] != outlet:
            raise ValueError(f"{event.event}: {path.stem} is by {row['publisher']}, the gold file says {outlet}")
        head, _, body = path.read_text(encoding="utf-8").partition("\n")
        out.append(Article(id=path.stem, text=body.strip(), title=head.strip() or None, outlet=outlet,
                           published=row.get("publication_date") or None, path=str(path)))
    return out


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


class _Matched:
    """One section of one event: the predicted items, the gold items (outlet -> located
    span), and for each predicted item the gold items it matches."""

    def __init__(self, predicted: list, gold: list[dict[str, tuple[int, int] | None]], matches: list[list[int]], found: set[int]):
        self.predicted = predicted
        self.gold = gold
        self.matches = matches
        self.found = found


def _match(event: GoldEvent, report: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, _Matched]]:
    """(outlet -> doc id, section -> matches) for one event's report."""
    texts = {d["id"]: d["text"] for d in report["documents"]}
    doc_of: dict[str, str] = {}
    for outlet, fname in event.documents.items():
        stem = Path(fname).stem
        doc_of[outlet] = next((d for d in texts if d.endswith(stem)), "")
    doc_of = {o: d for o, d in doc_of.items() if d}
    findings = report.get("findings") or {}

    def hits(item, located: Mapping[str, tuple[int, int] | None]) -> int:
        cites = _cites_of(item)
        return sum(1 for outlet, span in located.items() if _overlaps(cites, doc_of[outlet], span))

    out: dict[str, _Matched] = {}
    # corroborated facts / conflicts: an item is right when it overlaps one gold item in two outlets
    gold_facts = [_fragments(event, texts, doc_of, (g.get("docs") or {}).items()) for g in event.corroborated]
    gold_conflicts = []
    for g in event.conflicts:
        pairs = [(docs[0] if docs else None, v.get("fragment")) for v in g.get("versions") or () for docs in [v.get("docs") or []]]
        gold_conflicts.append(_fragments(event, texts, doc_of, [(o, f) for o, f in pairs if o]))
    for section, gold in (("corroborated", gold_facts), ("conflicts", gold_conflicts)):
        predicted = list(findings.get(section) or ())
        matches = [[k for k, g in enumerate(gold) if hits(item, g) >= 2] for item in predicted]
        out[section] = _Matched(predicted, gold, matches, {k for m in matches for k in m})

    # framing: an item is right when it cites an outlet's label of a gold framing difference;
    # a gold difference is found when the section as a whole cites its labels in
    # min(2, its outlets) outlets (one item per outlet's evaluative sentence is fine)
    gold_framing = [_fragments(event, texts, doc_of, (g.get("labels") or {}).items()) for g in event.framing]
    predicted = list(findings.get("framing") or ())
    matches = [[k for k, g in enumerate(gold_framing) if g and hits(item, g) >= 1] for item in predicted]
    union = {"citations": [c for item in predicted for c in _cites_of(item)]}
    found = {k for k, g in enumerate(gold_framing) if g and hits(union, g) >= min(2, len(g))}
    out["framing"] = _Matched(predicted, gold_framing, matches, found)

    # single-source: a gold fact is found when a single-source item cites its fragment in its outlet
    gold_single = [_fragments(event, texts, doc_of, [(g.get("doc"), g.get("fragment"))]) for g in event.single_source]
    predicted = list(findings.get("single_source") or ())
    matches = [[k for k, g in enumerate(gold_single) if g and hits(item, g) >= 1] for item in predicted]
    out["single_source"] = _Matched(predicted, gold_single, matches, {k for m in matches for k in m})
    return doc_of, out


def score_event(event: GoldEvent, report: Mapping[str, Any]) -> dict[str, float]:
    """Counts for one event from a JSON report (``documents`` + ``findings``)."""
    _, matched = _match(event, report)
    out: dict[str, float] = {}
    for section, m in matched.items():
        if section == "single_source":
            top = m.predicted[:10]
            out["single_gold"] = len(m.gold)
            out["single_found"] = len(m.found)
            out["single_found10"] = len({k for ks in m.matches[:10] for k in ks})
            out["single_top"] = len(top)
            out["single_sentences10"] = sum(
                1 for item in top if reads_as_sentence(str(item.get("headline") or item.get("about") or "")))
            continue
        out[f"{section}_predicted"] = len(m.predicted)
        out[f"{section}_right"] = sum(1 for k in m.matches if k)
        out[f"{section}_gold"] = len(m.gold)
        out[f"{section}_found"] = len(m.found)
    out["corroborated_duplicates"] = _duplicates(matched["corroborated"].predicted)
    out["corroborated_overlapping"] = repeated_facts(report)
    return out


def explain_event(event: GoldEvent, report: Mapping[str, Any], width: int = 110) -> list[str]:
    """Lines to read the tool's items beside the gold: each predicted corroborated fact,
    conflict and framing item marked ``+`` (matches gold item ``#k``) or ``-``, with the outlets
    and the start of each cited passage; then the gold items no prediction matched."""
    texts = {d["id"]: d["text"] for d in report["documents"]}
    doc_of, matched = _match(event, report)
    outlet_of = {doc: outlet for outlet, doc in doc_of.items()}
    gold_text = {
        "corroborated": [str(g.get("claim", "")) for g in event.corroborated],
        "conflicts": [str(g.get("about", "")) for g in event.conflicts],
        "framing": [str(g.get("about", "")) for g in event.framing],
        "single_source": [str(g.get("claim", "")) for g in event.single_source],
    }

    def clip(s: str) -> str:
        s = " ".join(s.split())
        return s if len(s) <= width else s[: width - 1] + "…"

    lines = [f"== {event.event} ({event.split})"]
    for section, m in matched.items():
        lines.append(f"-- {section}: {sum(1 for k in m.matches if k)}/{len(m.predicted)} right, "
                     f"{len(m.found)}/{len(m.gold)} gold found")
        shown = list(zip(m.predicted, m.matches))
        for item, ks in shown[:10] if section == "single_source" else shown:  # the first ten single-source items
            mark = "+" + ",".join(f"#{k}" for k in ks) if ks else "-"
            lines.append(f"  {mark} {clip(str(item.get('headline') or item.get('about') or ''))}")
            for c in _cites_of(item)[:6]:
                passage = texts.get(c["doc"], "")[c["start"]:c["end"]]
                lines.append(f"      [{outlet_of.get(c['doc'], c['doc'])}] {clip(passage)}")
        for k, claim in enumerate(gold_text[section]):
            if k not in m.found:
                lines.append(f"  missed #{k} {clip(claim)}")
    return lines


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


def _single(rows: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Single-source recall (all items, first ten) macro over the events with gold
    single-source facts, and the share of the first ten items that read as sentences
    (pooled over events)."""
    with_gold = [r for r in rows if r["single_gold"]]
    top = sum(r["single_top"] for r in rows)
    return {
        "single_recall": sum(r["single_found"] / r["single_gold"] for r in with_gold) / len(with_gold) if with_gold else 1.0,
        "single_recall10": sum(r["single_found10"] / r["single_gold"] for r in with_gold) / len(with_gold) if with_gold else 1.0,
        "single_recall_n": float(len(with_gold)),
        "single_gold": float(sum(r["single_gold"] for r in rows)),
        "single_sentence10": sum(r["single_sentences10"] for r in rows) / top if top else 1.0,
    }


def report_for(articles, nlp, embedder=None) -> dict[str, Any]:
    from newsprism.model import to_jsonable
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline(articles, nlp, embedder=embedder)
    return {"documents": to_jsonable(analysis.documents), "findings": to_jsonable(analysis.findings)}


def evaluate_gold(
    gold_dir: Path, articles_dir: Path, nlp, embedder=None, splits: Sequence[str] = ("dev", "held-out"),
    per_event: dict | None = None, explain: list[str] | None = None, key_prefix: str = "",
) -> dict[str, float]:
    """``gold_<key_prefix><split>_<section>_<precision|recall>`` per split, macro over its events
    (``key_prefix`` keeps two sets that share split names apart: ``pn_`` gives ``gold_pn_dev_*``);
    ``per_event`` (when given) receives each event's counts, ``explain`` the lines of
    :func:`explain_event`. ``articles_dir`` is BASIL's ``articles`` folder, or the PolNeAR
    folder for PolNeAR stories (a PolNeAR story that cannot be built raises)."""
    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    gold = [g for g in load_gold(gold_dir) if g.split in splits]
    if not gold:
        raise FileNotFoundError(f"no gold events under {gold_dir}")
    events: dict[str, list] = {}
    if any(g.is_polnear for g in gold):
        meta = _polnear_metadata(articles_dir)
        events.update((g.event, polnear_articles(g, articles_dir, meta)) for g in gold if g.is_polnear)
    if not all(g.is_polnear for g in gold):
        from newsprism.evaluate.basil_findings import load_events

        wanted = {g.event for g in gold}
        events.update((uuid, arts) for uuid, arts in load_events(articles_dir) if uuid in wanted)
    rows: dict[str, list[dict[str, float]]] = defaultdict(list)
    for g in gold:
        if g.event not in events:
            continue
        report = report_for(events[g.event], nlp, embedder)
        row = score_event(g, report)
        rows[g.split].append(row)
        if per_event is not None:
            per_event[g.event] = {"split": g.split, **row}
        if explain is not None:
            explain.extend(explain_event(g, report))
    out: dict[str, float] = {}
    for split, split_rows in rows.items():
        key = key_prefix + split.replace("-", "")  # dev, heldout, or another split's name (fresh)
        out[f"gold_{key}_events"] = float(len(split_rows))
        for prefix in ("corroborated", "conflicts", "framing"):
            for k, v in _macro(split_rows, prefix).items():
                out[f"gold_{key}_{k}"] = v
        out[f"gold_{key}_duplicate_facts"] = float(sum(r["corroborated_duplicates"] for r in split_rows))
        # (gated as the share of items that repeat none listed before them: floors are minimums)
        overlapping = sum(r["corroborated_overlapping"] for r in split_rows)
        predicted = sum(r["corroborated_predicted"] for r in split_rows)
        out[f"gold_{key}_overlapping_facts"] = float(overlapping)
        out[f"gold_{key}_facts_distinct"] = 1.0 - overlapping / predicted if predicted else 1.0
        out.update({f"gold_{key}_{k}": v for k, v in _single(split_rows).items()})
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import json

    from newsprism.compare.embed import embedder_or_exit
    from newsprism.nlp import load_pipeline

    parser = argparse.ArgumentParser(description="Score the findings against a hand-made gold set (BASIL events or PolNeAR stories).")
    parser.add_argument("--gold", type=Path, default=default_gold_dir(),
                        help="folder of gold YAML files (default: eval/gold/basil; also eval/gold/basil-fresh, "
                        "eval/gold/basil-fresh2, eval/gold/polnear, eval/gold/polnear-fresh2)")
    parser.add_argument("--split", action="append", help="splits to score (default: dev and held-out; eval/gold/basil-fresh is 'fresh', "
                        "eval/gold/basil-fresh2 'fresh2', eval/gold/polnear-fresh2 'pnfresh2')")
    parser.add_argument("--data", type=Path, help="the articles: BASIL's articles folder or the PolNeAR folder "
                        "(default: ../shared/datasets/basil/articles, or ../shared/datasets/polnear for PolNeAR stories)")
    parser.add_argument("--embedder", choices=("static", "transformer"), default="static",
                        help="the sentence vectors of the alignment: the packaged static model (default) or the full "
                        "all-MiniLM-L6-v2 transformer (the [embeddings] extra)")
    parser.add_argument("-v", action="store_true", help="print each event's counts")
    parser.add_argument("--show", action="store_true", help="print each event's items beside the gold (+ right, - wrong, missed)")
    args = parser.parse_args(argv)
    splits = tuple(args.split or ("dev", "held-out"))
    detail: dict = {}
    lines: list[str] = []
    chosen = [g for g in load_gold(args.gold) if g.split in splits] if args.gold.is_dir() else []
    if not chosen:
        print(f"gold_findings: {args.gold}: no gold events of split {', '.join(splits)}", file=sys.stderr)
        return 2
    data = args.data or default_data_dir(chosen)
    if not data.is_dir():
        # without this, a missing ../shared scored nothing and printed nothing
        print(f"gold_findings: {data}: no such folder (the articles the gold cites; give --data)", file=sys.stderr)
        return 2
    embedder = embedder_or_exit(args.embedder, "gold_findings")
    scores = evaluate_gold(args.gold, data, load_pipeline(), embedder=embedder, splits=splits, per_event=detail,
                           explain=lines if args.show else None)
    if args.show:
        print("\n".join(lines))
    if args.v:
        print(json.dumps(detail, indent=1))
    for key, value in scores.items():
        print(f"{key}\t{value:.4f}")
    return 0


if __name__ == "__main__":  # pragma: no cover - manual run
    sys.exit(main())
