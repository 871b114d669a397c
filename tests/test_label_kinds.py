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
