"""How a one-outlet claim reads: whole sentences for clauses, datelines and bullets cut."""

from __future__ import annotations

from newsprism.compare.fact_text import dateline_only, headline_span, reads_whole, single_source_head
from newsprism.extract.claims import Claim
from newsprism.model import Span

TEXT = ("“This is a worldwide fight and America must lead it, our strategy should have three main elements,” "
        "Clinton said on Thursday in New York City.")


def _claim(text: str, part: str, sentence: bool = True) -> Claim:
    start = text.index(part)
    whole = Span("d", 0, len(text), text) if sentence else None
    return Claim(f"d#{start}", Span("d", start, start + len(part), part), sentence=whole)


def test_reads_whole():
    assert reads_whole("Clinton suggested the United States should send more special forces into Syria.")
    assert not reads_whole("our strategy should have three main elements,” Clinton said on Thursday in New York City.")
    assert not reads_whole("Louisiana Gov. Bobby Jindal on Monday signed an order to block any Syrian refugee,")


def test_a_clause_is_told_as_its_whole_sentence_unless_another_fact_holds_part_of_it():
    tail = _claim(TEXT, "our strategy should have three main elements,” Clinton said on Thursday in New York City.")
    head = _claim(TEXT, "“This is a worldwide fight")
    assert single_source_head(tail, [head], set()) == Span("d", 0, len(TEXT), TEXT)
    assert single_source_head(tail, [head], {head.id}) == tail.citation  # told twice otherwise
    whole = _claim("Clinton suggested the United States should send more forces.", "Clinton suggested the United States should send more forces.")
    assert single_source_head(whole, [], set()) == whole.citation


def test_datelines_and_bullets():
    assert dateline_only("NEW YORK, Nov. 19 (UPI) —")
    assert not dateline_only("NEW YORK — Clinton spoke on Thursday.")
    text = "l Rather than 250,000, only 2,200 Syrians have been admitted."
    cut = headline_span(_claim(text, text, sentence=False))
    assert cut.text == "Rather than 250,000, only 2,200 Syrians have been admitted." and cut.start == 2


def test_a_sentence_going_on_from_another_is_not_whole_and_credits_are_no_content():
    from newsprism.compare.align import is_credit_line

    assert not reads_whole("And an eyebrow-raising 40,570 are unaffiliated or have never voted.")
    assert not reads_whole("But Cox says the NRA won’t allow gun owners to become scapegoats.")
    text = "(h/t Mediaite.)\n\nFollow Ian Hanchett on Twitter @IanHanchett."
    assert is_credit_line(_claim(text, text, sentence=False))
    text = "Follow Jeff Poor on Twitter @jeff_poor."
    assert is_credit_line(_claim(text, text, sentence=False))
    text = "Trump said he would follow the debate on Twitter."
    assert not is_credit_line(_claim(text, text, sentence=False))


def test_a_quotation_cut_open_reads_worse_than_a_whole_one():
    """'“He is becoming ISIS’ best recruiter.' opens a quotation it never closes: as a headline it
    reads worse than the whole quoted sentence."""
    from newsprism.compare.fact_text import readability

    assert readability("“He is becoming ISIS’ best recruiter.") < readability("“He is becoming ISIS’s best recruiter,” she said.")
    assert readability('He said "the deal is dead.') < readability('He said "the deal is dead."')


def _fact_claim(doc: str, text: str) -> Claim:
    return Claim(f"{doc}#0", Span(doc, 0, len(text), text),
                 terms=tuple(w.strip(".,").lower() for w in text.split() if len(w.strip(".,")) > 3))


def test_a_fact_is_headed_by_the_sentence_the_other_reports_state():
    """Two reports of one fact: the Post's sentence tells much the Times does not state (that he
    would deport refugees, "mostly men", a terror plot); the Times' sentence the Post states
    nearly whole. The headline — and the summary sentence cited to both — is the Times' one."""
    from newsprism.compare.fact_text import headline_claim, told_by_others

    post = _fact_claim("post", "Trump, alleging falsely that President Obama wanted to admit 250,000 Syrian refugees, "
                               "said he would deport refugees he speculates are mostly young men and perhaps part of "
                               "a terrorist plot.")
    times = _fact_claim("times", "Trump claimed that President Obama wanted to admit 250,000 Syrian refugees.")
    assert told_by_others(post, [post, times]) < 0.5 <= told_by_others(times, [post, times])
    assert headline_claim([post, times], lambda c: c.text) is times
    # what both state alike: the most readable, as before (a report's own voice, then near 22 words)
    other = _fact_claim("wire", "Trump claimed on Monday that President Obama wanted to admit 250,000 Syrian refugees into the country.")
    assert headline_claim([times, other], lambda c: c.text) is other


