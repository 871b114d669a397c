"""One quoted sentence is one remark: facts that each hold a part of it are one fact.

The clause splitter cuts a quoted sentence at its clauses ("I trust in God, | but God wants to
see us help ourselves by putting people back to work"), and the reports that quote it may
quote each part, or only one: each part then finds partners in the other reports of its own —
a shared-quote group, an alignment group — and the reader sees one remark told as two facts,
the same sentence of one report behind both. Where a report quotes the parts in one
quotation of one sentence, its speaker said them as one sentence: the facts those parts state
are joined (the earlier keeps its place). Only two claims' quoted words join facts so: a claim
cited for its quotation only, or one that is chiefly quoted words
(:func:`newsprism.compare.shared_quotes.quoted_remark`); a sentence that tells an act of its own
around the quotation ("Posting on Facebook on Friday evening, Mary Cheney ... wrote: “For the
record, ...") may state another fact, and one claim cited by two facts (its quotation in one,
itself whole in the other) tells two. A quotation running over several sentences is
not one remark by that alone (each sentence may tell a fact of its own). The partition holds:
the joined facts' claims were disjoint, each keeps its strength. Nothing here reads a model.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping, Sequence

from newsprism.compare.fact_text import readability, reads_whole
from newsprism.compare.shared_quotes import quoted_remark
from newsprism.extract.claims import Claim
from newsprism.model import Fact, Span

__all__ = ["join_remarks"]

_HEADLINE_WORDS = 60  # a joined sentence longer than this is no headline (as for a clause's sentence)


def _remarks(claim: Claim, cited: Span, part: bool) -> set[tuple[str, int, int]]:
    """(document, sentence start, quotation start) of each quotation a support quotes in its
    claim's sentence: a claim's quoted words cited alone (``part``), or a claim that is chiefly
    quoted words, cited whole."""
    if not part and not quoted_remark(claim):
        return set()
    sentence = claim.sentence or claim.citation
    return {(claim.doc, sentence.start, q.start) for q in claim.quotes if q.start < cited.end and cited.start < q.end}


def _claim_id(support_id: str) -> str:
    return support_id.partition("@")[0]  # a quotation's part of a claim: "<claim id>@<start>-<end>"


def join_remarks(facts: Sequence[Fact], by_id: Mapping[str, Claim], outlet_of: Mapping[str, str | None],
                 sources: Callable[[list[str], list[Claim]], int]) -> list[Fact]:
    """``facts`` with those whose "same fact" claims quote parts of one quotation of one sentence
    of a report joined into the first of them; ``sources(docs, claims)``: the independent sources
    of a fact stated by those claims."""
    parent = list(range(len(facts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # each quotation's parts: the fact and the claim that quote it (one claim cited in two facts —
    # its quotation in one, itself whole in the other — tells two facts, not parts of one remark)
    seen: dict[tuple[str, int, int], list[tuple[int, str]]] = {}
    for i, fact in enumerate(facts):
        for s in fact.support:
            claim = by_id.get(_claim_id(s.claim))
            if s.strength != "same fact" or claim is None:
                continue
            for key in _remarks(claim, s.citation, "@" in s.claim):
                for j, other in seen.setdefault(key, []):
                    ri, rj = root(i), root(j)
                    if ri != rj and other != claim.id:
                        parent[max(ri, rj)] = min(ri, rj)
                seen[key].append((i, claim.id))
    groups: dict[int, list[int]] = {}
    for i in range(len(facts)):
        groups.setdefault(root(i), []).append(i)
    return [_joined([facts[k] for k in members], by_id, outlet_of, sources) if len(members) > 1 else facts[first]
            for first, members in groups.items()]


def _joined(parts: Sequence[Fact], by_id: Mapping[str, Claim], outlet_of: Mapping[str, str | None],
            sources: Callable[[list[str], list[Claim]], int]) -> Fact:
    first = parts[0]
    support = sorted({s.claim: s for f in parts for s in f.support}.values(),
                     key=lambda s: (s.strength != "same fact", s.citation.doc, s.citation.start))
    same = [by_id[_claim_id(s.claim)] for s in support if s.strength == "same fact" and _claim_id(s.claim) in by_id]
    docs = sorted({s.citation.doc for s in support if s.strength == "same fact"})
    # the headline: a sentence of one report whose quoted parts the facts held apart, when it reads
    # as a sentence ("“I trust in God,” Mr. Obama said, “but God wants ...!”"); else the first's
    held: dict[tuple[str, int], set[int]] = {}
    for k, f in enumerate(parts):
        for s in f.support:
            claim = by_id.get(_claim_id(s.claim))
            if s.strength == "same fact" and claim is not None and claim.sentence is not None:
                held.setdefault((claim.doc, claim.sentence.start), set()).add(k)
    sentences = {c.sentence for c in same if c.sentence is not None and len(held.get((c.doc, c.sentence.start), ())) > 1}
    whole = [x for x in sentences if reads_whole(x.text) and len(x.text.split()) <= _HEADLINE_WORDS]
    head: Span = max(whole, key=lambda x: (readability(x.text), -x.start)) if whole else first.headline
    return replace(
        first, headline=head, outlet=outlet_of.get(head.doc), support=tuple(support), docs=tuple(docs),
        sources=sources(docs, same),
        actors=tuple(dict.fromkeys(a for f in parts for a in f.actors)),
        figures=tuple(dict.fromkeys(x for f in parts for x in f.figures)),
        importance=max(f.importance for f in parts),
    )
