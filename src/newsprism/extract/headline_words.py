"""A title-case headline's own words that NER read into a name, told apart by what the article's
running text writes of each word.

A headline capitalises every word, so NER runs names on into the words around them: "Georgetown
Faculty Latest to Chide Ryan" gave the ORG "Georgetown Faculty Latest" and the PERSON "Chide
Ryan"; "Congressman Breaks His Silence" a PERSON; "AARP Open to Social Security Cuts" the ORG
"Social Security Cuts" (BASIL open events 29ffd053, c21cb217, 576116e5). The running text says
which words are a name's: a name is written capitalised inside its sentences, a common word in
lower case ("cuts", "latest", "his"). A name in a headline is cut to its words the running text
capitalises; one made of common words alone is no name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.lang.en.stop_words import STOP_WORDS

from newsprism.extract.person_names import known_given_name
from newsprism.lexicon import TITLE_ABBREVIATIONS, TITLE_WORDS, title_key

LONG_WORD = re.compile(r"[^\W\d_][\w’'-]{3,}")
# a word of a name: letters, with inner apostrophes, hyphens and the periods of "G.O.P."
_WORD = re.compile(r"[^\W\d_](?:[\w’'-]|\.(?=\w))*\.?")
# what may stand before a word written inside a sentence (not after an end mark, a colon, a
# quotation mark or at a line's start, where every word is capitalised)
_INSIDE = re.compile(r"[\w,;(–—-]")
_POSSESSIVE = re.compile(r"['’]s$")
_ADDRESS = re.compile(r"\s*(?:https?\s*:|www\s*\.)", re.IGNORECASE)
_SHORT_ABBREVIATION = re.compile(r"(?:^|\s)[A-Z][\w.]{0,4}\.$")  # "Rep.", "Mr.", "U.S." before a name


def title_case_words(text: str, start: int, end: int, lines: dict[tuple[int, int], list[str]] | None = None) -> list[str]:
    """The long words of the span's line when the line is written in title case, as a headline
    is ("Reagan’s Daughter Makes Strong Statement About Trump Speech."): four words of four
    letters or more, each capitalised; none otherwise. ``lines``: the answers so far, by line
    (a line of running text is often a whole paragraph, scanned once per name in it otherwise)."""
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    hi = len(text) if hi < 0 else hi
    if lines is not None and (lo, hi) in lines:
        return lines[lo, hi]
    words = [w.group() for w in LONG_WORD.finditer(text, lo, hi)]
    found = words if len(words) >= 4 and all(w[0].isupper() for w in words) else []
    if lines is not None:
        lines[lo, hi] = found
    return found


@dataclass(frozen=True, slots=True)
class RunningWords:
    """What the running text (every line but title-case ones) writes of its words."""

    capitalised: frozenset[str]  # written capitalised inside a sentence, as written
    lower: frozenset[str]  # written in lower case
    text: str  # the running text's lines
    capitalised_lower: frozenset[str]  # the capitalised words in lower case, for an all-capitals headline

    def common(self, word: str) -> bool:
        """A word of the language, not of a name: written in lower case, or a stop word."""
        key = word.rstrip(".").lower()
        return key in self.lower or key in STOP_WORDS or title_key(word) in _TITLES

    def named(self, word: str) -> bool:
        """Written capitalised inside a sentence; an all-capitals headline's word in any case of
        its letters ("RICHMOND HILL" beside "in Richmond Hill")."""
        word = word.rstrip(".")
        if title_key(word) in _TITLES:
            return False
        return word in self.capitalised or (word.isupper() and len(word) > 1 and word.lower() in self.capitalised_lower)


_TITLES = TITLE_WORDS | TITLE_ABBREVIATIONS


def running_words(text: str) -> RunningWords:
    capitalised: set[str] = set()
    lower: set[str] = set()
    lines: dict[tuple[int, int], list[str]] = {}
    running: list[str] = []
    for line in re.finditer(r"[^\n]+", text):
        if title_case_words(text, line.start(), line.end(), lines) or _ADDRESS.match(line.group()):
            continue  # (an address line's words are a path's, in lower case whatever they name)
        running.append(line.group())
        for found in _WORD.finditer(text, line.start(), line.end()):
            before = text[line.start() : found.start()].rstrip(" \t\xa0")
            inside = bool(before) and (_INSIDE.match(before[-1]) is not None or _SHORT_ABBREVIATION.search(before) is not None)
            # a compound's words and a possessive's name count too: "Tea Party-backed", "the party's"
            whole = _POSSESSIVE.sub("", found.group().rstrip("."))
            for word in {whole, *whole.split("-")}:
                if word.islower():
                    lower.add(word)
                elif inside and word[:1].isupper():
                    capitalised.add(word)
    return RunningWords(frozenset(capitalised), frozenset(lower), "\n".join(running), frozenset(w.lower() for w in capitalised))


def headline_cut(text: str, start: int, end: int, label: str, words: RunningWords) -> tuple[int, int] | None:
    """The name in the headline span ``start:end`` (on a title-case line), cut to its words the
    running text writes as a name: the longest run of them when every other word is a common
    word ("Social Security Cuts" -> "Social Security", "GOP Rep Shows Support For Company" ->
    "GOP") or, for a person, a word the text never writes that is no given name, before the
    surname ("Chide Ryan", "Defeated Cantor" -> "Ryan", "Cantor"). None when the span is common
    words alone and names nothing the text writes ("Breaks His Silence", "Surveillance"). The
    span as found when two runs are names, or a word between is not known to be common: when
    unsure, keep it."""
    found = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text, start, end)]
    if not found:
        return start, end
    named = [words.named(w) for _, _, w in found]
    if not any(named):
        return None if any(words.common(w) for _, _, w in found) and not any(
            _given_name(w, words) for _, _, w in found) else (start, end)
    runs: list[tuple[int, int]] = []  # [i, j) of found, consecutive named words
    for i, is_named in enumerate(named):
        if is_named and (not runs or runs[-1][1] != i):
            runs.append((i, i + 1))
        elif is_named:
            runs[-1] = (runs[-1][0], i + 1)
    # (a run of words the text also writes in lower case is no name's on its own: "Teachers")
    runs = [(i, j) for i, j in runs if not all(words.common(w) for _, _, w in found[i:j])]
    if len(runs) != 1:
        return start, end
    i, j = runs[0]
    # ... nor at the end of a run that holds a word the text writes only as a name and that the
    # text never writes whole ("NRA School Safety Report": "NRA"; not "Tea Party", written so, nor
    # "Social Security", both of whose words may be written low)
    if any(not words.common(w) for _, _, w in found[i:j]) and text[found[i][0] : found[j - 1][1]] not in words.text:
        while words.common(found[j - 1][2]):
            j -= 1
        while words.common(found[i][2]):
            i += 1
    if (i, j) == (0, len(found)):
        return start, end
    others = found[:i] + found[j:]
    unseen = [w for _, _, w in others if not words.common(w)]
    # a word the text never writes goes with the headline's words when others of them are plain
    # words of the text ("Claim About Social Security Concessions"), or, before a person's
    # surname, when it is no given name ("Chide Ryan")
    if unseen and not any(words.common(w) and w.lower() not in STOP_WORDS for _, _, w in others) and not (
            label == "PERSON" and j == len(found) and not any(_given_name(w, words) for _, _, w in found[:i])):
        return start, end
    return found[i][0], found[j - 1][1]


def _given_name(word: str, words: RunningWords) -> bool:
    """A given name the text does not also write as a common word ("Will" beside "will")."""
    return word.lower() not in words.lower and known_given_name(word)
