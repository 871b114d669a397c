"""Align claims across outlets, and tell corroboration from copied text.

Two claims from different documents are *aligned* (the same fact in other
words) when a combined score reaches a threshold:

    score = EMBEDDING_WEIGHT * mean(centred sentence cosine, rescaled token-aligned similarity)
          + TERM_WEIGHT   * mean(TF-IDF cosine of content stems, sublinear TF-IDF cosine of word forms)
          + ENTITY_WEIGHT * rare shared entities and figures
          + EVENT_WEIGHT  * rare shared event keys

The entity and term parts reward what embeddings blur (which villages, which
minister) and discount what every claim of the story shares (Aleppo, Syria):
weights are inverse document frequencies over the story's claims.

Two claims are linked when the score reaches the threshold and each ranks the
other among the top k of its document (or the score is very high). Facts grow
from the strongest links (see :func:`align_claims`).

Independence: claims whose word 5-gram shingles largely coincide are the same
text carried twice (wire copy, syndication): :mod:`newsprism.compare.copied_text`
finds them; a fact carried only by copies of one text is one source, not
corroboration.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import chain
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping, Sequence

import numpy as np

from spacy.lang.en.stop_words import STOP_WORDS

from newsprism.compare.align_params import AlignParams
from newsprism.compare.copied_text import claim_words as _words_of
from newsprism.compare.copied_text import shared_text, shingles
from newsprism.extract.claims import Claim
from newsprism.model import SharedText

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.compare.embed import Embedder, TokenVectors

__all__ = [
    "AlignParams",
    "Alignment",
    "SharedText",
    "ClaimGraph",
    "PairScores",
    "Collection",
    "collection_stats",
    "event_mass",
    "event_rows",
    "aligned_similarity",
    "score_pairs",
    "align_claims",
    "shared_text",
    "shingles",
    "is_credit_line",
    "is_credit_text",
    "ODD_FOLDS",
    "quote_share",
    "verbatim",
]





@dataclass(frozen=True)
class Alignment:
    """Two claims of different documents judged to state the same fact."""

    a: str  # Claim.id
    b: str
    score: float
    cosine: float
    shared_entities: tuple[str, ...] = ()
    shared_terms: tuple[str, ...] = ()
    copied: bool = False  # near-verbatim: the same text, not independent reports


@dataclass(frozen=True)
class ClaimGraph:
    """The alignment of one story's claims."""

    claims: tuple[Claim, ...]
    alignments: tuple[Alignment, ...]
    groups: tuple[tuple[str, ...], ...]  # claim ids per fact, 2+ documents each
    shared: tuple[SharedText, ...]
    scores: "PairScores | None" = None  # the pair scores the links were decided on

    def claim(self, claim_id: str) -> Claim:
        return next(c for c in self.claims if c.id == claim_id)


def _idf(rows: Sequence[Sequence[str]]) -> dict[str, float]:
    df: Counter[str] = Counter()
    for row in rows:
        df.update(set(row))
    n = max(len(rows), 1)
    return {k: math.log((1 + n) / (1 + v)) for k, v in df.items()}


def _idf_weights(df: Mapping, n: int, smooth: float = 0.0) -> dict:
    return {k: math.log((1 + n) / (1 + v)) + smooth for k, v in df.items()}


def _term_cosines(rows: Sequence[Sequence[str]], idf: Mapping[str, float] | None = None) -> np.ndarray:
    """TF-IDF (binary TF) cosine of content lemmas, all pairs; IDF from ``rows``
    unless given (terms missing from ``idf`` weigh as the rarest)."""
    if idf is None:
        idf = _idf(rows)
    top = max(idf.values(), default=1.0)
    at_rows, at_cols, _, vocab = row_entries(rows)
    weight_of = np.array([idf.get(k, top) for k in vocab], dtype=np.float32).astype(np.float64)
    return _unit_gram(len(rows), at_rows, at_cols, weight_of[at_cols], len(vocab))


