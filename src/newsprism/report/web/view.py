"""What the story page, the side-by-side page and the HTML report show, built once
from the JSON contract (``StoryAnalysis.to_dict()``).

Everything here is plain data (dicts, lists, strings, numbers): the Jinja templates
render it, and ``/api/stories/{id}/view`` returns it, so the page and the API can be
checked against each other. Working on the JSON (not the records) lets the page show
fields that newer analyses add (``findings.framing``, a citation's match strength)
as soon as they appear, and nothing when they are absent.

A citation is ``{"d": key, "s": start, "e": end, "text": ..., "label": outlet label}``;
``key`` ("d0", "d1", …) names a document inside one page. ``cites_attr`` packs a list
of them into the ``data-cites`` attribute the page's script reads.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from datetime import date
from typing import Any, Iterable, Mapping, Sequence
from urllib.parse import urlsplit

from newsprism.model import possessive
from newsprism.report.common import NO_SUMMARY, named_by_label, outlet_labels_for, quoted_speakers_json, single_source_shown_json

__all__ = ["story_view", "article_view", "cites_attr", "safe_url", "segments", "timeline_head", "group_colours", "ENTITY_TYPES"]

ENTITY_TYPES = {
    "PERSON": "person",
    "ORG": "organisation",
    "GPE": "place",
    "LOC": "place",
    "FAC": "building or site",
    "NORP": "group (nationality, religion, politics)",
    "EVENT": "event",
    "PRODUCT": "product",
    "WORK_OF_ART": "title of a work",
    "LAW": "law",
}

SLOT_LABELS = {
    "figure": "the numbers differ",
    "duration": "how long differs",
    "role": "how they are described differs",
    "identity": "who it was differs",
    "demand": "what was demanded differs",
    "date": "the date differs",
    "place": "the place differs",
    "agent": "who did it differs",
}

N_COLOURS = 8  # outlet colour classes o0..o7 in app.css
BRIEF_SINGLE = 5  # single-source facts in the brief
SINGLE_SHOWN = 150  # single-source facts listed on the page (ranked by importance)


def safe_url(url: str | None) -> str | None:
    """The URL when it is a plain http(s) address, else None (never a javascript:/data: link)."""
    if not url or not isinstance(url, str):
        return None
    url = url.strip()
    if any(ord(ch) < 32 or ch in "<>\"'`\\ " for ch in url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return url


def cites_attr(cites: Iterable[Mapping[str, Any]]) -> str:
    return " ".join(f"{c['d']}:{c['s']}:{c['e']}" for c in cites)


def _strength(citation: Mapping[str, Any]) -> str | None:
    """How a supporting citation matches its fact, when the analysis says so."""
    for key in ("match", "strength", "match_strength"):
        value = citation.get(key)
        if value is None:
            continue
        if isinstance(value, str) and value:
            return value.replace("_", " ").replace("-", " ")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{value:.2f}"
    return None


def _clean(text: str | None) -> str:
    """Text as a reader sees it: runs of spaces (left where tokens were stripped) folded."""
    return re.sub(r"\s+", " ", text or "").strip()


class _Docs:
    """Document keys, labels and colours for one page."""

    def __init__(self, documents: Sequence[Mapping[str, Any]], groups: Mapping[str, str] | None = None):
        self.documents = list(documents)
        labels = outlet_labels_for([(d["id"], d.get("outlet")) for d in self.documents])
        outlets = []
        for d in self.documents:
            name = d.get("outlet") or ""
            if name and name not in outlets:
                outlets.append(name)
        self.key = {d["id"]: f"d{i}" for i, d in enumerate(self.documents)}
        self.outlet = {d["id"]: (d.get("outlet") or "").strip().casefold() for d in self.documents}
        self.label = {d["id"]: labels[d["id"]][0] for d in self.documents}
        self.name = {d["id"]: labels[d["id"]][1] for d in self.documents}
        # the reports of no known outlet, which a framing item names by id: their labels
        self.unnamed = {d["id"]: labels[d["id"]][0] for d in self.documents if not d.get("outlet")}
        self.colour = {}
        for i, d in enumerate(self.documents):
            name = d.get("outlet")
            index = outlets.index(name) if name else len(outlets) + i
            self.colour[d["id"]] = f"o{index % N_COLOURS}"
        self.groups = dict(groups or {})
        self.badge_by_key = {self.key[d["id"]]: self.badge(d["id"]) for d in self.documents}

    def outlet_of(self, doc_id: str) -> str:
        """The outlet name of a document (its id when it names none): several articles from
        one outlet count as one outlet."""
        return self.outlet.get(doc_id) or doc_id

    def group(self, doc_id: str) -> str | None:
        outlet = next((d.get("outlet") for d in self.documents if d["id"] == doc_id), None)
        return self.groups.get((outlet or "").casefold()) if outlet else None

    def cite(self, c: Mapping[str, Any]) -> dict[str, Any]:
        out = {"d": self.key[c["doc"]], "s": c["start"], "e": c["end"], "text": _clean(c.get("text")),
               "label": self.label[c["doc"]], "colour": self.colour[c["doc"]]}
        strength = _strength(c)
        if strength:
            out["strength"] = strength
        return out

    def badge(self, doc_id: str) -> dict[str, str]:
        return {"d": self.key[doc_id], "label": self.label[doc_id], "name": self.name[doc_id],
                "colour": self.colour[doc_id]}

    def badges(self, doc_ids: Iterable[str]) -> list[dict[str, str]]:
        seen: list[str] = []
        for d in doc_ids:
            if d in self.key and d not in seen:
                seen.append(d)
        return [self.badge(d) for d in seen]


def _finding(docs: _Docs, item: Mapping[str, Any]) -> dict[str, Any]:
    # how each supporting citation matches the fact ("same fact" / "partly"), when given
    strength = {}
    for s in item.get("support", ()) or ():
        c = s.get("citation") or {}
        if c.get("doc") in docs.key and s.get("strength"):
            strength[(c["doc"], c["start"], c["end"])] = s["strength"]
    cites = []
    for c in item.get("citations", ()):
        if c.get("doc") in docs.key:
            cite = docs.cite(c)
            if (c["doc"], c["start"], c["end"]) in strength:
                cite["strength"] = strength.pop((c["doc"], c["start"], c["end"]))
            cites.append(cite)
    for s in item.get("support", ()) or ():  # partly supports not among the citations
        c = s.get("citation") or {}
        if (c.get("doc"), c.get("start"), c.get("end")) in strength:
            cite = docs.cite(c)
            cite["strength"] = strength.pop((c["doc"], c["start"], c["end"]))
            cites.append(cite)
    versions = []
    raw_versions = list(item.get("versions", ()) or ())
    for lab in item.get("labels", ()) or ():  # framing: each outlet's label, cited
        raw_versions.append({"docs": [lab.get("doc")], "value": lab.get("label"), "citations": lab.get("citations", ())})
    for v in raw_versions:
        vc = [docs.cite(c) for c in v.get("citations", ()) if c.get("doc") in docs.key]
        versions.append({
            "value": _clean(v.get("value") or (vc[0]["text"] if vc else "")),
            "outlets": docs.badges(v.get("docs", ())),
            "cites": vc,
            "attributed_to": v.get("attributed_to"),
        })
    strengths = Counter(c.get("strength") for c in cites if c.get("strength"))
    wording = None
    if item.get("outlet"):
        doc = next((d["id"] for d in docs.documents if d.get("outlet") == item["outlet"]), None)
        wording = possessive(docs.label[doc] if doc else item["outlet"])
    ref = item.get("referent") or None  # whom the headline's opening pronoun names, cited
    referent = None
    if ref and ref.get("pronoun"):
        referent = {"pronoun": ref["pronoun"].get("text", ""), "name": ref.get("name", ""),
                    "cites": [docs.cite(c) for c in ref.get("citations", ()) if c.get("doc") in docs.key]}
    return {
        "referent": referent,
        "wording": wording,
        "partly": strengths.get("partly", 0),
        "id": item.get("id"),
        "about": _clean(named_by_label(item.get("about") or item.get("label") or (cites[0]["text"] if cites else ""), docs.unnamed)
                        if item.get("labels") else item.get("about") or item.get("label") or (cites[0]["text"] if cites else "")),
        "outlets": docs.badges(item.get("docs") or [c["doc"] for c in item.get("citations", ())]),
        "sources": item.get("sources") or 0,
        "n_docs": len(item.get("docs") or ()),
        "n_outlets": len({docs.outlet_of(d) for d in item.get("docs") or ()}),
        "cites": cites,
        "versions": versions,
        "slot": SLOT_LABELS.get(item.get("slot") or "", (item.get("slot") or "").replace("_", " ") or None),
        "wording_differs": bool(item.get("wording_differs")),
        "when": item.get("when"),
        "strengths": dict(strengths),
        "all_cites": cites or [c for v in versions for c in v["cites"]],
    }


def segments(text: str, cuts: Iterable[int], marks: Sequence[tuple[int, int, str]] = ()) -> list[dict[str, Any]]:
    """The text cut at every offset in ``cuts`` and at the ends of ``marks``;
    each piece carries the classes of the marks covering it."""
    n = len(text)
    points = {0, n}
    for p in cuts:
        if 0 <= p <= n:
            points.add(p)
    for s, e, _ in marks:
        points.update((max(0, min(n, s)), max(0, min(n, e))))
    ordered = sorted(points)
    starts = sorted(marks)
    gap_ends = {e for s, e, cls in marks if cls == "gap"}
    out = []
    for a, b in zip(ordered, ordered[1:]):
        if a == b:
            continue
        classes = sorted({cls for s, e, cls in starts if s <= a and b <= e and s < e})
        out.append({"s": a, "e": b, "text": text[a:b], "cls": " ".join(classes),
                    "mark": "gap" in classes and b in gap_ends})
    return out


def _gap_marks(doc: Mapping[str, Any]) -> list[tuple[int, int, str]]:
    return [(g["start"], g["end"], "gap") for g in doc.get("damage", ()) or ()]


def _collect_cuts(node: Any, by_doc: dict[str, set[int]]) -> None:
    """Every citation's start and end, per document, anywhere in a JSON tree."""
    stack = [node]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            start = item.get("start")
            if type(start) is int and "doc" in item and type(item.get("end")) is int:
                by_doc[item["doc"]].update((start, item["end"]))
            stack.extend(v for v in item.values() if type(v) in (dict, list, tuple))
        elif type(item) in (list, tuple):
            stack.extend(v for v in item if type(v) in (dict, list, tuple))


