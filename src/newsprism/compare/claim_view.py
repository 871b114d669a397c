"""Each claim as its parse reads it, made once per story for the stages that read a claim's tokens.

:func:`newsprism.compare.facts.build_facts` asks several stages what a claim's parse tells beside its
proposition: its setting (:mod:`~newsprism.compare.settings`), its circumstances
(:mod:`~newsprism.compare.circumstances`), the words of its doer (:mod:`~newsprism.compare.doer_words`),
the objects of its acts (:mod:`~newsprism.compare.act_objects`). Each found the claim's tokens anew
(``Doc.char_span``), its clause's head, and made a ``Token`` object of every token to test its part of
speech or its dependency. A :class:`ClaimView` holds the claim's span and clause head, made once, with
its document's columns (``extract.propositions.DocColumns``: one ``Doc.to_array`` per document, the
ones the propositions read), so that a stage tests a token by its ids and makes a ``Token`` only of
those that matter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterator, Mapping, Sequence

from spacy.parts_of_speech import IDS
from spacy.tokens import Doc, Span, Token

from newsprism.extract.claims import Claim, content_terms
from newsprism.extract.doc_columns import DocColumns

__all__ = ["ClaimView", "claim_clauses", "claim_views", "terms_only_inside"]

_VERB, _AUX = IDS["VERB"], IDS["AUX"]


@dataclass(frozen=True)
class ClaimView:
    """One claim's tokens (its character span expanded to whole tokens), the head of its clause
    (``settings.clause_root``'s rule) and its document's columns."""

    span: Span
    root: Token
    columns: DocColumns


def _clause_root(lo: int, hi: int, columns: DocColumns, doc: Doc) -> Token:
    """``settings.clause_root`` of the tokens ``lo``..``hi`` (at least one) from the columns: the first
    token whose head is itself or outside them, a verb first."""
    heads, pos = columns.heads, columns.pos
    tops = [i for i in range(lo, hi) if not lo <= (h := heads[i]) < hi or h == i]
    verb = next((i for i in tops if pos[i] == _VERB or pos[i] == _AUX), tops[0])
    return doc[verb]


def claim_views(claims: Sequence[Claim], docs: Mapping[str, Doc],
                columns: dict[str, DocColumns] | None = None) -> dict[str, ClaimView]:
    """claim id -> its :class:`ClaimView`, for each claim whose document's parse is in ``docs`` and
    whose span holds a token. ``columns``: the story's document columns made so far (``StoryReads.columns``),
    filled with those missing."""
    columns = columns if columns is not None else {}
    out: dict[str, ClaimView] = {}
    for c in claims:
        doc = docs.get(c.doc)
        span = doc.char_span(c.start, c.end, alignment_mode="expand") if doc is not None else None
        if span is None or not len(span):
            continue
        if c.doc not in columns:
            columns[c.doc] = DocColumns.of(span.doc)
        out[c.id] = ClaimView(span, _clause_root(span.start, span.end, columns[c.doc], span.doc), columns[c.doc])
    return out


def terms_only_inside(view: ClaimView, inside: Collection[int]) -> frozenset[str]:
    """The content words (``content_terms``) of the tokens ``inside`` (indices in the claim's span)
    that no other token of the span gives. The rest of the span is read only for those words: a token
    is tested as a content word only when its lemma is one of them (most claims leave none after a few
    tokens)."""
    doc, span = view.span.doc, view.span
    left = set(content_terms(doc[i] for i in sorted(inside)))
    if not left:
        return frozenset()
    lemmas = view.columns.low
    for i in range(span.start, span.end):
        if lemmas[i] in left and i not in inside and content_terms((doc[i],)):
            left.discard(lemmas[i])
            if not left:
                break
    return frozenset(left)


def claim_clauses(claims: Sequence[Claim], docs: Mapping[str, Doc],
                  views: Mapping[str, ClaimView] | None = None) -> Iterator[tuple[Claim, ClaimView]]:
    """(claim, its view: span in the parse, clause root, columns) of each claim that has a span.
    ``views``: ``claim_views(claims, docs)`` when the caller has them."""
    views = views if views is not None else claim_views(claims, docs)
    for c in claims:
        view = views.get(c.id)
        if view is not None:
            yield c, view
