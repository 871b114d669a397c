"""Findings on hand-made texts, and the seed story scored against expected.yaml.

The seed matcher. expected.yaml describes each item in words; to score it
exactly, ANCHORS below locates each item in the source texts: for every listed
document, one or more verbatim snippets that state it, chosen by reading the
three articles (not the program's output). An expected item is found when a
finding of the right section cites, in EVERY listed document, a span that
overlaps one of that document's snippets:

- corroborated: one corroborated finding covering all listed documents;
- single_source: a single-source finding of that document;
- conflicts: one conflict finding whose cited spans overlap a snippet of every
  expected version (so both sides of the disagreement are shown, each cited);
  a reported conflict that matches no expected one is counted as spurious;
- shared quote: a shared-quote finding whose versions contain each fragment
  (quotes, dashes and whitespace normalised) and flag the wording as different.
"""

from __future__ import annotations

import re
import time

import pytest

from newsprism.model import Entity, Mention, Span, StoryAnalysis, to_jsonable

# item -> {doc prefix: snippets}; order follows expected.yaml
ANCHORS = {
    "corroborated": [
        {"000": ["deal between Russia and Turkey", "a deal brokered by Russia"],
         "001": ["mediated late Tuesday by Turkey and Russia"], "002": ["Brokered by Russia and Turkey"]},
        {"000": ["resumed booms of incoming artillery", "as buses idled, the shelling resumed"],
         "001": ["unraveled on Wednesday", "The evacuation was to have begun at dawn Wednesday"],
         "002": ["Shelling resumed in Aleppo on Dec. 14", "broke down Wednesday as fresh fighting raged"]},
        {"000": ["But the vans returned soon after"], "001": ["they were turned away by pro-government militias"],
         "002": ["evacuation buses were forced to turn away", "evacuation buses were returning to their depots"]},
        {"000": ["ended their siege of Fouaa and Kfarya", "were insisting on new conditions"],
         "001": ["adding new conditions", "imposing new conditions"], "002": ["imposed new conditions"]},
        {"000": ["rebel groups announced a new deal"], "001": ["the rebels said the deal was back on"]},
        {"000": ["the Syrian military denied that another deal"], "001": ["The Syrian military media denied"]},
        {"001": ["shelling the pro-government villages of Foua and Kfraya"], "002": ["rebels shelled the villages"]},
        {"001": ["Cavusoglu later spoke with U.S. Secretary of State John Kerry"],
         "002": ["Kerry spoke with Turkish Foreign Minister Mevlut Cavusoglu"]},
    ],
    "single_source": [
        {"000": ["calling it a probable war crime"]},
        {"000": ["The Russian Defense Ministry blamed the rebels"]},
        {"001": ["keep the terrorists and save them"]},
        {"001": ["some civilians set fire to their homes"]},
        {"002": ["launching mortar attacks on the beleaguered town of Madaya"]},
        {"002": ["crossed all the lines"]},
        {"002": ["huddled in a basement orphanage"]},
    ],
    # per expected conflict: one {doc: snippets} per version
    "conflicts": [
        [{"000": ["ended their siege of Fouaa and Kfarya"],
          "001": ["lifting of a rebel siege", "lifting the opposition's monthslong siege"]},
         {"002": ["simultaneous evacuation of wounded"]}],
        [{"000": ["two weeks of rapid advances"]}, {"002": ["month-long offensive"]}],
        [{"000": ["identified only by his first name", "an accountant"]},
         {"002": ["Yasser Hemeish", "a former accountant"]}],
        [{"000": ["thousands trapped"]},
         {"001": ["tens of thousands of civilians", "more than 15,000 civilians"]}],
    ],
}


def _ranges(texts: dict[str, str], doc: str, snippets: list[str]) -> list[tuple[int, int]]:
    out = []
    for snippet in snippets:
        at = texts[doc].find(snippet)
        assert at >= 0, f"anchor {snippet!r} is not in {doc}"  # the annotation itself must be right
        out.append((at, at + len(snippet)))
    return out


