"""Figures that only look alike: a corroborated fact never joins two values of one quantity
(compare/figure_split.py), and figures of two holders are no conflict (figure_conflicts)."""

from __future__ import annotations

from newsprism.model import Article


def _findings(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published="2016-05-27") for k, v in texts.items()]
    return run_pipeline(arts, nlp)


_MARGINS = {
    "a": "A new poll by the Public Policy Institute of California shows Hillary Clinton leading Bernie Sanders "
         "among likely voters. The margin of sampling error among likely voters was plus or minus four percentage points.",
    "b": "A new poll by the Public Policy Institute of California finds Hillary Clinton with a small lead over "
         "Bernie Sanders. The margin of error is plus or minus 5.7 percentage points.",
}


def test_two_margins_of_error_are_no_corroborated_fact(nlp):
    from newsprism.check import check_report

    analysis = _findings(nlp, _MARGINS)
    f = analysis.findings
    margin = [c for c in f.corroborated if any("margin" in s.text for s in c.citations)]
    assert margin == [], margin
    assert f.conflicts == ()
    # set apart, each with what it counts in its own words, cited
    (group,) = [x for x in f.figures_compared if {i.value for i in x.figures} == {"four", "5.7"}]
    said = {i.doc: i.counts for i in group.figures}
    assert said == {"a": "The margin of sampling error among likely voters", "b": "The margin of error"}
    for i in group.figures:
        assert all(_MARGINS[i.doc][c.start:c.end] == c.text for c in i.citations)
    # each margin is still a fact, of one outlet
    assert {d for s in f.single_source if "margin" in s.about for d in s.docs} == {"a", "b"}
    assert check_report(analysis.to_dict()) == []


def test_the_same_margin_in_both_stays_corroborated(nlp):
    texts = dict(_MARGINS, b=_MARGINS["b"].replace("5.7", "four"))
    f = _findings(nlp, texts).findings
    assert [c for c in f.corroborated if any("margin" in s.text for s in c.citations)] != []
    assert not any({i.value for i in x.figures} == {"four"} for x in f.figures_compared)


def test_figures_of_two_holders_are_no_conflict(nlp):
    texts = {
        "a": "Ben Carson never won a primary and suspended his campaign this month. Even so, in February he raised "
             "$5.7 million for his campaign, according to finance documents.",
        "b": "The anti-Trump group met last week. All told, the group raised $4 million in February for its "
             "campaign, according to finance documents.",
    }
    f = _findings(nlp, texts).findings
    assert [x for x in f.conflicts if x.slot == "figure"] == []
    # one holder, two values: a conflict
    same = dict(texts, a="The anti-Trump group met last week. All told, the group raised $5.7 million in February "
                         "for its campaign, according to finance documents.")
    assert [x for x in _findings(nlp, same).findings.conflicts if x.slot == "figure"] != []


def test_an_age_bracket_is_no_count(nlp):
    texts = {
        "a": "Bernie Sanders was outpacing Hillary Clinton among white men and people under 45, according to exit polls.",
        "b": "Among white men and young people, Hillary Clinton trailed by 72, according to exit polls.",
    }
    assert [x for x in _findings(nlp, texts).findings.conflicts if x.slot == "figure"] == []
