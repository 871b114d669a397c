"""Sums spent on different things are two purchases, not one sum told two ways (BASIL f506aafc's
kind of story: a congressman's campaign money spent on fur capes in one report, on a vacation at a
retreat in another). The same purchase told with other words stays a conflict."""

from __future__ import annotations

from newsprism.model import Article


def _findings(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published="2013-02-20") for k, v in texts.items()]
    return run_pipeline(arts, nlp).findings


def _values(found) -> list[set[str]]:
    return [{v.value for v in x.versions} for x in found.conflicts]


def test_sums_spent_on_other_things_are_no_conflict(nlp):
    texts = {
        "a": "Jesse Jackson Jr. pleaded guilty on Wednesday. Court documents said Jackson spent $5,150 of "
             "campaign money on fur capes and parkas.",
        "b": "Jesse Jackson Jr. pleaded guilty on Wednesday. Court documents said Jackson spent $5,587 of "
             "campaign money on a vacation.",
    }
    assert _findings(nlp, texts).conflicts == (), _values(_findings(nlp, texts))


def test_sums_spent_on_other_things_after_a_lede_are_no_conflict(nlp):
    texts = {
        "a": "WASHINGTON — Jesse Jackson Jr. pleaded guilty on Wednesday to spending campaign money on himself.\n\n"
             "Court documents said Jackson spent $5,150 on fur capes and parkas from a Beverly Hills furrier.",
        "b": "Jesse Jackson Jr. pleaded guilty on Wednesday to misusing campaign money.\n\n"
             "Court documents said Jackson spent $5,587 on a vacation at a Martha's Vineyard retreat.",
    }
    assert _findings(nlp, texts).conflicts == (), _values(_findings(nlp, texts))


def test_one_purchase_told_with_other_words_stays_a_conflict(nlp):
    # the capes in both reports; the retreat named by one as where the money went, by the other as
    # where the vacation was
    capes = {
        "a": "Jesse Jackson Jr. pleaded guilty on Wednesday. Court documents said Jackson spent $5,150 of "
             "campaign money on fur capes and parkas.",
        "b": "Jesse Jackson Jr. pleaded guilty on Wednesday. Court documents said Jackson spent $5,587 of "
             "campaign money on fur capes.",
    }
    assert _values(_findings(nlp, capes)) == [{"$5,150", "$5,587"}]
    retreat = {
        "a": "Records show the campaign paid $5,687.75 on Martha's Vineyard Holistic Retreat.",
        "b": "Records show the campaign paid for a $5,587.75 vacation at the Martha's Vineyard Holistic Retreat.",
    }
    assert _values(_findings(nlp, retreat)) == [{"$5,687.75", "$5,587.75"}]


def test_what_a_sum_was_spent_on(nlp):
    from newsprism.compare.figure_roles import bought

    doc = nlp("Jackson spent $5,150 on fur capes and parkas on Tuesday.")
    assert bought(doc[2:4]) == {"cape", "parka"}  # not the day
    doc = nlp("Expenses included $4,272.78 on a cruise and $5,687.75 on Martha's Vineyard Holistic Retreat.")
    assert bought(doc[8:10]) == {"retreat"}
    assert bought(nlp("He raised $200,000 for his campaign.")[2:4]) == frozenset()
