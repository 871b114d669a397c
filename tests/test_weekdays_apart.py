"""Undated reports that tell one act on two different weekdays tell two occasions (compare.cores.other_days
through Proposition.weekdays). Sentences as two reports of two Obama-Boehner meetings word them (BASIL
cad4bba5: one report's Thursday meeting, another's Sunday meeting, neither report dated)."""

from __future__ import annotations

from facts_support import parsed_claims

THURSDAY = ("President Barack Obama and House Speaker John Boehner met for nearly an hour on Thursday evening "
            "in their latest attempt to break the impasse on tax hikes and spending cuts.")
SUNDAY = ("President Obama and Speaker John Boehner met privately at the White House on Sunday to discuss "
          "tax hikes and spending cuts.")
SUNDAY_TOO = "Obama and Boehner met at the White House on Sunday afternoon to talk about the fiscal cliff."
# a weekday that dates another part of the sentence than the act the other report tells
READY = ("Families were packed and ready Wednesday morning to leave the city under a deal brokered by Russia "
         "and Turkey.")
MEDIATED = "The evacuation deal was mediated late Tuesday by Turkey and Russia."


def _props(nlp, a: str, b: str):
    claims, of = parsed_claims(nlp, {"a": a, "b": b})
    ca = next(c for c in claims if c.doc == "a")
    cb = next(c for c in claims if c.doc == "b")
    return of[ca.id], of[cb.id]


def test_an_undated_report_still_tells_the_weekday(nlp):
    p, q = _props(nlp, THURSDAY, SUNDAY)
    assert p.weekdays == {"thursday"} and q.weekdays == {"sunday"}
    assert not p.days and not q.days  # no publication date: nothing resolves to a date


def test_one_act_on_two_weekdays_is_two_occasions(nlp):
    from newsprism.compare.cores import other_days

    assert other_days(*_props(nlp, THURSDAY, SUNDAY))
    assert not other_days(*_props(nlp, SUNDAY, SUNDAY_TOO))


def test_a_weekday_of_another_act_does_not_part_them(nlp):
    from newsprism.compare.cores import other_days

    assert not other_days(*_props(nlp, READY, MEDIATED))


def test_the_weekday_must_date_the_act_both_tell(nlp):
    """One report dates the charge, the other the killing: the same killing, no two occasions."""
    from newsprism.compare.cores import other_days

    charged = "Police charged the 24-year-old man on Tuesday with killing his neighbour in Leeds."
    killed = "The 24-year-old man killed his neighbour in Leeds on Sunday, police said."
    p, q = _props(nlp, charged, killed)
    assert ("charge", "tuesday") in p.weekday_acts and ("kill", "sunday") in q.weekday_acts
    assert "kill" in p.actions and "kill" in q.actions  # the act in common the old rule parted them on
    assert not other_days(p, q)
    assert other_days(*_props(nlp, killed, killed.replace("Sunday", "Thursday")))


def test_a_meeting_told_by_its_noun_is_dated_too(nlp):
    """"Thursday night's meeting" dates a meeting as "met ... on Sunday" does: two meetings."""
    from newsprism.compare.cores import other_days

    noun = ("Thursday night's meeting marks the second time in a week the president and House speaker "
            "have met in person.")
    p, q = _props(nlp, noun, SUNDAY)
    assert ("meeting", "thursday") in p.weekday_acts
    assert other_days(p, q)


def test_a_resolved_date_counts_by_its_weekday():
    from newsprism.compare.cores import other_days
    from newsprism.extract.propositions import Proposition

    # 2012-12-09 was a Sunday: a dated report's Sunday and an undated report's "Sunday" can be one day
    dated = Proposition("a#0", "meet", days=frozenset({"2012-12-09"}), weekdays=frozenset({"sunday"}),
                        weekday_acts=frozenset({("meet", "sunday")}), actions=frozenset({"meet"}))
    undated = Proposition("b#0", "meet", weekdays=frozenset({"thursday"}),
                          weekday_acts=frozenset({("meet", "thursday")}), actions=frozenset({"meet"}))
    same = Proposition("c#0", "meet", weekdays=frozenset({"sunday"}),
                       weekday_acts=frozenset({("meet", "sunday")}), actions=frozenset({"meet"}))
    assert other_days(dated, undated)
    assert not other_days(dated, same)


def test_a_date_written_in_full_gives_its_weekday(nlp):
    dated = "President Obama and Speaker John Boehner met at the White House on December 9, 2012."
    p, _ = _props(nlp, dated, SUNDAY)
    assert p.days == {"2012-12-09"} and p.weekdays == {"sunday"}  # 9 December 2012 was a Sunday
