"""A concessive adverb on a clause ("technically", "nominally") is the outlet's stance: it grants the
clause in form only (compare/evaluative.py, lexicon.CONCESSIVE_ADVERBS)."""

from __future__ import annotations

from newsprism.model import Article


def _shown(nlp, text):
    from newsprism.compare.evaluative import cues

    doc = nlp(text)
    return [(c.kind, c.shown(doc)) for sent in doc.sents for c in cues(sent)]


def test_a_concessive_adverb_on_a_clause_is_the_outlets_stance(nlp):
    # BASIL 97566c74 (Fox, gold dev): "Though the Dec. 27 debate technically is sponsored by Newsmax, Trump
    # quickly became the face of it"; 68748e7f (NYT, lexical bias): "Technically, Mr. Hutchinson's task force is
    # independent of the rifle association, even though it paid for the study"
    assert ("adverb", "the Dec. 27 debate technically is sponsored…") in _shown(
        nlp, "Though the Dec. 27 debate technically is sponsored by Newsmax, Trump quickly became the face of it.")
    # a sentence's first word, which the tagger reads as a name here, is shown with its clause
    shown = _shown(nlp, "Technically, Mr. Hutchinson's task force is independent of the rifle association, even "
                        "though it paid for the study.")
    assert [k for k, phrase in shown if phrase.startswith("Technically, Mr. Hutchinson")] == ["adverb"], shown
    # on an adjective it tells a domain, no stance
    assert _shown(nlp, "The repair was technically difficult and took two days.") == []
    assert _shown(nlp, "The bridge is a technically complex structure.") == []


def test_one_outlets_concession_is_framing(nlp):
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "Donald Trump will no longer moderate the Newsmax debate. Though the debate technically is sponsored by "
             "Newsmax, Trump quickly became the face of it.",
        "b": "Donald Trump said Tuesday he will not moderate the Newsmax debate. The debate is sponsored by Newsmax.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = [x for x in run_pipeline(arts, nlp).findings.framing if "technically" in x.about]
    assert len(items) == 1 and items[0].docs[0] == "a", items
    assert all(texts[c.doc][c.start:c.end] == c.text for c in items[0].citations)
