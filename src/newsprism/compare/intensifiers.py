"""One outlet's words of magnitude for what the others tell plainly: framing by emphasis.

"he took a *massive* $916 million loss" (Politico) where Breitbart writes "his companies lost
nearly $916 million in a single year": the figure is the same, the weight put on it is Politico's.
An intensifier (``lexicon.INTENSIFIERS``: "massive", "staggering", "sweeping", "hugely") in the
outlet's own voice — not quoted, not in a clause reported from someone, not negated — is shown
only beside another outlet's telling of the same thing: the same figure (value and unit), else the
same fact ("same fact" support). Alone it would be a word, not a difference between outlets; a
telling that intensifies too ("a huge loss" / "a massive loss") is no plain telling.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from spacy.tokens import Doc
from spacy.tokens import Span as SpacySpan
from spacy.tokens import Token

from newsprism.compare.align import quote_share
from newsprism.compare.doc_reads import DocReads
from newsprism.compare.evaluative import reported_or_negated
from newsprism.compare.labels import inside_quotes
from newsprism.compare.slot_words import near_nouns
from newsprism.extract.claims import Claim
from newsprism.lexicon import INTENSIFIERS
from newsprism.model import Fact, Framing, Label, Span, StoryAnalysis, outlet_key

__all__ = ["intensifier_items", "fact_tellings", "shown_words", "told_facts"]


def shown_words(text: str, words: int = 14) -> str:
    """The first ``words`` words of a cited sentence, "…" when cut."""
    toks = text.split()
    return " ".join(toks[:words]) + ("…" if len(toks) > words else "")


def told_facts(facts: Sequence[Fact]) -> dict[str, Fact]:
    """Each claim's first fact of ``facts`` that it supports as "same fact" (what :func:`fact_tellings`
    reads: made once per story, not a scan of every fact per claim)."""
    out: dict[str, Fact] = {}
    for f in facts:
        for s in f.support:
            if s.strength == "same fact":
                out.setdefault(s.claim, f)
    return out


def fact_tellings(claim: Claim, told: Mapping[str, Fact], docs: Mapping[str, Doc],
                  outlet_of: Mapping[str, str | None], words: int = 14) -> list[Label]:
    """How the other outlets tell the fact ``claim`` tells (``told``: :func:`told_facts` of the story's
    facts): per other outlet, its first sentence supporting the same fact ("same fact" support, the
    claim's too), its first ``words`` words shown ("… a surprisingly downbeat assessment" (NYT) / "…
    there's a one-in-three chance we could lose," Boehner said." (Fox)). None when the claim states no
    fact another outlet states."""
    own = outlet_key(outlet_of.get(claim.doc)) or claim.doc
    f = told.get(claim.id)
    if f is not None:
        same = [s for s in f.support if s.strength == "same fact"]
        out: list[Label] = []
        seen = {own}
        for s in same:
            key = outlet_key(outlet_of.get(s.citation.doc)) or s.citation.doc
            if key in seen or s.citation.doc not in docs:
                continue
            seen.add(key)
            out.append(Label(s.citation.doc, outlet_of.get(s.citation.doc), shown_words(s.citation.text, words),
                             (s.citation,)))
        return out
    return []


def _intensifier(tok: Token, reads: DocReads | None) -> bool:
    """A word of magnitude in the reporter's own voice: an adjective on a noun ("a massive loss",
    "sweeping changes") or an adverb on a verb or an adjective ("hugely popular"), lower case (not
    a name: "Massive Attack"), not quoted, not reported from someone, not negated."""
    if tok.lower_ not in INTENSIFIERS or not tok.is_lower:
        return False
    if not ((tok.pos_ == "ADJ" and tok.dep_ == "amod" and tok.head.pos_ == "NOUN" and tok.head.i > tok.i)
            or (tok.pos_ == "ADV" and tok.dep_ == "advmod" and tok.head.pos_ in ("VERB", "ADJ"))):
        return False
    return not inside_quotes(tok, reads) and not reported_or_negated(tok)


def _plain(text: str) -> bool:
    """Whether a telling puts no weight of its own on what it tells (no intensifier in it)."""
    return not any(w.strip(".,;:!?\"'“”‘’()").lower() in INTENSIFIERS for w in text.split())


def _phrase(tok: Token) -> tuple[int, int]:
    """The words an intensifier weighs, as a token range: its noun phrase up to the noun ("a massive
    $916 million loss"), or the adverb with the word it grades ("dramatically increased")."""
    head = tok.head
    if tok.dep_ == "amod":
        return min([tok.i] + [c.i for c in head.lefts if c.i < tok.i and c.dep_ in ("det", "poss")]), head.i + 1
    return min(tok.i, head.i), max(tok.i, head.i) + 1


def _quoted(words: str) -> str:
    """Words in quote marks, a cut ("…") left outside them: every quoted stretch is verbatim."""
    cut = words.endswith("…")
    return f"“{words[:-1] if cut else words}”" + ("…" if cut else "")


def _clause_of(doc: Doc, start: int, end: int, within: SpacySpan, cap: int = 16) -> SpacySpan | None:
    """The clause a figure sits in, inside its claim's words ("his companies lost nearly $916 million
    in a single year"): the subtree of the nearest verb above it, at most ``cap`` words around it."""
    fig = doc.char_span(start, end, alignment_mode="expand")
    if fig is None:
        return None
    t = fig.root
    while t.pos_ not in ("VERB", "AUX") and t.head.i != t.i and within.start <= t.head.i < within.end:
        t = t.head
    lo, hi = max(t.left_edge.i, within.start), min(t.right_edge.i + 1, within.end)
    if hi - lo > cap:  # a long clause: the words nearest the figure
        lo = max(lo, min(fig.start - cap // 2, hi - cap))
        hi = min(hi, lo + cap)
    while hi > lo + 1 and doc[hi - 1].is_punct:
        hi -= 1
    return doc[lo:hi]


def _same_figures(claim: Claim, lo: int, hi: int, by_doc: Mapping[str, Sequence[Claim]], docs: Mapping[str, Doc],
                  outlet_of: Mapping[str, str | None]) -> list[Label]:
    """Per other outlet, the clause of its first sentence giving a figure of the intensified phrase
    (``lo``/``hi``: characters) with the same value and unit: "his companies lost nearly $916
    million in a single year" for "a massive $916 million loss"."""
    mine = [f for f in claim.figures if lo <= f.start and f.end <= hi]
    if not mine:
        return []
    own = outlet_key(outlet_of.get(claim.doc)) or claim.doc
    out: list[Label] = []
    seen = {own}
    for d, cs in sorted(by_doc.items()):
        key = outlet_key(outlet_of.get(d)) or d
        if key in seen or d not in docs:
            continue
        for c in cs:
            same = next((g for g in c.figures if any(f.value == g.value and f.unit == g.unit for f in mine)), None)
            within = docs[d].char_span(c.start, c.end, alignment_mode="expand") if same is not None else None
            words = _clause_of(docs[d], same.start, same.end, within) if same is not None and within is not None else None
            if words is None or not _plain(words.text) or quote_share(c) > 0.5:
                continue
            seen.add(key)
            out.append(Label(d, outlet_of.get(d), words.text,
                             (Span(d, words.start_char, words.end_char, words.text), c.citation)))
            break
    return out


def _names(thing: Token, cite: Span, docs: Mapping[str, Doc]) -> bool:
    """Whether another outlet's sentence names the thing an intensifier weighs: the same noun or
    verb, or a noun WordNet puts right beside it ("win" / "victory"). A fact two outlets tell may
    hold more than one thing: "the huge computer servers" is not weighed against a sentence
    naming no server."""
    words = docs[cite.doc].char_span(cite.start, cite.end, alignment_mode="expand")
    if words is None:
        return False
    lemma = thing.lemma_.lower()
    return any(t.lemma_.lower() == lemma or (thing.pos_ == "NOUN" and t.pos_ == "NOUN" and near_nouns(lemma, t.lemma_.lower()))
               for t in words)


def intensifier_items(analysis: StoryAnalysis, claims: Sequence[Claim], facts: Sequence[Fact],
                      docs: Mapping[str, Doc], reads: DocReads | None = None, per_doc: int = 2) -> list[Framing]:
    """One item per intensified phrase in an outlet's own voice that another outlet tells plainly
    (the same figure, else the same fact): "how the outlets weigh it: “a massive $916 million loss”
    (Politico) vs “his companies lost nearly $916 million in a single year” (Breitbart)". At most
    ``per_doc`` per outlet, in reading order."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    told = told_facts(facts)
    by_doc: dict[str, list[Claim]] = {}
    for c in claims:
        by_doc.setdefault(c.doc, []).append(c)
    items: list[Framing] = []
    for d, cs in sorted(by_doc.items()):
        doc = docs.get(d)
        if doc is None:
            continue
        count = 0
        seen: set[str] = set()
        for c in sorted(cs, key=lambda c: c.start):
            if count >= per_doc:
                break
            # a claim that reports someone's words is theirs, not the outlet's emphasis
            if c.attribution is not None or quote_share(c) > 0.2:
                continue
            span = doc.char_span(c.start, c.end, alignment_mode="expand")
            if span is None:
                continue
            for tok in span:
                if tok.lower_ in seen or not _intensifier(tok, reads):
                    continue
                lo, hi = _phrase(tok)
                words = doc[lo:hi]
                plain = _same_figures(c, words.start_char, words.end_char, by_doc, docs, outlet_of) \
                    or [lab for lab in fact_tellings(c, told, docs, outlet_of)
                        if _plain(lab.citations[0].text) and _names(tok.head, lab.citations[0], docs)]
                if not plain:
                    continue
                seen.add(tok.lower_)
                count += 1
                mine = Label(d, outlet_of.get(d), words.text,
                             (Span(d, words.start_char, words.end_char, words.text), c.citation))
                about = f"how the outlets weigh it: {_quoted(words.text)} ({outlet_of.get(d) or d}) vs " + " vs ".join(
                    f"{_quoted(lab.label)} ({lab.outlet or lab.doc})" for lab in plain)
                labels = (mine, *plain)
                cites = tuple(x for lab in labels for x in lab.citations)
                items.append(Framing("", "evaluative", about, labels, tuple(dict.fromkeys(lab.doc for lab in labels)),
                                     cites))
                break
    return items
