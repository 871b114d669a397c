"""Figure conflicts from figures aligned by what they count (compare/figure_conflicts.py)."""

from __future__ import annotations

from newsprism.compare.figure_conflicts import rounded_alike
from newsprism.model import Article


def _conflicts(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    return [x for x in run_pipeline(arts, nlp).findings.conflicts if x.slot == "figure"]


def test_the_same_demand_with_another_amount_is_a_conflict(nlp):
    texts = {
        "a": "President Trump demanded $5.7 billion for a wall on the southern border, and Democrats refused. "
             "The shutdown entered its third week.",
        "b": "Democrats have rejected the $5.6 billion that Trump wants for his border wall as talks stalled. "
             "Federal workers missed a paycheck.",
    }
    found = _conflicts(nlp, texts)
    assert any({v.value for v in x.versions} == {"$5.7 billion", "$5.6 billion"} for x in found), found
    x = next(x for x in found if {v.value for v in x.versions} == {"$5.7 billion", "$5.6 billion"})
    for v in x.versions:  # each version cites its own number in its own document
        (doc,) = v.docs
        assert all(c.doc == doc and texts[doc][c.start:c.end] == c.text == v.value for c in v.citations)


def test_differently_worded_sentences_counting_the_same_people(nlp):
    texts = {
        "a": "A group of nearly 90 professors and administrators connected to the university signed a letter "
             "criticising the senator's budget.",
        "b": "Joining a chorus of bishops, nearly 135 university faculty and administrators have called the "
             "senator's budget a moral failure in a letter.",
    }
    found = _conflicts(nlp, texts)
    assert any({v.value for v in x.versions} == {"nearly 90", "nearly 135"} for x in found), found


def test_figures_that_only_look_alike_are_not_conflicts(nlp):
    # the caravan: three numbers that count three different things
    texts = {
        "a": "More than 150 migrants were seeking asylum at the border on Tuesday, officials said.",
        "b": "Roughly 400 people in the caravan waited at the border on Tuesday, officials said.",
        "c": "About 130 migrants arrived at the border on Wednesday, officials said.",
    }
    assert _conflicts(nlp, texts) == []


def test_rounded_and_negated_figures_are_not_conflicts(nlp):
    texts = {
        "a": "Prosecutors say Jackson spent $43,350 of campaign money on a gold Rolex watch.",
        "b": "Prosecutors say Jackson bought a $43,000 gold Rolex watch with campaign money.",
    }
    assert _conflicts(nlp, texts) == []
    texts = {
        "a": "The senator said the plan did not cut $716 billion from Medicare over ten years.",
        "b": "The senator said the plan cut $500 billion from Medicare over ten years.",
    }
    assert _conflicts(nlp, texts) == []


def test_rounded_alike():
    assert rounded_alike("$43,000", "$43,350")
    assert not rounded_alike("$5.6 billion", "$5.7 billion")
    assert not rounded_alike("200", "225")  # one significant digit is no precision
    assert not rounded_alike("130", "400")


def test_injection_changes_whole_numbers_only():
    from newsprism.evaluate.injected import inject
    from newsprism.model import Figure

    art = Article(id="a", text="Since 1975 the fund has stayed solvent for 75 years; 75.5 is another number. 75 years.",
                  outlet="A")
    fig = Figure(doc="a", start=43, end=45, text="75", value=75)
    spans: list = []
    (out,), first = inject([art], fig, spans)
    assert out.text == "Since 1975 the fund has stayed solvent for 112 years; 75.5 is another number. 112 years."
    assert first == (43, 46) and len(spans) == 2


def test_a_share_of_a_subgroup_is_not_the_share_of_all(nlp):
    texts = {
        "a": "In the poll of Republican primary voters, Newt Gingrich garnered 11 percent, behind Mitt Romney.",
        "b": "In the poll, Trump finishes first among Tea Party supporters, followed by Romney and Newt Gingrich "
             "with 9 percent.",
    }
    assert _conflicts(nlp, texts) == []


def test_a_negation_above_the_figures_clause_does_not_negate_it(nlp):
    # "could not muster the votes" is negated; the package it names is still $670 billion
    texts = {
        "a": "The Senate is preparing to take up part of the president's jobs bill after the $447 billion jobs "
             "package failed when offered as a whole.",
        "b": "Senate Democrats could not muster the 60 votes needed to block a Republican filibuster against the "
             "full $670 billion jobs package, and the president's jobs bill failed.",
    }
    found = _conflicts(nlp, texts)
    assert any({v.value for v in x.versions} == {"$447 billion", "$670 billion"} for x in found), found


def test_every_outlet_giving_a_value_is_in_its_version(nlp):
    # two reports say 225 pages, one says 338: one conflict, the two alike in one version
    texts = {
        "a": "A National Rifle Association task force released a 225-page report on Tuesday calling for armed "
             "guards in every school.",
        "b": "The 225-page report released by the National Rifle Association task force on Tuesday calls for "
             "armed guards in schools.",
        "c": "The National Rifle Association task force released a 338-page report on Tuesday that called for "
             "armed officers in every American school.",
    }
    found = _conflicts(nlp, texts)
    assert len(found) == 1, found
    versions = {v.value.split("-")[0]: set(v.docs) for v in found[0].versions}
    assert versions == {"225": {"a", "b"}, "338": {"c"}}, found[0].versions
    for v in found[0].versions:
        assert {c.doc for c in v.citations} == set(v.docs)


def test_sums_worth_of_different_things_are_not_a_conflict(nlp):
    texts = {
        "a": "Prosecutors say Jackson used campaign money to buy $9,587.64 worth of children's furniture.",
        "b": "Prosecutors say Jackson used campaign money to buy $10,977.74 worth of televisions and DVDs.",
    }
    assert _conflicts(nlp, texts) == []


def test_a_value_both_outlets_give_alike_is_no_rival(nlp):
    # 17 percent is told alike: it cannot make Romney's 21 vs 32 percent ambiguous
    texts = {
        "a": "In the poll, Mitt Romney leads the group of contenders with 21 percent of Republican primary voters, "
             "followed by Donald Trump and Mike Huckabee at 17 percent each.",
        "b": "The poll shows Donald Trump tied for second with Mike Huckabee in the Republican primary field at "
             "17 percent, while Mitt Romney leads the pack at 32 percent.",
    }
    found = _conflicts(nlp, texts)
    assert any({v.value for v in x.versions} == {"21 percent", "32 percent"} for x in found), found
    assert not any("17 percent" in {v.value for v in x.versions} for x in found), found


def test_a_figure_past_float_range_does_not_crash_the_findings(nlp):
    """bench/fuzz.py seed 9: a 400-digit number in two outlets raised OverflowError in
    the figure comparison (the one crash in 100,000 generated inputs)."""
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    big = "9" * 400
    articles = [
        Article("a", f"Officials said {big} people were evacuated from the city on Monday.", outlet="A"),
        Article("b", f"Officials said {big}1 people were evacuated from the city on Monday.", outlet="B"),
    ]
    analysis = run_pipeline(articles, nlp)
    assert any(big in f.text for f in analysis.figures)


def test_a_measure_word_or_a_ratio_is_not_what_a_figure_counts(nlp):
    """PolNeAR (AP via Breitbart and USA Today on the 15 March 2016 primaries), read untuned:
    "a 67 percentage point margin" among black voters and turnout "up about 19 percentage
    points" share only the measure; "About 9 in 10 Republican primary voters" is a share,
    not nine of something to set against "the first 12 primaries"."""
    texts = {
        "a": "Black voters have formed an important part of Clinton's coalition in earlier states, supporting her "
             "by about a 67 percentage point margin across 15 earlier contests. About 9 in 10 Republican primary "
             "voters in five states are unhappy with the direction of the federal government.",
        "b": "The project estimated that the state's turnout was up about 19 percentage points from 2012. More than "
             "17% of eligible Republican voters participated in the first 12 primaries of 2016.",
    }
    assert _conflicts(nlp, texts) == []
    # the same margin told with another number is still one
    texts = {
        "a": "Black voters supported Clinton by a 67 percentage point margin across 15 earlier contests.",
        "b": "Black voters backed Clinton by a 47 percentage point margin across 15 earlier contests.",
    }
    found = _conflicts(nlp, texts)
    assert any({v.value for v in x.versions} == {"67", "47"} for x in found), found


def test_two_donors_amounts_are_no_conflict(nlp):
    """PolNeAR (Breitbart and the NYT on anti-Trump money, March 2016), read untuned: one
    donor's gift and another donor's are two figures the alignment never linked; their
    words agree too little (0.18) to set one against the other."""
    texts = {
        "a": "Cameron, the chief executive officer of Little Rock, Arkansas-based agricultural company Mountaire, "
             "had previously given $3 million to a group backing former Arkansas Gov. Mike Huckabee. "
             "The group ran ads in Florida.",
        "b": "Our Principles also raised $1 million from Warren Stephens, an Arkansas investment banker who gave "
             "large checks to super PACs backing four candidates who have since quit the race. "
             "Mr. Trump mocked the effort.",
    }
    assert _conflicts(nlp, texts) == []


def test_one_outlet_telling_it_two_ways_is_no_conflict_between_outlets(nlp):
    # an outlet's first and updated story (PolNeAR: USA Today's editions of one night) are one
    # outlet changing its account; the same two texts from two outlets are a conflict
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "President Trump demanded $5.7 billion for a wall on the southern border, and Democrats refused. "
             "The shutdown entered its third week.",
        "b": "Democrats have rejected the $5.6 billion that Trump wants for his border wall as talks stalled. "
             "Federal workers missed a paycheck.",
    }

    def figure_conflicts(outlets: dict[str, str]):
        arts = [Article(id=k, text=v, outlet=outlets[k]) for k, v in texts.items()]
        return [x for x in run_pipeline(arts, nlp).findings.conflicts if x.slot == "figure"]

    assert figure_conflicts({"a": "USA Today", "b": "The Washington Post"})
    assert figure_conflicts({"a": "USA Today", "b": "usa today"}) == []


