"""A figure two reports share is one fact only when the clause holding it tells one act
(extract.figure_clauses, compare.figure_acts). Sentences as BASIL 68748e7f (2013, the NRA's school
safety report) and 29ffd053 (2012, the Georgetown letter to Paul Ryan) word them; both open events."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims

RELEASED = ("WASHINGTON — With the Senate set to debate gun control this month, a National Rifle Association task "
            "force released a 225-page report on Tuesday that called for armed police officers, security guards or "
            "staff members in every American school.")
ALSO_CALLED = ("The 225-page report also called for states to require schools to conduct a safety assessment and for "
               "a pilot program to be created assessing mental health as a pre-indicator for violence.")
HUTCHINSON = ("WASHINGTON -- Former Rep. Asa Hutchinson (R-Ark.) on Tuesday released a 225-page report on school "
              "safety funded by the National Rifle Association.")
SENT = ("A group of nearly 90 professors and administrators connected to the Jesuit-founded school in Washington, "
        "D.C., has sent Ryan a letter saying he has misused Catholic doctrine.")
SIGNED = ("The latest criticism comes in a letter released Tuesday and signed by nearly 90 faculty members and "
          "priests at Georgetown, the Jesuit university in Washington.")


def _props(nlp, a: str, b: str):
    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    pair = [next(c for c in claims if c.doc == d and c.figures) for d in ("a", "b")]
    return pair, of[pair[0].id], of[pair[1].id]


def _strength(nlp, a: str, b: str, **params) -> str:
    """The link of the two reports' figure claims in a strong pair (alignment score 1.1) with little
    wording (0.17), some event-key mass (0.8) and rare names (0.39) in common, published the same day."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    pair, p, q = _props(nlp, a, b)
    fp = FactParams(**params)
    props = Props({pair[0].id: p, pair[1].id: q}, PredicateSimilarity(None), 0.6, fp.other_patients,
                  fp.denied_class, fp.denied_act)

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    pairs = PairScores(full(1.3), full(0.0), full(0.17), full(0.39), full(0.8), words=full(0.17))
    return link_strength(0, 1, pair, pairs, set(), fp, props=props, apart=False)


def test_the_clause_holding_a_figure_is_read(nlp):
    _, released, called = _props(nlp, RELEASED, ALSO_CALLED)
    (x,), (y,) = released.figure_acts, called.figure_acts
    assert (x.figure, x.verb, x.counts_doers) == ("#225", "release", False)
    assert (y.figure, y.verb, y.counts_doers) == ("#225", "call", True)
    assert {"page", "report"} <= x.nouns


def test_one_figure_told_of_other_acts_is_two_facts(nlp):
    from newsprism.compare.figure_acts import figure_acts_differ
    from newsprism.compare.match import PredicateSimilarity

    _, released, called = _props(nlp, RELEASED, ALSO_CALLED)
    assert figure_acts_differ(released, called, PredicateSimilarity(None), 0.6)
    # (FactParams.figure_acts is off by default: see its comment)
    assert _strength(nlp, RELEASED, ALSO_CALLED, figure_acts=True) == "partly"
    assert _strength(nlp, RELEASED, ALSO_CALLED, figure_acts=False) == "same fact"


def test_one_figure_told_of_one_act_is_one_fact(nlp):
    from newsprism.compare.figure_acts import figure_acts_differ
    from newsprism.compare.match import PredicateSimilarity

    _, released, hutchinson = _props(nlp, RELEASED, HUTCHINSON)
    assert not figure_acts_differ(released, hutchinson, PredicateSimilarity(None), 0.6)


def test_a_figure_counting_the_doers_in_both_is_one_group(nlp):
    from newsprism.compare.figure_acts import figure_acts_differ
    from newsprism.compare.match import PredicateSimilarity

    # "sent" and "signed": the same nearly 90 people, what they did told in each report's words
    _, sent, signed = _props(nlp, SENT, SIGNED)
    assert all(a.counts_doers for a in sent.figure_acts + signed.figure_acts)
    assert not figure_acts_differ(sent, signed, PredicateSimilarity(None), 0.6)
