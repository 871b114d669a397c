"""The local batch engine: ``newsprism batch --engine local INPUT... -o OUTPUT_DIR``.

Runs the steps of :mod:`newsprism.engines.steps` in this process (the analyses on
``jobs`` worker processes) and writes the same Parquet tables as the Spark engine
(:mod:`newsprism.engines.spark`):

    articles  assignments  families  stories  entities  quotes  figures  findings  analyses  skipped

Resumable: each finished step leaves its result under ``OUTPUT_DIR/_work`` (with the
inputs and settings it was made from), and the analyses are written one shard of
stories at a time, so a run stopped at any point and started again with the same
inputs redoes only the unfinished shard. ``load_output`` opens the tables in a corpus
store (``newsprism load``), where ``stories``, ``search``, ``analyze --story`` and the
web pages read them.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from newsprism.engines import steps
from newsprism.engines.steps import BatchParams
from newsprism.model import Skipped

__all__ = [
    "BatchSummary",
    "Progress",
    "run_local",
    "input_fingerprint",
    "finish_tables",
    "load_output",
    "OUTPUT_TABLES",
    "peak_rss_mib",
    "tree_cpu_seconds",
]

OUTPUT_TABLES = (
    "articles", "assignments", "families", "stories", "entities", "quotes", "figures", "findings", "analyses", "skipped",
)
SHARD_ARTICLES = 1000  # analyses: stories are written in shards of about this many articles


def peak_rss_mib() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def tree_cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and every process under it, live or
    finished (a Spark run's JVM and Python workers, a local run's pool): what the machine's
    load does not inflate. Linux /proc; elsewhere this process and its waited-for children."""
    import resource

    try:
        tick = os.sysconf("SC_CLK_TCK")
        children: dict[int, list[int]] = {}
        stats: dict[int, list[str]] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry)] = fields
            children.setdefault(int(fields[1]), []).append(int(entry))
        total, stack = 0, [os.getpid()]
        while stack:
            pid = stack.pop()
            stat = stats.get(pid)
            if stat:  # utime, stime, cutime, cstime: fields 14-17 of /proc/PID/stat
                total += sum(int(x) for x in stat[11:15])
            stack.extend(children.get(pid, []))
        return total / tick
    except (OSError, ValueError, AttributeError):
        own = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


class Progress:
    """One line per update on stderr: step, done/total, rate and ETA (at most every
    ``every`` seconds, and always at the end of a step). Work an earlier run finished
    (:meth:`carry`: a resumed run's kept shards) counts as done but not in the rate."""

    def __init__(self, stream=None, every: float = 2.0, quiet: bool = False):
        self.stream = stream or sys.stderr
        self.every = every
        self.quiet = quiet
        self._step = ""
        self._started = 0.0
        self._shown = 0.0
        self._carried = 0

    def start(self, step: str, total: int | None = None, unit: str = "articles") -> None:
        self._step, self._total, self._unit = step, total, unit
        self._started = self._shown = time.perf_counter()
        self._carried = 0

    def carry(self, done: int) -> None:
        """``done`` more of this step were finished by an earlier run."""
        self._carried += done

    def update(self, done: int, total: int | None = None, force: bool = False, extra: str = "") -> None:
        if self.quiet:
            return
        now = time.perf_counter()
        if not force and now - self._shown < self.every:
            return
        self._shown = now
        total = total if total is not None else self._total
        elapsed = max(now - self._started, 1e-9)
        rate = max(done - self._carried, 0) / elapsed
        line = f"batch: {self._step}: {done:,}"
        if total:
            line += f"/{total:,} {self._unit}"
            if 0 < done < total and rate > 0:
                line += f", {rate:,.1f}/s, ETA {_duration((total - done) / rate)}"
            else:
                line += f", {rate:,.1f}/s"
        else:
            line += f" {self._unit}, {rate:,.1f}/s"
        line += f", {_duration(elapsed)} so far"
        if extra:
            line += f" ({extra})"
        print(line, file=self.stream, flush=True)

    def note(self, message: str) -> None:
        if not self.quiet:
            print(f"batch: {message}", file=self.stream, flush=True)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


