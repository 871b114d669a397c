"""A fact's other reports: claims no alignment link brought into a fact, that state it with its claims.

The alignment (:func:`newsprism.compare.align.align_claims`) grows a fact from its seed pair
and, in each other document, the claim best *linked* to one of them — each among the other's
best two claims of its document. A report that tells the fact in several sentences (a
headline, a lede, a later recap) or whose telling ranks third against one report only never
joins, though it states the fact with the reports already in it ("Jackman was announced
Friday as the host of the 81st Academy Awards" / "The Academy ... announced Friday that Hugh
Jackman will be the host of the 81st annual Oscars"). Here each fact takes, in each report it
lacks, the free claim that states it — ``"same fact"`` by
:func:`newsprism.compare.fact_links.link_strength`, the same rules as within a fact — with at
least two of its claims of different reports (both, for a fact of two reports), best by its
weakest score with them. The rules decide; the
alignment score only picks which pairs to ask about (at least ``FactParams.same_score``,
below which no link is "same fact").
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Container, Mapping, Sequence

import numpy as np

from newsprism.compare.align import PairScores
from newsprism.compare.blocked import pairs_at_least
from newsprism.extract.claims import Claim

__all__ = ["near_pairs", "other_reports"]


def near_pairs(pairs: PairScores, n: int, threshold: float) -> dict[int, list[int]]:
    """Each claim's partners scoring ``threshold`` or more: once per story, one array operation
    (dense tables or the blocked alignment's candidate pairs alike)."""
    out: dict[int, list[int]] = defaultdict(list)
    if isinstance(pairs.score, np.ndarray):
        # a dense table: one boolean table, not a float64 copy of every pair (pairs_at_least)
        found = np.argwhere(np.triu(pairs.score >= threshold, k=1)).tolist()
    else:
        found = pairs_at_least(pairs.score, range(n), threshold)
    for a, b in found:
        out[a].append(b)
        out[b].append(a)
    return out


def other_reports(members: Sequence[int], free: Container[int], claims: Sequence[Claim], near: Mapping[int, Sequence[int]],
                  pairs: PairScores, strength: Callable[[int, int], str], unit: Callable[[str], str]) -> list[int]:
    """The claims (indices into ``claims``) of ``free`` that join the fact of ``members`` (its
    "same fact" claims), at most one per report (``unit``: a document's report key) it lacks;
    ``near``: :func:`near_pairs` at ``FactParams.same_score``."""
    have = {unit(claims[k].doc) for k in members}
    if len(have) < 2:
        return []
    hits: dict[int, set[int]] = defaultdict(set)
    for m in members:
        for c in near.get(m, ()):
            if c in free and unit(claims[c].doc) not in have:
                hits[c].add(m)
    best: dict[str, tuple[float, int]] = {}
    for c, ms in sorted(hits.items()):
        # two of its claims of different reports at least: one link is what the alignment had
        if len({unit(claims[m].doc) for m in ms}) < 2:
            continue
        same = [m for m in sorted(ms) if strength(m, c) == "same fact"]
        if len({unit(claims[m].doc) for m in same}) < 2:
            continue
        weakest = min(float(pairs.score[m, c]) for m in same)
        key = unit(claims[c].doc)
        if key not in best or weakest > best[key][0]:
            best[key] = (weakest, c)
    return sorted(c for _, c in best.values())
