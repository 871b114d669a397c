"""Who said what on real text (issue 10, session 38): each case on a short text written after
the kind of sentence it was seen in (the open BASIL events, PolNeAR train texts past the held-out half)."""

from __future__ import annotations

from quote_support import quote_speaker as _speaker


def test_the_president_is_not_the_vice_president_and_the_vp_is(nlp):
    # "Vice President Joe Biden" made Biden a holder of "president": "the president said" went to him
    text = ("President Barack Obama and Vice President Joe Biden campaigned in Ohio on Thursday.\n\n"
            "\u201cWe are not going back,\u201d the president said.\n\n"
            "\u201cThis election is about the middle class,\u201d the vice president said.\n\n"
            "\u201cOhio decides elections,\u201d the VP added.")
    assert _speaker(nlp, text, "We are not going back") == "Barack Obama"
    assert _speaker(nlp, text, "This election") == "Joe Biden"
    assert _speaker(nlp, text, "Ohio decides") == "Joe Biden"


def test_a_title_the_tagger_read_as_a_proper_noun_is_its_holder(nlp):
    # politico (PolNeAR train): "“...,” the senator said" with "senator" tagged a proper noun was a
    # speaker called "senator"
    text = ("Sen. Sherrod Brown of Ohio also spoke on Friday. \u201cWorkers here know who stands with "
            "them,\u201d the senator said.")
    assert _speaker(nlp, text, "Workers here") == "Sherrod Brown"


def test_people_named_together_speak_together(nlp):
    # nyt a4f1d515: "Mr. Udall and Mr. Wyden released a joint statement ...": the quotes were Udall's alone
    text = ("Senator Mark Udall of Colorado and Senator Ron Wyden of Oregon have long criticized the program.\n\n"
            "On Friday, Mr. Udall and Mr. Wyden said in a statement that the collection \u201chas relied on "
            "secret law and must end now.\u201d")
    assert _speaker(nlp, text, "has relied") == "Mr. Udall and Mr. Wyden"
    # a name and a group joined are not two people speaking ("Mr. Trump and his campaign")
    text = ("Donald Trump campaigned in Iowa. Mr. Trump and his campaign said on Friday that the poll was "
            "\u201cnot worth the paper it is printed on.\u201d")
    assert _speaker(nlp, text, "not worth") == "Donald Trump"


def test_a_pair_speaking_is_neither_ones_entity(nlp):
    from newsprism.model import Article
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    text = ("Senators question surveillance\n\nSenator Mark Udall and Senator Ron Wyden criticized the program. "
            "\u201cWe have been warning about this for years,\u201d Mr. Udall and Mr. Wyden wrote.")
    analysis = run_pipeline([Article(id="d", text=text)], nlp, stages=CORE_STAGES)
    quote = next(q for q in analysis.quotes if q.text.startswith("We have been"))
    assert quote.speaker == "Mr. Udall and Mr. Wyden" and quote.speaker_entity is None


def test_the_he_after_according_to_is_its_source(nlp):
    # "According to X at Y, ... . “...,” he said": the "he" was the person named before X
    text = ("Vice President Joe Biden defended the program on Thursday.\n\n"
            "According to Peter King at the Homeland Security Committee, the program has stopped attacks. "
            "\u201cIt has saved lives in this country,\u201d he said.")
    assert _speaker(nlp, text, "It has saved") == "Peter King"


def test_a_quote_paragraph_after_according_to_is_its_sources(nlp):
    # hpo a28a0329: a cue-less quote paragraph after "According to Peter Keating at Vanity Fair, ..."
    text = ("House Republicans will read the Constitution aloud on Thursday.\n\n"
            "According to Peter Keating at Vanity Fair, $1.1 million is the estimated cost of GOP plans to "
            "read the document on the House floor.\n\n"
            "\u201cThe amount I get is nearly $1.1 million. We the people still have to pay for members\u2019 "
            "salaries.\u201d")
    assert _speaker(nlp, text, "The amount") == "Peter Keating"


def test_a_pull_quote_signed_on_its_last_line_is_that_persons(nlp):
    # huff-post (PolNeAR train): a quoted paragraph, then the speaker's name on the line before the
    # closing mark ("...\nDean Baker, Center for Economic and Policy Research.\"") had no speaker
    text = ("Why progressives worry\n\nClinton has attacked Trump's plan to borrow.\n\n"
            "\"I worry that we may see a resurgence of Democrats singing the virtues of balanced budgets.\n"
            "Dean Baker, Center for Economic and Policy Research.\"\n\n"
            "\"[Sanders] should stay in until he gets everything he\u2019s fighting for.\n"
            "Former NAACP president Ben Jealous.\"")
    assert _speaker(nlp, text, "I worry") == "Dean Baker"
    assert _speaker(nlp, text, "[Sanders]") == "Ben Jealous"
    # a quote's second line that says something is no signature
    text = ("Clinton has attacked Trump's plan.\n\n\"This is a long quote that spans\n"
            "two lines and Josh Bivens said it.\"")
    assert _speaker(nlp, text, "This is a long") != "Josh Bivens"


def test_as_x_put_it_is_xs_though_the_parser_gave_the_verb_the_sentences_subject(nlp):
    # nyt (PolNeAR train): "Yanukovych, who owed his election to, as an American diplomat put it, an
    # ''extreme makeover''" was Yanukovych's
    text = ("President Viktor F. Yanukovych, who owed his election to, as an American diplomat put it, an "
            "''extreme makeover'' that Mr. Manafort oversaw, bolted the country in the face of violent street "
            "protests.")
    assert _speaker(nlp, text, "extreme makeover") == "an American diplomat"


def test_they_inside_a_main_clause_is_its_body_of_people_not_the_as_clauses_subject(nlp):
    # nyt (PolNeAR train): "as Democrats pour into Philadelphia, so will an army of Bernie Sanders
    # supporters planning ... protests against what they call the ''fraudulent'' nomination"
    text = ("A week later, as Democrats pour into Philadelphia, so will an army of Bernie Sanders supporters "
            "planning Occupy Wall Street-style protests against what they call the ''fraudulent'' nomination "
            "of Hillary Clinton.")
    assert _speaker(nlp, text, "fraudulent") == "an army of Bernie Sanders supporters"


def test_three_people_listed_speak_together_and_their_they_is_all_three(nlp):
    # "A, B and C" with the parser reading B as A's apposition: the speaker was A alone
    text = ("Senator Mark Udall, Senator Ron Wyden and Senator Rand Paul criticized the program on Friday.\n\n"
            "Mr. Udall, Mr. Wyden and Mr. Paul, all members of the committee, said the program \u201cmust end.\u201d\n\n"
            "\u201cWe will keep pushing,\u201d they added.")
    assert _speaker(nlp, text, "must end") == "Mr. Udall, Mr. Wyden and Mr. Paul"
    assert _speaker(nlp, text, "We will keep") == "Mr. Udall, Mr. Wyden and Mr. Paul"


def test_a_quote_whose_speaker_the_next_sentence_names_pointing_back_is_theirs(nlp):
    # the quote ends its sentence with no cue; "That was how Jones put it" names its speaker (it was
    # the speaker of the quote before)
    text = ("John Smith spoke in Ohio. Mary Jones spoke later.\n\n"
            "\"We will win Ohio by ten points,\" Smith said.\n\n"
            "\u201cNobody believes the polls anymore.\u201d That was how Jones put it on Tuesday.")
    assert _speaker(nlp, text, "Nobody believes") == "Mary Jones"
