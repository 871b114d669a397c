"""The batch pipeline as steps that both batch engines run: the local one
(:mod:`newsprism.engines.batch`, one machine) and the Spark one (:mod:`newsprism.engines.spark`).

Every decision is made here, by functions over one record, one LSH bucket, one
connected component or one story — the shapes a distributed engine can hand to a
worker — so the two engines give the same answers by construction; an engine only
moves records between these functions (in memory, or with Spark joins and grouped maps).

1. **articles** — each input row becomes an :class:`~newsprism.model.Article` (the
   corpus readers), damage and metadata as in ``ingest``, keyed by its content hash;
   exact duplicates keep the smallest id; an id two different texts share becomes
   ``id#hash12`` for both. Articles are numbered ``pk`` = 1..n in (day, id) order.
2. **families** — MinHash signatures of word-anchored shingles
   (:class:`~newsprism.corpus.dedupe.CopyDetector`); articles sharing an LSH band are
   candidates (:func:`bucket_pairs`: each one against its bucket's first member and the
   ``copy_window`` before it, in pk order), a pair is a copy by the detector's own test,
   and a family is a connected component of copies named by its smallest pk.
3. **stories** — family representatives only (a copy follows its original). Corpus-wide
   document frequencies; TF-IDF word and entity vectors (:mod:`newsprism.corpus.cluster`);
   candidate neighbours share salient terms in the same or a nearby week (a posting list
   longer than ``posting_cap`` is skipped: a term in that many articles that week blocks
   nothing), so no step compares all pairs; the lookups can run a time block at a time
   (:func:`block_edges` over :func:`blocks_of`: a block holds every list its lookups
   read); each article keeps its ``neighbours`` best candidates above the merge
   threshold; connected components of those edges are merged by
   :func:`~newsprism.corpus.cluster.merge_linked` (the average-linkage agglomeration of
   :func:`~newsprism.corpus.cluster.cluster_batch`, within ``max_span_days``), one
   component at a time — merges never cross components, so this equals one global pass.
   Then an article left alone joins the group of its candidates it is most like, on
   average, when that is at least ``batch_attach`` (:func:`attach_lone`: ``cluster_batch``'s
   own rule, so ``batch`` and ``ingest --recluster`` make the same stories).
4. **analyses** — each story's articles (in pk order, copies flagged by family) through
   the full pipeline (extraction + findings), spaCy loaded once per worker process;
   the JSON contract is flattened into the entities, quotes, figures and findings tables.
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import json
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import chain
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from newsprism.corpus.cluster import (
    ArticleVector,
    ClusterParams,
    StoryState,
    TermExtractor,
    Vectorizer,
    attach_scores,
    choose_attach,
    merge_linked,
    similarity,
)
from newsprism.corpus.dedupe import CopyDetector, Signature
from newsprism.corpus.store import content_hash, day_number
from newsprism.model import Article, StoryAnalysis, to_jsonable

__all__ = [
    "BatchParams",
    "prepare_article",
    "article_record",
    "table_id",
    "record_article",
    "order_key",
    "signature_records",
    "bucket_pairs",
    "components",
    "DfTable",
    "doc_terms",
    "posting_week",
    "query_weeks",
    "top_candidates",
    "pair_score",
    "keep_neighbours",
    "merge_component",
    "vector_to_json",
    "vector_from_json",
    "analysis_tables",
    "analyse_story",
    "parse_texts",
    "worker_models",
    "TABLES",
    "ARTICLE_COLUMNS",
    "UNDATED",
    "ANY_TIME",
    "posting_weeks",
    "recent_only",
    "block_edges",
    "blocks_of",
    "home_block",
    "halo_weeks",
]

UNDATED = -1  # the week of an undated article
ANY_TIME = -2  # every article, whatever its date: where an undated article looks for candidates
_NO_DAY = 9_999_999  # sorts after every real day ordinal


@dataclass(frozen=True)
class BatchParams:
    """Knobs of a batch run (both engines read the same ones)."""

    cluster: ClusterParams = field(default_factory=ClusterParams)
    copy_threshold: float = 0.7  # estimated Jaccard above which two texts are copies
    copy_containment: float = 0.9  # or: the shorter text this much inside the longer
    copy_window: int = 8  # an LSH bucket member is checked against this many before it (and the first)
    posting_cap: int = 100  # a (term, week) posting list longer than this is not used to find candidates
    block_weeks: int = 4  # Spark: candidates are found a time block of this many weeks (+ the lookup's reach) at a time
    findings: bool = True  # run extraction + findings per story (False: families and stories only)
    max_story_articles: int = 200  # a larger story is analysed on its first this-many articles (pk order)

    def fingerprint(self) -> str:
        return hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    def detector(self) -> CopyDetector:
        return CopyDetector(threshold=self.copy_threshold, containment=self.copy_containment)


# -- 1. articles ---------------------------------------------------------------------------


def prepare_article(article: Article) -> Article:
    """Damage marks and outlet/dateline/reporters from the text: what ``ingest`` does to
    every article (cheap; never overrides given values)."""
    from newsprism.extract.clean import mark_damage
    from newsprism.extract.metadata import infer_metadata

    return infer_metadata(mark_damage(article))


# the articles table: every column a later step or ``newsprism load`` needs
ARTICLE_COLUMNS = (
    "hash", "article_id", "given_id", "title", "outlet", "outlet_source", "published", "day", "url",
    "authors", "source", "text", "meta",
)


def article_record(article: Article) -> dict[str, Any]:
    """An Article (as read and prepared) as one row of the articles table."""
    article = prepare_article(article)
    return {
        "hash": content_hash(article),
        "article_id": article.id,
        "given_id": article.id,
        "title": article.title,
        "outlet": article.outlet,
        "outlet_source": article.outlet_source,
        "published": article.published,
        "day": day_number(article.published),
        "url": article.url,
        "authors": list(article.authors),
        "source": _absolute(article.path),
        "text": article.text,
        "meta": json.dumps(_plain(article.meta), ensure_ascii=False, default=str),
    }


def table_id(article: Article) -> Article:
    """A table row without an id was named ``FILE:ROW`` by the reader; a batch run names it
    ``FILE#HASH12`` instead, which a distributed reader (no row numbers) gives too."""
    meta = dict(article.meta or {})
    if "row" not in meta:
        return article
    row = meta.pop("row")  # a distributed reader has no row numbers: neither engine keeps them
    if article.path and article.id == f"{Path(article.path).name}:{row}":
        return replace(article, id=f"{Path(article.path).name}#{content_hash(article)[:12]}", meta=meta)
    return replace(article, meta=meta)


