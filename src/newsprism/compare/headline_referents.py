"""Who a headline's opening pronoun names ("He estimated there were 5,000 fighters ...").

A headline is a verbatim sentence of a report and is never rewritten; when it opens with "he",
"his", "she" or "her", the reader is shown who that is, cited, if exactly one person fits. The
rule is careful rather than complete: the person must be named in the headline's sentence's two
predecessors of the same report, be the only person of a compatible gender named there (a name
whose gender the text does not give is compatible, a name of the other gender never is) or, of
several, the subject of the sentence just before; no gendered noun of the pronoun's gender ("the
man") may stand between the name and the headline, nor may that subject be a person unnamed ("the
nurse").
Otherwise nothing is said. "It" and "they" are left alone: what they stand for is rarely a name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Mapping, Sequence

from newsprism.lexicon import FEMALE_NOUNS, FEMALE_PRONOUNS, MALE_NOUNS, honorific_gender, \
    MALE_PRONOUNS, REPORTING_VERBS, name_gender
from newsprism.extract.person_names import is_person_noun
from newsprism.model import Entity, Mention, Referent, Span

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc

__all__ = ["opening_pronoun", "referents"]

_OPENING = re.compile(r"[\"'“‘(\s]*([A-Za-z]+)\b")
_WORD = re.compile(r"[A-Za-z]+")
# a sentence ends at . ! ? (maybe a closing quote) before a space and a capital or an opening quote
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]*\s+(?=[\"'“‘(]?[A-Z0-9])")
_SENTENCES_BACK = 2
_OPENERS = {"he": "m", "his": "m", "she": "f", "her": "f"}


def opening_pronoun(head: Span) -> tuple[Span, str] | None:
    """The headline's first word when it is a personal pronoun of one gender, with the gender."""
    m = _OPENING.match(head.text)
    if m is None or m.group(1).lower() not in _OPENERS:
        return None
    start = head.start + m.start(1)
    return Span(head.doc, start, start + len(m.group(1)), m.group(1)), _OPENERS[m.group(1).lower()]


def _window_start(text: str, at: int, doc: "Doc | None" = None) -> int:
    """Where the sentence ``_SENTENCES_BACK`` before the one starting at ``at`` starts: by the
    parse's sentences (a stray quote mark alone is none), else by end marks."""
    if doc is not None:
        token = next((t for t in doc if t.idx >= at), None)
        if token is not None:
            starts = [sent.start_char for sent in doc.sents
                      if sent.start_char < token.idx and any(t.is_alpha for t in sent)]
            return starts[-_SENTENCES_BACK] if len(starts) >= _SENTENCES_BACK else 0
    floor = max(0, at - 1500)  # a sentence longer than that is no sentence but a run of text
    starts = [m.end() for m in _SENTENCE_END.finditer(text, floor, at) if m.end() < at]
    return starts[-_SENTENCES_BACK] if len(starts) >= _SENTENCES_BACK else floor


def _gender(entity: Entity, texts: Mapping[str, str]) -> str | None:
    """The gender the story's text gives a person: an honorific before one of its mentions ("Mr.
    Smith") or a given name the name lists know. Conflicting cues give none."""
    seen: set[str] = set()
    for m in entity.mentions:
        before = _WORD.findall(texts.get(m.doc, "")[max(0, m.start - 12):m.start])
        if before:
            gender = honorific_gender(before[-1])
            if gender is not None:
                seen.add(gender)
        words = m.text.split()
        if len(words) >= 2 and (g := name_gender(words[0])) is not None:
            seen.add(g)
    return next(iter(seen)) if len(seen) == 1 else None


