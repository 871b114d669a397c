"""The analysis pipeline: stages that declare what they need and what they add.

Like spaCy's pipeline, the order is checked before anything runs: a stage that
requires something no earlier stage provides is a configuration error, not a
KeyError halfway through a batch.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from newsprism.lexicon import KIN_NOUNS, TITLE_WORDS, title_key
from newsprism.model import (
    Article,
    DocumentInfo,
    Entity,
    Figure,
    Mention,
    Quote,
    Skipped,
    StoryAnalysis,
    Span,
    TimeExpr,
)

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language
    from spacy.tokens import Doc

    from newsprism.attribution.named import Named
    from newsprism.compare.embed import Embedder


class PipelineOrderError(ValueError):
    pass


class NothingToAnalyse(RuntimeError):
    """Raised when every input was skipped; carries what was skipped and why."""

    def __init__(self, skipped: Sequence[Skipped]):
        self.skipped = tuple(skipped)
        super().__init__("no article could be analysed")


@dataclass
class Workspace:
    """What the stages of one analysis share. Lives for one call only.

    Each field is one thing a stage ``requires`` or ``provides``, under the same
    name; a dotted name (``"articles.damage"``) is something a stage adds to the
    records of that field. Per-document lists are parallel to ``articles``.
    """

    articles: list[Article] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    docs: list["Doc"] = field(default_factory=list)
    mentions: list[list[Mention]] = field(default_factory=list)
    times: list[list[TimeExpr]] = field(default_factory=list)
    quotes: list[list[Quote]] = field(default_factory=list)
    figures: list[list[Figure]] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    analysis: StoryAnalysis | None = None
    # the sentence embedder for the findings stage; the static model when None
    embedder: "Embedder | None" = None
    # told (stage name, documents done, documents) as the stages run: at each stage's start
    # and end, and after each document the parse stage finishes (a progress bar)
    progress: "Callable[[str, int, int], None] | None" = None
    # each document's people (attribution.named.Named) by document id, made by the first stage
    # that names people (quotes) and read again by the figures and the claims: no stage's output
    named: "dict[str, Named]" = field(default_factory=dict)

    def tick(self, stage: str, done: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, len(self.articles))

    def docs_by_id(self) -> dict[str, "Doc"]:
        return {a.id: d for a, d in zip(self.articles, self.docs)}

    def named_people(self, k: int) -> "Named":
        """The people document ``k`` names (:class:`newsprism.attribution.named.Named`), made
        once for its parse and mentions."""
        from newsprism.attribution.named import Named

        article, doc, mentions = self.articles[k], self.docs[k], self.mentions[k]
        found = self.named.get(article.id)
        if found is None or not found.holds(article.id, article.text, doc, mentions):
            found = self.named[article.id] = Named(article.id, article.text, doc, mentions)
        return found


WORKSPACE_FIELDS = frozenset(f.name for f in fields(Workspace))


@dataclass(frozen=True)
class Stage:
    name: str
    requires: frozenset[str]
    provides: frozenset[str]
    run: Callable[[Workspace, "Language"], None]

    def writes(self) -> frozenset[str]:
        """The Workspace fields this stage may assign."""
        return frozenset(p.split(".", 1)[0] for p in self.provides)


def check_order(stages: Sequence[Stage], given: Iterable[str] = ("articles",)) -> None:
    available = set(given)
    for stage in stages:
        unknown = {n for n in stage.requires | stage.provides if n.split(".", 1)[0] not in WORKSPACE_FIELDS}
        if unknown:
            raise PipelineOrderError(
                f"stage {stage.name!r} names {sorted(unknown)}, which are not Workspace fields"
            )
        missing = stage.requires - available
        if missing:
            raise PipelineOrderError(
                f"stage {stage.name!r} requires {sorted(missing)}, which no earlier stage provides"
            )
        available |= stage.provides


def _stage(name: str, requires: Iterable[str], provides: Iterable[str]) -> Callable[[Callable[[Workspace, "Language"], None]], Stage]:
    def wrap(fn: Callable[[Workspace, "Language"], None]) -> Stage:
        return Stage(name, frozenset(requires), frozenset(provides), fn)

    return wrap


@_stage("clean", ["articles"], ["articles.damage"])
def _clean(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.clean import mark_damage

    ws.articles = [mark_damage(a) for a in ws.articles]


@_stage("metadata", ["articles.damage"], ["articles.metadata"])
def _metadata(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.metadata import infer_metadata

    ws.articles = [infer_metadata(a) for a in ws.articles]


@_stage("parse", ["articles.damage"], ["docs"])
def _parse(ws: Workspace, nlp: "Language") -> None:
    docs = []
    for doc in nlp.pipe(a.text for a in ws.articles):
        docs.append(doc)
        ws.tick("parse", len(docs))
    ws.docs = docs


@_stage("mentions", ["docs", "articles.damage"], ["mentions"])
def _mentions(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.mentions import extract_mentions

    ws.mentions = [extract_mentions(a, d) for a, d in zip(ws.articles, ws.docs)]


@_stage("times", ["docs", "articles.metadata"], ["times"])
def _times(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.times import extract_times

    ws.times = [extract_times(a, d) for a, d in zip(ws.articles, ws.docs)]


@_stage("quotes", ["docs", "mentions", "articles.damage"], ["quotes"])
def _quotes(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.quotes import extract_quotes

    ws.quotes = [extract_quotes(a, d, m, ws.named_people(k))
                 for k, (a, d, m) in enumerate(zip(ws.articles, ws.docs, ws.mentions))]


@_stage("figures", ["docs", "mentions", "times"], ["figures"])
def _figures(ws: Workspace, nlp: "Language") -> None:
    from newsprism.extract.figures import extract_figures

    ws.figures = [extract_figures(a, d, m, ws.named_people(k))
                  for k, (a, d, m) in enumerate(zip(ws.articles, ws.docs, ws.mentions))]


@_stage("resolve", ["docs", "mentions"], ["entities"])
def _resolve(ws: Workspace, nlp: "Language") -> None:
    from newsprism.compare.resolve import resolve_entities

    mentions = [m for per_doc in ws.mentions for m in per_doc]
    ws.entities = list(resolve_entities(mentions, ws.docs_by_id()))


@_stage("link-speakers", ["quotes", "entities"], ["quotes.speaker_entity", "entities.type"])
def _link_speakers(ws: Workspace, nlp: "Language") -> None:
    from newsprism.compare.resolve import type_speakers

    ws.quotes = [[link_speaker(q, ws.entities) for q in per_doc] for per_doc in ws.quotes]
    speaking = {q.speaker_entity for per_doc in ws.quotes for q in per_doc if q.speaker_entity}
    ws.entities = type_speakers(ws.entities, speaking)  # a speaker is a person or an organisation


def link_speaker(quote: Quote, entities: Iterable[Entity]) -> Quote:
    """Point a quote at the entity whose mention covers its speaker's name, up to the name's
    last word: "one Trump campaign source", "Sanders’ campaign manager" and "Ryan’s office"
    are not Trump, Sanders or Ryan (a mention only of a word that qualifies the speaker); an
    organisation after "for" / "of" is the exception ("a spokesman for the State Department")."""
    span = quote.speaker_span
    if span is None or _named_together(span, entities):
        return quote
    last = span.start + len(_POSSESSIVE_END.sub("", speaker_head(span.text)))  # where the name's last word ends
    best: tuple[int, str] | None = None
    for entity in entities:
        for m in entity.mentions:
            if m.doc == span.doc and m.start < span.end and span.start < m.end and not _only_qualifies(m, span, entity.type) \
                    and (m.start < last <= m.end or (entity.type == "ORG" and _word_before(m, span) in ("for", "of"))
                         or (entity.type == "NORP" and _members(m, span))):
                overlap = min(m.end, span.end) - max(m.start, span.start)
                if best is None or overlap > best[0]:
                    best = (overlap, entity.id)
    if best is None:
        return _link_by_name(quote, entities)
    return replace(quote, speaker_entity=best[1])


def _named_together(span: Span, entities: Iterable[Entity]) -> bool:
    """A speaker written as two people or more joined by "and" ("Mr. Udall and Mr. Wyden"): they
    speak together, so the words are neither one's alone (no entity is the speaker)."""
    if " and " not in span.text:
        return False
    inside = {e.id for e in entities if e.type == "PERSON" for m in e.mentions
              if m.doc == span.doc and span.start <= m.start and m.end <= span.end}
    return len(inside) > 1


