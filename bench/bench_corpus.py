"""Corpus-mode speed and memory on a synthetic corpus (not a test).

The corpus (:func:`synthetic`) recombines sentences of the public texts in
../shared (BASIL, PolNeAR, ECB+ dev documents, the seed stories: ~1,060 source
documents): each synthetic event draws only on its own source document, with
its names and numbers replaced, so events are distinct; dates spread over one
year (``synthetic(n, dense=False)``: over n/10,000 years, see :func:`span_days`); 10% of articles are planted near-duplicates (another outlet's copy with
the ending trimmed, headline changed, a sentence inserted, a credit line or a
few words changed).

For each size (default 10k, 30k, 100k), in a fresh subprocess (clean peak memory):
  * dedup articles/s (CopyDetector.assign_many, as ingest calls it) vs a baseline:
    datasketch's default MinHash (SHA-1 per word 3-gram) with its LSH, on a
    5,000-article prefix; recall of planted copies and the false-copy rate;
  * streaming assignment articles/s (StreamClusterer, no NLP) and B3 F1 against
    the planted events; baseline: the TF-IDF + time-window single-pass
    clusterer of newsprism.evaluate.stories on a 2,000-article prefix;
  * ingest articles/s (Corpus: hash, dedup, cluster, SQLite + FTS5) vs a
    baseline of bare SQLite + FTS5 inserts of the same rows;
  * peak resident memory of the whole run (ru_maxrss: corpus, indexes, store).

To measure older code on the same corpus: PYTHONPATH=<older tree>/src python bench/bench_corpus.py

    .venv/bin/python bench/bench_corpus.py [--sizes 10000 30000 100000]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import re
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“])")
# a capitalised word (a name when its lower-case form is never used as a common word) or a number
_NAME_OR_NUMBER = re.compile(r"\b[A-Z][A-Za-z]+(?:['’-][A-Za-z]+)*\b|\b\d+\b")
_WORD = re.compile(r"\b[A-Za-z][A-Za-z'’-]*\b")
_SYLLABLES = tuple("ka lo mer vin tra sel dor bel ru ni zan quo fe gar lis ton mi ra shu pel ost ev and ur bri".split())
_OUTLETS = 40
_COPY_SHARE = 0.10


class Synthetic(NamedTuple):
    id: str
    text: str
    title: str
    published: str  # ISO date
    outlet: str
    event: int  # gold story
    copy_of: str | None  # the planted original of a near-duplicate


def _seed_documents() -> list[list[str]]:
    """Sentences of every public text in ../shared: BASIL articles, PolNeAR articles (train
    and dev), ECB+ dev documents and the seed stories; each one a distinct source document."""
    from newsprism.evaluate.stories import load_ecb_documents

    docs: list[list[str]] = []
    for path in sorted((SHARED / "datasets" / "basil" / "articles").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        paras = [" ".join(p) if isinstance(p, list) else str(p) for p in data["body-paragraphs"]]
        docs.append([s for p in paras for s in _SENTENCE.split(p)])
    for path in sorted((SHARED / "datasets" / "polnear").glob("*/text/*.txt")):
        text = path.read_text(encoding="utf-8")
        docs.append([s for p in text.split("\n") for s in _SENTENCE.split(p)][1:])  # line 1 is the headline
    if (SHARED / "datasets" / "ecbplus" / "dev_text.txt").is_file():
        docs.extend(d[1].split("\n") for d in load_ecb_documents(SHARED / "datasets" / "ecbplus"))
    for story in sorted((SHARED / "stories").glob("*")):
        for path in sorted(story.glob("*.txt")):
            docs.append(_SENTENCE.split(path.read_text(encoding="utf-8")))
    cleaned = [[" ".join(s.split()) for s in doc if len(s.split()) > 4] for doc in docs]
    # short documents would give the articles of one event near-identical sentence subsets
    return [doc for doc in cleaned if len(doc) >= 12]


def _common_words(docs: list[list[str]]) -> frozenset[str]:
    """Words written in lower case more often than capitalised ("the", "senate"): not names."""
    counts = Counter(w for doc in docs for s in doc for w in _WORD.findall(s))
    lower = Counter()
    for word, count in counts.items():
        lower[word.lower()] += count if word.islower() else -count
    return frozenset(w for w, balance in lower.items() if balance >= 0)


def _pseudo_name(rng: random.Random) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()


def _substitutions(doc: list[str], common: frozenset[str], rng: random.Random) -> dict[str, str]:
    """A fresh name for every name of the document and a fresh value for every number:
    two events drawn from one document share no entities and no figures."""
    out: dict[str, str] = {}
    for sentence in doc:
        for token in _NAME_OR_NUMBER.findall(sentence):
            if token in out:
                continue
            if token[0].isdigit():
                out[token] = str(rng.randrange(10 ** (len(token) - 1) if len(token) > 1 else 0, 10 ** len(token)))
            elif token.lower() not in common:
                out[token] = _pseudo_name(rng)
    return out


def _apply(sentence: str, subs: dict[str, str]) -> str:
    return _NAME_OR_NUMBER.sub(lambda m: subs.get(m[0], m[0]), sentence)


# the realistic corpus keeps the density of the 10k one: 10,000 articles (1,125 events) a year
ARTICLES_PER_YEAR = 10_000


def span_days(n: int, dense: bool) -> int:
    """Days the events of an ``n``-article corpus spread over. Dense: one fixed year whatever n
    (the corpus of every earlier figure; at 100k, ten times the events per week of the 10k).
    Realistic: a fixed rate of ARTICLES_PER_YEAR, so the span grows with n (an archive of 100k
    articles holds more weeks, not denser weeks); both are one year at n = 10,000."""
    return 365 if dense else max(1, round(365 * n / ARTICLES_PER_YEAR))


def synthetic(n: int, seed: int = 7, dense: bool = True) -> list[Synthetic]:
    """``n`` articles (ingest order = publication order) over about n/8 distinct events.

    Event e draws on seed document e mod D (D ~ 1,060 documents of 12+ sentences) with its own names and
    numbers substituted; event dates spread over :func:`span_days` (one year when ``dense``, the
    default; otherwise a span growing with n at a fixed rate); when a document serves several
    events (n > 8 D) their dates are spread evenly over that span, at least a month apart in the
    dense year. Event sizes are skewed (log-normal weights).
    An article takes 35-55% (at least 6) of its event's sentences in document order (articles of one
    event share facts, not whole texts), dated 0-3 days after the event. 10% of articles
    are planted near-duplicates of an original published that day or the next by another
    outlet, with one or more of: ending trimmed, headline changed, a sentence inserted,
    a credit line appended, a few words changed.
    """
    rng = random.Random(seed)
    docs = _seed_documents()
    common = _common_words(docs)
    order = list(range(len(docs)))
    rng.shuffle(order)
    start = datetime.date(2023, 1, 1).toordinal()
    originals = n - int(n * _COPY_SHARE)
    events_count = max(50, originals // 8)
    uses = -(-events_count // len(docs))
    span = span_days(n, dense)
    spacing = span // uses
    offsets = [rng.randrange(span) for _ in docs]
    events = []  # (sentences with substitutions applied lazily, day)
    for e in range(events_count):
        doc_index = order[e % len(docs)]
        day = start + (offsets[doc_index] + (e // len(docs)) * spacing) % span
        events.append((doc_index, day, random.Random(rng.random())))
    weights = [rng.lognormvariate(0.0, 0.8) for _ in range(events_count)]
    subs_cache: dict[int, dict[str, str]] = {}
    rows: list[tuple[int, float, int, str, str, str]] = []  # day, order key, event, text, title, outlet
    chosen = rng.choices(range(events_count), weights=weights, k=originals)
    for i, e in enumerate(chosen):
        doc_index, day, event_rng = events[e]
        subs = subs_cache.get(e)
        if subs is None:
            subs = subs_cache[e] = _substitutions(docs[doc_index], common, event_rng)
        doc = docs[doc_index]
        k = max(6, min(25, int(len(doc) * rng.uniform(0.35, 0.55))))
        picked = sorted(rng.sample(range(len(doc)), min(k, len(doc))))
        sentences = [_apply(doc[j], subs) for j in picked]
        title = " ".join(_apply(doc[rng.randrange(len(doc))], subs).split()[:9])
        rows.append((day + rng.choice((0, 0, 0, 1, 1, 2, 3)), float(i), e, "\n".join(sentences), title,
                     f"outlet{rng.randrange(_OUTLETS)}"))
    copies = []
    for c in range(n - originals):
        j = rng.randrange(len(rows))
        day, key, e, text, title, outlet = rows[j]
        sentences = text.split("\n")
        edits = rng.sample(("trim", "headline", "insert", "credit", "words"), rng.randint(1, 3))
        if "trim" in edits and len(sentences) >= 8:
            del sentences[-rng.randint(1, len(sentences) // 6) :]
        if "insert" in edits:
            other = docs[rng.randrange(len(docs))]
            sentences.insert(rng.randrange(len(sentences) + 1), other[rng.randrange(len(other))])
        if "credit" in edits:
            sentences.append(f"({_pseudo_name(rng)} contributed reporting from {_pseudo_name(rng)}.)")
        if "words" in edits:
            k = rng.randrange(len(sentences))
            words = sentences[k].split()
            words[rng.randrange(len(words))] = rng.choice(("reportedly", "officials", "on Monday", "late"))
            sentences[k] = " ".join(words)
        if "headline" in edits:
            title = f"{_pseudo_name(rng)}: " + " ".join(reversed(title.split()[:6]))
        copy_outlet = f"outlet{(int(outlet[6:]) + rng.randrange(1, _OUTLETS)) % _OUTLETS}"
        copies.append((day + rng.choice((0, 0, 1)), key + 0.5 + c / (4 * n), e, "\n".join(sentences), title,
                       copy_outlet, j))
    everything = [r + (None,) for r in rows] + copies
    everything.sort(key=lambda r: (r[0], r[1]))
    position = {r[1]: i for i, r in enumerate(everything) if r[6] is None}
    return [
        Synthetic(f"a{i}", text, title, datetime.date.fromordinal(day).isoformat(), outlet, e,
                  None if src is None else f"a{position[rows[src][1]]}")
        for i, (day, _, e, text, title, outlet, src) in enumerate(everything)
    ]


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def bench_one(n: int) -> dict:
    from datasketch import MinHash, MinHashLSH

    from newsprism.corpus.cluster import StreamClusterer
    from newsprism.corpus.corpus import Corpus
    from newsprism.corpus.dedupe import CopyDetector
    from newsprism.evaluate.clustering import bcubed
    from newsprism.evaluate.stories import baseline_clusters
    from newsprism.model import Article
    from newsprism.corpus.store import day_number

    t0 = time.perf_counter()
    corpus = synthetic(n)
    result: dict = {"n": n, "generate_s": round(time.perf_counter() - t0, 2)}
    result["gold_events"] = len({doc.event for doc in corpus})

    # dedup: the batch API that ingest uses (older code without it: one text at a time)
    detector = CopyDetector()
    texts = [doc.text for doc in corpus]
    t0 = time.perf_counter()
    if hasattr(detector, "assign_many"):
        families = [f for f, _ in detector.assign_many(list(range(n)), texts)]
    else:
        families = [detector.assign(i, text)[0] for i, text in enumerate(texts)]
    result["dedup_per_s"] = _rate(n, time.perf_counter() - t0)
    index = {doc.id: i for i, doc in enumerate(corpus)}
    planted = [(i, index[doc.copy_of]) for i, doc in enumerate(corpus) if doc.copy_of]
    result["planted_copies"] = len(planted)
    result["dedup_planted_recall"] = sum(families[i] == families[j] for i, j in planted) / max(1, len(planted))
    # an original put in another article's family is a false copy (articles of one event share
    # 15-30% of their sentences, so this measures precision where it is hardest)
    originals = [i for i, doc in enumerate(corpus) if not doc.copy_of]
    result["dedup_false_copy_rate"] = sum(families[i] != i for i in originals) / len(originals)
    result["dedup_families"] = len(set(families))
    m = min(n, 5000)
    lsh = MinHashLSH(threshold=0.5, num_perm=64)
    t0 = time.perf_counter()
    for i, text in enumerate(texts[:m]):
        words = text.lower().split()
        mh = MinHash(num_perm=64)
        mh.update_batch([" ".join(words[k : k + 3]).encode() for k in range(max(1, len(words) - 2))])
        lsh.query(mh)
        lsh.insert(i, mh)
    result["dedup_baseline_per_s_5k"] = _rate(m, time.perf_counter() - t0)

    # streaming assignment (copies are handled by their family, as ingest does)
    days = [day_number(doc.published) for doc in corpus]
    clusterer = StreamClusterer()
    story_of: dict[int, int] = {}
    labels = []
    t0 = time.perf_counter()
    for i, doc in enumerate(corpus):
        if families[i] != i and families[i] in story_of:
            story = story_of[families[i]]
            clusterer.add_copy(story, days[i])
        else:
            story = clusterer.add(doc.text, doc.title, days[i])
        story_of.setdefault(families[i], story)
        labels.append(story)
    result["stream_per_s"] = _rate(n, time.perf_counter() - t0)
    gold = {doc.id: doc.event for doc in corpus}
    scores = bcubed({doc.id: s for doc, s in zip(corpus, labels)}, gold)
    result["stream_b3_p"], result["stream_b3_r"], result["stream_b3_f1"] = scores.precision, scores.recall, scores.f1
    result["stream_stories"] = len(set(labels))
    m = min(n, 2000)
    prefix = [(doc.text, doc.title, day) for doc, day in zip(corpus[:m], days)]
    prefix_gold = {doc.id: doc.event for doc in corpus[:m]}
    t0 = time.perf_counter()
    base = baseline_clusters(prefix)
    result["stream_baseline_per_s_2k"] = _rate(m, time.perf_counter() - t0)
    result["stream_baseline_b3_f1_2k"] = bcubed({doc.id: s for doc, s in zip(corpus[:m], base)}, prefix_gold).f1
    ours = StreamClusterer()
    t0 = time.perf_counter()
    ours_labels = [ours.add(*p) for p in prefix]
    result["stream_per_s_2k"] = _rate(m, time.perf_counter() - t0)
    result["stream_b3_f1_2k"] = bcubed({doc.id: s for doc, s in zip(corpus[:m], ours_labels)}, prefix_gold).f1
    del clusterer, ours, detector

    # ingest into the store: hash, text metadata, dedup, streaming assignment, SQLite + FTS5
    articles = [Article(id=d.id, text=d.text, title=d.title, published=d.published, outlet=d.outlet) for d in corpus]
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
        result["db_mib"] = round((Path(tmp) / "c.db").stat().st_size / 2**20, 1)
        db = sqlite3.connect(Path(tmp) / "base.db", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
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
            f"n={n:>7}: dedup {r['dedup_per_s']:,.0f}/s ({r['dedup_per_s'] / r['dedup_baseline_per_s_5k']:.1f}x"
            f" datasketch baseline; planted-copy recall {r['dedup_planted_recall']:.3f}, false copies"
            f" {r['dedup_false_copy_rate']:.4f}) | stream {r['stream_per_s']:,.0f}/s (B3 F1 {r['stream_b3_f1']:.3f};"
            f" 2k prefix {r['stream_per_s_2k'] / r['stream_baseline_per_s_2k']:.1f}x baseline speed, F1"
            f" {r['stream_b3_f1_2k']:.3f} vs {r['stream_baseline_b3_f1_2k']:.3f}) | ingest {r['ingest_per_s']:,.0f}/s"
            f" ({r['ingest_per_s'] / r['ingest_baseline_sqlite_per_s']:.2f}x bare SQLite+FTS5)"
            f" | peak {r['peak_rss_mib']:,.0f} MiB",
            flush=True,
        )
    if len(rows) > 1:
        first = rows[0]
        for r in rows[1:]:
            scale = r["n"] / first["n"]
            # n log n growth from the first size: scale * log(n) / log(n0)
            nlogn = scale * math.log(r["n"]) / math.log(first["n"])
            for key in ("dedup_per_s", "stream_per_s", "ingest_per_s"):
                time_ratio = (r["n"] / r[key]) / (first["n"] / first[key])
                print(f"  {key[:-6]} {first['n']}->{r['n']}: time x{time_ratio:.2f} (n log n: x{nlogn:.2f})")
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
