"""Cross-document entity resolution: mentions -> entities.

This module runs the rules that join mentions, in order, and builds the entities. The rules
live in ``resolve_names`` (names written in full), ``resolve_short`` (surnames and given
names alone), ``resolve_nouns`` (common nouns), ``resolve_senses`` (common nouns WordNet says
name one thing, with the optional ``[wordnet]`` extra), ``resolve_pronouns`` and ``resolve_times``
(days and clock times); they join in ``mention_sets.MentionSets``. What they read of a
mention is ``compare/mention_items.py``, how two names are compared ``compare/names.py``,
and an entity's name and type ``compare/entity_types.py``.

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
one when at most one of them is named ("captured 23 pirates" / "captured the brigands"; "the
driver who killed her" is who killed, "a woman struck by a car" what was struck), never a person and
a made thing ("the car that hit her"). A common noun said to be another mention is that mention
("a man they believe to be the driver", "LaSalle, the driver"), unless it is a title. These rules
that join by words alone work within the documents of one event of the story
(``compare/doc_events.py``: "the woman" of one crash is not the woman of another); names
join across the whole story.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from newsprism.compare.doc_events import event_groups
from newsprism.compare.entity_types import canonical_name, entity_type, type_speakers
from newsprism.compare.mention_context import similar_context_pairs
from newsprism.compare.mention_items import PRONOUNS, Item, make_item, mention_head
from newsprism.compare.mention_sets import MentionSets
from newsprism.compare.names import name_tokens, phonetic, tokens_match
from newsprism.compare.resolve_names import merge_names
from newsprism.compare.resolve_nouns import link_people_nouns, link_said_of, link_shared_arguments, merge_nominals
from newsprism.compare.resolve_pronouns import link_pronouns
from newsprism.compare.resolve_senses import link_noun_senses
from newsprism.compare.resolve_short import (
    drop_place_abbreviations,
    join_misspelt_surnames,
    join_paired_given_names,
    retype_known_things,
    retype_named_people,
    retype_things_named_for_people,
    retype_words_of_places,
    short_people,
)
from newsprism.compare.resolve_times import link_calendar_days, link_clock_times, link_deictic_days
from newsprism.model import Entity, Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from spacy.tokens import Doc

# mention_head, phonetic, tokens_match, name_tokens, type_speakers and PRONOUNS are
# re-exported: callers have imported them from here
__all__ = ["resolve_entities", "entity_clusters", "phonetic", "tokens_match", "name_tokens", "type_speakers",
           "mention_head", "PRONOUNS"]


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
    retype_named_people(items)
    retype_known_things(items)
    retype_things_named_for_people(items, docs)
    retype_words_of_places(items, docs)
    drop_place_abbreviations(items, docs)
    sets = MentionSets(len(items))
    merge_names(items, sets)
    short_people(items, sets)
    join_paired_given_names(items, sets)
    join_misspelt_surnames(items, sets)
    # names join across the whole story; words alone only within the documents of one event
    event = event_groups([m.doc for m in ordered], docs)
    merge_nominals(items, sets, event)
    link_noun_senses(items, sets, event)
    link_deictic_days(items, sets, event)
    link_calendar_days(items, sets, event)
    link_clock_times(items, sets, event)
    link_pronouns(items, sets, event)
    link_people_nouns(items, sets, event)
    link_said_of(items, sets)
    link_shared_arguments(items, sets, event)
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
