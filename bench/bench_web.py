"""Speed of the story workbench (issue 13 targets in brackets).

    .venv/bin/python bench/bench_web.py [--articles 100000] [--repeat 20]

1. Story page of a 30-article stored story (10 BASIL events pooled into one story),
   analysis already made: server time per request (median of --repeat) [<= 150 ms],
   and first contentful paint in Debian's Chromium [<= 500 ms] (median of 7 loads). The
   baselines in the same run: the stories page of the same small corpus, and the whole
   story page at once (``?full=1``: every item of every part) for the paint.
2. Stories page over a store of --articles synthetic articles (3 per story, real
   schema, FTS index): server time, plain and with a full-text query [<= 300 ms].
3. Size of the seed story's HTML report [<= 500 KB].
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
sys.path.insert(0, str(REPO / "tests"))


def timed(client, url: str, repeat: int) -> tuple[float, float]:
    """(median, max) server milliseconds of GET url (after one warm-up)."""
    client.get(url)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times), max(times)


def thirty_article_store(folder: Path, nlp):
    from newsprism.corpus.corpus import Corpus
    from newsprism.corpus.readers import read_paths  # noqa: F401  (keeps the import cost out of timings)
    from newsprism.evaluate.basil_findings import load_events

    pooled = [a for _, arts in load_events(SHARED / "datasets" / "basil" / "articles")[:10] for a in arts]
    path = folder / "thirty.db"
    with Corpus(path) as corpus:
        corpus.add_articles(pooled)
        with corpus.store.transaction() as conn:  # one story of all 30 (bench only)
            conn.execute("UPDATE articles SET story = 1")
            conn.execute("DELETE FROM stories")
            conn.execute("INSERT INTO stories(id, title, first_day, last_day, size) "
                         "SELECT 1, 'Thirty articles, ten BASIL events pooled', min(day), max(day), count(*) FROM articles")
    return path, len(pooled)


def big_store(path: Path, n: int, seed: int = 7) -> None:
    """n synthetic articles, 3 per story, written straight into the real schema."""
    from newsprism.corpus.store import Store

    rng = random.Random(seed)
    words = ("evacuation ceasefire government rebels city officials said people killed council vote election "
             "court ruling market prices storm flood minister police protest hospital school deal talks").split()
    outlets = [f"Outlet {i:03d}" for i in range(300)]
    with Store(path) as store:
        with store.transaction() as conn:
            rows, stories = [], []
            for i in range(n):
                story = i // 3 + 1
                day = 736000 + (story * 7) // 100
                text = " ".join(rng.choice(words) for _ in range(90))
                rows.append((i + 1, f"h{i}", f"a{i}", f"Story {story} headline {rng.choice(words)}", rng.choice(outlets),
                             "2016-01-01", day, None, "[]", None, text, "{}", i + 1, story))
                if i % 3 == 0:
                    stories.append((story, f"Story {story}", day, day, 3))
            conn.executemany(
                "INSERT INTO articles(pk, hash, id, title, outlet, published, day, url, authors, path, text, meta, family, story)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
            conn.executemany("INSERT INTO stories(id, title, first_day, last_day, size) VALUES (?,?,?,?,?)", stories)
            conn.executemany("INSERT INTO families(id, size) VALUES (?, 1)", [(i + 1,) for i in range(n)])


def first_paint(url: str, loads: int = 7) -> float:
    """Median first contentful paint (ms) of ``loads`` fresh loads of ``url``."""
    from web_support import launch_browser

    pw, browser = launch_browser()
    try:
        paints = []
        for _ in range(loads):
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(url)
            value = page.evaluate(
                "() => new Promise(r => { const e = performance.getEntriesByName('first-contentful-paint');"
                " if (e.length) r(e[0].startTime); else new PerformanceObserver(l => r(l.getEntries()[0].startTime))"
                ".observe({type: 'paint', buffered: true}); })")
            paints.append(float(value))
            page.close()
        return statistics.median(paints)
    finally:
        browser.close()
        pw.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--articles", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep the stores here and reuse them (and the stored analysis) on the next run")
    args = parser.parse_args()

    from fastapi.testclient import TestClient

    from newsprism.nlp import load_pipeline
    from newsprism.pipeline import analyze
    from newsprism.report import render
    from newsprism.report.web.app import create_app
    from web_support import Server

    nlp = load_pipeline()
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.workdir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        # 3. report size
        html = render(analyze([REPO / "examples" / "aleppo-2016-12-14"], nlp=nlp), "html")
        out["seed_report_kb"] = round(len(html.encode("utf-8")) / 1024, 1)

        # 1. the 30-article story page
        if (folder / "thirty.db").exists():
            path, count = folder / "thirty.db", 30
        else:
            path, count = thirty_article_store(folder, nlp)
        app = create_app(path, nlp=nlp)
        client = TestClient(app)
        t0 = time.perf_counter()
        assert client.get("/stories/1").status_code == 200
        out["story30_first_view_s"] = round(time.perf_counter() - t0, 2)  # analysis made (or read back) + first render
        out["stories_small_ms"], _ = timed(client, "/", args.repeat)
        out["story30_ms"], out["story30_max_ms"] = timed(client, "/stories/1", args.repeat)
        out["side30_ms"], _ = timed(client, "/stories/1/side", args.repeat)
        out["story30_html_kb"] = round(len(client.get("/stories/1").content) / 1024, 1)
        # the baseline in the same run: the whole page at once (what the story page was before
        # it sent the first items of each part and laid out the parts below the brief lazily)
        out["story30_full_html_kb"] = round(len(client.get("/stories/1?full=1").content) / 1024, 1)
        with Server(app) as srv:
            out["story30_first_paint_ms"] = round(first_paint(srv.url + "/stories/1"), 1)
            out["story30_full_first_paint_ms"] = round(first_paint(srv.url + "/stories/1?full=1"), 1)
            out["story30_paint_ratio"] = round(out["story30_first_paint_ms"] / out["story30_full_first_paint_ms"], 2)
            out["side30_first_paint_ms"] = round(first_paint(srv.url + "/stories/1/side"), 1)

        # 2. the stories page over a big store
        big = folder / f"big{args.articles}.db"
        if not big.exists():
            t0 = time.perf_counter()
            big_store(big, args.articles)
            out["big_store_build_s"] = round(time.perf_counter() - t0, 1)
        client = TestClient(create_app(big, nlp=nlp))
        out["stories_big_ms"], out["stories_big_max_ms"] = timed(client, "/", args.repeat)
        out["stories_big_page_100_ms"], _ = timed(client, "/?page=100", args.repeat)
        out["stories_big_query_ms"], _ = timed(client, "/?q=evacuation+ceasefire", args.repeat)
        out["stories_big_outlet_ms"], _ = timed(client, "/?outlet=Outlet+007", args.repeat)
        out["api_stories_big_ms"], _ = timed(client, "/api/stories", args.repeat)
    print(json.dumps({"articles_in_story": count, "big_store_articles": args.articles,
                      **{k: round(v, 1) for k, v in out.items()}}, indent=2))


if __name__ == "__main__":
    main()
