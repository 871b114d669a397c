"""Read-only queries the story workbench (``newsprism serve``) pages through.

Each query touches only the rows of one page (a page of stories, one outlet list),
so the stories page of a 100k-article store answers in milliseconds; the outlet
registry (``newsprism outlets import``) lives in the store's ``meta`` table as JSON.
"""

from __future__ import annotations

import csv
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from newsprism.corpus.schema import MIN_OUTLETS_SQL
from newsprism.corpus.store import _fts_query, day_number

__all__ = [
    "StoryRow",
    "StoryPage",
    "OutletRow",
    "RegistryEntry",
    "story_page",
    "story_leads",
    "outlet_rows",
    "outlet_names",
    "story_ids_with_articles",
    "load_registry",
    "save_registry",
    "read_registry_csv",
    "REGISTRY_FIELDS",
    "match_outlet",
]

REGISTRY_KEY = "outlet_registry"
MATCH_CAP = 5000
REGISTRY_FIELDS = ("name", "aliases", "domains", "country", "language", "lean", "owner", "is_wire", "group")


@dataclass(frozen=True)
class StoryRow:
    id: int
    title: str | None
    articles: int
    independent: int  # copy families
    outlets: tuple[str, ...]
    first_seen: str | None
    last_seen: str | None


@dataclass(frozen=True)
class StoryPage:
    total: int
    offset: int
    limit: int
    rows: tuple[StoryRow, ...]
    capped: bool = False  # the query matched more than MATCH_CAP articles: only the newest were used


@dataclass(frozen=True)
class OutletRow:
    name: str
    articles: int
    stories: int
    first_seen: str | None
    last_seen: str | None


@dataclass(frozen=True)
class RegistryEntry:
    name: str
    aliases: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    country: str | None = None
    language: str | None = None
    lean: str | None = None
    owner: str | None = None
    is_wire: bool = False
    group: str | None = None  # what the page groups by; defaults to `lean`, else `country`

    def group_name(self) -> str | None:
        return self.group or self.lean or self.country

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "aliases": list(self.aliases), "domains": list(self.domains),
            "country": self.country, "language": self.language, "lean": self.lean, "owner": self.owner,
            "is_wire": self.is_wire, "group": self.group_name(),
        }


def _iso(day: int | None) -> str | None:
    if day is None:
        return None
    import datetime

    return datetime.date.fromordinal(day).isoformat()


