"""Date conflicts (compare/date_conflicts.py) and figures that only look alike (figures_apart.figures_apart)."""

from __future__ import annotations

from newsprism.model import Article


def _findings(nlp, texts: dict[str, str], published: dict[str, str] | None = None):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published=(published or {}).get(k, "2014-11-29"))
            for k, v in texts.items()]
    return run_pipeline(arts, nlp).findings


def test_one_event_told_on_two_days_is_a_date_conflict(nlp):
    texts = {
        "a": "A Republican staffer on Friday apologized for a Facebook post criticizing President Obama's daughters.",
        "b": "Elizabeth Lauten, a Republican aide, had to apologize Saturday for a Facebook post criticizing the "
             "Obama daughters.",
    }
    found = [x for x in _findings(nlp, texts).conflicts if x.slot == "date"]
    assert len(found) == 1, found
    days = {v.docs: v.value for v in found[0].versions}
    assert days == {("a",): "Friday (2014-11-28)", ("b",): "Saturday (2014-11-29)"}
    for v in found[0].versions:  # each version cites its own day in its own document
        (doc,) = v.docs
        assert [c.text for c in v.citations] == [v.value.split(" (")[0]]
        assert all(c.doc == doc and texts[doc][c.start:c.end] == c.text for c in v.citations)


def test_two_meetings_a_report_could_not_know_are_no_conflict(nlp):
    # published on Sunday the 9th, a report cannot contradict a meeting on Thursday the 13th
    texts = {
        "a": "President Obama and Speaker John Boehner met privately at the White House on Sunday to discuss the "
             "fiscal cliff.",
        "b": "President Obama and Speaker John Boehner met at the White House on Thursday evening to discuss the "
             "fiscal cliff.",
    }
    published = {"a": "2012-12-09", "b": "2012-12-13"}
    assert [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"] == []
    # the same two reports, both published after both days: one meeting told on two days
    published = {"a": "2012-12-14", "b": "2012-12-14"}
    assert [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"] != []


def test_a_planned_or_repeated_event_is_no_date_conflict(nlp):
    texts = {
        "a": "The state party said the primary would be held on Tuesday in the special election for the seat.",
        "b": "The state party held the primary on Wednesday in the special election for the seat.",
    }
    assert [x for x in _findings(nlp, texts, {"a": "2013-02-01", "b": "2013-02-01"}).conflicts
            if x.slot == "date"] == []


def test_figures_that_only_look_alike_say_what_each_counts(nlp):
    from newsprism.check import check_report

    texts = {
        "a": "More than 150 migrants were seeking asylum at the border on Tuesday, officials said.",
        "b": "Roughly 400 people in the caravan waited at the border on Tuesday, officials said.",
        "c": "About 130 migrants arrived at the border on Wednesday, officials said.",
    }
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()], nlp)
    f = analysis.findings
    assert [x for x in f.conflicts if x.slot == "figure"] == []
    (group,) = f.figures_compared
    said = {x.doc: (x.value, x.counts) for x in group.figures}
    # what each counts: the counted noun and what its clause tells of them
    assert said == {"a": ("More than 150", "migrants were seeking asylum at the border on Tuesday"),
                    "b": ("Roughly 400", "people in the caravan waited at the border on Tuesday"),
                    "c": ("About 130", "migrants arrived at the border on Wednesday")}
    for x in group.figures:
        assert x.citations[0].text == x.value and all(texts[x.doc][c.start:c.end] == c.text for c in x.citations)
    assert check_report(analysis.to_dict()) == []
    from newsprism.report.markdown import to_markdown

    md = to_markdown(analysis)
    assert "Not conflicts: figures that look alike" in md and "people in the caravan waited at the border" in md


def test_figures_that_only_look_alike_say_what_the_counted_did_after_a_dateline(nlp):
    # the caravan as wire copy: a dateline the parser takes for the subject, one day in
    # two reports; only what the counted people did tells the figures apart
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "TIJUANA, Mexico (AP) — More than 150 migrants from a Central American caravan were waiting on "
             "Monday to seek asylum in the United States, after weeks of travel through Mexico.",
        "b": "TIJUANA, Mexico — Roughly 400 people in the caravan of Central American migrants have reached the "
             "border city of Tijuana, organizers said on Monday.",
    }
    analysis = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()], nlp)
    (group,) = analysis.findings.figures_compared
    said = {x.doc: x for x in group.figures}
    assert said["a"].counts.endswith("were waiting on Monday to seek asylum in the United States")
    assert said["b"].counts.endswith("have reached the border city of Tijuana (Monday)") or \
        said["b"].counts.endswith("have reached the border city of Tijuana")
    for x in group.figures:  # every word shown is cited, verbatim
        assert all(texts[x.doc][c.start:c.end] == c.text for c in x.citations)
        assert any(c.text in x.counts and c.text.split()[0] in ("were", "have") for c in x.citations[1:])