def test_a_summary_sentence_another_report_states_little_of_is_left_out():
    """The summary cites each sentence to the reports of its fact: a headline another cited report
    states under a third of ("A Sanders win creates an awkward situation for Clinton ..." cited to
    "The poll showed that either Clinton or Sanders would defeat Trump ...") is left out; one it
    states is kept."""
    from newsprism.compare.fact_text import headline_told
    from newsprism.compare.findings import _summary
    from newsprism.model import Finding

    vowed = _fact_claim("post", "A Sanders win, on the other hand, creates an awkward situation for Clinton, who could be "
                                "celebrating being dubbed the presumptive nominee.")
    blasted = _fact_claim("huff", "The poll showed that either Clinton or Sanders would defeat Trump in a hypothetical "
                                  "November contest.")
    poll = _fact_claim("nyt", "The poll showed Hillary Clinton leading Bernie Sanders among likely voters, 46 percent to 44 percent.")
    survey = _fact_claim("politico", "The survey finds Hillary Clinton leading Bernie Sanders, 46 percent to 44 percent, among likely voters.")
    assert headline_told(vowed.citation, [vowed, blasted]) < 1 / 3 <= headline_told(poll.citation, [poll, survey])

    def finding(fid: str, head: Claim, other: Claim) -> Finding:
        return Finding("", "corroborated", head.text, (head.doc, other.doc), (head.citation, other.citation),
                       claims=(head.id, other.id), sources=2, fact=fid)

    found = [finding("F1", vowed, blasted), finding("F2", poll, survey)]
    heads = {"F1": vowed.citation, "F2": poll.citation}
    claims = {c.id: c for c in (vowed, blasted, poll, survey)}
    assert [s.text for s in _summary(found, heads, claims=claims)] == [poll.text]
    assert len(_summary(found, heads)) == 2  # without the claims, as before


def test_a_summary_sentence_is_a_whole_sentence():
    """A headline that goes on from another sentence ("And merely winning those states is just the
    first step.") or is a name with its description ("Donald Trump campaign manager Corey
    Lewandowski") is no sentence of the summary."""
    from newsprism.compare.findings import _summary
    from newsprism.model import Finding

    def finding(fid: str, text: str) -> Finding:
        a, b = _fact_claim("a", text), _fact_claim("b", text)
        return Finding("", "corroborated", text, ("a", "b"), (a.citation, b.citation), claims=(a.id, b.id),
                       sources=2, fact=fid)

    found = [finding("F1", "And merely winning those states is just the first step."),
             finding("F2", "Donald Trump campaign manager Corey Lewandowski"),
             finding("F3", "Sanders continues to trail Clinton by more than 300 delegates.")]
    assert [s.text for s in _summary(found)] == ["Sanders continues to trail Clinton by more than 300 delegates."]


def test_a_title_is_no_whole_sentence():
    """An article's title written in title case ("George Zimmerman Auctioning Off Gun Used To Kill
    Trayvon Martin.") is no sentence for the summary and reads worse as a headline; a sentence
    full of names still is one."""
    from newsprism.compare.fact_text import readability, title_case

    title = "George Zimmerman Auctioning Off Gun Used To Kill Trayvon Martin."
    assert title_case(title) and not reads_whole(title)
    names = "Collectively, former Florida governor Jeb Bush, Ohio Gov. John Kasich and New Jersey Gov. Chris Christie collected just 7 percent of the GOP vote."
    assert not title_case(names) and reads_whole(names)
    listing = "Many have expressed interest in owning and displaying the firearm including The Smithsonian Museum in Washington D.C."
    assert not title_case(listing)
    sentence = "George Zimmerman is selling the gun he used to kill Trayvon Martin, an unarmed black teenager."
    assert readability(sentence) > readability(title)