def _plain(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in dict(meta).items() if k not in ("store_pk", "family", "story")}


def _absolute(path: str | None) -> str | None:
    """A local path made absolute (both engines name a file the same way); URIs as they are."""
    if not path or "://" in path:
        return path
    import os

    return os.path.abspath(path)


def record_article(row: Mapping[str, Any], family: str | None = None) -> Article:
    """The Article a row of the articles table holds (``family``: its copy family's id)."""
    meta = json.loads(row.get("meta") or "{}")
    if family is not None:
        meta["family"] = family
    article = Article(
        id=row["article_id"],
        text=row["text"],
        title=row.get("title"),
        outlet=row.get("outlet"),
        outlet_source=row.get("outlet_source"),
        published=row.get("published"),
        url=row.get("url"),
        authors=tuple(row.get("authors") or ()),
        path=row.get("source"),
        meta=meta,
    )
    if family is not None and hasattr(article, "copy_family"):
        article = replace(article, copy_family=family)
    return article


def unique_id(article_id: str, hash_: str, shared: bool) -> str:
    """The id an article keeps: its own, or ``id#hash12`` when another text has the same id."""
    return f"{article_id}#{hash_[:12]}" if shared else article_id


def order_key(day: int | None, article_id: str) -> tuple[int, str]:
    """The order of articles everywhere in a batch run: by day (undated last), then id."""
    return (_NO_DAY if day is None else int(day), article_id)


# -- 2. copy families ----------------------------------------------------------------------


