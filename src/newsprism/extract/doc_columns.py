"""A parse's columns: what the propositions (and ``compare.claim_view``) read of each token of a
document, one ``Doc.to_array`` per document instead of a ``Token`` object per token — each token's head,
part of speech, character offset, lower-cased lemma and dependency label, and whether it modifies a noun
or names an event as the setting of the clause's action (``Proposition.aside_kinds``)."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.parts_of_speech import IDS
from spacy.tokens import Doc, Token

__all__ = ["DocColumns"]

_VERB, _NOUN = IDS["VERB"], IDS["NOUN"]


@dataclass(frozen=True)
class DocColumns:
    """A parse's columns read per token (one ``Doc.to_array`` per document, not a ``Token`` object per
    token): each token's head index, POS id, character offset and dependency label's id (the
    propositions', and ``compare.claim_view``'s)."""

    heads: list[int]
    pos: list[int]
    idx: list[int]
    # the tokens that modify a noun (an adjectival participle, a relative clause that picks the
    # noun out) or name an event as the time of the action (see Proposition.aside_kinds)
    modifier: list[bool]
    # each token's lemma, lower-cased (``Token.lemma_.lower()``; each distinct lemma read once)
    low: list[str]
    deps: list[int]  # the dependency label's hash (``Token.dep``)

    @classmethod
    def of(cls, doc: Doc) -> "DocColumns":
        from spacy.attrs import DEP, HEAD, IDX, POS

        if not len(doc):
            return cls([], [], [], [], [], [])
        # HEAD is stored relative (head.i - i) in unsigned ints: as int64 it is signed again
        import numpy as np
        from spacy.attrs import LEMMA

        rel, pos, idx = doc.to_array([HEAD, POS, IDX]).astype("int64").T.tolist()
        deps = doc.to_array(DEP).tolist()
        strings = doc.vocab.strings
        values, where = np.unique(doc.to_array(LEMMA).reshape(-1), return_inverse=True)
        lows = [strings[h].lower() for h in values.tolist()]
        low = [lows[k] for k in where.reshape(-1).tolist()]
        mods = {strings[d] for d in _NOUN_MODIFIERS}
        relcl = strings["relcl"]
        # a relative clause set off by a comma or dash ("Comey's news conference, in which he laid
        # out ... but announced he wouldn't recommend prosecuting her, was ...") tells its action
        # as a statement of its own; one that picks out its noun ("the delegates that you need to
        # win") does not
        modifier = [d in mods and not (d == relcl and _set_off(doc[i])) for i, d in enumerate(deps)]
        heads = [i + r for i, r in enumerate(rel)]
        for i in _events_as_setting(doc, heads, pos, deps):
            modifier[i] = True
        return cls(heads, pos, idx, modifier, low, deps)


# dependencies of what modifies a noun: a verb or event noun below one tells no action of the clause
# (not "acl": the parser hangs a participle of the clause there, "at one point shelling the villages";
# not "compound": "faces a re-election challenge" tells the race as "is running for re-election" does)
_NOUN_MODIFIERS = ("amod", "relcl", "appos", "nmod", "poss")
# prepositions whose noun gives the time of the clause's action, not an action of it
# ("can change their mind until the July 25 vote", "spoke ahead of the debate")
_TIME_PREPOSITIONS = frozenset({"until", "till", "before", "after", "since", "following", "during", "pending"})
_TIME_HEADS = frozenset({"ahead", "prior"})  # "ahead of", "prior to"


def _events_as_setting(doc: Doc, heads: list[int], pos: list[int], deps: list[int]) -> list[int]:
    """The nouns that name an event as the setting of the clause's action, not as its action: the
    object of a preposition of time ("until the July 25 vote", "ahead of the debate"), and the
    subject of an active verb with an object ("A Sanders win creates an awkward situation": what
    the win brings about, not the win)."""
    strings = doc.vocab.strings
    pobj, prep, nsubj, dobj = strings["pobj"], strings["prep"], strings["nsubj"], strings["dobj"]
    with_object = {heads[i] for i, d in enumerate(deps) if d == dobj}
    out = []
    for i, d in enumerate(deps):
        if pos[i] != _NOUN:
            continue
        h = heads[i]
        if d == pobj and deps[h] == prep:
            word = doc[h].lower_
            if word in _TIME_PREPOSITIONS or (word in ("of", "to") and doc[heads[h]].lower_ in _TIME_HEADS):
                out.append(i)
        elif d == nsubj and h in with_object and pos[h] == _VERB:
            out.append(i)
    return out


def _set_off(clause: Token) -> bool:
    """A relative clause is set off from its noun by a comma, dash or parenthesis (non-restrictive)."""
    first = clause.left_edge.i
    return first > 0 and clause.doc[first - 1].text in (",", "—", "–", "--", "-", "(")
