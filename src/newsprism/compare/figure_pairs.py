"""The pairs of figures of two documents worth comparing: those :func:`figure_conflicts._agreement`
can score above 0.

``aligned_figures`` compared every figure of each document with every figure of the same kind
(unit and modal) of every other document: quadratic in the documents (125,000 pairs of
documents at 500 articles). An agreement above 0 needs at least two shared keys among the
words, the counted nouns and the entities around the two figures (its cosine is over those
keys, and fewer than two shared give 0), so only pairs sharing two keys of a superset of them
are asked, found through an index of the keys: the same pairs score above 0 as before.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Mapping, Sequence

__all__ = ["figure_kind", "sharing_pairs"]


def figure_kind(fig: Any) -> tuple[str, bool]:
    """Figures of another kind never agree: counts of people and of things are one kind (one
    outcome may join them), the unit and whether it is told under a modal."""
    return ("count" if fig.unit == "people" else fig.unit, fig.modal)


def _keys(fig: Any) -> frozenset[str]:
    """Every key ``_agreement`` may compare for this figure: its entities (as "@<id>"), its
    words, its counted nouns, its kinds' model names ("#..."), its outcome ("#<outcome>")."""
    keys = {f"@{e}" for e in fig.entities} | set(fig.words) | set(fig.nouns)
    keys.update(k for k in fig.kinds if k[:1] == "#")
    if fig.outcome:
        keys.add(f"#{fig.outcome}")
    return frozenset(keys)


def sharing_pairs(figs: Mapping[str, Sequence[Any]]) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """For each two documents ``da < db`` (``figs``: each document's figures), the pairs ``(i, j)``
    (``figs[da][i]``, ``figs[db][j]``) of one kind that share two keys or more, sorted."""
    postings: dict[tuple[Any, str], list[tuple[str, int]]] = defaultdict(list)
    keys_of: dict[tuple[str, int], frozenset[str]] = {}
    for d in sorted(figs):
        for i, a in enumerate(figs[d]):
            keys_of[(d, i)] = keys = _keys(a)
            kind = figure_kind(a)
            for k in keys:
                postings[(kind, k)].append((d, i))
    out: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for (d, i), keys in keys_of.items():
        kind = figure_kind(figs[d][i])
        shared = Counter(o for k in keys for o in postings[(kind, k)] if o[0] > d)
        for (e, j), n in shared.items():
            if n >= 2:
                out[(d, e)].append((i, j))
    for pairs in out.values():
        pairs.sort()
    return dict(out)
