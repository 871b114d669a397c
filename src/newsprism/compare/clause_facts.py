"""Clause facts: one proposition two outlets tell in a clause of longer sentences.

A claim is a clause the splitter made; it supports one fact (the partition), the one its main
verb tells. What it tells in a clause of its own — a conjunct ("... and appointed William
Cowan"), an adverbial or relative clause ("who won the seat in 2006"), a reported "that"-clause —
was compared only as part of the whole, so a fact two outlets each tell on the side, or one
on the side and one as its main statement, was never corroborated.

Here each such clause is read as a small claim of its own: its span (verbatim, from the parse),
its proposition (:func:`newsprism.extract.propositions.propositions`, with the subject it shares
with the sentence when it has none of its own: a relative clause's noun, a conjunct's or an
opening participle's subject) and its content words. Two clauses of different outlets state one
fact when the rules of :mod:`newsprism.compare.fact_links` hold for the clauses: the same main
action (one lemma or event class, no light verb, no bare verb of saying), the propositions
agreeing on a resolved argument in the same role, nothing contradicting (polarity, modality,
days), no two speakers, and some shared wording beyond the action.

The partition: a clause supports its fact as a part of its claim (support id "<claim
id>@<start>-<end>", as a quotation does in a shared-quote fact); the claim keeps its place in the
fact its sentence states ("same fact" or "partly"): a sentence-level "partly" and a clause-level
"same fact" are two propositions, each supported once. No clause fact is made of two claims that
already state one fact together, each clause supports one fact, and a clause that states what a
claim of a fact of several reports states joins that fact (for a report it lacks) rather than
making a second fact of one proposition. Each cites only its clauses. Its headline is a whole
sentence of one report that holds a clause when no other fact has that sentence as headline
(the sentence's main fact, single-source ones included, keeps it); else the clause itself, shown
as ``statement``, a sentence of the report's words with the subject the clause shares put first
("Tom Hale, who resigned ..." -> "Tom Hale resigned ..."); a clause fact with neither is left out.

One sentence, two propositions: a sentence in a fact of several reports by its closing clause only
(the others tell that clause's action, none its main verb's: "Jackson was first elected to office
in 1995 and resigned from Congress" in the resignation's fact) cites that clause there, and its
main clause — the words before the closing clause, verbatim — is a piece of its own that may state
another fact with another report's clause ("Elected to Congress in 1995 at the age of 30, ...").
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.cores import other_days
from newsprism.compare.fact_links import Props, speakers_clash
from newsprism.compare.fact_sources import independent_sources
from newsprism.compare.fact_text import headline_span, importance, is_content, readability, reads_whole
from newsprism.compare.shared_quotes import greedy_groups
from newsprism.compare.side_facts import is_side_fact
from newsprism.extract.claims import Claim, content_terms
from newsprism.datelines import dateline_length
from newsprism.extract.propositions import Proposition, StoryReads, propositions
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Fact, Span, StoryAnalysis, Support, outlet_key

__all__ = ["Clause", "FactSources", "clause_facts", "clause_pairs", "clause_sentences", "clauses_of", "headline_of", "sentence_heads"]

# the dependencies that open a clause of its own inside a sentence
_CLAUSE_DEPS = frozenset({"conj", "advcl", "relcl", "ccomp", "acl"})
_VERB_POS = frozenset({"VERB", "AUX"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
_RELATIVES = frozenset({"who", "whom", "which", "that"})
_ASKED = frozenset({"if", "whether", "unless"})  # a condition or a question: nothing stated
_ASKED_WORD = re.compile(r"\b(?:if|whether|unless)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Clause:
    """One clause of a claim, read as a claim of its own."""

    claim: Claim  # the clause as a claim: id "<claim id>@<start>-<end>", its verbatim span
    parent: Claim  # the claim (a clause the splitter made) it is part of
    whole: bool  # the claim itself (its main statement), not a clause inside it
    # the clause as a sentence of the report's words, its shared subject put before it ("Tom Hale,
    # who resigned from the council" -> "Tom Hale resigned from the council."); None where they make none
    statement: str | None = None

    @property
    def doc(self) -> str:
        return self.claim.doc


def _clause_heads(doc: Doc) -> list[int]:
    """The indices of the verbs that head a clause of their own (by their dependency), in order: one
    read of the document's columns, not a ``Token`` per token of every claim."""
    import numpy as np
    from spacy.attrs import DEP, POS

    if not len(doc):
        return []
    strings = doc.vocab.strings
    cols = doc.to_array([DEP, POS])
    wanted = np.isin(cols[:, 0], [strings[d] for d in _CLAUSE_DEPS]) & np.isin(cols[:, 1], [strings[p] for p in _VERB_POS])
    return np.flatnonzero(wanted).tolist()


