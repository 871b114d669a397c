"""Figures: numbers with what they count and who gives them.

Everything is read off the already-parsed spaCy ``Doc`` in one left-to-right
pass over its tokens (plus one regex pass for clock times); no second model.

What one Figure holds:

* ``text``/``start``/``end``: the qualifier and the number as written
  ("more than 15,000", "over 250", "$5 million", "11:30 p.m.");
* ``value``: int when integral, else float; clock times as "HH:MM". Vague
  plurals take the scale they name: "dozens" 12, "hundreds" 100, "thousands"
  1000, "tens of thousands" 10000 (an order of magnitude, not a count);
  "half" 0.5;
* ``counts``: the counted noun phrase, verbatim and contiguous
  (``counts_span``): the words between the number and its noun, plus the
  noun's short right-hand modifiers ("fighters still in the opposition
  enclave"); clipped at punctuation and dashes, so "82 people — including
  ..." counts "people". The predicate is not folded in: it is the sentence's.
  For a duration it is the time unit ("years"); for an age, the person (a
  "she"/"he" subject is replaced by the nearest girl/woman/boy/man noun
  phrase or PERSON before it); for a clock time, the clause it times ("the
  new cease-fire was to take effect");
* ``source``: the subject of the nearest reporting verb ("said",
  "estimated", "told", ...) above the number in the parse, or of a
  parenthetical "..., he said", or the object of "according to". "He"/"she"
  become the nearest PERSON mention before them (widened to the fullest
  earlier form of that name); other pronouns give no source;
* ``unit``: "time", "duration", "age", "percent", "money", "fraction",
  "people" (a count of persons) or "count".

Not figures: years and days of month (dates), ordinals, numbers inside names
("Resolution 2254"), and "one" unless it counts a noun ("one of the last
neighborhoods" and "at one point" are skipped).
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from newsprism.attribution import Named, People, according_to, is_reporting_verb, source_of, source_phrase
from newsprism.lexicon import (
    FEMALE_NOUNS,
    FIGURE_SOURCE_VERBS,
    MALE_NOUNS,
    NUMBER_WORDS,
    PERSON_TITLES,
    SCALE_WORDS,
    VAGUE_NUMBERS,
    parse_number_words,
    title_key,
)
from newsprism.model import Article, Figure, Mention, Span
from newsprism.nlp import parsed_from
from newsprism.extract.times import MONTHS, TIME_UNITS, clock_matches, clock_value, date_part_matches

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from spacy.tokens import Doc, Token

__all__ = ["extract_figures", "parse_number_words", "is_designation", "designations"]

_SCALE_ABBR = {"m": 1_000_000, "mn": 1_000_000, "bn": 1_000_000_000, "k": 1_000}
_VAGUE = VAGUE_NUMBERS
_FRACTIONS = {"half": 0.5, "third": 1 / 3, "thirds": 1 / 3, "quarter": 0.25, "quarters": 0.25}
# the parts a number in words counts a share in ("two-thirds", "one quarter"): how many make the whole
_PARTS = {"third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5, "fifths": 5}
_DIGITS = re.compile(r"^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$")
_ORDINAL = re.compile(r"^\d+(?:st|nd|rd|th)$", re.I)
_CURRENCY = {"$": "USD", "us$": "USD", "£": "GBP", "€": "EUR", "¥": "JPY"}
_CURRENCY_WORDS = frozenset("dollars dollar euros euro pounds pound yuan yen rubles roubles lira".split())
_PERCENT = frozenset({"percent", "%", "per cent", "pct"})

# Longest first: "just over" before "over".
QUALIFIERS: tuple[str, ...] = tuple(sorted((
    "more than", "less than", "fewer than", "at least", "at most", "up to", "as many as",
    "as few as", "nearly", "almost", "about", "around", "approximately", "roughly", "some",
    "over", "under", "close to", "just over", "just under", "well over", "an estimated",
    "estimated", "only", "just", "no fewer than", "no more than", "upwards of", "more or less",
    "exactly", "a total of", "the last", "another", "an additional", "shortly after",
    "shortly before", "just after", "just before", "after", "before", "until", "by",
), key=lambda q: -len(q.split())))
_CLOCK_QUALIFIERS = frozenset({
    "around", "about", "approximately", "roughly", "shortly after", "shortly before",
    "just after", "just before", "after", "before", "until", "by", "close to", "nearly", "almost",
})
_NUMBER_QUALIFIERS = frozenset(QUALIFIERS) - {"shortly after", "shortly before", "just after",
                                              "just before", "after", "before", "until", "by"}

_NAME_LABELS = frozenset("PERSON ORG GPE LOC FAC NORP PRODUCT EVENT WORK_OF_ART LAW LANGUAGE".split())
_LABEL_WORDS = frozenset("""no. no number article chapter resolution route highway interstate room
    flight section page channel apollo phase level grade category part item act proposition prop.
    amendment unit ward district precinct gate terminal platform""".split())
_ONE_IDIOMS = frozenset("point another day time way side hand thing other".split())
PEOPLE_NOUNS = frozenset("""
    people person civilian fighter child kid woman man girl boy resident refugee soldier rebel
    militant troop worker student voter member official officer protester protestor demonstrator
    victim casualty prisoner detainee hostage patient doctor nurse journalist reporter migrant
    immigrant citizen adult family baby infant teenager youth employee staff volunteer survivor
    evacuee insurgent combatant police policeman militiaman delegate supporter activist
    passenger inmate individual american syrian