def _previous_subject(doc: "Doc | None", at: int, gender: str, depth: int = 2) -> tuple[int, str] | None:
    """The subject of the sentence before the one starting at ``at``: the offset of its head and
    what it is — "noun" a common noun naming a person ("the nurse said": someone unnamed may be
    who the pronoun is), "chained" what a pronoun of the same gender there stands for, followed
    back ("Earnest said ... He rejected ... He said"), "open" such a pronoun followed back to
    nothing, "word" anything else. None without a parse or a subject."""
    if doc is None:
        return None
    token = next((t for t in doc if t.idx >= at), None)
    if token is None:
        return None
    start = token.sent.start
    prev = None
    while start > 0:  # a stray closing quote parsed as a sentence of its own is skipped
        prev = doc[start - 1].sent
        if any(t.is_alpha for t in prev):
            break
        start, prev = prev.start, None
    if prev is None:
        return None
    subj = next((t for t in prev.root.children if t.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None:
        return None
    if subj.lower_ in (MALE_PRONOUNS if gender == "m" else FEMALE_PRONOUNS):
        back = _previous_subject(doc, prev.start_char, gender, depth - 1) if depth > 0 else None
        return (back[0], "chained") if back is not None and back[1] in ("word", "chained") else (subj.idx, "open")
    if any(c.dep_ == "conj" for c in subj.children):
        return subj.idx, "open"  # "said Zadan and Meron": two people, no "he" or "she"
    return subj.idx, "noun" if subj.pos_ == "NOUN" and is_person_noun(subj.lemma_.lower()) else "word"


def _speakers(doc: "Doc | None", start: int, end: int) -> set[int]:
    """Offsets of the subjects of reporting verbs ("said Tom Murray") between ``start`` and ``end``."""
    if doc is None:
        return set()
    return {t.idx for t in doc if start <= t.idx < end and t.dep_ == "nsubj" and t.head.lemma_.lower() in REPORTING_VERBS}


def _other_gender_after(text: str, mention: Mention, end: int, gender: str) -> bool:
    """Only pronouns of the other gender follow the mention ("Benjamin ... She has also worked"):
    the person is then likely of that gender, whatever the name seems to say."""
    words = {w.lower() for w in _WORD.findall(text[mention.end:end])}
    mine, other = (MALE_PRONOUNS, FEMALE_PRONOUNS) if gender == "m" else (FEMALE_PRONOUNS, MALE_PRONOUNS)
    return bool(words & other) and not words & mine


def _referent(head: Span, text: str, people: Sequence[tuple[Entity, str | None]], doc: "Doc | None") -> Referent | None:
    opened = opening_pronoun(head)
    if opened is None:
        return None
    pronoun, gender = opened
    subject = _previous_subject(doc, head.start, gender)
    if subject is not None and subject[1] in ("noun", "open"):
        return None  # an unnamed person, or a pronoun that resolves to nobody, continues before it
    start = _window_start(text, head.start, doc)
    near: dict[str, Mention] = {}  # entity id -> its nearest mention in the window
    fits: dict[str, Entity] = {}
    known: set[str] = set()  # the fitting entities whose gender the text gives
    # a quoted headline's "he" is not its speaker ("He's cool," Murray said. "He wants ...")
    speakers = _speakers(doc, start, head.start) if head.text.lstrip()[:1] in ("\"", "“", "‘", "'") else set()
    for entity, g in people:
        if g is not None and g != gender:
            continue  # "she" never names a man
        inside = [m for m in entity.mentions if m.doc == head.doc and start <= m.start and m.end <= head.start]
        if any(m.start <= x < m.end for m in inside for x in speakers):
            continue
        # only "she" after the name (a given name can mislead: "Benjamin"): not who "he" is
        if inside and not _other_gender_after(text, max(inside, key=lambda m: m.start), head.start, gender):
            near[entity.id] = max(inside, key=lambda m: m.start)
            fits[entity.id] = entity
            if g is not None:
                known.add(entity.id)
    if subject is not None and (subject[1] == "chained" or len(fits) > 1 and pronoun.text.lower() in ("he", "she")):
        # "He ... He ...": the one the pronoun before stands for; of several named, a subject
        # pronoun opening a sentence continues the one before's subject ("Josh Earnest said the
        # Obama administration ... He rejected ...")
        picked = {eid: e for eid, e in fits.items()
                  if any(m.doc == head.doc and m.start <= subject[0] < m.end for m in e.mentions)}
        # "she" and a subject whose gender nothing tells, beside someone the text says is a woman:
        # unsure ("said Zadan ... She is beloved" after "Ellen DeGeneres"); most people named in
        # news are men, so a "he" keeps the subject
        fits = {} if gender == "f" and known - picked.keys() and not known & picked.keys() else picked
    if len(fits) != 1:
        return None  # nobody named, or two who fit: say nothing
    (eid, entity), = fits.items()
    nearest = near[eid]
    last = nearest.text.split()[-1].lower()
    if any(last in (w.lower() for w in m.text.split()) for e, _ in people if e.id != eid
           for m in e.mentions if m.doc == head.doc and m.end <= head.start):
        return None  # "Jackson" after "his father, Rev. Jesse Jackson" and "Jesse Jackson Jr.": which one?
    nouns = MALE_NOUNS if gender == "m" else FEMALE_NOUNS
    if any(w.lower() in nouns for w in _WORD.findall(text[nearest.end:head.start])):
        return None  # "the man" nearer than the name may be who "he" is
    before = [m for m in entity.mentions if m.doc == head.doc and m.end <= head.start]
    fullest = max(before, key=lambda m: (len(m.text.split()), -m.start))
    cites = (fullest,) if fullest == nearest else (fullest, nearest)
    return Referent(pronoun=pronoun, name=fullest.text,
                    citations=tuple(Span(m.doc, m.start, m.end, m.text) for m in cites))


def referents(heads: Mapping[str, Span], entities: Sequence[Entity], texts: Mapping[str, str],
              docs: "Mapping[str, Doc] | None" = None) -> dict[str, Referent]:
    """key -> who its headline's opening pronoun names, for the headlines (``heads``, by any key)
    whose pronoun one person named just before fits; the others are left out."""
    people = [(e, _gender(e, texts)) for e in entities if e.type == "PERSON"]
    out: dict[str, Referent] = {}
    for key, head in heads.items():
        text = texts.get(head.doc)
        if text is None or text[head.start:head.end] != head.text:
            continue
        found = _referent(head, text, people, (docs or {}).get(head.doc))
        if found is not None:
            out[key] = found
    return out
