"""`newsprism check` refuses forged reports: wrong shape, wrong citations, and citations
that do not support what the report says. The genuine report passes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newsprism.check import check_report, check_sources, figure_value_reads, read_sources
from newsprism.cli import app

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"


@pytest.fixture(scope="module")
def report(nlp) -> dict:
    from newsprism.pipeline import analyze

    return analyze([EXAMPLE], nlp=nlp).to_dict()


def _first(items, pred):
    return next(i for i, x in enumerate(items) if pred(x))


def _forge_offset_string(r):
    r["quotes"][0]["start"] = str(r["quotes"][0]["start"])


def _forge_offset_float(r):
    r["quotes"][0]["end"] = float(r["quotes"][0]["end"])


def _forge_wrong_span_as_string(r):
    r["quotes"][0]["start"] = str(r["quotes"][0]["start"] + 1)


def _forge_summary(r):
    s = r["findings"]["summary"][0]
    s["text"] = s["text"].replace("Aleppo", "Damascus", 1) if "Aleppo" in s["text"] else "Nothing happened."


def _forge_about(r):
    item = r["findings"]["corroborated"][0]
    item["about"] = "The ceasefire held everywhere."


def _forge_speaker(r):
    q = r["quotes"][_first(r["quotes"], lambda q: q["speaker_span"])]
    q["speaker"] = "Vladimir Putin"


def _forge_figure(r):
    f = r["figures"][_first(r["figures"], lambda f: isinstance(f["value"], int) and f["value"] > 1)]
    f["value"] = f["value"] * 7 + 3


def _forge_no_citations(r):
    r["findings"]["single_source"][0]["citations"] = []


def _forge_relabel(r):
    item = r["findings"]["single_source"].pop(0)
    item["kind"], item["sources"] = "corroborated", 2
    r["findings"]["corroborated"].append(item)


def _forge_duplicate_id(r):
    r["documents"].append(copy.deepcopy(r["documents"][0]))


def _forge_docs(r):
    r["findings"]["corroborated"][0]["docs"] = r["findings"]["corroborated"][0]["docs"][:1]


def _forge_text(r):
    d = r["documents"][0]
    d["text"] = d["text"] + " And the outlet also said this."


def _forge_outlet_evidence(r):
    d = r["documents"][0]
    d["outlet_evidence"] = {"doc": d["id"], "start": 0, "end": 4, "text": "CNN:"}


def _forge_kind(r):
    r["findings"]["corroborated"][0]["kind"] = "proven"


def _forge_missing_key(r):
    del r["quotes"][0]["doc"]


def _forge_type(r):
    r["documents"] = {"a": 1}


def _forge_sources_count(r):
    item = r["findings"]["corroborated"][0]
    item["sources"] = len(item["docs"]) + 3


def _forge_omitted_headline(r):
    omission = next(o for o in r["findings"]["omissions"] if o["headlines"])
    omission["headlines"][0]["about"] = "The ceasefire held everywhere."


def _forge_repeats_unknown(r):
    item = next(x for x in r["findings"]["single_source"] if x["repeats"] is None)
    item["repeats"] = "C999"


def _forge_repeats_elsewhere(r):
    # a whole one-outlet sentence said to repeat a corroborated item's sentence it is not inside
    item = next(x for x in r["findings"]["single_source"] if x["repeats"] is None)
    item["repeats"] = r["findings"]["corroborated"][0]["id"]


FORGERIES = [
    _forge_offset_string, _forge_offset_float, _forge_wrong_span_as_string, _forge_summary, _forge_about,
    _forge_speaker, _forge_figure, _forge_no_citations, _forge_relabel, _forge_duplicate_id, _forge_docs,
    _forge_text, _forge_outlet_evidence, _forge_kind, _forge_missing_key, _forge_type, _forge_sources_count,
    _forge_omitted_headline, _forge_repeats_unknown, _forge_repeats_elsewhere,
]


def test_the_genuine_report_passes(report):
    assert check_report(report) == []


def test_a_left_over_clause_is_in_the_json_marked_with_the_item_printing_its_sentence(report):
    """The seed's "A deal for Syrian rebels ... broke down Wednesday" is the first half of a
    corroborated fact's headline: the reports do not show it, the JSON keeps it, naming that item,
    after the one-outlet items the reports show."""
    single = report["findings"]["single_source"]
    marked = [x for x in single if x["repeats"] is not None]
    assert marked and single[-len(marked):] == marked
    deal = next(x for x in single if x["about"].startswith("A deal for Syrian rebels"))
    covering = next(x for x in report["findings"]["corroborated"] if x["id"] == deal["repeats"])
    assert deal["about"] in covering["about"]
    assert [x["id"] for x in single] == [f"S{i}" for i in range(1, len(single) + 1)]


def test_a_report_written_before_the_keys_added_within_its_schema_version_passes(report):
    """``repeats``, ``referent`` and an omission's ``headlines`` came after schema_version 2 was
    published: a stored report of that version without them is still a report (older one-outlet
    items carry no mark); a key of the version's first form missing is still refused."""
    older = copy.deepcopy(report)
    single = older["findings"]["single_source"]
    older["findings"]["single_source"] = [x for x in single if x["repeats"] is None]
    for section in ("corroborated", "single_source", "conflicts", "disputes", "timeline", "shared_quotes"):
        for item in older["findings"].get(section, []):
            item.pop("repeats", None)
            item.pop("referent", None)
    for omission in older["findings"]["omissions"]:
        omission.pop("headlines", None)
    assert older["findings"]["single_source"] and older["findings"]["omissions"]
    assert check_report(older) == []
    del older["findings"]["single_source"][0]["about"]
    assert any("about" in p.message() for p in check_report(older))


