import http.server
import json
import threading
import time

import pytest

from newsprism.corpus.corpus import Corpus
from newsprism.corpus.feeds import FetchError, RefusedAddress, refused_reason
from newsprism.corpus.feeds import fetch as _fetch
from newsprism.corpus.feeds import fetch_article as _fetch_article
from newsprism.corpus.feeds import read_feed as _read_feed
from newsprism.corpus.feeds import read_newsplease
from newsprism.corpus.feeds import read_url as _read_url

# the tests talk only to the server they start on 127.0.0.1, allowed explicitly (and only it)
LOCAL = ("127.0.0.1/32",)


def fetch(url, *args, **kw):
    return _fetch(url, *args, allow_private=kw.pop("allow_private", LOCAL), **kw)


def fetch_article(url, *args, **kw):
    return _fetch_article(url, *args, allow_private=LOCAL, **kw)


def read_feed(path, *args, **kw):
    return _read_feed(path, *args, allow_private=LOCAL, **kw)


def read_url(url, *args, **kw):
    return _read_url(url, *args, allow_private=LOCAL, **kw)

BODY = " ".join(
    f"Paragraph {i}: the council of Springfield voted on the new water budget after a long debate among residents."
    for i in range(8)
)
ARTICLE = f"""<html><head><title>Council votes on water budget</title>
<meta property="og:site_name" content="Springfield Daily"></head>
<body><article><h1>Council votes on water budget</h1><p>{BODY}</p><p>{BODY}</p></article></body></html>"""
RSS = """<?xml version="1.0"?><rss version="2.0"><channel><title>Springfield Daily</title>
<item><title>Water budget</title><link>{base}/article.html</link><guid>w1</guid>
<pubDate>Tue, 29 Oct 2024 10:00:00 GMT</pubDate><description>&lt;p&gt;The council voted.&lt;/p&gt;&lt;p&gt;Residents argued.&lt;/p&gt;</description></item>
<item><title>No text, no link</title><guid isPermaLink="false">w2</guid></item>
<item><title>Linked only</title><link>{base}/article.html</link><guid>w3</guid></item>
</channel></rss>"""


ATOM = """<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">
<title>Shelbyville Courier</title><id>urn:courier</id><updated>2024-11-02T08:00:00Z</updated>
<entry><title>Dam inspection ordered</title><id>urn:courier:1</id><link href="{base}/dam"/>
<updated>2024-11-02T08:00:00Z</updated><author><name>Ann Reporter</name></author>
<content type="html">&lt;p&gt;Engineers will inspect the Shelbyville dam.&lt;/p&gt;</content></entry>
<entry><title>Empty</title><id>urn:courier:2</id><updated>2024-11-02T09:00:00Z</updated></entry>
</feed>"""


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802
        base = f"http://127.0.0.1:{self.server.server_port}"
        if self.path == "/slow":  # accepts, then says nothing for longer than any test timeout
            time.sleep(3)
            return
        if self.path == "/trickle":  # ten bytes at a time: each read is quick, the whole is not
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(60):
                    self.wfile.write(b"<p>drip</p>")
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:
                pass
            return
        if self.path == "/drip-then-stall":  # a body for 1.4 s, then silence (the last read must not outlast the deadline)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(14):
                    self.wfile.write(b"<p>drip</p>")
                    self.wfile.flush()
                    time.sleep(0.1)
                time.sleep(5)
            except OSError:
                pass
            return
        if self.path.startswith("/slow-redirect"):  # every hop takes 0.8 s: the deadline covers them all
            time.sleep(0.8)
            self.send_response(302)
            self.send_header("Location", self.path + "x")
            self.end_headers()
            return
        if self.path == "/endless":  # no Content-Length: the cap must hold while reading
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            try:
                for _ in range(100):
                    self.wfile.write(b"y" * 10_000)
            except OSError:
                pass
            self.close_connection = True
            return
        routes = {
            "/article.html": ("text/html", ARTICLE.encode()),
            "/feed.xml": ("application/rss+xml", RSS.format(base=base).encode()),
            "/atom": ("application/atom+xml", ATOM.format(base=base).encode()),
            "/big": ("text/html", b"x" * 200_000),
        }
        if self.path in ("/to-metadata", "/to-article", "/loop", "/to-private-name"):
            target = {
                "/to-metadata": "http://169.254.169.254/latest/meta-data/",
                "/to-article": "/article.html",
                "/loop": "/loop",
                "/to-private-name": "http://intranet.newsprism-test.invalid/secret",
            }[self.path]
            self.send_response(302)
            self.send_header("Location", target)
            self.end_headers()
            return
        if self.path == "/to-file":
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.end_headers()
            return
        if self.path not in routes:
            self.send_error(404)
            return
        kind, data = routes[self.path]
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_feed_items_and_broken_item(server):
    articles, skipped = read_url(f"{server}/feed.xml")
    assert [a.id for a in articles] == ["w1", "w3"]
    first = articles[0]
    assert first.text == "The council voted.\n\nResidents argued."
    assert first.outlet == "Springfield Daily" and first.published == "2024-10-29T10:00:00Z"
    assert "water budget" in articles[1].text  # fetched from its link: the item had no text
    assert [(s.line, "no text") for s in skipped] == [(2, "no text")]
    assert "no text and no link" in skipped[0].reason


