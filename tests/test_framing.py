"""Framing differences (compare/framing.py) on small hand-made stories."""

from __future__ import annotations

import re

from newsprism.model import Article


def _framing(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = run_pipeline(arts, nlp).findings.framing
    for item in items:  # what an item shows in quote marks is an outlet's exact words
        for piece in re.findall(r"“([^”]*)”", item.about):
            assert any(piece in texts[d] for d in item.docs), (piece, item.about)
    return items


def test_a_label_choice_is_framing_and_cites_each_outlet(nlp):
    texts = {
        "a": "North Korean dictator Kim Jong Un met the envoy in Pyongyang on Tuesday. The talks lasted two hours.",
        "b": "North Korea's leader, Kim Jong Un, met the envoy in Pyongyang on Tuesday. The talks lasted two hours.",
    }
    labels = [x for x in _framing(nlp, texts) if x.kind == "label"]
    assert labels, _framing(nlp, texts)
    by_doc = {lab.doc: lab for lab in labels[0].labels}
    assert "dictator" in by_doc["a"].label and "leader" in by_doc["b"].label
    for lab in labels[0].labels:  # each label cites its own document's words
        assert all(c.doc == lab.doc and texts[c.doc][c.start:c.end] == c.text for c in lab.citations)


def test_synonymous_labels_are_not_framing(nlp):
    texts = {
        "a": "The senator's attorney, John Smith, said on Monday that the senator would not resign.",
        "b": "The senator's lawyer, John Smith, said on Monday that the senator would not resign.",
    }
    assert [x for x in _framing(nlp, texts) if x.kind == "label"] == []


def test_factual_words_are_not_evaluative(nlp):
    texts = {
        "a": "Two people were found dead near the border, and officials said the crossing was illegal.",
        "b": "Officials closed the border crossing on Monday after a shooting.",
    }
    items = [x for x in _framing(nlp, texts) if x.kind == "evaluative"]
    assert not any(w in x.about for x in items for w in ("dead", "illegal")), items


def _labels(nlp, texts):
    return [x for x in _framing(nlp, texts) if x.kind == "label"]


def _evaluative(nlp, texts):
    return [x for x in _framing(nlp, texts) if x.kind == "evaluative"]


def test_a_predicate_nominal_is_a_label(nlp):
    texts = {
        "a": "Sheriff Joe Arpaio endorsed Rick Perry on Tuesday in New Hampshire. Mr. Arpaio is also a polarizing figure.",
        "b": "Sheriff Joe Arpaio endorsed Rick Perry on Tuesday in New Hampshire. Arpaio is a hardliner on immigration.",
    }
    items = _labels(nlp, texts)
    assert len(items) == 1, items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert by_doc["a"].label == "polarizing figure" and by_doc["b"].label == "hardliner", by_doc
    assert "figure (" in items[0].about and "hardliner (" in items[0].about


def test_a_label_someone_else_gives_is_not_the_outlets(nlp):
    # a predicate under a reporting verb, or inside quotation marks, is the speaker's label
    texts = {
        "a": "William Kristol said Michael Steele is a disgrace. Michael Steele spoke in Connecticut on Thursday.",
        "b": "Kristol called Michael Steele “a clown.” Michael Steele spoke in Connecticut on Thursday.",
    }
    assert _labels(nlp, texts) == []


def test_one_role_worded_twice_and_clothes_are_not_labels(nlp):
    texts = {
        "a": "Robert Gibbs, a political adviser, spoke on Sunday. Jesse Jackson, dressed in a blue shirt and a blue suit, "
             "looked back at his father.",
        "b": "Robert Gibbs, an Obama campaign aide, spoke on Sunday. Jesse Jackson looked back at his father.",
    }
    assert _labels(nlp, texts) == []


def test_a_relation_to_a_named_body_is_biography_not_a_label(nlp):
    texts = {
        "a": "Governor Deval Patrick appointed Mo Cowan on Wednesday. Mo Cowan is a graduate of Duke University.",
        "b": "Governor Deval Patrick appointed Mo Cowan on Wednesday. Mo Cowan is a former legal counsel to Patrick.",
    }
    assert _labels(nlp, texts) == []


def test_a_judging_label_only_one_outlet_uses(nlp):
    texts = {
        "a": "Bombastic talk show host Glenn Beck closed the conference in Washington on Saturday.",
        "b": "Glenn Beck closed the conference in Washington on Saturday with a long speech.",
    }
    items = _labels(nlp, texts)
    assert len(items) == 1 and items[0].docs == ("a",), items
    assert items[0].labels[0].label == "Bombastic talk show host"


def test_evaluative_items_show_the_judging_phrase_not_a_bare_word(nlp):
    texts = {
        "a": "Michael Steele spoke in Connecticut on Thursday. He is the figurehead of the party whose tenure, "
             "once again, seems shaky.",
        "b": "Michael Steele spoke in Connecticut on Thursday. He answered questions from donors for an hour.",
    }
    items = _evaluative(nlp, texts)
    assert len(items) == 1 and items[0].docs == ("a",), items
    phrase = items[0].labels[0].label
    assert "seems shaky" in phrase and len(phrase.split()) >= 3, phrase
    assert phrase in items[0].about
    cite = items[0].citations[0]
    assert texts["a"][cite.start:cite.end] == cite.text and "seems shaky" in cite.text


def test_descriptions_guesses_and_conditions_are_not_evaluative(nlp):
    texts = {
        "a": "An individual claiming discrimination filed the suit in March. The video appears to have been taken "
             "by a hidden camera. The group wants the ad aired because it knows how effective it can be.",
        "b": "A former employee filed the suit in March. The video was posted on Friday. The group bought airtime "
             "in Florida on Monday.",
    }
    assert _evaluative(nlp, texts) == []


def test_a_judging_word_in_a_fact_the_others_tell_plainly(nlp):
    texts = {
        "a": "Mary Cheney sharply criticized her sister's stance on same-sex marriage on Thursday.",
        "b": "Mary Cheney criticized her sister's stance on same-sex marriage on Thursday.",
    }
    # one act told by both: shown as the two outlets' wordings of it, each cited in its own text
    assert _evaluative(nlp, texts) == []
    items = _labels(nlp, texts)
    assert [x.docs for x in items] == [("a", "b")], items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert "sharply criticized" in by_doc["a"].label and "criticized her sister's stance" in by_doc["b"].label, by_doc
    for lab in items[0].labels:
        assert all(c.doc == lab.doc and texts[c.doc][c.start:c.end] == c.text for c in lab.citations)


def test_a_verb_of_criticism_alone_is_the_outlets_wording_not_its_judgement(nlp):
    # "Mr. Trump assailed a federal judge" tells an act in a strong verb: the outlet's choice of
    # word for it (BASIL's lexical bias), not a verdict of its own
    texts = {
        "a": "Donald Trump spoke in Ohio on Monday. In June, Mr. Trump assailed a federal judge for his heritage.",
        "b": "Donald Trump spoke in Ohio on Monday about trade and jobs.",
    }
    assert _evaluative(nlp, texts) == [], _framing(nlp, texts)
    items = _labels(nlp, texts)
    assert [x.docs for x in items] == [("a",)] and items[0].about.startswith("only Outlet A words it:"), items
    assert "assailed a federal judge" in items[0].labels[0].label
    # a verb that judges the conduct itself is the outlet's verdict
    texts["a"] = texts["a"].replace("assailed a federal judge", "ranted about a federal judge")
    assert [x.docs for x in _evaluative(nlp, texts)] == [("a",)], _framing(nlp, texts)


def test_an_open_question_is_shown_with_the_question(nlp):
    texts = {
        "a": "Mitt Romney and Barack Obama debated in Denver on Wednesday. Whether the debate will alter the course "
             "of the race remains to be seen.",
        "b": "Mitt Romney and Barack Obama debated in Denver on Wednesday. Polls open in four weeks.",
    }
    items = _evaluative(nlp, texts)
    assert [x.labels[0].label for x in items] == [
        "Whether the debate will alter the course of the race remains to be seen"], items


def test_a_report_cut_off_after_remains_is_read_without_error(nlp):
    # a truncated feed item ending on "remains" (no "to be seen" after it) raised IndexError
    texts = {
        "a": "Senator Smith said on Monday the vote was close.\n\nWhether the bill passes remains",
        "b": "Senator Smith said on Monday the vote was close.\n\nThe outcome remains",
    }
    assert all(x.kind != "evaluative" or "remains" not in x.about for x in _framing(nlp, texts))


def test_a_political_lean_is_a_label_even_on_a_plain_noun(nlp):
    texts = {
        "a": "The ad, paid for by nonprofit conservative advocacy group Secure America Now, will air in Florida.\n\n"
             "It features Benjamin Netanyahu.",
        "b": "Secure America Now will air the ad in Florida next week. It features Benjamin Netanyahu.",
    }
    items = _labels(nlp, texts)
    assert [(x.docs, x.labels[0].label) for x in items] == [(("a",), "nonprofit conservative advocacy group")], items
    # a plain role noun without a lean ("a nonprofit group") is no label
    texts["a"] = texts["a"].replace("nonprofit conservative advocacy group", "nonprofit group")
    assert _labels(nlp, texts) == []


def test_a_cut_judging_phrase_quotes_only_the_outlets_words(nlp):
    # the cue joins a long subject to its verdict with "…": the gap stays outside the quote marks
    texts = {
        "a": "The backlash from business groups and the state's largest employers against the bill "
             "has been ferocious and swift. The governor will decide by Friday.",
        "b": "Business groups oppose the bill. The governor will decide by Friday.",
    }
    items = _evaluative(nlp, texts)
    assert items and items[0].docs == ("a",), items
    assert "ferocious" in items[0].about


def test_a_judgement_someone_holds_is_not_the_outlets(nlp):
    # "what he considers unfair": the candidate's view, told by the outlet, not its own verdict
    texts = {
        "a": "Ben Carson used the debate on Tuesday to address what he considers unfair media scrutiny "
             "of his candidacy. He spoke for two minutes.",
        "b": "Ben Carson spoke about media coverage of his candidacy at the debate on Tuesday. He spoke for two minutes.",
    }
    assert not any("unfair" in x.about for x in _evaluative(nlp, texts)), _evaluative(nlp, texts)


def test_apparently_on_a_passive_event_is_sourcing_not_judgement(nlp):
    # the seed story (AP): "Car bombs also were apparently used" hedges a fact; HuffPost's
    # "was apparently unable to put down his phone" (PolNeAR) is the outlet's own jibe
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [c for sent in nlp(text).sents for c in cues(sent)]

    assert judged("Car bombs also were apparently used in the attack on the eastern districts.") == []
    assert judged("The man was apparently shot twice by the officers.") == []
    assert [c.kind for c in judged("Former Rep. Anthony Weiner was apparently unable to put down his phone.")] == ["adverb"]
    assert [c.kind for c in judged("He famously refused to apologize.")] == ["adverb"]


def test_facets_of_one_person_are_not_a_frame_but_alternatives_for_one_role_are(nlp):
    # "challenger" / "nominee" tell two facts about Romney; "aide" / "volunteer" size one role two ways
    texts = {
        "a": "Republican challenger Mitt Romney spoke in Ohio on Monday. Sam Clovis, a campaign aide, "
             "joined him on stage.",
        "b": "Republican presidential nominee Mitt Romney spoke in Ohio on Monday. Sam Clovis, a campaign "
             "volunteer, joined him on stage.",
    }
    items = _labels(nlp, texts)
    assert [x.about.split(":")[0] for x in items] == ["how Sam Clovis is labelled"], items
    by_doc = {lab.doc: lab.label for lab in items[0].labels}
    assert "aide" in by_doc["a"] and "volunteer" in by_doc["b"], by_doc


def test_a_surname_two_people_share_gives_no_label(nlp):
    # "Khan was an Army captain" is said of the son; the resolver may join the bare surname to the
    # father, so a label read off "Khan" where the article names two Khans describes nobody sure
    texts = {
        "a": "Khizr Khan spoke at the convention on Thursday. His son, Humayun Khan, died in Iraq in 2004. "
             "Khan was an Army captain.",
        "b": "Khizr Khan spoke at the convention on Thursday. Khizr Khan is a lawyer from Virginia.",
    }
    assert not any("captain" in lab.label for x in _labels(nlp, texts) for lab in x.labels), _labels(nlp, texts)


def test_a_plural_predicate_of_two_people_is_not_one_persons_label(nlp):
    texts = {
        "a": "Khizr Khan spoke at the convention on Thursday. Khizr Khan and his wife are newcomers to politics.",
        "b": "Khizr Khan spoke at the convention on Thursday. Khizr Khan is a firebrand.",
    }
    assert not any("newcomer" in lab.label for x in _labels(nlp, texts) for lab in x.labels), _labels(nlp, texts)


def test_a_label_the_parse_reads_as_a_clause_after_the_name(nlp):
    # "Secure America Now, a neoconservative nonprofit organization dedicated to ...": the parse
    # attaches the noun to the main verb; the noun run right after the comma is still its label
    texts = {
        "a": "Benjamin Netanyahu is the subject of a new ad by Secure America Now, a neoconservative nonprofit "
             "organization dedicated to influencing the debate around security.",
        "b": "The ad, paid for by nonprofit conservative advocacy group Secure America Now, will air in Florida.",
    }
    items = _labels(nlp, texts)
    assert len(items) == 1 and set(items[0].docs) == {"a", "b"}, items
    assert "neoconservative organization (Outlet A)" in items[0].about, items[0].about
    # "claimed a victory" takes something, it frames no speech
    from newsprism.compare.evaluative import cues

    assert [c.kind for s in nlp("Sanders claimed a victory in the New Hampshire primary.").sents for c in cues(s)] == []


def test_how_someone_seemed_to_feel_and_what_evidence_apparently_shows_are_no_verdicts(nlp):
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [c.kind for sent in nlp(text).sents for c in cues(sent)]

    assert judged("Several of the justices appeared worried about the consequences of the ruling.") == []
    assert judged("She seemed determined to be less passive than the moderator.") == []
    assert judged("The video apparently shows Braley speaking to a group of lawyers.") == []
    # a verdict still is one
    assert judged("His tenure, once again, seems shaky.") == ["hedge"]


def test_a_judging_hedge_on_a_fact_the_others_tell_plainly_is_framing(nlp):
    texts = {
        "a": "In what appears to be a desperate attempt to win back voters, Mitt Romney released a new television "
             "ad in Ohio on Monday.",
        "b": "Mitt Romney released a new television ad in Ohio on Monday.",
        "c": "Mitt Romney released a new television ad in Ohio on Monday, his campaign said.",
    }
    items = _evaluative(nlp, texts)
    assert [x.labels[0].doc for x in items] == ["a"], _framing(nlp, texts)
    assert "desperate attempt" in items[0].labels[0].label
    # the others' plain telling of the act beside it, each outlet's nearest sentence (compare/counterparts.py)
    assert [(lab.doc, lab.citations[0].text) for lab in items[0].labels[1:]] == [
        ("b", texts["b"]), ("c", texts["c"])], items[0]


def test_two_apostrophes_are_quotation_marks(nlp):
    # PolNeAR's NYT texts quote with '' ... '': the words inside are the speaker's, not the outlet's
    from newsprism.compare.evaluative import cues

    text = "''And that was unfair and a shameful thing,'' Mr. Khan said. ''Nothing but degrading comments.''"
    assert [c.word for s in nlp(text).sents for c in cues(s)] == []


def test_forecasts_aims_comparisons_and_grades_are_no_verdicts(nlp):
    """Read on untuned PolNeAR stories: what a careful editor would not list as an outlet's judgement."""
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [(c.kind, c.word) for sent in nlp(text).sents for c in cues(sent)]

    # a forecast, not a verdict
    assert judged("With key states ahead, the bloodshed seemed more likely to shift the direction of the campaign.") == []
    assert judged("Trump held a sizable lead and appeared poised to win his first contest.") == []
    # a hedge's complement must be an adjective or a common noun: this reads the race
    assert judged("But the race seemed to be Sanders's to lose.") == []
    # an aim: "to appear" is what the candidates try, not what the reporter sees
    assert judged("Candidates make an effort to appear more dignified.") == []
    # a judging word in a clause below the hedge's verb is not the hedge's verdict
    assert ("hedge", "appeared") not in judged(
        "The race appeared to change after a debate in which Rubio faltered in the face of blistering attacks.")
    # manner compared, a grade of a plain adjective, a report's certainty about a first
    assert judged("Lawmakers may take steps to more clearly codify the law.") == []
    assert judged("It was a sharply different economic context.") == []
    assert judged("He said, apparently for the first time, that he would consider sending troops.") == []
    # a verb of conduct needs someone acting: results scramble a race, nobody behaves
    assert judged("The results scrambled the Republican race.") == []
    assert ("verb", "scrambled") in judged("The campaign scrambled to explain the remarks.")
    assert ("wording", "mock") in judged("ISIS soldiers mock America's military tactics in the video.")
    # a comparative or superlative is read as its base word ("worst" -> "bad", "richest" -> "rich"),
    # and a state of mind stays a state of mind when it modifies a noun
    assert judged("It was the worst terrorist attack in Europe in a decade.") == []
    assert judged("The race's richest war-chest did not help him.") == []
    assert judged("He answered in a confident manner.") == []
    # verdicts still are
    assert ("hedge", "seems") in judged("His tenure, once again, seems shaky.")
    assert ("adverb", "wildly") in judged("Most of Sanders' prescriptions are wildly unrealistic.")
    assert judged("It is the ugliest moment in a primary fight.") == [("modifier", "ugliest")]


def test_a_noun_listed_after_a_name_is_no_label_of_it(nlp):
    from newsprism.compare.labels import _from_mention

    doc = nlp("Trump tweeted an image of Hillary Clinton, money and a six-pointed star on Saturday.")
    start = doc.text.index("Hillary Clinton")
    assert [t.text for t, _ in _from_mention(doc, start, start + len("Hillary Clinton"))] == []
    doc = nlp("Mo Cowan, a Boston lawyer and former aide, was picked on Wednesday.")
    assert "lawyer" in [t.text for t, _ in _from_mention(doc, 0, len("Mo Cowan"))]


def test_one_outlet_repeating_its_words_is_one_item(nlp):
    texts = {
        "a": "Mrs. Clinton offers messages close to the bombastic campaign in Britain. "
             "Mrs. Clinton shares more with the bombastic campaign than a slogan.",
        "b": "Mrs. Clinton spoke in Ohio on Monday about trade and jobs.",
    }
    items = [x for x in _evaluative(nlp, texts) if "bombastic" in x.about]
    assert len(items) == 1, _framing(nlp, texts)
    # one word in two forms (PolNeAR, Politico: "has railed against", "after railing against")
    texts = {
        "a": "Donald Trump has railed against the special provisions that pock the tax code. "
             "Many observers were surprised when Trump, after railing against carried interest, kept it in his plan.",
        "b": "Donald Trump released a tax plan on Monday in New York.",
    }
    items = [x for x in _evaluative(nlp, texts) if "rail" in x.about]
    assert len(items) == 1, _framing(nlp, texts)


def test_one_act_told_by_each_outlet_in_its_own_lede_is_one_wording_item(nlp):
    # BASIL 2013 (Cheney): each outlet's lede tells Mary Cheney's criticism with other details, so no
    # fact joins the three sentences; the act (criticize, same actor) is one, worded three ways
    texts = {
        "a": "Mary Cheney, one of Dick Cheney's two daughters, has taken to Facebook to blast her older sibling, "
             "Liz Cheney, a Wyoming Senate candidate, for her stance on same-sex marriage, the paper reported.",
        "b": "Mary Cheney, the younger sister of Liz Cheney, sharply criticized her sister's stance on same-sex "
             "marriage on Friday and urged her own Facebook friends to share the message.",
        "c": "Mary Cheney, who is openly gay, took to Facebook to rebuke her sister's remarks in a long post.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets word one act")]
    assert len(items) == 1, _framing(nlp, texts)
    by_doc = {lab.doc: lab.label for lab in items[0].labels}
    assert "blast" in by_doc["a"] and "sharply criticized" in by_doc["b"] and "rebuke" in by_doc["c"], by_doc
    for lab in items[0].labels:
        assert all(c.doc == lab.doc and texts[c.doc][c.start:c.end] == c.text for c in lab.citations)


