"""What a claim sets its statement in, apart from what it states: not a fact two reports share.

A news sentence often places its act in time or under a condition: "a Clinton campaign memo was
released *as the polls closed*", "*If Sanders ultimately wins by 10 points or more*, it means he
succeeded in broadening his appeal". The clause that sets the time is not the fact — the main clause
is — and a main clause under a condition states nothing as done. Two reports that share only the
words of such a setting ("as the polls closed" / "projected ... immediately after polls closed") tell
two acts at one moment; a condition ("if Sanders wins ...") and a plain telling ("he benefited from
New Hampshire's open primaries, winning roughly 7 in 10") are no one statement.

- :func:`claim_settings`: for each claim, the content words it gives only in a setting — an adverbial
  clause opened by a subordinator of time or condition ("as", "when", "after", "if", ...) below the
  claim's main verb — and whether its main clause is said under a condition ("if" / "unless"; not a
  concessive "even if").
- :func:`setting_only`: every content word two claims share is in one claim's setting.
- :func:`condition_apart`: one claim's main clause is conditional, the other's is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from spacy.tokens import Doc, Span, Token

from newsprism.compare.claim_view import ClaimView, DocColumns, claim_clauses, terms_only_inside
from newsprism.compare.match import LIGHT
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

__all__ = ["Setting", "claim_settings", "clause_root", "condition_apart", "setting_only"]

# subordinators that open a clause giving the time of the main act or a condition on it
_TIME_MARKS = frozenset({"as", "when", "whenever", "after", "before", "while", "once", "until", "till"})
_CONDITION_MARKS = frozenset({"if", "unless"})


@dataclass(frozen=True)
class Setting:
    """What one claim says only as the setting of its statement."""

    terms: frozenset[str] = frozenset()  # content words (``Claim.terms``) told only in a time or condition clause
    conditional: bool = False  # the main clause is said under "if" / "unless"


def clause_root(span: Span) -> Token | None:
    """The head of the claim's clause: the token whose head lies outside the span, a verb first."""
    lo, hi = span.start, span.end  # (each token's head read once: asked of every claim, twice)
    tops = [t for t in span if not lo <= (h := t.head.i) < hi or h == t.i]
    verbs = [t for t in tops if t.pos_ in ("VERB", "AUX")]
    return next(iter(verbs or tops), None)


def _mark(tok: Token) -> str | None:
    """The subordinator opening an adverbial clause headed by ``tok``, lower-cased."""
    return next((c.lower_ for c in tok.children if c.dep_ == "mark"), None)


def _conditional(root: Token) -> bool:
    """The main clause has an "if"/"unless" clause attached, not a concessive "even if". (Not what
    someone is said to say: "Trump said women should be punished if the procedure is outlawed" tells
    as done that he said it.)"""
    for c in root.children:
        if c.dep_ != "advcl" or _mark(c) not in _CONDITION_MARKS:
            continue
        mark = next(m for m in c.children if m.dep_ == "mark")
        if mark.i > 0 and mark.doc[mark.i - 1].lower_ == "even":
            continue
        return True
    return False


def _setting_tokens(span: Span, root: Token, columns: DocColumns | None = None) -> set[int]:
    """The tokens of the span inside a time or condition clause below the main verb. (Not a phrase of a
    preposition of time: "disclose his intentions during a conference call" / "asked members to join him
    for a private conference call" tell one event, the call, whatever each tells of it.) ``columns``:
    the document's (``ClaimView.columns``), when the caller has them: only the adverbial clauses' heads
    are made tokens."""
    out: set[int] = set()
    if columns is None:
        heads: Iterable[Token] = span
    else:
        deps, advcl, doc = columns.deps, span.doc.vocab.strings["advcl"], span.doc
        heads = (doc[i] for i in range(span.start, span.end) if deps[i] == advcl)
    for t in heads:
        if t.dep_ != "advcl" or t == root:  # (the cheaper test first)
            continue
        # (a clause on a light main verb is the news itself: "The questions come as the Senate Foreign
        # Relations Committee begins its confirmation hearing for Sen. John Kerry")
        if _mark(t) in _TIME_MARKS | _CONDITION_MARKS and not (
                t.head == root and root.lemma_.lower() in LIGHT):
            out.update(x.i for x in t.subtree if span.start <= x.i < span.end)
    return out


def claim_settings(claims: Sequence[Claim], docs: Mapping[str, Doc],
                   views: Mapping[str, ClaimView] | None = None) -> dict[str, Setting]:
    """claim id -> its :class:`Setting`, for the claims that have one. ``views``: ``claim_views(claims,
    docs)`` when the caller has them."""
    out: dict[str, Setting] = {}
    for c, view in claim_clauses(claims, docs, views):
        span, root = view.span, view.root
        inside = _setting_tokens(span, root, view.columns)
        # (what the rest of the span tells only matters against words told inside: most claims tell
        # none there)
        setting = Setting(terms_only_inside(view, inside), _conditional(root))
        if setting.terms or setting.conditional:
            out[c.id] = setting
    return out


def setting_only(a: Claim, b: Claim, sa: Setting | None, sb: Setting | None, p: Proposition | None,
                 q: Proposition | None) -> bool:
    """Every content word the two claims share, names too, two at least, one of them tells only in its
    setting, and they share no figure: the moment both give, not the act. (A name both give outside it is an actor
    they share: "Biden traveled to the Capitol Wednesday for a private meeting with House Democrats" /
    "Biden planned to return to Capitol Hill to meet with House Democrats as Obama sought to quell the
    uproar about the tax deal" share more than the deal.)"""
    if p is None or q is None or p.figures & q.figures or (sa is None and sb is None):
        return False
    shared = set(a.terms) & set(b.terms)
    # (one word is too little to say what they share is the moment: "But the vans returned soon after, after
    # militiamen blocked the way and said they did not have Syrian government permission" / "they were turned
    # away by pro-government militias" share "government" and tell one turning back; act_senses.one_word reads
    # the acts of a pair with one word in common)
    return len(shared) > 1 and any(s is not None and shared <= s.terms for s in (sa, sb))


def condition_apart(sa: Setting | None, sb: Setting | None) -> bool:
    """One claim's main clause is said under a condition, the other's is not: a hypothetical is no
    telling of what happened."""
    return bool(sa is not None and sa.conditional) != bool(sb is not None and sb.conditional)
