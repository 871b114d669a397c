"""Facts anchored on what two reports of one fact share however worded (compare/fact_anchors.py):
the same quote of one speaker, the same actor doing the same action to the same target — each
fact saying which anchor holds it; a shared word given to two speakers, or the same action on
another target, is no fact."""

from __future__ import annotations

from dataclasses import replace

from test_fact_unlinked import _story  # the story with the alignment's links removed


def _facts(nlp, texts: dict[str, str], anchors: bool = True):
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.facts import build_facts

    graph, analysis, docs, embedder = _story(nlp, texts)
    params = replace(FactParams(), anchors=anchors, unlinked_pairs=False, side_facts=False)
    return [f for f in build_facts(graph, analysis, params, docs=docs, embedder=embedder) if len(f.docs) > 1]


def test_the_same_short_quote_of_one_speaker_is_one_fact(nlp):
    texts = {
        "a": "Bernie Sanders spoke in West Virginia. While Sanders admitted Tuesday that it would be “very hard” "
             "for his campaign to win if he has fewer pledged delegates, he stayed in the race.",
        "b": "Bernie Sanders held a rally. Sanders himself acknowledged in an MSNBC forum Monday night "
             "\"it will be very hard for us to win\" if he continues to lose ground in the pledged delegate count.",
    }
    facts = _facts(nlp, texts)
    assert [set(f.docs) for f in facts] == [{"a", "b"}], [f.headline.text for f in facts]
    assert facts[0].anchor is not None and "very hard" in facts[0].anchor and "Sanders" in facts[0].anchor
    assert _facts(nlp, texts, anchors=False) == []


def test_the_same_actor_doing_the_same_action_in_other_words_is_one_fact(nlp):
    texts = {
        "a": "Mary Cheney, one of Dick Cheney's two daughters, has taken to Facebook to blast her older sibling, "
             "Liz Cheney, a Wyoming Senate candidate, for her stance on same-sex marriage.",
        "b": "Mary Cheney, the younger sister of Senate candidate Liz Cheney, sharply criticized her sister's "
             "stance on same-sex marriage and urged her friends to share the message.",
    }
    facts = _facts(nlp, texts)
    assert [set(f.docs) for f in facts] == [{"a", "b"}], [f.headline.text for f in facts]
    assert facts[0].anchor is not None and facts[0].anchor.startswith("the same action: Mary Cheney")
    assert _facts(nlp, texts, anchors=False) == []


def test_one_word_given_to_two_speakers_is_no_fact(nlp):
    # the same quoted word, two speakers: two remarks
    assert _facts(nlp, {
        "a": "Donald Trump called the primary system “rigged” in a speech on Tuesday in Ohio.",
        "b": "Bernie Sanders said that the primary system was “rigged” against his supporters on Tuesday.",
    }) == []


def test_the_same_action_on_other_targets_is_no_fact(nlp):
    # one actor, one action, other places and nothing else in common: two facts
    assert _facts(nlp, {
        "a": "Hillary Clinton won the Texas primary on Tuesday by a wide margin.",
        "b": "Hillary Clinton won the Iowa caucuses with a narrow lead over her rival.",
    }) == []


def test_a_statement_told_in_one_report_and_quoted_in_another_is_one_fact(nlp):
    texts = {
        "a": "Joe Arpaio endorsed Rick Perry on Tuesday. Arpaio said that Perry had used state and local law "
             "enforcement officers to stop illegal trafficking of drugs across the Texas border.",
        "b": "Joe Arpaio endorsed Rick Perry on Tuesday. \"His border operations with state and local law "
             "enforcement have helped shut down the illegal trafficking of drugs into Texas,\" Arpaio said.",
    }
    facts = [f for f in _facts(nlp, texts) if f.anchor and f.anchor.startswith("what ")]
    assert [set(f.docs) for f in facts] == [{"a", "b"}], [f.anchor for f in _facts(nlp, texts)]
    assert "Arpaio" in facts[0].anchor and "trafficking" in facts[0].anchor


def test_a_figure_a_report_keeps_coming_back_to_anchors_no_statement(nlp):
    # "13 Hours" is the film's name: each report names it in several sentences about other things
    assert _facts(nlp, {
        "a": "The movie 13 Hours is set to be released in theaters this week. "
             "13 Hours tells the story of six security operators who defended the compound in Benghazi.",
        "b": "The film 13 Hours is based on a book co-written by contractors hired to protect the CIA base. "
             "Critics said that 13 Hours leaves out the politics of the attack on the compound.",
    }) == []


def test_calling_someone_out_and_meeting_him_are_two_actions(nlp):
    # one wide event class ("talk": call, meet) is no one action
    assert _facts(nlp, {
        "a": "Paul Ryan has previously called out Donald Trump over his proposed ban on Muslims.",
        "b": "Paul Ryan will meet with Donald Trump on Thursday to discuss the proposed ban on Muslims.",
    }) == []


def test_a_light_verb_whose_clause_tells_other_actions_too_is_not_the_action(nlp):
    # "is doing well but not likely to win ... offered": not the win the other report tells
    assert _facts(nlp, {
        "a": "Ted Cruz is doing well but not likely to win all 155 delegates offered by the contest in his home state of Texas.",
        "b": "Republican Sen. Ted Cruz won the primary in Oklahoma and in his home state of Texas.",
    }) == []


def test_a_quote_and_a_telling_sharing_only_what_they_are_about_are_two_statements(nlp):
    # the names and the topic words are shared, what was said is not
    assert _facts(nlp, {
        "a": "Joseph Sellers said that Wal-Mart's strong corporate culture stereotypes women as less aggressive "
             "than men.",
        "b": "\"The comparison that's relevant is between men and women and Wal-Mart,\" Joseph Sellers said.",
    }) == []
