"""Wire ledes: a dateline ("NAIROBI, Kenya (AP) —", "WASHINGTON (Reuters) -", "BEIRUT —",
"Paris (AFP) –") is the document's place and is parsed apart from its lede (nlp's sentence
guard), so the lede's subject is its own, not the place; the dateline opens the lede's claim
(every citation points into the original text) and is cut from what the reader is shown. Also:
a title, a photo caption under it and the lede are three claims; a weekday in a plan told in the
present resolves ahead of publication; one noun counted at two named places is two groups, not a
conflict.

The texts are short wire-style reports written for these tests.
"""

from __future__ import annotations

import pytest

from newsprism.compare.fact_text import headline_span
from newsprism.compare.findings import find
from newsprism.extract.claims import extract_claims
from newsprism.extract.propositions import propositions
from newsprism.model import Article
from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

AP = (
    "Kenya police fire tear gas at protesters in Nairobi\n\n"
    "NAIROBI, Kenya (AP) — Police fired tear gas at hundreds of opposition supporters in the capital on Tuesday, "
    "witnesses said.\n\n"
    "Opposition leader Raila Odinga said his supporters would march again on Friday. \"We will not be intimidated,\" "
    "Odinga told reporters outside his office.\n\n"
    "Parliament is scheduled to debate the finance bill on Monday, the speaker's office said."
)
REUTERS = (
    "KAMPALA, Uganda, March 21 (Reuters) - Ugandan troops killed 12 rebels in the west of the country, the army said "
    "on Tuesday.\n\n"
    "Army spokesman Felix Kulayigye said the rebels plan to attack a border post on Friday."
)
AFP = (
    "Macron unveils pension plan\n"
    "(Photo: Emmanuel Macron in Paris on Tuesday / AFP)\n\n"
    "Paris (AFP) – French President Emmanuel Macron announced a new pension plan on Tuesday, a week after "
    "nationwide strikes.\n\n"
    "Ministers planned to meet unions on Friday, but the talks were called off."
)
BEIRUT = (
    "BEIRUT —   Syrian government forces captured a key rebel-held district of Aleppo on Tuesday, "
    "state media reported.\n\n"
    "The United Nations said it would send aid convoys to the city on Saturday."
)
WASHINGTON = (
    "WASHINGTON (Reuters) - Senate Majority Leader Mitch McConnell said the Senate will vote on the spending bill "
    "on Monday.\n\n"
    "The House voted on Friday to approve the measure."
)
# published Tuesday, 2023-03-21
PUBLISHED = "2023-03-21"