""".split())
_FEMALE = FEMALE_NOUNS
_MALE = MALE_NOUNS
_RIGHT_MOD_DEPS = frozenset({"prep", "advmod", "acl", "relcl", "amod", "npadvmod"})
_STOP_PUNCT = frozenset({",", ";", ":", "—", "–", "-", "(", ")", '"', "“", "”", ".", "?", "!", "--"})
_COUNT_MAX_RIGHT = 8  # right-hand modifier words kept after the counted noun


def _is_break(token: "Token") -> bool:
    """Punctuation that ends a phrase; a hyphen inside a word ("cease-fire") does not."""
    if token.is_space:
        return True
    if token.text in ("-", "–") and token.i > 0 and not token.doc[token.i - 1].whitespace_ \
            and not token.whitespace_:
        return False
    return token.text in _STOP_PUNCT


def extract_figures(article: Article, doc: "Doc", mentions: Sequence[Mention], named: "Named | None" = None) -> list[Figure]:
    """The figures of ``article`` (see the module docstring for what each field holds); ``named``:
    the document's people when another stage has them (attribution.named.Named)."""
    if not parsed_from(doc, article.text):
        raise ValueError(f"{article.id}: the Doc was not parsed from this article's text")
    ctx = _Context(article, doc, mentions, named)
    figures: list[Figure] = []
    used = [False] * len(doc)
    for m in clock_matches(article.text):
        span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
        if span is None or len(span) == 0:
            continue
        for t in span:
            used[t.i] = True
        figures.append(_clock_figure(ctx, m, span))
    for m in date_part_matches(article.text):
        span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
        for t in span or ():
            used[t.i] = True
    starts = _number_starts(doc)
    i = 0
    while i < len(doc):
        if used[i] or not starts[i]:
            i += 1
            continue
        found = _number_at(doc, i)
        if found is None:
            i += 1
            continue
        first, last, value, unit = found
        for k in range(first, last + 1):
            used[k] = True
        if not _skip(ctx, doc, first, last):
            figures.append(_figure(ctx, first, last, value, unit))
        i = last + 1
    figures.sort(key=lambda f: f.start)
    return figures


