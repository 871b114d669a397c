"""Term conflicts: two outlets giving different years for one person's time in a post.

A *term* is what a resolved entity held, said with a verb of holding a post
("served", "held the seat", "represented", "led", "chaired") or the noun
"term"/"tenure", and the years it gives: "from 1967 to 1979", "1967-1979",
"since 1967", "until 2019", "a term that ends in 2019". Two documents conflict
when they give the same holder's term a different first year, or a different
last year — each document giving that holder one term only (a report listing
two terms tells of two terms). A report that gives only one end ("since 1967")
is compatible with any last year. Left out: a negated, modal or conditional
verb ("would serve until 2019" is a plan), and a holder no mention resolves.
The conflicts use the ``date`` slot (the years are dates of one state of affairs).
"""

from __future__ import annotations

import bisect
import re
from typing import Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.date_conflicts import _hedged, mention_starts
from newsprism.compare.figure_conflicts import conflict
from newsprism.extract.claims import Claim
from newsprism.model import Finding, Span, StoryAnalysis, Version, possessive
from newsprism.nlp import parsed_from

__all__ = ["term_conflicts", "term_years"]

_Y = r"((?:19|20)\d\d)"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# (pattern, which ends it gives): both, start only, end only
_PATTERNS = (
    (re.compile(rf"\bfrom {_Y} (?:to|until|till|through) {_Y}\b"), "both"),
    (re.compile(rf"\bbetween {_Y} and {_Y}\b"), "both"),
    (re.compile(rf"\b{_Y}\s?[-–]\s?{_Y}\b"), "both"),
    (re.compile(rf"\bsince {_Y}\b"), "start"),
    (re.compile(rf"\b(?:until|till|through) {_Y}\b"), "end"),
    # "ends in 2019", "expires in January 2019"
    (re.compile(rf"\b(?:ends|ending|expires|expiring|end|expire|runs out|run out) in (?:{_MONTH} )?{_Y}\b"), "end"),
)
_TENURE_VERBS = frozenset("serve hold represent lead chair head govern occupy rule reign coach manage sit".split())
_TERM_NOUNS = frozenset("term tenure".split())


def _holder(anchor: Token) -> tuple[Token | None, Token | None]:
    """(the verb or "term" noun the years belong to, the token naming the holder)."""
    t, k = anchor, 0
    while k < 8:
        if t.lemma_.lower() in _TERM_NOUNS and t.pos_ == "NOUN":
            owner = next((c for c in t.children if c.dep_ == "poss"), None)
            if owner is not None and owner.lower_ == "whose" and t.head.dep_ == "relcl":
                owner = t.head.head  # "Flake, whose term ends in 2019": the clause's head names the holder
            if owner is None and t.dep_ in ("nsubj", "nsubjpass", "dobj"):
                # "Brown, whose term ends ..." / "Smith's term" handled by poss; "he began a term"
                owner = next((c for c in t.head.children if c.dep_ in ("nsubj", "nsubjpass") and c is not t), None)
            if owner is None and t.dep_ == "nsubj" and t.head.dep_ == "relcl":
                owner = t.head.head
            return t, owner
        if t.pos_ in ("VERB", "AUX"):
            if t.lemma_.lower() in _TENURE_VERBS:
                subj = next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)
                if subj is not None and subj.lower_ in ("who", "which", "that") and t.dep_ == "relcl":
                    subj = t.head
                elif subj is None and t.dep_ == "relcl":
                    subj = t.head
                return t, subj
            # "his term ends in 2019": the verb is not the post; look at its subject
            subj = next((c for c in t.children if c.dep_ == "nsubj" and c.lemma_.lower() in _TERM_NOUNS), None)
            if subj is not None:
                return _holder(subj)
            if t.dep_ in ("relcl", "acl") and t.head.lemma_.lower() in _TERM_NOUNS and t.head.pos_ == "NOUN":
                return _holder(t.head)  # "his term, which ends in 2019", "a term ending in 2019"
            return None, None
        if t.head is t:
            return None, None
        t, k = t.head, k + 1
    return None, None


def _named_just_before(verb: Token, entity_at) -> tuple[str, int] | None:
    """The entity named right before ``verb`` with no other verb between, for a subject the
    parser missed ("since Edward Brooke, a Republican, held the seat" parsed with another subject)."""
    for i in range(verb.i - 1, max(verb.sent.start, verb.i - 7) - 1, -1):
        tok = verb.doc[i]
        if tok.pos_ in ("VERB", "AUX"):
            return None
        if tok.dep_ == "appos" or tok.head.dep_ == "appos":  # ", a Republican," describes the name
            continue
        eid = entity_at(tok)
        if eid is not None:
            return eid, i
    return None


