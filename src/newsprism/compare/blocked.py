"""Alignment of a large story on candidate pairs (blocking) instead of all pairs.

:func:`newsprism.compare.align.align_claims` scores every pair of claims in
dense claims x claims tables: fine up to a few thousand claims (a story of ~100
articles), but a month-long event of 500 articles has ~20,000 claims, and each
table would take 1.6 GB. Above :data:`BLOCK_ABOVE` claims the story is aligned
here instead, with the same score and the same linking rules, on candidate pairs:

- each claim's nearest claims of other documents by centred sentence cosine
  (computed a block of rows at a time, never stored whole);
- claims that share a rare entity, figure or event key (the only pairs whose
  entity / event evidence is not 0 in the dense score) or a rare content stem,
  each claim keeping its best such partners by the IDF mass they share.

Every part of the score (sentence cosine, token-aligned similarity, the two
lexical cosines, rare entities and events) is computed exactly on those pairs,
from sparse rows; a pair that is not a candidate scores -inf (it never links).
The one estimate is the baseline of the token-aligned similarity (its mean over
claims of different documents), taken on a fixed random sample of pairs.
The top-k rule ranks a claim's partners among its candidates only.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Sequence, cast

import numpy as np

from newsprism.compare.align import (
    AlignParams,
    Alignment,
    ClaimGraph,
    PairScores,
    _figure_items,
    _terms_of,
    _token_model,
    _words_of,
    align_claims,
    event_rows,
    is_credit_line,
    quote_share,
    row_entries,
    verbatim,
    shared_text,
)
from newsprism.extract.claims import Claim

__all__ = ["BLOCK_ABOVE", "PairTable", "align_story", "align_blocked", "candidate_pairs", "pairs_at_least", "sparse_scores"]

# above this many claims a story is aligned on candidate pairs (dense tables of
# 4 * n**2 bytes each: 144 MB at 6,000 claims)
BLOCK_ABOVE = 6000
NEAREST = 24  # nearest claims by sentence cosine kept per claim
SHARED_BEST = 24  # best partners by shared rare items kept per claim
STEM_MAX_DF = 40  # a content stem in more claims than this proposes no pairs
BASE_SAMPLE = 20_000  # pairs sampled for the baseline of the aligned similarity


@dataclass(frozen=True, eq=False)
class PairTable:
    """A symmetric claims x claims table known on candidate pairs: ``t[i, j]`` is
    the value of the pair, ``default`` for a pair that is not a candidate."""

    n: int
    index: dict[int, int]  # min(i, j) * n + max(i, j) -> position in values
    values: np.ndarray
    default: float = 0.0
    keys: np.ndarray | None = None  # the keys of ``index`` by position (for :func:`pairs_at_least`)

    def __getitem__(self, key: tuple[int, int]) -> float:
        i, j = key
        at = self.index.get(i * self.n + j if i < j else j * self.n + i)
        return self.default if at is None else float(self.values[at])


def pairs_at_least(table: Any, rows: Sequence[int], threshold: float) -> list[tuple[int, int]]:
    """The pairs (i, j) of ``rows``, i < j, whose value in ``table`` (a dense claims x
    claims matrix or a :class:`PairTable`) is at least ``threshold`` (compared as
    ``float(table[i, j]) >= threshold``): one array operation, not a lookup per pair."""
    r = np.unique(np.asarray(rows, dtype=np.int64))
    if len(r) < 2:
        return []
    if isinstance(table, PairTable) and table.keys is not None:
        member = np.zeros(table.n, dtype=bool)
        member[r] = True
        i, j = table.keys // table.n, table.keys % table.n
        hit = member[i] & member[j] & (table.values.astype(np.float64) >= threshold)
        return list(zip(i[hit].tolist(), j[hit].tolist()))
    if isinstance(table, PairTable):
        return [(int(a), int(b)) for x, a in enumerate(r) for b in r[x + 1 :] if table[int(a), int(b)] >= threshold]
    sub = np.triu(np.asarray(table)[np.ix_(r, r)].astype(np.float64) >= threshold, k=1)
    x, y = np.nonzero(sub)
    return list(zip(r[x].tolist(), r[y].tolist()))


@dataclass(frozen=True, eq=False)
class SparseScores:
    """The parts of the score on candidate pairs ``(i[p], j[p])``, i < j."""

    i: np.ndarray
    j: np.ndarray
    score: np.ndarray
    cosine: np.ndarray
    terms: np.ndarray
    entities: np.ndarray
    events: np.ndarray
    sentence: np.ndarray
    aligned: np.ndarray
    words: np.ndarray
    tables: dict[str, PairTable] = field(default_factory=dict)

    def as_pair_scores(self, n: int) -> PairScores:
        """The same values as the lookups :class:`PairScores` consumers make (``pairs.score[i, j]``)."""
        keys = self.i * n + self.j
        index = dict(zip(keys.tolist(), range(len(keys))))

        def table(values: np.ndarray, default: float = 0.0) -> Any:
            return PairTable(n, index, values, default, keys)

        return PairScores(
            table(self.score, -math.inf), table(self.cosine), table(self.terms), table(self.entities),
            table(self.events), table(self.sentence), table(self.aligned), table(self.words),
        )


def align_story(claims: Sequence[Claim], embedder, params: AlignParams = AlignParams()) -> ClaimGraph:
    """The story's claim graph: all pairs up to :data:`BLOCK_ABOVE` claims, candidate pairs above."""
    if len(claims) > BLOCK_ABOVE:
        return align_blocked(claims, embedder, params)
    return align_claims(claims, embedder, params)