def test_a_title_line_fused_with_the_lede_is_cut_from_the_headline():
    from newsprism.compare.fact_text import title_line_length

    text = ("Arrest made in Bloomington hit and run\nPolice arrested a man they believe drove the car that "
            "killed a woman outside a store.")
    cut = headline_span(_claim(text, text, sentence=False))
    assert cut.text.startswith("Police arrested a man") and cut.start == text.index("Police")
    # a line break inside a sentence (text wrapped by hand) is no title
    wrapped = "The navy said it arrested the pirates off the\nSomali coast after a chase that lasted two hours."
    assert title_line_length(wrapped) == 0
    assert title_line_length("Police made an arrest.\nThe woman was 66 and lived near the store.") == 0
    # only a report's first sentence has a title before it, but for a subhead in capitals
    later = "Earlier reports said.\n" + text
    claim = _claim(later, text, sentence=False)
    assert headline_span(claim) == claim.citation
    subhead = "Earlier reports said.\nTHE STRIKE THREAT\nThe union will mail strike ballots to its members on January 2."
    part = subhead[subhead.index("THE"):]
    assert headline_span(_claim(subhead, part, sentence=False)).text.startswith("The union will mail")
    # a page's address, its title and a time stamp, each a line, before the lede
    page = ("http://www.example.com/2013/09/14/queens-hit-and-run.html\nWoman Killed In Queens Hit-And-Run\n"
            "Updated 09/14/2013 01:03 PM\nA woman has died after being hit by a car that fled the scene in Queens.")
    assert headline_span(_claim(page, page, sentence=False)).text == "A woman has died after being hit by a car that fled the scene in Queens."


def test_a_summary_sentence_stands_on_its_own():
    from newsprism.compare.fact_text import summary_sentence

    assert summary_sentence("Johnson was taken to Hennepin County Medical Center in Minneapolis, where she died.")
    assert summary_sentence("“We want it to be a party,” Mark told Reuters on Friday after the announcement.")
    assert not summary_sentence("He emceed both the 2004 and 2005 Tony Awards, and won an Emmy for the first.")
    assert not summary_sentence("Barack Obama to name Dr. Sanjay Gupta surgeon general: rumour or actual news?")
    assert not summary_sentence("You know what they say, the third time's the charm,\" DeGeneres said in a statement.")
    assert not summary_sentence("DON'T do anything that David Letterman did at the show.\nEnough said.")
    assert summary_sentence("The navy said it arrested the pirates off the\nSomali coast after a chase on Saturday.")
    assert not summary_sentence('DeGeneres made the announcement on Twitter and said: "It\'s official: I\'m hosting the show!')
    # a quotation alone: whose words? (BASIL 84678e18, open: the Times prints Lois Lerner's statement
    # as a paragraph of its own, her name in the sentence before)
    assert not summary_sentence("“I have not violated any I.R.S. rules and regulations, and I have not provided false "
                                "information to this or any other Congressional committee.”")
    assert not summary_sentence('"The program is subject to oversight by the Foreign Intelligence Surveillance Court."')
    assert summary_sentence("“I have not violated any I.R.S. rules and regulations,” Ms. Lerner told the committee.")
    # "I.R.S." is no "I": the Times' sentence of Lerner's quotation stands
    assert summary_sentence("“I have not broken any laws,” said Ms. Lerner, who leads the I.R.S.’s division.")


def test_a_web_address_states_no_fact():
    """The page a text was taken from, on a line of its own, shares its words ("ellen degeneres
    host oscars") with every report of the story: it is no statement they corroborate."""
    from newsprism.compare.fact_text import is_content

    for line in ("http://www.deadline.com/2013/08/ellen-degeneres-to-host-oscars/",
                 "http : / / www . foxnews . com / entertainment / 2013 / 08 / 02 / ellen - degeneres - to - host - oscars /",
                 "www.nytimes.com/2013/08/03/business/media/ellen-degeneres-to-host-next-years-oscars.html"):
        assert not is_content(Claim("d#0", Span("d", 0, len(line), line), terms=("ellen", "degeneres", "host", "oscars")))
    text = "Ellen DeGeneres will host the Oscars, the Academy said on www.oscars.org on Friday."
    assert is_content(Claim("d#0", Span("d", 0, len(text), text), terms=("ellen", "degeneres", "host", "oscars", "academy")))


