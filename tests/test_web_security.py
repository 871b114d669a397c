"""Untrusted article text, titles, outlets and URLs on the server pages and in the HTML
report, checked in Chromium: nothing runs, nothing restyles the page, every payload
shows as text. Plus the server's own rules: CSP, read-only, token-gated writes."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")

from web_support import Server, screenshot, watch_page  # noqa: E402

BODY = (
    "Government forces said on Tuesday that 200 people were evacuated from the eastern district of the city. "
    "\"We will leave tonight,\" said Ahmed Hassan, a teacher who waited at the checkpoint with his family. "
    "Rebel officials said the deal had broken down after new conditions were imposed by the government. "
)
PAYLOADS = [
    "<script>alert('text-script')</script>",
    "<img src=x onerror=\"alert('text-img')\">",
    "<a href=\"javascript:alert('text-link')\">click</a>",
    "<style>body{display:none}</style>",
    "<div style=\"position:fixed;inset:0;background:red\">cover</div>",
    "</textarea></title><svg onload=alert('text-svg')>",
]


def _articles():
    rows = []
    for i, payload in enumerate(PAYLOADS[:4]):
        rows.append({
            "id": f"hostile-{i}",
            "text": BODY + payload + " " + BODY.replace("200", str(300 + i)) + PAYLOADS[(i + 4) % len(PAYLOADS)],
            "title": f"\"><script>alert('title-{i}')</script><svg onload=alert('title-svg')> Evacuation {i}",
            "outlet": ["</style><script>alert('outlet')</script>", "Daily <b onmouseover=alert(1)>News</b>",
                       "Wire\" onclick=\"alert('outlet-attr')", "javascript:alert('outlet-js')"][i],
            "url": ["javascript:alert('url')", "https://example.org/\"><script>alert('url2')</script>",
                    "data:text/html,<script>alert('data')</script>", "https://example.org/a?x=<b>"][i],
            "published": "2016-12-14",
        })
    return rows


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory):
    from newsprism.corpus.corpus import Corpus

    folder = tmp_path_factory.mktemp("hostile")
    src = folder / "hostile.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in _articles()) + "\n", encoding="utf-8")
    path = folder / "hostile.db"
    with Corpus(path) as corpus:
        summary = corpus.ingest([str(src)])
        assert summary.ingested == 4, summary.skipped
        stories = [s.id for s in corpus.stories()]
    return path, stories


CHECK_DOM = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (a.name.startsWith('on')) bad.push('handler ' + el.tagName + ' ' + a.name);
      if (a.name === 'style') bad.push('style attribute on ' + el.tagName);
      if ((a.name === 'href' || a.name === 'src' || a.name === 'action') && /^\\s*(javascript|data:text)/i.test(a.value))
        bad.push('script url ' + a.value);
    }
  }
  const scripts = [...document.scripts].map(s => s.src || 'inline');
  const styles = document.querySelectorAll('style').length;
  return {bad, scripts, styles, fired: window.__fired || [], bodyShown: getComputedStyle(document.body).display !== 'none',
          svg: document.querySelectorAll('svg[onload], img[onerror]').length};
}"""


def _check(page, seen, expect_scripts, expect_styles):
    page.wait_for_timeout(300)
    result = page.evaluate(CHECK_DOM)
    assert result["fired"] == [] and seen["dialogs"] == [], (result["fired"], seen["dialogs"])
    assert result["bad"] == [], result["bad"]
    assert result["scripts"] == expect_scripts, result["scripts"]
    assert result["styles"] == expect_styles
    assert result["bodyShown"] and result["svg"] == 0
    assert not seen["errors"], seen["errors"]


