"""`newsprism watch` against feeds served by a real HTTP server on 127.0.0.1 (started by
the test): conditional GET, nothing fetched twice across restarts, and the alerts — a new
story, a story gaining an outlet, new conflicts."""

from __future__ import annotations

import json
import threading
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.corpus.readers import read_paths
from newsprism.engines.watch import parse_interval, read_feed_list

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"
runner = CliRunner()


class _Site:
    """Feeds and pages by path; counts every request and every full (200) answer."""

    def __init__(self):
        self.bodies: dict[str, tuple[bytes, str]] = {}
        self.requests: dict[str, int] = {}
        self.full: dict[str, int] = {}
        self.lock = threading.Lock()

    def put(self, path: str, body: bytes, content_type: str = "application/rss+xml") -> None:
        self.bodies[path] = (body, content_type)


def _handler(site: _Site):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            with site.lock:
                site.requests[self.path] = site.requests.get(self.path, 0) + 1
            if self.path not in site.bodies:
                self.send_error(404)
                return
            body, ctype = site.bodies[self.path]
            etag = f'"{hash(body) & 0xFFFFFFFF:x}"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            with site.lock:
                site.full[self.path] = site.full.get(self.path, 0) + 1
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", formatdate(usegmt=True))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet
            pass

    return Handler


@pytest.fixture()
def site():
    site = _Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(site))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    site.base = f"http://127.0.0.1:{server.server_address[1]}"
    yield site
    server.shutdown()
    server.server_close()


def _rss(title: str, items: list[dict]) -> bytes:
    entries = []
    for item in items:
        content = f"<description>{escape(item['text'])}</description>" if item.get("text") else ""
        entries.append(
            f"<item><title>{escape(item['title'])}</title><link>{item['link']}</link>"
            f"<guid>{item['link']}</guid><pubDate>Wed, 14 Dec 2016 12:00:00 GMT</pubDate>{content}</item>"
        )
    return (
        f'<?xml version="1.0"?><rss version="2.0"><channel><title>{escape(title)}</title>'
        f"<link>http://example.org/</link><description>x</description>{''.join(entries)}</channel></rss>"
    ).encode("utf-8")


@pytest.fixture(scope="module")
def seed():
    articles, _ = read_paths([EXAMPLE])
    return {a.id[:3]: a for a in articles}


def _watch(db, feeds, alerts):
    result = runner.invoke(
        app, ["watch", str(db), "--feeds", str(feeds), "--once", "--alerts", str(alerts), "--host-delay", "0"]
    )
    assert result.exit_code == 0, result.output
    return result.output


def _alerts(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_watch_polls_reports_and_resumes(tmp_path, site, seed):
    nyt, ap, wapo = seed["000"], seed["001"], seed["002"]
    site.put("/a.xml", _rss("Feed A", [{"title": "Aleppo", "link": f"{site.base}/a/1", "text": nyt.text}]))
    # feed B's item has no text in the feed: its page is fetched (once)
    site.put("/b.xml", _rss("Feed B", [{"title": "Aleppo evacuation", "link": f"{site.base}/b/1"}]))
    site.put("/b/1", f"<html><head><title>Aleppo</title></head><body><article>{''.join(f'<p>{escape(p)}</p>' for p in ap.text.split(chr(10)) if p.strip())}</article></body></html>".encode(), "text/html")
    opml = tmp_path / "subs.opml"
    opml.write_text(
        '<?xml version="1.0"?><opml version="2.0"><body><outline text="news">'
        f'<outline type="rss" text="A" xmlUrl="{site.base}/a.xml"/>'
        f'<outline type="rss" text="B" xmlUrl="{site.base}/b.xml"/>'
        "</outline></body></opml>",
        encoding="utf-8",
    )
    db, alerts = tmp_path / "c.db", tmp_path / "alerts.jsonl"

    _watch(db, opml, alerts)
    first = _alerts(alerts)
    kinds = [a["kind"] for a in first]
    assert kinds.count("new-story") == 1, first
    story = next(a for a in first if a["kind"] == "new-story")
    assert set(story["outlets"]) == {"Feed A", "Feed B"} and story["articles"] == 2
    assert site.full["/b/1"] == 1

    # a restart with nothing new: both feeds answer 304, nothing fetched, no alert
    output = _watch(db, opml, alerts)
    assert "2 not modified" in output
    assert site.full == {"/a.xml": 1, "/b.xml": 1, "/b/1": 1}
    assert _alerts(alerts) == first

    # feed A changes (a new item from a third report); the old item is not fetched again
    site.put(
        "/a.xml",
        _rss("Feed A", [
            {"title": "Aleppo", "link": f"{site.base}/a/1", "text": nyt.text},
            {"title": "Aleppo evacuation halted", "link": f"{site.base}/a/2", "text": wapo.text},
        ]),
    )
    site.put("/c.xml", _rss("Feed C", [{"title": "Aleppo", "link": f"{site.base}/c/1", "text": wapo.text.replace("Aleppo", "Aleppo", 1) + "\nUpdated."}]))
    feeds_txt = tmp_path / "feeds.txt"
    feeds_txt.write_text(f"# my feeds\n{site.base}/a.xml\n{site.base}/b.xml\n{site.base}/c.xml\n", encoding="utf-8")
    _watch(db, feeds_txt, alerts)
    later = _alerts(alerts)[len(first):]
    gained = [a for a in later if a["kind"] == "outlet-added"]
    assert gained and gained[0]["story"] == story["story"] and "Feed C" in gained[0]["added"]
    conflicts = [a for a in later if a["kind"] == "new-conflict"]
    assert conflicts, later
    for alert in conflicts:
        assert alert["story"] == story["story"] and len(alert["versions"]) >= 2
        assert all(v["docs"] for v in alert["versions"])
    assert site.full["/b/1"] == 1  # the item page was never fetched again

    # and once more: nothing new anywhere, no repeated alert
    before = len(_alerts(alerts))
    _watch(db, feeds_txt, alerts)
    assert len(_alerts(alerts)) == before


def test_feed_lists_and_intervals(tmp_path):
    assert parse_interval("15m") == 900 and parse_interval("90s") == 90 and parse_interval("1h") == 3600
    with pytest.raises(ValueError):
        parse_interval("soon")
    listing = tmp_path / "feeds.txt"
    listing.write_text("# comment\nhttp://a.example/feed.xml\n\nhttp://a.example/feed.xml\nhttps://b.example/rss\n")
    assert read_feed_list(listing) == ["http://a.example/feed.xml", "https://b.example/rss"]
    bad = tmp_path / "bad.txt"
    bad.write_text("ftp://x.example/feed\n")
    with pytest.raises(ValueError, match="bad.txt"):
        read_feed_list(bad)
    result = runner.invoke(app, ["watch", str(tmp_path / "c.db"), "--feeds", str(tmp_path / "missing.opml"), "--once"])
    assert result.exit_code == 2 and "missing.opml" in result.output
