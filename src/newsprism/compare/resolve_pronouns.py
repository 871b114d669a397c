"""Resolver rule for pronouns (``compare/resolve.py`` runs it): the nearest preceding
compatible mention of the document, by gender, number and relative clause. An object pronoun is
not its own clause's subject ("the driver struck her"), and a name that only modifies a noun
("the 2004 Tony telecast of his performance") is no antecedent: it is no phrase of its own. A
pronoun that says or believes ("they say") goes back to someone who can: not "the charges"."""

from __future__ import annotations

from collections import defaultdict
from typing import Mapping

from newsprism.compare.mention_items import (
    PRONOUNS_OTHER,
    PRONOUNS_PERSON,
    PRONOUNS_PLURAL,
    PRONOUNS_RELATIVE,
    Item,
    is_person_noun,
)
from newsprism.compare.mention_sets import MentionSets
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import FEMALE_NOUNS, MALE_NOUNS

__all__ = ["link_pronouns", "pronoun_gender"]

_PRONOUN_WINDOW = 3  # sentences back


_PRONOUN_FORMS = (
    frozenset("he him his himself".split()),
    frozenset("she her hers herself".split()),
    frozenset("i me my mine myself".split()),
    frozenset("we us our ours ourselves".split()),
    frozenset("they them their theirs themselves".split()),
    frozenset("it its itself".split()),
)


def pronoun_gender(word: str) -> str:
    return "m" if word in _PRONOUN_FORMS[0] else "f"


def _own_gender(it: Item) -> str | None:
    """The gender a mention gives itself: a gendered noun ("the man", "a grandmother") or an
    honorific before a name ("Mr.", "Ms."; a given name alone may mislead: "Raj")."""
    if it.kind == "nominal":
        return "f" if it.head in FEMALE_NOUNS else "m" if it.head in MALE_NOUNS else None
    return it.gender if it.kind == "name" and not it.gender_by_name else None


def _can_speak(it: Item, memo: dict[str, bool]) -> bool:
    """Whether a mention names someone who can say or believe something: a person, an
    organisation or a people, or a common noun whose first WordNet sense is a person or a group
    ("police", "officials"); without WordNet, a noun of the person-noun list."""
    if it.kind != "nominal":
        return it.group in ("PERSON", "ORG", "NORP")
    if it.head not in memo:
        wn = noun_senses()
        if wn is None:
            memo[it.head] = is_person_noun(it.head)
        else:
            senses = wn.senses(it.head)
            memo[it.head] = bool(senses) and wn.synset(senses[0]).lexname in ("noun.person", "noun.group")
    return memo[it.head]


def _pronoun_class(word: str) -> str:
    """One key for the case forms of a pronoun ("he", "him", "his")."""
    return next((min(forms) for forms in _PRONOUN_FORMS if word in forms), word)


def link_pronouns(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
    by_doc: dict[str, list[Item]] = defaultdict(list)
    unresolved: dict[tuple[int, str], list[Item]] = defaultdict(list)
    for it in items:
        by_doc[it.mention.doc].append(it)
    # a common noun is a person when its entity is also named as one ("the driver" = "Smith")
    person_sets = {sets.find(it.idx) for it in items if it.group == "PERSON" and it.kind == "name"}
    gender_of: dict[int, str] = {}  # entity root -> gender of the personal pronouns linked to it
    kinds: dict[str, bool] = {}  # a common noun -> whether it names people (memo for _can_speak)
    at = {(it.mention.doc, it.head_i): it for it in items if it.head_i >= 0}
    for doc_items in by_doc.values():
        sents = sorted({it.sent for it in doc_items})
        rank = {s: k for k, s in enumerate(sents)}
        for k, it in enumerate(doc_items):
            if it.kind != "pronoun":
                continue
            if it.head in PRONOUNS_OTHER:  # "I", "we", "you": the speaker, not a nearby noun
                unresolved[(event.get(it.mention.doc, 0), _pronoun_class(it.head))].append(it)
                continue
            # "they say", "they believe": whoever they are can speak, not "the charges" before them
            speaks = it.speaks  # read once per pronoun
            # binding: "him" is not the subject of its own clause, nor anyone that subject names
            bound = {sets.find(at[(it.mention.doc, i)].idx) for i in it.bound_by if (it.mention.doc, i) in at}
            for prev in reversed(doc_items[:k]):
                if rank[it.sent] - rank[prev.sent] > _PRONOUN_WINDOW:
                    break
                if prev.kind == "pronoun" or prev.modifier or prev.mention.end > it.mention.start or sets.find(prev.idx) in bound:
                    continue
                if it.head in PRONOUNS_RELATIVE:
                    if it.relative_to < 0:
                        break  # not a relative pronoun, or no parse: no guess
                    ok = prev.mention.start <= it.relative_to < prev.mention.end
                elif it.head in PRONOUNS_PERSON:
                    other = gender_of.get(sets.find(prev.idx)) or _own_gender(prev)
                    ok = other in (None, pronoun_gender(it.head)) and (prev.group == "PERSON" or sets.find(prev.idx) in person_sets or (
                        prev.kind == "nominal" and not prev.plural and is_person_noun(prev.head)))
                elif it.head in PRONOUNS_PLURAL:
                    ok = (prev.plural or prev.group in ("ORG", "NORP")) and (not speaks or _can_speak(prev, kinds))
                else:
                    ok = prev.group not in ("PERSON", "NORP", "TIME") and not prev.plural and (not speaks or _can_speak(prev, kinds))
                if ok:
                    sets.union(it.idx, prev.idx)
                    if it.head in PRONOUNS_PERSON:  # "his" cannot then join the entity "she" named
                        gender_of[sets.find(it.idx)] = pronoun_gender(it.head)
                    break
            else:
                unresolved[(event.get(it.mention.doc, 0), _pronoun_class(it.head))].append(it)
    # no antecedent nearby: one entity per pronoun form and event (the story's "he"/"him"/"his"
    # is mostly its main person)
    for group in unresolved.values():
        for it in group[1:]:
            sets.union(group[0].idx, it.idx)
