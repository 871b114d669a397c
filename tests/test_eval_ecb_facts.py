"""Corroborated facts scored against ECB+ event coreference: hand-made cases, then the real files."""

from __future__ import annotations

import pytest

from newsprism.evaluate.ecb_facts import (
    EcbStory, gold_pairs, load_stories, read_sentences, saying_chains, score_story, summarise,
)
from newsprism.model import Finding, Findings, Span, Support

# two reports of one arrest; the third sentence of each is not annotated
A = "Police arrested Vincent Jackson on Tuesday\n\nHe was booked into jail .\n\nThe team declined comment ."
B = "The arrest of Jackson came after a traffic stop .\n\nOfficers said he failed a test .\n\nFans were upset ."


def _sentences(text: str) -> tuple[tuple[int, int, int], ...]:
    out, pos = [], 0
    for i, line in enumerate(text.split("\n\n")):
        out.append((i, pos, pos + len(line)))
        pos += len(line) + 2
    return tuple(out)


def _story() -> EcbStory:
    return EcbStory(
        name="35ecb", half="held", texts={"a": A, "b": B},
        sentences={"a": _sentences(A), "b": _sentences(B)},
        annotated=frozenset({("a", 0), ("a", 1), ("b", 0), ("b", 1)}),
        # arrest chain E1 in a#0 and b#0; a#1 (booked) and b#1 (failed) share nothing
        chains={("a", 0): frozenset({"E1"}), ("b", 0): frozenset({"E1"}),
                ("a", 1): frozenset({"E2"}), ("b", 1): frozenset({"E3"})},
        main_chains=frozenset({"E1"}),
    )


def _cite(doc: str, text: str, sentence: str) -> Span:
    start = text.index(sentence)
    return Span(doc, start, start + len(sentence), sentence)


def _fact(i: int, *supports: tuple[str, str, str, str]) -> Finding:
    support = tuple(Support(f"{d}#{i}", _cite(d, t, s), strength) for d, t, s, strength in supports)  # type: ignore[arg-type]
    return Finding(id=f"C{i}", kind="corroborated", about=supports[0][2], docs=tuple(sorted({s[0] for s in supports})),
                   citations=tuple(s.citation for s in support), support=support)


def test_read_sentences_rebuilds_text_and_offsets(tmp_path):
    tsv = tmp_path / "dev_text.txt"
    tsv.write_text("d1\t0\t0\tJackson\nd1\t0\t1\tarrested\n\nd1\t1\t2\tHe\nd1\t1\t3\tfailed\nd2\t0\t0\tArrest\n",
                   encoding="utf-8")
    texts, sentences, tokens = read_sentences(tsv)
    assert texts["d1"] == "Jackson arrested\n\nHe failed"  # each sentence a paragraph: ECB+ keeps none
    assert [texts["d1"][a:b] for _, a, b in sentences["d1"]] == ["Jackson arrested", "He failed"]
    assert [s for s, _, _ in sentences["d1"]] == [0, 1]
    assert [texts["d1"][a:b] for a, b in tokens["d1"]] == ["Jackson", "arrested", "He", "failed"]
    assert texts["d2"] == "Arrest"


def test_saying_chains_are_those_mostly_told_by_verbs_of_saying():
    heads = [("S", "say"), ("S", "tell"), ("S", "announce"), ("A", "announce"), ("A", "say"), ("K", "arrest")]
    assert saying_chains(heads) == frozenset({"S"})


def test_gold_pairs_join_annotated_sentences_of_two_documents_sharing_a_chain():
    story = _story()
    assert gold_pairs(story) == {(("a", 0), ("b", 0))}
    assert gold_pairs(story, main=True) == {(("a", 0), ("b", 0))}


def test_score_counts_found_pairs_false_links_and_unscored_facts():
    story = _story()
    findings = Findings(corroborated=(
        # the arrest told by both: the gold pair, found
        _fact(1, ("a", A, "Police arrested Vincent Jackson on Tuesday", "same fact"),
              ("b", B, "The arrest of Jackson came after a traffic stop .", "same fact")),
        # two annotated sentences with no chain in common: a false link
        _fact(2, ("a", A, "He was booked into jail .", "same fact"), ("b", B, "Officers said he failed a test .", "same fact")),
        # unannotated sentences only: not scored, counted
        _fact(3, ("a", A, "The team declined comment .", "same fact"), ("b", B, "Fans were upset .", "same fact")),
    ))
    row = score_story(story, findings)
    assert (row["gold"], row["found"], row["scored"], row["right"]) == (1, 1, 2, 1)
    assert (row["gold_sentences"], row["found_sentences"]) == (2, 2)
    assert row["facts"] == 3 and row["unscored_facts"] == 1
    assert row["false"] == [(("a", 1), ("b", 1))]


