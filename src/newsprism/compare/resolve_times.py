"""Resolver rules for days and times (``compare/resolve.py`` runs them, within the
documents of one event): "today" / "last night" and the event's weekday, one calendar day
written two ways, one clock time."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Mapping

from newsprism.compare.mention_items import Item
from newsprism.compare.mention_sets import MentionSets
from newsprism.lexicon import WEEKDAYS

__all__ = ["link_deictic_days", "link_calendar_days", "link_clock_times"]


# a day named from the reporter's side: the day the report tells of, when it is the event's day
_DEICTIC_DAYS = frozenset({"today", "tonight", "last night"})


def link_deictic_days(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
    """"Today" in a report of an event is the weekday the event's reports name: the one weekday
    named at least twice in the documents of that event and twice as often as any other
    ("Friday" six times, "today" in a report filed that Friday); so is "last night" in a
    report filed the morning after ("Friday night"). "Yesterday" is left alone (measured: it
    joins a day no better than it misses one)."""
    days: dict[int, Counter[int]] = defaultdict(Counter)
    deictic: list[tuple[int, Item]] = []
    for it in items:
        group = event.get(it.mention.doc, 0)
        if it.head in WEEKDAYS and it.group == "TIME":
            days[group][sets.find(it.idx)] += 1
        elif " ".join(re.findall(r"[a-z]+", it.mention.text.lower())) in _DEICTIC_DAYS:
            deictic.append((group, it))
    for group, it in deictic:
        ranked = days[group].most_common(2)
        if ranked and ranked[0][1] >= 2 and (len(ranked) == 1 or ranked[0][1] >= 2 * ranked[1][1]):
            sets.union(ranked[0][0], it.idx)


def link_calendar_days(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
    """Mentions of one calendar day in the documents of one event are one entity ("on Feb. 22" /
    "on Sunday, February 22, 2009"), unless their years differ."""
    by_day: dict[tuple[int, int, int], list[tuple[int | None, Item]]] = defaultdict(list)
    for it in items:
        if it.calendar is not None:
            month, day, year = it.calendar
            by_day[(event.get(it.mention.doc, 0), month, day)].append((year, it))
    for group in by_day.values():
        years: set[int | None] = {y for y, _ in group if y is not None}
        for year in years or {None}:
            # a day written without its year is the one year written beside it, if one only
            same = [it for y, it in group if y == year or (y is None and len(years) <= 1)]
            for it in same[1:]:
                sets.union(same[0].idx, it.idx)


def link_clock_times(items: list[Item], sets: MentionSets, event: Mapping[str, int]) -> None:
    """One clock time written in the documents of one event is one entity ("at about 7 p.m." /
    "around 7 p.m."), and it is the time of the day it is written with there ("around 7 p.m.
    Friday", which its weekday joins to "Friday night")."""
    first: dict[tuple[int, tuple[int, int]], int] = {}
    for it in items:
        if it.clock is not None:
            key = (event.get(it.mention.doc, 0), it.clock)
            if key in first:
                sets.union(first[key], it.idx)
            else:
                first[key] = it.idx
    for it in items:
        if it.day_clock is not None and (event.get(it.mention.doc, 0), it.day_clock) in first:
            sets.union(first[(event.get(it.mention.doc, 0), it.day_clock)], it.idx)
