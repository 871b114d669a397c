"""Articles from the web and from scrapers: RSS/Atom feeds (feedparser), article
URLs (fetched, then extracted with trafilatura), and news-please JSON files.

Fetching is deliberately narrow: http and https only (redirects too), a
timeout on every request, and a cap on the bytes read, so a hostile or broken
server cannot hang an ingest or fill memory. Every failure is a
:class:`Skipped` with a reason; a broken feed item is skipped and the others kept.
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import urlparse

from newsprism.model import Article, Skipped

__all__ = [
    "FetchError",
    "Fetched",
    "DEFAULT_TIMEOUT",
    "DEFAULT_MAX_BYTES",
    "is_url",
    "fetch",
    "fetch_article",
    "read_feed",
    "parse_feed",
    "read_url",
    "read_newsplease",
    "newsplease_article",
    "looks_like_feed",
    "item_key",
]

DEFAULT_TIMEOUT = 15.0  # seconds, per request
DEFAULT_MAX_BYTES = 5 * 1024 * 1024
_SCHEMES = ("http", "https")
_USER_AGENT = "newsprism/0.1 (+https://github.com/newsprism)"
_BLOCK_TAGS = ("p", "br", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "pre")


class FetchError(RuntimeError):
    pass


@dataclass(frozen=True)
class Fetched:
    url: str  # after redirects
    data: bytes
    content_type: str
    status: int = 200  # 304: not modified since the validators sent (data is empty)
    etag: str | None = None  # validators for the next conditional GET
    last_modified: str | None = None


def is_url(value: str) -> bool:
    return urlparse(str(value)).scheme in _SCHEMES


class _SafeRedirects(urllib.request.HTTPRedirectHandler):
    """Follow redirects only to http/https (urllib would also follow ftp)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if urlparse(newurl).scheme not in _SCHEMES:
            raise FetchError(f"redirect to a non-http(s) address refused: {newurl}")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch(
    url: str,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    headers: Mapping[str, str] | None = None,
) -> Fetched:
    """GET ``url`` (http/https only) with a timeout and a size cap; raises FetchError.

    ``headers`` are sent too (``If-None-Match``/``If-Modified-Since`` for a conditional GET:
    a 304 answer is a :class:`Fetched` with ``status`` 304 and no data)."""
    if urlparse(url).scheme not in _SCHEMES:
        raise FetchError(f"only http and https addresses are fetched, not {url!r}")
    opener = urllib.request.build_opener(_SafeRedirects())
    request = urllib.request.Request(url, headers={"User-Agent": _USER_AGENT, **dict(headers or {})})
    deadline = time.monotonic() + timeout
    try:
        with opener.open(request, timeout=timeout) as response:
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > max_bytes:
                raise FetchError(f"response too large ({declared} bytes > cap {max_bytes})")
            chunks, size = [], 0
            sock = _socket_of(response)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise FetchError(f"timed out after {timeout:g}s")
                if sock is not None:
                    sock.settimeout(remaining)  # a server trickling bytes cannot outlast the deadline
                # read1: whatever has arrived (read(n) would wait for all n bytes of a slow server)
                chunk = response.read1(65536)
                if not chunk:
                    break
                size += len(chunk)
                if size > max_bytes:
                    raise FetchError(f"response too large (over cap {max_bytes} bytes)")
                chunks.append(chunk)
            return Fetched(
                response.geturl(), b"".join(chunks), response.headers.get("Content-Type", ""), response.status,
                response.headers.get("ETag"), response.headers.get("Last-Modified"),
            )
    except FetchError:
        raise
    except urllib.error.HTTPError as err:
        if err.code == 304:
            return Fetched(url, b"", "", 304, err.headers.get("ETag"), err.headers.get("Last-Modified"))
        raise FetchError(f"HTTP {err.code} {err.reason}") from err
    except urllib.error.URLError as err:
        if isinstance(err.reason, TimeoutError):
            raise FetchError(f"timed out after {timeout:g}s") from err
        raise FetchError(f"cannot fetch: {err.reason}") from err
    except TimeoutError as err:
        raise FetchError(f"timed out after {timeout:g}s") from err
    except (OSError, http.client.HTTPException) as err:
        raise FetchError(f"cannot fetch: {err}") from err


def _socket_of(response: Any) -> Any:
    """The socket under a urllib response (None when it cannot be reached)."""
    raw = getattr(getattr(response, "fp", None), "raw", None)
    return getattr(raw, "_sock", None)


