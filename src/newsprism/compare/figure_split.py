"""Facts that join two values of one quantity are set apart.

The facts group claims by what they tell; a figure rarely moves that grouping,
so two outlets' sentences alike in every word but the number ("The margin of
sampling error among that group was plus or minus four percentage points" /
"The margin of error is plus or minus 5.7 percentage points": the margins of
two different samples) can land in one corroborated fact — which then tells
the reader that two outlets agree on a figure they give differently.

A fact's "same fact" claims of two outlets *part* when they give figures of
one unit that look alike (the same counted noun, or the idf-weighted words
around them overlap: ``figures_apart._context_overlap``) and none of one's
values of that unit can be the other's ("four" and "5.7"; "46 percent" in both
keeps them together whatever else they add). Numbers in words count here. A
pair a conflict already reports is left alone: the conflicts section tells the
reader the values differ, and the fact they both state stays corroborated.

Parting splits the fact into groups none of whose claims part (the headline's
group first, with the claims that give no such figure and the partly support);
a group of one outlet is a single-source fact. Each parted pair is listed with
the figures compared (``FigureComparison``), each figure with what it counts in
its own words — the subject of its clause when the clause only says what the
figure is ("The margin of error"), else the counted noun and its holder — cited.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.figure_conflicts import (
    _MAX_RATIO,
    _Fig,
    _compatible,
    _figures_of,
    mentions_value,
)
from newsprism.compare.figure_values import _num
from newsprism.compare.figures_apart import MIN_FIGURE_OVERLAP, _context_overlap
from newsprism.compare.figure_roles import _governing
from newsprism.compare.fact_text import reads_whole
from newsprism.compare.salience import StoryTerms, single_source_importance
from newsprism.extract.claims import Claim
from newsprism.model import CountedFigure, Fact, FigureComparison, Finding, Span, Support
from newsprism.nlp import DocTexts

__all__ = ["part_facts"]

def _look_alike(a: _Fig, b: _Fig, weight: Mapping[str, float], texts: Mapping[str, str]) -> bool:
    if a.unit != b.unit or a.modal != b.modal or _compatible(a, b):
        return False
    if a.nouns and b.nouns and a.nouns.isdisjoint(b.nouns):
        return False  # "12 Somali" pirates / "seven AK-47 assault rifles": other things counted, no one quantity
    if mentions_value(texts.get(b.fig.doc, ""), a.fig.text) or mentions_value(texts.get(a.fig.doc, ""), b.fig.text):
        return False  # a report giving both numbers ("89 freshmen", "32 districts") sets them apart itself
    lo, hi = sorted((abs(_num(a.fig.value)), abs(_num(b.fig.value))))
    if lo == 0 or hi / lo > _MAX_RATIO:
        return False
    return bool(a.nouns & b.nouns) or _context_overlap(a, b, weight) >= MIN_FIGURE_OVERLAP


def _parting(fa: Sequence[_Fig], fb: Sequence[_Fig], weight: Mapping[str, float],
             texts: Mapping[str, str]) -> tuple[_Fig, _Fig] | None:
    """The pair of figures that parts two claims: alike, other values, and no value of that
    unit of one claim compatible with one of the other's."""
    for a in fa:
        for b in fb:
            if not _look_alike(a, b, weight, texts):
                continue
            same_unit_a = [x for x in fa if x.unit == a.unit]
            same_unit_b = [y for y in fb if y.unit == a.unit]
            if any(_compatible(x, y) for x in same_unit_a for y in same_unit_b):
                return None
            return a, b
    return None


def _what(f: _Fig, doc: Doc) -> tuple[str, tuple[Span, ...]]:
    """What a figure counts, in the words of its sentence, and the spans of those words."""
    span = doc.char_span(f.fig.start, f.fig.end, alignment_mode="expand")
    if span is not None and len(span):
        verb = next((t for t in _governing(span.root) if t.pos_ in ("VERB", "AUX") and t.i != span.root.i), None)
        subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None) if verb is not None else None
        if verb is not None and subj is not None and not any(t.i == subj.i for t in _governing(span.root)):
            words = doc[subj.left_edge.i: subj.right_edge.i + 1]
            if len(words) <= 12:
                cite = Span(f.fig.doc, words.start_char, words.end_char, words.text)
                if verb.lemma_ == "be":
                    return words.text, (cite,)
                counted = f" ({f.fig.counts})" if f.fig.counts else ""
                return f"{words.text} {verb.text}{counted}", (cite,)
    return (f.fig.counts or ""), ((f.fig.counts_span,) if f.fig.counts_span is not None else ())


