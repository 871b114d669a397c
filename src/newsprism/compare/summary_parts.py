"""What a summary sentence says, predicate by predicate: a report states the sentence only when it
states each of them.

The seed's Times sentence "The Assad government and Iran ... appeared not to have been fully
consulted on the deal, according to international officials ..., and were insisting on new
conditions" says two things; AP and the Post state the new conditions, not the consultation. A share
of the whole sentence's words (:func:`newsprism.compare.fact_text.told_by_each`) cites them to it;
a share of each predicate does not. So with a clause a sentence adds to its main verb (AP's "The initial
evacuation deal was mediated late Tuesday by Turkey and Russia as the rebel enclave rapidly dissolved,
ceding more and more territory ..." is not the Times' lede, which tells the deal only).
"""

from __future__ import annotations

import re
from typing import Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.fact_text import same_stem
from newsprism.extract.claims import Claim, content_terms
from newsprism.model import Span

_TENSED = frozenset({"VBD", "VBZ", "VBP", "MD"})


def _predicates(span) -> list[Token]:
    """The sentence's root and each verb joined to a verb by "and" / "but" ("appeared not to have
    been consulted ... and were insisting ...", "denied an agreement had been reached and said ...":
    the parser hangs the second on either verb of the first)."""
    roots = [t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)]
    # a verb with a tense or an auxiliary of its own: participles joined inside a noun phrase ("a
    # letter released Tuesday and signed by nearly 90 faculty members") are no predicates
    joined = [t for t in span if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX") and t.head.pos_ in ("VERB", "AUX")
              and (t.tag_ in _TENSED or any(c.dep_ in ("aux", "auxpass") for c in t.children))]
    # a fronted "in / by + -ing" clause says why or how ("In rejecting the Iranian demand, rebels
    # shelled the villages"): a thing of its own; a bare participle ("Taking the lead in the fight
    # against piracy, the Indian Navy ...") only sets the scene
    main = roots[:1]
    fronted = [c for r in main for p in r.children if p.dep_ == "prep" and p.i < r.i and p.lower_ in ("in", "by")
               for c in p.children if c.dep_ == "pcomp" and c.tag_ == "VBG"]
    return sorted({t.i: t for t in main + joined + fronted + _clauses(span, main)}.values(), key=lambda t: t.i)


# words that open a clause of its own, which the parser sometimes reads as a preposition ("as the
# rebel enclave rapidly dissolved": as/prep, enclave/pobj, dissolved/acl)
_SUBORDINATORS = frozenset({"as", "while", "after", "before", "since", "until", "because", "although", "though",
                            "whereas", "when"})


def _clauses(span, main: list[Token]) -> list[Token]:
    """The clauses a sentence adds to what its main verb says, each a thing a report must state
    (the seed's AP "The initial evacuation deal was mediated late Tuesday by Turkey and Russia as the
    rebel enclave rapidly dissolved, ceding more and more territory ..." says the deal and the
    enclave's fall; the Times' lede says the deal only): an adverbial clause with a subject of its own
    ("as the enclave dissolved", "after the talks broke down"), an "-ing" participle after its verb
    ("..., ceding more territory"; one before the subject only sets the scene, see
    :func:`_predicates`; a past participle after a noun is mostly that noun's: "a Kiss Day planned for
    Friday"), and a subordinating word the parser read as a preposition, its noun followed by a verb.
    Only after the main verb or opening the sentence: a clause between the subject and its verb
    comments ("Chick-fil-A Appreciation Day – as it is being called was ..."); and not inside
    quotation marks: a quotation is one thing said, judged whole."""
    if not main:
        return []
    quoted = [(span.start_char + a, span.start_char + b) for a, b in
              (m.span() for m in _QUOTED.finditer(span.text))]
    out: list[Token] = []
    for t in span:
        if t.dep_ == "advcl" and t.pos_ in ("VERB", "AUX"):
            own_subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in t.children)
            trailing = t.tag_ == "VBG" and t.i > t.head.i and not any(c.dep_ == "mark" for c in t.children)
            if not (own_subject or trailing):
                continue
        elif not (t.dep_ == "prep" and t.lower_ in _SUBORDINATORS and any(
                c.dep_ == "pobj" and any(a.dep_ in ("acl", "relcl") and a.pos_ == "VERB" and a.i > c.i for a in c.children)
                for c in t.children)):
            continue
        opening = min(x.i for x in t.subtree) == span.start
        if (t.i > main[0].i or opening) and not any(a <= t.idx < b for a, b in quoted):
            out.append(t)
    return out


