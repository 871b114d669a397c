"""Corpus-mode speed and memory on a synthetic corpus (not a test).

The corpus recombines sentences of the public texts in ../shared (BASIL
articles, the seed stories): each synthetic event draws most sentences from
one BASIL triplet (so its articles share vocabulary and entities like real
coverage of one event) plus a few from anywhere, dated within days of an event
date spread over one year; 10% of articles are planted near-duplicates of an
earlier article (a sentence dropped, a credit line added).

For each size (default 10k, 30k, 100k), in a fresh subprocess (clean peak memory):
  * dedup articles/s (CopyDetector) vs a baseline: datasketch's default MinHash
    (SHA-1 per word 3-gram) with the same LSH; plus recall of planted copies;
  * streaming assignment articles/s (StreamClusterer, no NLP) and B3 F1 against
    the planted events; baseline: the TF-IDF + time-window single-pass
    clusterer of newsprism.evaluate.stories on a 2,000-article prefix;
  * ingest articles/s (Corpus: hash, dedup, cluster, SQLite + FTS5) vs a
    baseline of bare SQLite + FTS5 inserts of the same rows;
  * peak resident memory (ru_maxrss).

    .venv/bin/python bench/bench_corpus.py [--sizes 10000 30000 100000]
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import re
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“])")


def _pools() -> list[list[str]]:
    pools: list[list[str]] = []
    for path in sorted((SHARED / "datasets" / "basil" / "articles").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        sentences = [s for para in data["body-paragraphs"] for s in (para if isinstance(para, list) else [para])]
        pools.append([s.strip() for s in sentences if len(s.split()) > 4])
    by_triplet: dict[str, list[str]] = {}
    for path, pool in zip(sorted((SHARED / "datasets" / "basil" / "articles").glob("*/*.json")), pools):
        key = json.loads(path.read_text(encoding="utf-8"))["triplet-uuid"]
        by_triplet.setdefault(key, []).extend(pool)
    for story in sorted((SHARED / "stories").glob("*")):
        text = " ".join(p.read_text(encoding="utf-8") for p in sorted(story.glob("*.txt")))
        by_triplet[story.name] = [s for s in _SENTENCE.split(text) if len(s.split()) > 4]
    return [v for v in by_triplet.values() if len(v) >= 10]


def synthetic(n: int, seed: int = 7):
    """(id, text, title, iso date, event label, copy-of id or None) tuples."""
    rng = random.Random(seed)
    pools = _pools()
    everything = [s for pool in pools for s in pool]
    start = datetime.date(2023, 1, 1).toordinal()
    events_count = max(50, n // 8)
    events = [(rng.randrange(len(pools)), start + rng.randrange(365)) for _ in range(events_count)]
    out = []
    for i in range(n):
        if out and rng.random() < 0.10:
            source = out[rng.randrange(len(out))]
            sentences = source[1].split("\n")
            if len(sentences) > 3:
                del sentences[rng.randrange(len(sentences))]
            text = "\n".join(sentences) + "\n(Reporting by the wire desk.)"
            out.append((f"a{i}", text, source[2], source[3], source[4], source[0]))
            continue
        event = rng.randrange(events_count)
        pool_index, day = events[event]
        pool = pools[pool_index]
        k = rng.randint(6, 14)
        sentences = rng.sample(pool, min(k, len(pool))) + rng.sample(everything, 2)
        rng.shuffle(sentences)
        date = datetime.date.fromordinal(day + rng.randint(0, 3)).isoformat()
        out.append((f"a{i}", "\n".join(sentences), sentences[0][:60], date, event, None))
    return out


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def bench_one(n: int) -> dict:
    from datasketch import MinHash, MinHashLSH

    from newsprism.cluster import StreamClusterer
    from newsprism.corpus import Corpus
    from newsprism.dedupe import CopyDetector
    from newsprism.evaluate.clustering import bcubed
    from newsprism.evaluate.stories import baseline_clusters
    from newsprism.model import Article
    from newsprism.store import day_number

    t0 = time.perf_counter()
    corpus = synthetic(n)
    result: dict = {"n": n, "generate_s": round(time.perf_counter() - t0, 2)}

    # dedup
    detector = CopyDetector()
    t0 = time.perf_counter()
    families = [detector.assign(i, doc[1])[0] for i, doc in enumerate(corpus)]
    result["dedup_per_s"] = _rate(n, time.perf_counter() - t0)
    index = {doc[0]: i for i, doc in enumerate(corpus)}
    planted = [(i, index[doc[5]]) for i, doc in enumerate(corpus) if doc[5]]
    found = sum(1 for i, j in planted if families[i] == families[j])
    result["dedup_planted_recall"] = found / len(planted) if planted else 1.0
    result["dedup_families"] = len(set(families))
    m = min(n, 5000)
    lsh = MinHashLSH(threshold=0.5, num_perm=64)
    t0 = time.perf_counter()
    for i, doc in enumerate(corpus[:m]):
        words = doc[1].lower().split()
        mh = MinHash(num_perm=64)
        mh.update_batch([" ".join(words[k : k + 3]).encode() for k in range(max(1, len(words) - 2))])
        lsh.query(mh)
        lsh.insert(i, mh)
    result["dedup_baseline_per_s"] = _rate(m, time.perf_counter() - t0)

    # streaming assignment (copies are handled by their family, as ingest does)
    clusterer = StreamClusterer()
    story_of: dict[int, int] = {}
    labels = []
    t0 = time.perf_counter()
    for i, doc in enumerate(corpus):
        day = day_number(doc[3])
        if families[i] != i and families[i] in story_of:
            story = story_of[families[i]]
            clusterer.add_copy(story, day)
        else:
            story = clusterer.add(doc[1], doc[2], day)
        story_of.setdefault(families[i], story)
        labels.append(story)
    result["stream_per_s"] = _rate(n, time.perf_counter() - t0)
    gold = {doc[0]: doc[4] for doc in corpus}
    result["stream_b3_f1"] = bcubed({doc[0]: s for doc, s in zip(corpus, labels)}, gold).f1
    result["stream_stories"] = len(set(labels))
    result["gold_events"] = len(set(gold.values()))
    m = min(n, 2000)
    prefix = [(doc[1], doc[2], day_number(doc[3])) for doc in corpus[:m]]
    t0 = time.perf_counter()
    base = baseline_clusters(prefix)
    result["stream_baseline_per_s_2k"] = _rate(m, time.perf_counter() - t0)
    prefix_gold = {doc[0]: doc[4] for doc in corpus[:m]}
    result["stream_baseline_b3_f1_2k"] = bcubed({doc[0]: s for doc, s in zip(corpus[:m], base)}, prefix_gold).f1
    ours = StreamClusterer()
    t0 = time.perf_counter()
    ours_labels = [ours.add(*p) for p in prefix]
    result["stream_per_s_2k"] = _rate(m, time.perf_counter() - t0)
    result["stream_b3_f1_2k"] = bcubed({doc[0]: s for doc, s in zip(corpus[:m], ours_labels)}, prefix_gold).f1

    # ingest into the store
    articles = [Article(id=d[0], text=d[1], title=d[2], published=d[3], outlet=f"outlet{int(d[0][1:]) % 40}") for d in corpus]
    with tempfile.TemporaryDirectory() as tmp:
        with Corpus(Path(tmp) / "c.db", batch_size=1000) as store:
            t0 = time.perf_counter()
            summary = store.add_articles(articles)
            result["ingest_per_s"] = _rate(n, time.perf_counter() - t0)
            result["ingest_copies"] = summary.copies
            t0 = time.perf_counter()
            stories = store.stories()
            result["stories_query_s"] = round(time.perf_counter() - t0, 3)
            t0 = time.perf_counter()
            hits = store.search("president")
            result["search_s"] = round(time.perf_counter() - t0, 4)
            result["search_hits"] = len(hits)
            result["stored_stories"] = len(stories)
        db = sqlite3.connect(Path(tmp) / "base.db", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE a(pk INTEGER PRIMARY KEY, id TEXT, title TEXT, text TEXT, published TEXT)")
        db.execute("CREATE VIRTUAL TABLE f USING fts5(title, text, content='a', content_rowid='pk')")
        t0 = time.perf_counter()
        for start in range(0, n, 1000):
            db.execute("BEGIN")
            chunk = articles[start : start + 1000]
            db.executemany("INSERT INTO a(pk, id, title, text, published) VALUES(?,?,?,?,?)",
                           [(start + k + 1, a.id, a.title, a.text, a.published) for k, a in enumerate(chunk)])
            db.executemany("INSERT INTO f(rowid, title, text) VALUES(?,?,?)",
                           [(start + k + 1, a.title, a.text) for k, a in enumerate(chunk)])
            db.execute("COMMIT")
        result["ingest_baseline_sqlite_per_s"] = _rate(n, time.perf_counter() - t0)
        db.close()
    result["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000])
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not (SHARED / "datasets" / "basil").is_dir():
        sys.exit(f"{SHARED} is absent: the synthetic corpus is built from its public texts")
    if args.one:
        print(json.dumps(bench_one(args.one)))
        return
    rows = []
    for n in args.sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True, check=True)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
        r = rows[-1]
        print(
            f"n={n:>7}: dedup {r['dedup_per_s']:,.0f}/s ({r['dedup_per_s'] / r['dedup_baseline_per_s']:.1f}x baseline,"
            f" planted-copy recall {r['dedup_planted_recall']:.3f}) | stream {r['stream_per_s']:,.0f}/s"
            f" (B3 F1 {r['stream_b3_f1']:.3f}; 2k prefix {r['stream_per_s_2k'] / r['stream_baseline_per_s_2k']:.1f}x"
            f" baseline speed, F1 {r['stream_b3_f1_2k']:.3f} vs {r['stream_baseline_b3_f1_2k']:.3f})"
            f" | ingest {r['ingest_per_s']:,.0f}/s ({r['ingest_per_s'] / r['ingest_baseline_sqlite_per_s']:.2f}x bare"
            f" SQLite+FTS5) | peak {r['peak_rss_mib']:,.0f} MiB",
            flush=True,
        )
    if len(rows) > 1:
        first = rows[0]
        for r in rows[1:]:
            scale = r["n"] / first["n"]
            for key in ("dedup_per_s", "stream_per_s", "ingest_per_s"):
                # time ratio over n log n ratio: <= ~1 means no worse than n log n
                time_ratio = (r["n"] / r[key]) / (first["n"] / first[key])
                nlogn = scale * (1 + (0 if first["n"] <= 1 else __import__("math").log(scale) / __import__("math").log(first["n"])))
                print(f"  {key} {first['n']}->{r['n']}: time x{time_ratio:.2f}, n log n x{nlogn:.2f}")
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
