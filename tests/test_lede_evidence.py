"""Who did it and who is named, not how each report words them.

- Who did it: a doer the other report only describes ("a National Rifle Association task force
  released a report on school safety") stands for the person the story says led it ("Asa
  Hutchinson ... who led the task force"), no other doer than the one HuffPost names ("Former Rep.
  Asa Hutchinson ... released a report on school safety"); a second named doer still is.
- A report names a person as it likes: the title and name of someone both reports name count as
  stated when a summary sentence is cited ("Director of National Intelligence James Clapper" /
  "Mr. Clapper").

The texts are the openings of public reports (BASIL's reports of the NRA school-safety report
and of the NSA leak), shortened.
"""

from __future__ import annotations

import pytest

from newsprism.compare.described_doers import DESCRIBED, described_doers
from newsprism.compare.fact_links import claim_agents
from newsprism.compare.findings import find
from newsprism.compare.fact_text import told_by_each
from newsprism.compare.summary_parts import naming_terms
from newsprism.extract.claims import extract_claims
from newsprism.model import Article, Span
from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

HPO_NRA = (
    "WASHINGTON -- Former Rep. Asa Hutchinson (R-Ark.) on Tuesday released a report on school safety "
    "funded by the National Rifle Association.\n\n"
    "The report was prepared by a 12-person task force led by Hutchinson."
)
NYT_NRA = (
    "WASHINGTON — With the Senate set to debate gun control this month, a National Rifle Association task force "
    "released a report on school safety on Tuesday that called for armed officers in every American school.\n\n"
    "Asa Hutchinson, a former Republican congressman from Arkansas who led the task force, unveiled the report "
    "at a packed news conference."
)
# the same report given to another named doer: a different doer, not a description of the same
OTHER_NRA = (
    "WASHINGTON — With the Senate set to debate gun control this month, Senator Chris Murphy released a "
    "report on school safety on Tuesday that called for armed officers in every American school.\n\n"
    "Murphy, a Connecticut Democrat, unveiled the report at a packed news conference."
)
FOX_NSA = (
    "Director of National Intelligence James Clapper issued a statement late Thursday decrying the leak of the "
    "materials.\n\n"
    "The program collects the phone records of millions of Americans, officials said."
)
NYT_NSA = (
    "But in a statement, after denouncing the leak of the data to The Guardian and The Washington Post, "
    "Mr. Clapper insisted it was \u201cnot an undisclosed collection or data mining program.\u201d\n\n"
    "The program collects the phone records of millions of Americans, officials said."
)


def _workspace(nlp, texts: dict[str, str]) -> Workspace:
    ws = Workspace(articles=[Article(id=k, text=v, published="2016-12-14", outlet=f"Outlet {k}")
                             for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    return ws


def test_a_described_doer_stands_for_the_person_the_story_ties_it_to(nlp):
    from newsprism.extract.word_senses import noun_senses

    if noun_senses() is None:
        pytest.skip("WordNet (the [wordnet] extra) tells a body of people ('task force') from other nouns")
    ws = _workspace(nlp, {"hpo": HPO_NRA, "nyt": NYT_NRA})
    assert ws.analysis is not None
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs, named=ws.named)
    agents = claim_agents(claims, ws.analysis, docs)
    hpo = next(c for c in claims if c.doc == "hpo" and "released" in c.text)
    nyt = next(c for c in claims if c.doc == "nyt" and "released" in c.text)
    hutchinson = next(e.id for e in ws.analysis.entities if e.name.endswith("Hutchinson"))
    assert agents[hpo.id] == {hutchinson}
    assert nyt.id not in agents  # "a National Rifle Association task force": named by no name of its own
    # ... but "Asa Hutchinson ... who led the task force", "a ... task force led by Hutchinson"
    assert described_doers(claims, ws.analysis, docs, agents)[nyt.id] == {hutchinson, DESCRIBED}
    findings = find(ws.analysis, docs, named=ws.named)
    told = [f for f in findings.corroborated if {"hpo", "nyt"} <= set(f.docs)
            and any("released a report" in c.text for c in f.citations if c.doc == "hpo")
            and any("released a report" in c.text for c in f.citations if c.doc == "nyt")]
    assert told, [(f.about, f.docs) for f in findings.corroborated]


def test_another_named_doer_still_is_another_doer(nlp):
    ws = _workspace(nlp, {"hpo": HPO_NRA, "other": OTHER_NRA})
    assert ws.analysis is not None
    findings = find(ws.analysis, ws.docs_by_id(), named=ws.named)
    assert not [f for f in findings.corroborated
                if any("Hutchinson" in c.text and "released" in c.text for c in f.citations)
                and any("Murphy released" in c.text for c in f.citations)]


def test_a_persons_title_and_name_count_as_stated_by_a_report_naming_them(nlp):
    ws = _workspace(nlp, {"fox": FOX_NSA, "nyt": NYT_NSA})
    assert ws.analysis is not None
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs, named=ws.named)
    sentence = FOX_NSA.split("\n\n")[0]
    head = Span("fox", 0, len(sentence), sentence)
    own = [c for c in claims if c.doc == "fox" and c.start < head.end]
    same = [c for c in claims if c.doc == "nyt" and "Clapper" in c.text]
    terms = naming_terms(docs["fox"], head, same)
    assert {"director", "intelligence", "james", "clapper"} <= terms["nyt"]
    assert not terms["nyt"] & {"statement", "leak", "issue"}  # what it says is not a name
    # a third of the sentence's words is what a report must state to be cited with it
    assert told_by_each(head, same, own)["nyt"] < 1 / 3 <= told_by_each(head, same, own, terms)["nyt"]


def test_an_open_basil_events_summary_is_the_statement_both_report(nlp, shared_dir):
    """BASIL a4f1d515 (2013, the NSA leak; an open event, in no gold set) had no summary: Fox's
    sentence on Clapper's statement was cited to no other report, the Times naming him "Mr. Clapper"
    with no title."""
    import json

    from newsprism.compare.embed import default_embedder
    from newsprism.pipeline import run_pipeline

    articles = []
    for path in sorted((shared_dir / "datasets" / "basil" / "articles" / "2013").glob("a4f1d515-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        body = "\n\n".join(" ".join(p) if isinstance(p, list) else str(p) for p in data["body-paragraphs"])
        articles.append(Article(id=data["source"], text=body, title=data.get("title"), outlet=data["source"]))
    if len(articles) != 3:
        pytest.skip("BASIL event a4f1d515 is absent")
    analysis = run_pipeline(articles, nlp, embedder=default_embedder())
    summary = [(s.text, {c.doc for c in s.citations}) for s in analysis.findings.summary]
    assert any(text.startswith("Director of National Intelligence James Clapper issued a statement") and docs == {"fox", "nyt"}
               for text, docs in summary), summary
