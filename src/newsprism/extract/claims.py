"""Claims: each article split into sentence/clause-sized statements, each cited.

A claim is a sentence of the parsed ``Doc`` (split again at semicolons), trimmed
of surrounding whitespace so that ``text == article.text[start:end]``. It carries
what the core analysis already found inside it (resolved entity ids, figures,
time expressions, quotes) and its *attribution*: who the report says makes the
claim — the subject of a reporting verb ("Russia categorically denied the
reports", "X said that ..."), the object of "according to", or the speaker of a
direct quote covering most of it — by the rules every stage shares
(``newsprism.attribution``). Claims the reporter states in their own voice have
no attribution.

Everything reuses the parse; nothing here runs a model.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from spacy.attrs import IS_ALPHA, IS_STOP, LEMMA, LOWER, ORTH, POS, SENT_START
from spacy.parts_of_speech import IDS
from spacy.tokens import Doc, Token
from spacy.tokens import Span as SpacySpan

from newsprism.attribution import Named, People, according_to, is_reporting_verb, source_of, source_phrase
from newsprism.datelines import dateline_length, datelines, lead
from newsprism.extract.event_keys import EVENT_CLASS_LEMMAS, EVENT_LEMMAS, event_class, event_keys, participant
from newsprism.extract.event_keys import SUBJECTS as _SUBJECTS
from newsprism.lexicon import LIGHT_VERBS, REPORTING_VERBS
from newsprism.model import Figure, Mention, Quote, Span, StoryAnalysis, TimeExpr
from newsprism.nlp import parsed_from

__all__ = [
    "Attribution",
    "Claim",
    "extract_claims",
    "split_claims",
    "split_clauses",
    "event_keys",
    "event_class",
    "EVENT_CLASS_LEMMAS",
    "participant",
    "content_terms",
]

# an expletive or a relative pronoun the subject rule could not resolve names nobody
_NOT_A_SOURCE = frozenset({"who", "which", "that", "it", "there"})
_CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})
_CONTENT_POS_IDS = frozenset(IDS[p] for p in _CONTENT_POS)
# a semicolon ends a claim (kept with it); a blank line ends one (not kept)
_CLAIM_BREAK = re.compile(r";\s+|\s*\n[ \t]*\n\s*")
_MIN_ALPHA_TOKENS = 3
_ALPHA_WORD = re.compile(r"[A-Za-z]{2,}")


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
    # the sentence (or semicolon piece) this clause belongs to; equals citation for one-clause sentences
    sentence: Span | None = None
    # "P:<event class>", "P:<event class>|A:<participant>" and "V:<verb>|A:<participant>" keys (see event_keys)
    events: tuple[str, ...] = ()

    # read ~250,000 times in a 30-article story's findings: kept once read (a plain attribute
    # read after the first; the citation never changes)
    @cached_property
    def doc(self) -> str:
        return self.citation.doc

    @cached_property
    def start(self) -> int:
        return self.citation.start

    @cached_property
    def end(self) -> int:
        return self.citation.end

    @cached_property
    def text(self) -> str:
        return self.citation.text


def content_terms(tokens: Iterable[Token]) -> tuple[str, ...]:
    """Distinct lower-cased lemmas of content words, in text order."""
    seen: dict[str, None] = {}
    # (asked of every claim's tokens by several stages: the tag's id, not its name; a word all
    # letters or digits without a character loop)
    for tok in tokens:
        if tok.pos in _CONTENT_POS_IDS and not tok.is_stop:
            text = tok.text
            if text.isalnum() or any(c.isalnum() for c in text):
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


def split_claims(doc: Doc, text: str | None = None) -> list[tuple[int, int]]:
    """Character ranges of the claims of ``doc``: sentences, split at semicolons and
    at paragraph breaks (a headline the parser ran into the lede is not part of it),
    with fragments of fewer than three words (e.g. "1 a. m." broken by the sentence
    splitter) joined to the sentence before them — or, at the head of a paragraph (a
    date line, "Mumbai, Nov 11 -"; a dateline, "NAIROBI, Kenya (AP) —", whatever its length), to
    the sentence after them. ``text``: ``doc.text``
    when the caller has it (``Doc.text`` rebuilds it on every call)."""
    if text is None:
        text = doc.text
    # a dateline ("NAIROBI, Kenya (AP) —"), parsed apart from its lede (nlp's sentence guard),
    # opens the lede's claim whatever its length
    dateline_ends = {d.start: d.end for d in datelines(lead(text))}
    ranges: list[tuple[int, int]] = []
    carried: tuple[int, int] | None = None  # a paragraph-opening fragment waiting for its sentence
    for sent in doc.sents:
        pieces = []
        pos = sent.start_char
        for m in _CLAIM_BREAK.finditer(text, sent.start_char, sent.end_char):
            pieces.append((pos, m.start() + 1 if m.group().startswith(";") else m.start(), m.group().startswith(";")))
            pos = m.end()
        pieces.append((pos, sent.end_char, False))
        for start, end, _ in pieces:
            head = start
            start, end = _trimmed(text, start, end)
            if ranges and _closing_quote_at(text, head, start, ranges[-1][1]):
                # the closing quote mark the splitter moved to this sentence ends the last one
                # ('felt "duped." ...'): a claim must not cut a quotation open
                quote = text.index(text[head:start].strip()[0], head)
                ranges[-1] = (ranges[-1][0], quote + 1)
            if start >= end:
                continue
            if end <= dateline_ends.get(start, -1):
                carried = (start if carried is None else carried[0], end)
                continue
            words = len(_ALPHA_WORD.findall(text, start, end))
            opens_paragraph = _opens_paragraph(text, start)
            if carried is not None:
                if words < _MIN_ALPHA_TOKENS and not opens_paragraph:
                    carried = (carried[0], end)  # the dateline's dash split off it ("WASHINGTON" "--")
                    continue
                start, carried = carried[0], None
            if words < _MIN_ALPHA_TOKENS and opens_paragraph and _label_line(text, start, end):
                # a paragraph of its own ending a sentence ("LETTERS.", "John Baker.", a section
                # or a signature) is not the head of the next one: a claim of its own
                ranges.append((start, end))
            elif words < _MIN_ALPHA_TOKENS and opens_paragraph:
                carried = (start, end)
            elif ranges and not opens_paragraph and (words < _MIN_ALPHA_TOKENS or _continues(text, ranges[-1])):
                ranges[-1] = (ranges[-1][0], end)
            else:
                ranges.append((start, end))
    if carried is not None:  # a paragraph of a few words at the very end: a claim of its own
        ranges.append(carried)
    return ranges


def _label_line(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` ends with a full stop (or ! ?) and a blank line or the end of the
    text follows it: a whole paragraph, not a dateline waiting for its sentence."""
    if text[end - 1 : end] not in (".", "!", "?"):
        return False
    rest = text[end : end + 200]
    stripped = rest.lstrip(" \t\r")
    return not stripped or stripped.startswith("\n") and stripped[1:].lstrip(" \t\r")[:1] in ("\n", "")