def signature_records(detector: CopyDetector, texts: Sequence[str]) -> list[tuple[bytes, list[int]]]:
    """(signature bytes, LSH band keys as signed 64-bit ints) per text; an empty text
    (no shingle) has no band keys: it copies nothing and nothing copies it."""
    sigs = detector.signatures(texts)
    if not sigs:
        return []
    bands = detector._band_keys(np.stack([s.values for s in sigs]))
    out = []
    for sig, keys in zip(sigs, bands):
        signed = [] if sig.shingles == 0 else [k - (1 << 64) if k >= (1 << 63) else k for k in keys]
        out.append((sig.to_bytes(), signed))
    return out


def bucket_pairs(
    detector: CopyDetector, members: Sequence[tuple[int, bytes]], window: int
) -> list[tuple[int, int]]:
    """Copy pairs ``(earlier pk, later pk)`` among the members ``(pk, signature)`` of one LSH
    bucket: each member is checked against the bucket's first member and the ``window``
    members before it (pk order), so a bucket of 1,000 copies of one wire text costs
    ~window x 1,000 checks, not 500,000, and the families (connected components) come out whole."""
    ordered = sorted(members)
    sigs = [Signature.from_bytes(blob) for _, blob in ordered]
    pairs: list[tuple[int, int]] = []
    for i in range(1, len(ordered)):
        others = set(range(max(0, i - window), i))
        others.add(0)
        for j in sorted(others):
            if detector.is_copy(sigs[j], sigs[i]):
                pairs.append((ordered[j][0], ordered[i][0]))
    return pairs


def components(nodes: Iterable[int], edges: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Connected components: node -> the smallest node of its component (union-find)."""
    parent: dict[int, int] = {n: n for n in nodes}

    def find(x: int) -> int:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for a, b in edges:
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            if ra < rb:
                parent[rb] = ra
            else:
                parent[ra] = rb
    return {n: find(n) for n in parent}


def components_array(size: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """:func:`components` over nodes 0..size-1 given as two arrays of edge ends: root[i] is
    the smallest node of i's component (vectorised min-label propagation with pointer
    jumping; a few passes over the edges, no Python loop per edge)."""
    label = np.arange(size, dtype=np.int64)
    if not len(a):
        return label
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    while True:
        low = np.minimum(label[a], label[b])
        before = label.copy()
        np.minimum.at(label, a, low)
        np.minimum.at(label, b, low)
        np.minimum.at(label, before, label)  # a root takes the smallest label seen by its members
        while True:  # pointer jumping: follow labels to their fixed point
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped
        if np.array_equal(label, before):
            return label


# -- 3. stories ----------------------------------------------------------------------------


class DfTable(Counter):
    """Document frequencies where a term not listed has df 1 (it occurs, in the article
    asking): an engine then only has to ship the terms found in two articles or more."""

    def get(self, key: str, default: Any = None) -> int:  # noqa: ARG002 - Vectorizer passes 0
        return dict.get(self, key, 1)


def doc_terms(extractor: TermExtractor, text: str, title: str | None) -> tuple[Counter[str], Counter[str]]:
    """(content-word counts, entity-term counts) of one article (:mod:`newsprism.corpus.cluster`)."""
    return extractor.split_terms(text, title)


def vectorizer_for(docs: int, df: Mapping[str, int], params: ClusterParams) -> Vectorizer:
    vectorizer = Vectorizer(docs=docs, params=params)
    vectorizer.df = DfTable({t: n for t, n in df.items() if n >= 2})
    return vectorizer


def posting_week(day: int | None) -> int:
    """The week an article's salient terms are posted under."""
    return UNDATED if day is None else day // 7


def posting_weeks(day: int | None, undated: bool) -> list[int]:
    """Every posting list an article goes in: its week (or :data:`UNDATED`), and, when the
    run has undated articles (``undated``), the all-time list :data:`ANY_TIME` where they look."""
    return [posting_week(day), ANY_TIME] if undated else [posting_week(day)]


def recent_only(week: int) -> bool:
    """The :data:`UNDATED` and :data:`ANY_TIME` lists keep only the ``posting_cap`` articles
    that used the term last (largest pks): bounded, and an undated article finds the latest
    stories of its terms — ``cluster_batch``'s lookup (a missing date means "unknown", not
    "far away"). A week's list longer than the cap is not used at all."""
    return week < 0


