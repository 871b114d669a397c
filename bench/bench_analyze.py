"""Throughput of `newsprism analyze` against raw spaCy `nlp.pipe` on the same texts, same run.

    .venv/bin/python bench/bench_analyze.py [--copies 10] [--polnear-group 10] [--repeat 2]

Workload: N copies of the seed story (3 articles each, analysed as N stories) and the
PolNeAR dev texts (analysed as stories of G articles). The baseline parses exactly
the same groups with `nlp.pipe` of raw spaCy: the packaged en_core_web_sm as spaCy
loads it (`spacy.load`), every component on, none of newsprism's. newsprism's run is
its own pipeline (nlp.load_pipeline: the same model, its sentence guard before the
parser, the attribute ruler's rules applied by nlp.AttributeRules; the same parse)
and everything beyond the parse (cleaning, metadata, mentions, quotes, figures,
times, cross-document resolution, and the findings).
Prints articles/s, words/s, the ratio newsprism/raw (target >= 0.9) for the core
analysis (CORE_STAGES) and for the full one with cross-outlet findings, peak RSS, and
the time to the first result (model load + first story) in a fresh process.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def load_groups(copies: int, polnear_group: int, polnear_limit: int | None = None):
    from newsprism.model import Article
    from newsprism.corpus.readers import read_paths

    groups: list[list[Article]] = []
    seed, skipped = read_paths([REPO / "examples" / "aleppo-2016-12-14"])
    for i in range(copies):
        groups.append([Article(id=f"c{i}-{a.id}", text=a.text, published=a.published, outlet=a.outlet) for a in seed])
    polnear_dir = SHARED / "datasets" / "polnear" / "dev" / "text"
    if polnear_dir.is_dir():
        texts, _ = read_paths(sorted(polnear_dir.glob("*.txt"))[:polnear_limit])
        for start in range(0, len(texts), polnear_group):
            groups.append(texts[start : start + polnear_group])
    else:
        print(f"note: {polnear_dir} absent; seed copies only", file=sys.stderr)
    return groups


CLOCK = time.perf_counter  # --cpu: time.process_time (CPU of this process, which the load does not inflate)


def raw_spacy():
    """spaCy's own pipeline for the model newsprism loads, with nothing of newsprism's."""
    import spacy

    from newsprism.nlp import model_path

    return spacy.load(model_path())


def time_raw(nlp, groups) -> float:
    t0 = CLOCK()
    for group in groups:
        for _ in nlp.pipe(a.text for a in group):
            pass
    return CLOCK() - t0


def time_newsprism(nlp, groups, stages) -> float:
    from newsprism.pipeline import run_pipeline

    t0 = CLOCK()
    for group in groups:
        run_pipeline(group, nlp, stages=stages)
    return CLOCK() - t0


def time_to_first_result() -> float:
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "newsprism.cli", "analyze", str(REPO / "examples" / "aleppo-2016-12-14"), "-f", "json",
         "-o", "/dev/null", "--force"],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--polnear-group", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3, help="best of N timings per story for each side")
    parser.add_argument("--cpu", action="store_true", help="time CPU seconds of this process instead of wall time")
    parser.add_argument("--polnear-limit", type=int, default=None, help="only the first N PolNeAR dev texts")
    args = parser.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
        print("timing CPU seconds of this process (time.process_time)")

    from newsprism.nlp import load_pipeline

    t0 = time.perf_counter()
    nlp = load_pipeline()
    load_s = time.perf_counter() - t0
    raw_nlp = raw_spacy()
    groups = load_groups(args.copies, args.polnear_group, args.polnear_limit)
    n_articles = sum(len(g) for g in groups)
    n_words = sum(len(a.text.split()) for g in groups for a in g)

    from newsprism.pipeline import CORE_STAGES, DEFAULT_STAGES

    time_raw(raw_nlp, groups[:2])  # warm-up every path (the embedder loads here)
    time_newsprism(nlp, groups[:2], DEFAULT_STAGES)
    # Interleaved per story and best of N per story: a load change on this shared machine
    # then hits both sides alike, instead of whichever side happened to run during it.
    best: dict[str, list[float]] = {k: [float("inf")] * len(groups) for k in ("raw", "core", "full")}
    for _ in range(args.repeat):
        for i, group in enumerate(groups):
            best["raw"][i] = min(best["raw"][i], time_raw(raw_nlp, [group]))
            best["core"][i] = min(best["core"][i], time_newsprism(nlp, [group], CORE_STAGES))
            best["full"][i] = min(best["full"][i], time_newsprism(nlp, [group], DEFAULT_STAGES))
    raw, ours, full = (sum(best[k]) for k in ("raw", "core", "full"))
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"load average (1/5/15 min) at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"machine: {platform.machine()} {platform.processor() or ''} cores={os.cpu_count()} python={platform.python_version()}")
    print(f"workload: {n_articles} articles, {n_words} words in {len(groups)} stories")
    print(f"model load: {load_s:.2f} s")
    print(f"raw spaCy: spacy.load of the model, components {', '.join(raw_nlp.pipe_names)}")
    print(f"raw spaCy nlp.pipe : {n_articles / raw:8.1f} articles/s {n_words / raw:10.0f} words/s ({raw:.2f} s)")
    print(f"newsprism analyze  : {n_articles / ours:8.1f} articles/s {n_words / ours:10.0f} words/s ({ours:.2f} s)")
    print(f"ratio newsprism/raw: {raw / ours:.3f}  (target >= 0.9)")
    print(f"with findings      : {n_articles / full:8.1f} articles/s {n_words / full:10.0f} words/s ({full:.2f} s), ratio {raw / full:.3f}")
    sys.stdout.flush()
    print(f"time to first result (fresh process, seed story, JSON): {time_to_first_result():.2f} s")
    print(f"peak RSS: {peak_mib:.0f} MiB")


if __name__ == "__main__":
    main()
