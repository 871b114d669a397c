"""Typed, immutable records. Everything downstream of an Article points back
into its text with character offsets: ``article.text[start:end] == text``.

Records serialise with :func:`to_jsonable`, which is the JSON contract
(docs/json-contract.md). Field names are the contract: rename nothing lightly.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from types import MappingProxyType
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping, get_args


# ---------------------------------------------------------------- closed vocabularies
# Each is the complete set of values a field may hold; the JSON carries the value as is.
# Adding a value is a contract change (docs/json-contract.md, tests/snapshots/).

DamageKind = Literal["stripped-token", "split-abbreviation"]
# where Article.outlet came from
OutletSource = Literal[
    "manifest",  # the folder's articles.csv / articles.jsonl
    "jsonl",  # the record's own "outlet" field
    "credit-line",  # the text's wire dateline or credit line (extract/metadata.py)
    "caption-credit",  # a photo caption crediting a newspaper
    "page-address",  # the page's address the text opens with (extract/metadata.py)
    "html-meta",  # the page's site name (trafilatura)
    "feed",  # the RSS/Atom feed's title
    "news-please",  # news-please's source_domain
    "table",  # a CSV/Parquet column
    "store",  # read back from a corpus file
]
FigureUnit = Literal["time", "duration", "age", "percent", "money", "fraction", "people", "count"]
FindingKind = Literal["corroborated", "conflict", "single-source", "shared-quote", "timeline", "dispute"]
ConflictSlot = Literal["figure", "duration", "role", "identity", "demand", "date", "place", "agent"]
# conflicts are between outlets; disputes are between parties inside the reports
Between = Literal["outlets", "parties"]
SummaryBackend = Literal["extractive", "llm"]
# how a claim supports a fact: it states it, or shares only part of it (never corroboration)
Strength = Literal["same fact", "partly"]
FramingKind = Literal["label", "evaluative"]


def _closed(record: object, name: str, vocabulary: Any, optional: bool = True) -> None:
    value = getattr(record, name)
    if (value is None and optional) or value in get_args(vocabulary):
        return
    raise ValueError(
        f"{type(record).__name__}.{name}={value!r} is not one of {list(get_args(vocabulary))}"
    )


__all__ = [
    "outlet_key",
    "Between",
    "ConflictSlot",
    "DamageKind",
    "FigureUnit",
    "FindingKind",
    "OutletSource",
    "SummaryBackend",
    "Strength",
    "FramingKind",
    "Support",
    "Fact",
    "Label",
    "Framing",
    "SharedText",
    "Version",
    "CountedFigure",
    "FigureComparison",
    "Finding",
    "Referent",
    "FactHeadline",
    "Omission",
    "SummarySentence",
    "Findings",
    "Span",
    "Article",
    "Damage",
    "Mention",
    "Entity",
    "Quote",
    "Figure",
    "TimeExpr",
    "Skipped",
    "DocumentInfo",
    "StoryAnalysis",
    "to_jsonable",
    "without_surrogates",
    "too_long",
    "MAX_ARTICLE_CHARS",
    "from_jsonable",
]

# A record field added after its schema_version was published: optional in the JSON Schema, so
# a report written before the field existed (same schema_version) still validates.
ADDED_IN_SCHEMA_2: Mapping[str, int] = MappingProxyType({"added_in_schema_version": 2})


@dataclass(frozen=True, slots=True)
class Span:
    """A cited stretch of one document's text."""

    doc: str
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Damage:
    """A place where the source text lost tokens (e.g. a stripped name).

    ``kind`` says what was detected; the gap itself is never filled in.
    """

    doc: str
    start: int
    end: int
    text: str
    kind: DamageKind

    def __post_init__(self) -> None:
        _closed(self, "kind", DamageKind, optional=False)


@dataclass(frozen=True)
class Article:
    """One news report, as read. ``text`` is never changed after reading."""

    id: str
    text: str
    title: str | None = None
    outlet: str | None = None
    outlet_evidence: Span | None = None
    outlet_source: OutletSource | None = None
    published: str | None = None  # ISO 8601 date or datetime, as given
    url: str | None = None
    authors: tuple[str, ...] = ()
    dateline: str | None = None
    dateline_span: Span | None = None
    path: str | None = None
    damage: tuple[Damage, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)
    # the corpus copy family (near-verbatim copies of one report share it); None outside a corpus
    copy_family: str | None = None

    def __post_init__(self) -> None:
        _closed(self, "outlet_source", OutletSource)

    @property
    def damaged(self) -> bool:
        return bool(self.damage)


