"""Facts: the propositions a story's documents state, each claim in at most one.

The alignment (:mod:`newsprism.compare.align`) proposes groups of claims from
different documents that look like the same fact. Here they become facts:

- **Partition.** Groups are taken strongest first; a claim already used by an
  earlier fact is not used again, so a sentence supports one fact only.
- **Match strength.** Each claim of a fact is ``"same fact"`` when its link to
  the fact's anchor (the claim the fact grew from) is strong *and* rests on core
  arguments — a rare shared entity or figure, a shared event, or much shared
  content — and the two are not said by different people, nor one negated where
  the other is not. Otherwise it is ``"partly"``: on the same topic, but it does
  not state the same proposition. Partly supports never count as corroboration.
- **Content.** A claim that is only a speaker tag (``" Perry said in a
  statement.``), a credit line or a two-word fragment states no fact.
- **Headline.** The most readable supporting sentence: complete (a capital
  first, a full stop last, a verb), no leading pronoun or conjunction, no
  dateline (it is cut off, the citation moves with it); it names whose wording
  it is. Two facts never share a headline or a citation set.

Nothing here reads a model: it works on the claims, the alignment scores and
the parse the pipeline already made.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

import numpy as np

from spacy.tokens import Doc

from newsprism.compare.align import ClaimGraph, PairScores, is_credit_line
from newsprism.extract.claims import Claim
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Fact, Span, StoryAnalysis, Strength, Support

__all__ = ["FactParams", "build_facts", "headline_span", "is_content", "readability"]


@dataclass(frozen=True)
class FactParams:
    same_score: float = 0.7  # a "same fact" link scores at least this ...
    same_evidence: float = 0.15  # ... and has this much rare entity/figure/event mass, or
    same_terms: float = 0.45  # ... this much shared content (mean of the two lexical cosines)
    copied_is_same: bool = True
    member_floor: float = 0.6  # a claim joining a fact scores at least this with each of its claims


_PRONOUN_START = re.compile(
    r"^(?:he|she|they|it|this|that|these|those|his|her|their|its|him|them|but|and|or|so|because|though|although|while|which|who)\b",
    re.IGNORECASE,
)
_DATELINE = re.compile(r"^[A-Z][A-Z .,'’-]{2,60}(?:\([^)]{1,30}\))?\s*(?:—|--|–|-)\s+")
# "Politico reports:", "Perry said in a statement.": a speaker and a verb, then at most a few words
_SPEAKER_TAG = re.compile(
    r"^(?:(?:[A-Z][\w.'’-]*|the|a|an|of|and)\s+){1,6}(?:said|says|told|added|wrote|reports|reported|continued|explained|noted)\b"
    r"(?:\s+[\w.'’-]+){0,5}\s*[.!?:]?\s*$"
)
# the tail of a quotation the sentence splitter cut off: a closing quote mark, then the rest
_QUOTE_TAIL = re.compile(r"^[\"”’]\s")
_NEGATION = re.compile(r"\b(?:not|no|never|n't|nor|none|neither|without|denied|denies|deny)\b", re.IGNORECASE)
_TERMINAL = ("." , "!", "?", ".”", ".\"", "?”", "!”", "?\"", "!\"", ".’", ".'")


def is_content(claim: Claim) -> bool:
    """False for what states no fact: a bare speaker tag, a credit line, a
    fragment of under four content words, text starting with a dangling close-quote."""
    text = claim.text.strip()
    if is_credit_line(claim) or len(claim.terms) < 3:
        return False
    if _SPEAKER_TAG.match(text) or _QUOTE_TAIL.match(text):
        return False
    if text.startswith("(") and text.endswith(")"):  # a photo credit or caption line
        return False
    return True


def headline_span(claim: Claim) -> Span:
    """The claim's citation without a leading dateline ("WASHINGTON — ")."""
    m = _DATELINE.match(claim.text)
    if m and m.end() < len(claim.text) - 10:
        start = claim.start + m.end()
        return Span(claim.doc, start, claim.end, claim.text[m.end():])
    return claim.citation


def readability(text: str) -> float:
    """How well ``text`` reads as a headline on its own: 0 (fragment) .. 4."""
    t = text.strip()
    score = 0.0
    if t[:1].isupper() or (t[:1] in "“\"" and t[1:2].isupper()):
        score += 1
    if t.endswith(_TERMINAL):
        score += 1
    if not _PRONOUN_START.match(t.lstrip("“\"'")):
        score += 1
    words = len(t.split())
    if 6 <= words <= 45:
        score += 1
    if quote_like(t):
        score -= 0.5
    return score


def quote_like(text: str) -> bool:
    return text.lstrip()[:1] in "“\"" and text.rstrip()[-1:] in "”\""


def _negated(claim: Claim) -> bool:
    return bool(_NEGATION.search(claim.text))


