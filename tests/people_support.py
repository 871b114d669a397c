"""Mentions written the way ECB+ annotates them, for the resolver's tests (test_people_*.py)."""

from __future__ import annotations

import re

from newsprism.compare.mention_items import mention_head
from newsprism.compare.resolve import resolve_entities
from newsprism.model import Mention


def gold_style_mentions(nlp, texts: dict[str, str], spans: dict[str, list[str]]):
    """(mentions, parsed docs): every occurrence of each given string, as ECB+ annotates
    mentions, labelled as the ECB+ scorer labels them (the NER label of the head)."""
    docs, mentions = {}, []
    for doc_id, text in texts.items():
        doc = docs[doc_id] = nlp(text)
        for s in spans[doc_id]:
            for m in re.finditer(rf"(?<!\w){re.escape(s)}(?!\w)", text):
                span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
                mentions.append(Mention(doc_id, m.start(), m.end(), s, mention_head(span).ent_type_ or "ENTITY"))
    return mentions, docs


def resolve_gold_style(nlp, texts: dict[str, str], spans: dict[str, list[str]]):
    """The entities the resolver makes of :func:`gold_style_mentions`."""
    mentions, docs = gold_style_mentions(nlp, texts, spans)
    return resolve_entities(mentions, docs)


def entity_texts(entities, text: str) -> set[str]:
    """The mention texts of the entity holding a mention written ``text``."""
    return {m.text for m in next(e for e in entities if any(m.text == text for m in e.mentions)).mentions}
