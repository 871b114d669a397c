"""How much one party asked for, told with two amounts by two outlets.

"President Trump has asked Congress for $5.7 billion to build a wall" and "Democrats rejected
President Trump's request for $5.6 billion for a steel barrier" tell one demand by one person
in other words: the figure alignment, which weighs the words around a figure, finds too little
in common ("wall" / "barrier", "asked" / "request") to pair them. The parse says what each amount
is: what someone asked for —

- the object of a verb of asking ("demanded $5.7 billion", "wants $5.7 billion"), or what it
  asks "for" ("asked Congress for $5.7 billion", "called for $5 billion"), with its subject;
- what a noun of asking is "for" ("Trump's request for $5.6 billion", "a demand by Trump for"),
  or the amount naming it ("Trump's $5.7 billion request"), with its possessor or "by";
- an amount a relative clause says someone wants ("the $5.6 billion that Trump wants").

Two outlets' amounts clash when the same requester (one resolved entity, or one surname) asks
for money in each, each report gives that requester one amount only, and the amounts cannot both
be true yet are within ``_MAX_RATIO`` of each other: one demand told a little differently, not
two demands ("$5.7 billion for the wall" and "$25 billion" over ten years). Left out: amounts
under a negation, a modal or a condition, and requesters no name or mention says.
"""

from __future__ import annotations

import bisect
from typing import Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.figure_conflicts import conflict, rounded_alike
from newsprism.compare.figure_values import _interval, _num
from newsprism.compare.figure_roles import _governing, _lemma
from newsprism.extract.claims import Claim
from newsprism.model import Finding, Span, StoryAnalysis, Version

__all__ = ["figure_demands"]

# verbs and nouns of asking: what they take (or are "for") is what was asked for
_ASK = frozenset({"ask", "request", "demand", "seek", "want"})
# verbs that ask only with "for" ("called for $5 billion"; "called $5 billion" is no demand)
_ASK_FOR = frozenset({"call", "push", "press", "lobby", "appeal"})
# verbs whose subject makes a request noun theirs ("Trump made a request for ...")
_MAKE = frozenset({"make", "submit", "send", "issue", "renew", "repeat", "file", "deliver"})
_MODALS = frozenset({"may", "might", "could", "would", "should"})
_CONDITIONS = frozenset({"if", "unless", "whether"})
# one demand told a little differently differs by a little: further apart, two demands
_MAX_RATIO = 1.25


def _asked(root: Token) -> tuple[Token, Token] | None:
    """(the word of asking, the token naming who asks) when the amount whose head is ``root``
    is what someone asked for, else None."""
    word: Token | None = None
    if root.dep_ == "pobj" and root.head.lower_ == "for" and _lemma(root.head.head) in _ASK | _ASK_FOR:
        word = root.head.head  # "asked Congress for $5.7 billion", "Trump's request for $5.6 billion"
    elif root.dep_ == "dobj" and root.head.pos_ == "VERB" and _lemma(root.head) in _ASK:
        word = root.head  # "demanded $5.7 billion"
    elif root.dep_ in ("compound", "amod", "nmod", "nummod") and root.head.pos_ == "NOUN" and _lemma(root.head) in _ASK:
        word = root.head  # "Trump's $5.7 billion request"
    else:
        # "the $5.6 billion that Trump wants"
        word = next((c for c in root.children if c.dep_ == "relcl" and _lemma(c) in _ASK), None)
    if word is None:
        return None
    who: Token | None = None
    if word.pos_ in ("VERB", "AUX"):
        who = next((c for c in word.children if c.dep_ == "nsubj"), None)
        if who is not None and who.lower_ in ("who", "that", "which") and word.dep_ == "relcl":
            who = word.head  # "Trump, who asked for $5.7 billion"
    elif word.pos_ == "NOUN":
        who = next((c for c in word.children if c.dep_ == "poss"), None)
        if who is None:
            by = next((c for c in word.children if c.dep_ == "prep" and c.lower_ == "by"), None)
            who = next((g for g in by.children if g.dep_ == "pobj"), None) if by is not None else None
        if who is None and word.dep_ == "dobj" and _lemma(word.head) in _MAKE:
            who = next((c for c in word.head.children if c.dep_ == "nsubj"), None)
    return (word, who) if who is not None else None