class _Context:
    """Per-call lookups: the people named (``attribution.People``), name spans (no module state)."""

    def __init__(self, article: Article, doc: "Doc", mentions: Sequence[Mention], named: "Named | None" = None):
        self.article = article
        self.doc = doc
        self.people = People(article.id, article.text, doc, mentions, named=named)
        self.name_chars = sorted((m.start, m.end) for m in mentions
                                 if m.doc == article.id and m.label in _NAME_LABELS)
        self.person_chars = sorted((m.start, m.end) for m in mentions if m.doc == article.id and m.label == "PERSON")
        self._according: list[int] | None = None

    @property
    def according(self) -> list[int]:
        """The indices of the document's tokens "according", in order (found once)."""
        if self._according is None:
            self._according = (
                [t.i for t in self.doc if t.lower_ == "according"] if "according" in self.article.text.lower() else []
            )
        return self._according

    def span(self, start: int, end: int) -> Span:
        return Span(self.article.id, start, end, self.article.text[start:end])

    def phrase(self, head: "Token") -> Span:
        """``head``'s noun phrase as the report names it (``attribution.source_phrase``)."""
        lo, hi = source_phrase(head)
        return self.span(self.doc[lo].idx, self.doc[hi - 1].idx + len(self.doc[hi - 1]))

    def in_person(self, token: "Token") -> bool:
        """The token is a person's name: so tagged by the parser, or inside a mention of a person
        (the parser may tag "Weiner" of "Weiner, 46," as no entity where the story's mentions know him)."""
        if token.ent_type_ == "PERSON":
            return True
        k = bisect.bisect_right(self.person_chars, (token.idx, 10**12)) - 1
        return k >= 0 and self.person_chars[k][0] <= token.idx < self.person_chars[k][1]

    def in_name(self, token: "Token") -> bool:
        if token.ent_type_ in _NAME_LABELS:
            return True
        k = bisect.bisect_right(self.name_chars, (token.idx, 10**12)) - 1
        return k >= 0 and self.name_chars[k][0] <= token.idx < self.name_chars[k][1]


# --- recognising the number --------------------------------------------------------------

def _could_start_number(text: str, low: str) -> bool:
    return bool(_DIGITS.match(text)) or low in NUMBER_WORDS or low in _VAGUE or low in _FRACTIONS \
        or low in ("a", "an", "dozen") or text in _CURRENCY or low in _CURRENCY


@lru_cache(maxsize=1)
def _start_hashes() -> tuple["np.ndarray", "np.ndarray"]:
    """The string hashes of the lower-cased words a number may start with, and of the
    currency signs (:func:`_could_start_number`'s word tests)."""
    import numpy as np
    from spacy.strings import StringStore

    hashes = StringStore()  # a string's hash is the same in every store: a store of its own
    words = {*NUMBER_WORDS, *_VAGUE, *_FRACTIONS, "a", "an", "dozen", *_CURRENCY}
    return (np.array(sorted(hashes.add(w) for w in words), dtype=np.uint64),
            np.array(sorted(hashes.add(w) for w in _CURRENCY), dtype=np.uint64))


def _number_starts(doc: "Doc") -> list[bool]:
    """Per token, whether a number may start there (:func:`_could_start_number`), decided once
    per word form from the doc's ORTH, LOWER and SHAPE columns (no Token object per token), and
    only for the forms that may pass it: no letter first (by the SHAPE column), or a word of its lists."""
    import numpy as np
    from spacy.attrs import LOWER, ORTH, SHAPE

    if not len(doc):
        return []
    strings = doc.vocab.strings
    cols = doc.to_array([ORTH, LOWER, SHAPE])
    shapes, shape_of = np.unique(cols[:, 2], return_inverse=True)
    # a digit first: a shape that does not open with a letter's "x"/"X" (a digit's is "d"; a
    # word of 100 characters or more has the shape "LONG")
    digit_first = np.array([strings[h][:1] not in ("x", "X") for h in shapes.tolist()],
                           dtype=bool)[shape_of.reshape(-1)]
    words, signs = _start_hashes()
    maybe = np.flatnonzero(digit_first | np.isin(cols[:, 1], words) | np.isin(cols[:, 0], signs))
    could = np.zeros(len(doc), dtype=bool)
    if len(maybe):
        forms = cols[maybe]
        _, first, inverse = np.unique(forms[:, 0], return_index=True, return_inverse=True)
        could[maybe] = np.array([_could_start_number(strings[orth], strings[low])
                                 for orth, low in forms[first, :2].tolist()], dtype=bool)[inverse.reshape(-1)]
    return could.tolist()


