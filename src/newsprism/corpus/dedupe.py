"""Copy families: exact and near-duplicate articles found with MinHash LSH.

A wire story republished by 40 local sites is one report, not 40. Each article
gets a MinHash signature of its word-anchored character shingles; LSH finds candidate
copies, which are kept when their estimated Jaccard similarity is high, or when
the shorter text is almost entirely contained in the longer one (a trimmed
wire copy). A copy joins the family of the article it copies; the first
article of a family names it.

Speed: signatures of a whole batch of texts are computed in a few numpy passes
(shingle hashes, the permutations and the per-text minimum), and the LSH bands
live in plain dicts keyed by one 64-bit int per band, so the only per-article
Python work is a handful of dict look-ups. The hash scheme is datasketch's
(same permutations, same banding), so stored signatures stay valid.

Signatures are plain bytes so the store can keep them and a later ingest can
rebuild the index without re-reading the texts.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Sequence

import numpy as np

__all__ = ["CopyDetector", "Signature", "DEFAULT_THRESHOLD"]


def _fmix32(values: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finalizer: spreads weakly mixed shingle hashes over all bits."""
    values = values ^ (values >> np.uint32(16))
    values = values * np.uint32(0x85EBCA6B)
    values = values ^ (values >> np.uint32(13))
    values = values * np.uint32(0xC2B2AE35)
    return values ^ (values >> np.uint32(16))


