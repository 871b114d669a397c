"""Resolver rules for names written in full (``compare/resolve.py`` runs them): one name
written the same way, variants ("John Kerry" / "John F. Kerry"), nicknames ("Rick Gates" /
"Richard Gates"), a one-word name that ends or heads one longer name ("Chargers" / "San Diego
Chargers"), acronyms and clipped forms ("SIA" / "Singapore Airlines", "Fed"), a country written
before a name ("U.S. Federal Reserve"), and suffixed names ("Roger J. Stone Jr.")."""

from __future__ import annotations

import re
from collections import defaultdict

from newsprism.compare.mention_items import Item, compatible, is_full_person
from newsprism.compare.mention_sets import MentionSets
from newsprism.compare.names import (
    ACRONYM,
    CLIPPED,
    COUNTRY_ABBREVIATIONS,
    NAME_LINKS,
    Nicknames,
    acronym_of,
    clips,
    content_words,
    is_subsequence,
    may_be_variants,
    name_tokens,
    phonetic,
    seq_match,
    spells,
    tokens_match,
    variant_candidates,
)
from newsprism.extract.mentions import GENERIC_WORDS, is_demonym
from newsprism.lexicon import OTHER_PLACE_WORDS, name_gender

__all__ = ["merge_names"]


def _nickname_pair(a: Item, b: Item) -> bool:
    """Labels under which two full names may be one person by a nickname: both PERSON, or
    one PERSON and the other a two-word name NER gave a place or group label ("Mo
    Cheeks":GPE beside "Maurice Cheeks":PERSON); the given names are checked by the caller."""
    if a.group == b.group == "PERSON":
        return True
    return "PERSON" in (a.group, b.group) and a.kind == b.kind == "name" and len(a.toks) == len(b.toks) == 2


def _nicknamed(a: Item, b: Item, nick: "Nicknames") -> bool:
    """Same surname (and middle names, or a middle name in one only: "Ben Jealous" / "Benjamin
    Todd Jealous"), given names a nickname pair, no gender cue against."""
    short, long_ = sorted((a, b), key=lambda it: len(it.toks))
    return (
        len(short.toks) >= 2 and tokens_match(short.toks[-1], long_.toks[-1])
        and is_subsequence(short.toks[1:], long_.toks[1:])
        and (a.gender is None or b.gender is None or a.gender == b.gender)
        and bool(a.words) and bool(b.words) and nick.same(a.words[0], b.words[0])
    )