def _strength(i: int, j: int, claims: Sequence[Claim], pairs: PairScores, copied: set, params: FactParams,
              agents: Mapping[str, frozenset[str]] | None = None) -> Strength:
    ci, cj = claims[i], claims[j]
    if params.copied_is_same and frozenset((ci.id, cj.id)) in copied:
        return "same fact"
    score = float(pairs.score[i, j])
    evidence = float(pairs.entities[i, j]) + float(pairs.events[i, j])
    lexical = float(pairs.terms[i, j])
    if pairs.words is not None:
        lexical = (lexical + float(pairs.words[i, j])) / 2
    if score < params.same_score or (evidence < params.same_evidence and lexical < params.same_terms):
        return "partly"
    if agents is not None:
        # who did it: the resolved subject of each claim's main verb is among the
        # other claim's entities ("Kerry spoke with Cavusoglu" does not state
        # that Cavusoglu and Lavrov spoke)
        gi, gj = agents.get(ci.id, frozenset()), agents.get(cj.id, frozenset())
        if (gi and not gi & set(cj.entities)) or (gj and not gj & set(ci.entities)):
            return "partly"
    ai = ci.attribution.entity if ci.attribution else None
    aj = cj.attribution.entity if cj.attribution else None
    if ai and aj and ai != aj:  # one person's remark is not another's
        return "partly"
    return "same fact"


