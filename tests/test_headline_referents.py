"""Who a headline's opening pronoun names: shown, cited, in every format; never the wrong person."""

from __future__ import annotations

import json

import pytest

from newsprism.compare.headline_referents import referents
from newsprism.model import Entity, Mention, Span


def _person(eid: str, text: str, *names: str) -> Entity:
    at, mentions = 0, []
    for name in names:
        at = text.index(name, at)
        mentions.append(Mention("a", at, at + len(name), name, "PERSON"))
        at += len(name)
    return Entity(eid, names[0], "PERSON", tuple(dict.fromkeys(names)), tuple(mentions))


def _head(text: str, sentence: str) -> Span:
    start = text.index(sentence)
    return Span("a", start, start + len(sentence), sentence)


AP = ("BEIRUT (AP) — Rami Abdurrahman, who heads the Syrian Observatory for Human Rights, said Iran "
      "wanted something in return. \"They want the wounded out,\" Abdurrahman said. He estimated there "
      "were 5,000 fighters still in the opposition enclave.")


def test_the_one_person_named_just_before_is_who_he_is(nlp):
    head = _head(AP, "He estimated there were 5,000 fighters still in the opposition enclave.")
    found = referents({"F1": head}, [_person("E1", AP, "Rami Abdurrahman", "Abdurrahman")], {"a": AP},
                      {"a": nlp(AP)})["F1"]
    assert found.name == "Rami Abdurrahman"
    assert found.pronoun == Span("a", head.start, head.start + 2, "He")
    for c in found.citations:  # every citation holds its text
        assert AP[c.start:c.end] == c.text
    assert [c.text for c in found.citations] == ["Rami Abdurrahman", "Abdurrahman"]


WP = ("The evacuation would be the largest of its kind. Pressed by reporters, White House press secretary "
      "Josh Earnest said the Obama administration continues to support humanitarian assistance. He rejected "
      "suggestions that the United States has a responsibility to do more.")


def test_of_two_named_the_subject_of_the_sentence_before(nlp):
    head = _head(WP, "He rejected suggestions that the United States has a responsibility to do more.")
    people = [_person("E1", WP, "Josh Earnest"), _person("E2", WP, "Obama")]
    assert referents({"F1": head}, people, {"a": WP}, {"a": nlp(WP)})["F1"].name == "Josh Earnest"
    # without a parse to tell the subject, two people fit: nothing is said
    assert referents({"F1": head}, people, {"a": WP}) == {}


def test_she_never_names_a_man_and_a_nearer_unnamed_person_blocks(nlp):
    text = ("Mr. Hemeish, an accountant at the clinic, posted a photograph of an injured girl. "
            "She was 10, with broken bones.")
    head = _head(text, "She was 10, with broken bones.")
    assert referents({"F1": head}, [_person("E1", text, "Hemeish")], {"a": text}, {"a": nlp(text)}) == {}
    text = ("Maria Lopez waited at the border with her family. A man who had crossed alone said the guards "
            "had turned everyone back. He said they slept in a church.")
    head = _head(text, "He said they slept in a church.")
    assert referents({"F1": head}, [_person("E1", text, "Maria Lopez")], {"a": text}, {"a": nlp(text)}) == {}


def test_it_and_they_and_a_name_far_back_are_left_alone(nlp):
    text = ("Rami Abdurrahman spoke on Tuesday. The convoy left at dawn. The buses idled for hours. "
            "He estimated there were 5,000 fighters. It was the latest whiplash for the thousands trapped.")
    people = [_person("E1", text, "Rami Abdurrahman")]
    heads = {"F1": _head(text, "He estimated there were 5,000 fighters."),
             "F2": _head(text, "It was the latest whiplash for the thousands trapped.")}
    assert referents(heads, people, {"a": text}, {"a": nlp(text)}) == {}


STORY_A = ("BEIRUT (AP) — Syrian government forces resumed shelling of rebel-held districts of Aleppo on "
           "Wednesday, and the evacuation of civilians was halted. The shelling killed at least 12 people in "
           "the city, the Syrian Observatory for Human Rights said. Rami Abdurrahman, who heads the "
           "Observatory, said Iran had demanded the evacuation of wounded from two Shiite villages.\n\nHe "
           "estimated there were 5,000 fighters still in the opposition enclave, as well as 15,000 civilians.")
# (the "He" sentence opens a paragraph, as in wire copy: a one-outlet sentence leaning on the one before
# it in its paragraph is shown from that one on, compare.facts._with_sentence_before)
STORY_B = ("BEIRUT — Syrian government forces resumed shelling of rebel-held districts of Aleppo on Wednesday, "
           "and the evacuation of civilians was halted. The shelling killed at least 12 people in the city, "
           "according to the Syrian Observatory for Human Rights. Buses waited at the edge of the city.")