def test_figures_an_outlet_gives_both_of_are_not_compared(nlp):
    # both reports give 89 freshmen and 32 districts: nothing for a reader to confuse
    texts = {
        "a": "Republicans must defend 89 freshmen running for re-election, and 32 districts lie in redrawn states.",
        "b": "Of the 89 freshmen running for re-election, many sit in the 32 districts in redrawn states.",
    }
    assert _findings(nlp, texts).figures_compared == ()


def test_one_statement_told_on_two_days_is_a_date_conflict(nlp):
    # the same speaker, the same quoted words, dated Tuesday by one report and Monday night by the other
    texts = {
        "a": "Bernie Sanders admitted Tuesday that it would be \"very hard\" for his campaign to win the nomination.",
        "b": "Bernie Sanders acknowledged at a forum Monday night \"it will be very hard for us to win\" the nomination.",
    }
    published = {"a": "2016-04-27", "b": "2016-04-27"}
    found = [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"]
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {("a",): "Tuesday (2016-04-26)",
                                                            ("b",): "Monday night (2016-04-25)"}
    # other words, or another speaker, are another statement: no conflict
    other = dict(texts, b="Bernie Sanders acknowledged at a forum Monday night \"we will keep fighting\" for the nomination.")
    assert [x for x in _findings(nlp, other, published).conflicts if x.slot == "date"] == []
    someone = dict(texts, b="Hillary Clinton acknowledged at a forum Monday night \"it will be very hard for us to win\" "
                            "the nomination.")
    assert [x for x in _findings(nlp, someone, published).conflicts if x.slot == "date"] == []


def test_a_statement_that_might_have_been_made_is_no_date_conflict(nlp):
    texts = {
        "a": "Bernie Sanders admitted Tuesday that it would be \"very hard\" for his campaign to win the nomination.",
        "b": "Bernie Sanders may have acknowledged at a forum Monday night \"it will be very hard for us to win\" "
             "the nomination.",
    }
    published = {"a": "2016-04-27", "b": "2016-04-27"}
    assert [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"] == []


def test_relative_days_are_read_against_each_publication_date(nlp):
    # "last week" in a report of Wednesday 17 August 2016 is 8-16 August; "last month" is July
    texts = {
        "a": "Governor Mike Pence met Senator Tim Kaine in Richmond last week to discuss the debate rules.",
        "b": "Governor Mike Pence met Senator Tim Kaine in Richmond last month to discuss the debate rules.",
    }
    published = {"a": "2016-08-17", "b": "2016-08-17"}
    found = [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"]
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {
        ("a",): "last week (2016-08-08 to 2016-08-16)", ("b",): "last month (2016-07-01 to 2016-07-31)"}
    # published on 2 August, "last week" (25 July to 1 August) overlaps July: no conflict
    published = {"a": "2016-08-02", "b": "2016-08-02"}
    assert [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"] == []


def test_leaving_a_post_told_in_two_years_is_a_date_conflict(nlp):
    # "quit" and "left" tell one act; "quit" takes the post the clause before it names
    texts = {
        "a": "William Cowan joined the Patrick administration in 2009 and quit earlier this month to join a law firm.",
        "b": "William Cowan left the Patrick administration last year to return to the private sector.",
    }
    published = {"a": "2013-01-30", "b": "2013-01-30"}
    found = [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"]
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {
        ("a",): "earlier this month (2013-01-01 to 2013-01-30)", ("b",): "last year (2012-01-01 to 2012-12-31)"}
    # quitting something else is another act
    texts["a"] = "William Cowan joined the Patrick administration in 2009 and quit the law firm earlier this month."
    assert [x for x in _findings(nlp, texts, published).conflicts if x.slot == "date"] == []


def test_a_scheduled_event_given_two_dates_is_a_date_conflict(nlp):
    texts = {
        "a": "Representative Stephen Lynch will challenge Edward Markey. The primary would be held on April 30.",
        "b": "Both political parties will hold special-election primaries in mid May, officials said.",
    }
    same_day = {"a": "2013-01-30", "b": "2013-01-30"}
    found = [x for x in _findings(nlp, texts, same_day).conflicts if x.slot == "date"]
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {
        ("a",): "April 30 (2013-04-30)", ("b",): "mid May (2013-05-11 to 2013-05-20)"}
    # a plan may change: reports two weeks apart can both be right
    assert [x for x in _findings(nlp, texts, {"a": "2013-01-30", "b": "2013-02-14"}).conflicts if x.slot == "date"] == []
    # two primaries of two parties are two events
    texts["a"] = "Representative Stephen Lynch will challenge Edward Markey. The Democratic primary would be held on April 30."
    texts["b"] = "The Republican primary will be held in mid May, officials said."
    assert [x for x in _findings(nlp, texts, same_day).conflicts if x.slot == "date"] == []


def test_a_list_item_or_another_holders_figure_is_not_compared(nlp):
    # BASIL 005a2961: Palin's "10 percent" of all primary voters was set beside Huckabee's "14 percent"
    # among Tea Party supporters, one item of a five-candidate list: no one pair stands out
    texts = {
        "a": "A new poll shows Donald Trump tied for second in the Republican primary field. In the poll, former "
             "House Speaker Newt Gingrich garnered 11 percent, while former Alaska Gov. Sarah Palin earned 10 "
             "percent support.",
        "b": "A new poll shows Donald Trump tied for second in the Republican primary field. Trump finishes first "
             "among Tea Party supporters (at 20 percent), followed by Romney (17 percent), Huckabee (14 percent), "
             "Palin (12 percent) and Gingrich (9 percent).",
    }
    found = _findings(nlp, texts, {"a": "2011-04-08", "b": "2011-04-08"})
    assert found.figures_compared == () and found.conflicts == ()


def test_a_count_and_a_measure_are_not_figures_that_look_alike(nlp):
    """ECB+ 12ecb: "3 machine guns" in one report's weapons list and "7.62 mm" rounds in another's,
    "some 30 Soviet-era tanks" and "about 24 km": a count of things beside a length (WordNet: a
    unit of measure) looks like nothing a reader takes for one figure, so it is not listed."""
    import pytest

    from newsprism.extract.word_senses import noun_senses

    if noun_senses() is None:
        pytest.skip("WordNet ([wordnet] extra) not installed")
    texts = {
        "a": "The pirates had a large cache of weapons including a rocket propelled grenade launcher and 3 machine "
             "guns, the Indian navy said on Saturday.",
        "b": "The pirates had a large cache of weapons including rifles firing 7.62 mm rounds and a grenade "
             "launcher, the Indian navy said on Saturday.",
    }
    assert _findings(nlp, texts).figures_compared == ()


_MOTTO_A = ("WASHINGTON (AP) — The House on Tuesday passed a resolution reaffirming \"In God We Trust\" as the "
            "national motto. Representative Bobby Scott, who voted against the resolution, said the nation faces "
            "bigger problems.")


def test_a_chamber_passing_a_measure_and_voting_on_it_is_one_act_dated_two_ways(nlp):
    # BASIL 2153fb3e (open event): Fox "The House resolution on the national motto passed Tuesday" / HuffPost
    # "On Wednesday, the House voted 396-9 on a bill that reaffirmed the motto"
    texts = {
        "a": _MOTTO_A,
        "b": "President Barack Obama mocked Congress on Wednesday for spending time on symbolic measures. On "
             "Wednesday, the House voted 396-9 on a bill that reaffirmed the motto and encouraged its display in "
             "public schools.",
    }
    found = [x for x in _findings(nlp, texts, {"a": "2011-11-02", "b": "2011-11-02"}).conflicts if x.slot == "date"]
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {("a",): "Tuesday (2011-11-01)",
                                                           ("b",): "Wednesday (2011-11-02)"}
    for v in found[0].versions:
        assert all(texts[c.doc][c.start:c.end] == c.text for c in v.citations)


def test_another_chambers_vote_or_another_measure_is_no_date_conflict(nlp):
    for other in [
        # the Senate's vote on the same resolution: another act
        "On Wednesday, the Senate voted 90-9 on a resolution that reaffirmed the national motto.",
        # the House's vote on another measure
        "On Wednesday, the House voted 232-190 on a bill that cut farm subsidies by $20 billion.",
        # a vote that did not happen
        "The House did not vote on Wednesday on a bill that reaffirmed the motto, aides said.",
    ]:
        texts = {"a": _MOTTO_A, "b": other}
        found = [x for x in _findings(nlp, texts, {"a": "2011-11-02", "b": "2011-11-02"}).conflicts
                 if x.slot == "date"]
        assert found == [], (other, found)
