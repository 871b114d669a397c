"""Findings on hand-made texts, and the seed story scored against expected.yaml.

The seed story is scored by the repo's own scorer, ``newsprism.evaluate.seed_findings``
(anchors in ``evaluate/seed_anchors/``; how an item counts as found is documented there),
the same one ``newsprism eval`` and the quality gate run.
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from newsprism.model import Article, Entity, Mention, Span, StoryAnalysis, to_jsonable

# ------------------------------------------------------------- small, hand-checkable


def _analysis(texts: dict[str, str], entities=()) -> StoryAnalysis:
    from newsprism.model import DocumentInfo

    docs = tuple(
        DocumentInfo(i, None, None, None, None, None, False, (), None, None, (), None, t) for i, t in texts.items()
    )
    return StoryAnalysis(documents=docs, entities=tuple(entities), quotes=(), figures=(), times=())


def test_conflicting_durations_and_counts_across_outlets(nlp):
    from newsprism.compare.findings import find

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
    from newsprism.compare.findings import find

    texts = {
        "a": "Two weeks of fighting ended. After a month-long offensive, loyalists surrounded the rebels.",
        "b": "Buses left the city at dawn on Wednesday.",
    }
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert findings.conflicts == ()


def test_party_denial_is_a_dispute_not_an_outlet_conflict(nlp):
    from newsprism.compare.findings import find

    texts = {
        "a": "Russia categorically denied the reports of killings in the city.",
        "b": "Officials in the city said the buses were waiting at the checkpoints.",
    }
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert findings.conflicts == ()
    assert [d.versions[0].attributed_to for d in findings.disputes] == ["Russia"]
    assert findings.disputes[0].between == "parties"


def test_a_dispute_is_the_clause_with_the_cue_shown_as_its_whole_sentence(nlp):
    """The seed story: "Trapped civilians expressed disbelief, and the Syrian military denied
    that another deal had been reached." is the military's denial; the clause alone starts
    with "and", so the item shows and cites the whole sentence."""
    from newsprism.compare.findings import find

    sentence = "Trapped civilians expressed disbelief, and the Syrian military denied that another deal had been reached."
    texts = {"a": "Buses waited at the checkpoints. " + sentence, "b": "Officials said the buses were waiting."}
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert len(findings.disputes) == 1
    item = findings.disputes[0]
    assert item.about == sentence
    assert "military" in (item.versions[0].attributed_to or "")
    start = texts["a"].index(sentence)
    assert any((c.start, c.end) == (start, start + len(sentence)) for c in item.citations)


def test_an_infinitive_or_negated_cue_is_not_a_dispute(nlp):
    """BASIL 2014 (Fox News on Arizona's SB 1062): "to deny service" is what a bill allows,
    and BASIL 2011: "does not deny that" is no denial."""
    from newsprism.compare.findings import find

    texts = {
        "a": "The Arizona Legislature passed a bill last week allowing businesses whose owners cite religious beliefs to deny service to gays.",
        "b": "The statement does not deny that AARP is open to reducing benefits. Russia denied the reports.",
    }
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert [d.versions[0].attributed_to for d in findings.disputes] == ["Russia"]


def test_role_conflict_needs_the_same_resolved_person(nlp):
    from newsprism.compare.findings import find

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
    # a first name alone is a shorter form of the name, not a conflict: only the role is
    assert [f.slot for f in findings.conflicts] == ["role"]
    # when the report says it withholds the surname, the name is part of the conflict:
    # one conflict per person, the role and the name together
    texts_cue = {"a": texts["a"].replace("the clinic,", "the clinic who asked to be identified only by his first name,"),
                 "b": texts["b"]}
    person_cue = Entity(
        "E1", "Yasser Hemeish", "PERSON", ("Yasser", "Yasser Hemeish"),
        (Mention("a", 0, 6, "Yasser", "PERSON"), Mention("b", 0, 14, "Yasser Hemeish", "PERSON")),
        (Span("a", 8, 21, "an accountant"), Span("b", 16, 34, "a former accountant")),
    )
    findings = find(_analysis(texts_cue, [person_cue]), {k: nlp(v) for k, v in texts_cue.items()})
    assert [f.slot for f in findings.conflicts] == ["identity"]
    values = {v.value for v in findings.conflicts[0].versions}
    assert {"an accountant", "a former accountant", "Yasser Hemeish"} <= values
    # without the resolution the two are not known to be one person: no conflict
    unresolved = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    assert unresolved.conflicts == ()


def test_surname_only_is_not_a_first_name_identity_conflict(nlp):
    from newsprism.compare.findings import find

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
    from newsprism.compare.findings import find

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
    from newsprism.compare.findings import find

    wire = "Residents said government buses arrived in the pre-dawn hours at agreed upon meeting points in the east of the city."
    texts = {"a": wire + " Other things happened later in the week.", "b": "A different opening sentence about the weather. " + wire}
    findings = find(_analysis(texts), {k: nlp(v) for k, v in texts.items()})
    # one source, so not corroboration: the fact is single-source, every copy cited
    assert not [f for f in findings.corroborated if len(f.docs) == 2]
    shared = [f for f in findings.single_source if len(f.docs) == 2]
    assert shared and shared[0].sources == 1 and {c.doc for c in shared[0].citations} == {"a", "b"}
    assert findings.shared_text and {s.doc for s in findings.shared_text[0].citations} == {"a", "b"}


def test_findings_serialise():
    from newsprism.compare.findings import Findings

    assert to_jsonable(Findings())["conflicts"] == []


# ------------------------------------------------------------- the seed story


@pytest.fixture(scope="module")
def seed(seed_story, nlp):
    import yaml

    from newsprism.compare.findings import find
    from newsprism.pipeline import run_pipeline
    from newsprism.corpus.readers import read_paths

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


@pytest.fixture(scope="module")
def seed_score(seed, seed_story):
    """The repo's scorer (newsprism.evaluate.seed_findings) on the findings timed above."""
    from dataclasses import replace

    from newsprism.evaluate.seed_findings import load_anchors, score_findings

    analysis, findings, expected, _ = seed
    return score_findings(replace(analysis, findings=findings), expected, load_anchors(seed_story))


def test_seed_corroborated(seed_score):
    # Issue 3 targets 7 of 8. Still missed: "shelling resumed", whose 000 wording
    # ("as buses idled, the shelling resumed") is never grouped with the others.
    found, total = seed_score.found["corroborated"]
    assert found >= 7, f"{found} of {total} corroborated claims found; missed: {seed_score.missed}"


def test_seed_conflicts(seed_score):
    found, total = seed_score.found["conflicts"]
    spurious = [about for about, ok in seed_score.conflicts if not ok]
    assert found >= 4, f"{found} of {total} conflicts found"
    assert len(spurious) <= 1, f"spurious conflicts: {spurious}"


def test_seed_single_source(seed_score):
    found, total = seed_score.found["single_source"]
    assert found >= 6, f"{found} of {total} single-source facts found"


def test_seed_yasser_shared_quote(seed_score):
    assert seed_score.found["shared_quotes"] == (1, 1), seed_score.missed


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
    # the summary says each fact once: distinct sentences, no two resting on the same citations (AP's
    # "Cavusoglu later spoke with U.S. Secretary of State John Kerry." is no longer one: later than
    # what, and who is Cavusoglu?)
    texts = [" ".join(s.text.split()) for s in findings.summary]
    assert len(texts) >= 2 and len(set(texts)) == len(texts)
    assert not any("Cavusoglu later" in t for t in texts)
    cited = [{(c.doc, c.start) for c in s.citations} for s in findings.summary]
    assert all(a != b for i, a in enumerate(cited) for b in cited[i + 1 :])
    back_on = [s for s in findings.summary if "back on" in s.text]
    assert all("broken down" not in c.text for s in back_on for c in s.citations)


def _in_families(analysis: StoryAnalysis, families: dict[str, str]) -> StoryAnalysis:
    """``analysis`` as a corpus story: each document in the copy family given for it."""
    from dataclasses import replace

    return replace(analysis, documents=tuple(replace(d, copy_family=families[d.id]) for d in analysis.documents))


def test_a_corpus_copy_family_counts_as_one_source(nlp):
    """Documents the store put in one copy family are one source for every fact they
    share, even where their wording differs too much for the shared-text detector."""
    from newsprism.compare.findings import find

    texts = {
        "a": "Turkey and Russia brokered the evacuation deal for eastern Aleppo late on Tuesday, rebel officials said. "
             "Green buses waited at the checkpoints for hours. A hospital in the west of the city was shelled overnight.",
        "b": "The United Nations called for calm in the province. "
             "The eastern Aleppo evacuation agreement was mediated by Russia and Turkey on Tuesday night, rebel officials said. "
             "Schools were closed across the region because of the fighting.",
    }
    docs = {k: nlp(v) for k, v in texts.items()}
    apart = find(_analysis(texts), docs)
    (fact,) = [f for f in apart.corroborated if set(f.docs) == {"a", "b"}]
    assert fact.sources == 2 and apart.shared_text == ()  # not near-verbatim: two sources
    copies = find(_in_families(_analysis(texts), {"a": "7", "b": "7"}), docs)
    assert not [f for f in copies.corroborated if set(f.docs) == {"a", "b"}]
    (fact,) = [f for f in copies.single_source if set(f.docs) == {"a", "b"}]
    assert fact.sources == 1 and fact.kind == "single-source"


def test_a_quote_carried_by_copies_is_one_source(nlp):
    from dataclasses import replace

    from newsprism.compare.findings import find
    from newsprism.model import Quote

    texts = {
        "a": "“We are humans,” Yasser said on Wednesday.",
        "b": "Residents waited. “We are humans,” Yasser said.",
        "c": "“We are humans,” the accountant said in a message.",
    }
    quotes = tuple(
        Quote(doc, t.index("We"), t.index("We") + len("We are humans,"), "We are humans,", "Yasser")
        for doc, t in texts.items()
    )
    analysis = replace(_analysis(texts), quotes=quotes)
    docs = {k: nlp(v) for k, v in texts.items()}
    (shared,) = find(analysis, docs).shared_quotes
    assert shared.docs == ("a", "b", "c") and shared.sources == 3
    copied = _in_families(analysis, {"a": "1", "b": "1", "c": "2"})  # a and b: one report and its copy
    (shared,) = find(copied, docs).shared_quotes
    assert shared.sources == 2


def test_single_source_puts_full_sentences_before_headlines(nlp):
    # an editor wants the lede, not the report's own headline restating it
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Anthony Weiner Receives More Bad News After Separation From Wife Huma Abedin.\n\n"
              "Former Democratic congressman Anthony Weiner lost two jobs on Monday, at NY1 and the New York Daily News.\n\n"
              "A documentary titled Weiner is set to be released on Showtime with a premiere on Oct. 22."),
        "b": ("Senate Passes Farm Bill After Long Fight.\n\n"
              "The Senate passed the farm bill on Tuesday by 68 votes to 32 after Senator Debbie Stabenow "
              "brokered a deal with the House."),
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", title=v.split("\n")[0].rstrip("."))
            for k, v in texts.items()]
    single = run_pipeline(arts, nlp).findings.single_source
    order = [f.about for f in single if f.docs == ("a",)]
    headline = next(i for i, t in enumerate(order) if t.startswith("Anthony Weiner Receives"))
    later = next(i for i, t in enumerate(order) if t.startswith("A documentary titled"))
    assert later < headline, order  # the third sentence of the report still goes before its headline


