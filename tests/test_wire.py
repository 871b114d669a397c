"""Wire origin: a paper running an agency's story is running the agency's reporting.

Two outlets that publish one Associated Press story (one with the wire dateline, one with
the AP byline) and a third outlet with its own report: the AP copies are one copy family
(one independent source), the publishers stay the outlets, and each AP copy carries its
wire origin with a citation `newsprism check` verifies.
"""

from __future__ import annotations

from newsprism.check import check_report
from newsprism.model import Article
from newsprism.pipeline import analyze_articles

AP_BODY = (
    "A magnitude 6.4 earthquake struck off the coast of northern Peru on Tuesday, killing at least 12 people "
    "and damaging hundreds of homes, the country's civil defence agency said.\n\n"
    "The quake hit at 4:20 a.m. local time near the town of Piura, the U.S. Geological Survey said. "
    "Rescue workers searched collapsed houses through the morning."
)
OWN = (
    "LIMA — An earthquake of magnitude 6.4 struck northern Peru on Tuesday and killed at least 12 people, "
    "Peru's civil defence agency said, as residents of Piura slept.\n\n"
    "Many homes built of adobe collapsed in the shaking, and the regional governor asked for tents and water."
)


def _articles() -> list[Article]:
    return [
        Article(id="yahoo", text="PIURA, Peru (AP) — " + AP_BODY, outlet="Yahoo News", outlet_source="manifest"),
        Article(id="fox", text="By Franklin Briceno, Associated Press\n" + AP_BODY, outlet="Fox News",
                outlet_source="manifest"),
        Article(id="times", text=OWN, outlet="The Daily Times", outlet_source="manifest"),
    ]


def test_two_outlets_running_one_wire_story_count_once(nlp):
    analysis = analyze_articles(_articles(), nlp)
    docs = {d.id: d for d in analysis.documents}
    assert docs["yahoo"].outlet == "Yahoo News" and docs["fox"].outlet == "Fox News"  # the publishers stay
    assert docs["yahoo"].wire == docs["fox"].wire == "The Associated Press" and docs["times"].wire is None
    assert docs["yahoo"].wire_evidence.text == "(AP)" and docs["fox"].wire_evidence.text == "Associated Press"
    assert docs["yahoo"].copy_family == docs["fox"].copy_family is not None and docs["times"].copy_family is None
    wire_facts = [f for f in analysis.findings.facts if set(f.docs) == {"yahoo", "fox"}]
    assert wire_facts and all(f.sources == 1 for f in wire_facts)  # one agency's report, told twice
    assert all(f.sources <= len(set(f.docs) - {"fox"}) for f in analysis.findings.facts)
    assert check_report(analysis.to_dict()) == []  # wire_evidence is a citation like any other


AP_UPDATE = (
    "Rescuers in northern Peru dug through the rubble of adobe homes on Wednesday, a day after a "
    "magnitude 6.4 earthquake killed at least 12 people near the town of Piura.\n\n"
    "Officials said 40 people were injured and that schools in the region would stay closed for a week "
    "while engineers inspect the buildings."
)


def test_a_corpus_story_folds_one_agencys_copies_into_one_source(tmp_path, nlp):
    """In a corpus, MinHash makes near-verbatim texts one copy family; two different AP texts
    (the first story and its update) run by two outlets are two families there, and a copy of
    the first without its dateline sits in the first's family. The analysis counts all three
    as the agency's reporting: one source, beside the paper's own report."""
    import json

    from newsprism.corpus.corpus import Corpus

    rows = [
        {"id": "yahoo", "text": "PIURA, Peru (AP) — " + AP_BODY, "outlet": "Yahoo News", "published": "2024-03-05"},
        {"id": "copy", "text": AP_BODY, "outlet": "Piura Daily", "published": "2024-03-05"},
        {"id": "fox", "text": "PIURA, Peru (AP) — " + AP_UPDATE, "outlet": "Fox News", "published": "2024-03-06"},
        {"id": "times", "text": OWN, "outlet": "The Daily Times", "published": "2024-03-05"},
    ]
    source = tmp_path / "news.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with Corpus(tmp_path / "c.db") as corpus:
        corpus.ingest([source])
        family = {a.id: a.copy_family for s in corpus.stories() for a in corpus.story_articles(s.id)}
        assert family["copy"] == family["yahoo"] != family["fox"]  # the store alone: two AP families
        articles = [a for s in corpus.stories() for a in corpus.story_articles(s.id)]
    docs = {d.id: d for d in analyze_articles(articles, nlp).documents}
    assert docs["copy"].wire is None  # no mark of its own: it goes with its corpus family
    assert docs["yahoo"].copy_family == docs["copy"].copy_family == docs["fox"].copy_family == "wire:The Associated Press"
    assert docs["times"].copy_family not in (None, "wire:The Associated Press")