def _cites(spans, doc: str, ranges) -> bool:
    return any(s.doc == doc and any(s.start < hi and lo < s.end for lo, hi in ranges) for s in spans)


def _doc_of(ids, key: str) -> str:
    return next(d for d in ids if d.startswith(key))


# ------------------------------------------------------------- small, hand-checkable


def _analysis(texts: dict[str, str], entities=()) -> StoryAnalysis:
    from newsprism.model import DocumentInfo

    docs = tuple(
        DocumentInfo(i, None, None, None, None, None, False, (), None, None, (), None, t) for i, t in texts.items()
    )
    return StoryAnalysis(documents=docs, entities=tuple(entities), quotes=(), figures=(), times=())


def test_conflicting_durations_and_counts_across_outlets(nlp):
    from newsprism.findings import find

    texts = {
        "a": "The deal came after two weeks of rapid advances by the army. It was the latest blow for the thousands trapped in the city.",
        "b": "After a month-long offensive, loyalists surrounded the rebels. Tens of thousands of civilians were trapped in the ruins.",
    }
    an = _analysis(texts)
    findings = find(an, {k: nlp(v) for k, v in texts.items()})
    slots = {f.slot for f in findings.conflicts}
    assert {"duration", "figure"} <= slots
    for f in findings.conflicts:
        assert f.between == "outlets"
        for s in f.citations:
            assert texts[s.doc][s.start : s.end] == s.text


def test_same_numbers_in_one_outlet_are_not_a_conflict(nlp):
    from newsprism.findings import find

    texts = {
        "a": "Two weeks of fighting ended. After a month-long offensive, loyalists surrounded the rebels.",
        "b": "Buses left the city at dawn on Wednesday.",
    }
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert findings.conflicts == ()


def test_party_denial_is_a_dispute_not_an_outlet_conflict(nlp):
    from newsprism.findings import find

    texts = {
        "a": "Russia categorically denied the reports of killings in the city.",
        "b": "Officials in the city said the buses were waiting at the checkpoints.",
    }
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert findings.conflicts == ()
    assert [d.versions[0].attributed_to for d in findings.disputes] == ["Russia"]
    assert findings.disputes[0].between == "parties"


def test_role_conflict_needs_the_same_resolved_person(nlp):
    from newsprism.findings import find

    texts = {
        "a": "Yasser, an accountant in the clinic, posted a photograph of the injured girl.",
        "b": "Yasser Hemeish, a former accountant, wrote in a message to journalists that they want to leave.",
    }
    person = Entity(
        "E1", "Yasser Hemeish", "PERSON", ("Yasser", "Yasser Hemeish"),
        (Mention("a", 0, 6, "Yasser", "PERSON"), Mention("b", 0, 14, "Yasser Hemeish", "PERSON")),
        (Span("a", 8, 21, "an accountant"), Span("b", 16, 34, "a former accountant")),
    )
    findings = find(_analysis(texts, [person]), {k: nlp(v) for k, v in texts.items()})
    # one conflict per person: the role ("an accountant" vs "a former accountant") and
    # the name (first name only in a, full name in b) are both how b and a identify him
    assert [f.slot for f in findings.conflicts] == ["identity"]
    assert {v.value for v in findings.conflicts[0].versions} == {
        "an accountant", "a former accountant", "Yasser", "Yasser Hemeish"
    }
    # without the resolution the two are not known to be one person: no conflict
    unresolved = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert unresolved.conflicts == ()


