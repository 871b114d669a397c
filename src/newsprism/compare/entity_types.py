"""An entity's name and type from its mentions (``compare/resolve.py``), and the type of an
entity that speaks a quote: the fullest name written, the label most of its mentions carry
(an acronym is an organisation on a tie), a speaker is a person or an organisation."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Iterable, Sequence

from newsprism.compare.mention_items import PRONOUNS_PERSON, Item
from newsprism.compare.names import ACRONYM
from newsprism.extract.word_senses import noun_senses
from newsprism.extract.metadata import OUTLET_NAMES, normalise_outlet
from newsprism.lexicon import (
    FACILITY_WORDS,
    INSTITUTION_WORDS,
    ONLINE_SERVICES,
    ORG_SUFFIXES,
    TITLE_WORDS,
    name_gender,
    title_key,
)
from newsprism.model import Entity

__all__ = ["canonical_name", "entity_type", "type_speakers"]


def canonical_name(members: list[Item]) -> str:
    names = [it for it in members if it.kind == "name" and "  " not in it.mention.text] or members
    # a headline's span ("Ben Carson Defends") names the entity only when nothing else does
    names = [it for it in names if not it.headline] or names
    counts = Counter(it.mention.text for it in names)

    def score(it: Item) -> tuple:
        text = it.mention.text
        stripped = text[text.find(it.words[0]):] if it.words and it.words[0] in text else text
        return (len(it.toks), len(stripped), counts[text], -it.idx)

    best = max(names, key=score)
    text = best.mention.text
    if best.kind == "name" and best.words and best.words[0] in text:
        text = text[text.find(best.words[0]):]
    return re.sub(r"['’‘]s$", "", text).strip()


def _outlet(text: str) -> bool:
    """A known news outlet's name that is no person's surname ("Politico", not "Bloomberg")."""
    name = normalise_outlet(text)
    return name in OUTLET_NAMES and name != "Bloomberg"


def _institution(it: Item) -> bool:
    """A name ending in an institution's word ("Presidential Center", "Dish Network") or an online
    service's name ("Twitter")."""
    last = it.words[-1].lower() if it.words else ""
    return (len(it.words) >= 2 and last in INSTITUTION_WORDS | ORG_SUFFIXES) or (
        len(it.words) == 1 and last in ONLINE_SERVICES)


# a person's name made an adjective by a hyphenated word after it ("Bush-era", "Trump-backed")
_ATTRIBUTIVE = re.compile(
    r"\w[-‐](?:era|style|backed|led|funded|appointed|sponsored|allied|aligned|linked|like|esque|inspired|"
    r"leaning|friendly|supporting|endorsed|nominated)$")
# the type of a name's group when the resolver read a name NER called a person as a thing
_THING_TYPES = {"ORG": "ORG", "PLACE": "GPE", "OTHER": "ENTITY"}


