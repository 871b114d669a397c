"""Who did it, read through "he"/"she", in the rules that tell one fact from two (BASIL c21cb217 and
ee05c9b3, open events): a pronoun is not read as a person of the other gender; two people each
doing a different act are two facts; a denied act is no common event with another act of its kind."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims

# BASIL c21cb217 (2011, Weiner's tweet), the sentences as the outlets wrote them
HPO = ("The tweet of the lewd photo first was reported Saturday by BigGovernment.com, a website run by "
       "conservative commentator Andrew Breitbart. The woman told the New York Daily News that she had never "
       "met Weiner.")
FOX = ("Rep. Anthony Weiner said he did not send the photo. The former official said if Weiner had called the "
       "FBI when the story broke, the public would already know where the Tweet originated.")
NYT = ("He said he did not know the woman who received the photo, Gennette Cordova, a student at Whatcom "
       "Community College. She issued a statement over the weekend saying she had never met him.")
# BASIL ee05c9b3 (2014, Cantor's primary loss)
BRAT = ("So who is Dave Brat, and how did he pull off such a stunning win? The 49-year-old teaches at "
        "Randolph-Macon College, a small liberal arts school north of Richmond. He raised just over $200,000 for "
        "his campaign, while Cantor spent more than $1 million in April and May alone to try to beat back his challenge.")
CANTOR = ("Many voters also perceived Mr. Cantor as ignoring district concerns as he sought to raise his national "
          "profile. He kept a home in suburban Richmond and sent his children to school there, but he spent much of "
          "his time in recent years traveling across the country to raise money and campaign for Republican candidates.")


def _two(nlp, a: str, b: str, in_a: str, in_b: str):
    """The claim of report a holding ``in_a``, the claim of report b holding ``in_b``, and their propositions."""
    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    pair = [next(c for c in claims if c.doc == d and words in c.text) for d, words in (("a", in_a), ("b", in_b))]
    return pair, of


def _strength(nlp, a: str, b: str, in_a: str, in_b: str, terms: float, events: float, **params) -> str:
    """The link of the two claims in a strong pair (alignment score 1.2) of no rare name in common,
    ``terms`` of wording and ``events`` of event-key mass in common, published the same day."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    pair, of = _two(nlp, a, b, in_a, in_b)
    fp = FactParams(**params)
    props = Props({c.id: of[c.id] for c in pair}, PredicateSimilarity(None), 0.6, fp.other_patients, fp.denied_class)
    pairs = PairScores(full(1.2), full(0.0), full(terms), full(0.0), full(events), words=full(terms))
    return link_strength(0, 1, pair, pairs, set(), fp, props=props, apart=False)


def test_she_is_not_read_as_a_man_named_before(nlp):
    claims, of = parsed_claims(nlp, {"a": FOX, "b": HPO})
    woman = next(c for c in claims if "never met" in c.text)
    breitbart = next(c for c in claims if "Breitbart" in c.text).entities
    assert breitbart
    # "she" after "Andrew Breitbart": not him (before, read as the last person named: "?<Breitbart>")
    assert not {a[1:] for a in of[woman.id].agents} & set(breitbart)
    # a woman named before it is still who "she" is
    (_, cordova), of = _two(nlp, FOX, NYT, "FBI", "issued a statement")
    assert any(a.startswith("?") for a in of[cordova.id].agents)


def test_a_denied_act_is_no_common_event_with_another_act_of_its_kind(nlp):
    # "never met" and "had called" are both of the event class "talk", Weiner taking part in each
    assert _strength(nlp, FOX, HPO, "FBI", "never met", terms=0.05, events=1.0) == "partly"
    assert _strength(nlp, FOX, HPO, "FBI", "never met", terms=0.05, events=1.0, denied_class=False) == "same fact"
    # the same denial told twice is one fact
    assert _strength(nlp, NYT, HPO, "issued a statement", "never met", terms=0.3, events=1.0) == "same fact"


def test_two_people_two_acts_are_two_facts(nlp):
    # "He" is Dave Brat in one report, Cantor in the other; raising $200,000 is not travelling to raise money
    # (FactParams.other_agents, on by default since session 36: off, the pair is one fact)
    assert _strength(nlp, BRAT, CANTOR, "200,000", "much of his time", terms=0.25, events=0.3,
                     other_agents=True) == "partly"
    assert _strength(nlp, BRAT, CANTOR, "200,000", "much of his time", terms=0.25, events=0.3,
                     other_agents=False) == "same fact"
