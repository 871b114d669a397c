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

from newsprism.lexicon import (
    ABBREVIATED_HONORIFICS,
    EXTRA_NICKNAMES,
    honorific_gender,
    INSTITUTION_WORDS,
    KIN_NOUNS,
    NAME_SUFFIXES,
    ORG_SUFFIXES,
    PERSON_TITLES,
    PUBLICATION_NOUNS,
    TITLE_WORDS,
    WEEKDAYS,
    name_gender,
    title_key,
)
from newsprism.model import Entity, Quote, StoryAnalysis

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
    if b in EXTRA_NICKNAMES.get(a, ()) or a in EXTRA_NICKNAMES.get(b, ()):
        return True  # the short forms the resolver reads beside the table ("Mo", "Bibi")
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


_PARTICLE_WORDS = frozenset("al el bin ibn de del della da di du la le van von der den ter".split())


def _proper_name(words: list[str]) -> bool:
    """Words that are a name as written: each capitalised but for a particle ("al-Assad", "de",
    "von"), the first no abbreviation in capitals ("US President-elect", "AMA trustee" are
    descriptions, which ECB+'s gold mentions include)."""
    return bool(words) and not (len(words[0]) > 1 and words[0].isupper()) and all(
        w[:1].isupper() or w.lower().split("-")[0] in _PARTICLE_WORDS for w in words)


def _mention_gender(text: str, start: int, words: list[str]) -> str | None:
    before = text[max(0, start - 8) : start].split()
    key = title_key(before[-1]) if before else ""
    if before and before[-1].endswith(".") and key not in ABBREVIATED_HONORIFICS:
        key = ""  # "... and first lady. Sanders, the senator": the sentence's end, no title
    if before and not before[-1][:1].isupper():
        key = ""  # "Polls miss Trump's fall": a verb, not "Miss"
    inside = title_key(_WORD.findall(text[start : start + 6])[0]) if _WORD.findall(text[start : start + 6]) else ""
    for k in (key, inside):
        if (gender := honorific_gender(k)) is not None:
            return gender
    return name_gender(words[0]) if len(words) >= 2 else None


def wrong_merges(analysis: StoryAnalysis) -> list[str]:
    """One line per entity whose mentions carry two different first names or two genders, two
    generational suffixes, a name and a relative named after it, two full names that differ in
    the surname or the middle name, or a person's name beside an organisation's."""
    texts = {d.id: d.text for d in analysis.documents}
    namer = _nicknames()
    surnames = _known_surnames(analysis)
    out = []
    for entity in analysis.entities:
        if entity.type != "PERSON":
            mixed = _person_and_org(entity, texts, surnames)
            if mixed is not None:
                out.append(f"{entity.id} {entity.name!r}: {mixed}")
            continue
        firsts: dict[str, str] = {}
        all_words: dict[str, set[str]] = {}
        genders: dict[str, str] = {}
        for m in entity.mentions:
            text = texts.get(m.doc, "")
            words = _name_words(m.text)
            if len(words) >= 2 and len(words[0].rstrip(".")) > 1 and _proper_name(words):
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
        else:
            other = next((found for check in (_suffix_clash, _relative_clash, _surname_clash)
                          if (found := check(entity, texts)) is not None), None) or _person_and_org(
                entity, texts, surnames)
            if other is not None:
                out.append(f"{entity.id} {entity.name!r}: {other}")
    return out


# ---------------------------------------------------------------- what else a wrong merge shows

_SUFFIX_AFTER = re.compile(r"^,?\s*(Jr|Sr|II|III|IV)\b\.?")
_KIN = "|".join(sorted(KIN_NOUNS | {"son-in-law", "daughter-in-law", "father-in-law", "mother-in-law",
                                   "brother-in-law", "sister-in-law"}, key=len, reverse=True))
# "Jackson's father, the Rev. Jesse L. Jackson": a name's relative named right after it
_RELATIVE_AFTER = re.compile(
    rf"^['’]s?\s+(?:(?:late|younger|older|elder|eldest|estranged|former|own|then|twin|only)\s+)*(?:{_KIN})\b,?\s*", re.I)
