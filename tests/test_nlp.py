"""The cheap parse check the stages use instead of rebuilding ``Doc.text``."""

from __future__ import annotations

import pytest

from newsprism.nlp import parsed_from

TEXT = "BEIRUT — Buses waited at dawn. “We are humans,” he said.\n\nThe convoy never left."


def test_a_doc_is_a_parse_of_its_own_text(nlp):
    doc = nlp(TEXT)
    assert parsed_from(doc, TEXT)
    assert parsed_from(nlp(""), "")


@pytest.mark.parametrize(
    "other",
    [
        TEXT[:-1],  # shorter
        TEXT + " ",  # longer
        TEXT.replace("Buses", "Vans "),  # same length, a word changed
        TEXT.replace("convoy", "cortèg"),  # same length, the last sentence changed
        "",
    ],
)
def test_another_text_is_not(nlp, other):
    assert len(other) != len(TEXT) or other != TEXT
    assert not parsed_from(nlp(TEXT), other)