def query_weeks(day: int | None, params: ClusterParams, undated: bool = False) -> list[int]:
    """The posting lists an article looks in: the weeks within its time reach, and the
    undated articles' list when there are any (``undated``); an undated article looks in the
    all-time list."""
    if day is None:
        return [ANY_TIME]
    reach = params.window_days + 2 * int(params.decay_days)
    weeks = list(range((day - reach) // 7, (day + reach) // 7 + 1))
    return weeks + [UNDATED] if undated else weeks


def top_candidates(votes: Mapping[int, int], params: ClusterParams) -> list[int]:
    """The ``params.candidates`` articles sharing the most salient (term, week) postings
    (ties: smaller pk first) — :meth:`StreamClusterer.candidates` made order-independent."""
    k = params.candidates
    if len(votes) > k:
        # a dense corpus gives thousands of voters: only those reaching the k-th best count
        # are sorted (the same k, in the same order, as sorting them all)
        floor = heapq.nlargest(k, votes.values())[-1]
        votes = {pk: n for pk, n in votes.items() if n >= floor}
    ranked = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))
    return [pk for pk, _ in ranked[:k]]


def _state(pk: int, vec: ArticleVector, params: ClusterParams) -> StoryState:
    state = StoryState(pk)
    state.add(vec, params.centroid_terms)
    return state


def pair_score(vec: ArticleVector, other: ArticleVector, params: ClusterParams) -> float:
    """Similarity of an article to a candidate neighbour (as in ``cluster_batch``)."""
    return similarity(vec, _state(0, other, params), params)


def keep_neighbours(pk: int, scored: Iterable[tuple[float, int]], params: ClusterParams) -> list[tuple[float, int, int]]:
    """Edges ``(score, min pk, max pk)`` to the ``params.neighbours`` best-scored candidates
    at or above the merge threshold (ties: larger pk first, as ``heapq.nlargest`` on pairs)."""
    best = heapq.nlargest(params.neighbours, scored)
    return [(s, min(pk, j), max(pk, j)) for s, j in best if s >= params.merge_threshold]


def merge_component(
    vectors: Mapping[int, ArticleVector], edges: Iterable[tuple[float, int, int]], params: ClusterParams
) -> dict[int, int]:
    """The merging of one connected component of neighbour edges: ``cluster_batch``'s own
    agglomeration (:func:`~newsprism.corpus.cluster.merge_linked`; merges never cross
    components, so this equals one global pass). Returns pk -> the smallest pk of its group."""
    groups = {pk: _state(pk, vec, params) for pk, vec in sorted(vectors.items())}
    root = merge_linked(groups, sorted((i, j) for _, i, j in edges), params)
    smallest: dict[int, int] = {}
    for pk in sorted(vectors):
        smallest.setdefault(root[pk], pk)
    return {pk: smallest[root[pk]] for pk in vectors}


def attach_wants(
    group: Mapping[int, int], candidates: Mapping[int, Sequence[int]]
) -> dict[int, list[int]]:
    """Group root -> the articles left alone by the merging (``group``: pk -> its group's
    root) that look at it: the groups of two or more of their candidates."""
    sizes = Counter(group.values())
    wants: dict[int, list[int]] = {}
    for pk in sorted(group):
        if sizes[group[pk]] == 1:
            for root in dict.fromkeys(group[j] for j in candidates.get(pk, ()) if j in group):
                if sizes[root] >= 2:
                    wants.setdefault(root, []).append(pk)
    return wants


def attach_offers(
    members: Mapping[int, ArticleVector], lone: Mapping[int, ArticleVector], params: ClusterParams
) -> list[tuple[int, int, float | None]]:
    """One group (``members``: pk -> vector) and the lone articles looking at it ->
    ``(lone pk, the group's smallest pk, score)``: ``cluster_batch``'s own
    :func:`~newsprism.corpus.cluster.attach_scores`, the members in pk order."""
    order = sorted(members)
    scores = attach_scores([members[pk] for pk in order], [lone[pk] for pk in sorted(lone)], params)
    return [(pk, order[0], score) for pk, score in zip(sorted(lone), scores)]