def _own_subject(t: Token) -> bool:
    return any(c.dep_ in _SUBJECTS and c.lower_ not in _RELATIVES for c in t.children)


def _shared_subject(t: Token) -> Token | None:
    """The word that is a clause's subject when it has none of its own: a relative or participle
    clause's noun ("Mr. Patrick, who appointed ..."), a conjunct's first verb's subject ("Patrick
    picked ... and said ..."), the main verb's subject for an opening participle ("Posting on
    Facebook, Mary Cheney wrote")."""
    if _own_subject(t):
        return None
    if t.dep_ in ("relcl", "acl"):
        return t.head
    head = t.head
    if t.dep_ in ("conj", "advcl") and head.pos_ in _VERB_POS:
        return next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return None


def _states(t: Token, span, questioned: bool | None = None) -> bool:
    """The clause headed by ``t`` states something of its own: not a relative or participle clause
    that picks out its noun ("the delegates that you need", "Bachmann standing against a blue
    background": restrictive, not set off by a comma), not what someone says (the speaker's
    statement is the claim's), not under a negation, a modal or a question of the sentence around
    it ("This is not something the United States had prosecuted"; "Do you support ...?").
    ``questioned``: whether the span's text holds a question mark, when the caller knows."""
    if t.lemma_.lower() in REPORTING_VERBS:
        return False
    if t.dep_ in ("relcl", "acl"):
        first = t.left_edge.i
        if first == 0 or t.doc[first - 1].text not in (",", "—", "–", "--", "(") or t.head.pos_ in _VERB_POS:
            return False
    if questioned if questioned is not None else "?" in span.text:
        return False
    if any(c.dep_ == "mark" and c.lower_ in _ASKED for c in t.children):
        return False  # a condition or a question asked ("asked if he supported the agenda")
    if t.tag_ in ("VBG", "VBN") and not _own_subject(t):
        # a participle says how its noun looks ("shows Bachmann standing against a blue background")
        # unless set off as a clause of its own ("Posting on Facebook on Friday, Mary Cheney wrote")
        first = t.left_edge.i
        if first != span.start and t.doc[first - 1].text not in (",", "—", "–", "--", "("):
            return False
    for a in t.ancestors:
        if a.i < span.start or a.i >= span.end:
            break
        if any(c.dep_ == "neg" or c.tag_ == "MD" or c.lower_ in ("not", "never", "n't", "n’t") for c in a.children):
            return False
    return True


def _asked(span, predicate: str) -> bool:
    """The claim's proposition is what was asked or supposed, not stated: its verb opens with "if",
    "whether", "unless" ("Reporters asked whether Hale resigned")."""
    lemma = predicate.split(" ")[0]
    return any(t.lower_ in _ASKED and t.dep_ == "mark" and t.head.lemma_.lower() == lemma for t in span)


def _words(tokens: Sequence[Token]) -> str:
    return "".join(t.text_with_ws for t in tokens).strip()


