"""Batch engines at scale: Spark (local[N]) and the local engine on the same synthetic corpora.

    python bench/bench_batch.py --sizes 10000,100000 --findings-size 1000 --engines local,spark
    python bench/bench_batch.py --sizes 1000000 --engines spark          # dedupe + clustering only

For each size: a synthetic corpus is written once as Parquet (stories of 2-12 reports over
a few days, one report in four republished as a wire copy, some trimmed or credited;
outlets, names, places and figures drawn from fixed lists, so the texts have quotes,
numbers and entities), then each engine runs `newsprism batch` on it in a fresh
subprocess: wall time, articles/s, the driver's peak memory (the engine process; Spark's
JVM and Python workers are separate processes, measured as the peak RSS of the whole
process tree, sampled every 0.5 s) and B3 F1 of the stories against the generator's
stories; and the CPU seconds of the whole process tree (user + system), which the
machine's load does not inflate; the load average (1-minute, mean and max over the run).
`--findings-size` runs extraction + findings on a corpus of that size (the
others are dedupe + clustering only: --no-findings); with two engines there, their
findings, entities, quotes, figures and reports are compared row for row. The machine is shared: every figure
is from the same run, and the ratio spark/local is the comparable number.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

OUTLETS = ["The Daily Ledger", "Northern Star", "City Tribune", "Evening Post", "Coast Herald", "Valley News",
           "Metro Times", "Harbor Gazette", "The Courier", "State Journal", "Morning Record", "Union Observer"]
FIRST = ["Maria", "John", "Aisha", "Pedro", "Lena", "Omar", "Grace", "Ivan", "Chen", "Fatima", "Tom", "Sara",
         "Diego", "Nadia", "Paul", "Yuki", "Amir", "Olga", "Kofi", "Elena"]
LAST = ["Alvarez", "Brennan", "Castillo", "Dorsey", "Ekwueme", "Fischer", "Guerrero", "Hartmann", "Ibrahim",
        "Jansen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rahman",
        "Sandoval", "Takahashi", "Ulrich", "Varga", "Whitaker", "Xu", "Yilmaz", "Zamora"]
PLACES = ["Ardenne", "Belmora", "Calvisa", "Dunmore", "Eskard", "Fenwick", "Galdoran", "Hollis", "Istrana",
          "Jorvik", "Kelmar", "Lorrin", "Marsden", "Norvale", "Ostrava Bay", "Pellham", "Quarry Hill", "Rostov Lake",
          "Sundale", "Tarrow", "Umbria Falls", "Vantor", "Westmarch", "Yarrow", "Zelman"]
EVENTS = ["flood", "strike", "election", "fire", "trial", "merger", "protest", "storm", "outbreak", "summit",
          "earthquake", "recall", "ceasefire", "budget", "drought", "blackout", "collision", "audit", "verdict", "rally"]
NOUNS = ["residents", "officials", "workers", "families", "volunteers", "police", "doctors", "engineers",
         "farmers", "students", "investors", "lawmakers", "nurses", "drivers", "teachers", "inspectors"]
VERBS = ["evacuated", "interviewed", "injured", "hired", "questioned", "relocated", "rescued", "counted",
         "trained", "arrested", "compensated", "surveyed"]
WORDS = ("report council plan water river bridge road school hospital market budget vote court company union "
         "price cost damage power service line district harbor airport station factory field crop rain wind "
         "border army talks deal agreement law rule tax fund grant loan bank share rate index growth job").split()


def _story(rng: random.Random, sid: int, day0: int):
    place = rng.choice(PLACES) + (f" {rng.choice(['North', 'South', 'East', 'West'])}" if rng.random() < 0.5 else "")
    event = rng.choice(EVENTS)
    people = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(3)]
    keywords = rng.sample(WORDS, 6) + [f"{event}{sid % 997}"]
    day = day0 + rng.randrange(0, 3 * 365)
    return place, event, people, keywords, day


def _article(rng: random.Random, story, k: int) -> tuple[str, str]:
    place, event, people, keywords, _ = story
    n = rng.randrange(12, 900)
    sentences = [
        f"{place.upper()} - The {event} in {place} left {n} {rng.choice(NOUNS)} {rng.choice(VERBS)} on Tuesday, "
        f"officials said.",
        f"\"We have never seen a {event} like this in {place},\" said {people[0]}, who leads the local "
        f"{rng.choice(keywords)} office.",
        f"{people[1]} told reporters that about {rng.randrange(2, 60)} {rng.choice(NOUNS)} were still waiting for "
        f"help near the {rng.choice(keywords)} {rng.choice(WORDS)}.",
        f"According to {people[2]}, the {rng.choice(keywords)} {rng.choice(WORDS)} would cost more than "
        f"${rng.randrange(1, 90)} million.",
    ]
    for _ in range(rng.randrange(3, 7)):
        words = [rng.choice(keywords if rng.random() < 0.3 else WORDS) for _ in range(rng.randrange(8, 16))]
        sentences.append(f"The {' '.join(words)} in {place} {rng.choice(VERBS)} {rng.choice(NOUNS)}.")
    rng.shuffle(sentences[2:])
    title = f"{event.title()} in {place}: {n} {rng.choice(NOUNS)} {rng.choice(VERBS)}"
    return title, "\n\n".join(sentences)


def make_corpus(size: int, path: Path, seed: int = 7) -> dict[str, int]:
    """A synthetic corpus of ``size`` articles as Parquet; returns article id -> true story."""
    import datetime

    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = random.Random(seed)
    day0 = datetime.date(2016, 1, 1).toordinal()
    gold: dict[str, int] = {}
    writer = None
    cols: dict[str, list] = {"id": [], "text": [], "title": [], "outlet": [], "published": []}
    sid = 0

    def flush():
        nonlocal writer, cols
        table = pa.table(cols)
        if writer is None:
            writer = pq.ParquetWriter(str(path), table.schema)
        writer.write_table(table)
        cols = {k: [] for k in cols}

    count = 0
    while count < size:
        sid += 1
        story = _story(rng, sid, day0)
        for k in range(rng.randrange(2, 13)):
            if count >= size:
                break
            title, text = _article(rng, story, k)
            day = story[4] + rng.randrange(0, 4)
            outlets = [rng.choice(OUTLETS)]
            if rng.random() < 0.25:  # a wire report republished by others
                outlets += rng.sample(OUTLETS, rng.randrange(1, 4))
            for j, outlet in enumerate(outlets):
                if count >= size:
                    break
                body = text
                if j and rng.random() < 0.5:
                    body = "\n\n".join(text.split("\n\n")[:-1])  # trimmed copy
                elif j:
                    body = text + f"\n\n{outlet} contributed to this report."
                aid = f"a{count:08d}"
                cols["id"].append(aid)
                cols["text"].append(body)
                cols["title"].append(title)
                cols["outlet"].append(outlet)
                cols["published"].append(datetime.date.fromordinal(day).isoformat())
                gold[aid] = sid
                count += 1
        if len(cols["id"]) >= 20000:
            flush()
    if cols["id"]:
        flush()
    writer.close()
    return gold


def _tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and all its descendants (Linux /proc), MiB."""
    total = 0
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                ppid = int(handle.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/statm") as handle:
                total += int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            pass
        stack.extend(children.get(p, []))
    return total / 2**20


def run_engine(engine: str, corpus: Path, out: Path, findings: bool, master: str, jobs: int,
               driver_memory: str = "4g") -> dict:
    cmd = [sys.executable, "-m", "newsprism", "batch", "--engine", engine, str(corpus), "-o", str(out),
           "--json", "--fresh", "--findings" if findings else "--no-findings"]
    if engine == "spark":
        cmd += ["--master", master, "--conf", f"spark.driver.memory={driver_memory}"]
    else:
        cmd += ["--jobs", str(jobs)]
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_at_start = " ".join(f"{x:.1f}" for x in os.getloadavg())
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = [0.0]
    loads: list[float] = []
    done = threading.Event()

    def sample():
        while not done.wait(0.5):
            peak[0] = max(peak[0], _tree_rss_mib(proc.pid))
            loads.append(os.getloadavg()[0])

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    stdout, stderr = proc.communicate()
    done.set()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU seconds of the whole process tree (children are counted once waited for): the
    # figure the machine's load does not inflate
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"{engine} failed ({proc.returncode}): {stderr.strip().splitlines()[-3:]}")
    summary = json.loads(stdout)
    # a Spark run's JVM and Python workers are not always reaped by the engine process before it
    # exits, so getrusage misses them; the engine sums its whole process tree per step (/proc)
    steps_cpu = sum((summary.get("cpu_seconds") or {}).values())
    cpu = max(cpu, steps_cpu)
    return {"wall_s": round(wall, 1), "articles_per_s": round(summary["articles"] / wall, 1),
            "cpu_s": round(cpu, 1), "articles_per_cpu_s": round(summary["articles"] / cpu, 1) if cpu else None,
            "load": " ".join(f"{x:.1f}" for x in os.getloadavg()),
            "load_at_start": load_at_start,
            "load_1min_mean_max": [round(sum(loads) / len(loads), 1), round(max(loads), 1)] if loads else None,
            "driver_peak_mib": summary["peak_rss_mib"], "tree_peak_mib": round(peak[0], 1),
            "steps_s": summary["seconds"], "steps_cpu_s": summary.get("cpu_seconds"), "stories": summary["stories"], "families": summary["families"],
            "articles": summary["articles"]}


