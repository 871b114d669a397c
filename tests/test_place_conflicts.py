"""Place and agent conflicts (compare/place_conflicts.py): one event told at places the story
shows apart, or done by two different people."""

from __future__ import annotations

from newsprism.model import Article


def _conflicts(nlp, texts: dict[str, str], slot: str):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published="2016-06-13") for k, v in texts.items()]
    findings = run_pipeline(arts, nlp).findings
    assert findings is not None
    return [x for x in findings.conflicts if x.slot == slot]


_ORLANDO = ("A gunman opened fire early Sunday at a nightclub in Orlando, Florida, killing 49 people. "
            "The police said the gunman was killed.")
_TAMPA = ("A gunman opened fire early Sunday at a nightclub in Tampa, Florida, killing 49 people. "
          "The police said the gunman was killed.")


def test_one_event_at_two_cities_of_one_state_is_a_place_conflict(nlp):
    found = _conflicts(nlp, {"a": _ORLANDO, "b": _TAMPA}, "place")
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {("a",): "Orlando", ("b",): "Tampa"}
    texts = {"a": _ORLANDO, "b": _TAMPA}
    for v in found[0].versions:  # each version cites its own place in its own document
        (doc,) = v.docs
        assert [texts[doc][c.start:c.end] for c in v.citations] == [v.value]


def test_places_that_nest_or_are_not_shown_apart_are_no_conflict(nlp):
    # a city and its state: both right
    state = _TAMPA.replace("in Tampa, Florida", "in Florida")
    assert _conflicts(nlp, {"a": _ORLANDO, "b": state}, "place") == []
    # two places the story never puts in one place: the story does not show them apart
    assert _conflicts(nlp, {"a": _ORLANDO.replace(", Florida", ""), "b": _TAMPA.replace(", Florida", "")}, "place") == []
    # a report that names both places knows of both
    both = _TAMPA + " Vigils were held in Orlando, Florida."
    assert _conflicts(nlp, {"a": _ORLANDO, "b": both}, "place") == []
    # a place a report only supposes
    maybe = _TAMPA.replace("A gunman opened fire", "A gunman may have opened fire")
    assert _conflicts(nlp, {"a": _ORLANDO, "b": maybe}, "place") == []


_SMITH = ("The video, which was posted on YouTube by John Smith, shows the congressman grabbing a student. "
          "The congressman apologized on Monday.")
_JONES = ("The video was posted on YouTube by Tom Jones and shows the congressman grabbing a student. "
          "The congressman apologized on Monday.")


def test_one_act_done_by_two_people_is_an_agent_conflict(nlp):
    found = _conflicts(nlp, {"a": _SMITH, "b": _JONES}, "agent")
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {("a",): "John Smith", ("b",): "Tom Jones"}


def test_joint_acts_and_indefinite_things_are_no_agent_conflict(nlp):
    # a report naming both people knows of both
    both = _JONES + " John Smith also shared it."
    assert _conflicts(nlp, {"a": _SMITH, "b": both}, "agent") == []
    # two people who did it together
    joint = _JONES.replace("by Tom Jones", "by Tom Jones and Ann Lee")
    assert _conflicts(nlp, {"a": _SMITH, "b": joint}, "agent") == []
    # "a video": one of many, not one thing
    some = {"a": "John Smith posted a video on YouTube on Monday.", "b": "Tom Jones posted a video on YouTube on Monday."}
    assert _conflicts(nlp, some, "agent") == []


def test_who_put_a_thing_online_is_an_agent_slot(nlp):
    # a user name the resolution leaves out, and the account a video is published under
    texts = {
        "a": 'The video, which was posted on YouTube by "CapitolCam," shows the senator pushing a reporter. '
             "The senator apologized on Monday.",
        "b": "The YouTube video is published under an account titled HillWatcher, and the faces of the men are "
             "blurred. The senator apologized on Monday.",
    }
    found = _conflicts(nlp, texts, "agent")
    assert len(found) == 1, found
    assert {v.docs: v.value for v in found[0].versions} == {("a",): "CapitolCam", ("b",): "HillWatcher"}


def test_an_act_seen_wished_or_asked_is_no_agent_conflict(nlp):
    # ECB+ 2ecb: a host of past years, seen in a memory, and a host asked about (a false conflict before)
    seen = ('"Thirty years ago when I was in Sydney watching Johnny Carson host the Academy Awards with my family, I '
            "never imagined that I'd one day be up on that stage myself,\" Hugh Jackman said.")
    asked = ("Hugh Jackman will host the Academy Awards this year. He is a fine actor, but do we want Wolverine "
             "hosting the Academy Awards? Probably not.")
    assert _conflicts(nlp, {"a": seen, "b": asked}, "agent") == []
    wished = asked.replace("do we want Wolverine hosting the Academy Awards?", "the academy wanted Wolverine to host "
                           "the Academy Awards.")
    assert _conflicts(nlp, {"a": seen, "b": wished}, "agent") == []


def test_acts_many_may_do_to_a_person_place_or_contest_are_no_agent_conflict(nlp):
    # two parties' winners of one state, two endorsers of one candidate: both right
    texts = {"a": "Donald Trump won Virginia on Tuesday night.", "b": "Hillary Clinton won Virginia on Tuesday night."}
    assert _conflicts(nlp, texts, "agent") == []
    texts = {"a": "Chris Christie endorsed Donald Trump on Friday.", "b": "Sarah Palin endorsed Donald Trump on Friday."}
    assert _conflicts(nlp, texts, "agent") == []
    texts = {"a": "Ted Cruz won the primary in Oklahoma.", "b": "Bernie Sanders won the primary in Oklahoma."}
    assert _conflicts(nlp, texts, "agent") == []