def _statement(doc: Doc, t: Token, first: int, end: int) -> str | None:
    """The clause of tokens first..end (headed by ``t``) as a sentence: as written when it has a
    subject of its own, else with the subject it shares put first ("who resigned from the council"
    of "Tom Hale" -> "Tom Hale resigned from the council."); None for a pronoun subject (pointing
    outside the clause), a participle with no verb of its own, or a quotation mark."""
    body = list(doc[first:end])
    if _own_subject(t):
        subject: list[Token] = []
    else:
        if t.tag_ not in ("VBD", "VBZ", "VBP", "MD") and not any(c.dep_ in ("aux", "auxpass") for c in t.children):
            return None  # "elected in 2006", "posting on Facebook": no sentence without a verb added
        if t.dep_ == "relcl":
            if body and body[0].lower_ in _RELATIVES and body[0].dep_ in ("nsubj", "nsubjpass"):
                body = body[1:]
            else:
                return None  # "whose son ...", "which the court upheld": not the noun's own act
            head = t.head
            subject = [x for x in doc[head.left_edge.i : t.left_edge.i] if not x.is_punct or x.text in ".'’"]
        else:
            subj = _shared_subject(t)
            if subj is None:
                return None
            subject = list(doc[subj.left_edge.i : subj.right_edge.i + 1])
    words = [*subject, *body]
    if not words or not body or words[0].tag_ in ("PRP", "PRP$") or words[0].lower_ in _RELATIVES:
        return None
    if body[0].lower_ in _RELATIVES or body[0].tag_ in ("WDT", "WP", "WRB"):
        return None  # "which was 13 miles away" read as another verb's clause: the parse lost its noun
    text = " ".join(p for p in (_words(subject), _words(body)) if p)
    if any(ch in text for ch in "“”\"") or "``" in text or "''" in text:
        return None  # (`` and '' are the quotation marks of text rebuilt from treebank tokens)
    text = text[0].upper() + text[1:]
    text = text if text.endswith((".", "!")) else text.rstrip(" ,;:") + "."
    return text if reads_whole(text) else None


def _piece(doc: Doc, t: Token, lo: int, hi: int) -> tuple[int, int] | None:
    """The token range of the clause headed by ``t`` inside tokens lo..hi, without the
    conjunction, mark or punctuation it opens with and the punctuation it ends with; None
    when the clause runs outside the claim."""
    first, end = t.left_edge.i, t.right_edge.i + 1
    if first < lo or end > hi:
        return None
    if t.dep_ == "conj":  # "and" / "but" before the conjunct belong to neither conjunct
        first = max(first, next((c.i + 1 for c in t.head.children if c.dep_ == "cc" and c.i < t.i), first))
    # (a clause's "when" / "where" opens it as "that" does: "when she was struck after 7 p.m.")
    while first < end and (doc[first].is_punct or doc[first].dep_ in ("cc", "mark")
                           or (doc[first].tag_ == "WRB" and doc[first].head.i == t.i)):
        first += 1
    # a second clause joined to this one, with its own subject or "that" ("died after being struck
    # and that officers arrested the driver"): its own clause, not this one's words
    for c in t.children:
        if c.dep_ == "conj" and c.i > t.i and c.pos_ in _VERB_POS and (
                _own_subject(c) or any(g.dep_ == "mark" for g in c.children)):
            cut = next((g.i for g in t.children if g.dep_ == "cc" and t.i < g.i < c.i), c.left_edge.i)
            end = min(end, cut)
    while end > first and doc[end - 1].is_punct and doc[end - 1].text not in ")”\"'’":
        end -= 1
    return (first, end) if end - first >= 4 else None