def _number_at(doc: "Doc", i: int) -> tuple[int, int, float | int, str | None] | None:
    """(first token, last token, value, unit) of the number starting at token i."""
    t = doc[i]
    low = t.lower_
    n = len(doc)
    if t.text in _CURRENCY or low in _CURRENCY:
        if i + 1 < n and _DIGITS.match(doc[i + 1].text):
            inner = _number_at(doc, i + 1)
            if inner:
                return i, inner[1], inner[2], "money"
        return None
    if low in ("a", "an"):
        # "a dozen", "a hundred", "half a million" is handled at "half"
        if i + 1 < n and (doc[i + 1].lower_ == "dozen" or doc[i + 1].lower_ in SCALE_WORDS):
            scale = 12 if doc[i + 1].lower_ == "dozen" else SCALE_WORDS[doc[i + 1].lower_]
            return i, i + 1, scale, None
        if i + 1 < n and doc[i + 1].lower_ in ("third", "quarter"):
            return i, i + 1, _FRACTIONS[doc[i + 1].lower_], "fraction"
        return None
    if low in _FRACTIONS:
        if low != "half":
            return None  # "third"/"quarter" alone are ordinals or nouns; "a third" is above
        if i + 2 < n and doc[i + 1].lower_ in ("a", "an") and doc[i + 2].lower_ in SCALE_WORDS:
            return i, i + 2, SCALE_WORDS[doc[i + 2].lower_] // 2, None
        if i + 2 < n and doc[i + 1].lower_ in ("a", "an") and doc[i + 2].lemma_.lower() in TIME_UNITS:
            return i, i, 0.5, None  # "half a day": a duration; the unit is what it counts
        return i, i, 0.5, "fraction"
    if low in _VAGUE:
        if low == "tens" or low == "hundreds":
            # "tens of thousands", "hundreds of thousands"
            if i + 2 < n and doc[i + 1].lower_ == "of" and doc[i + 2].lower_ in _VAGUE \
                    and _VAGUE[doc[i + 2].lower_] > _VAGUE[low]:
                return i, i + 2, _VAGUE[low] * _VAGUE[doc[i + 2].lower_], None
            if low == "tens":
                return None
        return i, i, _VAGUE[low], None
    if _DIGITS.match(t.text):
        raw = t.text.replace(",", "")
        value: float | int = float(raw) if "." in raw else int(raw)
        last = i
        if i + 1 < n and doc[i + 1].lower_ in SCALE_WORDS:
            value, last = value * SCALE_WORDS[doc[i + 1].lower_], i + 1
        elif i + 1 < n and doc[i + 1].lower_ in _SCALE_ABBR and doc[i + 1].idx == t.idx + len(t):
            value, last = value * _SCALE_ABBR[doc[i + 1].lower_], i + 1
        return (i, *_with_unit(doc, last, _integral(value)))
    # number words: "six", "twenty - five", "two hundred", "three million"
    words: list[str] = []
    last = i - 1
    k = i
    while k < n:
        w = doc[k].lower_
        if w in NUMBER_WORDS or w in SCALE_WORDS or (w in ("-", "and") and words and k + 1 < n
                                           and doc[k + 1].lower_ in NUMBER_WORDS):
            if w == "-" and not (doc[k - 1].lower_ in NUMBER_WORDS and NUMBER_WORDS[doc[k - 1].lower_] >= 20):
                break  # "five-year" is a number then a unit, not "five" "-" "year"
            words.append(w)
            last = k
            k += 1
        else:
            break
    parsed = parse_number_words(words) if words else None
    if parsed is None:
        return None
    if last + 1 < n and doc[last + 1].lower_ == "dozen":
        parsed, last = parsed * 12, last + 1  # "two dozen" is 24, not two dozens
    # "two-thirds of voters", "three quarters": a share, not two "thirds of voters"
    part = last + 2 if last + 2 < n and doc[last + 1].text == "-" else last + 1
    if (part < n and doc[part].lower_ in _PARTS and (parsed != 1) == doc[part].lower_.endswith("s")
            and (part == last + 2 or not doc[part].lower_.startswith("quarter")
                 or (part + 1 < n and doc[part + 1].lower_ == "of"))):  # "the past two quarters": periods
        return i, part, parsed / _PARTS[doc[part].lower_], "fraction"
    return (i, *_with_unit(doc, last, parsed))


