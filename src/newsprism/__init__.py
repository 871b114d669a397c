"""newsprism: cross-outlet news analysis with every statement cited to its source.

The public API (pinned by tests/test_api.py; everything else may change):

- ``analyze(paths)`` / ``analyze_articles(articles)`` -> ``StoryAnalysis``, whose
  ``to_dict()`` is the JSON contract (docs/json-contract.md);
- the records of that contract (``Article`` ... ``Findings``);
- ``check_report(report_dict)``: verify every citation of a JSON report;
- ``Corpus(path)``: many articles in one SQLite file (imported on first use).
"""

from typing import TYPE_CHECKING, Any

from newsprism.check import check_report
from newsprism.model import (
    Article,
    Damage,
    DocumentInfo,
    Entity,
    Figure,
    Finding,
    Findings,
    Mention,
    Omission,
    Quote,
    SharedText,
    Skipped,
    Span,
    StoryAnalysis,
    SummarySentence,
    TimeExpr,
    Version,
)
from newsprism.pipeline import NothingToAnalyse, analyze, analyze_articles

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.corpus.corpus import Corpus

__version__ = "0.1.0"

__all__ = [
    "Article",
    "Corpus",
    "Damage",
    "DocumentInfo",
    "Entity",
    "Figure",
    "Finding",
    "Findings",
    "Mention",
    "NothingToAnalyse",
    "Omission",
    "Quote",
    "SharedText",
    "Skipped",
    "Span",
    "StoryAnalysis",
    "SummarySentence",
    "TimeExpr",
    "Version",
    "analyze",
    "analyze_articles",
    "check_report",
    "__version__",
]


def __getattr__(name: str) -> Any:
    if name == "Corpus":  # the corpus machinery (SQLite, MinHash, clustering) loads on first use
        from newsprism.corpus.corpus import Corpus

        return Corpus
    raise AttributeError(f"module 'newsprism' has no attribute {name!r}")
