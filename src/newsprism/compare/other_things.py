"""Whether two claims tell one actor's act done to other things: two facts, not one.

Two reports of one event often tell the same actor doing the same thing, each about
another part of it — "Trump laid out his vision for America" / "Trump laid out stark
differences between his agenda and Clinton's"; "Trump spoke for 77 minutes" / "Trump spoke
with so much gusto it sounded as though he were screaming". The proposition they share
("Trump laid out something", "Trump spoke") is no news; what each tells is in the
arguments, and those differ. The test reads the propositions
(:mod:`newsprism.extract.propositions`): the same main action (lemma or event class) by
the same actor, each with things (common nouns) it was done to or about, no pair of them alike
in meaning (a static word vector, or WordNet's senses when the ``[wordnet]`` extra is installed:
"remark" / "statement", "primary" / "election"), and nothing else in common: no noun of both
clauses ("laid out his plan" / "laid out the details of his plan"), no one named but the actor,
no figure. A name against a noun ("won Delaware" / "won Tuesday's primary") is left alone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from newsprism.compare.match import LIGHT
from newsprism.extract.propositions import Proposition
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import WHEN_NOUNS

__all__ = ["other_things", "nouns_alike"]

# two nouns whose static vectors are this close are one thing told in other words ("statement" /
# "remark" 0.55, "company" / "firm" 0.58; "vision" / "difference" 0.12, "minute" / "gusto" 0.01)
_ALIKE = 0.3
# days and times are when, not what: "in Delaware on Tuesday" / "on Tuesday night" share nothing told
_WHEN = WHEN_NOUNS | frozenset("~" + w[:6] for w in WHEN_NOUNS)  # as lemmas and as participant stems


def _lemmas(item: str, p: Proposition) -> set[str]:
    """The noun lemmas of a common-noun argument (``~differ`` -> "difference"), from the clause's nouns;
    the stem itself when none begins with it (a participant class such as ``~troops``)."""
    stem = item[1:]
    found = {n for n in p.nominals if not n.startswith("~") and n.startswith(stem)}
    return found or {stem}


@lru_cache(maxsize=4096)
def _senses_related(a: str, b: str) -> bool:
    """WordNet reads the two nouns as one thing: a sense in common, or one's sense a hypernym of the
    other's (two levels up: "primary" -> "election"). False without the ``[wordnet]`` extra."""
    senses = noun_senses()
    return senses is not None and senses.related(a, b, top=3, levels=2)


def nouns_alike(a: str, b: str, similarity: Callable[[str, str], float]) -> bool:
    """One thing in other words: the same lemma, close vectors or related WordNet senses."""
    return a == b or similarity(a, b) >= _ALIKE or _senses_related(a, b)


def _things(p: Proposition) -> frozenset[str]:
    return frozenset(x for x in p.patients if x not in _WHEN)


def other_things(p: Proposition, q: Proposition, entities_p: frozenset[str], entities_q: frozenset[str],
                 similarity: Callable[[str, str], float]) -> bool:
    """The same actor's same act (main verb's lemma or event class, not a light verb nor one of
    saying), each clause doing it to or about things (common nouns) none alike, and nothing else in
    common: no noun, no one named but the actor, no figure. ``entities_*``: the resolved entities each
    claim names."""
    if p.predicate.split(" ")[0] in LIGHT or q.predicate.split(" ")[0] in LIGHT or "say" in (p.kind, q.kind):
        return False
    if not (p.predicate == q.predicate or (p.kind is not None and p.kind == q.kind)):
        return False
    if p.negated != q.negated or p.figures & q.figures:
        return False
    same_actor = (p.agents & q.agents) or {a[1:] for a in p.agents if a[:1] in "@?"} & {a[1:] for a in q.agents if a[:1] in "@?"}
    if not same_actor:
        return False
    tp, tq = _things(p), _things(q)
    if not tp or not tq or tp & tq:
        return False
    # each thing a common noun: a name against a noun ("won Delaware" / "won Tuesday's primary") may be
    # one thing told two ways, and two names are other_patients' (fact_links)
    if any(x[:1] != "~" for x in tp | tq):
        return False
    # nothing else told alike: no noun of both clauses ("pleaded guilty in a federal courtroom to using
    # campaign funds" / "pleaded guilty to one fraud count ... his use of campaign money" share "campaign"),
    # no one named in both beyond the actor
    if (p.nominals & q.nominals) - _WHEN:
        return False
    if (entities_p & entities_q) - {a[1:] for a in p.agents | q.agents if a[:1] in "@?"}:
        return False
    return not any(nouns_alike(x, y, similarity) for a in tp for b in tq for x in _lemmas(a, p) for y in _lemmas(b, q))

