"""Speakers a reader would see wrong on untuned news (PolNeAR train stories, issue 10): the
check that finds them (``evaluate.people.speaker_problems``) and the causes, each on a short
text written after the article it was seen in."""

from __future__ import annotations

from dataclasses import replace

from newsprism.model import Article, Quote, Span


def _analysis(nlp, text: str):
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    return run_pipeline([Article(id="a", text=text, outlet="AP")], nlp, stages=CORE_STAGES)


def _speakers(analysis) -> dict[str, str | None]:
    """Each quote's text -> the name of the entity it is credited to, else its speaker as written."""
    out = {}
    for q in analysis.quotes:
        entity = analysis.entity(q.speaker_entity) if q.speaker_entity else None
        out[q.text] = entity.name if entity else q.speaker
    return out


_LIVE_BLOG = (
    "The Latest: Trump delivers defense of \u2018New York values.\u2019\n\n"
    "WASHINGTON (AP) \u2014 The Latest on campaign 2016 in the lead up to Tuesday\u2019s New York primary "
    "(all times Eastern Daylight Time):\n\n"
    "9:34 p.m.\n\n"
    "Donald Trump has delivered an impassioned defense of \u201cNew York values,\u201d saying the city "
    "embodied the \u201cbravery, heart and soul of America.\u201d\n\n"
    "Some of Clinton\u2019s advisers argue that she will clinch the nomination. \u201cThere won\u2019t be a path "
    "for Bernie to succeed,\u201d said one of those advisers, who spoke on the condition of anonymity.\n\n"
    "Sanders has done well in college towns, and New York has several, including Syracuse and "
    "\u201cthe people\u2019s republic of Ithaca,\u201d home to Cornell University.\n\n"
    "Republicans in Georgia were worried about the economy; most said they were \u201cvery worried\u201d about it.\n\n"
    "\u201cHe is not going to be our nominee,\u201d said one Trump campaign source, who asked not to be named."
)


def test_the_speaker_check_sees_what_a_reader_would_see(nlp):
    # the kinds of speaker the check let pass: a live blog's header, a headline's word, a bare
    # "one", a place named after "including", words inside quotation marks, and an entity the
    # speaker's phrase only qualifies ("one Trump campaign source" under Donald Trump)
    from newsprism.evaluate.people import speaker_problems

    text = _LIVE_BLOG
    analysis = _analysis(nlp, text)
    assert speaker_problems(analysis) == []
    trump = next(e for e in analysis.entities if e.name == "Donald Trump")

    def quote(words: str, speaker: str, at: int, entity: str | None = None, cue: str | None = None) -> Quote:
        start = text.index(words)
        cue_span = None
        if cue is not None:
            c = text.index(cue)
            cue_span = Span("a", c, c + len(cue), cue)
        return Quote("a", start, start + len(words), words, speaker, Span("a", at, at + len(speaker), speaker),
                     entity, cue_span)

    broken = (
        quote("bravery, heart and soul of America.", "The Latest", 0),
        quote("There won\u2019t be a path for Bernie to succeed,", "one", text.index("one of those")),
        quote("the people\u2019s republic of Ithaca,", "Syracuse", text.index("Syracuse"), cue="including"),
        quote("He is not going to be our nominee,", "one Trump campaign source", text.index("one Trump"), trump.id),
        quote("very worried", "heart and soul", text.index("heart and soul")),
    )
    problems = speaker_problems(replace(analysis, quotes=broken))
    assert len(problems) == 5, problems
    assert "a word of the headline" in problems[0]
    assert "no person, organisation or document" in problems[1]
    assert "'including', no verb of saying" in problems[2]
    assert "credited to 'Donald Trump'" in problems[3]
    assert "inside a quote" in problems[4]


def test_speakers_of_a_live_blog_are_not_its_header_a_bare_one_or_a_place(nlp):
    speakers = _speakers(_analysis(nlp, _LIVE_BLOG))
    # the header ran into the first item's sentence ("The Latest ... Donald Trump has delivered")
    assert speakers["bravery, heart and soul of America."] == "Donald Trump"
    assert speakers["There won\u2019t be a path for Bernie to succeed,"] == "one of those advisers"
    assert speakers.get("the people\u2019s republic of Ithaca,") is None  # "including Syracuse" says nothing
    assert speakers.get("very worried") is None  # most of whom, the sentence does not say
    # a source of the campaign is not the candidate
    assert speakers["He is not going to be our nominee,"] == "one Trump campaign source"


