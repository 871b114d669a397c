"""ClaimDiff (Ko et al. 2022): can we link related claim pairs across outlets?

The two train files hold the same 1,857 pairs labelled twice: ``relation`` 1 in
the *strength* file means one claim strengthens the other, 1 in the *weak* file
that it weakens it. A pair is **related** when either file says 1 (the paper's
"related" = strengthen or weaken); unrelated otherwise.

Our score is the one the product aligns claims with
(:func:`newsprism.compare.align.score_pairs`: sentence-embedding cosine and
token-aligned similarity of static vectors, TF-IDF cosines of content stems and
of word forms, rare shared entities, figures and event keys), each topic analysed as a story
(see :func:`alignment_scores`); a pair is linked when its score reaches a
threshold. The threshold is never tuned on the pairs it is scored on:
pairs are split into folds by *topic* (both claims of a pair share one), each
fold is scored with the F1-best threshold of the other folds, and the counts are
pooled. The TF-IDF cosine baseline goes through the same protocol in the same run.

Keys (flat, stable): ``claimdiff_link_{precision,recall,f1}`` for the alignment score,
``claimdiff_cosine_*`` for the plain sentence-embedding cosine (reference),
``claimdiff_bertscore_*`` for BERTScore F1 of the embedder's token vectors (reference:
the static model's token rows, or the transformer's contextual vectors),
``claimdiff_baseline_{precision,recall,f1}`` for TF-IDF, ``claimdiff_link_auc`` /
``claimdiff_baseline_auc`` (threshold-free ranking quality), ``claimdiff_pairs`` and
``claimdiff_all_linked_f1`` (F1 of linking every pair: ~80% of train pairs are
related, so F1 alone flatters any scorer; AUC is the discriminating figure), and
``claimdiff_folds_won`` / ``claimdiff_fold_min_margin``: in how many topic folds our AUC
beats the baseline's, and by how little in the closest one (negative: a fold lost);
``claimdiff_{link,baseline,bertscore}_auc_fold{k}``: each topic fold's own AUC.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

__all__ = [
    "ClaimPair",
    "load_pairs",
    "tfidf_cosines",
    "embedding_cosines",
    "bertscore",
    "bertscore_scores",
    "alignment_scores",
    "best_threshold",
    "cross_validated_link_scores",
    "roc_auc",
    "evaluate_claimdiff",
    "fold_auc_wins",
]

_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class ClaimPair:
    pair_id: str
    topic: str
    claim_a: str
    claim_b: str
    related: bool
    article_a: str = ""  # title of the article each claim comes from
    article_b: str = ""


def load_pairs(folder: Path, split: str | None = None) -> list[ClaimPair]:
    """Pairs from one split's files present in ``folder`` (``train`` by default, else
    ``test``), related = 1 in any of them."""
    from newsprism.evaluate.splits import claimdiff_files

    merged: dict[str, dict] = {}
    related: dict[str, bool] = {}
    for path in claimdiff_files(Path(folder), split):
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["data"] if isinstance(data, dict) else data
        for row in rows:
            merged.setdefault(row["pair_id"], row)
            related[row["pair_id"]] = related.get(row["pair_id"], False) or int(row["relation"]) == 1
    return [
        ClaimPair(
            pid, row["topic"], row["claim_a"], row["claim_b"], related[pid],
            row.get("article_a", ""), row.get("article_b", ""),
        )
        for pid, row in sorted(merged.items())
    ]


def tfidf_cosines(pairs: Sequence[ClaimPair]) -> np.ndarray:
    """Cosine of sublinear TF-IDF vectors, IDF fitted on all claims of the run."""
    docs = [Counter(_WORD.findall(t.lower())) for p in pairs for t in (p.claim_a, p.claim_b)]
    df: Counter[str] = Counter()
    for doc in docs:
        df.update(doc.keys())
    n = len(docs)
    idf = {w: math.log((1 + n) / (1 + c)) + 1.0 for w, c in df.items()}

    def vector(doc: Counter[str]) -> dict[str, float]:
        vec = {w: (1.0 + math.log(c)) * idf[w] for w, c in doc.items()}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        return {w: v / norm for w, v in vec.items()}

    out = np.zeros(len(pairs), dtype=np.float64)
    for i in range(len(pairs)):
        a, b = vector(docs[2 * i]), vector(docs[2 * i + 1])
        out[i] = sum(v * b.get(w, 0.0) for w, v in a.items())
    return out


def embedding_cosines(pairs: Sequence[ClaimPair], embedder) -> np.ndarray:
    """Plain sentence-embedding cosines (a reference point, not the product's score)."""
    a = embedder.encode([p.claim_a for p in pairs])
    b = embedder.encode([p.claim_b for p in pairs])
    return np.einsum("ij,ij->i", a, b).astype(np.float64)


def bertscore(
    a: np.ndarray, b: np.ndarray, weight_a: np.ndarray, weight_b: np.ndarray
) -> float:
    """BERTScore F1 (Zhang et al. 2020) of two texts from their unit token vectors:
    each token of one text takes its most similar token of the other (greedy
    alignment, a cosine), the matches are averaged with the tokens' weights both
    ways (recall over ``a``, precision over ``b``) and combined as an F1."""
    if not len(a) or not len(b):
        return 0.0
    sim = a @ b.T
    recall = float((sim.max(axis=1) * weight_a).sum() / weight_a.sum())
    precision = float((sim.max(axis=0) * weight_b).sum() / weight_b.sum())
    return 2 * recall * precision / (recall + precision) if recall + precision > 0 else 0.0


def bertscore_scores(pairs: Sequence[ClaimPair], embedder) -> np.ndarray:
    """BERTScore F1 of each pair with ``embedder.token_matrices`` (the static
    model: its token rows; the transformer: its contextual last-layer vectors),
    tokens weighted by IDF over the run's distinct claims (as the alignment
    score's token-aligned part). Nothing is fitted."""
    texts = sorted({t for p in pairs for t in (p.claim_a, p.claim_b)})
    row = {t: i for i, t in enumerate(texts)}
    tokens = embedder.token_matrices(texts)
    df: Counter[int] = Counter(t for ids, _ in tokens for t in set(ids))
    n = len(texts)
    weights = [np.array([math.log((1 + n) / (1 + df[t])) + 1.0 for t in ids]) for ids, _ in tokens]
    out = np.zeros(len(pairs), dtype=np.float64)
    for i, p in enumerate(pairs):
        a, b = row[p.claim_a], row[p.claim_b]
        out[i] = bertscore(tokens[a][1], tokens[b][1], weights[a], weights[b])
    return out


def _sides(p: ClaimPair) -> tuple[tuple[str, str], tuple[str, str]]:
    """(article key, claim) of both claims of a pair. Two articles of one topic
    may share a title: then the side of the pair tells them apart (a "_rev" pair
    is its twin with the claims swapped)."""
    if p.article_a and p.article_a != p.article_b:
        return (p.article_a, p.claim_a), (p.article_b, p.claim_b)
    first, second = (f"{p.article_a}|b", f"{p.article_a}|a") if p.pair_id.endswith("_rev") else (f"{p.article_a}|a", f"{p.article_a}|b")
    return (first, p.claim_a), (second, p.claim_b)


def _topic_stories(pairs: Sequence[ClaimPair]):
    """One story per topic: one article per source article, its text the
    distinct claims of that article as paragraphs; yields (articles, claim ranges
    per article id, where each (article, claim) sits, the pair indices)."""
    from newsprism.model import Article

    by_topic: dict[str, list[int]] = {}
    for i, p in enumerate(pairs):
        by_topic.setdefault(p.topic, []).append(i)
    for t_index, (_topic, idx) in enumerate(sorted(by_topic.items())):
        texts: dict[str, list[str]] = {}
        for i in idx:
            p = pairs[i]
            for title, claim in _sides(p):
                row = texts.setdefault(title, [])
                if claim not in row:
                    row.append(claim)
        articles, ranges, where = [], {}, {}
        for k, (title, claims) in enumerate(sorted(texts.items())):
            doc_id = f"t{t_index}-a{k}"
            text, spans = "", []
            for claim in claims:
                text += "\n\n" if text else ""
                start = len(text)
                text += claim
                spans.append((start, len(text)))
                where[(title, claim)] = (doc_id, start)
            ranges[doc_id] = spans
            articles.append(Article(id=doc_id, text=text, title=title))
        yield articles, ranges, where, idx


def alignment_scores(pairs: Sequence[ClaimPair], nlp=None, embedder=None, params=None) -> np.ndarray:
    """The product's alignment score (:func:`newsprism.compare.align.score_pairs`) of each pair.

    Each topic is analysed as a story: its articles (rebuilt from their claims)
    go through the core pipeline (parse, entities resolved across the two
    articles, figures, times), the given claims become :class:`Claim` records,
    and the pair scores come from the same function that aligns claims in a
    report. The collection the weights come from (IDF of stems and tokens, the
    mean vectors removed before cosines) is every claim of the run, as the
    TF-IDF baseline fits its IDF on every claim of the run. No weight or
    threshold is fitted here."""
    from newsprism.compare.align import AlignParams, _aligned_base, _same_doc, aligned_similarity, collection_stats, score_pairs
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    params = params or AlignParams()
    stories = []
    for articles, ranges, where, idx in _topic_stories(pairs):
        ws = Workspace(articles=list(articles), skipped=[], embedder=embedder)
        run_stages(ws, CORE_STAGES, nlp)
        assert ws.analysis is not None
        claims = extract_claims(ws.analysis, ws.docs_by_id(), ranges=ranges)
        stories.append((claims, where, idx))
    # the collection: every claim of the run; its aligned baseline is the mean
    # over the stories (claims of one topic, different articles)
    everything = [c for claims, _, _ in stories for c in claims]
    bases = [
        _aligned_base(aligned_similarity(claims, embedder), _same_doc(claims), claims)
        for claims, _, _ in stories
    ]
    collection = collection_stats(everything, embedder, aligned_base=float(np.mean(bases)) if bases else 0.0)
    out = np.zeros(len(pairs), dtype=np.float64)
    for claims, where, idx in stories:
        row = {(c.doc, c.start): k for k, c in enumerate(claims)}
        score = score_pairs(claims, embedder, params, collection).score
        for i in idx:
            (key_a, claim_a), (key_b, claim_b) = _sides(pairs[i])
            a = row[where[(key_a, claim_a)]]
            b = row[where[(key_b, claim_b)]]
            out[i] = float(score[a, b])
    return out


def _prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def best_threshold(scores: np.ndarray, labels: np.ndarray) -> float:
    """The threshold (a midpoint between scores) that maximises F1 of ``score >= t``."""
    order = np.argsort(-scores, kind="stable")
    s, y = scores[order], labels[order].astype(int)
    tp = np.cumsum(y)
    fp = np.cumsum(1 - y)
    fn = y.sum() - tp
    f1 = 2 * tp / np.maximum(2 * tp + fp + fn, 1)
    # only cut where the next score differs, so the threshold separates them
    valid = np.append(s[:-1] > s[1:], True)
    i = int(np.argmax(np.where(valid, f1, -1.0)))
    return float((s[i] + s[i + 1]) / 2) if i + 1 < len(s) else float(s[i] - 1e-9)


def _fold_of(topic: str, folds: int) -> int:
    # stable across runs and Python versions (hash() is salted)
    return int(hashlib.sha1(topic.encode("utf-8")).hexdigest(), 16) % folds


def cross_validated_link_scores(
    scores: np.ndarray, labels: np.ndarray, topics: Sequence[str], folds: int = 5
) -> dict[str, float]:
    """Precision/recall/F1 pooled over topic folds, each thresholded on the others."""
    fold = np.array([_fold_of(t, folds) for t in topics])
    tp = fp = fn = 0
    thresholds = []
    for k in range(folds):
        test = fold == k
        if not test.any() or test.all():
            continue
        t = best_threshold(scores[~test], labels[~test])
        thresholds.append(t)
        pred = scores[test] >= t
        gold = labels[test].astype(bool)
        tp += int((pred & gold).sum())
        fp += int((pred & ~gold).sum())
        fn += int((~pred & gold).sum())
    if not thresholds:
        raise ValueError("all pairs fell in one topic fold: nothing to cross-validate")
    p, r, f = _prf(tp, fp, fn)
    return {"precision": p, "recall": r, "f1": f, "threshold": float(np.mean(thresholds))}


def roc_auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """Probability that a related pair outscores an unrelated one (ties count half)."""
    pos, neg = scores[labels == 1], scores[labels == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    ranks = _average_ranks(np.concatenate([pos, neg]))
    return float((ranks[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def _average_ranks(values: np.ndarray) -> np.ndarray:
    order = np.argsort(values, kind="stable")
    ranks = np.empty(len(values), dtype=np.float64)
    sorted_vals = values[order]
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and sorted_vals[j + 1] == sorted_vals[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def evaluate_claimdiff(folder: Path, embedder=None, folds: int = 5, nlp=None, split: str | None = None) -> dict[str, float]:
    """Link scores of the product's alignment score (with ``embedder``, default
    the static model) next to TF-IDF, and the plain embedding cosine for reference."""
    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    pairs = load_pairs(Path(folder), split)
    labels = np.array([p.related for p in pairs], dtype=int)
    topics = [p.topic for p in pairs]
    # F1 of linking every pair: the floor any F1 here must be read against,
    # since most ClaimDiff train pairs are related
    _, _, all_linked_f1 = _prf(int(labels.sum()), int(len(labels) - labels.sum()), 0)
    out: dict[str, float] = {
        "claimdiff_pairs": float(len(pairs)),
        "claimdiff_related_share": float(labels.mean()),
        "claimdiff_all_linked_f1": all_linked_f1,
    }
    scored = {
        "claimdiff_link": alignment_scores(pairs, nlp, embedder),
        "claimdiff_baseline": tfidf_cosines(pairs),
        "claimdiff_cosine": embedding_cosines(pairs, embedder),
        "claimdiff_bertscore": bertscore_scores(pairs, embedder),
    }
    for prefix, scores in scored.items():
        cv = cross_validated_link_scores(scores, labels, topics, folds)
        out[f"{prefix}_precision"] = cv["precision"]
        out[f"{prefix}_recall"] = cv["recall"]
        out[f"{prefix}_f1"] = cv["f1"]
        out[f"{prefix}_threshold"] = cv["threshold"]
        out[f"{prefix}_auc"] = roc_auc(scores, labels)
    out.update(fold_auc_wins(scored["claimdiff_link"], scored["claimdiff_baseline"], labels, topics, folds))
    fold = np.array([_fold_of(t, folds) for t in topics])
    for prefix in ("claimdiff_link", "claimdiff_baseline", "claimdiff_bertscore"):
        scores = scored[prefix]
        for k in range(folds):
            test = fold == k
            if test.any() and 0 < labels[test].sum() < test.sum():
                out[f"{prefix}_auc_fold{k}"] = roc_auc(scores[test], labels[test])
    return out


def fold_auc_wins(
    ours: np.ndarray, baseline: np.ndarray, labels: np.ndarray, topics: Sequence[str], folds: int = 5
) -> dict[str, float]:
    """In how many topic folds our AUC beats the baseline's, and the smallest margin:
    a pooled AUC can hide a lead that holds in only some topics."""
    fold = np.array([_fold_of(t, folds) for t in topics])
    margins = []
    for k in range(folds):
        test = fold == k
        if test.any() and 0 < labels[test].sum() < test.sum():
            margins.append(roc_auc(ours[test], labels[test]) - roc_auc(baseline[test], labels[test]))
    return {
        "claimdiff_folds": float(len(margins)),
        "claimdiff_folds_won": float(sum(m > 0 for m in margins)),
        "claimdiff_fold_min_margin": float(min(margins)) if margins else float("nan"),
    }


if __name__ == "__main__":  # pragma: no cover - manual run
    import argparse

    from newsprism.compare.embed import default_embedder

    parser = argparse.ArgumentParser(prog="python -m newsprism.evaluate.claimdiff", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the ClaimDiff folder (ClaimDiff-{strength,weak}-<split>.json)")
    parser.add_argument("kind", nargs="?", default="static", help="static (default) or minilm (the [embeddings] extra)")
    parser.add_argument("--split", default=None, help="train (default) or test")
    args = parser.parse_args()
    for key, value in evaluate_claimdiff(args.folder, default_embedder(args.kind), split=args.split).items():
        print(f"{key}\t{value:.4f}")
