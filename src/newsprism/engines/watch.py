"""``newsprism watch``: poll feeds, ingest what is new, refresh the stories it joins, and
say what changed — new stories, stories that gained an outlet, new conflicts.

    with Corpus("corpus.db") as corpus:
        watcher = Watcher(corpus, WatchConfig(feeds=read_feed_list("subscriptions.opml")))
        report = watcher.poll()          # one round; watcher.run(every=900) loops

One poll, per feed: a conditional GET (the ETag / Last-Modified the feed sent last
time; a 304 costs nothing), requests to one host spaced by ``host_delay`` seconds,
every response capped in size and time (``newsprism.corpus.feeds.fetch``). Items already
taken (by guid, else link) are left out before anything of them is fetched. The new
articles are ingested (copy families, streaming stories), then the stories they joined
are re-analysed (stored parses reused) and compared with what the last alert told
about them.

Stopping at any moment is safe: the articles of a feed, the items taken and the feed's
validators are committed together after its articles are stored; a poll interrupted
before that commit fetches the same items again next time, and the content hash keeps
them from being stored twice. An alert is written (and flushed) before the state it
reports is committed, so a stop between the two repeats an alert rather than losing it.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO
from urllib.parse import urlparse

from newsprism.corpus.corpus import Corpus
from newsprism.corpus.feeds import (
    DEFAULT_MAX_BYTES,
    DEFAULT_TIMEOUT,
    FetchError,
    fetch,
    fetch_article,
    is_url,
    parse_feed,
)
from newsprism.engines.local import Analyser, refresh
from newsprism.model import Article, Skipped

__all__ = ["WatchConfig", "Watcher", "PollReport", "Alert", "read_feed_list", "parse_interval"]

_INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|hr|d)?\s*$", re.IGNORECASE)
_UNIT_SECONDS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hr": 3600, "d": 86400}


def parse_interval(text: str) -> float:
    """``"15m"`` -> 900.0; units s, m, h, d; a bare number is seconds. Raises ValueError."""
    match = _INTERVAL.match(str(text))
    if not match:
        raise ValueError(f"not a duration: {text!r} (e.g. 90s, 15m, 1h)")
    seconds = float(match[1]) * _UNIT_SECONDS[(match[2] or "s").lower()]
    if seconds <= 0:
        raise ValueError(f"the interval must be positive, got {text!r}")
    return seconds


def read_feed_list(path: str | Path) -> list[str]:
    """Feed addresses from a text file (one per line; ``#`` starts a comment) or an OPML
    subscription list (every ``outline`` with an ``xmlUrl``, as feed readers export).
    Raises ValueError naming the file when it cannot be read or holds no address."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    head = data[:2048].lstrip().lower()
    urls: list[str] = []
    if path.suffix.lower() in (".opml", ".xml") or head.startswith(b"<?xml") or b"<opml" in head:
        import xml.etree.ElementTree as ET

        try:
            root = ET.fromstring(data)
        except ET.ParseError as exc:
            raise ValueError(f"{path}: not a readable OPML file ({exc})") from exc
        for outline in root.iter("outline"):
            url = (outline.get("xmlUrl") or outline.get("xmlurl") or "").strip()
            if url:
                urls.append(url)
    else:
        for line in data.decode("utf-8", "replace").splitlines():
            line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("http") else line.strip()
            if line:
                urls.append(line.split()[0])
    unique = list(dict.fromkeys(urls))
    bad = [u for u in unique if not is_url(u)]
    if bad:
        raise ValueError(f"{path}: not an http(s) address: {bad[0]!r}")
    if not unique:
        raise ValueError(f"{path}: no feed address in it")
    return unique


@dataclass(frozen=True)
class WatchConfig:
    feeds: tuple[str, ...]
    timeout: float = DEFAULT_TIMEOUT  # per request, whole response
    max_bytes: int = DEFAULT_MAX_BYTES  # per response
    host_delay: float = 1.0  # seconds between two requests to one host
    follow_links: bool = False  # fetch every item's page (else only items without text)
    jobs: int = 1  # processes re-analysing the stories a poll changed
    analyse: bool = True  # re-analyse changed stories (new conflicts need it)
    allow_private: bool | tuple[str, ...] = False  # fetch non-public addresses (or these networks)


@dataclass(frozen=True)
class Alert:
    """One change worth telling: ``kind`` is ``new-story``, ``outlet-added``, ``new-conflict``,
    ``story-split`` (``other``: the new story that took ``articles`` of ``story``) or
    ``story-merged`` (``other`` was folded into ``story`` and is gone)."""

    kind: str
    story: int
    title: str | None
    at: str
    detail: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "story": self.story, "title": self.title, "at": self.at, **self.detail}

    def line(self) -> str:
        title = f" “{self.title}”" if self.title else ""
        if self.kind == "new-story":
            return f"new story {self.story}{title}: {self.detail['articles']} article(s) from {', '.join(self.detail['outlets']) or 'unknown outlets'}"
        if self.kind == "story-split":
            return f"story {self.story}{title} split: {self.detail['articles']} report(s) now story {self.detail['other']}"
        if self.kind == "story-merged":
            return f"story {self.detail['other']} merged into story {self.story}{title}"
        if self.kind == "outlet-added":
            return f"story {self.story}{title} now also covered by {', '.join(self.detail['added'])} ({len(self.detail['outlets'])} outlets)"
        versions = "; ".join(
            f"{v['value']!r} ({', '.join(v['outlets']) or ', '.join(v['docs'])})" for v in self.detail["versions"]
        )
        return f"new conflict in story {self.story}{title}: {self.detail['about']}: {versions}"


