"""ClaimDiff (issue 11, item 4): do honest combinations of scores beat one score?

    python scripts/claimdiff_combinations.py ../shared/datasets/claimdiff [--no-transformer]

Per ClaimDiff train pair: the product's alignment score and its parts with the
static model (evaluate/claimdiff.py's protocol: each topic a story, the run's
claims the collection), the same with the MiniLM transformer (the ``[embeddings]``
extra), the plain cosines, the TF-IDF cosine, word overlap (Jaccard), the length
ratio, two mismatch flags (figures in both claims, none shared; a negation
in one claim only), and BERTScore F1 (greedy token alignment, IDF-weighted:
evaluate/claimdiff.bertscore_scores) with the static token vectors and with the
transformer's contextual token vectors. A logistic model (L2, standardised inputs) over a few of them
is fitted on four topic folds and scored on the fifth, for each fold
(evaluate/claimdiff.py's folds): nothing is fitted on the pairs it is scored on.
Printed: AUC of the held-out predictions pooled over the folds, and per fold.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np

_WORD = re.compile(r"[a-z0-9]+")
_NUMBER = re.compile(r"\d[\d,.]*")
_NEGATION = re.compile(r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without)\b|n't", re.IGNORECASE)
PARTS = ("score", "sentence", "aligned", "terms", "words", "entities", "events")


def product_parts(pairs, kind: str, nlp) -> dict[str, np.ndarray]:
    """The alignment score's parts of each pair (claimdiff.alignment_scores, every part kept)."""
    from newsprism.compare.align import AlignParams, _aligned_base, _same_doc, aligned_similarity, collection_stats, score_pairs
    from newsprism.compare.embed import default_embedder
    from newsprism.evaluate import claimdiff as cd
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    embedder = default_embedder(kind)
    stories = []
    for articles, ranges, where, idx in cd._topic_stories(pairs):
        ws = Workspace(articles=list(articles), skipped=[], embedder=embedder)
        run_stages(ws, CORE_STAGES, nlp)
        assert ws.analysis is not None
        stories.append((extract_claims(ws.analysis, ws.docs_by_id(), ranges=ranges), where, idx))
    everything = [c for claims, _, _ in stories for c in claims]
    bases = [_aligned_base(aligned_similarity(cl, embedder), _same_doc(cl), cl) for cl, _, _ in stories]
    collection = collection_stats(everything, embedder, aligned_base=float(np.mean(bases)))
    out = {f"{kind}_{k}": np.zeros(len(pairs)) for k in PARTS}
    for claims, where, idx in stories:
        row = {(c.doc, c.start): k for k, c in enumerate(claims)}
        scores = score_pairs(claims, embedder, AlignParams(), collection)
        for i in idx:
            (key_a, claim_a), (key_b, claim_b) = cd._sides(pairs[i])
            a, b = row[where[(key_a, claim_a)]], row[where[(key_b, claim_b)]]
            for k in PARTS:
                out[f"{kind}_{k}"][i] = float(getattr(scores, k)[a, b])
    out[f"{kind}_cosine"] = cd.embedding_cosines(pairs, embedder)
    out[f"{kind}_bertscore"] = cd.bertscore_scores(pairs, embedder)
    return out


def surface(pairs) -> dict[str, np.ndarray]:
    overlap, length, figures, negation = [], [], [], []
    for p in pairs:
        a, b = set(_WORD.findall(p.claim_a.lower())), set(_WORD.findall(p.claim_b.lower()))
        overlap.append(len(a & b) / max(len(a | b), 1))
        la, lb = len(p.claim_a.split()), len(p.claim_b.split())
        length.append(min(la, lb) / max(la, lb, 1))
        na, nb = set(_NUMBER.findall(p.claim_a)), set(_NUMBER.findall(p.claim_b))
        figures.append(float(bool(na and nb and not na & nb)))
        negation.append(float(bool(_NEGATION.search(p.claim_a)) != bool(_NEGATION.search(p.claim_b))))
    return {"overlap": np.array(overlap), "length_ratio": np.array(length),
            "figure_mismatch": np.array(figures), "negation_mismatch": np.array(negation)}


