"""Facts, figure conflicts and framing on small hand-made stories, and the scorers built on them."""

from __future__ import annotations

import pytest

from newsprism.model import Article


def _analyse(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    return run_pipeline(arts, nlp)


def test_same_sentence_with_another_number_is_a_figure_conflict(nlp):
    texts = {
        "a": "The governor said on Monday that the state cut $716 billion from the health budget over ten years. "
             "Lawmakers met in the capital.",
        "b": "The governor said on Monday that the state cut $1,074 billion from the health budget over ten years. "
             "Protesters gathered outside.",
    }
    analysis = _analyse(nlp, texts)
    figures = [x for x in analysis.findings.conflicts if x.slot == "figure"]
    assert figures, analysis.findings.conflicts
    values = {v.value for v in figures[0].versions}
    assert values == {"$716 billion", "$1,074 billion"}
    # each version cites its own document
    assert {v.citations[0].doc for v in figures[0].versions} == {"a", "b"}


def test_compatible_and_ranged_figures_are_not_conflicts(nlp):
    texts = {
        "a": "More than 150 migrants sought asylum at the border crossing on Wednesday, officials said.",
        "b": "Between 150 and 200 migrants sought asylum at the border crossing on Wednesday, officials said.",
        "c": "A group of 40-60 migrants sought asylum at the border crossing on Wednesday, officials said.",
    }
    analysis = _analyse(nlp, texts)
    assert [x for x in analysis.findings.conflicts if x.slot == "figure"] == []


def test_facts_partition_claims_and_partly_never_corroborates(nlp):
    from newsprism.check import check_report
    from newsprism.model import to_jsonable

    texts = {
        "a": "WASHINGTON — The Senate passed the budget bill on Tuesday by a vote of 60 to 40. "
             "The bill funds the government through September.",
        "b": "The Senate passed the budget bill on Tuesday, 60 to 40. "
             "It is the first budget passed in three years.",
    }
    analysis = _analyse(nlp, texts)
    f = analysis.findings
    claims = [s.claim for fact in f.facts for s in fact.support]
    assert len(claims) == len(set(claims))  # a claim supports one fact
    for item in f.corroborated:
        fact = next(x for x in f.facts if x.id == item.fact)
        same = {(s.citation.doc, s.citation.start) for s in fact.support if s.strength == "same fact"}
        assert {(c.doc, c.start) for c in item.citations} <= same
        assert item.sources >= 2
        assert not item.about.startswith("WASHINGTON")  # the dateline is cut from the headline
    assert len({x.about for x in f.corroborated}) == len(f.corroborated)
    assert check_report(to_jsonable(analysis)) == []


def test_check_rejects_a_claim_in_two_facts():
    from newsprism.check import check_findings_structure

    cite = {"doc": "a", "start": 0, "end": 3, "text": "abc"}
    sup = {"claim": "a#0", "citation": cite, "strength": "same fact"}
    report = {"findings": {"facts": [
        {"id": "F1", "headline": cite, "docs": ["a"], "support": [sup]},
        {"id": "F2", "headline": dict(cite, text="abd"), "docs": ["a"], "support": [dict(sup, strength="maybe")]},
    ]}}
    problems = [p.problem for p in check_findings_structure(report)]
    assert any("also supports F1" in p for p in problems)
    assert any("strength" in p for p in problems)


def test_injection_changes_every_occurrence_in_one_document():
    from newsprism.evaluate.injected import _changed, inject
    from newsprism.model import Figure

    assert _changed("5.6") == "8.4" and _changed("1,200") == "1,800" and _changed("10") == "15"
    arts = [Article(id="a", text="It cost $10 million. Yes, $10 million."), Article(id="b", text="It cost $10 million.")]
    fig = Figure("a", 8, 19, "$10 million", 10_000_000, unit="money")
    out, span = inject(arts, fig)
    assert out[0].text == "It cost $15 million. Yes, $15 million." and out[1].text == arts[1].text
    assert out[0].text[span[0]:span[1]] == "$15 million"


@pytest.mark.slow
def test_injected_and_bias_scorers_run_on_basil(shared_dir, nlp):
    from newsprism.evaluate.basil_bias import evaluate_basil_bias
    from newsprism.evaluate.injected import evaluate_injected

    scores = evaluate_injected(shared_dir / "datasets" / "basil" / "articles", nlp, limit=6)
    assert 0.0 <= scores["injected_recall"] <= 1.0
    bias = evaluate_basil_bias(shared_dir / "datasets" / "basil", nlp, limit=3)
    assert bias["basil_lex_phrases"] > 0


def test_the_bias_scorer_credits_a_label_by_its_words_not_the_sentence_beside_them():
    # a term item cites "rioters" and its sentence: an annotated phrase elsewhere in that sentence
    # ("smashed windows") is no hit of the label; an evaluative item citing only its sentence is
    # credited by the sentence, as before
    from newsprism.evaluate.basil_bias import credited
    from newsprism.model import Framing, Label, Span

    sent = Span("a", 0, 40, "Hundreds of rioters smashed windows here")
    word = Span("a", 12, 19, "rioters")
    term = Framing("R1", "label", "what the outlets call it", (Label("a", "A", "rioters", (word, sent)),), ("a",), (word, sent))
    judged = Framing("R2", "evaluative", "only A judges", (Label("a", "A", "smashed windows", (sent,)),), ("a",), (sent,))
    assert credited(term) == [word]
    assert credited(judged) == [sent]


def test_the_cheap_word_test_passes_every_text_the_case_blind_patterns_match():
    # conflicts._may_hold skips a claim before _ANY_UNIT / _ANY_STATE search it: it must hold for
    # every text they match, in any case and with the letters re.I folds ('K', 'ſ', 'ı', 'İ')
    import random

    from newsprism.compare import conflicts as C

    parts = ["Day", "WEEK", "wee\u212a", "months", "Year", "years-long", "TRAPPED", "Killed", "\u212aILLED", "stranded",
             "be\u017fieged", "STILL IN", "st\u0131ll in", "St\u0130ll in", "still  in", "x", " ", "-", "\n", "of"]
    rng = random.Random(3)
    texts = ["".join(rng.choice(parts) for _ in range(rng.randint(1, 6))) for _ in range(5000)]
    for pattern, words in ((C._ANY_UNIT, C._UNIT_WORDS), (C._ANY_STATE, C._STATE_WORDS)):
        matched = [t for t in texts if pattern.search(t)]
        assert len(matched) > 300
        assert all(C._may_hold(t, words) for t in matched)


def test_a_number_in_a_web_address_is_no_count_of_the_dead(nlp):
    # pages saved with their address on the first line: the article ids are no figures
    texts = {
        "a": "http://www.example-daily.com/new-york/queens/hit-and-run-driver-kills-granny-article-1.1456300\n"
             "Queens grandmother killed by a drunk hit-and-run driver\n"
             "A 59-year-old woman was killed by a hit-and-run driver in Queens on Friday, police said.",
        "b": "http://cached.example-news.com/cached.php?ref_id=225&siteid=2182&id=3110701&t=1379163972\n"
             "Woman killed in Queens hit-and-run, driver charged\n"
             "A 59-year-old woman was killed by a hit-and-run driver in Queens on Friday night, police said.",
    }
    analysis = _analyse(nlp, texts)
    for x in analysis.findings.conflicts:
        for c in x.citations:
            assert c.start > texts[c.doc].index("\n"), x  # nothing cited in the address line
    # the same pattern still reads a count of the dead written as one
    told = _analyse(nlp, {k: v.replace("A 59-year-old woman was", n + " people were")
                          for (k, v), n in zip(texts.items(), ("12", "30"))})
    assert any({v.value for v in x.versions} == {"12", "30"} for x in told.findings.conflicts), told.findings.conflicts
