"""A lede that names its doer late stands for the one its headline opens with.

"One of the nation's largest and oldest civil rights groups passed a resolution Tuesday" under the
headline "N.A.A.C.P. Challenges Tea Party on Racism" tells what "The NAACP adopted a resolution
Tuesday" tells. Under a headline opening with another name the description is nobody known. The texts are shortened from public reports (BASIL's reports of the
NAACP's resolution on the Tea Party, July 2010) and invented variants of them.
"""

from __future__ import annotations

from newsprism.compare.described_doers import GUESSED, described_doers
from newsprism.compare.fact_links import claim_agents
from newsprism.compare.findings import find
from newsprism.extract.claims import extract_claims
from newsprism.model import Article
from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

NYT = (
    "One of the nation’s largest and oldest civil rights groups passed a resolution Tuesday calling for "
    "Tea Party groups to weed “racist elements” out of their ranks.\n\n"
    "Delegates at the annual convention of the National Association for the Advancement of Colored People "
    "approved the measure Tuesday in Kansas City.\n\n"
    "Benjamin Todd Jealous, the president of the N.A.A.C.P., said the resolution was not an attempt to label "
    "the entire Tea Party movement as racist."
)
FOX = (
    "The NAACP passed a resolution Tuesday calling on Tea Party groups to repudiate \"racist elements\" in "
    "their ranks, despite claims from Tea Partiers that the measure is just a political ploy.\n\n"
    "The nation's leading civil rights group took up the language at its annual convention in Kansas City, Mo."
)


def _workspace(nlp, nyt_title: str) -> Workspace:
    ws = Workspace(articles=[
        Article(id="nyt", text=NYT, published="2010-07-13", outlet="Outlet nyt", title=nyt_title),
        Article(id="fox", text=FOX, published="2010-07-13", outlet="Outlet fox",
                title="NAACP Resolution Calls on Tea Party to Repudiate 'Racist Elements'"),
    ])
    run_stages(ws, CORE_STAGES, nlp)
    return ws


def _lede_doer(nlp, nyt_title: str) -> tuple[frozenset[str], dict[str, str]]:
    ws = _workspace(nlp, nyt_title)
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs, named=ws.named)
    agents = claim_agents(claims, ws.analysis, docs)
    doers = described_doers(claims, ws.analysis, docs, agents)
    lede = next(c for c in claims if c.doc == "nyt" and c.start == 0)
    return doers.get(lede.id, frozenset()), {e.id: e.name for e in ws.analysis.entities}


def test_lede_description_stands_for_the_headlines_first_name(nlp) -> None:
    doer, names = _lede_doer(nlp, "N.A.A.C.P. Challenges Tea Party on Racism")
    assert GUESSED in doer
    assert any("Colored People" in names[e] or "NAACP" in names[e] for e in doer if e in names)


def test_lede_under_another_name_or_naming_it_is_nobody(nlp) -> None:
    doer, _ = _lede_doer(nlp, "Tea Party Faces Charge of Racism")
    assert not doer


def test_delayed_lede_corroborates_the_named_lede(nlp) -> None:
    ws = _workspace(nlp, "N.A.A.C.P. Challenges Tea Party on Racism")
    found = find(ws.analysis, ws.docs_by_id(), named=ws.named)
    assert any({c.doc for c in f.citations} == {"nyt", "fox"} and any(
        c.doc == "nyt" and c.start == 0 for c in f.citations) for f in found.corroborated)