def test_two_acts_of_one_class_by_different_people_are_not_one_act(nlp):
    texts = {
        "a": "Senator John Smith blasted the budget plan on Monday in a long speech in Denver.",
        "b": "Governor Mary Jones criticized the budget plan on Monday in a speech in Boston.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets word one act")]


def test_what_outlets_call_an_unnamed_group_is_framing(nlp):
    # issue 11: "protesters" vs "rioters" — no named entity to hang a label on
    texts = {
        "a": "Hundreds of rioters smashed windows in downtown Portland on Saturday night. Police arrested 20 people.",
        "b": "Hundreds of protesters marched through downtown Portland on Saturday night. Police arrested 20 people.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]
    assert len(items) == 1, _framing(nlp, texts)
    assert "rioter (Outlet A)" in items[0].about and "protester (Outlet B)" in items[0].about
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert by_doc["a"].label == "rioters" and by_doc["b"].label == "protesters"
    for lab in items[0].labels:
        assert all(c.doc == lab.doc and texts[c.doc][c.start:c.end] == c.text for c in lab.citations)


def test_a_charged_word_in_quotes_or_both_outlets_or_as_a_modifier_is_no_term_frame(nlp):
    texts = {  # a speaker's word in quotation marks; "riot gear" names gear
        "a": "The mayor called them “rioters” on Sunday. Police in riot gear watched the protesters march.",
        "b": "Hundreds of protesters marched through downtown Portland on Saturday night.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]
    texts = {  # both outlets call it a massacre: the story's word, no choice between outlets
        "a": "The massacre at the school left 20 dead. The shooting lasted ten minutes.",
        "b": "The massacre at the school left 20 dead, officials said on Monday.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]


def test_undocumented_and_illegal_immigrants_are_two_frames(nlp):
    # BASIL 2011 (Arpaio): NYT "illegal immigrants", Fox and HuffPost "undocumented immigrants"
    texts = {
        "a": "Mr. Perry backed a state plan that gives some children of illegal immigrants a tuition break.",
        "b": "Romney has said that Perry provided a magnet for undocumented immigrants to settle in Texas.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]
    assert len(items) == 1 and "illegal immigrant (Outlet A)" in items[0].about, _framing(nlp, texts)


def test_a_loaded_verb_of_attribution_beside_a_plain_one_is_framing(nlp):
    # BASIL 2012 (Boehner): HuffPost "Boehner admitted", Fox and NYT "said"
    texts = {
        "a": "House Speaker John Boehner admitted on Sunday that Republicans could lose the House in November.",
        "b": "House Speaker John Boehner said on Sunday that Republicans could lose the House in November.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets introduce")]
    assert len(items) == 1, _framing(nlp, texts)
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert by_doc["a"].label == "admitted" and by_doc["b"].label == "said", by_doc
    for lab in items[0].labels:  # the verb and its sentence, in the label's own document
        assert [c.text for c in lab.citations][0] == lab.label and texts[lab.doc] in [c.text for c in lab.citations]


def test_a_loaded_and_a_plain_verb_introducing_two_different_statements_are_no_attribution_frame(nlp):
    # PolNeAR (untuned stories 70, 184): "insists" before one quote, "said" before another of the
    # same speaker: two statements, not two wordings of one
    texts = {
        "a": "Governor John Kasich insisted on Monday that he would win the primary in Ohio next week. "
             "The race is close.",
        "b": "Governor John Kasich said on Monday that the debate in Miami had been very civil and polite. "
             "The race is close.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets introduce")], _framing(nlp, texts)
    # the same statement, worded with a loaded verb by one outlet: still an item
    texts["b"] = ("Governor John Kasich said on Monday that he would win the Ohio primary next week. "
                  "The race is close.")
    items = [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets introduce")]
    assert len(items) == 1, _framing(nlp, texts)


def test_plain_verbs_in_every_outlet_are_no_attribution_frame(nlp):
    texts = {
        "a": "House Speaker John Boehner said on Sunday that Republicans could lose the House in November.",
        "b": "House Speaker John Boehner told reporters on Sunday that Republicans could lose the House.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets introduce")]


def test_a_feared_event_or_a_speakers_word_beside_their_quote_is_no_term_frame(nlp):
    # the seed story: AP's "fears of a bloodbath" names what might come, WP's "regime" is in a
    # clause reported beside the speaker's own quoted words
    texts = {
        "a": "Residents huddled indoors amid fears of a bloodbath in Aleppo. The killing of civilians went on.",
        "b": "He said the Syrian regime has “crossed all the lines” in Aleppo. The Syrian government denied it.",
        "c": "The killing of civilians in Aleppo went on, and the Syrian government denied any role.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")], _framing(nlp, texts)


def test_a_loaded_verb_negated_or_said_by_someone_of_the_speaker_is_no_attribution_frame(nlp):
    # PolNeAR: "Devine didn't concede defeat", "Mr. Rubio's advisers privately conceded that ..."
    texts = {
        "a": "Tad Devine didn't concede defeat on Tuesday. Marco Rubio's advisers privately conceded that it had "
             "been a difficult night for Marco Rubio.",
        "b": "Tad Devine said on Tuesday that the campaign would go on. Marco Rubio said he did great in the debate.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets introduce")], _framing(nlp, texts)