def part_facts(
    facts: Sequence[Fact], claims: Sequence[Claim], docs: Mapping[str, Doc], weight: Mapping[str, float],
    conflicts: Sequence[Finding], outlets: Mapping[str, str | None], units: Mapping[str, str],
    texts: Mapping[str, str] | None = None,
) -> tuple[list[Fact], list[FigureComparison]]:
    """``facts`` with each fact that joins two values of one quantity split (see the module
    docstring), and the parted figures to list with the figures compared. ``weight``: the
    story's word weights (``story_figures``); ``units``: document -> what counts as one
    source (its copy family or outlet); ``texts``: the story's ``nlp.DocTexts`` when the caller has it."""
    by_id = {c.id: c for c in claims}
    in_conflict = {(s.doc, s.start) for f in conflicts for s in f.citations}
    story: StoryTerms | None = None  # which documents use each word and figure, once parting happens
    if texts is None:
        texts = DocTexts(docs)  # each document's text joined on first use: only a fact with figures to part reads one
    out: list[Fact] = []
    compared: list[FigureComparison] = []
    for fact in facts:
        same = [by_id[s.claim] for s in fact.support if s.strength == "same fact" and s.claim in by_id]
        if len(fact.docs) < 2 or not any(c.figures for c in same):
            out.append(fact)
            continue
        figs = _figures_of([c for c in same if c.figures], docs, spelled=True)
        of_claim: dict[str, list[_Fig]] = {}
        for fs in figs.values():
            for f in fs:
                if (f.fig.doc, f.fig.start) not in in_conflict:
                    of_claim.setdefault(f.claim.id, []).append(f)
        parted: dict[frozenset[str], tuple[_Fig, _Fig]] = {}
        for x, a in enumerate(same):
            for b in same[x + 1:]:
                if units.get(a.doc) == units.get(b.doc) or a.id not in of_claim or b.id not in of_claim:
                    continue
                pair = _parting(of_claim[a.id], of_claim[b.id], weight, texts)
                if pair is not None:
                    parted[frozenset((a.id, b.id))] = pair
        if not parted:
            out.append(fact)
            continue
        # groups with no parted pair inside, the headline's claim first
        order = sorted(same, key=lambda c: (not (c.doc == fact.headline.doc and c.start <= fact.headline.start < c.end + 1),
                                            c.doc, c.start))
        groups: list[list[Claim]] = []
        for c in order:
            home = next((g for g in groups if not any(frozenset((c.id, o.id)) in parted for o in g)), None)
            if home is None:
                groups.append([c])
            else:
                home.append(c)
        partly = [s for s in fact.support if s.strength != "same fact"]
        if story is None:
            story = StoryTerms.of(claims)
        for k, group in enumerate(groups):
            sub = _sub_fact(fact, group, partly if k == 0 else [], units, outlets, keep_headline=k == 0)
            if len(sub.docs) < 2 and sub.docs[0] in docs:
                # one outlet's part: weighed as the other one-outlet facts are (compare.salience)
                whole = 1.0 if reads_whole(sub.headline.text) else 0.5
                sub = replace(sub, importance=round(
                    single_source_importance(group, docs[sub.docs[0]].text, story) * whole, 3))
            out.append(sub)
        for fa, fb in parted.values():
            items = []
            for g in sorted((fa, fb), key=lambda g: (g.fig.doc, g.fig.start)):
                what, spans = _what(g, docs[g.fig.doc])
                figure = Span(g.fig.doc, g.fig.start, g.fig.end, g.fig.text)
                items.append(CountedFigure(g.fig.doc, outlets.get(g.fig.doc), g.fig.text, what, (figure, *spans)))
            compared.append(FigureComparison(
                "", "other numbers in sentences told alike: not shown to count one thing (no conflict), nor one "
                "corroborated fact",
                tuple(items), tuple(sorted({fa.fig.doc, fb.fig.doc})), tuple(c for it in items for c in it.citations)))
    # the one-outlet parts rank among the single-source facts by importance, weighed as they are
    # (a stable sort: the multi-document facts keep their order, first)
    multi = [f for f in out if len(f.docs) >= 2]
    return multi + sorted((f for f in out if len(f.docs) < 2), key=lambda f: -f.importance), compared


def _sub_fact(fact: Fact, group: Sequence[Claim], partly: Sequence[Support], units: Mapping[str, str],
              outlets: Mapping[str, str | None], keep_headline: bool) -> Fact:
    from newsprism.compare.fact_text import headline_span

    docs = tuple(sorted({c.doc for c in group}))
    sources = min(fact.sources, len({units.get(d, d) for d in docs}))
    support = tuple(s for s in fact.support if s.strength == "same fact" and s.claim in {c.id for c in group}) + tuple(partly)
    headline = fact.headline if keep_headline else headline_span(group[0])
    return replace(
        fact,
        headline=headline,
        outlet=outlets.get(headline.doc),
        support=support,
        docs=docs,
        sources=max(sources, 1),
        actors=tuple(dict.fromkeys(e for c in group for e in c.entities)),
        figures=tuple(dict.fromkeys(f.text for c in group for f in c.figures)),
    )
