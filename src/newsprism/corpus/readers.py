"""Read articles from files and folders; report every input that cannot be read.

Inputs: ``.txt`` (one article per file), ``.html``/``.htm`` (article text
extracted with trafilatura), ``.jsonl`` (one article per line). A folder may
hold a sidecar manifest, ``articles.csv`` or ``articles.jsonl``, giving the
outlet, date, URL, title and authors of its text/HTML files.

``Article.text`` is the decoded text as is (a BOM stripped, CRLF/CR turned
into LF); every offset computed later points into it. Nothing raises on bad
input: it becomes a :class:`Skipped` with a one-line reason.

Text that is not UTF-8 is decoded with the encoding charset-normalizer detects
(Windows-1252, Latin-1, …) and a publication date that is not ISO 8601 is read with
python-dateutil (:mod:`newsprism.corpus.textio`); either one leaves a note in
``Article.meta["notes"]`` (``documents[].notes`` in the report) saying what was
detected or guessed, or that a date could not be read.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from newsprism.corpus.textio import decode_bytes, encoding_note, is_iso_date, read_date
from newsprism.extract.language import non_english_reason
from newsprism.model import MAX_FILE_BYTES, Article, Skipped, too_long, without_surrogates

__all__ = [
    "read_paths",
    "read_file",
    "iter_jsonl",
    "check_article",
    "is_manifest",
    "decode_text",
    "decode_text_encoding",
    "with_note",
    "SUPPORTED_SUFFIXES",
    "MANIFEST_NAMES",
]

SUPPORTED_SUFFIXES = (".txt", ".html", ".htm", ".jsonl")
MANIFEST_NAMES = ("articles.csv", "articles.jsonl")
# Files that live next to articles but are not articles (annotations, docs).
_IGNORED_NAMES = frozenset({"expected.yaml", "expected.yml"})
_MANIFEST_KEYS = ("file", "filename", "id")
_KNOWN_FIELDS = ("title", "published", "outlet", "url", "authors")
_JSONL_FIELDS = frozenset({"id", "text", *_KNOWN_FIELDS})
_MIN_HTML_WORDS = 5
_AUTHOR_SPLIT = re.compile(r"\s*(?:;|\||,|&|\band\b)\s*")
# Bytes that never occur in text: C0 controls other than \t \n \f \r, and DEL.
_CONTROL_BYTES = frozenset(range(32)) - {9, 10, 12, 13} | {127}


def decode_text(data: bytes) -> tuple[str | None, str | None]:
    """(text, None) for usable text, else (None, reason). (:func:`decode_text_encoding`
    also says which encoding other than UTF-8 was detected.)"""
    text, reason, _ = decode_text_encoding(data)
    return text, reason


def decode_text_encoding(data: bytes) -> tuple[str | None, str | None, str | None]:
    """(text, None, encoding) for usable text — ``encoding`` None for UTF-8, else the
    detected one (Windows-1252, Latin-1, …) — or (None, reason, None)."""
    if not data:
        return None, "empty file", None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return None, "UTF-16 text is not supported (save it as UTF-8)", None
    if b"\x00" in data:
        return None, "binary file (contains NUL bytes)", None
    head = data[:8192]
    control = sum(1 for b in head if b in _CONTROL_BYTES)
    if control > 0.05 * len(head):
        return None, f"binary file (mostly non-text bytes: {control} control bytes in the first {len(head)})", None
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    encoding: str | None = None
    text: str | None
    try:
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as err:
        offset = bom + err.start
        # a file that starts with the UTF-8 byte-order mark says it is UTF-8: not guessed
        text, encoding = decode_bytes(data) if not bom else (None, None)
        if text is None:
            return None, f"not UTF-8 text (invalid byte 0x{data[offset]:02x} at byte offset {offset})", None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return None, "whitespace-only file", None
    return text, None, encoding


def with_note(article: Article, note: str) -> Article:
    """``article`` with ``note`` added to ``meta["notes"]`` (what had to be guessed about it)."""
    notes = list(article.meta.get("notes") or ())
    if note in notes:
        return article
    return replace(article, meta={**article.meta, "notes": [*notes, note]})




def _authors(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        parts = _AUTHOR_SPLIT.split(value)
    elif isinstance(value, list | tuple):
        parts = [v for v in value if isinstance(v, str)]
    else:
        return ()
    return tuple(p.strip() for p in parts if p and p.strip())


def _given_fields(record: Mapping[str, Any], source: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Article fields given by a manifest row or JSONL record, and the fields it
    had that are not article fields (kept in ``meta``). Empty values mean unknown."""
    fields: dict[str, Any] = {}
    meta: dict[str, Any] = {}
    for key, value in record.items():
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        if key in ("title", "url", "outlet") and isinstance(value, str):
            fields[key] = value.strip()
        elif key == "published" and isinstance(value, str):
            iso, note = read_date(value)
            if iso is not None:
                fields["published"] = iso
                if iso != value.strip():
                    meta["published_given"] = value  # as written, before it was read
            else:
                meta["published_unparsed"] = value  # unreadable: not used to resolve dates
            if note:
                meta.setdefault("notes", []).append(note)
        elif key == "authors" and _authors(value):
            fields["authors"] = _authors(value)
        elif key in _KNOWN_FIELDS:
            meta[f"{key}_unparsed"] = value  # wrong type: kept, not used
        elif key not in _JSONL_FIELDS and not (source == "manifest" and key in _MANIFEST_KEYS):
            meta[key] = value
    if "outlet" in fields:
        fields["outlet_source"] = source
    return fields, meta


