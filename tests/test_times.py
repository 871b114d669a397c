"""Time expressions resolved against the publication date (newsprism.extract.times)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from newsprism.model import Article
from newsprism.extract.times import extract_times, parse_published

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
STORY = SHARED / "stories" / "aleppo-2016-12-14"
PUBLISHED = "2016-12-14"  # a Wednesday


def _times(nlp, text: str, published: str | None = PUBLISHED):
    article = Article(id="t", text=text, published=published)
    return extract_times(article, nlp(text))


def _one(times, text: str):
    hits = [t for t in times if t.text == text]
    assert hits, f"{text!r} not found among {[t.text for t in times]}"
    return hits[0]


@pytest.fixture(scope="module")
def seeds(nlp):
    if not STORY.is_dir():
        pytest.skip("../shared is absent: the seed story lives there")
    out = {}
    for path in sorted(STORY.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        out[path.name[:3]] = (Article(id=path.name, text=text), nlp(text))
    return out


def _seed_times(seeds, key, published=PUBLISHED):
    article, doc = seeds[key]
    return extract_times(dataclasses.replace(article, published=published), doc)


# --- the seed story, published Wednesday 2016-12-14 --------------------------------------

def test_seed_weekdays_resolve_against_publication(seeds):
    t000 = _seed_times(seeds, "000")
    night = _one(t000, "Tuesday night")
    assert (night.resolved, night.part_of_day) == ("2016-12-13", "night")
    early = _one(t000, "early Thursday")
    assert (early.resolved, early.part_of_day) == ("2016-12-15", "early")
    assert _one(t000, "Wednesday").resolved == "2016-12-14"
    assert _one(t000, "Wednesday").anchor == "published 2016-12-14"
    t001 = _seed_times(seeds, "001")
    late = _one(t001, "late Tuesday")
    assert (late.resolved, late.part_of_day) == ("2016-12-13", "late")
    assert _one(t001, "dawn Wednesday").resolved == "2016-12-14"


def test_seed_month_day_and_clock_times(seeds):
    assert _one(_seed_times(seeds, "002"), "Dec. 14").resolved == "2016-12-14"
    # the corpus writes "1 a. m." with spaces; the day is in the same expression
    assert _one(_seed_times(seeds, "000"), "1 a. m. Wednesday").resolved == "2016-12-14T01:00"
    # no day in its clause: the time of day alone
    assert _one(_seed_times(seeds, "001"), "11:30 p.m.").resolved == "T23:30"
    assert _one(_seed_times(seeds, "000"), "6 a. m.").resolved == "T06:00"


def test_seed_durations_are_not_points_in_time(seeds):
    texts = {t.text for key in seeds for t in _seed_times(seeds, key)}
    for duration in ("two weeks", "more than four years", "weeks", "hours", "minutes", "10"):
        assert duration not in texts


def test_seed_without_publication_date_resolves_nothing_relative(seeds):
    for key in seeds:
        for t in _seed_times(seeds, key, published=None):
            # only a bare time of day ("T23:30") is absolute in these texts
            assert t.resolved is None or t.resolved.startswith("T"), t
            assert t.anchor is None


def test_seed_spans_point_into_the_text(seeds):
    for key, (article, _) in seeds.items():
        times = _seed_times(seeds, key)
        assert times
        for t in times:
            assert article.text[t.start : t.end] == t.text


# --- hand-written sentences ---------------------------------------------------------------

def test_explicit_dates_resolve_without_publication_date(nlp):
    times = _times(nlp, "The talks began on December 14, 2016, in Geneva and ended in 2014.", None)
    assert _one(times, "December 14, 2016").resolved == "2016-12-14"
    assert _one(times, "2014").resolved == "2014"


def test_month_day_takes_the_nearest_year(nlp):
    times = _times(nlp, "The siege began on Dec. 14 and the talks are set for Jan. 9.", "2017-01-03")
    assert _one(times, "Dec. 14").resolved == "2016-12-14"
    assert _one(times, "Jan. 9").resolved == "2017-01-09"


@pytest.mark.parametrize(
    "sentence, expr, resolved",
    [
        ("Rebels attacked the town on Friday.", "Friday", "2016-12-09"),
        ("The vote is expected Thursday.", "Thursday", "2016-12-15"),
        ("He met the envoy last Friday.", "last Friday", "2016-12-09"),
        ("Talks resume next Monday.", "next Monday", "2016-12-19"),
        ("The council will vote on Friday.", "Friday", "2016-12-16"),
        ("The convoy left yesterday.", "yesterday", "2016-12-13"),
        ("The convoy leaves tomorrow.", "tomorrow", "2016-12-15"),
        ("Aid arrived three days ago.", "three days ago", "2016-12-11"),
        # a plan told in the present, or a reported would-verb, looks forward; a plan told in
        # the past does not
        ("Leaders plan to meet Friday in Brussels.", "Friday", "2016-12-16"),
        ("The vote is scheduled for Monday.", "Monday", "2016-12-19"),
        ("The union said it would strike on Monday.", "Monday", "2016-12-19"),
        ("Ministers planned to meet on Friday, but the talks were cancelled.", "Friday", "2016-12-09"),
    ],
)
def test_relative_days(nlp, sentence, expr, resolved):
    assert _one(_times(nlp, sentence), expr).resolved == resolved


def test_coarse_expressions_stay_unresolved(nlp):
    times = _times(nlp, "He kept his clinic open until last week.")
    assert _one(times, "last week").resolved is None


def test_durations_are_skipped(nlp):
    times = _times(nlp, "After two weeks of fighting and more than four years of siege, the town fell.")
    assert not [t for t in times if "week" in t.text or "year" in t.text]


def test_clock_time_takes_the_day_of_its_clause_only(nlp):
    same = _times(nlp, "At 11:30 p.m. on Wednesday, the cease-fire took effect.")
    assert _one(same, "11:30 p.m. on Wednesday").resolved == "2016-12-14T23:30"
    clause = _times(nlp, "On Tuesday the buses arrived at 6 a.m. at the crossing.")
    assert _one(clause, "6 a.m.").resolved == "2016-12-13T06:00"
    other_clause = _times(
        nlp, "The ministry said on Wednesday that the rebels had resumed the hostilities at dawn."
    )
    dawn = _one(other_clause, "dawn")
    assert (dawn.resolved, dawn.part_of_day) == (None, "dawn")


def test_parts_of_day(nlp):
    times = _times(nlp, "The first group was to leave early Thursday morning, before the late evening.")
    assert _one(times, "early Thursday morning").part_of_day == "early morning"


def test_published_forms():
    assert parse_published("2016-12-14T08:00:00Z").isoformat() == "2016-12-14"
    assert parse_published("2016-12-14 08:00") is not None
    assert parse_published("last Tuesday") is None
    assert parse_published(None) is None


def test_unreadable_published_resolves_nothing_relative(nlp):
    assert _one(_times(nlp, "It ended on Friday.", "sometime"), "Friday").resolved is None


def test_an_iso_date_in_the_text_is_read_and_a_bad_one_is_not_a_crash(nlp):
    # PolNeAR texts give dates as 2016-12-14: the month is digits (was KeyError '12', a traceback)
    from newsprism.extract.times import extract_times
    from newsprism.model import Article

    for text, expected in (("The vote was held on 2016-12-14 in Ohio.", "2016-12-14"), ("Filed 2016-13-40 by clerks.", None)):
        found = extract_times(Article(id="a", text=text, published="2016-12-20"), nlp(text))
        assert [t.resolved for t in found] == [expected]


def test_fast_scans_find_exactly_what_the_patterns_find():
    # _scan tries each pattern only where its anchor finds a start: the same matches as
    # pattern.finditer on every text, including modifiers, odd spaces, digits of other scripts
    # and the letters re.I folds ('K', 'ſ', 'ı', 'İ')
    import random

    from newsprism.extract import times as T

    words = ["Monday", "Sunday", "Mondays", "xMonday", "this", "THIS", "coming", "this coming", "early", "Late",
             "last", "next", "Dec.", "December", "Sept.", "May", "14", "2016", "31st", "1", "11:30", "23:59",
             "p.m.", "a. m.", "6am", "PM", "night", "morning", "yesterday", "TODAY", "last night", "this evening",
             "pre-dawn", "predawn", "Dawn", "noon", "of", "٣", "\u212a", "\u017f", "\u0131", "\u0130", "_", "-", "'"]
    seps = ["", " ", "  ", "\n", ",", ".", "-", "\u00a0", "\u2009"]
    rng = random.Random(7)
    texts = ["early last Monday, this coming Sunday morning and Dec. 14, 2016 at 11:30 p.m. before dawn"]
    texts += ["".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, 12))) for _ in range(3000)]

    def spans(matches):
        return [(m.span(), m.groupdict()) for m in matches]

    for text in texts:
        low = text.lower()
        folded = any(c in text for c in "\u0130\u0131\u017f")
        for pattern, fast in (
            (T._MONTH_DAY, T._scan(T._MONTH_DAY, text, T._starts(T._AT_MONTH, text))),
            (T._DAY_MONTH, T._scan(T._DAY_MONTH, text, T._starts(T._AT_DIGIT, text))),
            (T._MONTH_YEAR, T._scan(T._MONTH_YEAR, text, T._starts(T._AT_MONTH, text))),
            (T.CLOCK_RE, T.clock_matches(text)),
            (T.DATE_PART_RE, T.date_part_matches(text)),
            (T._WEEKDAY, T._scan(T._WEEKDAY, text, T._weekday_starts(text))),
            (T._RELDAY, T._RELDAY.finditer(text) if folded else T._scan(T._RELDAY, text, T._starts(T._AT_RELDAY, low))),
            (T._POD_WORD, T._POD_WORD.finditer(text) if folded else T._scan(T._POD_WORD, text, T._starts(T._AT_POD, low))),
        ):
            assert spans(fast) == spans(pattern.finditer(text)), (pattern.pattern[:40], text)


def test_a_day_word_inside_a_name_dates_nothing(nlp):
    # PolNeAR story 542 (USA Today): "he told USA TODAY's weekly video newsmaker series"
    # put a row dated the day of publication into the dates; a day word that is part of a
    # name is no time, while a year inside one still is
    text = ("The voices have gathered courage to show their ugliness, he told USA TODAY's weekly "
            "video newsmaker series. He spoke on Tuesday.")
    times = _times(nlp, text)
    assert not [t for t in times if "TODAY" in t.text]
    assert _one(times, "Tuesday").resolved == "2016-12-13"


def test_a_cars_model_year_is_no_date(nlp):
    # ECB+ 21ecbplus: "2013" of "a 2013 Toyota Camry" was listed as a date five times
    texts = ["She was struck by a gray 2013 Toyota Camry, which then sped off, according to police.",
             "Raj Chohan was hit by a 2013 gray Camry near 117th Street and 97th Avenue on Friday."]
    for text in texts:
        assert "2013" not in [t.text for t in _times(nlp, text)], text
    # a year that dates what it describes stays a date
    assert "2010" in [t.text for t in _times(nlp, "He backed a 2010 law on health care, officials said.")]
    assert any("2013" in t.text for t in _times(nlp, "The crash happened in 2013 on a Friday night in Queens."))
