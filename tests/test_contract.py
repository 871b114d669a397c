"""The JSON contract is the public API: a snapshot of every record's keys (with their
declared types) and of every closed vocabulary. Changing one is a deliberate act:

    make snapshot      # rewrites tests/snapshots/json-contract.json; commit it with the change,
                       # and say what changed in docs/json-contract.md

Records of the analysis serialise with ``model.to_jsonable``; the corpus commands'
``--json`` outputs with their own ``to_dict``/``asdict``. Both are covered.
"""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from pathlib import Path

import newsprism.model as model

SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "json-contract.json"


def _blank(cls: type) -> object:
    """An instance with every field None (or empty, for a collection): enough to see
    the keys a serialiser writes."""
    obj = object.__new__(cls)
    for f in dataclasses.fields(cls):
        empty = () if str(f.type).startswith(("tuple", "list")) else None
        object.__setattr__(obj, f.name, empty)
    return obj


def _record(cls: type, keys: typing.Iterable[str]) -> dict[str, str]:
    declared = {f.name: str(f.type) for f in dataclasses.fields(cls)}
    return {key: declared.get(key, "property") for key in keys}


def current_contract() -> dict[str, object]:
    records: dict[str, dict[str, str]] = {}
    for name in model.__all__:
        obj = getattr(model, name)
        if isinstance(obj, type) and dataclasses.is_dataclass(obj):
            records[name] = _record(obj, model.to_jsonable(_blank(obj)))
    vocabularies = {
        name: list(typing.get_args(getattr(model, name)))
        for name in model.__all__
        if typing.get_origin(getattr(model, name)) is typing.Literal
    }
    from newsprism.corpus.corpus import IngestSummary
    from newsprism.corpus.store import SearchHit, Story

    blank_summary = IngestSummary()
    corpus = {
        "ingest --json (IngestSummary.to_dict)": sorted(blank_summary.to_dict()),
        "stories --format json (Story.to_dict)": sorted(_blank(Story).to_dict()),  # type: ignore[attr-defined]
        "search --json (SearchHit)": sorted(f.name for f in dataclasses.fields(SearchHit)),
    }
    return {"records": records, "vocabularies": vocabularies, "corpus_commands": corpus}


def test_json_contract_matches_the_snapshot():
    current = current_contract()
    if os.environ.get("NEWSPRISM_UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    pinned = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    changes = []
    for section in sorted(set(current) | set(pinned)):
        now, then = current.get(section, {}), pinned.get(section, {})
        for name in sorted(set(now) | set(then)):
            if now.get(name) != then.get(name):
                changes.append(f"{section}.{name}: snapshot {then.get(name)!r}\n    now {now.get(name)!r}")
    assert not changes, (
        "the JSON contract changed; if deliberate, run `make snapshot`, commit "
        "tests/snapshots/json-contract.json and update docs/json-contract.md:\n  " + "\n  ".join(changes)
    )


def test_a_real_report_has_only_the_snapshot_key_sets(nlp):
    """Every object of a real report's JSON has exactly the keys of one record."""
    from newsprism.pipeline import analyze

    folder = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"
    report = analyze([folder], nlp=nlp).to_dict()
    key_sets = {frozenset(keys) for keys in current_contract()["records"].values()}  # type: ignore[union-attr]
    seen = 0

    def walk(node: object, where: str) -> None:
        nonlocal seen
        if isinstance(node, dict):
            assert frozenset(node) in key_sets, f"{where}: keys {sorted(node)} are no record's"
            seen += 1
            for key, value in node.items():
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(report, "report")
    assert seen > 100
