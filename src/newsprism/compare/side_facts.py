"""Side facts: what a report says in passing about a named person or organisation.

A sentence tells its main fact, and often a second one on the side — who someone is:

- an apposition ("Liz Cheney, a Wyoming Senate candidate"; "her partner, Heather Poe");
- a non-restrictive relative or participle clause ("Mary Cheney, who is gay and married her
  longtime partner last year"; "Joe Arpaio, known for his tough stances on immigration");
- a description before the name ("Wyoming U.S. Senate candidate Liz Cheney");
- a copula clause ("Sandra Jackson was a Chicago alderman").

The alignment compares whole clauses, and a clause supports one fact (the partition), so
such a side fact told by two outlets was never corroborated. Here each is its own small
claim: the entity it is about (resolved across the story) and the content words of the
description (the name's own words left out). Two outlets tell the same side fact when they
describe the same entity with at least ``min_shared`` of the same content words that are not
title words ("former", "Sen.", "director"): "a seven-term House member" / "the seven-term
congressman" share *seven* and *term*; "a Democrat" / "Democrat of North Carolina" share one
word, "FBI Director James Comey" / "FBI director James Comey" one beyond the title, and are left
apart.

Each side fact cites its verbatim span (the name with its description), never the whole
sentence, so the sentence's main fact stays where it is. Nothing here runs a model: it
reads the parse and the resolved mentions the pipeline already made.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.fact_text import lead_length
from newsprism.compare.side_phrases import own_phrase
from newsprism.extract.claims import Claim
from newsprism.lexicon import TITLE_WORDS
from newsprism.model import Span, StoryAnalysis, outlet_key

__all__ = ["SideFact", "is_side_fact", "side_facts", "side_pairs"]

_CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ", "VERB", "NUM"})
_MODIFIER_DEPS = frozenset({"compound", "amod", "nmod", "nummod"})
_RELATIVES = frozenset({"whose", "who", "whom", "which"})
_NEGATIONS = frozenset({"not", "n't", "n’t", "never"})  # "wasn’t": the parse may call n’t punctuation
_SIDE_ID = re.compile(r"#\d+-\d+$")


@dataclass(frozen=True)
class SideFact:
    """One description of a named entity, told in passing inside a claim."""

    id: str  # "<doc>#<start>-<end>": never a claim's id ("<doc>#<start>")
    claim: str  # the claim (clause) it is told in
    entity: str  # the resolved entity it describes
    span: Span  # verbatim: the name with its description
    words: frozenset[str]  # content lemmas of the description, the name's own words left out
    kind: str  # "apposition" | "relative" | "title" | "copula"
    # a sentence written from the span's own words ("Liz Cheney is a Wyoming Senate candidate."),
    # None where they make none ("California, Illinois and New York, where ...")
    statement: str | None = None
    # the content lemmas of the description's own phrase, without the clauses inside it
    # (newsprism.compare.side_phrases): what it says its person is
    own_words: frozenset[str] = frozenset()

    @property
    def doc(self) -> str:
        return self.span.doc


def is_side_fact(fact) -> bool:
    """A fact of side facts (its supports' ids are "<doc>#<start>-<end>"): headed by a name and
    its description ("Liz Cheney, a Wyoming Senate candidate"), not by a sentence."""
    return bool(fact.support) and all(_SIDE_ID.search(s.claim) for s in fact.support)


class _Mentions:
    """Resolved mentions of one document: the entity whose mention covers a character offset."""

    def __init__(self, rows: Sequence[tuple[int, int, str]]):
        self.rows = sorted(rows)
        self.starts = [r[0] for r in self.rows]

    def at(self, offset: int) -> str | None:
        i = bisect.bisect_right(self.starts, offset) - 1
        while i >= 0 and offset - self.rows[i][0] <= 200:
            if self.rows[i][0] <= offset < self.rows[i][1]:
                return self.rows[i][2]
            i -= 1
        return None


def _words(tokens: Sequence[Token], entity: str, mentions: _Mentions) -> frozenset[str]:
    """Content lemmas of a description, without the words of the entity's own name."""
    out = set()
    for t in tokens:
        if t.pos_ not in _CONTENT_POS or t.is_stop or mentions.at(t.idx) == entity:
            continue
        lemma = t.lemma_.lower().strip(".")
        if len(lemma) >= 2 and any(ch.isalnum() for ch in lemma):
            out.add(lemma)
    return frozenset(out)


def _words_of(tokens, whose: Mapping[int, str] | None = None) -> str | None:
    """The text of a run of tokens, as written, without punctuation at either end; a possessive
    pronoun given as its person's name ("his campaign manager" -> "Donald Trump's campaign
    manager") when ``whose`` has it, None when it has not (a pronoun pointing nowhere)."""
    tokens = list(tokens)
    while tokens and tokens[0].is_punct:
        tokens = tokens[1:]
    while tokens and tokens[-1].is_punct and tokens[-1].text not in ")”\"'’":
        tokens = tokens[:-1]
    out = []
    for t in tokens:
        if whose is not None and t.tag_ == "PRP$" and t.i not in whose:
            return None
        out.append(whose[t.i] + t.whitespace_ if whose is not None and t.tag_ == "PRP$" else t.text_with_ws)
    return "".join(out).strip()


def _sentence(name, verb: str | None, rest, whose: Mapping[int, str] | None = None) -> str | None:
    """``name`` + ``verb`` + ``rest`` (runs of tokens) as one sentence: "Liz Cheney is a Wyoming
    Senate candidate." None when the name or the rest is empty, holds a quotation mark, or a
    possessive pronoun ``whose`` cannot give."""
    name = list(name)
    if verb is not None:
        # the name alone: up to its first comma ("Raul Labrador, a 46-year-old Mormon father of five, tea
        # party congressman": two descriptions), and one person ("Robert Gibbs and David Axelrod")
        name = name[: next((k for k, t in enumerate(name) if t.text == ","), len(name))]
        if any(t.dep_ == "cc" or t.lower_ in ("and", "or", "&") for t in name):
            return None
    parts = [_words_of(name), verb or "", _words_of(rest, whose)]
    if not parts[0] or parts[2] is None or (verb and not parts[2]) or any(ch in p for p in parts if p for ch in "“”\""):
        return None
    text = " ".join(p for p in parts if p)
    if text.count("(") > text.count(")"):  # a bracket the span cut open ("John Boehner (R-Ohio"): left out
        text = text[: text.rindex("(")].rstrip(" ,")
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _whose(span, entity: str, mentions: _Mentions, names: Mapping[str, str], own: bool = False) -> dict[int, str]:
    """token index -> what each possessive pronoun of the clause stands for: itself when it is the
    side fact's own person ("who married her partner"), else that person's name + "'s". ``own``: a
    relative clause, whose subject is the side fact's person: a pronoun resolved to nobody is theirs."""
    out: dict[int, str] = {}
    for t in span:
        if t.tag_ != "PRP$":
            continue
        e = mentions.at(t.idx)
        if e == entity or (own and e is None):
            out[t.i] = t.text
        elif e is not None and names.get(e):
            out[t.i] = names[e] + "’s"
    return out


_PIECE_DEPS = ("appos", "relcl", "acl", "nsubj", "attr")


def _piece_tokens(doc: Doc) -> list[int]:
    """The indices of the tokens that may begin a side fact (by their dependency, or a proper noun
    for a title before a name), in order: one read of the document's columns, not a ``Token`` per
    token of every clause."""
    import numpy as np
    from spacy.attrs import DEP, POS

    if not len(doc):
        return []
    strings = doc.vocab.strings
    cols = doc.to_array([DEP, POS])
    wanted = np.isin(cols[:, 0], [strings[d] for d in _PIECE_DEPS]) | (cols[:, 1] == strings["PROPN"])
    return np.flatnonzero(wanted).tolist()


def _pieces(span, mentions: _Mentions, names: Mapping[str, str], candidates: Sequence[int] | None = None):
    """(entity, description tokens, first token, end token, kind, statement) of each side fact of a
    clause. ``candidates``: the document's :func:`_piece_tokens` (no other token begins one)."""
    lo, hi = span.start, span.end
    doc = span.doc
    if candidates is None:
        candidates = _piece_tokens(doc)
    for i in candidates[bisect.bisect_left(candidates, lo) : bisect.bisect_left(candidates, hi)]:
        t = doc[i]
        h = t.head
        if t.dep_ == "appos" and lo <= h.i < hi and h.i != t.i:
            # an apposition ends at the comma after it ("Christie, New Jersey's sitting governor, |
            # repeated accusations ...": what follows is the sentence's, whatever the parse says)
            end = next((x.i for x in doc[t.i + 1 : t.right_edge.i + 1] if x.text == ","), t.right_edge.i + 1)
            if t.left_edge.lower_ in _RELATIVES or h.left_edge.lower_ in _RELATIVES:
                continue  # "Mark Mattioli, whose 6-year-old son, James, was killed": a relative clause misread
            e = mentions.at(h.idx)
            inner = [x for x in t.subtree if x.i < end]
            if e is not None:  # "Liz Cheney, a Wyoming Senate candidate"
                name = doc[h.left_edge.i : t.left_edge.i]
                yield e, inner, h.left_edge.i, end, "apposition", _sentence(name, "is", inner, _whose(span, e, mentions, names))
                continue
            e = mentions.at(t.idx)
            if e is not None:  # "her partner, Heather Poe"
                ids = {x.i for x in t.subtree}
                outer = [x for x in h.subtree if x.i not in ids and x.i < end]
                yield e, outer, h.left_edge.i, end, "apposition", _sentence(inner, "is", outer, _whose(span, e, mentions, names))
        elif t.dep_ in ("relcl", "acl") and lo <= h.i < hi and t.left_edge.i > lo and doc[t.left_edge.i - 1].text == ",":
            e = mentions.at(h.idx)  # "Mary Cheney, who is gay ..."; "Joe Arpaio, known for ..."
            if e is not None:
                clause = list(t.subtree)
                name = doc[h.left_edge.i : t.left_edge.i]
                if clause[0].lower_ in ("who", "which", "that") and clause[0].dep_ in ("nsubj", "nsubjpass"):
                    told = _sentence(name, None, clause[1:], _whose(span, e, mentions, names, own=True))  # "who is gay" -> "Mary Cheney is gay."
                elif t.dep_ == "acl" and t.tag_ in ("VBN", "VBG") and t.i == clause[0].i:
                    told = _sentence(name, "is", clause, _whose(span, e, mentions, names, own=True))  # "known for ..." -> "Joe Arpaio is known for ..."
                else:
                    told = None  # "whose son ...", "where ...": no sentence of the name's own
                yield e, clause, h.left_edge.i, t.right_edge.i + 1, "relative", told
        if t.pos_ == "PROPN" and t.dep_ not in _MODIFIER_DEPS and (e := mentions.at(t.idx)) is not None:
            # "Wyoming U.S. Senate candidate Liz Cheney": the words before the name that modify it
            before = [c for c in t.children if c.dep_ in _MODIFIER_DEPS and c.i < t.i and mentions.at(c.idx) != e]
            if before and before[0].left_edge.i >= lo:
                words = [x for c in before for x in c.subtree]
                # no sentence: "Liz Cheney is Wyoming Senate candidate" wants an article the words do not give
                yield e, words, before[0].left_edge.i, t.i + 1, "title", None
        if t.dep_ in ("nsubj", "attr") and h.lemma_ == "be" and h.i == span.root.i and h.i != t.i:
            other = next((c for c in h.children if c.dep_ == ("attr" if t.dep_ == "nsubj" else "nsubj")), None)
            e = mentions.at(t.idx)  # "Sandra Jackson was a Chicago alderman" (not "wasn't the only ...")
            # not negated, not a guess ("Labrador would be the Tea Party alternative")
            negated = any(c.dep_ == "neg" or c.lower_ in _NEGATIONS or c.tag_ == "MD" for c in h.children)
            if other is not None and e is not None and mentions.at(other.idx) != e and not negated:
                a, b = sorted((t, other), key=lambda x: x.i)
                yield e, list(other.subtree), a.left_edge.i, b.right_edge.i + 1, "copula", _sentence(
                    doc[a.left_edge.i : b.right_edge.i + 1], None, [])


def side_facts(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc]) -> list[SideFact]:
    """The side facts of ``claims`` (each description once per document)."""
    rows: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            rows.setdefault(m.doc, []).append((m.start, m.end, e.id))
    mentions = {d: _Mentions(r) for d, r in rows.items()}
    names = {e.id: e.name for e in analysis.entities}
    texts = {d.id: d.text for d in analysis.documents}
    out: list[SideFact] = []
    seen: set[tuple[str, int, int]] = set()
    candidates: dict[str, list[int]] = {}
    for c in claims:
        doc, found = docs.get(c.doc), mentions.get(c.doc)
        if doc is None or found is None:
            continue
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is None or not len(span):
            continue
        if c.doc not in candidates:
            candidates[c.doc] = _piece_tokens(doc)
        for entity, description, first, end, kind, statement in _pieces(span, found, names, candidates[c.doc]):
            if first < span.start or end > span.end:
                continue  # cut by the clause splitter ("Mark Mattioli, whose 6-year-old son"): a fragment
            while first < end and (doc[first].is_punct or doc[first].dep_ == "cc"):
                first += 1
            while end > first and doc[end - 1].is_punct and doc[end - 1].text not in ")”\"'’":
                end -= 1
            if end - first < 3 or (kind != "copula" and first <= span.root.i < end):
                continue  # a description never holds the clause's own verb (a parse that tied it there)
            start, stop = doc[first].idx, doc[end - 1].idx + len(doc[end - 1].text)
            start, stop = max(start, c.start), min(stop, c.end)
            lead = lead_length(texts.get(c.doc, "")[start:stop])  # "NEW YORK - Republican ...": not the name's
            if 0 < lead < stop - start:
                dateline = texts.get(c.doc, "")[start : start + lead].strip(" -—–,:")
                start += lead
                if statement and dateline and dateline in statement:
                    statement = None  # "Donald Trump is NEW YORK - Republican ...": the fragment reads better
            words = _words(description, entity, found)
            if len(words) < 2 or (c.doc, start, stop) in seen:
                continue
            seen.add((c.doc, start, stop))
            text = texts.get(c.doc, "")
            out.append(SideFact(f"{c.doc}#{start}-{stop}", c.id, entity, Span(c.doc, start, stop, text[start:stop]), words, kind,
                                statement, _words(own_phrase(description), entity, found)))
    return out