def same_analyses(a: Path, b: Path) -> dict[str, str]:
    """Do two runs' analysis tables hold the same rows? findings, entities, quotes, figures
    (rows sorted as tests/test_spark.py does) and each story's report (analyses.json)."""
    import pyarrow.dataset as ds

    def rows(out: Path, name: str) -> list[dict]:
        found = ds.dataset(str(out / f"{name}.parquet"), format="parquet").to_table().to_pylist()
        key = ("story_id", "article_id", "start") if name in ("quotes", "figures") else ("story_id", "kind", "finding_id", "entity_id")
        return sorted(found, key=lambda r: tuple(str(r.get(k)) for k in key) + (json.dumps(r, sort_keys=True, default=str),))

    verdict = {}
    for name in ("findings", "entities", "quotes", "figures"):
        x, y = rows(a, name), rows(b, name)
        verdict[name] = f"identical ({len(x):,} rows)" if x == y else f"DIFFERENT ({len(x):,} vs {len(y):,} rows)"
    reports = [{r["story_id"]: (r["json"], r["error"]) for r in rows(out, "analyses")} for out in (a, b)]
    errors = sum(1 for _, err in reports[0].values() if err)
    same = reports[0].keys() == reports[1].keys() and all(reports[0][k] == reports[1][k] for k in reports[0])
    verdict["analyses"] = (f"{'identical' if same else 'DIFFERENT'} reports ({len(reports[0]):,} stories, "
                           f"{errors} with an error)")
    return verdict