def story_page(
    conn: sqlite3.Connection,
    query: str | None = None,
    since: str | None = None,
    until: str | None = None,
    outlets: Sequence[str] = (),
    story_ids: Iterable[int] | None = None,
    limit: int = 50,
    offset: int = 0,
    min_outlets: int = 0,
) -> StoryPage:
    """One page of stories, most recently seen first.

    ``query``: full-text words (FTS5) that an article of the story must contain;
    ``since``/``until``: ISO dates the story's days must overlap; ``outlets``: the story
    has an article from one of them (any case); ``story_ids``: only these stories;
    ``min_outlets``: told by at least that many outlets.
    Raises ValueError for a date that is not ISO.
    """
    where: list[str] = []
    params: list[Any] = []
    for bound, column, op in ((since, "last_day", ">="), (until, "first_day", "<=")):
        if bound:
            day = day_number(bound)
            if day is None:
                raise ValueError(f"dates must be ISO (YYYY-MM-DD), got {bound!r}")
            where.append(f"s.{column} {op} ?")
            params.append(day)
    if outlets:
        # the names as stored (any case asked), so the outlet index answers
        wanted = {o.casefold() for o in outlets}
        exact = [n for n in outlet_names(conn) if n.casefold() in wanted]
        if not exact:
            return StoryPage(0, offset, limit, ())
        marks = ",".join("?" * len(exact))
        where.append(f"s.id IN (SELECT story FROM articles WHERE outlet IN ({marks}))")
        params.extend(exact)
    if story_ids is not None:
        ids = sorted({int(i) for i in story_ids})
        if not ids:
            return StoryPage(0, offset, limit, ())
        where.append(f"s.id IN ({','.join(str(i) for i in ids)})")
    if min_outlets > 1:
        where.append(f"s.id IN ({MIN_OUTLETS_SQL})")
        params.append(int(min_outlets))
    capped = False
    if query and query.strip():
        fts = _fts_query(query)
        if not fts:
            return StoryPage(0, offset, limit, ())
        # the newest MATCH_CAP matching articles (FTS5 walks rowids newest first, cheaply):
        # a query matching most of a huge corpus still answers at once, flagged as capped
        hits = [r[0] for r in conn.execute(
            "SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rowid DESC LIMIT ?", (fts, MATCH_CAP + 1)
        )]
        capped = len(hits) > MATCH_CAP
        stories: set[int] = set()
        for chunk in range(0, len(hits[:MATCH_CAP]), 900):
            part = hits[chunk:chunk + 900]
            stories.update(r[0] for r in conn.execute(
                f"SELECT DISTINCT story FROM articles WHERE pk IN ({','.join('?' * len(part))}) AND story IS NOT NULL", part))
        if not stories:
            return StoryPage(0, offset, limit, ())
        where.append(f"s.id IN ({','.join(str(int(i)) for i in sorted(stories))})")
    clause = ("WHERE " + " AND ".join(where)) if where else ""
    total = conn.execute(f"SELECT count(*) FROM stories s {clause}", params).fetchone()[0]
    rows = conn.execute(
        f"SELECT s.id, s.title, s.first_day, s.last_day FROM stories s {clause}"
        " ORDER BY s.last_day DESC NULLS LAST, s.id LIMIT ? OFFSET ?",
        [*params, int(limit), int(offset)],
    ).fetchall()
    members: dict[int, list[tuple[str | None, int]]] = {r[0]: [] for r in rows}
    if rows:
        marks = ",".join("?" * len(rows))
        for story, outlet, family in conn.execute(
            f"SELECT story, outlet, family FROM articles WHERE story IN ({marks})", [r[0] for r in rows]
        ):
            members[story].append((outlet, family))
    missing = [r[0] for r in rows if not r[1]]
    leads = story_leads(conn, missing) if missing else {}
    out = []
    for story, title, first, last in rows:
        m = members.get(story, [])
        out.append(StoryRow(
            id=story, title=title or leads.get(story), articles=len(m), independent=len({f for _, f in m}),
            outlets=tuple(sorted({o for o, _ in m if o}, key=str.casefold)),
            first_seen=_iso(first), last_seen=_iso(last),
        ))
    return StoryPage(total=total, offset=offset, limit=limit, rows=tuple(out), capped=capped)


def story_leads(conn: sqlite3.Connection, story_ids: Sequence[int], limit: int = 110) -> dict[int, str]:
    """A headline for stories without a title: the first article's title, else the start
    of its first sentence (cut at a word boundary)."""
    if not story_ids:
        return {}
    marks = ",".join("?" * len(story_ids))
    out: dict[int, str] = {}
    for story, title, lead in conn.execute(
        f"SELECT story, title, substr(text, 1, 400) FROM articles WHERE pk IN"
        f" (SELECT min(pk) FROM articles WHERE story IN ({marks}) GROUP BY story)", list(story_ids)
    ):
        text = " ".join((title or "").split()) or " ".join((lead or "").split())
        if not title:
            for stop in (". ", "? ", "! "):
                if stop in text:
                    text = text[: text.index(stop) + 1]
                    break
        if len(text) > limit:
            text = text[:limit].rsplit(" ", 1)[0] + " …"
        if text:
            out[story] = text
    return out


def outlet_names(conn: sqlite3.Connection) -> list[str]:
    """Every outlet name of the corpus, sorted (one walk of the outlet index)."""
    names = [r[0] for r in conn.execute("SELECT DISTINCT outlet FROM articles WHERE outlet IS NOT NULL AND outlet != ''")]
    return sorted(names, key=str.casefold)


def outlet_rows(conn: sqlite3.Connection) -> list[OutletRow]:
    """Every outlet of the corpus with its article and story counts, most articles first."""
    rows = conn.execute(
        "SELECT outlet, count(*), count(DISTINCT story), min(day), max(day) FROM articles"
        " WHERE outlet IS NOT NULL AND outlet != '' GROUP BY outlet ORDER BY count(*) DESC, outlet"
    ).fetchall()
    return [OutletRow(r[0], r[1], r[2], _iso(r[3]), _iso(r[4])) for r in rows]


