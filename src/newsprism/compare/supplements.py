"""The writer's asides: a non-restrictive relative clause or an apposition set off on a name.

"Some Republicans said that Perry, *who famously forgot the third agency*, would struggle": the
clause between the commas is not what the Republicans said but what the writer tells the reader
of Perry. Such supplements are speaker-oriented and scopeless — they escape a verb of saying, a
negation or a condition above them (Potts 2005, *The Logic of Conventional Implicatures*) — so a
judging word in one is the outlet's own, wherever its sentence reports someone else
(``evaluative.reported_or_negated``, ``framing``). A restrictive clause ("candidates who famously
forgot their lines") picks out whom the reported words are about and stays theirs.
"""

from __future__ import annotations

from spacy.tokens import Token

__all__ = ["supplement", "in_supplement"]

_SET_OFF = frozenset(", — – -- ( )".split())
_SENTENCE_ENDS = frozenset(". ! ? ; :".split())


def supplement(tok: Token) -> bool:
    """Whether ``tok`` heads a supplement on a name: a relative clause or an apposition after a proper
    noun, set off from it by a comma, a dash or a bracket and closed by one or by the sentence's end
    ("Trump, who previously flirted with a bid, ...", "Jones, a notorious liar, ...")."""
    if tok.dep_ not in ("relcl", "appos"):
        return False
    head, doc = tok.head, tok.doc
    lo, hi = tok.left_edge.i, tok.right_edge.i
    if head.pos_ != "PROPN" or head.i >= lo or lo == 0 or doc[lo - 1].text not in _SET_OFF:
        return False
    return hi + 1 >= tok.sent.end or doc[hi + 1].text in _SET_OFF | _SENTENCE_ENDS


def in_supplement(tok: Token) -> bool:
    """Whether ``tok`` is inside a :func:`supplement` of its sentence."""
    t = tok
    while t.head.i != t.i:
        if supplement(t):
            return True
        t = t.head
    return False