def test_a_question_about_a_demand_states_no_demand(nlp):
    from newsprism.compare.conflicts import _demand_contents

    doc = nlp("Sanders has not said what price he'll demand for his support at the convention.")
    demand = next(t for t in doc if t.lemma_ == "demand")
    assert _demand_contents(demand) == []
    doc = nlp("Iran demanded the return of the remains of Iranians killed in Aleppo.")
    assert [t.text for t in _demand_contents(next(t for t in doc if t.lemma_ == "demand"))] == ["return"]


def test_arrests_overnight_and_the_previous_night_are_one_count(nlp):
    # "overnight" is an adverb: it still tells which night the arrests were made
    fox = ("Police in Ferguson eased their tactics on Wednesday. "
           "Johnson said there were six arrests Wednesday, compared to 47 the previous night.")
    nyt = ("Captain Johnson said there were only sporadic problems on Tuesday night. "
           "Still, the police did make {} arrests overnight.")
    found = _conflicts(nlp, {"a": fox, "b": nyt.format(70)})
    assert [{v.value for v in x.versions} for x in found] == [{"47", "70"}], found
    # told alike: no conflict
    assert _conflicts(nlp, {"a": fox, "b": nyt.format(47)}) == []


_KABUL = "A suicide bomber struck a wedding hall in Kabul on Saturday night. {} officials said on Sunday."


