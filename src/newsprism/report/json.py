"""The JSON report: the contract documented in docs/json-contract.md."""

from __future__ import annotations

import json

from newsprism.model import StoryAnalysis, to_jsonable


def to_json(analysis: StoryAnalysis, indent: int | None = 2) -> str:
    return json.dumps(to_jsonable(analysis), ensure_ascii=False, indent=indent)
