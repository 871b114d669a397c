"""Whether two claims that share a figure tell one act with it.

A figure both claims give is strong evidence of one fact only when it is told of the same thing
happening: "a National Rifle Association task force released a 225-page report" and "The 225-page
report also called for states to require schools to conduct a safety assessment" both measure the
report, but in one the report is released and in the other it does something — asks for something
else. Two claims tell other acts of the figure's thing when, in the clauses that hold it
(:mod:`newsprism.extract.figure_clauses`), the thing does the act in one (the figure in the subject or
a passive's "by" phrase) and not in the other, and the two verbs tell no one act (not the same verb
or act class, no verb the other names by its noun, lemma vectors apart). Where the figure stands in
the same role in both ("nearly 90 professors ... sent Ryan a letter" / "a letter ... signed by nearly
90 faculty members": one group, what it did told in each report's words) the verbs alone decide
nothing. A clause whose verb tells no act of its own (a light verb, a copula, a verb of saying: "the
report is 225 pages") is no evidence either way. Who does the act is the who-did-it rule's
(:func:`newsprism.compare.fact_links.claim_agents`, which knows that "a National Rifle Association task
force released" is Hutchinson's act when the story says he led it).
"""

from __future__ import annotations

from newsprism.compare.match import LIGHT, PredicateSimilarity, _nominalised
from newsprism.extract.figure_clauses import FigureAct
from newsprism.extract.propositions import Proposition
from newsprism.lexicon import PLAIN_SAYING_VERBS

__all__ = ["figure_acts_differ"]


def _no_act(a: FigureAct) -> bool:
    return a.verb in LIGHT or a.verb in PLAIN_SAYING_VERBS or a.kind == "say"


def _one_act(x: FigureAct, y: FigureAct, similarity: PredicateSimilarity, threshold: float) -> bool:
    """The two clauses may tell one act of the figure (unknown counts as may)."""
    if _no_act(x) or _no_act(y):
        return True
    if x.counts_doers == y.counts_doers:
        # the figure's thing in one role in both ("nearly 90 professors ... sent a letter" / "a letter
        # ... signed by nearly 90 faculty"): one group, whose doing each report tells in its own words
        return True
    return (x.verb == y.verb or (x.kind is not None and x.kind == y.kind)
            or _nominalised((x.verb,), y.nouns) or _nominalised((y.verb,), x.nouns)
            or similarity(x.verb, y.verb) >= threshold)


def figure_acts_differ(p: Proposition, q: Proposition, similarity: PredicateSimilarity, threshold: float) -> bool:
    """The two propositions share a figure and, for every figure they share, each telling of it is
    in a clause of another act than every telling of the other's, the figure's thing doing the act in
    one and not in the other. False when a shared figure's clause is unread in either."""
    shared = p.figures & q.figures
    if not shared:
        return False
    for figure in shared:
        xs = [a for a in p.figure_acts if a.figure == figure]
        ys = [a for a in q.figure_acts if a.figure == figure]
        if not xs or not ys or any(_one_act(x, y, similarity, threshold) for x in xs for y in ys):
            return False
    return True
