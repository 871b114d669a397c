"""Clause facts (newsprism.compare.clause_facts): one proposition two outlets tell in a clause of
longer sentences about other things is a corroborated fact, citing the clauses only, while each
sentence's main fact stays where it was. A clause under a question, a condition or a negation, or
the same act done to other things, is none."""

from __future__ import annotations

from facts_support import aligned_story

from newsprism.model import Article

_HALE = {
    "a": "Prosecutors say Tom Hale, who resigned from the city council in March amid a bribery investigation, "
         "spent campaign money on a fishing boat and a cabin.",
    "b": "Tom Hale was first elected in 2004 and resigned from the city council in March amid a bribery "
         "investigation by the FBI.",
}


def _facts(nlp, texts: dict[str, str], **params):
    from newsprism.compare.facts import FactParams, build_facts

    graph, analysis, docs, embedder = aligned_story(nlp, texts)
    return build_facts(graph, analysis, FactParams(**params), docs, embedder), texts


def _clause_facts(facts):
    return [f for f in facts if len(f.docs) >= 2 and all("@" in s.claim for s in f.support)]


def test_a_fact_two_outlets_tell_in_a_clause_is_corroborated_citing_the_clauses(nlp):
    from newsprism.compare.fact_text import reads_whole

    facts, texts = _facts(nlp, _HALE)
    found = _clause_facts(facts)
    assert len(found) == 1, [(f.headline.text, [s.citation.text for s in f.support]) for f in facts]
    fact = found[0]
    cited = {s.citation.doc: s.citation.text for s in fact.support}
    # the clauses, verbatim, not the sentences (whose main facts differ)
    assert set(cited) == {"a", "b"}
    assert all("resigned from the city council in March amid a bribery investigation" in t for t in cited.values()), cited
    assert "fishing boat" not in cited["a"] and "2004" not in cited["b"], cited
    for s in fact.support:
        assert texts[s.citation.doc][s.citation.start:s.citation.end] == s.citation.text
        assert s.strength == "same fact"
    # each sentence's main fact is still its report's own, headed by its sentence
    single = [f.headline.text for f in facts if len(f.docs) == 1]
    assert any("fishing boat" in h for h in single) and any("2004" in h for h in single), single
    # so the clause fact is headed by its clause (verbatim) and read as a sentence of the report's
    # words, the subject the clause shares put first; no two facts share a headline
    assert fact.headline.text in cited.values() and fact.headline.text in texts[fact.headline.doc]
    assert fact.statement is not None and reads_whole(fact.statement), fact.statement
    assert fact.statement.startswith("Tom Hale resigned from the city council"), fact.statement
    heads = [" ".join(f.headline.text.lower().split()) for f in facts]
    assert len(heads) == len(set(heads))
    # off: no fact of the clauses
    assert _clause_facts(_facts(nlp, _HALE, clause_facts=False)[0]) == []


def test_the_report_with_a_clause_fact_passes_its_check(nlp):
    from newsprism.check import check_report
    from newsprism.model import to_jsonable
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in _HALE.items()], nlp)
    cited = [{c.doc: c.text for c in item.citations} for item in analysis.findings.corroborated]
    assert any(set(c) == {"a", "b"} and all("bribery investigation" in t and "boat" not in t for t in c.values())
               for c in cited), cited
    assert check_report(to_jsonable(analysis)) == []


def test_a_clause_asked_about_or_done_to_other_things_is_no_fact(nlp):
    from newsprism.compare.clause_facts import clauses_of
    from newsprism.extract.propositions import propositions

    # asked whether he did it: a question, not a statement that he did — neither the claim (whose
    # proposition is the resignation, through "asked") nor its clause is read as stating it
    graph, analysis, docs, _ = aligned_story(nlp, {
        "a": "Reporters asked whether Tom Hale resigned from the city council in March amid a bribery investigation, "
             "but his office declined to comment on the fishing season.",
        "b": "Tom Hale was first elected in 2004 and resigned from the city council in March amid a bribery "
             "investigation by the FBI.",
    })
    pieces, of = clauses_of(graph.claims, analysis, docs, propositions(graph.claims, analysis, docs))
    resign = [p.claim.text for p in pieces if of[p.claim.id].predicate == "resign"]
    assert resign and all(p.doc == "b" for p in pieces if of[p.claim.id].predicate == "resign"), resign
    # the same act on other things: two facts, not one
    other, _ = _facts(nlp, {
        "a": "After a brief fight near the harbour, the Coast Guard cutter Hamilton captured three fishing boats, "
             "officials said on Monday.",
        "b": "The patrol ended on Monday, and the Hamilton captured fourteen rifles and two radios near the harbour.",
    })
    assert _clause_facts(other) == []