def test_partly_support_never_counts_toward_recall():
    story = _story()
    findings = Findings(corroborated=(
        _fact(1, ("a", A, "Police arrested Vincent Jackson on Tuesday", "same fact"),
              ("b", B, "The arrest of Jackson came after a traffic stop .", "partly")),
    ))
    row = score_story(story, findings)
    assert row["found"] == 0 and row["scored"] == 0


def test_summary_is_macro_over_subtopics_and_pooled():
    rows = {
        "2ecb": {"gold": 10, "found": 5, "main_gold": 10, "main_found": 5, "scored": 4, "right": 4, "facts": 3, "unscored_facts": 1,
                 "gold_sentences": 4, "found_sentences": 2},
        "12ecb": {"gold": 30, "found": 3, "main_gold": 0, "main_found": 0, "scored": 0, "right": 0, "facts": 1, "unscored_facts": 0,
                  "gold_sentences": 6, "found_sentences": 0},
        "5ecb": {"gold": 10, "found": 10, "main_gold": 10, "main_found": 10, "scored": 2, "right": 1, "facts": 2, "unscored_facts": 0,
                 "gold_sentences": 2, "found_sentences": 2},
    }
    out = summarise(rows)
    assert out["ecb_facts_tune_recall"] == pytest.approx((0.5 + 0.1) / 2)
    assert out["ecb_facts_tune_recall_pooled"] == pytest.approx(8 / 40)
    assert out["ecb_facts_tune_precision"] == pytest.approx(1.0)  # 12ecb has no scored pair
    assert out["ecb_facts_held_precision"] == pytest.approx(0.5)
    assert out["ecb_facts_recall_pooled"] == pytest.approx(18 / 50)
    assert out["ecb_facts_unscored_share"] == pytest.approx(1 / 6)
    assert out["ecb_facts_tune_sentence_recall"] == pytest.approx(0.25)
    assert out["ecb_facts_sentence_recall_pooled"] == pytest.approx(4 / 12)


@pytest.fixture(scope="module")
def ecb_dir(shared_dir):
    path = shared_dir / "datasets" / "ecbplus"
    if not (path / "dev_event_gold_mentions.json").is_file():
        pytest.skip("../shared is absent: no ECB+ data")
    return path


def test_real_subtopics_have_gold_pairs_in_both_halves(ecb_dir, nlp):
    stories = load_stories(ecb_dir, nlp)
    assert {s.half for s in stories} == {"tune", "held"}
    assert len(stories) == 16  # 8 dev topics, their ECB and ECB+ halves
    for story in stories:
        pairs = gold_pairs(story)
        assert pairs, story.name
        for (a, b) in pairs:
            assert a[0] != b[0] and a in story.annotated and b in story.annotated
        for doc, sents in story.sentences.items():
            text = story.texts[doc]
            assert all("\n" not in text[s:e] for _, s, e in sents)


def test_both_ecb_measures_read_the_same_tokens_with_their_own_sentence_break(tmp_path):
    from newsprism.evaluate.ecbplus import read_documents

    tsv = tmp_path / "dev_text.txt"
    tsv.write_text("d1\t0\t0\tJackman\nd1\t0\t1\tto\nd1\t0\t2\thost\nd1\t1\t3\tHe\nd1\t1\t4\tsaid\nd1\t1\t5\tso\n",
                   encoding="utf-8")
    lines, line_tokens = read_documents(tsv)
    paragraphs, _, para_tokens = read_sentences(tsv)
    assert lines["d1"] == "Jackman to host\nHe said so"
    assert paragraphs["d1"] == "Jackman to host\n\nHe said so"
    assert [lines["d1"][a:b] for a, b in line_tokens["d1"]] == [paragraphs["d1"][a:b] for a, b in para_tokens["d1"]]
