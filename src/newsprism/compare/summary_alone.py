"""Whether a summary sentence stands with only the summary's earlier sentences before it.

A summary sentence is a report's sentence quoted whole, read without the sentences its report put
before it. Some cannot be read so: one telling what came next ("Cavusoglu later spoke with U.S.
Secretary of State John Kerry." — later than what?), one whose pronoun names someone only a
sentence before it named ("... said that he would ..." with nobody in the sentence for "he"), and
one calling a person by the surname alone when the summary has not said who that is (the seed's
"Cavusoglu", the Turkish foreign minister). A surname is introduced by a summary sentence that
names the person in full or with a title ("Foreign Minister Mevlut Cavusoglu", "Sen. McCain") or by
the person shown for a pronoun (:class:`newsprism.model.Referent`); an honorific alone ("Mr.
Cavusoglu") introduces nobody.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.extract.person_names import is_person_noun
from newsprism.lexicon import HONORIFICS, PLAIN_SAYING_VERBS
from newsprism.model import Entity, Span

__all__ = ["PersonMention", "person_mentions", "tells_what_came_next", "unresolved_pronoun", "bare_surnames", "story_people",
           "named_in_full"]

# adverbs placing what a sentence tells after something told before it, standing alone on its verb
# ("two days later", "later that day" tie it to a time of their own)
_SEQUENCE = frozenset({"later", "afterward", "afterwards", "meanwhile", "then", "subsequently", "thereafter", "too"})
_QUOTED = re.compile(r"“[^”]*”?|\"[^\"]*\"?")
# a possessive before a capitalised name: the person names a thing as its owner
_OWNER = re.compile(r"['’]s?\s+[A-Z]")
_PERSONAL = {"he": "person", "him": "person", "his": "person", "she": "person", "her": "person",
             "they": "group", "them": "group", "their": "group"}


@dataclass(frozen=True)
class PersonMention:
    """A person named in a report: where, which entity, and whether the words say who it is."""

    doc: str
    start: int
    end: int
    entity: str
    full: bool  # a given name and surname, or a title before the name ("Sen. McCain")
    owner: bool = False  # the name of a thing's owner, part of its name ("Breitbart's BigGovernment.com")


def _span(head: Span, docs: Mapping[str, Doc]):
    doc = docs.get(head.doc)
    return doc.char_span(head.start, head.end, alignment_mode="expand") if doc is not None else None


def _quoted(span) -> list[tuple[int, int]]:
    return [(span.start_char + a, span.start_char + b) for a, b in (m.span() for m in _QUOTED.finditer(span.text))]


def _predicates(span) -> list[Token]:
    """The sentence's main verb, the verbs joined to it by "and" and, past a verb of saying, the verb
    of what was said ("Then the rebels shelled the villages, a monitoring group said.")."""
    roots = [t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)]
    main = sorted(roots, key=lambda t: t.pos_ not in ("VERB", "AUX"))[:1]
    said = [c for r in main if r.lemma_.lower() in PLAIN_SAYING_VERBS for c in r.children
            if c.dep_ in ("ccomp", "parataxis") and c.pos_ in ("VERB", "AUX")]
    verbs = main + said
    return verbs + [c for r in verbs for c in r.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")]


def tells_what_came_next(head: Span, docs: Mapping[str, Doc]) -> bool:
    """Whether the sentence's main verb carries an adverb that places it after something told before
    ("Cavusoglu later spoke with ...", "Then the talks collapsed."), outside quotation marks; "two
    days later" or "later that day" name their own time, and "later" on a word inside the sentence
    ("a woman, later identified as ...") points at the sentence itself."""
    span = _span(head, docs)
    if span is None:
        return False
    quoted = _quoted(span)
    verbs = {t.i for t in _predicates(span)}
    return any(t.dep_ == "advmod" and t.lower_ in _SEQUENCE and t.head.i in verbs and not list(t.children)
               and not any(a <= t.idx < b for a, b in quoted) for t in span)


def unresolved_pronoun(head: Span, docs: Mapping[str, Doc]) -> bool:
    """Whether a personal pronoun outside quotation marks has nobody before it in the sentence to
    stand for: "he", "his" with no name or person noun before it ("The campaign said he had ..."),
    "they", "their" with no name or plural noun ("Officials said they ..." stands); in a phrase put
    before the main verb's subject, the subject counts as before it ("In one of her final
    appearances ..., Hillary Rodham Clinton ..."). A pronoun opening the sentence, or subject of its
    main verb, is judged apart (the summary refuses those)."""
    span = _span(head, docs)
    if span is None:
        return False
    quoted = _quoted(span)
    # a phrase put before the main verb's subject may name it ahead ("In one of her final appearances
    # as secretary of state, Hillary Rodham Clinton on Wednesday vigorously defended ..."): the subject
    # stands for the pronouns there
    main = next((t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)), None)
    subject = next((c for c in main.children if c.dep_ in ("nsubj", "nsubjpass")), None) if main is not None else None
    fronted: set[int] = set()
    if main is not None and subject is not None:
        fronted = {x.i for c in main.children if c.i < subject.left_edge.i and c.dep_ not in ("nsubj", "nsubjpass")
                   for x in c.subtree}
    for t in span:
        kind = _PERSONAL.get(t.lower_)
        if kind is None or t.pos_ != "PRON" or any(a <= t.idx < b for a, b in quoted):
            continue
        before = [x for x in span if x.i < t.i and not any(a <= x.idx < b for a, b in quoted)]
        if t.i in fronted and subject is not None:
            before += list(subject.subtree)
        if kind == "person":
            found = any(x.pos_ == "PROPN" or x.pos_ == "NOUN" and is_person_noun(x.lemma_.lower()) for x in before)
        else:
            found = any(x.pos_ == "PROPN" or x.tag_ in ("NNS", "NNPS") or x.pos_ == "NOUN" and x.lemma_.lower() in (
                "group", "government", "administration", "company", "party", "team", "campaign", "committee")
                for x in before)
        if not found:
            return True
    return False


def _full(text: str, before: str) -> bool:
    words = text.split()
    if len(words) >= 2:
        return True
    title = re.search(r"([A-Za-z]+)\.?\s*$", before)
    # a rank or office written before the name ("Sen. McCain", "Secretary Clinton"), not an honorific
    return title is not None and title.group(1)[:1].isupper() and title.group(1).lower() not in HONORIFICS


def person_mentions(entities: Iterable[Entity], texts: Mapping[str, str]) -> dict[str, list[PersonMention]]:
    """doc id -> the people named in it, in text order (``texts``: doc id -> its text)."""
    out: dict[str, list[PersonMention]] = {}
    for e in entities:
        if e.type != "PERSON":
            continue
        for m in e.mentions:
            text = texts.get(m.doc, "")
            out.setdefault(m.doc, []).append(
                PersonMention(m.doc, m.start, m.end, e.id, _full(m.text, text[max(0, m.start - 20):m.start]),
                              _OWNER.match(text, m.end) is not None))
    for items in out.values():
        items.sort(key=lambda m: m.start)
    return out


def _inside(head: Span, people: Mapping[str, Sequence[PersonMention]]) -> list[PersonMention]:
    return [m for m in people.get(head.doc, ()) if head.start <= m.start and m.end <= head.end]


def named_in_full(head: Span, people: Mapping[str, Sequence[PersonMention]]) -> set[str]:
    """The people the sentence says who they are (named in full or with a title)."""
    return {m.entity for m in _inside(head, people) if m.full}


def bare_surnames(head: Span, people: Mapping[str, Sequence[PersonMention]], introduced: set[str]) -> list[str]:
    """The people the sentence calls by a surname alone (or an honorific and surname) whom neither an
    earlier summary sentence (``introduced``: entity ids) nor the sentence before that mention
    introduced; an owner's name that is part of a thing's name ("Breitbart's BigGovernment.com") calls
    nobody."""
    known = set(introduced)
    out = []
    for m in _inside(head, people):
        if m.full:
            known.add(m.entity)
        elif m.entity not in known and not m.owner:
            out.append(m.entity)
    return out


def story_people(people: Mapping[str, Sequence[PersonMention]], docs: Mapping[str, Doc],
                 units: Mapping[str, str] | None = None, opening: int = 3, often: int = 3) -> set[str]:
    """The people the story is about, in reports of two outlets (``units``: doc id -> its outlet or
    copy family): named in their opening ``opening`` sentences (the title and the lede), or ``often``
    times in each. An editor reading the summary knows who "Weiner" is in a story every report opens
    with him, and who "Brown" is in reports of his death; the seed's "Cavusoglu", named in two
    reports' later paragraphs, three times in all, is someone the summary must introduce."""
    opens: dict[str, set[str]] = {}
    counts: dict[tuple[str, str], int] = {}
    for doc_id, items in people.items():
        doc = docs.get(doc_id)
        if doc is None:
            continue
        ends = [s.end_char for s in doc.sents if any(t.is_alpha for t in s)][:opening]
        unit = (units or {}).get(doc_id, doc_id)
        for m in items:
            if ends and m.start < ends[-1]:
                opens.setdefault(m.entity, set()).add(unit)
            counts[m.entity, unit] = counts.get((m.entity, unit), 0) + 1
    throughout: dict[str, int] = {}
    for (entity, _), n in counts.items():
        if n >= often:
            throughout[entity] = throughout.get(entity, 0) + 1
    return {e for e, outlets in opens.items() if len(outlets) >= 2} | {e for e, n in throughout.items() if n >= 2}
