"""What real inputs carry that ISO-8601 UTF-8 files don't: other publication-date formats
("July 02, 2010", RFC 822 from feeds, "02/07/2010") and Windows-1252 / Latin-1 text.

Both are read rather than refused, and what had to be guessed is said in a note that
reaches the report (``documents[].notes``):

* :func:`read_date` — an ISO 8601 value as is; otherwise python-dateutil reads it; a date
  with no day, an ambiguous day/month order or one found inside other words is a guess
  (noted); one with no year, or none at all, cannot be read (noted, not used).
* :func:`decode_bytes` — UTF-8 first; otherwise charset-normalizer detects the encoding
  (Windows-1252, Latin-1, …) and the text is decoded with it (noted).
"""

from __future__ import annotations

import re
from datetime import date, datetime

__all__ = ["read_date", "decode_bytes", "encoding_note", "is_iso_date", "headline"]

_URL_LINE = re.compile(r"^\s*(?:https?\s*:|www\s*\.)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9\)\"”’])[.!?](?=\s)")


def headline(title: str | None, text: str, limit: int = 160) -> str | None:
    """What to show as an article's headline: its title, else the first line of its
    text (scraped articles often carry the headline there), else the text's first
    sentence — cut at a word near ``limit`` characters with "…"."""
    if title and title.strip():
        return title.strip()
    for line in text.splitlines():
        line = " ".join(line.split())
        if not line or _URL_LINE.match(line):
            continue
        if len(line) > limit:
            end = _SENTENCE_END.search(line)
            if end is not None and end.start() < limit:
                return line[: end.start() + 1]
            cut = line.rfind(" ", 0, limit)
            return line[: cut if cut > limit // 2 else limit].rstrip(",;:- ") + "…"
        return line
    return None

_NUMERIC_DMY = re.compile(r"^\s*(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})\b")
# detected encodings read as Windows-1252, and readable names for the note
_WESTERN = frozenset(
    "cp1252 windows-1252 latin_1 iso8859_1 iso8859_15 cp1250 iso8859_2 mac_roman cp850 cp437 mac_latin2 iso8859_3 "
    "iso8859_4 iso8859_9 iso8859_10 iso8859_13 iso8859_14 iso8859_16 cp1254 cp1257".split()
)
_ENCODING_NAMES = {
    "cp1252": "Windows-1252",
    "windows-1252": "Windows-1252",
    "latin_1": "Latin-1 (ISO-8859-1)",
    "iso8859_1": "Latin-1 (ISO-8859-1)",
    "iso8859_15": "Latin-9 (ISO-8859-15)",
    "cp1250": "Windows-1250",
    "iso8859_2": "Latin-2 (ISO-8859-2)",
    "mac_roman": "Mac Roman",
    "cp850": "DOS Latin-1 (CP850)",
}


def is_iso_date(value: str) -> bool:
    try:
        if len(value) == 10:
            date.fromisoformat(value)
        else:
            datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_date(value: str) -> tuple[str | None, str | None]:
    """(ISO 8601 date or datetime, note) for a publication date as given.

    The note is None when the value was ISO or read without doubt; it says what was
    guessed, or that the value could not be read (then the date is None).
    """
    given = value.strip()
    if not given:
        return None, None
    if is_iso_date(given):
        return given, None
    import warnings

    from dateutil import parser as dateparser  # type: ignore[import-untyped]  # installed with pandas/trafilatura

    with warnings.catch_warnings():  # "tzname ET identified but not understood": the date is still right
        warnings.simplefilter("ignore")
        return _read_date(dateparser, given)


def _read_date(dateparser, given: str) -> tuple[str | None, str | None]:

    guessed: list[str] = []
    parsed = _parse(dateparser, given, fuzzy=False)
    if parsed is None:
        parsed = _parse(dateparser, given, fuzzy=True)
        if parsed is not None:
            guessed.append("found among other words")
    if parsed is None:
        return None, f'publication date "{given}" could not be read; not used'
    first, second = parsed
    if first.year != second.year:
        return None, f'publication date "{given}" has no year; not used'
    if not 1800 <= first.year <= 2200:
        return None, f'publication date "{given}" has an implausible year; not used'
    if first.day != second.day:
        guessed.append("no day given, the 1st assumed")
    match = _NUMERIC_DMY.match(given)
    if match and int(match.group(1)) <= 12 and int(match.group(2)) <= 12 and match.group(1) != match.group(2):
        guessed.append("day and month order ambiguous, read month first")
    has_time = (first.hour, first.minute, first.second) != (0, 0, 0) or first.tzinfo is not None
    iso = first.isoformat() if has_time else first.date().isoformat()
    if guessed:
        return iso, f'publication date "{given}" read as {iso} ({"; ".join(guessed)})'
    return iso, None


def _parse(dateparser, value: str, fuzzy: bool) -> tuple[datetime, datetime] | None:
    """The value parsed against two different defaults: where they differ, the value was
    silent (a missing year or day)."""
    try:
        first = dateparser.parse(value, default=datetime(2000, 1, 1), fuzzy=fuzzy)
        second = dateparser.parse(value, default=datetime(2001, 2, 2), fuzzy=fuzzy)
    except (ValueError, OverflowError, TypeError):
        return None
    if fuzzy and first == datetime(2000, 1, 1):
        return None
    return first, second


def encoding_note(codec: str) -> str:
    """The note a document decoded with ``codec`` (not UTF-8) carries."""
    return f"not UTF-8: decoded as {_ENCODING_NAMES.get(codec, codec)} (detected)"


def decode_bytes(data: bytes) -> tuple[str | None, str | None]:
    """(text, Python codec) of bytes that are not UTF-8, or (None, None) when they are not
    Western text. charset-normalizer detects the encoding; when it names a Western or Central
    European single-byte code page (or none), Windows-1252 (or Latin-1 when that fails) decodes it:
    the detector cannot tell those apart on short English text ("crème" read as "crčme"
    in Windows-1250), and Windows-1252 is what such files almost always are."""
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a dependency of requests, always present
        return None, None
    best = from_bytes(data).best()
    detected = best.encoding if best is not None else None
    if detected is not None and detected not in _WESTERN:
        # another script (Cyrillic, Arabic, …) or a guess on too little text: an English
        # news reader cannot check it, so it is not guessed (the file is reported)
        return None, None
    candidates = ["cp1252", "latin_1"]
    for encoding in candidates:
        try:
            return data.decode(encoding), encoding
        except (UnicodeDecodeError, LookupError):
            continue
    return None, None
