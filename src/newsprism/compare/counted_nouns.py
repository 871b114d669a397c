"""What a count counts, read from the words an extracted figure's ``counts`` keeps ("migrants
from a Central American caravan who crossed"): the counted noun, and the words after it that
tell which group of that noun it is. Two reports' counts are of one thing only when both agree."""

from __future__ import annotations

import re
from typing import Iterable

from spacy.lang.en.stop_words import STOP_WORDS

from newsprism.lexicon import COMPASS_WORDS

__all__ = ["MEASURE_WORDS", "counted_noun", "heading_noun", "named_apart", "noun_tail", "same_counted", "tail_names",
           "tails_apart"]

# words that measure rather than name what is counted ("a 67 percentage point margin",
# "up 19 percentage points"): two figures in them may count anything
MEASURE_WORDS = frozenset({"point", "points", "percent", "percentage", "cent", "times", "fold"})

# where the words after a counted noun stop naming it ("pirates on the larger pirate boat")
_AFTER_NOUN = re.compile(r"\s+(?:on|in|at|of|from|with|who|that|which|to|for|by|aboard|during)\s.*$", re.IGNORECASE)


def counted_noun(f) -> str:
    """The counted noun, lower-cased: the last word before what follows it ("migrants from a
    Central American caravan": migrants, not caravan; "rounds of ammunition": rounds)."""
    words = re.findall(r"[a-z]+", _AFTER_NOUN.sub("", f.counts or "").lower().replace("-", ""))
    return words[-1] if words and words[-1] not in MEASURE_WORDS else ""


def heading_noun(f) -> str:
    """The counted noun as the text writes it, for a heading: the last word before what follows
    it ("pirates on the larger pirate boat": "pirates"; "300 rounds of ammunition": "rounds")."""
    head = _AFTER_NOUN.sub("", f.counts or "")
    words = re.findall(r"[A-Za-z][\w-]*", head)
    return words[-1] if words and words[-1].lower() not in MEASURE_WORDS else ""


def noun_tail(f) -> tuple[str, frozenset[str]]:
    """The word that opens what follows the counted noun and the content words of the rest,
    lower-cased: ("from", {"central", "american", "caravan"}) for "migrants from a Central
    American caravan"; ("", {}) when nothing follows it."""
    m = _AFTER_NOUN.search(f.counts or "")
    if m is None:
        return "", frozenset()
    words = re.findall(r"[a-z]+", m.group(0).lower())
    return words[0], frozenset(w for w in words[1:] if len(w) > 2 and w not in STOP_WORDS)


def tails_apart(f, g) -> bool:
    """Both counted nouns go on in the same way ("in the town of Kasese", "in the city of
    Mbarara") with words that share none: two groups of that noun. Tails that go on in two ways
    tell two things of it ("rounds of ammunition", "rounds from the boat"), no other group."""
    (opens_f, tail_f), (opens_g, tail_g) = noun_tail(f), noun_tail(g)
    return opens_f == opens_g and bool(tail_f) and bool(tail_g) and tail_f.isdisjoint(tail_g)


def same_counted(f, g) -> bool:
    """Two figures count one noun: the same counted noun, and where both write what follows
    it, words of one thing ("people in the town of Kasese" / "people in the city of Mbarara"
    are two groups; "migrants from a Central American caravan" / "from the caravan" one)."""
    return bool(counted_noun(f)) and counted_noun(f) == counted_noun(g) and not tails_apart(f, g)


def tail_names(f) -> frozenset[str]:
    """The capitalised words of what follows the counted noun, lower-cased: {"kasese"} for
    "people in the town of Kasese", {"central", "american"} for "migrants from a Central
    American caravan"; none when nothing follows it."""
    m = _AFTER_NOUN.search(f.counts or "")
    if m is None:
        return frozenset()
    return frozenset(w.lower() for w in re.findall(r"\b[A-Z][\w'’-]*", m.group(0)) if w.lower() not in STOP_WORDS)


# the prepositions that put a counted group at a place
_LOCATIVE = frozenset({"in", "at"})
# "Kasese, Uganda", "Kasese in western Uganda": the first place lies in the second
_COMPASS = "|".join(sorted(COMPASS_WORDS))


def _nested(inner: str, outer: str, text: str) -> bool:
    return re.search(rf"\b{re.escape(inner)},?\s+(?:in\s+)?(?:(?:the\s+)?(?:{_COMPASS})\s+)?{re.escape(outer)}\b",
                     text, re.IGNORECASE) is not None


def named_apart(f, g, texts: Iterable[str]) -> bool:
    """Two counts of one noun placed by name at two places ("About 300 people in the town of
    Kasese" / "About 500 people in the city of Mbarara"): two groups, not two values of one
    count — unless one place lies in the other as the story writes them ("Kasese, Uganda"; no
    list of the world's places). Only where both tails open with "in" or "at": a group named
    two ways is one ("members of the GOP caucus" / "of the Republican caucus"). A name on one
    side only proves nothing ("people in the town" / "people in Kasese")."""
    (opens_f, _), (opens_g, _) = noun_tail(f), noun_tail(g)
    names_f, names_g = tail_names(f), tail_names(g)
    if opens_f != opens_g or opens_f not in _LOCATIVE or not names_f or not names_g or names_f & names_g:
        return False
    texts = list(texts)
    return not any(_nested(x, y, t) or _nested(y, x, t) for t in texts for x in names_f for y in names_g)
