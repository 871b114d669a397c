"""What the Spark engine (:mod:`newsprism.engines.spark`) runs in Spark's Python workers: one
function per step, on one Arrow batch (``mapInArrow``) or one group (``applyInArrow``), each
calling the library's own step (:mod:`newsprism.engines.steps`). Module level, so Spark pickles
them by reference; the driver's side (session, plan, progress, resume) stays in
:mod:`newsprism.engines.spark`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import pyarrow as pa

from newsprism.engines import steps
from newsprism.engines.batch import table_schema
from newsprism.engines.steps import BatchParams

__all__ = ["read_schema", "read_jsonl", "read_rows", "signatures", "buckets", "terms", "vectors", "block_edges", "attach", "merges", "analysis_schema", "parse", "analyse"]

def _arrow(rows: Sequence[Mapping[str, Any]], schema) -> Any:
    import pyarrow as pa

    return pa.RecordBatch.from_pylist(list(rows), schema=schema)


_READ_SCHEMA_EXTRA = (("skip_reason", "string"), ("skip_line", "int64"))


def read_schema():
    import pyarrow as pa

    base = [f for f in table_schema("articles") if f.name in steps.ARTICLE_COLUMNS]
    return pa.schema(base + [pa.field("skip_reason", pa.string()), pa.field("skip_line", pa.int64())])


def _local_path(uri: str) -> str:
    return uri[len("file://"):] if uri.startswith("file://") else (uri[len("file:"):] if uri.startswith("file:") else uri)


def _record_or_skip(item) -> dict[str, Any]:
    from newsprism.model import Skipped

    if isinstance(item, Skipped):
        return {"source": item.path, "skip_reason": item.reason, "skip_line": item.line}
    return steps.article_record(steps.table_id(item))


def read_jsonl(batches: Iterator[Any]) -> Iterator[Any]:
    """JSONL lines (value, source) -> article records, with the local reader's checks."""
    from newsprism.corpus.readers import _Reader, check_article
    from newsprism.model import Skipped

    schema = read_schema()
    reader = _Reader(unique_ids=False)
    for batch in batches:
        out = []
        for line, source in zip(batch.column("value").to_pylist(), batch.column("source").to_pylist()):
            if line is None or not line.strip():
                continue
            path = Path(_local_path(source))
            line = line.lstrip("\ufeff")
            article, reason = reader.jsonl_record(path, line)
            if article is not None:  # the local reader's checks (length, language, surrogates)
                article, reason = check_article(article)
            out.append(_record_or_skip(article if article is not None else Skipped(str(path), reason or "unreadable line")))
        yield _arrow(out, schema)


def read_rows(mapping: Mapping[str, str], batches: Iterator[Any]) -> Iterator[Any]:
    """Table rows (Parquet/CSV, any columns + source) -> article records (``row_to_article``)."""
    from newsprism.corpus.tabular import row_to_article

    schema = read_schema()
    for batch in batches:
        out = []
        for row in batch.to_pylist():
            source = Path(_local_path(row.pop("__source")))
            number = row.pop("__row")
            out.append(_record_or_skip(row_to_article(row, mapping, source, number)))
        yield _arrow(out, schema)


def signatures(params: BatchParams, batches: Iterator[Any]) -> Iterator[Any]:
    import pyarrow as pa

    detector = params.detector()
    schema = pa.schema([("pk", pa.int64()), ("signature", pa.binary()), ("bands", pa.list_(pa.int64()))])
    for batch in batches:
        pks = batch.column("pk").to_pylist()
        recs = steps.signature_records(detector, batch.column("text").to_pylist())
        yield pa.RecordBatch.from_arrays(
            [pa.array(pks, pa.int64()), pa.array([r[0] for r in recs], pa.binary()),
             pa.array([r[1] for r in recs], pa.list_(pa.int64()))], schema=schema)