def test_the_dead_counted_in_other_words_and_people_to_whom_other_things_happened(nlp):
    killed = _KABUL.format("The attack killed 30 people at the wedding,")

    def values(other: str):
        return [sorted(v.value for v in x.versions) for x in _conflicts(nlp, {"a": killed, "b": _KABUL.format(other)})]

    # "killed 30 people" / "left 45 dead": one count of the dead, told with another noun
    assert values("The attack at the wedding left 45 dead,") == [["30", "45"]]
    assert values("The attack at the wedding left 30 dead,") == []
    # the wounded are other people than the dead, however alike the sentences
    assert values("The attack wounded 45 people at the wedding,") == []
    assert values("The attack injured 45 people at the wedding,") == []
    # arrests are no deaths
    assert values("Police made 45 arrests after the attack at the wedding,") == []


_ASYLUM = "{} migrants from the caravan sought asylum at the San Ysidro crossing on Monday, officials said."


def test_a_range_is_one_figure_spanning_its_interval(nlp):
    def values(a: str, b: str):
        found = _conflicts(nlp, {"a": _ASYLUM.format(a), "b": _ASYLUM.format(b)})
        return [sorted(v.value for v in x.versions) for x in found]

    # "between 150 and 200" holds "more than 150" and "about 180", not "about 400"
    assert values("Between 150 and 200", "About 400") == [["About 400", "Between 150 and 200"]]
    assert values("Between 150 and 200", "More than 150") == []
    assert values("Between 150 and 200", "About 180") == []
    assert values("150 to 200", "About 180") == []
    # each version cites the whole range as written
    texts = {"a": _ASYLUM.format("Between 150 and 200"), "b": _ASYLUM.format("About 400")}
    (x,) = _conflicts(nlp, texts)
    for v in x.versions:
        (doc,) = v.docs
        assert [texts[doc][c.start:c.end] for c in v.citations] == [v.value]


