"""Term conflicts (compare/term_conflicts.py): the years of one holder's term, on short stories."""

from __future__ import annotations

from newsprism.model import Article


def _terms(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    found = run_pipeline(arts, nlp).findings.conflicts
    return [x for x in found if x.about.startswith(("which years", "the year"))]


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


def test_the_year_a_term_ends_told_in_a_whose_clause(nlp):
    # "whose term ends in ...": the holder is the name the clause hangs on, not "whose";
    # a month before the year ("expires in January 2019") is still that year
    texts = {
        "a": "Senator Jeff Flake, whose term ends in 2018, said he would not run again. He spoke on the Senate floor.",
        "b": "Senator Flake's term expires in January 2019. He said he would not run again, speaking on the Senate floor.",
    }
    found = _terms(nlp, texts)
    assert len(found) == 1, found
    assert found[0].about == "the year Jeff Flake's term ends"
    assert sorted(v.value for v in found[0].versions) == ["ends in 2018", "expires in January 2019"]
    for v in found[0].versions:
        assert all(texts[c.doc][c.start:c.end] == c.text == v.value for c in v.citations)


def test_whose_term_ends_of_two_senators_or_under_a_modal_is_no_conflict(nlp):
    flake = "Senator Jeff Flake, whose term ends in 2018, said he would not run again. He spoke on the Senate floor."
    # two holders' terms: Flake's and Corker's
    assert _terms(nlp, {"a": flake, "b": "Senator Bob Corker, whose term ends in 2019, said he would not run again. "
                                         "He spoke on the Senate floor."}) == []
    # a term that would end in 2019 if a law passed is a plan, not the term's end
    assert _terms(nlp, {"a": flake, "b": "Senator Flake's term would end in 2019 if the law passes. He said he would "
                                         "not run again, speaking on the Senate floor."}) == []
    # the same year told alike
    assert _terms(nlp, {"a": flake, "b": "Senator Flake's term expires in January 2018. He said he would not run "
                                         "again, speaking on the Senate floor."}) == []


def test_a_term_which_ends_or_ending_in_a_year(nlp):
    texts = {
        "a": "Senator Jeff Flake's term, which ends in 2019, is his first. He spoke on the Senate floor.",
        "b": "Senator Jeff Flake won a six-year term ending in 2018. He spoke on the Senate floor.",
    }
    found = _terms(nlp, texts)
    assert [sorted(v.value for v in x.versions) for x in found] == [["ending in 2018", "ends in 2019"]]
    texts["b"] = "Senator Jeff Flake won a six-year term ending in 2019. He spoke on the Senate floor."
    assert _terms(nlp, texts) == []
