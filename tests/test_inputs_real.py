"""Input that real corpora have: non-ISO dates, Windows-1252/Latin-1 text, tables given to
`analyze`, stories without a title field, and `--recluster` on a five-outlet event."""

import csv
import json

import pytest

from newsprism.corpus.corpus import Corpus
from newsprism.corpus.readers import read_paths
from newsprism.corpus.textio import decode_bytes, headline, read_date
from newsprism.model import DocumentInfo

# A short AP-style report with the typographic characters Windows-1252 files carry
# (curly quotes, an em dash, an accented name).
CAFE = (
    "Protesters gathered outside the café on Rue Saint-Honoré on Saturday \u2014 the third weekend in a row.\n"
    "\u201cWe will keep coming back,\u201d said Hélène Dubois, 54, a retired teacher. Police said 300 people "
    "took part and that nobody was arrested."
)


def test_dates_as_feeds_and_scrapers_write_them():
    assert read_date("July 02, 2010") == ("2010-07-02", None)
    assert read_date("Tue, 10 Jun 2003 04:00:00 GMT") == ("2003-06-10T04:00:00+00:00", None)  # RFC 822
    assert read_date("2016-12-14") == ("2016-12-14", None)
    iso, note = read_date("02/03/2010")
    assert iso == "2010-02-03" and "ambiguous" in note
    iso, note = read_date("Updated: July 2, 2010 3:04 PM ET")
    assert iso == "2010-07-02T15:04:00" and "among other words" in note
    iso, note = read_date("July 2010")
    assert iso == "2010-07-01" and "no day" in note
    assert read_date("March 5")[0] is None and "no year" in read_date("March 5")[1]
    assert read_date("yesterday")[0] is None and "could not be read" in read_date("yesterday")[1]


def test_windows_1252_and_latin_1_are_decoded_not_refused(tmp_path):
    assert decode_bytes(CAFE.encode("cp1252")) == (CAFE, "cp1252")
    latin = "Hélène Dubois said the crème brûlée stand had closed."
    text, codec = decode_bytes(latin.encode("latin-1"))
    assert text == latin and codec in ("cp1252", "latin_1")
    (tmp_path / "cafe.txt").write_bytes(CAFE.replace("\n", "\r\n").encode("cp1252"))
    articles, skipped = read_paths([tmp_path / "cafe.txt"])
    assert not skipped and articles[0].text == CAFE
    assert articles[0].meta["notes"] == ["not UTF-8: decoded as Windows-1252 (detected)"]
    assert DocumentInfo.of(articles[0]).notes == ("not UTF-8: decoded as Windows-1252 (detected)",)
    utf8 = tmp_path / "utf8.txt"
    utf8.write_text(CAFE, encoding="utf-8")
    assert "notes" not in read_paths([utf8])[0][0].meta  # nothing guessed, nothing said