@pytest.fixture(scope="module")
def story(nlp, tmp_path_factory):
    from newsprism.pipeline import analyze

    folder = tmp_path_factory.mktemp("story")
    (folder / "ap.txt").write_text(STORY_A, encoding="utf-8")
    (folder / "nyt.txt").write_text(STORY_B, encoding="utf-8")
    return analyze([folder], nlp=nlp)


def _resolved(story):
    assert story.findings is not None
    items = [x for x in story.findings.single_source + story.findings.corroborated if x.referent is not None]
    assert items, "the one-outlet fact opening with 'He' names Rami Abdurrahman"
    return items[0]


def test_every_format_shows_who_it_is_and_the_report_checks(story):
    from newsprism.check import check_report
    from newsprism.report import render

    item = _resolved(story)
    assert item.about.startswith("He estimated") and item.referent.name == "Rami Abdurrahman"
    start = item.referent.citations[0].start
    assert "“He” is Rami Abdurrahman" in render(story, "terminal")
    assert "“He” is Rami Abdurrahman, named just before:_ " in render(story, "markdown")
    assert f":{start}-{start + len('Rami Abdurrahman')}" in render(story, "markdown")
    html = render(story, "html")
    assert "“He” is Rami Abdurrahman, named just before" in html
    report = json.loads(render(story, "json"))
    assert check_report(report) == []
    # a forged referent is refused: a name that is not its cited mention
    for group in ("single_source", "corroborated"):
        for x in report["findings"][group]:
            if x.get("referent"):
                x["referent"]["name"] = "Bashar Assad"
    assert any("referent" in p.problem for p in check_report(report))


def test_the_name_is_escaped_in_every_format(story):
    from dataclasses import replace

    from newsprism.model import Findings
    from newsprism.report import render

    item = _resolved(story)
    hostile = replace(item.referent, name="<script>x</script>[bold]Abdurrahman")
    f = story.findings
    assert isinstance(f, Findings)
    forged = replace(story, findings=replace(
        f, single_source=tuple(replace(x, referent=hostile) if x is item else x for x in f.single_source),
        corroborated=tuple(replace(x, referent=hostile) if x is item else x for x in f.corroborated)))
    assert "<script>x" not in render(forged, "html")
    assert "[bold]Abdurrahman" in render(forged, "terminal")  # shown as text, not read as markup
    assert "<script>x" not in render(forged, "markdown")


def test_a_surname_two_people_share_and_a_chain_to_nobody_say_nothing(nlp):
    # the resolver may join the son's surname to the father: shown, it would name the wrong man
    text = ("Former Rep. Jesse Jackson Jr. pleaded guilty on Wednesday. The former representative co-wrote a "
            "book with his father, Rev. Jesse Jackson. Jackson said he was clearheaded. He said he had read the "
            "documents thoroughly.")
    son = _person("E1", text, "Jesse Jackson Jr.")
    father = _person("E2", text, "Jesse Jackson", "Jackson")
    head = _head(text, "He said he had read the documents thoroughly.")
    assert referents({"F1": head}, [son, father], {"a": text}, {"a": nlp(text)}) == {}
    # "He ... He ...": the pronoun before stands for someone named further back than the law firm
    text = ("Cowan came to Boston to study law. He practiced civil litigation at the Boston office of Mintz "
            "Levin. He also served as a special assistant district attorney. He left the administration last year.")
    head = _head(text, "He left the administration last year.")
    firm = _person("E3", text, "Mintz Levin")
    assert "F1" not in referents({"F1": head}, [firm], {"a": text}, {"a": nlp(text)})


def test_a_quote_s_he_is_not_its_speaker_nor_a_she_a_man_named_beside_her(nlp):
    text = ("Dr. Collins would do a good job at the agency, colleagues predicted. \"He is very approachable,\" said "
            "Sean B. Tipton. \"He has an ability to interact with the public.\"")
    people = [_person("E1", text, "Collins"), _person("E2", text, "Sean B. Tipton")]
    head = _head(text, "\"He has an ability to interact with the public.\"")
    assert referents({"F1": head}, people, {"a": text}, {"a": nlp(text)})["F1"].name == "Collins"
    text = ("\"We are thrilled to have Ellen DeGeneres host the Oscars,\" said Zadan and Meron. "
            "She is beloved everywhere.")
    people = [_person("E1", text, "Ellen DeGeneres"), _person("E2", text, "Zadan"), _person("E3", text, "Meron")]
    assert referents({"F1": _head(text, "She is beloved everywhere.")}, people, {"a": text}, {"a": nlp(text)}) == {}
    text = ("The nominee is Regina Benjamin. She has also worked with Catholic Charities in Mobile. "
            "He reported that she grew up in the parish.")
    head = _head(text, "He reported that she grew up in the parish.")
    assert referents({"F1": head}, [_person("E1", text, "Regina Benjamin")], {"a": text}, {"a": nlp(text)}) == {}
