"""Fill in an article's outlet, dateline and reporters from evidence in its text.

Only what the text itself shows is used, and every inferred outlet and
dateline carries the span it was read from. Values given by the user (a
manifest, a JSONL field, HTML metadata) are never overwritten.

The outlet is taken only from the publisher's own marks: a wire dateline
("WASHINGTON (AP) —", "LONDON (Reuters) -", "(CNN)"), a staff credit line
("Associated Press writers ... contributed to this report."), a wire
sign-off at the very end ("— The Associated Press"), a copyright footer, or
a caption credit naming a (non-wire) newspaper ("(Jenny Starrs/The
Washington Post)"), or the page's own address as the text's first line (a saved page:
"http://www.nydailynews.com/new-york/..." gives "nydailynews.com"). A publisher the article merely cites ("told The
Associated Press", "according to Reuters", "The New York Post reports")
matches none of these patterns, so it never becomes the outlet.
"""

from __future__ import annotations

import dataclasses
import re
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from newsprism.datelines import AGENCY, DASH, datelines, lead
from newsprism.model import Article, Span

__all__ = [
    "normalise_outlet",
    "find_outlet",
    "find_dateline",
    "find_reporters",
    "find_contributors",
    "find_wire",
    "infer_metadata",
]

# Known outlets: lower-cased spelling -> canonical name (read-only).
_OUTLET_NAMES: Mapping[str, str] = MappingProxyType({
    **dict.fromkeys(["ap", "associated press", "the associated press"], "The Associated Press"),
    **dict.fromkeys(["reuters", "thomson reuters"], "Reuters"),
    **dict.fromkeys(["afp", "agence france-presse", "agence france presse", "the agence france-presse"], "Agence France-Presse"),
    **dict.fromkeys(["upi", "united press international"], "United Press International"),
    **dict.fromkeys(["cnn"], "CNN"),
    **dict.fromkeys(["the washington post", "washington post", "wash-post"], "The Washington Post"),
    **dict.fromkeys(["the new york times", "new york times", "nyt"], "The New York Times"),
    **dict.fromkeys(["usa today", "usa-today"], "USA Today"),
    **dict.fromkeys(["politico"], "Politico"),
    **dict.fromkeys(["breitbart", "breitbart news"], "Breitbart News"),
    **dict.fromkeys(["huffpost", "huff-post", "huffington post", "the huffington post"], "HuffPost"),
    **dict.fromkeys(["the western journal", "western journal", "west-journal"], "The Western Journal"),
    **dict.fromkeys(["the wall street journal", "wall street journal"], "The Wall Street Journal"),
    **dict.fromkeys(["los angeles times", "the los angeles times"], "Los Angeles Times"),
    **dict.fromkeys(["the guardian"], "The Guardian"),
    **dict.fromkeys(["bbc", "bbc news"], "BBC News"),
    **dict.fromkeys(["fox news"], "Fox News"),
    **dict.fromkeys(["npr"], "NPR"),
    **dict.fromkeys(["bloomberg", "bloomberg news"], "Bloomberg"),
})
OUTLET_NAMES = tuple(sorted(set(_OUTLET_NAMES.values())))

# Agencies whose photos and copy any paper runs: a caption credit to them says
# nothing about who published the article.
_SYNDICATED = frozenset({"The Associated Press", "Reuters", "Agence France-Presse", "United Press International", "Bloomberg"})


# a word that names a news organisation ("the Times", "The Hill", "Fox News", "Newsweek")
_NEWS_NAME = re.compile(
    r"\b(?:Times|Post|News|Journal|Hill|Caller|Tribune|Herald|Register|Gazette|Newsweek|Politico|Hotline|"
    r"Examiner|Globe|Chronicle|Bulletin|Beast|Blaze|Breitbart|Drudge|Axios|Reuters|Associated Press|"
    r"Bloomberg|CNN|MSNBC|NBC|ABC|CBS|NPR|PBS|AP|AFP|UPI)\b"
)


def names_news_outlet(text: str) -> bool:
    """Whether ``text`` (a quote's speaker, a claim's source) names a news organisation:
    a known outlet or a word papers and networks are named with ("the Times", "The Hill")."""
    return bool(_NEWS_NAME.search(text)) or any(n.lower() in text.lower() for n in OUTLET_NAMES)


def normalise_outlet(name: str) -> str:
    """Canonical spelling of a known outlet ("AP" -> "The Associated Press"); others unchanged."""
    cleaned = " ".join(name.split()).strip(" .,")
    return _OUTLET_NAMES.get(cleaned.lower(), cleaned)


