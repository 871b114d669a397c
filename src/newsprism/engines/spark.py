"""The Spark engine: ``newsprism batch --engine spark --master local[2] INPUT... -o OUTPUT_DIR``.

The steps of :mod:`newsprism.engines.steps` on Apache Spark (the ``[spark]`` extra), with
the same answers as the local engine (:mod:`newsprism.engines.batch`): Spark only moves
records; every decision is a library function called on one Arrow batch, one LSH bucket,
one connected component or one story.

* read — ``spark.read`` (text lines for JSONL, Parquet, CSV with ``--map``) on any path
  Spark reads (local, ``hdfs://``, ``s3a://``...); rows become article records in
  ``mapInArrow`` through the corpus readers.
* families — signatures in ``mapInArrow``; banded LSH as a ``groupBy`` on (band, key); the
  buckets of two or more, a batch of them per ``mapInArrow`` call (:func:`steps.bucket_pairs`); copy pairs are
  few (one per copy, about), so their connected components are found on the driver.
* stories — document frequencies as a ``groupBy``; vectors in ``mapInArrow``; candidate
  neighbours a time block at a time (``groupBy(block).applyInArrow``: ``block_weeks`` weeks
  of articles plus the weeks their lookups reach, so every (term, week) list a lookup reads
  is whole in the block; :func:`steps.block_edges`, the local engine's own search: no step
  compares all pairs, each vector travels to 2–3 blocks instead of once per candidate pair);
  connected components of the edges on the driver, collected per component and merged
  in ``mapInArrow``.
* analyses — the parse as Arrow-batched ``mapInArrow`` (``nlp.pipe`` over each batch, spaCy
  loaded once per Python worker, :func:`steps.worker_models`; the parse travels as compact
  DocBin bytes), then extraction and findings per story as ``groupBy(story).applyInArrow``
  on the restored parses; one shard of stories per Spark job, each shard written when done
  (a resumed run skips finished shards).

The functions the Python workers run, one per step, are in :mod:`newsprism.engines.spark_tasks`;
this module is the driver's side: the session, the plan of each step, progress and resume.

Errors a user can act on (no Java, pyspark missing, out of memory) end the run with one
line (:class:`BatchError`).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sys
import threading
from pathlib import Path
from typing import Any, Mapping, Sequence

import pyarrow as pa

from newsprism.engines import spark_tasks as tasks
from newsprism.engines import steps
from newsprism.engines.batch import (
    SHARD_ARTICLES,
    BatchRun,
    BatchSummary,
    Progress,
    peak_rss_mib,
    start_run,
    table_schema,
)
from newsprism.engines.steps import BatchParams

__all__ = ["BatchError", "run_spark", "spark_session", "check_java"]


MAX_SHARDS = 64


class BatchError(RuntimeError):
    """A problem the user can fix, said in one line (no Java, no pyspark, memory short...)."""


def check_java() -> str:
    """The java command Spark will use; BatchError when there is none."""
    home = os.environ.get("JAVA_HOME")
    if home:
        java = Path(home) / "bin" / "java"
        if java.is_file():
            return str(java)
        raise BatchError(f"JAVA_HOME is {home}, but {java} does not exist; point it at a Java 17 (or 21) install")
    found = shutil.which("java")
    if not found:
        raise BatchError(
            "Java not found (no JAVA_HOME, no java on PATH): Spark needs Java 17 or 21 "
            "(e.g. apt-get install openjdk-17-jre-headless), or use --engine local"
        )
    return found


def spark_session(master: str | None = None, conf: Mapping[str, str] | None = None, app: str = "newsprism batch"):
    """A SparkSession for a batch run. Under ``spark-submit`` the master and settings come
    from it; otherwise ``master`` (default ``local[*]``), Python workers on this interpreter,
    and a few shuffle partitions, which suit one machine."""
    try:
        from pyspark.sql import SparkSession
    except ImportError as exc:
        raise BatchError("the spark engine needs pyspark: pip install 'newsprism[spark]'") from exc
    # spark-submit starts the driver's Python with a gateway to its JVM already running
    submitted = "PYSPARK_GATEWAY_PORT" in os.environ
    if not submitted:
        check_java()
    builder = SparkSession.builder.appName(app)
    conf = dict(conf or {})
    if master or not submitted:
        master = master or "local[*]"
        builder = builder.master(master)
        if master.startswith("local"):
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
            os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
            conf.setdefault("spark.sql.shuffle.partitions", "8")
            conf.setdefault("spark.driver.memory", "2g")
            conf.setdefault("spark.ui.enabled", "false")
            # one short-lived JVM per run: the C2 JIT compiler's own work was ~45% of a 10k
            # run's JVM CPU (62.9 -> 33.9 s with C1 only; docs/benchmarks.md)
            conf.setdefault("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1")
    conf.setdefault("spark.ui.showConsoleProgress", "false")
    conf.setdefault("spark.sql.execution.arrow.maxRecordsPerBatch", "512")
    conf.setdefault("spark.python.worker.reuse", "true")
    for key, value in conf.items():
        builder = builder.config(key, value)
    try:
        session = builder.getOrCreate()
    except Exception as exc:  # noqa: BLE001 - Java missing or broken, ports, memory: one line
        raise BatchError(_one_line(exc, "could not start Spark")) from exc
    session.sparkContext.setLogLevel("ERROR")
    return session


def _one_line(exc: BaseException, what: str) -> str:
    text = str(exc)
    if "OutOfMemoryError" in text or "Java heap space" in text or "GC overhead" in text:
        return (f"{what}: Java ran out of memory ({'driver' if 'driver' in text.lower() else 'a task'}); "
                "raise --conf spark.driver.memory=8g (local mode) or spark.executor.memory, "
                "or give more partitions (--conf spark.sql.shuffle.partitions=...)")
    if "Python worker exited unexpectedly" in text or "killed" in text.lower() and "worker" in text.lower():
        return (f"{what}: a Python worker died (usually out of memory: the spaCy model needs ~0.5 GiB per worker); "
                "give executors more memory (spark.executor.memory + spark.executor.pyspark.memory) or fewer cores each")
    if "JAVA_HOME" in text or "Java gateway process exited" in text:
        return f"{what}: Java could not start ({text.strip().splitlines()[0][:200]}); check JAVA_HOME and Java 17"
    first = next((line.strip() for line in text.splitlines() if line.strip()), type(exc).__name__)
    return f"{what}: {first[:300]}"


# -- the driver ------------------------------------------------------------------------------


def _attached(spark, params: BatchParams, rep_root, asked, vectors, out: str):
    """``rep_root`` (family_pk, root) with each article the merging left alone moved to the
    group it joins (:func:`steps.attach_lone`'s rule: the offers of every group its candidates
    are in, scored per group by :func:`tasks.attach`, chosen by ``choose_attach``)."""
    from pyspark.sql import functions as F

    from newsprism.corpus.cluster import choose_attach

    if params.cluster.batch_attach <= 0:
        return rep_root
    sizes = rep_root.groupBy("root").count()
    roots = rep_root.join(sizes, "root").select(F.col("family_pk").alias("pk"), "root", "count")
    lone = roots.filter("count = 1").select(F.col("pk").alias("a"))
    wants = (asked.join(lone, "a")
             .join(roots.filter("count >= 2").select(F.col("pk").alias("b"), "root"), "b")
             .select("a", "root").distinct())
    body = vectors.select("pk", "vector")
    rows = (roots.filter("count >= 2").select("pk", "root", F.lit("m").alias("kind"))
            .join(wants.select("root").distinct(), "root")
            .unionByName(wants.select(F.col("a").alias("pk"), "root", F.lit("l").alias("kind")))
            .join(body, "pk"))
    offers = rows.groupBy("root").applyInArrow(_grouped(tasks.attach, params), "pk long, key long, score double")
    offers.write.mode("overwrite").parquet(out)
    found: dict[int, list[tuple[int, float | None]]] = {}
    for r in spark.read.parquet(out).toLocalIterator():
        found.setdefault(int(r["pk"]), []).append((int(r["key"]), r["score"]))
    moves = [(pk, key) for pk, key in ((pk, choose_attach(o, params.cluster)) for pk, o in found.items())
             if key is not None]
    if not moves:
        return rep_root
    moved = spark.createDataFrame(moves, "family_pk long, attached long")
    return rep_root.join(moved, "family_pk", "left").select(
        "family_pk", F.coalesce("attached", "root").alias("root"))


class _Watcher:
    """Progress of the running Spark step from the status tracker: tasks done/total, rate, ETA."""

    def __init__(self, sc, progress: Progress, every: float = 5.0):
        self.sc, self.progress, self.every = sc, progress, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.step = ""

    def __enter__(self) -> "_Watcher":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=2)

    def begin(self, step: str) -> None:
        self.step = step
        self.sc.setJobDescription(step)
        self.progress.start(step, None, "tasks")

    def _run(self) -> None:
        tracker = self.sc.statusTracker()
        while not self._stop.wait(self.every):
            try:
                done = total = 0
                for stage_id in tracker.getActiveStageIds():
                    info = tracker.getStageInfo(stage_id)
                    if info:
                        done += info.numCompletedTasks
                        total += info.numTasks
                if total:
                    self.progress.update(done, total, force=True, extra="Spark tasks of the running stages")
            except Exception:  # noqa: BLE001 - progress never breaks a run
                continue


def _grouped(fn, params: BatchParams):
    """``fn(params, table)`` as the one-argument, type-hinted function ``applyInArrow`` wants."""

    def apply(table: pa.Table) -> pa.Table:
        return fn(params, table)

    return apply


def _spark_schema(arrow_schema):
    from pyspark.sql.pandas.types import from_arrow_schema

    return from_arrow_schema(arrow_schema)


def _input_format(path: str) -> str:
    lower = path.lower().rstrip("/")
    for suffix, kind in ((".jsonl", "jsonl"), (".json", "jsonl"), (".parquet", "parquet"), (".pq", "parquet"), (".csv", "csv")):
        if lower.endswith(suffix):
            return kind
    local = Path(path)
    if local.is_dir():
        kinds = {_input_format(str(p)) for p in local.rglob("*") if p.is_file() and not p.name.startswith((".", "_"))}
        kinds.discard("unknown")
        if len(kinds) == 1:
            return kinds.pop()
        if len(kinds) > 1:
            raise BatchError(f"{path}: holds {', '.join(sorted(kinds))} files; give each format as its own input")
    return "unknown"


def _read_inputs(spark, inputs: Sequence[str], mapping: Mapping[str, str]):
    from pyspark.sql import functions as F

    schema = _spark_schema(tasks.read_schema())
    frames = []
    for raw in inputs:
        kind = _input_format(raw)
        if kind == "jsonl":
            lines = spark.read.text(raw).withColumn("source", F.input_file_name())
            frames.append(_spread(spark, lines).mapInArrow(tasks.read_jsonl, schema))
        elif kind in ("parquet", "csv"):
            if kind == "parquet":
                table = spark.read.parquet(raw)
            else:
                table = (spark.read.option("header", True).option("multiLine", True).option("escape", '"')
                         .option("mode", "PERMISSIVE").csv(raw))
            table = table.withColumn("__source", F.input_file_name()).withColumn("__row", F.lit(None).cast("long"))
            frames.append(_spread(spark, table).mapInArrow(functools.partial(tasks.read_rows, dict(mapping)), schema))
        else:
            raise BatchError(f"{raw}: unknown input format (the spark engine reads .jsonl, .parquet and .csv)")
    out = frames[0]
    for frame in frames[1:]:
        out = out.unionByName(frame)
    return out


def _spread(spark, frame):
    """A frame over at least as many partitions as Spark has cores before a Python step: a
    Parquet row group or a small file is one partition (a 10k-article input, or a step's
    file written by one task), which would run that step on one core."""
    cores = spark.sparkContext.defaultParallelism
    return frame.repartition(cores) if frame.rdd.getNumPartitions() < cores else frame


def _analysis_tasks(spark, articles: int) -> int:
    """Tasks for one shard's parse and its grouped analyses: 4 per core (stories differ in
    cost, so a task's tail is short), but no task under ~32 articles."""
    return max(1, min(4 * spark.sparkContext.defaultParallelism, -(-articles // 32)))


def _numbered(spark, frame, order: Sequence[str], name: str, scratch: str):
    """``frame`` with ``name`` = 1..n in the order of the columns ``order`` (unique), all in
    the JVM (no Python row per article, no single-partition sort): a range-partitioned sort
    is written to ``scratch`` with each row's partition and position, the partition sizes
    are collected (one row each), and a row's number is its partition's offset plus its
    position."""
    from pyspark.sql import functions as F

    ranked = (frame.repartitionByRange(*order).sortWithinPartitions(*order)
              .withColumn("_part", F.spark_partition_id()).withColumn("_mono", F.monotonically_increasing_id()))
    ranked.write.mode("overwrite").parquet(scratch)
    ranked = spark.read.parquet(scratch)
    sizes = sorted((int(r["_part"]), int(r["count"])) for r in ranked.groupBy("_part").count().collect())
    offsets, total = [], 0
    for part, count in sizes:
        offsets.append((part, total))
        total += count
    starts = spark.createDataFrame(offsets or [(0, 0)], "_part int, _offset long")
    # monotonically_increasing_id = partition << 33 | position in the partition
    position = F.col("_mono") - F.shiftleft(F.col("_part").cast("long"), 33)
    return (ranked.join(F.broadcast(starts), "_part")
            .withColumn(name, F.col("_offset") + position + 1).drop("_part", "_mono", "_offset"))


def _number(spark, records, scratch: str):
    """Exact duplicates out (smallest id kept), shared ids renamed, pk 1..n in (day, id) order.
    Decided on the keys (``_rid``, hash, ids, day); the texts move once, in the final join."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    keys = records.select("_rid", "hash", "article_id", "given_id", "day")
    first = Window.partitionBy("hash").orderBy("article_id", "_rid")
    unique = keys.withColumn("_n", F.row_number().over(first)).filter("_n = 1").drop("_n")
    shared = unique.groupBy("given_id").agg(F.count("*").alias("_uses"))
    unique = unique.join(shared, "given_id").withColumn(
        "article_id",
        F.when(F.col("_uses") > 1, F.concat(F.col("article_id"), F.lit("#"), F.substring("hash", 1, 12)))
        .otherwise(F.col("article_id")),
    ).drop("_uses")
    keys = unique.select("_rid", F.coalesce("day", F.lit(9_999_999)).alias("_day"), "article_id")
    pks = _numbered(spark, keys, ["_day", "article_id"], "pk", scratch).select("_rid", "article_id", "pk")
    return records.drop("article_id").join(pks, "_rid").drop("_rid")


def _collect_pairs(frame, a: str, b: str):
    import numpy as np

    table = frame.select(a, b).toArrow()
    return (np.asarray(table.column(a).to_numpy(zero_copy_only=False), dtype=np.int64),
            np.asarray(table.column(b).to_numpy(zero_copy_only=False), dtype=np.int64))


def _roots_frame(spark, size: int, a, b, name: str):
    """Connected components of the pairs (a, b) on the driver, as (pk, name) for the nodes
    in some pair (any other node is its own root)."""
    import numpy as np
    import pyarrow as pa

    label = steps.components_array(size, a, b)
    nodes = np.unique(np.concatenate([a, b])) if len(a) else np.zeros(0, dtype=np.int64)
    table = pa.table({"pk": pa.array(nodes, pa.int64()), name: pa.array(label[nodes], pa.int64())})
    return spark.createDataFrame(table)


def run_spark(
    inputs: Sequence[str],
    output: str | Path,
    mapping: Mapping[str, str] | str | None = None,
    params: BatchParams | None = None,
    master: str | None = None,
    fresh: bool = False,
    progress: Progress | None = None,
    conf: Mapping[str, str] | None = None,
    shard_articles: int = SHARD_ARTICLES,
    spark: Any = None,
) -> BatchSummary:
    """The whole batch run on Spark; the same tables as :func:`newsprism.engines.batch.run_local`.
    ``output`` is a local folder (the driver keeps its resume state there)."""
    run = start_run("spark", inputs, output, mapping, params, fresh, progress)
    progress, output, summary = run.progress, run.output, run.summary
    own = spark is None
    if own:
        progress.note(f"starting Spark ({master or 'local[*]'})")
        spark = spark_session(master, conf)
    run.lap("start")
    try:
        with _Watcher(spark.sparkContext, progress) as watcher:
            _run(spark, inputs, run, watcher, shard_articles)
    except BatchError:
        raise
    except Exception as exc:  # noqa: BLE001 - Py4J/Spark errors: one line
        if type(exc).__name__ in ("Py4JJavaError", "Py4JError", "PythonException", "SparkRuntimeException",
                                  "AnalysisException", "IllegalArgumentException", "SparkException") \
                or "pyspark" in type(exc).__module__:
            raise BatchError(_one_line(exc, "Spark job failed")) from exc
        raise
    finally:
        if own:
            spark.stop()
    summary.peak_rss_mib = peak_rss_mib()
    (output / "summary.json").write_text(json.dumps(summary.to_dict(), indent=2))
    return summary


def _run(spark, inputs, run: BatchRun, watcher: _Watcher, shard_articles: int) -> None:
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    params, fields, progress, output, work, summary = run.params, run.fields, run.progress, run.output, run.work, run.summary
    lap = run.lap

    def path(name: str) -> str:
        return str(work.path(name))

    # 1. articles
    if not work.done("articles"):
        watcher.begin("read")
        records = _read_inputs(spark, inputs, fields)
        # _rid: a row's identity, fixed once written, so the numbering can move keys, not texts
        records.withColumn("_rid", F.monotonically_increasing_id()).write.mode("overwrite").parquet(path("records.parquet"))
        records = spark.read.parquet(path("records.parquet"))
        skipped = records.filter("skip_reason IS NOT NULL")
        skipped.select(F.col("source").alias("path"), F.col("skip_line").alias("line"), F.col("skip_reason").alias("reason")) \
            .write.mode("overwrite").parquet(path("skipped.parquet"))
        good = records.filter("skip_reason IS NULL").drop("skip_reason", "skip_line")
        read = good.count()
        articles = _number(spark, good, path("order.parquet"))
        articles.write.mode("overwrite").parquet(path("articles.parquet"))
        n = spark.read.parquet(path("articles.parquet")).count()
        work.mark("articles", {"read": read, "articles": n})
        lap("read")
    else:
        summary.resumed.append("articles")
    articles = spark.read.parquet(path("articles.parquet"))
    info = work.info("articles")
    summary.articles = info["articles"]
    summary.duplicates = info["read"] - info["articles"]
    summary.skipped = spark.read.parquet(path("skipped.parquet")).count()
    size = summary.articles + 1
    for line in spark.read.parquet(path("skipped.parquet")).limit(50).collect():
        progress.note(f"skipped {line['path']}{'' if line['line'] is None else f' line {line[1]}'}: {line['reason']}")

    # 2. copy families
    if not work.done("families"):
        watcher.begin("families")
        sig_schema = "pk long, signature binary, bands array<long>"
        sigs = _spread(spark, articles.select("pk", "text")).mapInArrow(functools.partial(tasks.signatures, params), sig_schema)
        sigs.write.mode("overwrite").parquet(path("sigs.parquet"))
        sigs = spark.read.parquet(path("sigs.parquet"))
        sigs.select("pk", "signature").write.mode("overwrite").parquet(path("signatures.parquet"))
        banded = sigs.select("pk", "signature", F.posexplode("bands").alias("band", "key"))
        counts = banded.groupBy("band", "key").count().filter("count > 1").drop("count")
        shared = banded.join(counts, ["band", "key"])
        buckets = shared.groupBy("band", "key").agg(F.collect_list(F.struct("pk", "signature")).alias("members"))
        pairs = buckets.mapInArrow(functools.partial(tasks.buckets, params), "a long, b long")
        a, b = _collect_pairs(pairs.distinct(), "a", "b")
        roots = _roots_frame(spark, size, a, b, "family_pk")
        family = articles.select("pk").join(roots, "pk", "left").select(
            "pk", F.coalesce("family_pk", "pk").alias("family_pk"))
        family.write.mode("overwrite").parquet(path("family.parquet"))
        work.mark("families")
        lap("families")
    else:
        summary.resumed.append("families")
    family = spark.read.parquet(path("family.parquet"))

    # 3. stories
    if not work.done("stories"):
        watcher.begin("stories")
        reps = _spread(spark, articles).join(family.filter("pk = family_pk"), "pk").select("pk", "text", "title", "day")
        terms_schema = "pk long, day long, counts string, terms array<string>"
        terms = reps.mapInArrow(functools.partial(tasks.terms, params), terms_schema)
        terms.write.mode("overwrite").parquet(path("terms.parquet"))
        terms = spark.read.parquet(path("terms.parquet"))
        docs = terms.count()
        df_rows = (terms.select(F.explode("terms").alias("term")).groupBy("term").count().filter("count >= 2"))
        df = {r["term"]: r["count"] for r in df_rows.toLocalIterator()}
        progress.note(f"stories: {docs:,} reports, {len(df):,} terms in two or more")
        df_b = spark.sparkContext.broadcast(df)
        undated = terms.filter("day IS NULL").limit(1).count() > 0
        vec_schema = "pk long, day long, vector string, salient array<string>, blocks array<long>"
        vectors = terms.mapInArrow(functools.partial(tasks.vectors, params, docs, df_b, undated), vec_schema)
        vectors.write.mode("overwrite").parquet(path("vectors.parquet"))
        vectors = spark.read.parquet(path("vectors.parquet"))
        # candidate neighbours, blocked by time: a block is block_weeks weeks of articles with
        # the weeks their lookups reach on either side, so each (term, week) list a lookup
        # reads is whole in its block (steps.blocks_of), and the block's edges are found in
        # one Python call (steps.block_edges, the local engine's own function); no step
        # compares all pairs and no vector travels once per candidate pair
        rows = vectors.select(F.explode("blocks").alias("block"), "pk", "day", "salient", "vector")
        if undated:
            # undated lookups read the all-time lists and dated ones the undated lists, each
            # its latest posting_cap articles: those articles go to every block that reads them
            latest = Window.partitionBy("term").orderBy(F.desc("pk"))

            def listed(frame):
                return (frame.select("pk", F.explode("salient").alias("term"))
                        .withColumn("_r", F.row_number().over(latest))
                        .filter(f"_r <= {params.posting_cap}").select("pk").distinct())

            body = vectors.select("pk", "day", "salient", "vector")
            dated_blocks = rows.select("block").distinct()
            undated_listed = listed(vectors.filter("day IS NULL")).join(body, "pk").crossJoin(dated_blocks)
            any_block = (vectors.filter("day IS NULL").select("pk").unionByName(listed(vectors)).distinct()
                         .join(body, "pk").withColumn("block", F.lit(steps.UNDATED).cast("long")))
            rows = rows.unionByName(undated_listed.select(*rows.columns)).unionByName(any_block.select(*rows.columns))
        edges = rows.groupBy("block").applyInArrow(
            _grouped(functools.partial(tasks.block_edges, undated=undated), params), "score double, a long, b long")
        edges.write.mode("overwrite").parquet(path("edges.parquet"))
        asked = spark.read.parquet(path("edges.parquet")).filter("score IS NULL").select("a", "b")
        edges = spark.read.parquet(path("edges.parquet")).filter("score IS NOT NULL")
        a, b = _collect_pairs(edges, "a", "b")
        progress.note(f"stories: {len(a):,} neighbour edges")
        comp = _roots_frame(spark, size, a, b, "comp")
        comp.write.mode("overwrite").parquet(path("components.parquet"))
        comp = spark.read.parquet(path("components.parquet"))
        v_rows = vectors.join(comp, "pk").select(
            "comp", F.lit("v").alias("kind"), "pk", F.lit(None).cast("long").alias("other"),
            F.lit(None).cast("double").alias("score"), "vector")
        e_rows = edges.join(comp.withColumnRenamed("pk", "a"), "a").select(
            "comp", F.lit("e").alias("kind"), F.col("a").alias("pk"), F.col("b").alias("other"), "score",
            F.lit(None).cast("string").alias("vector"))
        items = v_rows.unionByName(e_rows).groupBy("comp").agg(
            F.collect_list(F.struct("kind", "pk", "other", "score", "vector")).alias("items"))
        merged = items.mapInArrow(functools.partial(tasks.merges, params), "pk long, root long")
        merged.write.mode("overwrite").parquet(path("merged.parquet"))
        merged = spark.read.parquet(path("merged.parquet"))
        rep_root = family.filter("pk = family_pk").join(merged, "pk", "left").select(
            F.col("pk").alias("family_pk"), F.coalesce("root", "pk").alias("root"))
        rep_root = _attached(spark, params, rep_root, asked, vectors, path("attached.parquet"))
        numbered = _numbered(spark, rep_root.select("root").distinct(), ["root"], "story_id", path("roots.parquet"))
        assign = family.join(rep_root, "family_pk").join(numbered, "root").select("pk", "family_pk", "story_id")
        assign.write.mode("overwrite").parquet(path("assign.parquet"))
        df_b.unpersist()
        work.mark("stories")
        lap("stories")
    else:
        summary.resumed.append("stories")
    assign = spark.read.parquet(path("assign.parquet"))
    rep_ids = articles.select(F.col("pk").alias("family_pk"), F.col("article_id").alias("family_id"))
    full = articles.join(assign, "pk").join(rep_ids, "family_pk")
    stats = assign.agg(F.countDistinct("family_pk").alias("f"), F.countDistinct("story_id").alias("s")).collect()[0]
    summary.families, summary.stories = int(stats["f"]), int(stats["s"])
    summary.copies = summary.articles - summary.families

    # 4. analyses, a shard of stories per job (at most MAX_SHARDS: a Spark job has a fixed cost)
    if params.findings and summary.articles:
        shards = min(MAX_SHARDS, max(1, -(-summary.articles // shard_articles)))
        wide = _spark_schema(tasks.analysis_schema())
        total = summary.articles
        done_articles = 0
        if not work.done("by-shard"):
            full.withColumn("shard", F.col("story_id") % shards).write.mode("overwrite") \
                .partitionBy("shard").parquet(path("by-shard.parquet"))
            work.mark("by-shard")
        by_shard = spark.read.parquet(path("by-shard.parquet"))
        # its own line (the watcher restarts `progress` for each shard's Spark tasks)
        counter = Progress(progress.stream, progress.every, progress.quiet)
        counter.start("analyses", total)
        sizes = {int(r["shard"]): int(r["count"]) for r in by_shard.groupBy("shard").count().collect()}
        for shard in range(shards):
            name = f"analyses-{shard:05d}"
            if work.done(name):
                summary.resumed.append(name)
                done_articles += sizes.get(shard, 0)
                counter.carry(sizes.get(shard, 0))
                continue
            watcher.begin(f"analyses shard {shard + 1}/{shards}")
            part = by_shard.filter(F.col("shard") == shard).drop("shard")
            # a story is analysed on its first max_story_articles articles (pk order)
            first = Window.partitionBy("story_id").orderBy("pk")
            part = part.withColumn("_r", F.row_number().over(first)) \
                .filter(F.col("_r") <= params.max_story_articles).drop("_r")
            # 4a: parse (mapInArrow, Arrow batches, model once per worker) -> 4b: findings per story
            from pyspark.sql.types import BinaryType, StructField, StructType

            # a new schema: StructType.add would change the frame's own (cached) schema in place
            with_parse = StructType([*part.schema.fields, StructField("parse", BinaryType())])
            # explicit partition counts: AQE coalesces a small shuffle (a shard's texts) to one
            # partition, which put the whole shard's parse on one core (docs/benchmarks.md)
            n_tasks = _analysis_tasks(spark, sizes.get(shard, 0))
            parsed = part.repartition(n_tasks).mapInArrow(tasks.parse, with_parse)
            out = parsed.repartition(n_tasks, "story_id").groupBy("story_id").applyInArrow(_grouped(tasks.analyse, params), wide)
            out.write.mode("overwrite").parquet(path(name))
            work.mark(name)
            done_articles += sizes.get(shard, 0)
            counter.update(done_articles, total, force=True, extra=f"shard {shard + 1}/{shards}")
        lap("analyses")
        wide_all = spark.read.parquet(*[path(f"analyses-{s:05d}") for s in range(shards)])
        summary.analysed_stories = wide_all.filter("table = 'analyses'").count()
        for name in steps.TABLES:
            cols = [F.col(f"{name}__{f.name}").alias(f.name) for f in table_schema(name)]
            wide_all.filter(F.col("table") == name).select(*cols).orderBy("story_id") \
                .write.mode("overwrite").parquet(str(output / f"{name}.parquet"))
    else:
        for name in steps.TABLES:
            spark.createDataFrame([], _spark_schema(table_schema(name))).write.mode("overwrite") \
                .parquet(str(output / f"{name}.parquet"))

    # the grouping tables
    watcher.begin("write")
    art_cols = [f.name for f in table_schema("articles")]
    full.select(*art_cols).orderBy("pk").write.mode("overwrite").parquet(str(output / "articles.parquet"))
    full.select("article_id", "family_id", "story_id").orderBy("article_id") \
        .write.mode("overwrite").parquet(str(output / "assignments.parquet"))
    full.groupBy("family_id").agg(
        F.first("family_id").alias("representative"), F.count("*").alias("size"),
        F.array_sort(F.collect_set("outlet")).alias("outlets"),
    ).select("family_id", "representative", "size", "outlets").orderBy("family_id") \
        .write.mode("overwrite").parquet(str(output / "families.parquet"))
    first_title = F.min_by("title", "pk")
    full.groupBy("story_id").agg(
        first_title.alias("title"),
        F.date_format(F.date_from_unix_date(F.min("day") - 719163), "yyyy-MM-dd").alias("first_seen"),
        F.date_format(F.date_from_unix_date(F.max("day") - 719163), "yyyy-MM-dd").alias("last_seen"),
        F.count("*").alias("articles"), F.countDistinct("family_pk").alias("families"),
        F.array_sort(F.collect_set("outlet")).alias("outlets"),
    ).orderBy("story_id").write.mode("overwrite").parquet(str(output / "stories.parquet"))
    spark.read.parquet(path("skipped.parquet")).write.mode("overwrite").parquet(str(output / "skipped.parquet"))
    lap("write")