def test_two_remarks_quoting_different_words_are_not_one_fact(nlp):
    # PolNeAR (Politico / Western Journal, May 2016): Ryan's two remarks of one week were
    # "corroborated" as one fact; quoted words none of which the other claim quotes are two remarks
    from newsprism.compare.shared_quotes import other_quoted_words
    from newsprism.extract.claims import extract_claims
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "Ryan said he was “very encouraged” after the meeting with Trump on Thursday.",
        "b": "Ryan said he was “not ready” to support Trump after the meeting on Thursday.",
        "c": "Ryan told reporters he was “very encouraged” by Thursday’s talks with Trump.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    analysis = run_pipeline(arts, nlp)
    claims = {c.doc: c for c in extract_claims(analysis, {k: nlp(v) for k, v in texts.items()})}
    assert all(c.quotes for c in claims.values())
    assert other_quoted_words(claims["a"], claims["b"])
    assert not other_quoted_words(claims["a"], claims["c"])  # the same remark in other words around it


def test_markdown_names_each_outlet_once_per_item(nlp):
    """A dispute cites the speaker, the cue and the sentence of one report: the Markdown
    names that outlet once before its three references, not three times."""
    import re

    from newsprism.compare.findings import find
    from newsprism.report.markdown import to_markdown

    texts = {"a": "Russia categorically denied the reports of killings in the city.",
             "b": "Officials in the city said the buses were waiting at the checkpoints."}
    analysis = _analysis(texts)
    analysis = dataclasses.replace(analysis, findings=find(analysis, {k: nlp(v) for k, v in texts.items()}))
    md = to_markdown(analysis)
    line = next(x for x in md.splitlines() if x.startswith("- Russia categorically denied"))
    refs = re.findall(r"\[a:\d+-\d+\]", line.replace("\\", ""))
    assert len(refs) == 3
    assert line.count(refs[0]) == 1 and len(re.findall(r"\] [^\[]+ \[a:", line)) == 0


