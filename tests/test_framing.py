"""Framing differences (compare/framing.py) on small hand-made stories."""

from __future__ import annotations

from newsprism.model import Article


def _framing(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    return run_pipeline(arts, nlp).findings.framing


def test_a_label_choice_is_framing_and_cites_each_outlet(nlp):
    texts = {
        "a": "North Korean dictator Kim Jong Un met the envoy in Pyongyang on Tuesday. The talks lasted two hours.",
        "b": "North Korea's leader, Kim Jong Un, met the envoy in Pyongyang on Tuesday. The talks lasted two hours.",
    }
    labels = [x for x in _framing(nlp, texts) if x.kind == "label"]
    assert labels, _framing(nlp, texts)
    by_doc = {lab.doc: lab for lab in labels[0].labels}
    assert "dictator" in by_doc["a"].label and "leader" in by_doc["b"].label
    for lab in labels[0].labels:  # each label cites its own document's words
        assert all(c.doc == lab.doc and texts[c.doc][c.start:c.end] == c.text for c in lab.citations)


def test_synonymous_labels_are_not_framing(nlp):
    texts = {
        "a": "The senator's attorney, John Smith, said on Monday that the senator would not resign.",
        "b": "The senator's lawyer, John Smith, said on Monday that the senator would not resign.",
    }
    assert [x for x in _framing(nlp, texts) if x.kind == "label"] == []


def test_factual_words_are_not_evaluative(nlp):
    texts = {
        "a": "Two people were found dead near the border, and officials said the crossing was illegal.",
        "b": "Officials closed the border crossing on Monday after a shooting.",
    }
    items = [x for x in _framing(nlp, texts) if x.kind == "evaluative"]
    assert not any(w in x.about for x in items for w in ("dead", "illegal")), items
