"""Two claims state one fact only when they tell the same thing: a named person's account
("X said ...") is not the report's own telling of another action."""

from __future__ import annotations

import numpy as np

from newsprism.model import Span


def _claim(doc: str, k: int, text: str, entities: tuple[str, ...] = (), cue: str | None = None, speaker: str | None = None):
    from newsprism.extract.claims import Attribution, Claim

    attribution = None
    if cue is not None:
        at = text.index(cue)
        attribution = Attribution(text="X", span=Span(doc, 0, 1, "X"), cue=Span(doc, at, at + len(cue), cue), entity=speaker)
    return Claim(id=f"{doc}#{k}", citation=Span(doc, k, k + len(text), text), entities=entities,
                 terms=tuple(w.lower() for w in text.split() if len(w) > 3), attribution=attribution)


def _pairs(n: int, score: float = 0.0, entities: float = 0.0, terms: float = 0.0):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((n, n), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(0.0), words=full(terms))


def _props(claims, *props):
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity

    return Props({c.id: p for c, p in zip(claims, props)}, PredicateSimilarity(None), 0.6)


def test_a_persons_account_is_not_the_reports_own_telling_of_another_action():
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    remark = _claim("a", 0, "Yasser said civilians did not approve of rebel shelling of Fouaa and Kfarya.", ("E1", "E2"),
                    cue="said", speaker="E9")
    report = _claim("b", 0, "The rebels retaliated, at one point shelling the villages of Foua and Kfraya.", ("E1", "E2"))
    accused = _claim("c", 0, "Haj Mustafa accused Iran of foiling the deal over Foua and Kfraya.", ("E1", "E2"),
                     cue="accused", speaker="E8")
    claims = [remark, report, accused]
    props = _props(claims, Proposition(remark.id, "approve", negated=True, agents=frozenset({"~civilian"})),
                   Proposition(report.id, "retaliate", agents=frozenset({"~rebel"})),
                   Proposition(accused.id, "foil", agents=frozenset({"@E3"})))
    pairs = _pairs(3, score=1.2, entities=0.6, terms=0.2)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "partly"
    # the rule off: the shared rare names and the score made it one fact (these claims' unlemmatised terms
    # share one word, "shelling": the one-word rule, compare.act_senses.one_word, off too)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(remark_terms=0.0, one_word=False), props=props,
                         apart=False) == "same fact"
    # much shared wording: the account may well tell the same thing
    worded = _pairs(3, score=1.2, entities=0.6, terms=0.35)
    assert link_strength(0, 1, claims, worded, set(), FactParams(), props=props, apart=False) == "same fact"
    # an accusation is an act of its own, told with its own verb: left to the other rules
    assert link_strength(2, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "same fact"


def test_the_same_action_told_by_a_person_and_by_the_report_is_one_fact():
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    remark = _claim("a", 0, "Officials said Perry endorsed Arpaio's rival on Tuesday in Phoenix.", ("E1", "E2"),
                    cue="said", speaker="E9")
    report = _claim("b", 0, "Perry endorsed Arpaio's rival on Tuesday in a Phoenix speech.", ("E1", "E2"))
    claims = [remark, report]
    props = _props(claims, Proposition(remark.id, "endorse", agents=frozenset({"@E1"})),
                   Proposition(report.id, "endorse", agents=frozenset({"@E1"})))
    pairs = _pairs(2, score=1.2, entities=0.6, terms=0.2)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "same fact"


def test_the_same_action_on_other_named_patients_is_two_facts():
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity
    from newsprism.extract.propositions import Proposition

    arkansas = _claim("a", 0, "Hillary Clinton has won the Democratic primary in Arkansas.", ("E1", "E2"))
    carolina = _claim("b", 0, "Clinton won the South Carolina primary, winning every county in the state.", ("E1", "E3"))
    both = _claim("c", 0, "Clinton won Arkansas and South Carolina on Tuesday.", ("E1", "E2", "E3"))
    claims = [arkansas, carolina, both]
    of = {arkansas.id: Proposition(arkansas.id, "win", agents=frozenset({"@E1"}), patients=frozenset({"@E2"})),
          carolina.id: Proposition(carolina.id, "win", agents=frozenset({"@E1"}), patients=frozenset({"@E3"})),
          both.id: Proposition(both.id, "win", agents=frozenset({"@E1"}), patients=frozenset({"@E2", "@E3"}))}
    pairs = _pairs(3, score=1.3, entities=0.5, terms=0.4)
    rule = Props(of, PredicateSimilarity(None), 0.6, other_patients=True)
    old = Props(of, PredicateSimilarity(None), 0.6)
    assert rule.verdict(arkansas, carolina) == "contradicts"
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=rule, apart=False) == "partly"
    # without the rule the same action by the same person was enough
    assert old.verdict(arkansas, carolina) == "agrees"
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=old, apart=False) == "same fact"
    # a claim naming both states tells each of them
    assert rule.verdict(arkansas, both) == "agrees"
    assert link_strength(0, 2, claims, pairs, set(), FactParams(), props=rule, apart=False) == "same fact"


