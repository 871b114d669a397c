"""A speaker as the report names it, on short texts written after untuned PolNeAR articles
(issue 10): who speaks, not when it spoke; the publication that prints an editorial; a
poll's share speaks for its group; "the former president" is not whoever is president now;
and one name-span NER ran across two people is two people, not a wrong merge."""

from __future__ import annotations

from newsprism.model import Article


def _speakers(nlp, text: str) -> dict[str, str | None]:
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    analysis = run_pipeline([Article(id="a", text=text, outlet="AP")], nlp, stages=CORE_STAGES)
    out = {}
    for q in analysis.quotes:
        entity = analysis.entity(q.speaker_entity) if q.speaker_entity else None
        out[q.text] = entity.name if entity else q.speaker
    return out


def test_a_day_after_the_speaker_is_when_it_spoke_not_who(nlp):
    text = ("Bernie Sanders kept up his attacks in New York. The Sanders campaign on Monday also doubled down "
            "on its attacks, saying she is experienced \u201con paper\u201d but suggesting that might not be enough.")
    speakers = _speakers(nlp, text)
    assert speakers["on paper"] is not None and "Monday" not in speakers["on paper"], speakers


def test_an_editorial_speaks_for_the_paper_that_prints_it(nlp):
    text = ("Sen. Charles Grassley has been taking heat back home for not condemning the attacks.\n\n"
            "\u201cThere are invertebrates that have shown more spine than Sen. Charles Grassley,\u201d reads a "
            "Wednesday editorial in The Des Moines Register.")
    speakers = _speakers(nlp, text)
    quote = next(q for q in speakers if q.startswith("There are invertebrates"))
    assert speakers[quote] is not None and "Des Moines Register" in speakers[quote]
    assert "editorial" not in speakers[quote] and "Wednesday" not in speakers[quote]


def test_a_share_of_a_group_speaks_as_that_group(nlp):
    text = ("Democrats were asked about the two candidates in a new poll.\n\n"
            "Some 75 percent of Democrats said Hillary Clinton \u201chas the integrity to serve effectively as "
            "president,\u201d the poll found. And 72 percent of Democrats said Bernie Sanders is \u201crealistic "
            "enough to serve effectively as president.\u201d")
    speakers = _speakers(nlp, text)
    assert set(speakers.values()) == {"Democrats"}, speakers  # one heading, not one per percentage


def test_the_former_president_is_not_the_president_named_inside_the_quote(nlp):
    text = ("Bill Clinton got in on the game, bashing Sanders during a rally in Brooklyn on Monday. "
            "\u201cSometimes I get the feeling that the gentleman is running harder against President Obama "
            "and me than he is against the Bush administration,\u201d the former president said.")
    speakers = _speakers(nlp, text)
    quote = next(q for q in speakers if q.startswith("Sometimes"))
    assert speakers[quote] != "Obama" and "Obama" not in (speakers[quote] or ""), speakers


def test_a_name_span_run_across_two_people_is_two_people(nlp):
    from newsprism.evaluate.people import wrong_merges
    from newsprism.extract.mentions import extract_mentions
    from newsprism.pipeline import run_pipeline

    headline = ("Hillary Clinton Slams Donald Trump On Abortion After SCOTUS Ruling.\n\n"
                "Hillary Clinton blasted her Republican rival Donald Trump on Monday over his stance on abortion. "
                "Clinton said in a tweet that women won't be punished. Trump has not replied.")
    delegate = ("William E. Wilkin, a history teacher, voiced the frustration of many Republicans. "
                "His allegiance has shifted from Carly Fiorina to Rubio to, now, Cruz, Wilkin said. "
                "Marco Rubio left the race in March.")
    for text, expected in ((headline, {"Hillary Clinton", "Donald Trump"}), (delegate, {"Carly Fiorina", "Rubio"})):
        names = {m.text for m in extract_mentions(Article(id="a", text=text), nlp(text))}
        assert expected <= names, names
        assert not any(" Slams " in n or " to " in n for n in names), names
        assert wrong_merges(run_pipeline([Article(id="a", text=text, outlet="AP")], nlp)) == []


def test_a_quote_relayed_by_he_said_is_not_his(nlp):
    # the seed's NYT: the parser hangs "was crying and shouting" on the aside "he said"
    text = ("Yasser, an accountant volunteering in a makeshift medical clinic, posted a photograph of an injured "
            "girl lying on a hallway floor. She was 10, he said, with broken bones, and was crying and shouting: "
            "\u201cGet me out of Aleppo. I am afraid, I am cold.\u201d")
    speakers = _speakers(nlp, text)
    quote = next(q for q in speakers if q.startswith("Get me out"))
    assert speakers[quote] != "Yasser", speakers
