"""Side facts (newsprism.compare.side_facts): who someone is, told in passing by two outlets
(an apposition, a relative clause, a description before the name), is a corroborated fact of
its own, citing only the name and its description — while the sentences' main facts, which
differ, stay single-source. One shared word ("a Democrat" / "Democrat of North Carolina") or a
bare title is not enough."""

from __future__ import annotations

from newsprism.model import Article


def _analyse(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    return run_pipeline(arts, nlp)


def _cited(analysis) -> list[dict[str, str]]:
    return [{c.doc: c.text for c in item.citations} for item in analysis.findings.corroborated]


def test_a_description_told_in_passing_by_two_outlets_is_corroborated(nlp):
    from newsprism.check import check_report
    from newsprism.model import to_jsonable

    analysis = _analyse(nlp, {
        "a": "Liz Cheney, a Wyoming Senate candidate, spoke to farmers in Casper on Monday about water rights. "
             "The meeting lasted two hours.",
        "b": "Pollsters found that Wyoming Senate candidate Liz Cheney trails the incumbent by thirty points. "
             "The survey reached 600 voters.",
    })
    cited = _cited(analysis)
    assert {"a": "Liz Cheney, a Wyoming Senate candidate", "b": "Wyoming Senate candidate Liz Cheney"} in cited, cited
    # shown as a sentence made of one report's cited words, the headline staying verbatim
    side = [f for f in analysis.findings.facts if f.statement]
    assert [f.statement for f in side] == ["Liz Cheney is a Wyoming Senate candidate."]
    assert side[0].headline.text in ("Liz Cheney, a Wyoming Senate candidate", "Wyoming Senate candidate Liz Cheney")
    from newsprism.report.markdown import to_markdown

    assert "**Liz Cheney is a Wyoming Senate candidate.**" in to_markdown(analysis)
    # the main facts differ: each sentence is still one outlet's news
    single = [item.about for item in analysis.findings.single_source]
    assert any("farmers" in s for s in single) and any("thirty points" in s for s in single), single
    assert check_report(to_jsonable(analysis)) == []


def test_a_relative_clause_told_by_two_outlets_is_corroborated(nlp):
    analysis = _analyse(nlp, {
        "a": "Mary Cheney, who is gay and married her longtime partner last year, wrote on Facebook on Friday "
             "that she loves her sister.",
        "b": "The post drew praise from Mary Cheney, who is openly gay and married her partner in Washington last year, "
             "and from several of her friends.",
    })
    cited = _cited(analysis)
    assert any(set(c) == {"a", "b"} and all("married" in t and "gay" in t for t in c.values()) for c in cited), cited
    # "Mary Cheney, who is gay and ...": the relative pronoun gives way to the name
    statements = {f.statement for f in analysis.findings.facts if f.statement}
    assert statements & {"Mary Cheney is gay and married her longtime partner last year.",
                         "Mary Cheney is openly gay and married her partner in Washington last year."}, statements


def test_one_shared_word_or_a_bare_title_is_no_side_fact(nlp):
    analysis = _analyse(nlp, {
        "a": "Etheridge, a Democrat, apologized on Monday for grabbing the student by the neck in a video.",
        "b": "Representative Bob Etheridge, Democrat of North Carolina, will hold a town hall meeting in Raleigh on Friday.",
    })
    assert _cited(analysis) == []


def test_side_facts_come_after_the_facts_the_sentences_are_about(nlp):
    from newsprism.compare.side_facts import is_side_fact

    analysis = _analyse(nlp, {
        "a": "Liz Cheney, a Wyoming Senate candidate, said on Friday that she opposes same-sex marriage.",
        "b": "In a statement on Friday, Wyoming Senate candidate Liz Cheney declared her opposition to gay marriage.",
        "c": "Liz Cheney, a Wyoming Senate candidate, opposes same-sex marriage, she told reporters on Friday.",
    })
    facts = {f.id: f for f in analysis.findings.facts}
    kinds = [is_side_fact(facts[item.fact]) for item in analysis.findings.corroborated]
    assert kinds == sorted(kinds) and True in kinds and False in kinds, [i.about for i in analysis.findings.corroborated]


def test_a_guess_or_a_clipped_description_is_no_side_fact(nlp):
    from newsprism.compare.side_facts import side_facts
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    ws = Workspace(articles=[Article(id="a", text="Raul Labrador would be the Tea Party alternative to McCarthy. "
                                                  "Raul Labrador is a Tea Party congressman from Idaho.", outlet="A")])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs)
    texts = [s.span.text for s in side_facts(claims, ws.analysis, docs)]
    assert not any("would" in t for t in texts), texts
    assert any(t.startswith("Raul Labrador is a Tea Party congressman") for t in texts), texts
    for s in side_facts(claims, ws.analysis, docs):  # each inside its claim, never cut by it
        claim = next(c for c in claims if c.id == s.claim)
        assert claim.start <= s.span.start and s.span.end <= claim.end