@dataclass(frozen=True, slots=True)
class Mention:
    """A named mention in one document, optionally resolved to an entity."""

    doc: str
    start: int
    end: int
    text: str
    label: str  # spaCy NER label: PERSON, ORG, GPE, NORP, LOC, FAC, ...


@dataclass(frozen=True)
class Entity:
    """One real-world thing across all documents of a story."""

    id: str
    name: str  # canonical (longest well-formed) name
    type: str
    variants: tuple[str, ...]
    mentions: tuple[Mention, ...]
    descriptors: tuple[Span, ...] = ()  # appositives/roles that helped resolve it ("the accountant")


@dataclass(frozen=True)
class Quote:
    """A direct quote. ``start:end`` is the quoted text without its marks."""

    doc: str
    start: int
    end: int
    text: str
    speaker: str | None  # the speaker as the report names them
    speaker_span: Span | None = None  # where that name is written
    speaker_entity: str | None = None  # Entity.id after cross-document resolution
    cue: Span | None = None  # "said", "wrote", "told", ...
    partial: bool = False  # a fragment woven into the reporter's sentence
    note: str | None = None  # e.g. "speaker's name lost in damaged text"


@dataclass(frozen=True)
class Figure:
    """A number with what it counts and who gives it."""

    doc: str
    start: int
    end: int
    text: str
    value: float | int | str  # numbers as numbers; clock times as "HH:MM"
    qualifier: str | None = None  # "more than", "nearly", "over", "about", ...
    counts: str | None = None  # what is counted, words from the text
    counts_span: Span | None = None
    source: str | None = None  # who gives the figure, as named in the text
    source_span: Span | None = None
    unit: FigureUnit | None = None

    def __post_init__(self) -> None:
        _closed(self, "unit", FigureUnit)


@dataclass(frozen=True)
class TimeExpr:
    """A date/time expression, resolved against the publication date if known."""

    doc: str
    start: int
    end: int
    text: str
    resolved: str | None  # ISO date ("2016-12-14") or datetime, None when unknown
    part_of_day: str | None = None  # "morning", "night", "dawn", "early", ...
    anchor: str | None = None  # what it was resolved against ("published 2016-12-14")


