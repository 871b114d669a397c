"""Facts: the propositions a story's documents state, each claim in at most one.

The alignment (:mod:`newsprism.compare.align`) proposes groups of claims from
different documents that look like the same fact. Here they become facts:

- **Partition.** Groups are taken strongest first; a claim already used by an
  earlier fact is not used again, so a claim supports one fact only. One
  exception: a claim in a shared-quote fact whose own words tell more than who
  said it supports that fact with its quoted words only (its support's id is
  "<claim id>@<start>-<end>"), and the claim stays free for the fact its own
  words state.
- **Match strength** (:mod:`newsprism.compare.fact_links`). Each claim of a
  fact is ``"same fact"`` when it states the proposition with a claim of another
  document, else ``"partly"``; partly supports never count as corroboration.
  One group may hold several facts: one per core (:mod:`newsprism.compare.cores`).
- **Shared quotes** (:mod:`newsprism.compare.shared_quotes`): the same words
  quoted by several reports are a fact of their own, first.
- **One remark** (:mod:`newsprism.compare.quote_halves`): facts that each hold a
  part of one quoted sentence of a report are one fact.
- **Content and headline** (:mod:`newsprism.compare.fact_text`): what states no
  fact is left out; the headline is the most readable supporting sentence, and
  names whose wording it is. Two facts never share a headline or a citation set.
- **Sources** (:mod:`newsprism.compare.fact_sources`): copies, copy families and
  relays of another outlet count as one source.

Nothing here reads a model: it works on the claims, the alignment scores and
the parse the pipeline already made.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from typing import Callable, Mapping, Sequence

import numpy as np

from spacy.tokens import Doc

from newsprism.compare.act_objects import act_objects
from newsprism.compare.align import ClaimGraph, PairScores
from newsprism.compare.argument_links import argument_groups
from newsprism.compare.blocked import PairTable, pairs_at_least
from newsprism.compare.clause_facts import FactSources, clause_facts, sentence_heads
from newsprism.compare.claim_view import claim_views
from newsprism.compare.cores import cores as _cores, publication_day
from newsprism.datelines import dateline_length
from newsprism.compare.fact_anchors import anchored_groups
from newsprism.compare.circumstances import claim_circumstances
from newsprism.compare.relative_days import claim_relative_days
from newsprism.compare.doer_words import doer_terms
from newsprism.compare.described_doers import claims_subjects, described_doers, with_doers
from newsprism.compare.fact_links import Props, claim_agents, link_strength, named_anchors, speakers_clash
from newsprism.compare.fact_params import FactParams
from newsprism.compare.fact_reports import near_pairs, other_reports
from newsprism.compare.fact_sources import cited_outlets, independent_sources
from newsprism.compare.fact_text import (
    dateline_only, headline_span, importance, is_content, leans_back, opens_inside_quote, quote_opening, quoted_sentence, readability, reads_whole,
    single_source_head, single_source_weight,
    headline_claim,
)
from newsprism.compare.link_partners import Partners
from newsprism.compare.match import PredicateSimilarity
from newsprism.compare.quoted_terms import named_only
from newsprism.compare.quote_halves import join_remarks
from newsprism.compare.restated import Restated
from newsprism.compare.salience import RESTATED_OWN, StoryTerms, single_source_importance
from newsprism.compare.settings import claim_settings
from newsprism.compare.shared_quotes import greedy_groups, quote_groups, shared_quoted_span
from newsprism.compare.side_facts import side_facts, side_pairs
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition, StoryReads, propositions
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Fact, Span, StoryAnalysis, Strength, Support, outlet_key

__all__ = ["FactParams", "build_facts"]


def _sentence_rank(span: Span) -> tuple[bool, float]:
    """How a headline reads: as a whole sentence first, then how readable."""
    return reads_whole(span.text), readability(span.text)


def _support_id(claim: Claim, cited: Span, free: frozenset[str]) -> str:
    """A support's claim id: the claim's, or for a claim that supports a fact with part of its
    words only (its quotation) while the rest stays free, "<claim id>@<start>-<end>"."""
    return f"{claim.id}@{cited.start}-{cited.end}" if claim.id in free else claim.id


def _restored(support: Support, used: set[str]) -> Support:
    """A support of part of a claim (:func:`_support_id`) whose claim no other fact took: the
    claim's own id again (and the claim used)."""
    claim, at, _ = support.claim.partition("@")
    if not at or claim in used:
        return support
    used.add(claim)
    return replace(support, claim=claim)


