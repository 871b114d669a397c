"""newsprism: cross-outlet news analysis with every statement cited to its source."""

from newsprism.model import (
    Article,
    Damage,
    DocumentInfo,
    Entity,
    Figure,
    Mention,
    Quote,
    Skipped,
    Span,
    StoryAnalysis,
    TimeExpr,
)
from newsprism.pipeline import NothingToAnalyse, analyze

__version__ = "0.1.0"

__all__ = [
    "Article",
    "Damage",
    "DocumentInfo",
    "Entity",
    "Figure",
    "Mention",
    "NothingToAnalyse",
    "Quote",
    "Skipped",
    "Span",
    "StoryAnalysis",
    "TimeExpr",
    "analyze",
    "__version__",
]
