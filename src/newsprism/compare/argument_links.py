"""Facts two outlets tell of the same resolved actor with related verbs, however worded.

The alignment (:mod:`newsprism.compare.align`) links claims whose words agree, and the anchors
(:mod:`newsprism.compare.fact_anchors`) claims that share a quote, a figure or the same action on
the same target. Two reports often tell one act with other verbs and few words in common: "Former Rep. Asa
Hutchinson on Tuesday released a 225-page report on school safety" / "Asa Hutchinson, a former
Republican congressman from Arkansas who led the task force, unveiled the report at a packed news
conference" (BASIL 68748e7f). Here a pair of still-free claims of two outlets is one fact when:

- they share **who did it**, resolved (a name; "he"/"she" read as the person last named counts on
  one side only);
- they name **a thing in common** beyond their verbs (a noun both use, a figure, a resolved patient):
  one actor's related acts on nothing in common are two of the many things a story's main actor does;
- their **predicates are related**: the same lemma or event class, close lemma vectors
  (:class:`newsprism.compare.match.PredicateSimilarity`: "release" / "unveil"), or a WordNet verb
  sense in common among each verb's three commonest senses (the optional ``[wordnet]`` extra:
  "purchase" / "buy"). Not one sense a hypernym of the other's: "support" / "help" are one step
  apart, and "Labrador supports a path to legal status" / "A Labrador bid helps all parties" are
  two facts;
- nothing tells them apart (``fact_anchors._agree``: no contradiction, one
  polarity and modality, one occasion, one speaker, no figures of one the other lacks);
- the link rules (:func:`newsprism.compare.fact_links.link_strength`, the caller's ``holds``) call
  the pair "same fact" when its alignment score need only reach ``min_score``: a remark is not
  another's, a count not another count, one actor's act told of other things not one fact ("Trump
  laid out his vision for America" / "Trump laid out stark differences between his agenda and
  Clinton's");
- and they are each other's **best such partner**, scoring at least ``min_score`` in the
  alignment: one claim per report, not every sentence about the same person.

Without the ``[wordnet]`` extra only lemmas, event classes and vectors relate predicates.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from newsprism.compare.align import PairScores
from newsprism.compare.fact_anchors import _WIDE_KINDS as WIDE_KINDS, _agree as agree
from newsprism.compare.fact_links import Props, speakers_clash
from newsprism.compare.fact_text import is_content
from newsprism.compare.match import LIGHT, _named
from newsprism.compare.shared_quotes import greedy_groups
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.extract.word_senses import verb_senses

__all__ = ["related_verbs", "argument_pairs", "argument_groups"]


def related_verbs(a: str, b: str) -> bool:
    """Two verb lemmas WordNet gives a sense in common among each one's three commonest senses;
    False without the ``[wordnet]`` extra."""
    if not a or not b or " " in a or " " in b:
        return False
    if a == b:
        return True
    senses = verb_senses()
    return senses is not None and senses.related(a, b, top=3, levels=0)


def _related(p: Proposition, q: Proposition, props: Props) -> bool:
    """The two clauses' main verbs tell one action, by lemma, event class, vectors or WordNet — the
    main verbs themselves: not one's class among the other's side verbs ("broke his silence about
    ... a lewd photo sent from his account" / "denied that he had sent a suggestive photograph")."""
    if p.predicate in LIGHT or q.predicate in LIGHT:
        return False
    # (one event class, but not a wide one: "talk" holds both "called out" and "will meet")
    if p.predicate == q.predicate or (p.kind is not None and p.kind == q.kind and p.kind not in WIDE_KINDS):
        return True
    return props.similarity(p.predicate, q.predicate) >= props.threshold or related_verbs(p.predicate, q.predicate)


def _roles(p: Proposition) -> set[str]:
    """Role keys of who did it, resolved: "a@E2". (Not who or what it was done to: two reports of
    acts done to one person by others — "Romney attacked Obama" / "the campaign criticized Obama" —
    share that person and a kind of act, not the act.)"""
    return {"a@" + x[1:] for x in p.agents if x[:1] in "@?"}


def _named_key(p: Proposition, q: Proposition, key: str) -> bool:
    """The shared agent is written as a name on at least one side (not "he" / "she" twice)."""
    return any("@" + key[2:] in x for x in (p.agents, q.agents))


def _same_thing(p: Proposition, q: Proposition) -> bool:
    """The two clauses name a thing in common beyond their verbs (a noun both use: "the report",
    "inmates"), a figure or a resolved patient: one actor's related acts on nothing in common are
    likely two of the many things a story's main actor does ("Trump attacked ..." / "Trump
    criticized ...")."""
    things = {n for n in p.nominals & q.nominals if not n.startswith("~")} - {p.predicate, q.predicate}
    return bool(things or p.figures & q.figures or _named(p.patients) & _named(q.patients))


def argument_pairs(claims: Sequence[Claim], used: set[str], props: Props, pairs: PairScores,
                   outlet_of: Mapping[str, str | None], min_score: float,
                   holds: Callable[[int, int], bool] | None = None, common: int = 40) -> dict[tuple[int, int], float]:
    """Pairs (indices into ``claims``) of free content claims of two outlets that share a resolved
    agent, relate their predicates, agree otherwise, pass ``holds`` (the
    link rules) and are each other's best such partner: their alignment scores."""
    of = props.of
    free = [k for k, c in enumerate(claims)
            if c.id not in used and is_content(c) and c.id in of and of[c.id].predicate and of[c.id].kind != "say"
            and of[c.id].predicate not in LIGHT]
    index: dict[str, list[int]] = {}
    for k in free:
        for key in _roles(of[claims[k].id]):
            index.setdefault(key, []).append(k)
    found: dict[tuple[int, int], float] = {}
    for key, rows in index.items():
        if len(rows) > common:
            continue  # the story's main actor: every claim about them would pair
        for x in rows:
            for y in rows:
                if x >= y or (x, y) in found:
                    continue
                ci, cj = claims[x], claims[y]
                if ci.doc == cj.doc or (outlet_of.get(ci.doc) or ci.doc) == (outlet_of.get(cj.doc) or cj.doc):
                    continue
                score = float(pairs.score[x, y])
                if score < min_score:
                    continue
                p, q = of[ci.id], of[cj.id]
                if not _named_key(p, q, key) or not _related(p, q, props) or not _same_thing(p, q):
                    continue
                if speakers_clash(ci, cj) or not agree(ci, cj, p, q, props):
                    continue
                if holds is not None and not holds(x, y):
                    continue
                found[(x, y)] = score
    # each other's best partner in the other's report: not every sentence about one person
    best: dict[tuple[int, str], float] = {}
    for (x, y), s in found.items():
        for a, b in ((x, y), (y, x)):
            mine = (a, claims[b].doc)
            best[mine] = max(best.get(mine, s), s)
    return {(x, y): s for (x, y), s in found.items()
            if s >= best[(x, claims[y].doc)] and s >= best[(y, claims[x].doc)]}


def argument_groups(claims: Sequence[Claim], used: set[str], props: Props, pairs: PairScores,
                    outlet_of: Mapping[str, str | None], min_score: float,
                    holds: Callable[[int, int], bool] | None = None) -> list[list[int]]:
    """One fact per group of argument pairs (one claim per document, each paired with every other)."""
    return greedy_groups(argument_pairs(claims, used, props, pairs, outlet_of, min_score, holds), claims)