def test_a_summary_sentence_opens_with_nothing_answering_a_sentence_before_it():
    from newsprism.compare.fact_text import summary_sentence

    # the seed, AP: "However, hours after it crumbled, ..." answers the sentence before it
    assert not summary_sentence("However, hours after it crumbled, the rebels said the deal was back on.")
    assert not summary_sentence("Still, the police did make 70 arrests overnight in Ferguson, officials said.")
    assert summary_sentence("Hours after the deal crumbled, the rebels said the evacuation was back on.")
    assert summary_sentence("Stillwater police made 70 arrests overnight, officials said.")


# the seed's damaged Times sentence ("government-held" was stripped: three spaces are left) and
# the Post's and AP's intact ones
_TIMES = "Rebel groups outside the city resumed shelling   districts in Aleppo on Wednesday."
_POST = "Rebel groups resumed shelling government-held districts of Aleppo on Wednesday, residents said."
_AP = "Rebels outside the city resumed shelling districts of Aleppo on Wednesday as the evacuation collapsed."


def test_a_sentence_with_a_gap_where_words_were_lost_heads_no_fact_when_an_intact_one_can():
    from newsprism.compare.fact_text import headline_claim

    times, post = _fact_claim("times", _TIMES), _fact_claim("post", _POST)
    gap = _TIMES.index("   ")
    def gapped(c: Claim) -> bool:
        return c.doc == "times" and c.start <= gap < c.end

    assert headline_claim([times, post], lambda c: c.text, gapped) is post
    assert headline_claim([times], lambda c: c.text, gapped) is times  # none intact: the one there is


def test_a_summary_sentence_is_no_gapped_sentence():
    from newsprism.compare.findings import _summary
    from newsprism.model import Finding

    times, post, ap = _fact_claim("times", _TIMES), _fact_claim("post", _POST), _fact_claim("ap", _AP)
    gaps = {"times": [(_TIMES.index("   "), _TIMES.index("   ") + 3)]}
    claims = {c.id: c for c in (times, post, ap)}

    def fact(head: Claim) -> Finding:
        return Finding("", "corroborated", head.text, ("ap", "post", "times"),
                       (times.citation, post.citation, ap.citation), claims=tuple(claims), sources=3, fact="F1")

    # quoted whole, the Times' sentence would misquote it: left out for another report's intact
    # sentence of the fact; an intact headline stays
    summed = _summary([fact(times)], {"F1": times.citation}, claims=claims, gaps=gaps)
    assert [s.text for s in summed] and all(s.text != _TIMES for s in summed)
    assert [s.text for s in _summary([fact(post)], {"F1": post.citation}, claims=claims, gaps=gaps)] == [_POST]
    assert len(_summary([fact(times)], {"F1": times.citation}, claims=claims)) == 1  # no gaps known: as before


def test_a_summary_sentence_is_not_cut_at_a_titles_period_and_pairs_treebank_quotes():
    from newsprism.compare.fact_text import summary_sentence

    # ECB+ 34ecbplus and 2ecb, as the ECB+ measure rebuilds them from tokens
    assert not summary_sentence("President Obama has nominated Alabama physician Dr .")
    assert not summary_sentence("Dr. Benjamin became the first African-American president of the Medical Assn.")
    assert not summary_sentence("In a statement, producers said , `` Hugh Jackman is a consummate entertainer .")
    assert not summary_sentence("Hugh is the ideal choice to host the show , '' the pair said in a statement .")
    assert summary_sentence("As word got out , a clip of his performance from `` The Boy From Oz '' made the rounds .")
    assert summary_sentence("President Obama nominated Dr. Regina Benjamin as surgeon general on Monday.")


