"""Name matching and normalisation for entity resolution (``compare/resolve.py``).

Names are compared on a phonetic key that folds the usual variation of
Arabic and Russian names written in Latin letters (doubled letters, ou/u,
o/u, e/i, y/i, ey/ei, abd-ul/abd-ur, the article al-), so "Fouaa"/"Foua",
"Abu"/"Abo", "Abdurrahman"/"Abdulrahman" and "Sergey"/"Sergei" get one key.
Letter transpositions ("Kfarya"/"Kfraya") match only when the consonant
skeleton, first and last letters agree and the fuzzy ratio is high, and never
for tokens under five letters ("Iran" is not "Iraq", "Kerry" is not "Kirby").

Also here: the word lists a name is read with (particles, function words, company
form words), acronyms and clipped forms ("U.N.", "SIA", "Fed"), the candidate pairs of
variant names found by first letters, and the nickname table ("Rick" / "Richard").
Text only: nothing here reads a parse.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from typing import Any, Sequence

from rapidfuzz.fuzz import ratio
from unidecode import unidecode

from newsprism.extract.mentions import is_demonym
from newsprism.lexicon import EXTRA_NICKNAMES, ORG_SUFFIXES, TITLE_WORDS, title_key

__all__ = [
    "phonetic", "tokens_match", "seq_match", "is_subsequence", "name_tokens", "acronym_of",
    "variant_candidates", "may_be_variants", "Nicknames", "content_words", "spells", "clips",
    "PARTICLES", "FUNCTION_WORDS", "NAME_LINKS", "SURNAME_PREFIXES", "SURNAME_PREFIX_SPELLINGS", "ACRONYM", "NAME_WORD",
    "ORG_FORM_WORDS", "COUNTRY_ABBREVIATIONS", "CLIPPED",
]

PARTICLES = frozenset({"al", "el", "ul"})  # Arabic article, dropped for matching people
FUNCTION_WORDS = frozenset({"of", "the", "for", "and", "de", "du", "des", "la", "le", "on", "in", "at", "&"})
# words that join the parts of one name ("Bank of America"); "at"/"in"/"on" start a phrase
# that locates the name ("the Kodak Theatre at Hollywood and Highland Center")
NAME_LINKS = FUNCTION_WORDS - {"on", "in", "at"}
# a surname can start with these ("Abu Jaafar", "Abo Zayd", "bin Laden", "van Gogh"): such a
# two-word name written alone is a surname, not a full name (phonetic forms)
SURNAME_PREFIXES = frozenset("abu bin ibn bint um van vun von di dil dila da du li la mac mc haj st".split())
# ... as they are spelled: "Ben", "Lee", "Dee" fold to the keys of "bin", "li", "di" but are given
# names ("Ben Carson" is a full name)
SURNAME_PREFIX_SPELLINGS = frozenset(
    "abu abo bin ibn bint um umm van von di del dell della da du li la le mac mc haj hajj st st.".split())
ACRONYM = re.compile(r"^(?:[A-Z]\.){2,6}$|^[A-Z]{2,6}$")
NAME_WORD = re.compile(r"[^\W_]+(?:[.'’-][^\W_]+)*\.?", re.UNICODE)
# words after a company's name that say what form it has, not which company it is
ORG_FORM_WORDS = ORG_SUFFIXES | frozenset("computer computers group holdings".split())
# a country written before an organisation's name ("U.S. Federal Reserve" is the "Federal Reserve")
COUNTRY_ABBREVIATIONS = frozenset("us usa uk eu un".split())
_MIN_FUZZY = 5
_FUZZY_RATIO = 75.0


_NOT_ALNUM = re.compile(r"[^a-z0-9]")
_ABD = re.compile(r"^abd[aeiou][lr]")
_REPEATED = re.compile(r"([a-z])\1+")


@lru_cache(maxsize=16384)
def phonetic(word: str) -> str:
    """Fold transliteration variants of one name token to one key (a pure function of the
    word, remembered: a story's names recur in every mention and every comparison)."""
    # digits stay: "117th Street" is not "97th Street"
    w = _NOT_ALNUM.sub("", unidecode(word).lower())
    w = _ABD.sub("abd", w)  # abd-ul-, abd-ur-, abd-el-
    w = w.replace("ph", "f").replace("ou", "u").replace("oo", "u").replace("ee", "i")
    w = w.replace("y", "i").replace("ei", "i").replace("o", "u").replace("e", "i")
    return _REPEATED.sub(r"\1", w)


_AIU = re.compile(r"[aiu]")
_HYPHENS = re.compile(r"[-‐]")


def _skeleton(key: str) -> str:
    return _AIU.sub("", key)


def tokens_match(a: str, b: str) -> bool:
    """Two phonetic keys name the same thing: equal, or a close variant of a long token."""
    if a == b:
        return True
    if min(len(a), len(b)) < _MIN_FUZZY or a[0] != b[0] or a[-1] != b[-1]:
        return False
    return _skeleton(a) == _skeleton(b) and ratio(a, b) >= _FUZZY_RATIO


def seq_match(a: Sequence[str], b: Sequence[str]) -> bool:
    return len(a) == len(b) and all(tokens_match(x, y) for x, y in zip(a, b))


def is_subsequence(short: Sequence[str], long_: Sequence[str]) -> bool:
    it = iter(long_)
    return all(any(tokens_match(s, t) for t in it) for s in short)


def name_tokens(words: Sequence[str], person: bool) -> tuple[str, ...]:
    """Phonetic tokens of a name, without titles (and, for people, particles and initials)."""
    out: list[str] = []
    for n, w in enumerate(words):
        for part in _HYPHENS.split(w) if person else [w]:
            low = part.lower()
            # a title word that ends a person's name after a name word is a surname: "Steve King",
            # "John Major", "Erik Prince" (as a title it would have left "Steve" alone, a given name)
            if title_key(low) in TITLE_WORDS and person and not (n == len(words) - 1 and out and w[:1].isupper()):
                continue
            key = phonetic(part)
            if not key:
                continue
            if person and (key in PARTICLES or len(part.rstrip(".")) == 1):
                continue
            out.append(key)
    return tuple(out)



def acronym_of(words: Sequence[str]) -> str | None:
    caps = [w for w in words if w.lower() not in FUNCTION_WORDS]
    if len(caps) < 2 or not all(w[:1].isupper() for w in caps):
        return None
    return "".join(w[0].lower() for w in caps)


def variant_candidates(names: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Every pair (i < j, sorted) of ``names`` that :func:`may_be_variants` may accept,
    found through the first letters it compares instead of trying all pairs: the same
    first word's letter; the same length and last word's letter; a shorter name's first
    letter at the word of a longer one where the shorter would start as its tail."""
    keyed: dict[tuple, list[int]] = defaultdict(list)
    for k, toks in enumerate(names):
        if not toks:
            continue
        keyed[("first", toks[0][:1])].append(k)
        keyed[("last", len(toks), toks[-1][:1])].append(k)
        keyed[("tail-short", len(toks), toks[0][:1])].append(k)
        for size in range(2, len(toks)):
            keyed[("tail-long", size, toks[-size][:1])].append(k)
    pairs: set[tuple[int, int]] = set()
    for key, rows in keyed.items():
        if key[0] == "tail-long":
            others = keyed.get(("tail-short", key[1], key[2]), [])
            pairs.update((min(x, y), max(x, y)) for x in rows for y in others if x != y)
        elif key[0] != "tail-short":
            pairs.update((x, y) for n, x in enumerate(rows) for y in rows[n + 1 :])
    return sorted(pairs)


def may_be_variants(a: Sequence[str], b: Sequence[str]) -> bool:
    """A necessary condition for any rule of step 2 of :func:`_merge_names`, from first
    letters alone (``tokens_match`` never pairs keys with different first letters):
    the pairwise pass is quadratic in a story's distinct names, the full test is not cheap."""
    if not a or not b:
        return False
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) == len(long_) >= 2 and short[-1][:1] == long_[-1][:1]:
        return True  # same surname, the given names may be a nickname pair ("Bill"/"William")
    if short[0][:1] == long_[0][:1]:
        return len(short) == len(long_) or short[-1][:1] == long_[-1][:1]
    return len(short) >= 2 and len(long_) > len(short) and short[0][:1] == long_[-len(short)][:1]


@lru_cache(maxsize=1)
def _nicknamer() -> Any:
    """The ``nicknames`` package's table, loaded once per process (a third of a second: it
    was loaded again for each story)."""
    from nicknames import NickNamer

    return NickNamer()


class Nicknames:
    """Given names and their nicknames ("Rick"/"Richard", "Bill"/"William"), from the
    ``nicknames`` package's hand-curated table; loaded on first use (a third of a second)."""

    def __init__(self) -> None:
        self._namer: Any = None

    def same(self, a: str, b: str) -> bool:
        a, b = a.lower().rstrip("."), b.lower().rstrip(".")
        if a == b or b in EXTRA_NICKNAMES.get(a, ()) or a in EXTRA_NICKNAMES.get(b, ()):
            return True
        if self._namer is None:
            self._namer = _nicknamer()
        return a in self._namer.canonicals_of(b) or b in self._namer.canonicals_of(a)



CLIPPED = re.compile(r"^[A-Z][a-z]{2,5}$")


def content_words(words: Sequence[str]) -> list[str]:
    return [w for w in words if w.lower() not in FUNCTION_WORDS and re.sub(r"\W", "", w).lower() not in COUNTRY_ABBREVIATIONS]


def spells(letters: str, words: Sequence[str]) -> bool:
    """Do the starts of ``words``, each at least its first letter, spell ``letters``
    exactly ("sia" <- "SIngapore Airlines")? Needs two words or more."""
    if len(words) < 2 or len(letters) > 3 * len(words):
        return False
    low = [re.sub(r"\W", "", w).lower() for w in words]

    def walk(i: int, k: int) -> bool:
        if k == len(low):
            return i == len(letters)
        return any(walk(i + n, k + 1) for n in range(1, len(low[k]) + 1) if low[k][:n] == letters[i : i + n])

    return walk(0, 0)


def clips(word: str, words: Sequence[str]) -> bool:
    """A short form made of the start of a longer name's first word ("Fed" <- "Federal Reserve");
    never a country's name before its people's ("Iran" is not the "Iranian Revolutionary Guard Corps")."""
    first = re.sub(r"\W", "", words[0]).lower() if words else ""
    return (len(words) >= 2 and len(first) >= len(word) + 2 and first.startswith(word.lower())
            and not is_demonym(words[0]))
