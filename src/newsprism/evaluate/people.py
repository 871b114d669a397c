"""People checks on real text: wrong merges and speakers (issue 10).

- **Wrong merges** — an entity whose mentions carry two different first names
  ("Donald Trump" / "Melania Trump"; "Rick Gates" / "Richard Gates" are one name
  through the nickname table, "Roger J. Stone" / "Roger Stone" through the middle
  initial) or two genders (an honorific "Mr." / "Mrs." / "Ms." before a mention, or a
  given name of known gender). 0 allowed on the seed story and BASIL dev.
- **Speakers** — every quote's speaker is a person, an organisation or a named
  document ("the statement"), never a time or a thing ("a Friday evening tweet" is a
  document only with nobody named as its author); and no entity gets two speaker
  headings in the report.

``python -m newsprism.evaluate.people [BASIL_ARTICLES]`` prints every problem found.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Iterable

from newsprism.lexicon import FEMALE_HONORIFICS, MALE_HONORIFICS, NAME_SUFFIXES, TITLE_WORDS, WEEKDAYS, name_gender, title_key
from newsprism.model import Entity, StoryAnalysis

__all__ = ["wrong_merges", "speaker_problems", "same_first_name", "evaluate_people"]

_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def _nicknames():
    try:
        from nicknames import NickNamer
    except ImportError:  # pragma: no cover - a dependency, present after install
        return None
    return NickNamer()




def same_first_name(a: str, b: str, namer: Any = None) -> bool:
    """Two given names of one person: equal, an initial of the other, one transliteration
    ("Sergey"/"Sergei"), or a nickname of it ("Rick"/"Richard", the ``nicknames`` table)."""
    from unidecode import unidecode

    a, b = unidecode(a).lower().rstrip("."), unidecode(b).lower().rstrip(".")
    if a == b or (len(a) == 1 and b.startswith(a)) or (len(b) == 1 and a.startswith(b)):
        return True
    from newsprism.compare.resolve import phonetic, tokens_match

    if tokens_match(phonetic(a), phonetic(b)):  # transliterations: "Sergey" / "Sergei"
        return True
    if namer is None:
        namer = _nicknames()
    if not namer:
        return False
    return a in namer.canonicals_of(b) or b in namer.canonicals_of(a)


def _name_words(text: str) -> list[str]:
    words = _WORD.findall(text)
    while words and title_key(words[0]) in TITLE_WORDS:
        words = words[1:]
    return [w for w in words if title_key(w) not in NAME_SUFFIXES]


def _mention_gender(text: str, start: int, words: list[str]) -> str | None:
    before = text[max(0, start - 8) : start].split()
    key = title_key(before[-1]) if before else ""
    inside = title_key(_WORD.findall(text[start : start + 6])[0]) if _WORD.findall(text[start : start + 6]) else ""
    for k in (key, inside):
        if k in MALE_HONORIFICS:
            return "m"
        if k in FEMALE_HONORIFICS:
            return "f"
    return name_gender(words[0]) if len(words) >= 2 else None


def wrong_merges(analysis: StoryAnalysis) -> list[str]:
    """One line per entity whose mentions carry two different first names or two genders."""
    texts = {d.id: d.text for d in analysis.documents}
    namer = _nicknames()
    out = []
    for entity in analysis.entities:
        if entity.type != "PERSON":
            continue
        firsts: dict[str, str] = {}
        all_words: dict[str, set[str]] = {}
        genders: dict[str, str] = {}
        for m in entity.mentions:
            text = texts.get(m.doc, "")
            words = _name_words(m.text)
            if len(words) >= 2 and len(words[0].rstrip(".")) > 1:
                firsts.setdefault(words[0].lower(), m.text)
                all_words.setdefault(words[0].lower(), set()).update(w.lower() for w in words)
            gender = _mention_gender(text, m.start, words) if words else None
            if gender is not None:
                genders.setdefault(gender, m.text)
        names = list(firsts)
        clash = next(
            (
                (a, b) for i, a in enumerate(names) for b in names[i + 1 :]
                # "Todd Jones" / "Byron Todd Jones": a middle name used as the first
                if not same_first_name(a, b, namer) and a not in all_words[b] and b not in all_words[a]
            ),
            None,
        )
        if clash is not None:
            out.append(f"{entity.id} {entity.name!r}: first names {firsts[clash[0]]!r} / {firsts[clash[1]]!r}")
        elif len(genders) > 1:
            out.append(f"{entity.id} {entity.name!r}: genders {genders['m']!r} (m) / {genders['f']!r} (f)")
    return out


_NOT_SPEAKER_HEADS = frozenset(WEEKDAYS) | frozenset(
    "morning evening night afternoon week month year day time today yesterday percent".split()
)


def _heading_key(name: str) -> str:
    words = [w.lower() for w in _name_words(name) if w.lower() not in ("the", "a", "an")]
    return " ".join(words)


def speaker_problems(analysis: StoryAnalysis) -> list[str]:
    """Quotes whose speaker is no person/organisation/document, and entities with two headings."""
    from newsprism.report.common import quotes_by_speaker  # a check of what the report shows

    out = []
    by_id: dict[str, Entity] = {e.id: e for e in analysis.entities}
    for q in analysis.quotes:
        if q.speaker is None:
            continue
        entity = by_id.get(q.speaker_entity) if q.speaker_entity else None
        if entity is not None and entity.type not in ("PERSON", "ORG", "NORP", "GPE"):
            out.append(f"{q.doc}:{q.start} speaker {q.speaker!r} is a {entity.type}")
        words = [w.lower() for w in _WORD.findall(q.speaker)]
        if words and entity is None and any(w in _NOT_SPEAKER_HEADS for w in words):
            out.append(f"{q.doc}:{q.start} speaker {q.speaker!r} is no person, organisation or document")
    headings: dict[str, list[str]] = {}
    for group in quotes_by_speaker(analysis):
        if group.speaker == "unknown speaker":
            continue
        key = group.entity_id or _heading_key(group.speaker)
        headings.setdefault(key, []).append(group.speaker)
        if group.entity_id is None:
            continue
        headings.setdefault(_heading_key(group.speaker), []).append(group.speaker)
    for names in headings.values():
        if len(names) > 1 and len(set(names)) == len(names):
            out.append(f"two speaker headings for one entity: {' / '.join(names)}")
    return out


def evaluate_people(analyses: Iterable[StoryAnalysis], prefix: str) -> tuple[dict[str, float], list[str]]:
    """``<prefix>_wrong_merges``, ``<prefix>_person_entities``, ``<prefix>_merge_precision``
    (share of person entities with no wrong merge), ``<prefix>_speaker_problems`` and
    ``<prefix>_speakers_clean`` (1 - problems per quote with a speaker)."""
    problems: list[str] = []
    people = wrong = speakers = quoted = 0
    for analysis in analyses:
        merges = wrong_merges(analysis)
        spk = speaker_problems(analysis)
        quoted += sum(1 for q in analysis.quotes if q.speaker)
        people += sum(1 for e in analysis.entities if e.type == "PERSON")
        wrong += len(merges)
        speakers += len(spk)
        problems += merges + spk
    metrics = {
        f"{prefix}_person_entities": float(people),
        f"{prefix}_wrong_merges": float(wrong),
        f"{prefix}_merge_precision": 1.0 - wrong / people if people else 1.0,
        f"{prefix}_speaker_problems": float(speakers),
        f"{prefix}_speakers_clean": 1.0 - speakers / quoted if quoted else 1.0,
    }
    return metrics, problems


def basil_analyses(folder: Path, nlp=None) -> Iterable[StoryAnalysis]:
    """Each BASIL event analysed as one story (core stages: entities, quotes; no findings)."""
    from newsprism.evaluate.basil_findings import load_events
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    for _uuid, articles in load_events(folder):
        yield run_pipeline(articles, nlp, stages=CORE_STAGES)


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a diagnostic
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else Path("../shared/datasets/basil/articles")
    metrics, problems = evaluate_people(basil_analyses(folder), "basil_people")
    for p in problems:
        print(p)
    for k, v in metrics.items():
        print(f"{k}\t{v:.4f}")


if __name__ == "__main__":  # pragma: no cover
    main()