def test_surname_only_is_not_a_first_name_identity_conflict(nlp):
    from newsprism.findings import find

    texts = {
        "a": "Kerry spoke with the Turkish foreign minister on Wednesday about the convoys.",
        "b": "Secretary of State John Kerry said the convoys must be allowed to leave the city.",
        "c": "John said the convoys must be allowed to leave the city, asking to be identified only by his first name.",
    }
    kerry = Entity(
        "E1", "John Kerry", "PERSON", ("Kerry", "John Kerry"),
        (Mention("a", 0, 5, "Kerry", "PERSON"), Mention("b", 19, 29, "John Kerry", "PERSON")),
    )
    findings = find(_analysis(texts, [kerry]), {k: nlp(v) for k, v in texts.items()})
    assert findings.conflicts == ()  # "Kerry" is how reports name anyone on second reference
    john = Entity(
        "E1", "John Kerry", "PERSON", ("John", "John Kerry"),
        (Mention("c", 0, 4, "John", "PERSON"), Mention("b", 19, 29, "John Kerry", "PERSON")),
    )
    findings = find(_analysis(texts, [john]), {k: nlp(v) for k, v in texts.items()})
    (conflict,) = findings.conflicts
    assert conflict.slot == "identity"
    assert {v.value for v in conflict.versions} == {"John (identified only by his first name)", "John Kerry"}


def test_demand_content_conflict_is_generic(nlp):
    from newsprism.findings import find

    texts = {
        "a": "The union demanded a pay rise of ten percent before talks with Acme Corp could resume.",
        "b": "Acme Corp said the union imposed new conditions, saying it wanted the reinstatement of two fired drivers.",
    }
    acme = Entity(
        "E1", "Acme Corp", "ORG", ("Acme Corp",),
        (Mention("a", 63, 72, "Acme Corp", "ORG"), Mention("b", 0, 9, "Acme Corp", "ORG")),
    )
    findings = find(_analysis(texts, [acme]), {k: nlp(v) for k, v in texts.items()})
    (conflict,) = [f for f in findings.conflicts if f.slot == "demand"]
    values = sorted(v.value for v in conflict.versions)
    assert values == ["a pay rise of ten percent", "the reinstatement of two fired drivers"]
    # the same demand told twice is no conflict
    texts["b"] = "Acme Corp said the union demanded a pay rise of ten percent."
    acme2 = Entity("E1", "Acme Corp", "ORG", ("Acme Corp",),
                   (Mention("a", 63, 72, "Acme Corp", "ORG"), Mention("b", 0, 9, "Acme Corp", "ORG")))
    findings = find(_analysis(texts, [acme2]), {k: nlp(v) for k, v in texts.items()})
    assert [f for f in findings.conflicts if f.slot == "demand"] == []


def test_copied_text_counts_as_one_source(nlp):
    from newsprism.findings import find

    wire = "Residents said government buses arrived in the pre-dawn hours at agreed upon meeting points in the east of the city."
    texts = {"a": wire + " Other things happened later in the week.", "b": "A different opening sentence about the weather. " + wire}
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    shared = [f for f in findings.corroborated if len(f.docs) == 2]
    assert shared and shared[0].sources == 1
    assert findings.shared_text and {s.doc for s in findings.shared_text[0].citations} == {"a", "b"}


def test_findings_serialise():
    from newsprism.findings import Findings

    assert to_jsonable(Findings())["conflicts"] == []


# ------------------------------------------------------------- the seed story


@pytest.fixture(scope="module")
def seed(seed_story, nlp):
    import yaml

    from newsprism.findings import find
    from newsprism.pipeline import run_pipeline
    from newsprism.readers import read_paths

    articles, skipped = read_paths([seed_story])
    analysis = run_pipeline(articles, nlp, skipped)
    docs = {a.id: d for a, d in zip(articles, nlp.pipe(a.text for a in articles))}
    started = time.perf_counter()
    findings = find(analysis, docs)
    seconds = time.perf_counter() - started
    expected = yaml.safe_load((seed_story / "expected.yaml").read_text(encoding="utf-8"))
    return analysis, findings, expected, seconds


def test_seed_findings_are_fast_and_cited(seed):
    analysis, findings, _, seconds = seed
    assert seconds < 5.0
    texts = {d.id: d.text for d in analysis.documents}

    def walk(node):
        if isinstance(node, dict):
            if {"doc", "start", "end", "text"} <= set(node) and isinstance(node["start"], int):
                assert texts[node["doc"]][node["start"] : node["end"]] == node["text"]
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(to_jsonable(findings))