def test_a_change_is_no_range(nlp):
    # "rose from 30 to 45" tells two moments of one count: neither end is set against 40
    rose = "The death toll from the earthquake in the province rose from 30 to 45 on Tuesday, officials said."
    other = "The death toll from the earthquake in the province stood at 40 on Tuesday, officials said."
    assert _conflicts(nlp, {"a": rose, "b": other}) == []


def test_a_running_total_and_one_nights_count_are_two_figures(nlp):
    night = "Police made 30 arrests in Ferguson on Tuesday night as protests continued, officials said."
    for total in ("Police have made 130 arrests in Ferguson since the protests began on Saturday, officials said.",
                  "So far, police have made 130 arrests in Ferguson as protests continued, officials said."):
        assert _conflicts(nlp, {"a": night, "b": total}) == [], total
    # two running totals of one thing, told two ways, still clash
    since = "Police have made {} arrests in Ferguson since the protests began on Saturday, officials said."
    found = _conflicts(nlp, {"a": since.format(130), "b": since.format(160)})
    assert [sorted(v.value for v in x.versions) for x in found] == [["130", "160"]]


def test_a_total_to_date_against_a_count_of_no_day_is_one_figure(nlp):
    # "to date" on a count of states: the same count the other report gives without it
    a = "To date, 23 states and the District of Columbia have legalized marijuana for medical purposes."
    b = "Some 34 states and the District of Columbia have legalized marijuana for medical purposes, advocates say."
    found = _conflicts(nlp, {"a": a, "b": b})
    assert [sorted(v.value for v in x.versions) for x in found] == [["23", "Some 34"]], found


