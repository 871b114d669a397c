import datetime
import math
from pathlib import Path

import pytest

from newsprism.corpus.cluster import StreamClusterer, cluster_batch, extract_terms

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

FLOOD = [
    "Floods in Valencia killed 12 people on Tuesday, Spanish officials said. Prime Minister Pedro Sanchez visited Valencia.",
    "Pedro Sanchez toured flooded Valencia where torrential rain killed at least a dozen residents.",
    "Rescue teams in Valencia searched for missing residents after the floods; Sanchez promised aid.",
]
STRIKE = [
    "Rail workers at Deutsche Bahn began a national strike in Germany over pay, the GDL union said.",
    "The GDL union called Deutsche Bahn rail workers out on strike across Germany, demanding higher pay.",
]

# Two events of one topic (hand-written after ECB+ topic 35): two players of one team arrested
# on suspicion of drunk driving weeks apart; the second arrest's reports recall the first.
HALE_ARREST = [
    'Sharks receiver Marcus Hale arrested on DUI suspicion\nHarbor City Sharks wide receiver Marcus Hale was arrested early Tuesday on suspicion of drunken driving, five days before the playoff game at Pittsburgh. Officer Brad Kemp said Hale was also cited for driving on probation for a prior conviction. He was booked into county jail and released on bail, the State Highway Patrol said. General manager Tom Reyes said the team was disappointed.',
    "Marcus Hale to play against Pittsburgh despite arrest\nAn arrest for driving under the influence will not affect the playing status of Sharks wide receiver Marcus Hale for Sunday's playoff game at Pittsburgh, coach Ray Dunn said. Hale was stopped by Officer Brad Kemp early Tuesday and cited for driving on probation. Hale was booked into county jail and released on bail, the State Highway Patrol said.",
    "Hale's arrest clouds Sharks' playoff week\nMarcus Hale, the receiver who caught 59 passes this season, was arrested on suspicion of drunk driving on Tuesday morning as the Sharks prepared for Pittsburgh. Officer Brad Kemp said Hale was on probation for a prior offence. General manager Tom Reyes said the Harbor City Sharks were disappointed.",
]
ORTEGA_ARREST = [
    'Sharks lineman Dion Ortega arrested on DUI suspicion\nHarbor City Sharks defensive tackle Dion Ortega was arrested early Sunday on suspicion of drunken driving after speeding down Route 94 in his Bentley, Officer Brian Lott of the State Highway Patrol said. Ortega gave a blood sample and was booked into county jail, then released on bail. The results of the blood test are not yet known. It is the second such arrest of a Sharks player in less than a month, after receiver Marcus Hale was stopped in January.',
    "Dion Ortega faces drunk driving charge\nDion Ortega, the Sharks' defensive tackle, was booked into county jail on suspicion of drunk driving early Sunday and released on bail, Officer Brian Lott said. Ortega was going west on Route 94 in his Bentley when he was pulled over near Home Avenue. He gave a blood sample. General manager Tom Reyes said the team was disappointed. Receiver Marcus Hale was arrested on the same suspicion last month.",
    "Second Shark arrested: Ortega held on DUI suspicion\nThe Sharks' Dion Ortega, a defensive tackle, was pulled over for speeding on Route 94 early Sunday and arrested on suspicion of drunken driving, Officer Brian Lott said. Ortega, 32, was driving his Bentley, gave a blood sample and was released on bail from county jail. The blood-alcohol results will take weeks. Weeks earlier receiver Marcus Hale was arrested after a traffic stop.",
]
# more reports of the second arrest, naming neither the first player nor the officer
ORTEGA_MORE = [
    'Ortega arrest: Sharks tackle pulled over on Route 94\nDion Ortega of the Harbor City Sharks was arrested on suspicion of drunken driving early Sunday after he was stopped for speeding on Route 94 in his Bentley. The defensive tackle gave a blood sample and was released on bail from county jail.',
    "Sharks' Ortega released on bail after DUI arrest\nDefensive tackle Dion Ortega was released on bail on Sunday after his arrest on suspicion of drunk driving. Ortega, 32, was driving his Bentley west on Route 94 and gave a blood sample; the results will take weeks, the State Highway Patrol said.",
    "Dion Ortega booked after traffic stop\nThe Sharks' Dion Ortega was booked into county jail early Sunday on suspicion of drunken driving, then released on bail. The defensive tackle had been speeding on Route 94 in his Bentley and gave a blood sample.",
]