def looks_like_feed(data: bytes, content_type: str = "") -> bool:
    if any(k in content_type.lower() for k in ("rss", "atom", "/xml", "+xml")):
        return True
    head = data[:1024].lstrip().lower()
    return head.startswith(b"<?xml") or head.startswith(b"<rss") or head.startswith(b"<feed") or b"<rss" in head


def _html_to_text(html: str) -> str:
    """Plain text of an HTML fragment with block elements on their own paragraphs."""
    import lxml.html

    if "<" not in html:
        return html.strip()
    try:
        root = lxml.html.fragment_fromstring(html, create_parent="div")
    except Exception:  # lxml raises several types on junk markup
        return ""
    for element in root.iter(*_BLOCK_TAGS):
        element.tail = "\n\n" + (element.tail or "")
    lines = (" ".join(line.split()) for line in root.text_content().split("\n"))
    paragraphs, current = [], []
    for line in lines:
        if line:
            current.append(line)
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return "\n\n".join(paragraphs)


def extract_html(html: bytes | str, url: str | None = None) -> dict[str, Any] | None:
    """trafilatura's main text and metadata of a page (None when it finds no article)."""
    import trafilatura

    result = trafilatura.extract(html, url=url, output_format="json", with_metadata=True, favor_precision=True)
    if not result:
        return None
    data = json.loads(result)
    return data if (data.get("text") or "").strip() else None


def fetch_article(
    url: str, timeout: float = DEFAULT_TIMEOUT, max_bytes: int = DEFAULT_MAX_BYTES
) -> Article | Skipped:
    """Fetch one article page and extract its text; a Skipped says why not."""
    try:
        page = fetch(url, timeout, max_bytes)
    except FetchError as err:
        return Skipped(url, str(err))
    return _page_article(url, page)


def _page_article(url: str, page: Fetched) -> Article | Skipped:
    extracted = extract_html(page.data, page.url)
    if extracted is None:
        return Skipped(url, "no article text found on the page")
    authors = tuple(a.strip() for a in (extracted.get("author") or "").split(";") if a.strip())
    outlet = extracted.get("sitename") or extracted.get("hostname") or urlparse(page.url).hostname
    return Article(
        id=page.url,
        text=extracted["text"],
        title=extracted.get("title") or None,
        outlet=outlet or None,
        outlet_source="html-meta" if outlet else None,
        published=extracted.get("date") or None,
        url=page.url,
        authors=authors,
        path=url,
    )


def _iso(struct_time: Any) -> str | None:
    if not struct_time:
        return None
    try:
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", struct_time)
    except (TypeError, ValueError):
        return None


def parse_feed(
    data: bytes,
    source: str,
    follow_links: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    keep: "Callable[[str], bool] | None" = None,
    fetch_page: "Callable[[str], Article | Skipped] | None" = None,
) -> tuple[list[Article], list[Skipped]]:
    """Items of an RSS/Atom document. ``line`` in a Skipped is the item's number (from 1).

    An item's text is its content (or summary); with ``follow_links``, or when the
    item carries no text, its link is fetched and extracted instead.
    ``keep(key)`` (key: the item's id, else its link) leaves out an item before anything of it
    is fetched (``newsprism watch``: items already taken); ``fetch_page(url)`` replaces
    :func:`fetch_article` for item pages (e.g. to space requests to one host).
    """
    import feedparser

    parsed = feedparser.parse(data)
    if not parsed.entries:
        reason = f"not an RSS/Atom feed ({parsed.get('bozo_exception')})" if parsed.get("bozo") else "feed has no items"
        return [], [Skipped(source, reason)]
    outlet = (parsed.feed.get("title") or "").strip() or None
    articles: list[Article] = []
    skipped: list[Skipped] = []
    for number, entry in enumerate(parsed.entries, start=1):
        link = entry.get("link")
        if keep is not None and not keep(item_key(entry, source, number)):
            continue
        html = ""
        if entry.get("content"):
            html = entry["content"][0].get("value", "")
        html = html or entry.get("summary", "")
        text = _html_to_text(html)
        title = _html_to_text(entry.get("title", "")) or None
        if link and not is_url(link):
            # feedparser turns an entry id ("urn:...") into a link; only http(s) is fetched or kept
            if not text:
                skipped.append(Skipped(source, f"item has no text and no http(s) link ({link!r})", number))
                continue
            link = None
        if (follow_links or not text) and link:
            fetched = fetch_page(link) if fetch_page is not None else fetch_article(link, timeout, max_bytes)
            if isinstance(fetched, Skipped):
                if not text:
                    skipped.append(Skipped(source, f"item {link}: {fetched.reason}", number))
                    continue
            else:
                text = fetched.text
                title = title or fetched.title
        if not text:
            skipped.append(Skipped(source, "item has no text and no link", number))
            continue
        authors = tuple(a.get("name", "").strip() for a in entry.get("authors", []) if a.get("name", "").strip())
        articles.append(
            Article(
                id=entry.get("id") or link or f"{source}#item{number}",
                text=text,
                title=title,
                outlet=outlet,
                outlet_source="feed" if outlet else None,
                published=_iso(entry.get("published_parsed") or entry.get("updated_parsed")),
                url=link,
                authors=authors,
                path=source,
                meta={"feed_item": number},
            )
        )
    return articles, skipped


