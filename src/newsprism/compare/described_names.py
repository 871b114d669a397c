"""Who a definite description stands for: the one named entity its report described with that noun.

"After a few seconds, the congressman grabs the camera" (the Times) follows "Rep. Bob Etheridge" in
the same report; "The magazine posted other photos of her" follows "Newsweek magazine". A report
tells what a name is by a noun written beside it — a title before a person's name ("Rep.", "Gov.",
"Republican presidential candidate"), an apposition ("Etheridge, a congressman"; "the magazine,
Newsweek"), a noun the name is compounded onto ("Newsweek magazine") or "a group called X" — and
later says "the <noun>" for that one; a report that described nobody so says it of the one it named
before that another report describes so ("Bob Etheridge" here, "Rep. Bob Etheridge" there). A person's
noun describes a person, a noun for a body of people an organisation ("the NAACP resolution" is no
description of the NAACP). Only when exactly one entity fits; never an indefinite ("a congressman" is
someone new), a plural, or a noun restricted by a complement of its own ("the director of the
committee", "the only candidate he spoke with": another one).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.attribution.titles import SAME_TITLE
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import PERSON_TITLES, ROLE_TITLES, TITLE_ABBREVIATION_WORDS, title_key
from newsprism.model import Mention

__all__ = ["DescribedNames", "body_noun", "description_key", "person_noun"]

# a noun the name is said to be called by ("a group called the St. Louis Tea Party")
_NAMING_VERBS = frozenset({"call", "name", "dub"})
# what a description may stand for: a person, an organisation (a magazine, a group, a company)
_DESCRIBED_TYPES = frozenset({"PERSON", "ORG"})
# what restricts a noun to someone other than the one described before
_RESTRICTING_DEPS = frozenset({"prep", "relcl", "acl", "poss", "nummod"})


@lru_cache(maxsize=4096)
def person_noun(lemma: str) -> bool:
    """A noun for a person ("congressman", "judge", "candidate"): a title, or WordNet's first sense a
    person's (without WordNet, a title only)."""
    if description_key(lemma) in ROLE_TITLES or title_key(lemma) in PERSON_TITLES:
        return True
    senses = noun_senses()
    found = senses.senses(lemma) if senses is not None else ()
    return bool(found) and senses is not None and senses.synset(found[0]).lexname == "noun.person"


@lru_cache(maxsize=4096)
def body_noun(lemma: str) -> bool:
    """A noun for a body of people ("group", "magazine" — the firm —, "coalition", "committee"): a group
    sense among WordNet's first three (without WordNet, none). "The NAACP resolution", "the Obama
    campaign" tell no more what the NAACP or Obama is than "House Speaker" does of the House."""
    senses = noun_senses()
    found = senses.senses(lemma)[:3] if senses is not None else ()
    return senses is not None and any(senses.synset(o).lexname in ("noun.group", "noun.Tops") for o in found)


def description_key(word: str) -> str:
    """One key per office or kind however written: "Rep." / "representative" / "congressman"."""
    key = title_key(word)
    key = TITLE_ABBREVIATION_WORDS.get(key, key)
    return SAME_TITLE.get(key, key)


def _nouns_beside(name: Token, first: int) -> Iterable[Token]:
    """The nouns a report writes beside a name (``name``: its head token; ``first``: its first
    token) to say what it is: the title words hung on it just before it, its apposition, the noun
    it is an apposition or a compound of, the noun a "called" phrase names it."""
    doc = name.doc
    j = first - 1
    held = {name.i}
    while j >= 0 and doc[j].head.i in held | set(range(first, name.i + 1)) and doc[j].pos_ in ("NOUN", "PROPN", "ADJ"):
        held.add(j)
        if doc[j].pos_ in ("NOUN", "PROPN") and not doc[j].ent_type_:
            yield doc[j]  # "Rep. Bob Etheridge", "Republican presidential candidate Rick Perry"
        j -= 1
    yield from (c for c in name.children if c.dep_ == "appos" and c.pos_ == "NOUN")
    head = name.head
    if name.dep_ in ("appos", "compound") and head.pos_ == "NOUN" and head.i != name.i:
        yield head  # "the magazine, Newsweek,"; "Newsweek magazine"
    if name.dep_ == "oprd" and head.lemma_.lower() in _NAMING_VERBS and head.dep_ == "acl" and head.head.pos_ == "NOUN":
        yield head.head  # "a group called the St. Louis Tea Party"


class DescribedNames:
    """Per document: each entity it describes with a noun, where; asked of a definite description."""

    def __init__(self, doc: Doc, mentions: Iterable[Mention], entity_at: Callable[[int], str | None],
                 types: Mapping[str, str]):
        self._told: list[tuple[int, str, str]] = []  # (offset of the name, noun key, entity)
        self._named: list[tuple[int, str]] = []  # (offset of the name, entity)
        for m in mentions:
            entity = entity_at(m.start)
            if entity is not None:
                self._named.append((m.start, entity))
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            if entity is None or span is None or not len(span) or types.get(entity) not in _DESCRIBED_TYPES:
                continue
            for noun in _nouns_beside(span.root, span.start):
                # a person's noun for a person, another for an organisation: "House speaker" is no
                # description of the House, "Newsweek magazine" one of Newsweek
                lemma = noun.lemma_.lower()
                if person_noun(lemma) if types[entity] == "PERSON" else body_noun(lemma):
                    self._told.append((m.start, description_key(noun.lemma_), entity))

    def stands_for(self, noun: Token, story: Sequence["DescribedNames"] = ()) -> str | None:
        """The entity a definite description ("the congressman") stands for: the one the report
        described with that noun before it; when it described nobody so, the one of those it named
        before that the story's other reports (``story``) describe so; None for none or for two."""
        if noun.pos_ != "NOUN" or noun.tag_ != "NN":
            return None
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children):
            return None
        if any(c.dep_ in _RESTRICTING_DEPS or c.dep_ == "compound" and c.pos_ == "PROPN" for c in noun.children):
            return None  # (a name in it tells another one: "the St. Louis group", "the House speaker")
        key = description_key(noun.lemma_)
        found = {e for at, k, e in self._told if k == key and at < noun.idx}
        if not found and story:
            named = {e for at, e in self._named if at < noun.idx}
            found = {e for other in story for at, k, e in other._told if k == key} & named
        return next(iter(found)) if len(found) == 1 else None