def _day(iso: str) -> int:
    return datetime.date.fromisoformat(iso).toordinal()


def test_entities_are_capitalised_runs_and_their_words():
    terms = extract_terms("The minister met Pedro Sanchez in Valencia. He said little.", lead_boost=1)
    assert terms["e:pedro sanchez"] == 1 and terms["e:sanchez"] == 1 and terms["e:valencia"] == 1
    assert "e:the" not in terms and "e:he" not in terms
    assert terms["minister"] == 1


def test_figures_are_terms():
    """An event's figures (the 23 pirates caught, a 6.1 quake, 1,200 homes) are what its reports
    share and a sibling event of the same topic does not: they are terms; parts of words
    ("4th", the 20 of "G20") are not."""
    terms = extract_terms("The navy caught 23 pirates; a 6.1 quake destroyed 1,200 homes on the 4th at the G20.", lead_boost=1)
    assert terms["23"] == 1 and terms["6.1"] == 1 and terms["1,200"] == 1
    assert not any(t in terms for t in ("4", "4th", "20", "1", "200"))


def test_the_lead_counts_more_than_the_background():
    """News tells its event first; a later paragraph recalling an earlier event of the same
    topic ("just last month, ...") weighs less than the lead (URL lines are no lead)."""
    lead = "https://example.com/sport/2009/02/04/lineman-arrested\nDefensive tackle Jamal Williams was arrested on suspicion of drunken driving."
    background = " Background." * 80 + " Last month, wide receiver Vincent Jackson was arrested too."
    terms = extract_terms(lead + background)
    assert terms["e:jamal williams"] == 3 and terms["e:vincent jackson"] == 1
    assert terms["e:jamal williams"] == 3 * extract_terms(lead + background, lead_boost=1)["e:jamal williams"]


def test_streaming_separates_two_events_and_groups_each():
    clusterer = StreamClusterer()
    day = _day("2024-10-30")
    labels = [clusterer.add(t, None, day) for t in (FLOOD[0], STRIKE[0], FLOOD[1], STRIKE[1], FLOOD[2])]
    assert labels[0] == labels[2] == labels[4]
    assert labels[1] == labels[3]
    assert labels[0] != labels[1]


def test_time_window_splits_the_same_topic_a_year_apart():
    clusterer = StreamClusterer()
    first = clusterer.add(FLOOD[0], None, _day("2024-10-30"))
    later = clusterer.add(FLOOD[1], None, _day("2025-11-02"))
    assert first != later


def test_undated_articles_join_the_dated_story_of_their_event():
    """A missing date means "unknown", not "far away": one outlet's undated reports of two
    events go to those events' dated stories, not into a story of their own (streaming and
    batch), and a dated article finds a story opened by an undated one."""
    flood_day, strike_day = _day("2024-10-30"), _day("2024-11-20")
    clusterer = StreamClusterer()
    flood = clusterer.add(FLOOD[0], None, flood_day)
    strike = clusterer.add(STRIKE[0], None, strike_day)
    assert clusterer.add(FLOOD[2], None, None) == flood
    assert clusterer.add(STRIKE[1], None, None) == strike
    later = StreamClusterer()
    opened = later.add(FLOOD[1], None, None)
    assert later.add(FLOOD[0], None, flood_day) == opened
    docs = [(FLOOD[0], None, flood_day), (FLOOD[1], None, flood_day), (STRIKE[0], None, strike_day),
            (FLOOD[2], None, None), (STRIKE[1], None, None)]
    labels = cluster_batch(docs)
    assert labels[0] == labels[1] == labels[3] and labels[2] == labels[4] and labels[0] != labels[2]


VISIT = [
    "Japanese Prime Minister Shinzo Abe arrived in Beijing on Thursday for a three-day visit, the first by a Japanese leader in seven years, and met President Xi Jinping.",
    "Shinzo Abe held talks with Xi Jinping in Beijing, where the two leaders agreed to open a new chapter after years of frosty ties over disputed islands.",
    "In Beijing, Abe and Xi signed agreements on currency swaps and joint projects during the first visit of a Japanese prime minister in seven years.",
]
TARIFFS = [
    "Japan's trade ministry announced on Tuesday new export controls on chip materials to South Korea, citing security concerns.",
    "Tokyo said its trade ministry would restrict exports of semiconductor materials to South Korea from next month; Seoul called the export controls retaliation.",
    "South Korea protested Japan's new export controls on chemicals used to make semiconductors, announced by the trade ministry in Tokyo.",
]


