"""Link rules that called one fact "partly" (issue 11, corroborated recall): a denial told with
"no" on a copula's complement, one main verb with its action hung aside by the parse, the same act
told aside in one of two strongly scored claims (a rare shared event), and actions that may be
one in a strongly scored pair. Texts from BASIL and PolNeAR dev events."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims


def _parsed(nlp, texts: dict[str, str]):
    return parsed_claims(nlp, texts)


def _first(nlp, a: str, b: str):
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity

    claims, of = _parsed(nlp, {"a": a, "b": b})
    first = [next(c for c in claims if c.doc == d) for d in ("a", "b")]
    return first, Props({c.id: of[c.id] for c in first}, PredicateSimilarity(None), 0.6, True)


def _pairs(score: float, terms: float, words: float, entities: float, events: float):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(events), words=full(words))


def test_no_on_the_complement_of_be_denies(nlp):
    """BASIL d3a1ce0a: "There won't be any daylight there at all" / 'there would be "no daylight"
    between him and Kerry': one statement, not a dropped negation."""
    won_t = "“There won’t be any daylight there at all,” he said."
    no = 'He said there would be "no daylight" between him and Kerry on policy.'
    (a, b), props = _first(nlp, won_t, no)
    assert props.of[a.id].negated and props.of[b.id].negated
    assert props.verdict(a, b) != "contradicts"
    # a plain statement stays affirmative
    (_, c), props = _first(nlp, won_t, 'He said there would be "some daylight" between him and Kerry on policy.')
    assert not props.of[c.id].negated
    assert props.verdict(_, c) == "contradicts"


def test_one_main_verb_is_not_apart_for_an_action_the_parse_hung_aside(nlp):
    """PolNeAR 2016-04-19: "Wall Street does more to hurt the economy than help" told twice; in one
    parse "hurt" hangs on "more" (aside), in the other it is a verb of the clause. Both clauses'
    main verb is the same, so neither states something else about the thing: not "apart"."""
    six = ("More than 6 in 10 New York Democratic voters said that Wall Street does more to hurt the "
           "economy than help, according to exit polls.")
    two = ("On a major issue in their campaign, nearly two-thirds of Democratic primary voters said that "
           "Wall Street does more to hurt the American economy than to help it.")
    (a, b), props = _first(nlp, six, two)
    p, q = props.of[a.id], props.of[b.id]
    assert p.predicate == q.predicate and (p.kinds & q.kinds) <= (p.aside_kinds | q.aside_kinds)
    assert props.verdict(a, b) != "apart"


def test_a_rare_shared_event_in_a_strong_pair_is_one_act_told_aside(nlp):
    """BASIL 74708dbf: "Steele is expected to disclose his intentions during a conference call with
    committee members on Monday evening" / "he asked members to join him 'for a private conference
    call' Monday evening": the main verbs differ (disclose / join) but both tell the one call, a
    rare event with its participants, in a pair the alignment scores strongly."""
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams

    disclose = ("Mr. Steele is expected to disclose his intentions during a conference call with committee "
                "members on Monday evening.")
    join = 'In the note, he asked members to join him "for a private conference call" Monday evening.'
    claims, props = _first(nlp, disclose, join)
    strong = _pairs(1.82, 0.36, 0.34, 0.0, 0.94)
    assert link_strength(0, 1, claims, strong, set(), FactParams(), props=props, apart=False) == "same fact"
    # the rule off, or a weaker pair, or little shared event mass: two actions, as before
    assert link_strength(0, 1, claims, strong, set(), FactParams(shared_event=0.0), props=props, apart=False) == "partly"
    assert link_strength(0, 1, claims, _pairs(1.1, 0.36, 0.34, 0.0, 0.94), set(), FactParams(), props=props,
                         apart=False) == "partly"
    assert link_strength(0, 1, claims, _pairs(1.82, 0.36, 0.34, 0.0, 0.3), set(), FactParams(), props=props,
                         apart=False) == "partly"


