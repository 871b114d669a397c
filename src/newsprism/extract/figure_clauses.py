"""What the clause holding a figure says happened: its verb, and whether the figure counts who does it.

A figure is told inside a clause: "a task force released a 225-page report" tells a release of the
report the figure measures, "The 225-page report also called for ..." tells what the report asks
for. Two claims sharing the figure state one fact only when their figure clauses tell one act
(:mod:`newsprism.compare.figure_acts`). The clause is the first verb above the figure in the parse
(the figure's noun, then what that noun hangs on, up to a verb), with the nouns met on the way
("225-page report" -> *page*, *report*: "the release of a 225-page report" names the act by its noun).

Read by :func:`newsprism.extract.propositions.proposition_of` (``Proposition.figure_acts``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from spacy.tokens import Doc, Token

from newsprism.model import Figure

__all__ = ["FigureAct", "figure_acts"]

_VERBS = frozenset({"VERB", "AUX"})
# how far up the parse a figure's clause is looked for: "a 225-page report" is two steps from its verb
_MAX_STEPS = 6


@dataclass(frozen=True)
class FigureAct:
    """The clause a figure (``"#<value>"``, as ``Proposition.figures``) is told in."""

    figure: str
    verb: str  # the lemma of the clause's verb, lower-cased ("release")
    kind: str | None  # its act class (``propositions.act_class``: "publish")
    nouns: frozenset[str]  # the lemmas of the nouns between the figure and the verb ("page", "report")
    # the figure is in who does the act: its subject or a passive's "by" agent ("nearly 90 professors
    # ... sent a letter", "a letter ... signed by nearly 90 faculty"): it counts the doers
    counts_doers: bool = False


def _clause_verb(tok: Token) -> tuple[Token | None, list[Token], Token | None]:
    """The first verb at or above ``tok``, the nouns met on the way (``tok`` included) and the
    verb's child the way comes through (None when ``tok`` is the verb)."""
    nouns: list[Token] = []
    below: Token | None = None
    phrases = 0
    for _ in range(_MAX_STEPS):
        if tok.pos_ in _VERBS:
            return tok, nouns, below
        if tok.pos_ in ("NOUN", "PROPN"):
            nouns.append(tok)
        # a figure deep in a phrase of phrases ("After months of focus on the 2,383 delegates needed
        # for the nomination, her campaign has begun ...") is no argument of the verb above them all
        # ("a group of nearly 90 professors" is one noun phrase: "of" counts no phrase)
        phrases += tok.dep_ == "prep" and tok.lower_ != "of"
        if tok.head is tok or phrases > 1:
            break
        below, tok = tok, tok.head
    return None, nouns, None


def _doer(child: Token, verb: Token) -> bool:
    """``child`` of ``verb`` is who does it: the subject, or a past participle's "by" phrase (the
    parser may hang "signed by ..." on another verb as a conjunct and call "by" a preposition)."""
    return child.dep_ in ("nsubj", "agent") or (child.lower_ == "by" and verb.tag_ == "VBN")


def figure_acts(figures: tuple[Figure, ...] | list[Figure], doc: Doc, lo: int,
                kind_of: Callable[[Token], str | None]) -> tuple[FigureAct, ...]:
    """The clause of each figure written with digits from offset ``lo`` on (the claim's own sentence,
    not a dateline carried into it); ``kind_of(verb)``: the class of the act a verb tells."""
    out: list[FigureAct] = []
    for f in figures:
        if f.value in (None, "") or not any(ch.isdigit() for ch in f.text) or f.start < lo:
            continue
        span = doc.char_span(f.start, f.end, alignment_mode="expand")
        if span is None or not len(span):
            continue
        verb, nouns, below = _clause_verb(span.root)
        if verb is None:
            continue
        out.append(FigureAct(f"#{f.value}", verb.lemma_.lower(), kind_of(verb),
                             frozenset(n.lemma_.lower() for n in nouns),
                             below is not None and _doer(below, verb)))
    return tuple(out)
