"""Reading files, folders, JSONL and manifests; every bad input is a one-line Skipped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from newsprism.extract.language import guess_language, non_english_reason
from newsprism.extract.metadata import infer_metadata
from newsprism.model import Skipped
from newsprism.corpus.readers import decode_text, read_paths

ENGLISH = (
    "WASHINGTON (AP) — Senator Jane Miller said on Tuesday that the bill would pass the Senate "
    "before the end of the month. “We have the votes,” Miller told reporters at the Capitol, "
    "adding that more than 200 lawmakers had signed a letter in support of it.\n"
)
FRENCH = (
    "Le président de la République a annoncé mardi qu'il ne se représenterait pas à l'élection "
    "présidentielle. Cette décision, prise après plusieurs semaines de réflexion, a surpris une "
    "partie de la majorité, qui espérait encore un revirement de dernière minute dans les sondages."
)


def _write(folder: Path, name: str, content: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def _reasons(skipped: list[Skipped]) -> dict[str, str]:
    return {Path(s.path).name + (f":{s.line}" if s.line is not None else ""): s.reason for s in skipped}


def test_text_file_is_read_exactly_with_the_file_name_as_id(tmp_path):
    path = _write(tmp_path, "a.txt", ENGLISH)
    articles, skipped = read_paths([path])
    assert skipped == []
    [article] = articles
    assert article.id == "a.txt"
    assert article.text == ENGLISH
    assert article.path == str(path)


def test_bom_and_crlf_are_removed_and_offsets_point_into_the_text(tmp_path):
    body = "BEIRUT —  A deal broke down on Wednesday.\r\n\r\nResidents said the buses were turned away.\r\n"
    _write(tmp_path, "crlf.txt", b"\xef\xbb\xbf" + body.encode("utf-8"))
    [article], skipped = read_paths([tmp_path / "crlf.txt"])
    assert skipped == []
    assert article.text == body.replace("\r\n", "\n")
    assert "\r" not in article.text and not article.text.startswith("\ufeff")
    start = article.text.index("Residents")
    assert article.text[start : start + len("Residents said")] == "Residents said"
    # metadata spans computed on the read text are exact
    enriched = infer_metadata(article)
    span = enriched.dateline_span
    assert span is not None and article.text[span.start : span.end] == span.text == "BEIRUT"


def test_every_bad_input_is_skipped_with_a_one_line_reason(tmp_path):
    folder = tmp_path / "in"
    _write(folder, "good.txt", ENGLISH)
    _write(folder, "empty.txt", b"")
    _write(folder, "blank.txt", "  \n\t\n  ")
    _write(folder, "nul.txt", b"BEIRUT\x00\x00\x01binary")
    _write(folder, "controls.txt", bytes(range(1, 9)) * 50)
    latin1 = "The caf\xe9 in Aleppo was closed on Wednesday.".encode("latin-1")
    _write(folder, "latin1.txt", latin1)
    _write(folder, "french.txt", FRENCH)
    _write(folder, "slides.pdf", b"%PDF-1.4")
    _write(folder, "utf16.txt", ENGLISH.encode("utf-16"))
    articles, skipped = read_paths([folder, tmp_path / "missing.txt"])

    # Latin-1 is decoded (the encoding detected and noted), not refused
    assert [a.id for a in articles] == ["good.txt", "latin1.txt"]
    assert articles[1].text == latin1.decode("latin-1") and "decoded as" in articles[1].meta["notes"][0]
    reasons = _reasons(skipped)
    assert set(reasons) == {
        "empty.txt", "blank.txt", "nul.txt", "controls.txt", "french.txt",
        "slides.pdf", "utf16.txt", "missing.txt",
    }
    assert reasons["empty.txt"] == "empty file"
    assert reasons["blank.txt"] == "whitespace-only file"
    assert reasons["nul.txt"].startswith("binary file")
    assert reasons["controls.txt"].startswith("binary file")
    assert reasons["french.txt"].startswith("not English (English stopword ratio 0.")
    assert "French" in reasons["french.txt"]
    assert reasons["slides.pdf"] == "unsupported file type .pdf"
    assert "UTF-16" in reasons["utf16.txt"]
    assert reasons["missing.txt"] == "no such file or folder"
    for s in skipped:
        message = s.message()
        assert "\n" not in message and message.startswith(s.path + ": ")
        assert "Traceback" not in message


def test_short_english_and_name_heavy_english_are_kept(tmp_path):
    short = "Aleppo deal collapses."
    names = (
        "Associated Press writers Philip Issa in Beirut, Vladimir Isachenkov in Moscow, Ayse Wieting "
        "in Istanbul, Zeina Karam, Sarah El Deeb, Bassem Mroue, Albert Aji, Suzan Fraser, Nataliya "
        "Vasilyeva, Edith M. Lederer, Matthew Lee, Josh Lederman, Julie Pace and Kathleen Hennessey."
    )
    _write(tmp_path, "short.txt", short)
    _write(tmp_path, "names.txt", names)
    articles, skipped = read_paths([tmp_path])
    assert skipped == []
    assert sorted(a.id for a in articles) == ["names.txt", "short.txt"]


@pytest.mark.parametrize(
    "text, language",
    [
        (FRENCH, "French"),
        ("El presidente del Gobierno anunció el martes que no se presentará a las próximas elecciones. La "
         "decisión, tomada tras varias semanas de reflexión, sorprendió a una parte de su partido.", "Spanish"),
        ("Der Bundeskanzler hat am Dienstag angekündigt, dass er bei der nächsten Wahl nicht mehr antreten "
         "wird. Die Entscheidung wurde nach mehreren Wochen getroffen und hat die Partei überrascht.", "German"),
        ("أعلن الرئيس يوم الثلاثاء أنه لن يترشح للانتخابات المقبلة بعد أسابيع من التفكير", "Arabic"),
    ],
)
def test_non_english_reasons_name_the_evidence(text, language):
    reason = non_english_reason(text)
    assert reason is not None and reason.startswith("not English (")
    assert language in reason


def test_language_ratios_are_what_they_claim():
    guess = guess_language("the cat and the dog of the house le chat")
    assert guess.words == 10
    assert guess.english_ratio == pytest.approx(5 / 10)  # the, and, the, of, the
    assert guess.best_other == "French" and guess.best_other_ratio == pytest.approx(1 / 10)  # le


def test_no_polnear_text_is_rejected_as_non_english(shared_dir):
    texts = sorted((shared_dir / "datasets" / "polnear").glob("*/text/*.txt"))
    if not texts:
        pytest.skip("PolNeAR texts are absent")
    rejected = [p.name for p in texts if non_english_reason(p.read_text(encoding="utf-8"))]
    assert rejected == []


def test_jsonl_broken_lines_are_reported_and_the_rest_read(tmp_path):
    lines = [
        json.dumps({"id": "a", "text": ENGLISH, "outlet": "AP", "published": "2016-12-14",
                    "authors": "Jane Roe; John Doe", "section": "world"}),
        '{"id": "b", "text": "unterminated',
        json.dumps({"id": "c"}),
        json.dumps({"id": "d", "text": 42}),
        json.dumps({"text": ENGLISH}),
        "",
        json.dumps({"id": "a", "text": ENGLISH}),
        json.dumps(["not", "an", "object"]),
        json.dumps({"id": 7, "text": ENGLISH, "authors": ["Ann Lee"], "published": "yesterday",
                    "url": "https://example.org/x", "title": "A title"}),
        json.dumps({"id": "f", "text": FRENCH}),
    ]
    path = _write(tmp_path, "batch.jsonl", "\n".join(lines) + "\n")
    articles, skipped = read_paths([path])

    assert [a.id for a in articles] == ["a", "7"]
    first, second = articles
    assert first.text == ENGLISH
    assert first.outlet == "AP" and first.outlet_source == "jsonl"  # as the user gave it
    assert first.published == "2016-12-14"
    assert first.authors == ("Jane Roe", "John Doe")
    assert dict(first.meta) == {"section": "world"}
    assert second.authors == ("Ann Lee",) and second.url == "https://example.org/x" and second.title == "A title"
    assert second.published is None and second.meta["published_unparsed"] == "yesterday"

    by_line = {s.line: s.reason for s in skipped}
    assert all(s.path == str(path) for s in skipped)
    assert set(by_line) == {2, 3, 4, 5, 7, 8, 10}
    assert by_line[2].startswith("bad JSON")
    assert by_line[3] == "missing 'text'"
    assert by_line[4] == "'text' must be a string, not int"
    assert "'id'" in by_line[5]
    assert by_line[7].startswith("duplicate id 'a'")
    assert by_line[8].startswith("not a JSON object")
    assert by_line[10].startswith("not English")
    assert skipped[0].message() == f"{path}:2: {by_line[2]}"


def test_jsonl_with_only_bad_lines_reads_nothing(tmp_path):
    path = _write(tmp_path, "bad.jsonl", "{oops\n")
    articles, skipped = read_paths([path])
    assert articles == [] and [(s.line, s.reason.split(" (")[0]) for s in skipped] == [(1, "bad JSON")]


def test_folder_reading_is_sorted_non_recursive_and_ignores_non_articles(tmp_path):
    _write(tmp_path, "b.txt", ENGLISH)
    _write(tmp_path, "a.txt", ENGLISH)
    _write(tmp_path, ".hidden.txt", "x")
    _write(tmp_path, "expected.yaml", "story: {}")
    _write(tmp_path, "README.md", "# notes")
    _write(tmp_path / "sub", "c.txt", ENGLISH)
    articles, skipped = read_paths([str(tmp_path)])
    assert [a.id for a in articles] == ["a.txt", "b.txt"]
    assert [(Path(s.path).name, s.reason.split(" (")[0]) for s in skipped] == [("sub", "subfolder not read")]


def test_folder_without_articles_is_reported(tmp_path):
    _write(tmp_path / "empty-story", "README.md", "nothing here")
    articles, skipped = read_paths([tmp_path / "empty-story"])
    assert articles == []
    assert [s.reason for s in skipped] == ["no articles found in folder"]


def test_manifest_gives_metadata_and_empty_cells_fall_back_to_the_text(tmp_path, seed_story):
    story = tmp_path / "story"
    shutil.copytree(seed_story, story)
    (story / "articles.csv").write_text(
        "file,outlet,published,title,authors,desk\n"
        "000_98fec9a0fd199562.txt,The New York Times,2016-12-14,Aleppo deal collapses,Anne Barnard;Hwaida Saad,foreign\n"
        "001_26f2e360eed071b4.txt,,2016-12-14,,,\n"
        "002_99aaf2d8be4e7fa1.txt,,,,,\n"
        "gone.txt,Reuters,,,,\n",
        encoding="utf-8",
    )
    articles, skipped = read_paths([story])
    assert [a.id for a in articles] == [
        "000_98fec9a0fd199562.txt", "001_26f2e360eed071b4.txt", "002_99aaf2d8be4e7fa1.txt"
    ]
    assert [(Path(s.path).name, s.line) for s in skipped] == [("articles.csv", 5)]
    assert "gone.txt" in skipped[0].reason

    nyt, ap, wp = (infer_metadata(a) for a in articles)
    assert (nyt.outlet, nyt.outlet_source, nyt.outlet_evidence) == ("The New York Times", "manifest", None)
    assert nyt.published == "2016-12-14" and nyt.title == "Aleppo deal collapses"
    assert nyt.authors == ("Anne Barnard", "Hwaida Saad")
    assert nyt.meta["desk"] == "foreign"
    # empty cells mean unknown: the text's own credit lines decide
    assert (ap.outlet, ap.outlet_source, ap.published) == ("The Associated Press", "credit-line", "2016-12-14")
    assert (wp.outlet, wp.outlet_source, wp.published) == ("The Washington Post", "caption-credit", None)


def test_jsonl_manifest_with_filename_key_also_applies_to_a_file_given_directly(tmp_path):
    _write(tmp_path, "a.txt", ENGLISH)
    _write(tmp_path, "articles.jsonl", json.dumps({"filename": "a.txt", "outlet": "Reuters", "url": "https://r.example/a"}) + "\n")
    [article], skipped = read_paths([tmp_path / "a.txt"])
    assert skipped == []
    assert (article.outlet, article.outlet_source, article.url) == ("Reuters", "manifest", "https://r.example/a")
    # manifest wins over the text's "(AP)" dateline: the user said so
    assert infer_metadata(article).outlet == "Reuters"
    # and reading the folder does not read the manifest itself as articles
    articles, skipped = read_paths([tmp_path])
    assert [a.id for a in articles] == ["a.txt"] and skipped == []


def test_a_jsonl_named_like_a_manifest_but_holding_texts_is_read_as_articles(tmp_path):
    _write(tmp_path, "articles.jsonl", json.dumps({"id": "x", "text": ENGLISH}) + "\n")
    articles, skipped = read_paths([tmp_path])
    assert [a.id for a in articles] == ["x"] and skipped == []


PAGE = """<!doctype html>
<html><head>
<title>Aleppo deal collapses | The Daily Test</title>
<meta name="author" content="Jane Roe">
<meta property="og:site_name" content="The Daily Test">
<meta property="article:published_time" content="2016-12-14T10:00:00Z">
</head><body>
<nav><a href="/">Home</a> | <a href="/world">World</a> | Subscribe to our newsletter</nav>
<article>
<h1>Aleppo deal collapses</h1>
<p>BEIRUT — A deal for rebels and civilians to leave their shattered stronghold in eastern Aleppo
broke down on Wednesday as fresh fighting raged across the city and buses were turned away.</p>
<p>Residents said the shelling resumed soon after dawn, according to several witnesses who spoke to
reporters by telephone from the besieged districts of the city.</p>
</article>
<footer>Copyright Example Media. Cookie settings. Privacy policy.</footer>
</body></html>
"""


def test_html_article_text_and_metadata_are_extracted(tmp_path):
    _write(tmp_path, "page.html", PAGE)
    [article], skipped = read_paths([tmp_path / "page.html"])
    assert skipped == []
    assert article.id == "page.html"
    assert "broke down on Wednesday" in article.text and "shelling resumed soon after dawn" in article.text
    assert "Subscribe to our newsletter" not in article.text and "Cookie settings" not in article.text
    assert article.title == "Aleppo deal collapses"
    assert article.published == "2016-12-14"
    assert article.authors == ("Jane Roe",)
    assert (article.outlet, article.outlet_source) == ("The Daily Test", "html-meta")
    dateline = infer_metadata(article).dateline_span
    assert dateline is not None and article.text[dateline.start : dateline.end] == "BEIRUT"


def test_html_without_article_text_is_skipped(tmp_path):
    _write(tmp_path, "blank.html", "<html><body><nav>Home</nav></body></html>")
    articles, skipped = read_paths([tmp_path / "blank.html"])
    assert articles == [] and skipped[0].reason.startswith("no article text found in HTML page")


def test_seed_story_reads_three_articles_and_ignores_expected_yaml(seed_story):
    articles, skipped = read_paths([seed_story])
    assert skipped == []
    assert [a.id[:3] for a in articles] == ["000", "001", "002"]
    for article in articles:
        raw = (seed_story / article.id).read_bytes().decode("utf-8")
        assert article.text == raw.replace("\r\n", "\n")


def test_decode_text_reports_byte_offsets_after_a_bom():
    data = b"\xef\xbb\xbfabc\xffdef"
    text, reason = decode_text(data)
    assert text is None and reason == "not UTF-8 text (invalid byte 0xff at byte offset 6)"


def test_manifest_outlet_replaces_html_metadata_and_id_column_matches_the_stem(tmp_path):
    _write(tmp_path, "page.html", PAGE)
    _write(tmp_path, "articles.csv", "id,outlet,published\npage,The Aleppo Gazette,2016-12-15\n")
    [article], skipped = read_paths([tmp_path])
    assert skipped == []
    assert (article.outlet, article.outlet_source, article.outlet_evidence) == ("The Aleppo Gazette", "manifest", None)
    assert article.published == "2016-12-15"
    assert article.title == "Aleppo deal collapses"  # not in the manifest: the page's own title stays


def test_manifest_problems_are_reported_with_their_line(tmp_path):
    _write(tmp_path, "a.txt", ENGLISH)
    _write(tmp_path, "articles.csv", "file,outlet\na.txt,Reuters\n,Reuters\na.txt,AP\n")
    [article], skipped = read_paths([tmp_path])
    assert article.outlet == "Reuters"
    assert [(s.line, s.reason.split(" (")[0]) for s in skipped] == [
        (3, "manifest row has no 'file'"),
        (4, "manifest lists 'a.txt' twice"),
    ]
