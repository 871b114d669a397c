"""Resolver rule for common nouns that WordNet says name one thing (``compare/resolve.py`` runs
it within the documents of one event): "the brigands" / "the bandits", "the ship" / "the
vessel", "the weapons" / "the arms", "the doctor" and the person described as "a physician".
Needs the optional ``[wordnet]`` extra (``extract/word_senses.py``); without it the rule does
nothing. It reads common-noun mentions (ECB+'s gold mentions have them; ``analyze`` extracts
names only), so on names alone it changes nothing.

Two nouns are related when one of the first two senses of one is a sense of the other (a
synonym), or its direct hypernym ("ship" is a kind of "vessel"), or the two share a specific
direct hypernym ("bandit" and "pirate" are both kinds of "thief"; a hypernym nine or more steps
from WordNet's root: "adult" for "man" / "woman" is not), or one is a member of the other, itself
or through such a specific hypernym, when both are plural ("cops" are policemen, members of
the "police"; "the mother" is no "family"). Times are left to
``resolve_times``. An entity without a name joins another (with or without one; a name
brings the role nouns it is given, "Regina Benjamin, a physician") when a noun of each is
related and:
- they share no sentence (one clause's two nouns are two things), unless both are plural and
  each clause of the sentence names one of them: a group named again in another clause, in
  other words ("an attack by sea brigands , apprehending 26 Somali pirates"); or unless the
  sentence brings one in with "a" and names it again with "the" in another clause ("A woman hit
  by a motorist might be alive if the driver had stopped"; not "the driver of a truck", whose
  own words say which);
- they agree in number ("the pirates" are not "the ship");
- the join is unambiguous: each entity the one related to an entity is related to the other
  too (a "warship" and a "freighter" both related to "the vessel", but not to each other,
  leave "the vessel" alone);
- two named entities are never joined so.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Mapping

from newsprism.compare.mention_items import Item
from newsprism.compare.mention_sets import MentionSets
from newsprism.extract.word_senses import NounSenses, noun_senses

__all__ = ["link_noun_senses", "related_nouns"]

_SENSES = 2  # how many of a noun's senses (most frequent first) count
_SPECIFIC = 9  # a shared hypernym at least this many steps below the root ("thief": 11, "adult": 7)
_SKIP_LEXNAMES = frozenset({"noun.time"})


def _depth(wn: NounSenses, offset: int) -> int:
    """Steps from the synset to WordNet's root along its longest hypernym path."""
    depth, front = 0, {offset}
    while front:
        front = {h for o in front for h in wn.synset(o).hypernyms}
        depth += 1 if front else 0
    return depth


def related_nouns(wn: NounSenses, a: str, b: str, members: bool = False) -> bool:
    """Whether two different common nouns (lemmas) can name one thing (see the module doc).
    ``members``: also when one is a member of the other, for plurals ("cops" / "police"; a
    "mother" is a member of a "family", but not the family)."""
    if a == b:
        return False
    all_a, all_b = wn.senses(a), wn.senses(b)
    first_a, first_b = set(all_a[:_SENSES]), set(all_b[:_SENSES])
    if not first_a or not first_b or any(wn.synset(o).lexname in _SKIP_LEXNAMES for o in first_a | first_b):
        return False
    if first_a & set(all_b) or first_b & set(all_a):
        return True
    up_a = {h for o in first_a for h in wn.synset(o).hypernyms}
    up_b = {h for o in first_b for h in wn.synset(o).hypernyms}
    if up_a & first_b or up_b & first_a:
        return True
    if members and (_member_of(wn, first_a, up_a, first_b) or _member_of(wn, first_b, up_b, first_a)):
        return True
    return any(_depth(wn, o) >= _SPECIFIC for o in up_a & up_b)


def _member_of(wn: NounSenses, senses: set[int], up: set[int], groups: set[int]) -> bool:
    """Whether a noun's senses are members of one of ``groups``, or its specific hypernyms are:
    "cop" is a "policeman", a member of the "police"; "advocate" is a "person", too general to
    make "advocates" the "people"."""
    if any(g in groups for o in senses for g in wn.synset(o).member_of):
        return True
    return any(any(g in groups for g in wn.synset(h).member_of) and _depth(wn, h) >= _SPECIFIC for h in up)