def _opens_paragraph(text: str, start: int) -> bool:
    """``start`` begins the text or follows a blank line (white space aside)."""
    i = start
    while i > 0 and text[i - 1] in " \t\r":
        i -= 1
    if i == 0:
        return True
    if text[i - 1] != "\n":
        return False
    i -= 1
    while i > 0 and text[i - 1] in " \t\r":
        i -= 1
    return i == 0 or text[i - 1] == "\n"


def _closing_quote_at(text: str, head: int, start: int, previous_end: int) -> bool:
    """``_trimmed`` skipped a closing quote mark between ``head`` and ``start`` that
    follows the previous claim with nothing but white space between."""
    skipped = text[head:start].strip()
    return skipped in ('"', "”") and not text[previous_end:text.index(skipped, head)].strip()


def _continues(text: str, previous: tuple[int, int]) -> bool:
    """The previous claim ends inside an abbreviation the splitter broke ("1 a. m.")."""
    tail = text[max(previous[0], previous[1] - 6) : previous[1]]
    return bool(re.search(r"\b(?:a|p)\.\s?m\.$|\b[A-Z]\.$", tail))


def _attribution_in(
    sent: SpacySpan,
    doc_id: str,
    text: str,
    tokens: "_DocTokens | None" = None,
    people: "Callable[[], People] | None" = None,
) -> Attribution | None:
    """``text`` is the document's text (``Doc.text`` rebuilds it on every call);
    ``tokens``, the document's token attributes, lets only the tokens that can
    matter ("according", reporting verbs) be looked at; ``people`` gives the
    document's ``attribution.People`` (built on first use), which turns a "he"/"she"
    source into the person it points back to."""
    doc = sent.doc
    if tokens is None:
        according: Iterable[Token] = sent
        reporting: Iterable[Token] = sent
    else:
        according = tokens.among(tokens.according, sent.start, sent.end)
        reporting = tokens.among(tokens.reporting, sent.start, sent.end)
    for tok in according:
        obj = according_to(tok) if tok.lower_ == "according" and tok.i + 1 < sent.end else None
        if obj is None:
            continue
        lo, hi = source_phrase(obj)
        source = doc[lo:hi]
        cue = doc[tok.i : tok.i + 2]
        return Attribution(
            text=source.text,
            span=Span(doc_id, source.start_char, source.end_char, source.text),
            cue=Span(doc_id, cue.start_char, cue.end_char, cue.text),
            kind="according-to",
        )
    for tok in reporting:
        if not is_reporting_verb(tok):
            continue
        # the main statement of the sentence, or a reporting verb heading a clause of it
        if tok.dep_ not in ("ROOT", "ccomp", "conj", "parataxis"):
            continue
        subject = source_of(tok)
        if subject is None or subject.lower_ in _NOT_A_SOURCE:
            continue
        if subject.pos_ == "PRON" and people is not None:
            named = people().resolve(subject).name
            if named is not None:
                return Attribution(
                    text=named.text,
                    span=named,
                    cue=Span(doc_id, tok.idx, tok.idx + len(tok.text), tok.text),
                    kind="reporting-verb",
                )
        lo, hi = source_phrase(subject)
        source = doc[lo:hi]
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


