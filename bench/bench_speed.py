"""One machine at full speed (issue 14): parallel analysis, stored stories, streaming at 100k.

    .venv/bin/python bench/bench_speed.py parallel [--events 50] [--rounds 1]
    .venv/bin/python bench/bench_speed.py story [--repeat 3]
    .venv/bin/python bench/bench_speed.py stream [--size 100000]
    .venv/bin/python bench/bench_speed.py parse-cost [--events 50]
    .venv/bin/python bench/bench_speed.py growth [--sizes 10000 100000]

* parallel: the BASIL events (3 articles each, one stored story per event) analysed by
  `newsprism refresh --jobs 1` and `--jobs 2` (a fresh process each), same corpus, same run (analyses and parses
  dropped before each), model loads included; the ratio is the speed-up. Raw spaCy
  ``nlp.pipe`` on the same texts in the same run for scale, and the machine's ceiling for two
  processes in the same run (bench/bench_ceiling.py: a pure-CPU loop, random memory reads, and
  raw spaCy on the same texts, one process against two).
* story: ``newsprism analyze corpus.db --story N -f json`` in a fresh process on a 30-article
  stored story (10 BASIL events pooled): today's path (parse everything: the pipeline over
  the story's articles) against the stored analysis, and against stored parses only
  (analysis dropped); the JSON of all three must be identical.
* stream: a synthetic corpus of ``--size`` articles (bench/bench_corpus.py's generator; ``--corpus
  realistic``, the default, or ``dense``: see growth) with one article held out; then, in a fresh process, that article ingested (time to its story),
  and its story re-analysed with the other members' parses stored (time, warm model, as
  ``watch`` has it); ``stories --limit 50`` in a fresh process.
* parse-cost: ingest of the BASIL articles with and without ``--parse`` (ingest time, store
  size), same run.
* growth: ingest of synthetic corpora of each ``--sizes`` (default 10,000 and 100,000), a fresh
  store and process each: wall and CPU time, growth against the first size, for each ``--corpus``
  (default both): "realistic" (the main figure) keeps the 10k corpus's density, 10,000 articles a
  year, so the 100k corpus spans ten years, as an archive grows by adding days; "dense" (every
  figure before the ninth stop) puts every size in one year, so the 100k corpus has ten times the
  events per week of the 10k and candidate sets grow with n by construction. At 10,000 the two
  corpora are the same.

Every figure is wall-clock on a shared 2-core machine: the load average is printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
BASIL = SHARED / "datasets" / "basil" / "articles"
PY = sys.executable


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def basil_events(limit: int | None = None):
    """[(event uuid, [Article, ...])] in a stable order."""
    from newsprism.model import Article

    events: dict[str, list[Article]] = {}
    for path in sorted(BASIL.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        paras = [" ".join(p) if isinstance(p, list) else str(p) for p in data["body-paragraphs"]]
        text = "\n".join(p.strip() for p in paras if p.strip())
        outlet = {"nyt": "The New York Times", "fox": "Fox News", "hpo": "HuffPost"}.get(data.get("source"), data.get("source"))
        events.setdefault(data["triplet-uuid"], []).append(
            Article(id=path.stem, text=text, title=data.get("title"), outlet=outlet, published=data.get("date"), url=data.get("url"))
        )
    out = sorted(events.items())
    return out[:limit] if limit else out


def corpus_of_events(path: Path, events, pooled: int = 1):
    """A corpus whose story k holds events [k*pooled, (k+1)*pooled) — set directly (a bench
    fixture, not clustering)."""
    from newsprism.corpus.corpus import Corpus

    with Corpus(path) as corpus:
        corpus.add_articles(a for _, arts in events for a in arts)
        story_of = {a.id: 1 + i // pooled for i, (_, arts) in enumerate(events) for a in arts}
        conn = corpus.store.conn
        with corpus.store.transaction():
            rows = conn.execute("SELECT pk, id FROM articles").fetchall()
            conn.executemany("UPDATE articles SET story=? WHERE pk=?", [(story_of[i], pk) for pk, i in rows])
            conn.execute("DELETE FROM stories")
            conn.execute(
                "INSERT INTO stories(id, title, first_day, last_day, size, state)"
                " SELECT story, min(title), min(day), max(day), count(*), NULL FROM articles GROUP BY story"
            )
    return path


def synthetic_events(stories: int, per_story: int):
    """``stories`` stories of up to ``per_story`` articles built from real sentences: the events
    of bench/bench_corpus.py's generator (sentences of the public texts in ../shared, names and
    numbers replaced per event), planted copies left out, largest events first."""
    sys.path.insert(0, str(REPO / "bench"))
    from bench_corpus import synthetic

    from newsprism.model import Article

    by_event: dict[int, list[Article]] = {}
    for d in synthetic(max(2000, stories * per_story * 3)):
        if d.copy_of is None:
            by_event.setdefault(d.event, []).append(
                Article(id=d.id, text=d.text, title=d.title, outlet=d.outlet, published=d.published))
    chosen = sorted(by_event.items(), key=lambda kv: (-min(len(kv[1]), per_story), kv[0]))[:stories]
    return [(str(e), arts[:per_story]) for e, arts in chosen]


def cmd_parallel(args) -> None:
    from newsprism.corpus.corpus import Corpus
    from newsprism.nlp import load_pipeline

    if args.synthetic:
        events = synthetic_events(args.synthetic, args.per_story)
        print(f"synthetic stories from real sentences (bench_corpus.synthetic): {len(events)} x up to {args.per_story}")
    else:
        events = basil_events(args.events)
    n_articles = sum(len(a) for _, a in events)
    words = sum(len(a.text.split()) for _, arts in events for a in arts)
    tmp = Path(tempfile.mkdtemp())
    db = corpus_of_events(tmp / "basil.db", events)
    print(f"workload: {n_articles} articles, {words} words, {len(events)} stories; cores={os.cpu_count()}")
    nlp = load_pipeline()
    t0 = time.perf_counter()
    for _, arts in events:
        list(nlp.pipe(a.text for a in arts))
    raw = time.perf_counter() - t0
    print(f"raw spaCy nlp.pipe (model loaded): {raw:.1f} s, {n_articles / raw:.2f} articles/s   load {load()}")
    del nlp
    ceilings: dict[str, float] = {}
    if not args.no_ceiling:
        # what two processes can gain on this machine at all, same texts, same run
        sys.path.insert(0, str(REPO / "bench"))
        from bench_ceiling import ceiling

        ceilings = ceiling([a.text for _, arts in events for a in arts], rounds=args.rounds)
    results: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    for _ in range(args.rounds):
        for jobs in (1, 2):
            with Corpus(db) as corpus:
                with corpus.store.transaction():
                    corpus.store.conn.execute("DELETE FROM analyses")
                    corpus.store.conn.execute("DELETE FROM parses")
            # a fresh process per run, the command a user runs (`newsprism refresh DB --jobs N
            # --json`, through the console script's main()): the start-up and the model load are
            # part of both. CPU seconds (user + system) of the calling process and of its
            # workers (reaped when refresh returns): what each process worked, which the load
            # does not inflate
            code = (
                "import sys,json,resource\nfrom newsprism.cli import main\n"
                f"sys.argv=['newsprism','refresh',{str(db)!r},'--jobs','{jobs}','--json']\n"
                "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
                "r=resource.getrusage(resource.RUSAGE_SELF); w=resource.getrusage(resource.RUSAGE_CHILDREN)\n"
                "print(json.dumps({'cpu_main':r.ru_utime+r.ru_stime,'cpu_workers':w.ru_utime+w.ru_stime,"
                "'main_user_sys':[r.ru_utime,r.ru_stime],'workers_user_sys':[w.ru_utime,w.ru_stime]}))"
            )
            t0 = time.perf_counter()
            out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True).stdout
            seconds = time.perf_counter() - t0
            head, _, last = out.strip().rpartition("\n")
            summary = {**json.loads(head), **json.loads(last)}
            assert summary["stories"] == len(events) and not summary["failed"], summary
            results[jobs].append(seconds)
            main_cpu, worker_cpu = summary["cpu_main"], summary["cpu_workers"]
            # each worker's CPU at its last story (the refresh summary); the busier process bounds
            # the wall time on two free cores
            # the calling process's part before it started them is serial: on two free cores the
            # wall time is at least that plus the busier worker
            each = summary.get("worker_cpu_seconds") or []
            before = summary.get("cpu_seconds_before_workers", 0.0) if each else 0.0
            cpu[jobs].append((main_cpu + worker_cpu, max(main_cpu, before + max(each, default=0.0))))
            print(
                f"jobs={jobs}: {seconds:.1f} s wall ({n_articles / seconds:.2f} articles/s), CPU s: main {main_cpu:.1f}"
                " (user {:.1f}, sys {:.1f})".format(*summary["main_user_sys"])
                + f" + workers {worker_cpu:.1f}" + " (user {:.1f}, sys {:.1f}".format(*summary["workers_user_sys"])
                + (f"; each {', '.join(f'{c:.1f}' for c in summary['worker_cpu_seconds'])}; main before the workers"
                   f" {summary['cpu_seconds_before_workers']:.1f})" if summary.get("worker_cpu_seconds") else ")")
                + f" = {main_cpu + worker_cpu:.1f}; "
                f"peak RSS {summary['peak_rss_mib']:.0f} MiB main / {summary['worker_peak_rss_mib']:.0f} MiB worker   load {load()}"
            )
    one, two = min(results[1]), min(results[2])
    print(f"speed-up with 2 processes: {one / two:.2f}x wall (target >= 1.7)   full analysis (1 process, incl. model load) vs raw parse: {raw / one:.2f}")
    if ceilings:
        print("the same against this machine's ceiling (two processes vs one, same run): "
              + ", ".join(f"{one / two / v:.2f} of {k} ({v:.2f}x)" for k, v in ceilings.items()))
    # on a loaded machine the wall ratio measures the scheduler's share; in CPU time, two
    # processes on two free cores take as long as the busier one: the estimate below
    cpu_one = min(total for total, _ in cpu[1])
    cpu_two_total, cpu_two_busiest = min(cpu[2], key=lambda x: x[1])
    print(f"CPU: jobs=1 {cpu_one:.1f} s; jobs=2 {cpu_two_total:.1f} s in all, the critical path {cpu_two_busiest:.1f} s (the calling process before the workers + the busier worker) -> "
          f"speed-up on two free cores at most {cpu_one / cpu_two_busiest:.2f}x (CPU-time estimate)")
    shutil.rmtree(tmp, ignore_errors=True)


def _cli(*argv: str) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run([PY, "-m", "newsprism.cli", *argv], capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - t0, out


def cmd_story(args) -> None:
    from newsprism.corpus.corpus import Corpus

    events = basil_events(10)
    tmp = Path(tempfile.mkdtemp())
    db = corpus_of_events(tmp / "story.db", events, pooled=10)
    with Corpus(db) as corpus:
        (story,) = corpus.stories()
    n = len(story.articles)
    # today's path: parse every article of the story, then analyse (what `analyze --story` did)
    old_code = (
        "import sys; from newsprism.corpus.corpus import Corpus; from newsprism.pipeline import analyze_articles;"
        "from newsprism.report.json import to_json;"
        f"c=Corpus({str(db)!r}); sys.stdout.write(to_json(analyze_articles(c.story_articles({story.id})))+'\\n')"
    )
    best = {"reparse": float("inf"), "stored": float("inf"), "parses": float("inf")}
    outputs = {}
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        outputs["reparse"] = subprocess.run([PY, "-c", old_code], capture_output=True, text=True, check=True).stdout
        best["reparse"] = min(best["reparse"], time.perf_counter() - t0)
        with Corpus(db) as corpus, corpus.store.transaction():
            corpus.store.conn.execute("DELETE FROM analyses")
        seconds, outputs["parses"] = _cli("analyze", str(db), "--story", str(story.id), "-f", "json")
        if _ > 0 or args.repeat == 1:  # the first run parses and stores the parses
            best["parses"] = min(best["parses"], seconds)
        seconds, outputs["stored"] = _cli("analyze", str(db), "--story", str(story.id), "-f", "json")
        best["stored"] = min(best["stored"], seconds)
    same = outputs["reparse"] == outputs["stored"] == outputs["parses"]
    print(f"story: {n} articles; best of {args.repeat}, fresh process each; load {load()}")
    print(f"  re-parse (today's path)           : {best['reparse']:.2f} s")
    print(f"  stored parses, analysis recomputed: {best['parses']:.2f} s  ({best['reparse'] / best['parses']:.1f}x faster)")
    print(f"  stored analysis                   : {best['stored']:.2f} s  ({best['reparse'] / best['stored']:.1f}x faster; target >= 5x)")
    print(f"  same JSON output: {same}")
    shutil.rmtree(tmp, ignore_errors=True)


def cmd_parse_cost(args) -> None:
    events = basil_events(args.events)
    tmp = Path(tempfile.mkdtemp())
    src = tmp / "in.jsonl"
    with open(src, "w", encoding="utf-8") as handle:
        for _, arts in events:
            for a in arts:
                handle.write(json.dumps({"id": a.id, "text": a.text, "title": a.title, "outlet": a.outlet, "published": a.published}) + "\n")
    n = sum(len(a) for _, a in events)
    import resource

    cpu = {}
    for k, flag in enumerate(([], ["--parse", "--jobs", "1"], ["--parse", "--jobs", "2"])):
        db = tmp / f"c{k}.db"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds, _ = _cli("ingest", str(db), str(src), "-q", *flag)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime  # the process and its workers
        cpu[" ".join(flag)] = used
        size = sum(p.stat().st_size for p in tmp.glob(f"{db.name}*"))
        print(f"ingest {n} articles {' '.join(flag) or '(no parse)'}: {seconds:.1f} s wall, {used:.1f} s CPU "
              f"(process tree), store {size / 2**20:.1f} MiB   load {load()}", flush=True)
    plain = cpu[""]
    print(f"--parse costs {cpu['--parse --jobs 1'] / plain:.1f}x the CPU of a plain ingest "
          f"({(cpu['--parse --jobs 1'] - plain) / n:.2f} s CPU per article)")
    shutil.rmtree(tmp, ignore_errors=True)


def cmd_stream(args) -> None:
    sys.path.insert(0, str(REPO / "bench"))
    from bench_corpus import span_days, synthetic

    from newsprism.corpus.corpus import Corpus
    from newsprism.model import Article

    tmp = Path(args.db).parent if args.db else Path(tempfile.mkdtemp())
    db = Path(args.db) if args.db else tmp / "big.db"
    docs = synthetic(args.size, dense=args.corpus == "dense")
    print(f"corpus: {args.corpus}, {span_days(args.size, args.corpus == 'dense')} days")
    # hold out the last article of a mid-sized event that is not a planted copy
    sizes: dict[int, int] = {}
    for d in docs:
        sizes[d.event] = sizes.get(d.event, 0) + 1
    held = next(d for d in reversed(docs) if d.copy_of is None and 8 <= sizes[d.event] <= 40)

    def to_article(d) -> Article:
        return Article(id=d.id, text=d.text, title=d.title, outlet=d.outlet, published=d.published)

    if args.db and db.exists():
        # a corpus kept by an earlier run (--keep): work on a copy so the held-out article is new again
        work = tmp / "work.db"
        for suffix in ("", "-wal", "-shm"):
            if (tmp / f"work.db{suffix}").exists():
                (tmp / f"work.db{suffix}").unlink()
        shutil.copyfile(db, work)
        db = work
        print(f"reusing {args.db} ({args.size - 1} articles), copied to {work}")
        with Corpus(db) as corpus:
            stored = corpus.store.conn.execute("SELECT 1 FROM articles WHERE id=?", (held.id,)).fetchone()
        if stored:  # an earlier run added the held-out article: a new article of its event instead,
            # every k-th sentence from each of its k stored event-mates in turn (not a copy of any)
            import re

            mates_docs = [d for d in docs if d.event == held.event and d.copy_of is None]
            split = [re.split(r"(?<=[.!?])\s+", d.text) for d in mates_docs]
            k = len(split)
            mixed = [sents[i] for j, sents in enumerate(split) for i in range(j % 3, len(sents), 3)][: 40]
            held = held._replace(id=f"{held.id}-new", text=" ".join(mixed), title=f"{held.title} (update)")
            print(f"the held-out article is stored already: a new article of its event from {k} stored reports")
    else:
        t0 = time.perf_counter()
        with Corpus(db) as corpus:
            corpus.add_articles(to_article(d) for d in docs if d.id != held.id)
        print(f"built {args.size - 1} articles in {time.perf_counter() - t0:.0f} s   load {load()}")
    # the held-out article's event-mates are stored, parsed and analysed (an up-to-date corpus)
    with Corpus(db) as corpus:
        mates = [d.id for d in docs if d.event == held.event and d.id != held.id]
        story = corpus.store.conn.execute(
            f"SELECT story, count(*) c FROM articles WHERE id IN ({','.join('?' * len(mates))}) GROUP BY story ORDER BY c DESC",
            mates,
        ).fetchone()[0]
    code = f"""
