"""The other outlets' nearest sentence beside a judgement only one outlet passes (compare/counterparts.py)."""

from __future__ import annotations

import re

from newsprism.model import Article


def _evaluative(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = [x for x in run_pipeline(arts, nlp).findings.framing if x.kind == "evaluative"]
    for item in items:  # every citation is the document's own words
        for c in item.citations:
            assert texts[c.doc][c.start:c.end] == c.text, c
        for piece in re.findall(r"“([^”]*)”", item.about):
            assert any(piece in texts[d] for d in item.docs), (piece, item.about)
    return items


# BASIL 2013 (f506aafc), shortened: NYT judges the spending ("lavish lifestyle"); Fox and HuffPost tell
# what it bought in plain words, in sentences no fact joins to NYT's
_JACKSON = {
    "a": "Former Representative Jesse Jackson Jr. pleaded guilty on Wednesday to one felony fraud count in "
         "federal court. Court papers released by prosecutors provided new details about how Jesse Jackson Jr. "
         "and his wife used campaign money to finance their lavish lifestyle.",
    "b": "Former Rep. Jesse Jackson Jr. pleaded guilty Wednesday to a conspiracy charge in federal court. "
         "Prosecutors said Jesse Jackson Jr. spent $750,000 in campaign cash on personal items, including "
         "a Rolex watch and fur capes.",
}


def test_a_lone_judgement_is_shown_beside_the_others_nearest_sentence(nlp):
    items = [x for x in _evaluative(nlp, _JACKSON) if "lavish" in x.about]
    assert len(items) == 1, _evaluative(nlp, _JACKSON)
    item = items[0]
    assert "nearest sentence" in item.about and "as the others tell it" not in item.about, item.about
    assert item.docs == ("a", "b"), item.docs
    near = item.labels[1]
    assert near.doc == "b" and [c.text for c in near.citations] == [
        "Prosecutors said Jesse Jackson Jr. spent $750,000 in campaign cash on personal items, including "
        "a Rolex watch and fur capes."], near


def test_a_sentence_on_another_act_of_the_same_person_is_not_set_beside_it(nlp):
    texts = dict(_JACKSON)
    # the same man and day, another act, no word of the spending in common: the judgement stays alone
    texts["b"] = ("Former Rep. Jesse Jackson Jr. pleaded guilty Wednesday to a conspiracy charge in federal court. "
                  "Jesse Jackson Jr. thanked his father and apologized to his constituents in Chicago.")
    items = [x for x in _evaluative(nlp, texts) if "lavish" in x.about]
    assert [x.docs for x in items] == [("a",)], items
    assert "nearest sentence" not in items[0].about


def test_the_other_sentence_must_have_the_judged_person_acting(nlp):
    # BASIL 2011 (2153fb3e), shortened: NYT's "facetiously" is on Boehner's saying; the other outlet's
    # sentence on the same bill has Obama acting, so it is not Boehner's remark told otherwise
    texts = {
        "a": "Speaker John Boehner facetiously said that President Obama could help pass the jobs bill in the "
             "Senate. The House voted on Tuesday.",
        "b": "President Obama said on Wednesday that Congress should pass the jobs bill before the holidays. "
             "The House voted on Tuesday.",
    }
    items = [x for x in _evaluative(nlp, texts) if "facetiously" in x.about]
    assert [x.docs for x in items] == [("a",)], items
    # told with Boehner acting, the other outlet's sentence is shown beside it
    texts["b"] = ("Speaker John Boehner joked on Wednesday that President Obama could help pass the jobs bill. "
                  "The House voted on Tuesday.")
    items = [x for x in _evaluative(nlp, texts) if "facetiously" in x.about]
    assert [x.docs for x in items] == [("a", "b")], items