def test_he_read_as_the_person_named_is_the_one_who_did_it():
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    # "show he took a $916 million loss" names no one but tells Trump's loss ("he" is read
    # as the person last named, ?E4) as "Trump had claimed a loss of $916 million" does
    he = _claim("a", 0, "show he took a massive $916 million loss that he may have used to avoid paying taxes.")
    named = _claim("b", 0, "The paper wrote that Trump had claimed a loss of $916 million in 1995.", ("E4",))
    other = _claim("c", 0, "show she took a massive $916 million loss that she may have used to avoid paying taxes.")
    claims = [he, named, other]
    props = _props(claims, Proposition(he.id, "take", agents=frozenset({"?E4"}), figures=frozenset({"#916000000"})),
                   Proposition(named.id, "claim", agents=frozenset({"@E4"}), figures=frozenset({"#916000000"})),
                   Proposition(other.id, "take", agents=frozenset({"?E7"}), figures=frozenset({"#916000000"})))
    pairs = _pairs(3, score=2.2, entities=1.0, terms=0.5)
    agents = {named.id: frozenset({"E4"})}
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), agents, props, apart=False) == "same fact"
    # someone else's "she": the one who did it is not in the claim
    assert link_strength(2, 1, claims, pairs, set(), FactParams(), agents, props, apart=False) == "partly"


def test_a_negation_counts_against_the_same_main_action_only():
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    # "Comey decided not to recommend indicting Clinton" / "Comey's news conference, in which he
    # ... announced that he wouldn't recommend prosecuting her, was the latest ...": the second
    # tells the recommending in a side clause whose polarity the proposition does not read
    decided = _claim("a", 0, "Comey decided not to recommend indicting Clinton at a press conference Tuesday.", ("E1", "E2"))
    latest = _claim("b", 0, "Comey's news conference, in which he announced he wouldn't recommend prosecuting her, was the latest.",
                    ("E1", "E2"))
    did = _claim("c", 0, "Comey recommended indicting Clinton at a press conference Tuesday.", ("E1", "E2"))
    claims = [decided, latest, did]
    props = _props(claims,
                   Proposition(decided.id, "recommend", kind="recommend", negated=True, agents=frozenset({"@E1"}),
                               patients=frozenset({"@E2"}), kinds=frozenset({"recommend"})),
                   Proposition(latest.id, "be late", agents=frozenset({"@E1"}), kinds=frozenset({"recommend"})),
                   Proposition(did.id, "recommend", kind="recommend", agents=frozenset({"@E1"}),
                               patients=frozenset({"@E2"}), kinds=frozenset({"recommend"})))
    assert props.verdict(decided, latest) == "agrees"
    pairs = _pairs(3, score=1.3, entities=0.6, terms=0.3)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "same fact"
    # the same main action, negated in one only: not the same proposition
    assert props.verdict(decided, did) == "contradicts"
    assert link_strength(0, 2, claims, pairs, set(), FactParams(), props=props, apart=False) == "partly"


