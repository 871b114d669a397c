"""Dates and times in a report, resolved against its publication date.

Candidates come from spaCy's DATE/TIME entities plus regexes for what the
small model misses ("Tuesday night", "around 1 a. m. Wednesday", "Dec. 14",
"at dawn"). Overlapping or adjacent candidates ("Wednesday" + "morning") are
merged into one expression, then interpreted:

* explicit dates with a year ("December 14, 2016") resolve even when the
  publication date is unknown; so do bare years ("2014" -> "2014") and
  month-years ("December 2016" -> "2016-12");
* everything relative needs ``article.published`` and stays ``None``
  without it: weekdays (window -6..+1 days around publication; "next"/
  "coming", a will/shall verb, a plan told in the present ("plans to meet
  Friday", "is scheduled for Monday") or a reported would-verb look forward
  0..+7 instead, "last" looks back 1..7), yesterday/today/tomorrow/tonight, "N days ago", and
  month-days without a year (the year that puts the day nearest to
  publication);
* coarse things ("last week", "the day before", "recent years") are kept but
  left unresolved rather than guessed;
* durations ("weeks", "more than four years", "five-year", "month-long")
  are not points in time and are skipped here; figures.py reports them as
  figures with unit "duration";
* a clock time ("11:30 p.m.") gets its day only from a day written in the
  same expression ("1 a. m. Wednesday") or in the same clause (same
  governing verb) of the same sentence; otherwise it resolves to the ISO
  8601 time of day alone, "T23:30" (the leading "T" says no date is known).
  Bare parts of the day ("dawn", "the morning") take a day by the same
  clause rule, else stay unresolved.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from newsprism.lexicon import NUMBER_WORDS, WEEKDAYS
from newsprism.model import Article, TimeExpr
from newsprism.nlp import parsed_from

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Token

__all__ = [
    "extract_times",
    "parse_published",
    "clock_value",
    "clock_matches",
    "date_part_matches",
    "CLOCK_RE",
    "DATE_PART_RE",
    "MONTHS",
    "MONTH_DAY_RE",
    "DAY_MONTH_RE",
    "TIME_UNITS",
]

MONTHS: dict[str, int] = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}
TIME_UNITS = frozenset(
    "second minute hour day week fortnight month year decade century".split()
)

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)"
)
_MONTH_FULL = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]\d\d|20\d\d)"

# "Dec. 14", "December 14, 2016", "14 December 2016", "2016-12-14", "December 2016"
_MONTH_DAY = re.compile(rf"\b(?P<month>{_MONTH})\s+(?P<day>{_DAY})\b(?:,?\s+(?P<year>{_YEAR})\b)?")
_DAY_MONTH = re.compile(rf"\b(?P<day>{_DAY})\s+(?:of\s+)?(?P<month>{_MONTH})(?:,?\s+(?P<year>{_YEAR})\b)?")
MONTH_DAY_RE, DAY_MONTH_RE = _MONTH_DAY, _DAY_MONTH  # what entity resolution reads a calendar day with
_ISO_DATE = re.compile(rf"\b(?P<year>{_YEAR})-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b")
_MONTH_YEAR = re.compile(rf"\b(?P<month>{_MONTH_FULL})\s+(?P<year>{_YEAR})\b")
_BARE_YEAR = re.compile(rf"^(?:(?:in|the year)\s+)?(?P<year>{_YEAR})$")
# Any of the above: numbers inside these are date parts, not figures.
DATE_PART_RE = re.compile(
    rf"\b{_YEAR}-[01]\d-[0-3]\d\b|\b{_MONTH}\s+{_DAY}\b(?:,?\s+{_YEAR}\b)?"
    rf"|\b{_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR}\b)?|\b{_MONTH_FULL}\s+{_YEAR}\b"
)

# "11:30 p.m.", "6 a. m." (the corpus spaces abbreviations), "6am", "11:30" (24-hour)
CLOCK_RE = re.compile(
    r"\b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ap>[aApP])\.?\s?[mM]\b\.?"
    r"|\b(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)\b(?!\s*[aApP]\.?\s?[mM]\b)"
)
_WEEKDAY = re.compile(
    r"(?:\b(?P<mod>(?i:early|late|last|next|this coming|coming|this))\s+)?"
    r"\b(?P<wd>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
    r"(?:\s+(?P<pod>(?i:morning|afternoon|evening|night))\b)?"
)
_RELDAY = re.compile(
    r"\b(?i:yesterday|today|tomorrow|tonight|overnight|last night|this morning|this afternoon"
    r"|this evening)\b"
)
_POD_WORD = re.compile(
    r"\b(?i:pre-dawn|predawn|dawn|daybreak|sunrise|sunset|nightfall|dusk|midnight|noon)\b"
)
# what a match of _RELDAY / _POD_WORD holds, lower-cased (tonight, overnight, last night -> "night")
_RELDAY_PARTS = ("yesterday", "today", "tomorrow", "night", "morning", "afternoon", "evening")
_POD_PARTS = ("dawn", "daybreak", "sunrise", "sunset", "night", "dusk", "noon")
_DAYS_AGO = re.compile(r"\b(?P<n>\d+|one|two|three|four|five|six|seven)\s+days?\s+ago\b", re.I)
_FUTURE_MOD = frozenset({"next", "coming", "this coming"})

_NUMBERISH = (
    r"(?:\d[\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|twenty|thirty|forty|fifty|sixty|hundred|several|few|many|a few|a couple of|couple of"
    r"|dozens of|hundreds of|half a|half an)"
)
_UNIT = r"(?:seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?|decades?|centur(?:y|ies))"
_DURATION = re.compile(
    rf"^(?:(?:about|around|nearly|almost|more than|less than|fewer than|over|under|some|at least"
    rf"|up to|just|roughly|the past|the last|the next|the first|another|an additional)\s+)*"
    rf"(?:{_NUMBERISH}[\s-]+)?{_UNIT}(?:[\s-]*(?:long|old))?$|^(?:months|years|weeks|days|decades)long$",
    re.I,
)
_AGE = re.compile(r"\d+[\s-]+years?[\s-]+old", re.I)
_BARE_NUMBER = re.compile(r"^\d{1,3}$")

_POD_CANON = {
    "night": "night", "tonight": "night", "overnight": "night", "last night": "night",
    "morning": "morning", "this morning": "morning",
    "afternoon": "afternoon", "this afternoon": "afternoon",
    "evening": "evening", "this evening": "evening", "sunset": "evening", "nightfall": "evening",
    "dusk": "evening",
    "dawn": "dawn", "pre-dawn": "dawn", "predawn": "dawn", "daybreak": "dawn", "sunrise": "dawn",
    "midnight": "midnight", "noon": "noon",
}
_POD_ANY = re.compile(
    r"\b(?i:(early|late)|(pre-dawn|predawn|dawn|daybreak|sunrise|sunset|nightfall|dusk|midnight|noon"
    r"|tonight|overnight|night|morning|afternoon|evening))\b"
)
# Gaps allowed between two pieces of one expression: "1 a. m. Wednesday",
# "Wednesday, Dec. 14", "the morning of Dec. 14", "11:30 p.m. on Wednesday".
_JOIN_GAP = re.compile(r"^(?:\s+|\s*,\s*|\s+on\s+|\s+of\s+)$")
_FUTURE_AUX = frozenset({"will", "shall", "'ll", "wo"})


def parse_published(published: str | None) -> date | None:
    """The publication day of an ISO date/datetime string; None if absent or unreadable."""
    if not published:
        return None
    try:
        return date.fromisoformat(published.strip()[:10])
    except ValueError:
        return None


def clock_value(match: re.Match[str]) -> str:
    """ "11:30 p.m." -> "23:30"; "12 a.m." -> "00:00"; "6 a. m." -> "06:00"."""
    if match.group("h24") is not None:
        return f"{int(match.group('h24')):02d}:{match.group('m24')}"
    hour = int(match.group("h")) % 12
    if match.group("ap").lower() == "p":
        hour += 12
    return f"{hour:02d}:{match.group('m') or '00'}"


@dataclass
class _Reading:
    """What one merged expression says, before clause-level attachment."""

    start: int
    end: int
    day: date | None = None
    coarse: str | None = None  # "2016" or "2016-12": resolved but not to a day
    clock: str | None = None
    part_of_day: str | None = None
    has_day_word: bool = False  # names a day, even if it cannot be resolved
    relative: bool = False  # needed the publication date


_NAME_LABELS = frozenset({"ORG", "PERSON", "WORK_OF_ART", "PRODUCT", "FAC"})


def _in_name(text: str, start: int, end: int, names: list[tuple[int, int]]) -> bool:
    return not any(ch.isdigit() for ch in text[start:end]) and any(a <= start and end <= b for a, b in names)


def extract_times(article: Article, doc: "Doc") -> list[TimeExpr]:
    """Date and time expressions of ``article``, resolved against ``article.published``."""
    if not parsed_from(doc, article.text):
        raise ValueError(f"{article.id}: the Doc was not parsed from this article's text")
    text = article.text
    published = parse_published(article.published)
    anchor = f"published {published.isoformat()}" if published else None
    # a day word inside a name ("USA TODAY's video series", "Fox News Sunday", "March for
    # Our Lives") dates nothing; a year or day number inside one ("the 2016 Republican
    # National Convention") still dates
    names = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in _NAME_LABELS]
    readings = [
        r
        for start, end in _merge(text, _candidates(doc, text))
        if not (names and _in_name(text, start, end, names))
        and (r := _read(doc, text, start, end, published)) is not None
    ]
    _attach_days(doc, readings)
    out = []
    for r in readings:
        resolved = _resolved(r)
        out.append(
            TimeExpr(
                doc=article.id,
                start=r.start,
                end=r.end,
                text=text[r.start : r.end],
                resolved=resolved,
                part_of_day=r.part_of_day,
                anchor=anchor if resolved and r.relative else None,
            )
        )
    return out


# What a match of each pattern must contain, tested before the pattern scans a text (each
# scan takes ~0.1-0.3 ms per article; most articles have no "ago" and many no weekday): an
# ISO date a "-" before its month's first digit, a month name (case-sensitive) one of these
# prefixes, a weekday (case-sensitive) its name, "days ago" (any case) "ago" in the lowered
# text — no character but "A" lower-cases to "a", nor for "g", "o", so no match is skipped.
_MONTH_PREFIXES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAY_NAMES = tuple(d.capitalize() for d in WEEKDAYS)


# Where a match of a pattern may begin, found fast. Python's re tries a pattern that opens with
# "\b" at every character of the text; an anchor that opens with a literal or a digit class skips
# ahead to its first character. Each pattern below opens with "\b" before a word character and
# each anchor matches word characters only, so no match of the pattern begins inside an anchor's
# match: every match begins where the anchor's scan finds one, and ``_scan`` gives exactly what
# ``pattern.finditer(text)`` gives.
_MONTH_WORDS = ("January|February|March|April|May|June|July|August|September|October|November|December"
                "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec")
_AT_MONTH = re.compile(_MONTH_WORDS)  # _MONTH_DAY, _MONTH_YEAR, DATE_PART_RE's month-first parts
_AT_DIGIT = re.compile(r"\d")  # _DAY_MONTH, CLOCK_RE, DATE_PART_RE's digit-first parts
_AT_WEEKDAY = re.compile("|".join(_WEEKDAY_NAMES))
# _RELDAY's and _POD_WORD's words (case-blind), found in the lower-cased text (the lookaheads
# keep each anchor's match to one word)
_AT_RELDAY = re.compile("yesterday|today|tomorrow|tonight|overnight|last(?= night)|this(?= morning| afternoon| evening)")
_AT_POD = re.compile("pre(?=-?dawn)|dawn|daybreak|sunrise|sunset|nightfall|dusk|midnight|noon")
# _WEEKDAY's modifier ("this coming", "coming", "early", "late"/"last"/"next"/"this"): its lengths
_MOD_LENGTHS = (11, 6, 5, 4)


def _scan(pattern: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` tried only at ``starts`` (ascending): the same matches when every
    match of ``pattern`` begins at one of them (none of these patterns matches empty text)."""
    end = 0
    for p in starts:
        if p >= end and (m := pattern.match(text, p)) is not None:
            yield m
            end = max(m.end(), p + 1)


