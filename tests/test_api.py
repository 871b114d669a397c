"""The public API is small and curated (like httpx): changing it is deliberate."""

import newsprism

PINNED = {
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
}


def test_public_api_is_pinned():
    assert set(newsprism.__all__) == PINNED
    for name in newsprism.__all__:
        assert hasattr(newsprism, name), name