# ----------------------------------------------------------------- sparse rows


@dataclass(frozen=True)
class _Rows:
    """Sparse rows: row r holds columns cols[ptr[r]:ptr[r+1]] (sorted) with vals."""

    ptr: np.ndarray
    cols: np.ndarray
    vals: np.ndarray
    width: int

    @property
    def keys(self) -> np.ndarray:
        rows = np.repeat(np.arange(len(self.ptr) - 1, dtype=np.int64), np.diff(self.ptr))
        return rows * self.width + self.cols


def _expand(ptr: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each row of ``rows`` (repeats allowed) the positions of its entries, and
    which element of ``rows`` each position belongs to."""
    counts = ptr[rows + 1] - ptr[rows]
    owner = np.repeat(np.arange(len(rows), dtype=np.int64), counts)
    starts = np.repeat(ptr[rows] - (np.cumsum(counts) - counts), counts)
    return starts + np.arange(int(counts.sum()), dtype=np.int64), owner


def _pair_dot(a: _Rows, left: np.ndarray, right: np.ndarray, b_vals: np.ndarray | None = None, chunk: int = 50_000) -> np.ndarray:
    """sum_k a[left, k] * b[right, k] for each pair (``b``: the same columns with ``b_vals``)."""
    b_vals = a.vals if b_vals is None else b_vals
    keys = a.keys
    out = np.zeros(len(left), dtype=np.float64)
    if not len(keys):
        return out
    for s in range(0, len(left), chunk):
        i, j = left[s : s + chunk], right[s : s + chunk]
        pos, owner = _expand(a.ptr, i)
        want = j[owner] * a.width + a.cols[pos]
        found = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        hit = keys[found] == want
        out[s : s + chunk] = np.bincount(owner[hit], weights=a.vals[pos[hit]] * b_vals[found[hit]], minlength=len(i))
    return out


def _entries(rows: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Each (row, item) of ``rows`` once, sorted by row then column (columns numbered in order of
    first occurrence): its row, its column, how many times the row has it; and the columns' count."""
    at_rows, at_cols, counts, vocab = row_entries(rows)
    return at_rows, at_cols, counts, len(vocab)


def _unit(n: int, at_rows: np.ndarray, at_cols: np.ndarray, vals: np.ndarray, width: int) -> _Rows:
    """Sparse rows of these entries (sorted by row, then column), each row scaled to unit length."""
    norms = np.sqrt(np.bincount(at_rows, weights=vals * vals, minlength=n))
    ptr = np.zeros(n + 1, dtype=np.int64)
    ptr[1:] = np.cumsum(np.bincount(at_rows, minlength=n))
    return _Rows(ptr, at_cols, vals / np.maximum(norms, 1e-9)[at_rows], max(width, 1))


def _tfidf_rows(rows: Sequence[Sequence[str]]) -> _Rows:
    """Unit rows of binary TF-IDF (align._term_cosines, the story as collection)."""
    n = len(rows)
    at_rows, at_cols, _, width = _entries(rows)
    idf = np.array([math.log((1 + n) / (1 + d)) for d in np.bincount(at_cols, minlength=width).tolist()])
    return _unit(n, at_rows, at_cols, idf[at_cols] if width else np.zeros(0), width)


def _word_rows(rows: Sequence[Sequence[str]]) -> _Rows:
    """Unit rows of sublinear TF-IDF of word forms (align._word_cosines)."""
    n = len(rows)
    at_rows, at_cols, counts, width = _entries(rows)
    idf = np.array([math.log((1 + n) / (1 + d)) + 1.0 for d in np.bincount(at_cols, minlength=width).tolist()])
    tf = np.array([0.0] + [1.0 + math.log(m) for m in range(1, int(counts.max(initial=0)) + 1)])
    return _unit(n, at_rows, at_cols, tf[counts] * idf[at_cols] if width else np.zeros(0), width)


def _rare_rows(rows: Sequence[Sequence[str]], background: float) -> tuple[_Rows, np.ndarray]:
    """Presence rows weighted by rarity (align._rare_entity_mass) and each row's mass."""
    n = len(rows)
    at_rows, at_cols, _, width = _entries(rows)
    norm = max(math.log(n + 1), 1.0)
    weight = np.array([max(0.0, (math.log((1 + n) / (1 + d)) / norm - background) / (1.0 - background))
                       for d in np.bincount(at_cols, minlength=width).tolist()])
    vals = weight[at_cols] if width else np.zeros(0)
    keep = vals > 0
    at_rows, at_cols, vals = at_rows[keep], at_cols[keep], vals[keep]
    ptr = np.zeros(n + 1, dtype=np.int64)
    ptr[1:] = np.cumsum(np.bincount(at_rows, minlength=n))
    return _Rows(ptr, at_cols, vals, max(width, 1)), np.bincount(at_rows, weights=vals, minlength=n).astype(np.float64)


def _rare_mass(table: _Rows, mass: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    shared = _pair_dot(table, left, right, np.ones_like(table.vals))
    smaller = np.minimum(mass[left], mass[right])
    share = np.where(smaller > 0, shared / np.where(smaller > 0, smaller, 1.0), 0.0)
    return np.minimum(shared * share, 2.0)


# ------------------------------------------------------------ candidate pairs


def _unique_pairs(left: np.ndarray, right: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    lo, hi = np.minimum(left, right), np.maximum(left, right)
    keys = np.unique(lo * n + hi)
    return keys // n, keys % n


def _nearest(centred: np.ndarray, doc: np.ndarray, k: int, block: int = 256) -> tuple[np.ndarray, np.ndarray]:
    """Each claim's k nearest claims of other documents by centred cosine. A block of
    rows at a time: its cosines, and argpartition's index array as large (8 bytes a
    cell), are the memory this needs (256 rows x 21,000 claims: ~70 MB; each row's
    cosines are the same whatever the block, so is its choice)."""
    n = len(centred)
    k = min(k, n - 1)
    if k <= 0:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    left, right = [], []
    for s in range(0, n, block):
        sims = centred[s : s + block] @ centred.T
        sims[doc[s : s + block, None] == doc[None, :]] = -np.inf
        np.negative(sims, out=sims)  # nearest first, without a second block
        top = np.argpartition(sims, k - 1, axis=1)[:, :k]
        ok = np.isfinite(np.take_along_axis(sims, top, axis=1))
        rows = np.repeat(np.arange(s, s + len(sims)), k).reshape(len(sims), k)
        left.append(rows[ok])
        right.append(top[ok])
    return np.concatenate(left).astype(np.int64), np.concatenate(right).astype(np.int64)


def _sharing(item_rows: Sequence[Sequence[str]], doc: np.ndarray, max_df: int, best: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs of claims of different documents that share an item seen in at most
    ``max_df`` claims; each claim keeps its ``best`` partners by the IDF mass shared."""
    n = len(item_rows)
    postings: dict[str, list[int]] = defaultdict(list)
    for r, row in enumerate(item_rows):
        for k in set(row):
            postings[k].append(r)
    src, dst, wts = [], [], []
    for rows in postings.values():
        if not 2 <= len(rows) <= max_df:
            continue
        arr = np.array(rows, dtype=np.int64)
        a, b = np.triu_indices(len(arr), 1)
        a, b = arr[a], arr[b]
        keep = doc[a] != doc[b]
        src.append(a[keep])
        dst.append(b[keep])
        wts.append(np.full(int(keep.sum()), math.log((1 + n) / (1 + len(rows)))))
    if not src:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    a, b, w = np.concatenate(src), np.concatenate(dst), np.concatenate(wts)
    keys, inverse = np.unique(a * n + b, return_inverse=True)
    mass = np.bincount(inverse, weights=w)
    a, b = keys // n, keys % n
    # both directions: each claim ranks its partners by shared mass, keeps the best
    s, d, m = np.concatenate([a, b]), np.concatenate([b, a]), np.concatenate([mass, mass])
    order = np.lexsort((d, -m, s))
    s, d = s[order], d[order]
    first = np.searchsorted(s, s, side="left")
    keep = (np.arange(len(s)) - first) < best
    return s[keep], d[keep]


def candidate_pairs(claims: Sequence[Claim], centred: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Candidate pairs (i < j, different documents) of a large story's claims."""
    n = len(claims)
    doc_ids = {d: k for k, d in enumerate(sorted({c.doc for c in claims}))}
    doc = np.array([doc_ids[c.doc] for c in claims], dtype=np.int64)
    parts = [_nearest(centred, doc, NEAREST)]
    rare_df = max(2, int(math.sqrt(n + 1)))  # rarer than this: an entity or event weighs > 0
    parts.append(_sharing([list(c.entities) + _figure_items(c) for c in claims], doc, rare_df, SHARED_BEST))
    parts.append(_sharing([list(c.events) for c in claims], doc, rare_df, SHARED_BEST))
    parts.append(_sharing([_terms_of(c) for c in claims], doc, STEM_MAX_DF, SHARED_BEST))
    left = np.concatenate([p[0] for p in parts])
    right = np.concatenate([p[1] for p in parts])
    return _unique_pairs(left, right, n)


# ------------------------------------------------------------------ the scores


def _aligned_pairs(left: np.ndarray, right: np.ndarray, ids: Sequence[Sequence[int]], model, idf) -> np.ndarray:
    """The token-aligned similarity (align.aligned_similarity) of each pair.

    One claim at a time: its distinct tokens against the tokens its partners use (each
    distinct token once, however many partners have it: about half the products of
    one column per partner's token), then per partner the row maxima over its tokens
    (recall) and, for each of its token occurrences, that token's column maximum
    (precision: the same for every partner, summed for all partners at once)."""
    out = np.zeros(len(left), dtype=np.float32)
    story_vocab = sorted({t for row in ids for t in row})
    if not story_vocab or not len(left):
        return out
    where = {t: k for k, t in enumerate(story_vocab)}
    unit = model.token_vectors(story_vocab)
    w_of = np.array([idf(t) for t in story_vocab], dtype=np.float32)
    occ = [np.array([where[t] for t in row], dtype=np.int64) for row in ids]
    distinct = [np.unique(o) for o in occ]
    # each claim's token occurrences as positions among its distinct tokens, their IDF weights
    local = [np.searchsorted(d, o) for d, o in zip(distinct, occ)]
    weights = [w_of[o] for o in occ]
    # every claim's distinct tokens (d_*) and token occurrences (o_*), flat
    d_ptr = np.zeros(len(ids) + 1, dtype=np.int64)
    d_ptr[1:] = np.cumsum([len(d) for d in distinct])
    d_flat = np.concatenate(distinct)
    o_ptr = np.zeros(len(ids) + 1, dtype=np.int64)
    o_ptr[1:] = np.cumsum([len(o) for o in occ])
    o_flat = np.concatenate(occ)
    o_weight = w_of[o_flat].astype(np.float64)
    totals = np.add.reduceat(o_weight, o_ptr[:-1]) if len(o_flat) else np.zeros(len(ids))
    has = np.diff(d_ptr) > 0
    order = np.argsort(left, kind="stable")
    bounds = np.searchsorted(left[order], np.arange(len(ids) + 1))
    # scratch, one slot per token of the story: whether a partner has it, its column among the
    # partners' tokens, its column maximum
    seen = np.zeros(len(story_vocab), dtype=bool)
    rank = np.zeros(len(story_vocab), dtype=np.int64)
    column = np.zeros(len(story_vocab), dtype=np.float32)
    for i in range(len(ids)):
        at = order[bounds[i] : bounds[i + 1]]
        if not len(at) or not has[i]:
            continue
        partners = right[at]
        keep = has[partners]
        if not keep.any():
            continue
        at, partners = at[keep], partners[keep]
        pos, _ = _expand(d_ptr, partners)
        tokens = d_flat[pos]
        seen[tokens] = True
        cols = np.flatnonzero(seen)  # each distinct token once, in order
        seen[cols] = False
        rank[cols] = np.arange(len(cols))
        inverse = rank[tokens]
        sim = unit[distinct[i]] @ unit[cols].T  # (distinct tokens of i, distinct tokens of its partners)
        # recall: each token occurrence of i, its best match in each partner
        lens = d_ptr[partners + 1] - d_ptr[partners]
        starts = np.concatenate(([0], np.cumsum(lens)[:-1]))
        best = np.maximum.reduceat(sim[:, inverse], starts, axis=1)  # (d_i, partners)
        w_i = weights[i]
        rec = (w_i @ best[local[i]]) / w_i.sum()
        # precision: each token occurrence of a partner, its best match in i
        column[cols] = sim.max(axis=0)
        o_pos, owner = _expand(o_ptr, partners)
        prec = np.bincount(owner, weights=o_weight[o_pos] * column[o_flat[o_pos]],
                           minlength=len(partners)) / totals[partners]
        out[at] = 2 * rec * prec / np.maximum(rec + prec, 1e-9)
    return out


def sparse_scores(claims: Sequence[Claim], embedder, params: AlignParams = AlignParams()) -> SparseScores:
    """align.score_pairs on the candidate pairs of :func:`candidate_pairs`."""
    n = len(claims)
    tokens = _token_model(embedder)
    if tokens is embedder:
        ids = [tokens.token_ids(c.text) for c in claims]
        vectors = tokens.encode_ids(ids)
    else:
        ids = [tokens.token_ids(c.text) for c in claims]
        vectors = embedder.encode([c.text for c in claims])
    centred = vectors - vectors.mean(axis=0, keepdims=True)
    centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-9)
    left, right = candidate_pairs(claims, centred)

    # the sentence cosine of each pair, a slice of pairs at a time (gathering both sides' rows for
    # every pair at once took 2 x 800 MB at 500 articles); each pair's product is the same
    sent = np.zeros(len(left), dtype=centred.dtype)
    for s in range(0, len(left), 65_536):
        a, b = left[s : s + 65_536], right[s : s + 65_536]
        sent[s : s + len(a)] = np.einsum("ij,ij->i", centred[a], centred[b])
    df = Counter(t for row in ids for t in set(row))
    idf_cache: dict[int, float] = {}

    def idf(t: int) -> float:
        w = idf_cache.get(t)
        if w is None:
            w = idf_cache[t] = math.log((1 + n) / (1 + df.get(t, 0))) + 1.0
        return w

    # the baseline: the mean aligned similarity of two claims of different documents, on a sample
    doc = np.array([c.doc for c in claims])
    has = np.array([bool(c.text.strip()) for c in claims])
    if n * (n - 1) // 2 <= BASE_SAMPLE:  # every pair (as the dense score does)
        a, b = np.triu_indices(n, 1)
    else:
        rng = np.random.default_rng(0)
        a, b = rng.integers(0, n, BASE_SAMPLE), rng.integers(0, n, BASE_SAMPLE)
    ok = (doc[a] != doc[b]) & has[a] & has[b]
    sa, sb = _unique_pairs(a[ok], b[ok], n)
    # the candidates' and the sample's pairs in one pass (a claim's products made once for both)
    every, where = np.unique(np.concatenate([left * n + right, sa * n + sb]), return_inverse=True)
    where = where.reshape(-1)
    values = _aligned_pairs(every // n, every % n, ids, tokens, idf)
    aligned = values[where[: len(left)]]
    base = float(values[where[len(left) :]].mean()) if len(sa) else 0.0
    emb = params.embedding_weight * (sent + (aligned - base) / max(1.0 - base, 1e-3)) / 2

    term = _pair_dot(_tfidf_rows([_terms_of(c) for c in claims]), left, right)
    words = _pair_dot(_word_rows([_words_of(c) for c in claims]), left, right)
    ent_rows, ent_mass = _rare_rows([list(c.entities) + _figure_items(c) for c in claims], 0.5)
    ent = _rare_mass(ent_rows, ent_mass, left, right)
    # align.event_mass: the lexicon's event keys, or the role keys weighed down, whichever is more
    lexicon, roles = event_rows(claims)
    evt = _rare_mass(*_rare_rows(lexicon, 0.0), left, right)
    if params.role_weight > 0:
        evt = np.maximum(evt, params.role_weight * _rare_mass(*_rare_rows(roles, 0.0), left, right))
    score = (
        emb + params.term_weight * (term + words) / 2 + params.entity_weight * ent + params.event_weight * evt
    ).astype(np.float32)
    f32 = np.float32
    return SparseScores(left, right, score, emb.astype(f32), term.astype(f32), ent.astype(f32), evt.astype(f32),
                        sent.astype(f32), aligned, words.astype(f32))


# ------------------------------------------------------------------- linking


def align_blocked(claims: Sequence[Claim], embedder, params: AlignParams = AlignParams()) -> ClaimGraph:
    """align.align_claims on candidate pairs: the same links and facts rules."""
    claims = tuple(claims)
    n = len(claims)
    if not claims:
        return ClaimGraph((), (), (), ())
    sp = sparse_scores(claims, embedder, params)
    left, right, score, cos = sp.i, sp.j, sp.score, sp.cosine
    m = len(left)
    copies = shared_text(claims, params)
    copied_pairs = {
        frozenset(((s.citations[0].doc, s.citations[0].start), (s.citations[1].doc, s.citations[1].start)))
        for s in copies
    }
    doc_ids = {d: k for k, d in enumerate(sorted({c.doc for c in claims}))}
    doc = np.array([doc_ids[c.doc] for c in claims], dtype=np.int64)

    # each claim's rank of a partner among the partner document's candidates
    src, dst, s2 = np.concatenate([left, right]), np.concatenate([right, left]), np.concatenate([score, score])
    order = np.lexsort((dst, -s2, doc[dst], src))
    group = src[order] * len(doc_ids) + doc[dst[order]]
    first = np.searchsorted(group, group, side="left")
    rank = np.empty(2 * m, dtype=np.int64)
    rank[order] = np.arange(2 * m) - first
    in_top = rank < params.top_k
    is_best = rank == 0
    mutual = in_top[:m] & in_top[m:]
    either = in_top[:m] | in_top[m:]
    mutual_best = is_best[:m] & is_best[m:] & (score >= params.mutual_best_threshold)
    linked = mutual_best | ((score >= params.threshold) & (mutual | ((score >= params.strong) & either)))
    linked &= (score - cos) >= params.min_evidence
    credit = np.array([is_credit_line(c) for c in claims])
    quoted = np.array([quote_share(c) > 0.5 for c in claims])
    linked &= ~(credit[left] | credit[right])
    linked &= ~(quoted[left] | quoted[right]) | (sp.entities >= 0.25) | verbatim(sp.terms, sp.words, params.verbatim)

    pairs = sp.as_pair_scores(n)
    table = cast(PairTable, pairs.score)
    lk = np.flatnonzero(linked)
    ranked = sorted(((float(score[p]), int(left[p]), int(right[p])) for p in lk), reverse=True)
    neighbours: dict[int, set[int]] = defaultdict(set)
    for _, i, j in ranked:
        neighbours[i].add(j)
        neighbours[j].add(i)

    links: list[Alignment] = []
    for s_ij, i, j in ranked:
        ci, cj = claims[i], claims[j]
        copied = frozenset(((ci.doc, ci.start), (cj.doc, cj.start))) in copied_pairs
        links.append(
            Alignment(ci.id, cj.id, round(s_ij, 4), round(float(cast(Any, pairs.cosine)[i, j]), 4),
                      tuple(sorted(set(ci.entities) & set(cj.entities))),
                      tuple(sorted(set(ci.terms) & set(cj.terms))), copied)
        )

    facts: list[frozenset[int]] = []
    facts_of: dict[int, list[int]] = defaultdict(list)
    for _, i, j in ranked:
        if any(j in facts[f] for f in facts_of[i]):
            continue
        fact = {i, j}
        by_doc: dict[int, list[int]] = defaultdict(list)
        for k in sorted(neighbours[i] | neighbours[j]):
            if doc[k] not in (doc[i], doc[j]) and min(table[i, k], table[j, k]) >= params.member_floor:
                by_doc[int(doc[k])].append(k)
        for ks in by_doc.values():
            ks.sort(key=lambda k: -max(table[i, k], table[j, k]))
            both = [k for k in ks[1 : params.per_doc] if k in neighbours[i] and k in neighbours[j]]
            fact.update(ks[:1] + both)
        if len(set(facts_of[i]) | set(facts_of[j])) < params.max_facts_per_claim:
            for k in fact:
                facts_of[k].append(len(facts))
            facts.append(frozenset(fact))
    groups = tuple(
        tuple(claims[k].id for k in sorted(f, key=lambda k: (claims[k].doc, claims[k].start))) for f in facts
    )
    return ClaimGraph(claims, tuple(links), groups, copies, pairs)
