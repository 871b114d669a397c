"""Text from articles never acts on the reader's terminal or browser.

Everything a report or a command prints comes, sooner or later, from files the
user did not write: titles, outlets, sentences, speakers, file names. This module
is the one place that makes such text inert:

- :func:`printable` makes every control character *visible* (``ESC`` becomes the
  four characters ``\\x1b``; a bidi override ``U+202E`` becomes ``\\u202e``), so
  ANSI/OSC sequences (clear screen, window title, hyperlinks), C1 controls,
  backspace/carriage-return overwrites and bidi reordering cannot reach the
  terminal, and a reader can still see that something was there. Lone surrogates
  (which cannot be encoded) become U+FFFD.
- :func:`plain` is a Rich ``Text`` of that — never parsed as Rich markup, so
  ``[/]``, ``[conceal]`` or ``[link=…]`` in an article is shown as written.
- :func:`markup` is the same text escaped for a Rich markup string, for the few
  places that mix our own styles with article text.
- :func:`md` escapes HTML and Markdown syntax, so a Markdown renderer shows the
  text and never runs it (no ``<script>``, no ``[x](javascript:…)`` link, no
  table broken by ``|``).
- :func:`console` is a Rich ``Console`` with emoji codes and automatic
  highlighting off (``:warning:`` in an article stays as written).

The JSON report is exact (``json.dumps`` escapes control characters itself) and
does not go through here.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["printable", "plain", "markup", "md", "md_cite", "console", "has_controls"]

# bidi embedding/override/isolate marks, which reorder what follows them on screen
_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f" + _BIDI + "\u2028\u2029\ufeff\ufff9-\ufffb\ud800-\udfff]"
)
_CONTROL_NL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f" + _BIDI + "\u2028\u2029\ufeff\ufff9-\ufffb\ud800-\udfff\n]"
)


def _visible(match: re.Match[str]) -> str:
    ch = match.group(0)
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    if ch == "\n":
        return " "
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def printable(text: Any, *, newlines: bool = False) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``), never sent.

    Tabs are kept; newlines are kept when ``newlines`` is true and become spaces
    otherwise (one record, one line).
    """
    s = "" if text is None else str(text)
    pattern = _CONTROL if newlines else _CONTROL_NL
    return pattern.sub(_visible, s) if pattern.search(s) else s


def has_controls(text: str) -> bool:
    return bool(_CONTROL_NL.search(text))


def plain(text: Any, style: str = "", *, newlines: bool = False):
    """A Rich ``Text`` holding ``text`` as written (no markup, no emoji codes, controls visible)."""
    from rich.text import Text

    return Text(printable(text, newlines=newlines), style=style)


def markup(text: Any, *, newlines: bool = False) -> str:
    """``text`` escaped for use inside a Rich markup string. Every "[" is escaped. Rich reads
    the backslashes before a tag-like "[b]" in pairs, and drops one backslash before any other
    "[". Its own ``escape`` leaves a "[" that starts no tag alone, so an article's "\\["
    printed as "[". Here each "[" gets the backslashes its kind needs."""
    s = printable(text, newlines=newlines)

    def escaped(m: re.Match) -> str:
        slashes = m.group(1)
        return (slashes * 2 if m.group(2) is not None else slashes) + "\\["

    s = _RICH_BRACKET.sub(escaped, s)
    if s.endswith("\\") and not s.endswith("\\\\"):
        s += "\\"  # a trailing backslash would escape whatever markup follows (Rich's own rule)
    return s


# a "[" with the backslashes before it; group 2 is set when Rich would read it as a tag
_RICH_BRACKET = re.compile(r"(\\*)\[(?=([a-z#/@][^[]*?\]))?")


def console(**options: Any):
    """A Rich console for reports and listings: no emoji codes, no automatic highlighting."""
    from rich.console import Console

    options.setdefault("emoji", False)
    options.setdefault("highlight", False)
    return Console(**options)


# ------------------------------------------------------------------ Markdown

# characters with a meaning in CommonMark/GFM inline syntax; "_" is handled apart
# (inside a word it is harmless and common in file names)
_MD_PUNCT = re.compile(r"([\\`*\[\]|~#])")
_MD_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
# what would start a list, a quote or a heading underline; a number opens a list only when its
# "." or ")" is followed by a space (the mark is escaped, not the digits: "\\5" is no escape)
_MD_LINE_START = re.compile(r"^([ \t]*)(?:([-+=>])|(\d+)([.)])(?=\s|$))")


def md(text: Any) -> str:
    """``text`` for one line of Markdown: HTML escaped, Markdown syntax escaped, controls visible."""
    s = printable(text)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _MD_PUNCT.sub(r"\\\1", s)
    s = _MD_UNDERSCORE.sub(r"\\_", s)
    # a scheme a link could use, defanged even where no link syntax survives
    s = re.sub(r"(?i)\b(javascript|vbscript|data)(\s*):", r"\1\2&#58;", s)
    return _MD_LINE_START.sub(_md_line_start, s)


def _md_line_start(m: re.Match[str]) -> str:
    if m.group(2) is not None:
        return m.group(1) + "\\" + m.group(2)
    return m.group(1) + m.group(3) + "\\" + m.group(4)


def md_cite(doc: str, start: int, end: int) -> str:
    """A citation ``[doc:start-end]`` for Markdown, the document id escaped."""
    return f"[{md(doc)}:{start}-{end}]"
