"""Streaming stories that repair themselves: split and merge after the fact.

Streaming (:class:`newsprism.corpus.cluster.StreamClusterer`) decides each article once, on
the stories as they are when it arrives. Its one systematic error: the first report of a
second event on one topic (a second earthquake, a second arrest of a player of one team)
arrives while the first event's story holds one or two articles, joins it at a similarity
just over the threshold, and the second event's later reports follow it into the mixed
centroid. Average linkage (what the batch clusterer runs) never makes that join: each
event's own pairs merge first.

:func:`repair` re-examines the stories an ingest batch touched, after the batch:

* **split** — a touched story whose articles form two or more groups under average linkage
  (their mean article-to-article similarity below ``params.repair_split_threshold``; two
  groups of which one opens with a protagonist the other never names stay apart:
  :func:`newsprism.corpus.cluster.foreign_lead`) is cut into them: the biggest group keeps the story id, each other group becomes a new story;
* **merge** — a touched story (or a part just split off) whose articles are, on average, as
  similar to another story's as average linkage asks (``params.repair_merge_threshold`` over the
  centroids, no time gap beyond ``max_span_days``) is merged with it: the bigger story keeps
  its id.

Cost is bounded: only stories the batch touched, only those of at most
``params.repair_max_size`` articles are considered for a split, and a story is read only when its centroid says it
may hold two groups (its mean internal similarity, computed from the centroid alone, under
``params.repair_cohesion``) or, once per doubling of its size, when no name opens most of
its articles and a second name opens several (:func:`_two_protagonists`); a merge is looked for only among the candidate stories the
batch's articles were placed with. Each change is returned as a
:class:`StoryChange` so the store can relabel the articles and ``refresh`` / ``watch`` can
report it.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Literal, Mapping, Sequence

import numpy as np

from newsprism.corpus.cluster import (
    _ANY,
    _UNDATED,
    ArticleVector,
    ClusterParams,
    StoryState,
    StreamClusterer,
    _dot,
    _merge_score,
    foreign_lead,
    merge_states,
    span_after_merge,
    span_factor,
)

__all__ = ["Member", "StoryChange", "MemberSource", "Probes", "repair", "split_groups", "cohesion"]


@dataclass(frozen=True)
class Member:
    """One representative article of a story as the repair sees it: its key (the store's pk,
    or any increasing number: it orders postings), its vector under the current document
    frequencies, how many stored articles it stands for (itself and its copies), and the
    terms and day it is indexed under."""

    key: int
    vector: ArticleVector
    count: int
    salient: tuple[str, ...]
    day: int | None


@dataclass(frozen=True)
class StoryChange:
    """``split``: the articles ``moved`` (representatives; copies follow them) left story
    ``kept`` for the new story ``other``. ``merge``: story ``other`` was folded into ``kept``
    and no longer exists (``moved``: its representatives)."""

    kind: Literal["split", "merge"]
    kept: int
    other: int
    moved: tuple[int, ...]


# story ids -> their members (representatives only)
MemberSource = Callable[[Sequence[int]], Mapping[int, Sequence[Member]]]


def cohesion(story: StoryState, params: ClusterParams) -> float:
    """The mean similarity of two articles of ``story``, read from its centroid alone: the
    centroid is a sum of unit vectors, so the sum of the pairwise dot products is
    ``(|sum|^2 - n) / 2``. (Approximate: copies count in the size, pruned terms are gone.)
    1.0 for a story of fewer than two articles."""
    n = story.size
    if n < 2:
        return 1.0
    pairs = n * (n - 1)
    words = max(story.words_norm2 - n, 0.0) / pairs
    if story.entities_norm2 > 0:
        ents = max(story.entities_norm2 - n, 0.0) / pairs
        return (1 - params.entity_weight) * words + params.entity_weight * ents
    return words


def _pair_scores(vectors: Sequence[ArticleVector], params: ClusterParams) -> np.ndarray:
    """Article-to-article similarities as :func:`newsprism.corpus.cluster.similarity` gives
    them for one-article stories (entity cosine only when both have entities; the time
    penalty beyond the window). The diagonal is meaningless."""
    words = _dots([v.words for v in vectors])
    ents = _dots([v.entities for v in vectors])
    has = np.array([bool(v.entities) for v in vectors])
    scores = np.where(np.outer(has, has), (1 - params.entity_weight) * words + params.entity_weight * ents, words)
    days = np.array([np.nan if v.day is None else float(v.day) for v in vectors])
    if not np.isnan(days).all():
        gap = np.abs(days[:, None] - days[None, :])  # NaN when either is undated: no penalty
        late = gap > params.window_days
        if late.any():
            scores = np.where(late, scores * np.exp(-(gap - params.window_days) / params.decay_days), scores)
    return scores


def _dots(parts: Sequence[Mapping[str, float]]) -> np.ndarray:
    """All pairwise dot products of sparse vectors, over the terms at least two of them hold
    (the others add nothing off the diagonal)."""
    seen = Counter(t for part in parts for t in part)
    vocab = {t: k for k, t in enumerate(t for t, c in seen.items() if c > 1)}
    matrix = np.zeros((len(parts), len(vocab)))
    for i, part in enumerate(parts):
        for term, weight in part.items():
            k = vocab.get(term)
            if k is not None:
                matrix[i, k] = weight
    return matrix @ matrix.T


def split_groups(vectors: Sequence[ArticleVector], weights: Sequence[int], params: ClusterParams) -> list[list[int]]:
    """Average-linkage groups of a story's articles (indexes into ``vectors``): the two groups
    with the highest mean article-to-article similarity merge while it is at least
    ``params.repair_split_threshold``. Biggest group first (by ``weights``: articles each
    stands for), ties to the group holding the earliest index."""
    n = len(vectors)
    if n < 2:
        return [list(range(n))]

    def apart(a: list[int], b: list[int]) -> bool:  # the batch rule: another event's protagonist
        if min(len(a), len(b)) < params.lead_name_min or not any(vectors[i].lead_names for i in a + b):
            return False
        states = [StoryState(0), StoryState(0)]
        for state, group in zip(states, (a, b)):
            for i in group:
                state.add(vectors[i], 1 << 30)  # no pruning
        return foreign_lead(states[0], states[1], params) or foreign_lead(states[1], states[0], params)

    members = average_linkage(_pair_scores(vectors, params), params.repair_split_threshold, apart)
    groups = [sorted(g) for g in members]
    return sorted(groups, key=lambda g: (-sum(weights[i] for i in g), g[0]))


def average_linkage(
    sums: np.ndarray, threshold: float, apart: Callable[[list[int], list[int]], bool] | None = None
) -> list[list[int]]:
    """Average-linkage groups over a symmetric pairwise similarity matrix: the two groups with
    the highest mean pairwise similarity merge while it is at least ``threshold`` (and, with
    ``apart``, unless it says the two groups' members must stay apart: that pair is then skipped
    until one of them grows). The groups, each a list of row indexes, in the order of their
    first member. ``sums`` is not changed."""
    n = len(sums)
    sums = np.array(sums, dtype=float)
    np.fill_diagonal(sums, 0.0)
    sizes = np.ones(n)
    alive = np.ones(n, dtype=bool)
    blocked = np.zeros((n, n), dtype=bool)
    members = [[i] for i in range(n)]
    while alive.sum() > 1:
        mean = sums / np.outer(sizes, sizes)
        mean[~alive, :] = -np.inf
        mean[:, ~alive] = -np.inf
        mean[blocked] = -np.inf
        np.fill_diagonal(mean, -np.inf)
        a, b = np.unravel_index(int(np.argmax(mean)), mean.shape)
        if mean[a, b] < threshold:
            break
        a, b = min(a, b), max(a, b)
        if apart is not None and apart(members[a], members[b]):
            blocked[a, b] = blocked[b, a] = True
            continue
        blocked[a, :] = blocked[:, a] = False  # group a changes: its pairs are judged afresh
        sums[a, :] += sums[b, :]
        sums[:, a] += sums[:, b]
        sums[a, a] = 0.0
        sizes[a] += sizes[b]
        alive[b] = False
        members[a].extend(members[b])
        members[b] = []
    return [g for g in members if g]


def _state(story_id: int, members: Sequence[Member], params: ClusterParams) -> StoryState:
    state = StoryState(story_id)
    for m in members:
        state.add(m.vector, params.centroid_terms)
        state.size += m.count - 1  # copies count, their text does not (as add_copy)
    return state


# story id -> the articles of the batch that touched it, as (key, vector): where a merge looks
Probes = Mapping[int, Sequence[tuple[int, ArticleVector]]]


class _Book:
    """The members of the stories one repair has read or changed (the source is told of the
    changes only afterwards)."""

    def __init__(self, source: MemberSource):
        self.source = source
        self.known: dict[int, list[Member]] = {}
        self.absorbed: dict[int, list[Member]] = {}  # merged into a story not read yet

    def read(self, story_ids: Sequence[int]) -> None:
        want = [s for s in story_ids if s not in self.known]
        if want:
            found = self.source(want)
            for s in want:
                self.known[s] = list(found.get(s, ())) + self.absorbed.pop(s, [])

    def of(self, story_id: int) -> list[Member]:
        self.read([story_id])
        return self.known[story_id]

    def merge(self, keep: int, drop: int) -> list[Member]:
        gone = self.of(drop)
        del self.known[drop]
        if keep in self.known:
            self.known[keep] = self.known[keep] + gone
        else:
            self.absorbed.setdefault(keep, []).extend(gone)
        return gone


def repair(clusterer: StreamClusterer, touched: Probes, members: MemberSource, rounds: int = 3) -> list[StoryChange]:
    """Split and merge the ``touched`` stories of ``clusterer`` (see the module doc), then the
    stories those changes made, at most ``rounds`` times; updates the clusterer's stories and
    candidate index and returns the changes, in order. A merge is looked for among the stories
    the batch's own articles (``touched``: story -> (key, vector) of its articles in the batch)
    had as candidates, so a repair reads no index entry the batch's placing did not."""
    changes: list[StoryChange] = []
    probes: dict[int, list[tuple[int, ArticleVector]]] = {s: list(v) for s, v in touched.items()}
    look = set(probes)
    apart: set[frozenset[int]] = set()  # parts split in this repair are not merged back in it
    book = _Book(members)
    for _ in range(rounds):
        found = _repair_once(clusterer, sorted(look), probes, book, apart)
        if not found:
            break
        changes += found
        look = {s for c in found for s in (c.kept, c.other) if s in clusterer.stories}
    return changes


