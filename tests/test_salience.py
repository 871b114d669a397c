"""The order of the single-source section: what only one outlet reports, concrete first."""

from __future__ import annotations

from newsprism.compare.salience import StoryTerms, paragraph_index, single_source_importance
from newsprism.extract.claims import Claim
from newsprism.model import Figure, Quote, Span


def _claim(doc: str, text: str, start: int, terms: tuple[str, ...], **kw) -> Claim:
    return Claim(f"{doc}#{start}", Span(doc, start, start + len(text), text), terms=terms, **kw)


def test_the_paragraph_counts_line_breaks_once_per_run():
    text = "Lede here.\n\nSecond paragraph. Still second.\nThird.\n\n\nFourth."
    assert paragraph_index(text, 0) == 0
    assert paragraph_index(text, text.index("Still")) == 1
    assert paragraph_index(text, text.index("Third")) == 2
    assert paragraph_index(text, text.index("Fourth")) == 3
    assert paragraph_index("\n\nLede.", 2) == 0  # leading breaks are no paragraph


def test_a_text_that_lost_its_paragraph_breaks_counts_its_sentences():
    # the seed's Times report is one line of 60 sentences: its 20th is no lede
    wall = " ".join(f"Officials in Aleppo said on day {i} that the buses were waiting." for i in range(1, 15))
    assert paragraph_index(wall, 0) == 0
    assert paragraph_index(wall, wall.index("day 11 ")) == 5  # ten sentences before: five paragraphs' worth
    # a paragraph of a few sentences is one paragraph, wherever a sentence stands in it
    text = "Title\n\nThe buses left at dawn. Rebels fired at them. The deal collapsed.\n\nLater, talks resumed."
    assert paragraph_index(text, text.index("The deal")) == 1 and paragraph_index(text, text.index("Later")) == 2


def test_own_share_is_what_no_other_document_uses():
    a = _claim("a", "The flood destroyed 120 homes.", 0, ("flood", "destroy", "home"))
    b = _claim("b", "A flood hit the valley.", 0, ("flood", "hit", "valley"))
    story = StoryTerms.of([a, b])
    assert story.own_share("a", a.terms) == 2 / 3  # "flood" is told by b too
    assert story.own_share("b", ("flood",)) == 0.0
    assert story.own_share("a", ()) == 0.0


def test_a_mostly_quoted_remark_weighs_less_than_a_figure_of_the_reports_own():
    text = ("Storms flooded the valley.\n\n"
            "“This is a disgrace for all of us,” said Mark Jensen.\n\n"
            "The flood destroyed 120 homes in Marion County.")
    q_start = text.index("“")
    quote_text = "This is a disgrace for all of us,"
    remark = _claim("a", "“This is a disgrace for all of us,” said Mark Jensen.", q_start,
                    ("disgrace", "say"), entities=("E1",),
                    quotes=(Quote("a", q_start + 1, q_start + 1 + len(quote_text), quote_text, "Mark Jensen"),))
    f_start = text.index("The flood")
    fig = Figure("a", f_start + 20, f_start + 23, "120", 120, counts="homes")
    figure = _claim("a", "The flood destroyed 120 homes in Marion County.", f_start,
                    ("flood", "destroy", "home"), entities=("E2",), figures=(fig,))
    other = _claim("b", "A flood hit the valley.", 0, ("flood", "hit", "valley"))
    story = StoryTerms.of([remark, figure, other])
    assert single_source_importance([figure], text, story) > single_source_importance([remark], text, story)
    assert single_source_importance([], text, story) == 0.0


def test_single_source_puts_a_reports_own_figures_before_a_commentators_remarks(nlp):
    # PolNeAR-clean Orlando (dev): the first ten were experts' quoted remarks, and the paragraph
    # telling how many the attack killed came 41st (its topic is told by the other outlets, so it
    # was weighed down as "told elsewhere")
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Storms flooded the river valley on Sunday, officials said.\n\n"
              "“This is a disgrace and a tragedy for all of us,” said Mark Jensen, a retired professor of "
              "history at Ohio State University.\n\n"
              "“We should have seen it coming years ago,” Jensen added.\n\n"
              "The flood destroyed 120 homes and closed 14 schools in Marion County."),
        "b": "Storms flooded the river valley on Sunday, leaving towns under water.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    single = run_pipeline(arts, nlp).findings.single_source
    order = [f.about for f in single if f.docs == ("a",)]
    homes = next(i for i, t in enumerate(order) if "120 homes" in t)
    remark = next(i for i, t in enumerate(order) if "disgrace" in t)
    assert homes < remark, order