def logistic(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Weights (last: intercept) of an L2 logistic regression, by Newton steps."""
    x = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(x.shape[1])
    penalty = l2 * np.eye(x.shape[1])
    penalty[-1, -1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        w -= np.linalg.solve(x.T @ (x * (p * (1 - p))[:, None]) + penalty, x.T @ (p - y) + penalty @ w)
    return w


def held_out(features: dict[str, np.ndarray], names, y, fold, l2: float = 30.0) -> np.ndarray:
    """Each fold's predictions from a model fitted on the other folds only."""
    x = np.column_stack([features[n] for n in names]).astype(np.float64)
    x[~np.isfinite(x)] = 0.0
    pred = np.zeros(len(y))
    for k in np.unique(fold):
        test = fold == k
        mu, sd = x[~test].mean(axis=0), x[~test].std(axis=0) + 1e-9
        w = logistic((x[~test] - mu) / sd, y[~test], l2)
        pred[test] = np.hstack([(x[test] - mu) / sd, np.ones((int(test.sum()), 1))]) @ w
    return pred


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--no-transformer", action="store_true", help="static model only (no [embeddings] extra)")
    args = parser.parse_args()
    from newsprism.evaluate import claimdiff as cd
    from newsprism.nlp import load_pipeline

    pairs = cd.load_pairs(args.folder)
    y = np.array([p.related for p in pairs], dtype=int)
    fold = np.array([cd._fold_of(p.topic, 5) for p in pairs])
    nlp = load_pipeline()
    features = {"tfidf": cd.tfidf_cosines(pairs), **surface(pairs), **product_parts(pairs, "static", nlp)}
    kinds = ["static"] if args.no_transformer else ["static", "transformer"]
    if "transformer" in kinds:
        features.update(product_parts(pairs, "transformer", nlp))

    def show(name: str, scores: np.ndarray) -> None:
        folds = [cd.roc_auc(scores[fold == k], y[fold == k]) for k in range(5)]
        print(f"{name:<72} {cd.roc_auc(scores, y):.4f}  " + " ".join(f"{a:.3f}" for a in folds))

    print(f"{len(pairs)} pairs, {y.mean():.3f} related; fold sizes {np.bincount(fold).tolist()}")
    print(f"{'score':<72} AUC     per fold 0-4")
    for name in ["tfidf", "overlap"] + [f"{k}_{p}" for k in kinds for p in ("score", "cosine", "bertscore")]:
        show(name + " (alone)", features[name])
    static = [f"static_{p}" for p in PARTS[1:]]
    surface_names = ["overlap", "length_ratio", "figure_mismatch", "negation_mismatch"]
    combos = {
        "static parts (6)": static,
        "static score + tfidf + overlap": ["static_score", "tfidf", "overlap"],
        "static score + mismatches + length": ["static_score", "figure_mismatch", "negation_mismatch", "length_ratio"],
        "static parts + tfidf + surface": static + ["tfidf"] + surface_names,
    }
    if "transformer" in kinds:
        combos.update({
            "transformer cosine + static score + tfidf": ["transformer_cosine", "static_score", "tfidf"],
            "transformer score + static score + tfidf + overlap": ["transformer_score", "static_score", "tfidf", "overlap"],
            "transformer cosine + static cosine + tfidf + overlap + mismatches":
                ["transformer_cosine", "static_cosine", "tfidf", "overlap", "figure_mismatch", "negation_mismatch"],
            "transformer cosine + static parts + tfidf + surface": ["transformer_cosine"] + static + ["tfidf"] + surface_names,
            "transformer bertscore + tfidf": ["transformer_bertscore", "tfidf"],
            "transformer bertscore + transformer cosine + overlap": ["transformer_bertscore", "transformer_cosine", "overlap"],
            "transformer bertscore + transformer score + static score": ["transformer_bertscore", "transformer_score", "static_score"],
        })
    for name, names in combos.items():
        show(f"logistic: {name}", held_out(features, names, y, fold))


if __name__ == "__main__":
    sys.exit(main())