def _repair_once(
    clusterer: StreamClusterer, look: Sequence[int], probes: dict[int, list[tuple[int, ArticleVector]]],
    book: _Book, apart: set[frozenset[int]],
) -> list[StoryChange]:
    params = clusterer.params
    stories = clusterer.stories
    changes: list[StoryChange] = []
    look = [s for s in look if s in stories]
    # -- splits
    suspects = [
        s for s in look
        if params.repair_min_size <= stories[s].size <= params.repair_max_size
        and (cohesion(stories[s], params) < params.repair_cohesion or _two_protagonists(stories[s], params))
    ]
    fresh: list[int] = []
    book.read(suspects)
    for story_id in suspects:
        mine = book.of(story_id)
        if len(mine) < 2:
            continue
        groups = split_groups([m.vector for m in mine], [m.count for m in mine], params)
        # a group too small to stand alone stays with the biggest (one outlying report of an
        # event is not a second event)
        keep_with = [i for g in groups[1:] if len(g) < params.repair_min_part for i in g]
        groups = [sorted(groups[0] + keep_with)] + [g for g in groups[1:] if len(g) >= params.repair_min_part]
        if len(groups) < 2:
            continue
        parts = [[mine[i] for i in g] for g in groups]
        new_states = [_state(story_id, parts[0], params)]
        mine_probes = probes.pop(story_id, [])
        for part in parts[1:]:
            new_id = clusterer.next_id
            clusterer.next_id += 1
            new_states.append(_state(new_id, part, params))
            fresh.append(new_id)
            changes.append(StoryChange("split", story_id, new_id, tuple(m.key for m in part)))
        ids = [state.id for state in new_states]
        apart.update(frozenset((a, b)) for a in ids for b in ids if a < b)
        _unpost(clusterer, story_id, mine)
        for state, part in zip(new_states, parts):
            book.known[state.id] = part
            stories[state.id] = state
            _post(clusterer, state.id, part)
            clusterer.dirty.add(state.id)
            keys = {m.key for m in part}
            probes[state.id] = [p for p in mine_probes if p[0] in keys]
    # -- merges: each touched story or new part with its best candidate, while one qualifies
    queue = [s for s in look if s in stories] + fresh
    seen: set[int] = set()
    while queue:
        story_id = queue.pop(0)
        if story_id not in stories or story_id in seen:
            continue
        seen.add(story_id)
        story = stories[story_id]
        best, best_score = None, params.repair_merge_threshold
        candidates = dict.fromkeys(s for _, vec in probes.get(story_id, ()) for s in clusterer.placed_candidates(vec))
        for other in candidates:
            if other == story_id or other not in stories or frozenset((story_id, other)) in apart:
                continue
            cand = stories[other]
            if min(story.size, cand.size) > params.repair_max_size or span_after_merge(story, cand) > params.max_span_days:
                continue
            if _merge_bound(story, cand, params) < best_score:
                continue  # cannot reach the best so far: no dot products needed
            score = _merge_score_reaching(story, cand, params, best_score)
            if score is not None and score >= best_score:
                best, best_score = other, score
        if best is None:
            continue
        keep, drop = (story_id, best) if (story.size, -story_id) >= (stories[best].size, -best) else (best, story_id)
        gone = book.merge(keep, drop)
        merge_states(stories[keep], stories[drop], params.centroid_terms)
        _unpost(clusterer, drop, gone)
        _post(clusterer, keep, gone)
        del stories[drop]
        clusterer.dirty.discard(drop)
        clusterer.dirty.add(keep)
        probes[keep] = probes.get(keep, []) + probes.pop(drop, [])
        changes.append(StoryChange("merge", keep, drop, tuple(m.key for m in gone)))
        seen.discard(keep)
        queue.append(keep)
    return changes