def clauses_of(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc],
               props_of: Mapping[str, Proposition],
               reads: StoryReads | None = None) -> tuple[list[Clause], dict[str, Proposition]]:
    """The clauses of each content claim (and the claim itself, as its main statement), with the
    proposition of each: a clause without a subject of its own takes the one it shares with its
    sentence. ``reads``: the story's ``StoryReads`` when the caller has it."""
    reads = reads if reads is not None else StoryReads.of(analysis)
    entity_at = reads.lookups
    texts = {d.id: d.text for d in analysis.documents}  # (Doc.text joins every token anew)
    heads: dict[str, list[int]] = {}
    pieces: list[Clause] = []
    shared: dict[str, str] = {}  # clause id -> the resolved entity of the subject it shares
    done_to: set[str] = set()  # ... where the clause is passive: what was done to that subject
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None or not is_content(c) or c.id not in props_of:
            continue
        # (a lede's dateline, "BEIRUT, Lebanon —", is a sentence of its own to the parser: the
        # claim's main verb is its lede's)
        span = doc.char_span(c.start + dateline_length(c.text), c.end, alignment_mode="expand")
        if span is None or not len(span):
            continue
        if "?" not in c.text and not (_ASKED_WORD.search(c.text) and _asked(span, props_of[c.id].predicate)):  # a question states nothing
            pieces.append(Clause(c, c, True))
        if c.doc not in heads:
            heads[c.doc] = _clause_heads(doc)
        verbs = heads[c.doc]
        # (Span.text joins the span's tokens anew: the document's text, once per claim)
        questioned = "?" in (texts[c.doc][span.start_char:span.end_char] if c.doc in texts else span.text)
        seen: set[tuple[int, int]] = set()
        for i in verbs[bisect.bisect_left(verbs, span.start) : bisect.bisect_left(verbs, span.end)]:
            t = doc[i]
            if t.i == span.root.i:
                continue
            if t.dep_ == "conj" and t.head.pos_ not in _VERB_POS:
                continue
            if not _states(t, span, questioned):
                continue
            if t.dep_ in ("ccomp", "parataxis") and t.head.i == span.root.i and t.head.lemma_.lower() in REPORTING_VERBS:
                continue  # what the claim reports ("Comey said X") is its own proposition, read with the claim
            rng = _piece(doc, t, span.start, span.end)
            if rng is None or rng in seen or rng == (span.start, span.end):
                continue
            seen.add(rng)
            s, e = doc[rng[0]].idx, doc[rng[1] - 1].idx + len(doc[rng[1] - 1].text)
            s, e = max(s, c.start), min(e, c.end)
            text = (texts[c.doc] if c.doc in texts else doc.text)[s:e]
            cid = f"{c.id}@{s}-{e}"
            sub = replace(
                c, id=cid, citation=Span(c.doc, s, e, text),
                entities=tuple(x for x in c.entities),
                figures=tuple(f for f in c.figures if s <= f.start and f.end <= e),
                times=tuple(x for x in c.times if s <= x.start and x.end <= e),
                quotes=tuple(q for q in c.quotes if s <= q.start and q.end <= e),
                terms=content_terms(doc[rng[0]:rng[1]]),
                sentence=c.sentence or c.citation,
            )
            if len(sub.terms) < 3:
                continue
            pieces.append(Clause(sub, c, False, _statement(doc, t, *rng)))
            subject = _shared_subject(t)
            found = entity_at.get(c.doc, lambda _o: None)(subject.idx) if subject is not None else None
            if found is not None:
                shared[cid] = found
                if any(x.dep_ in ("nsubjpass", "auxpass") for x in t.children):
                    done_to.add(cid)
    of = dict(props_of)
    of.update(propositions([p.claim for p in pieces if not p.whole], analysis, docs, reads))
    for cid, entity in shared.items():
        prop = of.get(cid)
        if prop is None or "@" + entity in prop.patients:
            continue
        if cid in done_to:
            # "Tom Hale, who was elected to the council in 2004": what was done to him, as "Hale was
            # first elected in 2004" tells it
            of[cid] = replace(prop, patients=prop.patients | {"@" + entity})
        elif not any(a[:1] == "@" for a in prop.agents):
            of[cid] = replace(prop, agents=prop.agents | {"@" + entity})
    return pieces, of