# ---------------------------------------------------------------- clauses and events

# Subordinators that open a clause stating a fact of its own ("..., as buses idled,
# the shelling resumed"): such an adverbial clause becomes a claim of its own.
_CLAUSE_MARKS = frozenset(
    "as after while when whereas because since although though before until once".split()
)


def split_clauses(sent: SpacySpan, min_words: int = 4, alpha: Sequence[int] | None = None) -> list[tuple[int, int]]:
    """Token ranges of the clauses of ``sent``: coordinated clauses with a subject of
    their own ("Shelling resumed, and evacuations stalled") and adverbial clauses
    opened by a subordinator ("as buses idled") are cut out as separate pieces.
    Pieces tile the sentence; a piece of fewer than three words stays with its
    neighbour. ``alpha``: the running count of alphabetic tokens of the document
    (``alpha[i]`` = how many of its first ``i`` tokens are alphabetic), when the
    caller has it."""
    root = sent.root
    inside = range(sent.start, sent.end)
    heads: list[Token] = []
    frontier = [root]
    while frontier:
        head = frontier.pop()
        for child in head.children:
            if child.pos_ not in ("VERB", "AUX") or child.i not in inside:
                continue
            own_subject = any(c.dep_ in _SUBJECTS for c in child.children)
            marked = any(c.dep_ == "mark" and c.lower_ in _CLAUSE_MARKS for c in child.children)
            if (child.dep_ == "conj" and own_subject) or (child.dep_ == "advcl" and marked):
                heads.append(child)
                frontier.append(child)
            elif child.dep_ == "ccomp":  # "said the deal had broken down | after Iran imposed ..."
                frontier.append(child)
    if not heads:
        return [(sent.start, sent.end)]
    cuts = {sent.start, sent.end}
    for head in heads:
        lo, hi = head.left_edge.i, head.right_edge.i + 1
        # the conjunction before a coordinated clause opens it ("and evacuations ...")
        if head.dep_ == "conj" and lo > sent.start and sent.doc[lo - 1].dep_ == "cc":
            lo -= 1
        cuts.update((max(lo, sent.start), min(hi, sent.end)))
    bounds = sorted(cuts)
    if alpha is None:
        doc = sent.doc

        def alpha_in(lo: int, hi: int) -> int:
            return sum(1 for t in doc[lo:hi] if t.is_alpha)
    else:

        def alpha_in(lo: int, hi: int) -> int:
            return alpha[hi] - alpha[lo]

    pieces: list[tuple[int, int]] = []
    for lo, hi in zip(bounds, bounds[1:]):
        words = alpha_in(lo, hi)
        if pieces and (words < min_words or alpha_in(*pieces[-1]) < min_words):
            pieces[-1] = (pieces[-1][0], hi)
        else:
            pieces.append((lo, hi))
    return pieces