def _rare_entity_mass(rows: Sequence[Sequence[str]], background: float = 0.5) -> np.ndarray:
    """Shared items (entity ids, figures, event keys) weighted by rarity r = IDF / log N:
    ~1 for an item few claims mention. Items with r below ``background`` (for
    0.5: mentioned in more than ~sqrt(N) of the story's claims, such as Aleppo,
    Syria, or Russia in a story on a deal Russia brokered) are what the story is
    about, not evidence that two claims state the same fact: they weigh 0, and
    rarer ones rise linearly to 1. The mass is scaled by the share of the
    smaller claim's mass that is shared, so one shared name among many unshared
    ones counts little."""
    n = len(rows)
    # each row's distinct items as columns numbered in order of first occurrence (a set's order
    # changes with the hash seed, and with it the order of a sum)
    vocab: dict[str, int] = {}
    lens = []
    cols_of: list[int] = []
    for row in rows:
        distinct = dict.fromkeys(row)
        lens.append(len(distinct))
        cols_of.extend(vocab.setdefault(k, len(vocab)) for k in distinct)
    cols = np.array(cols_of, dtype=np.int64)
    owner = np.repeat(np.arange(n, dtype=np.int64), lens)
    df = np.bincount(cols, minlength=len(vocab))
    norm = max(math.log(max(n, 1) + 1), 1.0)
    # (each weight as the float32 it was stored as when this was one float32 product)
    weights = np.array([max(0.0, (math.log((1 + max(n, 1)) / (1 + d)) / norm - background) / (1.0 - background))
                        for d in df.tolist()], dtype=np.float32).astype(np.float64)
    mass = np.bincount(owner, weights=weights[cols], minlength=n).astype(np.float64)  # its own mass: the diagonal
    shared = _shared_weight(owner, cols, weights, df, n)
    np.fill_diagonal(shared, mass)
    # the share of the smaller claim's mass that is shared (0 when that mass is 0), in place
    share = np.minimum.outer(mass, mass)
    np.divide(shared, share, out=share, where=share > 0)
    shared *= share
    return shared.astype(np.float32)


# an item in more claims than this is summed for every pair by one matrix product, a rarer one
# pair by pair (its claims' pairs, ~n**2 / 2 of them, would outnumber the product's cells)
_DENSE_DF = 64


def _shared_weight(owner: np.ndarray, cols: np.ndarray, weights: np.ndarray, df: np.ndarray, n: int) -> np.ndarray:
    """(n, n) float64: for claims i != j the summed weight of the items both have (``owner[k]``
    has item ``cols[k]``, each pair once); the diagonal is left to the caller.

    Summed in float64, a few terms each, so the float32 the caller keeps does not depend on the
    order of the sum (what a float32 product's blocking and threads decide)."""
    out = np.zeros((n, n), dtype=np.float64)
    kept = (weights > 0) & (df >= 2)  # an item one claim has is in no pair; one weighing 0 adds nothing
    common = kept & (df > _DENSE_DF)
    if common.any():
        at = common[cols]
        number = np.cumsum(common) - 1
        present = np.zeros((n, int(common.sum())), dtype=np.float64)
        present[owner[at], number[cols[at]]] = 1.0
        out += (present * weights[common]) @ present.T
    rare = kept & ~common
    if rare.any():
        at = np.flatnonzero(rare[cols])
        order = at[np.argsort(cols[at], kind="stable")]  # by item, each item's claims in order
        item, rows = cols[order], owner[order]
        starts = np.flatnonzero(np.r_[True, item[1:] != item[:-1]])
        sizes = np.diff(np.r_[starts, len(item)])
        left, right, w = [], [], []
        for size in np.unique(sizes).tolist():  # the pairs of every item of one size at once
            first = starts[sizes == size]
            a, b = np.triu_indices(size, 1)
            left.append(rows[first[:, None] + a].ravel())
            right.append(rows[first[:, None] + b].ravel())
            w.append(np.repeat(weights[item[first]], len(a)))
        i, j, wt = np.concatenate(left), np.concatenate(right), np.concatenate(w)
        keys, inverse = np.unique(i * n + j, return_inverse=True)
        sums = np.bincount(inverse.reshape(-1), weights=wt)
        out[keys // n, keys % n] += sums
        out[keys % n, keys // n] += sums
    return out


def _centred_cosines(vectors: np.ndarray, mean: np.ndarray | None = None) -> np.ndarray:
    """Cosines after removing the collection's mean vector (by default the
    story's): static embeddings of one story's sentences share a large topic
    component that makes every pair look similar; centring leaves what
    distinguishes them."""
    centred = vectors - (vectors.mean(axis=0, keepdims=True) if mean is None else mean[None, :])
    centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-9)
    return centred @ centred.T


def _same_doc(claims: Sequence[Claim]) -> np.ndarray:
    ids = {d: i for i, d in enumerate(sorted({c.doc for c in claims}))}
    codes = np.array([ids[c.doc] for c in claims])
    return codes[:, None] == codes[None, :]


def _token_model(embedder: Embedder) -> TokenVectors:
    """The static token vectors for the token-aligned similarity."""
    return embedder.token_model()


def _terms_of(claim: Claim) -> list[str]:
    # 6-letter stems join what lemmas keep apart: retaliated/retaliation, militia/militiamen
    return [t[:6] for t in claim.terms]



def row_entries(rows: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, int]]:
    """Each (row, item) of ``rows`` once, sorted by row then column (columns numbered in order of
    first occurrence): its row, its column, how many times the row has it; and the columns by item."""
    lens = [len(row) for row in rows]
    vocab: dict[str, int] = {}
    cols = np.fromiter((vocab.setdefault(w, len(vocab)) for w in chain.from_iterable(rows)), dtype=np.int64,
                       count=sum(lens))
    width = max(len(vocab), 1)
    keys, counts = np.unique(np.repeat(np.arange(len(rows), dtype=np.int64), lens) * width + cols,
                             return_counts=True)
    at_rows, at_cols = np.divmod(keys, width)
    return at_rows, at_cols, counts, vocab


