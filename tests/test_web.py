"""The story workbench in a real browser (Debian's Chromium via Playwright) over a real
uvicorn server and SQLite store, and the HTML report opened from disk."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

from web_support import EXAMPLE, Server, screenshot, watch_page  # noqa: E402


@pytest.fixture(scope="module")
def seed_db(tmp_path_factory):
    from newsprism.corpus.corpus import Corpus

    path = tmp_path_factory.mktemp("web") / "seed.db"
    with Corpus(path) as corpus:
        summary = corpus.ingest([str(EXAMPLE)])
        assert summary.ingested == 3
        stories = corpus.stories()
    assert len(stories) == 1
    return path, stories[0].id


@pytest.fixture(scope="module")
def server(seed_db, nlp):
    from newsprism.report.web.app import create_app

    path, _ = seed_db
    with Server(create_app(path, nlp=nlp)) as srv:
        yield srv


def _api(page, url):
    return json.loads(page.evaluate("async (u) => JSON.stringify(await (await fetch(u)).json())", url))


def _assert_highlighted(page, col: str, words: str):
    """The cited words are highlighted in the column and visible inside its scrolled text."""
    marked = page.locator(f"#col-{col} .seg.hl")
    assert marked.count() > 0, f"nothing highlighted in {col}"
    text = "".join(marked.all_inner_texts())
    assert words in " ".join(text.split()), f"{words!r} not among the highlighted words of {col}: {text!r}"
    first = marked.first
    assert first.is_visible()
    inside = page.evaluate(
        """(el) => { const body = el.closest('.text').getBoundingClientRect(); const r = el.getBoundingClientRect();
        return r.top >= body.top - 1 && r.bottom <= body.bottom + 1 && r.top >= 0 && r.bottom <= window.innerHeight
               && r.left >= 0 && r.right <= window.innerWidth; }""",
        first.element_handle(),
    )
    assert inside, f"the highlighted words of {col} are scrolled out of view"


def test_stories_page_to_the_conflict_highlighted_in_both_outlets(server, seed_db, page):
    seen = watch_page(page)
    page.goto(server.url + "/")
    assert page.locator("table.stories tbody tr").count() == 1
    screenshot(page, "stories")
    page.locator("table.stories td.title a").first.click()
    page.wait_for_selector("#brief")
    screenshot(page, "story")
    card = page.locator(".card", has_text="month-long offensive").first
    assert "two weeks of rapid advances" in card.inner_text()
    card.locator("a.show").click()
    page.wait_for_selector(".seg.hl")
    # d0 is The New York Times ("two weeks of rapid advances"), d2 The Washington Post
    docs = _api(page, f"/api/stories/{seed_db[1]}/view")["docs"]
    by_outlet = {d["outlet"]: d["d"] for d in docs}
    _assert_highlighted(page, by_outlet["The New York Times"], "two weeks of rapid advances")
    _assert_highlighted(page, by_outlet["The Washington Post"], "a month-long offensive")
    assert page.locator(f"#col-{by_outlet['The Associated Press']} .seg.hl").count() == 0
    pressed = page.locator('.pick[aria-pressed="true"]')
    assert pressed.count() == 1 and "month-long offensive" in pressed.inner_text()
    screenshot(page, "side-by-side-conflict")

    # clicking another item in the panel moves the highlight; the keyboard works too
    other = page.locator(".pick", has_text="tens of thousands").first
    other.focus()
    page.keyboard.press("Enter")
    assert "tens of thousands" in page.locator('.pick[aria-pressed="true"]').inner_text()
    assert "month-long" not in "".join(page.locator(".seg.hl").all_inner_texts())
    assert not seen["errors"], seen["errors"]


def _quote_board(page) -> dict[str, dict[str, int]]:
    """speaker -> {document key: quotes} as the page's quote board shows it."""
    shown: dict[str, dict[str, int]] = {}
    for entry in page.locator("#quote-board > li.speaker").all():
        cells = entry.locator("li[data-d]").evaluate_all("els => els.map(e => [e.dataset.d, +e.dataset.quotes])")
        shown[entry.get_attribute("data-speaker")] = {d: n for d, n in cells if n}
    return shown


