"""What a new user meets in the first hour: version, `python -m`, help that reads, outlet
names as people type them, figures in the source's words, a notebook-sized repr."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.corpus.corpus import Corpus, match_outlet
from newsprism.model import Article, Figure
from terminal_support import run_in_terminal

def _commands():
    import typer.main

    return sorted(typer.main.get_command(app).commands)


COMMANDS = _commands()


def test_version_and_python_dash_m():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("newsprism ")
    done = subprocess.run([sys.executable, "-m", "newsprism", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_an_example_and_no_type_noise(command):
    env = {**os.environ, "TYPER_USE_RICH": "0", "COLUMNS": "100"}
    result = CliRunner().invoke(app, [command, "--help"], env=env)
    assert result.exit_code == 0
    assert "Example: newsprism " in result.output
    for noise in ("<bool>", "<path>", "<str>", "<list[", "<int", "<float"):
        assert noise not in result.output, (command, noise)


def test_outlet_names_as_people_type_them(tmp_path):
    names = ["The Associated Press", "The New York Times", "Reuters", "New York Post"]
    assert match_outlet("reuters", names) == ["Reuters"]
    assert match_outlet("AP", names) == ["The Associated Press"]
    assert match_outlet("nyt", names) == ["The New York Times"]
    assert match_outlet("associated", names) == ["The Associated Press"]
    assert match_outlet("new york", names) == ["The New York Times", "New York Post"]
    assert match_outlet("fox", names) == []
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.add_articles([
            Article("a1", "The river rose in Springfield on Monday, officials said.", outlet="The Associated Press"),
            Article("a2", "Officials in Springfield said the river rose on Monday.", outlet="Reuters"),
        ])
        assert [h.article_id for h in corpus.search("river", outlet="ap")] == ["a1"]
        with pytest.raises(ValueError, match=r"outlets in this corpus: .*Reuters"):
            corpus.search("river", outlet="fox")
    result = CliRunner().invoke(app, ["search", str(tmp_path / "c.db"), "river", "--outlet", "fox"])
    assert result.exit_code == 2 and "The Associated Press (1)" in result.output


def test_figures_keep_the_sources_words():
    from newsprism.report.common import figure_value

    assert figure_value(Figure("a", 0, 9, "thousands", 1000)) == "thousands"
    assert figure_value(Figure("a", 0, 5, "dozens", 12)) == "dozens"
    assert figure_value(Figure("a", 0, 13, "more than 150", 150, qualifier="more than")) == "more than 150"


def test_python_users_get_a_short_repr_tables_and_html(nlp):
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline([
        Article("a<b>", "The mayor said on Monday that 12 people were rescued from the flood in Springfield."),
        Article("b", "Twelve people were rescued on Monday, the mayor of Springfield said. <script>x</script>"),
    ], nlp)
    text = repr(analysis)
    assert text.startswith("<StoryAnalysis 2 documents") and len(text) < 300
    html = analysis._repr_html_()
    assert "<script>" not in html and "a&lt;b&gt;" in html
    for name in analysis.TABLES:
        table = analysis.to_arrow(name)
        assert table.num_rows == len(analysis.table(name))
    assert analysis.to_arrow("documents").num_rows == 2
    with pytest.raises(ValueError, match="unknown table"):
        analysis.table("nope")


def test_analyze_warns_when_the_files_look_like_several_stories(tmp_path):
    import shutil

    story = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"
    for f in sorted(story.glob("00[01]*.txt")):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "water.txt").write_text(
        "The Springfield city council voted on Tuesday to raise the water budget after a long debate "
        "among residents, the mayor Jane Smith said.\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", str(tmp_path), "-f", "json", "-o", str(tmp_path / "r.json")])
    assert result.exit_code == 0
    assert "look like 2 separate stories" in result.output and "newsprism stories" in result.output
    single = CliRunner().invoke(app, ["analyze", str(story), "-f", "json", "-o", str(tmp_path / "s.json")])
    assert "separate stories" not in single.output


def test_an_article_over_the_size_limit_is_skipped_with_its_reason(nlp, tmp_path):
    import json

    from newsprism.model import MAX_ARTICLE_CHARS
    from newsprism.pipeline import run_pipeline

    big = Article("big", "The river rose. " * (MAX_ARTICLE_CHARS // 16 + 1))
    analysis = run_pipeline([big, Article("ok", "The mayor of Springfield said on Monday that the river rose.")], nlp)
    assert [d.id for d in analysis.documents] == ["ok"]
    assert "over the limit of 1,000,000" in analysis.skipped[0].reason
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"id": "big", "text": big.text}) + "\n"
                    + json.dumps({"id": "ok", "text": "The mayor said on Monday that the river rose in Springfield."}),
                    encoding="utf-8")
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([path])
    assert summary.ingested == 1 and "over the limit" in summary.skipped[0].reason


@pytest.mark.parametrize("case", ["missing-folder", "folder", "not-a-corpus"])
def test_corpus_paths_are_named_for_what_is_wrong(tmp_path, case):
    if case == "missing-folder":
        path, want = tmp_path / "nope" / "c.db", "does not exist"
    elif case == "folder":
        path, want = tmp_path, "is a folder"
    else:
        path, want = tmp_path / "c.db", "not a newsprism corpus file"
        path.write_text("junk", encoding="utf-8")
    result = CliRunner().invoke(app, ["ingest", str(path), str(tmp_path / "x.txt")])
    assert result.exit_code == 2 and want in result.output and "Traceback" not in result.output


def test_analyze_shows_its_progress_on_a_terminal_only(tmp_path):
    """On a terminal `analyze` draws the steps of the analysis and the documents parsed
    (then clears them); with -q, or with stderr piped, it prints no bar at all."""
    story = tmp_path / "story"
    story.mkdir()
    for i, outlet in enumerate(("Daily", "Herald", "Courier")):
        (story / f"{i}.txt").write_text(
            f"The council voted on Monday to close the bridge, {outlet} reported. \"It is not safe,\" "
            f"said Mayor Ann Lee. Repairs will cost {3 + i} million dollars.\n", encoding="utf-8")
    code, seen = run_in_terminal(["analyze", str(story), "-f", "json", "-o", str(tmp_path / "a.json")])
    assert code == 0, seen
    for label in ("reading the articles", "loading the language model", "parsing", "comparing the outlets",
                  "documents parsed"):
        assert label in seen, (label, seen[-500:])
    assert "3/3" in seen  # the three articles, counted as they are parsed
    code, seen = run_in_terminal(["analyze", str(story), "-f", "json", "-o", str(tmp_path / "b.json"), "-q"])
    assert code == 0 and "parsing" not in seen and "━" not in seen, seen
    piped = subprocess.run([sys.executable, "-m", "newsprism", "analyze", str(story), "-f", "json"],
                           capture_output=True, text=True, timeout=300)
    assert piped.returncode == 0 and piped.stdout.startswith("{")
    assert "━" not in piped.stderr and "parsing" not in piped.stderr, piped.stderr
