"""One doer's act of judging someone for something, told by each outlet with its own verb ("tweaked" /
"mocking" / "called out"): shown side by side as the outlets' wordings. compare/judgment_acts.py."""

from __future__ import annotations

from newsprism.model import Article


def _framing(nlp, texts):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    items = list(run_pipeline(arts, nlp).findings.framing)
    for x in items:  # every citation is the source's words at its span
        for c in x.citations:
            assert texts[c.doc][c.start : c.end] == c.text
    return items


# BASIL 2153fb3e (open; eval/gold/basil-open-framing dev): NYT "He tweaked House Republicans for passing a
# resolution", HuffPost "while simultaneously mocking them for spending time on ...", Fox "the president also
# called out House Speaker John Boehner for what ..."
TEXTS = {
    "a": "President Barack Obama spoke at Key Bridge in Washington on Wednesday. He tweaked House Republicans for "
         "passing a resolution on Tuesday that reaffirmed the national motto.",
    "b": "President Barack Obama urged lawmakers on Wednesday to pass his jobs bill, while mocking House "
         "Republicans for spending time on a resolution that reaffirmed the national motto.",
}


def test_one_judgement_told_with_two_verbs_is_shown_as_two_wordings(nlp):
    items = [x for x in _framing(nlp, TEXTS) if x.about.startswith("how the outlets word one act")]
    assert len(items) == 1 and set(items[0].docs) == {"a", "b"}, items
    by_doc = {lab.doc: lab.label for lab in items[0].labels}
    assert "tweaked" in by_doc["a"] and "mocking" in by_doc["b"], by_doc


def test_the_same_verb_or_no_reason_clause_is_no_wording_apart(nlp):
    same = dict(TEXTS, a=TEXTS["a"].replace("He tweaked", "He mocked"))
    assert not [x for x in _framing(nlp, same) if x.about.startswith("how the outlets word one act")]
    # "for" with a plain noun is no reason clause: "paid them for the work" judges nobody
    plain = dict(TEXTS, a=TEXTS["a"].replace("He tweaked House Republicans for passing a resolution on Tuesday that "
                                             "reaffirmed the national motto.",
                                             "He thanked House Republicans for the resolution on Tuesday."))
    assert not [x for x in _framing(nlp, plain) if x.about.startswith("how the outlets word one act")]
