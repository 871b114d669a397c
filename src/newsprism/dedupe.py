"""Copy families: exact and near-duplicate articles found with MinHash LSH (datasketch).

A wire story republished by 40 local sites is one report, not 40. Each article
gets a MinHash signature of its word-anchored character shingles; LSH finds candidate
copies, which are kept when their estimated Jaccard similarity is high, or when
the shorter text is almost entirely contained in the longer one (a trimmed
wire copy). A copy joins the family of the article it copies; the first
article of a family names it.

Signatures are plain bytes so the store can keep them and a later ingest can
rebuild the index without re-reading the texts.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

import numpy as np
from datasketch import MinHash, MinHashLSH

__all__ = ["CopyDetector", "Signature", "DEFAULT_THRESHOLD"]


def _fmix32(values: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finalizer: spreads weakly mixed shingle hashes over all bits."""
    values = values ^ (values >> np.uint32(16))
    values = values * np.uint32(0x85EBCA6B)
    values = values ^ (values >> np.uint32(13))
    values = values * np.uint32(0xC2B2AE35)
    return values ^ (values >> np.uint32(16))

_MASK32 = np.uint64(0xFFFFFFFF)
DEFAULT_THRESHOLD = 0.7


@dataclass(frozen=True)
class Signature:
    """MinHash values of one text, with the number of distinct shingles it had."""

    values: np.ndarray  # uint32, one per permutation
    shingles: int

    def to_bytes(self) -> bytes:
        return struct.pack("<I", self.shingles) + self.values.astype("<u4").tobytes()

    @classmethod
    def from_bytes(cls, blob: bytes) -> "Signature":
        (count,) = struct.unpack_from("<I", blob)
        return cls(np.frombuffer(blob, dtype="<u4", offset=4).astype(np.uint32), count)


class CopyDetector:
    """An in-memory LSH index of signatures, each tagged with its copy family.

    ``threshold`` is the estimated Jaccard similarity (of shingle sets) above
    which two texts are copies; ``containment`` is the share of the shorter
    text's shingles found in the longer one above which a trimmed copy counts too.
    """

    def __init__(
        self,
        threshold: float = DEFAULT_THRESHOLD,
        containment: float = 0.9,
        num_perm: int = 64,
        shingle_chars: int = 20,
        seed: int = 1,
    ):
        self.threshold = threshold
        self.containment = containment
        self.num_perm = num_perm
        self.shingle_chars = shingle_chars
        self._offsets = np.arange(shingle_chars)
        # polynomial hash of a window: sum of byte * 31^k, wrapping modulo 2^64
        self._powers = np.array([pow(31, k, 2**64) for k in range(shingle_chars - 1, -1, -1)], dtype=np.uint64)
        template = MinHash(num_perm=num_perm, seed=seed)
        self._a = np.asarray(template.permutations[0], dtype=np.uint32)
        self._b = np.asarray(template.permutations[1], dtype=np.uint32)
        self._scratch = template
        # LSH recall is set below the Jaccard bar so that trimmed copies reach the containment test
        self._lsh = MinHashLSH(threshold=min(threshold, 0.4), num_perm=num_perm)
        self._entries: dict[int, tuple[int, Signature]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def shingle_hashes(self, text: str) -> np.ndarray:
        """Distinct 32-bit hashes of the shingles of ``text``.

        A shingle is the ``shingle_chars`` bytes that start at a word: about three
        words, hashed in one numpy pass instead of a Python loop over words.
        Case and runs of whitespace do not count.
        """
        width = self.shingle_chars
        norm = " ".join(text.lower().split()).encode("utf-8", "surrogatepass")
        if not norm:
            return np.zeros(0, dtype=np.uint64)
        buf = np.frombuffer(norm + b" " * width, dtype=np.uint8)
        starts = np.flatnonzero(buf[: len(norm)] == 32) + 1
        starts = np.concatenate((np.zeros(1, dtype=starts.dtype), starts))
        windows = buf[starts[:, None] + self._offsets].astype(np.uint64)
        hashes = (windows @ self._powers) & _MASK32
        return np.unique(hashes)

    def signature(self, text: str) -> Signature:
        """MinHash of the shingles: min over shingles of ``a * fmix(h) + b`` per permutation,
        computed as one numpy matrix (datasketch's affine scheme, without a Python loop)."""
        shingles = self.shingle_hashes(text)
        if not len(shingles):
            return Signature(np.full(self.num_perm, 0xFFFFFFFF, dtype=np.uint32), 0)
        mixed = _fmix32(shingles.astype(np.uint32)).reshape(-1, 1)
        permuted = mixed * self._a + self._b  # uint32 arithmetic wraps, as intended
        return Signature(permuted.min(axis=0).astype(np.uint32), int(len(shingles)))

    def _minhash(self, values: np.ndarray) -> MinHash:
        # one scratch object: LSH reads only its hash values and keeps nothing of it
        self._scratch.hashvalues = values
        return self._scratch

    def add(self, key: int, family: int, signature: Signature) -> None:
        """Index ``signature`` under ``key`` as a member of ``family``."""
        if key in self._entries or signature.shingles == 0:
            self._entries.setdefault(key, (family, signature))
            return
        self._entries[key] = (family, signature)
        self._lsh.insert(key, self._minhash(signature.values), check_duplication=False)

    def is_copy(self, a: Signature, b: Signature) -> bool:
        if a.shingles == 0 or b.shingles == 0:
            return False
        jaccard = float(np.count_nonzero(a.values == b.values)) / len(a.values)
        if jaccard >= self.threshold:
            return True
        small, large = sorted((a.shingles, b.shingles))
        if small < 20 or jaccard <= 0.0:
            return False
        shared = jaccard * (small + large) / (1.0 + jaccard)
        return shared / small >= self.containment

    def find_family(self, signature: Signature) -> int | None:
        """The family of the most similar indexed copy of ``signature``, if any."""
        if signature.shingles == 0:
            return None
        best: tuple[float, int] | None = None
        for key in self._lsh.query(self._minhash(signature.values)):
            family, other = self._entries[key]
            if self.is_copy(signature, other):
                score = float(np.count_nonzero(signature.values == other.values))
                # ties go to the oldest family so that assignment does not depend on set order
                if best is None or score > best[0] or (score == best[0] and family < best[1]):
                    best = (score, family)
        return None if best is None else best[1]

    def assign(self, key: int, text: str) -> tuple[int, Signature]:
        """Family of a new text (``key`` itself when it copies nothing), indexing it."""
        signature = self.signature(text)
        family = self.find_family(signature)
        if family is None:
            family = key
        self.add(key, family, signature)
        return family, signature
