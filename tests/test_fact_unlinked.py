"""Two claims the alignment scored high but did not link (neither among the other's best few)
state one fact when both main verbs tell the same action on the same resolved people and the
pair holds as one (FactParams.unlinked_pairs); a side word in common ("aimed her victory
speech" / "won the primary") or a bare verb of saying is not enough."""

from __future__ import annotations

from dataclasses import replace

from facts_support import aligned_story


def _story(nlp, texts: dict[str, str]):
    graph, analysis, docs, embedder = aligned_story(nlp, texts)
    # the alignment linked nothing: what the facts find, they find from the pair scores
    return replace(graph, alignments=(), groups=()), analysis, docs, embedder


def _cited(facts) -> list[set[str]]:
    return [{s.citation.doc for s in f.support if s.strength == "same fact"} for f in facts if len(f.docs) > 1]


def test_the_same_action_on_the_same_people_is_one_fact_though_unlinked(nlp):
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.facts import build_facts

    graph, analysis, docs, embedder = _story(nlp, {
        "a": "On Tuesday, James Comey announced that Hillary Clinton was extremely careless with classified material.",
        "b": "Hillary Clinton and her aides had been extremely careless with classified material on a private server, "
             "James Comey said.",
    })
    on = build_facts(graph, analysis, FactParams(), docs=docs, embedder=embedder)
    assert {"a", "b"} in _cited(on), [f.headline.text for f in on]
    # (argument_links, the other route for a pair the alignment left unlinked, off too)
    off = build_facts(graph, analysis, replace(FactParams(), unlinked_pairs=False, argument_links=False), docs=docs,
                      embedder=embedder)
    assert _cited(off) == []


def test_a_side_word_in_common_is_no_fact(nlp):
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.facts import build_facts

    graph, analysis, docs, embedder = _story(nlp, {
        "a": "Hillary Clinton also won the Democratic primary in Virginia on Tuesday night.",
        "b": "Hillary Clinton aimed her victory speech in Virginia on Tuesday night at Donald Trump.",
    })
    assert _cited(build_facts(graph, analysis, FactParams(), docs=docs, embedder=embedder)) == []
