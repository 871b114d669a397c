"""Two claims about the same people state one fact only when they tell the same action:
the same verb or event class somewhere in both clauses, or one's action named by the
other's noun ("accepted" / "her acceptance of"). Lexical similarity is evidence, not proof."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims


def _parsed(nlp, texts: dict[str, str]):
    return parsed_claims(nlp, texts)


def _pairs(n: int, score: float, entities: float, terms: float):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((n, n), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(0.0), words=full(terms))


def _strength(nlp, a: str, b: str, **params) -> str:
    """The link of the first claim of report a with the first of report b: a strong alignment
    score, a rare name in common, some shared wording (0.25)."""
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    claims, of = _parsed(nlp, {"a": a, "b": b})
    first = [next(c for c in claims if c.doc == d) for d in ("a", "b")]
    props = Props({c.id: of[c.id] for c in first}, PredicateSimilarity(None), 0.6)
    return link_strength(0, 1, first, _pairs(2, 1.3, 0.5, 0.25), set(), FactParams(**params), props=props, apart=False)


def test_two_actions_of_the_same_people_are_two_facts(nlp):
    mocked = "Hillary Clinton mocked Bernie Sanders over his plan for single-payer health care in Des Moines."
    met = "Hillary Clinton met privately with Bernie Sanders at a hotel in Des Moines, aides said."
    assert _strength(nlp, mocked, met) == "partly"
    # the rule off: a strong score and the same rare names made them one fact
    assert _strength(nlp, mocked, met, actions_differ=False) == "same fact"
    # nearly the same words: left to the other rules
    assert _strength(nlp, mocked, met, differ_terms=0.2) == "same fact"


def test_an_action_named_by_a_noun_is_the_same_action(nlp):
    from newsprism.compare.match import PredicateSimilarity, actions_compatible

    verb = "Sanders has criticized Clinton for accepting donations from Wall Street firms."
    noun = "Sanders has attacked Clinton repeatedly for her acceptance of donations from major financial firms."
    claims, of = _parsed(nlp, {"a": verb, "b": noun})
    p, q = (of[next(c for c in claims if c.doc == d).id] for d in ("a", "b"))
    assert "accept" in p.actions and "acceptance" in q.nominals
    assert actions_compatible(p, q, PredicateSimilarity(None), 0.6)
    assert _strength(nlp, verb, noun) == "same fact"


def test_a_deal_is_what_brokering_makes(nlp):
    lede = ("Families and wounded people packed their bags on Wednesday to vacate the last rebel districts "
            "under a deal between Russia and Turkey.")
    brokered = "The deal was mediated late Tuesday by Turkey and Russia."
    assert _strength(nlp, lede, brokered) == "same fact"


def test_the_same_figure_told_with_other_verbs_is_one_fact(nlp):
    deploy = "Trump said he would deploy up to 30,000 American soldiers to defeat the Islamic State."
    send = "Trump said he would consider sending up to 30,000 American ground troops to fight the Islamic State."
    assert _strength(nlp, deploy, send) == "same fact"


def test_an_action_both_tell_aside_needs_an_argument_in_common(nlp):
    """Both clauses tell "heading to South Carolina" aside; their main actions (hoping for a finish,
    waging a battle) are other things, and nobody is an argument of both."""
    hoped = ("His advisers have hoped for a second-place finish in the primary to put him in the strongest "
             "position heading into South Carolina.")
    waged = ("Five other candidates waged a fierce battle for top-tier finishes and the resources that could "
             "come with them when the campaign heads next to South Carolina.")
    assert _strength(nlp, hoped, waged) == "partly"
    # the same action aside, of the same named people: one fact as before
    clinton = "Hillary Clinton went to Iowa on Monday, speaking about the Paris attacks and terrorism."
    speech = "Hillary Clinton spoke about the Paris attacks in a speech in Iowa on Monday, aides said."
    assert _strength(nlp, clinton, speech) == "same fact"
