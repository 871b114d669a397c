"""ECB+ entity coreference evaluation on a small subset."""

from __future__ import annotations

import pytest

from newsprism.evaluate.ecbplus import evaluate_ecbplus, read_documents, read_gold_mentions


@pytest.fixture(scope="module")
def ecb_dir(shared_dir):
    path = shared_dir / "datasets" / "ecbplus"
    if not (path / "dev_text.txt").is_file():
        pytest.skip("../shared is absent: no ECB+ data")
    return path


def test_rebuilt_offsets_match_gold_token_strings(ecb_dir):
    texts, offsets = read_documents(ecb_dir / "dev_text.txt")
    gold = read_gold_mentions(ecb_dir / "dev_entity_gold_mentions.json", offsets, texts)
    assert len(gold) > 1000
    import json

    records = json.loads((ecb_dir / "dev_entity_gold_mentions.json").read_text(encoding="utf-8"))
    contiguous = [r for r in records if r["tokens_ids"] == list(range(min(r["tokens_ids"]), max(r["tokens_ids"]) + 1))]
    for r in contiguous[:200]:
        s = offsets[r["doc_id"]][min(r["tokens_ids"])][0]
        e = offsets[r["doc_id"]][max(r["tokens_ids"])][1]
        assert texts[r["doc_id"]][s:e].split() == r["tokens_str"].split()


def test_subset_scores_are_sane(ecb_dir, nlp):
    scores = evaluate_ecbplus(ecb_dir, nlp, limit_topics=1)
    assert scores["ecb_clusters"] == 1
    for prefix in ("ecb_entity", "ecb_entity_baseline"):
        for name in ("conll_f1", "muc_f1", "b3_f1", "ceafe_f1"):
            value = scores[f"{prefix}_{name}"]
            assert 0.0 < value <= 1.0, (prefix, name, value)
        assert scores[f"{prefix}_conll_f1"] == pytest.approx(
            (scores[f"{prefix}_muc_f1"] + scores[f"{prefix}_b3_f1"] + scores[f"{prefix}_ceafe_f1"]) / 3
        )
    # a real resolver must beat "every mention alone"; with gold mentions that has MUC F1 0
    assert scores["ecb_entity_muc_f1"] > 0.3


def test_scores_without_singletons_drop_one_mention_clusters_from_key_and_response(ecb_dir, nlp):
    """The ``*_nosingletons_*`` keys (Cattan et al. 2021's evaluation) score the clusters of two
    mentions or more only: a response that leaves every mention alone scores 0 there, where the
    headline keys give it credit for every gold singleton."""
    from newsprism.evaluate.ecbplus import _scores, _without_singletons

    gold = [[0, 1], [2], [3]]
    alone = [[0], [1], [2], [3]]
    assert _scores("x", gold, alone)["x_conll_f1"] > 0.4
    assert _scores("x", _without_singletons(gold), _without_singletons(alone))["x_conll_f1"] == 0.0
    scores = evaluate_ecbplus(ecb_dir, nlp, limit_topics=1)
    assert 0.0 < scores["ecb_entity_baseline_nosingletons_conll_f1"] < scores["ecb_entity_baseline_conll_f1"]
    # the resolver's two figures on one topic may fall either way (0.880 / 0.879 on topic 2 since
    # session 30); without singletons it must still beat the baseline
    assert scores["ecb_entity_baseline_nosingletons_conll_f1"] < scores["ecb_entity_nosingletons_conll_f1"] <= 1.0


def test_a_chain_across_the_two_halves_is_scored_in_each_by_its_own_mentions():
    """Dev's gold chain "t2_second_time" holds nine mentions of topic 2 (tuning) and two of topic
    35 (held out): each half's key takes the chain's mentions in its own topics, so the resolver,
    which works within one topic, is not charged in one half for mentions of the other."""
    from newsprism.evaluate.ecbplus import _in_half

    cluster_of = ["2ecb+", "2ecb+", "35ecb+", "35ecb+", "5ecb+"]
    chains = [[0, 1, 2, 3], [4]]
    assert _in_half(chains, cluster_of, "tune") == [[0, 1]]
    assert _in_half(chains, cluster_of, "held") == [[2, 3], [4]]
