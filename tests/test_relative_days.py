"""An act dated by its distance from a named day (newsprism.compare.relative_days): "Monday ..., a day
after a meeting" tells a Sunday meeting, another occasion than one "met ... on Thursday evening"."""

from __future__ import annotations

from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.model import Span


def _claim(text: str) -> Claim:
    return Claim(id="a#0", citation=Span("a", 0, len(text), text))


def test_a_day_after_a_named_day_dates_the_act(nlp):
    from newsprism.compare.relative_days import claim_relative_days

    texts = {
        "President Obama was heading to Detroit Monday afternoon to campaign for tax hikes -- a day after a "
        "face-to-face meeting with House Speaker John Boehner.": {("meeting", "sunday")},
        "The senators voted on Tuesday, two days after meeting the president.": {("meet", "sunday")},
        "Clinton spoke in Ohio on Wednesday, the day before the primary.": {("primary", "thursday")},
        # no day named, or two: nothing to count from
        "The senators voted two days after meeting the president.": None,
    }
    for text, expected in texts.items():
        found = claim_relative_days([_claim(text)], {"a": nlp(text)})
        assert found.get("a#0") == (frozenset(expected) if expected else None), (text, found)


def test_the_act_told_on_another_weekday_is_another_occasion():
    from newsprism.compare.relative_days import other_occasion

    dated = frozenset({("meeting", "sunday")})
    thursday = Proposition("b#0", "meet", weekdays=frozenset({"thursday"}), actions=frozenset({"meet"}))
    sunday = Proposition("b#0", "meet", weekdays=frozenset({"sunday"}), actions=frozenset({"meet"}))
    undated = Proposition("b#0", "meet", actions=frozenset({"meet"}))
    other_act = Proposition("b#0", "vote", weekdays=frozenset({"thursday"}), actions=frozenset({"vote"}))
    assert other_occasion(dated, thursday)
    assert not other_occasion(dated, sunday)
    assert not other_occasion(dated, undated)
    assert not other_occasion(dated, other_act)



def test_an_undated_telling_of_an_act_takes_the_one_day_its_report_dates_it_on(nlp):
    from newsprism.compare.relative_days import claim_relative_days

    texts = [
        "The president and the speaker met Sunday afternoon at the White House.",
        "This afternoon, the President and Speaker Boehner met at the White House to discuss the budget.",
    ]
    text = " ".join(texts)
    claims = [Claim(id=f"a#{text.index(t)}", citation=Span("a", text.index(t), text.index(t) + len(t), t)) for t in texts]
    of = {claims[0].id: Proposition(claims[0].id, "meet", weekdays=frozenset({"sunday"})),
          claims[1].id: Proposition(claims[1].id, "meet")}
    found = claim_relative_days(claims, {"a": nlp(text)}, of)
    assert found.get(claims[1].id) == frozenset({("meet", "sunday")}), found
    # a report telling the act on two days dates no undated telling of it
    texts.insert(1, "The two men met again on Thursday.")
    text = " ".join(texts)
    claims = [Claim(id=f"a#{text.index(t)}", citation=Span("a", text.index(t), text.index(t) + len(t), t)) for t in texts]
    of = {claims[0].id: Proposition(claims[0].id, "meet", weekdays=frozenset({"sunday"})),
          claims[1].id: Proposition(claims[1].id, "meet", weekdays=frozenset({"thursday"})),
          claims[2].id: Proposition(claims[2].id, "meet")}
    assert claims[2].id not in claim_relative_days(claims, {"a": nlp(text)}, of)


def test_a_day_named_on_the_verb_of_saying_dates_no_act(nlp):
    from newsprism.compare.relative_days import claim_relative_days

    texts = [
        "Obama said Monday that he met Boehner at the White House.",
        "The two men met at the White House to discuss the budget.",
    ]
    text = " ".join(texts)
    claims = [Claim(id=f"a#{text.index(t)}", citation=Span("a", text.index(t), text.index(t) + len(t), t)) for t in texts]
    of = {claims[0].id: Proposition(claims[0].id, "meet", weekdays=frozenset({"monday"})),
          claims[1].id: Proposition(claims[1].id, "meet")}
    assert claims[1].id not in claim_relative_days(claims, {"a": nlp(text)}, of)