def item_key(entry: Mapping[str, Any], source: str, number: int) -> str:
    """What names a feed item across polls: its id (guid), else its link, else its place."""
    return entry.get("id") or entry.get("link") or f"{source}#item{number}"


def read_feed(
    source: str | Path,
    follow_links: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> tuple[list[Article], list[Skipped]]:
    """A feed from a file or an http(s) address."""
    name = str(source)
    if is_url(name):
        try:
            page = fetch(name, timeout, max_bytes)
        except FetchError as err:
            return [], [Skipped(name, str(err))]
        data = page.data
    else:
        try:
            data = Path(source).read_bytes()
        except OSError as err:
            return [], [Skipped(name, f"cannot read file ({err.strerror or err})")]
    return parse_feed(data, name, follow_links, timeout, max_bytes)


def read_url(
    url: str, follow_links: bool = False, timeout: float = DEFAULT_TIMEOUT, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[Article], list[Skipped]]:
    """An address given on the command line: a feed (all its items) or one article page."""
    try:
        page = fetch(url, timeout, max_bytes)
    except FetchError as err:
        return [], [Skipped(url, str(err))]
    if looks_like_feed(page.data, page.content_type):
        return parse_feed(page.data, url, follow_links, timeout, max_bytes)
    result = _page_article(url, page)
    return ([], [result]) if isinstance(result, Skipped) else ([result], [])


def newsplease_article(record: Mapping[str, Any], source: str, number: int | None = None) -> Article | Skipped:
    """One news-please record (``maintext``, ``title``, ``date_publish``, ``source_domain``,
    ``url``, ``authors``, ...) as an Article."""
    text = record.get("maintext")
    if not isinstance(text, str) or not text.strip():
        return Skipped(source, "news-please record has no maintext", number)
    published = record.get("date_publish")
    if isinstance(published, str) and len(published) >= 19 and published[10] == " ":
        published = published[:10] + "T" + published[11:]  # news-please writes "YYYY-MM-DD HH:MM:SS"
    authors = record.get("authors") or []
    return Article(
        id=str(record.get("url") or record.get("filename") or f"{source}#{number or 1}"),
        text=text.replace("\r\n", "\n"),
        title=record.get("title") or None,
        outlet=record.get("source_domain") or None,
        outlet_source="news-please" if record.get("source_domain") else None,
        published=published or None,
        url=record.get("url") or None,
        authors=tuple(str(a) for a in authors if str(a).strip()) if isinstance(authors, list) else (),
        path=source,
        meta={k: record[k] for k in ("language", "description") if record.get(k)},
    )


def read_newsplease(path: str | Path) -> tuple[list[Article], list[Skipped]]:
    """A news-please JSON file: one record, or a list of records (numbered from 1)."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        return [], [Skipped(name, f"unreadable JSON: {err}")]
    records = data if isinstance(data, list) else [data]
    articles: list[Article] = []
    skipped: list[Skipped] = []
    for number, record in enumerate(records, start=1):
        line = number if isinstance(data, list) else None
        if not isinstance(record, dict) or "maintext" not in record:
            skipped.append(Skipped(name, "not a news-please record (no 'maintext')", line))
            continue
        result = newsplease_article(record, name, line)
        (skipped if isinstance(result, Skipped) else articles).append(result)  # type: ignore[arg-type]
    return articles, skipped