def _apply(article: Article, fields: Mapping[str, Any], meta: Mapping[str, Any]) -> Article:
    if "outlet" in fields:
        # a stated outlet replaces HTML metadata, evidence and all
        article = replace(article, outlet_evidence=None)
    if not (fields or meta):
        return article
    merged = {**article.meta, **meta}
    if article.meta.get("notes") and meta.get("notes"):
        merged["notes"] = [*article.meta["notes"], *(n for n in meta["notes"] if n not in article.meta["notes"])]
    return replace(article, **fields, meta=merged)


@dataclass
class _Manifest:
    path: Path
    rows: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # file name -> (line, row)

    def lookup(self, path: Path) -> dict[str, Any] | None:
        hit = self.rows.get(path.name) or self.rows.get(path.stem)
        return hit[1] if hit else None


def _manifest_key(row: Mapping[str, Any]) -> str | None:
    for key in _MANIFEST_KEYS:
        value = row.get(key)
        if isinstance(value, str) and value.strip():
            return Path(value.strip()).name
    return None


def _jsonl_is_manifest(path: Path) -> bool:
    """``articles.jsonl`` is a manifest when its records carry no ``text``."""
    try:
        with path.open("rb") as fh:
            for raw in fh:
                if raw.strip():
                    record = json.loads(raw.decode("utf-8-sig"))
                    return isinstance(record, dict) and "text" not in record
    except (OSError, ValueError):
        return False
    return False