def _shared_words(a: Claim, b: Claim, p: Proposition, q: Proposition) -> set[str]:
    """The content words two clauses share beyond their action ("be war" shares "war" with any other "be war")."""
    return (set(a.terms) & set(b.terms)) - set(p.predicate.split()) - set(q.predicate.split())


def _weight(words: set[str]) -> int:
    """How much shared words tell: a number both give (a year, a count) counts twice — "elected to
    Congress in 1995" / "first elected to office in 1995" — as it pins more than a word does."""
    return len(words) + sum(w.replace(",", "").replace(".", "").isdigit() for w in words)


def clause_pairs(pieces: Sequence[Clause], props: Props, outlet_of: Mapping[str, str | None],
                 together: set[frozenset[str]], min_shared: int = 2) -> dict[tuple[int, int], float]:
    """Pairs (x < y) of clauses of two outlets that state one proposition, at least one of them a
    clause inside its claim: the same main action, agreeing on a resolved argument in the same
    role, nothing contradicting, no two speakers, ``min_shared`` content words in common beyond
    the action. ``together``: pairs of claims already stating one fact (no clause fact repeats
    theirs). Weighed by the words they share."""
    of = props.of
    index: dict[str, list[int]] = {}
    for k, p in enumerate(pieces):
        q = of.get(p.claim.id)
        if q is None or not q.predicate or q.kind == "say":
            continue
        for anchor in q.agents | q.patients:
            if anchor[:1] == "@":
                index.setdefault(anchor, []).append(k)
        for figure in q.figures:
            index.setdefault(figure, []).append(k)
    out: dict[tuple[int, int], float] = {}
    # each clause's document and outlet once: a name of a large story is in thousands of clauses,
    # and these tests come first for each pair of them
    doc_of = [p.doc for p in pieces]
    unit = [outlet_key(outlet_of.get(d)) or d for d in doc_of]
    for rows in index.values():
        for n, x in enumerate(rows):
            doc_x, unit_x, whole_x = doc_of[x], unit[x], pieces[x].whole
            for y in rows[n + 1:]:
                if (x, y) in out:
                    continue
                if whole_x and pieces[y].whole or doc_x == doc_of[y] or unit_x == unit[y]:
                    continue
                px, py = pieces[x], pieces[y]
                if frozenset((px.parent.id, py.parent.id)) in together:
                    continue
                ca, cb = px.claim, py.claim
                pa, pb = of[ca.id], of[cb.id]
                if pa.hedged != pb.hedged or pa.negated != pb.negated or other_days(pa, pb):
                    continue
                if not props.same_action(ca, cb) or props.verdict(ca, cb) != "agrees" or speakers_clash(ca, cb):
                    continue
                if pa.patients and pb.patients and not pa.patients & pb.patients:
                    continue  # the same act on other things ("captured three boats" / "seized 14 rifles")
                # beyond the action ("be war" shares "war" with any other "be war")
                words = _shared_words(ca, cb, pa, pb)
                if _weight(words) < min_shared:
                    continue
                out[(x, y)] = len(words) + len(words) / len(set(ca.terms) | set(cb.terms))
    return out


def clause_sentences(members: Sequence[Clause]) -> list[Span]:
    """The whole sentences of the reports that hold the clauses, that read as sentences, the most
    readable first: a clause fact's headline, when no other fact of the story has it."""
    spans = []
    for m in members:
        whole = m.parent.sentence if m.parent.sentence is not None else m.parent.citation
        spans.append(headline_span(replace(m.parent, citation=whole)))
    spans = [s for s in spans if reads_whole(s.text)]
    return sorted(spans, key=lambda s: (-readability(s.text), s.doc, s.start))


def headline_of(sentences: Sequence[Span], taken: set[str]) -> Span | None:
    """The first of ``sentences`` no other fact heads (``taken``: headlines, lower-cased, spaces folded)."""
    return next((s for s in sentences if " ".join(s.text.lower().split()) not in taken), None)


@dataclass(frozen=True)
class FactSources:
    """What makes two reports one source (:func:`newsprism.compare.fact_sources.independent_sources`)."""

    copied: set
    families: Mapping[str, str]
    quoting: Mapping[str, set[str]]