def _timeline(docs: _Docs, items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    dated: list[dict[str, Any]] = []
    undated: list[dict[str, Any]] = []
    for item in items:
        f = _finding(docs, item)
        day = (item.get("when") or "")[:10]
        try:
            f["day"] = date.fromisoformat(day)
        except ValueError:
            f["day"] = None
        (dated if f["day"] else undated).append(f)
    dated.sort(key=lambda f: (f["day"], item_order(f)))
    days = sorted({f["day"] for f in dated})
    chart = None
    if days:
        # one column per day on a true time axis; each event a dot in its outlet's colour
        span = max(1, (days[-1] - days[0]).days)
        width, left, right = 640, 60, 40
        per_day: dict[date, list[dict]] = defaultdict(list)
        for f in dated:
            per_day[f["day"]].append(f)
        tallest = max(len(v) for v in per_day.values())
        height = 40 + min(tallest, 12) * 14 + 30
        cols = []
        for d in days:
            x = left + (width - left - right) * ((d - days[0]).days / span) if len(days) > 1 else width / 2
            events = per_day[d]
            dots = []
            for i, f in enumerate(events[:12]):
                colour = f["outlets"][0]["colour"] if f["outlets"] else "o0"
                dots.append({"cx": round(x, 1), "cy": height - 40 - i * 14, "colour": colour})
            cols.append({"x": round(x, 1), "label": d.strftime("%-d %b %Y"), "count": len(events),
                         "more": max(0, len(events) - 12), "dots": dots})
        # day labels and counts only where they do not run into their neighbours
        last_label = last_count = -1e9
        for i, c in enumerate(cols):
            room = c["x"] - last_label >= 70 and (i == len(cols) - 1 or cols[-1]["x"] - c["x"] >= 70)
            c["show_label"] = room or i == len(cols) - 1 or i == 0
            if c["show_label"]:
                last_label = c["x"]
            c["show_count"] = c["x"] - last_count >= 22
            if c["show_count"]:
                last_count = c["x"]
        chart = {"width": width, "height": height, "axis_y": height - 28, "cols": cols,
                 "x0": left - 20, "x1": width - right + 20}
    groups = []
    for d in days:
        groups.append({"label": d.strftime("%A %-d %B %Y"), "events": [f for f in dated if f["day"] == d]})
    for f in dated + undated:
        f.pop("day", None)
    return {"chart": chart, "groups": groups, "undated": undated, "count": len(dated) + len(undated)}


def timeline_head(timeline: Mapping[str, Any], limit: int | None) -> dict[str, Any]:
    """The first ``limit`` events of a timeline (dated ones by day, then undated), for a
    page that shows the rest on demand; ``shown`` is how many that is."""
    groups, undated, left = [], [], limit if limit is not None else timeline.get("count", 0)
    for g in timeline.get("groups", ()):
        if left <= 0:
            break
        events = g["events"][:left]
        groups.append({**g, "events": events})
        left -= len(events)
    if left > 0:
        undated = list(timeline.get("undated", ()))[:left]
        left -= len(undated)
    shown = sum(len(g["events"]) for g in groups) + len(undated)
    return {"groups": groups, "undated": undated, "shown": shown}


def item_order(f: Mapping[str, Any]) -> str:
    return f.get("when") or ""


def _quote_board(docs: _Docs, analysis: Mapping[str, Any]) -> dict[str, Any]:
    entities = {e["id"]: e for e in analysis.get("entities", ())}
    speakers: dict[str, dict[str, Any]] = {}
    for q in analysis.get("quotes", ()):
        if q.get("doc") not in docs.key:
            continue
        ent = entities.get(q.get("speaker_entity") or "")
        name = ent["name"] if ent else (q.get("speaker") or "")
        key = (ent["id"] if ent else "speaker:" + name.casefold()) if name else "unknown"
        row = speakers.setdefault(key, {"name": _clean(name) or "Speaker not named", "known": bool(name),
                                        "cells": {k: [] for k in docs.key.values()}, "count": 0})
        cite = docs.cite(q)
        if q.get("partial"):
            cite["partial"] = True
        if q.get("note"):
            cite["note"] = q["note"]
        row["cells"][docs.key[q["doc"]]].append(cite)
        row["count"] += 1
    rows = sorted(speakers.values(), key=lambda r: (not r["known"], -sum(1 for v in r["cells"].values() if v), -r["count"], r["name"]))
    for r in rows:
        r["outlets"] = [k for k, v in r["cells"].items() if v]
        r["cells"] = [{"d": k, "badge": docs.badge_by_key[k], "quotes": v} for k, v in r["cells"].items()]
    shared = [_finding(docs, q) for q in (analysis.get("findings") or {}).get("shared_quotes", ())]
    return {"speakers": rows, "shared": shared}


def _entities(docs: _Docs, analysis: Mapping[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for e in analysis.get("entities", ()):
        mentions = [m for m in e.get("mentions", ()) if m.get("doc") in docs.key]
        by_doc = Counter(m["doc"] for m in mentions)
        if len(by_doc) < 2:
            continue
        spellings = Counter(_clean(m["text"]) for m in mentions)
        firsts: dict[str, Mapping] = {}
        for m in sorted(mentions, key=lambda m: (m["doc"], m["start"])):
            firsts.setdefault(m["doc"], m)
        out.append({
            "name": _clean(e.get("name")),
            "type": ENTITY_TYPES.get(e.get("type", ""), (e.get("type") or "").lower()),
            "spellings": [{"text": t, "count": n} for t, n in spellings.most_common()],
            "outlets": docs.badges(d["id"] for d in docs.documents if d["id"] in by_doc),
            "mentions": len(mentions),
            "cites": [docs.cite(m) for m in firsts.values()],
        })
    out.sort(key=lambda e: (-len(e["outlets"]), -e["mentions"], e["name"]))
    return out


def _figure_value(f: Mapping[str, Any]) -> str:
    value = f.get("value")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = f"{value:,}" if isinstance(value, int) else str(value)
    return f"{f['qualifier']} {text}" if f.get("qualifier") else text


def _figures(docs: _Docs, analysis: Mapping[str, Any]) -> dict[str, Any]:
    """Figures side by side: one row per thing counted, one column per article."""
    rows: dict[str, dict[str, Any]] = {}
    for f in analysis.get("figures", ()):
        if f.get("doc") not in docs.key:
            continue
        what = _clean(f.get("counts")) or {"time": "times of day", "age": "ages", "percent": "percentages",
                                             "money": "sums of money", "duration": "durations"}.get(f.get("unit") or "", "other numbers")
        key = what.casefold()
        row = rows.setdefault(key, {"what": what, "cells": defaultdict(list), "docs": set()})
        cite = docs.cite(f)
        cite["value"] = _figure_value(f)
        if f.get("source"):
            cite["source"] = _clean(f["source"])
        row["cells"][docs.key[f["doc"]]].append(cite)
        row["docs"].add(f["doc"])
    ordered = sorted(rows.values(), key=lambda r: (-len(r["docs"]), r["what"] == "other numbers", r["what"]))
    cols = [docs.badge(d["id"]) for d in docs.documents]
    return {
        "cols": cols,
        "rows": [
            {"what": r["what"], "outlets": len(r["docs"]),
             "cells": [{"d": c["d"], "badge": c, "figures": r["cells"].get(c["d"], [])} for c in cols]}
            for r in ordered
        ],
    }


def _families(docs: _Docs, analysis: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Wire copies as one source: documents sharing a corpus copy family or near-verbatim text."""
    parent = {d["id"]: d["id"] for d in docs.documents}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    by_family: dict[str, list[str]] = defaultdict(list)
    for d in docs.documents:
        if d.get("copy_family"):
            by_family[str(d["copy_family"])].append(d["id"])
    for members in by_family.values():
        for m in members[1:]:
            parent[find(m)] = find(members[0])
    shared = (analysis.get("findings") or {}).get("shared_text", ()) or ()
    passages: dict[str, list] = defaultdict(list)
    for s in shared:
        a, b = s.get("docs", (None, None))
        if a in parent and b in parent:
            parent[find(b)] = find(a)
            passages[find(a)].append(s)
    groups: dict[str, list[str]] = defaultdict(list)
    for d in docs.documents:
        groups[find(d["id"])].append(d["id"])
    out = []
    for _root, members in groups.items():
        if len(members) < 2:
            continue
        cites = [docs.cite(c) for s in shared if set(s.get("docs", ())) <= set(members) for c in s.get("citations", ())]
        whole = all(docs_doc_family(docs, m) for m in members)
        out.append({"outlets": docs.badges(members), "cites": cites[:8],
                    "how": "stored as copies of one report" if whole else "share near-verbatim passages"})
    return out


def docs_doc_family(docs: _Docs, doc_id: str) -> bool:
    return any(d["id"] == doc_id and d.get("copy_family") for d in docs.documents)


def group_colours(groups: Mapping[str, str]) -> dict[str, str]:
    """A colour class (g0..g7) per outlet group, the same on every page: by the group's
    place among all the registry's groups in alphabetical order."""
    return {g: f"g{i % N_COLOURS}" for i, g in enumerate(sorted(set(groups.values()), key=str.casefold))}


def _group_bars(docs: _Docs) -> list[dict[str, Any]]:
    if not docs.groups:
        return []
    counts = Counter(docs.group(d["id"]) or "not in the registry" for d in docs.documents)
    total = sum(counts.values())
    out, x = [], 0.0
    colours = group_colours(docs.groups)
    for name, n in sorted(counts.items(), key=lambda kv: (kv[0] == "not in the registry", -kv[1], kv[0])):
        width = 100.0 * n / total
        out.append({"group": name, "count": n, "x": round(x, 2), "width": round(width, 2),
                    "colour": colours.get(name, "gnone")})
        x += width
    return out


def story_view(analysis: Mapping[str, Any], title: str | None = None, groups: Mapping[str, str] | None = None,
               columns: bool = True) -> dict[str, Any]:
    """Everything the story and side-by-side pages show, from the JSON contract
    (``columns``: each article cut at every cited offset, for the side-by-side view)."""
    documents = analysis.get("documents", ())
    docs = _Docs(documents, groups)
    findings = analysis.get("findings") or {}

    doc_rows = []
    for d in documents:
        doc_rows.append({
            **docs.badge(d["id"]),
            "id": d["id"],
            "outlet": d.get("outlet"),
            "title": _clean(d.get("title")) or None,
            "published": d.get("published"),
            "url": safe_url(d.get("url")),
            "gaps": len(d.get("damage", ()) or ()),
            "family": d.get("copy_family"),
            "group": docs.group(d["id"]),
            "dateline": _clean(d.get("dateline")) or None,
            "outlet_source": d.get("outlet_source"),
        })

    summary: list[dict[str, Any]] = [{"text": _clean(s.get("text")), "cites": [docs.cite(c) for c in s.get("citations", ()) if c.get("doc") in docs.key]}
               for s in findings.get("summary", ())]
    conflicts = [_finding(docs, f) for f in findings.get("conflicts", ())]
    framing = [_finding(docs, f) for f in findings.get("framing", ()) or ()]
    # figures that look alike but count different things: each outlet's figure with what it counts
    figures_compared = [
        _finding(docs, {**g, "versions": [{"docs": [x.get("doc")], "value": f"“{x.get('value')}” — {x.get('counts')}",
                                           "citations": x.get("citations", ())} for x in g.get("figures", ())]})
        for g in findings.get("figures_compared", ()) or ()
    ]
    disputes = [_finding(docs, f) for f in findings.get("disputes", ())]
    corroborated = [_finding(docs, f) for f in findings.get("corroborated", ())]
    single_items = single_source_shown_json(findings)  # the left-over clauses hidden, as in Markdown
    single = [_finding(docs, f) for f in single_items]
    for f, item in zip(single, single_items):  # "same fact" beside the one report that tells it says nothing: left off
        for c in f["cites"]:
            c.pop("strength", None)
        f["strengths"] = {}
        # quoted words the item shows without their speaker: who speaks them, cited
        f["speakers"] = [{"name": _clean(x.name), "cites": [docs.cite({"doc": x.citation.doc, "start": x.citation.start,
                                                                        "end": x.citation.end, "text": x.citation.text})]}
                         for x in quoted_speakers_json(analysis, item) if x.citation.doc in docs.key]

    # outlet x fact coverage: which article carries each corroborated fact (and how strongly)
    matrix_rows: list[dict[str, Any]] = []
    for item, f in zip(findings.get("corroborated", ()), corroborated):
        carried: dict[str, str] = {}
        for d in item.get("docs", ()):
            carried[d] = "carries"
        for sup in item.get("support", ()) or ():
            c = sup.get("citation") or {}
            if c.get("doc") in docs.key and sup.get("strength") == "partly":
                carried.setdefault(c["doc"], "partly")
        matrix_rows.append({"index": len(matrix_rows), "id": f["id"], "about": f["about"], "cites": f["cites"],
                            "cells": [{"d": docs.key[d["id"]], "label": docs.label[d["id"]], "carried": carried.get(d["id"])}
                                      for d in documents]})
    per_doc_omits = {docs.key[d["id"]]: sum(1 for r in matrix_rows if not r["cells"][i]["carried"])
                     for i, d in enumerate(documents)}

    # blind spots at fact level: facts every carrying outlet of which sits in one group
    for f, item in zip(corroborated + single, list(findings.get("corroborated", ())) + list(single_items)):
        gs = {docs.group(d) for d in item.get("docs", ())}
        f["one_group"] = next(iter(gs)) if docs.groups and len(gs) == 1 and None not in gs else None

    blind = None
    if docs.groups:
        by_group = Counter(f["one_group"] for f in single if f.get("one_group"))
        blind = {"facts": [f for f in corroborated if f.get("one_group")],
                 "single_by_group": sorted(by_group.items(), key=lambda kv: (-kv[1], kv[0]))}

    cols = []
    if columns:
        cuts: dict[str, set[int]] = defaultdict(set)
        _collect_cuts(findings, cuts)
        for key in ("quotes", "figures"):
            _collect_cuts(analysis.get(key, ()), cuts)
        for d, row in zip(documents, doc_rows):
            cols.append({**row, "segments": segments(d.get("text", ""), cuts.get(d["id"], ()), _gap_marks(d))})

    headline = title or next((r["title"] for r in doc_rows if r["title"]), None) \
        or next((h for d in documents if (h := _headline_line(d.get("text") or ""))), None) \
        or (_short(summary[0]["text"]) if summary else None) or "Untitled story"
    dates = sorted(d.get("published")[:10] for d in documents if d.get("published"))
    return {
        "title": headline,
        "first_seen": dates[0] if dates else None,
        "last_seen": dates[-1] if dates else None,
        "docs": doc_rows,
        "legend": [{"label": r["label"], "name": r["name"], "colour": r["colour"]} for r in doc_rows],
        "summary": summary,
        "summary_backend": analysis.get("summary_backend", "extractive"),
        "no_summary": NO_SUMMARY if not summary and len(documents) > 1 else None,
        "conflicts": conflicts,
        "framing": framing,
        "has_framing": "framing" in findings,
        "figures_compared": figures_compared,
        "disputes": disputes,
        "corroborated": corroborated,
        "single_source": single,
        "brief_single": single[:BRIEF_SINGLE],
        "single_shown": single[:SINGLE_SHOWN],
        "matrix": {"cols": [docs.badge(d["id"]) for d in documents], "rows": matrix_rows, "omits": per_doc_omits},
        "quote_board": _quote_board(docs, analysis),
        "entities": _entities(docs, analysis),
        "figures": _figures(docs, analysis),
        "timeline": _timeline(docs, findings.get("timeline", ())),
        "families": _families(docs, analysis),
        "group_bars": _group_bars(docs),
        "blind_spots": blind,
        "columns": cols,
        "skipped": [dict(s) for s in analysis.get("skipped", ())],
        "counts": {
            "articles": len(documents),
            "outlets": len({d.get("outlet") or d["id"] for d in documents}),
            "conflicts": len(conflicts),
            "framing": len(framing),
            "corroborated": len(corroborated),
            "single_source": len(single),
            "quotes": len(analysis.get("quotes", ())),
        },
    }


def _headline_line(text: str) -> str | None:
    """The first line of an article's text when it reads as its headline: short, no closing
    full stop, the body after it (a .txt often opens with its headline and no title field)."""
    first, _, rest = text.strip().partition("\n")
    first = " ".join(first.split())
    if not rest.strip() or not 10 <= len(first) <= 160 or first[-1] in ".:;,":
        return None
    return first


def _short(text: str, limit: int = 110) -> str:
    """A headline-length cut at a word boundary."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:—–- ") + " …"


def article_view(analysis: Mapping[str, Any], doc_id: str) -> dict[str, Any]:
    """One article with its entities, quotes and figures marked."""
    documents = analysis.get("documents", ())
    docs = _Docs(documents)
    doc = next(d for d in documents if d["id"] == doc_id)
    marks: list[tuple[int, int, str]] = _gap_marks(doc)
    names = {}
    for e in analysis.get("entities", ()):
        for m in e.get("mentions", ()):
            if m.get("doc") == doc_id:
                marks.append((m["start"], m["end"], "ent"))
                names[(m["start"], m["end"])] = e.get("name")
    quotes = [q for q in analysis.get("quotes", ()) if q.get("doc") == doc_id]
    figures = [f for f in analysis.get("figures", ()) if f.get("doc") == doc_id]
    marks += [(q["start"], q["end"], "quote") for q in quotes]
    marks += [(f["start"], f["end"], "fig") for f in figures]
    row = {**docs.badge(doc_id), "outlet": doc.get("outlet"), "title": _clean(doc.get("title")) or None,
           "published": doc.get("published"), "url": safe_url(doc.get("url")),
           "gaps": len(doc.get("damage", ()) or ()), "dateline": _clean(doc.get("dateline")) or None}
    return {
        "doc": row,
        "segments": segments(doc.get("text", ""), (), marks),
        "quotes": [{"speaker": _clean(q.get("speaker")) or "speaker not named", "text": _clean(q["text"]),
                    "partial": q.get("partial"), "cite": docs.cite(q)} for q in quotes],
        "figures": [{"value": _figure_value(f), "counts": _clean(f.get("counts")) or None,
                     "source": _clean(f.get("source")) or None, "cite": docs.cite(f)} for f in figures],
    }
