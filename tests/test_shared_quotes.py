"""Quotes carried by several outlets: the same words quoted, not one word found inside another remark."""

from __future__ import annotations

from newsprism.compare.findings import _shared_quotes
from newsprism.model import Quote


def _quote(doc: str, text: str, speaker: str | None = None, entity: str | None = None) -> Quote:
    return Quote(doc, 100, 100 + len(text), text, speaker, speaker_entity=entity)


def test_a_scare_quoted_word_is_not_a_remark_that_uses_it():
    # BASIL 2014 (McCarthy on immigration): Fox writes Boehner wants the plan, also referred to as
    # "principles," done; HuffPost and the Times quote two other men whose remarks use the word
    quotes = [
        _quote("fox", "principles,"),
        _quote("hpo", "That's a decision that every Republican will have to make in laying out the principles, "
                      "but that's my personal position.", "McCarthy", "e1"),
        _quote("nyt", "The principles they lay out I’m sure won’t satisfy everybody,", "Bloomberg", "e2"),
    ]
    assert _shared_quotes(quotes) == []


def test_the_same_short_quote_in_two_reports_is_shared():
    quotes = [_quote("fox", "immigration principles"), _quote("nyt", "immigration principles,")]
    shared = _shared_quotes(quotes)
    assert len(shared) == 1 and shared[0].docs == ("fox", "nyt") and not shared[0].wording_differs


def test_a_long_quote_inside_a_longer_one_is_still_shared():
    quotes = [
        _quote("fox", "But if you want to become a citizen, you’ll have to go through the path.", "McCarthy", "e1"),
        _quote("hpo", "But if you want to become a citizen, you'll have to go through the path. "
                      "There won't be amnesty inside it.", "McCarthy", "e1"),
    ]
    shared = _shared_quotes(quotes)
    assert len(shared) == 1 and shared[0].docs == ("fox", "hpo")
