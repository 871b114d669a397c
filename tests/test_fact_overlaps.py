"""The stricter duplicate measure (evaluate.fact_overlaps): two corroborated items repeat one
another when the same words of one report support both — not when they only share a sentence."""

from __future__ import annotations

from newsprism.evaluate.fact_overlaps import overlapping_facts, repeated_facts
from newsprism.evaluate.gold_findings import GoldEvent, score_event

FOX = ('"I trust in God, but God wants to see us help ourselves by putting people back to work," '
       "the president said during a speech at Key Bridge in Washington.")
HPO = ("Obama told the crowd: \"I trust in God, but God wants to see us help ourselves by putting "
       "people back to work.\" He then called out House Speaker John Boehner.")


def _cite(doc: str, text: str, words: str) -> dict:
    at = text.index(words)
    return {"doc": doc, "start": at, "end": at + len(words), "text": words}


def _fact(about: str, cites: list[dict], part: bool = False) -> dict:
    support = [{"claim": f"{c['doc']}#{c['start']}-{c['end']}" if part else f"{c['doc']}#{c['start']}",
                "citation": c, "strength": "same fact"} for c in cites]
    return {"about": about, "citations": cites, "support": support}


def _report(*facts: dict) -> dict:
    return {"documents": [{"id": "fox", "text": FOX}, {"id": "hpo", "text": HPO}],
            "findings": {"corroborated": list(facts)}}


def test_the_halves_of_one_quoted_sentence_are_one_fact_told_twice():
    first = _fact(FOX, [_cite("fox", FOX, "I trust in God,"), _cite("hpo", HPO, "I trust in God,")])
    second = _fact(HPO[: HPO.index(" He then")], [
        _cite("fox", FOX, "but God wants to see us help ourselves by putting people back to work"),
        _cite("hpo", HPO, "but God wants to see us help ourselves by putting people back to work.")])
    report = _report(first, second)
    # no shared headline, no shared citation set: the old count sees nothing
    event = GoldEvent({"event": "e", "documents": {"fox": "fox.json", "hpo": "hpo.json"}}, path=None)  # type: ignore[arg-type]
    assert score_event(event, report)["corroborated_duplicates"] == 0
    assert [(p.first, p.second, p.how) for p in overlapping_facts(report)] == [(0, 1, "quotation")]
    assert score_event(event, report)["corroborated_overlapping"] == 1


def test_words_cited_by_two_facts_repeat_them():
    act = _fact(FOX, [_cite("fox", FOX, FOX), _cite("hpo", HPO, "Obama told the crowd:")])
    again = _fact("the president said during a speech", [
        _cite("fox", FOX, "the president said during a speech at Key Bridge"), _cite("hpo", HPO, "Obama told")])
    assert repeated_facts(_report(act, again)) == 1


def test_two_sentences_of_one_report_and_who_someone_is_are_no_repeats():
    quote = _fact(FOX, [_cite("fox", FOX, FOX[: FOX.index(" the president")]), _cite("hpo", HPO, HPO[: HPO.index(" He then")])])
    boehner = _fact("He then called out House Speaker John Boehner.", [
        _cite("hpo", HPO, "He then called out House Speaker John Boehner."), _cite("fox", FOX, "the president said")])
    # a description told in passing inside another fact's sentence: a proposition of its own
    speaker = _fact("House Speaker John Boehner", [
        _cite("hpo", HPO, "House Speaker John Boehner"), _cite("fox", FOX, "Key Bridge")], part=True)
    assert overlapping_facts(_report(quote, boehner, speaker)) == []
