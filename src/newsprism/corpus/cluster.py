"""Story clustering: batch and streaming, in the spirit of Miranda et al. (EMNLP 2018,
"Multilingual Clustering of Streaming News").

An article becomes two sparse TF-IDF vectors, one over content words and one over
named-entity terms (capitalised word runs, found with a regex: no NLP model, so
streaming stays well above 1,000 articles/s). Its similarity to a story is a
weighted sum of the cosine similarities with the story's centroids, damped when
the article falls outside the story's time window (an event story lasts days,
not years).

* Streaming (:class:`StreamClusterer`): each new article joins the most similar
  story above a threshold or opens a new one. Document frequencies grow as
  articles arrive. Candidate stories come from an inverted index of the
  stories' salient terms, bucketed by week (terms posted in too many stories
  that week are skipped), and only those close to the leader in shared terms
  are scored in full, so cost does not grow with the number of stories.

Speed (see bench/bench_corpus.py): terms come from two regex ``findall``s mapped
through memo tables (:class:`TermExtractor`) and counted in C; TF-IDF weights of
an article are one small numpy pass.
* Batch (:func:`cluster_batch`): corpus-wide IDF, a k-nearest-neighbour graph of
  articles, then average-linkage merging over that graph, best pair first —
  independent of arrival order; optionally mixed with sentence-embedding cosines.

A missing date means "unknown", not "far away": an undated article is scored against
every story without a time penalty and looks for candidates among all recent stories.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from itertools import chain, repeat
from operator import itemgetter, mul
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from newsprism.corpus.terms import TermExtractor, extract_terms

__all__ = [
    "ClusterParams",
    "Vectorizer",
    "ArticleVector",
    "StreamClusterer",
    "StoryState",
    "cluster_batch",
    "extract_terms",
    "TermExtractor",
    "similarity",
    "merge_linked",
    "merge_states",
    "centroid_similarity",
    "span_after_merge",
    "attach_scores",
    "choose_attach",
    "foreign_lead",
]

@dataclass(frozen=True)
class ClusterParams:
    """Knobs of both clusterers; defaults were chosen on BASIL 2010-12 and ECB+ dev topics 2, 12,
    21, 34 (docs/evaluation.md reports the other halves, held out)."""

    threshold: float = 0.22  # streaming: minimum similarity to join a story
    merge_threshold: float = 0.19  # batch: minimum mean article-to-article similarity to merge two groups
    entity_weight: float = 0.5  # share of the entity cosine in the similarity
    # one event's reports come out within a few days (BASIL's 50 events span 0-4 days): no
    # penalty while a story with the article spans at most window_days (or no more than it
    # already does); then similarity shrinks by e^-(days added / decay)
    window_days: int = 4
    decay_days: float = 3.0
    max_span_days: int = 45  # batch: never merge groups spanning more than this
    vector_terms: int = 200  # an article vector keeps its heaviest words (half as many entity terms)
    top_terms: int = 12  # salient terms per article used to find candidate stories
    candidates: int = 8  # stories scored in full per article, at most
    min_vote_share: float = 0.5  # ... and only those sharing at least this share of the top story's salient-term hits
    centroid_terms: int = 300  # a centroid keeps at most this many terms (pruned to 2/3)
    neighbours: int = 8  # batch: k of the k-nearest-neighbour graph
    title_boost: int = 2  # a title word counts as this many body words
    lead_chars: int = 600  # the lead: the text's first this many characters (URL lines skipped) ...
    lead_boost: int = 3  # ... whose words count this many times (news tells its event first)
    embedding_weight: float = 0.2  # batch, when embeddings are given: share of their cosine in the similarity
    embedding_merge_threshold: float = 0.24  # ... and merge_threshold then (centred embedding cosines run higher)
    # streaming repair (corpus/repair.py) of the stories each ingest batch touched
    repair: bool = True
    repair_split_threshold: float = 0.18  # split a story into its average-linkage groups below this mean similarity
    # batch: a report left alone joins the group of its candidates whose articles it is most like,
    # on average, when that mean is at least this (below merge_threshold: one report told
    # differently is still one report of the event; groups do not merge at it)
    batch_attach: float = 0.16
    repair_min_size: int = 3  # ... a story of at least this many articles
    repair_min_part: int = 2  # ... into groups of at least this many (smaller ones stay with the biggest)
    repair_max_size: int = 60  # ... and at most this many (bounded cost)
    repair_cohesion: float = 0.3  # ... whose centroid says its mean internal similarity is under this
    repair_merge_threshold: float = 0.18  # merge two stories at this mean article-to-article similarity
    # batch: two groups of at least lead_name_min articles never merge when one names someone in
    # the opening (title and first lead_name_chars characters) of at least lead_name_share of its
    # articles whom the other never names: that is another event's protagonist (the reports of a
    # second arrest recall the first one's player; the first one's reports cannot name the second's)
    lead_name_chars: int = 300  # 0 turns it off
    lead_name_share: float = 0.8
    lead_name_min: int = 3


@dataclass
class ArticleVector:
    words: dict[str, float]  # unit length
    entities: dict[str, float]  # unit length (empty when none)
    day: int | None
    salient: tuple[str, ...]  # the terms used to look up candidate stories
    lead_names: tuple[str, ...] = ()  # names its opening gives (TermExtractor.lead_names)


class Vectorizer:
    """Document frequencies and TF-IDF vectors; ``changed`` lists terms whose df moved."""

    def __init__(self, docs: int = 0, df: Mapping[str, int] | None = None, params: ClusterParams | None = None):
        self.docs = docs
        self.df: Counter[str] = Counter(df or {})
        self.params = params or ClusterParams()
        self.changed: set[str] = set()

    def observe(self, terms: Iterable[str]) -> None:
        self.docs += 1
        terms = list(terms)
        self.df.update(terms)  # Counter.update counts in C
        self.changed.update(terms)

    def take_changes(self) -> list[tuple[str, int]]:
        out = [(t, self.df[t]) for t in self.changed]
        self.changed = set()
        return out

    def idf(self, term: str) -> float:
        return math.log((self.docs + 1) / (self.df.get(term, 0) + 1)) + 1.0

    def vector(self, counts: Mapping[str, int], day: int | None) -> ArticleVector:
        """The vector of mixed counts (entity terms prefixed ``e:``), as :func:`extract_terms` gives."""
        words = {t: n for t, n in counts.items() if not t.startswith("e:")}
        entities = {t: n for t, n in counts.items() if t.startswith("e:")}
        return self.vector_parts(words, entities, day)

    def vector_parts(
        self, words: Mapping[str, int], entities: Mapping[str, int], day: int | None, lead_names: tuple[str, ...] = ()
    ) -> ArticleVector:
        """TF-IDF vector of content-word and entity-term counts: (1 + log tf) * idf, the heaviest
        ``vector_terms`` words (half as many entity terms) kept, each part unit length;
        ``lead_names`` ride along (the merge rule of :func:`foreign_lead` reads them)."""
        terms = [*words, *entities]
        size = len(terms)
        if not size:
            return ArticleVector({}, {}, day, (), lead_names)
        # one numpy pass over both parts: per-call overhead dominates at this size
        tf = np.fromiter(chain(words.values(), entities.values()), dtype=np.float64, count=size)
        df = np.fromiter(map(self.df.get, terms, repeat(0)), dtype=np.float64, count=size)
        weights = (1.0 + np.log(tf)) * ((math.log(self.docs + 1) + 1.0) - np.log(df + 1.0))
        split = len(words)
        word_vec, word_order = _heaviest(terms, weights, 0, split, self.params.vector_terms)
        entity_vec, entity_order = _heaviest(terms, weights, split, size, self.params.vector_terms // 2)
        k = self.params.top_terms
        return ArticleVector(word_vec, entity_vec, day, tuple(word_order[:k] + entity_order[:k]), lead_names)


def _heaviest(terms: list[str], weights: np.ndarray, lo: int, hi: int, keep: int) -> tuple[dict[str, float], list[str]]:
    """Unit-length weights of the heaviest ``keep`` of ``terms[lo:hi]`` and those terms, heaviest
    first (ties in first-seen order, as ``heapq.nlargest`` gives). The heaviest terms carry
    nearly all of the cosine; the tail only costs time."""
    if hi <= lo:
        return {}, []
    part = weights[lo:hi]
    order = np.argsort(-part, kind="stable")[:keep]
    kept = part[order]
    norm = math.sqrt(float(kept @ kept))
    if norm > 0:
        kept = kept / norm
    ranked = [terms[lo + i] for i in order.tolist()]
    return dict(zip(ranked, kept.tolist())), ranked


def _normalise(vec: dict[str, float]) -> None:
    norm = math.sqrt(sum(v * v for v in vec.values()))
    if norm > 0:
        for key in vec:
            vec[key] /= norm


@dataclass
class StoryState:
    """A story's centroids (sums of member vectors) and time span."""

    id: int
    words: dict[str, float] = field(default_factory=dict)
    entities: dict[str, float] = field(default_factory=dict)
    words_norm2: float = 0.0
    entities_norm2: float = 0.0
    size: int = 0
    first_day: int | None = None
    last_day: int | None = None
    embedding: "np.ndarray | None" = None  # batch only: sum of member embeddings (unit rows)
    leads: dict[str, int] = field(default_factory=dict)  # name -> members whose opening gives it

    def add(self, vec: ArticleVector, max_terms: int) -> None:
        self.words_norm2 = _add_into(self.words, vec.words, self.words_norm2, max_terms)
        self.entities_norm2 = _add_into(self.entities, vec.entities, self.entities_norm2, max_terms)
        self.size += 1
        self.extend(vec.day)
        for name in vec.lead_names:
            self.leads[name] = self.leads.get(name, 0) + 1

    def extend(self, day: int | None) -> None:
        if day is not None:
            self.first_day = day if self.first_day is None else min(self.first_day, day)
            self.last_day = day if self.last_day is None else max(self.last_day, day)

    def to_jsonable(self) -> dict:
        """The centroids exactly (JSON floats round-trip), in their order, with their squared
        norms: a story restored from the store scores every article as the live one did, so
        an ingest resumed after an interruption ends with the same stories as one run."""
        out = {"w": self.words, "e": self.entities, "wn": self.words_norm2, "en": self.entities_norm2}
        if self.leads:
            out["l"] = self.leads
        return out

    @classmethod
    def from_jsonable(
        cls, story_id: int, data: Mapping, size: int, first_day: int | None, last_day: int | None
    ) -> "StoryState":
        words = dict(data.get("w", {}))
        entities = dict(data.get("e", {}))
        return cls(
            story_id,
            words,
            entities,
            data["wn"] if "wn" in data else sum(v * v for v in words.values()),
            data["en"] if "en" in data else sum(v * v for v in entities.values()),
            size,
            first_day,
            last_day,
            leads=dict(data.get("l", {})),  # none in stores written before 2026-11-25
        )


