"""Article text -> term counts for story clustering: content words, figures and entity terms
(runs of capitalised words), with the title and the lead weighted up. Regex only (no NLP
model), memoised per word and per run, so streaming stays well above 1,000 articles/s."""

from __future__ import annotations

import re
from collections import Counter
from itertools import chain
from typing import Protocol

__all__ = ["extract_terms", "TermExtractor"]


class _TermParams(Protocol):  # what TermExtractor.for_params reads of a ClusterParams
    @property
    def title_boost(self) -> int: ...
    @property
    def lead_chars(self) -> int: ...
    @property
    def lead_boost(self) -> int: ...

# a word of three or more characters, or a figure ("23", "6.1", "1,200", "2009"): the figures of
# an event (its toll, magnitude, the count of pirates caught) are what its reports share and
# what a sibling event of the same topic does not; possessive: no backtracking to try
_WORD = re.compile(r"[^\W\d_][\w'’\-]{2,}+|(?<![\w.,])\d++(?:[.,]\d++)*+(?!\w)")
# a run of capitalised words on one line ("Prime Minister Pedro Sanchez")
_RUN = re.compile(r"\b[A-Z][\w'’\-]*+(?:[ \t]+[A-Z][\w'’\-]*+)*+")
_STOP = frozenset(
    """a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had has
    have having he her here hers herself him himself his how i if in into is it its itself just me more
    most my myself no nor not now of off on once only or other our ours out over own same she should so
    some such than that the their theirs them themselves then there these they this those through to too
    under until up very was we were what when where which while who whom why will with would you your
    yours said says say told tell mr mrs ms dr one two three new year years last first time people like
    many much may might must us according week day days monday tuesday wednesday thursday friday
    saturday sunday january february march april june july august september october november december
    however since still even though yet get got make made well back would way take took""".split()
)
# capitalised words that are not (parts of) names: sentence-initial function words,
# honorifics, days and months
_NOT_ENTITY = frozenset(
    """a an the but and or so yet if when while this that these those it its he she they we i you his her
    their our my your in on at for of to by with from as after before about over under into since though
    however there here what who which where why how all some many most one two mr mrs ms dr
    monday tuesday wednesday thursday friday saturday sunday january february march april may june july
    august september october november december""".split()
)


def extract_terms(
    text: str, title: str | None = None, title_boost: int = 2, lead_chars: int = 600, lead_boost: int = 3
) -> Counter[str]:
    """Counts of content words and entity terms (prefixed ``e:``) of an article.

    A run of capitalised words is an entity; each of its words is a term and so
    is the whole run ("e:grimm", "e:michael grimm"), so "Grimm" alone still
    matches "Michael Grimm". Leading function words ("The", "But") are dropped
    from a run. The words of the lead (the first ``lead_chars`` characters) count
    ``lead_boost`` times. (One-off form of :class:`TermExtractor`.)
    """
    words, entities = TermExtractor(title_boost, lead_chars=lead_chars, lead_boost=lead_boost).split_terms(text, title)
    words.update(entities)
    return words


class TermExtractor:
    """:func:`extract_terms` with memo tables (word -> term, capitalised run -> entity terms).

    Articles repeat a small vocabulary, so after the first few hundred articles
    almost every word is a table hit: the per-article work is two ``findall``s and
    C-level mapping and counting, with no Python loop over words. The tables are
    emptied when they reach ``memo_size`` entries, which bounds their memory.
    """

    def __init__(self, title_boost: int = 2, memo_size: int = 400_000, lead_chars: int = 600, lead_boost: int = 3):
        self.title_boost = title_boost
        self.lead_chars = lead_chars
        self.lead_boost = lead_boost
        self.memo_size = memo_size
        self._word_terms: dict[str, str] = {}  # "" for a stop word
        self._run_terms: dict[str, tuple[str, ...]] = {}

    def split_terms(self, text: str, title: str | None = None) -> tuple[Counter[str], Counter[str]]:
        """(content-word counts, entity-term counts); entity terms carry the ``e:`` prefix."""
        if len(self._word_terms) > self.memo_size:
            self._word_terms.clear()
        if len(self._run_terms) > self.memo_size:
            self._run_terms.clear()
        words = self._word_list(text)
        entities = self._entity_list(text)
        if self.lead_boost > 1 and self.lead_chars > 0:
            # the lead tells the event; background further down names the related ones
            # ("just last month, another player was arrested"), which is what merges two
            # events of one topic
            lead = _lead(text, self.lead_chars)
            words += self._word_list(lead) * (self.lead_boost - 1)
            entities += self._entity_list(lead) * (self.lead_boost - 1)
        if title:
            # title terms first, repeated: ties in weight keep the order the title gives
            words = self._word_list(title) * self.title_boost + words
            entities = self._entity_list(title) * self.title_boost + entities
        word_counts = Counter(words)
        del word_counts[""]  # stop words
        return word_counts, Counter(chain.from_iterable(entities))

    def _word_list(self, source: str) -> list[str]:
        found = _WORD.findall(source.lower())
        try:
            return list(map(self._word_terms.__getitem__, found))
        except KeyError:  # words never seen before: stem them once
            for word in set(found).difference(self._word_terms):
                self._word_terms[word] = "" if word in _STOP else _stem(word)
            return list(map(self._word_terms.__getitem__, found))

    def _entity_list(self, source: str) -> list[tuple[str, ...]]:
        runs = _RUN.findall(source)
        try:
            return list(map(self._run_terms.__getitem__, runs))
        except KeyError:
            for run in set(runs).difference(self._run_terms):
                self._run_terms[run] = _entity_terms(run)
            return list(map(self._run_terms.__getitem__, runs))


    def lead_names(self, text: str, title: str | None, chars: int) -> tuple[str, ...]:
        """The names an article opens with: the last word of each name of two or more words
        ("Jamal Williams" -> "williams") in its title and its first ``chars`` characters (URL
        lines skipped), sorted. The reports of one event name its protagonist there; a related
        earlier event is recalled further down."""
        if chars <= 0:
            return ()
        opening = f"{title or ''}\n{_lead(text, chars)}"
        names = {terms[-1].rsplit(" ", 1)[1] for terms in self._entity_list(opening) if terms and " " in terms[-1]}
        return tuple(sorted(names))

    @classmethod
    def for_params(cls, params: _TermParams) -> "TermExtractor":
        return cls(params.title_boost, lead_chars=params.lead_chars, lead_boost=params.lead_boost)


_URL_LINE = re.compile(r"[ \t]*(?:https?[ ]?:|www[ ]?\.)[^\n]*\n?")


def _lead(text: str, chars: int) -> str:
    """The first ``chars`` characters of ``text`` after any URL lines, cut at a space."""
    start = 0
    while True:
        m = _URL_LINE.match(text, start)
        if m is None or m.end() == start:
            break
        start = m.end()
    if len(text) - start <= chars:
        return text[start:]
    cut = text.rfind(" ", start, start + chars)
    return text[start : cut if cut > start else start + chars]


def _entity_terms(run: str) -> tuple[str, ...]:
    words = run.lower().split()
    while words and words[0] in _NOT_ENTITY:
        del words[0]
    terms = ["e:" + word for word in words if word not in _NOT_ENTITY]
    if len(words) > 1:
        terms.append("e:" + " ".join(words))
    return tuple(terms)


def _stem(word: str) -> str:
    # light plural/possessive folding: enough to match "charges"/"charge", cheap
    if word.endswith(("'s", "’s")):
        word = word[:-2]
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word