def _pos_ids(names: Iterable[str]) -> list[int]:
    """The ids of coarse part-of-speech tags (``Token.pos`` for ``Token.pos_``)."""
    from spacy.parts_of_speech import NAMES

    wanted = set(names)
    return [int(k) for k, v in NAMES.items() if v in wanted]


class _DocTokens:
    """Token attributes of one document, read once with ``Doc.to_array``: looking
    them up is far cheaper than creating a spaCy ``Token`` per token per use.
    Gives each token's content term (as :func:`content_terms`), the tokens that
    may carry an event class (see :func:`event_keys`) or an attribution, the
    running count of alphabetic tokens and the sentence starts. Built for all
    documents of a story at once by :func:`_doc_tokens`."""

    def __init__(self, doc: Doc, terms, events, reporting, according, alpha, sent_starts):
        self.doc = doc
        self.has_sents = doc.has_annotation("SENT_START")
        self.terms: list[str | None] = terms
        self.events: list[int] = events
        self.reporting: list[int] = reporting
        self.according: list[int] = according
        self.alpha: list[int] = alpha
        self.sent_starts: list[int] = sent_starts

    def among(self, indices: Sequence[int], lo: int, hi: int) -> list[Token]:
        """The tokens of ``indices`` (sorted) inside [lo, hi)."""
        doc = self.doc
        return [doc[i] for i in indices[bisect.bisect_left(indices, lo) : bisect.bisect_left(indices, hi)]]

    def content_terms(self, lo: int, hi: int) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for term in self.terms[lo:hi]:
            if term is not None:
                seen.setdefault(term, None)
        return tuple(seen)


_ATTRS = [POS, IS_STOP, LEMMA, ORTH, LOWER, IS_ALPHA, SENT_START]


def _doc_tokens(docs: Sequence[Doc]) -> list[_DocTokens]:
    """:class:`_DocTokens` of each of ``docs``; strings are looked up once per
    distinct lemma or word form of all the documents sharing a vocabulary."""
    out: list[_DocTokens | None] = [None] * len(docs)
    by_strings: dict[int, list[int]] = {}
    for k, doc in enumerate(docs):
        by_strings.setdefault(id(doc.vocab.strings), []).append(k)
    for members in by_strings.values():
        strings = docs[members[0]].vocab.strings
        arrays = [docs[k].to_array(_ATTRS).reshape(len(docs[k]), len(_ATTRS)) for k in members]
        arr = np.concatenate(arrays) if arrays else np.zeros((0, len(_ATTRS)), dtype=np.uint64)
        pos, stop, lemma, orth, lower, alpha, sent_start = arr.T
        lemmas, lemma_of = np.unique(lemma, return_inverse=True)
        lemma_lower = [strings[h].lower() for h in lemmas.tolist()]
        content = np.isin(pos, _pos_ids(_CONTENT_POS)) & (stop == 0)
        # a content word has a letter or digit (looked at once per distinct form)
        forms, form_of = np.unique(orth[content], return_inverse=True)
        has_alnum = np.array([any(c.isalnum() for c in strings[h]) for h in forms.tolist()], dtype=bool)
        content[content] = has_alnum[form_of.reshape(-1)] if len(forms) else False
        terms = np.where(content, np.array(lemma_lower + [None], dtype=object)[:-1][lemma_of.reshape(-1)], None)
        event = np.array([low in EVENT_LEMMAS for low in lemma_lower], dtype=bool)[lemma_of.reshape(-1)]
        # ... and every other verb (its role keys), light verbs aside
        heavy = np.array([low not in LIGHT_VERBS for low in lemma_lower], dtype=bool)[lemma_of.reshape(-1)]
        event |= np.isin(pos, _pos_ids(("VERB",))) & heavy
        reports = np.array([low in REPORTING_VERBS for low in lemma_lower], dtype=bool)[lemma_of.reshape(-1)]
        reports &= np.isin(pos, _pos_ids(("VERB", "AUX")))
        according = lower == strings["according"] if "according" in strings else np.zeros(len(arr), dtype=bool)
        is_alpha = alpha != 0
        starts = sent_start == 1
        offset = 0
        for k, part in zip(members, arrays):
            lo, hi = offset, offset + len(part)
            offset = hi
            out[k] = _DocTokens(
                docs[k],
                terms[lo:hi].tolist(),
                np.flatnonzero(event[lo:hi]).tolist(),
                np.flatnonzero(reports[lo:hi]).tolist(),
                np.flatnonzero(according[lo:hi]).tolist(),
                [0] + np.cumsum(is_alpha[lo:hi]).tolist(),
                np.flatnonzero(starts[lo:hi]).tolist(),
            )
    return out  # type: ignore[return-value]