# "Melania Trump, the wife of Donald Trump": a name with a relative of another name in apposition
_KIN_OF = re.compile(rf"^,\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:{_KIN})\s+of\s+(?:the\s+)?", re.I)
# a mention's last word that makes it an organisation's name ("Mintz Levin LLP", "Trump campaign")
_ORG_LAST = ORG_SUFFIXES | INSTITUTION_WORDS | frozenset(
    """llp party administration government firm group corporation bureau office court
    team union club house""".split())


def _known_person(word: str) -> bool:
    """A word WordNet (the optional ``[wordnet]`` extra) knows first as a person ("Obama")."""
    from newsprism.extract.word_senses import noun_senses

    senses = noun_senses()
    found = senses.senses(word) if senses is not None else ()
    return bool(found) and senses is not None and senses.synset(found[0]).lexname == "noun.person"


def _known_surnames(analysis: StoryAnalysis) -> frozenset[str]:
    """The surnames of the people a story names in full with a known given name ("Barack Obama")
    or with a person's title ("President Obama")."""
    texts = {d.id: d.text for d in analysis.documents}
    out = set()
    for entity in analysis.entities:
        for m in entity.mentions:
            words = _name_words(m.text)
            before = _WORD.findall(texts.get(m.doc, "")[max(0, m.start - 12) : m.start])
            titled = bool(before) and before[-1][:1].isupper() and title_key(before[-1]) in PERSON_TITLES
            if entity.type == "PERSON" and m.label == "PERSON" and words and _proper_name(words) and (
                    (len(words) >= 2 and name_gender(words[0]) is not None) or (len(words) == 1 and titled)):
                out.add(re.sub(r"['’]s?$", "", words[-1]).lower())
    return frozenset(out)


def _suffix(text: str, start: int, end: int, mention_text: str) -> str:
    """A generational suffix written as the last word of a mention or right after it ("Jr.")."""
    words = _WORD.findall(mention_text)
    if words and title_key(words[-1]) in NAME_SUFFIXES:
        return title_key(words[-1])
    found = _SUFFIX_AFTER.match(text[end : end + 6])
    return found.group(1).lower() if found else ""


def _full_names(entity: Entity, texts: dict[str, str]) -> list[tuple[list[str], str, Any]]:
    """(name words without titles or suffix, suffix, mention) of each mention written as a full
    name: two words or more, the first no initial."""
    out = []
    for m in entity.mentions:
        if "," in m.text.rstrip(","):
            continue  # a name with what follows it in apposition ("Regina Benjamin, M.D."), no name as written
        words = [w for w in _name_words(m.text) if not re.search(r"['’]s$", w)]
        words = [re.sub(r"['’]$", "", w) for w in words]
        if len(words) >= 2 and len(words[0].rstrip(".")) > 1 and _proper_name(words):
            out.append((words, _suffix(texts.get(m.doc, ""), m.start, m.end, m.text), m))
    return out


def _suffix_clash(entity: Entity, texts: dict[str, str]) -> str | None:
    """Two generational suffixes ("Jesse Jackson Jr." / "Jesse Jackson Sr.") in one entity."""
    seen: dict[str, str] = {}
    for _words, suffix, m in _full_names(entity, texts):
        if suffix:
            seen.setdefault("jr" if suffix == "ii" and "sr" in seen else suffix, m.text)
    if len(seen) > 1:
        (a, ta), (b, tb) = list(seen.items())[:2]
        return f"suffixes {ta!r} ({a}) / {tb!r} ({b})"
    return None


def _relative_clash(entity: Entity, texts: dict[str, str]) -> str | None:
    """A mention of the entity named as the relative of another of its mentions: "Jackson's
    father, the Rev. Jesse L. Jackson", "Melania Trump, the wife of Donald Trump"."""
    by_doc: dict[str, list[Any]] = {}
    for m in entity.mentions:
        by_doc.setdefault(m.doc, []).append(m)
    for doc, mentions in by_doc.items():
        text = texts.get(doc, "")
        starts = {m.start: m for m in mentions}
        for m in mentions:
            for pattern in (_RELATIVE_AFTER, _KIN_OF):
                found = pattern.match(text[m.end : m.end + 60])
                if found is None:
                    continue
                after = m.end + found.end()
                # the relative's name may open with a title ("the Rev.", "former Sen.")
                rest = text[after : after + 40]
                lead = re.match(r"^(?:(?:the|a|former|late|[A-Z][a-z]{1,4}\.|[A-Z][a-z]+)\s+){0,3}", rest)
                for k in range(after, after + (lead.end() if lead else 0) + 1):
                    other = starts.get(k)
                    if other is not None and other is not m:
                        return f"relative {text[m.start : after].strip()!r} {other.text!r}"
    return None