def test_actions_that_may_be_one_in_a_strong_pair_are_evidence(nlp):
    """BASIL 74708dbf: "Steele will speak with RNC members Monday evening in which he is expected to
    announce a decision about whether to make another run" / "Steele is expected by some to
    announce that he will not seek a second term": one's main verb is among the other's verbs
    (announce); with no rare name or event mass, that is the evidence a strong pair needs."""
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams

    speak = ("Republican National Committee Chairman Michael Steele will speak with RNC members Monday evening "
             "in which he is expected to announce a decision about whether to make another run for the job.")
    announce = ("RNC Chairman Michael Steele is expected by some to announce that he will not seek a second term "
                "as the head of the Republican National Committee, according to multiple reports.")
    claims, props = _first(nlp, speak, announce)
    assert props.compatible(*claims)
    pairs = _pairs(1.21, 0.41, 0.41, 0.0, 0.08)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "same fact"
    assert link_strength(0, 1, claims, pairs, set(), FactParams(compatible_score=0.0), props=props,
                         apart=False) == "partly"
    # a weaker pair: not enough
    assert link_strength(0, 1, claims, _pairs(1.0, 0.41, 0.41, 0.0, 0.08), set(), FactParams(), props=props,
                         apart=False) == "partly"


def test_a_claim_naming_the_others_patient_tells_the_same_act(nlp):
    """BASIL d3a1ce0a: "Patrick picked a former chief of staff to fill Sen. John Kerry's open seat" /
    "Patrick appointed William Cowan to the Senate seat vacated by ... John Kerry": the named
    patients differ (Kerry, Cowan), but the second names Kerry too, so it is one pick, not the same
    action done to other people ("won Arkansas" / "won South Carolina" stays two facts)."""
    picked = ("Massachusetts Gov. Deval Patrick on Wednesday picked a former chief of staff to fill Sen. John "
              "Kerry’s open seat until a special election in June.")
    appointed = ('WASHINGTON -- Massachusetts Gov. Deval Patrick (D) on Wednesday appointed William "Mo" Cowan to '
                 "the Senate seat vacated by newly confirmed Secretary of State John Kerry.")
    (a, b), props = _first(nlp, picked, appointed)
    assert props.verdict(a, b) != "contradicts", (props.of[a.id], props.of[b.id])
    # the second no longer naming Kerry: the same action on other named people, as before
    (a, c), props = _first(nlp, picked, 'Massachusetts Gov. Deval Patrick (D) on Wednesday appointed William '
                                        '"Mo" Cowan to the Senate.')
    assert props.verdict(a, c) == "contradicts"


def test_two_claims_sharing_only_a_name_and_title_are_partly(nlp):
    """BASIL 450755dd (open): "was the idea of former Arkansas governor ... Mike Huckabee" / "figures like
    former Arkansas Gov. Mike Huckabee began showing their support": one person, named aside in both,
    nothing told alike. Where the person is an argument of the action ("Huckabee called for ..."), the
    name is what the claims tell about, and the rule stays out."""
    from newsprism.compare.fact_links import _names_only, link_strength
    from newsprism.compare.fact_params import FactParams

    idea = ("Chick-fil-A Appreciation Day was the idea of former Arkansas governor and Fox News contributor "
            "Mike Huckabee.")
    figures = ("Prominent conservative figures like former Arkansas Gov. Mike Huckabee began showing their "
               "support by visiting the restaurant.")
    claims, props = _first(nlp, idea, figures)
    strong = _pairs(1.29, 0.26, 0.28, 0.47, 0.0)
    assert link_strength(0, 1, claims, strong, set(), FactParams(), props=props, apart=False) == "partly"
    assert link_strength(0, 1, claims, strong, set(), FactParams(names_only=False), props=props, apart=False) == "same fact"
    called = "Former Arkansas Gov. Mike Huckabee called for a day of support for the chain."
    (a, b), props = _first(nlp, called, figures)
    assert not _names_only(a, b, props.of[a.id], props.of[b.id])


def test_words_quoted_from_the_one_the_other_claim_tells_of_are_his(nlp):
    """BASIL 74708dbf (dev): "he asked members to join him 'for a private conference call' Monday
    evening" quotes Steele; "Steele is expected to disclose his intentions during a conference call ...
    on Monday evening" tells what Steele does: the words are given to no one else. Told of another
    person, they are."""
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.shared_quotes import quoted_remark

    join = 'Michael Steele asked members to join him "for a private conference call" Monday.'
    disclose = ("Michael Steele is expected to disclose his intentions during a conference call with committee "
                "members on Monday evening.")
    other = ("Reince Priebus is expected to disclose his intentions during a conference call with committee "
             "members on Monday evening.")
    strong = _pairs(1.82, 0.36, 0.34, 0.0, 0.94)
    (a, b), props = _first(nlp, join, disclose)
    assert a.quotes and a.quotes[0].speaker_entity and quoted_remark(a)
    assert link_strength(0, 1, [a, b], strong, set(), FactParams(), props=props, apart=False) == "same fact"
    (a, c), props = _first(nlp, join, other)
    assert link_strength(0, 1, [a, c], strong, set(), FactParams(), props=props, apart=False) == "partly"