def _people_of(doc_id: str, text: str, doc: Doc, mentions: Sequence[Mention], quotes: Sequence[Quote],
               named: Named | None = None):
    """A builder of the document's ``People``, built once and only when a claim's source is a pronoun."""
    built: list[People] = []

    def inside_quote(char: int) -> bool:
        return any(q.start <= char < q.end for q in quotes)

    def get() -> People:
        if not built:
            built.append(People(doc_id, text, doc, mentions, inside_quote, named))
        return built[0]

    return get


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
    analysis: StoryAnalysis,
    docs: Mapping[str, Doc],
    min_words: int = 4,
    clauses: bool = True,
    ranges: Mapping[str, Sequence[tuple[int, int]]] | None = None,
    named: "Mapping[str, Named] | None" = None,
) -> tuple[Claim, ...]:
    """The claims of every document of ``analysis`` whose parse is in ``docs``:
    one per clause (see :func:`split_clauses`), or per sentence when ``clauses``
    is false. Clauses of one sentence share its attribution.

    ``ranges`` (doc id -> character ranges) gives the claims of a document
    instead of the sentence splitter: each range is one claim, kept whole
    (claims given by someone else, as in ClaimDiff). ``named``: each document's people when the
    core stages made them (attribution.named.Named, by document id)."""
    entity_rows = _entity_index(analysis)
    figures = _by_doc(analysis.figures)
    times = _by_doc(analysis.times)
    quotes = _by_doc(analysis.quotes)
    mentions = _by_doc(m for e in analysis.entities for m in e.mentions)
    claims: list[Claim] = []
    present = [info for info in analysis.documents if docs.get(info.id) is not None]
    token_info = dict(zip((info.id for info in present), _doc_tokens([docs[info.id] for info in present])))
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
        people = _people_of(info.id, text, doc, mentions.get(info.id, []), qts, (named or {}).get(info.id))
        entity_at = _entity_lookup(ents, ent_starts)
        given = ranges.get(info.id) if ranges is not None else None
        tokens = token_info[info.id]
        claim_ranges = given
        if given is None:
            claim_ranges = split_claims(doc, text if parsed_from(doc, text) else None)
        for start, end in claim_ranges:
            words = len(_ALPHA_WORD.findall(text, start, end))
            if words < min_words and given is None:
                continue
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            sentence = Span(info.id, start, end, text[start:end])
            sentence_quotes = tuple(q for q in qts if q.start < end and start < q.end)
            attribution = _attribute(span, info.id, sentence_quotes, start, end, ents, ent_starts, text, tokens, people)
            split = clauses and given is None
            for lo, hi in _lede_clauses(span, start, end, min_words, text, tokens.alpha) if split else [(start, end)]:
                clause = doc.char_span(lo, hi, alignment_mode="expand") if (lo, hi) != (start, end) else span
                if clause is None:
                    continue
                claims.append(
                    Claim(
                        id=f"{info.id}#{lo}",
                        citation=Span(info.id, lo, hi, text[lo:hi]),
                        entities=tuple(dict.fromkeys(r[2] for r in _inside(ents, ent_starts, lo, hi))),
                        figures=tuple(_inside(figs, fig_starts, lo, hi)),
                        times=tuple(_inside(tms, tm_starts, lo, hi)),
                        quotes=tuple(q for q in sentence_quotes if q.start < hi and lo < q.end),
                        attribution=attribution,
                        terms=tokens.content_terms(clause.start, clause.end),
                        sentence=sentence,
                        events=event_keys(tokens.among(tokens.events, clause.start, clause.end), entity_at),
                    )
                )
    return tuple(claims)


