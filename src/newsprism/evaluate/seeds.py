"""Scores a StoryAnalysis against a hand annotation (``expected.yaml``).

The annotation format is the one of ``shared/stories/*/expected.yaml``:
documents (outlet, dateline, damaged_text), same_entity groups,
different_entities pairs, quotes with speakers and figures with what they
count. Document keys are file-name prefixes ("000" for "000_98fe....txt").
Matching is deliberately tolerant of typography (quotes, dashes, spacing)
and strict about substance (the value, the speaker's name, the counted noun).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from newsprism.lexicon import HONORIFICS
from newsprism.model import Entity, StoryAnalysis

_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "—": " ", "–": " ", "-": " "})
_STOP = frozenset(
    "a an the of in on at to for by from and or as with still their his her its who that was were be "
    "is are has have had into".split()
)


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    text = re.sub(r"[^\w':]+", " ", text)
    return " ".join(text.split())


def _tokens(text: str) -> list[str]:
    return normalise(text).replace("'s", "").split()


def _stem(token: str) -> str:
    # crude plural folding, enough to match "civilians" to "civilian"
    return token[:-1] if len(token) > 3 and token.endswith("s") else token


def _content(text: str) -> set[str]:
    return {_stem(t) for t in _tokens(text) if t not in _STOP}


def names_match(expected: str, found: str | None) -> bool:
    """Same person named: all tokens of the shorter name occur in the longer, in order."""
    if not found:
        return False
    a, b = _tokens(expected), _tokens(found)
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    it = iter(long_)
    return bool(short) and all(tok in it for tok in short)


@dataclass
class SeedScore:
    checks: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (passed, total)
    failures: list[str] = field(default_factory=list)

    def add(self, name: str, ok: bool, failure: str) -> None:
        passed, total = self.checks.get(name, (0, 0))
        self.checks[name] = (passed + int(ok), total + 1)
        if not ok:
            self.failures.append(f"{name}: {failure}")

    def as_metrics(self, prefix: str = "seed") -> dict[str, float]:
        return {f"{prefix}_{k}": (p / t if t else 1.0) for k, (p, t) in sorted(self.checks.items())}


def _doc_id(analysis: StoryAnalysis, key: str) -> str | None:
    return next((d.id for d in analysis.documents if d.id.split("_")[0] == str(key) or d.id == key), None)


def _entities_with(analysis: StoryAnalysis, name: str, doc: str | None) -> list[Entity]:
    """Entities with a mention written as ``name`` (ignoring titles/possessives) in ``doc``."""
    target = _tokens(name)
    found = []
    for entity in analysis.entities:
        for m in entity.mentions:
            if doc is not None and m.doc != doc:
                continue
            tokens = [t for t in _tokens(m.text) if t not in HONORIFICS and t != "the"]
            if tokens == target:
                found.append(entity)
                break
    return found


def score_seed(analysis: StoryAnalysis, expected: dict[str, Any]) -> SeedScore:
    score = SeedScore()

    for key, want in (expected.get("documents") or {}).items():
        doc_id = _doc_id(analysis, str(key).split("_")[0])
        if doc_id is None:
            score.add("documents_found", False, f"{key} not analysed")
            continue
        doc = analysis.document(doc_id)
        outlet_ok = (doc.outlet or None) == (want.get("outlet") or None)
        if doc.outlet and any(normalise(doc.outlet) == normalise(bad) for bad in want.get("must_not_be") or ()):
            outlet_ok = False
        score.add("outlets", outlet_ok, f"{key}: outlet {doc.outlet!r}, expected {want.get('outlet')!r}")
        if "dateline" in want:
            ok = normalise(doc.dateline or "") == normalise(want["dateline"] or "")
            score.add("datelines", ok, f"{key}: dateline {doc.dateline!r}, expected {want['dateline']!r}")
        want_damaged = bool(want.get("damaged_text", False))
        score.add("damage_flags", doc.damaged == want_damaged, f"{key}: damaged={doc.damaged}, expected {want_damaged}")

    for group in expected.get("same_entity") or ():
        candidate_sets = []
        for key, name in group.items():
            doc_id = _doc_id(analysis, str(key))
            candidate_sets.append({e.id for e in _entities_with(analysis, name, doc_id)})
        merged = bool(candidate_sets) and bool(set.intersection(*candidate_sets))
        score.add("same_entity_groups", merged, f"not one entity: {group} (candidates {candidate_sets})")

    for a, b in expected.get("different_entities") or ():
        ids_a = {e.id for e in _entities_with(analysis, a, None)}
        ids_b = {e.id for e in _entities_with(analysis, b, None)}
        score.add("different_entities_apart", not (ids_a & ids_b), f"merged: {a} / {b}")

    for want in expected.get("quotes") or ():
        doc_id = _doc_id(analysis, str(want["doc"]))
        fragment = normalise(want["text"])
        quotes = [q for q in analysis.quotes if q.doc == doc_id and fragment in normalise(q.text)]
        found = bool(quotes)
        score.add("quotes_found", found, f"{want['doc']}: quote not found: {want['text']!r}")
        speakers = []
        for q in quotes:
            speakers.append(q.speaker)
            if q.speaker_entity:
                entity = analysis.entity(q.speaker_entity)
                speakers.append(entity.name if entity else None)
        ok = any(names_match(want["speaker"], s) for s in speakers)
        score.add("quotes_with_speaker", ok, f"{want['doc']}: {want['text']!r} speaker {speakers}, expected {want['speaker']!r}")

    for want in expected.get("figures") or ():
        doc_id = _doc_id(analysis, str(want["doc"]))
        value = want["value"]
        candidates = [f for f in analysis.figures if f.doc == doc_id and _same_value(f.value, value)]
        best = None
        for f in candidates:
            counts_ok = bool(_content(want["counts"]) & _content(f.counts or ""))
            qualifier_ok = not want.get("qualifier") or normalise(f.qualifier or "") == normalise(want["qualifier"])
            source_ok = not want.get("source") or bool(_content(want["source"]) & _content(f.source or ""))
            if counts_ok and qualifier_ok and source_ok:
                best = f
                break
        score.add(
            "figures",
            best is not None,
            f"{want['doc']}: {value} ({want['counts']}) — candidates "
            + str([(f.value, f.qualifier, f.counts, f.source) for f in candidates]),
        )
    return score


def _same_value(found: Any, expected: Any) -> bool:
    if isinstance(expected, str) or isinstance(found, str):
        return str(found) == str(expected)
    try:
        return abs(float(found) - float(expected)) < 1e-9
    except (TypeError, ValueError):
        return False


def analyse_seed_story(story_dir: Path, nlp) -> StoryAnalysis:
    """The full analysis (findings included) of a story folder: its .txt files only, no manifest."""
    from newsprism.pipeline import run_pipeline
    from newsprism.corpus.readers import read_paths

    articles, skipped = read_paths(sorted(story_dir.glob("*.txt")))
    return run_pipeline(articles, nlp, skipped)


def evaluate_seed_story(story_dir: Path, nlp, analysis: StoryAnalysis | None = None) -> tuple[dict[str, float], SeedScore]:
    """Analyse a story folder (unless ``analysis`` is given) and score it."""
    import yaml

    expected = yaml.safe_load((story_dir / "expected.yaml").read_text(encoding="utf-8"))
    if analysis is None:
        analysis = analyse_seed_story(story_dir, nlp)
    score = score_seed(analysis, expected)
    return score.as_metrics(), score
