"""Claims: each article split into sentence/clause-sized statements, each cited.

A claim is a sentence of the parsed ``Doc`` (split again at semicolons), trimmed
of surrounding whitespace so that ``text == article.text[start:end]``. It carries
what the core analysis already found inside it (resolved entity ids, figures,
time expressions, quotes) and its *attribution*: who the report says makes the
claim — the subject of a reporting verb ("Russia categorically denied the
reports", "X said that ..."), the object of "according to", or the speaker of a
direct quote covering most of it. Claims the reporter states in their own voice
have no attribution.

Everything reuses the parse; nothing here runs a model.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from spacy.tokens import Doc, Token
from spacy.tokens import Span as SpacySpan

from .model import Figure, Quote, Span, StoryAnalysis, TimeExpr

__all__ = ["Attribution", "Claim", "extract_claims", "split_claims", "content_terms", "REPORTING_LEMMAS"]

# Verbs that put a statement in someone's mouth. Denial/blame verbs matter most
# here: they mark a party's position, not the outlet's.
REPORTING_LEMMAS = frozenset(
    """say tell add ask write post declare insist tweet state note explain argue claim announce warn
    reply respond acknowledge admit suggest complain charge describe report deny confirm maintain
    contend conclude assert stress allege affirm reiterate accuse blame estimate believe suspect
    demand denounce reject question dismiss""".split()
)
# a passive subject ("Airstrikes were reported") is what is reported, not who reports
_SUBJECT_DEPS = frozenset({"nsubj"})
_NOT_A_SOURCE = frozenset({"who", "which", "that", "it", "there"})
# parts of a subject's subtree that qualify it rather than name it
_SUBJECT_CUT_DEPS = frozenset({"appos", "relcl", "acl", "punct", "cc", "conj", "advmod", "prep"})
_CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})
_CLAUSE_BREAK = re.compile(r";\s+")
_MIN_ALPHA_TOKENS = 3


@dataclass(frozen=True)
class Attribution:
    """Who a claim is attributed to, as the report names them."""

    text: str
    span: Span
    cue: Span | None = None  # "said", "denied", "according to", ...
    entity: str | None = None  # resolved Entity.id when the name is a known mention
    kind: str = "reporting-verb"  # "reporting-verb" | "according-to" | "quote"


@dataclass(frozen=True)
class Claim:
    """One statement of one document, with what the analysis found inside it."""

    id: str  # "<doc>#<start>"
    citation: Span
    entities: tuple[str, ...] = ()  # Entity.id, in order of first mention
    figures: tuple[Figure, ...] = ()
    times: tuple[TimeExpr, ...] = ()
    quotes: tuple[Quote, ...] = ()
    attribution: Attribution | None = None
    terms: tuple[str, ...] = ()  # lower-cased content lemmas, for overlap and matching

    @property
    def doc(self) -> str:
        return self.citation.doc

    @property
    def start(self) -> int:
        return self.citation.start

    @property
    def end(self) -> int:
        return self.citation.end

    @property
    def text(self) -> str:
        return self.citation.text


def content_terms(tokens: Iterable[Token]) -> tuple[str, ...]:
    """Distinct lower-cased lemmas of content words, in text order."""
    seen: dict[str, None] = {}
    for tok in tokens:
        if tok.pos_ in _CONTENT_POS and not tok.is_stop and any(c.isalnum() for c in tok.text):
            seen.setdefault(tok.lemma_.lower(), None)
    return tuple(seen)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    # a closing quote mark the sentence splitter left at the head of the next sentence
    if start + 1 < end and text[start] in "\"”" and text[start + 1].isspace():
        start += 1
        while start < end and text[start].isspace():
            start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def split_claims(doc: Doc) -> list[tuple[int, int]]:
    """Character ranges of the claims of ``doc``: sentences, split at semicolons,
    with fragments of fewer than three words (e.g. "1 a. m." broken by the
    sentence splitter) joined to the sentence before them."""
    text = doc.text
    ranges: list[tuple[int, int]] = []
    for sent in doc.sents:
        pieces = []
        pos = sent.start_char
        for m in _CLAUSE_BREAK.finditer(text, sent.start_char, sent.end_char):
            pieces.append((pos, m.start() + 1))
            pos = m.end()
        pieces.append((pos, sent.end_char))
        for start, end in pieces:
            start, end = _trimmed(text, start, end)
            if start >= end:
                continue
            words = sum(1 for w in re.finditer(r"[A-Za-z]{2,}", text[start:end]))
            if ranges and (words < _MIN_ALPHA_TOKENS or _continues(text, ranges[-1])):
                ranges[-1] = (ranges[-1][0], end)
            else:
                ranges.append((start, end))
    return ranges


def _continues(text: str, previous: tuple[int, int]) -> bool:
    """The previous claim ends inside an abbreviation the splitter broke ("1 a. m.")."""
    tail = text[max(previous[0], previous[1] - 6) : previous[1]]
    return bool(re.search(r"\b(?:a|p)\.\s?m\.$|\b[A-Z]\.$", tail))


def _subject_span(verb: Token) -> tuple[int, int] | None:
    """Token range naming the subject of ``verb``, without appositives or clauses."""
    subject = next((c for c in verb.children if c.dep_ in _SUBJECT_DEPS), None)
    if subject is None:
        return None
    keep = [subject]
    if subject.lower_ in _NOT_A_SOURCE:
        return None
    for child in subject.children:
        # "Office of the U.N. High Commissioner" is one name; "head of the ..." is cut
        named_of = child.dep_ == "prep" and subject.pos_ == "PROPN" and any(
            g.pos_ == "PROPN" for g in child.children
        )
        if child.dep_ in _SUBJECT_CUT_DEPS and not named_of:
            continue
        keep.extend(child.subtree)
    indices = sorted(t.i for t in keep)
    # keep it contiguous: drop anything after a gap
    run = [indices[0]]
    for i in indices[1:]:
        if i != run[-1] + 1:
            break
        run.append(i)
    if subject.i > run[-1]:
        run = [subject.i]
    return run[0], run[-1] + 1


def _attribution_in(sent: SpacySpan, doc_id: str) -> Attribution | None:
    doc = sent.doc
    text = doc.text
    for tok in sent:
        if tok.lower_ == "according" and tok.i + 1 < sent.end and doc[tok.i + 1].lower_ == "to":
            obj = next((c for c in doc[tok.i + 1].children if c.dep_ == "pobj"), None)
            if obj is None:
                continue
            lo = min(t.i for t in obj.subtree)
            hi = max(t.i for t in obj.subtree) + 1
            source = doc[lo:hi]
            cue = doc[tok.i : tok.i + 2]
            return Attribution(
                text=source.text,
                span=Span(doc_id, source.start_char, source.end_char, source.text),
                cue=Span(doc_id, cue.start_char, cue.end_char, cue.text),
                kind="according-to",
            )
    for tok in sent:
        if tok.pos_ not in ("VERB", "AUX") or tok.lemma_.lower() not in REPORTING_LEMMAS:
            continue
        # the main statement of the sentence, or a reporting verb heading a clause of it
        if tok.dep_ not in ("ROOT", "ccomp", "conj", "parataxis"):
            continue
        rng = _subject_span(tok)
        if rng is None:
            continue
        source = doc[rng[0] : rng[1]]
        if not any(t.is_alpha for t in source):
            continue
        start, end = _trimmed(text, source.start_char, source.end_char)
        return Attribution(
            text=text[start:end],
            span=Span(doc_id, start, end, text[start:end]),
            cue=Span(doc_id, tok.idx, tok.idx + len(tok.text), tok.text),
            kind="reporting-verb",
        )
    return None


def _entity_index(analysis: StoryAnalysis) -> dict[str, list[tuple[int, int, str]]]:
    by_doc: dict[str, list[tuple[int, int, str]]] = {}
    for entity in analysis.entities:
        for m in entity.mentions:
            by_doc.setdefault(m.doc, []).append((m.start, m.end, entity.id))
    for rows in by_doc.values():
        rows.sort()
    return by_doc


def _inside(rows: Sequence, starts: Sequence[int], start: int, end: int) -> list:
    """Rows (sorted by start) whose [start, end) lies inside [start, end)."""
    i = bisect.bisect_left(starts, start)
    out = []
    while i < len(rows) and starts[i] < end:
        row_end = rows[i][1] if isinstance(rows[i], tuple) else rows[i].end
        if row_end <= end:
            out.append(rows[i])
        i += 1
    return out


def extract_claims(
    analysis: StoryAnalysis, docs: Mapping[str, Doc], min_words: int = 4
) -> tuple[Claim, ...]:
    """The claims of every document of ``analysis`` whose parse is in ``docs``."""
    entity_rows = _entity_index(analysis)
    figures = _by_doc(analysis.figures)
    times = _by_doc(analysis.times)
    quotes = _by_doc(analysis.quotes)
    claims: list[Claim] = []
    for info in analysis.documents:
        doc = docs.get(info.id)
        if doc is None:
            continue
        text = info.text
        ents = entity_rows.get(info.id, [])
        ent_starts = [r[0] for r in ents]
        figs = figures.get(info.id, [])
        fig_starts = [f.start for f in figs]
        tms = times.get(info.id, [])
        tm_starts = [t.start for t in tms]
        qts = quotes.get(info.id, [])
        for start, end in split_claims(doc):
            words = len(re.findall(r"[A-Za-z]{2,}", text[start:end]))
            if words < min_words:
                continue
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            entity_ids = tuple(dict.fromkeys(r[2] for r in _inside(ents, ent_starts, start, end)))
            claim_quotes = tuple(q for q in qts if q.start < end and start < q.end)
            claims.append(
                Claim(
                    id=f"{info.id}#{start}",
                    citation=Span(info.id, start, end, text[start:end]),
                    entities=entity_ids,
                    figures=tuple(_inside(figs, fig_starts, start, end)),
                    times=tuple(_inside(tms, tm_starts, start, end)),
                    quotes=claim_quotes,
                    attribution=_attribute(span, info.id, claim_quotes, start, end, ents, ent_starts),
                    terms=content_terms(span),
                )
            )
    return tuple(claims)


def _by_doc(records: Iterable) -> dict[str, list]:
    out: dict[str, list] = {}
    for r in records:
        out.setdefault(r.doc, []).append(r)
    for rows in out.values():
        rows.sort(key=lambda r: r.start)
    return out


def _attribute(
    span: SpacySpan,
    doc_id: str,
    quotes: Sequence[Quote],
    start: int,
    end: int,
    ents: Sequence[tuple[int, int, str]],
    ent_starts: Sequence[int],
) -> Attribution | None:
    # a direct quote covering most of the claim speaks for its speaker
    for q in quotes:
        covered = min(q.end, end) - max(q.start, start)
        if q.speaker and q.speaker_span is not None and covered * 2 >= end - start:
            return Attribution(
                text=q.speaker,
                span=q.speaker_span,
                cue=q.cue,
                entity=q.speaker_entity,
                kind="quote",
            )
    sents = list(span.sents) if span.doc.has_annotation("SENT_START") else [span]
    for sent in sents:
        found = _attribution_in(sent, doc_id)
        if found is not None:
            hits = _inside(ents, ent_starts, found.span.start, found.span.end)
            entity = hits[0][2] if hits else None
            return Attribution(found.text, found.span, found.cue, entity, found.kind)
    return None
