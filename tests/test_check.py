from functools import partial

from newsprism.check import check_report as _check_report

# hand-made partial reports: the citation layer alone (the schema is tested in test_check_forged.py)
check_report = partial(_check_report, schema=False)


def _report(span_text, start=4, end=9):
    return {
        "documents": [{"id": "a", "text": "The quick brown fox"}],
        "quotes": [{"doc": "a", "start": start, "end": end, "text": span_text, "speaker_span": None}],
    }


def test_a_faithful_citation_passes():
    assert check_report(_report("quick")) == []


def test_a_citation_with_other_text_fails_and_says_where():
    problems = check_report(_report("quack"))
    assert len(problems) == 1
    assert problems[0].where == "quotes[0]"
    assert "quick" in problems[0].message()


def test_out_of_range_and_unknown_document_fail():
    assert check_report(_report("x", 10, 99))[0].problem == "is outside the document"
    report = _report("quick")
    report["quotes"][0]["doc"] = "zzz"
    assert check_report(report)[0].problem == "cites an unknown document"


def test_nested_spans_are_checked():
    report = _report("quick")
    report["quotes"][0]["speaker_span"] = {"doc": "a", "start": 0, "end": 3, "text": "Thx"}
    problems = check_report(report)
    assert [p.where for p in problems] == ["quotes[0].speaker_span"]


def test_a_figure_past_float_range_is_checked_not_a_crash():
    # bench/fuzz.py seed 8 (100,000 inputs): a 400-digit figure made check raise OverflowError
    from newsprism.check import figure_value_reads

    big = int("9" * 400)
    assert figure_value_reads("a figure of " + "9" * 400 + " people", big)
    assert not figure_value_reads("a figure of 12 people", big)
    assert figure_value_reads("twelve people", 12)