def test_two_events_of_one_country_days_apart_stay_apart():
    """A visit, then a policy announcement by the same country five days later: two stories."""
    day = _day("2018-10-26")
    docs = [(t, None, day + (i % 2)) for i, t in enumerate(VISIT)] + [(t, None, day + 5) for t in TARIFFS]
    labels = cluster_batch(docs)
    assert len(set(labels[:3])) == 1 and len(set(labels[3:])) == 1 and labels[0] != labels[3]
    clusterer = StreamClusterer()
    stream = [clusterer.add(text, None, d) for text, _, d in docs]
    assert stream[0] != stream[3] and len(set(stream[3:])) == 1


SCRANTON = [
    "Vice President Joe Biden campaigned for Hillary Clinton in Scranton, Pennsylvania, on Monday, telling a crowd in his hometown that Donald Trump does not understand the middle class and would be a danger to the country.",
    "Joe Biden, stumping for Hillary Clinton in his native Scranton on Monday, trashed Donald Trump, saying the Republican nominee has no clue about the middle-class families of Pennsylvania.",
    "Back in Scranton, the vice president told supporters of Hillary Clinton that Donald Trump would be a danger to the country, and that he does not understand the middle class Biden grew up in.",
]
SEPTEMBER = [
    "The Clinton campaign said on Friday that President Barack Obama and Vice President Joe Biden will campaign for Hillary Clinton in September, with Biden heading to Pennsylvania and Ohio to make the case against Donald Trump.",
    "Obama and Biden will hit the campaign trail for Hillary Clinton in September, her campaign said Friday; Biden is to visit Pennsylvania and Ohio, where he will warn voters about Donald Trump.",
]


def test_a_story_holds_one_event_not_a_topic_over_weeks():
    """Biden's Scranton speech and, eleven days later, the announcement of his September
    campaign trips: one topic, same people, two events (the 7-day window measured from the
    story's edges merged them: PolNeAR's stories spanned two weeks). A report of the speech
    four days later, or without a date, still joins the speech."""
    d15, d26 = _day("2016-08-15"), _day("2016-08-26")
    for late in (None, d15 + 4):
        docs = [(SCRANTON[0], None, d15), (SCRANTON[1], None, d15 + 1), (SEPTEMBER[0], None, d26),
                (SEPTEMBER[1], None, d26), (SCRANTON[2], None, late)]
        clusterer = StreamClusterer()
        stream = [clusterer.add(text, None, day) for text, _, day in docs]
        for labels in (stream, cluster_batch(docs)):
            assert labels[0] == labels[1] == labels[4] and labels[2] == labels[3] and labels[0] != labels[2]


def test_batch_a_lone_report_told_differently_joins_its_event():
    """A short report of the Valencia floods that shares few words with the others (mean
    similarity 0.16, under the merge threshold 0.19) joins the flood story in batch, not a story
    of its own; a lone report of another strike (pilots, not rail workers) stays alone."""
    from dataclasses import replace

    from newsprism.corpus.cluster import ClusterParams

    day = _day("2024-10-30")
    lone = "Soldiers were sent to Valencia to help residents dig out after the rain."
    other = "Air France pilots walked out over pay on Thursday, grounding flights in Paris, their union said."
    docs = [(t, None, day) for t in FLOOD + STRIKE]
    assert cluster_batch(docs + [(lone, None, day)]) == [0, 0, 0, 1, 1, 0]
    assert cluster_batch(docs + [(lone, None, day)], replace(ClusterParams(), batch_attach=0)) == [0, 0, 0, 1, 1, 2]
    assert cluster_batch(docs + [(other, None, day)]) == [0, 0, 0, 1, 1, 2]


def test_batch_matches_gold_on_hand_cases():
    day = _day("2024-10-30")
    docs = [(t, None, day) for t in FLOOD + STRIKE]
    labels = cluster_batch(docs)
    assert len(set(labels[:3])) == 1 and len(set(labels[3:])) == 1 and labels[0] != labels[3]


@pytest.mark.shared
def test_basil_and_ecb_targets():
    if not (SHARED / "datasets" / "basil").is_dir():
        pytest.skip("../shared is absent: BASIL lives there")
    from newsprism.evaluate.stories import evaluate_stories

    scores = evaluate_stories(SHARED / "datasets")
    assert scores["basil_docs"] == 150
    assert scores["basil_batch_b3_f1"] >= 0.95
    assert scores["basil_stream_b3_f1"] >= 0.95
    assert scores["basil_batch_emb_b3_f1"] >= 0.95
    assert scores["ecb_doc_batch_emb_b3_f1"] > scores["ecb_doc_baseline_b3_f1"]
    assert scores["basil_batch_b3_f1"] > scores["basil_baseline_b3_f1"]
    assert scores["ecb_doc_batch_b3_f1"] > scores["ecb_doc_baseline_b3_f1"]


