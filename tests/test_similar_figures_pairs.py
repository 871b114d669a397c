"""The pairs of claims similar_claim_figures compares (compare/similar_figures._lexical_pairs): those
whose lexical agreement (the mean of the alignment's two lexical cosines) is not under the floor,
in (i, j) order, with the agreement the per-pair loop computed — from one array operation over a
dense table, and over a large story's candidate pairs (every other pair 0) without a look-up per pair."""

from __future__ import annotations

import numpy as np

from newsprism.compare.align import PairScores
from newsprism.compare.blocked import SparseScores
from newsprism.compare.similar_figures import _lexical_pairs


def _per_pair(scores, rows: list[int], floor: float) -> list[tuple[int, int, float]]:
    """What the loop over every pair of rows gave."""
    out = []
    for x, i in enumerate(rows):
        for j in rows[x + 1:]:
            lexical = (float(scores.terms[i, j]) + float(scores.words[i, j])) / 2
            if not lexical < floor:
                out.append((i, j, lexical))
    return out


def test_the_pairs_of_a_dense_table_are_those_of_the_loop():
    rng = np.random.default_rng(7)
    n = 40
    terms = rng.random((n, n)).astype(np.float32) * 0.6
    words = rng.random((n, n)).astype(np.float32) * 0.6
    terms[rng.random((n, n)) < 0.1] = 0.25  # ties at the floor
    words[terms == np.float32(0.25)] = 0.25
    scores = PairScores(terms, terms, terms, terms, terms, words=words)
    rows = sorted(rng.choice(n, 25, replace=False).tolist())
    got = _lexical_pairs(scores, rows, 0.25)
    assert got == _per_pair(scores, rows, 0.25)
    assert got and len(got) < len(rows) * (len(rows) - 1) // 2  # some pairs pass, not all


def test_the_pairs_of_candidate_tables_are_those_of_the_loop():
    rng = np.random.default_rng(11)
    n = 60
    keys = np.unique(rng.integers(0, n, 400) * n + rng.integers(0, n, 400))
    i, j = keys // n, keys % n
    i, j = i[i < j], j[i < j]
    values = [rng.random(len(i)).astype(np.float32) * 0.6 for _ in range(8)]
    sparse = SparseScores(i, j, *values)
    scores = sparse.as_pair_scores(n)
    rows = sorted(rng.choice(n, 45, replace=False).tolist())
    got = _lexical_pairs(scores, rows, 0.25)
    assert got == _per_pair(scores, rows, 0.25)
    assert got
    assert _lexical_pairs(scores, rows[:1], 0.25) == []
