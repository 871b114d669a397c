"""Words a claim gives only in who does its act: no act two reports share.

A report names its actor with a description — a title, a party, a home state, an apposition: "The
Independent Vermont senator vowed last month to take his campaign all the way to the convention",
"Clinton's chief Democratic rival, Sen. Bernie Sanders of Vermont, was the only major candidate who
skipped the AIPAC meeting". Another report of the story may give the same words anywhere ("He has run in
Vermont as an independent"). When every word two claims share is, in one of them, a word of its named
subject's phrase, and the other states it of someone, they share who someone is and nothing of what is
told: one person, two acts, not one fact.

- :func:`doer_terms`: for each claim, the content words it gives only in the subject phrase of its main
  verb (with its titles, modifiers and apposition).
- :func:`doer_only`: every content word two claims share is in one claim's subject phrase, someone
  named, and the other states one of them outside a name; no figure in common.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.claim_view import ClaimView, claim_clauses, terms_only_inside
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

__all__ = ["doer_only", "doer_terms"]

_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def doer_terms(claims: Sequence[Claim], docs: Mapping[str, Doc],
               views: Mapping[str, ClaimView] | None = None) -> dict[str, frozenset[str]]:
    """claim id -> the content words (``Claim.terms``) it tells only in its main verb's subject phrase.
    ``views``: ``claim_views(claims, docs)`` when the caller has them."""
    out: dict[str, frozenset[str]] = {}
    for c, view in claim_clauses(claims, docs, views):
        span = view.span
        inside = {x.i for s in view.root.children if s.dep_ in _SUBJECTS for x in s.subtree
                  if span.start <= x.i < span.end}
        only = terms_only_inside(view, inside)
        if only:
            out[c.id] = only
    return out


def doer_only(a: Claim, b: Claim, da: frozenset[str], db: frozenset[str], p: Proposition | None,
              q: Proposition | None) -> bool:
    """Every content word the two claims share one of them tells only in its subject's phrase (``da``,
    ``db``: :func:`doer_terms`), that subject someone named (a resolved doer: "Her victories in
    Pennsylvania, Maryland, Connecticut and Delaware" is an event told, no one's description), and the
    other claim tells one of those words outside who or what it names (``Proposition.named_terms``):
    what describes one's doer is something the other states ("He has run in Vermont as an independent"),
    not the act of the first. (Where the other names the person in those words too — "the report did get
    support from at least one Newtown parent: Mark Mattioli" / "Mark Mattioli, the father of one Newtown
    shooting victim, also spoke ... to applaud the review effort" — both may tell one act in other words.)
    No figure in common."""
    if p is None or q is None or p.figures & q.figures:
        return False
    shared = set(a.terms) & set(b.terms)
    if not shared:
        return False
    for mine, doer, other in ((da, p, q), (db, q, p)):
        if shared <= mine and any(x[:1] in "@?" for x in doer.agents) and shared - other.named_terms:
            return True
    return False