def buckets(params: BatchParams, batches: Iterator[Any]) -> Iterator[Any]:
    """LSH buckets of two or more members (one row each, members as a list) -> copy pairs.
    One Python call per Arrow batch of buckets, not per bucket: most buckets are small."""
    detector = params.detector()
    for batch in batches:
        a: list[int] = []
        b: list[int] = []
        for members in batch.column("members").to_pylist():
            for x, y in steps.bucket_pairs(detector, [(m["pk"], m["signature"]) for m in members], params.copy_window):
                a.append(x)
                b.append(y)
        yield pa.RecordBatch.from_arrays([pa.array(a, pa.int64()), pa.array(b, pa.int64())], names=["a", "b"])


def terms(params: BatchParams, batches: Iterator[Any]) -> Iterator[Any]:
    import pyarrow as pa

    from newsprism.corpus.cluster import TermExtractor

    extractor = TermExtractor.for_params(params.cluster)
    schema = pa.schema([("pk", pa.int64()), ("day", pa.int64()), ("counts", pa.string()), ("terms", pa.list_(pa.string()))])
    for batch in batches:
        rows = []
        for pk, text, title, day in zip(*(batch.column(c).to_pylist() for c in ("pk", "text", "title", "day"))):
            words, entities = steps.doc_terms(extractor, text, title)
            leads = extractor.lead_names(text, title, params.cluster.lead_name_chars)
            rows.append({"pk": pk, "day": day,
                         "counts": json.dumps([list(words.items()), list(entities.items()), list(leads)], ensure_ascii=False),
                         "terms": [*words, *entities]})
        yield pa.RecordBatch.from_pylist(rows, schema=schema)


def vectors(params: BatchParams, docs: int, df_broadcast: Any, undated: bool, batches: Iterator[Any]) -> Iterator[Any]:
    import pyarrow as pa

    vectorizer = steps.vectorizer_for(docs, df_broadcast.value, params.cluster)
    schema = pa.schema([("pk", pa.int64()), ("day", pa.int64()), ("vector", pa.string()),
                        ("salient", pa.list_(pa.string())), ("blocks", pa.list_(pa.int64()))])
    for batch in batches:
        rows = []
        for pk, day, counts in zip(*(batch.column(c).to_pylist() for c in ("pk", "day", "counts"))):
            words, entities, *leads = json.loads(counts)
            vec = vectorizer.vector_parts(dict(words), dict(entities), day, tuple(leads[0]) if leads else ())
            rows.append({"pk": pk, "day": day, "vector": steps.vector_to_json(vec),
                         "salient": list(dict.fromkeys(vec.salient)),
                         "blocks": [] if day is None else steps.blocks_of(day, params.block_weeks, params.cluster)})
        yield pa.RecordBatch.from_pylist(rows, schema=schema)


class _LazyVectors(dict):
    """pk -> ArticleVector, decoded from its JSON the first time it is read."""

    def __init__(self, texts: Mapping[int, str]):
        super().__init__()
        self.texts = texts

    def __missing__(self, pk: int):
        vec = steps.vector_from_json(self.texts[pk])
        self[pk] = vec
        return vec


def block_edges(params: BatchParams, table: Any, undated: bool = False) -> Any:
    """One time block (its articles and the halo their lookups reach) -> the neighbour
    edges of the articles whose own block it is (:func:`steps.block_edges`); ``undated``:
    the run has undated articles."""
    import pyarrow as pa

    block = table.column("block")[0].as_py()
    pks = table.column("pk").to_pylist()
    days = table.column("day").to_pylist()
    heads = dict(zip(pks, zip(days, table.column("salient").to_pylist())))
    vectors = _LazyVectors(dict(zip(pks, table.column("vector").to_pylist())))
    queriers = sorted(pk for pk, day in zip(pks, days) if steps.home_block(day, params.block_weeks) == block)
    candidates: dict[int, list[int]] = {}
    edges = steps.block_edges(vectors, params.cluster, params.posting_cap, undated, queriers, heads, candidates)
    # the queriers' candidates too, with no score: where a lone article looks (steps.attach_lone)
    asked = [(pk, j) for pk in queriers for j in candidates.get(pk, ())]
    return pa.table({"score": pa.array([e[0] for e in edges] + [None] * len(asked), pa.float64()),
                     "a": pa.array([e[1] for e in edges] + [pk for pk, _ in asked], pa.int64()),
                     "b": pa.array([e[2] for e in edges] + [j for _, j in asked], pa.int64())})


