"""An ingest killed mid-run (SIGKILL, or Ctrl-C = SIGINT) loses nothing it committed, readers
work while it runs, and running it again ends with exactly the corpus of one uninterrupted run.

The ingest runs as a real ``newsprism ingest`` subprocess on a generated corpus (no ../shared
needed); the test kills it once the file shows committed articles, from a separate reader.
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from newsprism.corpus.corpus import Corpus

N_ARTICLES = 2400
BATCH = 40
SYLLABLES = "ka lo mer vin tra sel dor bel ru ni zan quo fe gar lis ton mi ra shu pel".split()
FILLER = (
    "officials said the plan would take effect soon while critics warned of delays and costs "
    "residents gathered near the building as police kept watch over the crowd on the street "
    "the report found problems with funding and oversight that lawmakers promised to address "
    "witnesses described a chaotic scene before emergency crews arrived and secured the area"
).split()


def _name(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()


def _corpus_rows(n: int, seed: int = 3) -> list[str]:
    """JSONL lines: ~n/10 events (own names, place, topic words, dates), articles mixing an
    event's facts with filler, 10% near-verbatim copies by another outlet, a few broken lines."""
    rng = random.Random(seed)
    # events share people, places and topic words from small pools, and overlap in time: which
    # stories are candidates for an article matters, as in real news
    pool_people = [f"{_name(rng)} {_name(rng)}" for _ in range(n // 12)]
    pool_places = [_name(rng) for _ in range(n // 60)]
    pool_topics = [_name(rng).lower() + "ment" for _ in range(n // 30)]
    events = []
    for _ in range(n // 10):
        people = rng.sample(pool_people, 3)
        place = rng.choice(pool_places)
        topic = rng.sample(pool_topics, 4)
        facts = [
            f"{rng.choice(people)} said the {rng.choice(topic)} in {place} affected {rng.randrange(10, 999)} people."
            for _ in range(12)
        ]
        events.append((people, place, topic, facts, 738000 + rng.randrange(120)))
    lines, originals = [], []
    for i in range(n):
        if originals and rng.random() < 0.1:
            record = dict(rng.choice(originals))
            record["id"] = f"c{i}"
            record["outlet"] = f"outlet{rng.randrange(30)}"
            record["text"] = record["text"] + f" ({_name(rng)} contributed reporting.)"
        else:
            people, place, topic, facts, day = rng.choice(events)
            body = rng.sample(facts, 6) + [" ".join(rng.sample(FILLER, 12)).capitalize() + "." for _ in range(3)]
            rng.shuffle(body)
            published = __import__("datetime").date.fromordinal(day + rng.randrange(3)).isoformat()
            record = {
                "id": f"a{i}",
                "text": " ".join(body),
                "title": f"{people[0]} and the {topic[0]} in {place}",
                "outlet": f"outlet{rng.randrange(30)}",
                "published": published,
            }
            originals.append(record)
        lines.append(json.dumps(record))
        if i % 500 == 250:
            lines.append("{broken json line")
    return lines


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("in") / "feed.jsonl"
    path.write_text("\n".join(_corpus_rows(N_ARTICLES)) + "\n", encoding="utf-8")
    return path


def _ingest_cmd(db: Path, source: Path) -> list[str]:
    return [sys.executable, "-m", "newsprism.cli", "ingest", str(db), str(source),
            "--batch-size", str(BATCH), "--json"]


def _run(db: Path, source: Path) -> dict:
    done = subprocess.run(_ingest_cmd(db, source), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _snapshot(db: Path) -> dict:
    """Everything a user sees of the corpus: articles, copy families, stories (ids, titles,
    spans, members), plus the streaming state that later ingests build on."""
    with Corpus(db) as corpus:
        conn = corpus.store.conn
        return {
            "articles": conn.execute("SELECT pk, hash, id, family, story, terms FROM articles ORDER BY pk").fetchall(),
            "families": conn.execute("SELECT id, size FROM families ORDER BY id").fetchall(),
            "stories": [s.to_dict() for s in corpus.stories()],
            "story_rows": conn.execute("SELECT id, title, first_day, last_day, size, state FROM stories ORDER BY id").fetchall(),
            "df": conn.execute("SELECT term, df FROM term_df ORDER BY term").fetchall(),
            "docs": corpus.store.get_meta("cluster_docs"),
        }


@pytest.fixture(scope="module")
def uninterrupted(corpus_file, tmp_path_factory) -> dict:
    db = tmp_path_factory.mktemp("one") / "one.db"
    summary = _run(db, corpus_file)
    assert summary["ingested"] == N_ARTICLES
    # each broken line is reported with its file and line number (record i is on line i + 1 + the
    # broken lines before it)
    broken = [i + 2 + k for k, i in enumerate(range(250, N_ARTICLES, 500))]
    assert [(Path(s["path"]).name, s["line"]) for s in summary["skipped"]] == [("feed.jsonl", b) for b in broken]
    assert all("JSON" in s["reason"] for s in summary["skipped"])
    assert summary["copies"] > N_ARTICLES // 20
    return _snapshot(db)


def _count(db: Path) -> int:
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute("SELECT count(*) FROM articles").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0  # not created or not migrated yet


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _kill_mid_ingest(db: Path, source: Path, sig: int) -> tuple[int, subprocess.CompletedProcess]:
    """Start the ingest, read the corpus while it runs, send ``sig`` once some batches are
    committed; returns the number of articles seen committed before the signal."""
    # Ctrl-C as a user's terminal delivers it: SIGINT at its default in the child, whatever an
    # earlier test or the launching shell ("cmd &" ignores SIGINT) left in this process
    proc = subprocess.Popen(_ingest_cmd(db, source), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    seen, reads = 0, 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            seen = _count(db)
            if seen >= 3 * BATCH:
                # readers work while the writer is mid-run (WAL): a full stories listing and a
                # search. The writer is paused (SIGSTOP, wherever it is, possibly inside a write
                # transaction) while we read, so a slow, loaded machine cannot let it finish
                # before it is interrupted; it resumes (SIGCONT) and gets the signal at once.
                proc.send_signal(signal.SIGSTOP)
                try:
                    with Corpus(db) as reader:
                        listed = reader.stories()
                        assert sum(len(s.articles) for s in listed) >= seen
                        assert reader.search("said", limit=5)
                finally:
                    proc.send_signal(signal.SIGCONT)
                reads += 1
                if reads >= 2:
                    break
            time.sleep(0.01)
        if proc.poll() is not None:  # finished before it could be interrupted (the caller retries)
            out, err = proc.communicate(timeout=60)
            return N_ARTICLES, subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return seen, subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _integrity(db) -> str:
    import sqlite3

    with sqlite3.connect(db) as con:
        return con.execute("PRAGMA integrity_check").fetchone()[0]


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_interrupted_ingest_resumes_to_the_same_corpus(tmp_path, corpus_file, uninterrupted, sig):
    for attempt in range(4):
        # on a loaded machine the test can be starved while the ingest commits every batch;
        # a run that committed everything before the signal reached it is tried again
        db = tmp_path / f"two-{attempt}.db"
        seen, killed = _kill_mid_ingest(db, corpus_file, sig)
        kept = _count(db)
        if kept < N_ARTICLES:
            break
    assert _integrity(db) == "ok"  # the file the kill left behind is a sound database
    assert BATCH * 3 <= seen <= kept < N_ARTICLES  # nothing committed was lost, the run was cut short
    assert kept % BATCH == 0  # whole batches: the one in flight is rolled back entirely
    if sig == signal.SIGINT:
        assert killed.returncode == 130, killed.stderr
        assert "interrupted:" in killed.stderr and "run the same command again" in killed.stderr
    else:
        assert killed.returncode == -signal.SIGKILL
    resumed = _run(db, corpus_file)
    assert resumed["duplicates"] == kept and resumed["ingested"] == N_ARTICLES - kept
    assert _snapshot(db) == uninterrupted
    assert _integrity(db) == "ok"
    import sqlite3

    with sqlite3.connect(db) as con:  # every article exactly once
        total, distinct = con.execute("SELECT count(*), count(DISTINCT hash) FROM articles").fetchone()
    assert total == distinct == N_ARTICLES
    # and once more: nothing to add
    again = _run(db, corpus_file)
    assert (again["ingested"], again["duplicates"]) == (0, N_ARTICLES)
