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

from newsprism.compare.align import PairScores
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

__all__ = ["core", "fit", "other_days", "publication_day"]


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
    """Both claims dated to a day (a year alone is too coarse) and no day in common."""
    if p is None or q is None:
        return False
    a = {d for d in p.days if len(d) == 10}
    b = {d for d in q.days if len(d) == 10}
    return bool(a and b and not a & b)


def core(ks: Sequence[int], same: set[tuple[int, int]], claims: Sequence[Claim], pairs: PairScores,
        apart: Callable[[int, int], bool] = lambda _j, _k: True, one_per_doc: bool = False) -> list[int]:
    """The claims of a group that state one proposition. Grown greedily from each
    "same fact" pair, strongest links first: a claim joins when it states the fact with
    a claim of another document already in, and with every one of them from a report
    of another day (``apart``): a chain A~B, B~C across days does not make A and C one
    fact — two statements about the same people, days apart, are two facts. The core
    with the most documents, then claims, then the strongest links is kept."""
    pool = [k for k in ks if any((j, k) in same for j in ks)]
    in_pool = set(pool)
    best: tuple = ()
    best_core: list[int] = []
    fits: dict[tuple[int, int], float] = {}  # fit of a pair, once per call (every seed's core sums them)

    def fit_of(i: int, j: int) -> float:
        if (i, j) not in fits:
            fits[(i, j)] = fit(i, j, claims, pairs, 1.0)
        return fits[(i, j)]

    for x, y in sorted({(min(p), max(p)) for p in same if p[0] in in_pool and p[1] in in_pool}):
        core = [x, y]

        def pull(k: int, x: int = x, y: int = y) -> float:
            return max(float(pairs.score[k, j]) for j in (x, y) if claims[j].doc != claims[k].doc)

        for k in sorted((k for k in pool if k not in core), key=lambda k: (-pull(k), k)):
            others = [j for j in core if claims[j].doc != claims[k].doc]
            if not others or (one_per_doc and len(others) < len(core)):
                continue
            if any((j, k) in same for j in others) and all((j, k) in same for j in others if apart(j, k)):
                core.append(k)
        # the strongest links, the shared names and figures counting too ("raised just over $200,000" /
        # "outraising him $5.4 million to $200,000" before "raised $5.4 million")
        strength = sum(fit_of(i, j) for i in core for j in core if i < j and claims[i].doc != claims[j].doc)
        key = (len({claims[k].doc for k in core}), len(core), strength, -min(core))
        if key > best:
            best, best_core = key, core
    return best_core
