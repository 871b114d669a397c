"""Story-clustering quality on public data: BASIL dev and ECB+ dev documents.

For each set: batch (with and without sentence embeddings) and streaming clustering scored with B-cubed (and pairwise)
F1 against the gold grouping, next to two baselines computed in the same run: a plain
TF-IDF + time-window single pass, and TF-IDF cosine + average-linkage agglomerative
clustering with a fixed threshold (no dates). Then the same with the dates removed from
30% of the articles (a fixed random choice) and from all of them: a missing date must
mean "unknown". Returns one flat dict with stable keys.

* BASIL: 150 articles, gold story = ``triplet-uuid``; dates and titles are used.
* ECB+: dev documents rebuilt from ``dev_text.txt`` (tokens joined by spaces,
  one sentence per line), gold = the subtopic: each topic holds two similar events
  (two DUI arrests of two San Diego Chargers players, two Oscar hosts announced), the
  documents of the original ECB corpus (``12_3ecb``) and those ECB+ added
  (``12_3ecbplus``). (The ``subtopic`` field of this preprocessed copy has one value per
  topic; that coarser grouping is scored too, under ``ecb_topic_``.) No dates.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections import Counter
from itertools import chain
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np

from newsprism.corpus.cluster import ClusterParams, StreamClusterer, cluster_batch
from newsprism.corpus.store import day_number
from newsprism.evaluate.clustering import bcubed, pairwise

__all__ = [
    "Doc",
    "load_basil",
    "load_ecb_documents",
    "baseline_clusters",
    "agglomerative_baseline",
    "drop_dates",
    "stream_clusters",
    "score_clusterings",
    "evaluate_stories",
]

# (id, text, title, day, gold label)
Doc = tuple[str, str, "str | None", "int | None", str]

_WORD = re.compile(r"[^\W\d_]{3,}")
_BASELINE_STOP = frozenset(
    "the and that with for was were has have had from this are but not his her their they said would been "
    "will who which about after more when also its than into over what some there could other".split()
)


def load_basil(folder: Path) -> list[Doc]:
    """BASIL articles (``articles/<year>/*.json``), sorted by date then id."""
    docs: list[Doc] = []
    for path in sorted(Path(folder).glob("articles/*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        paragraphs = [" ".join(p) if isinstance(p, list) else str(p) for p in data.get("body-paragraphs", [])]
        docs.append((path.stem, "\n\n".join(paragraphs), data.get("title"), day_number(data.get("date")), data["triplet-uuid"]))
    return sorted(docs, key=lambda d: (d[3] if d[3] is not None else 10**9, d[0]))


def load_ecb_documents(folder: Path, split: str | None = None) -> list[Doc]:
    """ECB+ documents of one split (dev by default) with their gold subtopic (documents
    without gold mentions are left out)."""
    from newsprism.evaluate.splits import ecb_split

    folder = Path(folder)
    split = ecb_split(folder, split)
    subtopic: dict[str, str] = {}
    for name in (f"{split}_entity_gold_mentions.json", f"{split}_event_gold_mentions.json"):
        if not (folder / name).is_file():
            continue
        for mention in json.loads((folder / name).read_text(encoding="utf-8")):
            subtopic.setdefault(mention["doc_id"], str(mention["subtopic"]))
    sentences: dict[str, dict[int, list[str]]] = {}
    with open(folder / f"{split}_text.txt", encoding="utf-8") as handle:
        for line in handle:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 4:
                continue
            sentences.setdefault(cols[0], {}).setdefault(int(cols[1]), []).append(cols[3])
    docs: list[Doc] = []
    for doc_id in sorted(sentences):
        if doc_id in subtopic:
            sents = sentences[doc_id]
            text = "\n".join(" ".join(sents[k]) for k in sorted(sents))
            docs.append((doc_id, text, None, None, _ecb_subtopic(doc_id)))
    return docs


def load_ecb_topics(folder: Path, split: str | None = None) -> list[Doc]:
    """:func:`load_ecb_documents` with the coarser gold: the topic (both events of it)."""
    return [(d[0], d[1], d[2], d[3], d[0].split("_", 1)[0]) for d in load_ecb_documents(folder, split)]


def _ecb_subtopic(doc_id: str) -> str:
    topic, rest = doc_id.split("_", 1)
    return topic + ("ecbplus" if "ecbplus" in rest else "ecb")


def drop_dates(docs: Sequence[Doc], share: float, seed: int = 2026) -> list[Doc]:
    """``docs`` with the date removed from ``share`` of them: a fixed random choice (by
    ``seed``, over the ids in sorted order, so it does not depend on the input order)."""
    ids = sorted(d[0] for d in docs)
    k = round(share * len(ids))
    drop = set(random.Random(seed).sample(ids, k)) if k < len(ids) else set(ids)
    return [(i, text, title, None if i in drop else day, gold) for i, text, title, day, gold in docs]


def _baseline_vector(text: str, title: str | None, idf: Mapping[str, float] | None = None) -> dict[str, float]:
    counts = Counter(w for w in _WORD.findall(f"{title or ''} {text}".lower()) if w not in _BASELINE_STOP)
    vec = {t: (1 + math.log(n)) * (idf.get(t, 1.0) if idf else 1.0) for t, n in counts.items()}
    norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
    return {t: v / norm for t, v in vec.items()}


def baseline_clusters(
    docs: Sequence[tuple[str, str | None, int | None]], threshold: float = 0.3, window_days: int = 7
) -> list[int]:
    """TF-IDF + time window, single pass: each document (in the given order) joins the group
    of its most similar earlier document within ``window_days`` if the cosine is at least
    ``threshold``, else starts a group. Quadratic: for evaluation-sized sets only."""
    token_sets = [set(_baseline_vector(t, h)) for t, h, _ in docs]
    df = Counter(t for s in token_sets for t in s)
    n = len(docs)
    idf = {t: math.log((n + 1) / (d + 1)) + 1 for t, d in df.items()}
    vectors = [_baseline_vector(t, h, idf) for t, h, _ in docs]
    labels: list[int] = []
    for i, vec in enumerate(vectors):
        best, best_score = -1, threshold
        for j in range(i):
            if docs[i][2] is not None and docs[j][2] is not None and abs(docs[i][2] - docs[j][2]) > window_days:
                continue
            other = vectors[j]
            score = sum(w * other.get(t, 0.0) for t, w in vec.items())
            if score >= best_score:
                best, best_score = j, score
        labels.append(labels[best] if best >= 0 else (max(labels) + 1 if labels else 0))
    return labels


def agglomerative_baseline(docs: Sequence[tuple[str, str | None, int | None]], threshold: float = 0.2) -> list[int]:
    """TF-IDF cosine + average-linkage agglomerative clustering with a fixed threshold:
    the two groups with the highest mean pairwise cosine merge while it is at least
    ``threshold``. Dates are not used. Cubic: for evaluation-sized sets only. (The
    threshold is a round value fixed once, not fitted to these sets.)"""
    n = len(docs)
    if n == 0:
        return []
    token_sets = [set(_baseline_vector(t, h)) for t, h, _ in docs]
    df = Counter(t for s in token_sets for t in s)
    idf = {t: math.log((n + 1) / (d + 1)) + 1 for t, d in df.items()}
    vectors = [_baseline_vector(t, h, idf) for t, h, _ in docs]
    vocab = {t: k for k, t in enumerate(df)}
    matrix = np.zeros((n, len(vocab)))
    for i, vec in enumerate(vectors):
        for t, w in vec.items():
            matrix[i, vocab[t]] = w
    from newsprism.corpus.repair import average_linkage  # the repair's own average linkage

    groups = average_linkage(matrix @ matrix.T, threshold)  # sums of pairwise cosines
    labels = [0] * n
    for label, group in enumerate(groups):
        for i in group:
            labels[i] = label
    return labels


def stream_clusters(
    docs: Sequence[tuple[str, str | None, int | None]], params: ClusterParams | None = None, batch: int = 1
) -> list[int]:
    """Streaming in the given order; with ``params.repair`` the stories each ``batch`` of
    arrivals touched are repaired after it (one article at a time by default: the strictest
    case, a feed delivering articles one by one), as ``ingest`` does after each batch."""
    from newsprism.corpus.repair import Member, repair

    clusterer = StreamClusterer(params)
    params = clusterer.params
    labels: list[int] = []
    counts: list[tuple[Counter[str], Counter[str]]] = []
    salient: list[tuple[str, ...]] = []
    leads: list[tuple[str, ...]] = []  # the names each opens with (as StreamClusterer.assign reads them)
    touched: dict[int, list] = {}

    def members(story_ids: Sequence[int]) -> dict[int, list[Member]]:
        want = set(story_ids)
        out: dict[int, list[Member]] = {s: [] for s in want}
        for i, label in enumerate(labels):
            if label in want:
                words, entities = counts[i]
                vec = clusterer.vectorizer.vector_parts(words, entities, docs[i][2], leads[i])
                out[label].append(Member(i, vec, 1, salient[i], docs[i][2]))
        return out

    for i, (text, title, day) in enumerate(docs):
        words, entities = clusterer.extractor.split_terms(text, title)
        clusterer.vectorizer.observe(chain(words, entities))
        leads.append(clusterer.extractor.lead_names(text, title, params.lead_name_chars))
        vec = clusterer.vectorizer.vector_parts(words, entities, day, leads[-1])
        counts.append((words, entities))
        salient.append(vec.salient)
        story = clusterer.add_vector(vec, i)
        labels.append(story)
        touched.setdefault(story, []).append((i, vec))
        if (i + 1) % batch == 0 or i == len(docs) - 1:
            if params.repair:
                for change in repair(clusterer, touched, members):
                    if change.kind == "split":
                        for key in change.moved:
                            labels[key] = change.other
                    else:
                        labels[:] = [change.kept if x == change.other else x for x in labels]
            touched = {}
    return labels


def score_clusterings(ids: Sequence[str], gold: Sequence[str], labels: Sequence[int], prefix: str) -> dict[str, float]:
    predicted = dict(zip(ids, labels))
    gold_map = dict(zip(ids, gold))
    b3 = bcubed(predicted, gold_map)
    pw = pairwise(predicted, gold_map)
    return {
        f"{prefix}_b3_p": b3.precision,
        f"{prefix}_b3_r": b3.recall,
        f"{prefix}_b3_f1": b3.f1,
        f"{prefix}_pair_f1": pw.f1,
        f"{prefix}_clusters": float(len(set(labels))),
    }


def _evaluate_set(docs: Sequence[Doc], prefix: str, params: ClusterParams | None, full: bool = True) -> dict[str, float]:
    ids = [d[0] for d in docs]
    gold = [d[4] for d in docs]
    inputs = [(d[1], d[2], d[3]) for d in docs]
    scores = {f"{prefix}_docs": float(len(docs)), f"{prefix}_gold_clusters": float(len(set(gold)))}
    scores.update(score_clusterings(ids, gold, cluster_batch(inputs, params), f"{prefix}_batch"))
    scores.update(score_clusterings(ids, gold, stream_clusters(inputs, params), f"{prefix}_stream"))
    scores.update(score_clusterings(ids, gold, agglomerative_baseline(inputs), f"{prefix}_agglo"))
    if not full:
        return scores
    # batch with the packaged static sentence embeddings (numpy only, offline)
    from newsprism.compare.embed import default_embedder

    embeddings = default_embedder("static").encode([f"{d[2] or ''}\n{d[1]}" for d in docs])
    scores.update(score_clusterings(ids, gold, cluster_batch(inputs, params, embeddings), f"{prefix}_batch_emb"))
    scores.update(score_clusterings(ids, gold, baseline_clusters(inputs), f"{prefix}_baseline"))
    # a missing date means "unknown": the same articles with 30% / all of the dates removed
    for share, name in ((0.3, "undated30"), (1.0, "undated")):
        if any(d[3] is not None for d in docs):
            part = _evaluate_set(drop_dates(docs, share), f"{prefix}_{name}", params, full=False)
            scores.update({k: v for k, v in part.items() if k.endswith(("_b3_f1", "_b3_p", "_b3_r", "_clusters"))})
        else:  # no dates to remove: the dated run is already the undated one
            for key in [k for k in scores if k.startswith((f"{prefix}_batch_", f"{prefix}_stream_", f"{prefix}_agglo_"))]:
                scores[key.replace(prefix, f"{prefix}_{name}", 1)] = scores[key]
    for name in ("", "_undated30", "_undated"):
        # newsprism (batch, what --recluster runs) against the stronger baseline of the same run
        best_baseline = max(scores[f"{prefix}{name}_agglo_b3_f1"], scores.get(f"{prefix}{name}_baseline_b3_f1", 0.0))
        scores[f"{prefix}{name}_batch_margin"] = scores[f"{prefix}{name}_batch_b3_f1"] - best_baseline
        # and streaming (what ingest does as articles arrive) against the same baseline
        scores[f"{prefix}{name}_stream_margin"] = scores[f"{prefix}{name}_stream_b3_f1"] - best_baseline
    for mode in ("batch", "stream"):
        # how far a missing date moves the score (0 or negative is best; the issue asks <= 0.02)
        drop = scores[f"{prefix}_{mode}_b3_f1"] - scores[f"{prefix}_undated30_{mode}_b3_f1"]
        scores[f"{prefix}_undated30_{mode}_b3_drop"] = drop
        scores[f"{prefix}_undated30_{mode}_b3_slack"] = 0.02 - drop  # gated >= 0: within 0.02 of the dated run
    return scores


def evaluate_stories(datasets: Path, params: ClusterParams | None = None, ecb_split: str | None = None) -> dict[str, float]:
    """Scores on ``datasets/basil`` and ``datasets/ecbplus`` (each skipped when absent;
    ``ecb_split``: the ECB+ files' prefix, default ``dev`` or the only split there).

    Keys: ``basil_{batch,batch_emb,stream,baseline,agglo}_{b3_p,b3_r,b3_f1,pair_f1,clusters}``
    (``batch_emb``: batch with static sentence embeddings; ``baseline``: TF-IDF + time
    window single pass; ``agglo``: TF-IDF cosine + average linkage), the same under
    ``ecb_doc_`` (gold = subtopic); ``{basil,ecb_doc}_{undated30,undated}_{batch,stream,agglo}_b3_{p,r,f1}``
    with 30% / all of the dates removed and ``*_undated30_{batch,stream}_b3_drop`` (dated
    minus 30%-undated F1; ``_slack`` = 0.02 minus it), ``*_batch_margin`` / ``*_stream_margin`` (batch / streaming F1 minus the better
    baseline's, dated and undated); ``ecb_topic_{batch,stream,agglo}_*`` against the coarser topic
    gold; ``{basil,ecb_doc}_{tune,held}_*``: the half the defaults were chosen on and the
    held-out half, each clustered alone (ECB+ topics 2, 12, 21, 34 / 5, 18, 23, 35; BASIL
    2010-12 / 2013-14), and ``{basil,ecb_doc}_{tune,held}_stream_shuffled[_min]_b3_f1``: streaming
    each half, all dates removed, in ten shuffled orders (``random.Random(seed).shuffle``, seeds
    0-9), mean and worst; plus ``*_docs`` and ``*_gold_clusters``.
    """
    datasets = Path(datasets)
    scores: dict[str, float] = {}
    if (datasets / "basil" / "articles").is_dir():
        basil = load_basil(datasets / "basil")
        scores.update(_evaluate_set(basil, "basil", params))
        scores.update(_evaluate_halves(basil, _basil_tuning_half, "basil", params))
    ecb_dir = datasets / "ecbplus"
    if ecb_dir.is_dir() and any(ecb_dir.glob("*_text.txt")):
        ecb = load_ecb_documents(ecb_dir, ecb_split)
        scores.update(_evaluate_set(ecb, "ecb_doc", params))
        scores.update(_evaluate_halves(ecb, _ecb_tuning_half, "ecb_doc", params))
        scores.update(_evaluate_set(load_ecb_topics(ecb_dir, ecb_split), "ecb_topic", params, full=False))
    if (datasets / "polnear" / "metadata.tsv").is_file():
        scores.update(evaluate_polnear_spans(datasets / "polnear", params))
    return scores


# One event's reports come out within days of each other (BASIL's 50 gold events span 0-4 days);
# a story whose dated articles span more than a week holds several events (read on PolNeAR:
# every such story of the code before 2026-11-25's time rule was a campaign topic over weeks).
SPAN_DAYS = 7


def evaluate_polnear_spans(folder: Path, params: ClusterParams | None = None) -> dict[str, float]:
    """Stories made of the 840 PolNeAR train texts (2016 campaign coverage, seven outlets, no
    gold stories): ``polnear_{stream,stream_dated,batch}_stories`` (stories of two or more
    articles) and ``..._within_week_share``, the share of them whose dated articles span at most
    :data:`SPAN_DAYS` days. ``stream``: in file order (outlet by outlet, as ``ingest`` of the
    folder reads it, batches of 2,000); ``stream_dated``: in date order, 50 at a time, as a feed
    would bring them; ``batch``: ``--recluster``."""
    from newsprism.evaluate.polnear_stories import load_polnear_articles

    docs = [(a.text, a.title, day_number(a.published)) for a in load_polnear_articles(folder)]
    order = sorted(range(len(docs)), key=lambda i: (docs[i][2] if docs[i][2] is not None else 10**9, i))
    dated = stream_clusters([docs[i] for i in order], params, batch=50)
    runs = {
        "stream": stream_clusters(docs, params, batch=2000),
        "stream_dated": [label for _, label in sorted(zip(order, dated))],
        "batch": cluster_batch(docs, params),
    }
    scores: dict[str, float] = {}
    for name, labels in runs.items():
        days: dict[int, list[int | None]] = {}
        for label, doc in zip(labels, docs):
            days.setdefault(label, []).append(doc[2])
        multi = [[d for d in v if d is not None] for v in days.values() if len(v) >= 2]
        within = sum(1 for d in multi if not d or max(d) - min(d) <= SPAN_DAYS)
        scores[f"polnear_{name}_stories"] = float(len(multi))
        scores[f"polnear_{name}_within_week_share"] = within / len(multi) if multi else 1.0
    return scores


# The clustering defaults (ClusterParams) were chosen on one half of each set; the other half
# was not looked at while choosing them. Both halves are scored on their own.
_ECB_TUNING_TOPICS = frozenset({"2", "12", "21", "34"})  # the held-out half: topics 5, 18, 23, 35


def _ecb_tuning_half(doc: Doc) -> bool:
    return doc[0].split("_", 1)[0] in _ECB_TUNING_TOPICS


def _basil_tuning_half(doc: Doc) -> bool:
    cut = day_number("2013-01-01")  # 2010-12; held out: 2013-14
    return doc[3] is not None and cut is not None and doc[3] < cut


def _evaluate_halves(docs: Sequence[Doc], tuning: Callable[[Doc], bool], prefix: str, params: ClusterParams | None) -> dict[str, float]:
    """``{prefix}_{tune,held}_{batch,stream,agglo}_b3_{p,r,f1}`` (+ ``_undated30_`` when dated):
    each half clustered on its own."""
    scores: dict[str, float] = {}
    for half, part in (("tune", [d for d in docs if tuning(d)]), ("held", [d for d in docs if not tuning(d)])):
        if not part:  # another split of the set (ECB+ test topics, BASIL's later years): one half only
            continue
        runs = [(f"{prefix}_{half}", part)]
        if any(d[3] is not None for d in part):
            runs.append((f"{prefix}_{half}_undated30", drop_dates(part, 0.3)))
        for name, run in runs:
            found = _evaluate_set(run, name, params, full=False)
            scores.update({k: v for k, v in found.items() if k.endswith(("_b3_f1", "_b3_p", "_b3_r", "_docs"))})
        # streaming depends on arrival order: the mean and the worst of ten shuffled orders, with
        # every date removed (an undated article can arrive anywhere)
        undated = drop_dates(part, 1.0)
        shuffled = [_stream_shuffled(undated, seed, params) for seed in range(10)]
        scores[f"{prefix}_{half}_stream_shuffled_b3_f1"] = sum(shuffled) / len(shuffled)
        scores[f"{prefix}_{half}_stream_shuffled_min_b3_f1"] = min(shuffled)
    return scores


def _stream_shuffled(docs: Sequence[Doc], seed: int, params: ClusterParams | None) -> float:
    order = list(docs)
    random.Random(seed).shuffle(order)
    labels = stream_clusters([(d[1], d[2], d[3]) for d in order], params)
    return bcubed(dict(zip([d[0] for d in order], labels)), {d[0]: d[4] for d in order}).f1