def _introduced_then_named(one: list[tuple[int, str, int]], other: list[tuple[int, str, int]]) -> bool:
    """Whether one sentence brings in a thing with "a" and names it again with "the" in another
    of its clauses ("A woman hit by a motorist might be alive if the driver had stopped"): the
    two entities' only mentions there, one indefinite, the other definite and after it."""
    if len(one) != 1 or len(other) != 1:
        return False
    (_, art_1, clause_1), (_, art_2, clause_2) = sorted(one + other)
    return art_1 == "a" and art_2 == "the" and clause_1 != clause_2 and clause_1 >= 0 and clause_2 >= 0


def _compound(wn: NounSenses, it: Item) -> tuple[str, bool] | None:
    """The two last words of a common noun when WordNet knows them as one noun ("naval forces":
    the navy; "police officers": "police_officer"), and whether WordNet writes it in the plural
    as the text does ("naval_forces", one thing); else None."""
    words = [w.lower() for w in it.words if w.isalpha()]
    if len(words) < 2:
        return None
    as_written, base = f"{words[-2]}_{words[-1]}", f"{words[-2]}_{it.head}"
    if as_written != base and wn.senses(as_written):
        return as_written, True
    return (base, False) if wn.senses(base) else None


def link_noun_senses(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
    wn = noun_senses()
    if wn is None:
        return
    nouns: dict[int, set[str]] = defaultdict(set)  # the common nouns that describe each entity
    plural: dict[int, list[bool]] = defaultdict(list)
    sentences: dict[int, set[tuple[str, int]]] = defaultdict(set)
    clauses: dict[int, set[tuple[str, int, int]]] = defaultdict(set)
    named: set[int] = set()
    group_of: dict[int, int] = {}
    # per entity and sentence: (offset, article, clause) of its mentions there (article "" but for common nouns)
    in_sentence: dict[int, dict[tuple[str, int], list[tuple[int, str, int]]]] = defaultdict(lambda: defaultdict(list))
    for it in items:
        root = sets.find(it.idx)
        sentences[root].add((it.mention.doc, it.sent))
        clauses[root].add((it.mention.doc, it.sent, it.clause))
        in_sentence[root][(it.mention.doc, it.sent)].append((it.mention.start, it.article if it.kind == "nominal" else "", it.clause))
        if it.kind == "name":
            named.add(root)
            nouns[root].update(r for r in it.role_lemmas if r.isalpha())
        elif it.kind == "nominal" and it.head.isalpha():
            compound = _compound(wn, it)
            nouns[root].add(compound[0] if compound else it.head)
            # a compound WordNet writes in the plural names one thing ("naval forces": the navy)
            plural[root].append(it.plural and not (compound and compound[1]))
        else:
            continue
        group_of.setdefault(root, event.get(it.mention.doc, 0))
    by_event: dict[int, list[int]] = defaultdict(list)
    for root in nouns:
        by_event[group_of[root]].append(root)
    many = {r: 2 * sum(p) > len(p) for r, p in plural.items()}  # named entities without nouns: singular
    for roots in by_event.values():
        partners: dict[int, set[int]] = defaultdict(set)
        for k, a in enumerate(roots):
            for b in roots[k + 1:]:
                if a in named and b in named:
                    continue
                # one sentence: two things, unless two plurals in two of its clauses (a group named again)
                shared = sentences[a] & sentences[b]
                if shared and not (many.get(a) and many.get(b) and not clauses[a] & clauses[b]) and not all(
                        _introduced_then_named(in_sentence[a][s], in_sentence[b][s]) for s in shared):
                    continue
                if many.get(a, False) != many.get(b, False):
                    continue
                if any(related_nouns(wn, x, y, many.get(a, False)) for x in nouns[a] for y in nouns[b]):
                    partners[a].add(b)
                    partners[b].add(a)
        for a, others in partners.items():
            for b in others:
                if a < b and others - {b} <= partners[b] and partners[b] - {a} <= others:
                    sets.union(a, b)
