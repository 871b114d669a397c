"""Cost of the cross-outlet findings for a 3-article and a 30-article story.

    .venv/bin/python bench/bench_findings.py [--repeat 3] [--events 10]

Stories: the seed story (3 articles) and 10 BASIL events pooled into one story
(30 articles). For each: the spaCy parse of the same texts (`nlp.pipe`, measured
in the same run), the core analysis, and `find()` on the parsed docs, with the
share of `find()` spent in sentence embeddings. Prints seconds per story, the
ratio findings/parse, and the ratio (parse)/(parse + core + findings), the
throughput of the full analysis next to raw spaCy.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


class TimedEmbedder:
    """Wraps an embedder and adds up the seconds spent in ``encode``."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.seconds = 0.0

    def token_model(self):
        return self.inner.token_model()

    def encode(self, texts):
        t0 = time.perf_counter()
        try:
            return self.inner.encode(texts)
        finally:
            self.seconds += time.perf_counter() - t0


def stories(events: int):
    from newsprism.evaluate.basil_findings import load_events
    from newsprism.corpus.readers import read_paths

    seed, _ = read_paths([SHARED / "stories" / "aleppo-2016-12-14"])
    pooled = [a for _, arts in load_events(SHARED / "datasets" / "basil" / "articles")[:events] for a in arts]
    return [("seed (3 articles)", seed), (f"BASIL {events} events pooled ({len(pooled)} articles)", pooled)]


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="best of N timings")
    parser.add_argument("--events", type=int, default=10, help="BASIL events pooled into the large story")
    args = parser.parse_args()

    from newsprism.compare.embed import default_embedder
    from newsprism.compare.findings import find
    from newsprism.nlp import load_pipeline
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    nlp = load_pipeline()
    embedder = TimedEmbedder(default_embedder())
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"load: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    print("story | words | parse s | core (incl. parse) s | find s | embed share of find | find/parse | parse/(core+find)")
    for name, articles in stories(args.events):
        words = sum(len(a.text.split()) for a in articles)
        parse = best(lambda: list(nlp.pipe(a.text for a in articles)), args.repeat)
        core = best(lambda: run_pipeline(articles, nlp, stages=CORE_STAGES), args.repeat)
        analysis = run_pipeline(articles, nlp, stages=CORE_STAGES)
        docs = {a.id: d for a, d in zip(analysis.documents, nlp.pipe(a.text for a in articles))}
        finds, shares = [], []
        for _ in range(args.repeat):
            embedder.seconds = 0.0
            t0 = time.perf_counter()
            find(analysis, docs, embedder)
            finds.append(time.perf_counter() - t0)
            shares.append(embedder.seconds / finds[-1])
        i = min(range(len(finds)), key=finds.__getitem__)
        print(
            f"{name} | {words} | {parse:.2f} | {core:.2f} | {finds[i]:.2f} | {shares[i]:.0%} | "
            f"{finds[i] / parse:.2f} | {parse / (core + finds[i]):.2f}"
        )


if __name__ == "__main__":
    main()
