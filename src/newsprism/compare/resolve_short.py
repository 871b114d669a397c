"""Resolver rules for people named short (``compare/resolve.py`` runs them): a surname
or a given name written alone, and the full name it belongs to; titles and gender cues
("Mr. Trump" is not "Melania Trump"), roles, how often each person is named, and
"Khizr" in "Khizr and Ghazala Khan"."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Mapping, Sequence

from rapidfuzz.distance import Indel
from unidecode import unidecode

from newsprism.compare.mention_items import Item, is_full_person
from newsprism.compare.mention_sets import MentionSets
from newsprism.compare.names import PARTICLES, name_tokens, phonetic, seq_match, tokens_match
from newsprism.extract.mentions import is_demonym
from newsprism.extract.person_names import known_given_name, named_person
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import (
    INSTITUTION_WORDS,
    KIN_NOUNS,
    ORG_SUFFIXES,
    PERSON_TITLES,
    TITLE_ABBREVIATION_WORDS,
    US_STATE_ABBREVIATIONS,
    name_gender,
    title_key,
)

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc

    from newsprism.extract.word_senses import NounSenses

__all__ = ["short_people", "drop_place_abbreviations", "join_paired_given_names", "join_misspelt_surnames", "retype_named_people", "retype_known_things",
           "retype_things_named_for_people", "retype_words_of_places"]


# labels NER puts on a surname written alone ("Cheeks":ORG); never a place label ("Jordan")
# how many more times a word NER called a place must be used as a person's than after "in"/"at"
_PERSON_OVER_PLACE = 5
# characters between a given name said alone and the full name it is said to, at most
_NEXT_BREATH = 100
_SURNAME_MISLABELS = frozenset({"ORG", "NORP", "FAC", "PRODUCT", "WORK_OF_ART", "LANGUAGE", "EVENT", "LAW"})


_DOTTED = re.compile(r"^(?:[A-Za-z]\.){2,6}$")


def _surname_label(it: Item) -> bool:
    # a title or slogan of several words is no surname, whatever word of it is a name ("Hispanics 4 Trump")
    # nor an abbreviation written with periods ("U.N." is not the "Un" of "Kim Jong Un")
    return (it.mention.label in _SURNAME_MISLABELS and len(it.toks) == 1 and not any(is_demonym(w) for w in it.words)
            and not _DOTTED.match(it.mention.text.strip())
            and (it.mention.label != "WORK_OF_ART" or len(it.mention.text.split()) == 1))


def _placed_surnames(items: Sequence[Item]) -> list[Item]:
    """One-word names NER called a place ("Etheridge":GPE, "Braley":GPE) used as a person's —
    a clause's subject, a possessor — whose word the story never writes after a preposition
    of place ("in Jordan"): candidates for a surname (the caller requires a full name ending with it)."""
    # a word written after a preposition of place is a place's, unless the story uses it as a
    # person's far more often: one "digs at Biden" among 27 "Biden said" (BASIL b5eefefb, where
    # NER called every "Biden" of two reports a place, split from "Joe Biden")
    as_place: Counter[tuple[str, ...]] = Counter(it.toks for it in items if it.kind == "name" and it.place_context)
    as_person: Counter[tuple[str, ...]] = Counter(
        it.toks for it in items if it.kind == "name" and it.group == "PLACE" and it.person_role)
    placed = {toks for toks, n in as_place.items() if as_person[toks] < _PERSON_OVER_PLACE * n}
    # a word that reads as a demonym ("Kasich", as "Syrian") is still the surname a person's full name ends with
    surnames = {it.toks[-1] for it in items if it.kind == "name" and it.group == "PERSON" and len(it.toks) >= 2}
    # the given names of the people the story names in full ("Humayun" of "Humayun Khan")
    given = {it.toks[0] for it in items if it.kind == "name" and it.group == "PERSON" and is_full_person(it)}
    senses = noun_senses()
    # ... and as the full names spell them: without a person's role, the phonetic key is too loose
    # ("Bridgeport, Conn." is not "Martin Luther Coon", "(Ky.)" not "Suu Kyi": PolNeAR dev)
    spelled = {_surname_letters(it.words[-1]) for it in items
               if it.kind == "name" and it.group == "PERSON" and len(it.toks) >= 2 and it.words}
    return [
        it for it in items
        if it.kind == "name" and it.group == "PLACE" and it.mention.label != "FAC" and len(it.toks) == 1
        and (it.person_role or (_surname_letters(it.words[0]) in spelled and _no_place_known(it.words[0], senses)))
        and it.toks not in placed
        and (it.toks[0] in surnames or it.toks[0] in given or not any(is_demonym(w) for w in it.words))
    ]


def _no_place_known(word: str, senses: "NounSenses | None") -> bool:
    """WordNet (when installed) knows ``word`` in no sense at all: "Hannity" of "Brat told Hannity"
    (BASIL ee05c9b3, NER's place beside "Sean Hannity"), an object, no person's role to tell; not
    "Jordan", "Florida" (places), nor any word when WordNet is missing."""
    return senses is not None and not senses.senses(word)


def retype_named_people(items: Sequence[Item]) -> None:
    """A name of two words or more NER called an organisation or a work ("GOP presidential
    candidate Carly Fiorina":ORG) is a person's by :func:`newsprism.extract.person_names.named_person`:
    a person's role describes it and its given name is known or its surname is one a person of the
    story bears in full."""
    surnames = {it.toks[-1] for it in items if it.kind == "name" and it.group == "PERSON" and is_full_person(it)}
    titled: list[tuple[Item, str]] = []
    for it in items:
        if it.kind != "name" or it.group not in ("ORG", "OTHER") or len(it.toks) < 2:
            continue
        if named_person(it.words, it.toks[-1], it.role_lemmas, surnames):
            it.group = "PERSON"
            continue
        title = title_key(it.words[0]) if it.words[0][:1].isupper() else ""
        if title in PERSON_TITLES:
            titled.append((it, TITLE_ABBREVIATION_WORDS.get(title, title)))
    # a person's title opens the name NER called an organisation ("Bishop Daniel Jenky":ORG, NYT,
    # BASIL 29ffd053): the rest is a person's name by the same rule, the title their role; then
    # the title before a surname alone of that person ("Bishop Jenky":ORG) is that person's
    for it, role in titled:
        rest = it.words[1:]
        if len(rest) >= 2 and named_person(rest, it.toks[-1], it.role_lemmas | {role}, surnames):
            _as_person(it, rest)
            surnames.add(it.toks[-1])
    for it, _role in titled:
        if it.group != "PERSON" and len(it.words) == 2 and it.toks[-1] in surnames:
            _as_person(it, it.words[1:])


def _as_person(it: Item, words: tuple[str, ...] | list[str]) -> None:
    """``it`` read as a person's name: its words without the title, keyed as a person's."""
    it.group = "PERSON"
    it.words = tuple(words)
    it.toks = name_tokens(it.words, True) or it.toks


# what a compound WordNet knows in no person's sense is, by its lexicographer file
_THING_GROUPS = {"noun.group": "ORG", "noun.location": "PLACE"}


def retype_known_things(items: Sequence[Item]) -> None:
    """A name NER called a person that ends in a compound WordNet (the optional ``[wordnet]``
    extra) knows, and knows in no sense as a person, is that thing: "White House", "the Obama
    White House" (NYT, BASIL 84678e18: a bare "Obama" of "the Obama administration" was then read
    as the given name of "Obama White House" and joined the White House). A title or a gender cue
    other than the given name keeps a person ("Mr. White House" is somebody's name)."""
    senses = noun_senses()
    if senses is None:
        return
    for it in items:
        if it.kind != "name" or it.group != "PERSON" or len(it.words) < 2:
            continue
        if it.gender is not None and not it.gender_by_name:
            continue
        for k in range(len(it.words) - 1):
            tail = [w for w in it.words[k:]]
            if not all(w[:1].isupper() for w in tail):
                continue
            found = senses.senses(" ".join(tail))
            kinds = [senses.synset(o).lexname for o in found]
            if kinds and "noun.person" not in kinds:
                it.group = _THING_GROUPS.get(kinds[0], "OTHER")
                break


def retype_things_named_for_people(items: Sequence[Item], docs: "Mapping[str, Doc]") -> None:
    """A name of two words NER called a person whose last word is a common noun of a thing and
    whose first is no known given name is that thing: "the prestigious Whittington Lecture", "cuts
    in Pell Grants" (BASIL 29ffd053, open), "Harvard Law", "Midway Atoll". The last word is a
    noun WordNet (the optional ``[wordnet]`` extra) knows only as a common noun of no person
    ("lecture"), or a plural whose singular's first sense is a possession, an act, a message or
    an event ("grants"; not "Woods", "Banks"). A person stays one when a title, an honorific or a
    role set off beside the name says so, when the last word is the surname of another person of
    the story ("Ivana Trump" beside "Donald Trump"), or when "of" and a place follow the name as they
    follow a lawmaker's ("when Roswell Flower of New York appended", BASIL a28a0329)."""
    senses = noun_senses()
    if senses is None:
        return
    full = [it for it in items if it.kind == "name" and it.group == "PERSON" and len(it.words) == 2]
    surnames = Counter(it.words[-1].lower() for it in full)
    written = Counter(" ".join(it.words) for it in full)
    for it in full:
        first, last = it.words
        if (it.gender is not None or it.title_roles or it.roles or not last[:1].isupper() or known_given_name(first)
                or surnames[last.lower()] > written[" ".join(it.words)] or _of_a_place(it, docs.get(it.mention.doc))):
            continue
        plural = last.endswith("s") and not last.endswith("ss")
        if not plural and senses.common_noun(last):
            # "Dish Network" NER called a person: an institution's word makes it an organisation
            it.group = "ORG" if last.lower() in INSTITUTION_WORDS | ORG_SUFFIXES else "OTHER"
            continue
        found = senses.senses(last[:-1]) if plural else ()
        if found:
            sense = senses.synset(found[0])
            if sense.lexname in _GRANTED_KINDS and last[:-1].lower() in sense.words:
                it.group = "OTHER"


def _of_a_place(it: Item, doc: "Doc | None") -> bool:
    """The name is followed by "of" and a place's name: "Roswell Flower of New York"."""
    if doc is None:
        return False
    span = doc.char_span(it.mention.start, it.mention.end, alignment_mode="expand")
    return (span is not None and span.end + 1 < len(doc) and doc[span.end].lower_ == "of"
            and doc[span.end + 1].ent_type_ == "GPE")


# what a plural name's singular must first mean to name a thing, not a family ("Pell Grants"; not
# "Tiger Woods", "Ernie Banks": a substance, a group)
_GRANTED_KINDS = frozenset({"noun.possession", "noun.act", "noun.communication", "noun.event"})

# an adjective that places a name between a preposition of place and it ("in nearby Clayton")
_PLACING_ADJECTIVES = frozenset({"nearby", "neighboring", "neighbouring", "suburban", "downtown"})
_PLACE_PREPOSITIONS = frozenset({"in", "at", "near", "from", "to", "into", "outside"})


def retype_words_of_places(items: Sequence[Item], docs: "Mapping[str, Doc]") -> None:
    """A one-word name NER alone called a person, with no title, honorific or role, is a place
    when the story writes it as a word of a longer place's or building's name and in no person's
    name ("at Andrews" beside "Joint Base Andrews"; "the Florissant campus" beside "West
    Florissant Avenue"; BASIL 9879bbc0 and ed8c136f, open), or when an adjective of place stands
    between a preposition and it ("In nearby Clayton, a grand jury began"); an organisation when it
    opens a group's name joined by "and" (:func:`_opens_a_group_name`). A speaker among them is a
    person again (``entity_types.type_speakers``)."""
    place_words = {t for it in items if it.kind == "name" and it.group == "PLACE" and len(it.toks) >= 2 for t in it.toks}
    person_words = {t for it in items if it.kind == "name" and it.group in ("PERSON", "UNK") and len(it.toks) >= 2
                    for t in it.toks}
    for it in items:
        if (it.kind != "name" or it.group != "PERSON" or it.mention.label != "PERSON" or len(it.toks) != 1
                or it.title_roles or (it.gender is not None and not it.gender_by_name)):
            continue
        word = it.toks[0]
        if word in person_words:
            continue
        # a role set off beside it says a person ("Andrews, a retired teacher"), unless an adjective places it
        doc = docs.get(it.mention.doc)
        if (word in place_words and not it.roles) or _placed_by_adjective(it, doc):
            it.group = "PLACE"
        elif _opens_a_group_name(it, doc):
            it.group = "ORG"


# the AP's abbreviations of states written with a period after each letter ("Trenton, N.J.", "Washington,
# D.C."); the others ("Ill.", "Calif.") are ``lexicon.US_STATE_ABBREVIATIONS``. Initials of a given name
# that spell one of these after a town and a comma are the rare loss ("In Tulsa, J.C. Watts": not one)
_DOTTED_STATES = frozenset("d.c. n.c. n.d. n.h. n.j. n.m. n.y. r.i. s.c. s.d. w.va.".split())


def _state_abbreviation(word: str) -> bool:
    low = word.lower()
    return low in _DOTTED_STATES or (low.endswith(".") and low[:-1] in US_STATE_ABBREVIATIONS)


def drop_place_abbreviations(items: Sequence[Item], docs: "Mapping[str, Doc]") -> None:
    """A person's name NER ran on from a state's abbreviation that closes a place ("in Washington, D.C.
    Jackson's wife spent", Fox, BASIL f506aafc: the parser saw no sentence end after "D.C.") is the name
    after it: the abbreviation written after a place and a comma is the place's, not a given name, and
    "D.C. Jackson" is a surname alone (``short_people`` then finds whose). The mention's span keeps its words."""
    for it in items:
        doc = docs.get(it.mention.doc)
        if doc is None or it.kind != "name" or it.group != "PERSON" or len(it.words) < 2 or not _state_abbreviation(it.words[0]):
            continue
        span = doc.char_span(it.mention.start, it.mention.end, alignment_mode="expand")
        if span is None or span.start < 2 or span[0].text != it.words[0]:
            continue
        comma, place = doc[span.start - 1], doc[span.start - 2]
        if comma.text == "," and place.ent_type_ == "GPE":
            it.words = it.words[1:]
            it.toks = name_tokens(it.words, True) or it.toks[1:]


def _opens_a_group_name(it: Item, doc: "Doc | None") -> bool:
    """"The Gay and Lesbian Alliance Against Defamation has asked ...": after "the", the first word of
    a capitalised pair joined by "and" whose words go on to a group's noun (a sense WordNet, the
    optional ``[wordnet]`` extra, gives it: "Alliance", "League") or an institution's (BASIL 450755dd, open: "Gay" was a person)."""
    senses = noun_senses()
    if doc is None or senses is None:
        return False
    span = doc.char_span(it.mention.start, it.mention.end, alignment_mode="expand")
    if span is None or span.start == 0 or doc[span.start - 1].lower_ != "the" or span.end + 2 >= len(doc):
        return False
    if doc[span.end].lower_ not in ("and", "&"):
        return False
    for tok in doc[span.end + 1:span.end + 7]:
        if not tok.is_title:
            return False
        word = tok.lower_
        found = senses.senses(word)
        if word in INSTITUTION_WORDS or any(senses.synset(o).lexname == "noun.group" for o in found):
            return True
    return False


def _placed_by_adjective(it: Item, doc: "Doc | None") -> bool:
    if doc is None:
        return False
    span = doc.char_span(it.mention.start, it.mention.end, alignment_mode="expand")
    if span is None or span.start < 2:
        return False
    adjective, preposition = doc[span.start - 1], doc[span.start - 2]
    return adjective.lower_ in _PLACING_ADJECTIVES and preposition.lower_ in _PLACE_PREPOSITIONS


def short_people(items: list[Item], sets: MentionSets) -> None:
    """Surnames and first names written alone, and the full names they belong to."""
    placed = {it.idx for it in _placed_surnames(items)}
    names = [it for it in items if it.kind == "name" and (it.group in ("PERSON", "UNK") or _surname_label(it) or it.idx in placed)]
    full = [it for it in names if is_full_person(it) and it.group == "PERSON"]
    short = [it for it in names if not is_full_person(it)]
    short = [it for it in short if it.group == "PERSON" or (it.words and it.words[0][:1].isupper())]
    full_tails = {f.toks[-1] for f in full}
    full_heads = {f.toks[0] for f in full}
    # a one-word name NER calls an organisation (or a place, used as a person's) is a
    # surname only when a full name ends with it, or a given name when one opens with it
    # ("Humayun":GPE, "Humayun was 27", beside "Humayun Khan")
    short = [it for it in short if it.group in ("PERSON", "UNK") or (
        len(it.toks) == 1 and (it.toks[0] in full_tails or (it.idx in placed and it.toks[0] in full_heads)))]
    roles_of: dict[int, set[str]] = defaultdict(set)
    for it in items:
        roles_of[sets.find(it.idx)] |= it.role_lemmas
    # roles of a short name = roles of all its same-key mentions in that doc
    local_roles: dict[tuple[str, tuple[str, ...]], set[str]] = defaultdict(set)
    for it in short:
        local_roles[(it.mention.doc, it.toks)] |= it.role_lemmas
    # full names by the first letter of their last key: a tail match needs it equal
    full_by_last: dict[str, list[Item]] = defaultdict(list)
    full_by_first: dict[str, list[Item]] = defaultdict(list)
    for f in full:
        full_by_last[f.toks[-1][:1]].append(f)
        full_by_first[f.toks[0][:1]].append(f)
    # the genders each entity's names carry ("Mr. Trump" is not "Melania Trump")
    genders_of: dict[int, set[str]] = defaultdict(set)
    for it in names:
        if it.gender is not None:
            genders_of[sets.find(it.idx)].add(it.gender)
    mentions_of: Counter[int] = Counter(sets.find(it.idx) for it in names)

    def join(it: Item, other: Item) -> None:
        # the full name's count and roles follow the joined root: a surname joined first to the
        # most named person can become its root ("Clinton" in a headline), and the next surname
        # must still see "Hillary Clinton" named four times (the count stays that of the names
        # written in full: a surname joined does not make its person more often named)
        ra, rb = sets.find(it.idx), sets.find(other.idx)
        count = mentions_of[rb]
        roles = roles_of[ra] | roles_of[rb]
        _join_gendered(sets, genders_of, it, other)
        root = sets.find(it.idx)
        mentions_of[root], roles_of[root] = count, roles
    # a one-word name the rules of names already joined to a longer name ("Scott":ORG to "Keith
    # Lamont Scott":ORG) is that name's: it is not joined again to another person's
    longer_roots = {sets.find(x.idx) for x in items if x.kind == "name" and len(x.toks) >= 2}
    leftovers: list[Item] = []
    for it in short:
        n = len(it.toks)
        if n == 1 and sets.find(it.idx) in longer_roots:
            continue
        tails = [f for f in full_by_last.get(it.toks[-1][:1], ()) if len(f.toks) > n and seq_match(f.toks[-n:], it.toks)
                 and n >= _last_word_parts(f)]  # "Moon" is not "Ban Ki-moon"
        # "Trump Jr." is the man named with "Jr."; a bare "Trump" is first the one named without it
        same_suffix = [f for f in tails if f.suffix == it.suffix]
        if not it.suffix and same_suffix and _only_a_relative_here(it, tails, genders_of, sets):
            # "Mr. Jackson" after "Jesse L. Jackson Jr." and "Mr. Jackson's father, the Rev. Jesse L.
            # Jackson": the man this report names without "Jr." only as a relative is not who it means
            tails = [f for f in tails if f.suffix and f.mention.doc == it.mention.doc]
        elif it.suffix or same_suffix:
            tails = same_suffix
        if it.gender is not None:  # an honorific rules out the full names of the other gender
            tails = [f for f in tails if genders_of[sets.find(f.idx)] <= {it.gender}]
        owners = {sets.find(f.idx) for f in tails}
        if owners and n == 1 and _given_name_of_another(it, owners, full_by_first.get(it.toks[0][:1], ()), sets, mentions_of):
            # "I would say Paul" beside "Rand Paul" and "Paul Ryan" (named more often): a surname of
            # one and the given name of another, written with no title to tell — when unsure, don't merge
            leftovers.append(it)
            continue
        if it.gender is not None and len(owners) > 1 and not any(genders_of[o] == {it.gender} for o in owners):
            # "Mr. Khan" beside "Ghazala Khan" and "Humayun Khan", given names that tell no
            # gender: which one is a guess (the nearest was his wife) — when unsure, don't merge
            leftovers.append(it)
            continue
        if len(owners) > 1:
            # "Fiorina" beside "Carly Fiorina" and "her husband, Frank Fiorina": a surname alone
            # names the person the story is about, not one it names only through a relative
            main = [f for f in tails if not (roles_of[sets.find(f.idx)] and roles_of[sets.find(f.idx)] <= KIN_NOUNS)]
            if main and len({sets.find(f.idx) for f in main}) == 1:
                tails, owners = main, {sets.find(main[0].idx)}
        if len(owners) > 1 and it.role_lemmas:  # "President Trump": the one also called president
            shared = [f for f in tails if it.role_lemmas & roles_of[sets.find(f.idx)]]
            if len({sets.find(f.idx) for f in shared}) == 1:
                tails, owners = shared, {sets.find(shared[0].idx)}
        if len(owners) > 1:  # one person named far more often than the others is who a surname means
            ranked = sorted(owners, key=lambda o: -mentions_of[o])
            if mentions_of[ranked[0]] >= 3 * mentions_of[ranked[1]]:
                tails = [f for f in tails if sets.find(f.idx) == ranked[0]]
                owners = {ranked[0]}
        if len(owners) == 1:
            join(it, tails[0])
            continue
        if len(owners) > 1:
            before = [f for f in tails if f.mention.doc == it.mention.doc and f.mention.start < it.mention.start]
            if before:
                join(it, before[-1])
            else:
                leftovers.append(it)
            continue
        if n != 1:
            leftovers.append(it)
            continue
        firsts = [f for f in full_by_first.get(it.toks[0][:1], ()) if tokens_match(f.toks[0], it.toks[0])]
        # a surname written first (Korean, Chinese): "Moon" is "Moon Jae-in", "Xi" is "Xi Jinping"
        family_first = {sets.find(f.idx) for f in firsts if _family_name_first(f)}
        if len(family_first) == 1 and len({sets.find(f.idx) for f in firsts}) == 1 and name_gender(it.words[0]) is None:
            sets.union(it.idx, firsts[0].idx)
            continue
        earlier = [f for f in firsts if f.mention.doc == it.mention.doc and f.mention.start < it.mention.start]
        if len({sets.find(f.idx) for f in earlier}) == 1:
            sets.union(it.idx, earlier[0].idx)
            continue
        owners = {sets.find(f.idx) for f in firsts}
        # a given name said to the person the report names in full in the next breath ("what have you
        # guys been doing, John?" Obama continued, calling out Speaker of the House John Boehner"):
        # only a known given name, the story's only person of that first name, named in its
        # sentence or within a short sentence's length after it
        if len(owners) == 1 and not earlier and name_gender(it.words[0]) is not None and any(
                f.mention.doc == it.mention.doc and f.mention.start > it.mention.start
                and (f.sent == it.sent or f.mention.start - it.mention.end <= _NEXT_BREATH) for f in firsts):
            sets.union(it.idx, firsts[0].idx)
            continue
        mine = local_roles[(it.mention.doc, it.toks)]
        if len(owners) == 1 and mine & roles_of[next(iter(owners))]:
            sets.union(it.idx, firsts[0].idx)
            continue
        leftovers.append(it)
    # what stays alone: one entity per name, across docs only if the roles do not disagree
    # ... and one per gender: "Mr. Khan" and "Ms. Khan" left alone are two people; a bare "Khan"
    # goes with them only when the name is written with one gender's title alone
    genders_by_name: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for it in leftovers:
        if it.gender is not None:
            genders_by_name[it.toks].add(it.gender)
    by_key: dict[tuple[tuple[str, ...], str | None], list[Item]] = defaultdict(list)
    for it in leftovers:
        told = genders_by_name[it.toks]
        gender = it.gender if it.gender is not None else (next(iter(told)) if len(told) == 1 else None)
        by_key[(it.toks, gender)].append(it)
    for group in by_key.values():
        first_of_doc: dict[str, Item] = {}
        for it in group:
            if it.mention.doc in first_of_doc:
                sets.union(first_of_doc[it.mention.doc].idx, it.idx)
            else:
                first_of_doc[it.mention.doc] = it
        heads = list(first_of_doc.values())
        for other in heads[1:]:
            a = local_roles[(heads[0].mention.doc, heads[0].toks)]
            b = local_roles[(other.mention.doc, other.toks)]
            if not a or not b or a & b:
                sets.union(heads[0].idx, other.idx)


def _given_name_of_another(it: Item, owners: set[int], firsts: Sequence[Item], sets: MentionSets,
                           mentions_of: Counter[int]) -> bool:
    """A one-word name written bare (no honorific, no role) that is a known given name and the
    first name of a person other than the ``owners`` its surname reading finds, named at least as
    often as they are (news names a person by the surname: "Frank" beside "Barney Frank" three
    times and "Frank R. Lautenberg" once is Barney Frank)."""
    if (it.gender is not None and not it.gender_by_name) or it.role_lemmas or name_gender(it.words[0]) is None:
        return False
    others = {sets.find(f.idx) for f in firsts if tokens_match(f.toks[0], it.toks[0])} - owners
    return bool(others) and max(mentions_of[o] for o in others) >= max(mentions_of[o] for o in owners)


def _last_word_parts(f: Item) -> int:
    """How many name tokens the last written word of a name holds ("Ban Ki-moon": 2)."""
    words = re.sub(r"['’‘]s$", "", f.mention.text.strip()).split()
    # the article of an Arabic name is no part ("Bashar al-Assad": "Assad" is his surname)
    return len([p for p in re.split(r"[-‐]", words[-1]) if p and phonetic(p) not in PARTICLES]) if words else 1


def _family_name_first(f: Item) -> bool:
    """A name written family name first, as Korean and Chinese names are in English news:
    a hyphenated given name after it ("Moon Jae-in", "Kim Jong-un") or a family name of one
    or two letters plus a vowel ("Xi Jinping", "Li Keqiang", "Kim Jong Un")."""
    words = f.mention.text.split()
    if len(words) < 2 or len(words) > 3 or not f.words:
        return False
    first = f.words[0]
    return (f.mention.text.startswith(first) and re.search(r"\w-\w", " ".join(words[1:])) is not None) or (
        len(first) <= 3 and name_gender(first) is None
    )


def join_paired_given_names(items: list[Item], sets: MentionSets) -> None:
    """"Khizr" in "Khizr and Ghazala Khan" is "Khizr Khan" when the story names exactly one
    person so."""
    full = [it for it in items if it.kind == "name" and it.group == "PERSON" and len(it.toks) == 2]
    for it in items:
        if not it.paired_surname or it.kind != "name" or len(it.toks) != 1:
            continue
        surname = phonetic(it.paired_surname)
        owners = {sets.find(f.idx) for f in full if tokens_match(f.toks[0], it.toks[0]) and tokens_match(f.toks[1], surname)}
        if len(owners) == 1:
            sets.union(it.idx, next(iter(owners)))


def _join_gendered(sets: MentionSets, genders_of: dict[int, set[str]], it: Item, other: Item) -> None:
    """Join ``it`` to ``other``'s entity and carry both gender sets to the joined root, so a
    later "Ms. Khan" cannot join the entity a "Mr. Khan" has joined."""
    carried = genders_of[sets.find(it.idx)] | genders_of[sets.find(other.idx)]
    if it.gender is not None:
        carried = carried | {it.gender}
    sets.union(it.idx, other.idx)
    genders_of[sets.find(it.idx)] = carried


def _only_a_relative_here(it: Item, tails: Sequence[Item], genders_of: dict[int, set[str]], sets: MentionSets) -> bool:
    """In ``it``'s report, a full name with a generational suffix comes before it, and every
    namesake of that man written there before it without the suffix (his given name, of its
    gender where it has one) is written only as someone's relative ("his father, Rev. Jesse
    Jackson") — or there is none: the report has named no namesake of the man with the suffix so far.

    Only a namesake competes: the suffix tells a son from the father whose name he bears, not from
    his wife or a stranger of the surname (Fox, BASIL f506aafc: "Jackson" after "Former Rep. Jesse
    Jackson Jr.", "The charge against Sandra Jackson" and "a Michael Jackson fedora" is still he)."""
    here = [f for f in tails if f.mention.doc == it.mention.doc and f.mention.start < it.mention.start]
    given = [f.toks[0] for f in here if f.suffix and len(f.toks) >= 2]
    if not given:
        return False
    plain = [f for f in here if not f.suffix and any(tokens_match(f.toks[0], g) for g in given)
             and (it.gender is None or genders_of[sets.find(f.idx)] <= {it.gender})]
    # vacuously so when the report has named only the man with the suffix yet ("Jackson said", Fox and
    # NYT, BASIL f506aafc, after "Former Rep. Jesse Jackson Jr." and nobody else of that surname)
    return all(f.role_lemmas and f.role_lemmas <= KIN_NOUNS for f in plain)


# a surname this long or longer may be a one-letter misspelling of another ("Reid" / "Reed",
# "Kerry" / "Kerr" are two people, short names one letter apart are common)
_MIN_MISSPELT = 6


def _surname_letters(word: str) -> str:
    return re.sub(r"[^a-z]", "", unidecode(re.sub(r"['’‘]s$", "", word)).lower())


def join_misspelt_surnames(items: Sequence[Item], sets: MentionSets) -> None:
    """A person's surname written alone that no full name of the story ends with, one letter
    added or dropped from the surname of the one person its own report names in full: the
    report's misspelling of that person ("Technically, Mr. Hutchison’s task force ..." in a report
    that names "Asa Hutchinson" and says "Mr. Hutchinson" before; BASIL 68748e7f). Never a
    letter replaced ("Reid" / "Reed" are two senators), never an "s" more or less ("the Clintons"
    are a family), never under six letters, never a known given name, never when another person of the story is as close or the genders differ: news
    names a new person in full first, so a bare surname nobody was named with is a slip."""
    full = [it for it in items if it.kind == "name" and it.group == "PERSON" and is_full_person(it) and it.words]
    if not full:
        return
    long_roots = {sets.find(it.idx) for it in items if it.kind == "name" and len(it.toks) >= 2}
    genders: dict[int, set[str]] = defaultdict(set)
    for it in items:
        if it.kind == "name" and it.gender is not None:
            genders[sets.find(it.idx)].add(it.gender)
    for it in items:
        if (it.kind != "name" or it.group != "PERSON" or len(it.toks) != 1 or len(it.words) != 1
                or sets.find(it.idx) in long_roots or name_gender(it.words[0]) is not None):
            continue
        word = _surname_letters(it.words[0])
        if len(word) < _MIN_MISSPELT or any(tokens_match(f.toks[-1], it.toks[0]) for f in full):
            continue
        # "the Clintons" (a family) is no misspelling of "Clinton"
        close = [f for f in full if Indel.distance(surname := _surname_letters(_surname_of(f)), word) == 1
                 and word != surname + "s" and surname != word + "s"]
        owners = {sets.find(f.idx) for f in close}
        if len(owners) != 1 or not any(f.mention.doc == it.mention.doc for f in close):
            continue
        owner = next(iter(owners))
        mine = genders[sets.find(it.idx)]
        if mine and genders[owner] and mine != genders[owner]:
            continue
        sets.union(it.idx, close[0].idx)
        genders[sets.find(it.idx)] = mine | genders[owner]
        long_roots.add(sets.find(it.idx))


def _surname_of(f: Item) -> str:
    """The last written word of a full name that is no generational suffix ("Jackson" of "Jesse Jackson Jr.")."""
    words = [w for w in f.words if w]
    if f.suffix and len(words) > 1:
        words = words[:-1]
    return words[-1]
