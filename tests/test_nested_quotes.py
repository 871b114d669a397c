"""Words a speaker repeats from someone else, in a quotation inside the speaker's quote, are not the
speaker's words: "I heard ‘Lock her up’ last night ..." does not make the crowd's chant "Lock her up!"
a quote of the speaker (PolNeAR's convention story, 2016-07-21)."""

from __future__ import annotations

from dataclasses import replace

from facts_support import parsed_claims

TOLD = ("Donald Trump spoke to the delegates in Cleveland. “I heard ‘Lock her up’ last night and thought it would "
        "be funny if I went out and bought an orange prison jump suit,” Trump said.")
CHANTED = "Donald Trump spoke to the delegates in Cleveland. The attendees chanted, “Lock her up!”"
REPEATED = ("Donald Trump spoke to the delegates in Cleveland. “Lock her up, that’s what they want,” Trump said of "
            "his supporters.")


def _quoting(nlp, a: str, b: str):
    """The quoting claim of each report, every quote given to one speaker (as a resolver that took the
    crowd's chant for the candidate's words would)."""
    claims, _ = parsed_claims(nlp, {"a": a, "b": b})
    out = []
    for d in ("a", "b"):
        c = next(c for c in claims if c.doc == d and c.quotes)
        out.append(replace(c, quotes=tuple(replace(q, speaker_entity="E1") for q in c.quotes)))
    return out


def test_a_quote_inside_a_quote_is_someone_elses(nlp):
    from newsprism.compare.shared_quotes import nested_quotes

    told, chanted = _quoting(nlp, TOLD, CHANTED)
    assert nested_quotes(told) == [["lock", "her", "up"]]
    assert nested_quotes(chanted) == []


def test_the_chant_repeated_inside_a_quote_anchors_no_quote_fact(nlp):
    from newsprism.compare.fact_anchors import _quote_anchor
    from newsprism.compare.shared_quotes import nested_quotes

    told, chanted = _quoting(nlp, TOLD, CHANTED)
    assert _quote_anchor(told, chanted, {"E1": "Donald Trump"}) is None
    assert _quote_anchor(chanted, told, {"E1": "Donald Trump"}) is None
    # the same words in the speaker's own voice, no inner marks: the same quote
    repeated, chanted = _quoting(nlp, REPEATED, CHANTED)
    assert nested_quotes(repeated) == []
    found = _quote_anchor(repeated, chanted, {"E1": "Donald Trump"})
    assert found is not None and "lock her up" in found[0]


def test_an_apostrophe_is_no_quotation_mark(nlp):
    from newsprism.compare.shared_quotes import nested_quotes

    claims, _ = parsed_claims(nlp, {"a": "“It's the people's money and it's time we took it back,” Sanders said."})
    quoting = next(c for c in claims if c.quotes)
    assert nested_quotes(quoting) == []
