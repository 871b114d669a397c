"""Propositions that tell one actor's action: a bare surname shared by two people
of the story names neither for sure,
"he" read as the person last named is that person, "X is seen grabbing" tells the
grabbing, and outlets relaying one outlet's report are that one source."""

from __future__ import annotations

from newsprism.model import Article, Entity, Span


def _claims(nlp, texts: dict[str, str]):
    from newsprism.extract.claims import extract_claims
    from newsprism.extract.propositions import propositions
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    ws = Workspace(articles=[Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs)
    return ws.analysis, claims, propositions(claims, ws.analysis, docs)


def test_a_bare_surname_of_two_people_joins_neither(nlp):
    from newsprism.extract.propositions import same_named

    ents = [Entity("E1", "Mary Cheney", "PERSON", (), ()), Entity("E2", "Liz Cheney", "PERSON", (), ()),
            Entity("E3", "Cheney", "PERSON", (), ()), Entity("E4", "Enzi", "PERSON", (), ()),
            Entity("E5", "Mike Enzi", "PERSON", (), ())]
    canon = same_named(ents)
    assert canon["E1"] != canon["E2"]  # the sisters stay two agents
    assert canon["E4"] == canon["E5"]  # one full name ends with the surname: that person


def test_what_someone_is_seen_doing_is_the_action(nlp):
    analysis, claims, props = _claims(nlp, {
        "a": "Bob Etheridge is then seen grabbing the wrist of the young man on the video. The clip is short.",
    })
    names = {e.id: e.name for e in analysis.entities}
    p = next(props[c.id] for c in claims if c.text.startswith("Bob Etheridge"))
    assert p.predicate == "grab", p
    assert any(names.get(a[1:], "").endswith("Etheridge") for a in p.agents if a.startswith("@")), p


def test_he_read_as_the_person_named_is_no_other_agent(nlp):
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity

    _, claims, props = _claims(nlp, {
        "a": "Representative Bob Etheridge walked down the street. He then grabs the man's wrist and refuses to let go.",
        "b": "In the next shot, Bob Etheridge grabs the reporter's wrist and asks him to identify himself.",
    })
    he = next(c for c in claims if c.text.startswith("He then grabs"))
    named = next(c for c in claims if c.doc == "b")
    assert props[he.id].predicate == props[named.id].predicate == "grab"
    verdict = Props(props, PredicateSimilarity(None), 0.6).verdict(he, named)
    assert verdict == "agrees", (props[he.id], props[named.id])


def test_two_relays_of_one_outlet_are_one_source():
    from newsprism.compare.fact_sources import independent_sources
    from newsprism.extract.claims import Claim

    def claim(doc: str, text: str) -> Claim:
        return Claim(id=f"{doc}#0", citation=Span(doc, 0, len(text), text))

    fox = claim("fox", "Mary Cheney blasted her sister on Facebook, The New York Times is reporting.")
    hpo = claim("hpo", "Mary Cheney criticized her sister in a Facebook post, the New York Times reports.")
    cites = {fox.id: {"nyt"}, hpo.id: {"nyt"}}
    # the Times's own report is not among the fact's documents: the two relays are still the Times once
    assert independent_sources(["fox", "hpo"], [fox, hpo], set(), {}, cites) == 1
    assert independent_sources(["fox", "hpo"], [fox, hpo], set(), {}, {}) == 2


def test_two_reports_of_one_outlet_are_one_source():
    # PolNeAR: USA Today's first and updated story of one primary night ("Sanders says he's riding
    # momentum" / "Sanders' winning streak continues") told the win twice: one outlet, not two
    from newsprism.compare.fact_sources import independent_sources
    from newsprism.extract.claims import Claim

    def claim(doc: str, text: str) -> Claim:
        return Claim(id=f"{doc}#0", citation=Span(doc, 0, len(text), text))

    early = claim("usa1", "Bernie Sanders prevailed in Wisconsin's Democratic primary Tuesday.")
    later = claim("usa2", "Bernie Sanders was projected as the winner of Wisconsin's Democratic primary Tuesday.")
    post = claim("wapo", "Sanders won the Wisconsin primary on Tuesday.")
    docs = ["usa1", "usa2", "wapo"]
    outlets = {"usa1": "USA Today", "usa2": "usa today", "wapo": "The Washington Post"}
    assert independent_sources(docs[:2], [early, later], set(), {}, {}, outlets) == 1
    assert independent_sources(docs, [early, later, post], set(), {}, {}, outlets) == 2
    # an outlet nobody knows is nobody's twin
    unknown = {"usa1": None, "usa2": None, "wapo": "unknown"}
    assert independent_sources(docs, [early, later, post], set(), {}, {}, unknown) == 3