@dataclass
class _Reader:
    """State of one ``read_paths`` call (ids seen, manifests loaded)."""

    articles: list[Article] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    seen_ids: dict[str, str] = field(default_factory=dict)
    manifests: dict[Path, _Manifest | None] = field(default_factory=dict)
    unique_ids: bool = True  # a later record with an id already read is skipped (False: the caller decides)

    # -- entry points -------------------------------------------------
    def read(self, path: Path) -> None:
        if path.is_dir():
            self.read_folder(path)
        elif path.is_file():
            self.read_file(path)
        elif path.exists():
            self.skip(path, "not a regular file or folder")
        else:
            self.skip(path, missing_reason(path))

    def read_folder(self, folder: Path) -> None:
        before, skipped_before = len(self.articles), len(self.skipped)
        self.manifest(folder, report_missing=True)  # loaded once; lists what it names but the folder lacks
        try:
            entries = sorted(folder.iterdir(), key=lambda p: p.name)
        except OSError as err:
            self.skip(folder, f"cannot list folder ({err.strerror or err})")
            return
        for entry in entries:
            name = entry.name
            if name.startswith(".") or name.lower() in _IGNORED_NAMES or name.upper().startswith("README"):
                continue
            if name in MANIFEST_NAMES and (name.endswith(".csv") or _jsonl_is_manifest(entry)):
                continue
            if entry.is_dir():
                self.skip(entry, "subfolder not read (folders are read non-recursively)")
                continue
            self.read_file(entry)
        if len(self.articles) == before:
            skipped = len(self.skipped) - skipped_before
            note = f" ({skipped} input{'s' if skipped != 1 else ''} skipped)" if skipped else ""
            self.skip(folder, "no articles found in folder" + note)

    def read_file(self, path: Path) -> None:
        suffix = path.suffix.lower()
        if suffix not in SUPPORTED_SUFFIXES:
            self.skip(path, f"unsupported file type {suffix}" if suffix else "unsupported file type (no extension)")
            return
        try:
            size = path.stat().st_size
            if suffix != ".jsonl" and size > MAX_FILE_BYTES:  # one article: not read into memory
                self.skip(path, f"file of {size:,} bytes is over the {MAX_FILE_BYTES:,}-byte limit for one article")
                return
            data = path.read_bytes()
        except OSError as err:
            self.skip(path, f"cannot read file ({err.strerror or err})")
            return
        if suffix == ".jsonl":
            self.read_jsonl(path, data)
        elif suffix == ".txt":
            text, reason, encoding = decode_text_encoding(data)
            if text is None:
                self.skip(path, reason or "unreadable")
                return
            article = Article(id=path.name, text=text, path=str(path))
            self.add(path, with_note(article, encoding_note(encoding)) if encoding else article)
        else:
            self.read_html(path, data)

    # -- formats ------------------------------------------------------
    def read_html(self, path: Path, data: bytes) -> None:
        if self.skip_unusable(path, data):
            return
        import trafilatura  # heavy; only needed for HTML input

        text, _, encoding = decode_text_encoding(data)
        try:
            doc = trafilatura.bare_extraction(
                text if text is not None else data, with_metadata=True, include_comments=False
            )
        except Exception as err:  # trafilatura/lxml raise many kinds on broken markup
            self.skip(path, f"HTML could not be parsed ({type(err).__name__})")
            return
        body = getattr(doc, "text", None) if doc is not None else None
        words = len(body.split()) if body else 0
        if words < _MIN_HTML_WORDS:
            # a few words out of a page are navigation leftovers, not an article
            self.skip(path, "no article text found in HTML page" + (f" (only {words} words)" if words else ""))
            return
        body = body.replace("\r\n", "\n").replace("\r", "\n")
        article = Article(id=path.name, text=body, path=str(path))
        given: dict[str, Any] = {}
        if getattr(doc, "title", None):
            given["title"] = doc.title
        html_date = getattr(doc, "date", None)
        if isinstance(html_date, str) and is_iso_date(html_date):
            given["published"] = html_date
        if getattr(doc, "author", None):
            given["authors"] = _authors(doc.author)
        if getattr(doc, "url", None):
            given["url"] = doc.url
        if getattr(doc, "sitename", None):
            from newsprism.extract.metadata import normalise_outlet

            given.update(outlet=normalise_outlet(doc.sitename), outlet_source="html-meta")
        article = replace(article, **given)
        self.add(path, with_note(article, encoding_note(encoding)) if encoding else article)

    def read_jsonl(self, path: Path, data: bytes) -> None:
        if self.skip_unusable(path, data):
            return
        found = False
        for number, raw in enumerate(data.split(b"\n"), start=1):
            if not raw.strip():
                continue
            found = True
            if number == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            article, reason = _jsonl_line(self, path, raw)
            if article is None:
                self.skip(path, reason or "unreadable line", number)
            else:
                self.add(path, article, number)
        if not found:
            self.skip(path, "whitespace-only file")

    def jsonl_record(self, path: Path, line: str) -> tuple[Article | None, str | None]:
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            return None, f"bad JSON ({err.msg} at column {err.colno})"
        if not isinstance(record, dict):
            return None, f"not a JSON object (a {type(record).__name__})"
        doc_id = record.get("id")
        if isinstance(doc_id, bool) or not isinstance(doc_id, str | int) or not str(doc_id).strip():
            return None, "missing or empty 'id'" if doc_id in (None, "") else "'id' must be a string or integer"
        text = record.get("text")
        if text is None:
            return None, "missing 'text'"
        if not isinstance(text, str):
            return None, f"'text' must be a string, not {type(text).__name__}"
        if not text.strip():
            return None, "empty text"
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        fields, meta = _given_fields(record, "jsonl")
        article = Article(id=str(doc_id), text=text, path=str(path))
        return _apply(article, fields, meta), None

    # -- manifests ----------------------------------------------------
    def manifest(self, folder: Path, report_missing: bool = False) -> _Manifest | None:
        """The folder's manifest, loaded once per call; problems become Skipped."""
        if folder in self.manifests:
            return self.manifests[folder]
        manifest = None
        for name in MANIFEST_NAMES:
            path = folder / name
            if path.is_file() and (name.endswith(".csv") or _jsonl_is_manifest(path)):
                manifest = self.load_manifest(path)
                break
        self.manifests[folder] = manifest
        if manifest is not None and report_missing:
            present = {n for p in folder.iterdir() for n in (p.name, p.stem)}
            for file_name, (line, _) in manifest.rows.items():
                if file_name not in present:
                    self.skip(manifest.path, f"lists {file_name!r}, which is not in the folder", line)
        return manifest

    def load_manifest(self, path: Path) -> _Manifest:
        manifest = _Manifest(path)
        try:
            data = path.read_bytes()
        except OSError as err:
            self.skip(path, f"cannot read manifest ({err.strerror or err})")
            return manifest
        text, reason = decode_text(data)
        if text is None:
            self.skip(path, f"manifest not read: {reason}")
            return manifest
        for line, row in self.manifest_rows(path, text):
            key = _manifest_key(row)
            if key is None:
                self.skip(path, "manifest row has no 'file' (or 'filename'/'id') value", line)
            elif key in manifest.rows:
                self.skip(path, f"manifest lists {key!r} twice (first on line {manifest.rows[key][0]})", line)
            else:
                manifest.rows[key] = (line, row)
        return manifest

    def manifest_rows(self, path: Path, text: str) -> Iterator[tuple[int, dict[str, Any]]]:
        if path.suffix == ".csv":
            reader = csv.DictReader(io.StringIO(text))
            if not reader.fieldnames or not any(
                (f or "").strip().lower() in _MANIFEST_KEYS for f in reader.fieldnames
            ):
                self.skip(path, "manifest has no 'file' (or 'filename'/'id') column")
                return
            for row in reader:
                clean = {(k or "").strip().lower(): v for k, v in row.items() if k}
                yield reader.line_num, clean
            return
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                self.skip(path, f"bad JSON in manifest ({err.msg} at column {err.colno})", number)
                continue
            if not isinstance(record, dict):
                self.skip(path, "manifest line is not a JSON object", number)
                continue
            yield number, {str(k).lower(): v for k, v in record.items()}

    # -- bookkeeping --------------------------------------------------
    def add(self, path: Path, article: Article, line: int | None = None) -> None:
        checked, reason = check_article(article)
        if checked is None:
            self.skip(path, reason or "unreadable", line)
            return
        article = checked
        if line is None:  # a text/HTML file: its folder's manifest may describe it
            manifest = self.manifest(path.parent)
            row = manifest.lookup(path) if manifest is not None else None
            if row is not None:
                fields, meta = _given_fields(row, "manifest")
                article = _apply(article, fields, meta)
        first = self.seen_ids.get(article.id) if self.unique_ids else None
        if first is not None:
            self.skip(path, f"duplicate id {article.id!r} (already read from {first})", line)
            return
        self.seen_ids[article.id] = f"{path}:{line}" if line is not None else str(path)
        self.articles.append(article)

    def skip(self, path: Path, reason: str, line: int | None = None) -> None:
        self.skipped.append(Skipped(str(path), reason, line))

    def skip_unusable(self, path: Path, data: bytes) -> bool:
        """Skip (and say so) a file with nothing to read or with NUL bytes (binary)."""
        if not data.strip():
            self.skip(path, "empty file" if not data else "whitespace-only file")
            return True
        if b"\x00" in data:
            self.skip(path, "binary file (contains NUL bytes)")
            return True
        return False