def test_coverage_matrix_and_quote_board_match_the_json(server, seed_db, page):
    from newsprism.report.web.render import PAGE_LIMITS

    seen = watch_page(page)
    page.goto(f"{server.url}/stories/{seed_db[1]}")
    analysis = _api(page, f"/api/stories/{seed_db[1]}")["analysis"]
    keys = {d["id"]: f"d{i}" for i, d in enumerate(analysis["documents"])}

    rows = page.locator("#matrix tbody tr")
    facts = analysis["findings"]["corroborated"]
    assert rows.count() == min(len(facts), PAGE_LIMITS["coverage"]) > 0
    for i in range(rows.count()):
        fact = facts[int(rows.nth(i).get_attribute("data-fact"))]
        carried = set(rows.nth(i).locator('td[data-carried="1"]').evaluate_all("els => els.map(e => e.dataset.d)"))
        assert carried == {keys[d] for d in fact["docs"]}, fact["about"]

    entities = {e["id"]: e["name"] for e in analysis["entities"]}
    expected: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for q in analysis["quotes"]:
        name = entities.get(q["speaker_entity"] or "") or q["speaker"] or "Speaker not named"
        expected[" ".join(name.split())][keys[q["doc"]]] += 1
    want = {k: dict(v) for k, v in expected.items()}
    # the page shows the speakers quoted by the most outlets first, the rest one click away
    first = _quote_board(page)
    assert len(first) == min(len(want), PAGE_LIMITS["speakers"]) > 0
    assert all(want[name] == cells for name, cells in first.items())
    assert min(len(c) for c in first.values()) >= max((len(want[k]) for k in want if k not in first), default=0)
    page.locator("#quotes").scroll_into_view_if_needed()
    screenshot(page, "quote-board")
    if len(want) > len(first):
        page.locator("#sec-quotes a.more", has_text="speakers").click()
        page.wait_for_function("n => document.querySelectorAll('#quote-board > li.speaker').length === n", arg=len(want))
        assert page.evaluate("() => document.activeElement.id") == "quotes"  # focus moves to the part
        assert page.locator("#sec-quotes a.more").count() == 0
    assert _quote_board(page) == want
    # without a script the same link opens the whole page at that part
    page.goto(f"{server.url}/stories/{seed_db[1]}?full=1#quotes")
    assert _quote_board(page) == want
    assert page.locator("#matrix tbody tr").count() == len(facts)
    assert not seen["errors"], seen["errors"]


def test_article_and_outlets_pages(server, seed_db, page):
    seen = watch_page(page)
    page.goto(f"{server.url}/outlets")
    assert page.locator("tbody tr").count() == 3
    screenshot(page, "outlets")
    page.goto(f"{server.url}/stories/{seed_db[1]}")
    page.locator(".legend a", has_text="The Washington Post").click()
    page.wait_for_selector(".article .text")
    assert page.locator(".seg.quote").count() > 0 and page.locator(".seg.fig").count() > 0
    screenshot(page, "article")
    assert not seen["errors"], seen["errors"]


def test_html_report_works_from_disk(seed_story_report, browser):
    path = seed_story_report
    assert path.stat().st_size <= 500_000, f"report is {path.stat().st_size} bytes"
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    seen = watch_page(page)
    page.goto(path.as_uri())
    assert page.locator("h1").count() == 1
    page.locator(".pick", has_text="month-long offensive").first.click()
    _assert_highlighted(page, "d2", "a month-long offensive")
    _assert_highlighted(page, "d0", "two weeks of rapid advances")
    screenshot(page, "report-side-by-side")
    assert not seen["errors"], seen["errors"]
    page.close()


@pytest.fixture(scope="module")
def seed_story_report(tmp_path_factory, nlp):
    from newsprism.pipeline import analyze
    from newsprism.report import render

    path = tmp_path_factory.mktemp("report") / "story.html"
    path.write_text(render(analyze([EXAMPLE], nlp=nlp), "html"), encoding="utf-8")
    return path


def test_a_story_is_analysed_once_and_stored(seed_db, nlp, tmp_path):
    """The page's analysis is the store's: made on the first view, stored with the story's
    article set, and read back (not recomputed) by a fresh server and by `newsprism report`."""
    import shutil

    from fastapi.testclient import TestClient
    from typer.testing import CliRunner

    from newsprism.cli import app as cli
    from newsprism.corpus.corpus import Corpus
    from newsprism.report.web.app import create_app

    path, story = seed_db
    db = tmp_path / "copy.db"
    shutil.copy(path, db)
    with Corpus(db) as corpus:
        assert corpus.story_analysis(story) is None
    first = TestClient(create_app(db, nlp=nlp)).get(f"/api/stories/{story}").json()["analysis"]
    with Corpus(db) as corpus:
        stored = corpus.story_analysis(story)
    assert stored is not None and stored.to_dict() == first

    def never(*_):
        raise AssertionError("a stored analysis was computed again")

    again = TestClient(create_app(db, compute=never, load_nlp=never)).get(f"/api/stories/{story}").json()["analysis"]
    assert again == first

    # the stories page shows the stored counts, read by a server that analysed nothing itself
    f = first["findings"]
    want = {"conflicts": len(f["conflicts"]), "framing": len(f.get("framing") or ()), "fresh": True}
    import sqlite3

    for legacy in (False, True):  # True: an analysis stored before the counts column
        if legacy:
            with sqlite3.connect(db) as conn:
                conn.execute("UPDATE analyses SET counts = NULL")
        client = TestClient(create_app(db, compute=never, load_nlp=never))
        row = client.get("/api/stories").json()["stories"][0]
        assert {k: row["counts"][k] for k in want} == want, legacy
        html = client.get("/").text
        assert "not analysed yet" not in html
    # an article added to the story: its counts are those of an earlier analysis, marked so
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE articles SET hash = hash || 'x' WHERE pk = (SELECT min(pk) FROM articles)")
    row = TestClient(create_app(db, compute=never, load_nlp=never)).get("/api/stories").json()["stories"][0]
    assert row["counts"]["fresh"] is False and row["counts"]["conflicts"] == want["conflicts"]
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE articles SET hash = substr(hash, 1, length(hash) - 1) WHERE pk = (SELECT min(pk) FROM articles)")
    out = tmp_path / "story.html"
    result = CliRunner().invoke(cli, ["report", str(db), "--story", str(story), "-o", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "month-long offensive" in html and "Content-Security-Policy" in html
