"""The corpus of hostile and broken inputs (tests/hostile/, outcomes in expected.json):
every file read as expected (article, or skipped with its reason and line), then the
articles analysed together, rendered in every format and checked — no traceback, no hang,
nothing from the files acting on a terminal or a Markdown renderer."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.corpus.corpus import iter_inputs
from newsprism.model import Article

HOSTILE = Path(__file__).resolve().parent / "hostile"
EXPECTED = json.loads((HOSTILE / "expected.json").read_text(encoding="utf-8"))
CONTROL = ("\x1b", "\x9b", "\x07", "\x08", "\r", "\u202e")


def _outcome(item) -> list:
    if isinstance(item, Article):
        return ["article", item.id if not item.id.startswith(str(HOSTILE)) else Path(item.id).name]
    return ["skipped", item.line, item.reason]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hostile_file_has_its_expected_outcome(name):
    started = time.monotonic()
    got = [_outcome(item) for item in iter_inputs([HOSTILE / name])]
    assert time.monotonic() - started < 10
    want = EXPECTED[name]
    assert len(got) == len(want), (name, got)
    for g, w in zip(got, want):
        if w[0] == "article":
            assert g == w, name
        else:
            assert g[0] == "skipped" and g[1] == w[1] and w[2] in g[2], (name, g, w)
    assert {p.name for p in HOSTILE.iterdir()} - {"expected.json"} == set(EXPECTED)


def test_the_hostile_corpus_is_analysed_rendered_and_checked(nlp):
    from markdown_it import MarkdownIt

    from newsprism.check import check_report
    from newsprism.pipeline import run_pipeline
    from newsprism.report import render

    articles = [item for item in iter_inputs([HOSTILE]) if isinstance(item, Article)]
    assert len(articles) >= 10
    started = time.monotonic()
    analysis = run_pipeline(articles, nlp)
    assert time.monotonic() - started < 120
    report = json.loads(render(analysis, "json"))
    assert check_report(report) == []
    for fmt in ("terminal", "markdown"):
        text = render(analysis, fmt)
        assert not any(c in text for c in CONTROL), fmt
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(render(analysis, "markdown")).lower()
    assert "<script" not in html and 'href="javascript' not in html


def test_the_cli_reads_the_hostile_folder_in_one_line_per_problem(tmp_path):
    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["analyze", str(HOSTILE), "-f", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert all(line.startswith("newsprism: ") for line in lines)
    assert not any(c in result.output for c in CONTROL)
    assert CliRunner().invoke(app, ["check", str(out), "--sources", str(HOSTILE)]).exit_code == 0
