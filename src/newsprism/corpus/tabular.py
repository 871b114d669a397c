"""Tables of articles: ``.csv`` and ``.parquet`` with a column mapping.

A mapping names, for each article field, the column that holds it:
``text=content,outlet=publication`` lets the "All the News" CSV load as is.
Fields not mapped are looked up under their own name. Fields: ``id``, ``text``
(required), ``title``, ``published``, ``outlet``, ``url``, ``authors``.

A row that cannot be used is reported as a :class:`Skipped` (file, line or row,
reason) and the rest are read. CSV lines are physical line numbers (header =
line 1); parquet rows are numbered from 1.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from newsprism.corpus.textio import decode_bytes, encoding_note, read_date
from newsprism.model import Article, Skipped

__all__ = ["FIELDS", "parse_mapping", "read_csv", "read_parquet", "read_table", "row_to_article", "write_parquet", "EXPORT_COLUMNS"]

FIELDS = ("id", "text", "title", "published", "outlet", "url", "authors")
_AUTHOR_SEPARATORS = (";", "|")


def parse_mapping(spec: str | Mapping[str, str] | None) -> dict[str, str]:
    """``"text=content,outlet=publication"`` -> ``{"text": "content", "outlet": "publication"}``.

    Raises ValueError on an unknown field or a malformed pair: a typo in a mapping
    must not silently load nothing.
    """
    if spec is None:
        return {}
    pairs = spec.items() if isinstance(spec, Mapping) else (_pair(p) for p in spec.split(",") if p.strip())
    mapping: dict[str, str] = {}
    for field, column in pairs:
        field = field.strip()
        if field not in FIELDS:
            raise ValueError(f"unknown article field {field!r} in mapping (fields: {', '.join(FIELDS)})")
        mapping[field] = column.strip()
    return mapping


def _pair(text: str) -> tuple[str, str]:
    field, sep, column = text.partition("=")
    if not sep or not field.strip() or not column.strip():
        raise ValueError(f"mapping entries look like field=column, got {text.strip()!r}")
    return field, column


def _as_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value != value:  # NaN from pandas-written files
        return None
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    text = str(value).strip()
    return text or None


def _authors(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        return tuple(a for a in (_as_text(v) for v in value) if a)
    text = _as_text(value) or ""
    for sep in _AUTHOR_SEPARATORS:
        if sep in text:
            return tuple(a.strip() for a in text.split(sep) if a.strip())
    return (text,) if text else ()


def row_to_article(
    row: Mapping[str, Any], mapping: Mapping[str, str], source: Path, number: int, encoding: str | None = None
) -> Article | Skipped:
    """One table row as an Article, or why it cannot be one (``encoding``: the codec the
    file was decoded with when it was not UTF-8, noted on the article)."""
    def get(field: str) -> Any:
        return row.get(mapping.get(field, field))

    missing = [mapping[f] for f in mapping if mapping[f] not in row]
    if missing:
        return Skipped(str(source), f"mapped column(s) missing: {', '.join(missing)}", number)
    raw_text = get("text")
    if raw_text is None or (isinstance(raw_text, float) and raw_text != raw_text):
        column = mapping.get("text", "text")
        return Skipped(str(source), f"no text (column {column!r} empty or absent)", number)
    text = str(raw_text)
    if not text.strip():
        return Skipped(str(source), "empty text", number)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    article_id = _as_text(get("id")) or f"{source.name}:{number}"
    known = {mapping.get(f, f) for f in FIELDS}
    meta = {k: v for k, v in ((k, _as_text(v)) for k, v in row.items() if k not in known and k) if v is not None}
    notes: list[str] = [encoding_note(encoding)] if encoding else []
    published = _as_text(get("published"))
    if published is not None:
        iso, note = read_date(published)
        if note:
            notes.append(note)
        if iso != published:
            meta = {("published_given" if iso else "published_unparsed"): published, **meta}
        published = iso
    extra = {"notes": notes} if notes else {}
    return Article(
        id=article_id,
        text=text,
        title=_as_text(get("title")),
        outlet=_as_text(get("outlet")),
        outlet_source="table" if _as_text(get("outlet")) else None,
        published=published,
        url=_as_text(get("url")),
        authors=_authors(get("authors")),
        path=str(source),
        meta={"row": number, **{f"column:{k}": v for k, v in list(meta.items())[:20]}, **extra},
    )


def _csv_encoding(path: Path, sample_bytes: int = 1 << 20) -> tuple[str, str | None]:
    """(codec to open the file with, the detected codec or None for UTF-8), judged on
    the first MiB: a CSV that is not UTF-8 there is decoded with what charset-normalizer
    detects (Windows-1252, Latin-1, …)."""
    with open(path, "rb") as handle:
        sample = handle.read(sample_bytes)
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=len(sample) < sample_bytes)
        return "utf-8-sig", None
    except UnicodeDecodeError:
        pass
    text, name = decode_bytes(sample)
    if text is None or name is None:
        return "utf-8-sig", None  # reported row by row as not UTF-8
    return name, name


def read_csv(path: str | Path, mapping: Mapping[str, str] | str | None = None) -> Iterator[Article | Skipped]:
    """Rows of a CSV file (UTF-8, header row) as Articles or Skipped, streaming."""
    path = Path(path)
    fields = parse_mapping(mapping)
    # news datasets hold whole articles in one cell, far beyond csv's 128 KiB default
    csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
    try:
        encoding, detected = _csv_encoding(path)
        handle = open(path, encoding=encoding, newline="")
    except OSError as err:
        yield Skipped(str(path), f"cannot read file ({err.strerror or err})")
        return
    with handle:
        reader = csv.reader(handle)
        try:
            header = next(reader)
        except StopIteration:
            yield Skipped(str(path), "empty CSV file")
            return
        except (csv.Error, UnicodeDecodeError) as err:
            yield Skipped(str(path), f"unreadable header: {err}", 1)
            return
        while True:
            line = reader.line_num + 1
            try:
                values = next(reader)
            except StopIteration:
                return
            except UnicodeDecodeError as err:
                yield Skipped(str(path), f"not UTF-8 ({err.reason}); rest of file not read", line)
                return
            except csv.Error as err:
                yield Skipped(str(path), f"broken CSV row: {err}", line)
                continue
            if not values:
                continue
            if len(values) != len(header):
                yield Skipped(str(path), f"row has {len(values)} fields, header has {len(header)}", line)
                continue
            yield row_to_article(dict(zip(header, values)), fields, path, line, detected)


def read_parquet(
    path: str | Path, mapping: Mapping[str, str] | str | None = None, batch_rows: int = 2048
) -> Iterator[Article | Skipped]:
    """Rows of a parquet file as Articles or Skipped, read in record batches."""
    import pyarrow.parquet as pq  # heavy import: only when a parquet file is read

    path = Path(path)
    fields = parse_mapping(mapping)
    try:
        table = pq.ParquetFile(path)
    except Exception as err:  # pyarrow raises several unrelated types for a bad file
        yield Skipped(str(path), f"unreadable parquet file: {err}")
        return
    number = 0
    try:
        for batch in table.iter_batches(batch_size=batch_rows):
            for row in batch.to_pylist():
                number += 1
                yield row_to_article(row, fields, path, number)
    except Exception as err:
        yield Skipped(str(path), f"parquet read failed after row {number}: {err}", number + 1)


def read_table(path: str | Path, mapping: Mapping[str, str] | str | None = None) -> Iterator[Article | Skipped]:
    """CSV or parquet, by suffix."""
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        return read_csv(path, mapping)
    if suffix in (".parquet", ".pq"):
        return read_parquet(path, mapping)
    raise ValueError(f"not a table file: {path}")


# the columns of an export: the JSONL contract fields plus story and copy family
EXPORT_COLUMNS = (
    ("id", "string"), ("text", "string"), ("title", "string"), ("published", "string"),
    ("outlet", "string"), ("url", "string"), ("authors", "list<string>"), ("story", "int64"),
    ("family", "string"),
)


def export_schema():  # -> pyarrow.Schema
    import pyarrow as pa

    types = {"string": pa.string(), "int64": pa.int64(), "list<string>": pa.list_(pa.string())}
    return pa.schema([(name, types[kind]) for name, kind in EXPORT_COLUMNS])


def write_parquet(path: str | Path, rows: Iterable[Mapping[str, Any]], batch_rows: int = 2048) -> int:
    """Write export rows (:data:`EXPORT_COLUMNS`) to parquet in record batches, so memory does
    not grow with the corpus; the schema is fixed (an empty corpus gives an empty table with
    the same columns). Returns the row count."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = export_schema()
    count = 0
    with pq.ParquetWriter(str(path), schema) as writer:
        chunk: list[Mapping[str, Any]] = []
        for row in rows:
            chunk.append(row)
            if len(chunk) >= batch_rows:
                writer.write_table(pa.Table.from_pylist(chunk, schema=schema))
                count += len(chunk)
                chunk = []
        if chunk or not count:
            writer.write_table(pa.Table.from_pylist(chunk, schema=schema))
            count += len(chunk)
    return count