def _joined(fact: Fact, added: Sequence[Clause], by_id: Mapping[str, Claim], outlet_of: Mapping[str, str | None],
            known: FactSources) -> Fact:
    """``fact`` with the clauses ``added`` (of reports it lacks) as "same fact" supports."""
    support = [*fact.support, *(Support(_part_id(m), m.claim.citation, "same fact") for m in added)]
    support.sort(key=lambda s: (s.strength != "same fact", s.citation.doc, s.citation.start))
    same = [by_id[s.claim.partition("@")[0]] for s in support if s.strength == "same fact" and s.claim.partition("@")[0] in by_id]
    docs = tuple(sorted({s.citation.doc for s in support if s.strength == "same fact"}))
    return replace(fact, support=tuple(support), docs=docs,
                   sources=independent_sources(list(docs), same, known.copied, known.families, known.quoting, outlet_of))


_EDGE = re.compile(r"^[\s,;:—–-]+|[\s,;:—–-]+(?:(?:and|but|while|as)[\s,;:—–-]*)?$", re.IGNORECASE)


def _main_clauses(pieces: list[Clause], facts: Sequence[Fact], home: Mapping[str, int], by_id: Mapping[str, Claim],
                  props: Props, docs: Mapping[str, Doc]) -> dict[int, tuple[int, Clause]]:
    """The main clause of each sentence a fact of several reports holds by its closing clause only
    (:func:`_main_clause`), appended to ``pieces``: its index -> (the fact, the closing clause)."""
    parts: dict[str, list[Clause]] = {}
    for p in pieces:
        if not p.whole:
            parts.setdefault(p.parent.id, []).append(p)
    out: dict[int, tuple[int, Clause]] = {}
    for w in [p for p in pieces if p.whole and p.parent.id in home and p.parent.id in parts]:
        found = _main_clause(w, parts[w.parent.id], facts[home[w.parent.id]], by_id, props, docs)
        if found is not None:
            pieces.append(found[0])
            out[len(pieces) - 1] = (home[w.parent.id], found[1])
    return out


def _main_clause(whole: Clause, pieces: Sequence[Clause], fact: Fact, by_id: Mapping[str, Claim], props: Props,
                 docs: Mapping[str, Doc]) -> tuple[Clause, Clause] | None:
    """A sentence that supports ``fact`` by its closing clause only: (its main clause, before that
    clause, as a piece of its own; the closing clause). So when another report of the fact tells the
    closing clause's action and none tells the sentence's main action ("After winning re-election,
    he resigned" / "Jackson was first elected to office in 1995 and resigned from Congress"); else None."""
    claim = whole.claim
    others = [by_id[s.claim] for s in fact.support
              if s.strength == "same fact" and s.claim in by_id and s.citation.doc != claim.doc]
    if not others or any(props.same_action(claim, v) for v in others):
        return None
    doc = docs.get(claim.doc)
    for q in pieces:
        if q.whole or q.parent.id != whole.parent.id or claim.end - q.claim.end > 2:
            continue  # (only a clause that closes the sentence leaves its main clause one stretch)
        if not any(props.same_action(q.claim, v) for v in others):
            continue
        text = claim.text[: q.claim.start - claim.start]
        m = _EDGE.search(text)
        while m is not None and m.group(0):
            text = text[: m.start()] if m.start() else text[m.end():]
            m = _EDGE.search(text)
        s, e = claim.start, claim.start + len(text)
        span = doc.char_span(s, e, alignment_mode="contract") if doc is not None else None
        if span is None or len(text.split()) < 4 or any(ch in text for ch in "“”\""):
            continue
        sub = replace(
            claim, id=f"{claim.id}@{s}-{e}", citation=Span(claim.doc, s, e, text),
            figures=tuple(f for f in claim.figures if f.end <= e), times=tuple(x for x in claim.times if x.end <= e),
            quotes=(), terms=content_terms(span), sentence=claim.sentence or claim.citation,
        )
        said = text[0].upper() + text[1:] + "."
        return Clause(sub, whole.parent, False, said if reads_whole(said) else None), q
    return None