def test_an_outlet_telling_a_fact_in_part_does_not_leave_it_out():
    # BASIL 97b1305c: the NYT's "The St. Louis Tea Party Coalition issued its own resolution
    # against the N.A.A.C.P." supports partly the fact Fox and HuffPost tell; it was listed as
    # something the Times leaves out
    from newsprism.compare.findings import _omissions
    from newsprism.model import DocumentInfo, Finding, Support

    def doc(i: str) -> DocumentInfo:
        return DocumentInfo(i, i.upper(), None, None, None, None, False, (), None, None, (), None, "text")

    def cite(d: str) -> Span:
        return Span(d, 0, 4, "text")

    told = Finding("C1", "corroborated", "A resolution was issued.", ("a", "b"), (cite("a"), cite("b")), sources=2,
                   support=(Support("a#0", cite("a"), "same fact"), Support("b#0", cite("b"), "same fact"),
                            Support("c#0", cite("c"), "partly")))
    other = Finding("C2", "corroborated", "The vote was unanimous.", ("a", "b"), (cite("a"), cite("b")), sources=2,
                    support=(Support("a#5", cite("a"), "same fact"), Support("b#5", cite("b"), "same fact")))
    omissions = {o.doc: o for o in _omissions([doc("a"), doc("b"), doc("c")], [told, other])}
    assert omissions["c"].omits == ("C2",) and omissions["c"].partly == ("C1",)
    assert omissions["a"].carries == ("C1", "C2") and omissions["a"].omits == () and omissions["a"].partly == ()
    assert _omissions([doc("a")], [told]) == ()


def test_a_figure_another_report_gives_is_no_news_of_one():
    # BASIL f11c2566: Boehner's "1 in 3" chance, given by all three reports (none linked as one
    # fact), headed the single-source section three times
    odds = Figure("a", 0, 6, "1 in 3", 1 / 3, unit="fraction")
    seats = Figure("a", 20, 23, "242", 242, counts="seats")
    a = _claim("a", "Boehner gave a 1 in 3 chance; Republicans hold 242 seats.", 0, ("boehner", "chance", "seat"),
               figures=(odds, seats))
    b = _claim("b", "Boehner said there is a 1 in 3 chance.", 0, ("boehner", "chance"),
               figures=(Figure("b", 25, 31, "1 in 3", 1 / 3, unit="fraction"),))
    story = StoryTerms.of([a, b])
    assert story.own_figures("a", a.figures) == 1  # 242 seats only
    assert story.own_figures("b", b.figures) == 0


def test_who_someone_is_told_in_passing_is_no_omission():
    # untuned BASIL 576116e5: Fox "omitted" "John Rother, AARP's policy chief" (a side fact two
    # other outlets tell): a report that does not describe someone so leaves out no fact
    from newsprism.compare.findings import _omissions
    from newsprism.model import DocumentInfo, Finding, Support

    def doc(i: str) -> DocumentInfo:
        return DocumentInfo(i, i.upper(), None, None, None, None, False, (), None, None, (), None, "text")

    def cite(d: str) -> Span:
        return Span(d, 0, 4, "text")

    side = Finding("C1", "corroborated", "John Rother, AARP's policy chief", ("a", "b"), (cite("a"), cite("b")),
                   sources=2, support=(Support("a#0-4", cite("a"), "same fact"), Support("b#0-4", cite("b"), "same fact")))
    told = Finding("C2", "corroborated", "AARP issued a statement.", ("a", "b"), (cite("a"), cite("b")), sources=2,
                   support=(Support("a#5", cite("a"), "same fact"), Support("b#5", cite("b"), "same fact")))
    omissions = {o.doc: o for o in _omissions([doc("a"), doc("b"), doc("c")], [side, told])}
    assert omissions["c"].omits == ("C2",)
    assert omissions["a"].carries == ("C2",)
    # each left-out fact is named by its headline (the JSON reader needs no lookup)
    assert [(h.id, h.about) for h in omissions["c"].headlines] == [("C2", "AARP issued a statement.")]
    assert omissions["a"].headlines == ()