def test_a_headline_word_and_a_surname_ner_calls_an_organisation(nlp):
    # USA Today, April 2016: "Win or not, candidate says" opened the text, NER typed every
    # "Sanders" ORG, and "he told" went back to "Win"
    text = (
        "Sanders lays off more than 200 campaign staffers;\n"
        "Win or not, candidate says, campaign aims to transform country.\n\n"
        "The results of Tuesday\u2019s primaries will force Sen. Bernie Sanders to acknowledge a hard reality.\n\n"
        "Sanders hasn\u2019t said whether he has a new strategy, and he insisted at an Indiana rally that he is "
        "still in the race.\n\n"
        "\u201cOur job, whether we win or whether we do not win, is to transform our country,\u201d he told "
        "2,267 people gathered at Purdue University."
    )
    speakers = _speakers(_analysis(nlp, text))
    assert speakers["Our job, whether we win or whether we do not win, is to transform our country,"] == "Bernie Sanders"


def test_a_programme_in_quotation_marks_is_not_who_speaks(nlp):
    # Politico, July 2016: "on MSNBC's “Morning Joe,” calling it a “no-brainer”" made the
    # programme the speaker of both quotes
    text = (
        "Former New York City Mayor Rudy Giuliani, who backs Trump, trashed Comey on MSNBC\u2019s "
        "\u201cMorning Joe,\u201d calling it a \u201cno-brainer\u201d to prosecute under the law."
    )
    analysis = _analysis(nlp, text)
    assert all(q.speaker != "Morning Joe" for q in analysis.quotes)


def test_a_slogan_or_a_sign_holding_a_name_is_not_that_person(nlp):
    # Washington Post, March 2016: protesters chanting “Dump Trump.” and a sign reading
    # “Hispanics 4 Trump” had joined Donald Trump's entity
    from newsprism.evaluate.people import wrong_merges

    text = (
        "Donald Trump spoke to the group on Monday. Outside the arena, about 200 protesters chanted "
        "\u201cDump Trump.\u201d\n\n"
        "Trump spotted a sign in the crowd. He held up the sign \u2014 which read \u201cHispanics 4 Trump\u201d "
        "\u2014 and waved it around. Trump thanked the crowd."
    )
    analysis = _analysis(nlp, text)
    assert wrong_merges(analysis) == []
    trump = next(e for e in analysis.entities if e.name == "Donald Trump")
    assert "Dump Trump" not in trump.variants and "Hispanics 4 Trump" not in trump.variants
    assert "Trump" in trump.variants


def test_she_skips_a_name_of_no_gender_named_outside_any_subject(nlp):
    # Western Journal, Aug. 2016: NER made "Purple Heart" a person; as the nearest name before
    # "she said" it took Dorothy Woods's quotes
    text = (
        "Dorothy Woods continued her discussion of Trump\u2019s recent behavior by responding to those who "
        "believe he should not have accepted a replica Purple Heart from a supporter this week.\n\n"
        "\u201cI was disturbed that he was criticized for accepting the Purple Heart,\u201d she said."
    )
    speakers = _speakers(_analysis(nlp, text))
    assert speakers["I was disturbed that he was criticized for accepting the Purple Heart,"] == "Dorothy Woods"


def test_a_speaker_is_linked_by_its_head_word_not_a_name_that_qualifies_it():
    from newsprism.model import Entity, Mention
    from newsprism.pipeline import link_speaker

    cases = [  # (speaker as written, name inside it, its label, linked)
        ("one Trump campaign source", "Trump", "PERSON", False),
        ("Sanders\u2019 campaign manager", "Sanders", "PERSON", False),
        ("Attorneys for Clinton", "Clinton", "PERSON", False),
        ("a spokesman for the State Department", "State Department", "ORG", True),
        ("Republican senators", "Republican", "NORP", True),  # a group's members speak under it
        ("The Council on American-Islamic Relations Executive Director Nihad Awad", "Nihad Awad", "PERSON", True),
    ]
    for text, name, label, linked in cases:
        start = text.index(name)
        entity = Entity("E1", name, label, (name,), (Mention("d", start, start + len(name), name, label),))
        quote = Quote("d", 0, 1, "x", text, speaker_span=Span("d", 0, len(text), text))
        assert (link_speaker(quote, [entity]).speaker_entity == "E1") is linked, text


def test_a_he_inside_the_quoted_words_does_not_hide_who_she_is(nlp):
    # PolNeAR story 544 (Western Journal): "“I am the daughter of a man who was shot by someone
    # ... if he killed the President ...,” she wrote." had no speaker: the "he" of the quoted
    # words was read as a second person beside "she" in the reporter's sentence
    text = (
        "Davis, a longtime liberal, lashed out at the GOP nominee on Facebook.\n\n"
        "In her post, she reminded Trump of the actions of John Hinckley Jr., who shot and wounded "
        "President Reagan in 1981.\n\n"
        "\u201cI am the daughter of a man who was shot by someone who got his inspiration from a movie, "
        "someone who believed if he killed the President the actress from that movie would notice him,\u201d "
        "she wrote."
    )
    said = _speakers(_analysis(nlp, text))
    quote = next(q for q in said if q.startswith("I am the daughter"))
    assert said[quote] is not None and "Davis" in said[quote], said