def test_a_fact_is_headed_in_a_reports_own_voice_rather_than_its_source_saying_it(nlp):
    """The seed story had the rebels' shelling of Fouaa headed by "Yasser ... said civilians did
    not approve of rebel shelling"; as readable, the report that states it itself heads it."""
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "Aid groups said the evacuation of Aleppo stalled on Wednesday. Rebels shelled the villages of Foua "
             "and Kfraya in Idlib province on Wednesday in retaliation, residents said.",
        "b": "The evacuation of Aleppo stalled on Wednesday, aid groups said. The rebels retaliated on Wednesday, "
             "shelling the villages of Foua and Kfraya in Idlib province.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    heads = [c.about for c in run_pipeline(arts, nlp).findings.corroborated if "Kfraya" in c.about]
    assert heads == ["The rebels retaliated on Wednesday, shelling the villages of Foua and Kfraya in Idlib province."]


def test_a_pronoun_after_a_leading_conjunction_reads_worse_than_a_noun():
    from newsprism.compare.fact_text import readability

    assert readability("But they were turned away by militias at the checkpoints.") < readability(
        "But the vans were turned away by militias at the checkpoints.")


def test_a_one_outlet_clause_is_told_as_its_whole_sentence(nlp):
    # PolNeAR story 6 showed "our strategy should have three main elements,” Clinton said ...":
    # the tail of a quoted sentence the clause splitter cut
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Hillary Clinton calls on the United States to lead the fight against the Islamic State.\n\n"
              "“This is a worldwide fight and America must lead it, our strategy should have three main elements,” "
              "Clinton said on Thursday during a speech at the Council on Foreign Relations in New York City.\n\n"
              "NEW YORK, Nov. 19 (UPI) —"),
        "b": "Senate Passes Farm Bill.\n\nThe Senate passed the farm bill on Tuesday by 68 votes to 32 after a deal with the House.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    single = run_pipeline(arts, nlp).findings.single_source
    abouts = [f.about for f in single if f.docs == ("a",)]
    assert any(t.startswith("“This is a worldwide fight") and "three main elements" in t for t in abouts), abouts
    assert not any(t.startswith("our strategy") for t in abouts), abouts
    assert not any("(UPI)" in t for t in abouts), abouts


