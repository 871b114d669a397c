"""Jinja rendering shared by the HTML report and the web app (autoescape on: every
string from an article — text, title, outlet, URL — is untrusted)."""

from __future__ import annotations

import base64
import hashlib
import json
from importlib import resources
from typing import Any, Mapping

from newsprism.report.web.view import cites_attr, story_view

__all__ = ["environment", "static_text", "render_report", "report_csp"]


def _helpers():
    """badge/cite helpers for the templates, in Python (called hundreds of times a page)."""
    from markupsafe import Markup, escape

    def badge(b) -> Markup:
        return Markup('<span class="badge %s" title="%s">%s</span>') % (b["colour"], b["name"], b["label"])

    def badges(bs) -> Markup:
        return Markup("").join(badge(b) for b in bs)

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
        return Markup("").join(cite(c, side) for c in cs)

    def show(cs, side: str = "", what: str = "Show in the articles") -> Markup:
        if not cs:
            return Markup("")
        attr = cites_attr(cs)
        return Markup('<a class="show" href="%s#hl=%s" data-cites="%s">%s →</a>') % (side, attr, attr, what)

    del escape
    return {"badge": badge, "badges": badges, "cite": cite, "cites": cites, "show": show}


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
