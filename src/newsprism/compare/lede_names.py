"""Who a lede told by a description stands for: the one its report's headline opens with.

A news report often names its protagonist late ("delayed identification"): the headline says
"N.A.A.C.P. Challenges Tea Party on Racism", the lede "One of the nation's largest and oldest civil
rights groups passed a resolution Tuesday", and the N.A.A.C.P. is named only in the sentences after.
The lede's subject describes — a noun for a body of people or for a person, with no name of its own —
the one the headline opens with, when that is a name the report writes of an organisation (for a
body's noun) or a person (for a person's noun), and the lede does not name it elsewhere (then the
description is someone else: "A Republican senator criticized Obama" under "Obama ...").

A guess, as a definite description's (:mod:`newsprism.compare.described_names`): evidence for the
who-did-it rule, never that two reports tell two doers.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

from spacy.tokens import Token

from newsprism.compare.described_names import body_noun, person_noun
from newsprism.extract.claims import Claim
from newsprism.model import Mention

__all__ = ["described_noun", "lede_named"]


def described_noun(subject: Token) -> Token | None:
    """The noun a subject describes its doer by: itself (a common noun), or the noun of "one of the
    ..." ("One of the nation's largest civil rights groups"); None for a name, a pronoun, a number."""
    if subject.pos_ == "NOUN":
        return subject
    if subject.lower_ == "one" and subject.pos_ == "NUM":
        for prep in (c for c in subject.children if c.dep_ == "prep" and c.lower_ == "of"):
            return next((g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"), None)
    return None


def _opens_with(title: str, name: str) -> bool:
    t, n = " ".join(title.lower().split()), " ".join(name.lower().split())
    return len(n) >= 3 and t.startswith(n) and (len(t) == len(n) or not t[len(n)].isalnum())


def lede_named(claim: Claim, subject: Token, title: str | None, mentions: Iterable[Mention],
               entity_at: Callable[[int], str | None], types: Mapping[str, str]) -> str | None:
    """The entity the lede ``claim``'s descriptive ``subject`` stands for: the one whose name, as the
    report writes it (``mentions``), opens the headline ``title``, of the type the noun describes;
    None when it is not one, when the subject holds a name, or when the lede names that one itself."""
    noun = described_noun(subject)
    if not title or noun is None:
        return None
    if any(entity_at(t.idx) is not None or t.pos_ == "PROPN" for t in subject.subtree):
        return None
    lemma = noun.lemma_.lower()
    wanted = "PERSON" if person_noun(lemma) else "ORG" if body_noun(lemma) else None
    if wanted is None:
        return None
    found = set()
    for m in mentions:
        entity = entity_at(m.start)
        if entity is not None and types.get(entity) == wanted and _opens_with(title, m.text):
            found.add(entity)
    if len(found) != 1:
        return None
    one = next(iter(found))
    return None if one in claim.entities else one
