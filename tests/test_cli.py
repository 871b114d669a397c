"""The CLI end to end on real files: reports, bad input, citations."""

from __future__ import annotations

import json
import shutil

from typer.testing import CliRunner

from newsprism.check import check_report
from newsprism.cli import app

runner = CliRunner()

GOOD = (
    "WASHINGTON (AP) — Senator Jane Miller said on Tuesday that the bill would pass. "
    "“We have the votes,” Miller told reporters. More than 200 lawmakers have signed it, "
    "according to her office.\n"
)


def _folder(tmp_path):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    # says it is UTF-8 (a byte-order mark), is not: refused, not guessed
    (tmp_path / "latin1.txt").write_bytes(b"\xef\xbb\xbf" + "Le caf\xe9 est ferm\xe9.".encode("latin-1"))
    return tmp_path


def test_json_report_with_skipped_inputs(tmp_path):
    folder = _folder(tmp_path / "in")
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["analyze", str(folder), "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [d["id"] for d in report["documents"]] == ["good.txt"]
    skipped = {s["path"].split("/")[-1]: s["reason"] for s in report["skipped"]}
    assert set(skipped) == {"empty.txt", "latin1.txt"}
    assert "empty" in skipped["empty.txt"]
    assert "UTF-8" in skipped["latin1.txt"] or "utf-8" in skipped["latin1.txt"]
    # each skipped file is named on one line of stderr
    err_lines = [line for line in result.output.splitlines() if "skipped" in line]
    assert any("empty.txt" in line for line in err_lines) and any("latin1.txt" in line for line in err_lines)
    assert "Traceback" not in result.output
    assert check_report(report) == []
    assert any(q["text"] == "We have the votes," or q["text"].startswith("We have the votes") for q in report["quotes"])


def test_nothing_analysable_exits_non_zero_with_one_line_per_file(tmp_path):
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "blob.txt").write_bytes(bytes(range(256)) * 4)
    result = runner.invoke(app, ["analyze", str(tmp_path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "empty.txt" in result.output and "blob.txt" in result.output
    assert "nothing could be analysed" in result.output


def test_missing_path_and_bad_format(tmp_path):
    result = runner.invoke(app, ["analyze", str(tmp_path / "nope")])
    assert result.exit_code == 1 and "nope" in result.output
    result = runner.invoke(app, ["analyze", str(tmp_path), "--format", "pdf"])
    assert result.exit_code == 2 and "unknown format" in result.output


def test_markdown_and_check_commands(tmp_path, seed_story):
    story = tmp_path / "story"
    shutil.copytree(seed_story, story)
    md = tmp_path / "r.md"
    result = runner.invoke(app, ["analyze", str(story), "--format", "markdown", "-o", str(md)])
    assert result.exit_code == 0, result.output
    text = md.read_text(encoding="utf-8")
    # "md" is markdown, and an -o file's suffix names the format when -f is not given
    for args, name in ((["-f", "md"], "a.md"), ([], "b.md"), (["-f", "MD"], "c.txt")):
        other = tmp_path / name
        assert runner.invoke(app, ["analyze", str(story), *args, "-o", str(other)]).exit_code == 0
        assert other.read_text(encoding="utf-8") == text
    assert "## Who said what" in text and "[001_26f2e360eed071b4.txt:" in text
    assert "## Corroborated" in text and "## Conflicts between outlets" in text
    out = tmp_path / "r.json"
    assert runner.invoke(app, ["analyze", str(story), "-f", "json", "-o", str(out)]).exit_code == 0
    ok = runner.invoke(app, ["check", str(out)])
    assert ok.exit_code == 0 and "all citations verified" in ok.output
    report = json.loads(out.read_text(encoding="utf-8"))
    report["quotes"][0]["text"] = report["quotes"][0]["text"] + " (edited)"
    out.write_text(json.dumps(report), encoding="utf-8")
    bad = runner.invoke(app, ["check", str(out)])
    assert bad.exit_code == 1 and "quotes[0]" in bad.output


def test_corpus_commands_end_to_end(tmp_path, seed_story):
    db = tmp_path / "c.db"
    story = tmp_path / "story"
    shutil.copytree(seed_story, story)
    (story / "broken.jsonl").write_text('{"id": "x", "text": "A valid line about Aleppo and the evacuation deal today."}\n{not json\n', encoding="utf-8")
    first = runner.invoke(app, ["ingest", str(db), str(story), "--json"])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert summary["ingested"] == 4
    assert [(s["line"], "broken.jsonl" in s["path"]) for s in summary["skipped"]] == [(2, True)]
    again = json.loads(runner.invoke(app, ["ingest", str(db), str(story), "--json"]).stdout)
    assert again["ingested"] == 0 and again["duplicates"] == 4
    listed = json.loads(runner.invoke(app, ["stories", str(db), "-f", "json"]).stdout)
    seed_ids = {p.name for p in seed_story.glob("*.txt")}
    seed = [s for s in listed if seed_ids <= set(s["articles"])]
    assert len(seed) == 1, listed
    assert {"The Associated Press", "The Washington Post"} <= set(seed[0]["outlets"])
    hits = json.loads(runner.invoke(app, ["search", str(db), "Kfraya", "--json"]).stdout)
    assert {h["article_id"] for h in hits} == {"001_26f2e360eed071b4.txt"}
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["analyze", str(db), "--story", str(seed[0]["id"]), "-f", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert {d["id"] for d in report["documents"]} >= seed_ids and check_report(report) == []
    missing = runner.invoke(app, ["analyze", str(db), "--story", "9999"])
    assert missing.exit_code == 1 and "9999" in missing.output
    exported = tmp_path / "e.jsonl"
    assert runner.invoke(app, ["export", str(db), "-o", str(exported)]).exit_code == 0
    rows = [json.loads(line) for line in exported.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 4 and all("story" in r for r in rows)


def test_ingest_and_watch_share_one_bound_on_the_fetch_size(tmp_path):
    """--max-bytes is declared once for both commands: the 64 MiB bound holds for watch too."""
    feeds = tmp_path / "feeds.txt"
    feeds.write_text("http://127.0.0.1:9/feed.xml\n", encoding="utf-8")
    too_big = str(64 * 1024 * 1024 + 1)
    for args in (["ingest", str(tmp_path / "c.db"), str(feeds)], ["watch", str(tmp_path / "c.db"), "--feeds", str(feeds), "--once"]):
        result = runner.invoke(app, [*args, "--max-bytes", too_big])
        assert result.exit_code == 2, (args[0], result.output)
        assert "67108864" in result.output
        assert not (tmp_path / "c.db").exists()  # refused before anything was created


def test_a_bug_is_one_line_and_the_traceback_only_on_request(monkeypatch, capsys):
    # a bug, not bad input (as a truncated report once raised IndexError deep in framing):
    # the user sees one line naming it, the exit status says "internal error"
    import pytest

    import newsprism.cli as cli

    def broken(*args, **kwargs):
        raise IndexError("[E042] Error accessing `doc[13].nbor(1)`\x1b[31m")

    monkeypatch.setattr(cli, "app", broken)
    monkeypatch.delenv("NEWSPRISM_DEBUG", raising=False)
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("newsprism: internal error (IndexError: [E042]")
    assert "Traceback" not in err and "\x1b" not in err  # control characters made visible
    monkeypatch.setenv("NEWSPRISM_DEBUG", "1")
    with pytest.raises(IndexError):
        cli.main()