def _starts(anchor: re.Pattern[str], text: str) -> Iterator[int]:
    return (m.start() for m in anchor.finditer(text))


def _weekday_starts(text: str) -> list[int]:
    """Where a match of _WEEKDAY may begin: at a weekday's name, or at its modifier, which ends
    where the whitespace before the name begins (a modifier is letters, each matching one letter)."""
    out: set[int] = set()
    for m in _AT_WEEKDAY.finditer(text):
        w = j = m.start()
        while j > 0 and text[j - 1].isspace():  # str.isspace is re's \s for str patterns
            j -= 1
        if j < w:
            out.update(j - n for n in _MOD_LENGTHS if j >= n)
        out.add(w)
    return sorted(out)


def clock_matches(text: str) -> Iterator[re.Match[str]]:
    """``CLOCK_RE.finditer(text)``, fast."""
    return _scan(CLOCK_RE, text, _starts(_AT_DIGIT, text))


def date_part_matches(text: str) -> Iterator[re.Match[str]]:
    """``DATE_PART_RE.finditer(text)``, fast."""
    return _scan(DATE_PART_RE, text, heapq.merge(_starts(_AT_DIGIT, text), _starts(_AT_MONTH, text)))


def _candidates(doc: "Doc", text: str) -> Iterator[tuple[int, int]]:
    for ent in doc.ents:
        if ent.label_ in ("DATE", "TIME"):
            yield ent.start_char, ent.end_char
    month = any(p in text for p in _MONTH_PREFIXES)
    low = text.lower()
    # the case-blind patterns match a word only where the lower-cased text holds it, or where
    # re.I lets one of the three letters that are not ASCII ('İ', 'ı', 'ſ') stand for 'i' or 's'
    # (the only other, 'K' for 'k', lower-cases to 'k'; 'İ' alone lower-cases to two characters)
    folded = "\u0130" in text or "\u0131" in text or "\u017f" in text
    relday = folded or any(w in low for w in _RELDAY_PARTS)
    pod = folded or any(w in low for w in _POD_PARTS)
    scans: list[tuple[bool, Callable[[], Iterator[re.Match[str]]]]] = [
        ("-0" in text or "-1" in text, lambda: _ISO_DATE.finditer(text)),
        (month, lambda: _scan(_MONTH_DAY, text, _starts(_AT_MONTH, text))),
        (month, lambda: _scan(_DAY_MONTH, text, _starts(_AT_DIGIT, text))),
        (month, lambda: _scan(_MONTH_YEAR, text, _starts(_AT_MONTH, text))),
        (True, lambda: clock_matches(text)),
        (any(d in text for d in _WEEKDAY_NAMES), lambda: _scan(_WEEKDAY, text, _weekday_starts(text))),
        (relday, lambda: _RELDAY.finditer(text) if folded else _scan(_RELDAY, text, _starts(_AT_RELDAY, low))),
        (pod, lambda: _POD_WORD.finditer(text) if folded else _scan(_POD_WORD, text, _starts(_AT_POD, low))),
        ("ago" in low, lambda: _DAYS_AGO.finditer(text)),
    ]
    for may_match, matches in scans:
        if may_match:
            for m in matches():
                yield m.start(), m.end()


