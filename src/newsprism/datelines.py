"""Where a dateline opens a paragraph: "NAIROBI, Kenya (AP) —", "WASHINGTON (Reuters) -",
"BEIRUT —", "KAMPALA, Uganda, Dec 3 (Reuters) -", "New York (AFP) –".

One reading for the two places that need it: the sentence guard before the parser
(``nlp``: the lede is parsed as a sentence of its own, so the place does not become its
subject) and the document's metadata (``extract.metadata``: the dateline's place). Only
text is read here; no spaCy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

__all__ = ["AGENCY", "DASH", "MONTH", "Dateline", "dateline_length", "datelines", "lead"]

AGENCY = r"AP|Reuters|AFP|UPI|CNN"
MONTH = r"(?:Jan|Feb|March|Mar|April|Apr|May|June|Jun|July|Jul|Aug|Sept|Sep|Oct|Nov|Dec)[a-z]*\.?"
DASH = r"(?:[—–―][—–―-]*|--?(?=[ ]))"

# A dateline opening a paragraph: an upper-case place ("BEIRUT", "NEWPORT NEWS",
# "HEMPSTEAD, N.Y.", "BEIRUT, Lebanon"), maybe a date and a wire mark, then a dash.
_REGION = rf"(?!{MONTH}[ ]\d)[A-Z][a-z]*\.?(?:[ ]?[A-Z][a-z]*\.?){{0,3}}"
_UPPER = re.compile(
    rf"^[ \t]*(?P<place>[A-Z][A-Z.'’-]*[A-Z.](?:[ ][A-Z][A-Z.'’-]*[A-Z.])*(?:,[ ]{_REGION})?)"
    rf"(?:,[ ]{MONTH}[ ]\d{{1,2}})?[ ]*(?:\((?:{AGENCY})\)[ ]*)?{DASH}[ \t]*",
    re.MULTILINE,
)
# Mixed-case places are datelines only with a wire mark: "New York (AFP) –".
_WIRE_PLACE = re.compile(
    rf"^[ \t]*(?P<place>[A-Z][a-z]+(?:[ ][A-Z][a-z]+){{0,2}}(?:,[ ]{_REGION})?)"
    rf"(?:,[ ]{MONTH}[ ]\d{{1,2}})?[ ]*\((?:{AGENCY})\)(?:[ ]*{DASH})?[ \t]*",
    re.MULTILINE,
)
# Upper-case labels that open a paragraph with a dash like a dateline does.
_NOT_PLACES = frozenset(
    "EXCLUSIVE BREAKING UPDATE UPDATED WATCH VIDEO PHOTOS ANALYSIS OPINION EDITORIAL CORRECTION LIVE "
    "NOTE SPOILER WARNING REVIEW COMMENTARY PODCAST".split()
) | {"FACT CHECK", "EDITOR'S NOTE", "EDITOR’S NOTE", "THE LATEST"}


@dataclass(frozen=True)
class Dateline:
    """One dateline of a text: ``start`` where it opens its paragraph, ``place_start`` /
    ``place_end`` its place, ``end`` where the sentence after it begins (past the dash and
    the spaces); offsets into the text it was read from."""

    start: int
    place_start: int
    place_end: int
    end: int


def lead(text: str, paragraphs: int = 2, limit: int = 2000) -> str:
    """Up to the first few body paragraphs (where datelines live). Short lines
    (a title, "ABSTRACT.", "FULL TEXT.") do not count as body paragraphs."""
    end, seen = 0, 0
    for m in re.finditer(r"[^\n]+", text[:limit]):
        end = m.end()
        if len(m.group().strip()) >= 80:
            seen += 1
            if seen == paragraphs:
                break
    return text[:end]


def datelines(text: str) -> Iterator[Dateline]:
    """The datelines opening paragraphs of ``text`` (pass the lead: a paragraph deep in a
    story opening "NATO —" is a sentence, not a dateline), in text order."""
    found: dict[int, re.Match[str]] = {}
    for pattern in (_UPPER, _WIRE_PLACE):
        for m in pattern.finditer(text):
            if m.start() not in found:
                found[m.start()] = m
    for start in sorted(found):
        m = found[start]
        if m.group("place").split(",")[0].upper() in _NOT_PLACES:
            continue
        yield Dateline(m.start() + len(m.group()) - len(m.group().lstrip(" \t")), m.start("place"), m.end("place"), m.end())


@lru_cache(maxsize=16384)  # asked of one claim's text by five stages (a pure function of it)
def dateline_length(text: str) -> int:
    """How many characters a dateline opening ``text`` takes with its dash and the spaces after
    it ("NAIROBI, Kenya (AP) — Police fired ...": 22), 0 when it opens with none."""
    first = next(datelines(text[:200]), None)
    return first.end if first is not None and first.start == 0 and first.end < len(text) else 0