def test_who_someone_is_goes_after_what_happened(nlp):
    """BASIL 29ffd053 (open): HuffPost's "Reese is a senior fellow at the Woodstock Theological Center
    at Georgetown University." (who the letter's organizer is) ranked 5th of the one-outlet items,
    before what the letter's organizers said. Background in the report's own voice goes after what
    someone did or said, though it names more."""
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Nearly 90 Georgetown faculty members sent Paul Ryan a letter on Tuesday criticizing his budget.\n\n"
              "Thomas Reese, one of the organizers of the letter, called the budget plan a moral failure.\n\n"
              "Reese is a senior fellow at the Woodstock Theological Center at Georgetown University.\n\n"
              "The signers include a dozen Jesuit priests and members of the theology department."),
        "b": "Georgetown faculty members sent Paul Ryan a letter criticizing his budget on Tuesday.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    order = [f.about for f in run_pipeline(arts, nlp).findings.single_source if f.docs == ("a",)]
    fellow = next(i for i, t in enumerate(order) if "senior fellow" in t)
    called = next(i for i, t in enumerate(order) if "moral failure" in t)
    assert called < fellow, order


def test_a_chronology_of_earlier_days_is_background():
    """BASIL a4f1d515 (open): the Times' "Mr. Mueller spoke to the House Republican Conference on May
    13, 2011, and to the House Democratic Caucus on May 24, 2011." headed the single-source section of
    a story published in June 2013, and a list of briefing dates filled its first ten."""
    from newsprism.compare.salience import told_earlier
    from newsprism.model import TimeExpr

    text = ("White House Plays Down Data Program\n\n"
            "President Obama on Friday defended the surveillance programs, saying Congress was fully briefed.\n\n"
            "Mr. Mueller spoke to the House Republican Conference on May 13, 2011, and to the House "
            "Democratic Caucus on May 24, 2011.")

    def when(phrase: str, resolved: str) -> TimeExpr:
        at = text.index(phrase)
        return TimeExpr("a", at, at + len(phrase), phrase, resolved)

    _, news_text, list_text = text.split("\n\n")
    news = _claim("a", news_text, text.index("President"), ("obama", "defend", "surveillance", "program", "congress", "brief"),
                  entities=("E1", "E2"), times=(when("Friday", "2013-06-07"),))
    chronology = _claim("a", list_text, text.index("Mr. Mueller"), ("mueller", "speak", "conference", "caucus"),
                        entities=("E3", "E4", "E5"),
                        times=(when("May 13, 2011", "2011-05-13"), when("May 24, 2011", "2011-05-24")))
    story = StoryTerms.of([news, chronology])
    published = "2013-06-08"
    assert told_earlier([chronology], published) and not told_earlier([news], published)
    # a day of the story's week beside an old one: the sentence tells the story's news
    both = _claim("a", list_text, chronology.start, chronology.terms,
                  times=(when("May 13, 2011", "2011-05-13"), when("Friday", "2013-06-07")))
    assert not told_earlier([both], published)
    # a day inside someone's quoted words dates the words, not the statement (BASIL a28a0329, open)
    said = "“On November 2nd, voters called for an end to reckless spending,” said Rep. Michele Bachmann."
    inner = said[1:said.index("”")]
    statement = _claim("b", said, 0, ("voter", "call", "spending", "bachmann"), entities=("E6",),
                       times=(TimeExpr("b", 4, 16, "November 2nd", "2010-11-02"),),
                       quotes=(Quote("b", 1, 1 + len(inner), inner, "Michele Bachmann"),))
    assert not told_earlier([statement], "2011-01-06")
    # no publication date, or no day named: nothing to tell it by
    assert not told_earlier([chronology], None)
    assert not told_earlier([_claim("a", "Mr. Mueller spoke in 2011.", 0, ("mueller",),
                                    times=(TimeExpr("a", 21, 25, "2011", "2011"),))], published)
    # weighed: the chronology names more people but goes after the news
    assert single_source_importance([chronology], text, story) > single_source_importance([news], text, story)
    assert single_source_importance([chronology], text, story, published=published) < \
        single_source_importance([news], text, story, published=published)


