"""Link rules that kept one fact told with other verbs apart (issue 11, corroborated recall): two
claims whose main verbs tell different actions are one fact when a third of their wording is shared
(``FactParams.differ_terms``; BASIL dev, Newsweek's Bachmann cover, 2011: NYT and HuffPost on the
2009 Palin cover); a guess and a plain statement that tell one action are not apart
(``FactParams.hedge_shared_action``; PolNeAR dev, 2016-04-26)."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims


def _pairs(score: float, terms: float, words: float, entities: float, events: float = 0.0):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(events), words=full(words))


def _first(nlp, a: str, b: str):
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity

    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    first = [next(c for c in claims if c.doc == d) for d in ("a", "b")]
    return first, Props({c.id: of[c.id] for c in first}, PredicateSimilarity(None), 0.6, True)


SELECTED = ("In 2009, the editors selected a photo of Sarah Palin in running shorts, which the former "
            "governor and many others called sexist.")
DREW = "And, of course, it drew widespread criticism for its infamous Sarah Palin cover in 2009."


def test_a_third_of_the_wording_shared_is_one_fact_told_with_another_verb(nlp):
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams

    (a, b), props = _first(nlp, SELECTED, DREW)
    # the main verbs tell two actions (select / draw), nothing of one told by the other
    assert props.differ(a, b)
    # as the alignment scored the pair on the story (score 1.05, a rare name in common), wording a
    # third shared
    worded = _pairs(1.05, 0.33, 0.31, 0.44)
    assert link_strength(0, 1, [a, b], worded, set(), FactParams(), props=props, apart=False) == "same fact"
    # the bar of before (0.4) called it two facts
    assert link_strength(0, 1, [a, b], worded, set(), FactParams(differ_terms=0.4), props=props, apart=False) == "partly"
    # little wording in common: still two actions about the same person
    thin = _pairs(1.05, 0.2, 0.2, 0.44)
    assert link_strength(0, 1, [a, b], thin, set(), FactParams(), props=props, apart=False) == "partly"


COULD = "Clinton could have about 90% of the delegates needed to clinch the nomination."
CERTAIN = ("Now all but certain to clinch her party's nomination, Mrs. Clinton will continue to face the "
           "criticism of her party rival, Senator Bernie Sanders of Vermont.")


def test_a_guess_and_a_plain_statement_telling_one_action_are_not_apart(nlp):
    """PolNeAR dev 2016-04-26: "could have about 90% of the delegates needed to clinch the
    nomination" (a guess, a light verb) / "all but certain to clinch her party's nomination": both
    tell the clinching, so the guess is not about another action (``FactParams.hedge_shared_action``)."""
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams

    (a, b), props = _first(nlp, COULD, CERTAIN)
    p, q = props.of[a.id], props.of[b.id]
    assert p.hedged != q.hedged and "clinch" in p.actions & q.actions
    # as the alignment scored the pair on the story
    scored = _pairs(0.99, 0.24, 0.22, 0.0, events=0.38)
    assert link_strength(0, 1, [a, b], scored, set(), FactParams(), props=props, apart=False) == "same fact"
    assert link_strength(0, 1, [a, b], scored, set(), FactParams(hedge_shared_action=False), props=props,
                         apart=False) == "partly"
    # a guess about another thing ("could be in an awkward position") stays apart from a plain statement
    (c, d), props = _first(nlp, "Mrs. Clinton could be in an awkward position at the convention.", CERTAIN)
    assert link_strength(0, 1, [c, d], scored, set(), FactParams(), props=props, apart=False) == "partly"
