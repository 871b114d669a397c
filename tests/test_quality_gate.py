"""The quality gate (like trafilatura's): scores on public data must stay above pinned floors,
and the floors themselves may only be raised."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from newsprism.evaluate.gate import FLOORS_FILE, check_floors, load_floors
from newsprism.evaluate.runner import SUITES, run_suites

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_scores_stay_above_their_floors(shared_dir, nlp):
    scores = run_suites(shared_dir, nlp=nlp)
    floors = load_floors()
    missing = sorted(set(floors) - set(scores))
    assert not missing, f"floors with no score (a scorer stopped reporting them): {missing}"
    failures = check_floors(scores, floors)
    assert not failures, "\n".join(failures)
    # every suite reports something
    for suite_prefix in ("seed_", "quote_", "ecb_entity_", "basil_", "ecb_doc_", "claimdiff_"):
        assert any(k.startswith(suite_prefix) for k in scores), suite_prefix
    assert SUITES


def test_check_floors_flags_a_drop():
    assert check_floors({"a": 0.5}, {"a": 0.6}) and not check_floors({"a": 0.6}, {"a": 0.6})
    assert check_floors({}, {"a": 0.6}) == []  # suites not run are not judged


def test_floors_were_never_lowered():
    # --first-parent: along the branch's own line of commits (merges included). Without it,
    # a floor raised on one branch and a commit of another branch made later, still holding
    # the older floor, would read as a lowering once both are merged.
    rel = FLOORS_FILE.relative_to(REPO).as_posix()
    try:
        log = subprocess.run(
            ["git", "log", "--first-parent", "--format=%H", "--", rel], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: floor history cannot be read")
    # A floor may come down only by an explicit, recorded re-pin in floors.json ("repinned":
    # key, from, to, reason) that names exactly that step; anything else is a lowering.
    versions = []
    for commit in reversed(log):
        shown = subprocess.run(["git", "show", f"{commit}:{rel}"], cwd=REPO, capture_output=True, text=True)
        if shown.returncode == 0:
            versions.append((commit[:8], json.loads(shown.stdout)["floors"]))
    versions.append(("working tree", load_floors()))
    repinned = {(r["key"], float(r["from"]), float(r["to"])) for r in json.loads(FLOORS_FILE.read_text())["repinned"] if r.get("reason")}
    for (_, old), (new_id, new) in zip(versions, versions[1:]):
        for key, floor in old.items():
            assert key in new, f"floor {key} removed in {new_id}"
            if (key, floor, new[key]) in repinned:
                continue
            assert new[key] >= floor, f"floor {key} lowered from {floor} to {new[key]} in {new_id}"