def _unsure(word: Token) -> bool:
    """The asking is negated, under a modal or a condition ("did not ask for", "could ask for",
    "if Trump asks for"); a noun of asking, when the verb that makes it is ("might make a request
    for"). What is done with a request ("Democrats will not approve the $5.6 billion that Trump
    wants") leaves the request as told."""
    target: Token | None = word
    if word.pos_ == "NOUN":
        target = word.head if word.dep_ == "dobj" and _lemma(word.head) in _MAKE else None
    if target is not None:
        for t in (target, target.head if target.dep_ == "xcomp" else target):
            if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in _MODALS) for c in t.children):
                return True
    return any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for t in _governing(word) for c in t.children)


def figure_demands(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """Conflicts over how much one requester asked for (see the module's docstring)."""
    starts: dict[str, list[tuple[int, int, str]]] = {}
    names: dict[str, str] = {}
    for e in analysis.entities:
        names[e.id] = e.name
        for m in e.mentions:
            starts.setdefault(m.doc, []).append((m.start, m.end, e.id))
    for spans in starts.values():
        spans.sort()

    def requester(doc_id: str, tok: Token) -> tuple[str, str] | None:
        """(key, name) of who ``tok`` names: its resolved entity's surname, else a proper name's."""
        rows = starts.get(doc_id, [])
        k = bisect.bisect_right(rows, (tok.idx, 10**12, "")) - 1
        if k >= 0 and rows[k][0] <= tok.idx < rows[k][1]:
            name = names.get(rows[k][2], tok.text)
            return name.split()[-1].lower(), name
        if tok.pos_ == "PROPN":
            return tok.lower_, tok.text
        return None

    # requester key -> doc -> [(figure's interval, value, citation)]
    asked: dict[str, dict[str, list[tuple[tuple[float, float], float, Span]]]] = {}
    shown: dict[str, str] = {}
    seen: set[tuple[str, int]] = set()
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        for f in c.figures:
            if f.unit != "money" or not isinstance(f.value, (int, float)) or (f.doc, f.start) in seen:
                continue
            seen.add((f.doc, f.start))
            span = doc.char_span(f.start, f.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            found = _asked(span.root)
            if found is None:
                continue
            if _unsure(found[0]) or span.sent.text.rstrip().endswith("?"):
                continue
            who = requester(c.doc, found[1])
            if who is None:
                continue
            shown.setdefault(who[0], who[1])
            asked.setdefault(who[0], {}).setdefault(c.doc, []).append(
                (_interval(_num(f.value), f.qualifier), _num(f.value), Span(f.doc, f.start, f.end, f.text)))
    out: list[Finding] = []
    for key, per_doc in asked.items():
        # each report gives this requester one amount (told once or repeated alike)
        one = {d: given[0] for d, given in per_doc.items() if len({r[1] for r in given}) == 1}
        if len(one) < 2 or len(one) < len(per_doc):
            continue
        by_value: dict[float, list[tuple[str, Span]]] = {}
        for d in sorted(one):
            by_value.setdefault(one[d][1], []).append((d, one[d][2]))
        if len(by_value) < 2:
            continue
        values = sorted(by_value)
        if values[0] <= 0 or values[-1] / values[0] > _MAX_RATIO:
            continue
        told = [one[by_value[v][0][0]] for v in values]
        if any(not (a[0][1] < b[0][0] or b[0][1] < a[0][0]) or rounded_alike(a[2].text, b[2].text)
               for i, a in enumerate(told) for b in told[i + 1:]):
            continue  # "about $5.7 billion" and "$5.65 billion" can both be true
        versions = tuple(Version(tuple(d for d, _ in by_value[v]), by_value[v][0][1].text, tuple(s for _, s in by_value[v]))
                         for v in values)
        out.append(conflict(f"how much {shown[key]} asked for", "figure", versions))
    return out
