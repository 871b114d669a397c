"""corpus: many articles in one SQLite file — readers, copy families, stories, search.

``newsprism.corpus.Corpus`` is the API the ``ingest/stories/search/export`` commands call
(imported on first use: reading a story's files does not load the corpus machinery).
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.corpus.corpus import Corpus, IngestInterrupted, IngestSummary

__all__ = ["Corpus", "IngestInterrupted", "IngestSummary"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        import newsprism.corpus.corpus as corpus_api

        return getattr(corpus_api, name)
    raise AttributeError(f"module 'newsprism.corpus' has no attribute {name!r}")