_PREPOSITIONS = frozenset({"in", "of", "at", "from", "for", "with", "on", "near", "by", "to", "inside",
                           "outside", "across", "around", "within", "behind", "close"})
_ARTICLES = frozenset({"the", "a", "an"})


def _only_qualifies(mention: Mention, speaker: Span, entity_type: str) -> bool:
    """A name inside the speaker's phrase that is not who speaks: the object of a preposition
    ("Rebel forces in Aleppo", "a lawyer for Mr. Trump", "residents of Syracuse") or a
    possessor ("Clinton's lawyer"). An organisation after "for" / "of" is kept: its
    spokesman or its head speaks for it ("a spokesman for the State Department")."""
    after = speaker.text[max(0, mention.end - speaker.start):]
    if after[:2] in ("'s", "\u2019s") or after[:1] in ("'", "\u2019"):
        return True
    before = _word_before(mention, speaker)
    if before not in _PREPOSITIONS:
        return False
    return not (entity_type == "ORG" and before in ("for", "of"))


def _members(mention: Mention, speaker: Span) -> bool:
    """A group's name right before the plural noun that ends the speaker's head phrase
    ("Republican senators", "Some Democratic lawmakers"): its members speak, under the group."""
    head = speaker_head(speaker.text)
    between = head[max(0, mention.end - speaker.start):].split()
    return len(between) == 1 and between[0].islower() and between[0].endswith("s")