def test_a_plans_cost_told_with_would_and_in_the_present_is_one_figure(nlp):
    jct = "over a decade, according to the Joint Committee on Taxation, as the Senate prepared to vote."
    # "would cost" of a plan is its estimate: the same figure as "costs", so two values clash
    found = _conflicts(nlp, {"a": f"The Senate tax plan would cost $1.5 trillion {jct}",
                             "b": f"The Senate tax plan costs $1.4 trillion {jct}"})
    assert [sorted(v.value for v in x.versions) for x in found] == [["$1.4 trillion", "$1.5 trillion"]]
    # "could cost" is a possibility, and "would" of anything but a plan's effect is a condition
    assert _conflicts(nlp, {"a": f"The Senate tax plan could cost $1.5 trillion {jct}",
                            "b": f"The Senate tax plan costs $1.4 trillion {jct}"}) == []
    assert _conflicts(nlp, {"a": "Without the cuts, the federal deficit would reach $1.5 trillion this year, the budget office said.",
                            "b": "The federal deficit reached $1.4 trillion this year, the budget office said."}) == []
    # what a rival's plan would do is no deed (BASIL 2ec04201: HuffPost quoting a 2008 ad on McCain)
    assert _conflicts(nlp, {
        "a": "The ad says: \u201cYou paid in to Medicare for years \u2026 now when you need it, Obama has cut $716 billion "
             "from Medicare.\u201d Ryan defended the ad on Tuesday.",
        "b": "The 2008 ad asked: \"How would your golden years turn out under John McCain? His health care plan would "
             "cut Medicare by $800 billion -- that means a 22 percent cut in benefits.\" Ryan defended the ad on Tuesday."}) == []
    # the same estimate told alike
    assert _conflicts(nlp, {"a": f"The Senate tax plan would cost $1.5 trillion {jct}",
                            "b": f"The Senate tax plan costs $1.5 trillion {jct}"}) == []


def test_a_conflicts_heading_asks_its_question_in_the_texts_words(nlp):
    # "how many arrests", as the text writes it (never the lemma: "how many arrest in:"); an
    # amount asks "how much money", not "the figure (money)"
    fox = ("Police in Ferguson eased their tactics on Wednesday. "
           "Johnson said there were six arrests Wednesday, compared to 47 the previous night.")
    nyt = ("Captain Johnson said there were only sporadic problems on Tuesday night. "
           "Still, the police did make 70 arrests overnight.")
    (arrests,) = _conflicts(nlp, {"a": fox, "b": nyt})
    assert arrests.about.startswith("how many arrests in: "), arrests.about
    jct = "over a decade, according to the Joint Committee on Taxation, as the Senate prepared to vote."
    money = _conflicts(nlp, {"a": f"The Senate tax plan would cost $1.5 trillion {jct}",
                             "b": f"The Senate tax plan costs $1.4 trillion {jct}"})
    assert money and all(x.about.startswith("how much money in: ") for x in money), [x.about for x in money]


def test_guns_of_two_kinds_and_people_counted_near_the_guns_are_not_one_figure(nlp):
    """ECB+ 12ecb: "12 AK 47 guns" in one report and "3 machine guns" in another count guns of two
    kinds; and the "12 Somali and 11 Yemeni pirates" a third report counts near its "ammunition"
    are no version of how many guns. The same kind of gun counted two ways still clashes."""
    texts = {
        "a": "The Indian commandos also recovered 12 AK 47 guns, three rifles and two grenades along with other "
             "ammunition from the pirate boat.",
        "b": "The pirates had a large cache of weapons including a rocket propelled grenade launcher and 3 machine "
             "guns, the Indian navy said.",
        "c": "The commandos seized 13 magazines of ammunition from the 12 Somali and 11 Yemeni pirates on board "
             "the two pirate boats.",
    }
    found = _conflicts(nlp, texts)
    assert not any({"12", "3"} <= {v.value for v in x.versions} for x in found), found
    assert not any("c" in v.docs for x in found for v in x.versions), found
    texts["b"] = ("The pirates had a large cache of weapons including a rocket propelled grenade launcher and 7 AK 47 "
                  "guns, the Indian navy said.")
    found = _conflicts(nlp, texts)
    assert any({v.value for v in x.versions} == {"12", "7"} for x in found), found


