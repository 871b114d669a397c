"""Coreference scorers: MUC, B-cubed, CEAF-e and the CoNLL F1 (their mean).

Clusters are iterables of hashable mention ids. The definitions follow the
reference CoNLL scorer (Pradhan et al. 2014, "Scoring Coreference Partitions
of Predicted Mentions: A Reference Implementation"):

- MUC (Vilain et al. 1995) counts links: recall = sum(|K| - |p(K)|) / sum(|K| - 1)
  where p(K) partitions key cluster K by the response; a key mention missing
  from the response is a part of its own. Precision swaps key and response.
- B-cubed (Bagga & Baldwin 1998): per-mention overlap, recall averaged over key
  mentions, precision over response mentions; a mention absent from the other
  side contributes 0 (no implicit singletons).
- CEAF-e (Luo 2005): the best one-to-one alignment of key and response
  clusters under phi4(K, R) = 2|K ∩ R| / (|K| + |R|); recall divides the total
  similarity by the number of key clusters, precision by response clusters.

A ratio with a zero denominator is 0 (e.g. MUC precision of all-singleton
responses), as in the reference scorer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

__all__ = ["PRF", "muc", "b_cubed", "ceaf_e", "conll_f1", "pairwise"]

Clusters = Iterable[Iterable[Hashable]]


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float

    @classmethod
    def of(cls, p_num: float, p_den: float, r_num: float, r_den: float) -> "PRF":
        p = p_num / p_den if p_den else 0.0
        r = r_num / r_den if r_den else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return cls(p, r, f)


def _norm(clusters: Clusters) -> list[frozenset]:
    out = [frozenset(c) for c in clusters]
    return [c for c in out if c]


def _owner(clusters: Sequence[frozenset]) -> dict[Hashable, int]:
    owner: dict[Hashable, int] = {}
    for i, c in enumerate(clusters):
        for m in c:
            if m in owner:
                raise ValueError(f"mention {m!r} is in two clusters")
            owner[m] = i
    return owner


def _muc_links(key: Sequence[frozenset], response: Sequence[frozenset]) -> tuple[int, int]:
    owner = _owner(response)
    num = den = 0
    for cluster in key:
        parts = {owner.get(m, ("missing", m)) for m in cluster}
        num += len(cluster) - len(parts)
        den += len(cluster) - 1
    return num, den


def muc(gold_clusters: Clusters, sys_clusters: Clusters) -> PRF:
    key, response = _norm(gold_clusters), _norm(sys_clusters)
    r_num, r_den = _muc_links(key, response)
    p_num, p_den = _muc_links(response, key)
    return PRF.of(p_num, p_den, r_num, r_den)


def _b3_sum(key: Sequence[frozenset], response: Sequence[frozenset]) -> float:
    owner = _owner(response)
    total = 0.0
    for cluster in key:
        overlaps: dict[int, int] = {}
        for m in cluster:
            j = owner.get(m)
            if j is not None:
                overlaps[j] = overlaps.get(j, 0) + 1
        total += sum(n * n for n in overlaps.values()) / len(cluster)
    return total


def b_cubed(gold_clusters: Clusters, sys_clusters: Clusters) -> PRF:
    key, response = _norm(gold_clusters), _norm(sys_clusters)
    return PRF.of(
        _b3_sum(response, key),
        sum(len(c) for c in response),
        _b3_sum(key, response),
        sum(len(c) for c in key),
    )


def _max_assignment(weights: list[list[float]]) -> float:
    """Maximum-weight one-to-one matching of a rows x cols matrix (Kuhn-Munkres).

    Rectangular matrices are padded with zeros; O(n^3), used per connected
    component of the overlap graph so n stays small.
    """
    n = max(len(weights), len(weights[0]) if weights else 0)
    if n == 0:
        return 0.0
    top = max((w for row in weights for w in row), default=0.0)
    # minimise cost = top - weight on a square matrix
    cost = [[top - (weights[i][j] if i < len(weights) and j < len(weights[i]) else 0.0)
             for j in range(n)] for i in range(n)]
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    p = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = p[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    total = 0.0
    for j in range(1, n + 1):
        i = p[j]
        if i and i - 1 < len(weights) and j - 1 < len(weights[i - 1]):
            total += weights[i - 1][j - 1]
    return total


def _ceaf_similarity(key: Sequence[frozenset], response: Sequence[frozenset]) -> float:
    owner = _owner(response)
    # overlap graph between key and response clusters; align each connected component alone
    edges: dict[int, dict[int, int]] = {}
    for i, cluster in enumerate(key):
        row: dict[int, int] = {}
        for m in cluster:
            j = owner.get(m)
            if j is not None:
                row[j] = row.get(j, 0) + 1
        edges[i] = row
    parent = list(range(len(key) + len(response)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, row in edges.items():
        for j in row:
            parent[find(i)] = find(len(key) + j)
    components: dict[int, tuple[list[int], list[int]]] = {}
    for i in range(len(key)):
        components.setdefault(find(i), ([], []))[0].append(i)
    for j in range(len(response)):
        components.setdefault(find(len(key) + j), ([], []))[1].append(j)
    total = 0.0
    for rows, cols in components.values():
        if not rows or not cols:
            continue
        weights = [
            [2 * edges[i].get(j, 0) / (len(key[i]) + len(response[j])) for j in cols] for i in rows
        ]
        total += _max_assignment(weights)
    return total


def ceaf_e(gold_clusters: Clusters, sys_clusters: Clusters) -> PRF:
    key, response = _norm(gold_clusters), _norm(sys_clusters)
    sim = _ceaf_similarity(key, response)
    return PRF.of(sim, len(response), sim, len(key))


def conll_f1(gold_clusters: Clusters, sys_clusters: Clusters) -> dict[str, PRF | float]:
    """MUC, B3 and CEAF-e, and their mean F1 under ``"conll_f1"``."""
    key, response = _norm(gold_clusters), _norm(sys_clusters)
    scores: dict[str, PRF | float] = {
        "muc": muc(key, response),
        "b3": b_cubed(key, response),
        "ceafe": ceaf_e(key, response),
    }
    scores["conll_f1"] = sum(s.f1 for s in scores.values() if isinstance(s, PRF)) / 3
    return scores


def pairwise(gold_clusters: Clusters, sys_clusters: Clusters) -> PRF:
    """Precision/recall of coreferent mention pairs (links), for clustering papers that use it."""
    key, response = _norm(gold_clusters), _norm(sys_clusters)
    owner = _owner(key)
    common = 0
    for cluster in response:
        counts: dict[int, int] = {}
        for m in cluster:
            if m in owner:
                counts[owner[m]] = counts.get(owner[m], 0) + 1
        common += sum(n * (n - 1) // 2 for n in counts.values())
    pairs = lambda cs: sum(len(c) * (len(c) - 1) // 2 for c in cs)  # noqa: E731
    return PRF.of(common, pairs(response), common, pairs(key))