def _word_before(mention: Mention, speaker: Span) -> str:
    """The word of the speaker's phrase before a mention inside it, past "the" and a title
    ("a lawyer for Mr. Trump" -> "for"); "" when the mention opens the phrase."""
    before = speaker.text[: max(0, mention.start - speaker.start)].split()
    while before and (before[-1].lower() in _ARTICLES or (before[-1].endswith(".") and before[-1][:1].isupper()
                                                           and len(before[-1]) <= 5)):
        before.pop()  # "the", a title ("for Mr. Trump")
    return before[-1].lower() if before else ""


_POSSESSIVE_END = re.compile(r"(?:['’]s?)?[\s.,;:]*$")
# a common noun's phrase after it ("Attorneys for Clinton", "a woman in Worcester", "one of
# those advisers"): the noun before it is the speaker; a name's own "of" stays ("University of
# Florida", "The Council on American-Islamic Relations ... Director Nihad Awad")
_PHRASE_AFTER_NOUN = re.compile(r"^(?:\S+|.*?\b[a-z][\w’'-]*)(?=\s+(?:of|for|from|in|at|with|to|on|by|near|inside)\s)")


def speaker_head(text: str) -> str:
    """A speaker's phrase up to its head word: before the phrase a common noun takes after it
    (a title's own "of" stays: "Secretary of State John F. Kerry")."""
    found = _PHRASE_AFTER_NOUN.match(text)
    if found is None or title_key(found.group(0)) in TITLE_WORDS:
        return text
    return found.group(0)


def _link_by_name(quote: Quote, entities: Iterable[Entity]) -> Quote:
    """A speaker's name that no entity mention covers (NER missed "Sanders" in "Sanders says
    ...") is the person or organisation named in the quote's own document whose name ends with
    it, when only one does. Two candidates ("Khan": a husband, a wife), or none in that
    document: no link."""
    words = (quote.speaker or "").split()
    if not words or not all(w[:1].isupper() for w in words):
        return quote

    def ends_with_speaker(name: str) -> bool:
        tail = name.split()[-len(words):]
        return len(name.split()) >= len(words) and tail == words

    named = [e for e in entities if e.type in ("PERSON", "ORG") and any(ends_with_speaker(v) for v in (e.name, *e.variants))]
    here = [e for e in named if any(m.doc == quote.doc for m in e.mentions)]
    if len(here) > 1:
        # "Mattioli praised the NRA" beside Mark Mattioli and "his son, James Mattioli": the one whose
        # entity the resolver gave that document's other mentions of the name as written
        written = [e for e in here if any(m.doc == quote.doc and m.text == quote.speaker for m in e.mentions)]
        # ... else the one not named only as someone's relative, as a surname alone is resolved
        here = written or [e for e in here if not _only_a_relative(e)]
    return replace(quote, speaker_entity=here[0].id) if len(here) == 1 else quote