@dataclass
class PollReport:
    polled: int = 0
    not_modified: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)  # (feed, reason)
    skipped: list[Skipped] = field(default_factory=list)
    new_items: int = 0
    ingested: int = 0
    stories_refreshed: int = 0
    alerts: list[Alert] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.polled} feeds polled ({self.not_modified} not modified, {len(self.failed)} failed), "
            f"{self.new_items} new items, {self.ingested} articles stored, {self.stories_refreshed} stories "
            f"re-analysed, {len(self.alerts)} alerts in {self.seconds:.1f} s"
        )


class Watcher:
    """Polls the feeds of ``config`` into ``corpus``. One watcher per corpus at a time."""

    def __init__(
        self,
        corpus: Corpus,
        config: WatchConfig,
        analyser: Analyser | None = None,
        alerts: TextIO | None = None,
        say: Callable[[str], None] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.corpus = corpus
        self.config = config
        self._analyser = analyser
        self.alerts = alerts
        self.say = say or (lambda line: None)
        self.sleep = sleep
        self._last_request: dict[str, float] = {}

    # -- politeness ------------------------------------------------------------------

    def _wait_for(self, url: str) -> None:
        host = (urlparse(url).hostname or "").lower()
        last = self._last_request.get(host)
        if last is not None:
            wait = self.config.host_delay - (time.monotonic() - last)
            if wait > 0:
                self.sleep(wait)
        self._last_request[host] = time.monotonic()

    def _page(self, url: str) -> Article | Skipped:
        self._wait_for(url)
        return fetch_article(url, self.config.timeout, self.config.max_bytes, self.config.allow_private)

    # -- one poll --------------------------------------------------------------------

    def poll(self) -> PollReport:
        started = time.perf_counter()
        report = PollReport()
        store = self.corpus.store
        # articles up to this pk have been told about; a first watch takes the corpus as it is
        told_pk = store.get_meta("watch_told_pk")
        pk_before = int(told_pk) if told_pk is not None else store.next_pk() - 1
        for url in self.config.feeds:
            self._poll_feed(url, report)
        # every story that gained an article since the last alerts: this poll's, and those of a
        # poll stopped before it could tell (or of an ingest run meanwhile)
        changed = sorted(
            r[0]
            for r in store.conn.execute(
                "SELECT DISTINCT story FROM articles WHERE pk > ? AND story IS NOT NULL", (pk_before,)
            )
        )
        last_pk = store.next_pk() - 1
        # stories the streaming repair split or merged since the last alerts (corpus/repair.py)
        told_change = int(store.get_meta("watch_told_change", "0") or 0)
        repairs = self.corpus.story_changes(told_change)
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        for change in repairs:
            kind = "story-split" if change["kind"] == "split" else "story-merged"
            row = store.conn.execute("SELECT title FROM stories WHERE id=?", (change["story"],)).fetchone()
            alert = Alert(kind, change["story"], row[0] if row else None, at,
                          {"other": change["other"], "articles": change["articles"]})
            report.alerts.append(alert)
            self._tell([alert])
        live = {r[0] for r in store.conn.execute("SELECT id FROM stories")}
        changed = sorted(set(changed) | {s for c in repairs for s in (c["story"], c["other"]) if s in live})
        if changed:
            before = {s: self._told(s, pk_before) for s in changed}
            if self.config.analyse:
                summary = refresh(self.corpus, jobs=self.config.jobs, stories=changed, analyser=self._analyser_())
                report.stories_refreshed = summary.stories
                for story, reason in summary.failed:
                    report.failed.append((f"story {story}", reason))
            for story in changed:
                report.alerts.extend(self._alerts(story, before[story], pk_before))
        with store.transaction():
            store.set_meta("watch_told_pk", str(last_pk))
            if repairs:
                store.set_meta("watch_told_change", str(repairs[-1]["id"]))
        report.seconds = time.perf_counter() - started
        return report

    def _analyser_(self) -> Analyser | None:
        if self.config.jobs > 1:
            return None
        if self._analyser is None:
            self._analyser = Analyser()
        return self._analyser

    def _poll_feed(self, url: str, report: PollReport) -> None:
        store = self.corpus.store
        row = store.conn.execute("SELECT etag, last_modified FROM feeds WHERE url=?", (url,)).fetchone()
        headers = {}
        if row and row[0]:
            headers["If-None-Match"] = row[0]
        if row and row[1]:
            headers["If-Modified-Since"] = row[1]
        self._wait_for(url)
        report.polled += 1
        try:
            page = fetch(url, self.config.timeout, self.config.max_bytes, self.config.allow_private, headers=headers)
        except FetchError as exc:
            report.failed.append((url, str(exc)))
            self.say(f"{url}: {exc}")
            with store.transaction():
                _save_feed(store, url, row[0] if row else None, row[1] if row else None, f"error: {exc}", failed=True)
            return
        if page.status == 304:
            report.not_modified += 1
            with store.transaction():
                _save_feed(store, url, page.etag or (row[0] if row else None), page.last_modified or (row[1] if row else None), "304")
            return
        new_keys: list[str] = []

        def keep(key: str) -> bool:
            if key in new_keys or store.conn.execute("SELECT 1 FROM feed_items WHERE key=?", (key,)).fetchone():
                return False
            new_keys.append(key)
            return True

        articles, skipped = parse_feed(
            page.data, url, self.config.follow_links, self.config.timeout, self.config.max_bytes,
            keep=keep, fetch_page=self._page,
        )
        if skipped and not articles and not new_keys:
            report.failed.append((url, skipped[0].reason))
            self.say(f"{url}: {skipped[0].reason}")
        report.skipped.extend(skipped)
        report.new_items += len(new_keys)
        if articles:
            summary = self.corpus.add_articles(articles)
            report.ingested += summary.ingested
        with store.transaction():
            # skipped items are taken too: a broken item is not fetched again every poll
            store.conn.executemany(
                "INSERT OR IGNORE INTO feed_items(key, feed) VALUES(?, ?)", [(k, url) for k in new_keys]
            )
            _save_feed(store, url, page.etag, page.last_modified, str(page.status))

    # -- what changed ----------------------------------------------------------------

    def _told(self, story: int, pk_before: int) -> dict[str, Any]:
        """What was known of a story before this poll: from the last alert about it, else from
        its articles stored before the poll (none: a new story) and its last analysis."""
        store = self.corpus.store
        row = store.conn.execute("SELECT outlets, conflicts FROM watch_stories WHERE story=?", (story,)).fetchone()
        if row:
            return {"outlets": set(json.loads(row[0])), "conflicts": set(json.loads(row[1])), "known": True}
        earlier = store.conn.execute(
            "SELECT outlet FROM articles WHERE story=? AND pk <= ?", (story, pk_before)
        ).fetchall()
        outlets = {r[0] for r in earlier if r[0]}
        latest = store.latest_analysis(story)
        conflicts = {_conflict_key(c) for c in _conflicts(latest.to_dict())} if latest else None
        return {
            "outlets": outlets,
            "conflicts": conflicts,
            "known": False,
            "new": not earlier,
        }

    def _alerts(self, story: int, before: dict[str, Any], pk_before: int) -> list[Alert]:
        store = self.corpus.store
        title_row = store.conn.execute("SELECT title FROM stories WHERE id=?", (story,)).fetchone()
        title = title_row[0] if title_row else None
        members = store.conn.execute(
            "SELECT id, outlet, pk FROM articles WHERE story=? ORDER BY pk", (story,)
        ).fetchall()
        outlets = sorted({r[1] for r in members if r[1]})
        new_docs = {r[0] for r in members if r[2] > pk_before}
        stored = self.corpus.story_analysis(story) if self.config.analyse else None
        conflicts = _conflicts(stored.to_dict()) if stored else []
        outlet_of = {d["id"]: d.get("outlet") for d in (stored.to_dict()["documents"] if stored else [])}
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        out: list[Alert] = []
        if before.get("new"):
            out.append(Alert("new-story", story, title, at, {"outlets": outlets, "articles": len(members)}))
        else:
            added = sorted(set(outlets) - before["outlets"])
            if added:
                out.append(Alert("outlet-added", story, title, at, {"added": added, "outlets": outlets}))
        known = before["conflicts"]
        for conflict in conflicts:
            key = _conflict_key(conflict)
            docs = {d for v in conflict.get("versions", []) for d in v.get("docs", [])}
            fresh = key not in known if known is not None else bool(docs & new_docs)
            if fresh:
                versions = [
                    {"value": v["value"], "docs": list(v["docs"]), "outlets": sorted({o for d in v["docs"] if (o := outlet_of.get(d))})}
                    for v in conflict.get("versions", [])
                ]
                out.append(
                    Alert("new-conflict", story, title, at,
                          {"about": conflict.get("about"), "slot": conflict.get("slot"), "finding": conflict.get("id"),
                           "versions": versions})
                )
        self._tell(out)
        keys = sorted({_conflict_key(c) for c in conflicts} | (known or set()))
        with store.transaction():
            store.conn.execute(
                "INSERT INTO watch_stories(story, outlets, conflicts) VALUES(?,?,?) ON CONFLICT(story) DO UPDATE"
                " SET outlets=excluded.outlets, conflicts=excluded.conflicts",
                (story, json.dumps(outlets, ensure_ascii=False), json.dumps(keys, ensure_ascii=False)),
            )
        return out

    def _tell(self, out: list[Alert]) -> None:
        for alert in out:
            self.say(alert.line())
            if self.alerts is not None:
                self.alerts.write(json.dumps(alert.to_dict(), ensure_ascii=False) + "\n")
        if self.alerts is not None and out:
            self.alerts.flush()
            try:
                import os

                os.fsync(self.alerts.fileno())
            except (OSError, ValueError, AttributeError):
                pass

    # -- the loop --------------------------------------------------------------------

    def run(self, every: float, rounds: int | None = None, on_poll: Callable[[PollReport], None] | None = None) -> None:
        """Poll every ``every`` seconds (``rounds`` times, or until interrupted)."""
        done = 0
        while rounds is None or done < rounds:
            started = time.monotonic()
            report = self.poll()
            if on_poll:
                on_poll(report)
            done += 1
            if rounds is not None and done >= rounds:
                break
            self.sleep(max(0.0, every - (time.monotonic() - started)))


def _save_feed(store, url: str, etag: str | None, last_modified: str | None, status: str, failed: bool = False) -> None:
    store.conn.execute(
        "INSERT INTO feeds(url, etag, last_modified, checked_at, status, failures) VALUES(?,?,?,strftime('%Y-%m-%dT%H:%M:%SZ','now'),?,?)"
        " ON CONFLICT(url) DO UPDATE SET etag=excluded.etag, last_modified=excluded.last_modified,"
        " checked_at=excluded.checked_at, status=excluded.status,"
        " failures=CASE WHEN ? THEN feeds.failures + 1 ELSE 0 END",
        (url, etag, last_modified, status, 1 if failed else 0, 1 if failed else 0),
    )


def _conflicts(data: dict[str, Any]) -> list[dict[str, Any]]:
    findings = data.get("findings") or {}
    return list(findings.get("conflicts") or [])


def _conflict_key(conflict: dict[str, Any]) -> str:
    """A conflict named by what it is about and its versions' values (finding ids are
    renumbered when a story changes)."""
    values = sorted(str(v.get("value")) for v in conflict.get("versions", []))
    return json.dumps([conflict.get("slot"), conflict.get("about"), values], ensure_ascii=False)