@pytest.mark.parametrize("forge", FORGERIES, ids=lambda f: f.__name__.removeprefix("_forge_"))
def test_a_forged_report_is_refused(report, forge):
    forged = copy.deepcopy(report)
    forge(forged)
    assert json.dumps(forged) != json.dumps(report)
    problems = check_report(forged)
    assert problems, forge.__name__
    assert all(p.message() for p in problems)


@pytest.mark.parametrize("value", [{}, [], None, "hello", 3, {"documents": []}, {"documents": "x"}])
def test_values_that_are_not_reports(value):
    problems = check_report(value)
    assert problems and all(isinstance(p.message(), str) for p in problems)


@pytest.mark.parametrize("value", [{}, [], None, "hello"])
def test_cli_check_refuses_junk_in_one_line_each(tmp_path, value):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(value), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert all(line.startswith("newsprism: ") for line in result.output.splitlines())


def test_cli_check_bad_json_message(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"documents": [1, 2,, 3]}', encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "at line 1, column 21" in result.output and "at at" not in result.output


def test_the_published_schema_is_the_generated_one():
    from newsprism.report.schema import published_schema, report_schema

    assert published_schema() == report_schema(), (
        "regenerate: python -m newsprism.report.schema > src/newsprism/data/report.schema.json"
    )


def test_check_sources_against_the_folder_and_a_changed_original(report, tmp_path):
    originals = read_sources(EXAMPLE, [d["id"] for d in report["documents"]])
    assert check_sources(report, originals) == []
    changed = dict(originals)
    first = report["documents"][0]["id"]
    changed[first] = changed[first].replace("Aleppo", "Alepo", 1)
    problems = check_sources(report, changed)
    assert [p.where for p in problems] == ["documents[0].text"]


def test_cli_check_sources(report, tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    ok = CliRunner().invoke(app, ["check", str(path), "--sources", str(EXAMPLE)])
    assert ok.exit_code == 0, ok.output
    other = tmp_path / "src"
    other.mkdir()
    for f in EXAMPLE.iterdir():
        text = f.read_text(encoding="utf-8")
        (other / f.name).write_text(text.replace("Aleppo", "Alepo") if f.suffix == ".txt" else text, encoding="utf-8")
    bad = CliRunner().invoke(app, ["check", str(path), "--sources", str(other)])
    assert bad.exit_code == 1 and "differs from its source" in bad.output


@pytest.mark.parametrize(
    "text,value,ok",
    [
        ("more than 150", 150, True), ("1.5 million", 1_500_000, True), ("thousands", 1000, True),
        ("two", 2, True), ("twenty-five", 25, True), ("11:30 p.m.", "23:30", True), ("6 a. m.", "06:00", True),
        ("just half", 0.5, True), ("1,200", 1200, True), ("150", 200, False), ("two", 3, False),
        ("11:30 p.m.", "22:30", False),
    ],
)
def test_figure_values_read_from_their_text(text, value, ok):
    assert figure_value_reads(text, value) is ok