def _two_protagonists(story: StoryState, params: ClusterParams) -> bool:
    """Whether a story may hold two events told around two people even though its centroid
    says it is tight: no name opens ``params.lead_name_share`` of its articles and a second one
    opens at least ``lead_name_min`` of them (two arrests of two players of one team). Asked
    once per doubling (sizes 6, 12, 24, ... with the default of 3), which bounds the extra
    split checks of stories that are simply told around several names."""
    unit = 2 * params.lead_name_min
    if unit <= 0 or story.size < unit or len(story.leads) < 2:
        return False
    times, rest = divmod(story.size, unit)
    if rest or times & (times - 1):
        return False
    first, second = sorted(story.leads.values(), reverse=True)[:2]
    return first < params.lead_name_share * story.size and second >= params.lead_name_min


def _merge_bound(a: StoryState, b: StoryState, params: ClusterParams) -> float:
    """An upper bound of ``_merge_score(a, b)`` from the centroids' norms alone, at no cost per
    term: a dot product is at most the product of the two norms (Cauchy-Schwarz), and the span
    factor is the same. Most candidates of a dense corpus fail the merge threshold by far (a
    span beyond the window, or two loose stories), and are dropped without the two dot
    products over up to ``centroid_terms`` terms each. Kept a hair above the bound so that
    rounding never drops a pair :func:`_merge_score` would take: the decisions are the same."""
    if a.embedding is not None and b.embedding is not None:
        return math.inf  # the batch clusterer's embeddings: not bounded here
    pairs = a.size * b.size
    score = math.sqrt(a.words_norm2 * b.words_norm2) / pairs
    if a.entities_norm2 > 0 and b.entities_norm2 > 0:
        score = (1 - params.entity_weight) * score + params.entity_weight * math.sqrt(a.entities_norm2 * b.entities_norm2) / pairs
    if a.first_day is not None and b.first_day is not None:
        score *= span_factor(a.first_day, a.last_day, b.first_day, b.last_day, params)  # type: ignore[arg-type]
    return score * (1 + 1e-9) + 1e-12


