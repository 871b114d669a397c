"""A definite description stands for the one entity its report described with that noun.

"After a few seconds, the congressman grabs the camera" follows "Rep. Bob Etheridge" in the same
report: who did it is Etheridge, so another report's "Etheridge apologized" names no other doer.
Two people described alike, an indefinite ("a congressman"), a noun restricted by a complement of
its own ("the director of the committee"), a person's noun beside an organisation's name ("House
Speaker"): nobody. The texts are shortened from public reports (BASIL's reports of Rep. Etheridge's
sidewalk scuffle), and invented variants of them.
"""

from __future__ import annotations

from newsprism.compare.described_doers import DESCRIBED, GUESSED, described_doers
from newsprism.compare.fact_links import claim_agents
from newsprism.compare.findings import find
from newsprism.extract.claims import extract_claims
from newsprism.model import Article
from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

FOX = (
    "Rep. Bob Etheridge issued an apology on Monday for grabbing a student on a Washington sidewalk.\n\n"
    "The video shows the two students asking him whether he supports the Obama agenda."
)
NYT = (
    "WASHINGTON — Representative Bob Etheridge, Democrat of North Carolina, was caught on video last week "
    "in a confrontation with two young men on a sidewalk.\n\n"
    "The congressman issued an apology on Monday for grabbing a young man on a Washington sidewalk last week."
)
# two congressmen named before "the congressman": it is not known which
TWO = (
    "WASHINGTON — Representative Bob Etheridge and Representative Walter Jones were caught on video last "
    "week in a confrontation with two young men on a sidewalk.\n\n"
    "The congressman issued an apology on Monday for grabbing a student on a Washington sidewalk."
)
INDEFINITE = (
    "WASHINGTON — Representative Bob Etheridge, Democrat of North Carolina, was caught on video last week "
    "in a confrontation with two young men on a sidewalk.\n\n"
    "A congressman issued an apology on Monday for grabbing a student on a Washington sidewalk."
)
# Fox describes him so, the Times only names him before its "the congressman"
NAMED_ONLY = (
    "WASHINGTON — Bob Etheridge of North Carolina was caught on video last week in a confrontation with two "
    "young men on a sidewalk.\n\n"
    "The congressman issued an apology on Monday for grabbing a young man on a Washington sidewalk last week."
)
RESTRICTED = (
    "WASHINGTON — Rep. Bob Etheridge, Democrat of North Carolina, was caught on video last week "
    "in a confrontation with two young men on a sidewalk.\n\n"
    "The congressman from Ohio issued an apology on Monday for grabbing a student on a Washington sidewalk."
)


def _workspace(nlp, texts: dict[str, str]) -> Workspace:
    ws = Workspace(articles=[Article(id=k, text=v, published="2010-06-14", outlet=f"Outlet {k}")
                             for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    return ws


def _doers(nlp, texts: dict[str, str]) -> tuple[dict[str, frozenset[str]], Workspace, list]:
    ws = _workspace(nlp, texts)
    assert ws.analysis is not None
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs, named=ws.named)
    return described_doers(claims, ws.analysis, docs, claim_agents(claims, ws.analysis, docs)), ws, claims


def test_the_congressman_stands_for_the_representative_his_report_named(nlp):
    doers, ws, claims = _doers(nlp, {"fox": FOX, "nyt": NYT})
    assert ws.analysis is not None
    etheridge = next(e.id for e in ws.analysis.entities if e.name.endswith("Etheridge"))
    told = next(c for c in claims if c.doc == "nyt" and c.text.startswith("The congressman"))
    assert doers[told.id] == {etheridge, DESCRIBED, GUESSED}
    # ... so Fox's "Rep. Bob Etheridge issued an apology" and it are one fact
    findings = find(ws.analysis, ws.docs_by_id(), named=ws.named)
    assert [f for f in findings.corroborated if any(c.doc == "nyt" and "The congressman" in c.text for c in f.citations)
            and any(c.doc == "fox" and "issued an apology" in c.text for c in f.citations)], \
        [(f.about, f.docs) for f in findings.corroborated]


def test_a_description_two_people_fit_or_a_new_one_stands_for_nobody(nlp):
    for text in (TWO, INDEFINITE, RESTRICTED):
        doers, _ws, claims = _doers(nlp, {"fox": FOX, "nyt": text})
        told = next(c for c in claims if c.doc == "nyt" and "issued an apology" in c.text)
        assert GUESSED not in doers.get(told.id, frozenset()), text


def test_a_description_another_report_gives_stands_for_the_one_it_named_before(nlp):
    doers, ws, claims = _doers(nlp, {"fox": FOX, "nyt": NAMED_ONLY})
    assert ws.analysis is not None
    etheridge = next(e.id for e in ws.analysis.entities if e.name.endswith("Etheridge"))
    told = next(c for c in claims if c.doc == "nyt" and c.text.startswith("The congressman"))
    assert doers[told.id] == {etheridge, DESCRIBED, GUESSED}  # Fox's "Rep. Bob Etheridge"


NAACP = "The NAACP approved a resolution on Tuesday condemning racist elements within the Tea Party."
# what a name owns is no description of it: "the NAACP resolution" is not the NAACP
OWNED = (
    "KANSAS CITY — Delegates at the convention passed the NAACP resolution on Tuesday.\n\n"
    "The resolution targets racist elements within the Tea Party movement."
)


def test_a_thing_a_name_owns_is_no_description_of_it(nlp):
    doers, _ws, claims = _doers(nlp, {"fox": NAACP, "nyt": OWNED})
    told = next(c for c in claims if c.doc == "nyt" and c.text.startswith("The resolution targets"))
    assert GUESSED not in doers.get(told.id, frozenset())
