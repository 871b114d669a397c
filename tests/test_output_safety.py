"""`-o` never destroys what the user gave: not an input, not the corpus, not an existing
file without --force; a failed write leaves the old file whole; bad output paths are one
line and exit 2."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.report.output import OutputRefused, atomic_path, check_output

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"


def _one_line_exit_2(result):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("newsprism: "), result.output
    return lines[0]


@pytest.fixture
def corpus(tmp_path) -> Path:
    db = tmp_path / "corpus.db"
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(
        "\n".join(
            json.dumps({"id": f"a{i}", "text": f"Report number {i} about the flood in Springfield on Monday.",
                        "outlet": "Daily", "desk": f"metro-{i}", "tags": ["flood", "city"]})
            for i in range(3)
        ),
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["ingest", str(db), str(jsonl), "-q"])
    assert result.exit_code == 0, result.output
    return db


def test_export_onto_the_corpus_is_refused_and_the_corpus_kept(corpus):
    size = corpus.stat().st_size
    line = _one_line_exit_2(CliRunner().invoke(app, ["export", str(corpus), "-o", str(corpus)]))
    assert "is an input" in line
    assert corpus.stat().st_size == size
    assert sqlite3.connect(corpus).execute("SELECT count(*) FROM articles").fetchone() == (3,)


def test_export_names_follow_the_format_and_never_overwrite_without_force(corpus, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["export", str(corpus), "-f", "parquet"]).exit_code == 0
    assert (tmp_path / "corpus.parquet").read_bytes()[:4] == b"PAR1"
    assert not (tmp_path / "corpus.jsonl").exists()
    assert CliRunner().invoke(app, ["export", str(corpus)]).exit_code == 0
    first = (tmp_path / "corpus.jsonl").read_text(encoding="utf-8")
    line = _one_line_exit_2(CliRunner().invoke(app, ["export", str(corpus)]))
    assert "--force" in line
    assert CliRunner().invoke(app, ["export", str(corpus), "--force"]).exit_code == 0
    assert (tmp_path / "corpus.jsonl").read_text(encoding="utf-8") == first
    # -o with a .parquet suffix and no -f: Parquet
    assert CliRunner().invoke(app, ["export", str(corpus), "-o", "x.parquet"]).exit_code == 0
    assert (tmp_path / "x.parquet").read_bytes()[:4] == b"PAR1"


def test_export_keeps_the_users_fields(corpus, tmp_path):
    out = tmp_path / "out.jsonl"
    assert CliRunner().invoke(app, ["export", str(corpus), "-o", str(out)]).exit_code == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["desk"] for r in rows} == {"metro-0", "metro-1", "metro-2"}
    assert all(r["tags"] == ["flood", "city"] for r in rows)
    import pyarrow.parquet as pq

    pout = tmp_path / "out.parquet"
    assert CliRunner().invoke(app, ["export", str(corpus), "-o", str(pout)]).exit_code == 0
    metas = [json.loads(m) for m in pq.read_table(pout).column("meta").to_pylist()]
    assert {m["desk"] for m in metas} == {"metro-0", "metro-1", "metro-2"}


@pytest.mark.parametrize("case", ["missing-folder", "directory", "read-only-folder"])
def test_bad_output_paths_are_one_line(corpus, tmp_path, case):
    if case == "missing-folder":
        target, want = tmp_path / "nope" / "out.jsonl", "does not exist"
    elif case == "directory":
        target, want = tmp_path, "is a folder"
    else:
        if os.geteuid() == 0:
            pytest.skip("root writes into read-only folders")
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        target, want = ro / "out.jsonl", "permission denied"
    line = _one_line_exit_2(CliRunner().invoke(app, ["export", str(corpus), "-o", str(target)]))
    assert want in line


def test_check_output_reasons(tmp_path):
    existing = tmp_path / "a.txt"
    existing.write_text("x", encoding="utf-8")
    with pytest.raises(OutputRefused, match="is an input"):
        check_output(existing, inputs=[existing], force=True)
    with pytest.raises(OutputRefused, match="is an input"):
        check_output(tmp_path / "." / "a.txt", inputs=[existing], force=True)
    with pytest.raises(OutputRefused, match="already exists"):
        check_output(existing)
    assert check_output(existing, force=True) == existing
    with pytest.raises(OutputRefused, match="is a folder"):
        check_output(tmp_path)
    if os.geteuid() != 0:
        existing.chmod(0o444)
        with pytest.raises(OutputRefused, match="read-only"):
            check_output(existing, force=True)


def test_a_failed_write_leaves_the_old_file_whole(tmp_path):
    target = tmp_path / "report.md"
    target.write_text("the old report", encoding="utf-8")
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_text("half of a new rep", encoding="utf-8")
            raise RuntimeError("disk full")
    assert target.read_text(encoding="utf-8") == "the old report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]  # no temporary left behind


def test_analyze_refuses_its_own_input_before_any_work(tmp_path):
    story = tmp_path / "story"
    shutil.copytree(EXAMPLE, story)
    article = next(story.glob("*.txt"))
    before = article.read_bytes()
    for target in (article, story / "articles.csv"):
        line = _one_line_exit_2(
            CliRunner().invoke(app, ["analyze", str(article), "-f", "markdown", "-o", str(target), "--force"])
        )
        assert "input" in line or "exists" in line
    assert article.read_bytes() == before
    line = _one_line_exit_2(CliRunner().invoke(app, ["analyze", str(story), "-o", str(tmp_path / "no" / "r.md")]))
    assert "does not exist" in line


def test_report_and_watch_outputs_are_guarded_too(corpus, tmp_path):
    """`report --story -o` and `watch --alerts` go through the same check as analyze/export:
    never the corpus, never over an existing file without --force (checked before any work)."""
    size = corpus.stat().st_size
    line = _one_line_exit_2(CliRunner().invoke(app, ["report", str(corpus), "--story", "1", "-o", str(corpus)]))
    assert "is an input" in line and corpus.stat().st_size == size
    existing = tmp_path / "story.html"
    existing.write_text("mine", encoding="utf-8")
    line = _one_line_exit_2(CliRunner().invoke(app, ["report", str(corpus), "--story", "1", "-o", str(existing)]))
    assert "already exists" in line and existing.read_text(encoding="utf-8") == "mine"
    feeds = tmp_path / "feeds.txt"
    feeds.write_text("http://127.0.0.1:9/feed\n", encoding="utf-8")
    for target in (corpus, feeds):
        line = _one_line_exit_2(CliRunner().invoke(
            app, ["watch", str(corpus), "--feeds", str(feeds), "--alerts", str(target), "--once"]))
        assert "is an input" in line
    assert corpus.stat().st_size == size


def test_every_cli_write_goes_through_one_function():
    """No command module writes a file itself: the one writer is cli/app.py's write_output
    (checked output, temporary file, fsync, rename)."""
    import re

    writes = re.compile(r"\.write_text\(|\.write_bytes\(|open\([^)]*[\"'][wax]b?\+?[\"']")
    found = {}
    for path in sorted((REPO / "src" / "newsprism" / "cli").glob("*.py")):
        hits = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if writes.search(line)]
        if hits:
            found[path.name] = hits
    assert set(found) == {"app.py", "corpus.py"}, found  # corpus.py: watch appends alerts (guarded)
    assert len(found["app.py"]) == 1 and len(found["corpus.py"]) == 1, found


def test_export_tells_its_progress(corpus, tmp_path):
    from newsprism.corpus.corpus import Corpus

    seen = []
    with Corpus(corpus) as store:
        assert store.export(tmp_path / "x.jsonl", progress=lambda done, total: seen.append((done, total))) == 3
    assert seen == [(3, 3)]


def test_batch_output_folder_is_never_an_input_or_a_file(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text('{"id": "a", "text": "The council met on Monday."}\n', encoding="utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("mine", encoding="utf-8")
    line = _one_line_exit_2(CliRunner().invoke(app, ["batch", str(source), "-o", str(source), "-q"]))
    assert "is an input" in line
    line = _one_line_exit_2(CliRunner().invoke(app, ["batch", str(source), "-o", str(other), "-q"]))
    assert "not a folder" in line
    assert other.read_text(encoding="utf-8") == "mine" and source.read_text(encoding="utf-8").startswith('{"id"')
