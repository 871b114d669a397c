"""Labels outlets choose for one person that the parse hides: a participle in the label ("a rising
star"), a party member given a lean ("a conservative Democrat"). compare/labels.py, compare/framing.py."""

from __future__ import annotations

from newsprism.model import Article


def _label_items(nlp, texts):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = [x for x in run_pipeline(arts, nlp).findings.framing if x.kind == "label"]
    for x in items:  # every citation is the source's words at its span
        for c in x.citations:
            assert texts[c.doc][c.start : c.end] == c.text
    return items


def test_a_participle_in_an_apposition_keeps_the_label(nlp):
    # NYT (BASIL 29ffd053, open): "The budget authored by Mr. Ryan, a rising star among conservatives, ..."
    texts = {
        "a": "Georgetown faculty members criticized the budget on Tuesday. The budget authored by Mr. Ryan, a rising "
             "star among conservatives, cuts food stamps. Ryan will speak at Georgetown on Thursday.",
        "b": "Representative Paul Ryan will speak at Georgetown University on Thursday. Faculty members sent Ryan a "
             "letter criticizing his budget.",
    }
    items = _label_items(nlp, texts)
    mine = [x for x in items if x.docs == ("a",) and "Ryan" in x.about]
    assert mine and "rising star" in mine[0].about, items


def test_a_party_member_given_a_lean_is_labelled(nlp):
    # NYT (BASIL d3a1ce0a, gold dev): "Representative Stephen F. Lynch, a conservative Democrat from South Boston"
    texts = {
        "a": "Representative Stephen F. Lynch, a conservative Democrat from South Boston, said Wednesday that he "
             "would run for the Senate seat. Lynch will face Representative Edward Markey in the primary.",
        "b": "Representative Stephen Lynch announced Wednesday that he will run for the Senate. Lynch and Edward "
             "Markey will meet in the Democratic primary in April.",
    }
    items = _label_items(nlp, texts)
    mine = [x for x in items if x.docs == ("a",) and "Lynch" in x.about]
    assert mine and "conservative Democrat" in mine[0].about, items
    # a party named without a lean is who someone is, not a label
    texts["a"] = texts["a"].replace("a conservative Democrat", "a Democrat")
    assert not [x for x in _label_items(nlp, texts) if "Lynch" in x.about]


def test_a_lone_label_is_shown_beside_the_others_sentence_saying_the_same_of_the_person(nlp):
    # BASIL d3a1ce0a (gold dev): NYT labels Lynch "a conservative Democrat"; HuffPost gives him no label but
    # writes "Lynch holds more conservative positions than Markey": the reader needs that sentence beside it
    texts = {
        "a": "Representative Stephen F. Lynch, a conservative Democrat from South Boston, said Wednesday that he "
             "would run for the Senate seat. Lynch will face Representative Edward Markey in the primary.",
        "b": "Representative Stephen Lynch announced Wednesday that he will run for the Senate. Lynch holds more "
             "conservative positions than Markey; he opposes abortion rights.",
    }
    items = [x for x in _label_items(nlp, texts) if "Lynch" in x.about]
    assert len(items) == 1 and items[0].docs == ("a", "b"), items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert "conservative Democrat" in by_doc["a"].label
    assert "more conservative positions" in by_doc["b"].citations[0].text
    # another outlet's "conservative" said of someone else, or in a quotation, is not its telling
    for other in ("Lynch announced Wednesday that he will run. Markey holds more conservative positions than "
                  "Lynch's rivals; Lynch opposes nothing.",
                  "Lynch announced Wednesday that he will run. “Lynch is a conservative,” Markey said."):
        texts["b"] = "Representative Stephen Lynch announced Wednesday that he will run for the Senate. " + other
        items = [x for x in _label_items(nlp, texts) if "Lynch" in x.about]
        assert len(items) == 1 and items[0].docs == ("a",), (other, items)


def test_a_name_given_as_an_example_of_a_class_is_labelled_by_the_class(nlp):
    # HuffPost (BASIL 450755dd, open; eval/gold/basil-open-framing dev): "prominent conservative figures like former
    # Arkansas Gov. Mike Huckabee ... began showing their support", Fox: "Fox News contributor Mike Huckabee"
    texts = {
        "a": "As gay rights groups launched boycotts against the company, prominent conservative figures like former "
             "Arkansas Gov. Mike Huckabee began showing their support by visiting the restaurant.",
        "b": "Appreciation Day was the idea of Fox News contributor Mike Huckabee. Crowds packed the restaurants "
             "on Wednesday.",
    }
    items = [x for x in _label_items(nlp, texts) if "Huckabee" in x.about]
    assert len(items) == 1 and set(items[0].docs) == {"a", "b"}, items
    assert "conservative" in items[0].about and "contributor" in items[0].about, items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert "prominent conservative figures" in by_doc["a"].label
    # a singular noun compares rather than classes: "a leader like Huckabee" says nothing of what he is
    texts["a"] = texts["a"].replace("prominent conservative figures like", "a conservative leader like")
    assert not [x for x in _label_items(nlp, texts) if "Huckabee" in x.about and "leader" in x.about]
