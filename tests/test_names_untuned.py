"""Names a reader sees wrong in the names table on news nobody tuned for (issue 10, session 35): a
restaurant chain cut at its hyphen and typed a place, a headline's participle taken into a name, a
title's abbreviation taken into an organisation, a surname the tagger read as a plural. Each text
is a short rewrite of a BASIL open event's sentences (named in the comment) or of the issue's
example; each also says what must not change."""

from __future__ import annotations

from newsprism.model import Article


def _core(nlp, *texts: str):
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    return run_pipeline([Article(id=f"d{n}", text=t) for n, t in enumerate(texts)], nlp, stages=CORE_STAGES)


def _names(analysis) -> dict[str, str]:
    return {e.name: e.type for e in analysis.entities}


def test_a_name_cut_at_its_hyphens_is_whole_and_a_one_letter_last_piece_is_no_place(nlp):
    # BASIL 450755dd (Fox): all 24 "Chick-fil-A" were "Chick", a place
    text = ("At Chick-fil-A locations across the country, people lined up for chicken sandwiches on Wednesday. "
            "The backlash across the country against Chick-fil-A has been ferocious.")
    names = _names(_core(nlp, text))
    assert names.get("Chick-fil-A") == "ORG"
    assert "Chick" not in names
    # a place's name joined by hyphens stays a place; a name with a hyphened word after it is no longer name
    names = _names(_core(nlp, "The actor was born in Stratford-upon-Avon in 1950. The Obama-era rules were dropped."))
    assert names.get("Stratford-upon-Avon") in ("GPE", "LOC", "FAC")
    assert not any(n.startswith("Obama-era") for n in names)


def test_a_headlines_participle_and_a_titles_abbreviation_are_no_part_of_a_name(nlp):
    # BASIL 9879bbc0 (NYT): "Facing Congress, Clinton Defends ..." named every "Congress" of the story
    # "Facing Congress"; ed8c136f (Fox): "Missouri Highway Patrol Capt. Ron Johnson" gave an
    # organisation "Missouri Highway Patrol Capt"
    nyt = ("Facing Congress, Clinton Defends Her Actions Before and After Libya Attack\n\n"
           "WASHINGTON — Mrs. Clinton responded that Congress had delayed aid to Libya.")
    fox = ("Holder met with the family of Michael Brown. He also met with Missouri Highway Patrol Capt. Ron Johnson, "
           "who has been in charge of security in Ferguson for nearly a week.")
    names = _names(_core(nlp, nyt, fox))
    assert names.get("Congress") == "ORG" and "Facing Congress" not in names
    assert "Missouri Highway Patrol Capt" not in names and names.get("Missouri Highway Patrol") == "ORG"
    assert names.get("Ron Johnson") == "PERSON"


def test_a_surname_read_as_a_plural_is_the_person_the_report_names_in_full(nlp):
    # issue 10 / pnrecall session 34: "Sanders has attacked Clinton" had no resolved agent (the tagger's
    # NNS made the lone "Sanders" noise)
    text = ("Sanders has attacked Clinton for months over her speeches to Wall Street banks. Bernie Sanders, a "
            "senator from Vermont, won New Hampshire by 22 points.")
    analysis = _core(nlp, text)
    sanders = next(e for e in analysis.entities if e.name == "Bernie Sanders")
    assert any(m.start == 0 and m.text == "Sanders" for m in sanders.mentions)
    # a plural common noun opening a sentence stays no name when no person is named so
    analysis = _core(nlp, "Families lined up outside the school on Monday. Parents said the line was long.")
    assert not any(e.name == "Families" for e in analysis.entities if e.type == "PERSON")