def _surname_clash(entity: Entity, texts: dict[str, str]) -> str | None:
    """Two full names with one given name and different surnames, or with the same surname and
    two different middle names, in one person entity ("Jesse Louis Jackson" / "Jesse Lee Jackson")."""
    from newsprism.compare.resolve import phonetic, tokens_match

    names = _full_names(entity, texts)
    for i, (a, _sa, ma) in enumerate(names):
        for b, _sb, mb in names[i + 1 :]:
            low_a, low_b = {w.lower() for w in a}, {w.lower() for w in b}
            if not tokens_match(phonetic(a[-1]), phonetic(b[-1])):
                if min(len(a[-1].rstrip(".")), len(b[-1].rstrip("."))) > 1 and a[-1].lower() not in low_b and b[-1].lower() not in low_a and "-" not in a[-1] + b[-1]:
                    return f"surnames {ma.text!r} / {mb.text!r}"
                continue
            mid_a, mid_b = [w for w in a[1:-1] if len(w.rstrip(".")) > 1], [w for w in b[1:-1] if len(w.rstrip(".")) > 1]
            if mid_a and mid_b and not any(tokens_match(phonetic(x), phonetic(y)) for x in mid_a for y in mid_b):
                return f"middle names {ma.text!r} / {mb.text!r}"
    return None


def _person_and_org(entity: Entity, texts: dict[str, str], surnames: frozenset[str] = frozenset()) -> str | None:
    """A person ("Mr. Levin", a known given name before a surname, a surname alone of a person the
    story names in full: ``surnames``) and an organisation's name ("Mintz Levin LLP", "the Trump
    campaign", "White House") in one entity."""
    person = org = None
    for m in entity.mentions:
        words = _WORD.findall(m.text)
        if not words:
            continue
        last = title_key(words[-1])
        if len(words) >= 2 and last in _ORG_LAST and words[-1][:1].isupper() or (
                len(words) >= 2 and last in _ORG_LAST and m.label == "ORG"):
            org = org or m.text
            continue
        name = _name_words(m.text)
        if m.label == "PERSON" and name and (
                _mention_gender(texts.get(m.doc, ""), m.start, name) is not None
                or (len(name) == 1 and (name[0].lower() in surnames or _known_person(name[0])))):
            person = person or m.text
    if person and org:
        return f"a person {person!r} and an organisation {org!r}"
    return None


_NOT_SPEAKER_HEADS = frozenset(WEEKDAYS) | frozenset(
    "morning evening night afternoon week month year day time today yesterday percent".split()
)


def _heading_key(name: str) -> str:
    words = [w.lower() for w in _name_words(name) if w.lower() not in ("the", "a", "an")]
    return " ".join(words)


# words that name no group when they stand alone ("said one", "most said")
_QUANTIFIERS = frozenset("one most some many several few others all both none each half".split())


def _headline_end(text: str) -> int:
    """Where a document's body starts: after its first paragraph break (the headline and any
    subtitle lines before it), 0 when it has none."""
    found = re.search(r"\n[ \t]*\n", text)
    return found.end() if found and found.start() < 400 else 0


def _head_word(phrase: str) -> str:
    """The last word of a speaker's name, its possessive "'s" dropped ("Ryan’s office" -> "office"),
    before a common noun's own phrase ("Attorneys for Clinton" -> "attorneys")."""
    from newsprism.pipeline import speaker_head

    words = _WORD.findall(speaker_head(phrase))
    return re.sub(r"['’]s?$", "", words[-1]).lower().rstrip(".") if words else ""


def _said_outside(text: str, word: str, quoted: list[tuple[int, int]]) -> bool:
    """Whether the document writes ``word`` somewhere outside its quotes (a name the reporter
    uses, though its fullest form stands in somebody's quote: "I met with FBI Director James
    Comey")."""
    for found in re.finditer(rf"\b{re.escape(word)}\b", text, re.I) if word else ():
        if not any(s <= found.start() < e for s, e in quoted):
            return True
    return False


