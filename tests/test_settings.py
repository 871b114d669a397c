"""What a claim sets its act in — a time clause, a condition (compare.settings) — and the words of its doer's
description the other report states of him (compare.doer_words) are no fact two reports share. Sentences
as reports of the 2016 primaries and of the NRA's school-safety report (2013) word them."""

from __future__ import annotations

import numpy as np

from facts_support import _claims
from newsprism.extract.propositions import propositions

# the memo's release and the networks' projection: two acts at one moment
MEMO = ('Four hours earlier, a Clinton campaign memo was released as the polls closed stating that the loss was '
        '"long anticipated."')
PROJECTED = ("Sanders' win in New Hampshire, which was projected by networks immediately after polls closed, comes "
             "a little more than one week after he nearly tied Clinton in Iowa.")
# a condition on a result, and the result told
IF_WINS = ("If Sanders ultimately wins by 10 points or more, it means he succeeded in broadening his appeal beyond "
           "the state's independent voters to win over blue-collar, moderate Democrats.")
WON = "Sanders also won decisively among male voters and more than held his own among female voters."
# the same result told plainly by both
WON_TOO = "Sanders won decisively among male voters, the exit polls showed."
# a condition inside what someone is said to have said: the saying is told as done
SAID_IF = ("Trump said in March that women who seek abortions should be punished if the procedure is ever "
           "outlawed.")
EVEN_IF = "Even if Sanders wins by 10 points, he will trail Clinton in delegates."


def _story(nlp, texts):
    from newsprism.compare.settings import claim_settings

    claims, analysis, docs = _claims(nlp, texts)
    return claims, propositions(claims, analysis, docs), claim_settings(claims, docs)


def _read(nlp, texts):
    """(claims, propositions, settings, doer words) of the reports ``texts``."""
    from newsprism.compare.doer_words import doer_terms
    from newsprism.compare.settings import claim_settings

    claims, analysis, docs = _claims(nlp, texts)
    return claims, propositions(claims, analysis, docs), claim_settings(claims, docs), doer_terms(claims, docs)


def _strength(nlp, a: str, b: str, in_a: str, in_b: str, terms: float, events: float, entities: float = 0.0,
              **params) -> str:
    """The link of report a's claim holding ``in_a`` and report b's holding ``in_b`` in a strong same-day
    pair (alignment score 1.5) with ``terms`` of wording, ``events`` of event-key mass and ``entities`` of
    rare names in common."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    claims, of, settings, doers = _read(nlp, {"a": a, "b": b})
    pair = [next(c for c in claims if c.doc == d and words in c.text) for d, words in (("a", in_a), ("b", in_b))]
    fp = FactParams(**params)
    props = Props({c.id: of[c.id] for c in pair}, PredicateSimilarity(None), 0.6, fp.other_patients, fp.denied_class,
                  fp.denied_act, settings=settings, doer_words=doers)

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    pairs = PairScores(full(1.5), full(0.0), full(terms), full(entities), full(events), words=full(terms))
    return link_strength(0, 1, pair, pairs, set(), fp, props=props, apart=False)


def test_words_told_only_in_a_time_clause_are_no_shared_act(nlp):
    from newsprism.compare.settings import setting_only

    claims, of, settings = _story(nlp, {"a": MEMO, "b": PROJECTED})
    # (the memo's sentence is cut in two claims: "... was released" / "as the polls closed stating ...")
    a, b = (next(c for c in claims if c.doc == d and "polls closed" in c.text) for d in ("a", "b"))
    # "after polls closed" sets the time of the projection; "close" and "poll" are told nowhere else there
    assert {"close", "poll"} <= settings[b.id].terms
    assert "project" not in settings[b.id].terms
    assert setting_only(a, b, settings.get(a.id), settings.get(b.id), of[a.id], of[b.id])
    assert _strength(nlp, MEMO, PROJECTED, "polls closed", "projected", terms=0.19, events=0.32) == "partly"
    assert _strength(nlp, MEMO, PROJECTED, "polls closed", "projected", terms=0.19, events=0.32, setting_only=False) == (
        "same fact")


def test_a_condition_is_no_telling_of_the_result(nlp):
    from newsprism.compare.settings import condition_apart

    claims, of, settings = _story(nlp, {"a": IF_WINS, "b": WON})
    a, b = (next(c for c in claims if c.doc == d) for d in ("a", "b"))
    assert settings[a.id].conditional and b.id not in settings
    assert condition_apart(settings.get(a.id), settings.get(b.id))
    # (FactParams.conditions is off by default: see its comment)
    assert _strength(nlp, IF_WINS, WON, "If Sanders", "male voters", terms=0.1, events=0.6, conditions=True) == (
        "partly")
    assert _strength(nlp, IF_WINS, WON, "If Sanders", "male voters", terms=0.1, events=0.6, conditions=False) == (
        "same fact")


def test_a_result_told_plainly_by_both_stays_one_fact(nlp):
    assert _strength(nlp, WON, WON_TOO, "male voters", "male voters", terms=0.5, events=0.6) == "same fact"


def test_a_reported_or_concessive_condition_is_no_condition_on_the_claim(nlp):
    claims, _, settings = _story(nlp, {"a": SAID_IF, "b": EVEN_IF})
    for c in claims:
        assert not (settings.get(c.id) and settings[c.id].conditional), c.text


# one person's description in one report, stated of him in the other (compare.doer_words)
VOWED = ("Bernie Sanders met with President Obama on Thursday. The Independent Vermont senator vowed last month to "
         "take his campaign all the way to the convention.")
HAS_RUN = ("Sanders has said he will stay in the race. He has run in Vermont as an independent and self-described "
           "democratic socialist.")
# the same support told in other words, the person named in both
SPOKE = ("Mark Mattioli, the father of one Newtown shooting victim, also spoke after Hutchinson's announcement to "
         "applaud the review effort.")
SUPPORT = ("But the report did get support from at least one Newtown parent: Mark Mattioli, whose 6-year-old son, "
           "James, was killed.")


def _doers(nlp, texts):
    claims, of, _, doers = _read(nlp, texts)
    return claims, of, doers


def test_words_of_one_doers_description_stated_by_the_other_are_no_shared_act(nlp):
    from newsprism.compare.doer_words import doer_only

    claims, of, doers = _doers(nlp, {"a": VOWED, "b": HAS_RUN})
    a = next(c for c in claims if c.doc == "a" and "vowed" in c.text)
    b = next(c for c in claims if c.doc == "b" and "independent" in c.text)
    assert set(a.terms) & set(b.terms) == {"independent", "vermont"}
    assert {"independent", "vermont"} <= doers[a.id]
    assert doer_only(a, b, doers.get(a.id, frozenset()), doers.get(b.id, frozenset()), of[a.id], of[b.id])
    assert _strength(nlp, VOWED, HAS_RUN, "vowed", "independent", terms=0.23, events=0.0, entities=0.28) == "partly"
    assert _strength(nlp, VOWED, HAS_RUN, "vowed", "independent", terms=0.23, events=0.0, entities=0.28,
                     doer_words=False) == (
        "same fact")


def test_a_doer_the_other_report_names_too_may_tell_one_act(nlp):
    from newsprism.compare.doer_words import doer_only

    claims, of, doers = _doers(nlp, {"a": SPOKE, "b": SUPPORT})
    a, b = (next(c for c in claims if c.doc == d and "Mattioli" in c.text) for d in ("a", "b"))
    assert not doer_only(a, b, doers.get(a.id, frozenset()), doers.get(b.id, frozenset()), of[a.id], of[b.id])
