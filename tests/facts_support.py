"""Short stories parsed the way the pipeline parses them, for the fact-linking tests
(test_fact_*.py): claims with their propositions, or claims aligned into a graph."""

from __future__ import annotations

from newsprism.model import Article


def _claims(nlp, texts: dict[str, str]):
    from newsprism.extract.claims import extract_claims
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    ws = Workspace(articles=[Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    return extract_claims(ws.analysis, docs), ws.analysis, docs


def parsed_claims(nlp, texts: dict[str, str]):
    """(claims, propositions) of the reports ``texts`` (doc id -> text), each its own outlet."""
    from newsprism.extract.propositions import propositions

    claims, analysis, docs = _claims(nlp, texts)
    return claims, propositions(claims, analysis, docs)


def aligned_story(nlp, texts: dict[str, str]):
    """(alignment graph, analysis, parsed docs, embedder) of the reports ``texts``."""
    from newsprism.compare.align import align_claims
    from newsprism.compare.embed import default_embedder

    claims, analysis, docs = _claims(nlp, texts)
    embedder = default_embedder()
    return align_claims(claims, embedder), analysis, docs, embedder
