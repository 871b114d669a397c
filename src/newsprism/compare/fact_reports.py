"""A fact's other reports: claims no alignment link brought into a fact, that state it with its claims.

The alignment (:func:`newsprism.compare.align.align_claims`) grows a fact from its seed pair
and, in each other document, the claim best *linked* to one of them — each among the other's
best two claims of its document. A report that tells the fact in several sentences (a
headline, a lede, a later recap) or whose telling ranks third against one report only never
joins, though it states the fact with the reports already in it ("Jackman was announced
Friday as the host of the 81st Academy Awards" / "The Academy ... announced Friday that Hugh
Jackman will be the host of the 81st annual Oscars"). Here each fact takes, in each report it
lacks, the free claim that states it — ``"same fact"`` by
:func:`newsprism.compare.fact_links.link_strength`, the same rules as within a fact — with at
least two of its claims of different reports and with half its reports or more (with both,
for a fact of two reports), best by its weakest score with them. The rules decide; the
alignment score only picks which pairs to ask about (at least ``FactParams.same_score``,
below which no link is "same fact").
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Sequence

from newsprism.compare.align import PairScores
from newsprism.compare.blocked import pairs_at_least
from newsprism.extract.claims import Claim

__all__ = ["other_reports"]


def other_reports(members: Sequence[int], free: Sequence[int], claims: Sequence[Claim], pairs: PairScores,
                  strength: Callable[[int, int], str], threshold: float, unit: Callable[[str], str]) -> list[int]:
    """The claims (indices into ``claims``) of ``free`` that join the fact of ``members`` (its
    "same fact" claims), at most one per report (``unit``: a document's report key) it lacks."""
    have = {unit(claims[k].doc) for k in members}
    if len(have) < 2:
        return []
    candidates = [k for k in free if unit(claims[k].doc) not in have]
    if not candidates:
        return []
    need = max(2, (len(have) + 1) // 2)
    inside = set(members)
    hits: dict[int, set[int]] = defaultdict(set)
    for a, b in pairs_at_least(pairs.score, [*members, *candidates], threshold):
        if (a in inside) == (b in inside):
            continue
        m, c = (a, b) if a in inside else (b, a)
        hits[c].add(m)
    best: dict[str, tuple[float, int]] = {}
    for c, ms in sorted(hits.items()):
        if len({unit(claims[m].doc) for m in ms}) < need:
            continue
        same = [m for m in sorted(ms) if strength(m, c) == "same fact"]
        if len({unit(claims[m].doc) for m in same}) < need:
            continue
        weakest = min(float(pairs.score[m, c]) for m in same)
        key = unit(claims[c].doc)
        if key not in best or weakest > best[key][0]:
            best[key] = (weakest, c)
    return sorted(c for _, c in best.values())