@dataclass(frozen=True)
class Skipped:
    """An input that could not be analysed, and why. Never dropped silently."""

    path: str
    reason: str
    line: int | None = None

    def message(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class DocumentInfo:
    id: str
    outlet: str | None
    outlet_source: OutletSource | None
    outlet_evidence: Span | None
    dateline: str | None
    published: str | None
    damaged: bool
    damage: tuple[Damage, ...]
    title: str | None
    url: str | None
    authors: tuple[str, ...]
    path: str | None
    text: str  # the source text every span of this document points into
    # the corpus copy family (wire copies share one; from `newsprism ingest`), None outside a corpus
    copy_family: str | None = None
    # SHA-256 of ``text`` (UTF-8): `newsprism check` refuses a text changed after the analysis
    sha256: str | None = None
    # what had to be detected or guessed reading it (an encoding, a date), or could not be read
    notes: tuple[str, ...] = ()
    # the news agency whose copy the text is (its own wire dateline, byline, credit line or
    # sign-off: extract/metadata.find_wire), whoever published it, and the mark's citation
    wire: str | None = None
    wire_evidence: Span | None = None

    def source_text(self) -> str:
        return self.text

    @classmethod
    def of(cls, article: Article) -> "DocumentInfo":
        wire = article.meta.get("wire")
        wire_evidence = None
        if isinstance(wire, Mapping) and isinstance(wire.get("start"), int) and isinstance(wire.get("end"), int):
            start, end = wire["start"], wire["end"]
            wire_evidence = Span(article.id, start, end, article.text[start:end])
        agency = str(wire["agency"]) if isinstance(wire, Mapping) and wire.get("agency") else None
        return cls(
            id=article.id,
            outlet=article.outlet,
            outlet_source=article.outlet_source,
            outlet_evidence=article.outlet_evidence,
            dateline=article.dateline,
            published=article.published,
            damaged=article.damaged,
            damage=article.damage,
            title=article.title,
            url=article.url,
            authors=article.authors,
            path=article.path,
            text=article.text,
            # outside a corpus, the documents carrying one agency's marks are its copies: one report
            copy_family=article.copy_family or (f"wire:{agency}" if agency else None),
            sha256=hashlib.sha256(article.text.encode("utf-8", "surrogatepass")).hexdigest(),
            notes=tuple(str(n) for n in (article.meta.get("notes") or ())),
            wire=agency,
            wire_evidence=wire_evidence,
        )


# ---------------------------------------------------------------- findings (per story)


@dataclass(frozen=True)
class SharedText:
    """Near-verbatim text two documents share: one source, not two."""

    docs: tuple[str, str]
    citations: tuple[Span, Span]
    containment: float  # share of the shorter text's shingles found in the other


@dataclass(frozen=True)
class Version:
    """One side of a conflict, or one outlet's wording of a shared quote."""

    docs: tuple[str, ...]
    value: str  # words from the text (or a normalised value, e.g. "14 days")
    citations: tuple[Span, ...]
    attributed_to: str | None = None


@dataclass(frozen=True)
class Support:
    """One claim supporting a fact, and how it matches the fact: ``"same fact"``
    (its core arguments agree: the same actors/figures and a compatible
    predicate) or ``"partly"`` (on the same topic, sharing only part of it).
    Partly supports never count toward corroboration."""

    claim: str  # Claim.id
    citation: Span
    strength: Strength

    def __post_init__(self) -> None:
        _closed(self, "strength", Strength, optional=False)


@dataclass(frozen=True)
class Fact:
    """A proposition the story's documents state: the claims that state it
    partition the claims (a claim supports at most one fact)."""

    id: str  # "F1"
    headline: Span  # a complete sentence of one document, verbatim
    outlet: str | None  # whose wording the headline is
    support: tuple[Support, ...]
    docs: tuple[str, ...]  # documents that state it ("same fact" support)
    sources: int  # independent sources among them (copies and copy families count once)
    actors: tuple[str, ...] = ()  # Entity.id of the people/organisations it names
    figures: tuple[str, ...] = ()  # the figures it gives, as written
    importance: float = 0.0  # lead position, named sources, figures, quotes (single-source ranking)
    # why claims no alignment linked state it (newsprism.compare.fact_anchors): the quote, figure
    # or actor/action/target they share ("the same quote of Bernie Sanders: “very hard”"); None otherwise
    anchor: str | None = None
    # a side fact (newsprism.compare.side_facts: who someone is, told in passing) as a sentence
    # written from the cited words of one report ("Liz Cheney is a Wyoming Senate candidate."),
    # the headline being that name and description as the report words them; None otherwise
    statement: str | None = None


@dataclass(frozen=True)
class Label:
    """How one document labels an entity or event, or an evaluative sentence it carries."""

    doc: str
    outlet: str | None
    label: str  # words from the text
    citations: tuple[Span, ...]


@dataclass(frozen=True)
class Framing:
    """A framing difference: the labels outlets choose for the same entity
    ("dictator" vs "leader"), or an evaluative sentence only some carry."""

    id: str  # "R1"
    kind: FramingKind
    about: str
    labels: tuple[Label, ...]
    docs: tuple[str, ...]
    citations: tuple[Span, ...]

    def __post_init__(self) -> None:
        _closed(self, "kind", FramingKind, optional=False)


@dataclass(frozen=True)
class CountedFigure:
    """One outlet's figure and what it counts, in words from its text."""

    doc: str
    outlet: str | None
    value: str  # the figure as written ("more than 150")
    counts: str  # what it counts ("migrants"), with the day or group that sets it apart ("(Wednesday)")
    citations: tuple[Span, ...]  # the figure, then the words naming what it counts


@dataclass(frozen=True)
class FigureComparison:
    """Figures of several outlets that look alike (one unit, other values, told among
    the same words) but count different things: no conflict, and the reader sees why."""

    id: str  # "N1"
    about: str
    figures: tuple[CountedFigure, ...]
    docs: tuple[str, ...]
    citations: tuple[Span, ...]


@dataclass(frozen=True)
class Referent:
    """Who a headline's opening pronoun ("He estimated ...") names, read from its own report:
    the one person named in the sentences just before it. The headline stays verbatim."""

    pronoun: Span  # the headline's first word
    name: str  # the person's name as the report writes it (``citations[0].text``)
    citations: tuple[Span, ...]  # the name's fullest mention before the headline, then the nearest one


@dataclass(frozen=True)
class Finding:
    id: str  # "C1" corroborated, "X1" conflict, "S1" single source, "Q1" shared quote, "T1" timeline, "D1" dispute
    kind: FindingKind
    about: str
    docs: tuple[str, ...]
    citations: tuple[Span, ...]
    claims: tuple[str, ...] = ()  # Claim.id
    versions: tuple[Version, ...] = ()
    sources: int = 0  # independent sources: documents sharing copied text count once
    slot: ConflictSlot | None = None  # conflicts only
    between: Between | None = None  # conflicts: "outlets"; disputes: "parties"
    wording_differs: bool | None = None  # shared quotes
    when: str | None = None  # timeline: resolved date/time, None when the text gives none
    order_key: str | None = None  # timeline: how it was ordered
    fact: str | None = None  # corroborated / single-source: the Fact.id it presents
    outlet: str | None = None  # corroborated / single-source: whose wording ``about`` is
    support: tuple[Support, ...] = ()  # corroborated: every supporting claim with its match strength
    # corroborated / single-source: who the headline's opening pronoun names
    referent: Referent | None = field(default=None, metadata=ADDED_IN_SCHEMA_2)
    # single-source: the id of the item above (corroborated, conflict, dispute) printing the sentence all
    # its citations lie in — a left-over clause the reports do not show (compare.repeated_clauses)
    repeats: str | None = field(default=None, metadata=ADDED_IN_SCHEMA_2)

    def __post_init__(self) -> None:
        _closed(self, "kind", FindingKind, optional=False)
        _closed(self, "slot", ConflictSlot)
        _closed(self, "between", Between)


@dataclass(frozen=True)
class FactHeadline:
    """A corroborated finding named by its headline, where a list gives its id."""

    id: str  # Finding.id
    about: str  # that finding's ``about``


@dataclass(frozen=True)
class Omission:
    """What one outlet leaves out of the facts the others corroborate. A fact it tells only in
    part (one of its claims supports the fact "partly") is in ``partly``, not left out."""

    doc: str
    outlet: str | None
    carries: tuple[str, ...]  # Finding.id
    omits: tuple[str, ...]
    partly: tuple[str, ...] = ()
    # each fact of ``omits``, then of ``partly``, with its headline: a reader of the list needs no lookup
    headlines: tuple[FactHeadline, ...] = field(default=(), metadata=ADDED_IN_SCHEMA_2)


@dataclass(frozen=True)
class SummarySentence:
    text: str  # a claim's exact text
    citations: tuple[Span, ...]
    findings: tuple[str, ...]


@dataclass(frozen=True)
class Findings:
    corroborated: tuple[Finding, ...] = ()
    conflicts: tuple[Finding, ...] = ()
    single_source: tuple[Finding, ...] = ()
    omissions: tuple[Omission, ...] = ()
    shared_quotes: tuple[Finding, ...] = ()
    timeline: tuple[Finding, ...] = ()
    summary: tuple[SummarySentence, ...] = ()
    disputes: tuple[Finding, ...] = ()
    shared_text: tuple[SharedText, ...] = ()  # near-verbatim copies between outlets
    facts: tuple[Fact, ...] = ()  # every fact (multi- and single-document), each claim in at most one
    framing: tuple[Framing, ...] = ()  # labels and evaluative sentences that differ between outlets
    figures_compared: tuple[FigureComparison, ...] = ()  # figures that look alike but count different things


@dataclass(frozen=True)
class StoryAnalysis:
    """The cited cross-outlet analysis of one story."""

    documents: tuple[DocumentInfo, ...]
    entities: tuple[Entity, ...]
    quotes: tuple[Quote, ...]
    figures: tuple[Figure, ...]
    times: tuple[TimeExpr, ...]
    skipped: tuple[Skipped, ...] = ()
    findings: Findings | None = None  # cross-outlet findings; None when not computed
    # who wrote findings.summary: "extractive" (claims' own sentences) or "llm" (checked, see llm_summary.py)
    summary_backend: SummaryBackend = "extractive"
    summary_note: str | None = None  # why a requested LLM summary was not used
    schema_version: int = 2

    def entity(self, entity_id: str) -> Entity | None:
        return next((e for e in self.entities if e.id == entity_id), None)

    def document(self, doc_id: str) -> DocumentInfo:
        return next(d for d in self.documents if d.id == doc_id)

    def source_text(self, doc_id: str) -> str:
        return self.document(doc_id).text

    def __post_init__(self) -> None:
        _closed(self, "summary_backend", SummaryBackend, optional=False)

    def to_dict(self) -> dict[str, Any]:
        return to_jsonable(self)

    def __repr__(self) -> str:  # the default holds every source text: 188 KB in a notebook
        f = self.findings
        found = (
            f", {len(f.corroborated)} corroborated, {len(f.conflicts)} conflicts, {len(f.single_source)} single-source"
            if f is not None
            else ""
        )
        return (
            f"<StoryAnalysis {len(self.documents)} documents, {len(self.entities)} entities, "
            f"{len(self.quotes)} quotes, {len(self.figures)} figures, {len(self.times)} times{found}"
            + (f", {len(self.skipped)} skipped" if self.skipped else "")
            + ">"
        )

    def _repr_html_(self) -> str:
        """The brief, for Jupyter: counts, the cited summary and the documents (text escaped)."""
        from html import escape

        parts = [f"<p><b>{escape(repr(self))}</b></p>"]
        if self.findings is not None and self.findings.summary:
            items = "".join(
                f"<li>{escape(s.text)} <small>"
                + " ".join(escape(f"[{c.doc}:{c.start}-{c.end}]") for c in s.citations)
                + "</small></li>"
                for s in self.findings.summary
            )
            parts.append(f"<p>Summary (every sentence cited)</p><ul>{items}</ul>")
        rows = "".join(
            f"<tr><td>{escape(d.id)}</td><td>{escape(d.outlet or 'unknown')}</td><td>{escape(d.published or '')}</td>"
            f"<td>{escape(d.title or '')}</td></tr>"
            for d in self.documents
        )
        parts.append(f"<table><tr><th>id</th><th>outlet</th><th>published</th><th>title</th></tr>{rows}</table>")
        return "".join(parts)

    TABLES = ("documents", "entities", "quotes", "figures", "times", "findings")

    def table(self, name: str) -> list[dict[str, Any]]:
        """One of :data:`TABLES` as flat rows (citations as ``doc``/``start``/``end``)."""
        if name == "documents":
            return [{k: v for k, v in to_jsonable(d).items() if k not in ("text", "damage")} for d in self.documents]
        if name == "entities":
            return [
                {"id": e.id, "name": e.name, "type": e.type, "variants": list(e.variants), "mentions": len(e.mentions),
                 "documents": len({m.doc for m in e.mentions})}
                for e in self.entities
            ]
        if name in ("quotes", "figures", "times"):
            rows = []
            for record in getattr(self, name):
                row = {k: v for k, v in to_jsonable(record).items() if not isinstance(v, dict)}
                if name == "figures":  # numbers and clock times ("01:00") in one column: as text
                    value = row["value"]
                    row["number"] = (float(value) if abs(value) < 1e308 else None) if isinstance(value, (int, float)) else None
                    row["value"] = str(value)
                rows.append(row)
            return rows
        if name == "findings":
            rows = []
            if self.findings is not None:
                for key in ("corroborated", "conflicts", "single_source", "shared_quotes", "timeline", "disputes"):
                    for item in getattr(self.findings, key):
                        rows.append({"id": item.id, "kind": item.kind, "about": item.about, "docs": list(item.docs),
                                     "sources": item.sources, "citations": len(item.citations)})
            return rows
        raise ValueError(f"unknown table {name!r}; choose one of {', '.join(self.TABLES)}")

    def to_pandas(self, name: str = "quotes") -> Any:
        """A table (see :meth:`table`) as a pandas DataFrame (needs pandas installed)."""
        try:
            import pandas as pd  # type: ignore[import-untyped]
        except ImportError as exc:
            raise ImportError("to_pandas() needs pandas: pip install pandas") from exc
        return pd.DataFrame(self.table(name))

    def to_arrow(self, name: str = "quotes") -> Any:
        """A table (see :meth:`table`) as a pyarrow Table."""
        import pyarrow as pa

        return pa.Table.from_pylist(self.table(name))


# The most characters one article may have (spaCy's own limit, nlp.max_length): a longer text
# is skipped with this reason at ingest and analyze (a 50 MB "article" is not a news report).
MAX_ARTICLE_CHARS = 1_000_000
# a text or HTML file larger than this is not read at all (skipped by its size)
MAX_FILE_BYTES = 20 * 1024 * 1024


def too_long(article: "Article") -> str | None:
    """Why ``article`` is too long to analyse, or None."""
    if len(article.text) > MAX_ARTICLE_CHARS:
        return (
            f"text has {len(article.text):,} characters, over the limit of {MAX_ARTICLE_CHARS:,} per article "
            "(split it into its articles)"
        )
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, tuple):
        return tuple(_no_surrogates(v) for v in value)
    if isinstance(value, Mapping):
        return {_no_surrogates(k): _no_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_surrogates(v) for v in value]
    return value