def test_a_sentence_only_copies_tell_goes_among_the_others_by_its_weight(nlp):
    """BASIL c21cb217 (open): "Weiner, 46, is married to Huma Abedin, an aide to Secretary of State
    Hillary Clinton.", a wire sentence Fox and HuffPost both print, headed the single-source section
    (copies' facts went before every one-outlet fact, whatever they weighed)."""
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    wire = ("Rep. Anthony Weiner said Wednesday that he did not send a lewd photo to a college student "
            "in Seattle.\n\n")
    bio = "Weiner, 46, is married to Huma Abedin, an aide to Secretary of State Hillary Clinton.\n\n"
    texts = {
        "fox": (wire + "Twitter's Adam Sharp urged House offices on Wednesday to use a strong password of at least "
                "10 characters after 198 accounts were flagged.\n\n" + bio +
                "Weiner said he had hired a private security company."),
        "hpo": (wire + "The congressman called one reporter a jackass on Tuesday.\n\n" + bio +
                "Weiner said he had hired a private security company."),
        "nyt": ("Representative Anthony D. Weiner denied on Wednesday that he had sent a lewd photo to a "
                "college student.\n\nMr. Weiner said he had hired a private security company."),
    }
    arts = [Article(id=k, text=v, outlet=k.upper()) for k, v in texts.items()]
    single = run_pipeline(arts, nlp).findings.single_source
    order = [f.about for f in single]
    married = next(i for i, t in enumerate(order) if "married" in t)
    assert single[married].docs == ("fox", "hpo")  # the copies' fact, both cited
    password = next(i for i, t in enumerate(order) if "strong password" in t)
    assert password < married, order


def test_a_habit_told_with_a_perfect_is_background(nlp):
    """BASIL 85475456 and c99adbdd (open): "-In the past twenty years, Dick has attended literally
    hundreds of vets events ..." headed the one-outlet items and "Mr. McCarthy has been preparing for
    months to move up ..." was 1st of c99adbdd's: a career or a habit, background. An episode recalled in the simple past is not read so (the gold sets list "Arpaio
    endorsed Mitt Romney in 2008" as a single-source fact)."""
    from newsprism.compare.salience import told_habit

    def habit(text: str) -> bool:
        parsed = nlp(text)
        return told_habit([_claim("a", text, 0, ("x",))], parsed, "2012-08-02")

    assert habit("Mr. McCarthy has been preparing for months to move up from No. 3 in the Republican leadership.")
    assert habit("Blumenthal has repeatedly described himself as a veteran of the Vietnam War.")
    assert not habit("Blumenthal repeatedly described himself as a veteran on Tuesday.")  # one occasion
    assert not habit("Arpaio endorsed Mitt Romney in 2008, choosing him over John McCain.")
    assert not habit("Hundreds of thousands of people headed to Chick-fil-A restaurants on Wednesday.")
    assert not habit("Mr. Huckabee has said the event was not organized by the company.")  # no stretch of time
    assert not told_habit([_claim("a", "x", 0, ("x",))], None)  # no parse: nothing to read


