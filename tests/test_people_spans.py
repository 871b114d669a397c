"""Person name spans that hold two people, and the wrong-merge check's honorifics (issue 10,
untuned PolNeAR stories): each test fails on the code before its fix."""

from __future__ import annotations

from newsprism.extract.mentions import extract_mentions
from newsprism.model import Article


def _names(nlp, text: str) -> list[tuple[str, str]]:
    return [(m.text, m.label) for m in extract_mentions(Article(id="a", text=text), nlp(text))]


def test_a_headline_naming_two_people_is_two_people(nlp):
    """HuffPost, June 2016: NER reads the headline "Hillary Clinton Slams Donald Trump" as one
    person, who then carried his mentions and hers."""
    text = ("Hillary Clinton Slams Donald Trump On Abortion After SCOTUS Ruling.\n\n"
            "Presumptive Democratic presidential nominee Hillary Clinton blasted her Republican rival "
            "Donald Trump on Monday over his muddled stance on abortion.")
    names = _names(nlp, text)
    assert ("Hillary Clinton Slams Donald Trump", "PERSON") not in names
    assert names[:2] == [("Hillary Clinton", "PERSON"), ("Donald Trump", "PERSON")]


def test_a_list_of_candidates_cut_by_to_is_each_candidate(nlp):
    """Washington Post, April 2016: "shifted from Carly Fiorina to Rubio" is read as one name
    ending in "Rubio", and joined Marco Rubio's entity with Carly Fiorina's given name."""
    text = ("While the district had voted for Sen. Marco Rubio, the Florida Republican's subsequent collapse "
            "left the convention open.\n\nWilliam E. Wilkin, a history teacher, voiced the frustration of many "
            "Republicans.\n\nHis allegiance has shifted from Carly Fiorina to Rubio to, now, Cruz, Wilkin said.")
    names = _names(nlp, text)
    assert not any("Fiorina to" in n for n, _ in names)
    assert ("Carly Fiorina", "PERSON") in names and ("Rubio", "PERSON") in names
    # names that hold lower-case words of their own are left whole
    kept = _names(nlp, "Charles de Gaulle met Bashar al-Assad at the Bank of America.")
    assert {"Charles de Gaulle", "Bashar al-Assad", "Bank of America"} <= {n for n, _ in kept}


def test_a_sentence_ending_in_lady_gives_the_next_name_no_gender():
    """USA Today, Jan. 2016: "... and first lady.  Sanders, the senator from Vermont, said" —
    "lady." ends a sentence; it is no honorific of "Sanders"."""
    from newsprism.evaluate.people import wrong_merges
    from newsprism.model import DocumentInfo, Entity, Mention, StoryAnalysis

    text = "Clinton spoke as senator and first lady.  Sanders, the senator from Vermont, said Bernie Sanders won."
    start, full = text.index("Sanders,"), text.index("Bernie Sanders")
    info = DocumentInfo("a", None, None, None, None, None, False, (), None, None, (), None, text)
    bernie = Entity("E1", "Bernie Sanders", "PERSON", ("Bernie Sanders", "Sanders"), (
        Mention("a", full, full + 14, "Bernie Sanders", "PERSON"), Mention("a", start, start + 7, "Sanders", "PERSON")))
    analysis = StoryAnalysis(documents=(info,), entities=(bernie,), quotes=(), figures=(), times=())
    assert wrong_merges(analysis) == []
    # "Mrs. Sanders" still tells a gender
    text2 = "Bernie Sanders spoke. Mrs. Sanders waved."
    info2 = DocumentInfo("a", None, None, None, None, None, False, (), None, None, (), None, text2)
    mixed = Entity("E1", "Bernie Sanders", "PERSON", ("Bernie Sanders", "Sanders"), (
        Mention("a", 0, 14, "Bernie Sanders", "PERSON"), Mention("a", text2.index("Sanders w"), text2.index("Sanders w") + 7, "Sanders", "PERSON")))
    assert len(wrong_merges(StoryAnalysis(documents=(info2,), entities=(mixed,), quotes=(), figures=(), times=()))) == 1


def test_two_numbered_streets_are_two_places(nlp):
    """ECB+ 21 style: "117th Street" and "97th Street" differ only in their numbers, which the
    name key dropped ("th" + "Street"), so one crash's street took the other's."""
    from newsprism.compare.resolve import resolve_entities

    texts = {"a": "The crash happened on 117th Street in Richmond Hill on Friday.",
             "b": "A second car was found abandoned on 97th Street in Queens. Police closed 117th Street."}
    docs = {k: nlp(v) for k, v in texts.items()}
    mentions = [m for k, t in texts.items() for m in extract_mentions(Article(id=k, text=t), docs[k])]
    streets = [{m.text for m in e.mentions} for e in resolve_entities(mentions, docs)
               if any("Street" in m.text for m in e.mentions)]
    assert sorted(streets, key=sorted) == [{"117th Street"}, {"97th Street"}]


def test_a_magazine_named_by_its_kind_is_a_speaker(nlp):
    """Western Journalism, April 2016: "... has already left the station,” wrote Time magazine."
    — the speaker check read the word "Time" and called the magazine no speaker."""
    from newsprism.evaluate.people import speaker_problems
    from newsprism.pipeline import run_pipeline

    text = ("Even before Palin’s withdrawal, Cruz was favored to win most if not all of the delegates.\n\n"
            "“In the case of Wyoming, the Cruz train has already left the station,” wrote Time magazine. "
            "“Cruz’s domination in the county conventions followed his campaign’s aggressive organizing.”")
    analysis = run_pipeline([Article(id="a", text=text, outlet="x")], nlp)
    assert [q.speaker for q in analysis.quotes][:1] == ["Time magazine"]
    assert speaker_problems(analysis) == []
