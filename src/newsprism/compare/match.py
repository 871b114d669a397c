"""Whether two claims' propositions state the same fact.

Propositions (:mod:`newsprism.extract.propositions`) are compared on their
arguments, not their words:

- they **contradict** when their agents are different resolved entities
  ("Kerry spoke with Cavusoglu" does not state that Lavrov did), or, for the
  same action, one is negated and the other not ("approved" / "did not approve");
- their **predicates agree** when they are the same lemma, the same event class
  of the news-event lexicon, or close in the embedding space (a static vector
  per lemma: "release"/"unveil", "endorse"/"back");
- their **arguments agree** when they share an anchored item — a resolved
  entity or a figure — in the same role (agent with agent, patient with
  patient; a passive's subject is its patient, so voice does not matter), or a
  figure anywhere.

:class:`PredicateSimilarity` caches the lemma vectors of one story.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from newsprism.extract.propositions import Proposition

__all__ = ["PredicateSimilarity", "actions_compatible", "contradicts", "predicates_agree", "shared_anchors",
           "propositions_agree"]

# predicates that carry no action of their own: their arguments tell the fact
LIGHT = frozenset({"", "be", "have", "do", "make", "take", "give", "get", "come", "go", "become", "seem", "appear"})


@dataclass
class PredicateSimilarity:
    """Cosine of two predicate lemmas under ``embedder`` (a static model: one
    vector per lemma, computed once per story); 0 without an embedder."""

    embedder: object | None = None
    _vectors: dict[str, np.ndarray] = field(default_factory=dict)

    def prepare(self, lemmas: Sequence[str]) -> None:
        todo = sorted({x for x in lemmas if x and x not in self._vectors})
        if not todo or self.embedder is None:
            return
        vectors = self.embedder.encode(todo)  # type: ignore[attr-defined]
        for lemma, v in zip(todo, vectors):
            self._vectors[lemma] = np.asarray(v, dtype=np.float32)

    def __call__(self, a: str, b: str) -> float:
        if a == b:
            return 1.0
        va, vb = self._vectors.get(a), self._vectors.get(b)
        if va is None or vb is None:
            self.prepare([a, b])
            va, vb = self._vectors.get(a), self._vectors.get(b)
            if va is None or vb is None:
                return 0.0
        return float(va @ vb)


def contradicts(p: Proposition, q: Proposition, same_predicate: bool = True) -> bool:
    """Different resolved agents, or — for the same action — opposite polarity
    ("approved" / "did not approve"). A hedge ("is expected to plead guilty" /
    "pleaded guilty") tells the same fact at another time: not a contradiction."""
    if same_predicate and p.negated != q.negated:
        return True
    if p.figures & q.figures:
        return False  # the same figures told from another subject ("Romney leads with 21 percent" / "Trump trails ... 21 percent")
    if len(p.pronouns) == 1 and len(q.pronouns) == 1 and p.pronouns != q.pronouns:
        return True  # "he resigned" / "she resigned": two people
    ap = {a for a in p.agents if a.startswith("@")}
    aq = {a for a in q.agents if a.startswith("@")}
    return bool(ap and aq and not ap & aq)


def predicates_agree(p: Proposition, q: Proposition, similarity: PredicateSimilarity, threshold: float) -> bool:
    if p.predicate == q.predicate and p.predicate not in LIGHT:
        return True
    if p.kind is not None and p.kind == q.kind:
        return True
    # one clause's action among the other's verbs ("retaliated, shelling X" / "shelled X in retaliation"),
    # not among what modifies a noun ("much-praised", "the delegates you need to win"; Proposition.aside_kinds)
    if (p.kind is not None and p.kind in q.kinds - q.aside_kinds) or (q.kind is not None and q.kind in p.kinds - p.aside_kinds):
        return True
    if p.predicate in LIGHT or q.predicate in LIGHT:
        return False
    return similarity(p.predicate, q.predicate) >= threshold


_DEAL = "~deal"  # the participant class of "deal", "agreement", "pact", "truce" (newsprism.extract.claims)


def _nominalises(noun: str, verb: str) -> bool:
    """``noun`` names the action of ``verb`` ("acceptance" / "accept", "nomination" /
    "nominate", "deal" / "deal"): the same word, or the noun begins with the verb's stem
    (its last letter dropped, at least four letters kept) and goes on by a few letters."""
    if noun == verb:
        return True
    stem = verb[:-1] if len(verb) > 5 else verb
    return len(stem) >= 4 and noun.startswith(stem) and len(noun) - len(stem) <= 5


def _nominalised(verbs, nouns: frozenset[str]) -> bool:
    """Whether a noun of ``nouns`` names the action of a verb of ``verbs`` (:func:`_nominalises` of
    some pair), each verb's stem cut once: a large story asks it of ~20,000 pairs of clauses."""
    for verb in verbs:
        if verb in nouns:
            return True
        stem = verb[:-1] if len(verb) > 5 else verb
        if len(stem) >= 4:
            longest = len(stem) + 5
            if any(n.startswith(stem) and len(n) <= longest for n in nouns):
                return True
    return False


