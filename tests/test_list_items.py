"""One item of a list cut from its sentence is a name in someone else's statement, no statement of its
own (compare.act_senses.list_item, FactParams.list_items). Sentences as BASIL cad4bba5 (2012, Obama and
Boehner's fiscal-cliff meeting; an open event) words them."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims

NYT = ("The meeting was the first face-to-face negotiation between the president and the speaker since a session "
       "three weeks ago, when they were joined by the House Democratic leader, Nancy Pelosi of California; the "
       "Senate Democratic leader, Harry Reid of Nevada; and the Senate Republican leader, Mitch McConnell of Kentucky.")
HPO = ("A top Senate Democratic aide told the Huffington Post on Thursday that Senate Majority Leader Harry Reid "
       "(D-Nev.) told his caucus that finalizing a deal by Christmas was now basically impossible.")


def _claims(nlp):
    claims, of = parsed_claims(nlp, {"a": NYT, "b": HPO})
    item = next(c for c in claims if c.doc == "a" and c.text.startswith("the Senate Democratic leader"))
    told = next(c for c in claims if c.doc == "b")
    return item, told, of


def test_a_verbless_list_item_is_read_as_one(nlp):
    from newsprism.compare.act_senses import list_item

    item, told, of = _claims(nlp)
    assert list_item(item, of[item.id])
    assert not list_item(told, of[told.id])


def test_a_list_item_against_a_statement_is_no_common_fact(nlp):
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    item, told, of = _claims(nlp)

    def strength(**params) -> str:
        fp = FactParams(**params)
        props = Props({item.id: of[item.id], told.id: of[told.id]}, PredicateSimilarity(None), 0.6,
                      fp.other_patients, fp.denied_class, fp.denied_act)

        def full(v: float) -> np.ndarray:
            return np.full((2, 2), v, dtype=np.float32)

        # the alignment's figures for this pair on the open event: score 1.5, wording 0.41, rare names 0.46
        pairs = PairScores(full(1.5), full(0.0), full(0.41), full(0.46), full(0.0), words=full(0.41))
        return link_strength(0, 1, [item, told], pairs, set(), fp, props=props, apart=False)

    assert strength() == "partly"
    assert strength(list_items=False) == "same fact"
