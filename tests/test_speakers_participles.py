"""Who speaks a quote whose cue the parser left without a subject of its own, on news nobody tuned
for (issue 10, session 35): a participle that goes on with the clause it hangs from, a participle's
phrase opening the sentence, a name set off from its verb by a participle's phrase; what is not a
cue at all ("called" naming something); "the official" after "a senior official" as one speaker;
"they" after people named together or a group.
Each text is a short rewrite of a BASIL open event's sentences (named in the comment); each also
says what must not change."""

from __future__ import annotations

from quote_support import quote_speaker as _speaker
from quote_support import quote_speakers as _speakers


def test_a_participle_after_a_clause_of_time_goes_on_with_that_clause_when_the_sentence_names_no_one(nlp):
    # BASIL cad4bba5 (Fox): "It came after Boehner publicly chided Obama ..., accusing the president of
    # having “wasted another week.”" had no speaker ("It" accuses nobody)
    text = ("The president and the speaker met Sunday afternoon at the White House. It came after Boehner publicly "
            "chided Obama on Friday for the lack of progress to date, accusing the president of having "
            "\u201cwasted another week.\u201d")
    assert _speaker(nlp, text, "wasted another week") == "Boehner"
    # a sentence whose subject speaks keeps the participle (PolNeAR: Hannity remarks, not the senator)
    text = ("\"He\u2019ll run a fair campaign,\" Hannity said during a panel on his show after the first-term senator "
            "easily won his Senate primary, remarking that while there are \"still some conservatives angry over "
            "comprehensive immigration reform,\" Rubio is fine.")
    assert _speaker(nlp, text, "still some") == "Hannity"


def test_a_participle_phrase_opening_the_sentence_is_said_by_its_subject(nlp):
    # BASIL c21cb217 (HuffPost): "A day after telling reporters that he's “not going to talk about this
    # anymore,” Congressman Anthony Weiner (D-N.Y.) broke his silence" had no speaker
    text = ("The photo was sent from his account on Friday.\n\nA day after telling reporters that he's \"not going to "
            "talk about this anymore,\" Congressman Anthony Weiner (D-N.Y.) broke his silence Wednesday about the "
            "controversy.")
    assert _speaker(nlp, text, "not going to talk") == "Anthony Weiner"


def test_a_name_set_off_from_its_verb_by_a_participle_phrase_speaks(nlp):
    # BASIL 85475456 (Fox): "Blumenthal, advocating for troops returning from war, clearly says, “...”"
    # (the parser left "says" an aside with no subject)
    text = ("Democrats said Attorney General Richard Blumenthal had misspoken.\n\nAt that March 2 event, which can be "
            "found here on You Tube, Blumenthal, advocating for troops returning from war, clearly says, \"We have "
            "learned something very important since the days that I served in Vietnam.\"")
    assert _speaker(nlp, text, "We have learned") == "Richard Blumenthal"
    # a clause of its own between the commas is no participle's phrase: its subject is not the name's
    text = ("At the event, Blumenthal, as the crowd cheered, says, \"We owe our military men and women unconditional "
            "support.\"")
    assert _speaker(nlp, text, "We owe") != "Crowd"


def test_called_naming_something_is_no_cue(nlp):
    # BASIL 68748e7f (HuffPost): "Armed school personnel, called school resource officers, would also be
    # required to undergo a “background investigation, ...”" was a heading "Armed school personnel"
    text = ("The task force proposed a model training program, at what Hutchinson said would be a cost of about $800 "
            "per trained employee. Armed school personnel, called school resource officers, would also be required "
            "to undergo a \"background investigation, testing, and relevant experience.\"")
    assert _speaker(nlp, text, "background investigation") != "Armed school personnel"
    # "called" that calls the quoted words keeps them (PolNeAR: "one lawmaker called Trump “...”")
    text = ("That proposal prompted a debate in Parliament; one lawmaker called Trump \u201cthe orange prince of "
            "American self-publicity.\u201d But the move to ban him failed.")
    assert _speaker(nlp, text, "the orange prince") == "one lawmaker"
    # a name's "called" before the quote that names its words still gives them ("a horse called
    # “Lucky Strike”" is nobody's words; "Mr. Trump, who called it “rigged,”" is Trump's)
    text = "Mr. Trump, who called the election \u201crigged\u201d on Monday, spoke in Ohio."
    assert _speaker(nlp, text, "rigged") == "Trump"


