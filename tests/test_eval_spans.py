"""The span scorer on cases small enough to check by hand."""

from __future__ import annotations

import pytest

from newsprism.evaluate.spans import match_spans, prf, span_prf, token_prf


def test_exact_counts_only_identical_boundaries():
    gold = [(0, 5), (10, 20)]
    predicted = [(0, 5), (12, 15), (30, 31)]
    result = span_prf(gold, predicted, "exact")
    assert result["matched"] == 1
    assert result["precision"] == pytest.approx(1 / 3)
    assert result["recall"] == pytest.approx(1 / 2)
    assert result["f1"] == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))


def test_overlap_accepts_shared_characters_but_not_touching():
    gold = [(0, 5), (10, 20)]
    predicted = [(4, 6), (20, 25)]  # (20, 25) only touches (10, 20): no shared character
    result = span_prf(gold, predicted, "overlap")
    assert result["matched"] == 1
    assert result["precision"] == 0.5 and result["recall"] == 0.5


def test_overlap_is_one_to_one():
    # one long prediction over two gold spans matches only one of them
    result = span_prf([(0, 5), (6, 10)], [(0, 10)], "overlap")
    assert result["matched"] == 1
    assert result["precision"] == 1.0 and result["recall"] == 0.5


def test_greedy_pairs_the_largest_overlap_first():
    pairs = match_spans([(0, 10)], [(8, 12), (1, 9)], "overlap")
    assert pairs == [(0, 1)]


def test_key_must_agree():
    result = span_prf([(0, 5, "a")], [(0, 5, "b")], "exact")
    assert result["matched"] == 0 and result["f1"] == 0.0


def test_empty_sets_give_zero_not_an_error():
    assert span_prf([], [], "overlap")["f1"] == 0.0
    assert prf(0, 0, 0, 3)["recall"] == 0.0


def test_duplicates_count_once():
    assert span_prf([(0, 5), (0, 5)], [(0, 5)], "exact")["gold"] == 1


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError):
        span_prf([(0, 1)], [(0, 1)], "fuzzy")  # type: ignore[arg-type]


def test_token_level_soft_overlap():
    text = "aaa bbb ccc ddd"
    # gold covers aaa bbb ccc (ccc starts inside); predicted covers bbb ccc ddd
    result = token_prf([(0, 9)], [(4, 15)], text)
    assert result["gold"] == 3 and result["predicted"] == 3 and result["matched"] == 2
    assert result["f1"] == pytest.approx(2 / 3)


def test_token_level_with_documents_by_key():
    texts = {"d1": "one two", "d2": "three four"}
    result = token_prf([(0, 3, "d1"), (0, 10, "d2")], [(0, 7, "d1")], texts)
    assert result["gold"] == 3 and result["predicted"] == 2 and result["matched"] == 1