class Evidence(NamedTuple):
    outlet: str
    source: str  # "credit-line" | "page-address" | "caption-credit"
    start: int
    end: int


# "WASHINGTON (AP) —", "Dec 29 (Reuters) -", "(CNN)Donald Trump": a wire mark
# opening one of the first paragraphs.
_WIRE_DATELINE = re.compile(
    rf"^[ \t]*(?:[A-Z][\w.,'’ ]{{0,60}}?[ ]*)?\((?P<agency>{AGENCY})\)(?=[ ]*{DASH}|[A-Z“\"])",
    re.MULTILINE,
)
# AP's own staff credit; "The Associated Press contributed to this report."
# (another paper crediting AP) deliberately does not match.
_STAFF_CREDIT = re.compile(
    r"\b(?:The )?(?P<agency>Associated Press|Reuters) (?:staff )?(?:writers?|reporters?|correspondents?|"
    r"photographers?|researchers?|video journalists?)\b[^\n]{0,400}?\bcontributed\b[^\n.]{0,40}"
)
_REUTERS_CREDIT = re.compile(
    r"\bReuters reporting by\b[^\n)]{0,300}|\(Reporting by [^\n)]{2,300}?;[^\n)]*?\b(?:Editing|Writing) by [^\n)]{2,200}\)"
)
# "— The Associated Press" as the very last thing in the text (a tweet embed
# "— The Associated Press (@AP) August 23" does not end the text).
_SIGN_OFF = re.compile(
    r"[—–―-]{1,2}[ ]*(?P<agency>(?:The )?Associated Press|AP|Reuters|Agence France-Presse|AFP)[ ]*\.?\s*\Z"
)
_COPYRIGHT = re.compile(
    r"\b(?:Copyright|©)[ ]*(?:©[ ]*)?(?:\(c\)[ ]*)?(?:19|20)\d\d,?[ ]+(?:by[ ]+)?(?P<agency>[A-Z][\w.&' -]{1,40}?)"
    r"(?=[ ]*(?:[.,;]|All rights|$))",
    re.MULTILINE,
)
# "(Jenny Starrs/The Washington Post)"
_CAPTION_CREDIT = re.compile(r"\((?P<who>[A-Z][^()/\n]{1,60}?)[ ]*/[ ]*(?P<agency>[A-Z][^()/\n]{1,60}?)\)")


# A known outlet's web domain: its address names it as its credit line does
_OUTLET_DOMAINS: Mapping[str, str] = MappingProxyType({
    "apnews.com": "The Associated Press", "reuters.com": "Reuters", "afp.com": "Agence France-Presse",
    "upi.com": "United Press International", "cnn.com": "CNN", "washingtonpost.com": "The Washington Post",
    "nytimes.com": "The New York Times", "usatoday.com": "USA Today", "politico.com": "Politico",
    "breitbart.com": "Breitbart News", "huffingtonpost.com": "HuffPost", "huffpost.com": "HuffPost",
    "westernjournal.com": "The Western Journal", "wsj.com": "The Wall Street Journal",
    "latimes.com": "Los Angeles Times", "theguardian.com": "The Guardian", "bbc.com": "BBC News",
    "bbc.co.uk": "BBC News", "foxnews.com": "Fox News", "npr.org": "NPR", "bloomberg.com": "Bloomberg",
})
# The page's address alone on the first line, as a saved page or a corpus keeps it; the
# spaced form is the same address rebuilt from tokens ("http : / / www . ny1 . com / ...")
_HOST_PART = r"[A-Za-z0-9]+(?:[ ]?-[ ]?[A-Za-z0-9]+)*"
_PAGE_ADDRESS = re.compile(
    rf"\A\s*https?[ ]?:[ ]?/[ ]?/[ ]?(?P<host>{_HOST_PART}(?:[ ]?\.[ ]?{_HOST_PART})+)(?=[ ]?[/?#:]|[ ]*\n|\s*\Z)"
)


def page_address_outlet(text: str) -> Evidence | None:
    """The outlet named by the page address the text opens with: a known outlet's name,
    else the site's host name without "www." ("newyork.cbslocal.com")."""
    m = _PAGE_ADDRESS.match(text)
    if m is None:
        return None
    host = "".join(m.group("host").split()).lower().removeprefix("www.")
    known = next((name for domain, name in _OUTLET_DOMAINS.items() if host == domain or host.endswith("." + domain)), None)
    return Evidence(known or host, "page-address", m.start("host"), m.end("host"))


def _lead(text: str) -> str:
    return lead(text)


