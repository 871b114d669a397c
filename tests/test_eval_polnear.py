"""The PolNeAR reader, the gold direct-quote rule, and the scorer on a few dev files."""

from __future__ import annotations

import pytest

from newsprism.evaluate.polnear import evaluate_polnear, gold_quotes, parse_ann, quoted_stretches

TEXT = 'Sources said the team wanted to “keep it quiet.” "We won," Smith said.'
ANN = (
    "T1\tSource 0 7\tSources\n"
    "T2\tCue 8 12\tsaid\n"
    "T3\tContent 13 48\tthe team wanted to “keep it quiet.”\n"
    "T4\tAttribution 8 12\tsaid\n"
    "E1\tAttribution:T4 Content:T3 Cue:T2 Source:T1\n"
    "T5\tContent 49 58\t\"We won,\"\n"
    "T6\tSource 59 64\tSmith\n"
    "T7\tCue 65 69\tsaid\n"
    "T8\tAttribution 65 69\tsaid\n"
    "E2\tAttribution:T8 Cue:T7 Source:T6 Content:T5\n"
    "T9\tDiscard 0 3\tSou\n"
)


def test_ann_parser_joins_roles_of_each_event():
    attributions = parse_ann(ANN)
    assert [a.id for a in attributions] == ["E1", "E2"]
    first, second = attributions
    assert first.sources == ((0, 7),) and first.cues == ((8, 12),) and first.contents == ((13, 48),)
    assert second.sources == ((59, 64),) and second.has_source
    assert TEXT[59:64] == "Smith" and TEXT[49:58] == '"We won,"'


def test_ann_parser_reads_discontinuous_spans_and_missing_source():
    ann = (
        "T1\tContent 0 4;10 14\tabcd ijkl\n"
        "T2\tCue 5 9\tsaid\n"
        "T3\tAttribution 5 9\tsaid\n"
        "E1\tAttribution-no-source:T3 Content:T1 Cue:T2\n"
    )
    (only,) = parse_ann(ann)
    assert only.contents == ((0, 4), (10, 14))
    assert only.sources == () and not only.has_source


def test_gold_rule_keeps_quoted_stretches_only():
    gold = gold_quotes(TEXT, parse_ann(ANN))
    assert [TEXT[g.start : g.end] for g in gold] == ["keep it quiet.", "We won,"]
    assert [g.sources for g in gold] == [((0, 7),), ((59, 64),)]


def test_quoted_stretches_take_marks_just_outside_and_open_ends():
    text = 'He said "first part\n\nsecond" done'
    # the content fragment excludes its opening mark; the quote runs past the fragment end
    assert [text[s:e] for s, e in quoted_stretches(text, 9, 19)] == ["first part"]
    # a fragment that starts inside the quote and holds only its closing mark
    assert [text[s:e] for s, e in quoted_stretches(text, 21, 28)] == ["second"]
    assert quoted_stretches("no marks here", 0, 13) == []


def test_nested_curly_inside_straight_is_one_quote():
    text = '"He asked: “Why?” and left," she said.'
    assert [text[s:e] for s, e in quoted_stretches(text, 0, 28)] == ["He asked: “Why?” and left,"]


def test_scores_on_a_few_dev_files(nlp, shared_dir):
    split = shared_dir / "datasets" / "polnear" / "dev"
    if not split.is_dir():
        pytest.skip(f"{split} is absent")
    metrics = evaluate_polnear(split, nlp, limit=6)
    assert metrics["quote_docs"] == 6
    assert metrics["quote_gold_count"] > 0
    for key, value in metrics.items():
        if not key.endswith(("_count", "_docs")) and "matched" not in key:
            assert 0.0 <= value <= 1.0, key
    assert metrics["quote_content_recall_overlap"] > 0.3
    assert metrics["quote_speaker_recall_overlap"] > 0.3
    assert metrics["quote_content_f1_exact"] <= metrics["quote_content_f1_overlap"]


def test_two_apostrophes_are_a_gold_double_mark():
    # PolNeAR's NYT texts: ''...'' is a direct quote like "..."
    text = "He said ''we will win,'' and left. It's ''over.''"
    assert [text[s:e] for s, e in quoted_stretches(text, 0, len(text))] == ["we will win,", "over."]


def test_offset_skips_the_first_texts(shared_dir):
    from newsprism.evaluate.polnear import _documents

    split = shared_dir / "datasets" / "polnear" / "dev"
    if not split.is_dir():
        pytest.skip(f"{split} is absent")
    first_five = [doc_id for doc_id, _, _ in _documents(split, 5)]
    assert [doc_id for doc_id, _, _ in _documents(split, 2, offset=3)] == first_five[3:5]


