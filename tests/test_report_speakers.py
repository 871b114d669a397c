"""A one-outlet item that shows quoted words without their speaker ("“It went up fast.”", "he
added, ...") says who speaks them, as the quotes section reads it (the seed: Dr. Salem Abou's
"“Everyone should know, we ... love life and want to live.”" and Malek's "Using a mournful
expression, he added, ..." read as words of no one)."""

from __future__ import annotations

from dataclasses import replace

import pytest

FIRST = (
    "Fire tore through a paint warehouse in Dayton on Monday, sending black smoke over the river.\n"
    "Fire Chief Jeff Payne said the roof collapsed within an hour of the first call.\n"
    "\"We were lucky nobody was inside,\" Payne said.\n"
    "\"The building was full of paint and solvents. It went up fast.\"\n"
    "Standing outside the station later, he added, \"We will find out what caused it.\"\n"
)
SECOND = "A fire destroyed a warehouse in Dayton on Monday afternoon.\nNo one was hurt, officials said.\n"


@pytest.fixture(scope="module")
def analysis(nlp, tmp_path_factory):
    from newsprism.pipeline import analyze

    folder = tmp_path_factory.mktemp("story")
    (folder / "first.txt").write_text(FIRST, encoding="utf-8")
    (folder / "second.txt").write_text(SECOND, encoding="utf-8")
    return analyze([folder], nlp=nlp)


def _item(analysis, words: str, ident: str = "S1"):
    from newsprism.model import Finding, Span

    text = analysis.document("first.txt").text
    start = text.index(words)
    span = Span("first.txt", start, start + len(words), words)
    return Finding(ident, "single-source", words, ("first.txt",), (span,), sources=1)


def test_quoted_words_shown_without_their_speaker_name_the_speaker(analysis):
    from newsprism.report import render
    from newsprism.report.common import quoted_speakers
    from newsprism.report.terminal import to_text

    bare = _item(analysis, "\"The building was full of paint and solvents. It went up fast.\"", "S1")
    added = _item(analysis, "Standing outside the station later, he added, \"We will find out what caused it.\"", "S2")
    named = _item(analysis, "\"We were lucky nobody was inside,\" Payne said.", "S3")
    plain = _item(analysis, "Fire Chief Jeff Payne said the roof collapsed within an hour of the first call.", "S4")
    for item in (bare, added):
        (speaker,) = quoted_speakers(analysis, item)
        assert speaker.name == "Jeff Payne"
        assert analysis.document("first.txt").text[speaker.citation.start:speaker.citation.end] == "Jeff Payne"
    # the item names its speaker ("Payne said"), or quotes no one: nothing to add
    assert quoted_speakers(analysis, named) == () and quoted_speakers(analysis, plain) == ()
    assert analysis.findings is not None
    shown = replace(analysis, findings=replace(analysis.findings, single_source=(bare, added, named, plain)))
    page = render(shown, "markdown")
    section = page[page.index("one outlet only"):page.index("## What each outlet") if "## What each outlet" in page else None]
    assert section.count("_quoted: Jeff Payne, named in the report:_") == 2
    terminal = to_text(shown, width=220)
    assert terminal.count("quoted: Jeff Payne, named in the report") == 2
    # the HTML report reads the JSON contract: the same lines, from the same rule
    html = render(shown, "html")
    assert html.count("(quoted: Jeff Payne, named in the report") == 2
    # a few words quoted inside the reporter's sentence: its sentence tells its speaker, no line added
    woven = tuple(replace(q, partial=True) if q.text.startswith("We will find out") else q for q in analysis.quotes)
    assert quoted_speakers(replace(analysis, quotes=woven), added) == ()
    # the item writes a speaker by name at the cue ("Al added"): no other name set beside it, whoever the
    # quotes section read; nor a description as the speaker ("the statement")
    cited = added.citations[0]
    renamed = replace(cited, text=cited.text.replace(" he added", " Al added"))
    assert quoted_speakers(analysis, replace(added, about=renamed.text, citations=(renamed,))) == ()
    described = tuple(replace(q, speaker="the statement") if q.text.startswith("We will find out") else q
                      for q in analysis.quotes)
    assert quoted_speakers(replace(analysis, quotes=described), added) == ()
