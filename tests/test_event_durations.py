"""How long one event lasted, told differently (compare/event_durations.py): found from what each
duration measures, though the two sentences share no word but the unit."""

from __future__ import annotations

from newsprism.model import Article

_SPOKE = ("Donald Trump accepted the Republican nomination in Cleveland on Thursday night. "
          "Trump spoke for 77 minutes, a virtual eternity as far as conventions go. "
          "The crowd chanted as balloons fell.")
_LASTED = ("Donald Trump accepted the Republican nomination on Thursday night with a dark warning about crime. "
           "The address lasted an extraordinary 76 minutes, with balloons falling in the arena. "
           "Delegates cheered.")


def _durations(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    findings = run_pipeline(arts, nlp).findings
    assert findings is not None
    return [x for x in findings.conflicts if x.slot == "duration"]


def test_one_speech_told_with_two_lengths_is_a_conflict(nlp):
    texts = {"a": _SPOKE, "b": _LASTED}
    found = _durations(nlp, texts)
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {("a",): "77 minutes", ("b",): "76 minutes"}
    for v in found[0].versions:  # each version cites its own length in its own document
        (doc,) = v.docs
        assert [texts[doc][c.start:c.end] for c in v.citations] == [v.value]


def test_the_event_is_matched_through_its_noun_its_giver_and_a_definite_subject(nlp):
    def pair(a: str, b: str):
        return [sorted(v.value for v in x.versions) for x in _durations(nlp, {"a": a, "b": b})]

    # a verb and its noun; the one who delivers the speech
    assert pair(_SPOKE, _SPOKE.replace("Trump spoke for 77 minutes", "Trump delivered a 76-minute speech")) == [
        ["76-minute", "77 minutes"]]
    # a verb and its nominalisation, one definite group as the actor of both
    jury = "The trial ended on Friday. The jury deliberated for three days. The verdict was read at noon."
    assert pair(jury, jury.replace("The jury deliberated for three days", "The jury's deliberations lasted four days")) == [
        ["four days", "three days"]]
    # "a meeting" is not known to be "the meeting"
    meeting = "The leaders met in Vienna. The meeting lasted two hours. No deal was reached."
    assert pair(meeting, meeting.replace("The meeting lasted two hours", "The meeting lasted three hours")) == [
        ["three hours", "two hours"]]
    assert pair(meeting, meeting.replace("The meeting lasted two hours", "A meeting lasted three hours")) == []


def test_lengths_that_can_both_be_true_or_measure_other_events_are_no_conflict(nlp):
    # a qualifier or a round number: rounding understood
    for other in ("about 76 minutes", "80 minutes"):
        assert _durations(nlp, {"a": _SPOKE, "b": _LASTED.replace("an extraordinary 76 minutes", other)}) == []
    # another speaker's speech
    pence = _SPOKE.replace("Trump spoke for 77 minutes", "Mike Pence spoke for 30 minutes")
    assert _durations(nlp, {"a": pence, "b": _SPOKE.replace("77", "76")}) == []
    # planned, negated, or asked
    for told in ("Trump is expected to speak for 60 minutes", "Trump did not speak for 60 minutes",
                 "Trump would speak for 60 minutes"):
        assert _durations(nlp, {"a": _SPOKE.replace("Trump spoke for 77 minutes", told), "b": _LASTED}) == []
    # how long since, not how long: "two days after Trump spoke"
    since = _SPOKE.replace("Trump spoke for 77 minutes", "The poll came out 3 days after Trump spoke")
    assert _durations(nlp, {"a": since, "b": _SPOKE.replace("77 minutes", "5 days")}) == []
    # another unit is left alone ("an hour" is a rounder way to tell 76 minutes)
    assert _durations(nlp, {"a": _SPOKE.replace("77 minutes", "more than an hour"), "b": _LASTED}) == []


def test_a_sustained_event_told_with_two_lengths_is_one_conflict(nlp):
    # the regex of sustained events (conflicts._durations) and this detector both read "a 40-day siege"
    texts = {"a": "The army ended a 40-day siege of the city on Monday. Residents came out to find food.",
             "b": "The army ended a 90-day siege of the city on Monday. Aid trucks arrived."}
    assert len(_durations(nlp, texts)) == 1


def test_one_length_in_two_units_of_one_clock(nlp):
    jury = ("The jury in the Chauvin trial reached its verdict on Tuesday afternoon. "
            "The jury deliberated for {} before returning. The judge thanked the jurors.")

    def pair(a: str, b: str):
        return [sorted(v.value for v in x.versions) for x in _durations(nlp, {"a": jury.format(a), "b": jury.format(b)})]

    # "two hours" is no way to round 90 minutes; two weeks are not ten days
    assert pair("two hours", "90 minutes") == [["90 minutes", "two hours"]]
    siege = ("The army ended its siege of Marawi on Monday. The siege lasted {}, officials said. "
             "Residents came out to find food.")
    found = _durations(nlp, {"a": siege.format("two weeks"), "b": siege.format("10 days")})
    assert [sorted(v.value for v in x.versions) for x in found] == [["10 days", "two weeks"]]
    # the event matched by its noun across units: "Trump spoke" / "The address lasted"
    two_hours = _SPOKE.replace("77 minutes", "two hours")
    assert [sorted(v.value for v in x.versions) for x in _durations(nlp, {"a": two_hours, "b": _LASTED})] == [
        ["76 minutes", "two hours"]]


def test_lengths_in_two_units_that_can_both_be_true_are_no_conflict(nlp):
    jury = ("The jury in the Chauvin trial reached its verdict on Tuesday afternoon. "
            "The jury deliberated for {} before returning. The judge thanked the jurors.")

    def pair(a: str, b: str):
        return _durations(nlp, {"a": jury.format(a), "b": jury.format(b)})

    # the coarser unit rounds: "two hours" for 115 or 130 minutes, "about three hours" for 170
    for a, b in (("two hours", "115 minutes"), ("two hours", "130 minutes"), ("about three hours", "170 minutes"),
                 ("half an hour", "35 minutes"), ("three years", "40 months")):
        assert pair(a, b) == [], (a, b)
    # a length told in two parts is not its first part: 150 minutes are two and a half hours
    assert pair("two and a half hours", "150 minutes") == []
    assert pair("one hour and 20 minutes", "80 minutes") == []
    assert pair("an hour, 20 minutes", "80 minutes") == []
    # a calendar day may be a date: "two days" against "36 hours" is left alone
    assert pair("two days", "36 hours") == []


def test_a_length_told_as_one_unit_an_hour_or_a_week(nlp):
    # "an hour" writes no number, yet is a length: 20 minutes cannot be it
    texts = {
        "a": "Donald Trump held a rally in Tampa on Tuesday. Trump spoke for an hour, attacking the press.",
        "b": "Donald Trump held a rally in Tampa on Tuesday. Donald Trump spoke for 20 minutes, attacking the press.",
    }
    found = _durations(nlp, texts)
    assert [sorted(v.value for v in x.versions) for x in found] == [["20 minutes", "an hour"]]
    for v in found[0].versions:
        assert all(texts[c.doc][c.start:c.end] == c.text for c in v.citations)
    strike = "The strike at the plant ended on Friday. The strike lasted {}, the union said. Talks resume Monday."
    found = _durations(nlp, {"a": strike.format("a week"), "b": strike.format("three weeks")})
    assert [sorted(v.value for v in x.versions) for x in found] == [["a week", "three weeks"]]


def test_one_unit_lengths_that_fit_or_are_no_length_are_no_conflict(nlp):
    rally = "Donald Trump held a rally in Tampa on Tuesday. {} The crowd cheered."
    for a, b in [
        ("Trump spoke for an hour, attacking the press.", "Donald Trump spoke for 65 minutes, attacking the press."),
        ("Trump spoke for more than an hour, attacking the press.", "Donald Trump spoke for 80 minutes, attacking the press."),
        # two parts: "an hour and a half" is 90 minutes, not an hour
        ("Trump spoke for an hour and a half, attacking the press.", "Donald Trump spoke for 90 minutes, attacking the press."),
        # under a modal: what could be, not what was
        ("Trump could speak for an hour, aides said.", "Donald Trump spoke for 20 minutes, attacking the press."),
    ]:
        assert _durations(nlp, {"a": rally.format(a), "b": rally.format(b)}) == [], (a, b)
    strike = "The strike at the plant ended {}. The strike lasted 20 days, the union said."
    # "a week ago" is when, not how long
    assert _durations(nlp, {"a": strike.format("a week ago"), "b": strike.format("three weeks ago")}) == []
    assert _durations(nlp, {"a": "The strike lasted a week, the union said.", "b": "The strike lasted eight days, the union said."}) == []