_QUOTED = re.compile(r"“[^”]*”?|\"[^\"]*\"?")


def predicate_parts(doc: Doc, head: Span) -> list[tuple[str, ...]]:
    """The content terms of each predicate of the sentence ``head`` (a span of ``doc``): of its
    main verb, and of each verb joined to it by "and": each word goes with the nearest of them above
    it; the subject they share (the first verb's) and words above none (a span cut from a longer
    sentence) with none — the whole sentence's share is judged apart. A report that names the
    subject and says nothing of what the sentence tells of it does not state it (the Times' title
    "Chick-fil-A Draws Huge Crowds for Appreciation Day" for Fox's "Chick-fil-A Appreciation Day ...
    was the idea of ... Mike Huckabee")."""
    span = doc.char_span(head.start, head.end, alignment_mode="expand")
    if span is None:
        return []
    verbs = _predicates(span)
    if not verbs:
        return []
    ids = {v.i for v in verbs}
    # a subject the joined verbs share: the subject of a verb another is joined to
    shared = [verbs[0]] + [v.head for v in verbs[1:]]
    subject = {t.i for v in shared for c in v.children if c.dep_ in ("nsubj", "nsubjpass", "csubj", "expl")
               for t in c.subtree}
    parts: dict[int, list[Token]] = {}
    for tok in span:
        if tok.i in subject:
            continue
        at = tok
        while at.i not in ids and at.head.i != at.i:
            at = at.head
        if at.i in ids:
            parts.setdefault(at.i, []).append(tok)
    return [terms for terms in (content_terms(toks) for _, toks in sorted(parts.items())) if terms]


def parts_told(doc: Doc, head: Span, same: Sequence[Claim]) -> dict[str, float]:
    """For each other report of a fact, the smallest share, over the headline's predicates
    (:func:`predicate_parts`) when it joins several, of the predicate's content terms its claims of
    the fact state (doc id -> share; terms match as :func:`newsprism.compare.fact_text.told_by_each`
    matches them); 1.0 for a sentence of one predicate (its whole is judged)."""
    parts = predicate_parts(doc, head)
    return _shares(parts if len(parts) >= 2 else [], head, same)


def predicate_told(doc: Doc, head: Span, same: Sequence[Claim]) -> dict[str, float]:
    """For each other report of a fact, the smallest share of any of the headline's predicates'
    terms (subject aside) its claims state: 0 for a report that names the subject and says nothing
    of what the sentence tells of it (the Times' title "Chick-fil-A Draws Huge Crowds for
    Appreciation Day" for Fox's "... Appreciation Day ... was the idea of ... Mike Huckabee")."""
    return _shares(predicate_parts(doc, head), head, same)


def _shares(parts: list[tuple[str, ...]], head: Span, same: Sequence[Claim]) -> dict[str, float]:
    by_doc: dict[str, set[str]] = {}
    for c in same:
        if c.doc != head.doc:
            by_doc.setdefault(c.doc, set()).update(c.terms)
    if not parts:
        return {d: 1.0 for d in by_doc}
    return {d: min(sum(1 for t in terms if any(same_stem(t, w) for w in words)) / len(terms) for terms in parts)
            for d, words in by_doc.items()}
