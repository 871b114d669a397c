"""Clustering scores: B-cubed precision/recall/F1 (Bagga & Baldwin 1998) and pairwise F1.

Both take two mappings item -> cluster label over the same items; labels are
opaque (only equality matters).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Hashable, Mapping

__all__ = ["PRF", "bcubed", "pairwise"]


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def _check(predicted: Mapping[Hashable, Hashable], gold: Mapping[Hashable, Hashable]) -> None:
    if set(predicted) != set(gold):
        missing = len(set(gold) - set(predicted))
        extra = len(set(predicted) - set(gold))
        raise ValueError(f"predicted and gold cover different items ({missing} missing, {extra} extra)")


def bcubed(predicted: Mapping[Hashable, Hashable], gold: Mapping[Hashable, Hashable]) -> PRF:
    """B-cubed: per item, precision = share of its predicted cluster that shares its gold
    cluster, recall = share of its gold cluster found in its predicted cluster; averaged
    over items."""
    _check(predicted, gold)
    if not gold:
        return PRF(0.0, 0.0, 0.0)
    joint = Counter((predicted[i], gold[i]) for i in gold)
    pred_sizes = Counter(predicted[i] for i in gold)
    gold_sizes = Counter(gold.values())
    precision = sum(n * n / pred_sizes[p] for (p, _), n in joint.items()) / len(gold)
    recall = sum(n * n / gold_sizes[g] for (_, g), n in joint.items()) / len(gold)
    return PRF(precision, recall, _f1(precision, recall))


def pairwise(predicted: Mapping[Hashable, Hashable], gold: Mapping[Hashable, Hashable]) -> PRF:
    """Pairwise: precision/recall over the unordered pairs of items put together.
    With no pair on a side, that side's score is 1 when the other side has none too."""
    _check(predicted, gold)

    def pairs(counts: Counter) -> int:
        return sum(n * (n - 1) // 2 for n in counts.values())

    together = pairs(Counter((predicted[i], gold[i]) for i in gold))
    pred_pairs = pairs(Counter(predicted[i] for i in gold))
    gold_pairs = pairs(Counter(gold.values()))
    precision = together / pred_pairs if pred_pairs else float(gold_pairs == 0)
    recall = together / gold_pairs if gold_pairs else float(pred_pairs == 0)
    return PRF(precision, recall, _f1(precision, recall))
