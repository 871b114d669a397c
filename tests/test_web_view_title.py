"""The HTML report's story title (report/web/view.py) when the articles carry no title field."""

from __future__ import annotations

from newsprism.model import Article


def _title(nlp, texts: dict[str, str]) -> str:
    from newsprism.pipeline import analyze_articles
    from newsprism.report.web.view import story_view

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    return story_view(analyze_articles(arts, nlp=nlp).to_dict())["title"]


def test_a_txt_files_headline_line_titles_the_story(nlp):
    # BASIL 2012 (Georgetown letter, open event) as .txt files: the page was titled by the first
    # summary sentence ("The latest criticism comes in a letter …") though the text opens with a headline
    texts = {
        "a": "Georgetown Faculty Rebuke Paul Ryan on Budget\n\nNearly 90 faculty members at Georgetown "
             "University signed a letter criticizing Representative Paul Ryan's budget on Tuesday.",
        "b": "Nearly 90 Georgetown faculty members sent a letter to Paul Ryan on Tuesday. "
             "The letter said his budget fails the poor.",
    }
    assert _title(nlp, texts) == "Georgetown Faculty Rebuke Paul Ryan on Budget"


def test_a_first_line_that_is_a_sentence_or_the_whole_text_is_no_headline():
    from newsprism.report.web.view import _headline_line

    assert _headline_line("Nearly 90 faculty members signed a letter.\n\nThe letter was sent on Tuesday.") is None
    assert _headline_line("Georgetown Faculty Rebuke Paul Ryan") is None  # nothing after it: the text itself
    assert _headline_line("Georgetown Faculty Rebuke Paul Ryan\n\nThe letter was sent.") == "Georgetown Faculty Rebuke Paul Ryan"
