"""Jinja rendering shared by the HTML report and the web app (autoescape on: every
string from an article — text, title, outlet, URL — is untrusted)."""

from __future__ import annotations

import base64
import hashlib
import json
from importlib import resources
from typing import Any, Mapping

from newsprism.report.web.view import cites_attr, story_view, timeline_head

__all__ = ["environment", "static_text", "render_report", "report_csp", "SECTIONS", "PAGE_LIMITS"]


# the parts of the story page, each a template (_sec_NAME.html) that the server can send alone
SECTIONS = ("facts", "coverage", "quotes", "names", "figures", "timeline")
SECTION_OF = {"single": "facts", "shared": "quotes", "speakers": "quotes"}  # a list -> its part
FOCUS_OF = {"single": "single", "speakers": "quotes"}  # where the reader lands once it is loaded
# how many items of each list the server's story page shows before "Show all" (the HTML report,
# a file with no server behind it, shows everything)
PAGE_LIMITS = {"facts": 15, "single": 15, "coverage": 15, "shared": 6, "speakers": 12, "names": 15,
               "figures": 12, "timeline": 30}


def _helpers():
    """badge/cite helpers for the templates, in Python (called hundreds of times a page)."""
    from jinja2 import pass_context
    from markupsafe import Markup, escape

    def badge(b) -> Markup:
        return Markup('<span class="badge %s" title="%s">%s</span>') % (b["colour"], b["name"], b["label"])

    def badges(bs) -> Markup:
        return Markup(" ").join(badge(b) for b in bs)

    def cite(c, side: str = "") -> Markup:
        attr = f"{c['d']}:{c['s']}:{c['e']}"
        text = c.get("text") or ""
        if len(text) > 90:
            text = text[:88].rsplit(" ", 1)[0] + "…"
        out = Markup('<a class="cite %s" href="%s#hl=%s" data-cites="%s" title="%s, characters %s–%s: “%s”">%s</a>') % (
            c["colour"], side, attr, attr, c["label"], c["s"], c["e"], text, c["label"])
        if c.get("strength"):
            out += Markup('<span class="strength">%s</span>') % c["strength"]
        return out

    def cites(cs, side: str = "") -> Markup:
        return Markup(" ").join(cite(c, side) for c in cs)

    def show(cs, side: str = "", what: str = "Show in the articles") -> Markup:
        if not cs:
            return Markup("")
        attr = cites_attr(cs)
        return Markup('<a class="show" href="%s#hl=%s" data-cites="%s">%s →</a>') % (side, attr, attr, what)

    @pass_context
    def limit(ctx, name: str) -> int | None:
        """How many items of a part the page shows at first (None: all; the report shows all)."""
        lim = ctx.get("lim")
        return lim.get(name) if lim else None

    @pass_context
    def first(ctx, name: str, items) -> int:
        n = limit(ctx, name)
        return len(items) if n is None else min(n, len(items))

    @pass_context
    def more(ctx, name: str, shown: int, total: int, what: str) -> Markup:
        """The link under a part shown in part: it loads the whole part in place (app.js),
        or without a script opens the whole page at that part."""
        if not ctx.get("lim") or total <= shown:
            return Markup("")
        section = SECTION_OF.get(name, name)
        return Markup(
            '<p class="more"><a class="more" href="%s#%s" data-src="%s%s" data-focus="%s">Show all %s %s</a>'
            ' <span class="muted small">(the first %s shown)</span></p>'
        ) % (ctx.get("full_href", ""), FOCUS_OF.get(name, section), ctx.get("section_href", ""), section,
             FOCUS_OF.get(name, section), f"{total:,}", what, shown)

    del escape
    return {"badge": badge, "badges": badges, "cite": cite, "cites": cites, "show": show,
            "limit": limit, "first": first, "more": more, "timeline_head": timeline_head}


def environment():
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(
        loader=PackageLoader("newsprism.report.web", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html",), default=True),
        trim_blocks=False,
        lstrip_blocks=False,
    )
    env.globals["cites_attr"] = cites_attr
    env.globals.update(_helpers())
    return env


def static_text(name: str) -> str:
    return resources.files("newsprism.report.web").joinpath("static", name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def report_csp(css: str, js: str) -> str:
    """The report's own policy: only its one inline style and one inline script (by hash) run;
    nothing is fetched, no form is sent, no frame, no plugin."""
    return (
        "default-src 'none'; "
        f"style-src '{_sha256(css)}'; script-src '{_sha256(js)}'; "
        "img-src data:; base-uri 'none'; form-action 'none'; object-src 'none'"
    )


def render_report(analysis: Mapping[str, Any] | Any, title: str | None = None, groups: Mapping[str, str] | None = None) -> str:
    """One self-contained HTML file: the story page and the articles side by side; it
    works opened from disk, with no server and nothing loaded from the network."""
    data = analysis if isinstance(analysis, Mapping) else analysis.to_dict()
    view = story_view(data, title=title, groups=groups)
    css, js = static_text("app.css"), static_text("app.js")
    html = environment().get_template("report.html").render(
        v=view, css=css, js=js, csp=report_csp(css, js), side="", article_href=None, root="",
    )
    return html


def view_json(view: Mapping[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)