def test_jsonl_and_csv_dates_and_encodings_reach_the_notes(tmp_path):
    rows = [
        {"id": "a", "text": CAFE, "published": "July 02, 2010"},
        {"id": "b", "text": CAFE + " More.", "published": "Sat, 03 Jul 2010 09:15:00 +0200"},
        {"id": "c", "text": CAFE + " Later.", "published": "sometime soon"},
    ]
    (tmp_path / "feed.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    articles, skipped = read_paths([tmp_path / "feed.jsonl"])
    assert not skipped
    by_id = {a.id: a for a in articles}
    assert by_id["a"].published == "2010-07-02" and "notes" not in by_id["a"].meta
    assert by_id["b"].published == "2010-07-03T09:15:00+02:00"
    assert by_id["c"].published is None and by_id["c"].meta["published_unparsed"] == "sometime soon"
    assert by_id["c"].meta["notes"] == ['publication date "sometime soon" could not be read; not used']
    # a Windows-1252 CSV export with US dates, as spreadsheets write them
    with open(tmp_path / "export.csv", "w", newline="", encoding="cp1252") as handle:
        writer = csv.writer(handle)
        writer.writerow(["content", "site", "date"])
        writer.writerow([CAFE, "Le Monde", "7/2/2010"])
    from newsprism.corpus.tabular import read_csv

    (row,) = list(read_csv(tmp_path / "export.csv", "text=content,outlet=site,published=date"))
    assert row.text == CAFE and row.outlet == "Le Monde" and row.published == "2010-07-02"
    assert row.meta["notes"][0] == "not UTF-8: decoded as Windows-1252 (detected)"
    assert "ambiguous" in row.meta["notes"][1]


def test_bad_bytes_stay_a_one_line_skip(tmp_path):
    (tmp_path / "blob.txt").write_bytes(bytes(range(256)) * 4)
    articles, skipped = read_paths([tmp_path / "blob.txt"])
    assert not articles and len(skipped) == 1 and "\n" not in skipped[0].message()


def test_headline_comes_from_the_first_line_when_there_is_no_title():
    assert headline("Given title", "First line\nbody") == "Given title"
    text = "http : / / www . example . com / story\nChargers' Jamal Williams arrested on DUI suspicion\nChargers defensive tackle..."
    assert headline(None, text) == "Chargers' Jamal Williams arrested on DUI suspicion"
    long = "Rescue teams in Valencia searched on Wednesday for residents still missing after the floods. " * 3
    assert headline(None, long) == "Rescue teams in Valencia searched on Wednesday for residents still missing after the floods."
    assert headline(None, "   \n  ") is None


FIVE_OUTLETS = [
    ("nyt", "Trump Says He Will Meet Kim Jong-un in Singapore on June 12",
     "President Trump said Thursday that he would meet Kim Jong-un, the North Korean leader, in Singapore on June 12, "
     "reviving a summit he had called off two weeks ago. Mr. Trump announced the date after meeting Kim Yong-chol at the White House."),
    ("fox", "Trump confirms Singapore summit with Kim is back on",
     "The summit between President Trump and North Korea's Kim Jong-un will take place in Singapore on June 12 after all, "
     "Trump said Friday after a White House meeting with Kim Yong-chol, a top aide to the North Korean leader."),
    ("hpo", "Trump-Kim Summit Back On For June 12",
     "Donald Trump said the Singapore summit with Kim Jong-un is back on for June 12. The president made the announcement "
     "after receiving a letter from the North Korean leader delivered by Kim Yong-chol in the Oval Office."),
    ("wapo", "Singapore summit back on, Trump says after Oval Office visit",
     "After an unusual Oval Office visit by Kim Yong-chol, Trump told reporters the meeting with Kim Jong-un in Singapore "
     "on June 12 would go ahead. North Korea's envoy handed the president a letter from Kim."),
    ("ap", "Trump says June 12 summit with North Korea's Kim is back on",
     "WASHINGTON (AP) \u2014 President Donald Trump said Friday his summit with North Korean leader Kim Jong-un will take place "
     "June 12 in Singapore after all, following a White House meeting with Kim Yong-chol, a senior North Korean official."),
]
OTHER = [
    ("nyt", "Italy's Populists Form a Government", "Giuseppe Conte was sworn in as Italy's prime minister in Rome on Friday, "
     "leading a coalition of the Five Star Movement and the League after weeks of turmoil over the economy minister."),
    ("ap", "Conte sworn in as Italy's premier", "ROME (AP) \u2014 Law professor Giuseppe Conte was sworn in as Italy's premier "
     "on Friday at the head of a populist coalition of the League and the 5-Star Movement, ending three months of deadlock."),
]


def test_recluster_keeps_a_five_outlet_event_and_titles_come_from_the_text(tmp_path):
    rows = [
        {"id": f"{outlet}-{i}", "text": f"{head}\n{body}", "outlet": outlet, "published": "June 1, 2018" if i % 2 else None}
        for i, (outlet, head, body) in enumerate(FIVE_OUTLETS + OTHER)
    ]
    (tmp_path / "in.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.ingest([tmp_path / "in.jsonl"])

        def grouping():
            return {frozenset(s.articles): s for s in corpus.stories()}

        streaming = grouping()
        summit = frozenset(r["id"] for r in rows[:5])
        assert summit in streaming, "streaming splits the five-outlet event"
        assert streaming[summit].title == FIVE_OUTLETS[0][1]  # no title field: the text's first line
        corpus.recluster()
        batch = grouping()
        assert summit in batch, "--recluster splits the five-outlet event"
        assert frozenset(r["id"] for r in rows[5:]) in batch
        assert batch[summit].title == FIVE_OUTLETS[0][1]


@pytest.mark.slow
def test_analyze_reads_a_csv_with_a_mapping(tmp_path, nlp):
    from newsprism.pipeline import analyze

    with open(tmp_path / "story.csv", "w", newline="", encoding="cp1252") as handle:
        writer = csv.writer(handle)
        writer.writerow(["body", "publication", "date"])
        writer.writerow([CAFE, "Le Monde", "July 02, 2010"])
        writer.writerow([CAFE.replace("300", "about 250"), "Le Figaro", "someday"])
    analysis = analyze([tmp_path / "story.csv"], nlp, mapping="text=body,outlet=publication,published=date")
    docs = {d.outlet: d for d in analysis.documents}
    assert set(docs) == {"Le Monde", "Le Figaro"}
    assert docs["Le Monde"].published == "2010-07-02"
    assert docs["Le Figaro"].published is None
    assert any("could not be read" in n for n in docs["Le Figaro"].notes)
    assert all("Windows-1252" in d.notes[0] for d in docs.values())
    assert analysis.to_dict()["documents"][0]["notes"]
    from newsprism.report import render

    assert 'publication date "someday" could not be read' in render(analysis, "markdown")


def test_analyze_command_takes_map_and_a_bad_map_is_one_line(tmp_path):
    from typer.testing import CliRunner

    from newsprism.cli import app

    (tmp_path / "t.csv").write_text("body\nSome text.\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", str(tmp_path / "t.csv"), "--map", "text"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
