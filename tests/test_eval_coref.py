"""Coreference scorers on hand-computed cases."""

from __future__ import annotations

import pytest

from newsprism.evaluate.coref import b_cubed, ceaf_e, conll_f1, muc, pairwise

approx = lambda x: pytest.approx(x, abs=1e-4)  # noqa: E731


def test_identical_clusterings_score_one():
    gold = [{"a", "b", "c"}, {"d", "e"}, {"f"}]
    for scorer in (muc, b_cubed, ceaf_e):
        s = scorer(gold, [set(c) for c in gold])
        assert (s.precision, s.recall, s.f1) == (approx(1.0), approx(1.0), approx(1.0))
    assert conll_f1(gold, gold)["conll_f1"] == approx(1.0)


def test_one_gold_cluster_against_all_singletons():
    gold = [{"a", "b", "c", "d"}]
    sys = [{"a"}, {"b"}, {"c"}, {"d"}]
    m = muc(gold, sys)
    assert (m.precision, m.recall, m.f1) == (0.0, 0.0, 0.0)  # no links at all
    b = b_cubed(gold, sys)
    assert (b.precision, b.recall, b.f1) == (approx(1.0), approx(0.25), approx(0.4))
    # best alignment: one singleton with the key cluster, phi4 = 2*1/(4+1) = 0.4
    c = ceaf_e(gold, sys)
    assert (c.recall, c.precision) == (approx(0.4), approx(0.1))
    assert c.f1 == approx(2 * 0.4 * 0.1 / 0.5)


def test_all_singletons_gold_against_one_cluster():
    gold = [{"a"}, {"b"}, {"c"}, {"d"}]
    sys = [{"a", "b", "c", "d"}]
    m = muc(gold, sys)
    assert (m.recall, m.precision) == (0.0, 0.0)
    b = b_cubed(gold, sys)
    assert (b.precision, b.recall) == (approx(0.25), approx(1.0))
    c = ceaf_e(gold, sys)
    assert (c.precision, c.recall) == (approx(0.4), approx(0.1))


def test_pradhan_2014_worked_example():
    # Pradhan et al. (2014), Figure 1: key {a,b,c} {d,e,f,g}; response {a,b} {c,d} {f,g,h,i}
    gold = [{"a", "b", "c"}, {"d", "e", "f", "g"}]
    sys = [{"a", "b"}, {"c", "d"}, {"f", "g", "h", "i"}]
    m = muc(gold, sys)
    # recall: (3-2) + (4-3) over 2+3; precision: (2-1) + (2-2) + (4-3) over 1+1+3
    assert (m.recall, m.precision, m.f1) == (approx(0.4), approx(0.4), approx(0.4))
    b = b_cubed(gold, sys)
    # recall: (4/3 + 1/3 + 1/4 + 4/4) / 7 = 5/12; precision: (4/2 + 1/2 + 1/2 + 4/4) / 8 = 1/2
    assert (b.recall, b.precision) == (approx(5 / 12), approx(0.5))
    assert b.f1 == approx(2 * (5 / 12) * 0.5 / (5 / 12 + 0.5))
    c = ceaf_e(gold, sys)
    # alignment {a,b,c}-{a,b}: 0.8 and {d,e,f,g}-{f,g,h,i}: 0.5 -> 1.3
    assert (c.recall, c.precision) == (approx(1.3 / 2), approx(1.3 / 3))
    scores = conll_f1(gold, sys)
    assert scores["conll_f1"] == approx((m.f1 + b.f1 + c.f1) / 3)


def test_ceaf_sums_the_best_one_to_one_alignment():
    gold = [{1, 2, 3, 4}, {5, 6}]
    sys = [{1, 2, 3, 5}, {4, 6}]
    # options: K1-R1 (2*3/8=0.75) + K2-R2 (2*1/4=0.5) = 1.25; K1-R2 (2*1/6) + K2-R1 (2*1/6) = 0.667
    c = ceaf_e(gold, sys)
    assert c.recall == approx(1.25 / 2)


def test_muc_counts_missing_response_mentions_as_their_own_parts():
    gold = [{"a", "b", "c"}]
    sys = [{"a", "b"}]  # c was never found
    m = muc(gold, sys)
    assert m.recall == approx(1 / 2)
    assert m.precision == approx(1.0)


def test_a_mention_in_two_clusters_is_an_error():
    with pytest.raises(ValueError):
        muc([{"a", "b"}, {"b", "c"}], [{"a"}])


def test_pairwise_links():
    gold = [{"a", "b", "c"}]
    sys = [{"a", "b"}, {"c"}]
    p = pairwise(gold, sys)
    assert (p.precision, p.recall) == (approx(1.0), approx(1 / 3))
