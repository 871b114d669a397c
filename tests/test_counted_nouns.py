"""What a count counts, from the words the figure extractor keeps after the number (compare/counted_nouns.py)."""

from __future__ import annotations

from types import SimpleNamespace

from newsprism.compare.counted_nouns import counted_noun, heading_noun, named_apart, same_counted, tail_names, tails_apart


def _fig(counts: str | None) -> SimpleNamespace:
    return SimpleNamespace(counts=counts)


def test_the_counted_noun_is_the_one_before_the_phrase_that_follows_it():
    # the caravan: the migrants are counted, not the caravan
    assert counted_noun(_fig("migrants from a Central American caravan")) == "migrants"
    assert counted_noun(_fig("rounds of ammunition")) == "rounds"
    assert counted_noun(_fig("people in the caravan")) == "people"
    assert counted_noun(_fig("percentage points")) == ""  # a measure names nothing counted
    assert counted_noun(_fig(None)) == ""
    assert heading_noun(_fig("AK-47 rifles on the larger pirate boat")) == "rifles"


def test_one_noun_in_two_places_is_two_groups_but_one_group_told_two_ways_is_one():
    caravan = _fig("migrants from a Central American caravan who crossed into San Diego")
    assert same_counted(caravan, _fig("migrants from the caravan"))
    assert same_counted(caravan, _fig("migrants"))  # one side says no more
    assert not same_counted(_fig("migrants"), _fig("people"))
    kasese, mbarara = _fig("people in the town of Kasese"), _fig("people in the city of Mbarara")
    assert tails_apart(kasese, mbarara) and not same_counted(kasese, mbarara)
    # the kind of rounds and where they came from are two things told of them, not two groups
    assert not tails_apart(_fig("rounds of ammunition"), _fig("rounds from the boat along with grapnels"))


def test_a_count_placed_by_name_at_two_places_is_two_groups_unless_one_lies_in_the_other():
    kasese, mbarara = _fig("people in the town of Kasese"), _fig("people in the city of Mbarara")
    story = ["About 300 people in the town of Kasese were left homeless.", "About 500 people in the city of Mbarara ..."]
    assert named_apart(kasese, mbarara, story)
    # the story puts one place in the other: maybe one group, told of the town and of its region
    uganda = _fig("people in western Uganda")
    assert not named_apart(kasese, uganda, ["Floods hit Kasese, Uganda, on Monday."])
    assert not named_apart(kasese, uganda, ["Floods hit Kasese in western Uganda on Monday."])
    assert named_apart(kasese, uganda, ["Floods hit the region on Monday."])  # nothing says where Kasese is
    # one group named two ways, not placed: "of" is no place
    assert not named_apart(_fig("members of the GOP caucus"), _fig("members of the Republican caucus"), [])
    # a name on one side only proves nothing
    assert not named_apart(kasese, _fig("people in the town"), [])
    assert tail_names(_fig("migrants from a Central American caravan")) == {"central", "american"}