def _merge(text: str, spans: Iterator[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union overlapping spans, then join neighbours separated by a short gap
    unless both name a day (a list of days is several expressions)."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        while start < end and text[start].isspace():
            start += 1
        if start >= end:
            continue
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    joined: list[list[int]] = []
    for span in merged:
        if joined and _JOIN_GAP.match(text[joined[-1][1] : span[0]]):
            left, right = text[joined[-1][0] : joined[-1][1]], text[span[0] : span[1]]
            if not (_names_day(left) and _names_day(right) and not _same_day_pair(left, right)):
                joined[-1][1] = span[1]
                continue
        joined.append(span)
    return [(s, e) for s, e in joined]


def _names_day(fragment: str) -> bool:
    return bool(_WEEKDAY.search(fragment) or _MONTH_DAY.search(fragment) or _DAY_MONTH.search(fragment)
                or _ISO_DATE.search(fragment) or _RELDAY.search(fragment))


def _same_day_pair(left: str, right: str) -> bool:
    # "Wednesday, Dec. 14": a weekday followed by its date is one expression.
    return bool(_WEEKDAY.search(left)) and bool(_MONTH_DAY.search(right) or _DAY_MONTH.search(right))


def _read(doc: "Doc", text: str, start: int, end: int, published: date | None) -> _Reading | None:
    expr = text[start:end]
    bare = expr.strip().lower()
    if _DURATION.match(bare) or _AGE.search(expr) or bare in ("hours", "minutes", "seconds"):
        return None
    if text[end : end + 5].lower() in ("-long", "long ") or text[end : end + 4].lower() == "-old":
        return None  # "month-long offensive", "10-year-old"
    if _BARE_NUMBER.match(bare):
        return None  # spaCy's DATE "10" in "She was 10" is an age, not a date
    if re.fullmatch(_YEAR, bare) and _model_year(doc, end):
        return None  # "a 2013 Toyota Camry": the car's model year, not when anything happened
    r = _Reading(start, end)
    try:
        _read_day(r, expr, start, published, doc)
    except OverflowError:  # a weekday or "3 days ago" next to year 1 or 9999: no such date
        r.day = None
    clock = CLOCK_RE.search(expr)
    if clock:
        r.clock = clock_value(clock)
    elif re.search(r"\bnoon\b", expr, re.I):
        r.clock = "12:00"
    r.part_of_day = _part_of_day(expr, bool(clock))
    if r.day is None and r.coarse is None and not r.has_day_word:
        year = _BARE_YEAR.match(bare)
        if year:
            r.coarse = year.group("year")
    return r


def _read_day(r: _Reading, expr: str, start: int, published: date | None, doc: "Doc") -> None:
    for pattern in (_ISO_DATE, _MONTH_DAY, _DAY_MONTH):
        m = pattern.search(expr)
        if not m:
            continue
        r.has_day_word = True
        month = _month_number(m.group("month"))
        day = int(re.sub(r"\D", "", m.group("day")))
        if m.group("year"):
            r.day = _safe_date(int(m.group("year")), month, day)
        elif published:
            r.relative = True
            r.day = _nearest_year(month, day, published)
        return
    m = _MONTH_YEAR.search(expr)
    if m:
        r.coarse = f"{m.group('year')}-{_month_number(m.group('month')):02d}"
        return
    m = _WEEKDAY.search(expr)
    if m:
        r.has_day_word = True
        if published:
            r.relative = True
            mod = (m.group("mod") or "").lower()
            if mod not in _FUTURE_MOD and mod != "last" and _future_clause(doc, start + m.start("wd")):
                mod = "coming"
            r.day = _weekday_date(WEEKDAYS.index(m.group("wd").lower()), mod, published)
        return
    m = _RELDAY.search(expr)
    if m:
        r.has_day_word = True
        word = m.group(0).lower()
        if published:
            r.relative = True
            offset = {"yesterday": -1, "tomorrow": 1, "last night": -1}.get(word, 0)
            r.day = published + timedelta(days=offset)
        return
    m = _DAYS_AGO.search(expr)
    if m:
        r.has_day_word = True
        if published:
            r.relative = True
            n = m.group("n").lower()
            r.day = published - timedelta(days=int(n) if n.isdigit() else NUMBER_WORDS[n.lower()])


def _month_number(name: str) -> int:
    # an ISO date gives the month as digits ("2016-12-14"); a bad one (13) fails in _safe_date
    return int(name) if name.isdigit() else MONTHS[name.lower()[:3]]


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _nearest_year(month: int, day: int, published: date) -> date | None:
    options = [d for y in (published.year - 1, published.year, published.year + 1)
               if (d := _safe_date(y, month, day)) is not None]
    return min(options, key=lambda d: abs((d - published).days)) if options else None


def _weekday_date(weekday: int, mod: str, published: date) -> date:
    forward = (weekday - published.weekday()) % 7  # 0..6 days ahead
    if mod in _FUTURE_MOD:
        offset = forward or 7
    elif mod == "last":
        offset = forward - 7  # -7..-1
    elif mod == "this":
        offset = forward if forward <= 3 else forward - 7
    else:  # a news report's weekdays: the past six days or the next day
        offset = forward if forward <= 1 else forward - 7
    return published + timedelta(days=offset)


def _future_clause(doc: "Doc", char: int) -> bool:
    """Is the weekday at ``char`` in a plan, by the tense and modality of the verbs governing
    it: a will/shall verb ("will vote on Friday"), a plan told in the present ("plans to meet
    Friday", "is scheduled for Monday", "are due to sign ... on Saturday", "is going to testify
    Monday"), or a would-verb another verb reports ("said they would march again on Friday":
    the future as it was told)? A plan told in the past ("planned to meet Friday, but ...")
    or "would have" is not: its day may be gone."""
    token = _token_at(doc, char)
    if token is None:
        return False
    t = _clause_head(token)
    for _ in range(4):  # up through the verbs whose complement the clause is ("plans to hold")
        auxes = [c for c in t.children if c.dep_ in ("aux", "auxpass")]
        if any(c.lower_ in _FUTURE_AUX for c in auxes):
            return True
        lemma = t.lemma_.lower()
        if (lemma in _PLAN_WORDS or lemma == "go" and t.tag_ == "VBG") and _present(t):
            return True
        if (any(c.lower_ == "would" for c in auxes) and not any(c.lemma_ == "have" for c in auxes)
                and t.dep_ in ("ccomp", "conj") and t.head.pos_ == "VERB"):
            return True
        if t.dep_ not in ("xcomp", "acomp") or t.head.i == t.i:
            return False
        t = t.head
    return False


# the verbs and adjectives of a plan: in the present tense ("plans to", "is set for", "are due
# to"; and "is going to"), the day they govern is ahead
_PLAN_WORDS = frozenset(
    "plan schedule set expect due slate intend aim prepare poise hope vow promise pledge threaten want likely".split()
)
_PRESENT_TAGS = frozenset({"VBZ", "VBP"})


def _present(t: "Token") -> bool:
    """A verb in the present tense, or a participle or adjective under a present "be"
    ("is scheduled", "are going", "are due")."""
    if t.tag_ in _PRESENT_TAGS:
        return True
    if any(c.dep_ in ("aux", "auxpass") and c.tag_ in _PRESENT_TAGS for c in t.children):
        return True
    return t.dep_ == "acomp" and t.head.lemma_ == "be" and t.head.tag_ in _PRESENT_TAGS


def _part_of_day(expr: str, has_clock: bool) -> str | None:
    modifier, period = None, None
    for m in _POD_ANY.finditer(expr):
        if m.group(1) and modifier is None:
            modifier = m.group(1).lower()
        elif m.group(2) and period is None:
            period = _POD_CANON[m.group(2).lower()]
    if re.search(r"\blast night\b", expr, re.I):
        period = "night"
    if has_clock and period is None and modifier is None:
        return None
    return " ".join(p for p in (modifier, period) if p) or None


def _model_year(doc: "Doc", end: int) -> bool:
    """The year ending at ``end`` names a product's model ("a 2013 Toyota Camry", "a 2013 gray
    Camry"): a product's name follows it, after at most a maker's name or a word describing it."""
    token = _token_at(doc, end - 1)
    if token is None:
        return False
    for t in doc[token.i + 1 : token.i + 4]:
        if t.ent_type_ == "PRODUCT" and t.pos_ == "PROPN":
            return True
        if not (t.pos_ in ("ADJ", "PROPN") or t.dep_ == "amod"):
            return False
    return False


def _token_at(doc: "Doc", char: int) -> "Token | None":
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


def _clause_head(token: "Token") -> "Token":
    """The nearest verb governing ``token`` (itself if it is one): its clause."""
    t = token
    for _ in range(40):  # parse trees are shallow; the bound guards odd parses
        if t.pos_ in ("VERB", "AUX") or t.head.i == t.i:  # a verb, or the root (`t.head is t` never holds)
            return t
        t = t.head
    return t


def _attach_days(doc: "Doc", readings: list[_Reading]) -> None:
    """Give a clock time or bare part of the day the day named in its clause."""
    by_sentence: dict[int, list[tuple[_Reading, "Token"]]] = {}
    for r in readings:
        token = _token_at(doc, r.start)
        if token is not None:
            by_sentence.setdefault(token.sent.start, []).append((r, _clause_head(token)))
    for group in by_sentence.values():
        for r, head in group:
            if r.day is not None or r.has_day_word or not (r.clock or r.part_of_day):
                continue
            days = {o.day for o, other_head in group if o.day is not None and other_head == head}
            if len(days) == 1:
                r.day = days.pop()
                r.relative = True


def _resolved(r: _Reading) -> str | None:
    if r.day is not None:
        return f"{r.day.isoformat()}T{r.clock}" if r.clock else r.day.isoformat()
    if r.has_day_word:
        return None  # a day we could not place: never fall back to a bare time
    if r.clock:
        return f"T{r.clock}"
    return r.coarse