def test_article_page_is_extracted(server):
    article = fetch_article(f"{server}/article.html")
    assert not hasattr(article, "reason"), article
    assert "water budget" in article.text and article.title == "Council votes on water budget"
    assert article.url == f"{server}/article.html"


def test_limits_schemes_and_errors(server, tmp_path):
    with pytest.raises(FetchError, match="too large"):
        fetch(f"{server}/big", max_bytes=10_000)
    with pytest.raises(FetchError, match="(?i)redirect"):
        fetch(f"{server}/to-file")
    with pytest.raises(FetchError, match="only http"):
        fetch("file:///etc/passwd")
    with pytest.raises(FetchError, match="404"):
        fetch(f"{server}/missing")
    skipped = fetch_article(f"{server}/missing")
    assert skipped.path.endswith("/missing") and "404" in skipped.reason


def test_feed_file_and_url_ingest(server, tmp_path):
    feed = tmp_path / "feed.xml"
    feed.write_text(RSS.format(base=server), encoding="utf-8")
    articles, skipped = read_feed(feed)
    assert len(articles) == 2 and len(skipped) == 1
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([feed, f"{server}/article.html"], allow_private=LOCAL)
        assert summary.ingested == 3 and [s.line for s in summary.skipped] == [2]


def test_newsplease_json(tmp_path):
    record = {"maintext": "Text of the report.", "title": "T", "date_publish": "2017-05-03 14:01:00",
              "source_domain": "example.com", "url": "https://example.com/a", "authors": ["A B"]}
    (tmp_path / "one.json").write_text(json.dumps(record))
    (tmp_path / "many.json").write_text(json.dumps([record, {"maintext": ""}, {"title": "x"}]))
    (one,), none = read_newsplease(tmp_path / "one.json")
    assert not none and one.published == "2017-05-03T14:01:00" and one.outlet == "example.com"
    articles, skipped = read_newsplease(tmp_path / "many.json")
    assert len(articles) == 1 and [s.line for s in skipped] == [2, 3]


def test_atom_feed_by_url(server):
    articles, skipped = read_url(f"{server}/atom")
    (entry,) = articles
    assert entry.id == "urn:courier:1" and entry.outlet == "Shelbyville Courier"
    assert entry.text == "Engineers will inspect the Shelbyville dam." and entry.authors == ("Ann Reporter",)
    assert entry.published == "2024-11-02T08:00:00Z" and entry.url == f"{server}/dam"
    assert [(s.path, s.line) for s in skipped] == [(f"{server}/atom", 2)]


def test_timeouts_bound_a_silent_and_a_trickling_server(server):
    started = time.monotonic()
    with pytest.raises(FetchError, match="timed out"):
        fetch(f"{server}/slow", timeout=0.5)
    assert time.monotonic() - started < 2.5
    started = time.monotonic()
    with pytest.raises(FetchError, match="timed out"):
        fetch(f"{server}/trickle", timeout=1.0)  # 6 s of drip: the deadline is for the whole response
    assert time.monotonic() - started < 2.5


def test_the_deadline_is_wall_clock_for_the_whole_fetch(server):
    """A server that sends for most of the timeout and then goes silent, or a chain of slow
    redirects, is cut at the deadline (it used to take up to twice the timeout, or six hops)."""
    for path in ("/drip-then-stall", "/slow-redirect"):
        started = time.monotonic()
        with pytest.raises(FetchError, match="timed out"):
            fetch(f"{server}{path}", timeout=2.0, allow_private=True)
        elapsed = time.monotonic() - started
        assert 1.9 < elapsed < 2.7, (path, elapsed)


def test_size_cap_without_content_length(server):
    with pytest.raises(FetchError, match="too large"):
        fetch(f"{server}/endless", max_bytes=50_000)
    assert len(fetch(f"{server}/endless", max_bytes=2_000_000).data) == 1_000_000