def entity_type(members: list[Item]) -> str:
    labels = Counter(it.mention.label for it in members if it.kind != "pronoun") or Counter(
        it.mention.label for it in members
    )
    rank = {"PERSON": 0, "GPE": 1, "LOC": 2, "FAC": 3, "ORG": 4, "NORP": 5}
    if any(ACRONYM.match(it.mention.text) for it in members if it.kind == "name"):
        rank["ORG"] = -1  # an entity written as an acronym ("CPAC", "DNC") is no person on a tie
    label = max(labels.items(), key=lambda kv: (kv[1], -rank.get(kv[0], 9)))[0]
    names = [it for it in members if it.kind == "name"]
    # a person's full name NER found, not a span that holds one ("Mitt Romney's Medicare")
    # ("Carly Fiorina":ORG is one by her role: ``resolve_short.retype_named_people``)
    full_people = [it for it in names if (it.mention.label == "PERSON" or it.group == "PERSON") and len(it.toks) >= 2
                   and not re.search(r"['’‘]s\s", it.mention.text)]
    as_label = {it.mention.text for it in names if it.mention.label == label}
    if label != "PERSON" and full_people and (
            all(len(it.toks) == 1 for it in names if it.mention.label != "PERSON" and it not in full_people)
            or any(it.mention.text in as_label and it.words and name_gender(it.words[0]) is not None for it in full_people)):
        # "Jay Carney" and "Carney" NER called a place twice: the surname joined his full name;
        # "Marco Rubio" NER called a building 11 times and a person once: a given name tells
        label = "PERSON"
    if label == "PERSON" and names and all(_ATTRIBUTIVE.search(it.mention.text) for it in names):
        return "ENTITY"  # "the Bush-era tax cuts", "a Koch-funded group": a time or a kind, not the person
    groups = {it.group for it in names}
    if label == "PERSON" and len(groups) == 1 and next(iter(groups)) in _THING_TYPES:
        # names NER called people that the resolver read as things ("the Obama White House", a
        # compound WordNet knows as no person: ``resolve_short.retype_known_things``), or a word of a
        # place's name it joined ("Andrews" and "Joint Base Andrews":FAC: ``resolve_short.retype_words_of_places``)
        placed = Counter(it.mention.label for it in names if it.mention.label in ("GPE", "LOC", "FAC"))
        if next(iter(groups)) == "PLACE" and placed:
            return placed.most_common(1)[0][0]
        return _THING_TYPES[next(iter(groups))]
    if label == "PERSON" and len(groups) > 1 and groups <= {"ORG", "OTHER"}:
        # "Whittington Lecture":PERSON read as a thing named for someone, and :ORG in another report
        return "ORG" if labels["ORG"] else "ENTITY"
    if label == "PERSON" and names and all(len(it.words) >= 2 and it.words[-1].lower() in FACILITY_WORDS for it in names):
        return "FAC"  # "Trump Tower" NER called a person: a building is named after him
    if label == "PERSON" and names and all(_outlet(it.mention.text) or _institution(it) for it in names):
        return "ORG"  # "Politico", "Twitter", "Dish Network" NER called a person
    if label == "PERSON" and names:
        return _known_proper_noun(members, names) or _known_compound(members, names) or label
    if label in ("GPE", "LOC") and any(_institution(it) for it in names):
        return "ORG"  # "National Rifle Association" beside "NRA", which NER called a place three times
    if label in ("GPE", "LOC", "FAC") and names:
        return _given_name_alone(names) or label
    if label == "ORG" and any(it.before_state for it in names):
        return "GPE"  # "Hampstead, New Hampshire,", "Newtown, Conn.," NER called organisations: towns
    return label


def _one_word(names: list[Item]) -> str | None:
    """The one word every name of the entity is written as (a possessive cut), else None."""
    words = {re.sub(r"['’‘]s?$", "", it.words[0]) if len(it.words) == 1 else "" for it in names}
    return next(iter(words)) if len(words) == 1 and "" not in words else None


def _given_name_alone(names: list[Item]) -> str | None:
    """"Melania" (PolNeAR dev, twice), a known given name written alone that NER called a place,
    is a person when WordNet (the optional ``[wordnet]`` extra) knows no proper noun of that name:
    "Virginia", "Austin" and "Charlotte" stay places."""
    word = _one_word(names)
    if word is None or name_gender(word) is None:
        return None
    senses = noun_senses()
    return "PERSON" if senses is not None and not senses.proper_noun(word) else None


# what a proper noun WordNet knows (and knows as no person) is, by its lexicographer file
_PROPER_NOUN_TYPES = {"noun.location": "GPE", "noun.object": "LOC", "noun.cognition": "NORP",
                      "noun.group": "ORG", "noun.event": "EVENT"}