def test_one_model_counted_as_guns_and_as_rifles_is_a_conflict(nlp):
    # ECB+ 12ecb: "12 AK 47 guns" in one report, "7 AK-47 rifles" in another: the model says what
    # both count, whatever the noun; and a count of another kind ("3 machine guns") stays apart
    texts = {
        "a": "Indian commandos boarded the pirate boat on Saturday and recovered 12 AK 47 guns, two grenades "
             "and other ammunition, the navy said.",
        "b": "Indian commandos who boarded the pirate boat on Saturday seized 7 AK-47 rifles and a grenade "
             "launcher, the navy said.",
    }
    found = _conflicts(nlp, texts)
    assert [{v.value for v in x.versions} for x in found] == [{"12", "7"}], found
    for v in found[0].versions:
        (doc,) = v.docs
        assert all(texts[doc][c.start:c.end] == c.text == v.value for c in v.citations)
    texts["b"] = ("Indian commandos who boarded the pirate boat on Saturday seized 3 machine guns and a grenade "
                  "launcher, the navy said.")
    assert _conflicts(nlp, texts) == []


def test_two_models_are_two_counts(nlp):
    texts = {
        "a": "The air force sent 12 F-16 jets to the base on Monday, a spokesman said.",
        "b": "The air force sent 7 F-35 jets to the base on Monday, the ministry said.",
    }
    assert _conflicts(nlp, texts) == []


def test_numbers_in_a_page_address_count_nothing(nlp):
    # an address line kept above the text (ECB+ keeps it as tokens: "http : / / www . ...")
    texts = {
        "a": "http : / / www . rediff . com / news / slide - show / 20111111 . htm\n"
             "The navy confiscated 14 rifles from the boat on Friday, the officer said.",
        "b": "http : / / www . rediff . com / news / slide - show / 30391127 . htm\n"
             "The navy confiscated 14 rifles from the boat on Friday, the officer said in Mumbai.",
    }
    assert _conflicts(nlp, texts) == []


def test_a_model_counted_beside_other_items_of_a_list(nlp):
    # ECB+ 12ecb: the other items of the cache ("13 loaded magazines", with its own number; "a
    # 5.56 mm rifle", a calibre) are not what "7 AK-47 rifles" counts, and the two versions of the
    # rifles are a conflict, not "figures that look alike but count different things"
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "Indian commandos who boarded the pirate boat on Saturday seized 7 AK-47 rifles, a rocket launcher "
             "and 13 loaded magazines, the navy said.",
        "b": "Indian commandos who boarded the pirate boat on Saturday recovered 12 AK 47 guns, a 5.56 mm rifle "
             "and other ammunition, the navy said.",
    }
    f = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()], nlp).findings
    assert [{v.value for v in x.versions} for x in f.conflicts] == [{"7", "12"}]
    assert not any(x.value in ("7", "12") for g in f.figures_compared for x in g.figures)


def test_a_count_told_in_two_parts_is_their_sum(nlp):
    # ECB+ 12ecb: "12 Somali and 11 Yemeni" pirates are the 23 pirates other reports count; 12 + 14
    # would not be
    told = "The Indian navy captured 23 pirates on the larger pirate boat as well as arms and equipment, the statement said."
    parts = ("Indian commandos boarded the larger pirate boat, seizing 12 Somali and {} Yemeni pirates as well as arms "
             "and equipment, the statement said.")
    texts = {"a": parts.format(11), "b": told}
    assert _conflicts(nlp, texts) == []
    texts = {"a": parts.format(14), "b": told}
    (found,) = _conflicts(nlp, texts)
    assert {v.value for v in found.versions} == {"23", "12 Somali and 14 Yemeni pirates"}
    assert found.about.startswith("how many pirates in: ")  # not "how many boat", the last word of the phrase
    for v in found.versions:
        (doc,) = v.docs
        assert all(texts[doc][c.start:c.end] == c.text == v.value for c in v.citations)



_RIFLES = {
    "a": "They had a large cache of weapons including 7 AK-47 rifles and a rocket propelled grenade launcher, "
         "the navy said.",
    "b": "The Indian commandos also recovered 12 AK-47 rifles and a rocket propelled grenade launcher, the navy said.",
}


