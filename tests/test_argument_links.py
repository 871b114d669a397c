"""Argument links (newsprism.compare.argument_links): two outlets telling one act of the same named
person with related verbs and few words in common are one corroborated fact; verbs WordNet only
puts one step apart, or one actor's act told of other things, are none."""

from __future__ import annotations

import pytest
from facts_support import aligned_story

# BASIL 68748e7f (NRA school-safety report, 2013), retold: "released" / "unveiled" the report, the
# wording otherwise apart (the alignment leaves the pair unlinked)
_REPORT = {
    "a": "Former Rep. Asa Hutchinson on Tuesday released a 225-page report on school safety funded by the "
         "National Rifle Association. The report recommends that schools train and arm staff members.",
    "b": "Asa Hutchinson, a former congressman from Arkansas who led the task force, unveiled the report on "
         "Tuesday at a packed news conference in Washington. Gun control groups called the proposals dangerous.",
}


def _facts(nlp, texts: dict[str, str], **params):
    from newsprism.compare.facts import FactParams, build_facts

    graph, analysis, docs, embedder = aligned_story(nlp, texts)
    return build_facts(graph, analysis, FactParams(**params), docs, embedder)


def _corroborated(facts) -> list[dict[str, str]]:
    return [{s.citation.doc: s.citation.text for s in f.support if s.strength == "same fact"}
            for f in facts if len(f.docs) >= 2]


def test_one_act_told_with_related_verbs_of_the_same_person_is_one_fact(nlp):
    found = _corroborated(_facts(nlp, _REPORT))
    assert any(set(c) == {"a", "b"} and "released a 225-page report" in c["a"] and "unveiled the report" in c["b"]
               for c in found), found
    # each citation is the report's own sentence, verbatim
    for c in found:
        for doc, text in c.items():
            assert text in _REPORT[doc]
    # off: the alignment alone does not make the fact
    assert not any(set(c) == {"a", "b"} for c in _corroborated(_facts(nlp, _REPORT, argument_links=False)))


def test_one_actors_act_told_of_other_things_is_no_argument_link(nlp):
    # Trump "laid out" two different things (PolNeAR dev, 2016-07): two angles of one speech
    texts = {
        "a": "While Donald Trump laid out his vision for America, the crowd in the arena chanted his name. "
             "Delegates waved signs on the convention floor.",
        "b": "Donald Trump laid out stark differences between his agenda and that of Hillary Clinton. "
             "The speech ran for more than an hour.",
    }
    found = _corroborated(_facts(nlp, texts))
    assert not any("vision for America" in c.get("a", "") and "stark differences" in c.get("b", "") for c in found), found


def test_related_verbs_share_a_sense_not_a_step_up():
    from newsprism.compare.argument_links import related_verbs
    from newsprism.extract.word_senses import verb_senses

    if verb_senses() is None:
        pytest.skip("the [wordnet] extra is not installed")
    assert related_verbs("purchase", "buy")
    assert related_verbs("release", "release")
    # "support" is one hypernym step from "help": "Labrador supports a path to legal status" / "A
    # Labrador bid helps all parties" (BASIL c99adbdd) tell two things
    assert not related_verbs("support", "help")
    assert not related_verbs("criticize", "praise")
    assert not related_verbs("be chance", "be chance")  # a copula's phrase is no verb lemma


def test_related_acts_of_one_actor_on_nothing_in_common_are_no_argument_link(nlp):
    from facts_support import parsed_claims

    from newsprism.compare.argument_links import _same_thing

    def props(texts):
        # each report's first claim
        claims, of = parsed_claims(nlp, texts)
        first = {c.doc: c for c in sorted(claims, key=lambda c: (c.doc, -c.start))}
        return [of[first[d].id] for d in sorted(first)]

    # the story's main actor does many things: "criticized" twice, of two different things
    p, q = props({
        "a": "Sen. Bernie Sanders criticized the trade deal in a speech in Detroit on Tuesday.",
        "b": "Bernie Sanders criticized Hillary Clinton for her ties to Wall Street banks.",
    })
    assert p.predicate == q.predicate == "criticize"
    assert not _same_thing(p, q)
    # "released a 225-page report" / "unveiled the report": the report both name
    p, q = props(_REPORT)
    assert _same_thing(p, q)
