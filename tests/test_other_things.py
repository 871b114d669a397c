"""One actor's one act, each report telling it of other things, is two facts — two angles of
one event ("laid out his vision" / "laid out stark differences"); the same act on the same thing,
or on one thing told in other words, stays one fact."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims


def _pairs(n: int, score: float, entities: float, terms: float):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((n, n), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(0.0), words=full(terms))


def _first(nlp, a: str, b: str):
    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    first = [next(c for c in claims if c.doc == d) for d in ("a", "b")]
    return first, of


def _strength(nlp, a: str, b: str, similarity=None, **params) -> str:
    """The link of the first claim of report a with the first of report b: a strong alignment
    score, a rare name in common, some shared wording (0.25)."""
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    first, of = _first(nlp, a, b)
    props = Props({c.id: of[c.id] for c in first}, similarity or PredicateSimilarity(None), 0.6)
    return link_strength(0, 1, first, _pairs(2, 1.3, 0.5, 0.25), set(), FactParams(**params), props=props, apart=False)


# PolNeAR's convention story (2016-07-21): two outlets, one speech, two things told of it
VISION = "Donald Trump laid out his vision for America on the final night of the Republican convention."
DIFFERENCES = "Donald Trump laid out stark differences between his agenda and that of Hillary Clinton."


def test_one_act_told_of_other_things_is_two_facts(nlp):
    assert _strength(nlp, VISION, DIFFERENCES) == "partly"
    # the rule off: the same actor and the same verb made them one fact
    assert _strength(nlp, VISION, DIFFERENCES, other_things=False) == "same fact"
    # nearly the same words: left to the other rules
    assert _strength(nlp, VISION, DIFFERENCES, other_things_terms=0.2) == "same fact"
    # a place both name beyond the actor: something else told alike
    assert _strength(nlp, VISION.replace(" of the Republican convention.", " in Cleveland."),
                     DIFFERENCES.replace(".", " in Cleveland.")) == "same fact"


def test_the_same_act_on_the_same_thing_is_one_fact(nlp):
    plan = "Donald Trump laid out his plan for the economy in a speech in Detroit on Monday."
    details = "Donald Trump laid out the details of his economic plan to the Detroit Economic Club."
    # "plan" is the other's object and one of the first's nouns: one thing
    assert _strength(nlp, plan, details) == "same fact"


def test_one_thing_in_other_words_is_one_fact(nlp):
    from newsprism.compare.other_things import other_things

    first, of = _first(nlp, VISION, DIFFERENCES)
    p, q = of[first[0].id], of[first[1].id]
    ents = frozenset(first[0].entities), frozenset(first[1].entities)

    def cosine(x: str, y: str) -> float:  # a stand-in for word vectors that read the two nouns as alike
        return 0.55 if {x, y} == {"vision", "difference"} else 0.0
    assert other_things(p, q, *ents, lambda x, y: 0.0)
    assert not other_things(p, q, *ents, cosine)


def test_wordnet_reads_a_remark_as_a_statement():
    import pytest

    from newsprism.compare.other_things import nouns_alike
    from newsprism.extract.word_senses import noun_senses

    if noun_senses() is None:
        pytest.skip("the [wordnet] extra is not installed")
    assert nouns_alike("remark", "statement", lambda x, y: 0.0)
    assert nouns_alike("primary", "election", lambda x, y: 0.0)
    assert not nouns_alike("vision", "difference", lambda x, y: 0.0)
    assert not nouns_alike("minute", "gusto", lambda x, y: 0.0)


def test_other_actors_or_other_acts_are_left_to_the_other_rules(nlp):
    from newsprism.compare.other_things import other_things

    clinton = "Hillary Clinton laid out stark differences between her agenda and that of Donald Trump."
    first, of = _first(nlp, VISION, clinton)
    p, q = of[first[0].id], of[first[1].id]
    assert not other_things(p, q, frozenset(first[0].entities), frozenset(first[1].entities), lambda x, y: 0.0)
    praised = "Donald Trump praised the police officers of Cleveland on the final night of the convention."
    first, of = _first(nlp, VISION, praised)
    p, q = of[first[0].id], of[first[1].id]
    assert not other_things(p, q, frozenset(first[0].entities), frozenset(first[1].entities), lambda x, y: 0.0)


def test_a_name_against_a_noun_is_left_alone(nlp):
    from newsprism.compare.other_things import other_things

    # Delaware's primary may be the primary the other report means: one thing told two ways
    first, of = _first(nlp, "Hillary Clinton won Delaware by a wide margin.",
                       "Hillary Clinton won the closed primary with ease.")
    p, q = of[first[0].id], of[first[1].id]
    assert p.predicate == q.predicate == "win" and any(x.startswith("@") for x in p.patients)
    assert not other_things(p, q, frozenset(first[0].entities), frozenset(first[1].entities), lambda x, y: 0.0)
