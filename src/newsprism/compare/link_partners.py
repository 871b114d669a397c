"""Each claim's possible partners in a fact, read once from the alignment scores.

:func:`newsprism.compare.facts.build_facts` places each claim of a merged alignment group
by how many of the group's other claims it states the fact with and by its best score
with them. Asked of every pair of members, that is quadratic in the group: at 500
articles the merged groups are large (2.6M pairs asked, most not even candidates of the
blocked alignment). Only two kinds of partner can answer anything but the default:

- a "same fact" link needs a score of at least ``FactParams.same_score`` or a copy
  (:func:`newsprism.compare.fact_links.link_strength` says "partly" below it);
- the best score among non-candidates of the blocked alignment is -inf.

So each claim keeps the partners scored at least that high (``same``) and, for a
blocked story, every candidate partner with its score (``scored``); the group loop asks
those only. The answers are the ones the all-pairs loop gives (tests/test_link_partners.py).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Collection, Mapping, Sequence

import numpy as np

from newsprism.compare.align import PairScores
from newsprism.compare.blocked import PairTable

__all__ = ["Partners"]


@dataclass(frozen=True, eq=False)
class Partners:
    """``same[k]``: the claims j whose ``score[j, k]`` is not below the threshold (a NaN score
    included, as ``link_strength``'s ``<`` test lets it through) or that copy k. For a blocked
    story, each claim's candidate partners and their scores (``ptr``/``cols``/``values``, rows
    of k at ``ptr[k]:ptr[k + 1]``); for a dense table (``dense``) every pair has a score."""

    same: Mapping[int, tuple[int, ...]]
    dense: np.ndarray | None = None
    ptr: np.ndarray | None = None
    cols: np.ndarray | None = None
    values: np.ndarray | None = None

    @classmethod
    def of(cls, pairs: PairScores, n: int, threshold: float, copies: Collection[tuple[int, int]] = ()) -> "Partners":
        same: dict[int, set[int]] = defaultdict(set)
        for a, b in copies:
            same[a].add(b)
            same[b].add(a)
        table = pairs.score
        if isinstance(table, PairTable) and table.keys is not None:
            lo, hi = table.keys // table.n, table.keys % table.n
            values = table.values.astype(np.float64)
            high = ~(values < threshold)
            for a, b in zip(lo[high].tolist(), hi[high].tolist()):
                same[a].add(b)
                same[b].add(a)  # the table is symmetric
            rows, cols = np.concatenate([lo, hi]), np.concatenate([hi, lo])
            order = np.argsort(rows, kind="stable")
            ptr = np.searchsorted(rows[order], np.arange(n + 1))
            return cls({k: tuple(sorted(v)) for k, v in same.items()}, None, ptr, cols[order],
                       np.concatenate([values, values])[order])
        dense = np.asarray(table)
        for start in range(0, n, 512):
            # compared in float64 as link_strength's float(score) is (numpy would round the threshold
            # to a float32 table's precision), a block of rows at a time
            rows = dense[start:min(n, start + 512), :n].astype(np.float64)
            for a, b in np.argwhere(~(rows < threshold)).tolist():
                same[b].add(start + a)  # score[a, b] not below: a may state b's fact (the table need not be symmetric)
        return cls({k: tuple(sorted(v)) for k, v in same.items()}, dense)

    def best(self, k: int, members: Sequence[int], doc_of: Mapping[int, str]) -> float:
        """``max(score[k, j] for j in members if doc_of[j] != doc_of[k])``, -inf when there is
        none (``doc_of``: each member's document)."""
        doc = doc_of[k]
        if self.dense is not None:
            others = [j for j in members if doc_of[j] != doc]
            if not others:
                return -math.inf
            top = float(self.dense[k, np.asarray(others, dtype=np.int64)].max())
            if math.isnan(top):  # Python's max over a NaN depends on the order: asked as the loop did
                return max(float(self.dense[k, j]) for j in others)
            return top
        assert self.ptr is not None and self.cols is not None and self.values is not None
        at = slice(int(self.ptr[k]), int(self.ptr[k + 1]))
        found = [v for j, v in zip(self.cols[at].tolist(), self.values[at].tolist()) if doc_of.get(j, doc) != doc]
        if any(math.isnan(v) for v in found):
            # order-dependent: in the members' order, each non-candidate a -inf
            score = dict(zip(self.cols[at].tolist(), self.values[at].tolist()))
            return max((score.get(j, -math.inf) for j in members if doc_of[j] != doc), default=-math.inf)
        return max(found, default=-math.inf)