_POSSESSORS = frozenset("whose his her their its".split())


def _only_a_relative(entity: Entity) -> bool:
    """An entity described only as somebody's relative: kin nouns with a possessor ("whose
    6-year-old son, James Mattioli", "her husband, Frank Fiorina"); "the father" says what he is."""
    words = [d.text.split() for d in entity.descriptors if d.text.split()]
    return bool(words) and all(
        re.sub(r"\W", "", w[-1].lower()) in KIN_NOUNS and (w[0].lower() in _POSSESSORS or re.search(r"['’]s?$", w[0]))
        for w in words)


def fold_wire_families(documents: Sequence[DocumentInfo]) -> tuple[DocumentInfo, ...]:
    """One copy family per news agency: a text that carries an agency's marks ("WASHINGTON
    (Reuters) -", "By ..., Associated Press") is that agency's reporting whichever outlet ran
    it, so in a corpus story the corpus copy families holding one agency's texts are folded
    into ``wire:<agency>`` (a near-verbatim copy without the dateline goes with its family).
    A family holding two agencies' texts is left as it is (unknown beats wrong)."""
    agencies: dict[str, set[str]] = {}
    for d in documents:
        if d.wire and d.copy_family and not d.copy_family.startswith("wire:"):
            agencies.setdefault(d.copy_family, set()).add(d.wire)
    if not agencies:
        return tuple(documents)
    out = []
    for d in documents:
        found = agencies.get(d.copy_family or "", set())
        if len(found) == 1:
            d = replace(d, copy_family=f"wire:{next(iter(found))}")
        out.append(d)
    return tuple(out)


@_stage("assemble", ["docs", "entities", "quotes.speaker_entity", "figures", "times"], ["analysis"])
def _assemble(ws: Workspace, nlp: "Language") -> None:
    ws.analysis = StoryAnalysis(
        documents=fold_wire_families([DocumentInfo.of(a) for a in ws.articles]),
        entities=tuple(ws.entities),
        quotes=tuple(q for per_doc in ws.quotes for q in per_doc),
        figures=tuple(f for per_doc in ws.figures for f in per_doc),
        times=tuple(t for per_doc in ws.times for t in per_doc),
        skipped=tuple(ws.skipped),
    )


@_stage("findings", ["analysis", "docs"], ["analysis.findings"])
def _findings(ws: Workspace, nlp: "Language") -> None:
    from newsprism.compare.embed import default_embedder
    from newsprism.compare.findings import find

    assert ws.analysis is not None  # check_order: "assemble" ran
    embedder = ws.embedder if ws.embedder is not None else default_embedder()
    ws.analysis = replace(ws.analysis, findings=find(ws.analysis, ws.docs_by_id(), embedder, named=ws.named))


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
    embedder: "Embedder | None" = None,
    progress: "Callable[[str, int, int], None] | None" = None,
) -> StoryAnalysis:
    """Run ``stages`` (checked first) over ``articles``; the last must provide ``analysis``.
    ``progress(stage, done, total)`` is told how far it is (:attr:`Workspace.progress`)."""
    check_order(stages)
    if not any("analysis" in s.provides for s in stages):
        raise PipelineOrderError("no stage provides 'analysis': the pipeline would return nothing")
    from newsprism.model import too_long, without_surrogates

    # a lone surrogate (from a JSON escape) cannot be encoded by spaCy, SQLite or any writer;
    # a text over spaCy's limit is skipped with the reason, never a traceback
    kept = [a for a in articles if too_long(a) is None]
    over = [Skipped(a.path or a.id, str(too_long(a))) for a in articles if too_long(a) is not None]
    ws = Workspace(articles=[without_surrogates(a) for a in kept], skipped=[*skipped, *over], embedder=embedder,
                   progress=progress)
    if not ws.articles:
        raise NothingToAnalyse(ws.skipped)
    run_stages(ws, stages, nlp)
    assert ws.analysis is not None
    return ws.analysis


