"""Whether a name NER typed otherwise is a person's, read from the words around it: shared by
cross-document resolution (``compare.resolve_short.retype_named_people``) and by the people of
one document (``attribution.people.People``), so both layers call one rule."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import PERSON_ROLE_NOUNS, PERSON_TITLES, name_gender

__all__ = ["is_person_noun", "known_given_name", "person_role", "named_person"]

# animacy: "he"/"she" refer to people, and a common noun names a person when it is one of
# these or an agent noun ("driver", "actor", "pianist", "comedian"); "car", "firm" are not
_PERSON_NOUNS = frozenset(
    """man woman boy girl child kid baby teen teenager person guy lady gentleman wife husband
    mother father mom dad son daughter brother sister friend victim suspect official chief
    star host coach actress hostess widow bride groom nurse doctor surgeon patient""".split()
)
_AGENT_SUFFIX = re.compile(r"(?:[^aeiou]er|or|ist|ian|ess)$")


@lru_cache(maxsize=1)
def _nick_namer() -> Any:
    """The ``nicknames`` package's table of given names and their short forms, loaded once."""
    from nicknames import NickNamer

    return NickNamer()


def known_given_name(word: str) -> bool:
    """A given name of the lexicon's lists or of the ``nicknames`` table ("Jeff", "Glenn",
    "Lonnie", "Stevie"; not "Whittington", "Pell")."""
    if name_gender(word) is not None:
        return True
    key = word.lower().rstrip(".")
    namer = _nick_namer()
    return bool(namer.nicknames_of(key) or namer.canonicals_of(key))


def is_person_noun(lemma: str) -> bool:
    return lemma in _PERSON_NOUNS or bool(_AGENT_SUFFIX.search(lemma))


def person_role(lemma: str) -> bool:
    """A role noun that names a person: :func:`is_person_noun`, or (with the optional
    ``[wordnet]`` extra) a noun whose most frequent WordNet sense is a person ("candidate")."""
    if is_person_noun(lemma):
        return True
    senses = noun_senses()
    found = senses.senses(lemma) if senses is not None else ()
    return bool(found) and senses is not None and senses.synset(found[0]).lexname == "noun.person"


def named_person(words: tuple[str, ...] | list[str], surname: str, roles: Iterable[str], surnames: set[str] | frozenset[str]) -> bool:
    """A name of two words or more NER called an organisation ("GOP presidential candidate Carly
    Fiorina":ORG) is a person's when a person's role describes it (``roles``: lemmas, "candidate")
    and its first word is a known given name or its ``surname`` (its last word, as the caller keys
    it) is in ``surnames``, the surnames of people the text names in full ("her husband, Frank Fiorina"). A role alone is not
    enough: "rival Morgan Stanley", "retailer Dick's Sporting Goods" are firms WordNet's roles
    call persons; the surname alone counts only with a role the lexicon lists (not WordNet's)."""
    if len(words) < 2 or not all(w[:1].isupper() and w.isalpha() for w in words):
        return False
    roles = set(roles)
    if name_gender(words[0]) is not None:
        return any(map(person_role, roles))
    # a surname shared with a person of the text needs a role the lexicon knows as a person's
    # ("candidate", "Sen."): "rival Morgan Stanley" beside an "analyst John Stanley" is no person
    return surname in surnames and any(r in PERSON_ROLE_NOUNS or r in PERSON_TITLES or is_person_noun(r) for r in roles)