def merge_names(items: list[Item], sets: MentionSets) -> None:
    nick = Nicknames()
    names = [it for it in items if it.kind == "name"]
    full = [it for it in names if it.group != "PERSON" or is_full_person(it)]
    # 1. same key, compatible labels
    by_key: dict[tuple[tuple[str, ...], str], list[Item]] = defaultdict(list)
    for it in full:
        by_key[(it.toks, it.suffix)].append(it)
    reps: list[Item] = []
    for group in by_key.values():
        local: list[Item] = []
        for it in group:
            # a name of two or more words written the same way is one referent in a story,
            # whatever label NER gives each occurrence ("Maurice Cheeks":PERSON/GPE)
            rep = next((r for r in local if len(it.toks) >= 2 or compatible(r, it)), None)
            if rep is None:
                local.append(it)
            else:
                sets.union(rep.idx, it.idx)
        reps.extend(local)
    # 2. variants between distinct keys: the pairs may_be_variants can accept, in order
    for i, j in variant_candidates([it.toks for it in reps]):
        a, b = reps[i], reps[j]
        if a.suffix != b.suffix:
            continue  # "Donald Trump Jr." is not "Donald Trump" (see _merge_suffixed)
        if not may_be_variants(a.toks, b.toks):
            continue
        if not compatible(a, b):
            if _nickname_pair(a, b) and _nicknamed(a, b, nick):
                sets.union(a.idx, b.idx)  # "Mo Cheeks":GPE = "Maurice Cheeks":PERSON
            continue
        if seq_match(a.toks, b.toks) or _plural_variant(a, b):
            sets.union(a.idx, b.idx)
        elif "PERSON" in (a.group, b.group) or (a.group == b.group == "UNK"):
            short, long_ = sorted((a.toks, b.toks), key=len)
            if (len(short) >= 2 and tokens_match(short[0], long_[0]) and tokens_match(short[-1], long_[-1])
                    and is_subsequence(short, long_)):
                sets.union(a.idx, b.idx)  # "John Kerry" = "John F. Kerry", "Recep Erdogan"
            elif len(short) >= 2 and len(long_) > len(short) and seq_match(short, long_[-len(short):]):
                sets.union(a.idx, b.idx)  # a capitalised role before the name: "Charger Jamal Williams"
            elif _nickname_pair(a, b) and _nicknamed(a, b, nick):
                sets.union(a.idx, b.idx)  # a nickname: "Rick Gates" = "Richard Gates"
        elif _country_before(a, b) or _country_before(b, a):
            sets.union(a.idx, b.idx)  # "U.S. Federal Reserve" = "Federal Reserve"
    _merge_country_forms(reps, sets)
    # 3. a one-word name that ends one longer name of the story ("Chargers" / "San Diego Chargers");
    # tokens_match needs equal first and last letters: the longer names indexed by those of their last token
    longer: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for o in full:
        # a title or slogan is not shortened to its last word ("Trump" is not "Dump Trump")
        if len(o.toks) >= 2 and o.group not in ("PERSON", "NORP") and o.mention.label != "WORK_OF_ART" and not _linked_last(o):
            longer[(o.toks[-1][:1], o.toks[-1][-1:])].append(o)
    # ... or that is the head word before "of" of one longer name ("Academy" / "Academy of
    # Motion Picture Arts and Sciences", "the University" / "University of Texas")
    head_of: dict[str, list[Item]] = defaultdict(list)
    for o in full:
        if len(o.words) >= 3 and o.words[1].lower() == "of" and o.group not in ("PERSON", "NORP"):
            head_of[phonetic(o.words[0])].append(o)
    for it in full:
        if it.group in ("PERSON", "NORP") or len(it.toks) != 1:
            continue
        # "the House" (Congress) is not the "White House", nor "the Department" the "State Department"
        generic = it.words[0].lower() in GENERIC_WORDS
        owners = set() if generic else {
            sets.find(o.idx) for o in longer.get((it.toks[0][:1], it.toks[0][-1:]), ())
            if compatible(o, it) and tokens_match(o.toks[-1], it.toks[0])
            # "West Virginia" is not "Virginia", "New Mexico" not "Mexico"
            and not (o.group == it.group == "PLACE" and o.words[0].lower() in OTHER_PLACE_WORDS)
            # a broadcaster's or a firm's brand before a place is no place: "RT America", "BBC America"
            and not (it.group == "PLACE" and ACRONYM.match(o.words[0]) is not None)
            and not (ACRONYM.match(it.words[0]) and o.words[-1] != it.words[0])  # "U.N." is not "Kim Jong Un"
        }
        if not owners:
            owners = {sets.find(o.idx) for o in head_of.get(it.toks[0], ()) if compatible(o, it)}
        if len(owners) == 1:
            sets.union(it.idx, next(iter(owners)))
    # 4. acronyms and clipped forms, when the expansion is unique: "U.N." ~ "United Nations",
    # "SIA" ~ "Singapore Airlines" (each word gives the start of itself), "Fed" ~ "Federal Reserve"
    expanded = [it for it in full if it.group != "PERSON" and acronym_of(it.words)]
    acronyms = [acronym_of(o.words) for o in expanded]
    contents = [content_words(o.words) for o in expanded]
    expansions: dict[str, list[int]] = {}  # a word -> the indices of the names it may abbreviate
    for it in full:
        word = "".join(it.words)
        if len(it.words) != 1 or it.group == "PERSON":
            continue
        found = expansions.get(word)
        if found is None:
            if ACRONYM.match(word):
                letters = word.replace(".", "").lower()
                # a name that begins with the abbreviation itself is not what it stands for:
                # "U.S." is not the "U.S. Senate"
                found = [o.idx for o, a in zip(expanded, acronyms) if a == letters and not _opens_with(o, letters)]
                if not found:
                    found = [o.idx for o, c in zip(expanded, contents) if spells(letters, c) and not _opens_with(o, letters)]
            elif CLIPPED.match(word):
                found = [o.idx for o, c in zip(expanded, contents) if clips(word, c)]
            else:
                found = []
            expansions[word] = found
        targets = {sets.find(x) for x in found}
        if len(targets) == 1:
            sets.union(it.idx, next(iter(targets)))
    _merge_headline_people(full, sets)
    _merge_suffixed(full, sets)




def _opens_with(o: Item, letters: str) -> bool:
    return bool(o.words) and o.words[0].replace(".", "").lower() == letters


def _merge_headline_people(full: list[Item], sets: MentionSets) -> None:
    """A person's name NER ran on into a headline's next words ("Ben Carson Defends", "Bernie
    Sanders Beats") is the person the story names with the first words alone, when one does;
    a surname first ("Obama Gun Control Proposals Unveiled") is the one person of that surname."""
    people: dict[tuple[str, ...], set[int]] = defaultdict(set)
    surnames: dict[str, set[int]] = defaultdict(set)
    for it in full:
        if it.group == "PERSON" and len(it.toks) >= 2 and not it.headline:
            people[it.toks].add(sets.find(it.idx))
            if "-" not in it.mention.text.split()[-1]:  # "Moon" is not "Ban Ki-moon"
                surnames[it.toks[-1]].add(sets.find(it.idx))
    for it in full:
        if not it.headline or it.group not in ("PERSON", "UNK") or re.search(r"['’‘]s\s", it.mention.text):
            continue  # "Obama's Gun Grab" names a thing of his, not him
        if it.toks in people:
            continue  # a full name written in a headline too ("John Kerry")
        for k in range(len(it.toks) - 1, 0, -1):
            # a surname alone only when no given name opens the span ("Malia Obama" is not him)
            owners = people.get(it.toks[:k], set()) if k >= 2 else (
                surnames.get(it.toks[0], set()) if it.words and name_gender(it.words[0]) is None else set())
            if len(owners) == 1:
                sets.union(next(iter(owners)), it.idx)
                break