def _speaker_problem(q: Quote, entity: Entity | None, quoted: list[tuple[int, int]], text: str) -> str | None:
    """What a reader would see wrong with one quote's speaker, or None."""
    where = f"{q.doc}:{q.start} speaker {q.speaker!r}"
    span = q.speaker_span
    if span is not None and any(s <= span.start and span.end <= e for s, e in quoted) and not _said_outside(
            text, _head_word(span.text), quoted):
        return f"{where} is words inside a quote"  # "on MSNBC's “Morning Joe,”" made the speaker
    if entity is not None and entity.type not in ("PERSON", "ORG", "NORP", "GPE"):
        return f"{where} is a {entity.type}"
    words = [w.lower() for w in _WORD.findall(q.speaker or "")]
    if not words:
        return None
    cue = q.cue
    if cue is not None and span is not None and 0 <= span.start - cue.end <= 3 and not _reporting(cue.text.lower()):
        # "New York has several key ones, including Syracuse and “the people's republic of
        # Ithaca”": a name written after a word that is no verb of saying is not "said X"
        return f"{where} is named after {cue.text!r}, no verb of saying"
    if entity is None:
        # "wrote Time magazine": a publication named by its kind speaks, whatever its name's words
        if (any(w in _NOT_SPEAKER_HEADS for w in words) and words[-1] not in PUBLICATION_NOUNS) or all(
                w in _QUANTIFIERS for w in words):
            return f"{where} is no person, organisation or document"
        body = _headline_end(text)
        if span is not None and span.end <= body <= q.start:
            # "The Latest: Trump delivers ..." (AP's live-blog header), "Win or not, candidate
            # says": a word of the headline that no entity holds speaks no quote of the body
            return f"{where} is a word of the headline"
        return None
    # "one Trump campaign source" / "Sanders' campaign manager" are not Trump / Sanders: the
    # entity must be what the phrase's last word names, not a word that qualifies it
    head = _head_word(q.speaker or "")
    named = {_head_word(v) for v in (entity.name, *entity.variants)} | {
        w.lower() for v in (entity.name, *entity.variants) for w in _WORD.findall(v)}
    speaks_for = entity.type == "ORG" and any(  # "a spokesman for the State Department": its voice
        re.search(rf"\b(?:for|of)\s+(?:the\s+)?{re.escape(v)}", q.speaker or "") for v in (entity.name, *entity.variants))
    members = entity.type == "NORP" and head.endswith("s") and len(words) >= 2 and words[-2] in named  # "Republican senators"
    if head and head not in named and not speaks_for and not members:
        return f"{where} is credited to {entity.name!r}, a word that only qualifies it"
    return None


def _reporting(word: str) -> bool:
    """A cue word that is a form of a reporting verb ("said", "tweeting", "according to")."""
    from newsprism.lexicon import REPORTING_VERBS

    if word.startswith("according"):
        return True
    stems = {word, word[:-1], word[:-2], word[:-3], word[:-3] + "e", word[:-2] + "e", word[:-1] + "e"}
    stems |= {"say"} if word in ("said", "says") else set()
    stems |= {"tell"} if word == "told" else set()
    stems |= {"write"} if word in ("wrote", "written") else set()
    return bool(stems & REPORTING_VERBS)


def speaker_problems(analysis: StoryAnalysis) -> list[str]:
    """Quotes whose speaker is no person/organisation/document (a time, a headline's word, words
    inside a quote, an entity the speaker's phrase only
    qualifies, a name after a word that is no verb of saying), and entities with two headings."""
    from newsprism.report.common import quotes_by_speaker  # a check of what the report shows

    out = []
    by_id: dict[str, Entity] = {e.id: e for e in analysis.entities}
    texts = {d.id: d.text for d in analysis.documents}
    quoted: dict[str, list[tuple[int, int]]] = {}
    for q in analysis.quotes:
        quoted.setdefault(q.doc, []).append((q.start, q.end))
    for q in analysis.quotes:
        if q.speaker is None:
            continue
        entity = by_id.get(q.speaker_entity) if q.speaker_entity else None
        problem = _speaker_problem(q, entity, quoted.get(q.doc, []), texts.get(q.doc, ""))
        if problem is not None:
            out.append(problem)
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