def run_stages(ws: Workspace, stages: Sequence[Stage], nlp: "Language") -> None:
    """Run ``stages`` in order on ``ws``; a stage that assigns a field it does not
    declare in ``provides`` is a programming error, caught here, not downstream."""
    from contextlib import ExitStack

    from newsprism.nlp import collector_paused, one_blas_thread

    # every stage runs with the cyclic collector paused (nlp.collector_paused), from the first
    # to the last: paused per stage, it collected once after each stage, over everything the
    # stage had made; during the parse its passes over the model and the vocabulary cost ~2 %
    # of spaCy's CPU (it runs again when the last stage ends). The stages after the parse
    # run with BLAS on one thread (nlp.one_blas_thread); the parse runs BLAS as spaCy does.
    after_parse = not any(stage.name == "parse" for stage in stages)
    with ExitStack() as limits:
        limits.enter_context(collector_paused())
        limited = False
        for stage in stages:
            if after_parse and not limited:
                limits.enter_context(one_blas_thread())
                limited = True
            _run_stage(ws, stage, nlp)
            after_parse = after_parse or stage.name == "parse"


def _run_stage(ws: Workspace, stage: Stage, nlp: "Language") -> None:
    before = {name: id(getattr(ws, name)) for name in WORKSPACE_FIELDS}
    ws.tick(stage.name, 0)
    stage.run(ws, nlp)
    ws.tick(stage.name, len(ws.articles))
    wrote = {name for name in WORKSPACE_FIELDS if id(getattr(ws, name)) != before[name]}
    if wrote - stage.writes():
        raise PipelineOrderError(
            f"stage {stage.name!r} assigned {sorted(wrote - stage.writes())}, which it does not provide"
        )


def analyze_articles(articles: Sequence[Article], nlp: "Language | None" = None) -> StoryAnalysis:
    """Analyse Article records already in memory (e.g. a stored story) as one story."""
    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    return run_pipeline(articles, nlp)


# read by the corpus readers (as `ingest` reads them), not by corpus.readers.read_paths
_CORPUS_SUFFIXES = (".csv", ".parquet", ".json", ".xml", ".rss", ".atom")


def read_inputs(
    paths: Sequence[str | Path] | str | Path, mapping: "Mapping[str, str] | str | None" = None
) -> tuple[list[Article], list[Skipped]]:
    """The articles at ``paths`` and what could not be read: ``.txt/.html/.jsonl`` files and
    folders through :func:`newsprism.corpus.readers.read_paths`; ``.csv``/``.parquet``
    (``mapping``), news-please ``.json`` and feed files as ``ingest`` reads them."""
    from newsprism.corpus.readers import read_paths

    if isinstance(paths, (str, Path)):
        paths = [paths]
    plain = [p for p in paths if Path(p).suffix.lower() not in _CORPUS_SUFFIXES]
    articles, skipped = read_paths(plain) if plain else ([], [])
    tables = [p for p in paths if Path(p).suffix.lower() in _CORPUS_SUFFIXES]
    if tables:
        from newsprism.corpus.corpus import iter_inputs

        for item in iter_inputs(tables, mapping):
            if isinstance(item, Article):
                articles.append(item)
            else:
                skipped.append(item)
    return articles, skipped


def analyze(
    paths: Sequence[str | Path] | str | Path,
    nlp: "Language | None" = None,
    mapping: "Mapping[str, str] | str | None" = None,
) -> StoryAnalysis:
    """Read the articles at ``paths`` (files or folders) and analyse them as one story.

    Reads what ``ingest`` reads: ``.txt/.html/.jsonl`` and folders of them, and also
    ``.csv``/``.parquet`` tables (``mapping`` names their columns, e.g.
    ``"text=content,outlet=publication"``), news-please ``.json`` and RSS/Atom feed files.
    Inputs that cannot be read are listed in ``StoryAnalysis.skipped``; raises
    :class:`NothingToAnalyse` when nothing at all could be read.
    """
    articles, skipped = read_inputs(paths, mapping)
    if not articles:
        raise NothingToAnalyse(skipped)
    if nlp is None:
        from newsprism.nlp import load_pipeline

        nlp = load_pipeline()
    return run_pipeline(articles, nlp, skipped)