def test_cli_ingest_of_urls_reports_each_failure(server, tmp_path):
    from typer.testing import CliRunner

    from newsprism.cli import app

    db = tmp_path / "c.db"
    result = CliRunner().invoke(
        app,
        ["ingest", str(db), f"{server}/feed.xml", f"{server}/atom", f"{server}/missing",
         "ftp://127.0.0.1/x", f"{server}/slow", "--timeout", "0.5", "--json", "--allow-private"],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["ingested"] == 3  # w1 and w3 of the RSS feed, the Atom entry
    reasons = {(s["path"].rsplit("/", 1)[-1], s["line"]): s["reason"] for s in summary["skipped"]}
    assert "no text and no link" in reasons[("feed.xml", 2)]
    assert "no text" in reasons[("atom", 2)]
    assert "404" in reasons[("missing", None)]
    assert "only http and https" in reasons[("x", None)]
    assert "timed out" in reasons[("slow", None)]
    assert "newsprism: skipped" in result.stderr and "missing" in result.stderr


# ---------------------------------------------------------------- private addresses (SSRF)


@pytest.mark.parametrize(
    "address,refused",
    [
        ("127.0.0.1", "loopback"), ("127.8.9.10", "loopback"), ("::1", "loopback"),
        ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
        ("10.1.2.3", "private"), ("172.16.0.1", "private"), ("192.168.1.20", "private"), ("fc00::5", "private"),
        ("100.64.0.1", "non-public"), ("0.0.0.0", "unspecified"), ("224.0.0.1", "multicast"),
        ("::ffff:127.0.0.1", "loopback"), ("::ffff:169.254.169.254", "link-local"), ("240.0.0.1", "address 240.0.0.1"),
        ("8.8.8.8", None), ("93.184.215.14", None), ("2606:4700:4700::1111", None),
    ],
)
def test_the_address_check(address, refused):
    reason = refused_reason(address)
    assert (reason is None) if refused is None else (refused in reason), reason


def _fake_dns(monkeypatch, table):
    import socket

    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host in table:
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in table[host]]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def test_names_are_checked_after_resolution_without_connecting(monkeypatch):
    import socket

    _fake_dns(monkeypatch, {
        "metadata.newsprism-test.invalid": ["169.254.169.254"],
        "mixed.newsprism-test.invalid": ["93.184.215.14", "10.0.0.7"],  # one private answer is enough
    })

    def no_connect(*args, **kwargs):
        raise AssertionError("a refused address must not be connected to")

    monkeypatch.setattr(socket, "create_connection", no_connect)
    with pytest.raises(RefusedAddress, match="link-local"):
        _fetch("http://metadata.newsprism-test.invalid/latest/meta-data/")
    with pytest.raises(RefusedAddress, match="private"):
        _fetch("https://mixed.newsprism-test.invalid/")
    with pytest.raises(RefusedAddress, match="--allow-private"):
        _fetch("http://127.0.0.1:9/")


def test_the_local_server_is_refused_unless_allowed(server):
    with pytest.raises(RefusedAddress, match="loopback"):
        _fetch(f"{server}/article.html")
    skipped = _fetch_article(f"{server}/article.html")
    assert "refused" in skipped.reason and "--allow-private" in skipped.reason
    assert _fetch(f"{server}/article.html", allow_private=True).data.startswith(b"<html>")


def test_every_redirect_is_checked(server, monkeypatch):
    # allowed: the test server alone; its redirects to other non-public addresses are refused
    with pytest.raises(RefusedAddress, match="169.254.169.254"):
        fetch(f"{server}/to-metadata")
    _fake_dns(monkeypatch, {"intranet.newsprism-test.invalid": ["10.20.30.40"]})
    with pytest.raises(RefusedAddress, match="private address 10.20.30.40"):
        fetch(f"{server}/to-private-name")
    page = fetch(f"{server}/to-article")
    assert page.url == f"{server}/article.html" and b"water budget" in page.data
    with pytest.raises(FetchError, match="more than 5 redirects"):
        fetch(f"{server}/loop")


def test_a_feed_file_cannot_make_ingest_fetch_a_private_address(server, tmp_path):
    feed = tmp_path / "feed.xml"
    feed.write_text(RSS.format(base=server), encoding="utf-8")
    articles, skipped = _read_feed(feed)  # not allowed: item w3 has only a link, on 127.0.0.1
    assert [a.id for a in articles] == ["w1"]
    assert any("refused" in s.reason and "loopback" in s.reason for s in skipped)
    with Corpus(tmp_path / "c.db") as corpus:
        summary = corpus.ingest([feed, f"{server}/article.html"])
        assert summary.ingested == 1
        assert sum("refused" in s.reason for s in summary.skipped) == 2