def test_term_extractor_memo_gives_the_same_counts_when_reused_and_cleared():
    from newsprism.corpus.cluster import TermExtractor

    extractor = TermExtractor(memo_size=5)  # tables cleared almost every call
    reused = TermExtractor()
    for text in FLOOD + STRIKE + FLOOD:
        expected = extract_terms(text, "Floods in Valencia")
        for ex in (extractor, reused):
            words, entities = ex.split_terms(text, "Floods in Valencia")
            assert words + entities == expected
            assert all(t.startswith("e:") for t in entities) and not any(t.startswith("e:") for t in words)
    # title words count twice, lead words (the whole of this short text) three times;
    # stop words never count
    words, _ = reused.split_terms("Valencia floods.", "Valencia floods")
    assert words["flood"] == 2 + 3 and "the" not in words


def test_vectors_keep_the_heaviest_terms_at_unit_length():
    from newsprism.corpus.cluster import ClusterParams, Vectorizer

    params = ClusterParams(vector_terms=4, top_terms=2)
    vectorizer = Vectorizer(docs=10, df={"common": 9, "rare": 1}, params=params)
    words = {"common": 5, "rare": 1, "alpha": 2, "beta": 1, "gamma": 1, "delta": 1}
    vec = vectorizer.vector_parts(words, {"e:valencia": 1}, 100)
    # by hand, (1 + ln tf) * (ln 11 + 1 - ln(df + 1)): alpha 5.75, unseen tf-1 words 3.40,
    # common 2.86, rare 2.70
    assert list(vec.words) == ["alpha", "beta", "gamma", "delta"]  # ties keep first-seen order
    assert abs(vec.words["alpha"] / vec.words["beta"] - (1 + math.log(2))) < 1e-9
    assert abs(sum(w * w for w in vec.words.values()) - 1.0) < 1e-9
    assert vec.entities == {"e:valencia": 1.0}
    assert vec.salient == ("alpha", "beta", "e:valencia")
    # the mixed-count entry point splits by prefix and gives the same vector
    mixed = vectorizer.vector({**words, "e:valencia": 1}, 100)
    assert mixed.words == vec.words and mixed.salient == vec.salient


def test_batch_with_embeddings_uses_them_and_checks_their_count():
    import numpy as np

    from newsprism.corpus.cluster import ClusterParams

    day = _day("2024-10-30")
    docs = [(t, None, day) for t in FLOOD + STRIKE]
    # embeddings that agree with the gold groups keep them; embeddings that put a flood
    # article with the strikes lower its similarity to the floods
    agree = np.array([[1.0, 0.0]] * 3 + [[0.0, 1.0]] * 2)
    labels = cluster_batch(docs, embeddings=agree)
    assert len(set(labels[:3])) == 1 and len(set(labels[3:])) == 1 and labels[0] != labels[3]
    misleading = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]])
    heavy = cluster_batch(docs, ClusterParams(embedding_weight=0.9), embeddings=misleading)
    assert heavy[2] != heavy[0]  # at weight 0.9 the embeddings decide
    with pytest.raises(ValueError):
        cluster_batch(docs, embeddings=agree[:4])


def test_baselines_and_date_removal_of_the_story_scorer():
    from newsprism.evaluate.stories import agglomerative_baseline, drop_dates

    day = _day("2024-10-30")
    labels = agglomerative_baseline([(t, None, day) for t in FLOOD + STRIKE])
    assert labels[3] == labels[4] and not set(labels[:3]) & {labels[3]}
    assert len(set(agglomerative_baseline([(t, None, day) for t in FLOOD + STRIKE], threshold=0.99))) == 5
    docs = [(f"d{i}", "text", None, 100 + i, "g") for i in range(10)]
    once, again = drop_dates(docs, 0.3), drop_dates(list(reversed(docs)), 0.3)
    assert sum(d[3] is None for d in once) == 3
    assert {d[0] for d in once if d[3] is None} == {d[0] for d in again if d[3] is None}  # order-free choice
    assert all(d[3] is None for d in drop_dates(docs, 1.0))