def test_two_owners_of_a_charged_word_are_two_referents(nlp):
    # PolNeAR: Politico's "the Castro regime" beside NYT's "the Chinese government", one debate
    texts = {
        "a": "Marco Rubio denounced the Castro regime after Donald Trump spoke at the debate in Miami.",
        "b": "Donald Trump defended his remarks calling the Chinese government strong at the debate in Miami.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")], _framing(nlp, texts)


def test_a_judgement_in_a_sentence_cited_beside_a_term_is_still_its_own_item(nlp):
    # PolNeAR: "Cruz's superior organization ... town hall meetings and rallies." was cited as the
    # sentence of a term item, and its judgement ("superior organization") vanished with it
    texts = {
        "a": "Hundreds of rioters smashed windows in downtown Portland on Saturday, in a disastrous night for the city.",
        "b": "Hundreds of protesters marched through downtown Portland on Saturday night.",
    }
    items = _framing(nlp, texts)
    assert any(x.about.startswith("what the outlets call it") for x in items), items
    assert any(x.kind == "evaluative" and "disastrous" in x.about for x in items), items


def test_a_hedge_in_an_aim_or_a_comparison_clause_is_no_verdict(nlp):
    # PolNeAR: Wash. Post "Trump's attempt at appearing diplomatic was only a feint" showed the aim,
    # not the verdict; NYT "appeared more consequential than it might have" is a comparison
    texts = {
        "a": "Donald Trump met the Mexican president on Wednesday. But Trump's attempt at appearing diplomatic "
             "was only a feint.",
        "b": "Donald Trump met the Mexican president on Wednesday. His inability to answer the question appeared "
             "more consequential than it might have.",
    }
    items = _evaluative(nlp, texts)
    assert not any("appearing diplomatic" in x.about or "more consequential" in x.about for x in items), items