def _word_cosines(rows: Sequence[Sequence[str]], df: Mapping[str, int] | None = None, n: int | None = None) -> np.ndarray:
    """Cosine of sublinear TF-IDF vectors of word forms (every word, counts
    kept: tf = 1 + log count, idf = log((1 + n) / (1 + df)) + 1), all pairs; df
    and n from ``rows`` unless given. The parser-free lexical view: the stem view
    (:func:`_term_cosines`) keeps only what the tagger calls content words, and
    a tagging slip ("shelling" as a verb in one report, a noun in the other)
    drops a shared word there but not here."""
    at_rows, at_cols, counts, vocab = row_entries(rows)
    width = max(len(vocab), 1)
    total = n if n is not None and df is not None else len(rows)
    if df is None:
        seen_in = np.bincount(at_cols, minlength=len(vocab)).tolist()  # rows with the word: 1 or more
        idf_of = [math.log((1 + total) / (1 + seen)) + 1.0 for seen in seen_in]
    else:
        top = math.log(1 + total) + 1.0
        idf_of = [math.log((1 + total) / (1 + seen)) + 1.0 if (seen := df.get(w)) else top for w in vocab]
    tf_of = [0.0] + [1.0 + math.log(k) for k in range(1, int(counts.max(initial=0)) + 1)]
    # tf * idf in double (as Python floats multiply), rounded to float32 as the dense rows held it
    vals = (np.array(tf_of, dtype=np.float64)[counts] * np.array(idf_of, dtype=np.float64)[at_cols]
            ).astype(np.float32).astype(np.float64) if len(at_rows) else np.zeros(0)
    return _unit_gram(len(rows), at_rows, at_cols, vals, width)