def _merged(groups: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Groups that share two or more claims are one fact told with more
    sentences (the alignment grows one group per seed link): merged, in the
    order of their first group."""
    out: list[list[str]] = []
    held: list[set[str]] = []  # the claims of each merged group (a list scan per claim was quadratic)
    holding: dict[str, list[int]] = {}  # claim -> the merged groups that hold it (each claim once per group)
    for group in groups:
        shared = Counter(k for c in set(group) for k in holding.get(c, ()))
        hit = min((k for k, v in shared.items() if v >= 2), default=None)  # the first group sharing two
        if hit is None:
            hit = len(out)
            out.append([])
            held.append(set())
        for c in group:
            if c not in held[hit]:
                out[hit].append(c)
                held[hit].add(c)
                holding.setdefault(c, []).append(hit)
    return [tuple(g) for g in out]


def _proposition_groups(claims: Sequence[Claim], pairs: PairScores, used: set[str], props: Props,
                        params: FactParams, agents: Mapping[str, frozenset[str]] | None = None,
                        common: int = 40) -> list[list[int]]:
    """Claims of different documents, not yet in a fact, whose propositions agree
    (compatible predicates, a resolved entity or figure in the same role, nothing
    contradicting) and whose alignment score is not low: one fact per group, one
    claim per document, each agreeing with every other, strongest pairs first."""
    of = props.of
    free = [
        k for k, c in enumerate(claims)
        if c.id not in used and is_content(c) and c.id in of and named_anchors(of[c.id]) and of[c.id].predicate
        and of[c.id].kind != "say"
    ]
    index: dict[str, list[int]] = {}
    for k in free:
        for a in named_anchors(of[claims[k].id]):
            index.setdefault(a, []).append(k)
    candidates: dict[tuple[int, int], float] = {}
    # pairs the alignment scored high but did not link (neither was among the
    # other's best few): the same fact when the pair holds as one (see link_strength)
    if params.unlinked_pairs:
        rest = np.array([k for k, c in enumerate(claims) if c.id not in used and is_content(c)], dtype=np.int64)
        if len(rest) > 1:
            if isinstance(pairs.score, PairTable):
                # a story aligned on candidate pairs (compare/blocked) has no dense table to slice
                high = sorted(pairs_at_least(pairs.score, rest.tolist(), params.same_score))
            else:
                sub = pairs.score[np.ix_(rest, rest)]
                high = [(int(rest[a]), int(rest[b])) for a, b in np.argwhere(np.triu(sub >= params.same_score, k=1))]
            for x, y in high:
                if (claims[x].doc != claims[y].doc and props.same_action(claims[x], claims[y])
                        and props.verdict(claims[x], claims[y]) == "agrees"
                        and link_strength(x, y, claims, pairs, set(), params, agents, props) == "same fact"):
                    candidates[(x, y)] = float(pairs.score[x, y])
    for rows in index.values():
        if len(rows) > common or not params.proposition_links:
            continue
        for x in rows:
            for y in rows:
                if x >= y or claims[x].doc == claims[y].doc or (x, y) in candidates:
                    continue
                score = float(pairs.score[x, y])
                if score < params.proposition_min_score or speakers_clash(claims[x], claims[y]):
                    continue
                if props.verdict(claims[x], claims[y]) == "agrees":
                    candidates[(x, y)] = score
    return greedy_groups(candidates, claims)


def _side_facts(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc], used: set[str],
                params: FactParams, outlet_of: Mapping[str, str | None], copied: set, families: Mapping[str, str],
                quoting: Mapping[str, set[str]], rank: Mapping[str, int], seen_headlines: set[str],
                seen_cites: set[frozenset]) -> list[Fact]:
    """Facts of side facts two or more outlets tell alike (:mod:`newsprism.compare.side_facts`):
    one side fact per document, each citing its span; a copula clause ("Sandra Jackson was a
    Chicago alderman") only when its claim is in no fact yet (its span is the whole claim)."""
    by_id = {c.id: c for c in claims}
    content = [c for c in claims if is_content(c)]
    # (a description inside a direct quotation is the speaker's words, which the quote tells: "You take
    # 18 of them -- California, Illinois and New York, where you know we're not likely to do well ...")
    sides = [s for s in side_facts(content, analysis, docs) if (s.kind != "copula" or s.claim not in used)
             and not any(q.start <= s.span.start and s.span.end <= q.end for q in by_id[s.claim].quotes)]
    out: list[Fact] = []
    for group in greedy_groups(side_pairs(sides, outlet_of, params.side_min_shared, params.side_own_shared), sides):
        members = [sides[k] for k in group]
        parents = [by_id[s.claim] for s in members]
        same_docs = sorted({s.doc for s in members})
        sources = independent_sources(same_docs, parents, copied, families, quoting, outlet_of)
        best = max(members, key=lambda s: (readability(s.span.text), len(s.words), -s.span.start))
        head = best.span
        # as a sentence: the headline's own words, else another report's (a description before the
        # name makes none: "Wyoming Senate candidate Liz Cheney")
        told = [s for s in [best, *members] if s.statement]
        if not told and all(s.kind != "copula" for s in members):
            # no member's words make a sentence ("the White House press secretary Robert Gibbs and David
            # Axelrod" / "White House Press Secretary Robert Gibbs"): how the outlets name someone, not a
            # fact to print as a headline
            continue
        key = " ".join(head.text.lower().split())
        cites = frozenset((s.doc, s.span.start) for s in members)
        if sources < 2 or key in seen_headlines or cites in seen_cites:
            continue
        seen_headlines.add(key)
        seen_cites.add(cites)
        used.update(s.claim for s in members if s.kind == "copula")
        out.append(Fact(
            id="", headline=head, outlet=outlet_of.get(head.doc),
            support=tuple(Support(s.id, s.span, "same fact") for s in sorted(members, key=lambda s: (s.doc, s.span.start))),
            docs=tuple(same_docs), sources=sources,
            actors=tuple(dict.fromkeys(s.entity for s in members)),
            # told in passing: after the facts the sentences are about
            importance=round(params.side_weight * max(importance(c, rank[c.id]) for c in parents), 3),
            statement=told[0].statement if told else None,
        ))
    return out


_CONTENT_POS = frozenset({"NOUN", "VERB", "ADJ", "ADV", "NUM"})


def tells_more(claim: Claim, doc: Doc | None, min_words: int) -> bool:
    """The claim's words outside its quotations tell something of their own: ``min_words``
    content words or more that are no name and no verb of saying ("Mary Cheney reportedly
    wrote on her personal Facebook page, concluding her internecine post by saying, “Please
    like and share if you agree.”"), not only who said the quoted words ("“Tell me who you
    are,” Mr. Etheridge said.")."""
    span = doc.char_span(claim.start, claim.end, alignment_mode="expand") if doc is not None else None
    if span is None:
        return False
    quoted = [(q.start, q.end) for q in claim.quotes]
    n = 0
    for t in span:
        if t.pos_ not in _CONTENT_POS or t.is_stop or any(a <= t.idx < b for a, b in quoted):
            continue
        if t.pos_ == "VERB" and t.lemma_.lower() in REPORTING_VERBS:
            continue
        n += 1
    return n >= min_words


def _whole(claim: Claim) -> Span:
    return claim.citation


def _with_other_reports(fact: Fact, claims: Sequence[Claim], index: Mapping[str, int],
                        near: Mapping[int, Sequence[int]], pairs: PairScores, used: set[str],
                        strength: Callable[[int, int], str], report_of: Mapping[str, str],
                        cites_outlet: Mapping[str, set[str]], copied: set, families: Mapping[str, str],
                        quoting: Mapping[str, set[str]], outlet_of: Mapping[str, str | None],
                        rank: Mapping[str, int]) -> Fact:
    """The fact with the claims of the reports it lacks that state it with its claims
    (:func:`newsprism.compare.fact_reports.other_reports`), each "same fact"."""
    members = [index[s.claim] for s in fact.support if s.strength == "same fact" and s.claim in index]
    docs_here = set(fact.docs)
    free = {
        k for m in members for k in near.get(m, ())
        if claims[k].id not in used and is_content(claims[k]) and not (cites_outlet.get(claims[k].id, set()) & docs_here)
    }
    added = other_reports(members, free, claims, near, pairs, strength, lambda d: report_of.get(d, d))
    if not added:
        return fact
    joined = {claims[k].id for k in added}
    used.update(joined)
    support = [s for s in fact.support if s.claim not in joined]
    support += [Support(claims[k].id, claims[k].citation, "same fact") for k in added]
    support.sort(key=lambda s: (s.strength != "same fact", s.citation.doc, s.citation.start))
    same = [claims[index[s.claim]] for s in support if s.strength == "same fact" and s.claim in index]
    docs = tuple(sorted({c.doc for c in same}))
    return replace(
        fact, support=tuple(support), docs=docs,
        sources=independent_sources(list(docs), same, copied, families, quoting, outlet_of),
        actors=tuple(dict.fromkeys([*fact.actors, *(e for c in same for e in c.entities)])),
        figures=tuple(dict.fromkeys([*fact.figures, *(f.text for c in same for f in c.figures)])),
        importance=max(fact.importance, *(importance(claims[k], rank[claims[k].id]) for k in added)),
    )


def _from_quote_opening(head: Span, members: list[Claim], claims: Sequence[Claim], used: set[str],
                        text: str, single: Sequence[Fact]) -> tuple[Span, list[Claim]]:
    """A one-outlet head that opens inside a quotation (the sentence splitter cut the quoted passage:
    'I mean, I do believe in the traditional values of marriage ... ,” youth pastor Stephen Lenahan
    told Fox News') is shown from the quotation's opening mark, its earlier sentences with it, when
    none of them is in a fact of several reports or one not wholly inside the quotation (``single``:
    the one-outlet facts made so far, which the caller drops): someone's words whole, with who said
    them. ``claims``: the claims of the head's document (others are passed over), in story order."""
    if not text or not opens_inside_quote(head.text):
        return head, members
    opened = quote_opening(text, head.start)
    if opened is None:
        return head, members
    before = [o for o in claims if o.doc == head.doc and opened <= o.start < head.start]
    ids = {o.id for o in before}
    movable = {s.claim for f in single if {s.claim for s in f.support} <= ids for s in f.support}
    if any(o.id in used and o.id not in movable for o in before):
        return head, members
    return Span(head.doc, opened, head.end, text[opened:head.end]), [*before, *members]


_SENTENCES_BEFORE = 2  # how far back a head leaning on the sentence before it is shown from


def _with_sentence_before(head: Span, members: list[Claim], claims: Sequence[Claim], used: set[str], text: str,
                          single: Sequence[Fact], parsed: Doc | None) -> tuple[Span, list[Claim]]:
    """A one-outlet head that leans on the sentence before it (:func:`fact_text.leans_back`: "It dipped
    to $1.5 billion the following year", after "It steadily climbed to $1.6 billion in fiscal 2010.")
    is shown from that sentence on, when it is in the same paragraph and none of its claims is in a
    fact of several reports (``single``: the one-outlet facts made so far, which the caller drops);
    back ``_SENTENCES_BEFORE`` sentences at most, while each leans back too. Read alone, the list's
    item then says what it is about. ``claims``: the claims of the head's document, in story order."""
    for _ in range(_SENTENCES_BEFORE):
        if not text or not leans_back(head, parsed):
            break
        earlier = [o for o in claims if o.doc == head.doc and o.sentence is not None and o.sentence.end <= head.start]
        if not earlier:
            break
        start = max(o.sentence.start for o in earlier if o.sentence is not None)
        ids = {o.id for o in earlier if o.sentence is not None and o.sentence.start == start}
        # the one-outlet fact that sentence is in may be shown from a sentence before it (a chain of
        # sentences leaning back: "For that year, the budget was $640 million. It steadily climbed ..."),
        # or from after a dateline it leaves out
        holder = next((f for f in single if f.headline.doc == head.doc and any(s.claim in ids for s in f.support)), None)
        start = holder.headline.start if holder is not None else start + dateline_length(text[start:head.start])
        before = [o for o in earlier if o.end > start]
        if "\n" in text[start:head.start]:
            break  # another paragraph
        ids = {o.id for o in before}
        movable = {s.claim for f in single if {s.claim for s in f.support} <= ids for s in f.support}
        if any(o.id in used and o.id not in movable for o in before) or not reads_whole(text[start:head.end]):
            break  # in a fact of several reports, or no sentence to show ("as he slaughtered clubgoers." ...)
        head, members = Span(head.doc, start, head.end, text[start:head.end]), [*before, *members]
    return head, members


def build_facts(
    graph: ClaimGraph,
    analysis: StoryAnalysis,
    params: FactParams = FactParams(),
    docs: Mapping[str, Doc] | None = None,
    embedder=None,
    props_of: Mapping[str, Proposition] | None = None,
    reads: StoryReads | None = None,
) -> list[Fact]:
    """Every fact of the story: multi-document facts first (strongest first),
    then each remaining content claim as a one-document fact. ``embedder`` (the
    alignment's) compares predicate lemmas; without it only same lemmas and
    event classes agree. ``props_of``: ``propositions(graph.claims, analysis, docs)``
    when the caller has it (the framing reads them too); ``reads``: the ``StoryReads`` it was made with."""
    claims = graph.claims
    pairs = graph.scores
    # the subjects of each claim's main verb, read by both below: made once
    subjects = claims_subjects(claims, docs) if docs else {}
    agents = claim_agents(claims, analysis, docs, subjects) if docs else None
    # who a subject told by a description stands for ("a ... task force released": its leader)
    doers = described_doers(claims, analysis, docs, agents, subjects) if docs and agents is not None else {}
    if agents is not None:
        agents = {**agents, **doers}
    props = None
    if docs and params.propositions:
        reads = reads if reads is not None else StoryReads.of(analysis)
        of = with_doers(props_of if props_of is not None else propositions(claims, analysis, docs, reads), doers)
        similarity = PredicateSimilarity(embedder)
        similarity.prepare([p.predicate for p in of.values()])
        # each claim's span, clause head and columns (the propositions'), for the four below
        views = claim_views(claims, docs, reads.columns)
        settings = claim_settings(claims, docs, views) if params.setting_only or params.conditions else {}
        props = Props(of, similarity, params.predicate_similar, params.other_patients, params.denied_class,
                      params.denied_act, act_objects(claims, docs, views) if params.act_objects else {},
                      settings=settings, doer_words=doer_terms(claims, docs, views) if params.doer_words else {},
                      circumstances=claim_circumstances(claims, docs, views) if params.acts_apart else {},
                      relative_days=claim_relative_days(claims, docs, of, views) if params.relative_days else {})
    index = {c.id: k for k, c in enumerate(claims)}
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    day_of = {d.id: publication_day(d.published) for d in analysis.documents}

    def apart(j: int, k: int) -> bool:
        a, b = day_of.get(claims[j].doc), day_of.get(claims[k].doc)
        return a is not None and b is not None and abs(a - b) >= params.apart_days

    # a claim joins a fact by stating it with a claim of another outlet (see cores.core)
    outlet_keys = {d.id: outlet_key(d.outlet) or f"doc:{d.id}" for d in analysis.documents}
    unit = outlet_keys.__getitem__ if params.core_outlets else None
    titles = {d.id: d.title for d in analysis.documents}
    families = {d.id: d.copy_family for d in analysis.documents if d.copy_family is not None}
    copied = {
        frozenset((a.a, a.b)) for a in graph.alignments if a.copied
    }
    order_in_doc: dict[str, int] = {}
    rank: dict[str, int] = {}
    for c in sorted(claims, key=lambda c: (c.doc, c.start)):
        rank[c.id] = order_in_doc.get(c.doc, 0)
        order_in_doc[c.doc] = rank[c.id] + 1

    # near-verbatim copies (one report carried twice, or one outlet quoting another's sentence)
    at = {(c.doc, c.start): c.id for c in claims}
    for shared in graph.shared:
        (a, b) = shared.citations[:2]
        if (a.doc, a.start) in at and (b.doc, b.start) in at:
            copied.add(frozenset((at[(a.doc, a.start)], at[(b.doc, b.start)])))
    # off by default: `newsprism check` cannot yet see this reason for two
    # documents to be one source (it knows copies and copy families only): a
    # single-source item of two relays would fail its check
    cites_outlet = cited_outlets(claims, analysis.documents)
    quoting = cites_outlet if params.outlet_citations else {}
    used: set[str] = set()
    # where each source lost words: a sentence with such a gap heads a fact only when no intact one can
    gaps = {d.id: [(g.start, g.end) for g in d.damage] for d in analysis.documents if d.damage}
    facts: list[Fact] = []
    seen_headlines: set[str] = set()
    seen_cites: set[frozenset] = set()

    def add_fact(support: list[tuple[Claim, Strength]], cite=_whole, anchor: str | None = None,
                 free: frozenset[str] = frozenset()) -> bool:
        # a claim that tells what another outlet of the fact reported ("The Times
        # reports ...") repeats that outlet: it supports the fact only partly
        docs_here = {c.doc for c, st in support if st == "same fact"}
        support = [
            (c, "partly" if st == "same fact" and cites_outlet.get(c.id, set()) & (docs_here - {c.doc}) else st)
            for c, st in support
        ]
        same = [c for c, st in support if st == "same fact"]
        same_docs = sorted({c.doc for c in same})
        if len(same_docs) < 2:
            return False
        # the headline: the most readable "same fact" sentence
        def whole(c: Claim) -> Span:
            # a sentence the clause splitter cut, all of whose clauses state this fact: the sentence
            if c.sentence is not None and c.sentence != c.citation and sum(
                o.doc == c.doc and o.sentence == c.sentence for o in same
            ) >= 2:
                return c.sentence
            return headline_span(c)

        # (fact_text.headline_claim: intact, as readable, a report's own voice, and what the others state)
        def gapped(c: Claim) -> bool:
            span = whole(c)
            return any(span.start < e and s < span.end for s, e in gaps.get(c.doc, ()))

        best = headline_claim(same, lambda c: whole(c).text, gapped)
        head = whole(best)
        if not reads_whole(head.text):
            # no clause reads as a sentence of its own ('but she is dead wrong ...," she
            # wrote.', "Ginsburg is known for her liberal bent,"): the whole sentence of a clause
            # that states the fact, when it reads better — the test one-outlet items pass too
            sentences = [c.sentence for c in same if c.sentence is not None and c.sentence != c.citation
                         and len(c.sentence.text.split()) <= 60]
            if sentences:
                full = max(sentences, key=lambda x: (_sentence_rank(x), -abs(len(x.text.split()) - 22)))
                if _sentence_rank(full) > _sentence_rank(head) and " ".join(full.text.lower().split()) not in seen_headlines:
                    head = full
        key = " ".join(head.text.lower().split())
        cites = frozenset((c.doc, c.start) for c in same)
        if key in seen_headlines or cites in seen_cites:
            return False
        seen_headlines.add(key)
        seen_cites.add(cites)
        # a claim that states the fact is used up; a partly one stays free for
        # the fact it does state (then it leaves this one: see below). A claim in ``free``
        # supports this fact with the span cited only ("<claim id>@<start>-<end>"): the
        # rest of it may state another fact
        used.update(c.id for c in same if c.id not in free)
        sources = independent_sources(same_docs, same, copied, families, quoting, outlet_of)
        if sources < 2:
            cite = _whole  # copies are cited whole, as the shared-text pairs name them
        facts.append(
            Fact(
                id="",
                headline=head,
                outlet=outlet_of.get(head.doc),
                support=tuple(Support(_support_id(c, cite(c), free), cite(c), st) for c, st in sorted(support, key=lambda x: (x[1] != "same fact", x[0].doc, x[0].start))),
                docs=tuple(same_docs),
                sources=sources,
                actors=tuple(dict.fromkeys(e for c in same for e in c.entities)),
                figures=tuple(dict.fromkeys(f.text for c in same for f in c.figures)),
                importance=max(importance(c, rank[c.id]) for c in same),
                anchor=anchor,
            )
        )
        return True

    # the same words quoted by several reports: a fact of its own, first. What the
    # reports share is the quotation: each cites its quoted words, not the rest of
    # its sentence (the headline keeps the sentence, who said it included)
    # A claim whose own words tell more than who said the quotation ("..., Mary Cheney wrote on
    # her Facebook page, concluding her post by saying, “Please like and share if you agree.”")
    # stays free for the fact those words state: a sentence may tell two facts
    for qg in quote_groups(claims):
        members = [claims[k] for k in qg if is_content(claims[k]) or quoted_sentence(claims[k])]
        if params.quoted_names and docs is not None and props is not None and named_only(
                members, {c.id: shared_quoted_span(c, members).text for c in members}, docs, props.of):
            continue  # a motto or a name each mentions in a sentence about another act (compare.quoted_terms)
        free = frozenset(
            c.id for c in members
            if docs is not None and params.quote_rest and tells_more(c, docs.get(c.doc), params.quote_rest_words)
        )
        # every report tells the same act around the quote as well ("Steele issued a statement
        # saying ..." / "Mr. Steele ... issued a statement on Friday afternoon, saying ..."): the
        # fact is the act with its words, each claim cited whole
        told_alike = (
            props is not None and len(free) == len(members) >= 2
            and all(props.verdict(a, b) == "agrees" for a in members for b in members if a.doc < b.doc)
        )
        if told_alike:
            add_fact([(c, "same fact") for c in members])
        else:
            add_fact([(c, "same fact") for c in members], lambda c: shared_quoted_span(c, members), free=free)
    # each claim belongs to the group where it is best linked to a claim of
    # another document — by score and by how far their actors agree (the partition)
    groups = _merged(graph.groups)
    strengths: dict[tuple[int, int], str] = {}  # each ordered pair's strength once (groups overlap; the partition asks again)

    def strength(j: int, k: int) -> str:
        st = strengths.get((j, k))
        if st is None:
            assert pairs is not None  # asked only when the alignment scored pairs
            st = strengths[(j, k)] = link_strength(j, k, claims, pairs, copied, params, agents, props, apart(j, k))
        return st

    home: dict[int, tuple[tuple[int, float], int]] = {}
    first_group_fact = len(facts)
    # each claim's partners that can be "same fact" with it, and its scored ones: asked instead
    # of every pair of a merged group's members (quadratic: 2.6M asks at 500 articles)
    partners = Partners.of(pairs, len(claims), params.same_score, [
        (index[a], index[b]) for a, b in map(tuple, copied) if a in index and b in index
    ] if params.copied_is_same else ()) if pairs is not None else None
    if partners is not None:
        for gi, group in enumerate(groups):
            ks = [index[c] for c in group if c not in used]
            doc_of = {k: claims[k].doc for k in ks}
            for k in ks:
                # first how many of the group's other claims (of other documents) it states the fact
                # with, then its best link (cores.fit without actor weight: the score): a claim goes
                # where it is needed, not where one link happens to score highest
                n_same = sum(strength(j, k) == "same fact" for j in partners.same.get(k, ())
                             if doc_of.get(j, doc_of[k]) != doc_of[k])
                fit = (n_same, partners.best(k, ks, doc_of))
                if k not in home or fit > home[k][0]:
                    home[k] = (fit, gi)
    for gi, group in enumerate(groups):
        if pairs is None:
            break
        # (a short sentence chiefly someone's quoted words states what that speaker said, as in the
        # shared-quote facts: "“There won't be any daylight there at all,” he said.")
        ks = [
            index[c] for c in group
            if c not in used and home.get(index[c], ((0, 0.0), -1))[1] == gi
            and (is_content(claims[index[c]]) or quoted_sentence(claims[index[c]]))
        ]
        if len({claims[k].doc for k in ks}) < 2:
            continue
        # a member is "same fact" when it states the proposition with a claim of
        # another document of the fact (core arguments agree), else "partly"
        doc_of = {k: claims[k].doc for k in ks}
        assert partners is not None
        same_pairs = {
            (j, k) for k in ks for j in partners.same.get(k, ())
            if doc_of.get(j, doc_of[k]) != doc_of[k] and strength(j, k) == "same fact"
        }
        if not params.core_clique:
            core = [k for k in ks if any((j, k) in same_pairs for j in ks)]
            add_fact([(claims[k], "same fact" if k in core else "partly") for k in ks])
            continue
        # one group may hold several facts about the same people: one per core
        left = list(ks)
        for core in _cores(ks, same_pairs, claims, pairs, apart, params.one_per_doc, params.core_star, unit):
            add_fact([(claims[k], "same fact" if k in core else "partly") for k in left])
            left = [k for k in left if k not in core]
    # a report the alignment left out of a fact whose claim states it with the fact's claims
    if pairs is not None and params.other_reports:
        report_of = {d: outlet_keys.get(d, d) for d in outlet_keys}
        near = near_pairs(pairs, len(claims), params.same_score) if len(facts) > first_group_fact else {}
        for x in range(first_group_fact, len(facts)):
            facts[x] = _with_other_reports(facts[x], claims, index, near, pairs, used, strength, report_of,
                                           cites_outlet, copied, families, quoting, outlet_of, rank)
    # what no alignment linked but the propositions state alike: the same action
    # on the same resolved argument, however differently worded
    if props is not None and (params.proposition_links or params.unlinked_pairs) and pairs is not None:
        for pgroup in _proposition_groups(claims, pairs, used, props, params, agents):
            add_fact([(claims[k], "same fact") for k in pgroup])
    # what two outlets' reports of one fact share however worded: the same quote of one
    # speaker, one figure counting one thing, one actor's action on one target (fact_anchors)
    if props is not None and params.anchors:
        names = {e.id: e.name for e in analysis.entities}
        for anchored, why in anchored_groups(claims, used, props, names, outlet_of,
                                             docs if params.quoted_terms else None):
            add_fact([(claims[k], "same fact") for k in anchored], anchor=why)
    # one act two outlets tell of the same person with related verbs ("Hutchinson released a 225-page
    # report" / "Hutchinson ... unveiled the report"): argument_links
    if props is not None and params.argument_links and pairs is not None:
        # (the link rules as for any pair, the score floor the argument floor)
        loose = replace(params, same_score=params.argument_min_score)

        def holds(x: int, y: int) -> bool:
            assert pairs is not None
            return link_strength(x, y, claims, pairs, copied, loose, agents, props, apart(x, y)) == "same fact"
        for paired in argument_groups(claims, used, props, pairs, outlet_of, params.argument_min_score, holds):
            add_fact([(claims[k], "same fact") for k in paired])
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
    # a claim a shared-quote fact left free that no later fact took: that fact's claim, whole
    facts = [replace(f, support=tuple(_restored(s, used) for s in f.support)) for f in facts]
    # the parts of one quoted sentence of a report, each in a fact: one remark, one fact (quote_halves)
    facts = join_remarks(facts, {c.id: c for c in claims}, outlet_of,
                         lambda d, same: independent_sources(d, same, copied, families, quoting, outlet_of))
    # who someone is, told in passing by two outlets ("Liz Cheney, a Wyoming Senate candidate"):
    # a fact of its own, citing only the name and its description (see side_facts)
    if docs and params.side_facts:
        facts.extend(_side_facts(claims, analysis, docs, used, params, outlet_of, copied, families, quoting, rank,
                                 seen_headlines, seen_cites))
    # one proposition two outlets tell in a clause of longer sentences ("..., who won the seat in
    # 2006" / "Patrick, elected in 2006, ..."): a fact of its own, citing the clauses (clause_facts)
    clause_at: list[int] = []
    clause_sentences_of: list[list[Span]] = []
    if docs and props is not None and params.clause_facts:
        made, clause_sentences_of = clause_facts(
            claims, analysis, docs, props, facts, outlet_of, FactSources(copied, families, quoting), rank,
            params.clause_min_shared, params.side_weight, seen_headlines, seen_cites, reads,
            second_propositions=params.second_propositions)
        clause_at = list(range(len(facts), len(facts) + len(made)))
        facts.extend(made)
    multi = len(facts)
    # the clauses of each sentence: a clause that does not read as a sentence is told as its
    # whole sentence (a verbatim span of the report) when no other fact holds a clause of it
    clauses: dict[tuple[str, int], list[Claim]] = defaultdict(list)
    # which documents use each content word: what only one report tells (salience)
    story_terms = StoryTerms.of(claims)
    text_of = {d.id: d.text for d in analysis.documents}
    # each document's claims in story order: a head opening inside a quotation looks back in its own
    # document only (a scan of the whole story per head was quadratic: 1.5M reads at 200 articles)
    in_doc: dict[str, list[Claim]] = defaultdict(list)
    published_of = {d.id: d.published for d in analysis.documents}
    by_id = {c.id: c for c in claims}
    # a one-outlet sentence that states a multi-report fact the alignment left it out of
    restates = Restated(facts[:multi], by_id, props) if props is not None else None
    for c in claims:
        in_doc[c.doc].append(c)
        if c.sentence is not None:
            clauses[(c.doc, c.sentence.start)].append(c)
    # the one-outlet facts made below, in order, those a later head took in left out (``dropped``); and
    # by document, for a head's look-back, which only takes facts of its own document (a scan of every
    # one-outlet fact per head was quadratic)
    singles: list[Fact] = []
    dropped: set[int] = set()
    singles_of: dict[str, list[int]] = defaultdict(list)
    for c in claims:
        if c.id in used or not is_content(c):
            continue
        substantive = (c.entities or c.figures or (c.attribution is not None and c.attribution.entity)) and len(c.terms) >= 4
        if not substantive:
            continue
        siblings = clauses.get((c.doc, c.sentence.start), []) if c.sentence is not None else []
        head = single_source_head(c, [o for o in siblings if o.id != c.id], used)
        members = [o for o in siblings if o.id not in used and head.start <= o.start and o.end <= head.end] or [c]
        weighed = members  # what the item's weight is of: the quotation's opening sentences only show it whole
        head_singles = [singles[k] for k in singles_of.get(head.doc, ())]  # the head document's one-outlet facts so far
        head, members = _from_quote_opening(head, members, in_doc.get(head.doc, ()), used, text_of.get(c.doc, ""), head_singles)
        opened, weighed_head = len(members), head  # its weight is of its own sentence, not of those shown before it
        head, members = _with_sentence_before(head, members, in_doc.get(head.doc, ()), used, text_of.get(c.doc, ""),
                                              head_singles, docs.get(c.doc) if docs else None)
        key = " ".join(head.text.lower().split())
        if key in seen_headlines or dateline_only(head.text):
            continue
        seen_headlines.add(key)
        carried = 0.0  # the weight of the sentences before it, told as one-outlet facts of their own
        if members is not weighed:
            # the quotation's earlier sentences, told as one-outlet facts of their own: now in this one
            inside = {o.id for o in members}
            for doc_id in {o.doc for o in members}:
                gone = {k for k in singles_of.get(doc_id, ()) if {s.claim for s in singles[k].support} <= inside}
                if len(members) > opened:
                    carried = max([carried, *(singles[k].importance for k in gone)])
                dropped |= gone
                singles_of[doc_id] = [k for k in singles_of[doc_id] if k not in gone]
        used.update(o.id for o in members)
        first = min(weighed, key=lambda o: o.start)
        weight = single_source_weight(first, weighed_head, titles.get(c.doc), props.of.get(first.id) if props is not None else None)
        own_weight = round(single_source_importance(weighed, text_of.get(c.doc, ""), story_terms,
                                                    published=published_of.get(c.doc), parsed=docs.get(c.doc) if docs else None,
                                                    restates=restates is not None and _says_little_else(story_terms, weighed)
                                                    and restates(weighed)) * weight, 3)
        for doc_id in {o.doc for o in members}:
            singles_of[doc_id].append(len(singles))
        singles.append(
            Fact("", head, outlet_of.get(c.doc), tuple(Support(o.id, o.citation, "same fact") for o in members), (c.doc,), 1,
                 tuple(dict.fromkeys(e for o in members for e in o.entities)),
                 tuple(dict.fromkeys(f.text for o in members for f in o.figures)),
                 max(carried, own_weight))
        )
    facts[multi:] = [f for k, f in enumerate(singles) if k not in dropped]
    # a fact only copies of one report tell is single-source too: weighed the same way, so that it
    # goes among the others by its weight (compare.findings), not before them all (BASIL c21cb217:
    # "Weiner, 46, is married to Huma Abedin, ...", copied in two reports, headed the section)
    facts[:multi] = [_copies_weighed(f, by_id, text_of, published_of, story_terms, titles, props, docs) if f.sources < 2 else f
                     for f in facts[:multi]]
    facts[multi:] = sorted(facts[multi:], key=lambda f: -f.importance)
    sentence_heads(facts, clause_at, clause_sentences_of, outlet_of)
    return facts


def _says_little_else(story: StoryTerms, claims: Sequence[Claim]) -> bool:
    """Few of the claims' words are their report's own: only then is a restatement read (the
    comparison with every multi-report claim is the costly part)."""
    return story.own_share(claims[0].doc, [t for c in claims for t in c.terms]) < RESTATED_OWN


def _copies_weighed(fact: Fact, by_id: Mapping[str, Claim], text_of: Mapping[str, str],
                    published_of: Mapping[str, str | None], story: StoryTerms, titles: Mapping[str, str | None],
                    props: Props | None, docs: Mapping[str, Doc] | None) -> Fact:
    """A fact only copies of one report tell, weighed as a one-outlet fact of its headline's report
    is (``compare.salience``), the copies' words and figures its own."""
    doc = fact.headline.doc
    own = [by_id[s.claim] for s in fact.support if s.strength == "same fact" and s.claim in by_id and s.citation.doc == doc]
    if not own:
        return fact
    first = min(own, key=lambda o: o.start)
    weight = single_source_weight(first, fact.headline, titles.get(doc), props.of.get(first.id) if props is not None else None)
    mates = [d for d in fact.docs if d != doc]
    return replace(fact, importance=round(single_source_importance(
        own, text_of.get(doc, ""), story, mates=mates, published=published_of.get(doc),
        parsed=docs.get(doc) if docs else None) * weight, 3))