_MASK32 = np.uint64(0xFFFFFFFF)
_EMPTY = 0xFFFFFFFF
DEFAULT_THRESHOLD = 0.7
# texts per numpy pass: bounds the (shingles x permutations) scratch matrix to a few MiB
_CHUNK = 64
# odd 64-bit multipliers folding the r values of one band into one dict key
_BAND_MIX = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93,
     0xFF51AFD7ED558CCD, 0xC4CEB9FE1A85EC53, 0x94D049BB133111EB, 0xBF58476D1CE4E5B9],
    dtype=np.uint64,
)


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
        # datasketch costs ~0.5 s to import: only when a detector is made (ingest), never for
        # `stories`, `search` or `analyze`
        from datasketch import MinHash
        from datasketch.lsh import _optimal_param

        template = MinHash(num_perm=num_perm, seed=seed)
        self._a = np.asarray(template.permutations[0], dtype=np.uint32)
        self._b = np.asarray(template.permutations[1], dtype=np.uint32)
        # LSH recall is set below the Jaccard bar so that trimmed copies reach the containment test
        self.bands, self.rows = _optimal_param(min(threshold, 0.4), num_perm, 0.5, 0.5)
        self._mix = np.resize(_BAND_MIX, self.rows)
        self._tables: list[dict[int, int | list[int]]] = [{} for _ in range(self.bands)]
        # row i of the index: its key, family, signature values and shingle count
        self._row_of: dict[int, int] = {}
        self._keys: list[int] = []
        self._families: list[int] = []
        self._values = np.zeros((1024, num_perm), dtype=np.uint32)
        self._counts = np.zeros(1024, dtype=np.int64)

    def __len__(self) -> int:
        return len(self._keys)

    # -- signatures ------------------------------------------------------------------

    def shingle_hashes(self, text: str) -> np.ndarray:
        """Distinct 32-bit hashes of the shingles of ``text``.

        A shingle is the ``shingle_chars`` bytes that start at a word: about three
        words. Case and runs of whitespace do not count.
        """
        hashes, owners, _ = self._batch_hashes([text])
        return np.unique(hashes)

    def _batch_hashes(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray, int]:
        """Shingle hashes of several texts in one pass: (hashes, index of the text each
        comes from, ascending), plus the number of texts."""
        width = self.shingle_chars
        pad = b" " * width
        norms = [" ".join(text.lower().split()).encode("utf-8", "surrogatepass") for text in texts]
        # each text is followed by its own padding, so no window reaches into the next text
        buf = np.frombuffer(b"".join(n + pad for n in norms), dtype=np.uint8)
        lengths = np.fromiter((len(n) + width for n in norms), dtype=np.int64, count=len(norms))
        bounds = np.concatenate(([0], np.cumsum(lengths)))
        space = buf == 32
        # a word starts after a space; inside a normalised text a space is always followed by a word
        # (every text but the first is preceded by padding, so its first word is found too)
        starts = np.flatnonzero(space[:-1] & ~space[1:]) + 1
        if norms and norms[0]:
            starts = np.concatenate(([0], starts))
        owners = np.searchsorted(bounds, starts, side="right") - 1
        windows = buf[starts[:, None] + self._offsets].astype(np.uint64)
        hashes = ((windows @ self._powers) & _MASK32).astype(np.uint32)
        return hashes, owners, len(norms)

    def signature(self, text: str) -> Signature:
        """MinHash of the shingles: min over shingles of ``a * fmix(h) + b`` per permutation
        (datasketch's affine scheme, computed as one numpy matrix)."""
        return self.signatures([text])[0]

    def signatures(self, texts: Sequence[str]) -> list[Signature]:
        """Signatures of many texts, computed a chunk of texts per numpy pass."""
        out: list[Signature] = []
        for start in range(0, len(texts), _CHUNK):
            values, counts = self._chunk_signatures(texts[start : start + _CHUNK])
            out.extend(Signature(row, count) for row, count in zip(values, counts.tolist()))
        return out

    def _chunk_signatures(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        hashes, owners, count = self._batch_hashes(texts)
        values = np.full((count, self.num_perm), _EMPTY, dtype=np.uint32)
        shingles = np.zeros(count, dtype=np.int64)
        if not len(hashes):
            return values, shingles
        # distinct shingles per text: sort (text, hash) pairs once for the whole chunk
        keyed = np.sort((owners.astype(np.uint64) << np.uint64(32)) | hashes)
        change = np.empty(len(keyed), dtype=bool)
        change[0] = True
        np.not_equal(keyed[1:], keyed[:-1], out=change[1:])
        shingles[:] = np.bincount((keyed[change] >> np.uint64(32)).astype(np.int64), minlength=count)
        # permutations x shingles, so that the per-text minimum runs along contiguous rows
        permuted = self._a[:, None] * _fmix32(hashes)[None, :] + self._b[:, None]  # uint32 wraps, as intended
        present = np.flatnonzero(shingles)
        firsts = np.searchsorted(owners, present)
        values[present] = np.minimum.reduceat(permuted, firsts, axis=1).T
        return values, shingles

    # -- the index -------------------------------------------------------------------

    def _band_keys(self, values: np.ndarray) -> list[list[int]]:
        """One int per band for each signature row (the band's values folded together)."""
        used = values[:, : self.bands * self.rows].reshape(len(values), self.bands, self.rows)
        return (used.astype(np.uint64) * self._mix).sum(axis=2, dtype=np.uint64).tolist()

    def add(self, key: int, family: int, signature: Signature) -> None:
        """Index ``signature`` under ``key`` as a member of ``family``."""
        self._add(key, family, signature, self._band_keys(signature.values.reshape(1, -1))[0])

    def _add(self, key: int, family: int, signature: Signature, bands: list[int]) -> None:
        if key in self._row_of:
            return
        row = len(self._keys)
        if row == len(self._values):
            self._values = np.concatenate((self._values, np.zeros_like(self._values)))
            self._counts = np.concatenate((self._counts, np.zeros_like(self._counts)))
        self._row_of[key] = row
        self._keys.append(key)
        self._families.append(family)
        self._values[row] = signature.values
        self._counts[row] = signature.shingles
        if signature.shingles == 0:
            return  # empty texts copy nothing and nothing copies them
        for table, band in zip(self._tables, bands):
            bucket = table.get(band)
            if bucket is None:
                table[band] = row  # most buckets hold one row: an int, not a list, saves memory
            elif isinstance(bucket, int):
                table[band] = [bucket, row]
            else:
                bucket.append(row)

    def is_copy(self, a: Signature, b: Signature) -> bool:
        if a.shingles == 0 or b.shingles == 0:
            return False
        jaccard = float(np.count_nonzero(a.values == b.values)) / len(a.values)
        return self._is_copy(jaccard, a.shingles, b.shingles)

    def _is_copy(self, jaccard: float, count_a: int, count_b: int) -> bool:
        if jaccard >= self.threshold:
            return True
        small, large = (count_a, count_b) if count_a <= count_b else (count_b, count_a)
        if small < 20 or jaccard <= 0.0:
            return False
        shared = jaccard * (small + large) / (1.0 + jaccard)
        return shared / small >= self.containment

    def find_family(self, signature: Signature) -> int | None:
        """The family of the most similar indexed copy of ``signature``, if any."""
        return self._find(signature, self._band_keys(signature.values.reshape(1, -1))[0])

    def _find(self, signature: Signature, bands: list[int]) -> int | None:
        if signature.shingles == 0:
            return None
        rows: set[int] = set()
        for table, band in zip(self._tables, bands):
            bucket = table.get(band)
            if bucket is None:
                continue
            if isinstance(bucket, int):
                rows.add(bucket)
            else:
                rows.update(bucket)
        if not rows:
            return None
        # one numpy comparison for all candidates
        candidates = np.fromiter(rows, dtype=np.int64, count=len(rows))
        agree = np.count_nonzero(self._values[candidates] == signature.values, axis=1).tolist()
        counts = self._counts[candidates].tolist()
        best: tuple[int, int] | None = None
        for row, same, count in zip(candidates.tolist(), agree, counts):
            if self._is_copy(same / self.num_perm, signature.shingles, count):
                family = self._families[row]
                # ties go to the oldest family so that assignment does not depend on set order
                if best is None or same > best[0] or (same == best[0] and family < best[1]):
                    best = (same, family)
        return None if best is None else best[1]

    def assign(self, key: int, text: str) -> tuple[int, Signature]:
        """Family of a new text (``key`` itself when it copies nothing), indexing it."""
        return self.assign_many([key], [text])[0]

    def assign_many(self, keys: Sequence[int], texts: Sequence[str]) -> list[tuple[int, Signature]]:
        """:meth:`assign` for many texts in order (a text may copy an earlier one of the same call)."""
        out: list[tuple[int, Signature]] = []
        for start in range(0, len(texts), _CHUNK):
            values, counts = self._chunk_signatures(texts[start : start + _CHUNK])
            bands = self._band_keys(values)
            for key, row_values, count, row_bands in zip(keys[start : start + _CHUNK], values, counts.tolist(), bands):
                signature = Signature(row_values, count)
                family = self._find(signature, row_bands)
                if family is None:
                    family = key
                self._add(key, family, signature, row_bands)
                out.append((family, signature))
        return out