def test_a_stretch_of_years_under_a_preposition_is_background(nlp):
    """BASIL 450755dd and 29ffd053 (open): "Over the years, its philanthropic wing, WinShape, has
    donated millions of dollars ..." was 3rd of 450755dd's one-outlet items and "In the last year,
    Catholic bishops have emerged as vocal critics ..." 8th of 29ffd053's: the parse hangs "years" on
    the preposition, not on the verb, and neither was read as a habit. Months someone owns ("cast a
    cloud over Mrs. Clinton's final months") are no stretch of the telling."""
    from newsprism.compare.salience import told_habit

    def habit(text: str) -> bool:
        return told_habit([_claim("a", text, 0, ("x",))], nlp(text), "2012-08-02")

    assert habit("Over the years, its philanthropic wing, WinShape, has donated millions of dollars to groups "
                 "that lobby against same-sex marriage.")
    assert habit("In the last year, Catholic bishops have emerged as vocal critics of the Obama administration.")
    assert habit("In the past twenty years, Mr. Blumenthal has attended hundreds of events for veterans.")
    assert not habit("The controversy over the attack has cast a cloud over Mrs. Clinton's final months at the "
                     "State Department.")
    assert not habit("Over the coming years, the company has promised to open 100 restaurants.")
    assert not habit("Over the weekend, Mr. Huckabee has asked supporters to eat at the restaurants.")


def test_a_sentence_opening_on_a_long_past_year_is_background(nlp):
    """BASIL 84678e18 and 85475456 (open): "In the 1990's, Lerner also served as chief of enforcement
    at the Federal Elections Commission." was 3rd of 84678e18's one-outlet items (a report of 2013),
    "In 2003, he addressed a rally in Bridgeport ..." 1st of 85475456's (2010): a career told year by
    year. A year after the verb is not read so (the gold sets list "Arpaio endorsed Mitt Romney in
    2008" as a single-source fact), nor is this year's news."""
    from newsprism.compare.salience import told_before

    def before(text: str, published: str | None = "2013-05-22") -> bool:
        return told_before([_claim("a", text, 0, ("x",))], nlp(text), published)

    assert before("In the 1990's, Lerner also served as chief of enforcement at the Federal Elections Commission.")
    assert before("In 2003, he addressed a rally in Bridgeport, where about 100 military families gathered.")
    assert not before("Arpaio endorsed Mitt Romney in 2008, choosing him over John McCain.")
    assert not before("In 2012, the agency began to single out groups with 'Tea Party' in their names.")  # last year
    assert not before("In May, the agency apologized for singling out conservative groups.")  # no year
    assert not before("In 2003, he addressed a rally in Bridgeport.", None)  # unknown publication


def test_a_reputation_is_who_someone_is(nlp):
    """BASIL 85475456 (open): "Mr. Blumenthal, 64, is known as a brilliant lawyer ..." was 3rd of the
    one-outlet items: who someone is, as "X is a senior fellow at ..." is (fact_text.background)."""
    from newsprism.compare.salience import told_repute

    def repute(text: str) -> bool:
        return told_repute([_claim("a", text, 0, ("x",))], nlp(text))

    assert repute("Mr. Blumenthal, 64, is known as a brilliant lawyer who likes to argue cases in court.")
    assert repute("She is widely regarded as the front-runner for the nomination.")
    assert not repute("Mr. Blumenthal is known to have exaggerated his service.")  # no "as": what he did
    assert not repute("The program, known as Prism, was started in 2007 by the F.B.I.")  # the program's name
    assert not repute("Mr. Blumenthal served in the Marine Corps Reserve.")



def test_the_reports_own_conjecture_is_no_news(nlp):
    """The seed story and BASIL d3a1ce8a (dev): "The evacuation of Aleppo's rebel-held east would be
    the largest of its kind ..." was 10th of the seed's one-outlet items, "If he won, he would
    presumably run in 2014 for a full six-year term" 2nd of d3a1ce8a's: what might be, in the
    reporter's voice, is the outlet's analysis. Someone's words under a modal are their statement,
    and "will" tells a plan as it stands ("The committee will elect a chairman in January")."""
    from newsprism.compare.salience import told_conjecture
    from newsprism.extract.claims import Attribution

    def conjecture(text: str, **kw) -> bool:
        return told_conjecture([_claim("a", text, 0, ("x",), **kw)], nlp(text))

    assert conjecture("The evacuation of Aleppo's rebel-held east would be the largest of its kind, and the "
                      "biggest victory to date for Assad.")
    assert conjecture("If he won, he would presumably run in 2014 for a full six-year term.")
    assert conjecture("The ad could have a powerful influence in heavily Jewish districts.")
    assert not conjecture("The 168-member committee will elect a chairman during its meeting in January.")
    assert not conjecture("Residents said the shelling resumed as buses idled at the crossing.")
    said = "He said the regime would face consequences."
    assert not conjecture(said, attribution=Attribution("He", Span("a", 0, 2, "He")))
    quoted = "“We would never abandon them,” Mr. Earnest said."
    assert not conjecture(quoted, quotes=(Quote("a", 1, 27, quoted[1:27], "Mr. Earnest"),))
    assert not told_conjecture([_claim("a", "x", 0, ("x",))], None)  # no parse: nothing to read