def _located(analysis, anchors):
    texts = {d.id: d.text for d in analysis.documents}
    ids = list(texts)
    return {_doc_of(ids, k): _ranges(texts, _doc_of(ids, k), v) for k, v in anchors.items()}


def test_seed_corroborated(seed):
    analysis, findings, expected, _ = seed
    assert len(ANCHORS["corroborated"]) == len(expected["corroborated"])
    found = 0
    for item, anchors in zip(expected["corroborated"], ANCHORS["corroborated"]):
        assert sorted(anchors) == sorted(item["docs"])
        where = _located(analysis, anchors)
        if any(all(_cites(f.citations, d, r) for d, r in where.items()) for f in findings.corroborated):
            found += 1
    # Issue 3 targets 7 of 8: reached with clause-level claims and event keys
    # (predicate class + participants). Still missed: the new conditions in all three
    # (002 states them in a sentence the parser garbles).
    assert found >= 7, f"{found} of {len(expected['corroborated'])} corroborated claims found"


def test_seed_conflicts(seed):
    analysis, findings, expected, _ = seed
    assert len(ANCHORS["conflicts"]) == len(expected["conflicts"])
    matched_ids = set()
    found = 0
    for item, versions in zip(expected["conflicts"], ANCHORS["conflicts"]):
        located = [_located(analysis, v) for v in versions]
        hits = [
            f for f in findings.conflicts
            if all(any(_cites(f.citations, d, r) for d, r in where.items()) for where in located)
        ]
        matched_ids.update(f.id for f in hits)
        found += bool(hits)
    spurious = [f.about for f in findings.conflicts if f.id not in matched_ids]
    assert found >= 4, f"{found} of {len(expected['conflicts'])} conflicts found"
    assert len(spurious) <= 1, f"spurious conflicts: {spurious}"


def test_seed_single_source(seed):
    analysis, findings, expected, _ = seed
    found = 0
    for item, anchors in zip(expected["single_source"], ANCHORS["single_source"]):
        assert list(anchors) == [item["doc"]]
        ((doc, ranges),) = _located(analysis, anchors).items()
        if any(f.docs == (doc,) and _cites(f.citations, doc, ranges) for f in findings.single_source):
            found += 1
    assert found >= 6, f"{found} of {len(expected['single_source'])} single-source facts found"


def test_seed_yasser_shared_quote(seed):
    analysis, findings, expected, _ = seed
    ids = [d.id for d in analysis.documents]

    def norm(t: str) -> str:
        return " ".join(re.sub(r"[^\w\s]", " ", t.lower()).split())

    for item in expected["shared_quotes"]:
        docs = {_doc_of(ids, k) for k in item["docs"]}
        hit = [
            f for f in findings.shared_quotes
            if docs <= set(f.docs)
            and all(any(norm(frag) in norm(v.value) for v in f.versions) for frag in item["fragments"])
        ]
        assert hit, f"shared quote {item['fragments']} not found"
        assert hit[0].wording_differs is True


def test_seed_independence_and_summary_support(seed):
    """No near-verbatim text between these three outlets: every 3-outlet fact is 3
    independent sources; a summary sentence cites only claims aligned with it."""
    analysis, findings, _, _ = seed
    assert findings.shared_text == ()
    assert all(f.sources == len(f.docs) for f in findings.corroborated)
    for s in findings.summary:
        assert any(c.text == s.text for c in s.citations)
    # a sentence stating two facts (001: the deal mediated by Turkey and Russia /
    # forces backed by Shiite militias) must not chain Iran's militias into the deal
    for f in findings.corroborated:
        text = " ".join(c.text for c in f.citations)
        assert not ("Iran has trained" in text and "Brokered by Russia" in text)
    back_on = [s for s in findings.summary if "back on" in s.text]
    assert all("broken down" not in c.text for s in back_on for c in s.citations)
