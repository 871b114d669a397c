"""The weekdays a claim's own times name, and the act each dates.

An undated report ("met for nearly an hour on Thursday evening") resolves no date, yet its weekday
still tells which day; :func:`newsprism.compare.cores.other_days` reads two reports' weekdays of one
act as two occasions. ``own``: where the claim's own sentence begins (a date line carried into it
tells when the report was written, not when the act was).
"""

from __future__ import annotations

import re
from datetime import date

from spacy.tokens import Doc

from newsprism.extract.claims import Claim
from newsprism.lexicon import WEEKDAYS

__all__ = ["claim_weekdays", "weekday_acts_of"]


def claim_weekdays(claim: Claim, own: int) -> frozenset[str]:
    """The weekdays of the claim's own times: the one a resolved date falls on, or the one its words name."""
    out: set[str] = set()
    for t in claim.times:
        if t.start < own:
            continue
        try:
            out.add(WEEKDAYS[date.fromisoformat(str(t.resolved or "")[:10]).weekday()])
        except ValueError:
            out.update(w for w in re.findall(r"[a-z]+", t.text.lower()) if w in WEEKDAYS)
    return frozenset(out)


def weekday_acts_of(claim: Claim, own: int, doc: Doc) -> frozenset[tuple[str, str]]:
    """Each weekday of the claim's own times with the lemma of the verb it hangs from in the parse, and
    of each noun on the way there (an event told by its noun: "Thursday night's meeting")."""
    out: set[tuple[str, str]] = set()
    for t in claim.times:
        if t.start < own:
            continue
        try:
            named = {WEEKDAYS[date.fromisoformat(str(t.resolved or "")[:10]).weekday()]}
        except ValueError:
            named = {w for w in re.findall(r"[a-z]+", t.text.lower()) if w in WEEKDAYS}
        span = doc.char_span(t.start, t.end, alignment_mode="expand") if named else None
        if span is None or not len(span):
            continue
        tok = span.root
        for _ in range(12):  # up the tree to the verb the time modifies, with the nouns on the way
            if tok.pos_ in ("VERB", "AUX"):
                out.update((tok.lemma_.lower(), w) for w in named)
                break
            if tok.pos_ == "NOUN":  # "Thursday night's meeting": the meeting is dated
                out.update((tok.lemma_.lower(), w) for w in named)
            if tok.head is tok:
                break
            tok = tok.head
    return frozenset(out)