def term_years(claim: Claim, doc: Doc, entity_at, doc_text: str | None = None) -> list[tuple[str, int | None, int | None, Span]]:
    """(holder entity id, first year, last year, cited years) for each term a claim gives;
    ``doc_text``: ``doc.text`` when the caller has it (``Doc.text`` joins every token anew)."""
    out: list[tuple[str, int | None, int | None, Span]] = []
    base = claim.start
    full = doc.text if doc_text is None else doc_text
    text = full[claim.start : claim.end]
    taken: list[tuple[int, int]] = []
    if "19" not in text and "20" not in text:
        return out  # every pattern's match holds a year, 19xx or 20xx
    for pattern, ends in _PATTERNS:
        for m in pattern.finditer(text):
            s, e = base + m.start(), base + m.end()
            if any(a < e and s < b for a, b in taken):
                continue  # "from 1967 to 1979" is not also "until 1979"
            span = doc.char_span(s, e, alignment_mode="expand")
            if span is None:
                continue
            anchor = span[0] if span[0].is_alpha else span.root
            head, who = _holder(anchor)
            if head is None or who is None:
                continue
            # the verb that tells the years: the post's verb, the verb of ending ("whose term would end
            # in 2019" is a plan), else the one "term" hangs on
            told = (head if head.pos_ in ("VERB", "AUX") else anchor if anchor.pos_ in ("VERB", "AUX")
                    else head.head if head.head.pos_ in ("VERB", "AUX") else None)
            if told is not None and _hedged(told):
                continue
            eid = entity_at(who)
            near = _named_just_before(head, entity_at) if head.pos_ in ("VERB", "AUX") else None
            # a name between the parsed subject and the verb is the subject the parser missed
            # ("senator since Edward Brooke, a Republican, held the seat")
            if near is not None and (eid is None or (who.i < near[1] and who.pos_ != "PRON")):
                eid = near[0]
            if eid is None:
                continue
            years = [int(y) for y in m.groups()]
            first = years[0] if ends in ("both", "start") else None
            last = years[-1] if ends in ("both", "end") else None
            if first is not None and last is not None and first > last:
                continue
            taken.append((s, e))
            out.append((eid, first, last, Span(claim.doc, s, e, full[s:e])))
    return out


def term_conflicts(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """Conflicts over the years of one holder's term (see the module docstring)."""
    starts = mention_starts(analysis)
    names = {e.id: e.name for e in analysis.entities}
    # holder -> doc -> {(first, last): cited years}
    rows: dict[str, dict[str, dict[tuple[int | None, int | None], Span]]] = {}
    # each document's text: the analysis's copy when the Doc is its parse (Doc.text joins every
    # token anew, ~0.4 ms per article), else Doc.text, once per document
    given = {d.id: d.text for d in analysis.documents}
    texts: dict[str, str] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        if c.doc not in texts:
            text = given.get(c.doc)
            texts[c.doc] = text if text is not None and parsed_from(doc, text) else doc.text
        mentions = starts.get(c.doc, [])

        def entity_at(tok: Token, mentions=mentions) -> str | None:
            k = bisect.bisect_right(mentions, (tok.idx, 10**12, "")) - 1
            return mentions[k][2] if k >= 0 and mentions[k][0] <= tok.idx < mentions[k][1] else None

        for eid, first, last, span in term_years(c, doc, entity_at, texts[c.doc]):
            rows.setdefault(eid, {}).setdefault(c.doc, {}).setdefault((first, last), span)
    out: list[Finding] = []
    for eid, per_doc in rows.items():
        # each report gives this holder one term only; reports giving the same years are one version
        groups: dict[tuple[int | None, int | None], list[Span]] = {}
        for d in sorted(per_doc):
            if len(per_doc[d]) == 1:
                value, span = next(iter(per_doc[d].items()))
                groups.setdefault(value, []).append(span)

        def differ(a: tuple[int | None, int | None], b: tuple[int | None, int | None]) -> bool:
            return any(x is not None and y is not None and x != y for x, y in zip(a, b))

        values = sorted(groups, key=lambda v: (v[0] or 0, v[1] or 0))
        if not any(differ(a, b) for i, a in enumerate(values) for b in values[i + 1 :]):
            continue
        # a version that fits every other (only one end given) contradicts none: left out
        shown = [v for v in values if any(differ(v, w) for w in values if w != v)]
        versions = tuple(Version(tuple(sp.doc for sp in groups[v]), groups[v][0].text, tuple(groups[v]))
                         for v in shown)
        name = names.get(eid, eid)
        what = (f"the year {possessive(name)} term ends" if all(v[0] is None for v in shown)
                else f"which years {name} held the post")
        out.append(conflict(what, "date", versions))
    return out