import json, time, resource
t0 = time.perf_counter()
from newsprism.corpus.corpus import Corpus
imported = time.perf_counter() - t0
from newsprism.engines.local import Analyser, story_analysis
from newsprism.model import Article
c = Corpus({str(db)!r})
an = Analyser(); an.nlp; an._embedder()
story_analysis(c, {story}, analyser=an)   # the story as it was, analysed and parsed (setup)
ready = time.perf_counter()
a = Article(id={held.id!r}, text={held.text!r}, title={held.title!r}, outlet={held.outlet!r}, published={held.published!r})
t1 = time.perf_counter(); p1 = time.process_time(); c.add_articles([a]); placed = time.perf_counter() - t1; placed_cpu = time.process_time() - p1
t3 = time.perf_counter(); c2 = Corpus({str(db)!r}); c2.stories(limit=50); c2.count_stories(); page = time.perf_counter() - t3
sid = c.store.conn.execute("SELECT story FROM articles WHERE id=?", ({held.id!r},)).fetchone()[0]
t2 = time.perf_counter(); p2 = time.process_time(); s = story_analysis(c, sid, analyser=an); refreshed = time.perf_counter() - t2; refreshed_cpu = time.process_time() - p2
n = len(s.to_dict()["documents"])
print(json.dumps({{"placed_s": placed, "placed_cpu_s": placed_cpu, "refreshed_cpu_s": refreshed_cpu, "import_s": imported, "page_s": page, "partial_loads": c._policy.loads, "refreshed_s": refreshed, "story": sid, "expected_story": {story}, "story_articles": n,
  "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""
    out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    print(
        f"in-process: import of the corpus API {result['import_s']:.2f} s; a page of 50 stories + total "
        f"{result['page_s']:.3f} s (open included); partial index loads: {result['partial_loads']}"
    )
    print(
        f"one new article into {args.size - 1}: placed in {result['placed_s']:.3f} s wall, {result['placed_cpu_s']:.3f} s CPU "
        f"(target <= 1 s), story {result['story']} (its event's story: {result['expected_story']}, "
        f"{result['story_articles']} articles) re-analysed in {result['refreshed_s']:.2f} s wall, "
        f"{result['refreshed_cpu_s']:.2f} s CPU (target <= 2 s); peak RSS {result['peak_rss_mib']:.0f} MiB   load {load()}"
    )
    runs = []
    for _ in range(3):
        code = ("import resource, runpy, sys; sys.argv = ['newsprism', 'stories', %r, '--limit', '50'];"
                "import contextlib, io\n"
                "with contextlib.redirect_stdout(io.StringIO()):\n"
                "    try: runpy.run_module('newsprism.cli', run_name='__main__')\n"
                "    except SystemExit: pass\n"
                "r = resource.getrusage(resource.RUSAGE_SELF); print(r.ru_utime + r.ru_stime)") % str(db)
        t0 = time.perf_counter()
        out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True).stdout
        runs.append((time.perf_counter() - t0, float(out.strip().splitlines()[-1])))
    wall, cpu = min(runs)
    print(f"stories --limit 50 on {args.size}: {wall:.2f} s wall, {cpu:.2f} s CPU (user + system), fresh process "
          f"(interpreter start-up and imports included), best of 3 (target <= 1 s)   load {load()}")
    if args.keep or args.db:
        print(f"corpus kept: {db}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)


def cmd_growth(args) -> None:
    """Ingest time of synthetic corpora of each size (fresh store, fresh process each): wall
    and CPU seconds (user + system of the process: on a shared machine the CPU time is the
    figure the load does not inflate), and the growth against the first size."""
    code = """
import json, resource, sys, time
sys.path.insert(0, {bench!r})
from bench_corpus import synthetic
from newsprism.corpus.corpus import Corpus
from newsprism.model import Article
docs = synthetic({n}, dense={dense})
r0 = resource.getrusage(resource.RUSAGE_SELF); t0 = time.perf_counter()
with Corpus({db!r}) as c:
    c.add_articles(Article(id=d.id, text=d.text, title=d.title, outlet=d.outlet, published=d.published) for d in docs)
wall = time.perf_counter() - t0; r1 = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"wall": wall, "cpu": r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime,
                  "rss_mib": r1.ru_maxrss / 1024}}))
"""
    import math

    sys.path.insert(0, str(REPO / "bench"))
    from bench_corpus import span_days

    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp())
    tmp.mkdir(parents=True, exist_ok=True)
    for kind in args.corpus:
        base = None
        for n in args.sizes:
            db = tmp / f"{kind}{n}.db"
            for f in tmp.glob(f"{kind}{n}.db*"):
                f.unlink()
            out = subprocess.run([PY, "-c", code.format(bench=str(REPO / "bench"), n=n, db=str(db), dense=kind == "dense")],
                                 capture_output=True, text=True, check=True).stdout
            r = json.loads(out.strip().splitlines()[-1])
            base = base or (n, r)
            bn, br = base
            nlogn = (n * math.log(n)) / (bn * math.log(bn))
            print(f"{kind} ({span_days(n, kind == 'dense'):,} days) ingest {n:,}: {r['wall']:.1f} s wall "
                  f"({n / r['wall']:.0f} art/s), {r['cpu']:.1f} s CPU, peak RSS {r['rss_mib']:.0f} MiB; growth vs "
                  f"{bn:,}: x{r['wall'] / br['wall']:.2f} wall, x{r['cpu'] / br['cpu']:.2f} CPU (n log n: x{nlogn:.2f})"
                  f"   load {load()}", flush=True)
            if not args.keep:
                for f in tmp.glob(f"{kind}{n}.db*"):
                    f.unlink()
    if args.keep:
        print(f"stores kept in {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("parallel")
    p.add_argument("--events", type=int, default=None, help="BASIL events (3 articles each; 50 exist)")
    p.add_argument("--synthetic", type=int, default=0, help="instead: this many synthetic stories from real sentences")
    p.add_argument("--per-story", type=int, default=6, help="articles per synthetic story, at most")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--no-ceiling", action="store_true", help="skip bench_ceiling's baselines (pure CPU, memory, raw spaCy 1 vs 2 processes)")
    p = sub.add_parser("story")
    p.add_argument("--repeat", type=int, default=3)
    p = sub.add_parser("stream")
    p.add_argument("--size", type=int, default=100_000)
    p.add_argument("--keep", action="store_true", help="keep the corpus file (its path is printed)")
    p.add_argument("--db", default=None, help="build the corpus at this path, or reuse it when it exists (a copy is measured)")
    p.add_argument("--corpus", choices=("realistic", "dense"), default="realistic",
                   help="the synthetic corpus: a fixed rate of articles a year (realistic) or one year whatever the size")
    p = sub.add_parser("growth")
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--corpus", choices=("realistic", "dense"), nargs="+", default=["realistic", "dense"],
                   help="which synthetic corpora, in this order (see above)")
    p.add_argument("--keep", default=None, help="keep the stores in this folder (<corpus><size>.db)")
    p = sub.add_parser("parse-cost")
    p.add_argument("--events", type=int, default=None)
    args = parser.parse_args()
    print(f"load average at start: {load()}")
    {"parallel": cmd_parallel, "story": cmd_story, "stream": cmd_stream, "parse-cost": cmd_parse_cost,
     "growth": cmd_growth}[args.cmd](args)


if __name__ == "__main__":
    main()