def _integral(value: float | int) -> float | int:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _with_unit(doc: "Doc", last: int, value: float | int) -> tuple[int, float | int, str | None]:
    n = len(doc)
    if last + 1 < n:
        nxt = doc[last + 1].lower_
        if nxt in ("percent", "%", "pct"):
            return last + 1, value, "percent"
        if nxt == "per" and last + 2 < n and doc[last + 2].lower_ == "cent":
            return last + 2, value, "percent"
        if nxt in _CURRENCY_WORDS:
            return last + 1, value, "money"
    return last, value, None


def _list_number(text: str, t: "Token") -> bool:
    """A number that opens its line and is closed by "." or ")": an item of a numbered list
    ("1. Donald Trump (Last week: 2.)"), a rank, not a count of anything."""
    digits = t.text.rstrip(".)")
    if not digits.isdigit() or text[text.rfind("\n", 0, t.idx) + 1 : t.idx].strip():
        return False
    end = t.idx + len(digits)
    return end < len(text) and text[end] in ".)" and (end + 1 == len(text) or text[end + 1].isspace())


def _skip(ctx: _Context, doc: "Doc", first: int, last: int) -> bool:
    t = doc[first]
    low = t.lower_
    if _ORDINAL.match(t.text) or any(ctx.in_name(doc[k]) for k in range(first, last + 1)):
        return True
    if first == last and _list_number(ctx.article.text, t):
        return True
    if first > 0 and doc[first - 1].lower_ in _LABEL_WORDS and doc[first - 1].text[:1].isupper():
        return True  # "Resolution 2254", "No. 2"
    if first > 1 and doc[first - 1].text == "." and doc[first - 2].lower_[:3] in MONTHS \
            and doc[first - 2].text[:1].isupper() and doc[first - 2].is_alpha and len(doc[first - 2]) <= 4:
        return True  # a day of a month its period stands apart from ("Sept . 13": text rebuilt from tokens)
    if first > 0 and doc[first - 1].text in ("-", "–", "/", ":") and first > 1 \
            and _DIGITS.match(doc[first - 2].text):
        return True  # second half of "3-2", "10/12", scores and ranges
    if last + 2 < len(doc) and doc[last + 1].text in ("/", ":") and _DIGITS.match(doc[last + 2].text):
        return True
    if low == "one" and first == last:
        nxt = doc[first + 1] if first + 1 < len(doc) else None
        if nxt is not None and nxt.lower_ in ("of", "another"):
            return True
        if t.dep_ != "nummod" or t.head.lemma_.lower() in _ONE_IDIOMS or t.head.i < t.i:
            return True
    if re.fullmatch(r"1[89]\d\d|20\d\d", t.text) and first == last:
        # a bare four-digit number is a year unless it counts a plural noun
        head = t.head
        return not (t.dep_ == "nummod" and head.tag_ in ("NNS", "NNPS") and head.lemma_ not in TIME_UNITS)
    return False


# --- building the figure ------------------------------------------------------------------

def _qualifier(doc: "Doc", first: int, allowed: frozenset[str]) -> tuple[str | None, int]:
    """The qualifier right before token ``first`` and the token where it starts."""
    for q in QUALIFIERS:
        if q not in allowed:
            continue
        words = q.split()
        start = first - len(words)
        if start >= 0 and [doc[k].lower_ for k in range(start, first)] == words:
            if q == "some" and start > 0 and doc[start - 1].lower_ in ("for",):
                continue
            return q, start  # canonical lower case; the figure's text keeps the words as written
    return None, first


def _figure(ctx: _Context, first: int, last: int, value: float | int, unit: str | None) -> Figure:
    doc = ctx.doc
    qualifier, q_start = _qualifier(doc, first, _NUMBER_QUALIFIERS)
    start, end = doc[q_start].idx, doc[last].idx + len(doc[last])
    counts_span: Span | None = None
    kind = unit
    is_age, whose = _age(ctx, first, last)
    if is_age:
        kind, counts_span = "age", whose
    else:
        head = _counted_noun(doc, first, last)
        if head is not None and head.lemma_.lower() in TIME_UNITS and kind is None:
            kind = "duration"
            counts_span = ctx.span(head.idx, head.idx + len(head))
        elif head is not None:
            counts_span = _noun_phrase(ctx, last + 1, head)
            if kind is None:
                kind = "people" if head.lemma_.lower() in PEOPLE_NOUNS else "count"
        elif kind is None:
            kind = "count"
    source = _source(ctx, doc[last])
    return Figure(
        doc=ctx.article.id,
        start=start,
        end=end,
        text=ctx.article.text[start:end],
        value=value,
        qualifier=qualifier,
        counts=counts_span.text if counts_span else None,
        counts_span=counts_span,
        source=source.text if source else None,
        source_span=source,
        unit=kind,
    )


