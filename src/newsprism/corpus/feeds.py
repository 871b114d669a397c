"""Articles from the web and from scrapers: RSS/Atom feeds (feedparser), article
URLs (fetched, then extracted with trafilatura), and news-please JSON files.

Fetching (httpx) is deliberately narrow: http and https only (redirects too, at
most five), a timeout on every request, and a cap on the bytes read, so a hostile
or broken server cannot hang an ingest or fill memory. A feed names the addresses
it wants fetched, so an address that resolves to loopback, link-local (cloud
metadata), private or other non-public ranges is refused — after DNS resolution
and on every redirect — unless the user allows it (``allow_private``,
``--allow-private``). Every failure is a :class:`Skipped` with a reason; a broken
feed item is skipped and the others kept.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import json
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence
from urllib.parse import urljoin, urlparse

from newsprism.model import Article, Skipped

__all__ = [
    "FetchError",
    "RefusedAddress",
    "refused_reason",
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
MAX_BYTES_CEILING = 64 * 1024 * 1024  # a raised --max-bytes still cannot fill memory
MAX_REDIRECTS = 5
_SCHEMES = ("http", "https")
_USER_AGENT = "newsprism/0.1 (+https://github.com/newsprism)"
_BLOCK_TAGS = ("p", "br", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "pre")


class FetchError(RuntimeError):
    pass


class RefusedAddress(FetchError):
    """The address resolves to a range newsprism does not fetch without ``allow_private``."""


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


def refused_reason(address: str) -> str | None:
    """Why ``address`` (an IP address) is not fetched by default, or None when it is public.

    Loopback, link-local (169.254.0.0/16 holds the cloud metadata services), private
    (10/8, 172.16/12, 192.168/16, fc00::/7), shared (100.64/10), unspecified,
    multicast and reserved ranges are refused; an IPv4-mapped IPv6 address is judged
    by its IPv4 address.
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return f"not an IP address ({address!r})"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    for name, test in (
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("unspecified", ip.is_unspecified),
        ("multicast", ip.is_multicast),
        ("private", ip.is_private),
        ("reserved", ip.is_reserved),
    ):
        if test:
            return f"{name} address {ip}"
    if not ip.is_global:
        return f"non-public address {ip}"
    return None


def _allowed(address: str, allow_private: Any) -> bool:
    """``allow_private``: True (every range), False (none), or networks ("127.0.0.1/32")."""
    if allow_private is True:
        return True
    if not allow_private:
        return False
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    return any(ip in ipaddress.ip_network(net, strict=False) for net in allow_private)


def _resolve(host: str, port: int, allow_private: Any) -> str:
    """The address to connect to for ``host``; every address it resolves to is checked."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as err:
        raise FetchError(f"cannot resolve {host!r} ({getattr(err, 'strerror', None) or err})") from err
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not addresses:
        raise FetchError(f"cannot resolve {host!r}")
    if allow_private is not True:
        for address in addresses:
            reason = refused_reason(address)
            if reason and not _allowed(address, allow_private):
                raise RefusedAddress(f"{host} resolves to a {reason}: refused (use --allow-private to fetch it)")
    return addresses[0]


@functools.lru_cache(maxsize=1)
def _tls_context() -> Any:
    """The TLS context (system CA bundle loaded) made once per process: loading the CA
    certificates costs more than a whole local fetch, and the context is never changed."""
    import ssl

    return ssl.create_default_context()


def left(deadline: float, timeout: float) -> float:
    """Seconds until ``deadline`` (time.monotonic); FetchError once it has passed."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise FetchError(f"timed out after {timeout:g}s")
    return remaining


