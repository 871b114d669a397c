"""The packaged static embedder against model2vec serving the same vectors, same run.

    pip install model2vec==0.10.0          # not a dependency: this measures whether it should be
    .venv/bin/python bench/bench_model2vec.py [--repeat 7]

Builds a model2vec ``StaticModel`` from ``data/minilm_static.npz`` (the same table,
with an HF ``tokenizers`` BERT-uncased WordPiece tokenizer over the same vocabulary)
and compares, on the ClaimDiff claims (../shared) and the example story's lines:

* token ids: newsprism's WordPiece vs the ``tokenizers`` one, text by text;
* sentence vectors: largest absolute difference;
* time to tokenise (cold: a new tokenizer; warm: its word cache filled) and to
  encode, best of ``--repeat``, both in this process, so the ratio holds under load;
* import time of each module in a fresh process.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def texts() -> list[str]:
    out = []
    for p in sorted((REPO / "examples" / "aleppo-2016-12-14").glob("*.txt")):
        out += [line for line in p.read_text(encoding="utf-8").split("\n") if line.strip()]
    folder = SHARED / "datasets" / "claimdiff"
    for name in ("ClaimDiff-weak-train.json", "ClaimDiff-strength-train.json"):
        if (folder / name).exists():
            for r in json.loads((folder / name).read_text(encoding="utf-8"))["data"]:
                out += [r["claim_a"], r["claim_b"]]
    return list(dict.fromkeys(out))


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def import_seconds(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    try:
        from model2vec import StaticModel
        from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    except ImportError:
        sys.exit("needs model2vec: pip install model2vec==0.10.0")
    from newsprism.compare.embed import DEFAULT_MODEL_PATH, StaticEmbedder, WordPieceTokenizer

    with np.load(DEFAULT_MODEL_PATH, allow_pickle=False) as data:
        vocab = [str(t) for t in data["vocab"]]
        table = data["embedding"].astype(np.float32)
    ids = {t if t else f"[unused-{i}]": i for i, t in enumerate(vocab)}
    tok = Tokenizer(models.WordPiece(vocab=ids, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    m2v = StaticModel(vectors=table, tokenizer=tok, normalize=True, max_length=None)
    ours = StaticEmbedder()
    sample = texts()

    same = sum(ours.token_ids(t) == m2v.tokenize([t])[0] for t in sample)
    diff = float(np.abs(ours.encode(sample) - m2v.encode(sample)).max())
    print(f"{len(sample)} texts: identical token ids {same}/{len(sample)}; largest vector difference {diff:.2e}")

    def cold() -> None:
        t = WordPieceTokenizer(vocab)
        for x in sample:
            t.encode(x)

    warm = WordPieceTokenizer(vocab)
    for x in sample:
        warm.encode(x)
    rows = {
        "tokenise, newsprism cold (incl. the id table)": best(cold, args.repeat),
        "tokenise, newsprism warm": best(lambda: [warm.encode(x) for x in sample], args.repeat),
        "tokenise, tokenizers encode_batch_fast": best(
            lambda: tok.encode_batch_fast(sample, add_special_tokens=False), args.repeat
        ),
        "encode, newsprism StaticEmbedder": best(lambda: ours.encode(sample), args.repeat),
        "encode, model2vec StaticModel": best(lambda: m2v.encode(sample), args.repeat),
    }
    for name, seconds in rows.items():
        print(f"{name:48s} {seconds * 1000:8.1f} ms")
    print(f"encode ratio model2vec/newsprism: {rows['encode, model2vec StaticModel'] / rows['encode, newsprism StaticEmbedder']:.2f}")
    print(f"import newsprism.compare.embed {import_seconds('newsprism.compare.embed'):.2f} s; "
          f"import model2vec {import_seconds('model2vec'):.2f} s")


if __name__ == "__main__":
    main()
