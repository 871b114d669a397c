"""What someone is certain of is the proposition (extract.propositions), and one person speaking is no
common statement (compare.fact_links, FactParams.saying_only). Sentences as BASIL c21cb217 (2011,
Weiner's tweet; an open event) words them."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims

FOX = ("Rep. Anthony Weiner, in an interview with Fox News, said Wednesday he's certain he did not send a lewd photo "
       "of somebody's bulging underwear to a college student via Twitter.")
HPO = ("Last weekend, a lewd photo of a man's bulging underpants was sent to a 21-year-old female college student "
       "in Seattle from Weiner's Twitter account.")
NYT = "“I don’t have memory of this photograph,” Mr. Weiner said in the interview in his office."
# a paraphrase of FOX's denial, in other words: one statement
NYT_DENIAL = ("Representative Anthony D. Weiner said in an interview on Wednesday that he had not sent a lewd "
              "photograph of a man's underpants to a college student in Seattle.")


def _pair(nlp, a: str, b: str):
    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    pair = [next(c for c in claims if c.doc == d) for d in ("a", "b")]
    return pair, of


def _strength(nlp, a: str, b: str, terms: float, events: float, **params) -> str:
    """The link of the two reports' first claims in a strong pair (alignment score 1.3) with ``terms``
    of wording and ``events`` of event-key mass in common, published the same day."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    pair, of = _pair(nlp, a, b)
    fp = FactParams(**params)
    props = Props({c.id: of[c.id] for c in pair}, PredicateSimilarity(None), 0.6, fp.other_patients, fp.denied_class,
                  fp.denied_act)

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    pairs = PairScores(full(1.3), full(0.0), full(terms), full(0.0), full(events), words=full(terms))
    return link_strength(0, 1, pair, pairs, set(), fp, props=props, apart=False)


def test_what_someone_is_certain_of_is_the_proposition(nlp):
    (fox, _), of = _pair(nlp, FOX, HPO)
    p = of[fox.id]
    assert (p.predicate, p.negated) == ("send", True)
    # "he is certain" with no clause after it stays a copula
    (plain, _), of = _pair(nlp, "Weiner said he is certain.", HPO)
    assert of[plain.id].predicate.startswith("be")


def test_an_act_one_is_certain_was_not_done_against_it_done(nlp):
    # "he's certain he did not send" / "was sent": the same act, one denied
    assert _strength(nlp, FOX, HPO, terms=0.29, events=0.76) == "partly"
    assert _strength(nlp, FOX, NYT_DENIAL, terms=0.3, events=0.8) == "same fact"


def test_one_person_speaking_is_no_common_statement(nlp):
    (fox, nyt), _ = _pair(nlp, FOX, NYT)
    shared = set(fox.events) & set(nyt.events)
    assert shared and all(k.startswith("P:say") for k in shared)
    assert _strength(nlp, FOX, NYT, terms=0.15, events=1.0) == "partly"
    assert _strength(nlp, FOX, NYT, terms=0.15, events=1.0, saying_only=False) == "same fact"