def _linked_last(o: Item) -> bool:
    """The last word of a name with "of", "for", "and" before it is not what it names: "University
    of Florida" is not "Florida", "Bank of America" not "America", "Union for Reform Judaism" not
    "Judaism"."""
    return len(o.words) >= 3 and any(w.lower() in NAME_LINKS for w in o.words[1:-1])


def _plural_variant(a: Item, b: Item) -> bool:
    """Two names of three words or more, no person's, that differ in one word's plural "s"
    ("Academy of Motion Picture Arts and Sciences" / "... Motion Pictures Arts ...")."""
    if "PERSON" in (a.group, b.group) or len(a.toks) != len(b.toks) or len(a.toks) < 3:
        return False
    odd = [(x, y) for x, y in zip(a.toks, b.toks) if not tokens_match(x, y)]
    return len(odd) == 1 and max(odd[0], key=len) == min(odd[0], key=len) + "s"


def _country_before(short: Item, long_: Item) -> bool:
    """``long_`` is ``short`` (two words or more) with a country written before it."""
    if {short.group, long_.group} & {"PERSON", "NORP"} or short.kind != "name" or long_.kind != "name":
        return False
    n = len(short.toks)
    extra = long_.words[: len(long_.words) - len(short.words)]
    return (
        n >= 2 and len(long_.toks) > n and bool(extra) and seq_match(short.toks, long_.toks[-n:])
        and all(re.sub(r"\W", "", w).lower() in COUNTRY_ABBREVIATIONS or is_demonym(w) for w in extra)
    )


# ways of writing the United States before a name, as one key ("U.S." and "United States")
_US_FORMS = frozenset({"us", "usa", "unitedstates", "unitedstatesofamerica", "america"})


def _country_written(words: tuple[str, ...]) -> tuple[str, int] | None:
    """The country a name opens with ("U.S. Constitution", "United States Constitution") as one
    key, and how many words it takes; None when it opens with none."""
    for k in (1, 2):
        if len(words) <= k:
            break
        lead = "".join(re.sub(r"\W", "", w).lower() for w in words[:k])
        if lead in _US_FORMS:
            return "us", k
        if k == 1 and lead in COUNTRY_ABBREVIATIONS:
            return lead, k
    return None


def _merge_country_forms(reps: list[Item], sets: MentionSets) -> None:
    """One thing written with its country in two ways and without it: "U.S. Constitution" (a
    report's), "United States Constitution" (another's) and "Constitution" (BASIL a28a0329: three
    entities, so the one document all three reports read looked like three). Only when every form
    the story writes with a country names the same country ("U.S. Embassy" and "UK Embassy" are
    two), never a person's or a group's name."""
    forms: dict[tuple[str, ...], list[tuple[str, Item]]] = defaultdict(list)
    for it in reps:
        if it.group in ("PERSON", "NORP") or it.kind != "name":
            continue
        found = _country_written(it.words)
        if found is None:
            continue
        rest = name_tokens(it.words[found[1]:], False)
        if rest:
            forms[rest].append((found[0], it))
    if not forms:
        return
    bare: dict[tuple[str, ...], list[Item]] = defaultdict(list)
    for it in reps:
        if it.toks in forms and it.group not in ("PERSON", "NORP") and it.kind == "name":
            bare[it.toks].append(it)
    for rest, written in forms.items():
        if len({country for country, _ in written}) != 1:
            continue
        members = [it for _, it in written] + bare.get(rest, [])
        if len(members) < 2:
            continue
        first = members[0]
        for other in members[1:]:
            if compatible(first, other):
                sets.union(first.idx, other.idx)


def _merge_suffixed(full: list[Item], sets: MentionSets) -> None:
    """"Roger J. Stone Jr." and "Roger Stone" are one man when no document names both:
    a writer who names "Donald Trump Jr." beside "Donald Trump" means two people."""
    people = [it for it in full if it.group == "PERSON" and len(it.toks) >= 2]
    plain = [it for it in people if not it.suffix]
    for it in people:
        if not it.suffix:
            continue
        owners = {
            sets.find(p.idx) for p in plain
            if tokens_match(p.toks[0], it.toks[0]) and tokens_match(p.toks[-1], it.toks[-1])
            and (is_subsequence(p.toks, it.toks) or is_subsequence(it.toks, p.toks))
        }
        if len(owners) != 1:
            continue
        owner = next(iter(owners))
        mine = sets.find(it.idx)
        docs_plain = {p.mention.doc for p in plain if sets.find(p.idx) == owner}
        docs_suffixed = {p.mention.doc for p in people if p.suffix and sets.find(p.idx) == mine}
        if not docs_plain & docs_suffixed:
            sets.union(mine, owner)
