"""BASIL findings: the faithfulness checker on hand-made reports, then real events."""

from __future__ import annotations

import pytest

from newsprism.evaluate.basil_findings import evaluate_basil_findings, load_events, quote_problems


def _report(findings):
    return {"documents": [{"id": "a", "text": 'He said "we will leave today" and left.'}], "findings": findings}


def test_quote_check_accepts_verbatim_and_rejects_altered_quotes():
    ok = {"conflicts": [{"about": 'what "we will leave today" meant', "docs": ["a"], "citations": [], "versions": []}]}
    assert quote_problems(_report(ok)) == []
    bad = {"conflicts": [{"about": 'what "we will go today" meant', "docs": ["a"], "citations": [], "versions": []}]}
    assert len(quote_problems(_report(bad))) == 1
    summary = {"summary": [{"text": "He said nothing.", "citations": [{"doc": "a", "start": 0, "end": 7, "text": "He said"}]}]}
    assert len(quote_problems(_report(summary))) == 1  # a summary sentence must be a source's exact text


def test_basil_events_findings_are_faithful(shared_dir, nlp):
    folder = shared_dir / "datasets" / "basil" / "articles"
    if not folder.is_dir():
        pytest.skip("../shared/datasets/basil is absent")
    events = load_events(folder)
    assert len(events) == 50 and all(len(arts) == 3 for _, arts in events)
    scores = evaluate_basil_findings(folder, nlp, limit=4)
    assert scores["basil_findings_events"] == 4
    assert scores["basil_findings_faithfulness_failures"] == 0
    # three outlets on one event agree on something
    assert scores["basil_findings_corroborated_mean"] >= 1.0
