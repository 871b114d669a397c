"""What the lists of stories and outlets show of stored analyses: their counts (conflicts,
framing differences, facts by one outlet, per outlet), kept beside each stored analysis
(schema 5) and read without decompressing whole analyses."""

from __future__ import annotations

import json
import sqlite3
import zlib
from typing import Any, Iterable, Mapping

from newsprism.corpus.records import article_set_hash, chunks

__all__ = ["analysis_counts", "stored_analysis_counts", "all_analysis_counts"]


def analysis_counts(data: Mapping[str, Any]) -> dict[str, Any]:
    """What the lists of stories and outlets show of one analysis (the JSON contract): how
    many conflicts, framing differences, corroborated and single-source facts and quotes,
    and per outlet (by name; a document without one by its id) how many single-source facts
    and conflicts it is in."""
    findings = data.get("findings") or {}
    names = {d.get("id"): d.get("outlet") or d.get("id") for d in data.get("documents", ()) or ()}
    per: dict[str, dict[str, int]] = {str(n): {"single_source": 0, "conflicts": 0} for n in names.values() if n}
    for kind in ("single_source", "conflicts"):
        for item in findings.get(kind, ()) or ():
            for name in {names.get(d) for d in item.get("docs", ()) or ()}:
                if name:
                    per.setdefault(str(name), {"single_source": 0, "conflicts": 0})[kind] += 1
    return {
        "conflicts": len(findings.get("conflicts", ()) or ()),
        "framing": len(findings.get("framing", ()) or ()),
        "corroborated": len(findings.get("corroborated", ()) or ()),
        "single_source": len(findings.get("single_source", ()) or ()),
        "quotes": len(data.get("quotes", ()) or ()),
        "outlets": per,
    }


def stored_analysis_counts(conn: sqlite3.Connection, story_ids: Iterable[int], version: str) -> dict[int, dict[str, Any]]:
    """The counts (:func:`analysis_counts`) of the stored analyses of these stories, with
    ``fresh``: made from the story's present article set by this analysis version. A story
    with no analysis stored is absent."""
    ids = sorted({int(s) for s in story_ids})
    out: dict[int, dict[str, Any]] = {}
    if not ids:
        return out
    current: dict[int, list[str]] = {}
    rows: dict[int, list[tuple]] = {}
    for chunk in chunks(ids, 500):
        marks = ",".join("?" * len(chunk))
        for story, hash_ in conn.execute(
            f"SELECT story, hash FROM articles WHERE story IN ({marks}) ORDER BY story, pk", chunk
        ):
            current.setdefault(story, []).append(hash_)
        for row in conn.execute(
            f"SELECT story, articles, version, counts, CASE WHEN counts IS NULL THEN data END FROM analyses"
            f" WHERE story IN ({marks}) ORDER BY pk", chunk
        ):
            rows.setdefault(row[0], []).append(row)
    for story, candidates in rows.items():
        hashes = current.get(story)
        now = article_set_hash(hashes) if hashes else None
        fresh = [r for r in candidates if r[1] == now and r[2] == version]
        _, _, _, counts, data = (fresh or candidates)[-1]  # the fresh one, else the newest
        value = json.loads(counts) if counts is not None else analysis_counts(json.loads(zlib.decompress(data).decode("utf-8")))
        value["fresh"] = bool(fresh)
        out[story] = value
    return out


def all_analysis_counts(conn: sqlite3.Connection) -> dict[int, dict[str, Any]]:
    """The counts of the newest analysis stored for every story (fresh or not), for totals
    over the whole corpus (the outlets page)."""
    out: dict[int, dict[str, Any]] = {}
    for story, counts, data in conn.execute(
        "SELECT story, counts, CASE WHEN counts IS NULL THEN data END FROM analyses WHERE story IS NOT NULL ORDER BY pk"
    ):
        out[story] = json.loads(counts) if counts is not None else analysis_counts(
            json.loads(zlib.decompress(data).decode("utf-8")))
    return out
