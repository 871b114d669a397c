"""Stored analyses and parse-once: a stored story's analysis is computed once, read back
byte-identical, recomputed from stored parses with the same output, and stale when the
story's articles change (newsprism.engines.local, Corpus.story_analysis)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newsprism.cli import app
from newsprism.corpus.corpus import Corpus
from newsprism.engines.local import Analyser, refresh, story_analysis
from newsprism.model import Article, StoryAnalysis, from_jsonable, to_jsonable
from newsprism.pipeline import analyze_articles

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"
runner = CliRunner()


@pytest.fixture(scope="module")
def analyser():
    from newsprism.nlp import load_pipeline

    return Analyser(load_pipeline())


@pytest.fixture()
def corpus(tmp_path):
    with Corpus(tmp_path / "c.db") as c:
        c.ingest([EXAMPLE])
        yield c


def _pretty(data) -> str:
    from newsprism.report.json import dumps

    return dumps(data)


def test_stored_analysis_equals_a_fresh_one_and_is_reused(corpus, analyser):
    (story,) = corpus.stories()
    fresh = analyze_articles(corpus.story_articles(story.id), analyser.nlp)
    assert corpus.story_analysis(story.id) is None  # nothing stored yet
    assert corpus.stale_stories() == [story.id]
    first = story_analysis(corpus, story.id, analyser=analyser)
    assert first.fresh and first.story == story.id
    assert _pretty(first.to_dict()) == _pretty(to_jsonable(fresh))
    assert corpus.stale_stories() == []
    # read back: the same record, not recomputed (no parse possible without an analyser)
    again = story_analysis(corpus, story.id, compute=False)
    assert again is not None and again.json == first.json and again.created_at == first.created_at
    # the record type comes back whole
    assert from_jsonable(StoryAnalysis, first.to_dict()) == fresh


def test_stored_parses_give_the_same_analysis(corpus, analyser):
    (story,) = corpus.stories()
    first = story_analysis(corpus, story.id, analyser=analyser)
    n_parses = corpus.store.conn.execute("SELECT count(*) FROM parses").fetchone()[0]
    assert n_parses == len(story.articles)
    corpus.store.conn.execute("DELETE FROM analyses")
    result = analyser.analyse_stored(corpus.store, story.id)
    assert result.reused == len(story.articles) and not result.parses  # nothing parsed again
    assert result.json == first.json
    # a process that never loads the model (only its vocabulary) gives the same analysis
    bare = Analyser(embedder=analyser.embedder)
    assert bare.analyse_stored(corpus.store, story.id).json == first.json
    assert bare._nlp is None


def test_a_story_that_gains_an_article_is_stale(corpus, analyser):
    (story,) = corpus.stories()
    old = story_analysis(corpus, story.id, analyser=analyser)
    articles = corpus.story_articles(story.id)
    extra = Article(
        id="extra.txt",
        text=articles[0].text.replace("Aleppo", "Aleppo city", 3) + "\nMore details emerged later on Wednesday.",
        outlet="Another Outlet",
        published=articles[0].published,
    )
    corpus.add_articles([extra])
    joined = [s for s in corpus.stories() if "extra.txt" in s.articles]
    assert joined and joined[0].id == story.id, "the test article should join the story"
    assert corpus.story_analysis(story.id) is None
    stale = corpus.story_analysis(story.id, stale_ok=True)
    assert stale is not None and not stale.fresh and stale.json == old.json
    summary = refresh(corpus, jobs=1, analyser=analyser)
    assert summary.stories == 1 and summary.reused == len(articles) and summary.parsed == 1
    new = corpus.story_analysis(story.id)
    assert new is not None and "extra.txt" in [d["id"] for d in new.to_dict()["documents"]]


def test_analyze_story_cli_reads_the_stored_json(corpus, analyser, tmp_path):
    (story,) = corpus.stories()
    stored = story_analysis(corpus, story.id, analyser=analyser)
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["analyze", str(corpus.path), "--story", str(story.id), "-f", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == _pretty(stored.to_dict())
    md = runner.invoke(app, ["analyze", str(corpus.path), "--story", str(story.id), "-f", "markdown"])
    assert md.exit_code == 0 and "Aleppo" in md.output
    missing = runner.invoke(app, ["analyze", str(corpus.path), "--story", "999"])
    assert missing.exit_code == 1 and "no story 999" in missing.output


def test_refresh_cli_in_parallel(tmp_path):
    folder = tmp_path / "in"
    shutil.copytree(EXAMPLE, folder / "a")
    db = tmp_path / "c.db"
    assert runner.invoke(app, ["ingest", str(db), str(folder), "-q"]).exit_code == 0
    result = runner.invoke(app, ["refresh", str(db), "--jobs", "2", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["failed"] == [] and summary["stories"] >= 1 and summary["parsed"] == 3
    again = json.loads(runner.invoke(app, ["refresh", str(db), "--json"]).output)
    assert again["stories"] == 0  # nothing changed: nothing recomputed
    with Corpus(db) as c:
        assert c.stale_stories() == []


def test_ingest_parse_stores_parses(tmp_path):
    db = tmp_path / "c.db"
    result = runner.invoke(app, ["ingest", str(db), str(EXAMPLE), "--parse", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["parsed"]["articles"] == 3
    again = runner.invoke(app, ["ingest", str(db), "--parse", "--json", "-j", "1"])
    assert json.loads(again.output)["parsed"]["articles"] == 0


def test_parsing_a_corpus_in_two_workers_stores_the_parses_one_process_makes(tmp_path, analyser):
    """``ingest --parse --jobs 2``: two worker processes (forked with the model this process
    loaded, on Linux) store byte-for-byte the parses one process stores."""
    from newsprism.engines.local import parse_corpus
    from newsprism.pipeline import read_inputs

    articles, _ = read_inputs([EXAMPLE])
    stored = []
    for jobs in (1, 2):
        with Corpus(tmp_path / f"c{jobs}.db") as corpus:
            corpus.add_articles(articles)
            summary = parse_corpus(corpus, jobs=jobs, batch=1, analyser=analyser if jobs == 1 else None)
            assert summary.parsed == len(articles) and summary.jobs == jobs
            stored.append(dict(corpus.store.conn.execute(
                "SELECT a.id, p.data FROM parses p JOIN articles a ON a.pk = p.article")))
    assert stored[0] == stored[1] and len(stored[0]) == len(articles)


def test_stories_are_paged_with_the_total(tmp_path):
    db = tmp_path / "c.db"
    words = "harbour bridge council vote river flood mayor budget school strike".split()
    with Corpus(db) as c:
        c.add_articles(
            Article(id=f"a{i}.txt", text=" ".join(f"{w}{i}" for w in words) + ".", published=f"2020-0{i + 1}-01")
            for i in range(7)
        )
        every = c.stories()
        assert c.count_stories() == len(every) == 7
        assert [s.id for s in c.stories(limit=3)] == [s.id for s in every[:3]]
        assert [s.id for s in c.stories(limit=3, offset=3)] == [s.id for s in every[3:6]]
        assert c.stories(limit=3, offset=6)[0].articles == every[6].articles
    result = runner.invoke(app, ["stories", str(db), "--limit", "3"])
    assert result.exit_code == 0 and "stories 1–3 of 7" in result.output and "--offset 3" in result.output
    assert len(json.loads(runner.invoke(app, ["stories", str(db), "-f", "json", "-n", "0"]).output)) == 7


def test_stories_told_by_at_least_n_outlets(tmp_path):
    """--min-outlets keeps the stories worth comparing: outlet names in any case are one outlet,
    an article of unknown outlet counts as its own."""
    from web_support import EXAMPLE

    db = tmp_path / "c.db"
    with Corpus(db) as c:
        c.ingest([str(EXAMPLE)])
        c.add_articles([
            Article(id="lone.txt", text="The harbour council voted on the bridge budget after the river flood.",
                    outlet="The New York Times", published="2016-12-20"),
            Article(id="lone2.txt", text="The harbour council voted on the bridge budget after the river flood again.",
                    outlet="THE NEW YORK TIMES", published="2016-12-20"),
        ])
        assert c.count_stories() == 2
        assert c.count_stories(min_outlets=2) == 1 and c.count_stories(min_outlets=4) == 0
        seed = c.stories(min_outlets=3)
        assert len(seed) == 1 and len(seed[0].articles) == 3
        assert [s.id for s in c.stories(min_outlets=2, limit=1)] == [seed[0].id]
    result = runner.invoke(app, ["stories", str(db), "--min-outlets", "3", "-f", "json"])
    assert result.exit_code == 0 and [len(s["articles"]) for s in json.loads(result.output)] == [3]
    assert "stories 1" not in runner.invoke(app, ["stories", str(db), "--min-outlets", "2"]).output


def test_refresh_with_two_jobs_analyses_stories_in_two_workers(tmp_path, shared_dir):
    """--jobs 2: two worker processes analyse the stories; the calling process only writes."""
    from newsprism.evaluate.basil_findings import load_events

    events = load_events(shared_dir / "datasets" / "basil" / "articles")[:3]
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.add_articles([a for _, arts in events for a in arts])
        stale = corpus.stale_stories()
        assert len(stale) >= 3
        summary = refresh(corpus, jobs=2)
        assert summary.failed == [] and summary.stories == len(stale) and summary.jobs == 2
        # the stories were analysed in worker processes (each reports its CPU time), not here
        assert 1 <= len(summary.worker_cpu_seconds) <= 2 and os.getpid() not in summary.worker_cpu_seconds
        assert all(cpu > 0 for cpu in summary.worker_cpu_seconds.values())
        assert summary.parsed == sum(len(arts) for _, arts in events)
        assert corpus.stale_stories() == []
        two = dict(corpus.store.conn.execute("SELECT story, data FROM analyses"))
        # the same analyses as one process makes (the worker was forked with this process's model)
        with corpus.store.transaction():
            corpus.store.conn.execute("DELETE FROM analyses")
            corpus.store.conn.execute("DELETE FROM parses")
        assert refresh(corpus, jobs=1).stories == len(stale)
        one = dict(corpus.store.conn.execute("SELECT story, data FROM analyses"))
        assert one == two and len(one) == len(stale)


def _worker_state(_: int) -> tuple[bool, bool]:
    from newsprism.engines import local

    analyser = local._WORKER["analyser"]
    return analyser._nlp is not None, analyser.embedder is not None


def test_workers_start_with_the_callers_loaded_model(tmp_path, analyser):
    """Given a loaded analyser, the pool's workers are forked with it: no model load of their
    own (a spawned worker's imports and model load cost ~2.5 s of CPU each)."""
    from newsprism.engines.local import _pool

    with Corpus(tmp_path / "c.db") as c:
        c.ingest([EXAMPLE])
    analyser._embedder()
    with _pool(str(tmp_path / "c.db"), 1, analyser) as pool:
        assert pool.submit(_worker_state, 0).result() == (True, True)
    with _pool(str(tmp_path / "c.db"), 1) as pool:  # spawned: loads on first use
        assert pool.submit(_worker_state, 0).result() == (False, False)


def test_stories_table_keeps_titles_readable_in_an_80_column_pipe(tmp_path):
    # a pipe has no terminal width: rich's 80 columns squeezed the title to a word per line
    db = tmp_path / "c.db"
    title = "Phyllis Schlafly, conservative bane of feminists, dies at 92"
    with Corpus(db) as c:
        c.add_articles([Article(id="s.txt", text=title + ".\n\nShe led the fight against the amendment.",
                                title=title, outlet="The New York Times", published="2016-09-07")])
    result = runner.invoke(app, ["stories", str(db)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    # before: a word per line (nine lines); now the title reads in a few lines of several words
    words = title.split()
    assert all(w in result.output for w in words), result.output  # no word cut to "conservat…"
    title_lines = [line for line in lines if any(w in line.split() for w in words)]
    assert len(title_lines) <= 3, result.output
    assert "2016-09-07" in result.output


def test_refresh_starts_the_story_with_the_most_text_first(corpus):
    """refresh orders stale stories by the length of their texts (then their articles), so the
    last story any worker starts is a short one (``_story_sizes``)."""
    from newsprism.engines.local import _story_sizes

    (story,) = corpus.stories()
    texts = [a.text for a in corpus.story_articles(story.id)]
    sizes = _story_sizes(corpus, [story.id, 999])
    assert sizes == {story.id: (sum(len(t) for t in texts), len(texts))}
    conn = corpus.store.conn
    # two more stories: one article each, a long and a short text
    pks = [pk for (pk,) in conn.execute("SELECT pk FROM articles WHERE story = ? ORDER BY length(text)", (story.id,))]
    with corpus.store.transaction():
        conn.execute("UPDATE articles SET story = 1001 WHERE pk = ?", (pks[0],))
        conn.execute("UPDATE articles SET story = 1002 WHERE pk = ?", (pks[-1],))
    sizes = _story_sizes(corpus, [1001, 1002, story.id])
    # one article each now: the longest text first, whatever the story numbers
    assert sorted(sizes, key=lambda s: sizes[s], reverse=True) == [1002, story.id, 1001]
