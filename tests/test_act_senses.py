"""Two claims about one thing that tell other acts of it are two facts (compare.act_senses): an act
told done by one report and not done by the other; one person's two acts, sharing only the person's name.
Sentences as BASIL c21cb217 (2011, Weiner's tweet; an open event) words them."""

from __future__ import annotations

import numpy as np

from facts_support import parsed_claims

FOX = ("Rep. Anthony Weiner, in an interview with Fox News, said Wednesday he's certain he did not send a lewd photo "
       "of somebody's bulging underwear to a college student via Twitter.")
HPO = ("Last weekend, a lewd photo of a man's bulging underpants was sent to a 21-year-old female college student "
       "in Seattle from Weiner's Twitter account.")
# the denial in a clause under the main one (a rewording of FOX: "adamant" is no belief the propositions read through)
FOX_SIDE = ("Rep. Anthony Weiner, in an interview with Fox News, said Wednesday he's adamant he did not send a lewd "
            "photo of somebody's bulging underwear to a college student via Twitter.")
# the same act denied in both (a paraphrase of FOX's denial): one fact
NYT_DENIAL = ("Representative Anthony D. Weiner said Wednesday that he had not sent a lewd photograph of a man's "
              "underpants to a college student in Seattle.")


def _strength(nlp, a: str, b: str, in_a: str, in_b: str, terms: float, events: float, entities: float = 0.0,
              **params) -> str:
    """The link of report a's claim holding ``in_a`` and report b's holding ``in_b`` in a strong pair
    (alignment score 1.5) with ``terms`` of wording, ``events`` of event-key mass and ``entities`` of rare
    names in common, published the same day."""
    from newsprism.compare.align import PairScores
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity

    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    pair = [next(c for c in claims if c.doc == d and words in c.text) for d, words in (("a", in_a), ("b", in_b))]
    fp = FactParams(**params)
    props = Props({c.id: of[c.id] for c in pair}, PredicateSimilarity(None), 0.6, fp.other_patients, fp.denied_class,
                  fp.denied_act)

    def full(v: float) -> np.ndarray:
        return np.full((2, 2), v, dtype=np.float32)

    pairs = PairScores(full(1.5), full(0.0), full(terms), full(entities), full(events), words=full(terms))
    return link_strength(0, 1, pair, pairs, set(), fp, props=props, apart=False)


def test_an_act_denied_by_one_report_and_told_done_by_the_other_is_no_common_fact(nlp):
    from newsprism.compare.act_senses import opposite_polarity

    claims, of = parsed_claims(nlp, {"a": FOX_SIDE, "b": HPO})
    fox, hpo = (of[next(c for c in claims if c.doc == d).id] for d in ("a", "b"))
    # the reworded Fox's "send" is a verb of its clause, denied; HuffPost's main act is that sending, told done
    assert "send" in fox.denied_kinds and "send" not in hpo.denied_kinds
    assert opposite_polarity(fox, hpo) and opposite_polarity(hpo, fox)
    # (FactParams.denied_act is off by default: see its comment)
    assert _strength(nlp, FOX_SIDE, HPO, "adamant", "Seattle", terms=0.29, events=0.77, denied_act=True) == "partly"
    assert _strength(nlp, FOX_SIDE, HPO, "adamant", "Seattle", terms=0.29, events=0.77, denied_act=False) == "same fact"
    # (Fox's own sentence, "he's certain he did not send ...", tells the denial as its main act since
    # session 37: what someone is certain of is the proposition, and the two contradict whatever the switch)
    assert _strength(nlp, FOX, HPO, "certain", "Seattle", terms=0.29, events=0.77, denied_act=False) == "partly"


def test_the_same_act_denied_in_both_reports_is_one_fact(nlp):
    from newsprism.compare.act_senses import opposite_polarity

    claims, of = parsed_claims(nlp, {"a": FOX, "b": NYT_DENIAL})
    fox, nyt = (of[next(c for c in claims if c.doc == d).id] for d in ("a", "b"))
    assert not opposite_polarity(fox, nyt)
    assert _strength(nlp, FOX, NYT_DENIAL, "certain", "underpants", terms=0.35, events=0.8, denied_act=True) == "same fact"


