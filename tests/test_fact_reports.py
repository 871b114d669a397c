"""A fact takes a report the alignment left out (its claim not among the best two linked to the
fact's seed pair) when that report's claim states the fact with two of the fact's claims of other
reports (FactParams.other_reports, newsprism.compare.fact_reports); a claim that states it with
one of them only does not join."""

from __future__ import annotations

from dataclasses import replace

from facts_support import aligned_story

_A = ("FBI Director James Comey said on Tuesday that the bureau would not recommend criminal charges against Hillary "
      "Clinton. On Tuesday, James Comey announced that Hillary Clinton was extremely careless with classified material. "
      "The investigation began last year. Donald Trump called the decision a disgrace.")
_B = ("The FBI will not recommend charges against Hillary Clinton over her use of a private email server, Director James "
      "Comey said Tuesday. Hillary Clinton and her aides had been extremely careless with classified material on a "
      "private server, James Comey said. Republicans in Congress vowed to hold hearings on the decision.")
_C_REST = " The decision ends a yearlong investigation of her email server. The Clinton campaign welcomed the news."


def _story(nlp, texts: dict[str, str]):
    graph, analysis, docs, embedder = aligned_story(nlp, texts)
    # the alignment grew one fact from the "careless" claims of reports a and b and left report c out
    seed = tuple(c.id for c in graph.claims if c.doc in ("a", "b") and "careless" in c.text)
    assert len(seed) == 2
    return replace(graph, groups=(seed,)), analysis, docs, embedder


def _cited(facts) -> list[set[str]]:
    return [{s.citation.doc for s in f.support if s.strength == "same fact"} for f in facts if len(f.docs) > 1]


def test_a_report_left_out_of_a_fact_joins_it_when_it_states_it_with_two_reports(nlp):
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.facts import build_facts

    graph, analysis, docs, embedder = _story(nlp, {
        "a": _A, "b": _B,
        "c": "James Comey said on Tuesday that Hillary Clinton had been extremely careless in handling classified "
             "material." + _C_REST,
    })
    on = build_facts(graph, analysis, FactParams(), docs=docs, embedder=embedder)
    assert _cited(on) == [{"a", "b", "c"}], [(f.headline.text, f.docs) for f in on]
    fact = next(f for f in on if len(f.docs) > 1)
    assert fact.sources == 3
    # every citation is the claim's own text at its place in its report
    for s in fact.support:
        assert docs[s.citation.doc].text[s.citation.start:s.citation.end] == s.citation.text
    off = build_facts(graph, analysis, replace(FactParams(), other_reports=False), docs=docs, embedder=embedder)
    assert _cited(off) == [{"a", "b"}]


def test_a_claim_stating_the_fact_with_one_report_only_does_not_join(nlp):
    # c's claim states the fact with b's claim by the link rules, not with a's (another act told by
    # Comey the same day): one link is what the alignment had, no reason to join
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.facts import build_facts

    graph, analysis, docs, embedder = _story(nlp, {
        "a": _A, "b": _B,
        "c": "James Comey said on Tuesday that Hillary Clinton had turned over thousands of work emails to the State "
             "Department." + _C_REST,
    })
    assert _cited(build_facts(graph, analysis, FactParams(), docs=docs, embedder=embedder)) == [{"a", "b"}]