def _cited_by(fact: Fact, claim: str, kept: Clause) -> Fact:
    """``fact`` with the support of ``claim`` citing only its clause ``kept``."""
    support = tuple(Support(_part_id(kept), kept.claim.citation, s.strength) if s.claim == claim else s
                    for s in fact.support)
    return replace(fact, support=support)


def _part_id(m: Clause) -> str:
    return f"{m.parent.id}@{m.claim.start}-{m.claim.end}"


def clause_facts(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc], props: Props,
                 facts: list[Fact], outlet_of: Mapping[str, str | None], known: FactSources, rank: Mapping[str, int],
                 min_shared: int, weight: float, seen_headlines: set[str],
                 seen_cites: set[frozenset], reads: StoryReads | None = None,
                 second_propositions: bool = True) -> tuple[list[Fact], list[list[Span]]]:
    """Facts of clauses two or more outlets tell alike, and the whole sentences that may head each
    (:func:`sentence_heads`). A clause that states what a claim of a fact of several reports states
    ("The navy captured 23 pirates" / "... foiled a hijack attempt and arrested 23 pirates") joins
    that fact instead, for a report it lacks (``facts`` is updated): one proposition, one fact.
    ``weight``: a clause fact's importance against the facts the sentences are about."""
    pieces, of = clauses_of(claims, analysis, docs, props.of, reads)
    clause_props = replace(props, of=of)
    by_id = {c.id: c for c in claims}
    # claims that already state one fact together: a clause fact of theirs would repeat it; and the
    # fact of several reports each claim states
    together: set[frozenset[str]] = set()
    home: dict[str, int] = {}
    for x, f in enumerate(facts):
        same = [s.claim.partition("@")[0] for s in f.support if s.strength == "same fact"]
        together.update(frozenset((a, b)) for a in same for b in same if a != b)
        if len(f.docs) >= 2 and not is_side_fact(f):
            home.update((s.claim, x) for s in f.support if s.strength == "same fact" and "@" not in s.claim)
    # what a side fact already cites (who someone is): not told again as a clause
    sides: dict[str, list[Span]] = {}  # by document: each clause is tried against its own report's only
    for f in facts:
        if is_side_fact(f):
            for s in f.support:
                sides.setdefault(s.citation.doc, []).append(s.citation)
    pieces = [p for p in pieces if not any(
        s.start < p.claim.end and p.claim.start < s.end for s in sides.get(p.doc, ()))]
    # a sentence that tells two propositions ("Jackson was first elected in 1995 and resigned from
    # Congress"), in a fact by its closing clause: its main clause, a piece of its own, may state another
    rests = _main_clauses(pieces, facts, home, by_id, clause_props, docs) if second_propositions else {}
    for k in rests:
        of[pieces[k].claim.id] = of[pieces[k].parent.id]
    pairs = clause_pairs(pieces, clause_props, outlet_of, together, min_shared)
    split = {pieces[k].parent.id for k in rests}

    def outlet(d: str) -> str:
        return outlet_key(outlet_of.get(d)) or d

    # a clause stating a fact's claim: it joins that fact, for a report (outlet) the fact lacks
    joins: dict[tuple[int, str], tuple[float, int]] = {}
    for (x, y), score in list(pairs.items()):
        whole, part = (x, y) if pieces[x].whole else (y, x) if pieces[y].whole else (None, None)
        if whole is None or part is None or pieces[whole].parent.id not in home:
            continue
        del pairs[(x, y)]
        at = home[pieces[whole].parent.id]
        o = outlet(pieces[part].doc)
        # (a sentence in its fact by its closing clause: what its main clause states is not that
        # fact's, and its piece (rests) is paired by itself)
        if pieces[part].parent.id in home or pieces[whole].parent.id in split:
            continue
        if o in {outlet(d) for d in facts[at].docs}:
            continue
        if (at, o) not in joins or score > joins[(at, o)][0]:
            joins[(at, o)] = (score, part)
    taken: set[int] = set()
    adding: dict[int, list[Clause]] = {}
    for (at, _o), (_score, part) in sorted(joins.items(), key=lambda kv: -kv[1][0]):
        if part not in taken:
            taken.add(part)
            adding.setdefault(at, []).append(pieces[part])
    for at, added in adding.items():
        facts[at] = _joined(facts[at], added, by_id, outlet_of, known)
    pairs = {k: v for k, v in pairs.items() if k[0] not in taken and k[1] not in taken}
    out: list[Fact] = []
    sentences: list[list[Span]] = []
    made: set[frozenset[str]] = set()
    for group in greedy_groups(pairs, pieces):
        members = [pieces[k] for k in group]
        parents = [m.parent for m in members]
        same_docs = sorted({m.doc for m in members})
        sources = independent_sources(same_docs, parents, known.copied, known.families, known.quoting, outlet_of)
        cites = frozenset((m.doc, m.claim.start) for m in members)
        # a claim and the clause it reports ("Police said X" / "X") are one statement: one clause fact
        # per two claims
        twos = {frozenset((a.parent.id, b.parent.id)) for a in members for b in members if a.doc != b.doc}
        if twos & made:
            continue
        # headed for now by its clause (a verbatim stretch), the one that reads as a sentence first;
        # a whole sentence of one report replaces it once every fact has its headline (sentence_heads)
        told = sorted(members, key=lambda m: (m.statement is None, -readability(m.claim.text), m.doc, m.claim.start))
        head = told[0].claim.citation
        key = " ".join(head.text.lower().split())
        if sources < 2 or cites in seen_cites or key in seen_headlines:
            continue
        seen_headlines.add(key)
        made.update(twos)
        seen_cites.add(cites)
        sentences.append(clause_sentences(members))
        support = [Support(_part_id(m), m.claim.citation, "same fact")
                   for m in sorted(members, key=lambda m: (m.doc, m.claim.start))]
        for k in group:
            if k in rests:  # its sentence's fact keeps the closing clause only: one proposition, one fact
                at, kept = rests[k]
                facts[at] = _cited_by(facts[at], pieces[k].parent.id, kept)
        out.append(Fact(
            id="", headline=head, outlet=outlet_of.get(head.doc), support=tuple(support),
            docs=tuple(same_docs), sources=sources,
            actors=tuple(dict.fromkeys(e for c in parents for e in c.entities)),
            figures=tuple(dict.fromkeys(f.text for m in members for f in m.claim.figures)),
            # told in a clause: after the facts the sentences are about
            importance=round(weight * max(importance(c, rank[c.id]) for c in parents), 3),
            statement=told[0].statement,
        ))
    return out, sentences


def sentence_heads(facts: list[Fact], clause_at: Sequence[int], sentences: Sequence[Sequence[Span]],
                   outlet_of: Mapping[str, str | None]) -> None:
    """Each clause fact (at ``clause_at``) headed by a whole sentence of one report that holds one of
    its clauses (``sentences``, the most readable first) when no other fact has that headline (a
    sentence heads one fact: its main fact may be another's, single-source included); else its clause,
    shown as its ``statement`` — and without one, the fact is left out."""
    taken = {" ".join(f.headline.text.lower().split()) for f in facts}
    dropped = []
    for x, options in zip(clause_at, sentences):
        head = headline_of(options, taken)
        if head is not None:
            taken.add(" ".join(head.text.lower().split()))
            facts[x] = replace(facts[x], headline=head, outlet=outlet_of.get(head.doc))
        elif facts[x].statement is None:
            dropped.append(x)  # neither a sentence of its own nor one free to head it: nothing readable to show
    for x in reversed(dropped):
        del facts[x]