def test_server_pages_show_payloads_as_text(hostile_db, nlp, browser):
    from newsprism.report.web.app import create_app

    path, stories = hostile_db
    with Server(create_app(path, nlp=nlp)) as srv:
        page = browser.new_page(viewport={"width": 1300, "height": 850})
        seen = watch_page(page)
        own = [srv.url + "/static/app.js"]
        urls = ["/", "/outlets", "/?q=evacuated"]
        for story in stories:
            urls += [f"/stories/{story}", f"/stories/{story}/side"]
        urls += [f"/articles/hostile-{i}" for i in range(4)]
        for url in urls:
            response = page.goto(srv.url + url)
            assert response.status == 200, url
            assert "script-src 'self'" in response.headers["content-security-policy"]
            _check(page, seen, own, 0)
        page.goto(f"{srv.url}/articles/hostile-0")
        assert "<script>alert('text-script')</script>" in page.inner_text(".article .text")
        screenshot(page, "hostile-article")
        page.goto(f"{srv.url}/stories/{stories[0]}")
        assert "alert('title-" in page.inner_text("body") or "alert('outlet')" in page.inner_text("body")
        # hovering and clicking the outlet badges, titles and links runs nothing
        for badge in page.locator(".badge").all()[:6]:
            badge.hover()
        for link in page.locator(".legend a").all():
            assert not (link.get_attribute("href") or "").lower().startswith(("javascript", "data"))
        _check(page, seen, own, 0)
        screenshot(page, "hostile-story")
        page.close()


def test_html_report_shows_payloads_as_text(hostile_db, nlp, browser, tmp_path):
    from newsprism.corpus.corpus import Corpus
    from newsprism.pipeline import analyze_articles
    from newsprism.report.web.render import render_report

    path, stories = hostile_db
    with Corpus(path) as corpus:
        articles = [a for s in stories for a in corpus.story_articles(s)]
    report = tmp_path / "hostile.html"
    report.write_text(render_report(analyze_articles(articles, nlp=nlp)), encoding="utf-8")
    page = browser.new_page()
    seen = watch_page(page)
    page.goto(report.as_uri())
    _check(page, seen, ["inline"], 1)
    assert "<script>alert('text-script')</script>" in page.inner_text("body")
    page.locator(".pick").first.click()
    _check(page, seen, ["inline"], 1)
    page.close()


def test_read_only_unless_a_token_and_no_file_system(hostile_db, nlp):
    from fastapi.testclient import TestClient

    from newsprism.report.web.app import create_app

    path, stories = hostile_db
    closed = TestClient(create_app(path, nlp=nlp))
    assert closed.post(f"/api/stories/{stories[0]}/analyse").status_code == 403
    for url in ("/static/../app.py", "/static/..%2f..%2fpyproject.toml", "/static/app.css/../../app.py", "/../../etc/passwd"):
        response = closed.get(url)
        assert response.status_code == 404, url
        assert b"import" not in response.content and b"root:" not in response.content
    spec = closed.get("/api/openapi.json").json()
    for route in ("/api/stories", "/api/stories/{story_id}", "/api/stories/{story_id}/view", "/api/outlets"):
        assert route in spec["paths"], route
    opened = TestClient(create_app(path, nlp=nlp, token="s3cret"))
    assert opened.post(f"/api/stories/{stories[0]}/analyse").status_code == 401
    assert opened.post(f"/api/stories/{stories[0]}/analyse", headers={"Authorization": "Bearer wrong"}).status_code == 401
    ok = opened.post(f"/api/stories/{stories[0]}/analyse", headers={"Authorization": "Bearer s3cret"})
    assert ok.status_code == 200


def test_serve_listens_on_this_machine_only_by_default():
    import inspect

    from newsprism.cli import serve

    assert inspect.signature(serve).parameters["host"].default == "127.0.0.1"


def test_safe_url_and_labels():
    from newsprism.report.common import outlet_labels_for
    from newsprism.report.web.view import safe_url

    assert safe_url("javascript:alert(1)") is None
    assert safe_url(" JaVaScRiPt:alert(1)") is None
    assert safe_url("data:text/html,x") is None
    assert safe_url("https://example.org/\"><b>") is None
    assert safe_url("https://example.org/a?b=1") == "https://example.org/a?b=1"
    labels = outlet_labels_for([("a", "The New York Times"), ("b", "The Associated Press"), ("c", "The Associated Press"),
                                ("d", None), ("e", "Reuters")])
    assert [labels[k][0] for k in "abcde"] == ["NYT", "AP", "AP 2", "Article 4", "Reuters"]