def _decode_line(raw: bytes) -> tuple[str | None, str | None, str]:
    """(line, detected encoding or None for UTF-8, reason when unreadable) of one JSONL line."""
    try:
        return raw.decode("utf-8"), None, ""
    except UnicodeDecodeError as err:
        line, encoding = decode_bytes(raw)
        if line is None:
            return None, None, _not_utf8(raw, err)
        return line, encoding, ""


def _not_utf8(raw: bytes, err: UnicodeDecodeError) -> str:
    return f"not UTF-8 text (invalid byte 0x{raw[err.start]:02x} at byte {err.start} of the line)"


def _jsonl_line(reader: "_Reader", path: Path, raw: bytes) -> tuple[Article | None, str | None]:
    """The article of one raw JSONL line, or why not. A line that is not UTF-8 is decoded
    with the detected encoding (noted); if it is no JSON record then, the encoding is
    what is reported."""
    line, encoding, why = _decode_line(raw)
    if line is None:
        return None, why
    article, reason = reader.jsonl_record(path, line)
    if article is None:
        if encoding:
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as err:
                return None, _not_utf8(raw, err)
        return None, reason or "unreadable line"
    return (with_note(article, encoding_note(encoding)) if encoding else article), None


def read_file(path: str | Path) -> tuple[list[Article], list[Skipped]]:
    """Read one file (any supported type)."""
    return read_paths([path])


