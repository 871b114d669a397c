from __future__ import annotations

import dataclasses

import pytest

from newsprism.model import Article, Entity, Mention, Quote, Span
from newsprism.pipeline import (
    DEFAULT_STAGES,
    PipelineOrderError,
    Stage,
    check_order,
    link_speaker,
)


def test_default_stage_order_is_valid():
    check_order(DEFAULT_STAGES)


def test_a_stage_before_what_it_needs_is_rejected_before_anything_runs():
    ran = []
    reordered = [s for s in DEFAULT_STAGES if s.name != "parse"] + [
        next(s for s in DEFAULT_STAGES if s.name == "parse")
    ]
    with pytest.raises(PipelineOrderError, match="mentions.*docs|requires \\['docs'\\]"):
        check_order(reordered)
    custom = Stage("x", frozenset({"nothing-provides-this"}), frozenset(), lambda ws, nlp: ran.append(1))
    with pytest.raises(PipelineOrderError, match="nothing-provides-this"):
        check_order([custom])
    assert ran == []


def test_speaker_links_to_entity_whose_mention_overlaps_the_speaker_name():
    text = "Rami Abdurrahman said it. Abdurrahman said more."
    raslan = Entity("E1", "Mahmoud Raslan", "PERSON", ("Mahmoud Raslan",), (Mention("d", 100, 114, "x" * 14, "PERSON"),))
    rami = Entity(
        "E2",
        "Rami Abdurrahman",
        "PERSON",
        ("Rami Abdurrahman", "Abdurrahman"),
        (Mention("d", 0, 16, text[0:16], "PERSON"), Mention("d", 26, 37, text[26:37], "PERSON")),
    )
    quote = Quote("d", 0, 1, text[0:1], "Abdurrahman", speaker_span=Span("d", 26, 37, text[26:37]))
    assert link_speaker(quote, [raslan, rami]).speaker_entity == "E2"
    # a speaker span in another document links to nothing
    other = Quote("e", 0, 1, "x", "Abdurrahman", speaker_span=Span("e", 26, 37, text[26:37]))
    assert link_speaker(other, [raslan, rami]).speaker_entity is None


def test_article_is_immutable():
    article = Article(id="a", text="x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        article.text = "y"  # type: ignore[misc]


def test_every_name_a_stage_requires_or_provides_is_a_workspace_field():
    from newsprism.pipeline import WORKSPACE_FIELDS

    for stage in DEFAULT_STAGES:
        for name in stage.requires | stage.provides:
            assert name.split(".", 1)[0] in WORKSPACE_FIELDS, (stage.name, name)
    typo = Stage("x", frozenset({"articles"}), frozenset({"mention"}), lambda ws, nlp: None)
    with pytest.raises(PipelineOrderError, match="not Workspace fields"):
        check_order([typo])


def test_a_stage_assigning_a_field_it_does_not_provide_is_caught():
    from newsprism.model import Article
    from newsprism.pipeline import Workspace, run_stages

    def sneaky(ws, nlp):
        ws.entities = []  # declares "mentions" only

    ws = Workspace(articles=[Article("a", "Text.")])
    with pytest.raises(PipelineOrderError, match=r"assigned \['entities'\]"):
        run_stages(ws, [Stage("sneaky", frozenset({"articles"}), frozenset({"mentions"}), sneaky)], nlp=None)
    honest = Stage("honest", frozenset({"articles"}), frozenset({"entities"}), sneaky)
    run_stages(ws, [honest], nlp=None)
    assert ws.entities == []


@pytest.mark.parametrize(
    ("text", "name", "label", "linked"),
    [
        ("Rebel forces in Aleppo said", "Aleppo", "GPE", False),
        ("residents of Syracuse said", "Syracuse", "GPE", False),
        ("a lawyer for Mr. Trump said", "Trump", "PERSON", False),
        ("Clinton's lawyer said", "Clinton", "PERSON", False),
        ("a spokesman for the State Department said", "State Department", "ORG", True),
        ("Secretary of State John F. Kerry said", "John F. Kerry", "PERSON", True),
        ("White House press secretary Josh Earnest said", "Josh Earnest", "PERSON", True),
    ],
)
def test_a_name_that_only_qualifies_the_speaker_is_not_the_speaker(text, name, label, linked):
    speaker = text[: -len(" said")]
    start = text.index(name)
    entity = Entity("E1", name, label, (name,), (Mention("d", start, start + len(name), name, label),))
    quote = Quote("d", 0, 1, "x", speaker, speaker_span=Span("d", 0, len(speaker), speaker))
    assert (link_speaker(quote, [entity]).speaker_entity == "E1") is linked
