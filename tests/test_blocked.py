"""A large story is aligned on candidate pairs (compare/blocked.py): with every pair a
candidate it links exactly what the dense alignment links; with the real caps each
claim keeps a bounded number of partners, all in other documents."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from newsprism.compare import blocked
from newsprism.compare.align import align_claims, score_pairs
from newsprism.compare.embed import default_embedder

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"


@pytest.fixture(scope="module")
def seed_claims(nlp):
    from newsprism.corpus.readers import read_paths
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    articles, _ = read_paths([EXAMPLE])
    analysis = run_pipeline(articles, nlp, stages=CORE_STAGES)
    docs = {d.id: nlp(d.text) for d in analysis.documents}
    return extract_claims(analysis, docs)


def test_every_pair_a_candidate_gives_the_dense_scores_and_links(seed_claims, monkeypatch):
    claims = seed_claims
    n = len(claims)
    assert n * (n - 1) // 2 <= blocked.BASE_SAMPLE  # the baseline is then exact too
    monkeypatch.setattr(blocked, "NEAREST", n)
    embedder = default_embedder()
    dense = score_pairs(claims, embedder)
    sparse = blocked.sparse_scores(claims, embedder)
    other_doc = sum(claims[i].doc != claims[j].doc for i in range(n) for j in range(i + 1, n))
    assert len(sparse.i) == other_doc
    for name in ("score", "terms", "words", "entities", "events", "sentence", "aligned"):
        want = getattr(dense, name)[sparse.i, sparse.j]
        assert np.allclose(getattr(sparse, name), want, atol=2e-4), name
    a = align_claims(claims, embedder)
    b = blocked.align_blocked(claims, embedder)
    assert [(x.a, x.b) for x in a.alignments] == [(x.a, x.b) for x in b.alignments]
    assert a.groups == b.groups
    i, j = int(sparse.i[0]), int(sparse.j[0])
    assert b.scores is not None and b.scores.score[i, j] == b.scores.score[j, i]
    same = next(k for k in range(1, n) if claims[k].doc == claims[0].doc)
    assert b.scores.score[0, same] == -math.inf and b.scores.terms[0, same] == 0.0


def test_candidates_are_bounded_and_across_documents(seed_claims, monkeypatch):
    claims = list(seed_claims) * 1  # the story as it is, with small caps
    monkeypatch.setattr(blocked, "NEAREST", 3)
    monkeypatch.setattr(blocked, "SHARED_BEST", 2)
    embedder = default_embedder()
    vectors = embedder.encode([c.text for c in claims])
    centred = vectors - vectors.mean(axis=0)
    centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-9)
    left, right = blocked.candidate_pairs(claims, centred)
    assert len(left) and (left < right).all()
    assert all(claims[i].doc != claims[j].doc for i, j in zip(left.tolist(), right.tolist()))
    degree = np.bincount(np.concatenate([left, right]), minlength=len(claims))
    # each claim proposes at most 3 + 3 * 2 partners; it may also be proposed by others
    assert len(left) <= len(claims) * (3 + 3 * 2)
    assert degree.max() < len(claims) - 1


def test_a_story_above_the_threshold_goes_through_blocking(seed_claims, monkeypatch):
    calls = []
    real = blocked.align_blocked
    monkeypatch.setattr(blocked, "BLOCK_ABOVE", 10)
    monkeypatch.setattr(blocked, "align_blocked", lambda *a, **k: calls.append(1) or real(*a, **k))
    graph = blocked.align_story(seed_claims, default_embedder())
    assert calls and graph.groups


def test_findings_of_a_story_aligned_on_candidate_pairs(nlp, monkeypatch):
    # the facts read the alignment's scores of pairs it did not link: on a blocked story these
    # are a PairTable (no dense matrix to slice), which find() must read as well
    from newsprism.corpus.readers import read_paths
    from newsprism.pipeline import run_pipeline

    monkeypatch.setattr(blocked, "BLOCK_ABOVE", 10)
    articles, _ = read_paths([EXAMPLE])
    analysis = run_pipeline(articles, nlp)
    findings = analysis.findings
    assert findings is not None and findings.corroborated
    texts = {d.id: d.text for d in analysis.documents}
    for f in findings.corroborated:
        assert len(f.docs) >= 2
        for c in f.citations:
            assert texts[c.doc][c.start:c.end] == c.text