def missing_reason(path: str | Path) -> str:
    """Why ``path`` cannot be opened when it does not exist as a file or folder: a symlink
    loop, a dangling link, a folder that cannot be searched — or simply absent."""
    import errno
    import os

    try:
        os.stat(path)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "symbolic link loop"
        if err.errno == errno.EACCES:
            return "permission denied"
        if os.path.islink(path):
            return f"broken symbolic link (to {os.readlink(path)})"
        return "no such file or folder"
    return "not a regular file or folder"


def read_paths(paths: Sequence[str | Path]) -> tuple[list[Article], list[Skipped]]:
    """Articles from files and folders (folders: non-recursive, sorted by name),
    and every input that could not be read, with a one-line reason."""
    reader = _Reader()
    for path in paths:
        reader.read(Path(path))
    return reader.articles, reader.skipped


def is_manifest(path: str | Path) -> bool:
    """``articles.csv``, or an ``articles.jsonl`` whose records carry no ``text``: a folder's
    manifest (metadata of its text/HTML files), not articles."""
    path = Path(path)
    if path.name not in MANIFEST_NAMES:
        return False
    return path.name.endswith(".csv") or _jsonl_is_manifest(path)


def check_article(article: Article) -> tuple[Article | None, str | None]:
    """The checks every record read gets: lone surrogates (``"\\ud800"`` in JSON) become U+FFFD
    one for one; too long or not in English -> (None, the reason)."""
    article = without_surrogates(article)
    reason = too_long(article)
    if reason is None:
        reason = non_english_reason(article.text)
    return (None, reason) if reason is not None else (article, None)


def iter_jsonl(path: str | Path, unique_ids: bool = True) -> Iterator[Article | Skipped]:
    """The records of one ``.jsonl`` file, streamed line by line (memory does not grow with
    the file), with the checks and line-numbered reasons of :func:`read_paths`. A line
    repeating an earlier line's id is skipped, unless ``unique_ids`` is False (the batch
    engines, which read lines in parallel, give such ids their own rule)."""
    path = Path(path)
    reader = _Reader(unique_ids=unique_ids)
    try:
        handle = path.open("rb")
    except OSError as err:
        yield Skipped(str(path), f"cannot read file ({err.strerror or err})")
        return
    found = False
    with handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            found = True
            if number == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            if b"\x00" in raw:
                reader.skip(path, "binary data (contains NUL bytes)", number)
            else:
                article, reason = _jsonl_line(reader, path, raw)
                if article is None:
                    reader.skip(path, reason or "unreadable line", number)
                else:
                    reader.add(path, article, number)
            if reader.skipped:
                yield from reader.skipped
                reader.skipped.clear()
            if reader.articles:
                yield from reader.articles
                reader.articles.clear()
    if not found:
        yield Skipped(str(path), "empty file" if path.stat().st_size == 0 else "whitespace-only file")
