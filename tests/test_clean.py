"""Stripped-token gaps are found; ordinary spacing is not damage."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from newsprism.extract.clean import damage_near, find_gaps, mark_damage
from newsprism.model import Article, Damage

SEED_000 = "000_98fec9a0fd199562.txt"

# Places the brief and expected.yaml name as damaged in 000: (left context, gap, right context).
KNOWN_GAPS = [
    ("Bashar", "  ", "."),
    ("Zeid Ra’ad", "   ", "denounced"),
    ("Mr.", "   ", "said in a statement"),
    ("Ban", "   ", "said there had"),
    ("the ravaged", "   ", "neighborhoods"),
    ("the nearly", "    ", "war."),
]


def _seed(seed_story, name: str) -> Article:
    path = next(seed_story.glob(name[:3] + "_*.txt"))
    return Article(id=path.name, text=path.read_text(encoding="utf-8"))


def test_seed_000_gaps_are_found_exactly(seed_story):
    article = mark_damage(_seed(seed_story, SEED_000))
    assert article.damaged
    text = article.text
    for d in article.damage:
        assert text[d.start : d.end] == d.text and set(d.text) == {" "}
        assert d.kind == "stripped-token" and d.doc == article.id
    starts = {d.start for d in article.damage}
    for left, gap, right in KNOWN_GAPS:
        at = text.index(left + gap + right) + len(left)
        assert at in starts, f"missed the gap after {left!r}"
        d = next(d for d in article.damage if d.start == at)
        assert d.text == gap


def test_spaced_em_dashes_are_formatting_not_damage(seed_story):
    article = mark_damage(_seed(seed_story, SEED_000))
    text = article.text
    dash_count = text.count("  —   ")
    assert dash_count >= 8  # the corpus writes every em-dash this way
    for d in article.damage:
        assert text[d.start - 1] != "—" and text[d.end] != "—"
    # "Let us leave  —   what is happening?" is Yasser's quote, intact
    at = text.index("Let us leave") + len("Let us leave")
    assert damage_near(article, at - 5, at, window=0) is None


@pytest.mark.parametrize("name", ["001", "002"])
def test_undamaged_seed_reports_have_no_damage(seed_story, name):
    article = mark_damage(_seed(seed_story, name))
    assert article.damage == ()
    assert not article.damaged


@pytest.mark.parametrize(
    "text",
    [
        "It was over.  Then the shelling resumed.",            # two spaces between sentences
        "It was over.   Then the shelling resumed.",           # even three
        "    Indented paragraph of a plain text file.",
        "Trailing spaces at the end of a line.   \nNext line.",
        "First paragraph.\n\n  Second paragraph.",
        "The deal  —   announced on Tuesday  —   collapsed.",  # spaced em-dashes
        "Trump did fare  well in online polls.",               # a double-space typo
        "No    58%.\nYes    33%.",                              # a table
        "NATO may be obsolete.  ...  NATO was set up in 1949.",
        "vaccine denial,                 climate-change skepticism",  # layout, not a word
        "Tabs\t\t\tbetween words and\u00a0\u00a0\u00a0NBSPs are kept.",
    ],
)
def test_ordinary_spacing_is_not_damage(text):
    assert find_gaps("d", text) == ()


@pytest.mark.parametrize(
    "text, gap_after",
    [
        ("the president, Bashar  . The United Nations", "Bashar"),
        ("is outrageously cruel,” Mr.   said in a statement.", "Mr."),
        ("Under the supposed deal for a   and evacuation", "for a"),
        ("in the nearly    war. Under the deal", "nearly"),
        ("Dr. Salem Abou   a dentist who had kept his clinic open", "Abou"),
        ("the world saw civilians in   territory as no longer human", "in"),
    ],
)
def test_stripped_token_gaps_are_damage(text, gap_after):
    [gap] = find_gaps("d", text)
    assert gap.start == text.index(gap_after) + len(gap_after)
    assert text[gap.start : gap.end] == gap.text and gap.text.strip() == ""


def test_mark_damage_keeps_everything_else():
    article = Article(id="x", text="Secretary General Ban   said so.", outlet="AP", meta={"k": 1})
    marked = mark_damage(article)
    assert article.damage == ()  # the input is not changed
    assert replace(marked, damage=()) == article
    assert marked.damage == (Damage("x", 21, 24, "   ", "stripped-token"),)


def test_damage_near_answers_whether_a_span_touches_a_gap():
    text = "Secretary General Ban   said there had been reports. Mr. Ban said later."
    article = mark_damage(Article(id="x", text=text))
    [gap] = article.damage
    ban = text.index("Ban")
    assert damage_near(article, ban, ban + 3) == gap  # "Ban" ends right at the gap
    said = gap.end
    assert damage_near(article, said, said + 4) == gap  # "said" starts right after it
    assert damage_near(article, said + 2, said + 4, window=2) == gap  # within the window
    assert damage_near(article, said + 2, said + 4, window=1) is None
    later = text.index("later")
    assert damage_near(article, later, later + 5) is None
    assert damage_near(Article(id="y", text=text), ban, ban + 3) is None  # not marked


def test_damage_near_finds_the_right_gap_among_many(seed_story):
    article = mark_damage(_seed(seed_story, SEED_000))
    for d in article.damage:
        assert damage_near(article, d.start, d.end, window=0) == d
        assert damage_near(article, d.end + 1, d.end + 3, window=2) == d
    # far from every gap: the last sentence's "Mr. Assad" is intact
    text = article.text
    at = text.rindex("Mr. Assad")
    nearest = min(abs(d.start - at) for d in article.damage)
    assert nearest > 10 and damage_near(article, at, at + 9) is None


def _rate(texts: list[tuple[str, str]]) -> tuple[int, int, list[str]]:
    damaged = [doc for doc, text in texts if find_gaps(doc, text)]
    return len(damaged), len(texts), damaged


def test_polnear_dev_texts_are_rarely_marked_damaged(shared_dir):
    paths = sorted((shared_dir / "datasets" / "polnear" / "dev" / "text").glob("*.txt"))
    if not paths:
        pytest.skip("PolNeAR dev texts are absent")
    damaged, total, which = _rate([(p.name, p.read_text(encoding="utf-8")) for p in paths])
    print(f"PolNeAR dev: {damaged}/{total} documents marked damaged: {which}")
    assert total == 84
    assert damaged / total < 0.05


def test_basil_texts_are_rarely_marked_damaged(shared_dir):
    paths = sorted((shared_dir / "datasets" / "basil" / "articles").glob("*/*.json"))
    if not paths:
        pytest.skip("BASIL articles are absent")
    texts = []
    for p in paths:
        record = json.loads(p.read_text(encoding="utf-8"))
        paragraphs = [" ".join(par) if isinstance(par, list) else str(par) for par in record["body-paragraphs"]]
        texts.append((p.name, "\n\n".join(paragraphs)))
    damaged, total, which = _rate(texts)
    print(f"BASIL: {damaged}/{total} documents marked damaged: {which}")
    assert damaged / total < 0.05