def test_batch_keeps_apart_two_arrests_whose_later_reports_recall_the_earlier():
    """Two DUI arrests of two players of one team: every report of the second names its player
    (Ortega) in its opening and recalls the first player (Hale) further down; no report of the
    first names Ortega. Their groups are as alike as one event's (mean similarity 0.24 over the
    merge threshold 0.19), so average linkage alone merged them; a group whose openings name a
    protagonist the other group never names tells another event. More reports of the second
    arrest, whose openings name someone else too (the officer), still join it."""
    from dataclasses import replace

    from newsprism.corpus.cluster import ClusterParams

    docs = [(t, None, None) for t in HALE_ARREST + ORTEGA_ARREST]
    assert cluster_batch(docs) == [0, 0, 0, 1, 1, 1]
    assert cluster_batch(docs, replace(ClusterParams(), lead_name_chars=0)) == [0] * 6  # without the rule
    more = [(t, None, None) for t in ORTEGA_MORE]
    assert cluster_batch(docs + more) == [0, 0, 0, 1, 1, 1, 1, 1, 1]
    assert cluster_batch([(t, None, None) for t in ORTEGA_ARREST] + more) == [0] * 6


def test_lead_names_are_the_last_words_of_the_names_an_article_opens_with():
    from newsprism.corpus.cluster import TermExtractor

    extractor = TermExtractor()
    text = "http://example.com/sports/2009/02/03/ortega\n" + ORTEGA_ARREST[0]
    names = extractor.lead_names(text, None, 300)
    assert "ortega" in names and "lott" in names  # "Dion Ortega", "Officer Brian Lott"
    assert "hale" not in names  # "Marcus Hale" is named after the first 300 characters
    assert "hale" in extractor.lead_names(text, None, 2000)
    assert extractor.lead_names(text, "Marcus Hale recalled", 0) == ()  # 0: off


def test_a_stored_story_keeps_the_names_its_articles_open_with():
    """A story restored from the store judges a merge as the live one did: the names its
    articles' openings give are kept with its centroid (absent from stores written before)."""
    from newsprism.corpus.cluster import StoryState

    clusterer = StreamClusterer()
    for text in ORTEGA_ARREST:
        clusterer.add(text, None, None)
    (story,) = clusterer.stories.values()
    assert story.leads["ortega"] == 3
    data = story.to_jsonable()
    back = StoryState.from_jsonable(story.id, data, story.size, None, None)
    assert back.leads == story.leads
    del data["l"]
    assert StoryState.from_jsonable(story.id, data, story.size, None, None).leads == {}


def test_best_leaves_out_only_candidates_that_cannot_change_the_decision():
    """``best`` skips a candidate whose time factor alone cannot beat the best so far or reach
    the threshold: every article is placed as scoring all candidates places it (random unit
    vectors over a small vocabulary, dated over two months, so many candidates lie days apart)."""
    import random

    from newsprism.corpus.cluster import ArticleVector, similarity, time_factor

    rng = random.Random(3)
    vocab = [f"w{i}" for i in range(40)]

    def unit(terms: list[str]) -> dict[str, float]:
        raw = {t: rng.random() + 0.01 for t in terms}
        norm = math.sqrt(sum(v * v for v in raw.values()))
        return {t: v / norm for t, v in raw.items()}

    clusterer = StreamClusterer()
    threshold = clusterer.params.threshold
    far = placed = 0
    for _ in range(600):
        words = unit(rng.sample(vocab, rng.randint(3, 12)))
        ents = unit(rng.sample(vocab[:10], rng.randint(1, 3))) if rng.random() < 0.6 else {}
        vec = ArticleVector(words, ents, rng.randrange(0, 60), tuple(sorted(words, key=words.__getitem__)[-6:]))
        full_id, full_score = None, 0.0  # every candidate scored
        for story_id in clusterer._shortlist(vec):
            story = clusterer.stories[story_id]
            far += time_factor(vec.day, story.first_day, story.last_day, clusterer.params) < threshold
            score = similarity(vec, story, clusterer.params)
            if score > full_score:
                full_id, full_score = story_id, score
        got_id, got_score = clusterer.best(vec, threshold)
        if full_score >= threshold:
            assert (got_id, got_score) == (full_id, full_score)
            placed += 1
        else:
            assert got_id is None or got_score < threshold
        assert clusterer.best(vec) == (full_id, full_score)  # without a floor: the same best
        clusterer.add_vector(vec)
    assert far > 0 and placed > 0