def test_a_conjecture_weighs_as_background(nlp):
    """A one-outlet conjecture goes after a statement of what happened with the same parts."""
    story = StoryTerms({"evacuation": frozenset({"a"}), "largest": frozenset({"a"}), "convoy": frozenset({"a"}),
                        "wounded": frozenset({"a"})})
    might = "The evacuation of the east would be the largest of its kind."
    did = "A convoy of vans carrying the wounded began the evacuation of the east."
    text = might + "\n" + did
    parsed = nlp(text)
    w_might = single_source_importance([_claim("a", might, 0, ("evacuation", "largest"))], text, story, parsed=parsed)
    w_did = single_source_importance([_claim("a", did, len(might) + 1, ("convoy", "wounded"))], text, story,
                                     parsed=parsed)
    assert w_might < w_did


def test_a_restatement_saying_little_else_weighs_as_background():
    """BASIL 97b1305c (dev): Fox's lede "The NAACP adopted a resolution Tuesday condemning ..." was
    2nd of the one-outlet items, though two other reports state the resolution: a restatement
    (compare.restated) whose words are mostly the story's says little else. One with words of its
    own keeps its weight."""
    story = StoryTerms({"naacp": frozenset("abc"), "resolution": frozenset("abc"), "condemn": frozenset("abc"),
                        "tuesday": frozenset("abc"), "racist": frozenset("ac"), "hotel": frozenset("a"),
                        "delegate": frozenset("a"), "vote": frozenset("a")})
    lede = "The NAACP adopted a resolution Tuesday condemning racist elements."
    terms = ("naacp", "resolution", "condemn", "tuesday", "racist")
    claim = _claim("a", lede, 0, terms)
    plain = single_source_importance([claim], lede, story)
    assert single_source_importance([claim], lede, story, restates=True) < plain
    more = _claim("a", lede, 0, ("naacp", "resolution", "delegate", "vote", "hotel"))
    assert single_source_importance([more], lede, story, restates=True) == single_source_importance([more], lede, story)



def test_a_time_of_day_is_when_not_how_many():
    """The seed: "Residents said they were told they could leave at 6 a. m. ..." counted "6 a.m." as
    a figure of its own and went before the Russian Defense Ministry's blame of the rebels; a time of
    day weighs as a date does, once."""
    from newsprism.model import TimeExpr

    text = ("Evacuation of Aleppo stalls\n\n"
            "Residents said they were told they could leave at 6 a.m. but the shelling resumed.\n\n"
            "The Russian Defense Ministry blamed the rebels for the impasse.")
    said = text.split("\n\n")[1]
    at = text.index("6 a.m.")
    when = (TimeExpr("a", at, at + 6, "6 a.m.", None),)
    terms = ("resident", "tell", "leave", "shelling", "resume")
    timed = _claim("a", said, text.index(said), terms, times=when,
                   figures=(Figure("a", at, at + 6, "6 a.m.", 6, unit="time"),))
    untimed = _claim("a", said, text.index(said), terms, times=when)
    count = _claim("a", said, text.index(said), terms, times=when,
                   figures=(Figure("a", at, at + 1, "6", 6, counts="buses"),))
    story = StoryTerms.of([timed, _claim("b", "Buses waited in Aleppo.", 0, ("bus", "wait"))])
    assert story.own_figures("a", timed.figures) == 1  # no other report gives it, yet it counts nothing
    assert single_source_importance([timed], text, story) == single_source_importance([untimed], text, story)
    assert single_source_importance([count], text, story) > single_source_importance([timed], text, story)
