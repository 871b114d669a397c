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


def _linked_figure_conflicts(nlp, texts: dict[str, str]):
    """The figure conflicts of two reports whose sentences the alignment joined (every pair of
    claims linked), left after the two-sets test."""
    from newsprism.compare.figure_conflicts import aligned_figures, of_two_sets, story_figures
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published="2016-02-10") for k, v in texts.items()]
    analysis = run_pipeline(arts, nlp, stages=CORE_STAGES)
    docs = {d.id: nlp(d.text) for d in analysis.documents}
    claims = extract_claims(analysis, docs)
    linked = frozenset(frozenset((a.id, b.id)) for a in claims for b in claims if a.doc != b.doc)
    figures = story_figures(claims, docs)
    return [f for f in aligned_figures(claims, docs, linked=linked, figures=figures) if not of_two_sets(f, figures)]


def test_indefinite_counts_told_by_other_acts_are_two_sets(nlp):
    # untuned PolNeAR story 375: "4 Super Tuesday states" the campaign buys ads in and "11 states" that
    # vote that day count two sets, though the alignment joined the two sentences
    texts = {
        "a": "Sanders campaign buys ad time for 4 Super Tuesday states.",
        "b": "After that, 11 states hold contests on March 1, known as Super Tuesday.",
    }
    assert _linked_figure_conflicts(nlp, texts) == []
    # the same act with another number, or a known set ("the 11 states"), is one count told two ways
    assert _linked_figure_conflicts(nlp, dict(texts, b="The Sanders campaign buys ad time for 6 Super Tuesday states.")) != []
    assert _linked_figure_conflicts(nlp, dict(texts, b="After that, the 11 states hold contests on March 1, known as "
                                                      "Super Tuesday.")) != []


def test_a_parted_one_outlet_part_is_weighed_as_the_other_single_source_facts(nlp):
    # it kept the corroborated fact's importance (another scale) and so ranked apart from the
    # one-outlet facts it sits among
    from newsprism.compare.fact_text import reads_whole
    from newsprism.compare.salience import StoryTerms, single_source_importance
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published="2016-05-27") for k, v in _MARGINS.items()]
    f = _findings(nlp, _MARGINS).findings
    core = run_pipeline(arts, nlp, stages=CORE_STAGES)
    docs = {d.id: nlp(d.text) for d in core.documents}
    claims = {c.id: c for c in extract_claims(core, docs)}
    story = StoryTerms.of(list(claims.values()))
    facts = {x.id: x for x in f.facts}
    parted = [facts[s.fact] for s in f.single_source if "margin" in s.about and s.fact]
    assert len(parted) == 2
    for fact in parted:
        members = [claims[s.claim] for s in fact.support if s.claim in claims]
        weight = 1.0 if reads_whole(fact.headline.text) else 0.5
        expected = round(single_source_importance(members, _MARGINS[fact.docs[0]], story) * weight, 3)
        assert fact.importance == expected, (fact.headline.text, fact.importance, expected)


def test_two_counts_each_report_gives_both_of_part_no_fact(nlp):
    # BASIL f11c2566: both reports quote Boehner's "89 freshmen" and "32 districts"; the sentences
    # split differently, which set 89 against 32 as "figures that look alike but differ"
    texts = {
        "a": "House Speaker John Boehner warned that Republicans could lose the House. “We have 50 of our members in "
             "tough races, 89 freshmen running for their first re-elections, and we have 32 districts that are in "
             "states where there is no presidential campaign going to be run, no big Senate race,” he said.",
        "b": "House Speaker John Boehner warned that Republicans could lose the House. Expanding on tough races, "
             "Boehner said, \"We have 50 of our members in tough races; 89 freshmen running for their first "
             "re-elections. And we have 32 districts that are in states where there is no presidential campaign "
             "going to be run, no big Senate race and we call these orphan districts.\"",
    }
    f = _findings(nlp, texts).findings
    assert not any({i.value for i in x.figures} == {"89", "32"} for x in f.figures_compared), f.figures_compared
    assert f.conflicts == ()
