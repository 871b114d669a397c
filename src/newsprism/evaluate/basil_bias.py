"""Framing and single-source findings against BASIL's phrase-level bias annotations.

BASIL (Fan et al., 2019) marks, in each article, the phrases that carry bias:
``"bias": "lex"`` (lexical: the word choice judges — "fierce", "slammed") and
``"bias": "inf"`` (informational: what the outlet chose to include, a fact or
detail that casts someone in a light). Each event (three outlets) is analysed as
one story; each annotated phrase is located in its article's text (the first
occurrence of its words, whitespace normalised). Reported:

- ``basil_lex_framing_recall``: the share of lexical-bias phrases that a framing
  item cites (a citation overlapping the phrase);
- ``basil_framing_precision_proxy``: the share of framing items with a citation
  overlapping some annotated phrase (lexical or informational) — a lower bound
  on precision: BASIL's annotators marked bias toward the main entities only;
- ``basil_lex_framing_recall_words`` and ``basil_framing_precision_proxy_words``: the
  same, each item credited only by the words its labels name (:func:`credited`): where a
  label cites its words and, beside them, their sentence (term and attribution-verb
  items), a sentence would credit any annotated phrase near the label; reported, not
  gated;
- ``basil_inf_not_corroborated``: the share of informational-bias phrases (of
  those any finding cites) that sit in single-source facts or framing rather
  than in corroborated ones — what one outlet chose to include should not be
  presented as what all of them say. A phrase whose words another article of
  the event carries verbatim (most often a statement several outlets quote) is
  not what one outlet alone chose: it is left out and counted in
  ``basil_inf_shared``.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

__all__ = ["load_annotations", "evaluate_basil_bias", "credited"]

_WORDS = re.compile(r"[a-z0-9]+")


def _carried_elsewhere(phrase: str, art, articles, min_words: int = 4) -> bool:
    """Whether another article of the event carries ``phrase``'s words verbatim
    (case, punctuation and quote marks aside)."""
    words = _WORDS.findall(phrase.lower())
    if len(words) < min_words:
        return False
    needle = " " + " ".join(words) + " "
    return any(
        other.id != art.id and needle in " " + " ".join(_WORDS.findall(other.text.lower())) + " "
        for other in articles
    )


def load_annotations(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """article stem ("<triplet>_<n>") -> its phrase-level annotations."""
    out: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(Path(folder).glob("*/*_ann.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        stem = path.name[: -len("_ann.json")]
        out[stem] = [p for p in data.get("phrase-level-annotations") or () if p.get("txt")]
    return out


def _locate(text: str, phrase: str) -> tuple[int, int] | None:
    words = phrase.split()
    if not words:
        return None
    m = re.search(r"\s+".join(re.escape(w) for w in words), text)
    return (m.start(), m.end()) if m else None


def _overlaps(spans, doc: str, where: tuple[int, int]) -> bool:
    return any(s.doc == doc and s.start < where[1] and where[0] < s.end for s in spans)


def credited(item) -> list:
    """The citations a framing item is credited by: per label, those whose text is in the label's
    words (a label and, beside it, its sentence: the words), else all the label's citations."""
    out: list = []
    for lab in item.labels:
        words = [c for c in lab.citations if c.text in lab.label]
        out.extend(words or lab.citations)
    return out or list(item.citations)


def evaluate_basil_bias(basil: Path, nlp, limit: int | None = None, embedder=None) -> dict[str, float]:
    from newsprism.evaluate.basil_findings import load_events
    from newsprism.pipeline import run_pipeline

    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    annotations = load_annotations(Path(basil) / "annotations")
    events = load_events(Path(basil) / "articles")
    if limit is not None:
        events = events[:limit]
    counts: dict[str, int] = defaultdict(int)
    for _, articles in events:
        findings = run_pipeline(articles, nlp, embedder=embedder).findings
        assert findings is not None  # the default stages end with the findings
        framing_spans = [c for item in findings.framing for c in item.citations]
        framing_words = [c for item in findings.framing for c in credited(item)]
        corroborated = [c for item in findings.corroborated for c in item.citations]
        single = [c for item in findings.single_source for c in item.citations]
        annotated: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for art in articles:
            stem = Path(art.path or "").stem
            for phrase in annotations.get(stem, ()):
                where = _locate(art.text, phrase["txt"])
                if where is None:
                    counts["unlocated"] += 1
                    continue
                annotated[art.id].append(where)
                if phrase.get("bias") == "lex":
                    counts["lex"] += 1
                    counts["lex_found"] += _overlaps(framing_spans, art.id, where)
                    counts["lex_found_words"] += _overlaps(framing_words, art.id, where)
                elif phrase.get("bias") == "inf":
                    if _carried_elsewhere(phrase["txt"], art, articles):
                        # another outlet of the event carries the same words (a statement
                        # both quote): not what one outlet alone chose to include
                        counts["inf_shared"] += 1
                        continue
                    in_corr = _overlaps(corroborated, art.id, where)
                    in_other = _overlaps(single, art.id, where) or _overlaps(framing_spans, art.id, where)
                    if in_corr or in_other:
                        counts["inf_cited"] += 1
                        counts["inf_not_corroborated"] += not in_corr
        for item in findings.framing:
            counts["framing"] += 1
            counts["framing_annotated"] += any(
                _overlaps(item.citations, doc, w) for doc, ws in annotated.items() for w in ws
            )
            counts["framing_annotated_words"] += any(
                _overlaps(credited(item), doc, w) for doc, ws in annotated.items() for w in ws
            )
    return {
        "basil_bias_events": float(len(events)),
        "basil_lex_phrases": float(counts["lex"]),
        "basil_lex_framing_recall": counts["lex_found"] / counts["lex"] if counts["lex"] else 0.0,
        "basil_framing_items": float(counts["framing"]),
        "basil_framing_precision_proxy": counts["framing_annotated"] / counts["framing"] if counts["framing"] else 0.0,
        "basil_lex_framing_recall_words": counts["lex_found_words"] / counts["lex"] if counts["lex"] else 0.0,
        "basil_framing_precision_proxy_words": (counts["framing_annotated_words"] / counts["framing"]
                                                if counts["framing"] else 0.0),
        "basil_inf_cited": float(counts["inf_cited"]),
        "basil_inf_shared": float(counts["inf_shared"]),
        "basil_inf_not_corroborated": counts["inf_not_corroborated"] / counts["inf_cited"] if counts["inf_cited"] else 0.0,
    }


if __name__ == "__main__":  # pragma: no cover - manual run
    import sys

    from newsprism.nlp import load_pipeline

    here = Path(__file__).resolve()
    shared = next(p for p in here.parents if (p / "pyproject.toml").exists()).parent / "shared"
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else None
    for key, value in evaluate_basil_bias(shared / "datasets" / "basil", load_pipeline(), limit).items():
        print(f"{key}\t{value:.4f}")
