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
import itertools
import datetime
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

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


class _Lines:
    """The physical lines a csv.reader consumes, remembered for the row being read, so a row
    that swallowed later lines (a quote left open) can be re-read without it."""

    def __init__(self, source: Iterator[str]):
        self.source = source
        self.taken: list[str] = []

    def __iter__(self) -> "_Lines":
        return self

    def __next__(self) -> str:
        line = next(self.source)
        self.taken.append(line)
        return line


def _swallowed(values: Sequence[str], width: int) -> bool:
    """A row that ran on over later rows: one of its cells holds line breaks after which
    whole CSV rows of the header's width follow (what an unclosed quote does)."""
    for cell in values:
        if "\n" not in cell:
            continue
        rows = 0
        for line in cell.split("\n")[1:]:
            try:
                parsed = next(csv.reader([line]), [])
            except csv.Error:
                continue
            # a whole row of the header's width, starting with an id-like field (no spaces)
            if width >= 2 and len(parsed) == width and parsed[0] and " " not in parsed[0].strip() and len(parsed[0]) <= 40:
                rows += 1
        if rows:
            return True
    return False


def _text_in_key_column(row: Mapping[str, str], mapping: Mapping[str, str]) -> str | None:
    """A sentence where an id or a date belongs: rows shifted by a broken quote."""
    for field in ("id", "published"):
        value = row.get(mapping.get(field, field))
        if not value:
            continue
        if "\n" in value or len(value) > 200 or (field == "published" and len(value.split()) > 6):
            return f"column {mapping.get(field, field)!r} holds text, not {'an id' if field == 'id' else 'a date'}"
    return None


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
    """Rows of a CSV file (UTF-8, header row) as Articles or Skipped, streaming.

    A quote left open makes the csv module read the following lines, rows and all, as one
    cell: such a row is skipped with the line it starts on, and the lines it swallowed are
    read again as rows of their own, so the good rows are kept.
    """
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
        lines = _Lines(iter(handle))
        reader = csv.reader(lines)
        try:
            header = next(reader)
        except StopIteration:
            yield Skipped(str(path), "empty CSV file")
            return
        except (csv.Error, UnicodeDecodeError) as err:
            yield Skipped(str(path), f"unreadable header: {err}", 1)
            return
        missing = [c for f, c in fields.items() if c not in header]
        if not fields:  # the common names (content, publication, date, ...) are read as such
            fields = {f: c for f, c in guess_mapping(header).items() if f != c or f == "text"}
            if "text" not in fields:
                yield Skipped(str(path), column_hint(header), 1)
                return
        if missing:
            yield Skipped(str(path), f"mapped column(s) missing: {', '.join(missing)}; {column_hint(header)}", 1)
            return
        line = 2  # physical line the next row starts on
        while True:
            lines.taken = []
            try:
                values = next(reader)
            except StopIteration:
                return
            except UnicodeDecodeError as err:
                yield Skipped(str(path), f"not UTF-8 ({err.reason}); rest of file not read", line)
                return
            except csv.Error as err:
                yield Skipped(str(path), f"broken CSV row: {err}", line)
                line += max(1, len(lines.taken))
                continue
            taken = lines.taken
            start = line
            line += max(1, len(taken))
            if not values:
                continue
            if len(taken) > 1 and _swallowed(values, len(header)):
                yield Skipped(
                    str(path),
                    f"a quote opened on this line is not closed: it ran over lines {start}-{start + len(taken) - 1}; "
                    "the row is skipped and the lines after it are read again",
                    start,
                )
                # read the swallowed lines again, then the rest of the file
                lines = _Lines(itertools.chain(taken[1:], lines.source))
                reader = csv.reader(lines)
                line = start + 1
                continue
            if len(values) != len(header):
                yield Skipped(str(path), f"row has {len(values)} fields, header has {len(header)}", start)
                continue
            row = dict(zip(header, values))
            shifted = _text_in_key_column(row, fields)
            if shifted:
                yield Skipped(str(path), f"{shifted} (a quote left open on an earlier line?)", start)
                continue
            yield row_to_article(row, fields, path, start, detected)


# the names news datasets give the article fields, recognised without --map
COMMON_COLUMNS = {
    "text": ("text", "content", "body", "article", "maintext", "full_text", "story"),
    "outlet": ("outlet", "publication", "source", "publisher", "source_name", "site", "source_domain"),
    "published": ("published", "date", "published_at", "publish_date", "date_publish", "pubdate", "datetime"),
    "title": ("title", "headline"),
    "url": ("url", "link"),
    "authors": ("authors", "author", "byline"),
    "id": ("id", "article_id", "uuid", "guid"),
}


def guess_mapping(header: Sequence[str]) -> dict[str, str]:
    """The mapping the common column names give (``content`` -> text, ``publication`` -> outlet)."""
    lowered = {h.strip().lower(): h for h in header}
    found: dict[str, str] = {}
    for field, names in COMMON_COLUMNS.items():
        for name in names:
            if name in lowered and lowered[name] not in found.values():
                found[field] = lowered[name]
                break
    return found


def column_hint(header: Sequence[str]) -> str:
    """One line: the columns found and the --map that would read them."""
    shown = ", ".join(header[:20]) + (" …" if len(header) > 20 else "")
    guess = {f: c for f, c in guess_mapping(header).items() if f != c}
    if "text" in guess or "text" in header:
        spec = ",".join(f"{f}={c}" for f, c in guess.items())
        return f"columns are {shown}; try --map {spec}" if spec else f"columns are {shown}"
    return f"no text column among {shown}; name it with --map text=COLUMN"


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
    ("family", "string"), ("meta", "string"),  # meta: the user's own fields as a JSON object
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
