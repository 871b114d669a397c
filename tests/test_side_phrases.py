"""A description's own phrase (newsprism.compare.side_phrases): what it says its person is, without the
clauses inside it."""

from __future__ import annotations


def _description(nlp, text: str, start: str):
    doc = nlp(text)
    i = text.index(start)
    span = doc.char_span(i, len(text.rstrip(".")), alignment_mode="expand")
    return list(span)


def test_a_clause_on_the_descriptions_noun_or_verb_is_not_its_own_phrase(nlp):
    from newsprism.compare.side_phrases import own_phrase

    text = "Labrador is known in Boise as a former immigration lawyer elected in the Tea Party wave of 2010."
    words = {t.lower_ for t in own_phrase(_description(nlp, text, "a former"))}
    assert {"former", "immigration", "lawyer"} <= words, words
    assert not words & {"elected", "tea", "party", "wave", "2010"}, words


def test_a_relative_clauses_verb_and_objects_are_its_own_phrase(nlp):
    from newsprism.compare.side_phrases import own_phrase

    text = "They met Lois Lerner, who leads the agency's division on tax-exempt groups before retiring next year."
    doc_tokens = _description(nlp, text, "who leads")
    words = {t.lower_ for t in own_phrase(doc_tokens)}
    assert {"leads", "division", "groups"} <= words, words
    assert not words & {"retiring", "next", "year"}, words


def test_a_complement_is_the_descriptions_own_phrase(nlp):
    from newsprism.compare.side_phrases import own_phrase

    text = "Frank was the only person to publicly campaign for the interim appointment."
    words = {t.lower_ for t in own_phrase(_description(nlp, text, "the only"))}
    assert {"person", "campaign", "interim", "appointment"} <= words, words