def _add_into(target: dict[str, float], vec: Mapping[str, float], norm2: float, max_terms: int) -> float:
    for term, weight in vec.items():
        old = target.get(term, 0.0)
        new = old + weight
        target[term] = new
        norm2 += new * new - old * old
    if len(target) > max_terms:
        keep = heapq.nlargest(max_terms * 2 // 3, target.items(), key=itemgetter(1))
        target.clear()
        target.update(keep)
        norm2 = sum(v * v for v in target.values())
    return norm2


def _dot(small: Mapping[str, float], large: Mapping[str, float]) -> float:
    if len(small) > len(large):
        small, large = large, small
    return sum(map(mul, small.values(), map(large.get, small.keys(), repeat(0.0))))


def time_factor(day: int | None, first: int | None, last: int | None, params: ClusterParams) -> float:
    """How much the gap in time leaves of a similarity: 1 while the story with the article spans
    at most ``window_days`` (or no more than it already did, when it spans more), decaying
    exponentially with each day it would add beyond that; 1 when undated."""
    if day is None or first is None or last is None:
        return 1.0
    return span_factor(first, last, day, day, params)


def span_factor(first_a: int, last_a: int, first_b: int, last_b: int, params: ClusterParams) -> float:
    """:func:`time_factor` of two dated groups: a story tells one event, and the reports of one
    event come out within a few days of each other, so what is measured is the span of the two
    together, not the gap between them (a story that grew a day at a time would drift across
    a topic's events)."""
    span = max(last_a, last_b) - min(first_a, first_b)
    over = span - max(params.window_days, last_a - first_a, last_b - first_b)
    return math.exp(-over / params.decay_days) if over > 0 else 1.0


def similarity(vec: ArticleVector, story: StoryState, params: ClusterParams) -> float:
    alpha = params.entity_weight
    words = _dot(vec.words, story.words) / math.sqrt(story.words_norm2) if story.words_norm2 > 0 else 0.0
    if vec.entities and story.entities_norm2 > 0:
        ents = _dot(vec.entities, story.entities) / math.sqrt(story.entities_norm2)
        score = (1 - alpha) * words + alpha * ents
    else:
        score = words  # no entities on one side: judge by the words alone
    return score * time_factor(vec.day, story.first_day, story.last_day, params)


_UNDATED = -1  # bucket of the stories' undated articles
_ANY = -2  # every story, whatever its dates: where an undated article looks


def _buckets(day: int | None, params: ClusterParams) -> range | tuple[int]:
    """The week buckets a dated article looks in (its time reach); an undated one looks in
    all stories (:data:`_ANY`). A missing date means "unknown", not "far away"."""
    if day is None:
        return (_ANY,)
    reach = params.window_days + 2 * int(params.decay_days)
    return range((day - reach) // 7, (day + reach) // 7 + 1)


class StreamClusterer:
    """Assigns articles to stories one at a time (Miranda et al. 2018 style).

    ``dirty`` holds the ids of stories changed since :meth:`take_dirty`, so the
    caller can save just those.
    """

    # a term in more stories than this in one week says little; skipping it also bounds the
    # vote-counting work per article when many stories run at once
    _POSTING_CAP = 100

    def __init__(self, params: ClusterParams | None = None, vectorizer: Vectorizer | None = None, next_id: int = 1):
        self.params = params or ClusterParams()
        self.vectorizer = vectorizer or Vectorizer(params=self.params)
        self.stories: dict[int, StoryState] = {}
        self.next_id = next_id
        self.dirty: set[int] = set()
        self.extractor = TermExtractor.for_params(self.params)
        # (term, week) -> stories; (term, _UNDATED | _ANY) -> recent stories (a dict kept in order)
        self._postings: dict[tuple[str, int], set[int] | dict[int, int]] = {}
        self._undated_posted = False
        self._seq = 0  # the next article's place in ingest order, when the caller gives none
        self._last_votes: tuple[ArticleVector, list[tuple[int, int]]] | None = None  # no undated posting yet: dated articles skip that lookup

    def load(self, story: StoryState, index_centroid: bool = True) -> None:
        """Restore a stored story. With ``index_centroid`` its heaviest centroid terms are
        indexed for candidate lookup (an approximation, for stores that kept no article
        terms); without, the caller replays :meth:`index_article` for each of its articles,
        in ingest order, which rebuilds the live index exactly."""
        self.stories[story.id] = story
        self.next_id = max(self.next_id, story.id + 1)
        if not index_centroid:
            return
        salient = heapq.nlargest(self.params.top_terms * 2, story.words, key=story.words.__getitem__)
        salient += heapq.nlargest(self.params.top_terms * 2, story.entities, key=story.entities.__getitem__)
        day = story.last_day
        self._index(story.id, salient, day)
        if story.first_day is not None and story.first_day != day:
            self._index(story.id, salient, story.first_day)

    def _index(self, story_id: int, terms: Iterable[str], day: int | None, seq: int | None = None) -> None:
        """Post ``story_id`` under each term in the article's week bucket (or the undated one)
        and in the all-time one. The undated and all-time postings keep the ``_POSTING_CAP``
        stories that used the term most recently (with ``seq``, the article's place in ingest
        order: the store's pk, else a counter), so they stay bounded and an undated article
        finds the recent stories of its terms."""
        if seq is None:
            seq = self._seq
        self._seq = max(self._seq, seq) + 1
        postings: dict[tuple[str, int], Any] = self._postings  # week: set; undated / all-time: dict
        cap = self._POSTING_CAP
        undated = day is None
        if undated:
            self._undated_posted = True
        week = -1 if day is None else day // 7
        for term in terms:
            if undated:
                key = (term, _UNDATED)
                recent = postings.get(key)
                if recent is None:
                    postings[key] = {story_id: seq}
                else:
                    recent.pop(story_id, None)
                    recent[story_id] = seq  # most recent last
                    if len(recent) > cap:
                        del recent[next(iter(recent))]
            else:
                key = (term, week)
                entry = postings.get(key)
                if entry is None:
                    postings[key] = {story_id}
                else:
                    entry.add(story_id)
            key = (term, _ANY)
            recent = postings.get(key)
            if recent is None:
                postings[key] = {story_id: seq}
            else:
                recent.pop(story_id, None)
                recent[story_id] = seq
                if len(recent) > cap:
                    del recent[next(iter(recent))]

    def _votes(self, vec: ArticleVector) -> list[tuple[int, int]]:
        """(story, shared salient terms) for the stories in ``vec``'s time reach, most
        first (at most ``params.candidates``); a term posted in too many stories is skipped."""
        postings = self._postings
        cap = self._POSTING_CAP
        found = []
        buckets = _buckets(vec.day, self.params)
        for term in vec.salient:
            for bucket in buckets:
                entry = postings.get((term, bucket))
                if entry and len(entry) <= cap:
                    found.append(entry)
        if vec.day is not None and self._undated_posted:  # stories known only from undated articles
            for term in vec.salient:
                entry = postings.get((term, _UNDATED))
                if entry:
                    found.append(entry)
        votes = Counter(chain.from_iterable(found)).most_common(self.params.candidates)  # one C-level count
        self._last_votes = (vec, votes)
        return votes

    def candidates(self, vec: ArticleVector) -> list[int]:
        """Stories sharing the most salient terms with ``vec`` in its time reach."""
        return [s for s, _ in self._votes(vec)]

    def placed_candidates(self, vec: ArticleVector) -> list[int]:
        """The candidates ``vec`` had when it was placed, if it was the last vector looked up
        (what a repair right after placing it looks at: no second lookup), else
        :meth:`candidates`."""
        last = self._last_votes
        votes = last[1] if last is not None and last[0] is vec else self._votes(vec)
        return [s for s, _ in votes]

    def _shortlist(self, vec: ArticleVector) -> list[int]:
        """:meth:`candidates` without those far behind the leader in shared salient terms:
        they almost never win, and a full similarity is the costliest step."""
        votes = self._votes(vec)
        if not votes:
            return []
        floor = votes[0][1] * self.params.min_vote_share
        return [story for story, count in votes if count >= floor]

    def best(self, vec: ArticleVector, floor: float = 0.0) -> tuple[int | None, float]:
        """The most similar candidate story and its similarity ((None, 0.0) for none). A
        candidate whose time factor alone (the cosines are at most 1) cannot beat the best so
        far, or reach ``floor``, is not scored: in a dense corpus many candidates lie days
        beyond the window, and :func:`similarity` is the costliest step. ``add_vector`` passes
        the threshold as ``floor``: below it the article starts a new story whichever was best,
        so the decisions are the same (a hair of margin covers rounding)."""
        best_id, best_score = None, 0.0
        params = self.params
        bounded = 0.0 <= params.entity_weight <= 1.0  # a weighted mean of two cosines: at most 1
        for story_id in self._shortlist(vec):
            story = self.stories[story_id]
            cap = time_factor(vec.day, story.first_day, story.last_day, params) * (1 + 1e-9) + 1e-12 if bounded else math.inf
            if cap <= best_score or cap < floor:
                continue
            score = similarity(vec, story, params)
            if score > best_score:
                best_id, best_score = story_id, score
        return best_id, best_score

    def index_article(self, story_id: int, salient: Iterable[str], day: int | None, seq: int | None = None) -> None:
        """Post an article's salient terms for ``story_id`` (what :meth:`add_vector` does
        after assigning it); used to restore the index from the store (``seq``: its pk)."""
        self._index(story_id, salient, day, seq)

    def add(self, text: str, title: str | None, day: int | None) -> int:
        """The story of a new article (a new story when none is similar enough)."""
        return self.assign(text, title, day)[0]

    def assign(self, text: str, title: str | None, day: int | None, seq: int | None = None) -> tuple[int, ArticleVector]:
        """:meth:`add`, also returning the article's vector (its ``salient`` terms are what
        the store keeps to rebuild the candidate index); ``seq``: its pk in the store."""
        words, entities = self.extractor.split_terms(text, title)
        self.vectorizer.observe(chain(words, entities))
        leads = self.extractor.lead_names(text, title, self.params.lead_name_chars)
        vec = self.vectorizer.vector_parts(words, entities, day, leads)
        return self.add_vector(vec, seq), vec

    def add_vector(self, vec: ArticleVector, seq: int | None = None) -> int:
        story_id, score = self.best(vec, self.params.threshold)
        if story_id is None or score < self.params.threshold:
            story_id = self.next_id
            self.next_id += 1
            self.stories[story_id] = StoryState(story_id)
        self.stories[story_id].add(vec, self.params.centroid_terms)
        self._index(story_id, vec.salient, vec.day, seq)
        self.dirty.add(story_id)
        return story_id

    def add_copy(self, story_id: int, day: int | None) -> None:
        """Count a copy (same copy family) in its original's story without moving the centroid:
        a wire text republished 40 times is one report."""
        story = self.stories.get(story_id)
        if story is None:
            return
        story.size += 1
        story.extend(day)
        self.dirty.add(story_id)

    def take_dirty(self) -> list[StoryState]:
        out = [self.stories[s] for s in sorted(self.dirty)]
        self.dirty = set()
        return out


def cluster_batch(
    docs: Sequence[tuple[str, str | None, int | None]],
    params: ClusterParams | None = None,
    embeddings: "np.ndarray | None" = None,
    links: "Iterable[tuple[int, int]] | None" = None,
) -> list[int]:
    """Cluster ``(text, title, day)`` documents; returns one label per document (0..k-1).

    Corpus-wide IDF; each document is linked to its nearest neighbours (candidate
    lookup through an inverted index, so this is not quadratic); then average-linkage
    agglomeration over that graph: the linked pair of groups with the highest mean
    article-to-article similarity merges first (re-scored as groups grow), while that mean
    is at least ``merge_threshold`` and the merged group spans at most ``max_span_days``.
    Average rather than centroid linkage keeps apart two events of one topic (two DUI
    arrests of two players of one team): their centroids grow alike, their articles don't.

    ``embeddings`` (optional, one row per document, e.g. from
    :func:`newsprism.compare.embed.default_embedder`): centred on their mean (news texts all
    point roughly the same way) and unit-normalised, their cosine then takes
    ``params.embedding_weight`` of every similarity, the sparse text/entity score the rest.

    ``links`` (optional pairs of document indexes, e.g. members of one streaming story):
    extra candidate pairs beside the nearest neighbours; they merge by the same rule.

    Then a document left alone joins the group of its candidates it is most like, on average,
    when that mean is at least ``params.batch_attach`` (0 turns it off).
    """
    params = params or ClusterParams()
    if embeddings is not None:
        params = replace(params, merge_threshold=params.embedding_merge_threshold)
        embeddings = np.asarray(embeddings, dtype=np.float64)
        if embeddings.shape[0] != len(docs):
            raise ValueError(f"{embeddings.shape[0]} embeddings for {len(docs)} documents")
        embeddings = embeddings - embeddings.mean(axis=0)
        norms = np.linalg.norm(embeddings, axis=1, keepdims=True)
        embeddings = np.divide(embeddings, norms, out=np.zeros_like(embeddings), where=norms > 0)
    vectorizer = Vectorizer(params=params)
    extractor = TermExtractor.for_params(params)
    all_counts = [extractor.split_terms(text, title) for text, title, _ in docs]
    for words, entities in all_counts:
        vectorizer.observe(chain(words, entities))
    vectors = [
        vectorizer.vector_parts(w, e, day, extractor.lead_names(text, title, params.lead_name_chars))
        for (w, e), (text, title, day) in zip(all_counts, docs)
    ]

    # each document starts as its own group, indexed like a stream story
    groups = StreamClusterer(params, vectorizer)
    for i, vec in enumerate(vectors):
        state = StoryState(i)
        state.add(vec, params.centroid_terms)
        if embeddings is not None:
            state.embedding = embeddings[i].copy()
        groups.stories[i] = state
        groups._index(i, vec.salient, vec.day)

    edges: list[tuple[float, int, int]] = []
    for i, vec in enumerate(vectors):
        scored = []
        for j in groups.candidates(vec):
            if j != i:
                if embeddings is None:
                    score = similarity(vec, groups.stories[j], params)
                else:
                    score = centroid_similarity(groups.stories[i], groups.stories[j], params)
                scored.append((score, j))
        for score, j in heapq.nlargest(params.neighbours, scored):
            if score >= params.merge_threshold:
                edges.append((-score, min(i, j), max(i, j)))
    edges.sort()

    pairs = [(i, j) for _, i, j in edges]
    pairs += [(i, j) for i, j in links or () if i != j and 0 <= i < len(docs) and 0 <= j < len(docs)]
    root = merge_linked(dict(enumerate(groups.stories[i] for i in range(len(docs)))), pairs, params)
    if params.batch_attach > 0:
        root.update(_attach_lone(vectors, groups, root, params, embeddings))
    labels: dict[int, int] = {}
    return [labels.setdefault(root[i], len(labels)) for i in range(len(docs))]


def _attach_lone(
    vectors: Sequence[ArticleVector], groups: "StreamClusterer", root: Mapping[int, int], params: ClusterParams,
    embeddings: "np.ndarray | None" = None,
) -> dict[int, int]:
    """Documents left alone by the agglomeration -> the group (its root) they join
    (:func:`attach_scores`, :func:`choose_attach`: what the batch engines run too), looked for
    among the groups of their candidates. Decided for all lone documents against the groups as
    the agglomeration left them (no order), and groups of one never take another document."""
    members: dict[int, list[int]] = {}
    for i in range(len(vectors)):
        members.setdefault(root[i], []).append(i)
    wants: dict[int, list[int]] = {}
    for i, vec in enumerate(vectors):
        if len(members[root[i]]) == 1:
            for r in dict.fromkeys(root[j] for j in groups.candidates(vec)):
                if len(members[r]) >= 2:
                    wants.setdefault(r, []).append(i)
    offers: dict[int, list[tuple[int, float | None]]] = {}
    for r, lone in wants.items():
        emb = None if embeddings is None else (embeddings[members[r]], embeddings[lone])
        scores = attach_scores([vectors[k] for k in members[r]], [vectors[i] for i in lone], params, emb)
        for i, score in zip(lone, scores):
            offers.setdefault(i, []).append((members[r][0], score))
    first_of = {m[0]: r for r, m in members.items()}
    moves = {i: choose_attach(found, params) for i, found in offers.items()}
    return {i: first_of[key] for i, key in moves.items() if key is not None}


def attach_scores(
    group: Sequence[ArticleVector], lone: Sequence[ArticleVector], params: ClusterParams,
    embeddings: "tuple[np.ndarray, np.ndarray] | None" = None,
) -> list[float | None]:
    """How much each ``lone`` document is like a group of documents (``group``: its members'
    vectors, in document order): the mean article-to-article similarity of average linkage;
    None when the two together would span more than ``params.max_span_days``. The group's
    state is summed in the order given, so every caller that gives the members in one order
    gets the same figures (``cluster_batch`` and both batch engines). ``embeddings``: the
    group's and the lone documents' rows (``cluster_batch``'s centred unit rows), when used."""
    state = StoryState(0)
    for vec in group:
        state.add(vec, params.centroid_terms * 4)
    if embeddings is not None:
        state.embedding = embeddings[0].sum(axis=0)
    out: list[float | None] = []
    for k, vec in enumerate(lone):
        one = StoryState(0)
        one.add(vec, params.centroid_terms)
        if embeddings is not None:
            one.embedding = embeddings[1][k].copy()
        out.append(None if span_after_merge(one, state) > params.max_span_days else _merge_score(one, state, params))
    return out


def choose_attach(offers: Iterable[tuple[int, float | None]], params: ClusterParams) -> int | None:
    """The group a lone document joins, of ``(group key, score)`` offers (:func:`attach_scores`):
    the best score at or above ``params.batch_attach`` (ties: the smaller key, e.g. the group's
    first document), else None."""
    best: tuple[float, int] | None = None
    for key, score in offers:
        if score is not None and score >= params.batch_attach and (best is None or (score, -key) > (best[0], -best[1])):
            best = (score, key)
    return None if best is None else best[1]


def merge_linked(
    groups: Mapping[int, StoryState], pairs: Iterable[tuple[int, int]], params: ClusterParams
) -> dict[int, int]:
    """The agglomeration of :func:`cluster_batch` over a graph, for any caller holding one
    group per node (``groups``: node -> its state, one article each to start with) and the
    candidate ``pairs`` of nodes: the linked pair of groups with the highest mean
    article-to-article similarity merges first (re-scored as groups grow) while that mean is
    at least ``params.merge_threshold`` and the merged group spans at most
    ``params.max_span_days``; ties go to the smaller node numbers. The states are merged in
    place. Returns node -> the node whose group it ended in.

    Merges never cross connected components of ``pairs``, so running it per component (as
    the batch engines do) gives the same groups as one run over the whole graph."""
    merged: dict[int, StoryState] = dict(groups)
    parent = {i: i for i in merged}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    adj: dict[int, set[int]] = {i: set() for i in merged}
    for i, j in pairs:
        if i != j and i in adj and j in adj:
            adj[i].add(j)
            adj[j].add(i)
    version = dict.fromkeys(merged, 0)
    heap = [(-_merge_score(merged[i], merged[j], params), i, j, 0, 0) for i in adj for j in adj[i] if i < j]
    heapq.heapify(heap)
    while heap:
        neg, i, j, vi, vj = heapq.heappop(heap)
        if i not in merged or j not in merged or version[i] != vi or version[j] != vj:
            continue
        if -neg < params.merge_threshold:
            break
        a, b = merged[i], merged[j]
        if span_after_merge(a, b) > params.max_span_days:
            # spans only grow: no group holding i can ever merge with one holding j
            adj[i].discard(j)
            adj[j].discard(i)
            continue
        keep, drop = (i, j) if a.size >= b.size else (j, i)
        merge_states(merged[keep], merged[drop], params.centroid_terms * 4)
        parent[drop] = keep
        del merged[drop]
        version[keep] += 1
        adj[keep] |= adj.pop(drop)
        adj[keep] -= {keep, drop}
        group = merged[keep]
        for c in list(adj[keep]):
            if c not in merged:
                adj[keep].discard(c)
                continue
            adj[c].discard(drop)
            if span_after_merge(group, merged[c]) > params.max_span_days:
                # never mergeable again (spans only grow): not re-scored after later merges either,
                # which keeps a long chain of linked articles (a topic over months) linear
                adj[keep].discard(c)
                adj[c].discard(keep)
                continue
            adj[c].add(keep)
            x, y = min(keep, c), max(keep, c)
            heapq.heappush(heap, (-_merge_score(merged[x], merged[y], params), x, y, version[x], version[y]))
    return {i: find(i) for i in parent}


def span_after_merge(a: StoryState, b: StoryState) -> int:
    """Days from the first to the last day of two groups together (0 when undated)."""
    days = [d for d in (a.first_day, a.last_day, b.first_day, b.last_day) if d is not None]
    return max(days) - min(days) if days else 0


def centroid_similarity(a: StoryState, b: StoryState, params: ClusterParams) -> float:
    """Cosine of two groups' centroids (words and entities weighted as in :func:`similarity`,
    embeddings when both have one), shrunk by :func:`span_factor` when both are dated."""
    def cos(x: Mapping[str, float], nx: float, y: Mapping[str, float], ny: float) -> float:
        return _dot(x, y) / math.sqrt(nx * ny) if nx > 0 and ny > 0 else 0.0

    words = cos(a.words, a.words_norm2, b.words, b.words_norm2)
    if a.entities_norm2 > 0 and b.entities_norm2 > 0:
        ents = cos(a.entities, a.entities_norm2, b.entities, b.entities_norm2)
        score = (1 - params.entity_weight) * words + params.entity_weight * ents
    else:
        score = words
    if a.embedding is not None and b.embedding is not None:
        na, nb = float(np.linalg.norm(a.embedding)), float(np.linalg.norm(b.embedding))
        if na > 0 and nb > 0:
            emb = float(a.embedding @ b.embedding) / (na * nb)
            score = (1 - params.embedding_weight) * score + params.embedding_weight * emb
    if a.first_day is not None and b.first_day is not None:
        score *= span_factor(a.first_day, a.last_day, b.first_day, b.last_day, params)  # type: ignore[arg-type]
    return score


def _merge_score(a: StoryState, b: StoryState, params: ClusterParams) -> float:
    """Average linkage: the mean similarity of an article of ``a`` to one of ``b``. The
    centroids are sums of unit vectors, so that mean is their dot product over the product
    of the sizes — no pairwise loop. (A centroid cosine instead rises as groups grow, so
    two big groups about one topic merge even when they tell two events.)"""
    pairs = a.size * b.size
    words = _dot(a.words, b.words) / pairs
    if a.entities_norm2 > 0 and b.entities_norm2 > 0:
        ents = _dot(a.entities, b.entities) / pairs
        score = (1 - params.entity_weight) * words + params.entity_weight * ents
    else:
        score = words
    if a.embedding is not None and b.embedding is not None:
        score = (1 - params.embedding_weight) * score + params.embedding_weight * float(a.embedding @ b.embedding) / pairs
    if a.first_day is not None and b.first_day is not None:
        score *= span_factor(a.first_day, a.last_day, b.first_day, b.last_day, params)  # type: ignore[arg-type]
    if (a.leads or b.leads) and (foreign_lead(a, b, params) or foreign_lead(b, a, params)):
        return 0.0
    return score


def foreign_lead(a: StoryState, b: StoryState, params: ClusterParams) -> bool:
    """Whether ``a`` (at least ``params.lead_name_min`` articles) names in the opening of at
    least ``lead_name_share`` of its articles someone whom ``b`` (as many articles) never names
    (no entity term of its centroid): ``a`` tells another event, whose protagonist ``b``'s
    reports do not know (tests/test_cluster.py: the second arrest's reports recall the first
    one's player, never the other way round)."""
    if min(a.size, b.size) < params.lead_name_min:
        return False
    need = params.lead_name_share * a.size
    named = [name for name, n in a.leads.items() if n >= need]
    if not named:
        return False
    # the protagonist: of those names, the one the group's reports weigh most (not an officer
    # or a spokesman the openings also name)
    lead = max(named, key=lambda name: (a.entities.get("e:" + name, 0.0), name))
    return "e:" + lead not in b.entities


def merge_states(target: StoryState, other: StoryState, max_terms: int) -> None:
    """Fold ``other`` into ``target`` (centroids, size, embedding, days); ``max_terms`` caps
    the centroids' terms."""
    target.words_norm2 = _add_into(target.words, other.words, target.words_norm2, max_terms)
    target.entities_norm2 = _add_into(target.entities, other.entities, target.entities_norm2, max_terms)
    target.size += other.size
    for name, n in other.leads.items():
        target.leads[name] = target.leads.get(name, 0) + n
    if target.embedding is not None and other.embedding is not None:
        target.embedding = target.embedding + other.embedding
    target.extend(other.first_day)
    target.extend(other.last_day)
