"""What the framing reads of each document once per story, instead of once per sentence or word.

The framing's tests (where quotation is open, which words may give a cue, which say how
someone spoke) each walked a sentence's or a paragraph's ``Token`` objects per call; one
read of a document's ``Doc.to_array`` columns answers them for every sentence of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from spacy.tokens import Doc

__all__ = ["DocReads", "Lemmas", "lemmas_of"]

T = TypeVar("T")


class DocReads:
    """Each document's reads (``read(doc, reads)``: a read may ask for another), made on first use
    and kept, by the document's identity and the read, for as long as this lives: make one per story."""

    def __init__(self) -> None:
        self._made: dict[tuple[int, Callable[..., Any]], tuple["Doc", Any]] = {}

    def get(self, doc: "Doc", read: Callable[["Doc", "DocReads"], T]) -> T:
        key = (id(doc), read)
        found = self._made.get(key)
        if found is None or found[0] is not doc:
            found = self._made[key] = (doc, read(doc, self))
        return found[1]


@dataclass(frozen=True)
class Lemmas:
    """A document's LEMMA column: its distinct lemmas (``names``, and lower-cased ``low``), each
    token's among them (``where``), each string read once."""

    names: tuple[str, ...]
    low: tuple[str, ...]
    where: "np.ndarray"

    @staticmethod
    def read(doc: "Doc", reads: DocReads | None = None) -> "Lemmas":
        import numpy as np
        from spacy.attrs import LEMMA

        if not len(doc):
            return Lemmas((), (), np.zeros(0, dtype=np.int64))
        values, where = np.unique(doc.to_array([LEMMA]).reshape(-1), return_inverse=True)
        strings = doc.vocab.strings
        names = tuple(strings[h] for h in values.tolist())
        return Lemmas(names, tuple(x.lower() for x in names), where.reshape(-1))

    def positions(self) -> dict[str, list[int]]:
        """Lower-cased lemma -> the indices of its tokens, in reading order."""
        out: dict[str, list[int]] = {}
        low = self.low
        for i, k in enumerate(self.where.tolist()):
            out.setdefault(low[k], []).append(i)
        return out


def lemmas_of(doc: "Doc", reads: DocReads | None = None) -> Lemmas:
    """:class:`Lemmas` of ``doc``: read once per story (``reads``), else for this call."""
    return (reads or DocReads()).get(doc, Lemmas.read)
