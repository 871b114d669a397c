"""Precision, recall and F1 of predicted character spans against gold spans.

Spans are tuples whose first two items are ``(start, end)`` (end exclusive);
any further items are a key that must be equal for two spans to match (e.g. a
document id: ``(start, end, doc)``).

Matching modes:

- ``"exact"``: same start, same end (and same key).
- ``"overlap"``: the two spans share at least one character (and the key).

Each gold span is matched at most once and each predicted span at most once
(a greedy one-to-one matching, best overlap first), so a prediction that covers
two gold spans counts once. ``token_prf`` gives the soft, token-level view:
precision = share of predicted characters-as-tokens inside some gold span.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from typing import Hashable, Iterable, Literal, Sequence

__all__ = ["span_prf", "token_prf", "prf", "match_spans"]

Match = Literal["exact", "overlap"]
_TOKEN = re.compile(r"\S+")


def prf(true_positive_predicted: int, predicted: int, true_positive_gold: int, gold: int) -> dict[str, float]:
    """P/R/F1 from counts (empty sets give 0.0, never a division error)."""
    precision = true_positive_predicted / predicted if predicted else 0.0
    recall = true_positive_gold / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "gold": float(gold),
        "predicted": float(predicted),
        "matched": float(true_positive_gold),
    }


def _key(span: Sequence) -> Hashable:
    return tuple(span[2:])


def _overlap(a: Sequence, b: Sequence) -> int:
    return min(a[1], b[1]) - max(a[0], b[0])


def match_spans(gold: Sequence[tuple], predicted: Sequence[tuple], match: Match = "exact") -> list[tuple[int, int]]:
    """One-to-one pairs ``(gold index, predicted index)`` that match under ``match``."""
    if match not in ("exact", "overlap"):
        raise ValueError(f"match must be 'exact' or 'overlap', not {match!r}")
    pairs: list[tuple[int, int]] = []
    if match == "exact":
        free: dict[tuple, list[int]] = defaultdict(list)
        for j, p in enumerate(predicted):
            free[(p[0], p[1], _key(p))].append(j)
        for i, g in enumerate(gold):
            slot = free.get((g[0], g[1], _key(g)))
            if slot:
                pairs.append((i, slot.pop(0)))
        return pairs
    # overlap: pairs within one key (one document), largest overlap first
    by_key_pred: dict[Hashable, list[int]] = defaultdict(list)
    for j, p in enumerate(predicted):
        by_key_pred[_key(p)].append(j)
    candidates: list[tuple[int, int, int]] = []
    for i, g in enumerate(gold):
        for j in by_key_pred.get(_key(g), ()):
            amount = _overlap(g, predicted[j])
            if amount > 0:
                candidates.append((amount, i, j))
    used_gold: set[int] = set()
    used_pred: set[int] = set()
    for _amount, i, j in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if i not in used_gold and j not in used_pred:
            used_gold.add(i)
            used_pred.add(j)
            pairs.append((i, j))
    return pairs


def span_prf(gold: Iterable[tuple], predicted: Iterable[tuple], match: Match = "exact") -> dict[str, float]:
    """P/R/F1 (+ gold/predicted/matched counts) of ``predicted`` spans against ``gold``."""
    gold_list = list(dict.fromkeys(tuple(g) for g in gold))
    pred_list = list(dict.fromkeys(tuple(p) for p in predicted))
    matched = len(match_spans(gold_list, pred_list, match))
    return prf(matched, len(pred_list), matched, len(gold_list))


def token_prf(gold: Iterable[tuple], predicted: Iterable[tuple], text: str | dict[Hashable, str]) -> dict[str, float]:
    """Soft overlap: P/R/F1 over whitespace tokens of ``text`` covered by gold vs predicted spans.

    ``text`` is the document, or a mapping from a span's key (``span[2:]``) to its document.
    """

    tokens_of: dict[Hashable, tuple[list[int], list[int]]] = {}

    def covered(spans: Iterable[tuple]) -> set[tuple[Hashable, int]]:
        out: set[tuple[Hashable, int]] = set()
        for span in spans:
            key = _key(span)
            if key not in tokens_of:
                doc = text if isinstance(text, str) else text[key[0] if len(key) == 1 else key]
                found = [(m.start(), m.end()) for m in _TOKEN.finditer(doc)]
                tokens_of[key] = ([a for a, _ in found], [b for _, b in found])
            starts, ends = tokens_of[key]
            # tokens that overlap the span: end after its start, start before its end
            first = bisect.bisect_right(ends, span[0])
            last = bisect.bisect_left(starts, span[1])
            out.update((key, starts[k]) for k in range(first, last))
        return out

    gold_tokens, pred_tokens = covered(gold), covered(predicted)
    both = len(gold_tokens & pred_tokens)
    return prf(both, len(pred_tokens), both, len(gold_tokens))
