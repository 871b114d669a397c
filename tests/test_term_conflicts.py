"""Term conflicts (compare/term_conflicts.py): the years of one holder's term, on short stories."""

from __future__ import annotations

from newsprism.model import Article


def _terms(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    found = run_pipeline(arts, nlp).findings.conflicts
    return [x for x in found if x.about.startswith("which years")]


def test_two_outlets_giving_a_term_different_years_conflict(nlp):
    texts = {
        "a": "Cowan will become the second black senator from Massachusetts, after Edward Brooke, who served "
             "from 1967 to 1979.",
        "b": "Cowan will become the first black senator from Massachusetts since Edward Brooke, a Republican, "
             "held the seat from 1966 to 1978.",
    }
    found = _terms(nlp, texts)
    assert len(found) == 1, found
    item = found[0]
    assert item.slot == "date" and "Edward Brooke" in item.about
    assert {v.value for v in item.versions} == {"from 1967 to 1979", "from 1966 to 1978"}
    for v in item.versions:  # each version cites its own words in its own document
        assert all(texts[c.doc][c.start:c.end] == c.text == v.value for c in v.citations)


def test_the_year_a_term_ends(nlp):
    texts = {
        "a": "Senator Mary Landrieu faces voters next fall. Mary Landrieu's term ends in 2018.",
        "b": "Senator Mary Landrieu faces voters next fall. Mary Landrieu's term expires in 2019.",
    }
    found = _terms(nlp, texts)
    assert [sorted(v.value for v in x.versions) for x in found] == [["ends in 2018", "expires in 2019"]]


def test_same_years_one_end_other_holders_and_plans_are_not_conflicts(nlp):
    texts = {
        # same years in other words; one end only ("since 1967") fits any last year
        "a": "Edward Brooke served from 1967 to 1979. John Kerry has held the seat since 1985.",
        "b": "Edward Brooke held the seat 1967-1979. John Kerry served from 1985 to 2013.",
        # another holder's years, and a plan under a modal, say nothing of Brooke's or Kerry's term
        "c": "Paul Kirk served from 2009 to 2010. John Kerry would serve until 2017 if re-elected.",
    }
    assert _terms(nlp, texts) == []