def _merged(groups: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Groups that share two or more claims are one fact told with more
    sentences (the alignment grows one group per seed link): merged, in the
    order of their first group."""
    out: list[list[str]] = []
    for group in groups:
        hit = next((g for g in out if len(set(g) & set(group)) >= 2), None)
        if hit is None:
            out.append(list(group))
        else:
            hit.extend(c for c in group if c not in hit)
    return [tuple(g) for g in out]


def _actors(claim: Claim) -> set[str]:
    return set(claim.entities) | {f"#{f.value}" for f in claim.figures if any(ch.isdigit() for ch in f.text)}


def _fit(i: int, j: int, claims: Sequence[Claim], pairs: PairScores, actor_weight: float = 0.0) -> float:
    """How well two claims state one proposition: their alignment score plus the
    agreement of their core arguments (Jaccard of resolved entities and figures)."""
    a, b = _actors(claims[i]), _actors(claims[j])
    jaccard = len(a & b) / len(a | b) if a and b else 0.0
    return float(pairs.score[i, j]) + actor_weight * jaccard


def _independent(docs: Sequence[str], members: Sequence[Claim], copied: set, families: Mapping[str, str]) -> int:
    parent = {d: d for d in docs}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for x, a in enumerate(members):
        for b in members[x + 1:]:
            if a.doc == b.doc or a.doc not in parent or b.doc not in parent:
                continue
            fam = families.get(a.doc)
            if frozenset((a.id, b.id)) in copied or (fam is not None and fam == families.get(b.doc)):
                parent[find(a.doc)] = find(b.doc)
    return len({find(d) for d in docs})


def importance(claim: Claim, rank_in_doc: int) -> float:
    """Lead position, named sources, figures, quotes: what an editor reads first."""
    score = 2.0 / (1 + rank_in_doc / 3)
    if claim.attribution is not None and claim.attribution.entity:
        score += 0.7
    score += 0.5 * min(len(claim.figures), 2)
    score += 0.4 * min(len(claim.entities), 3)
    if claim.quotes:
        score += 0.5
    return round(score, 3)


_SUBJ = ("nsubj", "nsubjpass")


def claim_agents(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc]) -> dict[str, frozenset[str]]:
    """claim id -> resolved entity ids of the subject of its main verb (through a
    reporting verb to the clause reported: "X said Y did Z" -> Y), from the parse."""
    by_doc: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            by_doc.setdefault(m.doc, []).append((m.start, m.end, e.id))
    out: dict[str, frozenset[str]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is None or not len(span):
            continue
        root = span.root
        if root.lemma_.lower() in REPORTING_VERBS:
            # who says it is not who did it: the subject of what is reported, or nobody
            reported = [t for t in root.children if t.dep_ in ("ccomp", "parataxis")]
            if not reported:
                continue
            root = reported[0]
        subjects = [t for t in root.children if t.dep_ in _SUBJ]
        subjects += [g for t in subjects for g in t.children if g.dep_ == "conj"]
        ids: set[str] = set()
        for t in subjects:
            lo, hi = t.left_edge.idx, t.right_edge.idx + len(t.right_edge)
            ids.update(e for s, e_end, e in by_doc.get(c.doc, ()) if s >= lo and e_end <= hi and s <= t.idx < e_end)
        if ids:
            out[c.id] = frozenset(ids)
    return out


def build_facts(
    graph: ClaimGraph,
    analysis: StoryAnalysis,
    params: FactParams = FactParams(),
    docs: Mapping[str, Doc] | None = None,
) -> list[Fact]:
    """Every fact of the story: multi-document facts first (strongest first),
    then each remaining content claim as a one-document fact."""
    claims = graph.claims
    pairs = graph.scores
    agents = claim_agents(claims, analysis, docs) if docs else None
    index = {c.id: k for k, c in enumerate(claims)}
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    families = {d.id: d.copy_family for d in analysis.documents if d.copy_family is not None}
    copied = {
        frozenset((a.a, a.b)) for a in graph.alignments if a.copied
    }
    order_in_doc: dict[str, int] = {}
    rank: dict[str, int] = {}
    for c in sorted(claims, key=lambda c: (c.doc, c.start)):
        rank[c.id] = order_in_doc.get(c.doc, 0)
        order_in_doc[c.doc] = rank[c.id] + 1

    used: set[str] = set()
    facts: list[Fact] = []
    seen_headlines: set[str] = set()
    seen_cites: set[frozenset] = set()
    # each claim belongs to the group where it is best linked to a claim of
    # another document — by score and by how far their actors agree (the partition)
    groups = _merged(graph.groups)
    home: dict[int, tuple[tuple[int, float], int]] = {}
    if pairs is not None:
        for gi, group in enumerate(groups):
            ks = [index[c] for c in group]
            for k in ks:
                others = [j for j in ks if claims[j].doc != claims[k].doc]
                # first how many of the group's other claims it states the fact with,
                # then its best link: a claim goes where it is needed, not where one
                # link happens to score highest
                n_same = sum(_strength(j, k, claims, pairs, copied, params, agents) == "same fact" for j in others)
                fit = (n_same, max((_fit(k, j, claims, pairs) for j in others), default=-np.inf))
                if k not in home or fit > home[k][0]:
                    home[k] = (fit, gi)
    for gi, group in enumerate(groups):
        if pairs is None:
            break
        ks = [index[c] for c in group if home.get(index[c], ((0, 0.0), -1))[1] == gi and is_content(claims[index[c]])]
        if len({claims[k].doc for k in ks}) < 2:
            continue
        # a member is "same fact" when it states the proposition with a claim of
        # another document of the fact (core arguments agree), else "partly"
        core = [
            k for k in ks
            if any(claims[j].doc != claims[k].doc and _strength(j, k, claims, pairs, copied, params, agents) == "same fact" for j in ks)
        ]
        support: list[tuple[Claim, Strength]] = [(claims[k], "same fact" if k in core else "partly") for k in ks]
        same: list[Claim] = [c for c, st in support if st == "same fact"]
        same_docs = sorted({c.doc for c in same})
        if len(same_docs) < 2:
            continue  # nothing here states the anchor's proposition: its claims stay free
        # the headline: the most readable "same fact" sentence
        best = max(same, key=lambda c: (readability(headline_span(c).text), -abs(len(c.text.split()) - 22)))
        head = headline_span(best)
        key = " ".join(head.text.lower().split())
        cites = frozenset((c.doc, c.start) for c, s in support if s == "same fact")
        if key in seen_headlines or cites in seen_cites:
            continue
        seen_headlines.add(key)
        seen_cites.add(cites)
        # a claim that states the fact is used up; a partly one stays free for
        # the fact it does state (then it leaves this one: see below)
        used.update(c.id for c, st in support if st == "same fact")
        facts.append(
            Fact(
                id="",
                headline=head,
                outlet=outlet_of.get(best.doc),
                support=tuple(Support(c.id, c.citation, s) for c, s in sorted(support, key=lambda x: (x[1] != "same fact", x[0].doc, x[0].start))),
                docs=tuple(same_docs),
                sources=_independent(same_docs, same, copied, families),
                actors=tuple(dict.fromkeys(e for c in same for e in c.entities)),
                figures=tuple(dict.fromkeys(f.text for c in same for f in c.figures)),
                importance=max(importance(c, rank[c.id]) for c in same),
            )
        )
    # the partition: a claim supports one fact at one strength — a partly claim
    # that states another fact, or was partly in an earlier one, leaves the later list
    placed = set(used)
    cleaned = []
    for f in facts:
        keep = []
        for sup in f.support:
            if sup.strength == "partly":
                if sup.claim in placed:
                    continue
                placed.add(sup.claim)
            keep.append(sup)
        cleaned.append(replace(f, support=tuple(keep)))
    facts = cleaned
    used = placed
    multi = len(facts)
    for c in claims:
        if c.id in used or not is_content(c):
            continue
        substantive = (c.entities or c.figures) and len(c.terms) >= 4
        if not substantive:
            continue
        head = headline_span(c)
        key = " ".join(head.text.lower().split())
        if key in seen_headlines:
            continue
        seen_headlines.add(key)
        used.add(c.id)
        facts.append(
            Fact("", head, outlet_of.get(c.doc), (Support(c.id, c.citation, "same fact"),), (c.doc,), 1,
                 tuple(c.entities), tuple(f.text for f in c.figures), importance(c, rank[c.id]))
        )
    facts[multi:] = sorted(facts[multi:], key=lambda f: -f.importance)
    return facts