def test_a_transcript_paragraph_is_a_quote_of_its_tagged_speaker():
    # breitbart 2016-09-25 (dev): Source "PENCE", Cue ":", Content the rest of a paragraph opened
    # by a mark before the tag; an inner “...” is part of it
    text = 'Intro.\n\n"PENCE: Well, look, she thinks this is an episode of \u201cShark Tank.\u201d But this is America.\n\nEnd.'
    start = text.index("PENCE")
    content = text.index("Well")
    end = text.index("America.") + len("America.")
    ann = (f"T1\tSource {start} {start + 5}\tPENCE\nT2\tCue {start + 5} {start + 6}\t:\n"
           f"T3\tContent {content} {end}\t{text[content:end]}\nT4\tAttribution {start} {end}\tx\n"
           "E1\tAttribution:T4 Content:T3 Cue:T2 Source:T1\n")
    quotes = gold_quotes(text, parse_ann(ann))
    assert [(text[q.start:q.end], q.sources) for q in quotes] == [(text[content:end], ((start, start + 5),))]


def _one_text_split(tmp_path, text, ann):
    (tmp_path / "text").mkdir()
    (tmp_path / "attributions").mkdir()
    (tmp_path / "text" / "story.txt").write_text(text, encoding="utf-8")
    (tmp_path / "attributions" / "story_ab12.ann").write_text(ann, encoding="utf-8")
    return tmp_path


def _ann(text, source, content, after=""):
    s, c = text.index(source, text.index(after)), text.index(content)
    cue = text.index("said")
    return (
        f"T1\tSource {s} {s + len(source)}\t{source}\n"
        f"T2\tCue {cue} {cue + 4}\tsaid\n"
        f"T3\tContent {c} {c + len(content)}\t{content}\n"
        "T4\tAttribution 0 1\tx\n"
        "E1\tAttribution:T4 Content:T3 Cue:T2 Source:T1\n"
    )


STORY = (
    "Donald Trump held a rally in Ohio on Monday. Hillary Clinton was in Iowa. "
    "Trump criticized the press at length. “We are going to win this state,” he said."
)


def test_a_gold_name_elsewhere_counts_when_it_names_the_reported_speaker(nlp, tmp_path):
    # the annotator marked "Trump" a sentence before the cue; newsprism writes "he", resolved
    # to Donald Trump: the same person, named at another place
    split = _one_text_split(tmp_path, STORY, _ann(STORY, "Trump", "“We are going to win this state,”", after="Iowa"))
    metrics = evaluate_polnear(split, nlp)
    assert metrics["quote_speaker_recall_overlap"] == 1.0
    assert metrics["quote_speaker_recall_exact"] == 1.0
    assert metrics["quote_speaker_f1_overlap_as_written"] == 0.0


def test_a_gold_name_of_someone_else_still_misses(nlp, tmp_path):
    split = _one_text_split(tmp_path, STORY, _ann(STORY, "Hillary Clinton", "“We are going to win this state,”"))
    metrics = evaluate_polnear(split, nlp)
    assert metrics["quote_speaker_recall_overlap"] == 0.0


TWO_SENTENCES = (
    "Donald Trump held a rally in Ohio on Monday. "
    "“We are going to win this state. We are going to win it big,” he said."
)


def test_a_quote_the_gold_splits_per_sentence_gives_both_sentences_their_speaker(nlp, tmp_path):
    # PolNeAR gives each sentence of a long quote its own attribution; one predicted quote holds
    # both sentences and names their source: both gold quotes have their speaker
    text = TWO_SENTENCES
    he, said = text.index("he said"), text.index("said")
    first, second = text.index("“We are"), text.index("We are going to win it")
    ann = (
        f"T1\tSource {he} {he + 2}\the\n"
        f"T2\tCue {said} {said + 4}\tsaid\n"
        f"T3\tContent {first} {second - 1}\t{text[first:second - 1]}\n"
        f"T4\tContent {second} {text.index(' he said')}\t{text[second:text.index(' he said')]}\n"
        "T5\tAttribution 0 1\tx\n"
        "E1\tAttribution:T5 Content:T3 Cue:T2 Source:T1\n"
        "E2\tAttribution:T5 Content:T4 Cue:T2 Source:T1\n"
    )
    metrics = evaluate_polnear(_one_text_split(tmp_path, text, ann), nlp)
    assert metrics["quote_gold_count"] == 2
    assert metrics["quote_speaker_recall_exact"] == 1.0
    assert metrics["quote_speaker_precision_exact"] == 1.0
    assert metrics["quote_speaker_f1_exact_as_written"] < 1.0  # one-to-one pairs leave the second sentence out
