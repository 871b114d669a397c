"""What a claim tells only as the circumstances of its act, and two claims whose acts share nothing.

Beside the time and condition clauses :mod:`newsprism.compare.settings` reads, news sentences tell
the time or the cause of an act in a preposition's clause without a subject of its own: "calling
on attendees to oppose “bigotry” *after citing Trump's proposed temporary ban on Muslims entering
the U.S.*", "had been a source of controversy, largely *because of the businessman's rhetoric
singling out immigrants and calling for a ban on Muslims entering the United States*". What such a
clause tells is the occasion or the reason, not the act.

- :func:`claim_circumstances`: for each claim, the content words it gives only in its circumstances —
  a time or condition clause (``newsprism.compare.settings._setting_tokens``) or a time or cause
  preposition whose object is a clause ("after citing", "because of the rhetoric calling for ...";
  not a noun alone: "during a conference call" tells the event itself).
- :func:`acts_apart`: two claims sharing words (two at least) of which none is told by both outside
  their circumstances: each shared word is, in one of them, only the occasion or the reason — the two
  acts told have no word in common.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from spacy.tokens import Doc, Span, Token

from newsprism.compare.claim_view import ClaimView, DocColumns, terms_only_inside
from newsprism.compare.match import LIGHT
from newsprism.compare.claim_view import claim_clauses
from newsprism.compare.settings import _setting_tokens
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

__all__ = ["acts_apart", "claim_circumstances"]

# prepositions that set an act in time, or give its cause, when their object is a clause
_TIME_PREPOSITIONS = frozenset({"after", "before", "since", "until", "upon"})
_CAUSE_PREPOSITIONS = frozenset({"because"})


def _reduced_clause(prep: Token) -> bool:
    """A preposition of time or cause whose object is a clause: a verb as its complement ("after citing"),
    or through "of" ("because of the rhetoric singling out ...")."""
    if prep.dep_ != "prep" or prep.lower_ not in _TIME_PREPOSITIONS | _CAUSE_PREPOSITIONS:
        return False
    return any(c.dep_ == "pcomp" and c.pos_ == "VERB" for c in prep.children)


def _circumstance_tokens(span: Span, root: Token, columns: DocColumns) -> set[int]:
    out = _setting_tokens(span, root, columns)
    # (only the prepositions are made tokens)
    deps, prep, doc = columns.deps, span.doc.vocab.strings["prep"], span.doc
    for t in (doc[i] for i in range(span.start, span.end) if deps[i] == prep):
        if not _reduced_clause(t):
            continue
        # (a time on a light main verb is the news itself, as for a time clause: "comes after ...")
        if t.lower_ in _TIME_PREPOSITIONS and t.head == root and root.lemma_.lower() in LIGHT:
            continue
        out.update(x.i for x in t.subtree if span.start <= x.i < span.end)
    return out


def claim_circumstances(claims: Sequence[Claim], docs: Mapping[str, Doc],
                        views: Mapping[str, ClaimView] | None = None) -> dict[str, frozenset[str]]:
    """claim id -> the content words it tells only in its circumstances, for the claims that have any.
    ``views``: ``claim_views(claims, docs)`` when the caller has them."""
    out: dict[str, frozenset[str]] = {}
    for c, view in claim_clauses(claims, docs, views):
        inside = _circumstance_tokens(view.span, view.root, view.columns)
        if not inside:
            continue
        only = terms_only_inside(view, inside)
        if only:
            out[c.id] = only
    return out


def acts_apart(a: Claim, b: Claim, ca: frozenset[str], cb: frozenset[str], p: Proposition | None,
               q: Proposition | None) -> bool:
    """Two words in common at least, no figure, and none of them told by both claims outside their
    circumstances (``ca``, ``cb``: :func:`claim_circumstances`)."""
    if p is None or q is None or p.figures & q.figures or not (ca or cb):
        return False
    shared = set(a.terms) & set(b.terms)
    return len(shared) > 1 and not (set(a.terms) - ca) & (set(b.terms) - cb) & shared
