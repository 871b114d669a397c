"""The JSON Schema of the report, derived from the records in ``model.py``.

The records *are* the contract (``to_jsonable``), so the schema is generated from
their type annotations rather than written a second time: a field added to a record
appears in the schema, and ``tests/test_check_forged.py`` fails when the published
copy (``newsprism/data/report.schema.json``, also shipped in the wheel) is stale —
regenerate it with ``python -m newsprism.report.schema > src/newsprism/data/report.schema.json``.

Every record object lists its fields as required, except a field added after its
``schema_version`` was published (``model.ADDED_IN_SCHEMA_2`` in the field's metadata): a
report written before it existed still validates. Extra keys are allowed (new fields may be
added without bumping ``schema_version``). Character offsets are
JSON integers (``"1054"`` and ``1054.5`` are refused).
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from functools import lru_cache
from importlib import resources
from typing import Any

from newsprism import model

SCHEMA_ID = "https://newsprism.invalid/schema/report.schema.json"


def _type_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if tp is Any:
        return {}
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(tp))}
    if origin in (typing.Union, types.UnionType):
        options = [_type_schema(a, defs) for a in typing.get_args(tp)]
        return {"anyOf": options}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0], defs)}
        return {
            "type": "array",
            "prefixItems": [_type_schema(a, defs) for a in args],
            "minItems": len(args),
            "maxItems": len(args),
        }
    if origin in (list, typing.Sequence) or tp in (list,):
        (arg,) = typing.get_args(tp) or (Any,)
        return {"type": "array", "items": _type_schema(arg, defs)}
    if origin in (dict, typing.Mapping) or tp is dict:
        return {"type": "object"}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder against recursion
            defs[name] = _record_schema(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for {tp!r}")


def _record_schema(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, vars(model))
    props: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        props[f.name] = _type_schema(hints[f.name], defs)
    if cls in (model.Article, model.DocumentInfo):  # to_jsonable adds the derived flag
        props["damaged"] = {"type": "boolean"}
    doc = (cls.__doc__ or "").strip().splitlines()
    # a field added within a schema_version is optional: older reports of that version lack it
    added = {f.name for f in dataclasses.fields(cls) if "added_in_schema_version" in f.metadata}
    required = sorted(set(props) - added)
    out: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    if doc and not doc[0].startswith(f"{cls.__name__}("):
        out["description"] = doc[0]
    return out


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``StoryAnalysis.to_dict()``."""
    defs: dict[str, Any] = {}
    root = _record_schema(model.StoryAnalysis, defs)
    # a document id is unique and non-empty; citations have ordered offsets (checked in check.py)
    defs["DocumentInfo"]["properties"]["id"] = {"type": "string", "minLength": 1}
    defs["Span"]["properties"]["start"] = {"type": "integer", "minimum": 0}
    defs["Span"]["properties"]["end"] = {"type": "integer", "minimum": 0}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "newsprism report",
        "description": "newsprism analyze --format json (docs/json-contract.md)",
        **root,
        "$defs": dict(sorted(defs.items())),
    }


@lru_cache(maxsize=1)
def published_schema() -> dict[str, Any]:
    """The schema file shipped with the package (``newsprism/data/report.schema.json``)."""
    return json.loads(resources.files("newsprism").joinpath("data/report.schema.json").read_text(encoding="utf-8"))


def main() -> None:  # python -m newsprism.report.schema
    sys.stdout.write(json.dumps(report_schema(), indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":  # pragma: no cover
    main()