def test_a_third_report_writing_the_count_in_words_is_cited_with_its_side(nlp):
    # ECB+ 12ecb: "7 AK-47 rifles" / "12 AK 47 guns", and most reports write "seven AK-47 rifles"
    texts = {**_RIFLES, "c": "The cache of arms on the pirate ship included seven AK-47 rifles and a rocket "
                             "propelled grenade launcher, the navy said."}
    (found,) = _conflicts(nlp, texts)
    assert sorted((v.docs, v.value) for v in found.versions) == [(("a", "c"), "7"), (("b",), "12")]
    for v in found.versions:
        assert {c.doc for c in v.citations} == set(v.docs)
        assert all(texts[c.doc][c.start:c.end] == c.text for c in v.citations)
    assert any(c.doc == "c" and c.text == "seven" for c in found.citations)


def test_a_count_in_words_of_the_same_thing_in_one_fact_is_a_conflict(nlp):
    # "Three people" / "Five people" killed in one bus crash: one noun counted, one fact
    bus = "people were killed when a bus overturned on the A6 motorway near Lyon on Sunday morning, police said."
    texts = {"a": f"Three {bus}", "b": f"Five {bus}"}
    (found,) = _conflicts(nlp, texts)
    assert {v.value for v in found.versions} == {"Three", "Five"}
    for v in found.versions:
        (doc,) = v.docs
        assert all(texts[doc][c.start:c.end] == c.text == v.value for c in v.citations)


def test_a_count_in_words_that_is_a_part_or_a_set_beside_another_is_none(nlp):
    # each a count of some of the boats or of boats beside others, or a count that may not happen
    seized = "boats were seized by the coast guard off the coast of Somalia on Friday, officials said."
    other = f"Three {seized}"
    for told in (f"Two other {seized}", f"Two of the {seized}", f"The first two {seized}", f"Two more {seized}",
                 f"Two {seized.replace('were seized', 'could be seized')}"):
        assert _conflicts(nlp, {"a": told, "b": other}) == [], told


def test_an_approximate_amount_in_words_is_a_range(nlp):
    # "dozens" is 24 to 99: 40 fits it; "a dozen" is 10 to 14: 40 does not
    told = "protesters were arrested outside the federal courthouse in Portland on Tuesday night, police said."
    digits = f"Police said 40 {told.split(', police said')[0]}."
    assert _conflicts(nlp, {"a": f"Dozens of {told}", "b": digits}) == []
    (found,) = _conflicts(nlp, {"a": f"A dozen {told}", "b": digits})
    assert {v.value for v in found.versions} == {"A dozen", "40"}


def test_two_counts_of_two_weekdays_told_alike_are_no_conflict(nlp):
    # the caravan: the migrants waiting on Monday and those arriving on Wednesday are two groups
    texts = {
        "a": "TIJUANA, Mexico — More than 150 migrants from a Central American caravan were waiting on Monday to "
             "seek asylum in the United States, after U.S. officials said the San Ysidro port of entry was at capacity.",
        "b": "About 130 migrants from the Central American caravan arrived Wednesday at the border crossing in "
             "Tijuana, joining others waiting to seek asylum. U.S. officials said the San Ysidro port of entry was "
             "at capacity.",
    }
    from newsprism.pipeline import run_pipeline
    from newsprism.report.markdown import to_markdown

    analysis = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()], nlp)
    assert [x for x in analysis.findings.conflicts if x.slot == "figure"] == []
    # listed instead with what each counts, under a heading that says so
    (group,) = analysis.findings.figures_compared
    assert {x.doc: x.value for x in group.figures} == {"a": "More than 150", "b": "About 130"}
    assert any("arrived Wednesday" in x.counts for x in group.figures)
    assert "Not conflicts: figures that look alike — what each counts (1)" in to_markdown(analysis)