def test_a_named_speakers_quote_naming_no_one_is_a_single_source_fact(nlp):
    # BASIL 0ffb34cd: Romney's "you put in place a magnet" named no entity and was left out
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Romney and Perry clash on immigration.\n\nMitt Romney accused Rick Perry of encouraging illegal "
              "immigration at the debate on Tuesday.\n\nRomney turned to his rival on the stage. “You talk about magnets. "
              "You put in place a magnet with your tuition policy for the children of illegal immigrants,” he said."),
        "b": "Senate Passes Farm Bill.\n\nThe Senate passed the farm bill on Tuesday by 68 votes to 32 after a deal with the House.",
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    abouts = [f.about for f in run_pipeline(arts, nlp).findings.single_source]
    assert any("put in place a magnet" in t for t in abouts), abouts


def test_a_timeline_row_shows_the_time_that_places_it(nlp):
    # PolNeAR story 107 (NYT): a sentence with "the years of practice" before "Monday" was shown
    # as "the years:" on the timeline, placed on Monday
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    text = ("Vice President Joe Biden campaigned in Scranton with Hillary Clinton on Monday. "
            "It was a glimpse at the years of practice of a candidate who spent Monday embracing the woman he once "
            "hoped to challenge.")
    analysis = run_pipeline([Article(id="a", text=text, outlet="Outlet A", published="2016-08-17")], nlp)
    rows = [r for r in analysis.findings.timeline if "glimpse" in r.about]
    assert rows, [r.about for r in analysis.findings.timeline]
    assert rows[0].citations[0].text == "Monday", rows[0].citations[0]


