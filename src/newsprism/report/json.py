"""The JSON report: the contract documented in docs/json-contract.md."""

from __future__ import annotations

import json
import re

from newsprism.model import StoryAnalysis, to_jsonable

# json.dumps(ensure_ascii=False) escapes only U+0000-U+001F. DEL, the C1 controls (0x9b is a
# terminal CSI), bidi overrides, line/paragraph separators and lone surrogates (which cannot be
# encoded) are written as \uXXXX too: the same JSON value, safe on a terminal and in any encoder.
_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff\ud800-\udfff]")


def to_json(analysis: StoryAnalysis, indent: int | None = 2) -> str:
    return dumps(to_jsonable(analysis), indent=indent)


def dumps(value, indent: int | None = 2) -> str:
    """``json.dumps`` with every character that could act on a terminal escaped."""
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)
