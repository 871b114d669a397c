"""Conflicts on short multi-outlet stories written the way wire copy is: each story carries real
disagreements between outlets (a count, a duration, a date, a year) beside near-misses that must
not be called conflicts (a title's tense, a shorter name, two parties' positions, a negation, a
modal, a recurring event's years, two chambers' votes)."""

from __future__ import annotations

from newsprism.model import Article


def _findings(nlp, texts: dict[str, str], published: str | None = None):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published=published) for k, v in texts.items()]
    return run_pipeline(arts, nlp).findings


def _values(found) -> list[set[str]]:
    return [{v.value for v in x.versions} for x in found.conflicts]


def _cited_right(found, texts: dict[str, str]) -> None:
    for x in found.conflicts:
        for v in x.versions:
            for c in v.citations:
                assert texts[c.doc][c.start:c.end] == c.text, c


def test_a_border_clash_counts_the_migrants_detained_not_those_a_ministry_would_deport(nlp):
    texts = {
        "a": "TIJUANA, Mexico (AP) — U.S. agents fired tear gas into Mexico on Sunday after hundreds of migrants "
             "rushed the border fence.\n\nBorder Patrol agents detained 42 migrants from a Central American caravan "
             "who crossed into San Diego, officials said.\n\nThe San Ysidro port of entry, the busiest crossing on "
             "the border, was closed for about five hours.",
        "b": "SAN DIEGO (Reuters) — U.S. border agents fired tear gas on Sunday to push back migrants who tried to "
             "breach the fence near San Ysidro.\n\nAgents detained 69 migrants who crossed the border near San "
             "Ysidro, the Department of Homeland Security said.\n\nMexico's interior ministry said it would deport "
             "about 500 migrants who tried to cross the border illegally.",
        "c": "Some 5,000 migrants from the caravan are staying at a sports complex in Tijuana, Mexican officials "
             "said on Sunday.\n\nMore than 150 migrants from the caravan were seeking asylum at the port of entry, "
             "officials said.",
    }
    found = _findings(nlp, texts)
    assert _values(found) == [{"42", "69"}], _values(found)
    assert found.conflicts[0].about.startswith("how many migrants"), found.conflicts[0].about
    _cited_right(found, texts)


def test_counts_of_the_caravans_migrants_are_keyed_by_the_migrants(nlp):
    texts = {
        "a": "More than 150 migrants from a Central American caravan sought asylum at the San Ysidro port of entry "
             "on Monday, officials said.",
        "b": "About 400 people in the caravan waited in Tijuana on Monday, officials said.",
        "c": "About 130 migrants from the caravan sought asylum at the San Ysidro port of entry on Monday, "
             "officials said.",
    }
    found = _findings(nlp, texts)
    assert _values(found) == [{"More than 150", "About 130"}], _values(found)
    assert found.conflicts[0].about.startswith("how many migrants"), found.conflicts[0].about


def test_a_budget_story_a_term_year_told_once_a_vote_date_and_a_former_minister(nlp):
    texts = {
        "a": "BUDAPEST (AP) — The vote on the budget is scheduled for March 12, the speaker's office said on "
             "Monday.\n\nPrime Minister Anna Kovacs, whose term ends in 2019, has staked her coalition on the "
             "bill.\n\nFormer finance minister Peter Lang called the bill reckless.",
        "b": "The vote on the budget is set for March 14, the speaker's office said on Monday.\n\nKovacs, whose term "
             "ends in 2020, called the bill the most important of her career.\n\nFinance Minister Peter Lang said "
             "the bill was reckless.",
        "c": "Hungary's parliament will take up Prime Minister Kovacs's budget this month.\n\nThe opposition says "
             "the bill cuts pensions; the government says it does not.",
    }
    found = _findings(nlp, texts, published="2018-03-05")
    values = _values(found)
    # the year the term ends is one conflict, not a date and a figure of the same words
    assert sum(1 for v in values if {"2019", "2020"} & {w[-4:] for w in v}) == 1, values
    assert any(any("March 12" in w for w in v) and any("March 14" in w for w in v) for v in values), values
    assert len(values) == 2, values  # no title, no name, no claim and counter-claim
    _cited_right(found, texts)


def test_two_parties_blaming_each_other_and_a_dropped_demand_are_no_conflicts(nlp):
    texts = {
        "a": "BEIRUT (AP) — Shelling hit a market in the Syrian town of Maarat al-Numan on Saturday, killing "
             "seven civilians, activists said.\n\nThe Syrian army blamed the rebels for the shelling.\n\nThe "
             "opposition no longer demands the withdrawal of Russian troops, its spokesman said.",
        "b": "Shelling hit a crowded market in Maarat al-Numan on Saturday and killed seven civilians, the Syrian "
             "Observatory for Human Rights said.\n\nThe rebels blamed government forces for the shelling.\n\nThe "
             "opposition demands the withdrawal of Iranian militias, its spokesman said.",
        "c": "Seven civilians were killed when shells hit a market in the northwestern town on Saturday.\n\nBoth "
             "sides accused each other of breaking the ceasefire.",
    }
    assert not _findings(nlp, texts).conflicts


