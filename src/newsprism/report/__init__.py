"""Report renderers: one module per format, all reading a StoryAnalysis."""

from __future__ import annotations

FORMATS = ("terminal", "json", "markdown", "html")

__all__ = ["FORMATS", "render"]


def render(analysis, fmt: str) -> str:
    """The report in ``fmt`` as text (terminal output is rendered without colour)."""
    if fmt == "json":
        from newsprism.report.json import to_json

        return to_json(analysis)
    if fmt == "markdown":
        from newsprism.report.markdown import to_markdown

        return to_markdown(analysis)
    if fmt == "html":
        from newsprism.report.web.render import render_report

        return render_report(analysis)
    if fmt == "terminal":
        from newsprism.report.terminal import to_text

        return to_text(analysis)
    raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