def test_a_side_facts_sentence_has_no_pronoun_pointing_nowhere(nlp):
    # "Corey Lewandowski is his combative former campaign manager." would leave "his" to nobody:
    # no sentence then (the verbatim name and description are shown); in a relative clause the
    # pronoun is the person's own ("who married her partner")
    from newsprism.compare.side_facts import side_facts
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    text = ("Donald Trump hired Steve Bannon on Wednesday. He also praised Corey Lewandowski, his combative former "
            "campaign manager, in a speech in Ohio. Kellyanne Conway, a veteran pollster, was promoted. "
            "Mary Cheney, who married her longtime partner last year, wrote on Facebook on Friday.")
    ws = Workspace(articles=[Article(id="a", text=text, outlet="A")])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    told = {s.span.text: s.statement for s in side_facts(extract_claims(ws.analysis, docs), ws.analysis, docs)}
    assert told.get("Kellyanne Conway, a veteran pollster") == "Kellyanne Conway is a veteran pollster.", told
    assert "Corey Lewandowski, his combative former campaign manager" in told, told
    assert told["Corey Lewandowski, his combative former campaign manager"] in (
        None, "Corey Lewandowski is Donald Trump’s combative former campaign manager."), told
    assert told.get("Mary Cheney, who married her longtime partner last year") == (
        "Mary Cheney married her longtime partner last year."), told


def test_a_side_facts_sentence_names_one_person_alone_and_leaves_no_bracket_open(nlp):
    from newsprism.compare.side_facts import _sentence

    two = nlp("Robert Gibbs and David Axelrod")
    desc = nlp("the White House press secretary")
    assert _sentence(two[:], "is", desc[:]) is None  # "Robert Gibbs and David Axelrod is the ... secretary"
    first = nlp("Raul Labrador, a 46-year-old Mormon father of five")
    assert _sentence(first[:], "is", desc[:]) == "Raul Labrador is the White House press secretary."
    cut = nlp("spokesman for House Speaker John Boehner (R-Ohio")
    assert _sentence(nlp("Brendan Buck")[:], "is", cut[:]) == "Brendan Buck is spokesman for House Speaker John Boehner."


def test_a_side_facts_sentence_never_takes_in_the_dateline(nlp):
    # PolNeAR (Washington Post, 2016-07-03): "NEW YORK - Republican presidential candidate Donald
    # Trump on Saturday tweeted ..." gave the sentence "Donald Trump is NEW YORK - Republican
    # presidential candidate."; no sentence of a report's wording may carry its dateline
    from newsprism.compare.side_facts import side_facts
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    text = ("NEW YORK - Republican presidential candidate Donald Trump on Saturday tweeted an image of rival "
            "Hillary Clinton alongside $100 bills. The post was deleted hours later.")
    ws = Workspace(articles=[Article(id="a", text=text, outlet="A")])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    sides = side_facts(extract_claims(ws.analysis, docs), ws.analysis, docs)
    assert all("NEW YORK" not in (s.statement or "") and "NEW YORK" not in s.span.text for s in sides), [
        (s.span.text, s.statement) for s in sides]


def test_a_description_inside_a_quotation_is_the_speakers_words_no_side_fact(nlp):
    """Two speakers calling Ayn Rand someone's "favorite philosopher" in their quoted words: the
    quotation is the fact; the outlets describe nobody."""
    texts = {
        "nyt": "Nearly 90 faculty members at Georgetown University wrote to Representative Paul Ryan on Tuesday. "
               "“Your budget appears to reflect the values of your favorite philosopher, Ayn Rand, rather than the "
               "Gospel of Jesus Christ,” says the letter.",
        "hpo": "Catholic scholars criticized the budget of Chairman Paul Ryan this week. “I am afraid that Chairman "
               "Ryan’s budget reflects the values of his favorite philosopher, Ayn Rand, rather than the gospel of "
               "Jesus Christ,” said Father Thomas Reese.",
    }
    told = _analyse(nlp, texts).findings.corroborated
    assert any("rather than the" in f.about for f in told)  # the shared quotation
    assert not any(f.about.endswith("Ayn Rand") for f in told), [f.about for f in told]


def test_a_name_and_title_that_make_no_sentence_is_no_headline(nlp):
    # how two outlets name someone, no member's words making a sentence (a title before the name; a title
    # before two coordinated names): printed, it would be a headline that is no sentence (BASIL df5fe55a)
    texts = {
        "a": "The tax deal was shaped by the White House press secretary Robert Gibbs and David Axelrod, "
             "two aides said on Tuesday.",
        "b": "White House Press Secretary Robert Gibbs declined to say on Monday whether the president would sign it.",
    }
    analysis = _analyse(nlp, texts)
    assert not [c for c in _cited(analysis) if set(c) == {"a", "b"} and all("Gibbs" in t for t in c.values())], _cited(analysis)
    for item in analysis.findings.corroborated:  # every headline printed is a sentence
        assert item.about.rstrip()[-1:] in ".!?\"”", item.about


def test_two_descriptions_sharing_words_only_in_clauses_inside_them_are_no_side_fact(nlp):
    # what each says he is ("an immigration attorney", "a Republican of Idaho") differs; "serve ... Congress"
    # is told in a clause inside each description
    analysis = _analyse(nlp, {
        "a": "Raul Labrador, who worked as an immigration attorney before serving in Congress, said on Friday "
             "that he would run for majority leader.",
        "b": "The race drew in Raul Labrador, a Republican of Idaho who has barely served two terms in Congress, "
             "and two other members of the conference.",
    })
    cited = _cited(analysis)
    assert not any(set(c) == {"a", "b"} and all("Congress" in t for t in c.values()) for c in cited), cited


def test_two_descriptions_telling_one_thing_with_a_clause_are_still_a_side_fact(nlp):
    analysis = _analyse(nlp, {
        "a": "Richard Blumenthal, a Democrat now running for the United States Senate, spoke in Hartford on Monday "
             "about his military record.",
        "b": "Reporters questioned Richard Blumenthal, a Democrat now running for the United States Senate, "
             "about a speech he gave in 2008.",
    })
    cited = _cited(analysis)
    assert any(set(c) == {"a", "b"} and all("Democrat" in t for t in c.values()) for c in cited), cited