def test_a_lede_with_a_dateline_may_sum_up_a_fact_headed_by_another_report(nlp):
    # the claim of a lede starts at its dateline ("WASHINGTON — "), which the sentence offered for the
    # summary leaves out: the claim is still inside the sentence it was cut from, so the lede is offered
    from newsprism.compare.findings import _headline_cited, _options
    from newsprism.extract.claims import extract_claims
    from newsprism.model import Article, Span
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": "Obama and Boehner meet at the White House\n\nWASHINGTON — President Obama and Speaker John Boehner "
             "met privately at the White House on Sunday, their first talks in weeks.\n\nNeither side gave details.",
        "b": "Obama, Boehner meet on fiscal crisis for first time in weeks\n\nPresident Obama and House Speaker John "
             "Boehner met Sunday at the White House for the first time in weeks.\n\nBoth sides were tightlipped.",
    }
    analysis = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()], nlp)
    claims = {c.id: c for c in extract_claims(analysis, {k: nlp(v) for k, v in texts.items()})}
    fact = next(f for f in analysis.findings.corroborated if set(f.docs) == {"a", "b"})
    b = texts["b"]
    start = b.index("President")
    end = b.index("weeks.", start) + len("weeks.")
    offered = [o for o in _options(fact, Span("b", start, end, b[start:end]), claims) if o is not None]
    lede = [o for o in offered if o.doc == "a"]
    assert lede and lede[0].text.startswith("President Obama and Speaker John Boehner met privately"), offered
    assert texts["a"][lede[0].start:lede[0].end] == lede[0].text
    # and the lede, quoted as the summary's sentence, is what is cited of its report, not the claim
    # holding the dateline (a summary sentence is the text of one of its citations)
    cited = _headline_cited(fact, lede[0])
    assert lede[0] in cited and not any(c.doc == "a" and c.start < lede[0].start for c in cited), cited


LERNER = {
    "nyt": ("I.R.S. Official Invokes 5th Amendment at Hearing\n\n"
            "WASHINGTON — Lois Lerner, the Internal Revenue Service official at the center of the inquiry, declined "
            "to testify at a House hearing on Wednesday.\n\n"
            "She told the committee that accusations that she had misled Congress were false.\n\n"
            "“I have not done anything wrong. I have not broken any laws,” said Ms. Lerner, who leads the I.R.S.’s "
            "division on tax-exempt organizations.\n\n"
            "Republicans on the committee said she had waived her right to remain silent."),
    "fox": ("IRS official refuses to testify\n\n"
            "Lois Lerner, the IRS official who oversaw the division on tax-exempt groups, refused to answer questions "
            "from lawmakers Wednesday.\n\n"
            "Lerner read a brief statement before invoking her right against self-incrimination.\n\n"
            "\"I have not done anything wrong,\" she said. \"I have not broken any laws. I have not violated any IRS "
            "rules or regulations, and I have not provided false information to this or any other congressional "
            "committee.\"\n\n"
            "Committee chairman Darrell Issa said he would consider recalling her."),
}


def test_a_quoted_passage_the_splitter_cut_is_summed_up_whole_with_its_speaker(nlp):
    # BASIL 84678e18 (open) had no summary: Fox's '"I have not done anything wrong," she said.' names
    # nobody, and the Times' passage was cut at its inner full stop into a quotation with no speaker
    # and a half opening inside the quotation ("I.R.S." outside it read as "I", someone's own words)
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline([Article(id=k, text=v, outlet=k.upper()) for k, v in LERNER.items()], nlp)
    (first, *_) = analysis.findings.summary
    assert first.text.startswith("“I have not done anything wrong. I have not broken any laws,” said Ms. Lerner"), first
    for c in first.citations:
        assert LERNER[c.doc][c.start:c.end] == c.text
    assert any(c.text == first.text and c.doc == "nyt" for c in first.citations)
    assert {c.doc for c in first.citations} == {"nyt", "fox"}
    # Fox's sentence on false information says what the passage does not
    assert not any("false information" in c.text for c in first.citations)


