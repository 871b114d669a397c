"""What a new user meets in the first hour: version, `python -m`, help that reads, outlet
names as people type them, figures in the source's words, a notebook-sized repr."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.corpus.corpus import Corpus, match_outlet
from newsprism.model import Article, Figure

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