def test_outlet_registry_groups_and_blind_spots(tmp_path, nlp):
    """`outlets import` groups outlets: the story page draws coverage by group and lists the
    facts one group alone carries; the stories page filters the stories one group covers."""
    from fastapi.testclient import TestClient
    from typer.testing import CliRunner

    from newsprism.cli import app as cli
    from newsprism.corpus.corpus import Corpus
    from newsprism.report.web.app import create_app
    from web_support import EXAMPLE

    db = tmp_path / "seed.db"
    with Corpus(db) as corpus:
        corpus.ingest([str(EXAMPLE)])
        story = corpus.stories()[0].id
    registry = tmp_path / "registry.csv"
    registry.write_text(
        "name,aliases,domains,country,language,lean,owner,is_wire,group\n"
        "The Associated Press,AP,apnews.com,US,en,,,true,Group one\n"
        "The New York Times,,,US,en,,,false,Group one\n"
        "The Washington Post,,,US,en,,,false,Group two\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["outlets", "import", str(db), str(registry)])
    assert result.exit_code == 0 and "3 outlets" in result.output
    client = TestClient(create_app(db, nlp=nlp))
    view = client.get(f"/api/stories/{story}/view").json()
    assert {g["group"]: g["count"] for g in view["group_bars"]} == {"Group one": 2, "Group two": 1}
    analysis = client.get(f"/api/stories/{story}").json()["analysis"]
    outlet = {d["id"]: d["outlet"] for d in analysis["documents"]}
    group = {"The Associated Press": "Group one", "The New York Times": "Group one", "The Washington Post": "Group two"}
    expected = [f["about"] for f in analysis["findings"]["corroborated"] if len({group[outlet[d]] for d in f["docs"]}) == 1]
    assert [" ".join(f["about"].split()) for f in view["blind_spots"]["facts"]] == [" ".join(a.split()) for a in expected]
    # the stories list shows each outlet in its group's colour, the same as the story's bar
    colours = {g["group"]: g["colour"] for g in view["group_bars"]}
    assert colours["Group one"] != colours["Group two"]
    row = client.get("/api/stories").json()["stories"][0]
    assert {o["name"]: o["colour"] for o in row["outlets"]} == {name: colours[g] for name, g in group.items()}
    assert f'class="badge {colours["Group two"]}" title="The Washington Post — Group two"' in client.get("/").text
    page = client.get(f"/stories/{story}").text
    assert "Blind spots" in page and "Coverage by outlet group" in page
    assert client.get("/api/stories", params={"blind": "true"}).json()["total"] == 0  # two groups cover it
    registry.write_text("name,group\nThe Associated Press,G\nThe New York Times,G\nThe Washington Post,G\n", encoding="utf-8")
    assert CliRunner().invoke(cli, ["outlets", "import", str(db), str(registry)]).exit_code == 0
    assert client.get("/api/stories", params={"blind": "true"}).json()["total"] == 1
    assert client.get("/api/outlets").json()["outlets"][0]["group"] == "G"


def test_stories_filters_on_the_seed(tmp_path, nlp):
    """Outlet filter in any case, date range and full-text words narrow the stories page."""
    from fastapi.testclient import TestClient

    from newsprism.corpus.corpus import Corpus
    from newsprism.report.web.app import create_app
    from web_support import EXAMPLE

    db = tmp_path / "seed.db"
    with Corpus(db) as corpus:
        corpus.ingest([str(EXAMPLE)])
    client = TestClient(create_app(db, nlp=nlp))

    def total(**params):
        return client.get("/api/stories", params=params).json()["total"]

    assert total() == 1
    assert total(outlet="the new york times") == 1 and total(outlet="Nobody Daily") == 0
    assert total(since="2016-12-14", until="2016-12-14") == 1 and total(since="2017-01-01") == 0
    assert total(q="Aleppo evacuation") == 1 and total(q="zeppelin") == 0
    assert client.get("/api/stories", params={"since": "yesterday"}).status_code == 400
    assert total(min_outlets=3) == 1 and total(min_outlets=4) == 0
    page = client.get("/", params={"q": "Aleppo"}).text
    assert 'value="Aleppo"' in page and "/stories/" in page
    page = client.get("/", params={"min_outlets": 5}).text
    assert '<option value="5" selected>' in page and "No story matches." in page
