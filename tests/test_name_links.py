"""Two claims of different outlets that share nothing but one name of the story (and a verb)
tell different things about it: "partly", not one fact (issue 11: "matches ride on shared words")."""

from __future__ import annotations

import numpy as np

from facts_support import _claims


def _pairs(n: int, score: float, entities: float, terms: float):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((n, n), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(0.0), words=full(terms))


def _first(nlp, a: str, b: str):
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity
    from newsprism.compare.name_links import name_words
    from newsprism.extract.propositions import propositions

    claims, analysis, docs = _claims(nlp, {"a": a, "b": b})
    of = propositions(claims, analysis, docs)
    first = [next(c for c in claims if c.doc == d) for d in ("a", "b")]
    props = Props({c.id: of[c.id] for c in first}, PredicateSimilarity(None), 0.6, names=name_words(analysis.entities))
    return first, props


def _strength(nlp, a: str, b: str, **params) -> str:
    """The link of the first claims of two reports: a strong score, a rare name in common, some shared wording."""
    from newsprism.compare.fact_links import link_strength
    from newsprism.compare.fact_params import FactParams

    first, props = _first(nlp, a, b)
    return link_strength(0, 1, first, _pairs(2, 1.3, 0.5, 0.25), set(), FactParams(**params), props=props, apart=False)


# the convention speech (PolNeAR, Breitbart / Washington Post, July 2016), shortened
LONG = "Donald Trump spoke for 77 minutes on Thursday night, a virtual eternity as far as conventions go."
LOUD = "Donald Trump spoke with so much gusto that it sounded as though he were screaming at the crowd."


def test_one_name_and_a_verb_in_common_is_not_one_fact(nlp):
    first, props = _first(nlp, LONG, LOUD)
    assert props.names_only(*first)
    assert _strength(nlp, LONG, LOUD) == "partly"
    # the rule off: the same actor and verb on a strong score made them one fact
    assert _strength(nlp, LONG, LOUD, names_only_terms=0.0) == "same fact"


def test_a_shared_detail_beyond_the_name_is_evidence(nlp):
    other = "Donald Trump spoke for 77 minutes, the longest acceptance speech in decades."
    first, props = _first(nlp, LONG, other)
    assert not props.names_only(*first)  # "77 minutes" (a figure, a word) in common
    assert _strength(nlp, LONG, other) == "same fact"


def test_two_people_named_in_both_tell_how_they_meet(nlp):
    """A defeat told as "lost to Warren" and as "his unsuccessful race against Warren": the two
    names together are the fact's arguments, not a shared word."""
    lost = "However, Scott Brown lost his re-election bid in November to Democrat Elizabeth Warren."
    race = "Mr. Brown has money left over from his unsuccessful race last year against Elizabeth Warren."
    first, props = _first(nlp, lost, race)
    assert not props.names_only(*first)


def test_a_common_noun_inside_a_name_is_still_a_common_noun(nlp):
    """"police" is a word of "the Ferguson Police Department", a name of the story; written in lower
    case in both claims it is a shared argument (BASIL ed8c136f, shortened)."""
    said = ("Attorney General Eric Holder said Wednesday that he understands why many black Americans "
            "distrust the police. The Ferguson Police Department did not comment.")
    told = "Holder told the students he understands the mistrust between some residents and the police."
    first, props = _first(nlp, said, told)
    assert "police" in props.names and "police" in set(first[0].terms) & set(first[1].terms)
    assert not props.names_only(*first)
    assert "holder" in props.names  # while the name itself stays one
