"""Cross-document entity resolution: mentions -> entities.

The rules that join mentions live here; what they read of a mention is
``compare/mention_items.py``, how two names are compared ``compare/names.py``, and an
entity's name and type ``compare/entity_types.py``.

People: full names match on first and last name (middle names and initials
may be missing); a surname alone joins the one full name that ends with it
(the nearest preceding one in its doc when several do); a first name alone
joins a full name only when that is the only candidate AND both are described
by the same role noun ("Yasser, an accountant" / "Yasser Hemeish, a former
accountant"), or when the full name was written earlier in the same document.

A name of two or more words written the same way is one entity whatever
label NER gives each occurrence; a one-word name NER calls an organisation
("Cheeks":ORG) is taken as a surname when a full person name ends with it.

Mentions that are not names (ECB+ gold mentions include them): common nouns
join on their head lemma (the syntactic head, past a leading preposition:
"on a freeway" -> "freeway"), together with names whose head is that same
word capitalised ("the surgeon general" / "Surgeon General"), and the one
named entity described by that role noun (or the one described by it three times as often
as any other: "President Obama" eight times, a headline's "President Nominates Regina
Benjamin" once). A title alone ("The President", "the US President-elect") is such a role noun. Pronouns join the nearest
preceding compatible mention of their document: "he"/"she" only a person
(a PERSON name, an entity named as one, or a person noun such as "woman",
"driver"), never an entity already referred to by the other gender;
"who"/"which"/"that" only the noun their relative clause modifies. Pronouns
with no antecedent join the other forms of the same pronoun ("he", "him", "his").
"Today" / "tonight" join the one weekday the event's documents name most (at least twice, and
twice as often as any other); one calendar day written two ways ("on Feb. 22" / "Sunday, February
22, 2009") is one entity unless the years differ; so is one clock time ("at about 7 p.m." / "around
7 p.m."). Two entities written as the same argument of one verb (its subject or its object) are
one when at most one of them is named ("captured 23 pirates" / "captured the brigands"). These rules
that join by words alone work within the documents of one event of the story
(``compare/doc_events.py``: "the woman" of one crash is not the woman of another); names
join across the whole story.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from newsprism.compare.doc_events import event_groups
from newsprism.compare.mention_context import similar_context_pairs
from newsprism.compare.entity_types import canonical_name, entity_type, type_speakers
from newsprism.compare.mention_items import (
    PRONOUNS,
    PRONOUNS_OTHER,
    PRONOUNS_PERSON,
    PRONOUNS_PLURAL,
    PRONOUNS_RELATIVE,
    Item,
    compatible,
    is_full_person,
    is_person_noun,
    make_item,
    mention_head,
)
from newsprism.compare.names import (
    ACRONYM,
    NAME_LINKS,
    CLIPPED,
    COUNTRY_ABBREVIATIONS,
    PARTICLES,
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
from newsprism.extract.mentions import is_demonym
from newsprism.lexicon import COMPASS_WORDS, FEMALE_NOUNS, MALE_NOUNS, WEEKDAYS, name_gender
from newsprism.model import Entity, Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from spacy.tokens import Doc

# mention_head, phonetic, tokens_match, name_tokens, type_speakers and PRONOUNS are
# re-exported: callers have imported them from here
__all__ = ["resolve_entities", "entity_clusters", "phonetic", "tokens_match", "name_tokens", "type_speakers",
           "mention_head", "PRONOUNS"]

_PRONOUN_WINDOW = 3  # sentences back


class _Sets:
    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)  # the earlier mention stays the root

    def groups(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = defaultdict(list)
        for i in range(len(self.parent)):
            out[self.find(i)].append(i)
        return out



# ---------------------------------------------------------------- rules


def _nickname_pair(a: Item, b: Item) -> bool:
    """Labels under which two full names may be one person by a nickname: both PERSON, or
    one PERSON and the other a two-word name NER gave a place or group label ("Mo
    Cheeks":GPE beside "Maurice Cheeks":PERSON); the given names are checked by the caller."""
    if a.group == b.group == "PERSON":
        return True
    return "PERSON" in (a.group, b.group) and a.kind == b.kind == "name" and len(a.toks) == len(b.toks) == 2


def _nicknamed(a: Item, b: Item, nick: "Nicknames") -> bool:
    """Same surname (and middle names), given names a nickname pair, no gender cue against."""
    return (
        len(a.toks) == len(b.toks) >= 2 and seq_match(a.toks[1:], b.toks[1:])
        and (a.gender is None or b.gender is None or a.gender == b.gender)
        and bool(a.words) and bool(b.words) and nick.same(a.words[0], b.words[0])
    )


def _merge_names(items: list[Item], sets: _Sets) -> None:
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
        owners = {
            sets.find(o.idx) for o in longer.get((it.toks[0][:1], it.toks[0][-1:]), ())
            if compatible(o, it) and tokens_match(o.toks[-1], it.toks[0])
            and not (o.group == it.group == "PLACE" and o.words[0].lower() in COMPASS_WORDS)  # "West Virginia" is not "Virginia"
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
                found = [o.idx for o, a in zip(expanded, acronyms) if a == letters]
                if not found:
                    found = [o.idx for o, c in zip(expanded, contents) if spells(letters, c)]
            elif CLIPPED.match(word):
                found = [o.idx for o, c in zip(expanded, contents) if clips(word, c)]
            else:
                found = []
            expansions[word] = found
        targets = {sets.find(x) for x in found}
        if len(targets) == 1:
            sets.union(it.idx, next(iter(targets)))
    _merge_suffixed(full, sets)




def _linked_last(o: Item) -> bool:
    """The last word of a name joined by "of", "for", "and" is not what it names: "University
    of Florida" is not "Florida", "Bank of America" not "America"."""
    return len(o.words) >= 3 and o.words[-2].lower() in NAME_LINKS


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


def _merge_suffixed(full: list[Item], sets: _Sets) -> None:
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


# labels NER puts on a surname written alone ("Cheeks":ORG); never a place label ("Jordan")
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
    placed = {it.toks for it in items if it.kind == "name" and it.place_context}
    # a word that reads as a demonym ("Kasich", as "Syrian") is still the surname a person's full name ends with
    surnames = {it.toks[-1] for it in items if it.kind == "name" and it.group == "PERSON" and len(it.toks) >= 2}
    return [
        it for it in items
        if it.kind == "name" and it.group == "PLACE" and it.mention.label != "FAC" and len(it.toks) == 1
        and it.person_role and it.toks not in placed
        and (it.toks[0] in surnames or not any(is_demonym(w) for w in it.words))
    ]


def _short_people(items: list[Item], sets: _Sets) -> None:
    """Surnames and first names written alone, and the full names they belong to."""
    placed = {it.idx for it in _placed_surnames(items)}
    names = [it for it in items if it.kind == "name" and (it.group in ("PERSON", "UNK") or _surname_label(it) or it.idx in placed)]
    full = [it for it in names if is_full_person(it) and it.group == "PERSON"]
    short = [it for it in names if not is_full_person(it)]
    short = [it for it in short if it.group == "PERSON" or (it.words and it.words[0][:1].isupper())]
    full_tails = {f.toks[-1] for f in full}
    # a one-word name NER calls an organisation (or a place, used as a person's) is a
    # surname only when a full name ends with it
    short = [it for it in short if it.group in ("PERSON", "UNK") or (len(it.toks) == 1 and it.toks[0] in full_tails)]
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
        if it.suffix or same_suffix:
            tails = same_suffix
        if it.gender is not None:  # an honorific rules out the full names of the other gender
            tails = [f for f in tails if genders_of[sets.find(f.idx)] <= {it.gender}]
        owners = {sets.find(f.idx) for f in tails}
        if it.gender is not None and len(owners) > 1 and not any(genders_of[o] == {it.gender} for o in owners):
            # "Mr. Khan" beside "Ghazala Khan" and "Humayun Khan", given names that tell no
            # gender: which one is a guess (the nearest was his wife) — when unsure, don't merge
            leftovers.append(it)
            continue
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


def _last_word_parts(f: Item) -> int:
    """How many name tokens the last written word of a name holds ("Ban Ki-moon": 2)."""
    words = re.sub(r"['’]s$", "", f.mention.text.strip()).split()
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


def _join_paired_given_names(items: list[Item], sets: _Sets) -> None:
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


def _merge_nominals(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    """Common nouns: one entity per head lemma within the documents of one event, joined to the
    one named entity with that role there."""
    by_head: dict[tuple[int, str], list[Item]] = defaultdict(list)
    names_by_head: dict[tuple[int, str], list[Item]] = defaultdict(list)
    for it in items:
        if it.kind == "nominal":
            by_head[(event.get(it.mention.doc, 0), it.head)].append(it)
        elif it.kind == "name":
            names_by_head[(event.get(it.mention.doc, 0), it.head)].append(it)
    role_owner: dict[tuple[int, str], Counter[int]] = defaultdict(Counter)
    name_count: Counter[int] = Counter()
    for it in items:
        if it.kind == "name":
            name_count[sets.find(it.idx)] += 1
            for lemma in it.role_lemmas:
                role_owner[(event.get(it.mention.doc, 0), lemma)][sets.find(it.idx)] += 1
    names_of_lemma = Counter({lemma: 0 for _, lemma in by_head})
    for (_, lemma), named in names_by_head.items():
        names_of_lemma[lemma] += len(named)
    for key, group in by_head.items():
        for it in group[1:]:
            sets.union(group[0].idx, it.idx)
        # the same common noun written capitalised ("Surgeon General" / "the surgeon general")
        for it in names_by_head.get(key, ()):
            sets.union(group[0].idx, it.idx)
        ranked = role_owner[key].most_common(2) if key in role_owner else []
        # the one name given that role, or the one given it far more often than any other
        # ("President Obama" eight times; "President Nominates Regina Benjamin", a headline, once)
        if ranked and (len(ranked) == 1 or ranked[0][1] >= _ROLE_DOMINANCE * ranked[1][1]):
            owner = ranked[0][0]
            # an office written as a name more often than its holder is named ("the Surgeon
            # General" 40 times, "Regina Benjamin" 25) is the office, not that person
            capitalised = names_of_lemma[key[1]]  # story-wide, as names are
            if capitalised <= name_count[owner]:
                sets.union(group[0].idx, owner)


# how many times more often than any other name one name must be given a role to own it
_ROLE_DOMINANCE = 3


# a day named from the reporter's side: the day the report tells of, when it is the event's day
_DEICTIC_DAYS = frozenset({"today", "tonight", "last night"})


def _link_deictic_days(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    """"Today" in a report of an event is the weekday the event's reports name: the one weekday
    named at least twice in the documents of that event and twice as often as any other
    ("Friday" six times, "today" in a report filed that Friday); so is "last night" in a
    report filed the morning after ("Friday night"). "Yesterday" is left alone (measured: it
    joins a day no better than it misses one)."""
    days: dict[int, Counter[int]] = defaultdict(Counter)
    deictic: list[tuple[int, Item]] = []
    for it in items:
        group = event.get(it.mention.doc, 0)
        if it.head in WEEKDAYS and it.group == "TIME":
            days[group][sets.find(it.idx)] += 1
        elif " ".join(re.findall(r"[a-z]+", it.mention.text.lower())) in _DEICTIC_DAYS:
            deictic.append((group, it))
    for group, it in deictic:
        ranked = days[group].most_common(2)
        if ranked and ranked[0][1] >= 2 and (len(ranked) == 1 or ranked[0][1] >= 2 * ranked[1][1]):
            sets.union(ranked[0][0], it.idx)


def _link_calendar_days(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    """Mentions of one calendar day in the documents of one event are one entity ("on Feb. 22" /
    "on Sunday, February 22, 2009"), unless their years differ."""
    by_day: dict[tuple[int, int, int], list[tuple[int | None, Item]]] = defaultdict(list)
    for it in items:
        if it.calendar is not None:
            month, day, year = it.calendar
            by_day[(event.get(it.mention.doc, 0), month, day)].append((year, it))
    for group in by_day.values():
        years: set[int | None] = {y for y, _ in group if y is not None}
        for year in years or {None}:
            # a day written without its year is the one year written beside it, if one only
            same = [it for y, it in group if y == year or (y is None and len(years) <= 1)]
            for it in same[1:]:
                sets.union(same[0].idx, it.idx)


def _link_clock_times(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    """One clock time written in the documents of one event is one entity ("at about 7 p.m." /
    "around 7 p.m."), and it is the time of the day it is written with there ("around 7 p.m.
    Friday", which its weekday joins to "Friday night")."""
    first: dict[tuple[int, tuple[int, int]], int] = {}
    for it in items:
        if it.clock is not None:
            key = (event.get(it.mention.doc, 0), it.clock)
            if key in first:
                sets.union(first[key], it.idx)
            else:
                first[key] = it.idx
    for it in items:
        if it.day_clock is not None and (event.get(it.mention.doc, 0), it.day_clock) in first:
            sets.union(first[(event.get(it.mention.doc, 0), it.day_clock)], it.idx)


_PRONOUN_FORMS = (
    frozenset("he him his himself".split()),
    frozenset("she her hers herself".split()),
    frozenset("i me my mine myself".split()),
    frozenset("we us our ours ourselves".split()),
    frozenset("they them their theirs themselves".split()),
    frozenset("it its itself".split()),
)


def _join_gendered(sets: _Sets, genders_of: dict[int, set[str]], it: Item, other: Item) -> None:
    """Join ``it`` to ``other``'s entity and carry both gender sets to the joined root, so a
    later "Ms. Khan" cannot join the entity a "Mr. Khan" has joined."""
    carried = genders_of[sets.find(it.idx)] | genders_of[sets.find(other.idx)]
    if it.gender is not None:
        carried = carried | {it.gender}
    sets.union(it.idx, other.idx)
    genders_of[sets.find(it.idx)] = carried


def _gender(word: str) -> str:
    return "m" if word in _PRONOUN_FORMS[0] else "f"


def _pronoun_class(word: str) -> str:
    """One key for the case forms of a pronoun ("he", "him", "his")."""
    return next((min(forms) for forms in _PRONOUN_FORMS if word in forms), word)


def _link_pronouns(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    by_doc: dict[str, list[Item]] = defaultdict(list)
    unresolved: dict[tuple[int, str], list[Item]] = defaultdict(list)
    for it in items:
        by_doc[it.mention.doc].append(it)
    # a common noun is a person when its entity is also named as one ("the driver" = "Smith")
    person_sets = {sets.find(it.idx) for it in items if it.group == "PERSON" and it.kind == "name"}
    gender_of: dict[int, str] = {}  # entity root -> gender of the personal pronouns linked to it
    for doc_items in by_doc.values():
        sents = sorted({it.sent for it in doc_items})
        rank = {s: k for k, s in enumerate(sents)}
        for k, it in enumerate(doc_items):
            if it.kind != "pronoun":
                continue
            if it.head in PRONOUNS_OTHER:  # "I", "we", "you": the speaker, not a nearby noun
                unresolved[(event.get(it.mention.doc, 0), _pronoun_class(it.head))].append(it)
                continue
            for prev in reversed(doc_items[:k]):
                if rank[it.sent] - rank[prev.sent] > _PRONOUN_WINDOW:
                    break
                if prev.kind == "pronoun" or prev.mention.end > it.mention.start:
                    continue
                if it.head in PRONOUNS_RELATIVE:
                    if it.relative_to < 0:
                        break  # not a relative pronoun, or no parse: no guess
                    ok = prev.mention.start <= it.relative_to < prev.mention.end
                elif it.head in PRONOUNS_PERSON:
                    other = gender_of.get(sets.find(prev.idx))
                    ok = other in (None, _gender(it.head)) and (prev.group == "PERSON" or sets.find(prev.idx) in person_sets or (
                        prev.kind == "nominal" and not prev.plural and is_person_noun(prev.head)))
                elif it.head in PRONOUNS_PLURAL:
                    ok = prev.plural or prev.group in ("ORG", "NORP")
                else:
                    ok = prev.group not in ("PERSON", "NORP", "TIME") and not prev.plural
                if ok:
                    sets.union(it.idx, prev.idx)
                    if it.head in PRONOUNS_PERSON:  # "his" cannot then join the entity "she" named
                        gender_of[sets.find(it.idx)] = _gender(it.head)
                    break
            else:
                unresolved[(event.get(it.mention.doc, 0), _pronoun_class(it.head))].append(it)
    # no antecedent nearby: one entity per pronoun form and event (the story's "he"/"him"/"his"
    # is mostly its main person)
    for group in unresolved.values():
        for it in group[1:]:
            sets.union(group[0].idx, it.idx)


def _noun_gender(lemma: str) -> str | None:
    return "f" if lemma in FEMALE_NOUNS else "m" if lemma in MALE_NOUNS else None


def _link_people_nouns(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    """"The woman" / "a 59-year-old grandmother" that no name was joined to is the one person
    of that gender the story is about: the person it names whose own cues (pronouns, "Mr." /
    "Ms.", a given name, a gendered role) all give that gender, when that person is named at
    least three times as often as any other of that gender. A cue of the other gender on
    either side rules the pair out (a man is never joined to his wife); two candidates named
    about as often leave the noun alone. Counted within the documents of the noun's event."""
    genders: dict[int, set[str]] = defaultdict(set)
    by_name: dict[int, set[str]] = defaultdict(set)  # a given name's gender: used when nothing else tells
    counts: dict[int, Counter[int]] = defaultdict(Counter)  # event -> person entity -> its name mentions
    named: set[int] = set()
    nouns: list[tuple[int, int]] = []
    for it in items:
        root = sets.find(it.idx)
        if it.kind == "pronoun" and it.head in PRONOUNS_PERSON:
            genders[root].add(_gender(it.head))
        elif it.kind == "name":
            if it.gender is not None:
                (by_name if it.gender_by_name else genders)[root].add(it.gender)
            genders[root].update(g for g in map(_noun_gender, it.role_lemmas) if g)
            if it.group == "PERSON":
                counts[event.get(it.mention.doc, 0)][root] += 1
                named.add(root)
        elif it.kind == "nominal" and not it.plural:
            gender = _noun_gender(it.head)
            if gender is not None:
                genders[root].add(gender)
                nouns.append((event.get(it.mention.doc, 0), root))
    for root, names in by_name.items():
        if not genders[root]:  # pronouns, titles and roles outweigh a given name ("Raj Chohan" ... "she")
            genders[root] = names
    for group, root in dict.fromkeys(nouns):
        if root in named or len(genders[root]) != 1:
            continue
        gender = next(iter(genders[root]))
        ranked = sorted((n, r) for r, n in counts[group].items() if genders[r] == {gender})
        if ranked and (len(ranked) == 1 or ranked[-1][0] >= 3 * ranked[-2][0]):
            sets.union(ranked[-1][1], root)


def _link_shared_arguments(items: list[Item], sets: _Sets, event: Mapping[str, int]) -> None:
    """Two entities of one event that its documents write as the same argument of one verb
    are one: "the navy captured 23 pirates" in one report, "... captured the brigands" in
    another; "the car struck her" / "the vehicle struck her"; "the woman was killed" /
    "LuAnn Johnson was killed". At least one of the two holds no name (two names are never
    joined so: "Smith was arrested" and "Jones was arrested" are two men), a person's name
    never joins a plural noun ("producers" are not Craig Zadan), never two that share a
    sentence (one clause's two nouns are two things), and never through a verb of
    ``lexicon.LIGHT_VERBS`` ("said", "was")."""
    members: dict[int, list[Item]] = defaultdict(list)
    for it in items:
        members[sets.find(it.idx)].append(it)
    by_argument: dict[tuple[int, str, str], list[int]] = defaultdict(list)
    named: dict[int, bool] = {}  # root -> whether a person's name is among its names
    plural: set[int] = set()
    sentences: dict[int, set[tuple[str, int]]] = {}
    for root, its in members.items():
        nouns = [it for it in its if it.kind == "nominal"]
        names = [it for it in its if it.kind == "name"]
        if not nouns and not names:
            continue
        group = event.get((nouns or names)[0].mention.doc, 0)
        if names:
            named[root] = any(it.group == "PERSON" for it in names)
        if nouns and 2 * sum(it.plural for it in nouns) > len(nouns):
            plural.add(root)
        sentences[root] = {(it.mention.doc, it.sent) for it in its}
        for verb, role in sorted({it.argument for it in its if it.kind != "pronoun" and it.argument}):
            by_argument[(group, verb, role)].append(root)
    for roots in by_argument.values():
        for k, a in enumerate(roots):
            for b in roots[k + 1:]:
                if a in named and b in named or sentences[a] & sentences[b]:
                    continue
                if (named.get(a) and b in plural) or (named.get(b) and a in plural):
                    continue
                sets.union(a, b)


# ---------------------------------------------------------------- entities


def resolve_entities(
    mentions: Sequence[Mention], docs: Mapping[str, "Doc"] | None = None,
    context: "Mapping[tuple[str, int, int], np.ndarray] | None" = None,
) -> list[Entity]:
    """Cluster mentions of one story (within and across documents) into entities.

    ``docs`` (spaCy parses by document id) lets the resolver read heads, role
    nouns in apposition and sentence positions; without it, names are matched
    on their text alone. ``context`` (optional: a transformer's vector per mention, keyed
    by (doc, start, end), from ``compare.mention_context.context_vectors``) also joins
    common nouns of one event that mean the same in their sentences. Ids are "E1", "E2",
    ... in order of first mention (by document id, then offset).
    """
    ordered = sorted(mentions, key=lambda m: (m.doc, m.start, m.end, m.label))
    docs = docs or {}
    items = [make_item(i, m, docs.get(m.doc)) for i, m in enumerate(ordered)]
    sets = _Sets(len(items))
    _merge_names(items, sets)
    _short_people(items, sets)
    _join_paired_given_names(items, sets)
    # names join across the whole story; words alone only within the documents of one event
    event = event_groups([m.doc for m in ordered], docs)
    _merge_nominals(items, sets, event)
    _link_deictic_days(items, sets, event)
    _link_calendar_days(items, sets, event)
    _link_clock_times(items, sets, event)
    _link_pronouns(items, sets, event)
    _link_people_nouns(items, sets, event)
    _link_shared_arguments(items, sets, event)
    if context:
        by_root: dict[int, list[Item]] = defaultdict(list)
        for it in items:
            by_root[sets.find(it.idx)].append(it)
        for a, b in similar_context_pairs(by_root, event, context):
            sets.union(a, b)
    entities: list[Entity] = []
    for n, (_, idxs) in enumerate(sorted(sets.groups().items(), key=lambda kv: min(kv[1])), start=1):
        members = [items[i] for i in sorted(idxs)]
        variants: list[str] = []
        for it in members:
            if it.mention.text not in variants:
                variants.append(it.mention.text)
        descriptors: list[Span] = []
        for it in members:
            for r in it.roles:
                if r not in descriptors:
                    descriptors.append(r)
        entities.append(
            Entity(
                id=f"E{n}",
                name=canonical_name(members),
                type=entity_type(members),
                variants=tuple(variants),
                mentions=tuple(it.mention for it in members),
                descriptors=tuple(descriptors),
            )
        )
    return entities



def entity_clusters(entities: Iterable[Entity]) -> list[list[Mention]]:
    """The mentions of each entity, for scoring."""
    return [list(e.mentions) for e in entities]
