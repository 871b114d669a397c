"""Two different people each doing a different act are two facts, however many topic words the
sentences share (BASIL ee05c9b3, an open event: Fox's "He [Brat] raised just over $200,000 for his
campaign" was told as one fact with the Times' "he [Cantor] spent much of his time ... to raise money")."""

from __future__ import annotations

import json

from newsprism.model import Article


def _event(shared_dir, year: str, event: str) -> list[Article]:
    arts = []
    for path in sorted((shared_dir / "datasets" / "basil" / "articles" / year).glob(f"{event}*.json")):
        d = json.loads(path.read_text(encoding="utf-8"))
        text = d["title"] + "\n\n" + "\n\n".join(" ".join(p) for p in d["body-paragraphs"]) + "\n"
        arts.append(Article(id=d["source"], text=text, outlet=d["source"]))
    return arts


def test_two_people_two_acts_are_not_one_fact(shared_dir, nlp):
    from newsprism.pipeline import analyze_articles

    analysis = analyze_articles(_event(shared_dir, "2014", "ee05c9b3"), nlp=nlp)
    pairs = [[c.text for c in item.citations] for item in analysis.findings.corroborated]
    assert pairs
    wrong = [p for p in pairs if any("raised just over" in t for t in p) and any("spent much of his time" in t for t in p)]
    assert not wrong, wrong
    # the defeat itself is still told by two outlets
    assert any(any("was beaten" in t for t in p) and any("soundly defeated" in t for t in p) for p in pairs)
