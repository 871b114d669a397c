"""Resolver rules for common nouns (``compare/resolve.py`` runs them, within the
documents of one event): one head lemma, the named entity with that role ("the president"),
a gendered person noun ("the woman") and the one person of that gender, two entities written
as the same argument of one verb."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Mapping

from newsprism.compare.mention_items import PRONOUNS_PERSON, Item
from newsprism.compare.mention_sets import MentionSets
from newsprism.compare.resolve_pronouns import pronoun_gender
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import FEMALE_NOUNS, MALE_NOUNS, TITLE_WORDS, title_key

__all__ = ["merge_nominals", "link_people_nouns", "link_shared_arguments", "link_said_of"]


def merge_nominals(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
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


def _kinds(its: list[Item], memo: dict[str, str]) -> set[str]:
    """Whether an entity's names and common nouns say it is a person or a made thing ("person",
    "thing"; both, or neither when they say nothing): a person's name or a noun whose first
    WordNet sense is a person or "who", a noun whose first sense is an artifact ("car", "vehicle")
    or "which". ``memo``: the kind of each noun looked up so far ("" for none), the caller's."""
    out: set[str] = set()
    for it in its:
        if it.kind == "name" and it.group == "PERSON" or it.kind == "pronoun" and it.head in ("who", "whom"):
            out.add("person")
        elif it.kind == "pronoun" and it.head == "which":
            out.add("thing")
        elif it.kind == "nominal":
            if it.head not in memo:
                wn = noun_senses()
                senses = wn.senses(it.head) if wn is not None else ()
                lexname = wn.synset(senses[0]).lexname if wn is not None and senses else ""
                memo[it.head] = _KIND_OF_LEXNAME.get(lexname, "")
            if memo[it.head]:
                out.add(memo[it.head])
    return out


_KIND_OF_LEXNAME = {"noun.person": "person", "noun.artifact": "thing"}


# how many times more often than any other name one name must be given a role to own it
_ROLE_DOMINANCE = 3


def _noun_gender(lemma: str) -> str | None:
    return "f" if lemma in FEMALE_NOUNS else "m" if lemma in MALE_NOUNS else None


def link_people_nouns(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
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
            genders[root].add(pronoun_gender(it.head))
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


def link_shared_arguments(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
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
    # a one-word "name" the event also writes as a common noun is that noun capitalised (a
    # headline's "Driver Charged" / "the driver"), not a name that keeps two people apart
    common = {(event.get(it.mention.doc, 0), it.head) for it in items if it.kind == "nominal"}

    def real_name(it: Item) -> bool:
        return it.kind == "name" and not (len(it.words) == 1 and (event.get(it.mention.doc, 0), it.head) in common)

    by_argument: dict[tuple[int, str, str], list[int]] = defaultdict(list)
    named: dict[int, bool] = {}  # root -> whether a person's name is among its names
    plural: set[int] = set()
    sentences: dict[int, set[tuple[str, int]]] = {}
    for root, its in members.items():
        nouns = [it for it in its if it.kind == "nominal" or (it.kind == "name" and not real_name(it))]
        names = [it for it in its if real_name(it)]
        if not nouns and not names:
            continue
        group = event.get((nouns or names)[0].mention.doc, 0)
        if names:
            named[root] = any(it.group == "PERSON" for it in names)
        if nouns and 2 * sum(it.plural for it in nouns) > len(nouns):
            plural.add(root)
        sentences[root] = {(it.mention.doc, it.sent) for it in its}
        found = {a for it in its if it.kind != "pronoun" for a in (it.argument, it.clause_argument) if a}
        for verb, role in sorted(found):
            by_argument[(group, verb, role)].append(root)
    memo: dict[str, str] = {}
    kinds = {root: _kinds(its, memo) for root, its in members.items()}
    for roots in by_argument.values():
        for k, a in enumerate(roots):
            for b in roots[k + 1:]:
                if a in named and b in named or sentences[a] & sentences[b]:
                    continue
                if kinds[a] and kinds[b] and not kinds[a] & kinds[b]:
                    continue  # "the car hit her" / "the driver hit her": a person is not a thing
                if (named.get(a) and b in plural) or (named.get(b) and a in plural):
                    continue
                sets.union(a, b)


def link_said_of(items: list[Item], sets: MentionSets) -> None:
    """A common noun said to be another mention is that mention: "a man they believe to be the
    driver", "Anthony LaSalle, the driver", "he is the driver". Not a title ("to serve as
    surgeon general": the office is a thing of its own), never a plural on either side, never two
    named entities nor a person and a made thing."""
    at = {(it.mention.doc, it.head_i): it for it in items if it.head_i >= 0}
    memo: dict[str, str] = {}
    members: dict[int, list[Item]] = defaultdict(list)
    for it in items:
        members[sets.find(it.idx)].append(it)
    for it in items:
        if it.kind != "nominal" or it.plural or it.said_of < 0 or title_key(it.head) in TITLE_WORDS:
            continue
        other = at.get((it.mention.doc, it.said_of))
        if other is None or other.kind == "pronoun" and other.head not in PRONOUNS_PERSON:
            continue
        if title_key(other.head) in TITLE_WORDS or other.plural:  # "the surgeon general, a pick ...": the parse's guess
            continue
        a, b = sets.find(it.idx), sets.find(other.idx)
        if a == b:
            continue
        if any(x.kind == "name" for x in members[a]) and any(x.kind == "name" for x in members[b]):
            continue
        ka, kb = _kinds(members[a], memo), _kinds(members[b], memo)
        if ka and kb and not ka & kb:
            continue
        sets.union(a, b)
        members[sets.find(a)] = members[a] + members[b]