def test_an_estimate_under_a_modal_and_a_denied_figure_are_no_conflicts(nlp):
    texts = {
        "a": "MIAMI (AP) — Hurricane Lena could cause as much as $2 billion in damage in Florida, the state's "
             "insurance commissioner said on Wednesday.\n\nThe storm knocked out power to 250,000 homes.\n\nThe "
             "company did not lay off 300 workers, a spokeswoman for the utility said.",
        "b": "Hurricane Lena caused $1.5 billion in damage in Florida, according to an early estimate by the risk "
             "modeler Karen Clark & Co.\n\nThe storm knocked out power to 250,000 homes on Wednesday.\n\nThe "
             "utility laid off 200 workers last year, a union said.",
        "c": "Lena made landfall near Cedar Key on Wednesday with winds of 110 mph.\n\nMore than 400 people were "
             "in shelters in Levy County, officials said.",
    }
    assert not _findings(nlp, texts).conflicts


def test_how_long_one_standoff_lasted(nlp):
    texts = {
        "a": "HAMBURG, Germany (AP) — A gunman held four bank employees hostage in Hamburg on Thursday before "
             "police stormed the building.\n\nThe standoff lasted four hours, police said.\n\nThe gunman, a "
             "34-year-old man, was arrested.",
        "b": "A gunman held four bank employees hostage in Hamburg on Thursday before police stormed the "
             "building.\n\nThe standoff lasted seven hours, a police spokesman said.\n\nNone of the hostages was hurt.",
        "c": "German police ended a hostage-taking at a Hamburg bank on Thursday.\n\nThe gunman had demanded "
             "2 million euros and a car, police said.",
    }
    found = _findings(nlp, texts)
    assert _values(found) == [{"four hours", "seven hours"}], _values(found)
    _cited_right(found, texts)


def test_the_year_of_an_act_done_once_and_of_one_that_recurs(nlp):
    elected = {
        "a": "CHICAGO (AP) — Jesse Jackson Jr., who was elected to Congress in 1995, resigned on Wednesday, "
             "citing his health.",
        "b": "Jackson, who was elected to Congress in 1996, resigned on Wednesday amid a federal investigation.",
    }
    found = _findings(nlp, elected, published="2012-11-22")
    assert _values(found) == [{"1995", "1996"}], _values(found)
    assert found.conflicts[0].slot == "date" and found.conflicts[0].about.startswith("in which year")
    _cited_right(found, elected)
    # a recurring act: each year tells which time
    won = {
        "a": "Obama won the presidential election in 2008, defeating John McCain.",
        "b": "Obama won the presidential election in 2012, defeating Mitt Romney.",
    }
    assert not _findings(nlp, won, published="2016-11-10").conflicts
    # another act, and a year denied
    other = {
        "a": "Jackson, who was elected to Congress in 1995, has not been seen in public since June.",
        "b": "Jackson, who was re-elected to Congress in 2012, has not been seen in public since June.",
    }
    assert not _findings(nlp, other, published="2012-11-22").conflicts
    denied = {
        "a": "Jackson was not elected to Congress in 1994, his first attempt.",
        "b": "Jackson was elected to Congress in 1995 in a special election.",
    }
    assert not _findings(nlp, denied, published="2012-11-22").conflicts


def test_a_vote_planned_for_two_days_and_votes_that_are_two_events(nlp):
    planned = {
        "a": "WASHINGTON (AP) — The Senate is scheduled to vote on the spending bill on March 5, aides said.\n\n"
             "Majority leaders expect the bill to pass.",
        "b": "The Senate will vote on the spending bill on March 7, according to two aides.\n\n"
             "The House passed its version last week.",
    }
    found = _findings(nlp, planned, published="2019-03-04")
    assert [x.slot for x in found.conflicts] == ["date"], _values(found)
    assert {v.value[:7] for v in found.conflicts[0].versions} == {"March 5", "March 7"}
    _cited_right(found, planned)
    # two chambers, two bills, a vote that only could happen: no plan told two ways
    for a, b in (("The House will vote on the spending bill on March 5, aides said.",
                  "The Senate will vote on the spending bill on March 7, aides said."),
                 ("The Senate will vote on the tax bill on March 5, aides said.",
                  "The Senate will vote on the farm bill on March 7, aides said."),
                 ("The Senate could vote on the spending bill on March 5, aides said.",
                  "The Senate will vote on the spending bill on March 7, aides said.")):
        assert not _findings(nlp, {"a": a, "b": b}, published="2019-03-04").conflicts, (a, b)


