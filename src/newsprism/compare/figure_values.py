"""The values figures give, for the figure conflicts: a figure's number as a float, the interval
its qualifier spans ("about 130", "more than 150"), and the one figure two numbers of a claim
make — a range ("between 150 and 200 migrants") or a sum of parts ("12 Somali and 11 Yemeni
pirates": 23 pirates); whether a text writes a value, and whether a count in words is exact
("seven rifles", not "dozens"). Moved out of figure_conflicts, which reads them."""

from __future__ import annotations

import re
from dataclasses import replace

from newsprism.extract.claims import Claim
from newsprism.extract.figures import parse_number_words
from newsprism.lexicon import NUMBER_WORDS, SCALE_WORDS
from newsprism.model import Figure

__all__ = ["_num", "_interval", "_ranges", "_sums", "exact_in_words", "figure_interval", "mentions_value",
           "vague_in_words"]


def _num(value: float | int | str) -> float:
    """A figure's value as a float; an integer past float range (a 400-digit number, found by
    bench/fuzz.py seed 9) is infinite rather than an OverflowError."""
    try:
        return float(value)
    except OverflowError:
        return float("-inf") if str(value).startswith("-") else float("inf")


_FIGURE_QUALIFIER_WIDTH = {"about": 0.1, "around": 0.1, "roughly": 0.1, "nearly": 0.1, "almost": 0.1,
                           "approximately": 0.1, "some": 0.15, "an estimated": 0.15}


def _interval(value: float, qualifier: str | None) -> tuple[float, float]:
    q = (qualifier or "").lower()
    if q in ("more than", "over", "at least", "upwards of"):
        return value, float("inf")
    if q in ("less than", "under", "fewer than", "at most", "up to"):
        return 0.0, value
    if q == "just over":
        return value, value * 1.1
    if q == "just under":
        return value * 0.9, value
    width = _FIGURE_QUALIFIER_WIDTH.get(q)
    if width is not None:
        return value * (1 - width), value * (1 + width)
    return value, value


# amounts in words a reader takes for a range, not the scale the extractor gives them ("dozens": 12):
# "a dozen" is about twelve, "dozens" two dozen or more but under a hundred, "hundreds" a few
# hundred or more but under a thousand
_VAGUE_RANGES = {"a dozen": (10.0, 14.0), "dozen": (10.0, 14.0), "dozens": (24.0, 99.0), "hundreds": (200.0, 999.0),
                 "thousands": (2_000.0, 9_999.0), "tens of thousands": (20_000.0, 99_999.0),
                 "hundreds of thousands": (200_000.0, 999_999.0)}
_ABOVE = frozenset({"more than", "over", "at least", "upwards of", "just over"})
_BELOW = frozenset({"less than", "under", "fewer than", "at most", "up to", "just under", "nearly", "almost"})


def _bare_words(f) -> str:
    """The figure's words without its qualifier, lower-cased ("more than a dozen" -> "a dozen")."""
    text = f.text
    if f.qualifier and text.lower().startswith(f.qualifier.lower()):
        text = text[len(f.qualifier):]
    return " ".join(text.lower().split())


def vague_in_words(f) -> tuple[float, float] | None:
    """The range an approximate amount in words spans ("a dozen" 10-14, "dozens" 24-99,
    "hundreds" 200-999), opened by its qualifier ("more than a dozen": 10 and up; "fewer than a
    dozen": up to 14); None for any other figure."""
    base = _VAGUE_RANGES.get(_bare_words(f))
    if base is None or f.unit not in ("count", "people"):
        return None
    q = (f.qualifier or "").lower()
    if q in _ABOVE:
        return base[0], float("inf")
    if q in _BELOW:
        return 0.0 if q in ("less than", "under", "fewer than", "at most", "up to") else base[0] * 0.8, base[1]
    return base


def figure_interval(f) -> tuple[float, float]:
    """The interval a figure's value spans: its qualifier's (``_interval``), or for an approximate
    amount in words the range a reader takes it for (``vague_in_words``)."""
    vague = vague_in_words(f)
    return vague if vague is not None else _interval(_num(f.value), f.qualifier)


_RANGE_JOIN = re.compile(r"\s*(and|to|-|–)\s*")
_RANGE_OPENER = re.compile(r"\b(between|from)\s+$", re.IGNORECASE)