def _merge_score_reaching(a: StoryState, b: StoryState, params: ClusterParams, floor: float) -> float | None:
    """``_merge_score(a, b)``, the same value computed the same way, or None when it cannot
    reach ``floor``: two stories whose openings name another event's protagonist score 0
    (:func:`foreign_lead`, asked first: no dot products), and the entity centroids' dot
    product (the smaller one) with the words' bounded by their norms (:func:`_merge_bound`'s
    rule) already falls short for many candidates of a dense corpus, before the dot product
    over up to ``centroid_terms`` words. Same margin as :func:`_merge_bound`."""
    if (a.embedding is not None and b.embedding is not None) or not 0.0 <= params.entity_weight <= 1.0:
        return _merge_score(a, b, params)
    if (a.leads or b.leads) and (foreign_lead(a, b, params) or foreign_lead(b, a, params)):
        return 0.0
    pairs = a.size * b.size
    dated = a.first_day is not None and b.first_day is not None
    if a.entities_norm2 > 0 and b.entities_norm2 > 0:
        ents = _dot(a.entities, b.entities) / pairs
        span = span_factor(a.first_day, a.last_day, b.first_day, b.last_day, params) if dated else 1.0  # type: ignore[arg-type]
        words_cap = math.sqrt(a.words_norm2 * b.words_norm2) / pairs
        cap = ((1 - params.entity_weight) * words_cap + params.entity_weight * ents) * span
        if cap * (1 + 1e-9) + 1e-12 < floor:
            return None
        words = _dot(a.words, b.words) / pairs
        score = (1 - params.entity_weight) * words + params.entity_weight * ents
    else:
        score = _dot(a.words, b.words) / pairs
    if dated:
        score *= span_factor(a.first_day, a.last_day, b.first_day, b.last_day, params)  # type: ignore[arg-type]
    return score


