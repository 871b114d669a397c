"""Quality gate: pinned floors that scores must not fall below.

Floors live in ``floors.json`` beside this module. They may only be raised:
``tests/test_quality_gate.py`` fails when a floor is lower than the one in the
previous commit's file would allow (see docs/evaluation.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

FLOORS_FILE = Path(__file__).with_name("floors.json")


def load_floors(path: Path = FLOORS_FILE) -> dict[str, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: float(v) for k, v in data["floors"].items()}


def check_floors(scores: Mapping[str, float], floors: Mapping[str, float]) -> list[str]:
    """One message per metric below its floor (a missing metric fails only if it was run)."""
    failures = []
    for key, floor in sorted(floors.items()):
        if key in scores and scores[key] < floor:
            failures.append(f"quality gate: {key} = {scores[key]:.4f} is below its floor {floor:.4f}")
    return failures