def story_ids_with_articles(conn: sqlite3.Connection, article_ids: Sequence[str]) -> set[int]:
    if not article_ids:
        return set()
    marks = ",".join("?" * len(article_ids))
    return {r[0] for r in conn.execute(f"SELECT story FROM articles WHERE id IN ({marks})", list(article_ids)) if r[0] is not None}


# -- the outlet registry -----------------------------------------------------------


def _split(cell: str | None) -> tuple[str, ...]:
    if not cell:
        return ()
    return tuple(p.strip() for p in cell.replace(";", "|").split("|") if p.strip())


def read_registry_csv(path: str | Path) -> tuple[list[RegistryEntry], list[str]]:
    """Entries of a registry CSV (``name`` required; ``aliases``/``domains`` separated by ``|``
    or ``;``) and one problem line per row that could not be used."""
    entries, problems = [], []
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if not reader.fieldnames or "name" not in [f.strip().lower() for f in reader.fieldnames]:
            raise ValueError(f"{path}: no 'name' column (expected {', '.join(REGISTRY_FIELDS)})")
        for line, raw in enumerate(reader, start=2):
            row = {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items()}
            if not row.get("name"):
                problems.append(f"{path}:{line}: no outlet name, row skipped")
                continue
            wire = row.get("is_wire", "").lower()
            entries.append(RegistryEntry(
                name=row["name"], aliases=_split(row.get("aliases")), domains=_split(row.get("domains")),
                country=row.get("country") or None, language=row.get("language") or None,
                lean=row.get("lean") or None, owner=row.get("owner") or None,
                is_wire=wire in ("1", "true", "yes", "y"), group=row.get("group") or None,
            ))
    return entries, problems


def save_registry(store, entries: Sequence[RegistryEntry]) -> None:
    """Replace the corpus's outlet registry (one write transaction)."""
    payload = json.dumps([e.to_dict() for e in entries], ensure_ascii=False)
    with store.transaction():
        store.set_meta(REGISTRY_KEY, payload)


def load_registry(conn: sqlite3.Connection) -> list[RegistryEntry]:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key=?", (REGISTRY_KEY,)).fetchone()
    except sqlite3.OperationalError:
        return []
    if not row:
        return []
    out = []
    for item in json.loads(row[0]):
        out.append(RegistryEntry(
            name=item["name"], aliases=tuple(item.get("aliases", ())), domains=tuple(item.get("domains", ())),
            country=item.get("country"), language=item.get("language"), lean=item.get("lean"),
            owner=item.get("owner"), is_wire=bool(item.get("is_wire")), group=item.get("group"),
        ))
    return out


def registry_groups(entries: Sequence[RegistryEntry]) -> dict[str, str]:
    """outlet name or alias (case-folded) -> its group."""
    out: dict[str, str] = {}
    for e in entries:
        group = e.group_name()
        if not group:
            continue
        for name in (e.name, *e.aliases):
            out[name.casefold()] = group
    return out


def _outlet_key(name: str) -> str:
    import re

    words = re.sub(r"[^\w\s]", " ", name.lower()).split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def _initials(name: str) -> str:
    return "".join(w[0] for w in _outlet_key(name).split() if w not in ("of", "and"))


def match_outlet(given: str, names: Sequence[str]) -> list[str]:
    """The names in ``names`` that ``given`` means (:meth:`newsprism.corpus.corpus.Corpus.match_outlet`):
    the first rule that matches anything wins."""
    want = given.strip()
    key = _outlet_key(want)
    rules = (
        lambda n: n.lower() == want.lower(),
        lambda n: _outlet_key(n) == key,
        lambda n: len(key) >= 2 and " " not in key and _initials(n) == key.replace(".", ""),
        lambda n: bool(key) and (_outlet_key(n).startswith(key) or any(w.startswith(key) for w in _outlet_key(n).split())),
    )
    for rule in rules:
        found = [n for n in names if rule(n)]
        if found:
            return found
    return []
