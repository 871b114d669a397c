"""People checks on stories nobody tuned for: the PolNeAR train texts as a corpus.

The 840 PolNeAR train texts (2016 US election coverage by seven outlets) are read with their
outlet, date and title from ``metadata.tsv``, streamed into a temporary corpus as
``newsprism ingest`` would, and every story of ``min_articles`` or more is analysed whole and
checked with :func:`newsprism.evaluate.people.wrong_merges` and
:func:`~newsprism.evaluate.people.speaker_problems`; its conflicts are counted and listed (-v)
to be read. Not gated: a reading aid with a count.

    python -m newsprism.evaluate.polnear_stories ../shared/datasets/polnear
"""

from __future__ import annotations

import csv
import tempfile
from pathlib import Path
from typing import Iterator

from newsprism.model import Article, StoryAnalysis

__all__ = ["load_polnear_articles", "polnear_analyses", "evaluate_polnear_stories"]


def load_polnear_articles(folder: Path, split: str = "train") -> list[Article]:
    """The texts of one PolNeAR split with outlet, date and title from ``metadata.tsv``."""
    meta: dict[str, dict[str, str]] = {}
    with open(Path(folder) / "metadata.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            meta[row["filename"]] = row
    out = []
    for path in sorted((Path(folder) / split / "text").glob("*.txt")):
        row = meta.get(path.stem, {})
        out.append(Article(id=path.stem, text=path.read_text(encoding="utf-8"), outlet=row.get("publisher"),
                           published=row.get("publication_date"), title=row.get("title")))
    return out


def polnear_analyses(folder: Path, nlp=None, split: str = "dev") -> Iterator[StoryAnalysis]:
    """The stories a PolNeAR split's texts make when ingested as a corpus (as ``newsprism ingest``
    would), each analysed whole (core stages): the people of seven outlets' election coverage."""
    from newsprism.corpus.corpus import Corpus
    from newsprism.pipeline import CORE_STAGES, run_pipeline

    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    with tempfile.TemporaryDirectory() as tmp, Corpus(Path(tmp) / "polnear.db") as corpus:
        corpus.add_articles(load_polnear_articles(folder, split))
        for story in corpus.stories(limit=None):
            yield run_pipeline(corpus.story_articles(story.id), nlp, stages=CORE_STAGES)


def evaluate_polnear_stories(folder: Path, min_articles: int = 3, verbose: bool = False) -> dict[str, float]:
    from newsprism.corpus.corpus import Corpus
    from newsprism.evaluate.people import speaker_problems, wrong_merges
    from newsprism.nlp import load_pipeline
    from newsprism.pipeline import run_pipeline

    nlp = load_pipeline()
    totals = {"stories": 0, "person_entities": 0, "wrong_merges": 0, "speaker_problems": 0, "conflicts": 0}
    with tempfile.TemporaryDirectory() as tmp, Corpus(Path(tmp) / "polnear.db") as corpus:
        corpus.add_articles(load_polnear_articles(folder))
        for story in corpus.stories(limit=None):
            if len(story.articles) < min_articles:
                continue
            analysis = run_pipeline(corpus.story_articles(story.id), nlp)
            merges, speakers = wrong_merges(analysis), speaker_problems(analysis)
            totals["stories"] += 1
            totals["person_entities"] += sum(1 for e in analysis.entities if e.type == "PERSON")
            totals["wrong_merges"] += len(merges)
            totals["speaker_problems"] += len(speakers)
            # conflicts are counted to be read: none of these stories has been annotated
            conflicts = analysis.findings.conflicts if analysis.findings is not None else ()
            totals["conflicts"] += len(conflicts)
            if verbose:
                for line in (*merges, *speakers):
                    print(f"story {story.id}: {line}")
                for c in conflicts:
                    print(f"story {story.id}: conflict {c.about[:100]!r}: " + " / ".join(repr(v.value[:60]) for v in c.versions))
    return {f"polnear_stories_{k}": float(v) for k, v in totals.items()}


if __name__ == "__main__":  # pragma: no cover - manual run
    import argparse

    parser = argparse.ArgumentParser(description="People checks and conflicts on PolNeAR stories nobody tuned for.")
    parser.add_argument("folder", type=Path, help="the PolNeAR folder (metadata.tsv, train/)")
    parser.add_argument("--min-articles", type=int, default=3, help="analyse stories of this many articles or more")
    parser.add_argument("-v", action="store_true", help="print each problem and each conflict")
    args = parser.parse_args()
    for key, value in evaluate_polnear_stories(args.folder, args.min_articles, verbose=args.v).items():
        print(f"{key}\t{value:.0f}")
