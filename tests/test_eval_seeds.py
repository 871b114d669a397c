"""The seed scorer on tiny hand-made analyses (its answers can be checked by hand)."""

from newsprism.evaluate.seeds import names_match, normalise, score_seed
from newsprism.model import DocumentInfo, Entity, Figure, Mention, Quote, StoryAnalysis


def _doc(doc_id, text, outlet=None):
    return DocumentInfo(doc_id, outlet, None, None, None, None, False, (), None, None, (), None, text)


def _analysis(entities=(), quotes=(), figures=()):
    docs = (_doc("000_x.txt", "Fouaa and Iran. Iraq.", None), _doc("001_y.txt", "Foua", "The Associated Press"))
    return StoryAnalysis(docs, tuple(entities), tuple(quotes), tuple(figures), ())


def test_normalise_folds_typography():
    assert normalise("“Let us leave  —   what”") == normalise('"let us leave - what"')


def test_names_match_requires_ordered_tokens():
    assert names_match("Rami Abdurrahman", "Abdurrahman")
    assert names_match("Yasser", "Yasser Hemeish")
    assert not names_match("Mahmoud Raslan", "Mahmoud Bitar")
    assert not names_match("Yasser", None)


def test_entity_groups_and_pairs():
    fouaa = Entity("E1", "Fouaa", "GPE", ("Fouaa", "Foua"), (Mention("000_x.txt", 0, 5, "Fouaa", "GPE"), Mention("001_y.txt", 0, 4, "Foua", "GPE")))
    iran_iraq = Entity("E2", "Iran", "GPE", ("Iran", "Iraq"), (Mention("000_x.txt", 10, 14, "Iran", "GPE"), Mention("000_x.txt", 16, 20, "Iraq", "GPE")))
    expected = {"same_entity": [{"000": "Fouaa", "001": "Foua"}], "different_entities": [["Iran", "Iraq"]]}
    score = score_seed(_analysis([fouaa, iran_iraq]), expected)
    assert score.checks["same_entity_groups"] == (1, 1)
    assert score.checks["different_entities_apart"] == (0, 1)
    split = Entity("E3", "Foua", "GPE", ("Foua",), (Mention("001_y.txt", 0, 4, "Foua", "GPE"),))
    fouaa_alone = Entity("E1", "Fouaa", "GPE", ("Fouaa",), (Mention("000_x.txt", 0, 5, "Fouaa", "GPE"),))
    assert score_seed(_analysis([fouaa_alone, split]), expected).checks["same_entity_groups"] == (0, 1)


def test_outlets_quotes_and_figures():
    expected = {
        "documents": {"000_x.txt": {"outlet": None, "must_not_be": ["Reuters"]}, "001_y.txt": {"outlet": "The Associated Press"}},
        "quotes": [{"doc": "000", "speaker": "Yasser", "text": "Let us leave"}],
        "figures": [{"doc": "001", "value": 15000, "qualifier": "more than", "counts": "civilians still in the enclave"}],
    }
    quote = Quote("000_x.txt", 0, 4, "x", "Yasser Hemeish")
    figure = Figure("001_y.txt", 0, 4, "x", 15000, "more than", "civilians")
    wrong_figure = Figure("001_y.txt", 0, 4, "x", 15000, None, "civilians")
    ok = score_seed(_analysis(quotes=[Quote("000_x.txt", 0, 4, "Let us leave —", "Yasser")], figures=[figure]), expected)
    assert ok.checks == {"outlets": (2, 2), "damage_flags": (2, 2), "quotes_found": (1, 1), "quotes_with_speaker": (1, 1), "figures": (1, 1)}
    bad = score_seed(_analysis(quotes=[quote], figures=[wrong_figure]), expected)
    assert bad.checks["quotes_found"] == (0, 1)
    assert bad.checks["figures"] == (0, 1)