def side_pairs(sides: Sequence[SideFact], outlet_of: Mapping[str, str | None], min_shared: int = 2,
               own_shared: int = 1) -> dict[tuple[int, int], float]:
    """Pairs (x < y) of side facts of two outlets that describe one entity alike: at least
    ``min_shared`` content words in common that are not title words, ``own_shared`` of them
    told in both descriptions' own phrases (:func:`newsprism.compare.side_phrases.own_phrase`): what
    each says its person is; weighed by the words they share."""
    by_entity: dict[str, list[int]] = {}
    for k, s in enumerate(sides):
        by_entity.setdefault(s.entity, []).append(k)
    out: dict[tuple[int, int], float] = {}
    for ks in by_entity.values():
        for a, x in enumerate(ks):
            for y in ks[a + 1:]:
                p, q = sides[x], sides[y]
                op, oq = outlet_key(outlet_of.get(p.doc)) or p.doc, outlet_key(outlet_of.get(q.doc)) or q.doc
                if p.doc == q.doc or op == oq:
                    continue
                if p.kind == q.kind == "title":
                    continue  # two titles before a name ("House Speaker Paul Ryan"): how outlets name him, not news
                shared = p.words & q.words
                if len(shared - TITLE_WORDS) < min_shared:
                    continue
                if len((p.own_words & q.own_words) - TITLE_WORDS) < own_shared:
                    continue  # "who worked as an immigration attorney before serving in Congress" / "a Republican
                    # of Idaho who has barely served two terms in Congress": two things said of him
                out[(x, y)] = len(shared) + len(shared) / len(p.words | q.words)
    return out
