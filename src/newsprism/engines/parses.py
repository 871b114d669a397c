"""Parse once: one article's spaCy ``Doc`` as compact bytes, and back.

What is kept is what the later stages read — tokens and their whitespace, tags,
POS, morphology, lemmas, the dependency tree (so sentences and noun chunks come
back as the parser made them) and the named entities — not the tok2vec tensor.
A parse restored this way gives the same analysis, byte for byte, as a fresh one
(tests/test_parse_once.py). Each stored parse carries
:func:`newsprism.corpus.versions.parse_version`; a parse of another spaCy, model
or format is ignored and made again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from newsprism.pipeline import DEFAULT_STAGES, Stage, Workspace

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

__all__ = ["ATTRS", "doc_to_bytes", "doc_from_bytes", "docs_to_bytes", "docs_from_bytes", "stages_given"]

ATTRS = ("ORTH", "SPACY", "TAG", "POS", "MORPH", "LEMMA", "HEAD", "DEP", "ENT_IOB", "ENT_TYPE", "ENT_KB_ID", "SENT_START")


def doc_to_bytes(doc: "Doc") -> bytes:
    from spacy.tokens import DocBin

    bin_ = DocBin(attrs=list(ATTRS), store_user_data=False)
    bin_.add(doc)
    return bin_.to_bytes()


def docs_to_bytes(docs: Iterable["Doc"]) -> list[bytes]:
    return [doc_to_bytes(d) for d in docs]


def doc_from_bytes(data: bytes, vocab: "Vocab") -> "Doc":
    from spacy.tokens import DocBin

    return next(iter(DocBin(store_user_data=False).from_bytes(data).get_docs(vocab)))


def docs_from_bytes(blobs: Sequence[bytes], vocab: "Vocab") -> list["Doc"]:
    return [doc_from_bytes(b, vocab) for b in blobs]


def stages_given(docs: list["Doc"]) -> tuple[Stage, ...]:
    """The pipeline's stages with the parse replaced by parses made earlier (one per article,
    in the articles' order): the analysis then needs no model weights."""

    def given(ws: Workspace, nlp: Any) -> None:
        if len(docs) != len(ws.articles):
            raise ValueError(f"{len(docs)} parses for {len(ws.articles)} articles")
        ws.docs = docs

    return tuple(
        Stage(stage.name, stage.requires, stage.provides, given) if stage.name == "parse" else stage
        for stage in DEFAULT_STAGES
    )