def without_surrogates(article: "Article") -> "Article":
    """``article`` with every lone surrogate (what a JSON escape like ``"\\ud800"`` decodes to;
    no encoder can write it) replaced by U+FFFD. One character for one, so offsets hold."""
    changed = {
        f.name: new
        for f in dataclasses.fields(article)
        if (new := _no_surrogates(old := getattr(article, f.name))) is not old and new != old
    }
    return dataclasses.replace(article, **changed) if changed else article


def outlet_key(outlet: str | None) -> str | None:
    """What makes two reports one outlet's: the name in lower case with its spaces folded
    ("USA Today" = "usa  today"); None for no outlet or "unknown" (nobody's twin)."""
    key = " ".join((outlet or "").lower().split())
    return key if key and key != "unknown" else None


def possessive(name: str) -> str:
    """``name`` as an owner, as AP style writes it: "AP's", "Reuters'", "Indians'" (not "Indians's")."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def to_jsonable(value: Any) -> Any:
    """Records -> plain JSON types (dicts, lists, str, numbers, None)."""
    # the common cases first, by the cheapest tests (an analysis is ~20k records and ~300k
    # values): isinstance against typing.Mapping goes through typing's slow subclass hooks
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, Article | DocumentInfo):
            out["damaged"] = value.damaged
        return out
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def from_jsonable(cls: type, data: Any) -> Any:
    """The inverse of :func:`to_jsonable` for a record type: ``from_jsonable(StoryAnalysis,
    analysis.to_dict()) == analysis``. Used to render a stored analysis (``newsprism refresh``
    keeps each story's JSON) without recomputing it."""
    return _decode(cls, data, {})


def _decode(tp: Any, value: Any, hints_of: dict[type, dict[str, Any]]) -> Any:
    import types
    import typing

    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(options) == 1:
            return _decode(options[0], value, hints_of)
        return value  # e.g. float | int | str: plain JSON value already
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and isinstance(value, Mapping):
        hints = hints_of.get(tp)
        if hints is None:
            hints = hints_of.setdefault(tp, typing.get_type_hints(tp))
        kwargs = {
            f.name: _decode(hints[f.name], value[f.name], hints_of)
            for f in dataclasses.fields(tp)
            if f.init and f.name in value
        }
        return tp(**kwargs)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, hints_of) for v in value)
        return tuple(_decode(a, v, hints_of) for a, v in zip(args, value))
    if origin in (list,):
        (arg,) = typing.get_args(tp)
        return [_decode(arg, v, hints_of) for v in value]
    return value
