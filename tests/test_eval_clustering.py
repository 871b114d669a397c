import pytest

from newsprism.evaluate.clustering import bcubed, pairwise


def test_bcubed_perfect_and_all_in_one():
    gold = {"a": 1, "b": 1, "c": 2}
    assert bcubed({"a": "x", "b": "x", "c": "y"}, gold).f1 == pytest.approx(1.0)
    lumped = bcubed({"a": 0, "b": 0, "c": 0}, gold)
    # by hand: precision a,b = 2/3, c = 1/3 -> 5/9; recall 1
    assert lumped.precision == pytest.approx(5 / 9)
    assert lumped.recall == pytest.approx(1.0)
    assert lumped.f1 == pytest.approx(2 * (5 / 9) / (5 / 9 + 1))


def test_bcubed_singletons():
    gold = {"a": 1, "b": 1, "c": 2}
    split = bcubed({"a": 0, "b": 1, "c": 2}, gold)
    # recall a,b = 1/2, c = 1 -> 2/3; precision 1
    assert split.precision == pytest.approx(1.0)
    assert split.recall == pytest.approx(2 / 3)


def test_pairwise_by_hand():
    gold = {"a": 1, "b": 1, "c": 1, "d": 2}
    pred = {"a": 0, "b": 0, "c": 1, "d": 1}
    score = pairwise(pred, gold)
    # gold pairs ab ac bc; predicted ab cd; shared ab
    assert score.precision == pytest.approx(1 / 2)
    assert score.recall == pytest.approx(1 / 3)
    assert score.f1 == pytest.approx(0.4)


def test_different_items_rejected():
    with pytest.raises(ValueError):
        bcubed({"a": 1}, {"b": 1})