def test_a_count_of_others_or_of_more_is_no_total(nlp):
    # "2 other rifles" beside "7 AK-47 assault rifles": nine rifles in all, as the other report says
    texts = {
        "a": "9 assault rifles and a grenade launcher were seized from the pirates on Saturday, a navy spokesman said.",
        "b": "The commandos seized 7 AK-47 assault rifles, 2 other rifles and a grenade launcher from the pirates "
             "on Saturday, a navy spokesman said.",
    }
    assert _conflicts(nlp, texts) == []
    texts = {
        "a": "Police said 9 people were injured in the blast at the market in Kano on Friday.",
        "b": "Police said 4 other people were injured in the blast at the market in Kano on Friday, and 5 died.",
    }
    assert _conflicts(nlp, texts) == []


def test_one_model_counted_against_every_model_is_a_part(nlp):
    # "7 AK-47 assault rifles" may be seven of the "9 assault rifles"; two counts of one model clash
    told = "{} assault rifles and a grenade launcher were seized from the pirates on Saturday, a navy spokesman said."
    assert _conflicts(nlp, {"a": told.format("The commandos said 9"), "b": told.format("The commandos said 7 AK-47")}) == []
    (found,) = _conflicts(nlp, {"a": told.format("The commandos said 9 M16"), "b": told.format("The commandos said 7 M16")})
    assert {v.value for v in found.versions} == {"9", "7"}


def test_a_number_before_one_item_of_a_list_counts_that_item(nlp):
    # ECB+ 12ecb: "3 speedboats" in "7 AK-47 assault rifles, RPG launchers, 3 speedboats, grenades and
    # other ammunition" counts no grenades, so "2 grenades" elsewhere is no other version of it
    texts = {
        "a": "The navy recovered 7 AK-47 assault rifles, RPG launchers, 3 speedboats, grenades and other "
             "ammunition on Saturday.",
        "b": "On Saturday the navy recovered 7 AK 47 guns, rifles, 2 grenades along with other ammunition.",
    }
    assert _conflicts(nlp, texts) == []


def test_a_report_writing_both_values_leaves_the_others_in_conflict(nlp):
    # ECB+ 12ecb: a third report tells "7 AK-47 rifles" beside "the 12 Somali ... pirates": it writes
    # "12" of another count, so it is no version, and the two others still conflict
    for seven in ("7", "seven"):
        texts = {**_RIFLES, "c": f"The commandos seized {seven} AK-47 rifles and a rocket propelled grenade "
                                 "launcher from the 12 Somali and 11 Yemeni pirates, the navy said."}
        (found,) = _conflicts(nlp, texts)
        assert sorted((v.docs, v.value) for v in found.versions) == [(("a",), "7"), (("b",), "12")]
        assert all(c.doc != "c" for c in found.citations)


def test_the_terms_of_a_ratio_count_nothing():
    # BASIL f11c2566 (dev): HuffPost's "2 in 3 chance" and the Times' "two-in-three chance" aligned at 0.95
    # as "3" chances against "two"; only a report writing the other number kept it from a conflict
    from types import SimpleNamespace

    from newsprism.compare.figure_words import _ratio_term

    text = ('"I would say that there is a 2 in 3 chance that we win," Boehner said, giving his party a '
            '"two-in-three chance" and the Democrats one out of three. Three boats were seen.')

    def term(word: str, nth: int = 0) -> SimpleNamespace:
        start = -1
        for _ in range(nth + 1):
            start = text.index(word, start + 1)
        return SimpleNamespace(fig=SimpleNamespace(start=start, end=start + len(word)))

    for word in ("2", "3", "two", "three"):
        assert _ratio_term(term(word), text), word
    assert _ratio_term(term("three", 1), text)  # "one out of three"
    assert not _ratio_term(term("Three"), text)  # "Three boats": a count


def test_one_to_one_keeps_each_figure_in_its_first_pair_only():
    from newsprism.compare.figure_conflicts import one_to_one

    # "17 percent" (a0) pairs best with b1; a1 then cannot take b1, and a0 is not matched twice
    pairs = [(0.9, 0, 1), (0.8, 1, 1), (0.7, 0, 0), (0.6, 1, 0)]
    assert one_to_one(pairs) == [(0.9, 0, 1), (0.6, 1, 0)]
    assert one_to_one([]) == []
