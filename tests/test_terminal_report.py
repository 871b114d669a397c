"""The terminal report: the brief first, short outlet labels with a legend, --section/--limit/--all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"


@pytest.fixture(scope="module")
def analysis(nlp):
    from newsprism.pipeline import analyze

    return analyze([EXAMPLE], nlp=nlp)


def test_brief_first_with_short_labels_and_a_legend(analysis):
    from newsprism.report.terminal import to_text

    text = to_text(analysis)
    order = [text.index(h) for h in ("Sources", "In short", "Where the outlets disagree", "Only one outlet reports")]
    assert order == sorted(order)
    assert "month-long offensive" in text and "two weeks of rapid advances" in text
    assert "Who said what" not in text and "--format html" in text
    assert "NYT    The New York Times" in text  # the legend names it once; citations use the label
    assert "[The New York Times" not in text and "[000" not in text
    docs = {d.outlet: d for d in analysis.documents}
    labels = {"NYT": docs["The New York Times"], "AP": docs["The Associated Press"], "WP": docs["The Washington Post"]}
    cites = re.findall(r"\[(NYT|AP|WP) (\d+)-(\d+)\]", text)
    assert len(cites) > 10
    for label, start, end in cites:
        assert int(end) <= len(labels[label].text) and int(start) < int(end)
    assert text.count("000_98fec9a0fd199562") == 1  # the file, named once in the legend


def test_sections_limit_and_all(analysis):
    from newsprism.report.terminal import to_text

    brief = to_text(analysis)
    quotes = to_text(analysis, sections=["quotes"])
    assert "Who said what" in quotes and "Where the outlets disagree" not in quotes
    few = to_text(analysis, sections=["facts"], limit=2)
    many = to_text(analysis, sections=["facts"], limit=10)
    assert few.count("\n  • ") == 2 and many.count("\n  • ") == 10
    everything = to_text(analysis, everything=True)
    for heading in ("In short", "Facts told by several outlets", "Who said what", "Names used by more than one outlet",
                    "Figures", "Timeline", "What each outlet leaves out"):
        assert heading in everything, heading
    assert len(everything) > 3 * len(brief)
    with pytest.raises(ValueError):
        to_text(analysis, sections=["nonsense"])


def test_cli_rejects_an_unknown_section():
    from newsprism.cli import app

    result = CliRunner().invoke(app, ["analyze", str(EXAMPLE), "--section", "nonsense"])
    assert result.exit_code == 2 and "unknown section" in result.output


def test_timeline_rows_show_the_time_as_written_when_no_date_is_known(analysis):
    """A time of day with no known date is "T06:00" in the JSON; the terminal and
    Markdown show the words of the text ("6 a. m."), never that key or "undated"."""
    from newsprism.report.markdown import to_markdown
    from newsprism.report.terminal import to_text

    rows = analysis.findings.timeline
    dateless = [f for f in rows if not f.when or f.when.startswith("T")]
    assert dateless, "the seed story has timeline rows without a resolved date"
    text = to_text(analysis, sections=["timeline"], limit=100)
    md = to_markdown(analysis)
    for f in dateless:
        written = " ".join(f.citations[0].text.split())
        assert written in text or written[:14] in text, written
        assert f"- {written}:" in md, written
    assert not re.search(r"\bT\d\d:\d\d\b", text + md)
    assert "06:00, day unknown" in text and "06:00, day unknown" in md
    assert "undated" not in text
