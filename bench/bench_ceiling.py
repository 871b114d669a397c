"""What two processes can gain on this machine: the ceiling a ``--jobs 2`` speed-up is read against.

    .venv/bin/python bench/bench_ceiling.py [--texts 200] [--rounds 2]

Three workloads, each run as the same work twice in one process and then once in each of two
processes at the same time (fresh forked processes both ways, wall clock):

* ``cpu``: a pure-Python integer loop (no memory traffic: what the cores alone give);
* ``memory``: random gathers from a 256 MiB numpy array (what shared cache and memory bandwidth give);
* ``spacy``: the raw spaCy parse (``nlp.pipe``, model loaded before the fork) of the same texts,
  all of them in one process against half in each of two processes; and spaCy's own
  ``nlp.pipe(n_process=2)`` against ``n_process=1`` (its workers send the docs back to the
  calling process, which rebuilds them).

The ratio ``one process / two processes`` is 2.0 on two free cores that do not slow each other.
``bench_speed.py parallel`` runs :func:`ceiling` in the same run as its ``refresh --jobs`` ratio.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

REPO = Path(__file__).resolve().parents[1]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def spin(n: int = 12_000_000) -> int:
    """Pure-Python integer work, ~2 s."""
    x = 0
    for i in range(n):
        x = (x + i * i) & 0xFFFF
    return x


def gather(rounds: int = 8) -> float:
    """Random reads from a 256 MiB array: most miss every cache."""
    import numpy as np

    rng = np.random.default_rng(0)
    a = rng.random(32_000_000)
    total = 0.0
    for _ in range(rounds):
        total += float(a[rng.integers(0, len(a), 4_000_000)].sum())
    return total


_NLP: dict[str, Any] = {}


def _parse(texts: Sequence[str]) -> None:
    for _ in _NLP["nlp"].pipe(texts, batch_size=8):
        pass


def _run(fn: Callable[..., Any], args: tuple, cpu: Any, slot: int) -> None:
    fn(*args)
    cpu[slot] = time.process_time()


def _both(fn: Callable[..., Any], args: tuple) -> tuple[float, list[float]]:
    """Wall seconds of the given calls, each in its own forked process, all started at once,
    and the CPU seconds of each process."""
    ctx = multiprocessing.get_context("fork")
    cpu = ctx.Array("d", len(args))
    t0 = time.perf_counter()
    procs = [ctx.Process(target=_run, args=(fn, a, cpu, i)) for i, a in enumerate(args)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        assert p.exitcode == 0, p.exitcode
    return time.perf_counter() - t0, list(cpu)


def _twice(fn: Callable[..., Any], first: tuple, second: tuple) -> None:
    fn(*first)
    fn(*second)


def pair(fn: Callable[..., Any], first: tuple = (), second: tuple | None = None) -> tuple[float, float, float, float]:
    """One process doing ``fn(*first)`` then ``fn(*second)``, then two processes doing one
    each: (wall one, wall two, CPU one, CPU of the two in all)."""
    second = first if second is None else second
    one, cpu_one = _both(_twice, ((fn, first, second),))
    two, cpu_two = _both(fn, (first, second))
    return one, two, sum(cpu_one), sum(cpu_two)


def ceiling(texts: Sequence[str], rounds: int = 2, out: Callable[[str], None] = print) -> dict[str, float]:
    """Best-of-``rounds`` speed-up of two processes over one for each workload (see the
    module's docstring), printed with the load; returns {workload: ratio}."""
    from newsprism.nlp import load_pipeline

    _NLP["nlp"] = load_pipeline()  # before the forks: every process has it, as spaCy's n_process does
    half = len(texts) // 2
    work: dict[str, tuple[Callable[..., Any], tuple, tuple]] = {
        "cpu": (spin, (), ()),
        "memory": (gather, (), ()),
        "spacy": (_parse, (list(texts[:half]),), (list(texts[half:]),)),
    }
    ratios: dict[str, float] = {}
    for name, (fn, first, second) in work.items():
        best = []
        for _ in range(rounds):
            one, two, cpu_one, cpu_two = pair(fn, first, second)
            best.append((one, two))
            out(f"  ceiling {name}: one process {one:.2f} s, two processes {two:.2f} s -> {one / two:.2f}x;"
                f" CPU s {cpu_one:.2f} vs {cpu_two:.2f} in all ({cpu_two / cpu_one:.2f}x)   load {load()}")
        ratios[name] = min(o for o, _ in best) / min(t for _, t in best)
    nlp = _NLP.pop("nlp")
    runs: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for n in (1, 2):
            t0 = time.perf_counter()
            for _ in nlp.pipe(texts, n_process=n, batch_size=8):
                pass
            runs[n].append(time.perf_counter() - t0)
            out(f"  spaCy nlp.pipe(n_process={n}): {runs[n][-1]:.2f} s   load {load()}")
    ratios["spacy_n_process"] = min(runs[1]) / min(runs[2])
    out("ceiling, two processes vs one on this machine (2.0 = two free cores): "
        + ", ".join(f"{k} {v:.2f}x" for k, v in ratios.items()))
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--texts", type=int, default=200, help="synthetic articles from real sentences (bench_corpus)")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    sys.path.insert(0, str(REPO / "bench"))
    from bench_corpus import synthetic

    texts = [d.text for d in synthetic(2000) if d.copy_of is None][: args.texts]
    print(f"load average at start: {load()}; {len(texts)} texts, {sum(len(t.split()) for t in texts)} words; cores={os.cpu_count()}")
    ceiling(texts, args.rounds)


if __name__ == "__main__":
    main()
