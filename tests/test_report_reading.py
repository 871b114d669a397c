"""What a reader of the terminal and HTML reports sees of items the findings hold: every citation
of a one-outlet fact, and one name for one report (the label its lines cite it by, never its
file name in one line and "Article 2" in the next)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

FIRST = (
    "Police on Thursday arrested a man they believe drove the car that struck and killed a woman "
    "outside a grocery store in Bloomington.\n"
    "The woman, 66, was crossing the parking lot at about 7 p.m. Wednesday when she was hit.\n"
    "Officers found the car a mile away with a broken headlight.\n"
    "The driver's blood alcohol level was twice the legal limit, police said.\n"
)
SECOND = (
    "A Bloomington man was arrested Thursday in the hit-and-run death of a 66-year-old woman "
    "outside a grocery store.\n"
    "Witnesses said the car did not slow down.\n"
)
THIRD = (
    "Schenectady man charged in fatal Queens crash\n"
    "Published 12:17 am, Monday, September 16, 2013\n"
    "A Schenectady man has been charged in a fatal hit-and-run crash that killed a woman in Queens Friday night, police said.\n"
    "\"Drinking and driving is a deadly combination,\" said District Attorney Richard Brown.\n"
)


@pytest.fixture(scope="module")
def analysis(nlp, tmp_path_factory):
    from newsprism.pipeline import analyze

    folder = tmp_path_factory.mktemp("story")
    (folder / "first.txt").write_text(FIRST, encoding="utf-8")
    (folder / "second.txt").write_text(SECOND, encoding="utf-8")
    (folder / "third.txt").write_text(THIRD, encoding="utf-8")
    return analyze([folder], nlp=nlp)


def _span(analysis, doc: str, words: str):
    from newsprism.model import Span

    text = analysis.document(doc).text
    start = text.index(words)
    return Span(doc, start, start + len(words), words)


def test_a_one_outlet_fact_shows_every_citation_in_the_brief(analysis):
    from newsprism.model import Finding
    from newsprism.report.terminal import to_text

    assert analysis.findings is not None and all(d.outlet is None for d in analysis.documents)
    one = _span(analysis, "first.txt", "Officers found the car a mile away with a broken headlight.")
    two = _span(analysis, "first.txt", "The driver's blood alcohol level was twice the legal limit, police said.")
    split = Finding("S1", "single-source", one.text, ("first.txt",), (one, two), sources=1)
    shown = replace(analysis, findings=replace(analysis.findings, single_source=(split,)))
    text = to_text(shown, width=200)
    label = next(line.split()[0] + " " + line.split()[1] for line in text.splitlines() if "first.txt" in line)
    line = next(line for line in text.splitlines() if "Officers found the car" in line)
    for span in (one, two):  # the second citation was dropped: the reader could not find half the fact
        assert f"[{label} {span.start}-{span.end}]" in line


def test_a_framing_item_names_each_report_by_its_label(analysis):
    from newsprism.model import Framing, Label
    from newsprism.report import render
    from newsprism.report.terminal import to_text

    mine = _span(analysis, "first.txt", "struck and killed")
    theirs = _span(analysis, "second.txt", "hit-and-run death")
    frame = Framing("R1", "label", "how the outlets word it: “struck and killed” (first.txt) vs “hit-and-run death” (second.txt)",
                    (Label("first.txt", None, mine.text, (mine,)), Label("second.txt", None, theirs.text, (theirs,))),
                    ("first.txt", "second.txt"), (mine, theirs))
    shown = replace(analysis, findings=replace(analysis.findings, framing=(frame,)))
    text = to_text(shown, width=200)
    about = next(line for line in text.splitlines() if "how the outlets word it" in line)
    labels = re.findall(r"\((Article \d+)\)", about)
    assert len(labels) == 2 and "first.txt" not in about and "second.txt" not in about
    for label, words in zip(labels, ("struck and killed", "hit-and-run death")):  # the label its own line cites
        assert any(line.strip().startswith(f"{label}: “{words}”") for line in text.splitlines())
    page = render(shown, "html")
    assert "(first.txt)" not in page and f"({labels[0]})" in page


def test_every_figure_compared_is_not_printed_in_the_brief(analysis):
    from newsprism.model import CountedFigure, FigureComparison
    from newsprism.report.terminal import to_text

    a = _span(analysis, "first.txt", "66")
    b = _span(analysis, "second.txt", "66")
    groups = tuple(FigureComparison(f"N{i}", "figures that look alike but count different things",
                                    (CountedFigure("first.txt", None, "66", "years", (a,)),
                                     CountedFigure("second.txt", None, "66", "years", (b,))),
                                    ("first.txt", "second.txt"), (a, b))
                   for i in range(1, 9))
    shown = replace(analysis, findings=replace(analysis.findings, figures_compared=groups))
    brief = to_text(shown, width=200, limit=3)
    assert brief.count("figures that look alike but count different things\n") == 3
    assert "5 more figures compared: --section brief --limit 8" in brief


def test_a_timeline_row_tells_its_sentence_without_the_title_and_stamp_lines(analysis):
    from newsprism.report.common import timeline_when

    rows = [t for t in analysis.findings.timeline if t.docs == ("third.txt",)]
    assert rows, analysis.findings.timeline
    for row in rows:  # the stamp dates the page, not an event; the title is no part of the sentence
        assert row.about.startswith("A Schenectady man has been charged"), row.about
        assert all("Published" not in c.text and "12:17" not in c.text for c in row.citations)
        assert row.citations[-1].text == row.about
    assert any(c.text == "Friday night" for row in rows for c in row.citations)
    dated = replace(rows[0], when="2013-09-16T00:17")
    assert timeline_when(dated) == "2013-09-16 00:17"  # a reader's time, not the ISO key


def test_a_fact_only_copies_tell_says_so_and_cites_each_copy(analysis):
    from newsprism.model import Finding
    from newsprism.report import render
    from newsprism.report.terminal import to_text

    mine = _span(analysis, "first.txt", "Officers found the car a mile away with a broken headlight.")
    copy = _span(analysis, "second.txt", "Witnesses said the car did not slow down.")
    item = Finding("S1", "single-source", mine.text, ("first.txt", "second.txt"), (mine, copy), sources=1)
    shown = replace(analysis, findings=replace(analysis.findings, single_source=(item,)))
    line = next(x for x in to_text(shown, width=220).splitlines() if "Officers found the car" in x)
    assert "copies in 2 reports: one source" in line and line.count("[Article") == 2
    page = render(shown, "html")
    brief = page[page.index("Only one outlet reports"):page.index("Only one outlet reports") + 3000]
    assert "copies in 2 reports: one source" in brief
    item_html = brief[:brief.index("copies in 2 reports")]
    item_html = item_html[item_html.rindex("<li>"):]
    assert item_html.count('class="cite ') == 2  # each copy cited, in the brief too
    assert "copies in 2 reports: one source" in render(shown, "markdown")
    # a match strength beside a one-outlet fact's citations says nothing: none is shown
    assert any(x.strength == "same fact" for f in analysis.findings.single_source for x in f.support)
    page = render(analysis, "html")
    assert "same fact" not in page[page.index("Only one outlet reports"):page.index('id="facts"')]
    assert "same fact" not in page[page.index('id="single"'):page.index('id="single"') + 5000]


def test_a_speaker_written_as_a_named_entity_is_one_heading(analysis):
    from newsprism.report.common import quotes_by_speaker

    linked = next(q for q in analysis.quotes if q.speaker_entity and "deadly combination" in q.text)
    brown = analysis.entity(linked.speaker_entity)
    assert brown is not None and brown.name == "Richard Brown"
    # the same quote found again with its speaker written out but no entity resolved for it
    loose = replace(linked, speaker="Richard Brown", speaker_entity=None)
    groups = quotes_by_speaker(replace(analysis, quotes=(linked, loose)))
    assert [g.speaker for g in groups] == ["Richard Brown"] and len(groups[0].quotes) == 2


def test_a_site_known_by_its_address_is_labelled_by_the_whole_address():
    from newsprism.report.common import outlet_labels_for

    # ECB+ 2ecbplus: outlets read from the page addresses the reports open with
    labels = outlet_labels_for([("a", "deadline.com"), ("b", "hollywoodreporter.com"), ("c", "The New York Times"),
                                ("d", "deadline.com")])
    assert [labels[k][0] for k in "abcd"] == ["deadline.com", "hollywoodreporter.com", "NYT", "deadline.com 2"]


def test_a_clause_left_from_a_sentence_printed_above_is_not_a_one_outlet_item(analysis):
    """The seed: "A deal for Syrian rebels ... broke down Wednesday" (the first half of a corroborated
    fact's headline) and "Trapped civilians expressed disbelief," (a clause of a sentence a dispute
    prints whole) closed the one-outlet section: fragments repeating an item above."""
    from newsprism.model import Finding
    from newsprism.report import render
    from newsprism.report.common import single_source_shown
    from newsprism.report.terminal import to_text

    whole = _span(analysis, "first.txt", "The woman, 66, was crossing the parking lot at about 7 p.m. Wednesday when she was hit.")
    other = _span(analysis, "second.txt", "A Bloomington man was arrested Thursday in the hit-and-run death of a 66-year-old woman "
                  "outside a grocery store.")
    told = Finding("C1", "corroborated", whole.text, ("first.txt", "second.txt"), (whole, other), sources=2)
    clause = _span(analysis, "first.txt", "The woman, 66, was crossing the parking lot")
    left = Finding("S1", "single-source", clause.text + ",", ("first.txt",), (clause,), sources=1)
    said = _span(analysis, "first.txt", "The driver's blood alcohol level was twice the legal limit, police said.")
    part = _span(analysis, "first.txt", "The driver's blood alcohol level was twice the legal limit,")
    dispute = Finding("D1", "dispute", said.text, ("first.txt",), (said,))
    half = Finding("S2", "single-source", part.text, ("first.txt",), (part,), sources=1)
    news = Finding("S3", "single-source", said.text, ("first.txt",), (said,), sources=1)  # the dispute's sentence, whole
    found = _span(analysis, "first.txt", "Officers found the car a mile away with a broken headlight.")
    own = Finding("S4", "single-source", found.text, ("first.txt",), (found,), sources=1)
    from newsprism.compare.repeated_clauses import mark_repeats

    findings = mark_repeats(replace(analysis.findings, corroborated=(told,), disputes=(dispute,),
                                    single_source=(left, half, news, own)))
    # the left-over clauses stay in the findings, marked with the item printing their sentence, after the others
    assert [(f.id, f.about, f.repeats) for f in findings.single_source] == [
        ("S1", news.about, None), ("S2", own.about, None), ("S3", left.about, "C1"), ("S4", half.about, "D1")]
    assert [f.id for f in single_source_shown(findings)] == ["S1", "S2"]
    shown = replace(analysis, findings=findings)
    for page in (to_text(shown, width=220), render(shown, "markdown")):
        section = page[page.index("one outlet"):]
        assert "Officers found the car" in section and "crossing the parking lot," not in section
        assert "(2)" in page[page.index("one outlet") - 30:page.index("one outlet") + 40]
    # the web pages read the JSON contract: the same rule hides the same clauses there
    from newsprism.model import to_jsonable
    from newsprism.report.common import single_source_shown_json
    from newsprism.report.web.view import story_view

    as_json = to_jsonable(findings)
    assert [f["repeats"] for f in as_json["single_source"]] == [None, None, "C1", "D1"]
    assert [f["id"] for f in single_source_shown_json(as_json)] == ["S1", "S2"]
    # a stored report from before the key: the same rule read from the JSON
    old = {**as_json, "single_source": [{k: v for k, v in f.items() if k != "repeats"} for f in as_json["single_source"]]}
    assert [f["id"] for f in single_source_shown_json(old)] == ["S1", "S2"]
    view = story_view(to_jsonable(shown), columns=False)
    assert [f["id"] for f in view["single_source"]] == ["S1", "S2"]
    html = render(shown, "html")
    assert "Officers found the car" in html and "crossing the parking lot," not in html


def test_articles_naming_no_outlet_each_say_which_article_in_markdown(analysis):
    """BASIL ee05c9b3's three articles name no outlet: a corroborated fact read "2 reports (outlet not
    named in the text, outlet not named in the text)" and each citation the same words — the reader
    could not tell which two. Each says its article's row in the Documents table."""
    from newsprism.model import Finding
    from newsprism.report import render
    from newsprism.report.common import UNNAMED, outlet_label

    assert analysis.findings is not None and all(d.outlet is None for d in analysis.documents)
    first = _span(analysis, "first.txt", "Officers found the car a mile away with a broken headlight.")
    second = _span(analysis, "second.txt", "Witnesses said the car did not slow down.")
    told = Finding("C1", "corroborated", first.text, ("first.txt", "second.txt"), (first, second), sources=2)
    page = render(replace(analysis, findings=replace(analysis.findings, corroborated=(told,))), "markdown")
    order = [d.id for d in analysis.documents]
    labels = [outlet_label(analysis, d) for d in order]
    assert labels == [f"{UNNAMED} — article {n}" for n in range(1, len(order) + 1)]
    for doc, label in zip(order, labels):
        assert f"| {doc} | {label} |" in page.replace("\\_", "_")
    line = next(x for x in page.splitlines() if x.startswith("- **Officers found the car"))
    assert f"2 reports ({labels[order.index('first.txt')]}, {labels[order.index('second.txt')]})" in line
