"""newsprism: cross-outlet news analysis with every statement cited to its source.

The public API (pinned by tests/test_api.py; everything else may change):

- ``analyze(paths)`` / ``analyze_articles(articles)`` -> ``StoryAnalysis``, whose
  ``to_dict()`` is the JSON contract (docs/json-contract.md);
- the records of that contract (``Article`` ... ``Findings``);
- ``check_report(report_dict)``: verify every citation of a JSON report;
- ``Corpus(path)``: many articles in one SQLite file (imported on first use).
"""

from typing import TYPE_CHECKING, Any

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
if TYPE_CHECKING:  # pragma: no cover
    from newsprism.check import check_report
    from newsprism.corpus.corpus import Corpus
    from newsprism.pipeline import NothingToAnalyse, analyze, analyze_articles

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


# Imported on first use: every ``newsprism.x`` import runs this file, and a command that only
# reads a corpus (``stories``, ``search``) must not pay for the pipeline or the checker.
_LAZY = {
    "Corpus": "newsprism.corpus.corpus",
    "check_report": "newsprism.check",
    "NothingToAnalyse": "newsprism.pipeline",
    "analyze": "newsprism.pipeline",
    "analyze_articles": "newsprism.pipeline",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'newsprism' has no attribute {name!r}")