def _unit_gram(n: int, at_rows: np.ndarray, at_cols: np.ndarray, vals: np.ndarray, width: int) -> np.ndarray:
    """(n, n) float32: the cosine of every two rows of a sparse matrix whose row ``at_rows[k]`` holds
    ``vals[k]`` in column ``at_cols[k]`` (each (row, column) once): each row scaled to unit length,
    then every two rows' dot product, summed in float64 over the columns both have. A story's claims
    have ~10-20 words each of a few thousand: a dense float32 product of the rows (what this replaced)
    spent ~0.1 s of CPU at 30 articles multiplying zeros; the float64 sums differ from it in the
    float32's last bit at most, and do not depend on the order they are summed in."""
    out = np.zeros((n, n), dtype=np.float64)
    if not len(at_rows):
        return out.astype(np.float32)
    unit = vals / np.maximum(np.sqrt(np.bincount(at_rows, weights=vals * vals, minlength=n)), 1e-9)[at_rows]
    df = np.bincount(at_cols, minlength=width)
    common = (df > _DENSE_DF)[at_cols]
    if common.any():  # a word in many claims: its column in one dense product
        number = np.cumsum(df > _DENSE_DF) - 1
        dense = np.zeros((n, int((df > _DENSE_DF).sum())), dtype=np.float64)
        dense[at_rows[common], number[at_cols[common]]] = unit[common]
        out += dense @ dense.T
    rare = np.flatnonzero(~common)
    order = rare[np.argsort(at_cols[rare], kind="stable")]  # by column, each column's rows in order
    left, right = _pairs_by_item(at_cols[order])
    if len(left):
        i, j = at_rows[order[left]], at_rows[order[right]]
        keys, inverse = np.unique(i * n + j, return_inverse=True)
        sums = np.bincount(inverse.reshape(-1), weights=unit[order[left]] * unit[order[right]])
        out[keys // n, keys % n] += sums
        out[keys % n, keys // n] += sums
    diagonal = np.arange(n)
    out[diagonal, diagonal] += np.bincount(at_rows[rare], weights=unit[rare] ** 2, minlength=n)
    return out.astype(np.float32)


def _pairs_by_item(item: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every two positions of the sorted ``item`` holding one item (a < b), the items of one
    size at once."""
    starts = np.flatnonzero(np.r_[True, item[1:] != item[:-1]]) if len(item) else np.zeros(0, dtype=np.int64)
    sizes = np.diff(np.r_[starts, len(item)])
    left, right = [], []
    for size in np.unique(sizes).tolist():
        if size < 2:
            continue
        first = starts[sizes == size]
        a, b = np.triu_indices(size, 1)
        left.append((first[:, None] + a).ravel())
        right.append((first[:, None] + b).ravel())
    if not left:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(left), np.concatenate(right)


@dataclass(frozen=True)
class Collection:
    """What a story's claims are weighed against: how many claims of the
    collection carry each content stem and each embedding token (for IDF), their
    mean sentence vector (removed before cosines) and the mean token-aligned
    similarity of two claims of different documents (removed likewise). By
    default the collection is the story itself; a larger one (every claim of an
    evaluation run, a corpus) gives steadier weights to a story of few claims."""

    n: int
    term_df: Mapping[str, int]
    token_df: Mapping[int, int]
    mean: np.ndarray | None = None
    aligned_base: float | None = None
    word_df: Mapping[str, int] | None = None


def collection_stats(claims: Sequence[Claim], embedder, aligned_base: float | None = None) -> Collection:
    tokens = _token_model(embedder)
    term_df: Counter[str] = Counter()
    token_df: Counter[int] = Counter()
    word_df: Counter[str] = Counter()
    for c in claims:
        term_df.update(set(_terms_of(c)))
        token_df.update(set(tokens.token_ids(c.text)))
        word_df.update(set(_words_of(c)))
    vectors = embedder.encode([c.text for c in claims]) if claims else None
    mean = vectors.mean(axis=0) if vectors is not None and len(claims) > 2 else None
    return Collection(len(claims), dict(term_df), dict(token_df), mean, aligned_base, dict(word_df))


# above this many distinct tokens in a story the vocabulary table (4 * V**2 bytes: 144 MB
# at 6000) gives way to one product per pair of documents; both give the same scores
# (tests/test_align.py runs both)
TABLE_MAX_VOCAB = 6000


def aligned_similarity(
    claims: Sequence[Claim],
    embedder,
    collection: Collection | None = None,
    ids: Sequence[Sequence[int]] | None = None,
) -> np.ndarray:
    """Token-aligned similarity of every pair of claims of different documents
    (0 within a document): each token of one claim is matched to its most
    similar token of the other (cosine of static token vectors, so "mediated"
    meets "brokered" and "Turkey" meets "Turkey"), the matches are averaged with
    IDF weights both ways, and the two directions combined as an F1 (the
    BERTScore recipe on static vectors). Cost: one token-by-token table over the
    story's vocabulary (above TABLE_MAX_VOCAB tokens, its rows per document), then
    row maxima per claim. ``ids``: the claims' token ids from the token model, when
    the caller has them already."""
    n = len(claims)
    out = np.zeros((n, n), dtype=np.float32)
    if n < 2:
        return out
    model = _token_model(embedder)
    if ids is None:
        ids = [model.token_ids(c.text) for c in claims]
    lens = [len(row) for row in ids]
    offsets = np.concatenate(([0], np.cumsum(lens))).astype(np.int64)
    flat = np.fromiter(chain.from_iterable(ids), dtype=np.int64, count=int(offsets[-1]))
    # the story's vocabulary (sorted) and each token occurrence as its position in it
    vocab_ids, flat_pos = np.unique(flat, return_inverse=True)
    flat_pos = flat_pos.reshape(-1)
    story_vocab = vocab_ids.tolist()
    total = collection.n if collection is not None else n
    if collection is not None and collection.token_df is not None:
        token_df = collection.token_df
        dfs = [token_df.get(t, 0) for t in story_vocab]
    else:
        # in how many claims each token is: each (claim, token) once
        owner = np.repeat(np.arange(n, dtype=np.int64), lens)
        pairs = np.unique(owner * max(len(story_vocab), 1) + flat_pos) % max(len(story_vocab), 1)
        dfs = np.bincount(pairs, minlength=len(story_vocab)).tolist()
    idf_of = [math.log((1 + total) / (1 + d)) + 1.0 for d in dfs]

    by_doc: dict[str, list[int]] = {}
    for i, c in enumerate(claims):
        if ids[i]:
            by_doc.setdefault(c.doc, []).append(i)

    # one token-by-token similarity table for the story's whole vocabulary when it
    # fits (a 30-article story: a few thousand tokens); above that, the rows of the
    # table each document's tokens need, one document at a time (the same maxima)
    _aligned_from_table(out, lens, offsets, flat_pos, by_doc, story_vocab, idf_of, model,
                        whole=len(story_vocab) <= TABLE_MAX_VOCAB)
    return out


def _aligned_from_table(out: np.ndarray, lens: Sequence[int], offsets: np.ndarray, flat_pos: np.ndarray, by_doc,
                        story_vocab: Sequence[int], idf_of: Sequence[float], model, whole: bool = True) -> None:
    """:func:`aligned_similarity` (into ``out``) from one token-by-token table over
    the story's vocabulary (``whole``), or from the rows of it each document needs,
    computed one document at a time (a large story: the whole table would take 4 * V**2 bytes).
    ``flat_pos``: every claim's token occurrences, one after another (claim k's from
    ``offsets[k]``, ``lens[k]`` of them), as positions in ``story_vocab``; ``idf_of``: each
    vocabulary token's IDF weight."""
    vecs = model.token_vectors(story_vocab)
    table = vecs @ vecs.T if whole else None  # symmetric (numpy computes a @ a.T as one symmetric product)
    # each token occurrence's IDF weight
    flat_w = np.array(idf_of, dtype=np.float32)[flat_pos]

    # each claim's distinct token rows, sorted: one unique over (claim, row) keys
    width = len(story_vocab)
    keys = np.unique(np.repeat(np.arange(len(lens), dtype=np.int64), lens) * width + flat_pos)
    distinct_pos = keys % width
    bounds = np.searchsorted(keys, np.arange(len(lens) + 1, dtype=np.int64) * width).tolist()

    prepared = {}
    best_of = {}
    for d, rows in by_doc.items():
        tokens = np.concatenate([np.arange(offsets[i], offsets[i + 1]) for i in rows])
        pos, weights = flat_pos[tokens], flat_w[tokens]
        starts = np.cumsum([0] + [lens[i] for i in rows[:-1]])
        prepared[d] = (np.array(rows), pos, starts, weights, np.add.reduceat(weights, starts))
        # each story token's best match in each claim of the document, (vocab, n):
        # one row maximum per claim over its distinct tokens (the table is
        # symmetric: rows, not columns, are gathered; a maximum depends on neither
        # order nor repeats)
        # (a claim at a time: its few rows stay in cache, unlike one gather for the document)
        best = np.empty((len(rows), len(story_vocab)), dtype=np.float32)
        if table is not None:
            for r, i in enumerate(rows):
                np.maximum.reduce(table[distinct_pos[bounds[i] : bounds[i + 1]]], axis=0, out=best[r])
        else:
            needed = np.unique(np.concatenate([distinct_pos[bounds[i] : bounds[i + 1]] for i in rows]))
            block = vecs[needed] @ vecs.T  # the table's rows of this document's tokens
            for r, i in enumerate(rows):
                local = np.searchsorted(needed, distinct_pos[bounds[i] : bounds[i + 1]])
                np.maximum.reduce(block[local], axis=0, out=best[r])
        best_of[d] = np.ascontiguousarray(best.T)

    def covered_by(a, b_doc):
        """How well each claim of doc a is covered by each claim of doc b: (na, nb)."""
        _, pos_a, starts_a, w_a, wsum_a = a
        # (tokens_a, nb), weighed and summed per claim in place: one array, not three (870 pairs of
        # documents at 30 articles; the same products and sums)
        best = best_of[b_doc].take(pos_a, axis=0)
        np.multiply(best, w_a[:, None], out=best)
        covered = np.add.reduceat(best, starts_a, axis=0)
        covered /= wsum_a[:, None]
        return covered

    # a document's claims are one run of the story's order as a rule: a block of ``out`` by slices
    # (the same cells as the index arrays)
    where = {d: slice(int(p[0][0]), int(p[0][-1]) + 1) if int(p[0][-1]) - int(p[0][0]) + 1 == len(p[0])
             else p[0] for d, p in prepared.items()}
    docs = sorted(prepared)
    for x, da in enumerate(docs):
        for db in docs[x + 1 :]:
            a, b = prepared[da], prepared[db]
            rec = covered_by(a, db)
            prec = covered_by(b, da).T
            f = 2 * rec * prec / np.maximum(rec + prec, 1e-9)
            rows, cols = where[da], where[db]
            if isinstance(rows, slice) and isinstance(cols, slice):
                out[rows, cols] = f
                out[cols, rows] = f.T
            else:
                out[np.ix_(a[0], b[0])] = f
                out[np.ix_(b[0], a[0])] = f.T


def _aligned_base(aligned: np.ndarray, same_doc: np.ndarray, claims: Sequence[Claim]) -> float:
    """The mean token-aligned similarity of two claims of different documents."""
    has_tokens = np.array([bool(c.text.strip()) for c in claims])
    mask = ~same_doc & has_tokens[:, None] & has_tokens[None, :]
    return float(aligned[mask].mean()) if mask.any() else 0.0


@dataclass(frozen=True)
class PairScores:
    """All-pairs score matrices of one story's claims (same order as the claims)."""

    score: np.ndarray  # the combined score; -inf within one document
    cosine: np.ndarray  # the embedding part: mean of the centred sentence cosine and the centred aligned similarity
    terms: np.ndarray  # TF-IDF cosine of content-lemma stems
    entities: np.ndarray  # rare shared entity/figure mass (capped)
    events: np.ndarray  # rare shared event-key mass (capped)
    sentence: np.ndarray | None = None  # centred sentence-embedding cosine
    aligned: np.ndarray | None = None  # token-aligned similarity (uncentred)
    words: np.ndarray | None = None  # sublinear TF-IDF cosine of word forms


def _figure_items(claim: Claim) -> list[str]:
    """Figures written with digits as comparable items: "#<value>" (the same
    number in two claims). Vague amounts ("dozens", "thousands") say too little."""
    out = []
    for f in claim.figures:
        value = getattr(f, "value", None)
        if value is not None and value != "" and any(ch.isdigit() for ch in getattr(f, "text", "")):
            out.append(f"#{value}")
    return out


def score_pairs(
    claims: Sequence[Claim], embedder, params: AlignParams = AlignParams(), collection: Collection | None = None,
    word_rows: Sequence[Sequence[str]] | None = None,
) -> PairScores:
    """The alignment score of every pair of claims:

        embedding_weight * (sentence cosine + rescaled aligned similarity) / 2
      + term_weight * (TF-IDF cosine of content stems + TF-IDF cosine of word forms) / 2
      + entity_weight * rare shared entities and figures
      + event_weight * rare shared event keys

    Both embedding parts are centred on the collection (by default the story):
    the sentence vectors lose the collection's mean vector, the aligned
    similarity is rescaled with the collection's mean b over claims of different
    documents as (F - b) / (1 - b) (BERTScore's baseline rescaling). IDF
    weights (terms, tokens) come from the collection. ``word_rows``: each claim's words
    (``_words_of``) when the caller has them. Entities, figures and event
    keys are weighted by their rarity among these claims (they are resolved per
    story), so what every claim of the story shares (Syria, Aleppo, "said") adds
    ~nothing.
    """
    ids = None
    tokens = _token_model(embedder)
    if tokens is embedder:
        # the static model: tokenise once for the sentence vectors and the aligned similarity
        ids = [tokens.token_ids(c.text) for c in claims]
        vectors = tokens.encode_ids(ids)
    else:
        vectors = embedder.encode([c.text for c in claims])
    if collection is not None and collection.mean is not None:
        sent = _centred_cosines(vectors, collection.mean)
    else:
        sent = _centred_cosines(vectors) if len(claims) > 2 else vectors @ vectors.T
    same = _same_doc(claims)
    aligned = aligned_similarity(claims, embedder, collection, ids)
    base = collection.aligned_base if collection is not None and collection.aligned_base is not None else None
    if base is None:
        base = _aligned_base(aligned, same, claims)
    # BERTScore's baseline rescaling, (F - b) / (1 - b): the aligned similarity
    # of two unrelated sentences is far from 0 (every token finds some partner),
    # which squeezes it into [b, 1]; rescaled, it spans the range of a centred
    # cosine and weighs as much as the sentence cosine it is averaged with
    emb = params.embedding_weight * (sent + (aligned - base) / max(1.0 - base, 1e-3)) / 2
    term_rows = [_terms_of(c) for c in claims]
    idf = _idf_weights(collection.term_df, collection.n) if collection is not None else None
    term = _term_cosines(term_rows, idf)
    if word_rows is None:
        word_rows = [_words_of(c) for c in claims]
    if collection is not None and collection.word_df is not None:
        words = _word_cosines(word_rows, collection.word_df, collection.n)
    else:
        words = _word_cosines(word_rows)
    ent = np.minimum(_rare_entity_mass([list(c.entities) + _figure_items(c) for c in claims]), 2.0)
    evt = event_mass(claims, params)
    score = (
        emb + params.term_weight * (term + words) / 2
        + params.entity_weight * ent + params.event_weight * evt
    ).astype(np.float32)
    score[same] = -np.inf
    return PairScores(score, emb, term, ent, evt, sent, aligned, words)


def event_rows(claims: Sequence[Claim]) -> tuple[list[list[str]], list[list[str]]]:
    """Each claim's event keys of the lexicon ("P:...") and its role keys ("V:...")."""
    lexicon = [[k for k in c.events if not k.startswith("V:")] for c in claims]
    roles = [[k for k in c.events if k.startswith("V:")] for c in claims]
    return lexicon, roles


def event_mass(claims: Sequence[Claim], params: AlignParams = AlignParams()) -> np.ndarray:
    """Rare shared event mass of every pair (capped at 2): the lexicon's event keys, or
    ``params.role_weight`` times the role keys, whichever is more. Apart, so that the many
    role keys of a long clause do not thin out the share of its lexicon keys."""
    lexicon, roles = event_rows(claims)
    evt = np.minimum(_rare_entity_mass(lexicon, background=0.0), 2.0)
    if params.role_weight > 0:
        evt = np.maximum(evt, params.role_weight * np.minimum(_rare_entity_mass(roles, background=0.0), 2.0))
    return evt


_QUOTED_WORD = re.compile(r"[a-z][a-z0-9]+")
_CREDIT_LINE = re.compile(
    r"\b(?:contributed (?:to )?(?:this )?report(?:ing)?|reported from|reporting by|edited by|writing by)\b"
    r"|^\(?h/t\b|(?:^|\n)\s*follow [\w .'’-]{1,40} on twitter\b", re.IGNORECASE
)


# every match of _CREDIT_LINE holds one of these in the lower-cased text (a cheap
# pre-test: the case-blind search costs ~10 us a claim, and most claims hold none)...
_CREDIT_NEEDLES = ("contributed", "reported from", "reporting by", "edited by", "writing by", "h/t", "on twitter")
# ... unless the text has one of the characters re.IGNORECASE matches to an ASCII
# letter that str.lower() does not turn into that letter: İ ("i" + U+0307 once
# lowered), ı, ſ (every such code point; tests/test_align.py checks)
ODD_FOLDS = ("\u0307", "\u0131", "\u017f")


def is_credit_line(claim: Claim) -> bool:
    """A byline or credit ("X contributed to this report"): about the article, not the story."""
    return is_credit_text(claim.text)


@lru_cache(maxsize=16384)  # asked of one claim's text by several stages (a pure function of it)
def is_credit_text(text: str) -> bool:
    """:func:`is_credit_line` of a claim's text."""
    low = text.lower()
    for needle in _CREDIT_NEEDLES + ODD_FOLDS:
        if needle in low:
            return bool(_CREDIT_LINE.search(text))
    return False


def quote_share(claim: Claim) -> float:
    """The share of a claim's characters inside direct quotes."""
    covered = sum(max(0, min(q.end, claim.end) - max(q.start, claim.start)) for q in claim.quotes)
    return covered / max(claim.end - claim.start, 1)


def verbatim(terms: np.ndarray, words: np.ndarray | None, level: float) -> np.ndarray:
    """Pairs that say the same words: both lexical cosines (content stems, word forms) at ``level`` or more."""
    out = terms >= level
    return out & (words >= level) if words is not None else out


def _linkable(claims: Sequence[Claim], pairs: PairScores, params: AlignParams = AlignParams()) -> np.ndarray:
    """Pairs allowed to link: no credit lines; a claim that is mostly a direct
    quote (a party's words) links only to a claim sharing a rare entity with it
    (the same speaker or subject) or saying the very same words, not to whatever
    else someone said."""
    n = len(claims)
    credit = np.array([is_credit_line(c) for c in claims])
    quoted = np.array([quote_share(c) > 0.5 for c in claims])
    ok = ~(credit[:, None] | credit[None, :])
    either_quoted = quoted[:, None] | quoted[None, :]
    # ... or one that says the very same words (a quote whose marks one report lost), or one given to
    # the same speaker quoting a word of the same remark: a quotation's "he said" names no one in its
    # words ("“There won't be any daylight there at all,” he said" / "He said there would be “no
    # daylight” between him and Kerry"); not whatever else the speaker said, in quotes or not
    ok &= (~either_quoted | (pairs.entities >= 0.25) | verbatim(pairs.terms, pairs.words, params.verbatim)
           | _one_remark(claims))
    ok[np.arange(n), np.arange(n)] = False
    return ok


def _quoted_terms(claim: Claim) -> frozenset[str]:
    """The content words (no stop words) inside a claim's direct quotes, lower-cased."""
    out: set[str] = set()
    for q in claim.quotes:
        a, b = max(q.start, claim.start) - claim.start, min(q.end, claim.end) - claim.start
        if b > a:
            out.update(w for w in _QUOTED_WORD.findall(claim.text[a:b].lower()) if w not in STOP_WORDS)
    return frozenset(out)


def _one_remark(claims: Sequence[Claim]) -> np.ndarray:
    """Pairs of claims given to one resolved speaker (``Claim.attribution``) that quote a content
    word in common: one remark two reports quote."""
    n = len(claims)
    out = np.zeros((n, n), dtype=bool)
    by_speaker: dict[str, list[tuple[int, frozenset[str]]]] = {}
    for k, c in enumerate(claims):
        if c.attribution is not None and c.attribution.entity and c.quotes:
            words = _quoted_terms(c)
            if words:
                by_speaker.setdefault(c.attribution.entity, []).append((k, words))
    for rows in by_speaker.values():
        for x, (a, wa) in enumerate(rows):
            for b, wb in rows[x + 1:]:
                if wa & wb:
                    out[a, b] = out[b, a] = True
    return out


def align_claims(
    claims: Sequence[Claim], embedder, params: AlignParams = AlignParams()
) -> ClaimGraph:
    """Score claim pairs across documents, link the same facts, group them."""
    claims = tuple(claims)
    if not claims:
        return ClaimGraph((), (), (), ())
    word_rows = [_words_of(c) for c in claims]  # for the word cosines and the copies
    pairs = score_pairs(claims, embedder, params, word_rows=word_rows)
    score, cos = pairs.score, pairs.cosine
    n = len(claims)

    copies = shared_text(claims, params, word_rows)
    copied_pairs = {
        frozenset(((s.citations[0].doc, s.citations[0].start), (s.citations[1].doc, s.citations[1].start)))
        for s in copies
    }

    # rank of each partner among its document's claims, seen from each claim
    rows_of: dict[str, list[int]] = {}
    for i, c in enumerate(claims):
        rows_of.setdefault(c.doc, []).append(i)
    doc_rows = {d: np.array(rows_of[d]) for d in sorted(rows_of)}
    in_top = np.zeros((n, n), dtype=bool)
    is_best = np.zeros((n, n), dtype=bool)
    every = np.arange(n)
    for rows in doc_rows.values():
        sub = score[:, rows]
        order = np.argsort(-sub, axis=1)
        in_top[every[:, None], rows[order[:, : params.top_k]]] = True
        is_best[every, rows[order[:, 0]]] = True
    mutual = in_top & in_top.T
    # each other's single best partner: a lower score suffices
    mutual_best = is_best & is_best.T & (score >= params.mutual_best_threshold)
    linked = mutual_best | (
        (score >= params.threshold) & (mutual | ((score >= params.strong) & (in_top | in_top.T)))
    )
    linked &= (score - cos) >= params.min_evidence
    linked &= _linkable(claims, pairs, params)
    candidates = np.argwhere(np.triu(linked, k=1))
    ranked = sorted(((float(score[i, j]), int(i), int(j)) for i, j in candidates), reverse=True)

    links: list[Alignment] = []
    for s_ij, i, j in ranked:
        ci, cj = claims[i], claims[j]
        copied = frozenset(((ci.doc, ci.start), (cj.doc, cj.start))) in copied_pairs
        links.append(
            Alignment(
                ci.id,
                cj.id,
                round(s_ij, 4),
                round(float(cos[i, j]), 4),
                tuple(sorted(set(ci.entities) & set(cj.entities))),
                tuple(sorted(set(ci.terms) & set(cj.terms))),
                copied,
            )
        )

    # Facts grow from the strongest links: a linked pair, plus in each other
    # document the claim best linked to either of them. A sentence can state
    # several facts, so a claim may belong to more than one; no chaining, so a
    # fact never drifts away from its seed pair.
    facts: list[frozenset[int]] = []
    doc_code = {d: x for x, d in enumerate(doc_rows)}
    code = np.array([doc_code[c.doc] for c in claims], dtype=np.int64)
    for _, i, j in ranked:
        if any(i in f and j in f for f in facts):
            continue
        fact = {i, j}
        # a claim joins when linked to one of the pair and no less similar to
        # the other than to an average claim of the story (scores are centred):
        # a sentence stating two facts must not chain one fact into another
        # (each document's candidates in claim order, as np.flatnonzero gives them)
        joins = (linked[i] | linked[j]) & (np.minimum(score[i], score[j]) >= params.member_floor)
        joins &= (code != code[i]) & (code != code[j])
        at = np.flatnonzero(joins)
        if len(at):
            both = (linked[i, at] & linked[j, at]).tolist()
            pull = (-np.maximum(score[i, at], score[j, at])).tolist()
            by_doc: dict[int, list[int]] = {}
            for x, d in enumerate(code[at].tolist()):
                by_doc.setdefault(d, []).append(x)
            for xs in by_doc.values():
                xs.sort(key=lambda x: pull[x])
                # the document's best claim joins on one link; a second claim of the
                # same document must be linked to both claims of the seed pair: else a
                # sentence telling two facts pulls its other fact's wording in
                fact.update(int(at[x]) for x in xs[:1] + [x for x in xs[1 : params.per_doc] if both[x]])
        if len([f for f in facts if i in f or j in f]) < params.max_facts_per_claim:
            facts.append(frozenset(fact))
    groups = tuple(
        tuple(claims[k].id for k in sorted(f, key=lambda k: (claims[k].doc, claims[k].start))) for f in facts
    )
    return ClaimGraph(claims, tuple(links), groups, copies, pairs)