def _counted_noun(doc: "Doc", first: int, last: int) -> "Token | None":
    """The noun the number counts (``_counted_head``); for a sum "worth of" something,
    that something ("$9,587.64 worth of children's furniture": furniture)."""
    head = _counted_head(doc, first, last)
    if head is not None and head.lower_ == "worth":
        of = next((c for c in head.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if pobj is not None:
            return pobj
        if head.i + 1 < len(doc) and doc[head.i + 1].lower_ == "of":
            return _surface_noun(doc, head.i + 2) or head
    return head


def _counted_head(doc: "Doc", first: int, last: int) -> "Token | None":
    """The noun the number counts: via "of" ("dozens of people"), the parse (nummod),
    or the surface (adjectives/participles then a noun right after the number)."""
    n = len(doc)
    nxt = last + 1
    if doc[last].lower_ == "half" and nxt + 1 < n and doc[nxt].lower_ in ("a", "an"):
        nxt += 1  # "half a day"
    if nxt + 1 < n and doc[nxt].text in ("-", "–") and not _is_break(doc[nxt]) \
            and doc[nxt + 1].pos_ in ("NOUN", "PROPN"):
        return doc[nxt + 1]  # "five-year", "ten-point lead"
    if nxt < n and doc[nxt].lower_ == "of":
        pobj = next((c for c in doc[nxt].children if c.dep_ == "pobj"), None)
        if pobj is not None:
            return pobj
        return _surface_noun(doc, nxt + 1)
    tok = doc[last]
    if tok.dep_ in ("nummod", "quantmod") and tok.head.i > last and tok.head.pos_ in ("NOUN", "PROPN"):
        return tok.head
    return _surface_noun(doc, nxt)


def _surface_noun(doc: "Doc", k: int) -> "Token | None":
    """A common noun right after token k, past at most a few modifiers
    ("over 250 wanted militant fighters", where the parse lost the nummod)."""
    noun = None
    for j in range(k, min(k + 6, len(doc))):
        t = doc[j]
        if t.pos_ == "NOUN":
            noun = t
        elif noun is None and (t.tag_ in ("JJ", "JJR", "VBN", "NNP", "HYPH")
                               or t.dep_ in ("amod", "compound", "nmod") or is_designation(t.text)):
            continue  # "seven AK-47 rifles": the parser reads the model name as a number
        else:
            break
    return noun


_DESIGNATION = re.compile(r"[A-Z][A-Za-z]*-?\d+[A-Za-z]*")
# a model name in a figure's words, however the tokenizer spaced it ("AK 47", "AK - 47")
_DESIGNATION_IN = re.compile(r"\b([A-Z][A-Za-z]*)(?:\s*[-–]\s*|\s+)?(\d+[A-Za-z]*)\b")


def is_designation(text: str) -> bool:
    """A model name of letters and digits ("AK-47", "F-16", "M16"): it names a kind of thing,
    it counts none."""
    return _DESIGNATION.fullmatch(text) is not None


def designations(text: str) -> frozenset[str]:
    """The model names a figure's counted words carry, as keys ("AK 47 guns" -> "#ak47")."""
    return frozenset(f"#{a.lower()}{b.lower()}" for a, b in _DESIGNATION_IN.findall(text or ""))


def _noun_phrase(ctx: _Context, begin: int, head: "Token") -> Span:
    """From token ``begin`` (just after the number, or after its "of") to the end of the
    head noun's short right-hand modifiers, clipped at punctuation."""
    doc = ctx.doc
    begin = min(begin, head.i)
    while begin < head.i and (doc[begin].lower_ in ("of", "worth") or doc[begin].text in ("-", "–")):
        begin += 1
    end = head.i
    right = [c for c in head.rights if c.dep_ in _RIGHT_MOD_DEPS]
    if right:
        limit = min(right[-1].right_edge.i, head.i + _COUNT_MAX_RIGHT)
        k = head.i + 1
        while k <= limit and not _is_break(doc[k]) and doc[k].dep_ not in ("cc", "mark"):
            k += 1
        end = k - 1
    while end > head.i and doc[end].pos_ in ("ADP", "DET", "CCONJ", "SCONJ", "PART", "ADV"):
        end -= 1  # do not end on a dangling "in the"
    return ctx.span(doc[begin].idx, doc[end].idx + len(doc[end]))


def _age(ctx: _Context, first: int, last: int) -> tuple[bool, Span | None]:
    """(is it an age, the words naming whose age it is if written: "girl" in
    "a 10-year-old girl", "injured girl" for the "She" of "She was 10")."""
    doc = ctx.doc
    t = doc[last]
    n = len(doc)
    # "10-year-old girl", "10 years old"
    if last + 4 < n and doc[last + 1].text in ("-", "–") and doc[last + 2].lemma_ == "year" \
            and doc[last + 3].text in ("-", "–") and doc[last + 4].lower_ == "old":
        who = doc[last + 5] if last + 5 < n and doc[last + 5].pos_ == "NOUN" else None
        return True, ctx.span(who.idx, who.idx + len(who)) if who is not None else None
    if last + 2 < n and doc[last + 1].lemma_ == "year" and doc[last + 2].lower_ == "old":
        subj = _subject_of(doc[last].head)
        return True, _whose(ctx, subj) if subj is not None else None
    if first > 0 and doc[first - 1].lower_ in ("aged", "age", "ages"):
        h = doc[first - 1].head
        who = h if h.pos_ in ("NOUN", "PROPN") else None
        return True, ctx.span(who.idx, who.idx + len(who)) if who is not None else None
    # "Hemeish, 34, said": a number between commas right after a PERSON
    if first > 1 and doc[first - 1].text == "," and last + 1 < n and doc[last + 1].text == "," \
            and ctx.in_person(doc[first - 2]) and first == last and t.text.isdigit() \
            and 0 < int(t.text) < 120:
        person = doc[first - 2]
        k = person.i
        while k > 0 and doc[k].ent_iob_ == "I":
            k -= 1  # back to the first word of the name
        return True, ctx.span(doc[k].idx, person.idx + len(person))
    # "She was 10": the number is the complement of "be" and counts no noun
    if t.dep_ in ("attr", "acomp") and t.head.lemma_ == "be" and _counted_noun(doc, first, last) is None:
        subj = _subject_of(t.head)
        if subj is not None and (subj.lower_ in ("she", "he") or subj.ent_type_ == "PERSON"
                                 or subj.lemma_.lower() in _FEMALE | _MALE):
            return True, _whose(ctx, subj)
    return False, None


def _subject_of(verb: "Token") -> "Token | None":
    return next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _whose(ctx: _Context, subj: "Token") -> Span:
    """A she/he subject -> the nearest girl/woman/boy/man noun phrase (or PERSON) before it."""
    doc = ctx.doc
    if subj.lower_ not in ("she", "he"):
        return ctx.phrase(subj)
    nouns = _FEMALE if subj.lower_ == "she" else _MALE
    for k in range(subj.i - 1, max(-1, subj.i - 80), -1):
        t = doc[k]
        if t.pos_ == "NOUN" and t.lemma_.lower() in nouns:
            left = t
            for c in t.lefts:
                if c.dep_ in ("amod", "compound", "nmod") and c.i < left.i:
                    left = c.left_edge if c.left_edge.i >= c.i - 2 else c
            return ctx.span(left.idx, t.idx + len(t))
        if t.ent_type_ == "PERSON":
            return _person_at(ctx, t) or ctx.span(t.idx, t.idx + len(t))
    return ctx.span(subj.idx, subj.idx + len(subj))


# --- clock times ---------------------------------------------------------------------------

def _clock_figure(ctx: _Context, m: re.Match[str], span) -> Figure:
    doc = ctx.doc
    first = span[0].i
    qualifier, q_start = _qualifier(doc, first, _CLOCK_QUALIFIERS)
    start = doc[q_start].idx if qualifier else m.start()
    counts = _timed_clause(ctx, q_start, span[-1].i)
    source = _source(ctx, span[0])
    return Figure(
        doc=ctx.article.id,
        start=start,
        end=m.end(),
        text=ctx.article.text[start : m.end()],
        value=clock_value(m),
        qualifier=qualifier,
        counts=counts.text if counts else None,
        counts_span=counts,
        source=source.text if source else None,
        source_span=source,
        unit="time",
    )


_CLAUSE_BOUNDARY = frozenset("after before when while as because that since until if where once".split())


def _timed_clause(ctx: _Context, first: int, last: int) -> Span | None:
    """The clause a clock time times: walk back from its preposition to a clause boundary
    ("after", "that", a reporting verb, punctuation); if nothing is there, walk forward."""
    doc = ctx.doc
    k = first - 1
    if k >= 0 and doc[k].pos_ == "ADP":
        k -= 1  # "at", "by"
    end = k
    sent_start = doc[first].sent.start
    while k >= sent_start and end - k < 10:
        t = doc[k]
        if _is_break(t) or t.lower_ in _CLAUSE_BOUNDARY and t.dep_ in ("mark", "prep") \
                or is_reporting_verb(t, FIGURE_SOURCE_VERBS) or t.dep_ == "mark":
            break
        k -= 1
    begin = k + 1
    if begin <= end:
        return ctx.span(doc[begin].idx, doc[end].idx + len(doc[end]))
    k = last + 1
    while k < len(doc) and (doc[k].ent_type_ in ("DATE", "TIME") or _is_break(doc[k])):
        k += 1
    begin, end = k, k
    while end + 1 < min(len(doc), begin + 10) and not _is_break(doc[end + 1]) \
            and doc[end + 1].sent.start == doc[begin].sent.start:
        end += 1
    if begin >= len(doc) or doc[begin].sent.start != sent_start:
        return None
    return ctx.span(doc[begin].idx, doc[end].idx + len(doc[end]))


# --- who gives the figure -------------------------------------------------------------------

def _source(ctx: _Context, token: "Token") -> Span | None:
    """The source (``attribution.source_of``) of the nearest reporting verb governing
    ``token``; else of a parenthetical "..., he said"; else the object of "according
    to" in the sentence."""
    t = token
    for _ in range(40):
        if is_reporting_verb(t, FIGURE_SOURCE_VERBS):
            who = _reporter(ctx, t, token)
            if who is not None:
                return who
        for c in t.children:
            if c.dep_ == "parataxis" and is_reporting_verb(c, FIGURE_SOURCE_VERBS):
                who = _reporter(ctx, c, token)
                if who is not None:
                    return who
        if t.head.i == t.i:  # the root (a new Token per access: `t.head is t` never holds)
            break
        t = t.head
    for c in t.children:  # the sentence root's parentheticals ("..., he said.")
        if c.dep_ in ("parataxis", "ccomp") and is_reporting_verb(c, FIGURE_SOURCE_VERBS) and c.i > token.i:
            who = _reporter(ctx, c, token)
            if who is not None:
                return who
    if ctx.according:  # "according to" in the figure's sentence, the first one
        sent = token.sent
        for i in ctx.according:
            obj = according_to(ctx.doc[i]) if sent.start <= i < sent.end else None
            if obj is not None:
                return _named(ctx, obj)
    return None


def _reporter(ctx: _Context, verb: "Token", figure: "Token") -> Span | None:
    subj = source_of(verb)
    if subj is None:
        return None
    if subj.left_edge.i <= figure.i <= subj.right_edge.i:
        return None  # "Three rebel spokesmen said": the figure counts the speakers
    return _named(ctx, subj)


def _named(ctx: _Context, who: "Token") -> Span | None:
    """The source as named: "he"/"she" resolved to a person, else the subject's phrase."""
    if who.pos_ == "PRON":
        return ctx.people.resolve(who).name
    phrase = ctx.phrase(who)
    # a bare title is a name lost in damaged text ("Mr.   said"): no source, not a guess
    return None if title_key(phrase.text) in PERSON_TITLES else phrase


def _person_at(ctx: _Context, token: "Token") -> Span | None:
    mention = ctx.people.mention_at(token)
    if mention is None or mention.label != "PERSON":
        return None
    return ctx.span(*ctx.people.fullest(mention.start, mention.end))
