"""Every renderer is tested like the JSON: the citations the JSON holds appear in the
output, and nothing an article carries (Rich markup, terminal escapes, HTML, Markdown
syntax, links) acts on the reader's terminal or browser.

The story is the packaged example, read as a user would have it: document ids that
start with a letter and hold markup characters, and text, titles, outlets and a
skipped file name full of payloads.
"""

from __future__ import annotations

import html
import io
import re
from dataclasses import replace
from pathlib import Path

import pytest

from newsprism.check import check_report
from newsprism.model import Skipped
from newsprism.report import render

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"

PAYLOAD = (
    ' The statement [sic] read "[/] [conceal]hidden words[/conceal] [link=https://evil.example/x]click here[/link] '
    "*not bold* | pipe <script>alert(1)</script> <img src=x onerror=alert(2)> `code` "
    "[x](javascript:alert(3)) :warning: \x1b[2J\x1b]0;pwned title\x07\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\ "
    "\x9b31m back\x08\x08\rover \u202etxet desrever\u202c\" said Omar Haddad, a spokesman."
)
IDS = ("nyt[sic]*a|b<c>`d`", "reuters[/]_x_", "ap[bold]story")
FORBIDDEN = ("\x1b[2J", "\x1b]", "\x9b", "\x08", "\r", "\u202e", "\x07")


@pytest.fixture(scope="module")
def hostile_analysis(nlp):
    from newsprism.corpus.readers import read_paths
    from newsprism.pipeline import run_pipeline

    articles, _ = read_paths([EXAMPLE])
    assert len(articles) == 3
    hostile = []
    for article, new_id in zip(articles, IDS):
        text = article.text.rstrip() + "\n\n" + PAYLOAD.strip() + "\n"
        hostile.append(
            replace(
                article,
                id=new_id,
                text=text,
                title="[bold red]Breaking[/] <b>news</b> \x1b]0;title\x07",
                outlet=(article.outlet or "The [link=https://evil.example]Daily[/link] *Post*"),
                outlet_evidence=None,
                dateline_span=None,
                damage=(),
            )
        )
    skipped = [Skipped("evil[/]\x1b[2J<script>.txt", "empty file")]
    return run_pipeline(hostile, nlp, skipped=skipped)


def _citations(items) -> set[tuple[str, int, int]]:
    return {(x.doc, x.start, x.end) for x in items}


def _all_spans(analysis) -> set[tuple[str, int, int]]:
    from newsprism.check import _spans

    return {(span["doc"], span["start"], span["end"]) for _, span in _spans(analysis.to_dict(), "")}


def _shown(analysis) -> set[tuple[str, int, int]]:
    """Citations every human-readable format must show: quotes, figures, dates, summary,
    conflicts and shared quotes (each version)."""
    want = _citations(analysis.quotes) | _citations(analysis.figures) | _citations(t for t in analysis.times if t.resolved)
    f = analysis.findings
    for s in f.summary:
        want |= _citations(s.citations)
    for item in (*f.conflicts, *f.shared_quotes):
        for v in item.versions:
            want |= _citations(v.citations)
    return want


def test_the_hostile_story_is_analysed_and_checks(hostile_analysis):
    report = hostile_analysis.to_dict()
    assert check_report(report) == []
    assert [d["id"] for d in report["documents"]] == sorted(IDS) or {d["id"] for d in report["documents"]} == set(IDS)
    # the payload sentence is quoted: the quote text keeps every character exactly
    assert any("[/]" in q.text and "\x1b[2J" in q.text for q in hostile_analysis.quotes)


def test_json_keeps_the_text_exact_and_escapes_controls(hostile_analysis):
    import json

    text = render(hostile_analysis, "json")
    assert "\x1b" not in text and "\x9b" not in text  # json.dumps writes \u001b
    back = json.loads(text)
    assert any(PAYLOAD.strip() in d["text"] for d in back["documents"])


def test_terminal_shows_every_citation_and_no_markup_is_read(hostile_analysis):
    out = render(hostile_analysis, "terminal")
    from newsprism.report.common import outlet_labels
    from newsprism.report.safe import printable

    labels = {doc: printable(pair[0]) for doc, pair in outlet_labels(hostile_analysis).items()}  # the legend maps them
    wide = _wide_terminal(hostile_analysis)  # --all: every section, every item
    for doc, start, end in _shown(hostile_analysis):
        assert f"[{labels[doc]} {start}-{end}]" in wide, (doc, start, end)
    # everything printed as citation exists in the JSON
    by_label = {label: doc for doc, label in labels.items()}
    found = re.findall(r"\[((?:[^\[\]]|\[[^\[\]]*\])+?) (\d+)-(\d+)\]", wide)
    assert len(found) >= len(_shown(hostile_analysis))
    for label, start, end in found:
        if label in by_label:
            assert (by_label[label], int(start), int(end)) in _all_spans(hostile_analysis), (label, start, end)
    # markup shown as written, not interpreted
    for literal in ("[/]", "[conceal]hidden words[/conceal]", "[link=https://evil.example/x]", ":warning:", "[sic]"):
        assert literal in wide, literal
    assert "evil[/]" in out  # the skipped file name
    for bad in FORBIDDEN:
        assert bad not in out, repr(bad)
    assert "\\x1b[2J" in wide and "\\u202e" in wide  # made visible, not dropped silently