def _lede_clauses(
    span: SpacySpan, start: int, end: int, min_words: int, text: str, alpha: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """:func:`_clause_ranges` of a claim range; a lede's dateline ("BEIRUT, Lebanon —", a sentence
    of its own to the parser) opens its first clause, the clauses are those of the lede."""
    head = dateline_length(text[start:end])
    if head:
        body = span.doc.char_span(start + head, end, alignment_mode="expand")
        if body is not None and len(body):
            ranges = _clause_ranges(body, start + head, end, min_words, text, alpha)
            return [(start, ranges[0][1]), *ranges[1:]]
    return _clause_ranges(span, start, end, min_words, text, alpha)


def _clause_ranges(
    span: SpacySpan, start: int, end: int, min_words: int, text: str, alpha: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """Character ranges of the clauses of one claim range, trimmed, tiling it."""
    doc = span.doc
    out = []
    for lo, hi in split_clauses(span, min_words, alpha):
        c_start = start if lo <= span.start else doc[lo].idx
        c_end = end if hi >= span.end else doc[hi - 1].idx + len(doc[hi - 1].text)
        c_start, c_end = _trimmed(text, max(c_start, start), min(c_end, end))
        # a clause cut after a comma or dash starts at its first word
        while c_start < c_end and (text[c_start] in ",;:—–-" or text[c_start].isspace()):
            c_start += 1
        if c_start < c_end:
            out.append((c_start, c_end))
    return out or [(start, end)]


def _entity_lookup(rows: Sequence[tuple[int, int, str]], starts: Sequence[int]):
    """char offset -> the id of the entity whose mention covers it, or None."""

    def entity_at(offset: int) -> str | None:
        i = bisect.bisect_right(starts, offset) - 1
        while i >= 0 and rows[i][0] <= offset:
            if offset < rows[i][1]:
                return rows[i][2]
            i -= 1
            if i >= 0 and offset - rows[i][0] > 200:
                break
        return None

    return entity_at


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
    text: str | None = None,
    tokens: _DocTokens | None = None,
    people: "Callable[[], People] | None" = None,
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
    # the sentences the claim range overlaps (Span.sents walks the whole Doc: avoided)
    sents = [span]
    if tokens is not None:
        if tokens.has_sents:
            ss = tokens.sent_starts
            inner = ss[bisect.bisect_right(ss, span.start) : bisect.bisect_left(ss, span.end)]
            starts = [span.start] + inner
            sents = [span.doc[a:b] for a, b in zip(starts, starts[1:] + [span.end])]
    elif span.doc.has_annotation("SENT_START"):
        starts = [span.start] + [t.i for t in span[1:] if t.is_sent_start]
        sents = [span.doc[a:b] for a, b in zip(starts, starts[1:] + [span.end])]
    for sent in sents:
        found = _attribution_in(sent, doc_id, span.doc.text if text is None else text, tokens, people)
        if found is not None:
            hits = _inside(ents, ent_starts, found.span.start, found.span.end)
            entity = hits[0][2] if hits else None
            return Attribution(found.text, found.span, found.cue, entity, found.kind)
    return None
