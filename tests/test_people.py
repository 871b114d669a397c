"""People and speakers on short realistic texts (issue 10): titles, gender cues, salience."""

from __future__ import annotations

from newsprism.extract.mentions import extract_mentions
from newsprism.extract.quotes import attribute_quotes
from newsprism.model import Article


def _attributions(nlp, text: str):
    doc = nlp(text)
    article = Article(id="a", text=text)
    return attribute_quotes(article, doc, extract_mentions(article, doc))


def test_source_as_written_keeps_title_party_tag_and_apposition(nlp):
    text = (
        "Sen. Claire McCaskill (D-Mo.) said: \u201cThis is not how we do business here.\u201d\n\n"
        "Brian Fallon, the campaign\u2019s press secretary, said the claim was \u201cflatly false and "
        "beneath a presidential campaign.\u201d"
    )
    found = _attributions(nlp, text)
    assert [a.source_written.text for a in found] == [
        "Sen. Claire McCaskill (D-Mo.)",
        "Brian Fallon, the campaign\u2019s press secretary,",
    ]
    assert [a.quote.speaker for a in found] == ["Claire McCaskill", "Brian Fallon"]


def test_mr_obama_is_not_michelle_obama(nlp):
    text = (
        "Michelle Obama spoke first at the rally in Philadelphia on Monday night.\n\n"
        "\u201cWe will not give up on this country,\u201d Mr. Obama said later, to loud applause."
    )
    quote = _attributions(nlp, text)[0].quote
    assert quote.speaker != "Michelle Obama"


def test_she_skips_a_man_named_with_mr(nlp):
    text = (
        "Veronica Cruz runs the shelter on Main Street. Mr. Alvarez, a volunteer, arrived at noon.\n\n"
        "\u201cWe have no beds left for anyone tonight,\u201d she said."
    )
    quote = _attributions(nlp, text)[0].quote
    assert quote.speaker == "Veronica Cruz"