def _known_proper_noun(members: list[Item], names: list[Item]) -> str | None:
    """The type of a one-word name NER called a person that WordNet (the optional ``[wordnet]``
    extra) knows as a proper noun of a place, a river, a religion, a group or an event, and in no
    sense as a person: "Mali" GPE, "Danube" LOC, "Islam" NORP; "ENTITY" (no kind of name) when it
    is a common noun or a verb written only at the start of a sentence ("Turnout", "Immigration",
    "Subscribe here"). None
    when a member is a person's (a title, a given name, "he"/"she" joined to it: "Mr. Kerry",
    "Georgia ... she"), when a name has two words or more, or when WordNet does not know the word
    or also knows a person of that name ("Jackson", "Washington")."""
    word = _one_word(names)
    if word is None or name_gender(word) is not None:
        return None
    if any(it.gender is not None for it in names) or any(
            it.kind == "pronoun" and it.head in PRONOUNS_PERSON for it in members):
        return None
    senses = noun_senses()
    if senses is None:
        return None
    if all(it.opens_sentence for it in names) and (senses.common_noun(word) or senses.verb_only(word)):
        return "ENTITY"  # "Turnout makes a difference.", "Subscribe here": capitalised where every word is
    kinds = senses.proper_kinds(word)
    if "noun.cognition" in kinds:  # "Islam": the faith and its people
        return "NORP"
    return _PROPER_NOUN_TYPES.get(kinds[0]) if kinds else None



def _known_compound(members: list[Item], names: list[Item]) -> str | None:
    """The type of a name of two words or more NER called a person that WordNet (the optional
    ``[wordnet]`` extra) knows, and knows in no sense as a person: "Purple Heart" (a medal),
    "Jim Crow" (the laws), "Squawk Box" (here a television show) are no people (ENTITY); "Wall
    Street" a place, "White House" an organisation, by WordNet's first sense. None when
    WordNet knows a person so ("Uncle Sam", "John Doe", "Martin Luther King"), when the names
    are written differently, or when a title or "he"/"she" joined to it says a person."""
    texts = {" ".join(it.words) for it in names}
    if len(texts) != 1 or len(names[0].words) < 2:
        return None
    if any(it.gender is not None and not it.gender_by_name for it in names) or any(
            it.kind == "pronoun" and it.head in PRONOUNS_PERSON for it in members):
        return None
    senses = noun_senses()
    found = senses.senses(next(iter(texts))) if senses is not None else ()
    if not found or senses is None:
        return None
    kinds = [senses.synset(o).lexname for o in found]
    if "noun.person" in kinds:
        return None
    return {"noun.location": "GPE", "noun.group": "ORG"}.get(kinds[0], "ENTITY")



_SPEAKER_TYPES = frozenset({"PERSON", "ORG", "GPE", "NORP"})


def type_speakers(entities: Sequence[Entity], speaking: Iterable[str]) -> list[Entity]:
    """The type of an entity that speaks a quote, by that context: a speaker is a person or an
    organisation (a country or a group speaks through its government or its members).

    An entity in ``speaking`` (ids) typed otherwise ("Twitter's Adam Sharp":WORK_OF_ART, "The
    Dallas Morning":EVENT) becomes PERSON when NER called one of its mentions a person or its
    name holds a known given name before another word, else ORG; one typed GPE that NER also called a person
    ("Pompeo":GPE/PERSON) becomes PERSON. Others are returned unchanged.
    """
    ids = set(speaking)
    out: list[Entity] = []
    for e in entities:
        if e.id in ids and e.type != "PERSON":
            labels = {m.label for m in e.mentions}
            words = [w for w in re.findall(r"[^\W\d_]+", e.name) if title_key(w) not in TITLE_WORDS]
            # "Twitter's Adam Sharp": a known given name followed by another name
            personal = "PERSON" in labels or any(name_gender(w) is not None for w in words[:-1] if w[:1].isupper())
            if e.type not in _SPEAKER_TYPES:
                e = replace(e, type="PERSON" if personal else "ORG")
            elif e.type == "GPE" and "PERSON" in labels:
                e = replace(e, type="PERSON")
        out.append(e)
    return out