def test_every_quoted_word_of_a_framing_item_is_in_its_outlets_text(nlp, shared_dir):
    """A framing item's heading quotes each outlet's words one by one: two verbs of one outlet
    ("saying", "said") were quoted as one stretch that no report contains (BASIL dev events
    29ffd053, 3db93526, 526cabb7, 65cb14cb, a4f1d515 — the faithfulness gate)."""
    from newsprism.compare.embed import default_embedder
    from newsprism.evaluate.basil_findings import load_events, quote_problems
    from newsprism.model import to_jsonable
    from newsprism.pipeline import run_pipeline

    wanted = ("29ffd053", "a4f1d515")
    events = [arts for name, arts in load_events(shared_dir / "datasets" / "basil" / "articles") if name[:8] in wanted]
    assert len(events) == len(wanted)
    embedder = default_embedder()
    for arts in events:
        analysis = run_pipeline(arts, nlp, embedder=embedder)
        report = {"documents": to_jsonable(analysis.documents), "findings": to_jsonable(analysis.findings)}
        assert report["findings"]["framing"]
        assert quote_problems(report) == []


def test_the_two_sides_names_for_one_position_are_a_term_frame(nlp):
    # "pro-life" / "anti-abortion", "death tax" / "estate tax": each name is one side's, whatever
    # else the two sentences name
    texts = {
        "a": "Pro-life activists gathered at the Capitol on Friday. Senators vowed to repeal the death tax.",
        "b": "Anti-abortion activists marched through the city on Friday. Senators vowed to repeal the estate tax.",
    }
    abouts = [x.about for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]
    assert any("pro-life (Outlet A)" in a and "anti-abortion (Outlet B)" in a for a in abouts), abouts
    assert any("death tax (Outlet A)" in a and "estate tax (Outlet B)" in a for a in abouts), abouts


def test_a_headline_is_no_sentence_of_attribution(nlp):
    # BASIL (Fox): "Republicans challenge Clinton claims on budget cuts, Benghazi cable" — a headline
    # whose noun "claims" the parse took for a verb
    texts = {
        "a": "Republicans challenge Hillary Clinton claims on budget cuts, Benghazi cable\n\n"
             "Hillary Clinton testified on Wednesday before the Senate committee.",
        "b": "Hillary Clinton said on Wednesday that she took responsibility for the attack in Benghazi.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets introduce")], _framing(nlp, texts)


def test_the_outlets_account_of_someone_speaking_is_its_own_judgement(nlp):
    # BASIL: "Rep. Ryan dismissed the bishops' critique, erroneously claiming ..." (HuffPost), "Mr.
    # Boehner said ..., a surprisingly downbeat assessment from a Republican leader" (NYT): a sentence
    # that reports someone's words still carries the outlet's own word on the speaking; what was
    # said ("called the plan disastrous") stays the speaker's
    texts = {
        "a": "Ryan dismissed the bishops' critique on Monday, erroneously claiming the letters did not represent "
             "all the bishops. Speaker John A. Boehner of Ohio said on Monday that Republicans had a one-in-three "
             "chance of losing control of the House in November, a surprisingly downbeat assessment from a "
             "Republican leader. Pelosi said on Monday that the budget "
             "was disastrous for families.",
        "b": "Ryan answered the bishops' letters on Monday. Boehner spoke about the elections on Monday. "
             "Pelosi spoke about the budget on Monday.",
    }
    shown = [x.about for x in _framing(nlp, texts) if x.kind == "evaluative"]
    assert any("erroneously claiming" in s for s in shown), shown
    assert any("surprisingly downbeat assessment" in s for s in shown), shown
    assert not any("disastrous" in s for s in shown), shown