def test_the_issues_caravan_counts_three_things_and_says_what_each_counts(nlp):
    # those seeking asylum, those in the caravan, those who arrived on one day: no conflict
    texts = {
        "a": "More than 150 migrants from a Central American caravan were seeking asylum at the border, officials said.",
        "b": "Roughly 400 people in the caravan were seeking asylum at the border, officials said.",
        "c": "About 130 migrants from the caravan arrived at the border on Wednesday, officials said.",
    }
    found = _findings(nlp, texts)
    assert not found.conflicts, _values(found)
    counted = {fi.value: fi.counts for x in found.figures_compared for fi in x.figures}
    assert counted.get("About 130", "").endswith("arrived at the border on Wednesday"), counted
    assert counted.get("More than 150", "").endswith("were seeking asylum at the border"), counted


def test_where_one_train_derailed_and_a_place_inside_another(nlp):
    texts = {
        "a": "A passenger train derailed in Naivasha, Kenya, on Tuesday, killing 12 people, police said.\n\n"
             "The train was travelling from Mombasa to Kisumu.",
        "b": "A passenger train derailed in Nakuru, Kenya, on Tuesday, and at least 12 people were killed, "
             "police said.\n\nRescuers worked through the night.",
        "c": "Twelve people died when a train left the tracks in Kenya on Tuesday.\n\nKenya Railways said it "
             "would investigate.",
    }
    found = _findings(nlp, texts, published="2020-02-12")
    assert [(x.slot, {v.value for v in x.versions}) for x in found.conflicts] == [("place", {"Naivasha", "Nakuru"})]
    _cited_right(found, texts)
    # a town and the country it is in, or "near" it: both can be right
    nested = {
        "a": "A passenger train derailed in Nakuru, Kenya, on Tuesday, killing 12 people, police said.",
        "b": "A passenger train derailed near Nakuru on Tuesday, and at least 12 people were killed, police said.",
        "c": "A passenger train derailed in Kenya on Tuesday, killing 12 people.",
    }
    assert not _findings(nlp, nested, published="2020-02-12").conflicts


def test_the_issues_caravan_counts_with_the_noun_left_out_are_no_conflict(nlp):
    # the issue's own words: "roughly 400 in the caravan", "about 130 arrived Wednesday" name no noun;
    # those seeking asylum, those in the caravan and those who arrived on one day are three counts
    texts = {
        "a": "A caravan of Central American migrants reached the border at San Ysidro on Sunday. More than 150 "
             "migrants seeking asylum waited at the crossing, organizers said.",
        "b": "A caravan of Central American migrants reached the border at San Ysidro on Sunday. Roughly 400 in "
             "the caravan have reached Tijuana, organizers said.",
        "c": "A caravan of Central American migrants reached the border at San Ysidro on Sunday. About 130 "
             "arrived Wednesday, organizers said.",
    }
    found = _findings(nlp, texts, published="2018-05-02")
    assert not found.conflicts, _values(found)


def test_a_first_name_and_the_full_name_and_a_titles_tense_are_no_conflicts(nlp):
    # issue 11's false conflicts: "Seth" vs "Seth Hutchinson", "former FBI director" vs "FBI Director"
    texts = {
        "a": "DENVER (AP) — A man who waited outside the courthouse since dawn said the verdict was fair. \"I came "
             "for my brother,\" said Seth, 34, a mechanic from Aurora.\n\nFormer FBI Director Robert Mueller "
             "testified on Monday before the committee.",
        "b": "Seth Hutchinson, 34, a mechanic from Aurora, said he had waited outside the courthouse since dawn. "
             "\"I came for my brother,\" Hutchinson said.\n\nFBI Director Robert Mueller testified on Monday "
             "before the committee.",
    }
    found = _findings(nlp, texts)
    assert [x for x in found.conflicts if x.slot in ("identity", "role")] == [], found.conflicts


def test_one_demand_told_in_other_words_is_no_conflict(nlp):
    # issue 11: "step down" in one report, "ouster" in the other, demanded by the same protesters
    texts = {
        "a": "CAIRO (AP) — Tens of thousands of protesters in Tahrir Square demanded on Friday that President Hosni "
             "Mubarak step down, witnesses said.",
        "b": "Tens of thousands of protesters in Cairo's Tahrir Square demanded the ouster of President Hosni "
             "Mubarak on Friday.",
    }
    assert [x for x in _findings(nlp, texts).conflicts if x.slot == "demand"] == []


def test_two_parties_demands_are_no_conflict(nlp):
    # issue 11: what one party demands set against what the other demands is a dispute, not a conflict
    texts = {
        "a": "SEOUL (AP) — North Korea demanded the withdrawal of U.S. troops from South Korea before any talks, "
             "its state media said on Monday.",
        "b": "South Korea demanded that North Korea give up its nuclear weapons before any talks, officials in "
             "Seoul said on Monday.",
    }
    assert [x for x in _findings(nlp, texts).conflicts if x.slot == "demand"] == []