def _tail_start(text: str, paragraphs: int = 3, limit: int = 1200) -> int:
    """Where the last few paragraphs (credit lines) begin."""
    start = len(text)
    seen = 0
    while start > 0 and seen < paragraphs:
        nl = text.rfind("\n", 0, start - 1)
        chunk = text[nl + 1 : start]
        start = nl + 1 if nl >= 0 else 0
        if chunk.strip():
            seen += 1
    return max(start, len(text) - limit)


def _outlet_evidence(text: str) -> list[Evidence]:
    found: list[Evidence] = []
    for m in _WIRE_DATELINE.finditer(_lead(text)):
        found.append(Evidence(normalise_outlet(m.group("agency")), "credit-line", m.start("agency") - 1, m.end("agency") + 1))
    # credit lines and footers close the article: a mention mid-text is a story about them
    tail = _tail_start(text)
    for m in _STAFF_CREDIT.finditer(text, tail):
        found.append(Evidence(normalise_outlet(m.group("agency")), "credit-line", m.start(), m.end()))
    for m in _REUTERS_CREDIT.finditer(text, tail):
        found.append(Evidence("Reuters", "credit-line", m.start(), m.end()))
    m = _SIGN_OFF.search(text, max(0, len(text) - 200))
    if m:
        found.append(Evidence(normalise_outlet(m.group("agency")), "credit-line", m.start(), m.start("agency") + len(m.group("agency"))))
    for m in _COPYRIGHT.finditer(text, tail):
        name = normalise_outlet(m.group("agency"))
        if name in OUTLET_NAMES:
            found.append(Evidence(name, "credit-line", m.start(), m.end()))
    page = page_address_outlet(text)
    if page is not None:
        found.append(page)
    for m in _CAPTION_CREDIT.finditer(text):
        name = normalise_outlet(m.group("agency"))
        if name in OUTLET_NAMES and name not in _SYNDICATED:
            found.append(Evidence(name, "caption-credit", m.start(), m.end()))
    return found


# "By Jill Colvin, Associated Press" / "By Steve Holland | Reuters": a wire byline in the lead
_WIRE_BYLINE = re.compile(
    r"^[ \t]*By [A-Z][^\n]{1,120}?(?:,|\||—|–|-)[ ]*(?P<agency>(?:The )?Associated Press|Reuters|AFP|Agence France-Presse)"
    r"[ ]*(?:$|\n)",
    re.MULTILINE,
)


def find_wire(doc_id: str, text: str) -> tuple[str, Span] | None:
    """The news agency whose copy the text is, from its own marks — a wire dateline
    ("WASHINGTON (Reuters) —"), a wire byline ("By Jill Colvin, Associated Press"), a staff
    credit line or a sign-off — or None. Unlike the outlet, this is read even when the
    publisher is known: a paper running a Reuters story is still running Reuters' reporting.
    Two agencies' marks (a joint or rewritten story) give None."""
    marks = [(e.outlet, e.start, e.end) for e in _outlet_evidence(text) if e.source == "credit-line" and e.outlet in _SYNDICATED]
    for m in _WIRE_BYLINE.finditer(_lead(text)):
        marks.append((normalise_outlet(m.group("agency")), m.start("agency"), m.end("agency")))
    if not marks or len({agency for agency, _, _ in marks}) > 1:
        return None
    agency, start, end = min(marks, key=lambda mark: mark[1])
    return agency, Span(doc_id, start, end, text[start:end])


def find_outlet(doc_id: str, text: str) -> tuple[str, str, Span] | None:
    """(outlet, source, evidence span) from the publisher's own marks, or None.

    Credit lines outrank the page address, which outranks caption credits; when the
    strongest kind of evidence names two different outlets the answer is None (unknown
    beats wrong).
    """
    evidence = _outlet_evidence(text)
    for source in ("credit-line", "page-address", "caption-credit"):
        of_kind = [e for e in evidence if e.source == source]
        if not of_kind:
            continue
        if len({e.outlet for e in of_kind}) > 1:
            return None
        first = min(of_kind, key=lambda e: e.start)
        return first.outlet, source, Span(doc_id, first.start, first.end, text[first.start : first.end])
    return None


def find_dateline(doc_id: str, text: str) -> Span | None:
    """The place of a dateline opening one of the first paragraphs, or None."""
    first = next(datelines(_lead(text)), None)
    if first is None:
        return None
    start, end = first.place_start, first.place_end
    return Span(doc_id, start, end, text[start:end])


