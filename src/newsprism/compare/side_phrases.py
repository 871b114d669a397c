"""What a side fact says someone is: a description's own phrase, without the clauses inside it.

Two outlets' descriptions of one man share words without telling the same thing about him:
"Labrador, who worked as an immigration attorney before serving in Congress" / "Labrador, a
Republican of Idaho who has barely served two terms in Congress" share *serve* and *Congress*, but
one tells his trade and the other his party; what they share each tells in a clause inside the
description ("before serving in Congress", "who has barely served ..."). Likewise "a 46-year-old
Mormon father of five, tea party congressman ..." / "a former immigration lawyer elected in the Tea
Party wave of 2010": *Tea Party* is what the first calls him, but only when the second's lawyer was
elected. A description says what someone is in its own phrase — the noun of an apposition or a
copula with its modifiers ("the director of the exempt organizations unit at the I.R.S."), the title
before a name, the verb of a relative clause with its objects ("who leads the I.R.S.'s division on
tax-exempt organizations"); a clause inside it (a relative or participle clause on its noun, an
adverbial clause on its verb) tells something more; a complement ("the only person to campaign for
the appointment", "who asserted that he would have loved the appointment") is the phrase's own. Two descriptions tell one thing when a word they
share (not a title word) is a word of both their own phrases ("Mr. Blumenthal, a Democrat now running
for the United States Senate", told by two: *Democrat*).
"""

from __future__ import annotations

from typing import Sequence

from spacy.tokens import Token

__all__ = ["own_phrase"]

# a clause inside a description that tells more of its person: on its noun ("a lawyer elected in 2010",
# "a Republican who has served two terms") or on its verb ("worked as an attorney before serving in
# Congress"); not a complement, which tells what the noun or the verb is ("the only person to campaign
# for the appointment", "who had asserted that he would have loved the appointment")
_CLAUSE_DEPS = frozenset({"relcl", "acl", "advcl", "pcomp"})
_CLAUSE_POS = frozenset({"VERB", "AUX"})


def _adjunct_clause(t: Token) -> bool:
    """A verb heading a relative, participle or adverbial clause (an infinitive on a noun is its complement)."""
    if t.dep_ not in _CLAUSE_DEPS or t.pos_ not in _CLAUSE_POS:
        return False
    # "the only person to campaign for ...": the parser may call the infinitive a relative clause
    return not (t.dep_ in ("acl", "relcl") and any(c.dep_ == "aux" and c.tag_ == "TO" for c in t.children))


def own_phrase(tokens: Sequence[Token]) -> list[Token]:
    """The tokens of a description outside every clause inside it: a token is left out when it,
    or a token between it and the description's root(s), heads a relative, participle or adverbial
    clause and is not a root itself."""
    ids = {t.i for t in tokens}
    out = []
    for t in tokens:
        x, inside = t, False
        while x.i in ids and x.head.i in ids and x.head.i != x.i:
            if _adjunct_clause(x):
                inside = True
                break
            x = x.head
        if not inside:
            out.append(t)
    return out