def test_a_quotation_is_stated_by_a_report_quoting_most_of_its_words():
    # the seed: the Post's Yasser Hemeish quotation is not the Times' six words of it; BASIL 2153fb3e
    # (open): Fox quotes most of Obama's words the Times' sentence quotes
    from newsprism.compare.summary_quotes import quoting_reports as _quoting

    post = "“We want to leave . . . we don’t want more massacres, let us leave, what is happening,” wrote Yasser Hemeish."
    head = Span("wp", 0, len(post), post)
    times = Span("nyt", 3021, 3057, "Let us leave  —   what is happening?")
    assert _quoting((head, times), head) == (head,)
    obama = "“I trust in God,” Mr. Obama said, “but God wants to see us help ourselves by putting people back to work!”"
    said = Span("nyt", 627, 627 + len(obama), obama)
    fox = Span("fox", 239, 308, "but God wants to see us help ourselves by putting people back to work")
    assert _quoting((said, fox), said) == (said, fox)
    # pieces of one quotation count together
    holder = '"I remember how humiliating that was and how angry I was and the impact it had on me," Holder said.'
    pieces = (Span("hp", 1735, 1770, "I remember how humiliating that was"), Span("hp", 1771, 1794, "and how angry I was and"))
    own = Span("fox", 0, len(holder), holder)
    assert _quoting((own, *pieces), own) == (own, *pieces)


def test_a_one_outlet_sentence_leaning_on_the_one_before_is_shown_with_it(nlp):
    # BASIL 9879bbc0 (open): Fox's budget chronology was three one-outlet items, "It steadily climbed
    # to $1.6 billion in fiscal 2010." and "It dipped to ..." first among them, each about nothing
    # named; BASIL 74708dbf (dev): "He has argued that he deserves credit ..." apart from the
    # sentence naming Mr. Steele. A sentence after a paragraph break, or after one that several
    # reports tell, is not pulled in.
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Clinton defends the State Department in Libya hearing.\n\n"
              "Secretary of State Hillary Clinton testified on Wednesday before the Senate Foreign Relations Committee "
              "about the attack in Benghazi. She said Congress had cut the department's request for embassy guards in Libya.\n\n"
              "The department's budget for embassy security was $640 million in fiscal 2008. It steadily climbed "
              "to $1.6 billion in fiscal 2010. It dipped to $1.5 billion the following year.\n\n"
              "It drew sharp criticism from Senator Rand Paul of Kentucky."),
        "b": ("Clinton testifies on Benghazi.\n\nSecretary of State Hillary Clinton testified on Wednesday before the "
              "Senate Foreign Relations Committee about the attack in Benghazi.\n\nSenator John McCain said he was "
              "not satisfied with her answers."),
    }
    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    single = [f for f in run_pipeline(arts, nlp).findings.single_source if f.docs == ("a",)]
    abouts = [f.about for f in single]
    chronology = ("The department's budget for embassy security was $640 million in fiscal 2008. It steadily climbed "
                  "to $1.6 billion in fiscal 2010. It dipped to $1.5 billion the following year.")
    assert chronology in abouts, abouts
    assert not any(t.startswith("It steadily") or t.startswith("It dipped") for t in abouts), abouts
    # every sentence shown is cited, each once
    item = single[abouts.index(chronology)]
    cited = sorted((c.start, c.end) for c in item.citations)
    assert cited[0][0] == texts["a"].index("The department's") and cited[-1][1] == texts["a"].index(" following year.") + 16
    # another paragraph: shown alone
    assert "It drew sharp criticism from Senator Rand Paul of Kentucky." in abouts, abouts
    # after a sentence several reports tell: shown alone (the reader is told who "She" is)
    assert "She said Congress had cut the department's request for embassy guards in Libya." in abouts, abouts