_NAME_WORD = r"[A-Z][a-zà-ÿ’'\-]*[a-zà-ÿ]"
_NAME = rf"{_NAME_WORD}(?:[ ](?:[A-Z]\.|{_NAME_WORD}|de|van|von|bin|al-{_NAME_WORD}))*"
_NAME_RE = re.compile(_NAME)
# Words that start a sentence like a name but are not one.
_NOT_NAMES = frozenset(
    "He She They It We I You Who This That The Our His Her Their Its Staff Writer Writers Reporters "
    "Associated Press Reuters Times Post News Additional".split()
)
_REPORTED_FROM = re.compile(rf"(?P<names>{_NAME}(?:(?:,| and|, and) {_NAME})*) reported from ")
_ALSO_FROM = re.compile(rf"(?:,? and|;) (?P<names>{_NAME}(?:(?:,| and|, and) {_NAME})*) from ")
_CONTRIBUTED = re.compile(r" contributed(?: to this report| reporting| research| from)\b")
_CREDIT_PREFIX = re.compile(
    r"^(?:Additional reporting by |(?:The )?(?:Associated Press|Reuters|AP)(?: staff)? "
    r"(?:writers?|reporters?|correspondents?|photographers?|researchers?|video journalists?) )"
)
_SENTENCE_BREAK = re.compile(r"(?<=[a-z0-9”\"’)][.!?])[ ]+(?=[A-Z])|(?<=[!?])[ ]+|\n")


def _sentence_start(text: str, pos: int, floor: int) -> int:
    start = floor
    # endpos one past ``pos`` so the look-ahead can see the capital at ``pos``
    for m in _SENTENCE_BREAK.finditer(text, floor, pos + 1):
        if m.end() <= pos:
            start = m.end()
    return start


def _names_in(listing: str) -> list[str] | None:
    """["Philip Issa", ...] from "Philip Issa in Beirut, Vladimir Isachenkov in Moscow and ..."."""
    names: list[str] = []
    for item in re.split(r",? and |, |; ", listing.strip()):
        m = _NAME_RE.match(item)
        if not m:
            return None
        rest = item[m.end() :]
        if rest and not re.fullmatch(r" (?:in|from) [A-Z][^,;]*", rest):
            return None
        name = m.group()
        if name.split()[0] in _NOT_NAMES or name.endswith(("’s", "'s")):
            return None
        names.append(name)
    return names or None


def find_reporters(text: str) -> list[str]:
    """Reporters named by "X reported from Y" in the closing paragraphs."""
    tail = _tail_start(text)
    out: list[str] = []
    for m in _REPORTED_FROM.finditer(text, tail):
        if _sentence_start(text, m.start(), tail) != m.start():
            continue  # "He’s reported from ..." mid-sentence, or a name inside a clause
        names = _names_in(m.group("names")) or []
        sentence_end = text.find(".", m.end())
        rest = text[m.end() : sentence_end if sentence_end >= 0 else len(text)]
        for also in _ALSO_FROM.finditer(rest):
            names += _names_in(also.group("names")) or []
        out += [n for n in names if n not in out]
    return out


def find_contributors(text: str) -> list[str]:
    """Names in "... contributed to this report/reporting" credit lines at the end."""
    tail = _tail_start(text)
    out: list[str] = []
    for m in _CONTRIBUTED.finditer(text, tail):
        start = _sentence_start(text, m.start(), tail)
        listing = _CREDIT_PREFIX.sub("", text[start : m.start()])
        for name in _names_in(listing) or []:
            if name not in out:
                out.append(name)
    return out


def infer_metadata(article: Article) -> Article:
    """The article with outlet, dateline, authors and contributors filled in where
    the text shows them and the user gave none."""
    changes: dict[str, Any] = {}  # field name -> value, for dataclasses.replace
    text = article.text
    if article.outlet is None:
        found = find_outlet(article.id, text)
        if found is not None:
            outlet, source, span = found
            changes.update(outlet=outlet, outlet_source=source, outlet_evidence=span)
    if article.dateline is None:
        span = find_dateline(article.id, text)
        if span is not None:
            changes.update(dateline=span.text, dateline_span=span)
    if not article.authors:
        reporters = find_reporters(text)
        if reporters:
            changes["authors"] = tuple(reporters)
    meta = dict(article.meta)
    if "contributors" not in meta:
        contributors = find_contributors(text)
        if contributors:
            meta["contributors"] = contributors
    if "wire" not in meta:
        wire = find_wire(article.id, text)
        if wire is not None:
            # whose reporting it is, whoever published it: {"agency", "start", "end"}
            meta["wire"] = {"agency": wire[0], "start": wire[1].start, "end": wire[1].end}
    if meta != article.meta:
        changes["meta"] = meta
    return dataclasses.replace(article, **changes) if changes else article