def b3_against(out: Path, gold: dict[str, int]) -> float:
    import pyarrow.dataset as ds

    from newsprism.evaluate.clustering import bcubed

    rows = ds.dataset(str(out / "assignments.parquet"), format="parquet").to_table(
        columns=["article_id", "story_id"]).to_pylist()
    pred = {r["article_id"]: r["story_id"] for r in rows}
    return round(bcubed(pred, {k: gold[k] for k in pred}).f1, 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000", help="corpus sizes for dedupe + clustering (--no-findings)")
    parser.add_argument("--findings-size", type=int, default=0, help="also a corpus of this size with findings")
    parser.add_argument("--engines", default="local,spark")
    parser.add_argument("--findings-engines", default=None,
                        help="engines for the --findings-size corpus (default: --engines)")
    parser.add_argument("--driver-memory", default="4g", help="spark.driver.memory of the Spark runs")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", default="/tmp/newsprism-bench-batch")
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    plan = [(int(s), False) for s in args.sizes.split(",") if s]
    if args.findings_size:
        plan.insert(0, (args.findings_size, True))
    results = []
    for size, findings in plan:
        corpus = work / f"synthetic-{size}.parquet"
        gold_path = work / f"synthetic-{size}.gold.json"
        if not corpus.exists() or not gold_path.exists():
            gold = make_corpus(size, corpus)
            gold_path.write_text(json.dumps(gold))
        gold = json.loads(gold_path.read_text())
        engines = (args.findings_engines or args.engines) if findings else args.engines
        for engine in engines.split(","):
            out = work / f"out-{engine}-{size}-{'f' if findings else 'nf'}"
            row = {"engine": engine, "size": size, "findings": findings,
                   **run_engine(engine, corpus, out, findings, args.master, args.jobs, args.driver_memory)}
            row["b3_vs_generator"] = b3_against(out, gold)
            results.append(row)
            print(json.dumps(row), flush=True)
    same = {}
    analyses = {}
    for size, findings in plan:
        engines = (args.findings_engines or args.engines) if findings else args.engines
        outs = [work / f"out-{e}-{size}-{'f' if findings else 'nf'}" for e in engines.split(",")]
        if len(outs) == 2:
            import pyarrow.dataset as ds

            from newsprism.evaluate.clustering import bcubed

            a, b = ({r["article_id"]: r["story_id"] for r in ds.dataset(str(o / "assignments.parquet")).to_table().to_pylist()}
                    for o in outs)
            same[f"{size}{'-findings' if findings else ''}"] = round(bcubed(a, b).f1, 4)
            if findings:
                analyses[str(size)] = same_analyses(*outs)
    print(json.dumps({"b3_between_engines": same, "analyses_between_engines": analyses}))


if __name__ == "__main__":
    main()
