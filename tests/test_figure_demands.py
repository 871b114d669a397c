"""How much one requester asked for (compare/figure_demands.py): one demand told with two amounts
in other words by two outlets, on short two-outlet stories."""

from __future__ import annotations

from newsprism.model import Article

_NYT = ("The partial government shutdown entered its third week on Friday with no end in sight. "
        "President Trump has asked Congress for $5.7 billion to build a wall on the southern border. "
        "Democrats, who took control of the House on Thursday, have refused to pay for the wall. "
        "Mr. Trump said the shutdown could last months or even years.")
_TAIL = (" Trump met with congressional leaders at the White House for two hours but no deal was reached."
         " House Speaker Nancy Pelosi said Democrats would not fund the wall.")


def _conflicts(nlp, other: str):
    from newsprism.pipeline import run_pipeline

    texts = {"nyt": _NYT, "fox": other + _TAIL}
    arts = [Article(id=k, text=v, outlet=k.upper()) for k, v in texts.items()]
    findings = run_pipeline(arts, nlp).findings
    assert findings is not None
    return texts, [x for x in findings.conflicts if x.slot == "figure"]


def test_one_demand_told_with_two_amounts_in_other_words(nlp):
    for other in [
        "Democrats on Friday again rejected Trump's request for $5.6 billion for a steel barrier along the border with Mexico.",
        "Democrats say they will not approve the $5.6 billion that Trump wants for a steel barrier along the border with Mexico.",
        "The shutdown began over Trump's demand for $5.6 billion in funding for a steel barrier along the border with Mexico.",
    ]:
        texts, found = _conflicts(nlp, other)
        assert len(found) == 1, (other, found)
        assert found[0].about == "how much Trump asked for"
        assert {v.docs: v.value for v in found[0].versions} == {("nyt",): "$5.7 billion", ("fox",): "$5.6 billion"}
        for v in found[0].versions:  # each version cites its own amount in its own document
            assert all(texts[c.doc][c.start:c.end] == c.text == v.value for c in v.citations)


def test_same_amount_another_requester_a_plan_or_two_demands_are_no_conflict(nlp):
    for other in [
        # the same amount in other words: told alike
        "Democrats on Friday again rejected Trump's request for $5.7 billion for a steel barrier along the border with Mexico.",
        # another requester's amount: two parties' positions
        "Pelosi has asked for $5.6 billion in disaster relief for California and Puerto Rico.",
        # under a modal: what he could ask for
        "Trump could ask for $5.6 billion for a steel barrier along the border with Mexico, aides said.",
        # far apart: another demand, not the same one told differently
        "Trump has demanded $25 billion for a steel barrier along the border with Mexico over ten years.",
        # a report giving both amounts tells two requests, not another version of one
        "Trump first asked for $5.6 billion for a steel barrier, and later for $5.7 billion.",
    ]:
        _, found = _conflicts(nlp, other)
        assert found == [], (other, found)