def actions_compatible(p: Proposition, q: Proposition, similarity: PredicateSimilarity, threshold: float) -> bool:
    """The two clauses may tell one action: their predicates agree, or one's main verb is an
    action of the other ("retaliated, shelling" / "shelled in retaliation") or named by its noun
    ("accepted $200,000" / "her acceptance of campaign contributions"), or one names a deal the
    other's brokering made. An action both tell away from their main verbs (the same verb or event
    class, or a verb and its noun, anywhere in the clauses) counts only when the two main verbs
    also have a resolved argument in common ("hoped for a finish ... heading into South Carolina" /
    "waged a battle ... when the campaign heads to South Carolina" is two things). False only on
    evidence: two clauses whose main verbs tell an action each and none of these holds."""
    if predicates_agree(p, q, similarity, threshold):
        return True
    for x, y in ((p, q), (q, p)):
        v = x.predicate
        if v and not v.startswith("be ") and (v in y.actions or _nominalised((v,), y.nominals)):
            return True
    # a deal (an agreement, a pact) is what brokering, mediating or agreeing makes: "under a deal
    # between Russia and Turkey" / "mediated by Turkey and Russia"
    if any(_DEAL in x.nominals and (_DEAL in y.nominals or "broker" in y.kinds) for x, y in ((p, q), (q, p))):
        return True
    # (the argument in common first: it is a few set operations, and most pairs have none; the
    # actions anywhere pair every verb of one clause with every noun of the other)
    if not (shared_anchors(p, q) or _named(p.agents | p.patients) & _named(q.agents | q.patients)):
        return False
    return bool((p.kinds & q.kinds) - {"say"} or p.actions & q.actions) or _nominalised(p.actions, q.nominals) \
        or _nominalised(q.actions, p.nominals)


def _named(items: frozenset[str]) -> set[str]:
    """Entities named or (for "he", "she") guessed, as one kind of item."""
    return {"@" + a[1:] for a in items if a[:1] in "@?"}


def shared_anchors(p: Proposition, q: Proposition) -> set[str]:
    """Anchored items (entities, figures) the two share in the same role, and shared figures."""
    same_role = (_named(p.agents) & _named(q.agents)) | (_named(p.patients) & _named(q.patients))
    return same_role | (p.figures & q.figures)


def propositions_agree(p: Proposition, q: Proposition, similarity: PredicateSimilarity, threshold: float) -> bool:
    """The same fact by its arguments: no contradiction, compatible predicates and
    a shared anchored argument in the same role."""
    if not predicates_agree(p, q, similarity, threshold):
        return False
    return not contradicts(p, q) and bool(shared_anchors(p, q))
