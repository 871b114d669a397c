"""How the cross-outlet findings grow with the size of a story, against the parse.

    .venv/bin/python bench/bench_growth.py [--sizes 3 10 30 100 200] [--repeat 1]

One story of N articles for each N: N texts of PolNeAR's train split taken in turn
from each outlet (by file name within an outlet, so every size mixes the outlets; the
file names begin with the outlet, and the first 120 are one outlet's, which no longer
corroborates itself) — 2016 US election coverage by seven outlets, a months-long story, the
kind a corpus grows into one big cluster. For each N: the spaCy parse of the
texts (`nlp.pipe`, measured in the same run, with the cyclic garbage collector paused as
`pipeline.run_stages` parses), the core analysis, and `find()` on the
parsed docs; the ratio find / parse; then the exponent b of find ~ a * N**b and of
parse ~ N**b, fitted by least squares on the logs (1 is linear, 2 is all pairs).
"core s" is the rest of the analysis (entities across documents, quotes, figures,
dates) on the same parses; "claims" the claims the findings align (above
compare/blocked.BLOCK_ABOVE they are aligned on candidate pairs, not all pairs).
--cpu times CPU seconds of this process (the load of a shared machine does not
inflate them) instead of wall time.
"""

from __future__ import annotations

import argparse
import math
import platform
import resource
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def articles(n: int):
    from newsprism.model import Article

    folder = SHARED / "datasets" / "polnear" / "train" / "text"
    by_outlet: dict[str, list[Path]] = {}
    for p in sorted(folder.glob("*.txt")):
        by_outlet.setdefault(p.stem.split("_")[0], []).append(p)
    queues = list(by_outlet.values())
    paths: list[Path] = []
    while len(paths) < n and any(queues):
        for q in queues:  # one from each outlet in turn
            if q and len(paths) < n:
                paths.append(q.pop(0))
    if len(paths) < n:
        raise SystemExit(f"{folder}: only {len(paths)} texts, {n} asked")
    return [Article(id=p.stem, text=p.read_text(encoding="utf-8"), outlet=p.stem.split("_")[0]) for p in paths]


def exponent(xs, ys) -> float:
    lx = [math.log(x) for x in xs]
    ly = [math.log(max(y, 1e-6)) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / max(sum((a - mx) ** 2 for a in lx), 1e-12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 10, 30, 100, 200])
    parser.add_argument("--repeat", type=int, default=1, help="best of N timings of find()")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds of this process instead of wall time")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter

    from newsprism.compare.embed import default_embedder
    from newsprism.compare.findings import find
    from newsprism.engines.parses import stages_given
    from newsprism.extract.claims import extract_claims
    from newsprism.nlp import collector_paused, load_pipeline
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    nlp = load_pipeline()
    embedder = default_embedder()
    print(f"machine: {platform.machine()} python {platform.python_version()}")
    print(f"load: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    print(f"clock: {'CPU seconds of this process' if args.cpu else 'wall seconds'}")
    print("articles | words | claims | parse s | core s | find s | find / parse | corroborated | peak RSS MiB")
    sizes, parses, finds, cores = [], [], [], []
    for n in args.sizes:
        arts = articles(n)
        words = sum(len(a.text.split()) for a in arts)
        t0 = clock()
        # as the pipeline parses (pipeline.run_stages: the cyclic collector paused from the parse on)
        with collector_paused():
            parsed = list(nlp.pipe(a.text for a in arts))
        parse = clock() - t0
        core_stages = tuple(s for s in stages_given(parsed) if s.name in {c.name for c in CORE_STAGES})
        t0 = clock()
        analysis = run_pipeline(arts, nlp, stages=core_stages)
        core = clock() - t0
        docs = {d.id: p for d, p in zip(analysis.documents, parsed)}
        claims = len(extract_claims(analysis, docs))
        best = math.inf
        for _ in range(args.repeat):
            t0 = clock()
            findings = find(analysis, docs, embedder)
            best = min(best, clock() - t0)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{n} | {words} | {claims} | {parse:.2f} | {core:.2f} | {best:.2f} | {best / parse:.2f} | "
              f"{len(findings.corroborated)} | {rss:.0f}", flush=True)
        sizes.append(n)
        parses.append(parse)
        finds.append(best)
        cores.append(core)
    if len(sizes) >= 2:
        print(f"fitted exponent: find ~ N^{exponent(sizes, finds):.2f}, core ~ N^{exponent(sizes, cores):.2f}, "
              f"parse ~ N^{exponent(sizes, parses):.2f}")
    print(f"load at the end: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()