@contextlib.contextmanager
def _watchdog(response: Any, deadline: float) -> Iterator[None]:
    """Shut the response's socket at ``deadline`` (time.monotonic) if the block is still
    reading then: a blocked read returns at once and the fetch ends as timed out."""
    stream = response.extensions.get("network_stream")
    sock = stream.get_extra_info("socket") if stream is not None else None
    if sock is None:  # no socket to watch (not HTTP/1.1 over TCP): the read timeout still holds
        yield
        return

    def shut() -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(max(0.0, deadline - time.monotonic()), shut)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def fetch(
    url: str,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_private: "bool | Sequence[str]" = False,
    headers: Mapping[str, str] | None = None,
) -> Fetched:
    """GET ``url`` with httpx: http/https only, at most ``MAX_REDIRECTS`` redirects (each
    checked like the first address), public addresses only unless ``allow_private``
    (checked after DNS resolution, and the connection goes to the address checked, so a
    second lookup cannot swap it), ``timeout`` seconds of wall-clock time for the whole
    fetch, redirects included (every connect and read waits at most the time left, so a
    server that goes silent half-way, or trickles, is cut at the deadline) and at most
    ``max_bytes`` bytes read; raises FetchError.

    ``headers`` are sent too (``If-None-Match``/``If-Modified-Since`` for a conditional GET:
    a 304 answer is a :class:`Fetched` with ``status`` 304 and no data).
    """
    import httpx

    deadline = time.monotonic() + timeout
    max_bytes = min(max_bytes, MAX_BYTES_CEILING)
    sent = {"User-Agent": _USER_AGENT, "Accept-Encoding": "identity", **dict(headers or {})}
    try:
        with httpx.Client(
            timeout=httpx.Timeout(timeout), follow_redirects=False, headers=sent, verify=_tls_context()
        ) as client:
            for _hop in range(MAX_REDIRECTS + 1):
                parts = urlparse(url)
                if parts.scheme not in _SCHEMES:
                    raise FetchError(f"only http and https addresses are fetched, not {url!r}")
                if not parts.hostname:
                    raise FetchError(f"no host in {url!r}")
                try:
                    port = parts.port or (443 if parts.scheme == "https" else 80)
                except ValueError as err:
                    raise FetchError(f"bad port in {url!r}") from err
                address = _resolve(parts.hostname, port, allow_private)
                # every wait of this hop (pool, connect, write, the headers) is bounded by the
                # time left; the body is bounded by a watchdog below
                waits = httpx.Timeout(left(deadline, timeout)).as_dict()
                request = client.build_request("GET", url, extensions={"timeout": waits})
                # connect to the address just checked; Host header and TLS name stay the URL's
                request.url = request.url.copy_with(host=address)
                request.headers["Host"] = parts.netloc.rsplit("@", 1)[-1]
                request.extensions["sni_hostname"] = parts.hostname
                response = client.send(request, stream=True)
                try:
                    if response.status_code == 304:  # not modified since the validators sent
                        return Fetched(url, b"", "", 304, response.headers.get("ETag"), response.headers.get("Last-Modified"))
                    if response.is_redirect:
                        location = response.headers.get("Location")
                        if not location:
                            raise FetchError(f"HTTP {response.status_code} redirect without a Location")
                        url = urljoin(url, location)
                        if urlparse(url).scheme not in _SCHEMES:
                            raise FetchError(f"redirect to a non-http(s) address refused: {url}")
                        continue
                    if response.status_code >= 400:
                        raise FetchError(f"HTTP {response.status_code} {response.reason_phrase}")
                    declared = response.headers.get("Content-Length")
                    if declared and declared.isdigit() and int(declared) > max_bytes:
                        raise FetchError(f"response too large ({declared} bytes > cap {max_bytes})")
                    chunks, size = [], 0
                    # the transport gives each read of the body the whole read timeout: at the
                    # deadline a watchdog shuts the socket, so a read blocked then returns at once
                    with _watchdog(response, deadline):
                        for chunk in response.iter_bytes():
                            left(deadline, timeout)
                            size += len(chunk)
                            if size > max_bytes:
                                raise FetchError(f"response too large (over cap {max_bytes} bytes)")
                            chunks.append(chunk)
                    if time.monotonic() > deadline:
                        raise FetchError(f"timed out after {timeout:g}s")
                    return Fetched(
                        url, b"".join(chunks), response.headers.get("Content-Type", ""), response.status_code,
                        response.headers.get("ETag"), response.headers.get("Last-Modified"),
                    )
                finally:
                    response.close()
            raise FetchError(f"more than {MAX_REDIRECTS} redirects")
    except FetchError:
        raise
    except httpx.TimeoutException as err:
        raise FetchError(f"timed out after {timeout:g}s") from err
    except (httpx.HTTPError, OSError) as err:
        if time.monotonic() >= deadline:  # the watchdog closed the connection at the deadline
            raise FetchError(f"timed out after {timeout:g}s") from err
        raise FetchError(f"cannot fetch: {err}") from err
    except (httpx.InvalidURL, ValueError) as err:
        raise FetchError(f"cannot fetch: {err}") from err


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
    url: str,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_private: "bool | Sequence[str]" = False,
) -> Article | Skipped:
    """Fetch one article page and extract its text; a Skipped says why not."""
    try:
        page = fetch(url, timeout, max_bytes, allow_private)
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
    allow_private: "bool | Sequence[str]" = False,
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
            fetched = fetch_page(link) if fetch_page is not None else fetch_article(link, timeout, max_bytes, allow_private)
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
    allow_private: "bool | Sequence[str]" = False,
) -> tuple[list[Article], list[Skipped]]:
    """A feed from a file or an http(s) address."""
    name = str(source)
    if is_url(name):
        try:
            page = fetch(name, timeout, max_bytes, allow_private)
        except FetchError as err:
            return [], [Skipped(name, str(err))]
        data = page.data
    else:
        try:
            data = Path(source).read_bytes()
        except OSError as err:
            return [], [Skipped(name, f"cannot read file ({err.strerror or err})")]
    return parse_feed(data, name, follow_links, timeout, max_bytes, allow_private=allow_private)


def read_url(
    url: str,
    follow_links: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    allow_private: "bool | Sequence[str]" = False,
) -> tuple[list[Article], list[Skipped]]:
    """An address given on the command line: a feed (all its items) or one article page."""
    try:
        page = fetch(url, timeout, max_bytes, allow_private)
    except FetchError as err:
        return [], [Skipped(url, str(err))]
    if looks_like_feed(page.data, page.content_type):
        return parse_feed(page.data, url, follow_links, timeout, max_bytes, allow_private=allow_private)
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
