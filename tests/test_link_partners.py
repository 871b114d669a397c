"""Partners (compare/link_partners.py): the partners build_facts asks about instead of every
pair of a merged group's members answer what the all-pairs loop answered — the claims that
can be "same fact" with one (a score not below the threshold, or a copy) and the best score
among a group's members of other documents — on dense tables and on candidate pairs alike."""

from __future__ import annotations

import math

import numpy as np

from newsprism.compare.align import PairScores
from newsprism.compare.blocked import PairTable
from newsprism.compare.link_partners import Partners


def _scores(table) -> PairScores:
    return PairScores(table, table, table, table, table)


def _dense(n: int, rng: np.random.Generator) -> np.ndarray:
    x = rng.normal(0.5, 0.3, (n, n)).astype(np.float32)
    x[rng.random((n, n)) < 0.1] = 0.7  # ties at the threshold
    docs = np.arange(n) // 4
    x[docs[:, None] == docs[None, :]] = -np.inf  # one document's claims never pair
    return x  # not symmetric: score[j, k] and score[k, j] are read apart


def _all_pairs_best(score, k: int, members: list[int], doc_of: dict[int, str]) -> float:
    return max((float(score[k, j]) for j in members if doc_of[j] != doc_of[k]), default=-math.inf)


def _check(partners: Partners, score, n: int, threshold: float, copies: set[frozenset[int]], rng) -> int:
    checked = 0
    for k in range(n):
        want = {j for j in range(n) if j != k and (not float(score[j, k]) < threshold or frozenset((j, k)) in copies)}
        assert set(partners.same.get(k, ())) == want
        checked += bool(want)
    for _ in range(60):
        members = rng.choice(n, int(rng.integers(1, 20)), replace=False).tolist()
        doc_of = {j: f"d{j // 4}" for j in members}
        for k in members:
            got, want = partners.best(k, members, doc_of), _all_pairs_best(score, k, members, doc_of)
            assert got == want or (math.isnan(got) and math.isnan(want))
    return checked


def test_partners_answer_the_all_pairs_loop_on_a_dense_table():
    rng = np.random.default_rng(5)
    n = 48
    dense = _dense(n, rng)
    copies = {frozenset((1, 30)), frozenset((7, 8))}
    for threshold in (0.7, 0.7000001, 0.95):
        assert _check(Partners.of(_scores(dense), n, threshold, [tuple(c) for c in copies]), dense, n, threshold,
                      copies, rng) > 0
    dense[3, 20] = np.nan  # a NaN score passes link_strength's "<" test, and Python's max sees it in order
    assert 3 in Partners.of(_scores(dense), n, 0.7).same[20]
    _check(Partners.of(_scores(dense), n, 0.7), dense, n, 0.7, set(), rng)


def test_partners_answer_the_all_pairs_loop_on_candidate_pairs():
    rng = np.random.default_rng(8)
    n = 48
    dense = _dense(n, rng)
    cand = [(i, j) for i in range(n) for j in range(i + 1, n) if i // 4 != j // 4 and rng.random() < 0.3]
    keys = np.array([i * n + j for i, j in cand], dtype=np.int64)
    values = np.array([dense[i, j] for i, j in cand], dtype=np.float32)
    table = PairTable(n, dict(zip(keys.tolist(), range(len(keys)))), values, -np.inf, keys)
    copies = {frozenset((0, 5))}
    for threshold in (0.7, 0.5):
        assert _check(Partners.of(_scores(table), n, threshold, [(0, 5)]), table, n, threshold, copies, rng) > 0
    values[3] = np.nan
    table = PairTable(n, table.index, values, -np.inf, keys)
    _check(Partners.of(_scores(table), n, 0.7), table, n, 0.7, set(), rng)
