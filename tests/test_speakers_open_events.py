"""Speakers left out on the open BASIL events (issue 10, session 36), each on a short text
written after the article it was seen in (the event named in the comment)."""

from __future__ import annotations

from newsprism.attribution import is_reporting_verb
from newsprism.extract.quote_cues import cue_at
from quote_support import quote_speaker as _speaker


def test_made_clear_that_is_a_cue_for_the_quotes_of_its_clause(nlp):
    # nyt 576116e5: "He made clear that ...: Reductions ... should be “minimal,” ..." had no speaker
    text = ("AARP's policy chief, John Rother, spoke to reporters on Friday. He made clear that the group\u2019s "
            "willingness to discuss cuts comes with conditions: Reductions in benefits should be \u201cminimal,\u201d "
            "they should not affect current recipients.")
    assert _speaker(nlp, text, "minimal") == "John Rother"
    text = "Senator Mark Udall made it clear that the program was \u201cfar broader than Americans know.\u201d"
    assert _speaker(nlp, text, "far broader") == "Mark Udall"


def test_made_clear_without_a_reported_clause_is_no_cue(nlp):
    # "made clear progress" tells what was done, not words said
    text = ("The negotiators made clear progress on Friday. \u201cWe are close,\u201d a European diplomat "
            "said later.")
    assert _speaker(nlp, text, "We are close") == "a European diplomat"
    doc = nlp("The negotiators made clear progress on Friday.")
    assert cue_at(doc[2]) is None


def test_a_letter_from_a_named_person_speaks_for_him_when_the_tagger_reads_the_verb_as_a_noun(nlp):
    # hpo 84678e18: "The letter from Taylor states that ..." ("states" tagged a plural noun) had no speaker
    text = ("Lois Lerner will not answer questions, her lawyer, William Taylor, told the committee. "
            "The letter from Taylor states that her testimony would \"have no purpose other than to "
            "embarrass or burden her.\"")
    assert _speaker(nlp, text, "have no purpose") == "William Taylor"


def test_a_plea_in_court_is_no_saying_but_a_plea_for_something_is(nlp):
    # f506aafc / c99adbdd: "pleaded guilty", "pleading the Fifth" say no words; "pleaded for a delay" does
    guilty = nlp("Jesse Jackson Jr. pleaded guilty on Wednesday to one count of fraud.")
    assert not is_reporting_verb(next(t for t in guilty if t.lower_ == "pleaded"))
    fifth = nlp("She will be pleading the Fifth before the committee.")
    assert not is_reporting_verb(next(t for t in fifth if t.lower_ == "pleading"))
    asked = nlp("Conservative Republicans in the House pleaded on Friday for a delay in the voting.")
    assert is_reporting_verb(next(t for t in asked if t.lower_ == "pleaded"))


def test_it_that_speaks_is_the_document_just_named(nlp):
    # fox c99adbdd: "... on his website: “...” / “...,” it says" had no speaker: the website's author
    text = ("Labrador says this about himself on his website: \u201cBorn to a single mother in Puerto Rico, "
            "Ra\u00fal Labrador moved to the mainland at age 13.\u201d\n\n"
            "\u201cHis mother worked many different jobs to make ends meet,\u201d it says.")
    assert _speaker(nlp, text, "His mother") == "Ra\u00fal Labrador"
    # nyt 85475456: a publication named beside the noun of the subject before "it"
    text = ("Mr. Blumenthal never served in Vietnam. Yet when a national outlet, Slate magazine, produced a "
            "profile of Mr. Blumenthal in 2000, it said he had \u201cenlisted in the Marines rather than duck "
            "the Vietnam draft.\u201d")
    assert _speaker(nlp, text, "enlisted") == "Slate magazine"
    # an organisation named as the subject of the sentence before
    text = ("Google said on Friday that it had not joined the program. \u201cWe have never heard of it,\u201d "
            "it said in a statement.")
    assert _speaker(nlp, text, "We have never") == "Google"


def test_it_that_takes_up_a_thing_names_no_one(nlp):
    # the subject before "it" is a thing that cannot speak: no speaker beats the House
    text = "The bill passed the House on Friday. \u201cIt protects our children,\u201d it says in its preamble."
    assert _speaker(nlp, text, "It protects") is None
