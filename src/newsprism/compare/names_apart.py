"""Two people's acts that share nothing but names: no fact in common.

Reports of one story name the same people over and over; two sentences can share every name and
title and still tell two things done by two people: "Clinton's chief Democratic rival, Sen. Bernie
Sanders of Vermont, was the only major candidate who skipped the AIPAC meeting" / "Clinton's
aggressive attack on Trump indicates she is pivoting to a general election campaign ... after a
string of primary wins over Vermont Sen. Bernie Sanders". What one tells of Sanders (he skipped),
the other does not tell of him; who does each act differs.

:func:`names_apart`: each claim's doer is someone named (or "he"/"she" read as the person last
named), the two doers none in common, one of them someone both claims name (what one tells that
person did, the other does not tell), every content word the claims share is, in both, a word of
who or what they name (``Proposition.named_terms``: names with their titles and descriptions), and
no figure in common. The acts' agreement is the caller's to rule out (a same act of two doers — "Clinton
won Delaware" / "Sanders won Rhode Island" — is another rule's matter).
"""

from __future__ import annotations

from newsprism.compare.match import _named
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

__all__ = ["names_apart"]


def names_apart(a: Claim, b: Claim, p: Proposition | None, q: Proposition | None) -> bool:
    """The two claims' named doers differ and all they share is words of names (see the module)."""
    if p is None or q is None or p.figures & q.figures:
        return False
    doers_a, doers_b = _named(p.agents), _named(q.agents)
    if not doers_a or not doers_b or doers_a & doers_b:
        return False
    # (one of them tells what a person both name did: a name both give only in passing — "pleaded guilty to
    # conspiracy before U.S. District Judge Robert L. Wilkins" / "before U.S. District Judge Robert L. Wilkins in
    # Washington, D.C." — may be where one act took place)
    doers = {x[1:] for x in doers_a | doers_b}
    if not doers & set(a.entities) & set(b.entities):
        return False
    shared = set(a.terms) & set(b.terms)
    return bool(shared) and shared <= (p.named_terms & q.named_terms)