@dataclass
class BatchSummary:
    """What one batch run did, with the time each step took."""

    engine: str = "local"
    articles: int = 0
    duplicates: int = 0
    skipped: int = 0
    families: int = 0
    copies: int = 0
    stories: int = 0
    analysed_stories: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    cpu_seconds: dict[str, float] = field(default_factory=dict)  # of the whole process tree, per step
    resumed: list[str] = field(default_factory=list)
    peak_rss_mib: float = 0.0
    output: str = ""

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine, "articles": self.articles, "duplicates": self.duplicates,
            "skipped": self.skipped, "families": self.families, "copies": self.copies,
            "stories": self.stories, "analysed_stories": self.analysed_stories,
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
            "total_seconds": round(self.total_seconds, 3),
            "cpu_seconds": {k: round(v, 3) for k, v in self.cpu_seconds.items()},
            "articles_per_second": round(self.articles / self.total_seconds, 1) if self.total_seconds else 0.0,
            "resumed": self.resumed, "peak_rss_mib": round(self.peak_rss_mib, 1), "output": self.output,
        }


def input_fingerprint(inputs: Sequence[str], mapping: Mapping[str, str] | None, params: BatchParams) -> str:
    """What a run's results depend on: the inputs (path, size, modification time of every
    local file; the name of anything else), the mapping and the settings."""
    digest = hashlib.sha256()
    for raw in inputs:
        digest.update(str(raw).encode())
        path = Path(raw)
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            try:
                st = f.stat()
            except OSError:
                continue
            digest.update(f"{f}:{st.st_size}:{st.st_mtime_ns}".encode())
    digest.update(json.dumps(dict(mapping or {}), sort_keys=True).encode())
    digest.update(params.fingerprint().encode())
    return digest.hexdigest()[:20]


class WorkDir:
    """``OUTPUT_DIR/_work``: results of finished steps, valid for one input fingerprint."""

    def __init__(self, output: Path, fingerprint: str, fresh: bool, progress: Progress):
        self.root = output / "_work"
        stamp = self.root / "fingerprint"
        if self.root.exists() and (fresh or not stamp.is_file() or stamp.read_text().strip() != fingerprint):
            if not fresh and stamp.is_file():
                progress.note("inputs or settings changed since the last run in this folder: starting over")
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True, exist_ok=True)
        stamp.write_text(fingerprint)

    def path(self, name: str) -> Path:
        return self.root / name

    def done(self, name: str) -> bool:
        return (self.root / f"{name}.done").is_file()

    def mark(self, name: str, info: Mapping[str, Any] | None = None) -> None:
        (self.root / f"{name}.done").write_text(json.dumps(dict(info or {})))

    def info(self, name: str) -> dict[str, Any]:
        return json.loads((self.root / f"{name}.done").read_text() or "{}")


# -- parquet helpers -----------------------------------------------------------------------


def _write(path: Path, rows: Sequence[Mapping[str, Any]], columns: Sequence[str], schema=None) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    if schema is not None:
        table = pa.Table.from_pylist(list(rows), schema=schema)
    else:
        table = pa.Table.from_pydict({c: [r.get(c) for r in rows] for c in columns})
    pq.write_table(table, tmp)
    os.replace(tmp, path)  # a table is there whole or not at all


def _read(path: Path):
    import pyarrow.parquet as pq

    return pq.read_table(path)


# -- the local engine ----------------------------------------------------------------------


def read_articles(
    inputs: Sequence[str], mapping: Mapping[str, str] | None, progress: Progress
) -> tuple[list[dict[str, Any]], list[Skipped]]:
    """Step 1 (local): read every input with the corpus readers, as article records."""
    from newsprism.corpus.corpus import iter_inputs

    records: list[dict[str, Any]] = []
    skipped: list[Skipped] = []
    progress.start("read", None)
    # a JSONL id on two lines is read twice (the Spark engine reads lines in parallel and cannot
    # tell which came first): exact copies count as duplicates, different texts become id#hash12
    for item in iter_inputs(inputs, mapping, jsonl_unique_ids=False):
        if isinstance(item, Skipped):
            skipped.append(item)
            progress.note(f"skipped {item.path}{'' if item.line is None else f' line {item.line}'}: {item.reason}")
            continue
        records.append(steps.article_record(steps.table_id(item)))
        progress.update(len(records))
    progress.update(len(records), force=True)
    return records, skipped


