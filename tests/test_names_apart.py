"""Two people's acts sharing nothing but names are no fact in common (compare.names_apart); the owner of a
noun an apposition names ("Clinton's chief rival, Sen. Bernie Sanders") is not its doer
(extract.propositions). Sentences as two reports of the 2016 AIPAC conference word them."""

from __future__ import annotations

from facts_support import parsed_claims

OPENING = "Clinton spoke to the group on Monday. "
SKIPPED = OPENING + ("Clinton's chief Democratic rival, Sen. Bernie Sanders of Vermont, was the only major candidate "
                     "who skipped the meeting.")
PIVOTING = OPENING + ("She is pivoting to a general election campaign after a string of primary wins over Vermont Sen. "
                      "Bernie Sanders.")
# one act both tell, of two people: a word of the act in common
SKIPPED_TOO = OPENING + "Clinton, unlike Sen. Bernie Sanders of Vermont, never skipped the meeting."


def _pair(nlp, a: str, b: str, in_a: str, in_b: str):
    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    ca = next(c for c in claims if c.doc == "a" and in_a in c.text)
    cb = next(c for c in claims if c.doc == "b" and in_b in c.text)
    return ca, cb, of[ca.id], of[cb.id]


def test_the_owner_of_a_noun_an_apposition_names_is_not_its_doer(nlp):
    claims, of = parsed_claims(nlp, {"a": SKIPPED})
    opening = next(c for c in claims if c.text.startswith("Clinton spoke"))
    rival = next(c for c in claims if "rival" in c.text)
    (clinton,) = of[opening.id].agents
    # Sanders is the rival who skipped; Clinton is only whose rival he is
    assert clinton not in of[rival.id].agents
    assert any(a[:1] == "@" for a in of[rival.id].agents)


def test_two_doers_sharing_only_names_are_apart(nlp):
    from newsprism.compare.names_apart import names_apart

    ca, cb, p, q = _pair(nlp, SKIPPED, PIVOTING, "rival", "pivoting")
    assert names_apart(ca, cb, p, q)


def test_a_word_of_the_act_in_common_is_not_names_only(nlp):
    from newsprism.compare.names_apart import names_apart

    ca, cb, p, q = _pair(nlp, SKIPPED, SKIPPED_TOO, "rival", "never")
    assert not names_apart(ca, cb, p, q)