def test_a_date_stamp_line_is_cut_and_a_sentence_cut_at_an_initial_is_no_summary_sentence():
    """ECB+ pages: "Published August 02 , 2013" stands on its own line before the lede the sentence
    splitter joined to it — the headline starts after it, wherever it stands; a "sentence" cut
    after an initial ("... his nominee for U . S .", "... nominating Regina M .") or spanning a
    paragraph break is no summary sentence; "the U.S." ends one."""
    from newsprism.compare.fact_text import summary_sentence, title_line_length

    text = ("Published August 02 , 2013\n\nEllen DeGeneres will host the Oscars for a second time next year , "
            "the Academy announced Friday .")
    cut = title_line_length(text, first=False)
    assert text[cut:].startswith("Ellen DeGeneres will host")
    assert title_line_length("Ellen DeGeneres said on Friday\nthat she would host the Oscars next year again .",
                             first=False) == 0
    assert not summary_sentence("President Barack Obama held a press conference to announce his nominee for U . S .")
    assert not summary_sentence("On July 13 , Obama announced that he was nominating Regina M .")
    assert not summary_sentence("July 13 , 2009\n\nPresident Barack Obama named his nominee for surgeon general .")
    assert summary_sentence("President Barack Obama named a rural Alabama doctor to be the top doctor of the U.S.")


def test_a_sentence_opening_with_a_place_it_does_not_name_is_no_summary_sentence():
    """"There, she served the poor Alabama community ..." goes on from a sentence naming the place;
    "There are, of course, senators who think ..." does not."""
    from newsprism.compare.fact_text import summary_sentence

    assert not summary_sentence("There, Benjamin served the poor Alabama community on the Gulf Coast after 1998's "
                                "Hurricane Georges.")
    assert summary_sentence("There are, of course, senators who think the troops should pull out of Afghanistan, and "
                            "they are entitled to make their case.")


def test_someones_words_printed_without_a_speaker_are_no_summary_sentence():
    """BASIL: the Post prints Arpaio's statement as a paragraph of its own ("I'm endorsing Rick Perry
    because we need a tough-on-crime president ..."); in the summary it would read as the outlet's
    words. "I", "my", "we", "our" outside quotation marks mark it; a quotation with its speaker and
    "the US military" do not."""
    from newsprism.compare.fact_text import summary_sentence

    assert not summary_sentence("I'm endorsing Rick Perry because we need a tough-on-crime president who will fund "
                                "border security.")
    assert not summary_sentence("My hope, if confirmed as Surgeon General, is to be America's doctor.")
    assert summary_sentence("“For the sake of the security of the free world, our country must give our troops the "
                            "support necessary to win this war,” Mr. Steele said.")
    assert summary_sentence("The US military said the pirates were taken to Djibouti on Sunday.")


def test_a_one_outlet_item_that_opens_inside_a_quotation_is_shown_from_its_opening_mark(nlp):
    """BASIL 450755dd (open): the first one-outlet item opened inside a youth pastor's quotation ('I mean,
    I do believe in ... ,” youth pastor Stephen Lenahan told Fox News'; the sentence splitter cut the
    quoted passage after its first sentence): someone's words cut in two. It is shown from the
    quotation's opening mark, the quotation's first sentence with it, and that is not a second item."""
    from newsprism.compare.fact_text import quote_opening
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    said = ("“I think it comes down to a First Amendment issue. I mean, I do believe in the traditional values "
            "of marriage between a man and a woman,” youth pastor Stephen Lenahan told Fox News after breakfast.")
    fox = ("Thousands of people lined up at Chick-fil-A restaurants across the country on Wednesday.\n\n" + said + "\n\n"
           "Mike Huckabee, the former governor of Arkansas, had called for the appreciation day last week.")
    assert quote_opening(fox, fox.index("I mean")) == fox.index("“I think")
    assert quote_opening(fox, fox.index("Mike Huckabee")) is None
    texts = {"fox": fox, "nyt": "Thousands of people lined up at Chick-fil-A restaurants across the nation on Wednesday."}
    arts = [Article(id=k, text=v, outlet=k) for k, v in texts.items()]
    single = [f.about for f in run_pipeline(arts, nlp).findings.single_source]
    assert said in single, single
    assert not any(t.startswith("I mean") or t == "“I think it comes down to a First Amendment issue." for t in single), single


