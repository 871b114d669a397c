"""The analysis pipeline: stages that declare what they need and what they add.

Like spaCy's pipeline, the order is checked before anything runs: a stage that
requires something no earlier stage provides is a configuration error, not a
KeyError halfway through a batch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from newsprism.model import Article, DocumentInfo, Quote, Skipped, StoryAnalysis

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language


class PipelineOrderError(ValueError):
    pass


class NothingToAnalyse(RuntimeError):
    """Raised when every input was skipped; carries what was skipped and why."""

    def __init__(self, skipped: Sequence[Skipped]):
        self.skipped = tuple(skipped)
        super().__init__("no article could be analysed")


@dataclass
class Workspace:
    """What the stages of one analysis share. Lives for one call only."""

    articles: list[Article] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    embedder: Any = None  # sentence embedder for the findings stage (loaded by the caller)


@dataclass(frozen=True)
class Stage:
    name: str
    requires: frozenset[str]
    provides: frozenset[str]
    run: Callable[[Workspace, "Language"], None]


def check_order(stages: Sequence[Stage], given: Iterable[str] = ("articles",)) -> None:
    available = set(given)
    for stage in stages:
        missing = stage.requires - available
        if missing:
            raise PipelineOrderError(
                f"stage {stage.name!r} requires {sorted(missing)}, which no earlier stage provides"
            )
        available |= stage.provides


def _stage(name: str, requires: Iterable[str], provides: Iterable[str]):
    def wrap(fn: Callable[[Workspace, "Language"], None]) -> Stage:
        return Stage(name, frozenset(requires), frozenset(provides), fn)

    return wrap


@_stage("clean", ["articles"], ["damage"])
def _clean(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.clean import mark_damage

    ws.articles = [mark_damage(a) for a in ws.articles]


@_stage("metadata", ["articles", "damage"], ["metadata"])
def _metadata(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.metadata import infer_metadata

    ws.articles = [infer_metadata(a) for a in ws.articles]


@_stage("parse", ["articles", "damage"], ["docs"])
def _parse(ws: Workspace, nlp: "Language") -> None:
    ws.values["docs"] = list(nlp.pipe(a.text for a in ws.articles))


@_stage("mentions", ["docs", "damage"], ["mentions"])
def _mentions(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.mentions import extract_mentions

    ws.values["mentions"] = [
        extract_mentions(a, d) for a, d in zip(ws.articles, ws.values["docs"])
    ]


@_stage("times", ["docs", "metadata"], ["times"])
def _times(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.times import extract_times

    ws.values["times"] = [extract_times(a, d) for a, d in zip(ws.articles, ws.values["docs"])]


@_stage("quotes", ["docs", "mentions", "damage"], ["quotes"])
def _quotes(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.quotes import extract_quotes

    ws.values["quotes"] = [
        extract_quotes(a, d, m)
        for a, d, m in zip(ws.articles, ws.values["docs"], ws.values["mentions"])
    ]


@_stage("figures", ["docs", "mentions", "times"], ["figures"])
def _figures(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.figures import extract_figures

    ws.values["figures"] = [
        extract_figures(a, d, m)
        for a, d, m in zip(ws.articles, ws.values["docs"], ws.values["mentions"])
    ]


@_stage("resolve", ["docs", "mentions"], ["entities"])
def _resolve(ws: Workspace, nlp: "Language") -> None:
    from newsprism.compare.resolve import resolve_entities

    docs = {a.id: d for a, d in zip(ws.articles, ws.values["docs"])}
    mentions = [m for per_doc in ws.values["mentions"] for m in per_doc]
    ws.values["entities"] = resolve_entities(mentions, docs)


@_stage("link-speakers", ["quotes", "entities"], ["speaker_entities"])
def _link_speakers(ws: Workspace, nlp: "Language") -> None:
    ws.values["quotes"] = [
        [link_speaker(q, ws.values["entities"]) for q in per_doc] for per_doc in ws.values["quotes"]
    ]


def link_speaker(quote: Quote, entities) -> Quote:
    """Point a quote at the entity whose mention covers its speaker's name."""
    span = quote.speaker_span
    if span is None:
        return quote
    best = None
    for entity in entities:
        for m in entity.mentions:
            if m.doc == span.doc and m.start < span.end and span.start < m.end:
                overlap = min(m.end, span.end) - max(m.start, span.start)
                if best is None or overlap > best[0]:
                    best = (overlap, entity.id)
    if best is None:
        return quote
    from dataclasses import replace

    return replace(quote, speaker_entity=best[1])


@_stage("assemble", ["docs", "entities", "speaker_entities", "figures", "times"], ["analysis"])
def _assemble(ws: Workspace, nlp: "Language") -> None:
    flat = lambda key: tuple(x for per_doc in ws.values.get(key, []) for x in per_doc)  # noqa: E731
    ws.values["analysis"] = StoryAnalysis(
        documents=tuple(DocumentInfo.of(a) for a in ws.articles),
        entities=tuple(ws.values["entities"]),
        quotes=flat("quotes"),
        figures=flat("figures"),
        times=flat("times"),
        skipped=tuple(ws.skipped),
    )


@_stage("findings", ["analysis", "docs"], ["findings"])
def _findings(ws: Workspace, nlp: "Language") -> None:
    from dataclasses import replace

    from newsprism.compare.findings import find

    if ws.embedder is None:
        from newsprism.compare.embed import default_embedder

        ws.embedder = default_embedder()
    analysis = ws.values["analysis"]
    docs = {a.id: d for a, d in zip(ws.articles, ws.values["docs"])}
    ws.values["analysis"] = replace(analysis, findings=find(analysis, docs, ws.embedder))


CORE_STAGES: tuple[Stage, ...] = (
    _clean,
    _metadata,
    _parse,
    _mentions,
    _times,
    _quotes,
    _figures,
    _resolve,
    _link_speakers,
    _assemble,
)
# the full analysis: the core extraction plus the cross-outlet findings
DEFAULT_STAGES: tuple[Stage, ...] = CORE_STAGES + (_findings,)


def run_pipeline(
    articles: Sequence[Article],
    nlp: "Language",
    skipped: Sequence[Skipped] = (),
    stages: Sequence[Stage] = DEFAULT_STAGES,
    embedder: Any = None,
) -> StoryAnalysis:
    """Run ``stages`` (checked first) over ``articles``; the last must provide ``analysis``."""
    check_order(stages)
    if not any("analysis" in s.provides for s in stages):
        raise PipelineOrderError("no stage provides 'analysis': the pipeline would return nothing")
    ws = Workspace(articles=list(articles), skipped=list(skipped), embedder=embedder)
    if not ws.articles:
        raise NothingToAnalyse(ws.skipped)
    for stage in stages:
        stage.run(ws, nlp)
    return ws.values["analysis"]


def analyze_articles(articles: Sequence[Article], nlp: "Language | None" = None) -> StoryAnalysis:
    """Analyse Article records already in memory (e.g. a stored story) as one story."""
    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    return run_pipeline(articles, nlp)


def analyze(paths: Sequence[str | Path] | str | Path, nlp: "Language | None" = None) -> StoryAnalysis:
    """Read the articles at ``paths`` (files or folders) and analyse them as one story.

    Inputs that cannot be read are listed in ``StoryAnalysis.skipped``; raises
    :class:`NothingToAnalyse` when nothing at all could be read.
    """
    from newsprism.corpus.readers import read_paths

    if isinstance(paths, (str, Path)):
        paths = [paths]
    articles, skipped = read_paths(paths)
    if not articles:
        raise NothingToAnalyse(skipped)
    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    return run_pipeline(articles, nlp, skipped)