def test_a_clause_with_treebank_quotation_marks_is_no_statement(nlp):
    # ECB+ 2ecb (text rebuilt from tokens): the parse ran "that Hugh Jackman will be this year 's Oscar host"
    # on into the next clause; its words with `` '' are someone's title or words, not a sentence of the report
    from newsprism.compare.clause_facts import _piece, _statement

    def statement(text: str) -> str | None:
        doc = nlp(text)
        verb = next(t for t in doc if t.dep_ == "ccomp")
        rng = _piece(doc, verb, 0, len(doc))
        return None if rng is None else _statement(doc, verb, *rng)

    assert statement("As word got out Friday that Hugh Jackman will be this year 's Oscar host , a clip from the "
                     "2004 Tony telecast of his performance from `` The Boy From Oz '' made the rounds .") is None
    plain = statement("Officials said on Friday that Hugh Jackman will be the host of the Oscars in February .")
    assert plain is not None and plain.startswith("Hugh Jackman will be the host"), plain


def test_what_a_passive_clause_tells_of_the_subject_it_shares_was_done_to_it(nlp):
    """BASIL f506aafc (dev): "Elected to Congress in 1995 ..., Mr. Jackson was once ..." / "Jackson was first
    elected to office in 1995": the one elected, not the one who elects, in both; so the two clauses agree
    on him in one role. A relative clause in the passive ("who was elected") is read alike."""
    from newsprism.compare.clause_facts import clause_pairs, clauses_of
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity
    from newsprism.extract.propositions import StoryReads, propositions
    from facts_support import _claims

    texts = {
        "a": "Elected to the city council in 2004 at the age of 30, Tom Hale was once one of the most prominent "
             "young politicians in the city.",
        "b": "Prosecutors say Tom Hale, who was elected to the city council in 2004, spent campaign money on a "
             "fishing boat.",
    }
    claims, analysis, docs = _claims(nlp, texts)
    reads = StoryReads.of(analysis)
    pieces, of = clauses_of(claims, analysis, docs, propositions(claims, analysis, docs, reads), reads)
    elected = [p for p in pieces if not p.whole and of[p.claim.id].predicate == "elect"]
    assert {p.doc for p in elected} == {"a", "b"}
    hale = {e.id for e in analysis.entities if e.name.endswith("Hale")}
    for p in elected:
        prop = of[p.claim.id]
        assert {"@" + h for h in hale} & prop.patients and not {"@" + h for h in hale} & prop.agents, prop
    props = Props(of, PredicateSimilarity(None), 0.6, True)
    found = clause_pairs(pieces, props, {"a": "A", "b": "B"}, set())
    assert any({pieces[x].doc, pieces[y].doc} == {"a", "b"} and pieces[x] in elected and pieces[y] in elected
               for x, y in found)


_JACKSON = {
    "a": "Jesse Jackson Jr. resigned from Congress in November amid a federal investigation into his spending.",
    "b": "The former co-chairman of Barack Obama's campaign, Jesse Jackson Jr. was first elected to office in 1995 "
         "and resigned from Congress in November amid a federal investigation into his spending.",
    "c": "Elected to Congress in 1995 at the age of 30, Jesse Jackson Jr. was once among the most prominent "
         "young Democrats in Chicago.",
}


def test_a_sentence_in_a_fact_by_its_closing_clause_tells_its_main_clause_as_a_second_fact(nlp):
    facts, texts = _facts(nlp, _JACKSON)
    multi = [f for f in facts if len(f.docs) >= 2]
    shown = [(f.headline.text, [(s.claim, s.citation.text) for s in f.support]) for f in multi]
    # the resignation: a and b, b cited by its closing clause only
    resigned = [f for f in multi if set(f.docs) >= {"a", "b"}]
    assert len(resigned) == 1, shown
    cited_b = [s.citation.text for s in resigned[0].support if s.citation.doc == "b"]
    assert cited_b and all("resigned from Congress" in t and "1995" not in t for t in cited_b), shown
    # the election in 1995: b's main clause and c's opening clause, a fact of its own
    elected = [f for f in multi if set(f.docs) == {"b", "c"}]
    assert len(elected) == 1, shown
    cited = {s.citation.doc: s.citation.text for s in elected[0].support}
    assert "elected to office in 1995" in cited["b"] and "resigned" not in cited["b"], cited
    assert "Elected to Congress in 1995" in cited["c"] and "Democrats" not in cited["c"], cited
    for f in multi:
        for s in f.support:
            assert texts[s.citation.doc][s.citation.start:s.citation.end] == s.citation.text
    # one proposition, one fact: b's two clauses cite apart; no headline or citation set twice
    spans = [(s.citation.start, s.citation.end) for f in multi for s in f.support if s.citation.doc == "b"]
    assert len(spans) == 2 and (spans[0][1] <= spans[1][0] or spans[1][1] <= spans[0][0]), spans
    heads = [" ".join(f.headline.text.lower().split()) for f in facts]
    assert len(heads) == len(set(heads))
    # off: c's clause is no fact with b's main clause
    off = _facts(nlp, _JACKSON, second_propositions=False)[0]
    assert not [f for f in off if set(f.docs) == {"b", "c"}]