def test_a_comment_on_what_came_before_weighs_less_than_news():
    """The seed's Times: "It was the latest whiplash for the thousands trapped in the ruins ..." and AP's
    "It was an effective surrender by the rebel fighters ..." were 2nd and 7th of the one-outlet items:
    a judgement on what the sentences before told, no news of its own. They weigh less than a sentence
    of the same words that tells something."""
    from newsprism.compare.fact_text import single_source_weight

    def weight(text: str) -> float:
        claim = Claim("a#100", Span("a", 100, 100 + len(text), text), terms=("surrender", "rebel", "fighter"))
        return single_source_weight(claim, claim.citation, None)

    assert weight("It was an effective surrender by the rebel fighters who had held half of Aleppo.") < 1.0
    assert weight("It rained on the rebel fighters who had held half of Aleppo for four years.") == 1.0
    assert weight("The rebel fighters who had held half of Aleppo surrendered on Tuesday.") == 1.0


def test_an_age_does_not_make_who_someone_is_news():
    """BASIL c21cb217 and ee05c9b3 (open): "Weiner, 46, is married to Huma Abedin, ..." and "Brat is
    married and has two children, an 11-year-old daughter and a 15-year-old son." were told as news:
    their ages counted as figures, and a sentence with a figure was never who someone is."""
    from newsprism.compare.fact_text import single_source_weight
    from newsprism.extract.propositions import Proposition
    from newsprism.model import Figure

    text = "Weiner, 46, is married to Huma Abedin, an aide to Secretary of State Hillary Clinton."
    age = Figure("a", 8, 10, "46", 46, unit="age")
    married = Claim("a#0", Span("a", 0, len(text), text), figures=(age,), entities=("E1", "E2"),
                    terms=("weiner", "marry", "huma", "abedin", "aide"))
    prop = Proposition("a#0", "be married", agents=frozenset({"@E1"}), figures=frozenset({"#46"}))
    assert single_source_weight(married, married.citation, None, prop) < 1.0
    # a figure of an event keeps the sentence news ("Weiner follows 198 people")
    text2 = "Weiner is the follower of 198 people on Twitter."
    count = Figure("a", 29, 32, "198", 198, counts="people")
    follows = Claim("a#0", Span("a", 0, len(text2), text2), figures=(count,), entities=("E1",),
                    terms=("weiner", "follower", "people", "twitter"))
    prop2 = Proposition("a#0", "be follower", agents=frozenset({"@E1"}), figures=frozenset({"#198"}))
    assert single_source_weight(follows, follows.citation, None, prop2) == 1.0


def test_a_sentence_whose_subject_points_back_leans_on_the_one_before(nlp):
    # BASIL 9879bbc0 (open): Fox's "It dipped to $1.5 billion the following year ..." headed the
    # one-outlet list alone; the seed's '“They think we are Daesh,” he said via WhatsApp' names nobody
    from newsprism.compare.fact_text import leans_back

    text = ("Funding for embassy security was $640 million in 2008. It steadily climbed to $1.6 billion in 2010. "
            "“They think we are Daesh,” he said via WhatsApp. That cable warned of a coordinated attack. "
            "“It was a massacre,” said Ahmed Saleh, a nurse. The budget dipped to $1.5 billion in 2011. "
            "President Obama met the leaders on Tuesday -- he assigned Treasury Secretary Tim Geithner to the talks.")
    doc = nlp(text)

    def head(sentence: str) -> Span:
        start = text.index(sentence)
        return Span("a", start, start + len(sentence), sentence)

    assert leans_back(head("It steadily climbed to $1.6 billion in 2010."), doc)
    assert leans_back(head("“They think we are Daesh,” he said via WhatsApp."), doc)
    assert leans_back(head("That cable warned of a coordinated attack."), doc)
    # a pronoun inside the quotation is the speaker's; a named subject stands alone
    assert not leans_back(head("“It was a massacre,” said Ahmed Saleh, a nurse."), doc)
    assert not leans_back(head("The budget dipped to $1.5 billion in 2011."), doc)
    assert not leans_back(head("Funding for embassy security was $640 million in 2008."), doc)
    # the name before the pronoun in the sentence is who it is
    assert not leans_back(head("President Obama met the leaders on Tuesday -- he assigned Treasury Secretary Tim Geithner "
                               "to the talks."), doc)
    assert not leans_back(head("The budget dipped to $1.5 billion in 2011."), None)
