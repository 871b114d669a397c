"""The scorers read other splits of the public sets (ECB+ ``test_*``, PolNeAR ``test/``,
ClaimDiff ``*-test.json``): the held-out splits kept aside to check reported figures."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.evaluate.claimdiff import load_pairs
from newsprism.evaluate.splits import claimdiff_files, ecb_split, polnear_split_dir

runner = CliRunner()


def test_ecb_split_prefers_dev_else_the_only_split(tmp_path):
    with pytest.raises(FileNotFoundError, match="no ECB"):
        ecb_split(tmp_path)
    (tmp_path / "test_text.txt").write_text("")
    assert ecb_split(tmp_path) == "test"
    (tmp_path / "train_text.txt").write_text("")
    with pytest.raises(FileNotFoundError, match="several ECB"):
        ecb_split(tmp_path)
    (tmp_path / "dev_text.txt").write_text("")
    assert ecb_split(tmp_path) == "dev"
    assert ecb_split(tmp_path, "train") == "train"
    with pytest.raises(FileNotFoundError, match="nosuch_text.txt"):
        ecb_split(tmp_path, "nosuch")


def test_claimdiff_reads_the_test_files_when_no_train(tmp_path):
    row = {"topic": "t", "pair_id": "p", "claim_a": "a", "claim_b": "b"}
    (tmp_path / "ClaimDiff-weak-test.json").write_text(json.dumps({"data": [{**row, "relation": 1}]}))
    assert [p.name for p in claimdiff_files(tmp_path)] == ["ClaimDiff-weak-test.json"]
    assert load_pairs(tmp_path)[0].related is True
    with pytest.raises(FileNotFoundError, match="ClaimDiff-strength-train.json"):
        claimdiff_files(tmp_path, "train")


def test_polnear_split_dir_names_what_is_missing(tmp_path):
    with pytest.raises(FileNotFoundError, match="test"):
        polnear_split_dir(tmp_path, "test")
    (tmp_path / "test" / "text").mkdir(parents=True)
    assert polnear_split_dir(tmp_path, "test") == tmp_path / "test"


def test_ecbplus_scores_a_split_named_test_as_it_scores_dev(shared_dir, nlp, tmp_path):
    from newsprism.evaluate.ecbplus import evaluate_ecbplus

    dev = shared_dir / "datasets" / "ecbplus"
    if not (dev / "dev_text.txt").is_file():
        pytest.skip("../shared/datasets/ecbplus is absent")
    for name in ("text.txt", "entity_gold_mentions.json"):
        shutil.copy(dev / f"dev_{name}", tmp_path / f"test_{name}")
    as_test = evaluate_ecbplus(tmp_path, nlp, limit_topics=1)
    as_dev = evaluate_ecbplus(dev, nlp, limit_topics=1)
    assert as_test["ecb_split"] == "test" and as_dev["ecb_split"] == "dev"
    assert as_test["ecb_mentions"] == as_dev["ecb_mentions"] > 0
    assert as_test["ecb_entity_conll_f1"] == as_dev["ecb_entity_conll_f1"]


def test_eval_split_runs_without_the_gate_and_names_a_missing_split(shared_dir, tmp_path):
    dev = shared_dir / "datasets" / "polnear" / "dev"
    if not dev.is_dir():
        pytest.skip("../shared/datasets/polnear is absent")
    test = tmp_path / "datasets" / "polnear" / "test"
    for sub in ("text", "attributions"):
        (test / sub).mkdir(parents=True)
    for path in sorted((dev / "text").glob("*.txt"))[:2]:
        shutil.copy(path, test / "text" / path.name)
        for ann in (dev / "attributions").glob(path.stem + "*.ann"):
            shutil.copy(ann, test / "attributions" / ann.name)
    done = runner.invoke(app, ["eval", "--shared", str(tmp_path), "--split", "test", "--only", "polnear", "--json", "-q"])
    assert done.exit_code == 0, done.output
    scores = json.loads(done.stdout[done.stdout.index("{"):])
    assert scores["quote_gold_count"] > 0
    assert "no gate" in done.stderr
    missing = runner.invoke(app, ["eval", "--shared", str(tmp_path), "--split", "test", "--only", "ecbplus", "-q"])
    assert missing.exit_code == 2
    assert "no ECB+" in missing.stderr or "test_text.txt" in missing.stderr
    assert "Traceback" not in missing.output