def _ranges(claim: Claim) -> tuple[list[tuple[Figure, tuple[float, float]]], set[int]]:
    """Each range two figures of a claim make ("between 150 and 200 migrants", "150 to 200",
    "$5 million-$7 million"), as one figure from its first word to the second number, with the
    second's unit and counted noun, and the interval it spans ("more than 150" fits it, "about
    400" does not); and where every end of a range starts, a change ("rose from 30 to 45") too,
    which is no figure of its own."""
    figs = sorted(claim.figures, key=lambda f: f.start)
    out: list[tuple[Figure, tuple[float, float]]] = []
    ends: set[int] = set()
    for f, g in zip(figs, figs[1:]):
        if not (isinstance(f.value, (int, float)) and isinstance(g.value, (int, float))):
            continue
        join = _RANGE_JOIN.fullmatch(claim.text[f.end - claim.start: g.start - claim.start])
        if join is None:
            continue
        opener = _RANGE_OPENER.search(claim.text[max(0, f.start - claim.start - 10): f.start - claim.start])
        word = opener.group(1).lower() if opener else None
        if (join.group(1) == "and") != (word == "between"):
            continue  # "150 and 200" without "between": two figures; "between 150 to 200": unclear
        ends.update((f.start, g.start))
        if word == "from" or not f.value < g.value or (f.unit != g.unit and {f.unit, g.unit} != {"count", "people"}):
            continue  # "rose from 30 to 45": a change, not a range; "voted 51 to 49": a tally
        start = f.start - (len(opener.group(0)) if opener else 0)
        text = claim.text[start - claim.start: g.end - claim.start].rstrip()
        low, high = _interval(_num(f.value), f.qualifier)[0], _interval(_num(g.value), g.qualifier)[1]
        out.append((replace(g, start=start, text=text, value=(_num(f.value) + _num(g.value)) / 2, qualifier=None),
                    (low, high)))
    return out, ends


# what stands between the parts of one group's count: a word naming the first part ("12 Somali and 11
# Yemeni pirates", "two American and three British soldiers")
_PART_JOIN = re.compile(r"\s+[A-Za-z][\w-]*,?\s+and\s+")


def _sums(claim: Claim) -> tuple[list[tuple[Figure, tuple[float, float]]], set[int]]:
    """Each count of one group told in two parts of one noun ("12 Somali and 11 Yemeni pirates":
    both numbers count the "pirates"), as one figure of their sum from the first number to the
    noun, with the interval the parts span together ("23 pirates" in another report is that
    figure told alike); and where each part starts: a part is no count of the whole group."""
    figs = sorted(claim.figures, key=lambda f: f.start)
    out: list[tuple[Figure, tuple[float, float]]] = []
    parts: set[int] = set()
    for f, g in zip(figs, figs[1:]):
        if not (isinstance(f.value, (int, float)) and isinstance(g.value, (int, float))) \
                or f.unit not in ("count", "people") or g.unit not in ("count", "people"):
            continue
        if f.counts_span is None or g.counts_span is None or f.counts_span.end != g.counts_span.end:
            continue  # "3 dead and 5 wounded": no one noun that both numbers count
        if not _PART_JOIN.fullmatch(claim.text[f.end - claim.start: g.start - claim.start]):
            continue
        end = g.counts_span.end
        lo_f, hi_f = _interval(_num(f.value), f.qualifier)
        lo_g, hi_g = _interval(_num(g.value), g.qualifier)
        parts.update((f.start, g.start))
        out.append((replace(g, start=f.start, end=end, text=claim.text[f.start - claim.start: end - claim.start],
                            value=_num(f.value) + _num(g.value), qualifier=None), (lo_f + lo_g, hi_f + hi_g)))
    return out, parts


def mentions_value(text: str, value: str) -> bool:
    """``text`` writes the number of ``value`` ("$1.5 million" -> "1.5") as a number of its own;
    a value in words ("Six") in words or in digits ("six", "6")."""
    if not any(ch.isdigit() for ch in value):
        words = [w for w in re.findall(r"[a-z]+", value.lower()) if w in NUMBER_WORDS or w in SCALE_WORDS]
        n = parse_number_words(words) if words else None
        if n is None:
            return False
        if re.search(r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, words)) + r"(?![\w-])", text, re.IGNORECASE):
            return True
        value = str(n)
    m = re.search(r"\d[\d,.]*\d|\d", value)
    if not m or m.group(0) not in text:  # the number's characters, anywhere (a quick test before the scan)
        return False
    return re.search(r"(?<![\d.,])" + re.escape(m.group(0)) + r"(?![\d]|[.,]\d)", text) is not None


# what says a count is of a set beside another one ("three other rifles", "another 5 people")
_OTHER_SET = frozenset({"other", "more", "additional", "another", "an additional"})

# the words of one exact number written out ("seven", "twenty-three", "a hundred and ten")
_EXACT_WORDS = frozenset(NUMBER_WORDS) | frozenset(SCALE_WORDS) | {"and", "a"}


def exact_in_words(f) -> bool:
    """A count of two or more written in words that name one number ("seven AK-47 rifles",
    "more than twenty-three people"): as precise as its digits. Not a vague amount ("dozens",
    "a dozen", "a few"), a fraction ("half"), "one" (mostly "one of", no count) or a number
    that names no noun ("after three died", "two of them"): it may count anyone around it."""
    if f.unit not in ("count", "people") or not isinstance(f.value, int) or f.value < 2 or not f.counts:
        return False
    number = f.text[len(f.qualifier):] if f.qualifier and f.text.lower().startswith(f.qualifier.lower()) else f.text
    words = re.split(r"[\s-]+", number.strip().lower())
    return bool(words) and all(w in _EXACT_WORDS for w in words) and any(w in NUMBER_WORDS for w in words)