def attach_lone(
    vectors: Mapping[int, ArticleVector], group: Mapping[int, int], candidates: Mapping[int, Sequence[int]],
    params: ClusterParams,
) -> dict[int, int]:
    """In-memory: the articles the merging left alone (``group``: pk -> the smallest pk of its
    group) -> the group they join (its smallest pk), as ``cluster_batch`` attaches them
    (``params.batch_attach``; 0 turns it off): :func:`attach_wants`, :func:`attach_offers` per
    group, :func:`~newsprism.corpus.cluster.choose_attach` per article."""
    if params.batch_attach <= 0:
        return {}
    members: dict[int, dict[int, ArticleVector]] = {}
    for pk, root in group.items():
        members.setdefault(root, {})[pk] = vectors[pk]
    offers: dict[int, list[tuple[int, float | None]]] = {}
    for root, lone in attach_wants(group, candidates).items():
        for pk, key, score in attach_offers(members[root], {pk: vectors[pk] for pk in lone}, params):
            offers.setdefault(pk, []).append((key, score))
    moves = {pk: choose_attach(found, params) for pk, found in offers.items()}
    return {pk: key for pk, key in moves.items() if key is not None}


def vector_to_json(vec: ArticleVector) -> str:
    """An article vector as text, exactly (floats round-trip; term order kept, so sums over
    it add in the same order wherever it is read back)."""
    return json.dumps([list(vec.words.items()), list(vec.entities.items()), vec.day, list(vec.salient),
                       list(vec.lead_names)], ensure_ascii=False, separators=(",", ":"))


def vector_from_json(text: str) -> ArticleVector:
    words, entities, day, salient, *leads = json.loads(text)
    return ArticleVector(dict(words), dict(entities), day, tuple(salient), tuple(leads[0]) if leads else ())


def all_vectors(
    rows: Sequence[tuple[int, str, str | None, int | None]], params: ClusterParams
) -> tuple[dict[int, ArticleVector], int, int]:
    """In-memory step 3a for ``(pk, text, title, day)`` rows: vectors, docs, distinct terms."""
    extractor = TermExtractor.for_params(params)
    counts = [doc_terms(extractor, text, title) for _, text, title, _ in rows]
    df: Counter[str] = Counter()
    for words, entities in counts:
        df.update(words.keys())
        df.update(entities.keys())
    vectorizer = vectorizer_for(len(rows), df, params)
    vectors = {
        pk: vectorizer.vector_parts(w, e, day, extractor.lead_names(text, title, params.lead_name_chars))
        for (pk, text, title, day), (w, e) in zip(rows, counts)
    }
    return vectors, len(rows), len(df)


def local_edges(
    vectors: Mapping[int, ArticleVector], params: ClusterParams, posting_cap: int,
    candidates: dict[int, list[int]] | None = None,
) -> list[tuple[float, int, int]]:
    """In-memory step 3b: candidate neighbours through (term, week) postings, scored, kept
    (``candidates``: see :func:`block_edges`)."""
    undated = any(vec.day is None for vec in vectors.values())
    return block_edges(vectors, params, posting_cap, undated, candidates=candidates)