def _workspace(nlp, texts: dict[str, str]) -> Workspace:
    ws = Workspace(articles=[Article(id=k, text=v, published=PUBLISHED, outlet=f"Outlet {k}") for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    return ws


@pytest.fixture(scope="module")
def wire(nlp):
    ws = _workspace(nlp, {"ap": AP, "reuters": REUTERS, "afp": AFP, "beirut": BEIRUT, "washington": WASHINGTON})
    docs = ws.docs_by_id()
    assert ws.analysis is not None
    claims = extract_claims(ws.analysis, docs, named=ws.named)
    return ws.analysis, docs, claims, propositions(claims, ws.analysis, docs)


@pytest.mark.parametrize("doc, dateline, lede", [
    ("ap", "NAIROBI, Kenya", "Police fired tear gas"),
    ("reuters", "KAMPALA, Uganda", "Ugandan troops killed 12 rebels"),
    ("afp", "Paris", "French President Emmanuel Macron announced"),
    ("beirut", "BEIRUT", "Syrian government forces captured"),
    ("washington", "WASHINGTON", "Senate Majority Leader Mitch McConnell said"),
])
def test_the_dateline_is_the_documents_place_and_cut_from_the_ledes_headline(wire, doc, dateline, lede):
    analysis, _, claims, _ = wire
    text = analysis.source_text(doc)
    assert analysis.document(doc).dateline == dateline
    mine = [c for c in claims if c.doc == doc]
    for c in mine:
        assert text[c.start:c.end] == c.text  # citations point into the original text
    opening = next(c for c in mine if c.text.startswith(dateline))
    assert lede in opening.text  # one claim: the dateline and its lede
    head = headline_span(opening)
    assert head.text.startswith(lede) and text[head.start:head.end] == head.text


@pytest.mark.parametrize("doc, lede, agent", [
    ("ap", "Police fired tear gas", "~police"),
    ("reuters", "Ugandan troops killed", "~troop"),
    ("beirut", "Syrian government forces captured", "~troops"),
])
def test_the_ledes_subject_is_its_own_not_the_datelines_place(wire, doc, lede, agent):
    analysis, _, claims, props = wire
    claim = next(c for c in claims if c.doc == doc and lede in c.text)
    prop = props[claim.id]
    assert any(a.startswith(agent) for a in prop.agents), prop.agents
    # the dateline's place is no argument of the lede's event
    named = {e.name.lower() for e in analysis.entities if f"@{e.id}" in prop.agents | prop.patients}
    assert not named & {"nairobi", "kampala", "beirut"}
    assert not any(a[1:].startswith(("nairob", "kampal", "beirut")) for a in prop.agents)


def test_the_afp_ledes_subject_is_the_president_not_an_apposition_of_paris(wire):
    analysis, _, claims, props = wire
    claim = next(c for c in claims if c.doc == "afp" and "French President" in c.text)
    macron = next(e for e in analysis.entities if e.name.endswith("Macron"))
    assert f"@{macron.id}" in props[claim.id].agents
    assert props[claim.id].predicate == "announce"


def test_title_caption_and_lede_are_three_claims(wire):
    _, _, claims, _ = wire
    afp = [c for c in claims if c.doc == "afp"]
    caption = next(c for c in afp if c.text.startswith("(Photo:"))
    assert caption.text.endswith("AFP)")  # the caption alone: no title, no dateline, no lede
    assert any(c.text == "Macron unveils pension plan" for c in afp)


@pytest.mark.parametrize("doc, words, day", [
    ("ap", "march again on Friday", "2023-03-24"),  # a reported "would": the future as it was told
    ("ap", "debate the finance bill on Monday", "2023-03-27"),  # "is scheduled to"
    ("reuters", "attack a border post on Friday", "2023-03-24"),  # "plan to" in the present
    ("beirut", "to the city on Saturday", "2023-03-25"),  # "said it would send"
    ("washington", "spending bill on Monday", "2023-03-27"),  # "will vote"
    ("afp", "meet unions on Friday", "2023-03-17"),  # a plan told in the past: its day may be gone
    ("washington", "voted on Friday", "2023-03-17"),  # a deed: the past Friday
])
def test_a_weekday_resolves_by_the_tense_of_the_verb_it_is_told_with(wire, doc, words, day):
    analysis, _, claims, _ = wire
    claim = next(c for c in claims if c.doc == doc and words in c.text)
    weekday = words.split()[-1]
    assert [t.resolved for t in claim.times if t.text == weekday] == [day]


def test_one_noun_counted_at_two_named_places_is_no_conflict(nlp):
    ws = _workspace(nlp, {
        "a": "About 300 people in the town of Kasese were left homeless by the floods, the Red Cross said on Monday.",
        "b": "About 500 people in the city of Mbarara were left homeless by the floods, the Red Cross said on Monday.",
    })
    assert ws.analysis is not None
    findings = find(ws.analysis, ws.docs_by_id(), named=ws.named)
    assert not findings.conflicts
    compared = [{f.value for f in x.figures} for x in findings.figures_compared]
    assert {"About 300", "About 500"} in compared


def test_one_place_inside_the_other_keeps_the_conflict(nlp):
    ws = _workspace(nlp, {
        "a": "About 300 people in the town of Kasese were left homeless by the floods, the Red Cross said on Monday.",
        "b": "About 500 people in western Uganda were left homeless by the floods in Kasese, Uganda, "
             "the Red Cross said on Monday.",
    })
    assert ws.analysis is not None
    findings = find(ws.analysis, ws.docs_by_id(), named=ws.named)
    values = [{v.value for v in x.versions} for x in findings.conflicts]
    assert {"About 300", "About 500"} in values
