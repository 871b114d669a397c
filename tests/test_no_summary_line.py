"""A story whose reports share no sentence gets no summary, and every report format says why
rather than silently dropping the section (a reader would otherwise take it for a failure)."""

from __future__ import annotations

import pytest

from newsprism.model import Article

# two reports of one warehouse fire that tell different things: no sentence of one is stated
# whole by the other, so the extractive summary must stay empty
FIRE = {
    "a": "Fire destroys Dayton warehouse\n\nDAYTON, Ohio — A fire destroyed a furniture warehouse on Tuesday night. "
         "Fire Chief Jeffrey Payne said 40 firefighters fought the blaze for six hours. "
         "The building had been empty since March.",
    "b": "Owner vows to rebuild after Dayton blaze\n\nThe owner of a Dayton storage business, Maria Ortiz, said on "
         "Wednesday that she would rebuild. Ortiz said her insurance covers most of the loss. "
         "Investigators have not named a cause.",
}


@pytest.fixture(scope="module")
def analysis(nlp):
    from newsprism.pipeline import analyze_articles

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in FIRE.items()]
    return analyze_articles(arts, nlp=nlp)


def test_no_summary_is_said_in_terminal_markdown_and_the_web_view(analysis):
    from newsprism.report.common import NO_SUMMARY
    from newsprism.report.markdown import to_markdown
    from newsprism.report.terminal import to_text
    from newsprism.report.web.view import story_view

    assert analysis.findings is not None and not analysis.findings.summary
    assert "No summary" in to_text(analysis)
    assert NO_SUMMARY in to_markdown(analysis)
    assert story_view(analysis.to_dict())["no_summary"] == NO_SUMMARY


def test_one_report_gets_no_such_line(nlp):
    from newsprism.pipeline import analyze_articles
    from newsprism.report.terminal import to_text
    from newsprism.report.web.view import story_view

    one = analyze_articles([Article(id="a", text=FIRE["a"], outlet="Outlet A")], nlp=nlp)
    assert "No summary" not in to_text(one)
    assert story_view(one.to_dict())["no_summary"] is None