def test_a_gerund_under_a_preposition_is_no_denial(nlp):
    from newsprism.compare.act_senses import opposite_polarity

    # PolNeAR dev (2016-04-20): "asked to release" / "for not releasing" tell one demand
    asked = "Clinton has been asked to release the transcripts of these speeches."
    attacked = ("Sanders has attacked Clinton as being too cozy with Wall Street and for not releasing transcripts of "
                "her paid speeches.")
    claims, of = parsed_claims(nlp, {"a": asked, "b": attacked})
    a, b = (of[next(c for c in claims if c.doc == d).id] for d in ("a", "b"))
    assert "release" in b.negated_actions and "release" not in b.denied_acts
    assert not opposite_polarity(a, b)


# BASIL ed8c136f (2014, Holder in Ferguson; an open event): one officer, two things he did
GREET = ("Soon, Capt. Ron Johnson of the Missouri State Highway Patrol, who has earned some praise since he took over "
         "policing of Ferguson's nightly protests, stopped by to greet the attorney general.")
TURNING = ("Capt. Ronald S. Johnson of the Missouri State Highway Patrol said he believed they had reached “a turning "
           "point.”")
WELCOME = "Capt. Ron Johnson of the Missouri State Highway Patrol welcomed the attorney general at the college."


def test_one_person_doing_two_things_is_two_facts_though_named_alike(nlp):
    from newsprism.compare.act_senses import other_acts

    claims, of = parsed_claims(nlp, {"a": GREET, "b": TURNING})
    a, b = (next(c for c in claims if c.doc == d) for d in ("a", "b"))
    # every word the two share is the officer's name, title and force
    assert set(a.terms) & set(b.terms) <= of[a.id].named_terms | of[b.id].named_terms
    assert other_acts(a, b, of[a.id], of[b.id], differ=True)
    # (the wording they share, the name, is above the bar of two different actions, differ_terms)
    assert _strength(nlp, GREET, TURNING, "greet", "turning", terms=0.37, events=0.0, entities=0.8) == "partly"
    assert _strength(nlp, GREET, TURNING, "greet", "turning", terms=0.37, events=0.0, entities=0.8,
                     other_acts=False) == "same fact"


def test_one_act_in_other_words_by_one_person_stays_one_fact(nlp):
    from newsprism.compare.act_senses import other_acts

    # "greet" / "welcome": one sense by WordNet
    claims, of = parsed_claims(nlp, {"a": GREET, "b": WELCOME})
    a, b = (next(c for c in claims if c.doc == d) for d in ("a", "b"))
    assert not other_acts(a, b, of[a.id], of[b.id], differ=True)


def test_one_person_doing_something_to_one_other_stays_one_fact(nlp):
    from newsprism.compare.act_senses import other_acts

    # BASIL 2153fb3e (an open event): "call out" / "single out" share no sense in WordNet, but Boehner is
    # the one both tell it done to
    called = "Obama continued, calling out Speaker of the House John Boehner (R-Ohio)."
    singled = ("Mr. Obama singled out the Republican leaders of the House and Senate – Speaker John A. Boehner of Ohio "
               "and Senator Mitch McConnell of Kentucky.")
    claims, of = parsed_claims(nlp, {"a": called, "b": singled})
    a, b = (next(c for c in claims if c.doc == d) for d in ("a", "b"))
    assert not other_acts(a, b, of[a.id], of[b.id], differ=True)


# BASIL df5fe55a (2010, the tax-cut deal; an open event): a quotation's tail the splitter cut off
AXELROD_TAIL = ('"I guess the question back for those who ask [why not fight for more] is where does this go, what is '
                'the end game and what are the consequences of playing it?" said senior adviser David Axelrod.')