def halo_weeks(params: ClusterParams) -> int:
    """How many weeks before and after its own an article's candidate lookup reaches
    (:func:`query_weeks`)."""
    reach = params.window_days + 2 * int(params.decay_days)
    return -(-reach // 7)


def blocks_of(day: int | None, block_weeks: int, params: ClusterParams) -> list[int]:
    """The time blocks (``block_weeks`` weeks each) whose articles' lookups read this dated
    article's postings: its own block and those within :func:`halo_weeks` of its week.
    A block holding every article of these weeks has each (term, week) list it reads
    whole, so its candidates are the ones a lookup over the whole corpus finds."""
    week = posting_week(day)
    halo = halo_weeks(params)
    return list(range(-(-(week - halo - block_weeks + 1) // block_weeks), (week + halo) // block_weeks + 1))


def home_block(day: int | None, block_weeks: int) -> int:
    """The block whose lookups an article's own candidate search is (undated: :data:`UNDATED`)."""
    return UNDATED if day is None else posting_week(day) // block_weeks


def block_edges(
    vectors: Mapping[int, ArticleVector],
    params: ClusterParams,
    posting_cap: int,
    undated: bool,
    queriers: Iterable[int] | None = None,
    heads: Mapping[int, tuple[int | None, Sequence[str]]] | None = None,
    candidates: dict[int, list[int]] | None = None,
) -> list[tuple[float, int, int]]:
    """Candidate neighbours of the ``queriers`` (default: every article) through the (term,
    week) postings of all of ``vectors``, scored and kept. A week's list longer than
    ``posting_cap`` is not used; the undated and all-time lists keep their latest
    ``posting_cap`` articles. ``undated``: whether the whole run has undated articles.
    The batch engines call it on the whole corpus (local) or on one time block with its
    halo (Spark): the same lists, hence the same edges. ``heads`` (pk -> (day, salient terms)),
    when given, is what the lists are built from, and ``vectors`` is read only for the
    queriers and their candidates (a lazily decoded mapping then costs only those).
    ``candidates``, when given, receives each querier's candidates (where :func:`attach_lone`
    looks for the group of an article the merging leaves alone)."""
    if heads is None:
        heads = {pk: (vec.day, vec.salient) for pk, vec in vectors.items()}
    postings: dict[tuple[str, int], list[int]] = {}
    for pk in sorted(heads):
        day, salient = heads[pk]
        weeks = posting_weeks(day, undated)
        for term in dict.fromkeys(salient):
            for week in weeks:
                postings.setdefault((term, week), []).append(pk)
    if undated:
        for key, members in postings.items():
            if recent_only(key[1]) and len(members) > posting_cap:
                postings[key] = members[-posting_cap:]
    edges: list[tuple[float, int, int]] = []
    states: dict[int, StoryState] = {}  # a candidate's one-article state, built once per call
    for pk in (heads if queriers is None else queriers):
        day, salient = heads[pk]
        terms = list(dict.fromkeys(salient))
        lists = []
        for week in query_weeks(day, params, undated):
            for term in terms:
                entry = postings.get((term, week))
                if entry and len(entry) <= posting_cap:
                    lists.append(entry)
        votes = Counter(chain.from_iterable(lists))  # one counting pass, not one per list
        votes.pop(pk, None)
        if not votes:
            continue
        vec = vectors[pk]
        scored = []
        found = top_candidates(votes, params)
        if candidates is not None:
            candidates[pk] = found
        for j in found:
            state = states.get(j)
            if state is None:
                state = states[j] = _state(j, vectors[j], params)
            scored.append((similarity(vec, state, params), j))  # = pair_score(vec, vectors[j], params)
        edges.extend(keep_neighbours(pk, scored, params))
    return edges


# -- 4. analyses -> tables -----------------------------------------------------------------

# the output tables besides articles/assignments/families/stories, with their columns
TABLES: dict[str, tuple[str, ...]] = {
    "entities": ("story_id", "entity_id", "name", "type", "variants", "mentions", "documents", "mentions_json"),
    "quotes": ("story_id", "article_id", "start", "end", "text", "speaker", "speaker_entity", "partial"),
    "figures": ("story_id", "article_id", "start", "end", "text", "value", "number", "unit", "qualifier", "counts", "source"),
    "findings": ("story_id", "list", "finding_id", "kind", "about", "docs", "json"),
    "analyses": ("story_id", "articles", "seconds", "json", "error"),
}



def analysis_tables(story_id: int, analysis: StoryAnalysis, seconds: float) -> dict[str, list[dict[str, Any]]]:
    """One story's analysis as rows of the output tables (the JSON contract, flattened)."""
    data = to_jsonable(analysis)
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    for e in data.get("entities", []):
        mentions = e.get("mentions", [])
        out["entities"].append({
            "story_id": story_id, "entity_id": e["id"], "name": e["name"], "type": e.get("type"),
            "variants": list(e.get("variants", [])), "mentions": len(mentions),
            "documents": len({m["doc"] for m in mentions}),
            "mentions_json": json.dumps(mentions, ensure_ascii=False, separators=(",", ":")),
        })
    for q in data.get("quotes", []):
        out["quotes"].append({
            "story_id": story_id, "article_id": q["doc"], "start": q["start"], "end": q["end"], "text": q["text"],
            "speaker": q.get("speaker"), "speaker_entity": q.get("speaker_entity"), "partial": bool(q.get("partial")),
        })
    for f in data.get("figures", []):
        value = f.get("value")
        out["figures"].append({
            "story_id": story_id, "article_id": f["doc"], "start": f["start"], "end": f["end"], "text": f["text"],
            "value": None if value is None else str(value),
            "number": (float(value) if abs(value) < 1e308 else None) if isinstance(value, (int, float)) and not isinstance(value, bool) else None,
            "unit": f.get("unit"), "qualifier": f.get("qualifier"),
            "counts": f.get("counts"), "source": f.get("source"),
        })
    # every list of the findings, item by item (facts, corroborated, conflicts, framing, omissions,
    # summary...): the item whole as JSON, its id, kind, headline and documents as columns
    for name, items in (data.get("findings") or {}).items():
        if not isinstance(items, list):
            continue
        for item in items:
            if not isinstance(item, dict):
                continue
            docs = item.get("docs") or ([item["doc"]] if item.get("doc") else [])
            out["findings"].append({
                "story_id": story_id, "list": name, "finding_id": item.get("id"),
                "kind": item.get("kind") or name, "about": item.get("about") or item.get("text") or item.get("outlet"),
                "docs": [str(d) for d in docs], "json": json.dumps(item, ensure_ascii=False, separators=(",", ":")),
            })
    out["analyses"].append({
        "story_id": story_id, "articles": len(data.get("documents", [])), "seconds": round(seconds, 3),
        "json": json.dumps(data, ensure_ascii=False, separators=(",", ":")), "error": None,
    })
    return out


@functools.lru_cache(maxsize=1)
def worker_models() -> tuple[Any, Any]:
    """The spaCy pipeline and the sentence embedder, loaded once per worker process (a
    Spark Python worker, a local pool process) and reused for every story it analyses."""
    from newsprism.compare.embed import default_embedder
    from newsprism.nlp import load_pipeline

    return load_pipeline(), default_embedder()


def story_articles(rows: Sequence[tuple[Mapping[str, Any], str]], limit: int) -> list[Article]:
    """The Articles of one story from (article row, family id) pairs, in pk order, at most ``limit``."""
    ordered = sorted(rows, key=lambda r: r[0]["pk"])[:limit]
    return [record_article(row, family) for row, family in ordered]


def parse_texts(texts: Sequence[str]) -> list[bytes]:
    """Step 4a, one batch of articles: their spaCy parses as compact bytes
    (:mod:`newsprism.engines.parses`), the model loaded once per worker process."""
    from newsprism.engines.parses import doc_to_bytes

    nlp, _ = worker_models()
    return [doc_to_bytes(doc) for doc in nlp.pipe(texts, batch_size=32)]


def analyse_story(
    story_id: int, rows: Sequence[tuple[Mapping[str, Any], str]], limit: int = 200
) -> dict[str, list[dict[str, Any]]]:
    """One story's full analysis (extraction + findings) as output-table rows. A row holding
    a ``parse`` (step 4a's bytes) is not parsed again. A story that fails gets an ``analyses``
    row naming the error instead: one story never stops a batch."""
    from newsprism.pipeline import run_pipeline

    started = time.perf_counter()
    ordered = sorted(rows, key=lambda r: r[0]["pk"])[:limit]
    articles = [record_article(row, family) for row, family in ordered]
    try:
        nlp, embedder = worker_models()
        blobs: list[bytes] = [row["parse"] for row, _ in ordered if row.get("parse")]
        if blobs and len(blobs) == len(ordered):
            from newsprism.engines.parses import doc_from_bytes, stages_given

            docs = [doc_from_bytes(blob, nlp.vocab) for blob in blobs]
            analysis = run_pipeline(articles, nlp, stages=stages_given(docs), embedder=embedder)
        else:
            analysis = run_pipeline(articles, nlp, embedder=embedder)
        return analysis_tables(story_id, analysis, time.perf_counter() - started)
    except Exception as exc:  # noqa: BLE001 - reported in the table, the batch goes on
        out: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
        out["analyses"].append({"story_id": story_id, "articles": len(articles),
                                "seconds": round(time.perf_counter() - started, 3), "json": None,
                                "error": f"{type(exc).__name__}: {exc}"})
        return out
