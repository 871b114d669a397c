"""One doer's one kind of act done with or to other people or things: two facts, not one.

"Before a larger meeting ..., the attorney general met with several students" and "Attorney
General Eric H. Holder Jr. arrived in St. Louis on Wednesday, meeting with community leaders and
federal investigators" tell one man meeting twice: the act is the same word, what it was done
with differs. A verb's object (or what it is done "with") picks out the act as much as its doer:
the same doer and act with other objects, none alike in meaning, is another occasion. The act is
read wherever a claim tells it — its main verb, a participle, or the act's "-ing" noun ("during a
meeting with about 50 community leaders") — but one claim must tell it as its main verb, so that
a claim whose news is something else ("made the comments during a meeting") is compared by
what it is about.

Only common nouns are compared: a name against a noun ("met Putin" / "met the Russian president")
may be one thing told two ways, and is left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from spacy.parts_of_speech import IDS
from spacy.tokens import Doc, Token

from newsprism.compare.claim_view import ClaimView, claim_views
from newsprism.compare.other_things import nouns_alike
from newsprism.extract.claims import Claim

__all__ = ["ActObjects", "act_objects", "other_objects"]

# the relations by which a verb, or the "-ing" noun of its act, takes whom or what the act is done to
_OBJECT_DEPS = frozenset({"dobj"})
_WITH = frozenset({"with"})
_VERB, _NOUN = IDS["VERB"], IDS["NOUN"]
_NO_ACT: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ActObjects:
    """What one claim tells done to or with whom: act key (a verb's lemma) -> the common-noun lemmas
    of its objects. An act with a name or a pronoun among its objects is left out (not comparable)."""

    acts: Mapping[str, frozenset[str]]


def _act_keys(tok: Token) -> frozenset[str]:
    """The act a token tells: a verb's lemma, or for an "-ing" noun ("meeting") the verb it is made of."""
    # (the tag's id first, the lemma only of a verb or a noun)
    pos = tok.pos
    return _lemma_keys(pos, tok.lemma_.lower()) if pos == _VERB or pos == _NOUN else _NO_ACT


def _lemma_keys(pos: int, lemma: str) -> frozenset[str]:
    """:func:`_act_keys` of a token from its POS id and its lower-cased lemma (``DocColumns.low``)."""
    if pos == _VERB:
        return frozenset({lemma})
    if pos == _NOUN and lemma.endswith("ing") and len(lemma) > 5:
        return frozenset({lemma[:-3]})
    return _NO_ACT


def _objects(tok: Token) -> list[Token] | None:
    """The heads of the act's objects and "with" phrases, with their conjuncts; None when one is a name
    or a pronoun."""
    heads: list[Token] = []
    for child in tok.children:
        if child.dep_ in _OBJECT_DEPS:
            heads.append(child)
        elif child.dep_ == "prep" and child.lower_ in _WITH:
            heads.extend(g for g in child.children if g.dep_ == "pobj")
    out: list[Token] = []
    for h in heads:
        out.append(h)
        out.extend(c for c in h.conjuncts if c.i > h.i)
    if any(x.pos_ != "NOUN" for x in out):
        return None
    return out


def act_objects(claims: Sequence[Claim], docs: Mapping[str, Doc],
                views: Mapping[str, ClaimView] | None = None) -> dict[str, ActObjects]:
    """claim id -> the acts it tells with their common-noun objects (only acts that have objects).
    ``views``: ``claim_views(claims, docs)`` when the caller has them."""
    views = views if views is not None else claim_views(claims, docs)
    out: dict[str, ActObjects] = {}
    for c in claims:
        view = views.get(c.id)
        if view is None:
            continue
        acts: dict[str, set[str]] = {}
        blocked: set[str] = set()
        span, doc, pos, lemmas = view.span, view.span.doc, view.columns.pos, view.columns.low
        # (a token that tells an act is made a Token for its objects; the others are read from the columns)
        for i in range(span.start, span.end):
            p = pos[i]
            keys = _lemma_keys(p, lemmas[i]) if p == _VERB or p == _NOUN else _NO_ACT
            if not keys:
                continue
            tok = doc[i]
            objs = _objects(tok)
            if objs is None:
                blocked |= keys
                continue
            for k in keys:
                if objs:
                    acts.setdefault(k, set()).update(o.lemma_.lower() for o in objs)
        kept = {k: frozenset(v) for k, v in acts.items() if k not in blocked}
        if kept:
            out[c.id] = ActObjects(kept)
    return out


def other_objects(main_a: str, main_b: str, a: ActObjects | None, b: ActObjects | None,
                  similarity: Callable[[str, str], float]) -> bool:
    """One act (the main verb ``main_a`` or ``main_b`` of one claim, told anywhere in the other) done
    with or to common nouns in each, none alike in meaning (:func:`newsprism.compare.other_things.nouns_alike`)."""
    if a is None or b is None:
        return False
    for key in {main_a, main_b} & a.acts.keys() & b.acts.keys():
        oa, ob = a.acts[key], b.acts[key]
        if oa and ob and not any(nouns_alike(x, y, similarity) for x in oa for y in ob):
            return True
    return False
