"""Whether a claim only one report makes restates a fact several reports state.

The alignment leaves some sentences out of the fact they tell: a lede in other words (Fox's "The
NAACP adopted a resolution Tuesday condemning 'racist elements' ..., despite claims from Tea Party
activists that the charge is baseless" beside two reports that it passed one), a name given a
title ("Mary Cheney, the younger sister of Liz Cheney, ... sharply criticized her sister's
stance"). Such a sentence is no
news of one outlet: the single-source order (:mod:`newsprism.compare.salience`) weighs it as
background when, besides, most of its words are the story's.

A claim restates a fact when its proposition agrees with one of the fact's "same fact" claims in
another report (:meth:`newsprism.compare.fact_links.Props.verdict`: a compatible predicate and a
named argument or figure in the same role).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from newsprism.compare.fact_links import Props
from newsprism.compare.match import _named
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.model import Fact

__all__ = ["Restated"]


def _roles(p: Proposition) -> tuple[set[str], set[str], frozenset[str]]:
    """The named agents, the named patients and the figures of ``p``: what
    :func:`newsprism.compare.match.shared_anchors` compares role by role."""
    return _named(p.agents), _named(p.patients), p.figures


def _share_a_role(p: tuple[set[str], set[str], frozenset[str]], q: tuple[set[str], set[str], frozenset[str]]) -> bool:
    """``shared_anchors`` of the two propositions is not empty: without it no verdict "agrees"."""
    return not (p[0].isdisjoint(q[0]) and p[1].isdisjoint(q[1]) and p[2].isdisjoint(q[2]))


def _anchors(p: Proposition) -> set[str]:
    """What "agrees" needs two propositions to share: a named agent or patient ("?" a guessed
    "he"/"she", read as named), or a figure."""
    return {"@" + a[1:] for a in p.agents | p.patients if a[:1] in "@?"} | set(p.figures)


class Restated:
    """The claims of a story's multi-report facts, by the named arguments and figures of their
    propositions, so that each one-outlet claim is compared only with those that could agree."""

    def __init__(self, facts: Iterable[Fact], by_id: Mapping[str, Claim], props: Props) -> None:
        self._props = props
        self._by_anchor: dict[str, list[Claim]] = defaultdict(list)
        self._roles: dict[str, tuple[set[str], set[str], frozenset[str]]] = {}
        for fact in facts:
            if len(fact.docs) < 2:
                continue
            for s in fact.support:
                claim = by_id.get(s.claim)
                prop = props.of.get(s.claim)
                if s.strength != "same fact" or claim is None or prop is None:
                    continue
                self._roles[claim.id] = _roles(prop)
                for a in _anchors(prop):
                    self._by_anchor[a].append(claim)

    def __call__(self, claims: Sequence[Claim]) -> bool:
        """Some claim of ``claims`` (one report's) states what a claim of another report in a
        multi-report fact states."""
        for c in claims:
            prop = self._props.of.get(c.id)
            if prop is None:
                continue
            seen: set[str] = set()
            roles = _roles(prop)
            for a in _anchors(prop):
                for d in self._by_anchor.get(a, ()):
                    if d.doc == c.doc or d.id in seen:
                        continue
                    seen.add(d.id)
                    # (the verdict, the costly part, only where it may agree: an anchor in one role)
                    if _share_a_role(roles, self._roles[d.id]) and self._props.verdict(c, d) == "agrees":
                        return True
        return False