def attach(params: BatchParams, table: Any) -> Any:
    """One group (its members' vectors) and the lone articles looking at it (``kind`` "l")
    -> (lone pk, the group's smallest pk, score): :func:`steps.attach_offers`."""
    import pyarrow as pa

    members: dict[int, Any] = {}
    lone: dict[int, Any] = {}
    for kind, pk, vector in zip(table.column("kind").to_pylist(), table.column("pk").to_pylist(),
                                table.column("vector").to_pylist()):
        (lone if kind == "l" else members)[pk] = steps.vector_from_json(vector)
    offers = steps.attach_offers(members, lone, params.cluster)
    return pa.table({"pk": pa.array([o[0] for o in offers], pa.int64()),
                     "key": pa.array([o[1] for o in offers], pa.int64()),
                     "score": pa.array([o[2] for o in offers], pa.float64())})


def merges(params: BatchParams, batches: Iterator[Any]) -> Iterator[Any]:
    """Connected components of neighbour edges (one row each: members and edges as lists)
    -> (pk, root) from :func:`steps.merge_component`."""
    for batch in batches:
        pks: list[int] = []
        roots: list[int] = []
        for items in batch.column("items").to_pylist():
            vectors, edges = {}, []
            for item in items:
                if item["kind"] == "v":
                    vectors[item["pk"]] = steps.vector_from_json(item["vector"])
                else:
                    edges.append((item["score"], item["pk"], item["other"]))
            for pk, root in steps.merge_component(vectors, edges, params.cluster).items():
                pks.append(pk)
                roots.append(root)
        yield pa.RecordBatch.from_arrays([pa.array(pks, pa.int64()), pa.array(roots, pa.int64())], names=["pk", "root"])


def analysis_schema():
    """One wide Arrow schema holding a row of any analysis table (``table`` says which)."""
    import pyarrow as pa

    fields = [pa.field("table", pa.string())]
    for name in steps.TABLES:
        fields += [pa.field(f"{name}__{f.name}", f.type) for f in table_schema(name)]
    return pa.schema(fields)


def parse(batches: Iterator[Any]) -> Iterator[Any]:
    """Step 4a (``mapInArrow``): the articles to analyse, parsed a batch at a time by
    ``nlp.pipe`` with the model loaded once per Python worker; each row gains ``parse``
    (compact DocBin bytes, :mod:`newsprism.engines.parses`), which the grouped map restores
    instead of parsing. Output in slices of 64 rows (a parse is ~20 KB)."""
    import pyarrow as pa

    for batch in batches:
        for start in range(0, batch.num_rows, 64):
            part = batch.slice(start, 64)
            blobs = steps.parse_texts(part.column("text").to_pylist())
            yield pa.RecordBatch.from_arrays([*part.columns, pa.array(blobs, pa.binary())],
                                             names=[*part.schema.names, "parse"])


def analyse(params: BatchParams, table: Any) -> Any:
    import pyarrow as pa

    rows = table.to_pylist()
    story_id = rows[0]["story_id"]
    pairs = [(r, r["family_id"]) for r in rows]
    tables = steps.analyse_story(story_id, pairs, params.max_story_articles)
    out = []
    for name, items in tables.items():
        for item in items:
            out.append({"table": name, **{f"{name}__{k}": v for k, v in item.items()}})
    return pa.Table.from_pylist(out, schema=analysis_schema())