AXELROD_TOLD = ("David Axelrod, the president’s chief political adviser, said on CNN’s “American Morning” that "
                "middle-class Americans were “going to get screwed” if their tax cuts were not extended at the end of "
                "the year.")


def test_who_said_it_alone_tells_no_fact(nlp):
    from newsprism.compare.act_senses import tells_nothing

    claims, of = parsed_claims(nlp, {"a": AXELROD_TAIL, "b": AXELROD_TOLD})
    tail = next(c for c in claims if c.doc == "a" and "said senior adviser" in c.text)
    told = next(c for c in claims if c.doc == "b")
    assert tells_nothing(tail, of[tail.id]) and not tells_nothing(told, of[told.id])
    assert _strength(nlp, AXELROD_TAIL, AXELROD_TOLD, "said senior adviser", "CNN", terms=0.33, events=0.95,
                     entities=0.4) == "partly"
    assert _strength(nlp, AXELROD_TAIL, AXELROD_TOLD, "said senior adviser", "CNN", terms=0.33, events=0.95,
                     entities=0.4, tells_nothing=False) == "same fact"


def test_a_name_with_its_title_alone_tells_something(nlp):
    from newsprism.compare.act_senses import tells_nothing

    # ECB+ topic 34 (a tuning topic): the headline states the nomination the other report tells
    claims, of = parsed_claims(nlp, {"a": "Dr. Regina Benjamin: Nominee for Surgeon General",
                                     "b": "Obama nominates new surgeon general: MacArthur fellow Regina Benjamin"})
    for c in claims:
        assert not tells_nothing(c, of[c.id])


# PolNeAR train (2016-04-27/28, Sanders after the Acela primaries; texts past the held-out half): a
# strategist's forecast and the candidate's insistence name one state, nothing else in common
FORECAST = ("Primaries in Indiana and California (which allow independents to vote), along with demographically "
            "favorable states like Kentucky and Oregon, would yield victories for Sanders and change the conversation "
            "heading into the convention, Devine predicted.")
INSISTED = ("Sanders said Tuesday night he would stay in the race, and he insisted at an Indiana rally Wednesday that "
            "he's still in the race against Hillary Clinton to win the nomination.")


def test_one_word_in_common_is_no_common_fact(nlp):
    from newsprism.compare.act_senses import one_word

    claims, of = parsed_claims(nlp, {"a": FORECAST, "b": INSISTED})
    a = next(c for c in claims if c.doc == "a")
    b = next(c for c in claims if c.doc == "b" and "Indiana rally" in c.text)
    assert set(a.terms) & set(b.terms) == {"indiana"}
    assert one_word(a, b, of[a.id], of[b.id])
    # a strong pair on the rare name alone (the figures of the PolNeAR run: wording 0.10, names 0.49)
    assert _strength(nlp, FORECAST, INSISTED, "Devine", "Indiana rally", terms=0.1, events=0.04,
                     entities=0.49) == "partly"
    assert _strength(nlp, FORECAST, INSISTED, "Devine", "Indiana rally", terms=0.1, events=0.04,
                     entities=0.49, one_word=False) == "same fact"


def test_one_word_in_common_with_one_act_told_stays_one_fact(nlp):
    from newsprism.compare.act_senses import one_word

    # PolNeAR-clean dev (2016-07-21): "November" alone in common, and one act — "defeat" / "beat"
    boomed = "Trump gestured as if to stop the ruckus, then leaned in and boomed: “Let’s defeat her in November.”"
    declared = ('He gestured "no" with his hands and declared that together they should beat her at the polls in '
                "November.")
    claims, of = parsed_claims(nlp, {"a": boomed, "b": declared})
    a = next(c for c in claims if c.doc == "a" and "defeat" in c.text)
    b = next(c for c in claims if c.doc == "b")
    assert set(a.terms) & set(b.terms) == {"november"}
    assert not one_word(a, b, of[a.id], of[b.id])
