"""Shared fixtures: the spaCy pipeline (loaded once), the ../shared folder and the browser."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SEED_STORY = SHARED / "stories" / "aleppo-2016-12-14"


@pytest.fixture(scope="session")
def nlp():
    from newsprism.nlp import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright, one for the whole run (the web tests);
    skips with the reason when neither it nor apt-get is available."""
    from web_support import launch_browser

    pw, browser = launch_browser()
    yield browser
    browser.close()
    pw.stop()


@pytest.fixture()
def page(browser):
    """A fresh browser context and page at 1400x900."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is absent (a user's clone): the public stories and datasets live there")
    return SHARED


@pytest.fixture(scope="session")
def seed_story(shared_dir) -> Path:
    if not SEED_STORY.is_dir():
        pytest.skip(f"{SEED_STORY} is absent")
    return SEED_STORY


def write_story_jsonl(folder: Path, target: Path) -> list[dict]:
    """A story folder (text files + manifest) as a .jsonl input for the batch engines."""
    import json

    from newsprism.corpus.readers import read_paths

    articles, _ = read_paths([folder])
    rows = [
        {"id": a.id, "text": a.text, "title": a.title, "outlet": a.outlet, "published": a.published,
         "url": a.url, "authors": list(a.authors)}
        for a in articles
    ]
    with open(target, "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return rows


def write_basil_jsonl(basil: Path, target: Path) -> dict[str, str]:
    """BASIL dev articles as a .jsonl input; returns article id -> gold story."""
    import datetime
    import json

    from newsprism.evaluate.stories import load_basil

    gold = {}
    with open(target, "w", encoding="utf-8") as handle:
        for doc_id, text, title, day, story in load_basil(basil):
            published = datetime.date.fromordinal(day).isoformat() if day else None
            handle.write(json.dumps({"id": doc_id, "text": text, "title": title, "published": published}) + "\n")
            gold[doc_id] = story
    return gold


def write_wire_copies(rows: list[dict], target: Path) -> list[str]:
    """A CSV of two republications of the first article (one trimmed, one with a credit line),
    under other column names (mapping: text=body,outlet=site,published=date); returns their ids."""
    import csv

    original = rows[0]
    paragraphs = original["text"].split("\n")
    trimmed = "\n".join(paragraphs[: max(3, len(paragraphs) * 9 // 10)])
    copies = [
        ("copy-trimmed", trimmed, "Daily Local"),
        ("copy-credited", original["text"] + "\n\nThe Associated Press contributed to this report.", "Town Herald"),
    ]
    with open(target, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "body", "headline", "site", "date"])
        for cid, text, site in copies:
            writer.writerow([cid, text, original["title"] or "", site, original["published"] or ""])
    return [c[0] for c in copies]
