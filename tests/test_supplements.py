"""The writer's asides (compare/supplements.py): a judging word in a clause set off on a name is the
outlet's, even where its sentence reports someone else's words, a condition or a negation."""

from __future__ import annotations

from newsprism.model import Article


def _shown(nlp, text):
    from newsprism.compare.evaluative import cues

    doc = nlp(text)
    return [(c.kind, c.shown(doc)) for sent in doc.sents for c in cues(sent)]


def test_a_judging_word_in_an_aside_on_a_name_is_the_outlets(nlp):
    # BASIL (HuffPost, 2012): "If it were anyone other than Biden, who is treated by the press as a
    # lovable, half-crazy uncle, he would have been labeled insufferable": the condition is the
    # writer's supposition, the aside on Biden the writer's own description (annotated as bias)
    assert ("modifier", "lovable, half-crazy uncle") in _shown(
        nlp, "If it were anyone other than Biden, who is treated by the press as a lovable, half-crazy uncle, "
             "he would have been labeled insufferable.")
    # under a verb of saying: what the Republicans said is that Perry would struggle, not the aside
    assert ("adverb", "who famously forgot the third agency") in _shown(
        nlp, "Republicans said that Perry, who famously forgot the third agency in a debate, would struggle in "
             "New Hampshire.")
    assert ("modifier", "bombastic campaign") in _shown(
        nlp, "Some worried that Trump, who has mounted a bombastic campaign, would not rule out a third-party run.")


def test_a_restrictive_clause_stays_the_reported_speakers(nlp):
    # no commas: the clause picks out whom the reported words are about, and is theirs
    assert _shown(nlp, "Republicans said that candidates who famously forgot their lines would struggle in "
                       "New Hampshire.") == []
    assert _shown(nlp, "Some worried that the candidate who mounted a bombastic campaign would not rule out a "
                       "third-party run.") == []


def test_an_aside_in_a_reported_sentence_is_one_outlets_judgement(nlp):
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "Rick Perry campaigned in New Hampshire on Tuesday. Republicans said that Perry, who famously forgot "
             "the third agency in a debate, would struggle in the state.",
        "b": "Rick Perry campaigned in New Hampshire on Tuesday. Republicans said that Perry would struggle in the "
             "state.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = [x for x in run_pipeline(arts, nlp).findings.framing if "famously" in x.about]
    assert len(items) == 1 and items[0].kind == "evaluative" and items[0].docs[0] == "a", items
    cite = items[0].citations[0]
    assert cite.doc == "a" and texts["a"][cite.start:cite.end] == cite.text and "famously" in cite.text