def test_the_noun_after_a_speaker_brought_in_with_it_is_that_speaker(nlp):
    # BASIL a4f1d515 (NYT): "A spokesperson for Google" (1 quote) and "the spokesperson" (4) were two
    # headings for one person; "a senior administration official" and "the official" the same
    text = ("\u201cGoogle cares deeply about the security of our users\u2019 data,\u201d a spokesperson for Google said "
            "in a statement.\n\nThe spokesperson added: \u201cGoogle does not have a back door for the government.\u201d"
            "\n\n\u201cThe program is lawful,\u201d a senior administration official said on Thursday. The official "
            "said the program had thwarted a plot. \u201cIt is overseen by all three branches,\u201d the official said.")
    speakers = _speakers(nlp, text)
    assert speakers["Google does not have a back door for the government."] == "a spokesperson for Google"
    assert speakers["It is overseen by all three branches,"] == "a senior administration official"
    # brought in with "the" and words that tell which (29ffd053, HuffPost)
    text = ("\u201cYour budget appears to reflect the values of your favorite philosopher,\u201d the Georgetown "
            "University letter said. \u201cCuts will make it difficult for low-income students,\u201d the letter said.")
    assert _speakers(nlp, text)["Cuts will make it difficult for low-income students,"] == "the Georgetown University letter"
    # another brought in with the noun in between, not as a quote's speaker: that one speaks (a4f1d515, Fox)
    text = ("\u201cWe review all such requests carefully,\u201d a spokesperson for Google said. A Microsoft spokesperson "
            "said that the company only provides customer data after a binding order. \u201cIn addition we only ever "
            "comply with orders for specific accounts,\u201d the spokesperson said.")
    assert _speakers(nlp, text)["In addition we only ever comply with orders for specific accounts,"] == "the spokesperson"
    # no one brought in with that noun before: the words as written stay
    text = "\u201cNo decision has been made,\u201d the spokesperson said. \u201cWe are reviewing it,\u201d one union official said."
    speakers = _speakers(nlp, text)
    assert speakers["No decision has been made,"] == "the spokesperson"
    assert speakers["We are reviewing it,"] == "one union official"


def test_they_is_the_people_named_together_or_the_group_before_it(nlp):
    # BASIL ae243a95 (Fox): "all 42 members of the GOP caucus are sending the letter ... “...,” they wrote"
    # and a4f1d515 (NYT): "Mr. Udall and Mr. Wyden released a joint statement ... “...,” they said" had no speaker
    text = ("Throwing down the gauntlet, all 42 members of the GOP caucus are sending the letter to Senate Majority "
            "Leader Harry Reid warning him that they will bring matters to a standstill.\n\nThat means putting a push "
            "to repeal the military's policy on the backburner.\n\n\"We cannot agree to prioritize any matters above the "
            "critical issues,\" they wrote.")
    assert _speaker(nlp, text, "We cannot agree") == "all 42 members of the GOP caucus"
    text = ("Senators Mark Udall and Ron Wyden have long criticized the program. On Friday, Mr. Udall and Mr. Wyden "
            "released a joint statement.\n\n\u201cSenior officials have stated on multiple occasions that the authority "
            "is lawful,\u201d they said.")
    assert _speaker(nlp, text, "Senior officials") is not None
    # the same "they" again, three sentences on (a4f1d515's third quote)
    text += (" They added that the program was broad. The list of briefings is long.\n\n\u201cMore information should be "
             "declassified as well,\u201d they said.")
    assert _speaker(nlp, text, "More information") is not None
    # no people before it: no speaker (the bills speak no words)
    text = "The two bills passed the House on Monday. \u201cWe will not stop now,\u201d they said."
    assert _speaker(nlp, text, "We will not stop") is None
