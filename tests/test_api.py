"""The public API is small and curated (like httpx): changing it is deliberate."""

import newsprism

PINNED = {
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
}


def test_public_api_is_pinned():
    assert set(newsprism.__all__) == PINNED
    for name in newsprism.__all__:
        assert hasattr(newsprism, name), name


def test_the_package_is_typed_and_importing_it_does_not_load_the_corpus_machinery():
    import subprocess
    import sys
    from pathlib import Path

    assert (Path(newsprism.__file__).parent / "py.typed").is_file()
    code = "import sys, newsprism; print('newsprism.corpus.corpus' in sys.modules, 'datasketch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
    from newsprism.corpus import Corpus

    assert newsprism.Corpus is Corpus
