"""Two claims that share only names: whether that is the same fact.

Reports of one story name the same people, places and bodies all through, so two
sentences of different outlets that have nothing in common but one of those names and a
verb ("Trump spoke for 77 minutes" / "Trump spoke with so much gusto ...", "The
program is subject to oversight by the Foreign Intelligence Surveillance Court" /
"they acknowledge handing over material when ordered to by the Foreign Intelligence
Surveillance Court") tell different things about them. Such a pair states one fact
only when its propositions agree on the action *and* on something besides who did
it: a resolved entity in another role ("Clinton won New York" / "Clinton won the New
York primary"), a figure or a day.
"""

from __future__ import annotations

import re
from typing import Iterable

from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.model import Entity

__all__ = ["name_words", "names_only"]

_WORD = re.compile(r"[^\W_]+")


def name_words(entities: Iterable[Entity]) -> frozenset[str]:
    """The lower-cased words of the story's names as written (mentions NER labelled,
    capitalised words only: a common noun joined to an entity is no name)."""
    out: set[str] = set()
    for e in entities:
        for text in (e.name, *e.variants, *(m.text for m in e.mentions)):
            out.update(w.lower() for w in _WORD.findall(text) if w[:1].isupper())
    return frozenset(out)


def _written_as_name(word: str, text: str) -> bool:
    """``word`` is written capitalised in ``text``: a name there ("the Ferguson Police Department"),
    not the common noun a name also holds ("distrust the police")."""
    return any(m.group(0)[:1].isupper() for m in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE))


def _actors(p: Proposition) -> set[str]:
    """The resolved entities that did it (``@E2``; "he" read as the person last named, ``?E2``)."""
    return {a[1:] for a in p.agents if a[:1] in "@?"}


def names_only(a: Claim, b: Claim, p: Proposition, q: Proposition, names: frozenset[str],
               same_action: bool) -> bool:
    """Beyond one name of the story and the two predicates, the claims share no
    content word, no figure and no day — and they do not both tell one action (``same_action``)
    on a resolved entity other than who did it."""
    if not names or p.figures & q.figures or p.days & q.days:
        return False
    # (the two predicates only: "report" the noun is a shared word, "said" / "said" a shared verb)
    verbs = set(p.predicate.split()) | set(q.predicate.split())
    shared = (set(a.terms) & set(b.terms)) - verbs
    if any(not (w in names and _written_as_name(w, a.text) and _written_as_name(w, b.text)) for w in shared):
        return False
    common = set(a.entities) & set(b.entities)
    if not shared and not common:
        return False  # not even a name in common: left to the rules on the actions ("turned away" / "forced to turn away")
    if len(common) > 1:
        return False  # two named in both: a relation between them ("Brown lost to Warren" / "his race against Warren")
    others = common - _actors(p) - _actors(q)
    return not (same_action and others)
