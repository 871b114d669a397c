"""What a claim tells only as the time or the cause of its act — a time or condition clause, or a time or
cause preposition with a clause — and two claims whose shared words are all such circumstances of one or
the other tell two acts (compare.circumstances). Sentences as two reports of the 2016 AIPAC conference and
of the RNC chairman's conference call (2009) word them."""

from __future__ import annotations

from facts_support import parsed_claims

CITING = ("Clinton spoke to the conference on Monday. Yet she didn't limit her attacks to Israel policy, also "
          "calling on attendees to oppose \"bigotry\" after citing Trump's proposed temporary ban on Muslims "
          "entering the U.S.")
BECAUSE = ("The prospect of Trump's speaking spot at AIPAC had been a source of controversy, largely because of "
           "the businessman's rhetoric singling out immigrants and calling for a ban on Muslims entering the "
           "United States.")
# the act of the first told by another report
CALLED_ON = "Clinton spoke on Monday. She called on the attendees to oppose bigotry after citing Trump's ban."
# a noun after a preposition of time is the event itself, no circumstance
DURING = "Mr. Steele is expected to disclose his intentions during a conference call with committee members."


def _read(nlp, texts):
    from facts_support import _claims

    from newsprism.compare.circumstances import claim_circumstances

    claims, of = parsed_claims(nlp, texts)
    _c, _analysis, docs = _claims(nlp, texts)
    by_id = {c.id: c for c in _c}
    return claims, of, claim_circumstances(list(by_id.values()), docs)


def _claim(claims, doc: str, words: str):
    return next(c for c in claims if c.doc == doc and words in c.text)


def test_a_preposition_with_a_clause_is_a_circumstance(nlp):
    claims, _of, circ = _read(nlp, {"a": CITING, "b": BECAUSE, "c": DURING})
    citing, because, during = _claim(claims, "a", "citing"), _claim(claims, "b", "because"), _claim(claims, "c", "call")
    assert {"cite", "ban", "enter"} <= circ[citing.id]
    assert "oppose" not in circ[citing.id]  # the act told: calling on attendees to oppose bigotry
    assert {"rhetoric", "call", "ban"} <= circ[because.id]
    assert "controversy" not in circ[because.id]
    assert not circ.get(during.id)


def test_two_acts_sharing_only_circumstances_are_apart(nlp):
    from newsprism.compare.circumstances import acts_apart

    claims, of, circ = _read(nlp, {"a": CITING, "b": BECAUSE})
    a, b = _claim(claims, "a", "citing"), _claim(claims, "b", "because")
    empty: frozenset[str] = frozenset()
    assert acts_apart(a, b, circ.get(a.id, empty), circ.get(b.id, empty), of[a.id], of[b.id])


def test_the_act_both_tell_is_no_circumstance(nlp):
    from newsprism.compare.circumstances import acts_apart

    claims, of, circ = _read(nlp, {"a": CITING, "c": CALLED_ON})
    a, c = _claim(claims, "a", "citing"), _claim(claims, "c", "attendees")
    empty: frozenset[str] = frozenset()
    # both tell the call on attendees to oppose bigotry outside their "after citing": one act
    assert not acts_apart(a, c, circ.get(a.id, empty), circ.get(c.id, empty), of[a.id], of[c.id])