def test_an_outlet_telling_one_act_twice_shows_both_wordings(nlp):
    # BASIL 2013 (Cheney): HuffPost tells the act in its lede ("criticized her sister's opposition")
    # and again ("took to Facebook to rebuke her sister's remarks"); only the first was shown
    texts = {
        "a": "Mary Cheney, one of Dick Cheney's two daughters, has taken to Facebook to blast her older sibling, "
             "Liz Cheney, a Wyoming Senate candidate, for her stance on same-sex marriage, the paper reported.",
        "b": "Mary Cheney, the younger sister of Liz Cheney, sharply criticized her sister's stance on same-sex "
             "marriage on Friday and urged her own Facebook friends to share the message.",
        "c": "Mary Cheney criticized her sister's opposition to same-sex marriage on Friday. "
             "Mary Cheney, who is openly gay, took to Facebook to rebuke her sister's remarks in a long post.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("how the outlets word one act")]
    assert len(items) == 1, _framing(nlp, texts)
    shown = {lab.doc: lab.label for lab in items[0].labels}["c"]
    assert "criticized her sister's opposition" in shown and "to rebuke her sister's remarks" in shown, shown
    assert "“criticized her sister's opposition to same-sex marriage” … “to rebuke" in items[0].about, items[0].about


def test_judging_words_vaders_lexicon_lacks_are_cues(nlp):
    # PolNeAR: Politico's "puerile insults", Breitbart's "inexplicable decision", NYT's "an unexpectedly
    # deft and well-financed liberal opponent": none is in VADER's lexicon, each is the outlet's verdict
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [c.word for sent in nlp(text).sents for c in cues(sent)]

    assert judged("Rubio had hurled puerile insults toward Trump for weeks.") == ["puerile"]
    assert judged("The FBI announced its inexplicable decision on Tuesday.") == ["inexplicable"]
    assert judged("Sanders proved an unexpectedly strong opponent in the primaries.") == ["unexpectedly"]
    assert judged("The FBI announced its decision on Tuesday.") == []


def test_a_judging_verb_of_speech_is_the_outlets_word_though_the_sentence_reports(nlp):
    # PolNeAR (Politico): "In a later tweet, the candidate boasted that "everyone" is now following his
    # lead": the sentence reports Trump's words, "boasted" is Politico's; "Smith said that Trump boasted"
    # is Smith's word
    texts = {
        "a": "In a later tweet, the candidate boasted that everyone is now following his lead on immigration. "
             "Senator Smith said on Monday that the mayor boasted about the budget.",
        "b": "In a later tweet, the candidate said that others now follow his lead on immigration. "
             "The mayor spoke about the budget on Monday.",
    }
    # a's judgement first (b's telling of the same statement may be shown beside it)
    shown = [x.about for x in _framing(nlp, texts) if x.docs[0] == "a"]
    assert any("the candidate boasted" in s for s in shown), shown
    assert not any("mayor boasted" in s for s in shown), shown


def test_verbs_that_judge_conduct_are_cues(nlp):
    # USA Today (PolNeAR): "Trump has pandered to the alt-right for over a year"; NYT (BASIL): "scoffed at"
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [(c.kind, c.word) for sent in nlp(text).sents for c in cues(sent)]

    assert judged("Trump has pandered to the alt-right for over a year.") == [("verb", "pandered")]
    assert judged("The governor stonewalled the committee for months.") == [("verb", "stonewalled")]
    assert judged("Trump has spoken to the alt-right for over a year.") == []


def test_a_noun_verdict_said_of_something_by_a_copula_is_a_cue(nlp):
    # BASIL 2010 (NYT): "Mr. Steele's tenure has been one of the few blemishes this year for the
    # Republican Party"; a guess ("could be a fiasco"), someone's view or a negation is no verdict
    from newsprism.compare.evaluative import cues

    def judged(text):
        doc = nlp(text)
        return [c.shown(doc) for sent in doc.sents for c in cues(sent)]

    assert judged("Mr. Steele's tenure has been one of the few blemishes this year for the party.") == [
        "Mr. Steele's tenure has been one of the few blemishes"]
    assert judged("The rollout was a fiasco.") == ["The rollout was a fiasco"]
    assert judged("The rollout could be a fiasco.") == []
    assert judged("Critics said the rollout was a fiasco.") == []
    assert judged("The rollout was not a fiasco.") == []
    # PolNeAR story 218 (HuffPost's editor's note): a verdict on a person, its copula coordinated
    # with another verb that holds the subject
    shown = judged("Donald Trump regularly incites political violence and is a serial liar, rampant xenophobe.")
    assert shown and "is a serial liar" in shown[0] and shown[0].startswith("Donald Trump"), shown
    assert judged("Critics said Trump was a liar.") == []


def test_a_noun_verdict_as_the_predicate_of_a_passive_is_a_cue(nlp):
    # BASIL 2013 (HuffPost, the NRA school-safety report): "The speech was widely considered a public
    # relations disaster." -- the verdict as received opinion, held by no one named; with an agent it
    # is the agent's, reported; under a modal a guess
    from newsprism.compare.evaluative import cues

    def judged(text):
        doc = nlp(text)
        return [c.shown(doc) for sent in doc.sents for c in cues(sent)]

    shown = judged("At the time, LaPierre assailed the media. The speech was widely considered a public relations disaster.")
    assert any(s.startswith("The speech") and s.endswith("public relations disaster") for s in shown), shown
    assert any(s.endswith("a fiasco") for s in judged("The rollout of the program is now seen as a fiasco.")), judged(
        "The rollout of the program is now seen as a fiasco.")
    assert not any("disaster" in s for s in judged("The speech was considered a public relations disaster by his critics."))
    assert not any("disaster" in s for s in judged("The speech could be considered a public relations disaster."))
    assert not any("disaster" in s for s in judged("The speech was not considered a disaster."))


def test_one_judging_word_two_outlets_use_of_different_things_is_each_ones_judgement(nlp):
    texts = {
        "a": "Hillary Clinton won the New York primary on Tuesday with an unexpectedly strong showing in the suburbs.",
        "b": "Hillary Clinton has fought an unexpectedly difficult nomination battle against Bernie Sanders this spring.",
    }
    items = _evaluative(nlp, texts)
    assert sorted(x.docs for x in items) == [("a",), ("b",)], items
    assert "unexpectedly strong showing" in items[0].about + items[1].about
    # the same word of the same thing in both outlets' own voice is the story's word, not a frame
    texts = {
        "a": "Benjamin Netanyahu has a sometimes frosty relationship with Barack Obama, and he spoke on Monday.",
        "b": "Benjamin Netanyahu, who has a famously frosty relationship with Barack Obama, spoke on Monday.",
    }
    # b's "famously" (a's telling of the same fact may be shown beside it)
    assert [x.docs[0] for x in _evaluative(nlp, texts)] == ["b"], _evaluative(nlp, texts)


def test_a_judging_word_another_outlet_only_reports_from_critics_is_the_outlets_own(nlp):
    texts = {
        "a": "Michael Steele's gaffe-prone tenure at the helm of the party has drawn challengers.",
        "b": "Critics have described the chairman as gaffe-prone, and Michael Steele has drawn challengers.",
    }
    items = _evaluative(nlp, texts)
    assert [x.docs for x in items] == [("a",)] and "gaffe-prone tenure" in items[0].about, items


def test_a_judgement_of_a_noun_phrase_that_holds_someones_words_is_the_outlets(nlp):
    texts = {
        "a": "Hillary Clinton dealt a blow to Bernie Sanders with an unexpectedly strong win that led her to "
             "declare that the nomination was ''in sight.''",
        "b": "Hillary Clinton won the primary in New York on Tuesday, and Bernie Sanders lost.",
    }
    items = _evaluative(nlp, texts)
    assert [x.labels[0].doc for x in items] == ["a"] and "unexpectedly strong win" in items[0].about, items
    # b's plain telling of the win beside it, its nearest sentence (compare/counterparts.py)
    assert [lab.doc for lab in items[0].labels[1:]] == ["b"] and "nearest sentence" in items[0].about, items
    # the same words said by someone, around or over the judgement, stay the speaker's
    for said in ("It was an unexpectedly strong win that led her to declare victory, Ryan said.",
                 "Ryan said it was an unexpectedly strong win that led her to declare victory."):
        assert _evaluative(nlp, {"a": said, "b": texts["b"]}) == [], said


def test_a_judging_modifier_is_shown_beside_another_outlets_words_for_the_same_thing(nlp):
    texts = {
        "a": "Marco Rubio's puerile insults toward Donald Trump cost him support, and he spoke calmly on Thursday.",
        "b": "Marco Rubio's insults toward Donald Trump ended last month, and he spoke calmly on Thursday.",
    }
    items = _evaluative(nlp, texts)
    assert len(items) == 1 and items[0].docs == ("a", "b"), items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert "puerile insults" in by_doc["a"].label and by_doc["b"].label == "Marco Rubio's insults", by_doc
    for lab in items[0].labels:  # each outlet's words cited in its own text
        assert all(c.doc == lab.doc and texts[c.doc][c.start:c.end] == c.text for c in lab.citations)
    assert "“Marco Rubio's insults” (Outlet B)" in items[0].about, items[0].about
    # comments of a kind ("troublesome comments") are not the comments the story is about
    texts = {
        "a": "Michael Steele is known for occasionally troublesome comments about the war in Afghanistan.",
        "b": "Michael Steele defended the comments about the war in Afghanistan on Friday.",
    }
    assert [x.docs for x in _evaluative(nlp, texts)] == [("a",)], _evaluative(nlp, texts)
    # another owner, or a pronoun owner that may be another ("her campaign" beside "the Sanders campaign")
    texts = {
        "a": "Hillary Clinton faced the increasingly nasty Sanders campaign in New York on Tuesday.",
        "b": "Hillary Clinton said her campaign would win in New York on Tuesday.",
    }
    assert [x.docs for x in _evaluative(nlp, texts)] == [("a",)], _evaluative(nlp, texts)
    # a noun that modifies another noun names no thing of its own: "public-works investments" is no other
    # wording of "supposedly less-important works" (BASIL 2153fb3e, NYT beside HuffPost, paired before)
    texts = {
        "a": "President Obama urged Congress on Wednesday to pass his jobs bill. Obama mocked lawmakers for wasting "
             "time on supposedly less-important works.",
        "b": "President Obama urged Congress on Wednesday to pass his jobs bill. Obama said Republicans had "
             "supported public-works investments in the past.",
    }
    assert [x.docs for x in _evaluative(nlp, texts) if "supposedly" in x.about] == [("a",)], _evaluative(nlp, texts)


def test_a_judging_modifier_goes_before_adverbs_of_the_manner_of_an_act(nlp):
    texts = {
        "a": "Marco Rubio forcefully denounced the Castro regime on Thursday. Ted Cruz harshly attacked the Iran deal "
             "on Friday. John Kasich angrily rejected the budget plan in Ohio. Rubio's puerile insults toward Donald "
             "Trump hurt his campaign in Florida.",
        "b": "Donald Trump met voters in Ohio on Saturday. Marco Rubio campaigned in Florida on Sunday.",
    }
    shown = " ".join(x.about for x in _evaluative(nlp, texts))
    assert "puerile insults" in shown, shown
    assert len(_evaluative(nlp, texts)) == 3  # three per outlet


def test_a_judgement_passed_on_from_a_source_is_not_the_outlets(nlp):
    # PolNeAR (NYT, Biden in Scranton): how people close to Biden say he felt is their account,
    # not the NYT's verdict; so is a clause told "reportedly" or "according to" someone
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [c.word for sent in nlp(text).sents for c in cues(sent)]

    assert judged("At times last year, people close to the vice president said, the mere mention "
                  "of Mrs. Clinton's name could make him fume.") == []
    assert judged("But Patrick reportedly bristled at his public pursuit of the seat.") == []
    assert judged("The decision was shameful, according to aides.") == []
    # the same words in the outlet's own voice stay its judgement
    assert "bristled" in judged("But Patrick bristled at his public pursuit of the seat.")
    assert "shameful" in judged("The decision was shameful.")
    assert "surprisingly" in judged("“We will win,” he said, in a surprisingly downbeat speech.")


def test_what_someone_is_charged_with_argues_or_vows_is_not_the_outlets_judgement(nlp):
    # PolNeAR stories nobody tuned for (Politico, NYT, USA Today, Washington Post)
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [c.word for sent in nlp(text).sents for c in cues(sent)]

    assert judged("During the 2012 election, Mitt Romney accused Obama of bungling the rehabilitation.") == []
    assert judged("She criticized what she called the angry, divisive rhetoric from the Republican front-runner.") == []
    assert judged("Her fundamental argument is that Americans should value stability and incremental change "
                  "over radical change.") == []
    assert "trash" not in judged("Her views are a harder sell than Mr. Trump's vows to trash bad trade deals.")
    # a past event told "apparently" is how sure the report is; a movement is no evasion
    assert judged("That site apparently went down a few minutes later.") == []
    assert judged("Sanders ducked down for selfies at Joey's Cafe with young people.") == []
    # wealth is a fact, being motivated a state of mind
    assert judged("Some of the wealthiest conservative givers are helping pay for the attacks.") == []
    assert judged("The party out of power is almost always more motivated to get the keys back.") == []
    # the same words in the outlet's own voice stay its judgement
    assert "bungling" in judged("Obama was bungling the rehabilitation.")
    assert "ducked" in judged("Sanders ducked the question.")
    assert "Apparently" in judged("Apparently the country also has body snatchers.")


def test_a_lean_word_in_a_name_is_no_label_and_a_time_a_year_or_one_of_a_kind_is_another_thing(nlp):
    texts = {
        "a": "Poultry magnate Ronald Cameron was Conservative Solutions PAC's top donor in February. "
             "Ronald Cameron gave $5 million.",
        "b": "Ronald Cameron gave $5 million to the group in February.",
    }
    assert _labels(nlp, texts) == [], _labels(nlp, texts)
    texts = {
        "a": "Donald Trump's overtly racist campaign makes it hard to see how Donald Trump wins Nevada.",
        "b": "Donald Trump is adding to his wins earlier this campaign in Nevada.",
        "c": "Donald Trump's rhetoric obscured a development in the 2016 campaign in Nevada: "
             "who can mount a credible campaign.",
    }
    items = [x for x in _evaluative(nlp, texts) if "racist" in x.about]
    assert len(items) == 1 and " vs " not in items[0].about, items


def test_its_is_the_thing_named_before_it_when_pairing_a_judging_modifier(nlp):
    # BASIL (Fox / HuffPost): "reining in Iran and its rogue nuclear weapons program" beside
    # "Iran's nuclear program"; "its" names no person, and Iran is the thing named before it
    texts = {
        "a": "Benjamin Netanyahu expressed frustration at the failure to rein in Iran and its rogue nuclear "
             "weapons program.",
        "b": "The ad features Benjamin Netanyahu laying out Israel's security concerns about Iran's nuclear program.",
    }
    items = [x for x in _evaluative(nlp, texts) if "rogue" in x.about]
    assert len(items) == 1 and items[0].docs == ("a", "b"), items
    assert "“Iran's nuclear program” (Outlet B)" in items[0].about, items[0].about
    # a thing named by another owner is no match for the judged words (the sentence may still be
    # shown as the other outlet's nearest, compare/counterparts.py, never as the same thing worded)
    texts["b"] = texts["b"].replace("Iran's nuclear program", "Israel's nuclear program")
    items = [x for x in _evaluative(nlp, texts) if "rogue" in x.about]
    assert [x.labels[0].doc for x in items] == ["a"], _evaluative(nlp, texts)
    assert not items[0].about.startswith("how the outlets") and "Israel's nuclear program”" not in items[0].about, items


def test_a_judgement_in_the_outlets_own_clause_before_a_report_of_speech_is_its_own(nlp):
    # BASIL (Fox, NYT): the report of speech comes after the outlet's own words, apart from them
    texts = {
        "a": "Michele Bachmann declined to fight Newsweek over its cover story called \"The Queen of Rage,\" "
             "accompanied by an unflattering photo of Michele Bachmann, and others are calling the magazine "
             "out of bounds.",
        "b": "Newsweek put Michele Bachmann on its cover this week with a photo of Michele Bachmann.",
    }
    assert any("unflattering photo" in x.about for x in _evaluative(nlp, texts)), _framing(nlp, texts)
    texts["a"] = ("Michael Steele drew fierce criticism on Friday after declaring that the war in Afghanistan "
                  "was a war of choice.")
    texts["b"] = "Michael Steele spoke about the war in Afghanistan on Friday at a fund-raiser."
    assert any("fierce criticism" in x.about for x in _evaluative(nlp, texts)), _framing(nlp, texts)
    # after the verb of speech, the words may be what was said though the parse leaves them apart
    texts["a"] = ("Paul Ryan went on offense Tuesday in response to criticism over his Medicare plan, using an "
                  "interview with Fox News coupled with a new TV ad to claim President Obama's health care plan "
                  "treats the treasured entitlement like a \"piggy bank,\" while the plan preserves it.")
    texts["b"] = "Paul Ryan spoke about Medicare and President Obama's health care plan on Tuesday."
    assert not any("treasured" in x.about for x in _evaluative(nlp, texts)), _framing(nlp, texts)
    # how people felt is no verdict
    texts["a"] = "Congressional Democrats were ecstatic about the result of the primary in Virginia on Tuesday."
    texts["b"] = "The primary in Virginia on Tuesday ended with a result few expected."
    assert _evaluative(nlp, texts) == [], _framing(nlp, texts)
    texts["a"] = "Congressional Democrats were particularly appreciative of the result of the primary in Virginia."
    assert _evaluative(nlp, texts) == [], _framing(nlp, texts)


def test_a_judging_modifier_is_shown_beside_another_outlets_other_noun_for_the_same_thing(nlp):
    # PolNeAR dev (New York primary): "an unexpectedly strong win" / "a solid victory": WordNet puts
    # "win" right under "victory"; the plain outlet's words are shown beside the judging ones
    texts = {
        "a": "Hillary Clinton beat Bernie Sanders in New York on Tuesday with an unexpectedly strong win.",
        "b": "Hillary Clinton got a solid victory over Bernie Sanders in New York on Tuesday.",
    }
    items = [x for x in _evaluative(nlp, texts) if "unexpectedly strong win" in x.about]
    assert len(items) == 1 and set(items[0].docs) == {"a", "b"}, _framing(nlp, texts)
    assert any(lab.doc == "b" and "solid victory" in lab.label for lab in items[0].labels), items


def test_one_owners_thing_named_with_a_judging_noun_in_one_outlet_and_a_plain_one_in_another(nlp):
    # PolNeAR dev (Comey): "Hillary Clinton's email scandal" / "Hillary Clinton's email habits"
    texts = {
        "a": "The FBI on Tuesday closed its review of Hillary Clinton's email scandal without charges.",
        "b": "The FBI on Tuesday closed its review of Hillary Clinton's email server without charges.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it (")]
    assert len(items) == 1, _framing(nlp, texts)
    by_doc = {lab.doc: lab.label for lab in items[0].labels}
    assert "email scandal" in by_doc["a"] and "email server" in by_doc["b"], by_doc
    # two plain nouns for it are no frame
    texts["a"] = texts["a"].replace("scandal", "account")
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it (")], _framing(nlp, texts)


def test_a_judgement_someone_labels_calls_aims_at_or_retorts_is_theirs_not_the_outlets(nlp):
    # untuned PolNeAR stories (284, 375, 405, 501): the campaign's "mark of a desperate candidate",
    # the strategist's "what he characterized as an increasingly nasty campaign", the image punches
    # are "designed to make him look like", Clinton's retort after "fired back that"; "blasted out
    # an email" sends it; "distrustful" is a state of mind
    texts = {
        "a": "The Clinton campaign pushed back against the attack by Bernie Sanders on Wednesday, calling it "
             "the mark of a desperate candidate. Joel Benenson lashed out at what he characterized as an "
             "increasingly nasty Sanders campaign on Monday.",
        "b": "Hillary Clinton may look to hit Bernie Sanders with punches designed to make him look like a "
             "hypocritical politician. Hillary Clinton fired back that New York voters elected her twice, so "
             "they clearly believed in her judgment.",
        "c": "The Clinton campaign blasted out an email to supporters on Monday. Segments of the party that "
             "are distrustful of Bernie Sanders met on Monday.",
    }
    items = _evaluative(nlp, texts)
    for word in ("desperate", "nasty", "hypocritical", "clearly", "distrustful"):
        assert not any(word in x.about for x in items), (word, items)
    assert not any("blasted out" in x.about for x in _framing(nlp, texts)), _framing(nlp, texts)


def test_a_judgement_beside_a_fact_the_others_tell_shows_their_telling(nlp):
    # BASIL (NYT): "Perry won an endorsement from Arpaio, who unabashedly calls himself ...": the other
    # outlets tell the endorsement without the judgement; their sentence is shown beside it, cited
    texts = {
        "a": "Sheriff Joe Arpaio, who unabashedly calls himself America's toughest sheriff, endorsed Rick Perry "
             "on Tuesday in Phoenix.",
        "b": "Sheriff Joe Arpaio endorsed Rick Perry on Tuesday in Phoenix.",
    }
    items = _evaluative(nlp, texts)
    assert [x.docs for x in items] == [("a", "b")], items
    assert "unabashedly" in items[0].labels[0].label and "as the others tell it" in items[0].about, items[0].about
    told = items[0].labels[1]
    assert told.doc == "b" and [c.text for c in told.citations] == [texts["b"]], told
    # the others telling another fact: the judgement alone
    texts["b"] = "Rick Perry campaigned in New Hampshire on Tuesday with his wife."
    assert [x.docs for x in _evaluative(nlp, texts)] == [("a",)]


def test_a_judgement_in_an_adverbial_clause_is_not_set_beside_the_others_telling(nlp):
    # the seed (AP): "brutal advance" judges the offensive the "as ..., ceding ..." clause tells, not the
    # deal the sentence and the other outlet tell; the Arpaio case above (a relative clause) keeps it
    texts = {
        "a": "The initial evacuation deal was mediated late Tuesday by Turkey and Russia as the rebel enclave "
             "rapidly dissolved, ceding more and more territory in the face of the brutal advance by Syrian forces.",
        "b": "The evacuation deal was mediated late Tuesday by Turkey and Russia.",
    }
    items = [x for x in _evaluative(nlp, texts) if "brutal" in x.about]
    assert [x.docs for x in items] == [("a",)], _evaluative(nlp, texts)
    assert "as the others tell it" not in items[0].about, items[0].about


def test_how_something_looks_or_sounds_to_the_reporter_is_a_verdict(nlp):
    # PolNeAR (Washington Post, NYT): "Clinton looks much weaker than recent nominees", "his speech
    # sounded more presidential than any other he has given"; a plain look, a state of the body and a
    # forecast are none, nor a comparison with what might have been
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [(c.kind, c.word) for sent in nlp(text).sents for c in cues(sent)]

    assert ("hedge", "looks") in judged("Standing alone, Clinton looks much weaker than recent nominees.")
    assert ("hedge", "sounded") in judged("His speech sounded more presidential than any other he has given.")
    assert judged("The race looks different now.") == []
    assert judged("The plan looks good on paper.") == []
    assert judged("He looked tired after the long flight.") == []
    assert judged("The race looks likely to go to a second ballot.") == []
    assert judged("The primary appeared more consequential than it might have.") == []


def test_a_verdict_in_the_fact_that_clause_is_the_writers_own(nlp):
    # Washington Post (PolNeAR dev): "Trump's problems do not diminish the fact that, standing alone,
    # Clinton looks much weaker than recent nominees": "the fact that" asserts its clause, whoever
    # holds the noun and under the negation above it; a clause of someone's concern, a reported one
    # and one under a plain negated verb stay theirs or denied
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [(c.kind, c.word) for sent in nlp(text).sents for c in cues(sent)]

    assert judged("Mr. Trump's problems do not change the fact that Clinton looks much weaker than "
                  "recent nominees.") == [("hedge", "looks")]
    assert judged("The poll ignores the reality that Clinton looks much weaker than recent nominees.") \
        == [("hedge", "looks")]
    assert judged("Aides said the fact that Clinton looks much weaker than recent nominees worried donors.") == []
    assert judged("The senator voiced his concern that Clinton looks much weaker than recent nominees.") == []
    assert judged("Mr. Trump's problems do not mean that Clinton looks much weaker than recent nominees.") == []
    # who someone was, read from what happened (a perfect infinitive), is no verdict without a judging word
    assert judged("The fact that one of the attackers appeared to have been a Syrian refugee alarmed the "
                  "candidates.") == []
    assert ("hedge", "appeared") in judged("The fact that the ad appeared to have been a desperate gambit "
                                           "alarmed the candidates.")


def test_a_judgement_another_outlet_words_otherwise_is_not_crowded_out_by_lone_ones(nlp):
    # PolNeAR (Politico): three lone verdicts on Rubio's campaign came first and left out "puerile
    # insults", which NYT words "juvenile insults"
    texts = {
        "a": "Things have been looking especially dire for Marco Rubio in Florida. Marco Rubio's tenure in the "
             "Senate, once again, seems shaky. Marco Rubio's campaign appeared to be a desperate effort on Monday. "
             "Marco Rubio had hurled puerile insults toward Donald Trump for weeks.",
        "b": "Marco Rubio said on Wednesday that he regretted lobbing juvenile insults at Donald Trump last month.",
    }
    items = _evaluative(nlp, texts)
    assert len([x for x in items if x.docs == ("a",)]) == 3, items  # the lone ones stay capped
    paired = [x for x in items if "b" in x.docs]
    assert len(paired) == 1 and "puerile insults" in paired[0].about and "juvenile insults" in paired[0].about, items


def test_a_name_ending_in_s_owns_with_an_apostrophe_alone():
    # ECB+ 12ecb: "how the outlets introduce Indians's words"
    from newsprism.model import possessive

    assert possessive("Indians") == "Indians'" and possessive("Reuters") == "Reuters'"
    assert possessive("AP") == "AP's" and possessive("Hugh Jackman") == "Hugh Jackman's"


def test_a_lone_verdict_on_an_earlier_episode_is_the_stories_backdrop(nlp):
    # BASIL and PolNeAR dev: "had pushed through a controversial law last year", "who have been
    # fierce adversaries for months", "has flirted with running for president several times" are
    # what an outlet recalls of the past, not how it tells the story; a day or a week named is the
    # story's own time, and a clause hung on the judged word's clause keeps its time to itself
    from newsprism.compare.backdrop import backdrop

    def past(text, word, year=None):
        doc = nlp(text)
        return backdrop(next(t for t in doc if t.text == word), year)

    assert past("Mr. Pearce had pushed through a controversial law last year.", "controversial")
    assert past("Mr. Rubio and Mr. Cruz, who have been fierce adversaries for months, teamed up against "
                "Mr. Trump.", "fierce")
    assert past("Mr. Trump has flirted with running for president several times since the 1980s.", "flirted")
    assert past("The chaotic process has stung both parties repeatedly.", "chaotic")
    assert past("Twenty-two years ago, The New York Times hailed Donald Trump as a comeback kid.", "hailed")
    assert not past("Rep. Etheridge has apologized for his combative behavior over the weekend.", "combative")
    assert not past("The fierce competition will end next month with the selection of a chairman.", "fierce")
    assert not past("Obama gave a dismal performance at last week's debate.", "dismal")
    assert not past("The senator gave a dismal speech on Tuesday, which his aides had drafted for months.", "dismal")
    assert not past("Since debates often have little impact, the dismal speech may not matter.", "dismal")
    # a year named is long past only two years or more before the story's
    told = "A man who in 2010 tried unsuccessfully to detonate a car bomb was cited by the president."
    assert past(told, "unsuccessfully", 2016) and not past(told, "unsuccessfully", 2011)
    assert not past(told, "unsuccessfully")
    assert not past("Obama repeatedly insisted that lifting the embargo was not a response to Beijing.", "insisted")
    assert not past("Earnings dropped sharply from a year ago.", "sharply")
    assert not past("He touted how far his campaign had come in the last 10 months.", "touted")
    assert not past("Mr. Putin backpedaled on his prediction a year ago that the slump would end.", "backpedaled")
    assert not past("Republicans will control the House for the next four years, limiting ambitious "
                    "legislation.", "ambitious")
    assert not past("The deficit would surpass a dismal $1 trillion for the first time since the recession.", "dismal")

    texts = {
        "a": "Governor Jan Brewer signed the budget on Tuesday in Phoenix. Russell Pearce had pushed through a "
             "controversial law last year. Governor Jan Brewer gave a dismal speech on Tuesday.",
        "b": "Governor Jan Brewer signed the state budget in Phoenix on Tuesday, her office said.",
    }
    about = " ".join(x.about for x in _evaluative(nlp, texts))
    assert "dismal speech" in about and "controversial law" not in about, about


def test_so_called_names_a_term_unless_its_words_are_in_scare_quotes(nlp):
    # polnear-clean dev (Politico): "a leading architect of the so-called surge of U.S. military forces"
    # names the surge; BASIL (NYT): "the so-called grand bargain negotiations" names the talks. PolNeAR
    # dev (HuffPost): 'so-called “closed” primaries' puts the word in scare quotes: the outlet's distance
    from newsprism.compare.evaluative import cues, judging

    def shown(text):
        doc = nlp(text)
        return [c.shown(doc) for sent in doc.sents for c in cues(sent)]

    assert shown("Kagan was a leading architect of the so-called surge of U.S. military forces in Iraq.") == []
    assert shown("Mr. Cantor was strongly opposed to the so-called grand bargain negotiations on the budget.") == []
    assert shown("The campaign remained committed to persuading so-called superdelegates to switch.") == []
    assert any("so-called “closed” primaries" in s
               for s in shown("Sanders needs to win so-called “closed” primaries where only registered Democrats vote."))
    assert any("so-called “rebels" in s for s in shown("The United States was giving weapons to the so-called “rebels” in Syria."))
    doc = nlp("Both attacks were claimed by the so-called Islamic State.")
    assert not any(judging(t) for t in doc)  # nor a judging word in a label of the group


def test_a_distancing_word_is_the_outlets_even_in_a_clause_it_reports(nlp):
    # BASIL (HuffPost, 2012): "accusing the president of embarking on a so-called “apology tour”" and
    # (HuffPost, 2011) "mocking them for spending time on supposedly less-important undertakings": the
    # outlet doubts the words, though the clause is the accuser's or the mocker's; annotated as lexical
    # bias, and missed while every word in such a clause was read as the speaker's
    from newsprism.compare.evaluative import cues

    def shown(text):
        doc = nlp(text)
        return [(c.kind, c.shown(doc)) for sent in doc.sents for c in cues(sent)]

    assert ("modifier", "so-called “apology tour") in shown(
        "In July, the group released an ad accusing the president of embarking on a so-called “apology tour” abroad.")
    # a judging word of the accuser's own stays the accuser's
    assert shown("In July, the group released an ad accusing the president of embarking on a disastrous apology "
                 "tour abroad.") == []
    assert ("adverb", "supposedly less-important measures") in shown(
        "Obama urged lawmakers to pass the bill, while mocking them for spending time on supposedly less-important "
        "measures.")
    # on a verb it passes on hearsay ("Patrick reportedly bristled"), no doubt of a description
    assert shown("Patrick supposedly bristled at his pursuit of the seat.") == []
    # "self-described" names a term, unless its word is in scare quotes
    assert shown("Sanders, a self-described socialist, won the primary in Vermont.") == []
    assert ("modifier", "self-described “student") in shown("He grabbed the self-described “student” by the wrist.")

    texts = {
        "a": "Secure America Now released a new ad on Monday attacking President Obama's Iran policy. In July, the "
             "group released an ad accusing the president of embarking on a so-called “apology tour” abroad.",
        "b": "Secure America Now released a new ad on Monday attacking President Obama's Iran policy. The group "
             "has run several ads against the president this year.",
    }
    items = [x for x in _evaluative(nlp, texts) if "so-called" in x.about]
    assert len(items) == 1 and items[0].docs[0] == "a", _evaluative(nlp, texts)
    cite = items[0].citations[0]
    assert cite.doc == "a" and texts["a"][cite.start:cite.end] == cite.text and "so-called" in cite.text


def test_a_modifier_inside_a_name_wordnet_lists_for_a_thing_is_no_judgement(nlp):
    # untuned PolNeAR: "gross" in "gross domestic product" read as the outlet's verdict; a name of
    # a thing or a measure is no judgement, a listed name of a person or an act may be
    import pytest

    from newsprism.compare.evaluative import cues, judging
    from newsprism.extract.word_senses import noun_senses

    if noun_senses() is None:
        pytest.skip("WordNet ([wordnet] extra) not installed")

    def shown(text):
        doc = nlp(text)
        return [c.shown(doc) for sent in doc.sents for c in cues(sent)]

    assert shown("Federal debt will reach 90 percent of gross domestic product by 2020.") == []
    assert shown("The economy grew slowly, and gross domestic product rose 3 percent in the quarter.") == []
    doc = nlp("Growth of gross national product slowed in the spring.")
    assert not any(judging(t) for t in doc)
    # the same word on a noun of its own is still the outlet's verdict
    assert any("gross" in s for s in shown("The report described a gross abuse of power by the sheriff."))
    assert any("disgusting" in s for s in shown("The senator gave a disgusting speech on Tuesday."))


def test_a_charged_term_and_another_word_for_two_peoples_things_are_no_term_frame(nlp):
    # BASIL 2012 (vice-presidential debate, untuned): NYT's "his own propensity for gaffes" (Biden's)
    # was set beside HuffPost's "his opening statement" (Ryan's): two men's words, not one thing
    # worded two ways
    texts = {
        "a": "When Joe Biden went after Mitt Romney, Paul Ryan reminded Biden of his own propensity for gaffes.",
        "b": "After Paul Ryan finished his opening statement, Joe Biden responded with a laugh.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")], _framing(nlp, texts)
    texts = {  # each man's own words, named
        "a": "Paul Ryan mocked Joe Biden's gaffes in the debate on Thursday night.",
        "b": "Joe Biden answered Paul Ryan's statement in the debate on Thursday night.",
    }
    assert not [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")], _framing(nlp, texts)
    # one man's words, a gaffe in one outlet and a statement in the other: still a frame
    texts["a"] = "Paul Ryan mocked Joe Biden's gaffe in the debate on Thursday night."
    texts["b"] = "Paul Ryan answered Joe Biden's statement in the debate on Thursday night."
    items = [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]
    assert len(items) == 1 and "gaffe" in items[0].about, _framing(nlp, texts)


def test_how_an_attempt_ended_is_a_fact_not_a_judgement(nlp):
    # untuned PolNeAR and BASIL: "tried unsuccessfully to detonate a car bomb", "who have sought
    # unsuccessfully to restructure Social Security": the outcome, told, not the outlet's verdict
    from newsprism.compare.evaluative import cues

    def shown(text):
        doc = nlp(text)
        return [c.shown(doc) for sent in doc.sents for c in cues(sent)]

    assert shown("Conservatives have sought unsuccessfully to restructure Social Security for years.") == []
    assert shown("A man tried unsuccessfully to detonate a car bomb in Times Square.") == []
    assert shown("Mr. Ryan erroneously claimed that the letters did not represent all the bishops.") != []


def test_a_prefixed_word_or_a_word_of_force_says_what_a_thing_is_not_how_it_is_judged(nlp):
    # untuned PolNeAR: "Saudi anti-terrorism efforts", "anti-war protesters", "post-crisis policies"
    # took the valence of their root; "violent assaults", "the imprisoned oil tycoon" tell what
    # happened. A judging modifier beside them is still one
    from newsprism.compare.evaluative import cues

    def shown(text):
        doc = nlp(text)
        return [c.shown(doc) for sent in doc.sents for c in cues(sent)]

    assert shown("The report was the most comprehensive account of Saudi anti-terrorism efforts.") == []
    assert shown("Police arrested anti-war protesters outside the base.") == []
    assert shown("The bank defended its post-crisis policies.") == []
    assert shown("Police made violent arrests in the square.") == []
    assert shown("The imprisoned oil tycoon Mikhail Khodorkovsky wrote a letter.") == []
    assert any("brutal" in s for s in shown("The senator gave a brutal and self-serving speech."))


def test_one_outlets_two_words_for_it_stand_together_not_against_each_other(nlp):
    # BASIL 2012 (Chick-fil-A, open event): "backlash (Fox) vs firestorm (Fox) vs criticism (NYT)"
    # read as Fox against itself; an outlet's words are one side
    texts = {
        "a": "Thousands of people lined up at Chick-fil-A restaurants on Wednesday. The backlash across the country "
             "against Chick-fil-A has been ferocious. The Chick-fil-A firestorm has taken on different meanings "
             "for different people.",
        "b": "Thousands of people lined up at Chick-fil-A restaurants on Wednesday after the company's president "
             "drew criticism for his opposition to same-sex marriage. The company's response was muted.",
    }
    items = [x for x in _labels(nlp, texts) if x.about.startswith("what the outlets call it")]
    assert len(items) == 1, _framing(nlp, texts)
    about = items[0].about
    assert about.count("(Outlet A)") == 1 and about.count("(Outlet B)") == 1, about
    assert "backlash, firestorm (Outlet A)" in about, about


def test_words_against_outlets_groups_each_outlet_set():
    from newsprism.compare.labels import words_against_outlets

    assert words_against_outlets([("dictator", "A, B"), ("leader", "C"), ("strongman", "A, B")]) == \
        "dictator, strongman (A, B) vs leader (C)"
    assert words_against_outlets([("rioter", "A"), ("protester", "B")]) == "rioter (A) vs protester (B)"