def _keys(member: Member) -> list[tuple[str, int]]:
    bucket = _UNDATED if member.day is None else member.day // 7
    return [k for term in member.salient for k in ((term, bucket), (term, _ANY))]


def _unpost(clusterer: StreamClusterer, story_id: int, members: Iterable[Member]) -> None:
    """Take ``story_id`` out of every posting its ``members`` made."""
    postings = clusterer._postings
    for m in members:
        for key in _keys(m):
            entry = postings.get(key)
            if entry is None:
                continue
            if isinstance(entry, set):
                entry.discard(story_id)
            else:
                entry.pop(story_id, None)


def _post(clusterer: StreamClusterer, story_id: int, members: Iterable[Member]) -> None:
    """Post ``members`` for ``story_id`` as if they had been indexed for it when they arrived:
    the undated and all-time postings stay ordered by each story's latest article (``key``)
    and keep the most recent ``_POSTING_CAP`` stories, as replaying the store in ingest order
    gives them."""
    postings: dict = clusterer._postings
    cap = clusterer._POSTING_CAP
    latest: dict[tuple[str, int], int] = {}
    for m in members:
        if m.day is None:
            clusterer._undated_posted = True
        for key in _keys(m):
            if latest.get(key, -1) < m.key:
                latest[key] = m.key
    for key, seq in latest.items():
        entry = postings.get(key)
        if key[1] >= 0:  # a week: a set
            if entry is None:
                postings[key] = {story_id}
            else:
                entry.add(story_id)
            continue
        if entry is None:
            postings[key] = {story_id: seq}
            continue
        if entry.get(story_id, -1) >= seq:
            continue
        entry[story_id] = seq
        ordered = sorted(entry.items(), key=lambda item: item[1])[-cap:]
        entry.clear()
        entry.update(ordered)