def test_two_claims_giving_other_figures_are_two_facts():
    from dataclasses import replace

    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    poll = _claim("a", 0, "Among Democrats alone, Clinton leads Sanders 49 percent to 41 percent.", ("E1", "E2"))
    women = _claim("b", 0, "And Clinton leads Sanders by 7 points among female voters.", ("E1", "E2"))
    same = _claim("c", 0, "Clinton leads Sanders 49 percent to 41 percent among Democrats, the poll found.", ("E1", "E2"))
    claims = [poll, women, same]
    lead = dict(kind="lead", agents=frozenset({"@E1"}), patients=frozenset({"@E2"}))
    props = _props(claims, Proposition(poll.id, "lead", figures=frozenset({"#49", "#41"}), **lead),
                   Proposition(women.id, "lead", figures=frozenset({"#7"}), **lead),
                   Proposition(same.id, "lead", figures=frozenset({"#49", "#41"}), **lead))
    pairs = _pairs(3, score=1.5, entities=0.6, terms=0.3)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "partly"
    assert link_strength(0, 2, claims, pairs, set(), FactParams(), props=props, apart=False) == "same fact"
    # without the rule the same action by the same people was enough
    off = replace(FactParams(), other_figures=False)
    assert link_strength(0, 1, claims, pairs, set(), off, props=props, apart=False) == "same fact"



def test_event_words_are_no_evidence_for_two_actions_on_nothing_in_common():
    """"He says tonight he’s a step closer to being the next president" / "And merely winning those
    states is just the first step": the propositions find two actions on no common argument
    ("apart"); event words both carry (a noun "states" read as a statement) are then no evidence of
    one fact, and the shared wording ("step") is not enough."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    a = _claim("a", 0, "He says tonight he is a step closer to being the next president.")
    b = _claim("b", 0, "And merely winning those states is just the first step.")
    claims = [a, b]

    def pairs(entities: float) -> PairScores:
        def full(v: float) -> np.ndarray:
            return np.full((2, 2), v, dtype=np.float32)
        return PairScores(full(0.8), full(0.0), full(0.5), full(entities), full(0.2), words=full(0.17))

    props = _props(claims, Proposition(a.id, "close", patients=frozenset({"~step"})),
                   Proposition(b.id, "be step", patients=frozenset({"~step"})))
    assert props.verdict(a, b) == "apart"
    assert link_strength(0, 1, claims, pairs(0.0), set(), FactParams(), props=props, apart=False) == "partly"
    # a rare name in common is still evidence
    assert link_strength(0, 1, claims, pairs(0.3), set(), FactParams(), props=props, apart=False) == "same fact"


def test_an_action_told_only_aside_in_one_claim_is_no_shared_action():
    """"The Florida senator is predicting that he will win the GOP nomination" / "That's the number
    of delegates that you need to win the GOP nomination": the second tells the winning only in a
    relative clause of "delegates" (aside); it states a number, not the prediction. The shared
    event words and the name both carry ("GOP") are no proof of one fact; a rare name in common
    more strongly, or much shared wording, still is."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.propositions import Proposition

    a = _claim("a", 0, "The Florida senator is predicting that he will win the GOP nomination.", ("E31",))
    b = _claim("b", 0, "That's the number of delegates that you need to win the GOP nomination.", ("E31",))
    claims = [a, b]

    def pairs(entities: float, terms: float = 0.33) -> PairScores:
        def full(v: float) -> np.ndarray:
            return np.full((2, 2), v, dtype=np.float32)
        return PairScores(full(1.78), full(0.0), full(terms), full(entities), full(1.6), words=full(terms))

    props = _props(claims, Proposition(a.id, "win", "win", patients=frozenset({"@E31", "~nomina"}),
                                       kinds=frozenset({"win"})),
                   Proposition(b.id, "’s", patients=frozenset({"~number"}), kinds=frozenset({"win"}),
                               aside_kinds=frozenset({"win"})))
    assert props.verdict(a, b) == "apart"
    assert link_strength(0, 1, claims, pairs(0.19), set(), FactParams(), props=props, apart=False) == "partly"
    assert link_strength(0, 1, claims, pairs(0.3), set(), FactParams(), props=props, apart=False) == "same fact"
    assert link_strength(0, 1, claims, pairs(0.19, 0.5), set(), FactParams(), props=props, apart=False) == "same fact"
    # the winning told in each clause's own action: not apart
    main = Proposition(b.id, "need", patients=frozenset({"~delega"}), kinds=frozenset({"win"}))
    assert _props(claims, props.of[a.id], main).verdict(a, b) != "apart"
