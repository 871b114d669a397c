"""Which claims of a group state one fact, and when two reports are far apart in time.

The alignment's groups (:mod:`newsprism.compare.align`) grow from links, and two
links A~B, B~C do not make A and C one fact: across reports published days apart
they are often two statements about the same people ("Ryan is not ready to support
Trump" on Thursday, "Ryan was very encouraged" a week later). :func:`core` keeps
from a group the claims that state one proposition; :mod:`newsprism.compare.facts`
takes the rest of the group for further facts.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from newsprism.compare.align import PairScores
from newsprism.compare.match import _nominalises
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

__all__ = ["core", "cores", "fit", "other_days", "publication_day"]


def _actors(claim: Claim) -> set[str]:
    return set(claim.entities) | {f"#{f.value}" for f in claim.figures if any(ch.isdigit() for ch in f.text)}


def fit(i: int, j: int, claims: Sequence[Claim], pairs: PairScores, actor_weight: float = 0.0) -> float:
    """How well two claims state one proposition: their alignment score plus the
    agreement of their core arguments (Jaccard of resolved entities and figures)."""
    a, b = _actors(claims[i]), _actors(claims[j])
    jaccard = len(a & b) / len(a | b) if a and b else 0.0
    return float(pairs.score[i, j]) + actor_weight * jaccard


def publication_day(published: str | None) -> int | None:
    """The publication day as a day number, None when unknown."""
    from datetime import date

    try:
        return date.fromisoformat((published or "")[:10]).toordinal()
    except ValueError:
        return None


def other_days(p: Proposition | None, q: Proposition | None) -> bool:
    """Both claims dated to a day (a year alone is too coarse) and no day in common; or, where one is
    not dated (an undated report), both tell one act ("met Thursday evening" / "met privately on
    Sunday") on weekdays none in common — two weekday names are two days, whatever the week. The act
    must be the same and the weekdays must date it (``Proposition.weekday_acts``): a weekday can date
    another part of a sentence ("ready Wednesday morning to leave under a deal ..." / "the deal was
    mediated late Tuesday"; "was charged Tuesday with killing" / "killed on Sunday")."""
    if p is None or q is None:
        return False
    a = {d for d in p.days if len(d) == 10}
    b = {d for d in q.days if len(d) == 10}
    if a and b:
        return not a & b
    if not (p.weekdays and q.weekdays) or p.weekdays & q.weekdays:
        return False
    # the act both tell must be the one each weekday dates: "was charged Tuesday with killing" and
    # "killed on Sunday" tell nothing of two killings
    # (a verb and its noun are one act: "met Sunday" / "Thursday night's meeting")
    apart = False
    for act, day in p.weekday_acts:
        for other_act, other_day in q.weekday_acts:
            if act == other_act or _nominalises(act, other_act) or _nominalises(other_act, act):
                if day == other_day:
                    return False
                apart = True
    return apart


def core(ks: Sequence[int], same: set[tuple[int, int]], claims: Sequence[Claim], pairs: PairScores,
         apart: Callable[[int, int], bool] = lambda _j, _k: True, one_per_doc: bool = False,
         star: bool = False, unit: Callable[[str], str] | None = None) -> list[int]:
    """The claims of a group that state one proposition. Grown greedily from each
    "same fact" pair, strongest links first: a claim joins when it states the fact with
    a claim of another document already in, and with every one of them from a report
    of another day (``apart``): a chain A~B, B~C across days does not make A and C one
    fact — two statements about the same people, days apart, are two facts. The core
    with the most documents, then claims, then the strongest links is kept.
    ``apart(j, k)`` must depend on the two claims' documents only (it is asked once per
    pair of documents). ``star``: a claim joins only when it states the fact with the claim the
    core grew from (each claim of a pair is tried as that centre) — a chain of links A~B, B~C,
    C~D in a big same-day story is not one fact; else any claim of the core will do.
    ``unit`` (document id -> its outlet's key): a claim joins only by stating the fact with a
    claim of another outlet — one outlet's live updates linked to each other do not carry a
    chain from one outlet's claim to another's."""
    return _Cores(ks, same, claims, pairs, apart, one_per_doc, star, unit).best(set(ks))


def cores(ks: Sequence[int], same: set[tuple[int, int]], claims: Sequence[Claim], pairs: PairScores,
          apart: Callable[[int, int], bool] = lambda _j, _k: True, one_per_doc: bool = False,
          star: bool = False, unit: Callable[[str], str] | None = None) -> list[list[int]]:
    """The facts of one group, one per core: :func:`core` of the group, then of what is
    left without it, and so on while a core spans two documents. The same cores as
    calling :func:`core` again on each rest, but a seed's core is grown again only
    when the last core took one of its claims (the others cannot change)."""
    grow = _Cores(ks, same, claims, pairs, apart, one_per_doc, star, unit)
    left = set(ks)
    out: list[list[int]] = []
    while True:
        found = grow.best(left)
        if len({claims[k].doc for k in found}) < 2:
            return out
        out.append(found)
        left.difference_update(found)


class _Cores:
    """The greedy growth of :func:`core` on bit sets of the group's claims (bit b: the
    b-th claim of the group in index order), each seed's core kept for the next call
    (valid while none of its claims is taken)."""

    def __init__(self, ks: Sequence[int], same: set[tuple[int, int]], claims: Sequence[Claim], pairs: PairScores,
                 apart: Callable[[int, int], bool], one_per_doc: bool, star: bool = False,
                 unit: Callable[[str], str] | None = None) -> None:
        self.ks = sorted(set(ks))
        self.claims, self.pairs, self.one_per_doc, self.star = claims, pairs, one_per_doc, star
        self.bit = bit = {k: b for b, k in enumerate(self.ks)}
        self.into = [0] * len(self.ks)  # bit j set: (j, k) is a "same fact" pair
        self.same: set[tuple[int, int]] = set()
        for j, k in same:
            if j in bit and k in bit:
                self.into[bit[k]] |= 1 << bit[j]
                self.same.add((j, k))
        docs: dict[str, int] = {}
        self.doc = np.array([docs.setdefault(claims[k].doc, len(docs)) for k in self.ks], dtype=np.int64)
        doc_bits = [0] * len(docs)
        first = [-1] * len(docs)
        for b, d in enumerate(self.doc.tolist()):
            doc_bits[d] |= 1 << b
            if first[d] < 0:
                first[d] = self.ks[b]
        self.same_doc = [doc_bits[d] for d in self.doc.tolist()]
        # the claims of the same outlet's reports (``unit``: document id -> outlet key)
        unit_bits: dict[str, int] = {}
        for b, k in enumerate(self.ks):
            u = unit(claims[k].doc) if unit is not None else claims[k].doc
            unit_bits[u] = unit_bits.get(u, 0) | 1 << b
        self.same_unit = [unit_bits[unit(claims[k].doc) if unit is not None else claims[k].doc] for k in self.ks]
        # the claims of reports days apart from each claim's report (``apart`` is a property of the two documents)
        apart_of_doc = [sum(doc_bits[e] for e in range(len(docs)) if apart(first[e], first[d])) for d in range(len(docs))]
        self.apart_bits = [apart_of_doc[d] for d in self.doc.tolist()]
        self.kept: dict[tuple[int, int], tuple[tuple, list[int], int]] = {}  # seed -> key, core, its bits
        self._fits: np.ndarray | None = None
        self._column: dict[int, np.ndarray] = {}

    def _scores_to(self, j: int) -> np.ndarray:
        """float(pairs.score[k, j]) for each claim k of the group."""
        col = self._column.get(j)
        if col is None:
            table = self.pairs.score
            if isinstance(table, np.ndarray):
                col = table[self.ks, j].astype(np.float64)
            else:
                col = np.array([float(table[k, j]) for k in self.ks], dtype=np.float64)
            self._column[j] = col
        return col

    def _strength(self, core: list[int]) -> float:
        """sum(fit(i, j) for i in core for j in core if i < j and another document), added
        in that order (np.cumsum adds one after the other, as sum() does)."""
        if self._fits is None:
            n = len(self.ks)
            fits = np.zeros((n, n), dtype=np.float64)
            for a in range(n):
                for b in range(a + 1, n):
                    if self.doc[a] != self.doc[b]:
                        fits[a, b] = fit(self.ks[a], self.ks[b], self.claims, self.pairs, 1.0)
            self._fits = fits
        at = np.array([self.bit[k] for k in core], dtype=np.int64)
        ids = np.array(core, dtype=np.int64)
        take = (ids[:, None] < ids[None, :]) & (self.doc[at][:, None] != self.doc[at][None, :])
        values = self._fits[np.ix_(at, at)][take]
        return float(np.cumsum(values)[-1]) if len(values) else 0.0

    def _grow(self, x: int, y: int, pool: np.ndarray) -> tuple[tuple, list[int], int]:
        ks, bit = self.ks, self.bit
        bx, by = bit[x], bit[y]
        # pull: the best score to x or y among those of another document
        px = np.where(self.doc == self.doc[bx], -np.inf, self._scores_to(x))
        py = np.where(self.doc == self.doc[by], -np.inf, self._scores_to(y))
        pull = np.maximum(px, py)
        members = pool[(pool != bx) & (pool != by)]
        # strongest pull first, then the lower claim (np.lexsort: the last key is the first)
        order = members[np.lexsort((members, -pull[members]))].tolist()
        core = [x, y]
        mask = 1 << bx | 1 << by
        for b in order:
            others = mask & ~self.same_doc[b]
            if not others or (self.one_per_doc and others != mask):
                continue
            into = self.into[b]
            # a star, not a chain: it states the fact with the claim the core grew from (with the
            # seed's other claim when it is of that claim's report)
            if self.star and not into & (1 << by if self.same_doc[b] >> bx & 1 else 1 << bx):
                continue
            # it states the fact with a claim of the core (of another outlet, when outlets are
            # known), and with every one of another day
            if others & ~self.same_unit[b] & into and not others & ~into & self.apart_bits[b]:
                core.append(ks[b])
                mask |= 1 << b
        key = (len({self.claims[k].doc for k in core}), len(core), self._strength(core), -min(core))
        return key, core, mask

    def best(self, left: set[int]) -> list[int]:
        """:func:`core` of the claims of ``left``."""
        bit = self.bit
        in_left = 0
        for k in left:
            if k in bit:
                in_left |= 1 << bit[k]
        in_pool = [b for b in range(len(self.ks)) if in_left >> b & 1 and self.into[b] & in_left]
        pool = np.array(in_pool, dtype=np.int64)
        pool_bits = sum(1 << b for b in in_pool)
        best: tuple = ()
        best_core: list[int] = []
        # a star grows from either claim of a pair; a chain from the pair
        seeds = sorted({p if self.star else (min(p), max(p)) for p in self.same
                        if pool_bits >> bit[p[0]] & 1 and pool_bits >> bit[p[1]] & 1})
        # two outlets' claims, when there are such pairs: one outlet's own reports linked to each
        # other would start a core that gathers every claim linked to either of them
        across = [(x, y) for x, y in seeds if not self.same_unit[bit[x]] >> bit[y] & 1]
        if across:
            seeds = across
        for x, y in seeds:
            kept = self.kept.get((x, y))
            if kept is None or kept[2] & ~in_left:
                kept = self.kept[(x, y)] = self._grow(x, y, pool)
            if kept[0] > best:
                best, best_core = kept[0], kept[1]
        return list(best_core)
