"""Whether a word tells the story's backdrop: an earlier episode or a long habit, not the event.

A judgement one outlet alone passes on what someone did last year, years ago, for months or
repeatedly ("had pushed through a controversial law last year", "who have been fierce adversaries
for months", "has flirted with running for president several times", "the chaotic process has
stung both parties repeatedly") characterises the background the outlet chose to recall; the
framing of *this* story is how the outlets tell its event and its people now. Read from the parse
of the word's own clause: a time said to be long past ("ago", "last year", "earlier in the
year", "in the past", "since the 1980s", "in 2007" in a story of 2016), a stretch of months or years ("for
months", "over the years", "in the past twenty years"), or a
repetition told with a perfect ("has … repeatedly", "has … several times"). A day or a week
named ("on Tuesday", "last week", "over the weekend") is the story's own time, and a clause hung
on the word's clause (a relative or adverbial clause, a parenthetical) tells its own time, not
the word's.
"""

from __future__ import annotations

from spacy.tokens import Token

__all__ = ["backdrop", "year_of"]

# units of time long enough that "last …", "earlier in the …", "for …s" reach before the story
_LONG_UNITS = frozenset("year decade century month".split())
# words that place a clause before the story, whatever they modify
_PAST = frozenset("ago previously formerly".split())
# words of repetition: a habit only with a perfect ("has stung both parties repeatedly"); with a
# plain past they tell the event ("Obama repeatedly insisted" at one news conference)
_AGAIN = frozenset("repeatedly".split())
# quantities of "times" that make a habit ("several times", "many times")
_MANY = frozenset("several many multiple numerous countless repeated".split())
# words that put a stretch of time ahead ("for the next four years", "for another 10 years")
_AHEAD = frozenset("next coming upcoming another".split())
# prepositions that make "months" or "years" a stretch of time ("for years", "over the years")
_STRETCH = frozenset("for over through throughout across".split())
# the only adjectives of a plain stretch after "over", "through", "across" ("over the past years")
_PLAIN_STRETCH = frozenset("past last recent many several".split())
# clauses hung on the word's clause: each tells its own time ("he touted how far his campaign had
# come in the last 10 months" touts now)
_OWN_TIME = frozenset("relcl advcl parataxis conj acl appos ccomp".split())
# a verb without a subject of its own, under a preposition or another verb, tells part of that
# verb's act ("made waves by very loudly claiming …", "kept a low profile, other than lashing out")
_PART_OF = frozenset("pcomp xcomp advcl acl pobj prep".split())


def year_of(published: str | None) -> int | None:
    """The year of a publication date ("2016-03-10", "2016-03-10T12:00:00"), None when unknown."""
    head = (published or "")[:4]
    return int(head) if head.isdigit() else None


def _clause_verb(tok: Token) -> Token:
    """The verb whose clause ``tok`` is in; a verb without a subject of its own that hangs on a
    preposition or another verb is part of that verb's clause."""
    t = tok
    while (t.pos_ not in ("VERB", "AUX") or t.dep_ in ("aux", "auxpass")) and t.head.i != t.i:
        t = t.head
    while t.tag_ in ("VBG", "VBN", "VB") and t.dep_ in _PART_OF and t.head.i != t.i \
            and not any(c.dep_ in ("nsubj", "nsubjpass") for c in t.children):
        up = t.head
        while up.pos_ not in ("VERB", "AUX") and up.head.i != up.i:
            up = up.head
        if up.pos_ not in ("VERB", "AUX") or up.i == t.i:
            break
        t = up
    return t


def _clause(verb: Token, path: set[int]) -> list[Token]:
    """The words of ``verb``'s own clause: its subtree without the clauses hung on it (unless
    ``path``, the way down to the judged word, goes through one)."""
    out, todo = [], [verb]
    while todo:
        t = todo.pop()
        out.append(t)
        todo.extend(c for c in t.children if c.dep_ not in _OWN_TIME or c.i in path)
    return out


def _time_phrase(t: Token, perfect: bool, year: int | None) -> Token | None:
    """The top word of a phrase placing a clause before the story that ``t`` marks ("ago", "year" of
    "last year", "for" of "for months", "in" of "in 2007" two years or more before ``year``, the
    year the story was published), or None."""
    low = t.lower_
    if year is not None and t.dep_ == "pobj" and t.head.lower_ in ("in", "during") and len(low) == 4 \
            and low.isdigit() and 1800 < int(low) <= year - 2:
        return t.head
    if low in _PAST:
        # "dropped sharply from a year ago", "higher than a year ago": a measure's baseline, not when
        baseline = low == "ago" and any(a.lower_ in ("from", "than", "over", "since") for a in t.ancestors)
        return None if baseline else t
    if low in ("last", "earlier", "past") and t.head.lemma_.lower() in _LONG_UNITS:
        # "last year"; "in the past twenty years", "in the last year": the phrase is the preposition's
        unit = t.head
        return unit.head if unit.dep_ == "pobj" and unit.head.dep_ == "prep" else unit
    if low == "earlier" and any(c.dep_ == "prep" and any(g.lemma_.lower() in _LONG_UNITS for g in c.children)
                                for c in t.children):
        return t  # "earlier in the year"
    if low == "past" and t.dep_ == "pobj" and t.head.lower_ == "in":
        return t.head  # "in the past"
    if perfect and (low in _AGAIN or (t.lemma_.lower() == "time" and t.tag_ == "NNS"
                                      and any(c.lower_ in _MANY for c in t.children))):
        return t
    if t.dep_ == "pobj" and t.head.lower_ in _STRETCH and t.tag_ == "NNS" and t.lemma_.lower() in _LONG_UNITS:
        # "for months", "for years", "over the years"; "for the next four years" is to come, and
        # "cast a cloud over her final months" names months of someone's, no stretch of the telling
        if any(c.lower_ in _AHEAD for c in t.children):
            return None
        owned = any(c.dep_ == "poss" or (c.dep_ == "amod" and c.lower_ not in _PLAIN_STRETCH) for c in t.children)
        return None if owned and t.head.lower_ != "for" else t.head
    # "since the 1980s", "since leaving the Senate": a time, not a reason ("since debates often …"
    # is a subordinate clause, its "since" a marker, not a preposition)
    if low == "since" and t.dep_ == "prep" and any(c.dep_ in ("pobj", "pcomp") for c in t.children):
        return t
    return None


def backdrop(tok: Token, year: int | None = None) -> bool:
    """Whether ``tok``'s clause tells an earlier episode or a long habit (see the module's note);
    ``year``: the year the story was published, when known (then "in 2007" is long past)."""
    verb = _clause_verb(tok)
    path: set[int] = set()
    t = tok
    while t.i != verb.i and t.head.i != t.i:
        path.add(t.i)
        t = t.head
    perfect = any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children)
    for w in _clause(verb, path):
        phrase = _time_phrase(w, perfect, year)
        # the time of the clause's act, or of the judged word's own phrase ("his combative behavior
        # over the weekend"); one said of another noun is that noun's ("backpedaled on his prediction
        # a year ago" backpedals now; "for the first time since the recession" is a new event)
        if phrase is not None and (phrase.head.pos_ in ("VERB", "AUX") or phrase.head.i in path):
            return True
    return False
