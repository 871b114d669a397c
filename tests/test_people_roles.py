"""Roles, titles and descriptors that stand for a named person (issue 10, ECB+ entity
coreference): each test fails on the resolver before its rule."""

from __future__ import annotations

import re

from newsprism.compare.resolve import mention_head, resolve_entities
from newsprism.model import Mention


def _gold_style(nlp, texts: dict[str, str], spans: dict[str, list[str]]):
    """Resolve the given mention strings (every occurrence, as ECB+ annotates mentions),
    labelled as the ECB+ scorer labels them (the NER label of the head)."""
    docs, mentions = {}, []
    for doc_id, text in texts.items():
        doc = docs[doc_id] = nlp(text)
        for s in spans[doc_id]:
            for m in re.finditer(rf"(?<!\w){re.escape(s)}(?!\w)", text):
                span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
                label = mention_head(span).ent_type_ or "ENTITY"
                mentions.append(Mention(doc_id, m.start(), m.end(), s, label))
    return resolve_entities(mentions, docs)


def _texts_of(entities, text: str) -> set[str]:
    return {m.text for m in next(e for e in entities if any(m.text == text for m in e.mentions)).mentions}


def test_a_role_goes_to_the_person_given_it_far_more_often(nlp):
    """"The president" is Barack Obama, called president in three reports, not Joe Biden, called
    "the president of the Senate" once: one stray role no longer leaves the noun unowned."""
    texts = {
        "a": "Barack Obama, the president, nominated Regina Benjamin on Monday.",
        "b": "Barack Obama, the president, praised Regina Benjamin at the White House.",
        "c": "The nomination was announced by Barack Obama, the president, in the Rose Garden. "
             "Joe Biden, the president of the Senate, said the vote would come soon.",
        "d": "The president said Regina Benjamin would make health care her priority.",
    }
    spans = {d: ["Barack Obama", "Joe Biden", "president"] for d in texts}
    entities = _gold_style(nlp, texts, spans)
    president = _texts_of(entities, "president")
    assert "Barack Obama" in president
    assert "Joe Biden" not in president


def test_a_title_alone_is_the_person_holding_it(nlp):
    """ECB+ 34: "the US President-elect" (a title and nothing else, which the tagger reads as a
    proper name) is President-elect Barack Obama, as "The President" is."""
    texts = {
        "a": "President-elect Barack Obama has asked Sanjay Gupta to serve as surgeon general.",
        "b": "President-elect Barack Obama met Sanjay Gupta in Chicago last month.",
        "c": "The US President-elect has asked Dr Sanjay Gupta, CNN's medical correspondent, to join his team.",
    }
    spans = {d: ["Barack Obama", "US President-elect", "Sanjay Gupta"] for d in texts}
    entities = _gold_style(nlp, texts, spans)
    assert _texts_of(entities, "US President-elect") == {"US President-elect", "Barack Obama"}


def test_a_role_phrase_ending_in_a_name_is_that_person(nlp):
    """ECB+ 34: "Former AMA trustee Dr. Benjamin" (the parse heads it on "trustee") and
    "MacArthur genius grant fellow Regina Benjamin" are Regina Benjamin."""
    texts = {
        "a": "Obama named Dr. Regina Benjamin to be surgeon general on Monday.",
        "b": "Former AMA trustee Dr. Benjamin runs a rural clinic in Alabama.",
        "c": "MacArthur genius grant fellow Regina Benjamin was nominated on Monday.",
    }
    spans = {"a": ["Regina Benjamin", "Obama"], "b": ["Former AMA trustee Dr. Benjamin"],
             "c": ["MacArthur genius grant fellow Regina Benjamin"]}
    entities = _gold_style(nlp, texts, spans)
    assert _texts_of(entities, "Regina Benjamin") == {
        "Regina Benjamin", "Former AMA trustee Dr. Benjamin", "MacArthur genius grant fellow Regina Benjamin"}