def _wide_terminal(analysis, **options) -> str:
    from newsprism.report.safe import console
    from newsprism.report.terminal import print_report

    buffer = io.StringIO()
    print_report(analysis, console(file=buffer, width=1000, **options), everything=True)
    return buffer.getvalue()


def test_terminal_with_colour_sends_no_escape_from_the_articles(hostile_analysis):
    from rich.console import Console

    from newsprism.report.terminal import print_report

    buffer = io.StringIO()
    # the console a user gets by default (emoji and highlighting on): still nothing from the text acts
    print_report(hostile_analysis, Console(file=buffer, width=200, force_terminal=True, color_system="truecolor"), everything=True)
    out = buffer.getvalue()
    for bad in FORBIDDEN:
        assert bad not in out, repr(bad)
    assert "\x1b]8;" not in out  # no hyperlink
    assert "⚠" not in out  # :warning: is not an emoji code here
    sgr_free = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert "\x1b" not in sgr_free  # only our own colours


def test_markdown_shows_every_citation_and_runs_nothing(hostile_analysis):
    from markdown_it import MarkdownIt

    text = render(hostile_analysis, "markdown")
    rendered = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    lowered = rendered.lower()
    assert "<script" not in lowered and "<img" not in lowered
    assert 'href="javascript' not in lowered and "<a " not in lowered
    assert "<em>not bold</em>" not in rendered and "<code>" not in rendered
    visible = html.unescape(re.sub(r"<[^>]+>", "", rendered))
    for doc, start, end in _shown(hostile_analysis):
        assert f"[{doc}:{start}-{end}]" in visible, (doc, start, end)
    from newsprism.report.common import single_source_shown

    # every one-outlet item shown (a clause repeating a sentence printed above is not: report.common)
    for item in (*hostile_analysis.findings.corroborated, *single_source_shown(hostile_analysis.findings)):
        for c in item.citations[:1]:
            assert f"[{c.doc}:{c.start}-{c.end}]" in visible
    # the payload reads as written once rendered
    for literal in ("[/]", "*not bold*", "<script>alert(1)</script>", "`code`", "[sic]", "| pipe"):
        assert literal in visible, literal
    for bad in FORBIDDEN:
        assert bad not in text, repr(bad)
    # tables keep their shape: every row of the Documents table has the header's cell count
    rows = [line for line in text.splitlines() if line.startswith("| ") and "|---" not in line]
    header_cells = len(re.split(r"(?<!\\)\|", rows[0]))
    assert all(len(re.split(r"(?<!\\)\|", r)) == header_cells for r in rows[:4])


@pytest.mark.parametrize(
    "value",
    ["[/]", "[link=x]a[/link]", "\x1b[2J", "\ud800", "a\u202eb", "<b>", "`x`", "a_b", "_x_", "|", "\x9b1m",
     # what starts a Markdown block at the start of a line, and numbers that only look like it
     "5.7 points", "1. Donald Trump", "2) second", "12.", "- a dash", "+ plus", "> quoted", "3.5) x"],
)
def test_safe_helpers_on_single_payloads(value):
    from rich.text import Text

    from newsprism.report.safe import markup, md, plain, printable

    shown = printable(value)
    assert not any(bad in shown for bad in FORBIDDEN)
    shown.encode("utf-8")  # lone surrogates replaced
    assert Text.from_markup(markup(value), emoji=False).plain == shown
    assert plain(value).plain == shown
    from markdown_it import MarkdownIt

    rendered = MarkdownIt("commonmark", {"html": True}).render(md(value))
    assert html.unescape(re.sub(r"<[^>]+>", "", rendered)).strip() == shown.strip()


def test_check_verifies_the_citations_inside_documents(hostile_analysis):
    report = hostile_analysis.to_dict()
    doc = report["documents"][0]
    doc["outlet_evidence"] = {"doc": doc["id"], "start": 0, "end": 5, "text": "FORGED"}
    problems = check_report(report)
    assert [p.where for p in problems] == ["documents[0].outlet_evidence"]