def number_articles(records: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """Exact duplicates out (the smallest id kept), shared ids made unique, pk = 1..n in
    (day, id) order. Returns the records and the number of duplicates dropped."""
    by_hash: dict[str, dict[str, Any]] = {}
    for r in records:
        kept = by_hash.get(r["hash"])
        if kept is None or r["article_id"] < kept["article_id"]:
            by_hash[r["hash"]] = r
    duplicates = len(records) - len(by_hash)
    hashes_of: dict[str, set[str]] = defaultdict(set)
    for r in by_hash.values():
        hashes_of[r["article_id"]].add(r["hash"])
    out = []
    for r in by_hash.values():
        r = dict(r)
        r["article_id"] = steps.unique_id(r["article_id"], r["hash"], len(hashes_of[r["given_id"]]) > 1)
        out.append(r)
    out.sort(key=lambda r: steps.order_key(r["day"], r["article_id"]))
    for pk, r in enumerate(out, start=1):
        r["pk"] = pk
    return out, duplicates


def find_families(
    records: Sequence[Mapping[str, Any]], params: BatchParams, progress: Progress
) -> tuple[dict[int, int], dict[int, bytes]]:
    """Step 2 (local): pk -> pk of its family's representative; and pk -> signature."""
    detector = params.detector()
    buckets: dict[tuple[int, int], list[tuple[int, bytes]]] = defaultdict(list)
    signatures: dict[int, bytes] = {}
    progress.start("signatures", len(records))
    for start in range(0, len(records), 512):
        chunk = records[start : start + 512]
        for r, (sig, bands) in zip(chunk, steps.signature_records(detector, [r["text"] for r in chunk])):
            signatures[r["pk"]] = sig
            for band, key in enumerate(bands):
                buckets[(band, key)].append((r["pk"], sig))
        progress.update(start + len(chunk))
    progress.update(len(records), force=True)
    pairs: list[tuple[int, int]] = []
    for members in buckets.values():
        if len(members) > 1:
            pairs.extend(steps.bucket_pairs(detector, members, params.copy_window))
    pks = [r["pk"] for r in records]
    roots = _components(pks, pairs)
    return roots, signatures


def _components(pks: Sequence[int], pairs: Sequence[tuple[int, int]]) -> dict[int, int]:
    if not pks:
        return {}
    size = max(pks) + 1
    a = np.fromiter((p[0] for p in pairs), dtype=np.int64, count=len(pairs))
    b = np.fromiter((p[1] for p in pairs), dtype=np.int64, count=len(pairs))
    label = steps.components_array(size, a, b)
    return {pk: int(label[pk]) for pk in pks}


def find_stories(
    records: Sequence[Mapping[str, Any]], family: Mapping[int, int], params: BatchParams, progress: Progress
) -> dict[int, int]:
    """Step 3 (local): pk -> story id (1..k, numbered in the order of each story's first article)."""
    cp = params.cluster
    reps = [(r["pk"], r["text"], r["title"], r["day"]) for r in records if family[r["pk"]] == r["pk"]]
    progress.start("vectors", len(reps))
    vectors, _, _ = steps.all_vectors(reps, cp)
    progress.update(len(reps), force=True)
    progress.start("neighbours", len(reps))
    candidates: dict[int, list[int]] = {}
    edges = steps.local_edges(vectors, cp, params.posting_cap, candidates)
    progress.update(len(reps), force=True, extra=f"{len(edges):,} edges")
    group = merge_groups(vectors, edges, cp)
    group.update(steps.attach_lone(vectors, group, candidates, cp))
    return number_stories({r["pk"]: group[family[r["pk"]]] for r in records})


def merge_groups(vectors, edges, cp) -> dict[int, int]:
    """Connected components of the neighbour edges, each merged by :func:`steps.merge_component`."""
    comp = _components(list(vectors), [(i, j) for _, i, j in edges])
    members: dict[int, list[int]] = defaultdict(list)
    for pk, root in comp.items():
        members[root].append(pk)
    comp_edges: dict[int, list[tuple[float, int, int]]] = defaultdict(list)
    for e in edges:
        comp_edges[comp[e[1]]].append(e)
    group: dict[int, int] = {}
    for root, pks in members.items():
        if len(pks) == 1:
            group[pks[0]] = pks[0]
        else:
            group.update(steps.merge_component({pk: vectors[pk] for pk in pks}, comp_edges[root], cp))
    return group


def number_stories(group_of: Mapping[int, int]) -> dict[int, int]:
    """Story ids 1..k in the order of each group's smallest pk."""
    ids = {root: i for i, root in enumerate(sorted(set(group_of.values())), start=1)}
    return {pk: ids[root] for pk, root in group_of.items()}


def _story_shards(story: Mapping[int, int], shard_articles: int) -> int:
    return max(1, -(-len(story) // shard_articles))


def analyse_stories(
    records: Sequence[Mapping[str, Any]],
    family: Mapping[int, int],
    story: Mapping[int, int],
    params: BatchParams,
    work: WorkDir,
    progress: Progress,
    jobs: int = 1,
    shard_articles: int = SHARD_ARTICLES,
) -> tuple[int, list[str]]:
    """Step 4 (local): every story through the pipeline, a shard of stories at a time
    (a finished shard is kept: a resumed run skips it). Returns (stories analysed, shards reused)."""
    shards = _story_shards(story, shard_articles)
    rep_id = {r["pk"]: r["article_id"] for r in records}
    by_story: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for r in records:
        by_story[story[r["pk"]]].append(r)
    total = len(records)
    done_articles = 0
    reused: list[str] = []
    analysed = 0
    progress.start("analyses", total)
    for shard in range(shards):
        name = f"analyses-{shard:05d}"
        mine = sorted(s for s in by_story if s % shards == shard)
        size = sum(len(by_story[s]) for s in mine)
        if work.done(name):
            reused.append(name)
            done_articles += size
            progress.carry(size)
            analysed += len(mine)
            continue
        tasks = [
            (s, [(dict(r), rep_id[family[r["pk"]]]) for r in by_story[s][: params.max_story_articles]])
            for s in mine
        ]
        tables: dict[str, list[dict[str, Any]]] = {t: [] for t in steps.TABLES}
        for rows, n in _run_analyses(tasks, jobs):
            for t, items in rows.items():
                tables[t].extend(items)
            done_articles += n
            analysed += 1
            progress.update(done_articles, total, extra=f"shard {shard + 1}/{shards}")
        shard_dir = work.path(name)
        shard_dir.mkdir(exist_ok=True)
        for t, cols in steps.TABLES.items():
            _write(shard_dir / f"{t}.parquet", tables[t], cols, schema=table_schema(t))
        work.mark(name, {"stories": len(mine)})
        # stories of this shard beyond max_story_articles were not parsed: count them done
        done_articles += size - sum(len(t[1]) for t in tasks)
    progress.update(done_articles, total, force=True)
    return analysed, reused


def _run_analyses(tasks, jobs: int):
    """(tables, articles) per story, in task order; ``jobs`` > 1 uses worker processes,
    each loading the model once."""
    if jobs <= 1 or len(tasks) <= 1:
        for story_id, rows in tasks:
            yield steps.analyse_story(story_id, rows, len(rows)), len(rows)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        for result, (_, rows) in zip(pool.map(_analyse_task, tasks, chunksize=1), tasks):
            yield result, len(rows)


def _analyse_task(task):
    story_id, rows = task
    return steps.analyse_story(story_id, rows, len(rows))


def table_schema(name: str):
    """The Arrow schema of an output table (the same for both engines)."""
    import pyarrow as pa

    s, i, f, b = pa.string(), pa.int64(), pa.float64(), pa.bool_()
    lst = pa.list_(pa.string())
    schemas = {
        "entities": [("story_id", i), ("entity_id", s), ("name", s), ("type", s), ("variants", lst),
                     ("mentions", i), ("documents", i), ("mentions_json", s)],
        "quotes": [("story_id", i), ("article_id", s), ("start", i), ("end", i), ("text", s), ("speaker", s),
                   ("speaker_entity", s), ("partial", b)],
        "figures": [("story_id", i), ("article_id", s), ("start", i), ("end", i), ("text", s), ("value", s), ("number", f),
                    ("unit", s), ("qualifier", s), ("counts", s), ("source", s)],
        "findings": [("story_id", i), ("list", s), ("finding_id", s), ("kind", s), ("about", s), ("docs", lst),
                     ("json", s)],
        "analyses": [("story_id", i), ("articles", i), ("seconds", f), ("json", s), ("error", s)],
        "articles": [("pk", i), ("article_id", s), ("hash", s), ("given_id", s), ("title", s), ("outlet", s),
                     ("outlet_source", s), ("published", s), ("day", i), ("url", s), ("authors", lst),
                     ("source", s), ("text", s), ("meta", s), ("family_id", s), ("story_id", i)],
        "assignments": [("article_id", s), ("family_id", s), ("story_id", i)],
        "families": [("family_id", s), ("representative", s), ("size", i), ("outlets", lst)],
        "stories": [("story_id", i), ("title", s), ("first_seen", s), ("last_seen", s), ("articles", i),
                    ("families", i), ("outlets", lst)],
        "skipped": [("path", s), ("line", i), ("reason", s)],
        "signatures": [("pk", i), ("signature", pa.binary())],
    }
    return pa.schema(schemas[name])


def group_tables(
    records: Sequence[Mapping[str, Any]], family: Mapping[int, int], story: Mapping[int, int]
) -> dict[str, list[dict[str, Any]]]:
    """articles, assignments, families and stories rows from the assignment of every article."""
    rep_id = {r["pk"]: r["article_id"] for r in records}
    articles, assignments = [], []
    fam_members: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    story_members: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for r in records:
        fam = rep_id[family[r["pk"]]]
        sid = story[r["pk"]]
        articles.append({**{k: r.get(k) for k in (c.name for c in table_schema("articles")) if k in r},
                         "family_id": fam, "story_id": sid})
        assignments.append({"article_id": r["article_id"], "family_id": fam, "story_id": sid})
        fam_members[family[r["pk"]]].append(r)
        story_members[sid].append(r)
    families = [
        {"family_id": rep_id[root], "representative": rep_id[root], "size": len(rows),
         "outlets": sorted({r["outlet"] for r in rows if r.get("outlet")})}
        for root, rows in sorted(fam_members.items(), key=lambda kv: rep_id[kv[0]])
    ]
    stories = []
    for sid, rows in sorted(story_members.items()):
        days = [r["day"] for r in rows if r.get("day") is not None]
        stories.append({
            "story_id": sid, "title": rows[0].get("title"),
            "first_seen": _iso(min(days)) if days else None, "last_seen": _iso(max(days)) if days else None,
            "articles": len(rows), "families": len({family[r["pk"]] for r in rows}),
            "outlets": sorted({r["outlet"] for r in rows if r.get("outlet")}),
        })
    return {"articles": articles, "assignments": assignments, "families": families, "stories": stories}


def _iso(day: int) -> str:
    import datetime

    return datetime.date.fromordinal(day).isoformat()


def finish_tables(output: Path, work: WorkDir, groups: Mapping[str, Sequence[Mapping[str, Any]]],
                  skipped: Sequence[Skipped]) -> None:
    """Write the output tables: the grouping ones, the analyses shards gathered, skipped."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    for name, rows in groups.items():
        _write(output / f"{name}.parquet", rows, (), schema=table_schema(name))
    for name in steps.TABLES:
        parts = sorted(work.root.glob(f"analyses-*/{name}.parquet"))
        schema = table_schema(name)
        table = pa.concat_tables([pq.read_table(p) for p in parts]) if parts else schema.empty_table()
        table = table.sort_by([("story_id", "ascending")]) if table.num_rows else table
        tmp = output / f"{name}.parquet.tmp"
        pq.write_table(table.cast(schema), tmp)
        os.replace(tmp, output / f"{name}.parquet")
    _write(output / "skipped.parquet", [{"path": s.path, "line": s.line, "reason": s.reason} for s in skipped],
           (), schema=table_schema("skipped"))


@dataclass
class BatchRun:
    """What both engines set up before their first step: settings, the output folder with its
    resume state, the summary, and a lap timer (``lap(step)`` adds the time since the last lap)."""

    params: BatchParams
    fields: dict[str, str]
    progress: Progress
    output: Path
    work: WorkDir
    summary: BatchSummary
    timer: float = field(default_factory=time.perf_counter)
    cpu: float = field(default_factory=tree_cpu_seconds)

    def lap(self, name: str) -> None:
        now, cpu = time.perf_counter(), tree_cpu_seconds()
        self.summary.seconds[name] = self.summary.seconds.get(name, 0.0) + now - self.timer
        self.summary.cpu_seconds[name] = self.summary.cpu_seconds.get(name, 0.0) + cpu - self.cpu
        self.timer, self.cpu = now, cpu


def start_run(
    engine: str,
    inputs: Sequence[str],
    output: str | Path,
    mapping: Mapping[str, str] | str | None,
    params: BatchParams | None,
    fresh: bool,
    progress: Progress | None,
) -> BatchRun:
    """Settings checked (ValueError for a malformed mapping, before anything is read), the
    output folder made, its resume state opened (started over when inputs or settings changed)."""
    from newsprism.corpus.tabular import parse_mapping

    params = params or BatchParams()
    fields = parse_mapping(mapping)
    progress = progress or Progress()
    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    work = WorkDir(output, input_fingerprint(inputs, fields, params), fresh, progress)
    return BatchRun(params, fields, progress, output, work, BatchSummary(engine=engine, output=str(output)))


def run_local(
    inputs: Sequence[str],
    output: str | Path,
    mapping: Mapping[str, str] | str | None = None,
    params: BatchParams | None = None,
    jobs: int = 1,
    fresh: bool = False,
    progress: Progress | None = None,
    shard_articles: int = SHARD_ARTICLES,
) -> BatchSummary:
    """The whole batch run on this machine; returns what it did. Raises ValueError for a
    malformed mapping, before anything is read."""
    import pickle

    run = start_run("local", inputs, output, mapping, params, fresh, progress)
    params, fields, progress, output, work, summary = run.params, run.fields, run.progress, run.output, run.work, run.summary
    lap = run.lap

    state = work.path("groups.pickle")
    if work.done("groups"):
        with open(state, "rb") as saved:
            records, skipped, duplicates, family, story = pickle.load(saved)
        summary.resumed.append("read+families+stories")
        progress.note(f"resumed: {len(records):,} articles, families and stories from the last run")
    else:
        records, skipped = read_articles(inputs, fields, progress)
        records, duplicates = number_articles(records)
        lap("read")
        family, signatures = find_families(records, params, progress)
        _write(work.path("signatures.parquet"), [{"pk": k, "signature": v} for k, v in signatures.items()], (),
               schema=table_schema("signatures"))
        lap("families")
        story = find_stories(records, family, params, progress)
        lap("stories")
        with open(state.with_suffix(".tmp"), "wb") as handle:
            pickle.dump((records, skipped, duplicates, family, story), handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(state.with_suffix(".tmp"), state)
        work.mark("groups")
    summary.articles = len(records)
    summary.duplicates = duplicates
    summary.skipped = len(skipped)
    summary.families = len(set(family.values()))
    summary.copies = summary.articles - summary.families
    summary.stories = len(set(story.values()))
    if params.findings and records:
        summary.analysed_stories, reused = analyse_stories(
            records, family, story, params, work, progress, jobs, shard_articles
        )
        summary.resumed.extend(reused)
        lap("analyses")
    groups = group_tables(records, family, story)
    finish_tables(output, work, groups, skipped)
    lap("write")
    summary.peak_rss_mib = peak_rss_mib()
    (output / "summary.json").write_text(json.dumps(summary.to_dict(), indent=2))
    return summary


# -- newsprism load ------------------------------------------------------------------------


def _table_rows(output: Path, name: str, columns: Sequence[str] | None = None) -> Iterable[dict[str, Any]]:
    """Rows of an output table: one Parquet file (local engine) or a folder of parts (Spark)."""
    import pyarrow.dataset as ds

    path = output / f"{name}.parquet"
    if not path.exists():
        raise FileNotFoundError(f"{path}: no {name} table (is {output} the output of newsprism batch?)")
    dataset = ds.dataset(str(path), format="parquet")
    for batch in dataset.to_batches(columns=list(columns) if columns else None, batch_size=2048):
        yield from batch.to_pylist()


def load_output(output: str | Path, db: str | Path, progress: Progress | None = None) -> dict[str, int]:
    """Open a batch run's tables in a corpus store (a new file, or one with no articles):
    articles with their families and stories, the stories' clustering state (so a later
    ``ingest`` adds to them), and each story's stored analysis where the store keeps them.
    Returns counts."""
    from newsprism.corpus.cluster import ClusterParams, StoryState, Vectorizer, extract_terms
    from newsprism.corpus.store import Store, pack_state

    output = Path(output)
    progress = progress or Progress()
    store = Store(db)
    try:
        if store.article_count():
            raise ValueError(f"{db} already holds {store.article_count()} articles; load into a new corpus file")
        rows = sorted(_table_rows(output, "articles"), key=lambda r: r["pk"])
        pk_of = {r["article_id"]: r["pk"] for r in rows}
        progress.start("load", len(rows))
        params = ClusterParams()
        vectorizer = Vectorizer(params=params)
        counts: dict[int, Any] = {}
        for r in rows:
            if pk_of[r["family_id"]] == r["pk"]:
                counts[r["pk"]] = extract_terms(r["text"], r["title"], params.title_boost)
                vectorizer.observe(counts[r["pk"]])
        states: dict[int, StoryState] = {}
        for r in rows:
            if r["pk"] in counts:
                state = states.setdefault(r["story_id"], StoryState(r["story_id"]))
                state.add(vectorizer.vector(counts[r["pk"]], r["day"]), params.centroid_terms)
        stories = {s["story_id"]: s for s in _table_rows(output, "stories")}
        with store.transaction() as conn:
            batch = []
            for i, r in enumerate(rows, start=1):
                article = steps.record_article(r)
                batch.append((r["pk"], r["hash"], article, pk_of[r["family_id"]], r["story_id"]))
                if len(batch) >= 1000:
                    store.insert_articles(batch)
                    batch = []
                    progress.update(i)
            store.insert_articles(batch)
            sizes: dict[int, int] = defaultdict(int)
            story_sizes: dict[int, int] = defaultdict(int)
            for r in rows:
                sizes[pk_of[r["family_id"]]] += 1
                story_sizes[r["story_id"]] += 1
            store.bump_families(sizes)
            from newsprism.corpus.store import day_number

            for sid, size in story_sizes.items():
                s = stories.get(sid, {})
                state = states.get(sid, StoryState(sid))
                store.save_story(sid, s.get("title"), day_number(s.get("first_seen")), day_number(s.get("last_seen")),
                                 size, pack_state(state.to_jsonable()))
            conn.execute("DELETE FROM term_df")
            store.save_df(vectorizer.docs, vectorizer.df.items())
            sig_path = output / "_work" / "signatures.parquet"
            if sig_path.exists():
                store.save_signatures((r["pk"], r["signature"]) for r in _table_rows(output / "_work", "signatures"))
            store.set_meta("generation", str(int(store.get_meta("generation", "0") or 0) + 1))
            store.set_meta("batch_output", str(output.resolve()))
        progress.update(len(rows), force=True)
        analyses = _load_analyses(store, output)
        return {"articles": len(rows), "families": len(sizes), "stories": len(story_sizes), "analyses": analyses}
    finally:
        store.close()


def _load_analyses(store, output: Path) -> int:
    """Each story's analysis into the store's stored analyses, where this store keeps them."""
    if not hasattr(store, "save_analysis") or not hasattr(store, "story_set_hash"):
        return 0
    import importlib

    try:
        versions = importlib.import_module("newsprism.corpus.versions")
    except ImportError:  # pragma: no cover - a store without versioned analyses
        return 0
    version = versions.analysis_version()
    count = 0
    with store.transaction():
        for row in _table_rows(output, "analyses"):
            set_hash = store.story_set_hash(row["story_id"])
            if set_hash:
                store.save_analysis(set_hash, version, row["story_id"], row["json"], row["seconds"])
                count += 1
    return count
