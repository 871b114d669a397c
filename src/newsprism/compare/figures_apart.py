"""Figures that only look alike: figures of different outlets of one unit, other values,
told among the same words, that count different things (other counted nouns, other days, a
subgroup) — each listed with what it counts, so a reader sees why they are no conflict
("more than 150 migrants" seeking asylum, "roughly 400 people in the caravan", "about 130"
who arrived Wednesday). Moved out of figure_conflicts, whose figures it reads."""

from __future__ import annotations

from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.figure_conflicts import _MAX_RATIO, StoryFigures, _Fig, mentions_value, story_figures
from newsprism.compare.figure_values import _num
from newsprism.compare.figure_roles import _holders_differ
from newsprism.extract.claims import Claim
from newsprism.extract.word_senses import NounSenses, noun_senses
from newsprism.model import CountedFigure, FigureComparison, Span
from newsprism.nlp import DocTexts

__all__ = ["figures_apart", "MIN_FIGURE_OVERLAP"]


def _apart(a: _Fig, b: _Fig) -> str | None:
    """Why two figures of one unit count different things, when they do: "nouns"
    (other counted nouns: "150 migrants", "400 people"), "days" (told of different
    days), "among" (a share of a subgroup against a share of all)."""
    if a.unit != b.unit:
        return None
    models_a, models_b = {k for k in a.kinds if k[0] == "#"}, {k for k in b.kinds if k[0] == "#"}
    if models_a & models_b:
        return None  # "12 AK 47 guns" / "7 AK-47 rifles": one model counted, whatever the noun
    if a.days and b.days and a.days.isdisjoint(b.days):
        return "days"
    if (a.among - b.words.keys()) or (b.among - a.words.keys()):
        return "among"
    if a.nouns and b.nouns and not a.nouns & b.nouns:
        return "nouns"
    return None


def _measures(f: _Fig, senses: NounSenses | None) -> bool:
    """The figure measures rather than counts: what it is "of" is a unit of measure or of time
    (WordNet's first sense a quantity or a time: "7.62 mm", "about 24 km", "10 metre"). Set
    beside a count of things ("3 machine guns", "some 30 Soviet-era tanks") it looks like nothing
    a reader would take for one figure; without the optional WordNet files nothing is left out."""
    if senses is None:
        return False
    for noun in f.nouns:
        first = senses.senses(noun)[:1]
        if first and senses.synset(first[0]).lexname in ("noun.quantity", "noun.time"):
            return True
    return False


def _context_overlap(a: _Fig, b: _Fig, weight: Mapping[str, float]) -> float:
    """The idf-weighted overlap of the words and entities around two figures, their
    counted nouns left out (what the figures are about, not what they count)."""
    fa = {**{f"@{e}": 0.5 for e in a.entities}, **a.words}
    fb = {**{f"@{e}": 0.5 for e in b.entities}, **b.words}
    for n in a.nouns | b.nouns:
        fa.pop(n, None)
        fb.pop(n, None)
    shared = fa.keys() & fb.keys()
    if len(shared) < 2:
        return 0.0
    dot = sum(weight.get(x, 1.0) ** 2 * fa[x] * fb[x] for x in shared)
    norm = (sum(weight.get(x, 1.0) ** 2 * v * v for x, v in fa.items())
            * sum(weight.get(x, 1.0) ** 2 * v * v for x, v in fb.items())) ** 0.5
    return dot / norm if norm else 0.0


# how many tokens of its clause a counted noun's predicate may take ("were waiting on Monday to
# seek asylum"): a complement that would run past it is left out whole
_TOLD_TOKENS = 12
_TOLD_DEPS = frozenset({"dobj", "prep", "npadvmod", "advmod", "xcomp", "acomp", "attr", "dative", "prt", "oprd",
                        "agent", "advcl"})


def _told(f: _Fig, doc: Doc | None) -> Span | None:
    """What the counted things did or had done to them, in the words of the figure's clause, when
    they are its subject ("More than 150 migrants" who "were waiting on Monday to seek asylum",
    "About 130" who "arrived Wednesday at the border crossing"): two counts of one noun often differ
    only by that. The verb with its auxiliaries and the complements after it that fit in
    ``_TOLD_TOKENS``, one contiguous span of the text."""
    span = f.fig.counts_span
    if doc is None or span is None:
        return None
    counted = doc.char_span(span.start, span.end, alignment_mode="expand")
    if counted is None or not len(counted):
        return None
    head = counted.root
    if head.dep_ == "appos" and head.head.dep_ in ("nsubj", "nsubjpass"):
        head = head.head  # a dateline the parser made the subject ("TIJUANA, Mexico — More than 150 migrants")
    verb = head.head
    if head.dep_ not in ("nsubj", "nsubjpass") or verb.pos_ not in ("VERB", "AUX") or verb.i < counted.end:
        return None
    first = min([verb.i] + [c.i for c in verb.children if c.dep_ in ("aux", "auxpass", "neg") and c.i >= counted.end])
    last = verb.i
    for c in verb.rights:
        if c.dep_ not in _TOLD_DEPS or any(t.is_punct and t.text != "-" for t in doc[last + 1:c.left_edge.i]):
            break
        # a complement up to its first punctuation ("to seek asylum in the United States, after ...")
        end = next((t.i - 1 for t in doc[c.i:c.right_edge.i + 1] if t.is_punct and t.text != "-"), c.right_edge.i)
        if end - first + 1 > _TOLD_TOKENS:
            break
        last = end
        if end < c.right_edge.i:
            break
    while last > verb.i and (doc[last].is_punct or doc[last].pos_ in ("ADP", "DET", "CCONJ")):
        last -= 1
    words = doc[first:last + 1]
    return Span(f.fig.doc, words.start_char, words.end_char, words.text)


def _counts_of(f: _Fig, reasons: set[str], doc: Doc | None = None) -> tuple[str, tuple[Span, ...]]:
    """What a figure counts, in words from its text, and the spans those words are: the counted
    noun phrase and what its clause tells of it (``_told``); with its day or group when that is
    what sets the figures apart and the words do not already say it."""
    fig = f.fig
    cites: list[Span] = []
    what = fig.counts or ""
    if fig.counts_span is not None:
        cites.append(fig.counts_span)
    told = _told(f, doc)
    if told is not None:
        what = f"{what} {told.text}".strip()
        cites.append(told)
    if "days" in reasons and f.days and not any(d in what.lower() for d in f.days):
        what = f"{what} ({', '.join(sorted(d.capitalize() for d in f.days))})".strip()
    if "among" in reasons and f.among_spans:
        what = f"{what} ({'; '.join(s.text for s in f.among_spans)})".strip()
        cites.extend(f.among_spans)
    return what, tuple(cites)


def _says_what(f: _Fig, reason: str) -> bool:
    """The figure's text says what sets it apart: its counted noun, or the day or group."""
    return bool(f.fig.counts) if reason == "nouns" else bool(f.days) if reason == "days" else bool(f.among_spans) or bool(f.fig.counts)


# how much the idf-weighted words around two figures must overlap for them to look alike
# (figures_apart; figure_split parts a fact on the same test)
MIN_FIGURE_OVERLAP = 0.15


def figures_apart(claims: Sequence[Claim], docs: Mapping[str, Doc], outlets: Mapping[str, str | None],
                  min_overlap: float = MIN_FIGURE_OVERLAP, max_figures: int = 4,
                  figures: StoryFigures | None = None,
                  in_conflict: frozenset[tuple[str, int]] = frozenset(),
                  texts: Mapping[str, str] | None = None) -> list[FigureComparison]:
    """Figures of different outlets that look alike — one unit, other values, told
    among the same words — but count different things (other counted nouns,
    other days, a subgroup): each with what it counts, so a reader sees why they
    are no conflict ("more than 150 migrants" seeking asylum, "roughly 400
    people in the caravan", "about 130" who arrived Wednesday). ``figures``:
    ``story_figures(claims, docs)`` when the caller has it; ``in_conflict``: the (document, start)
    of figures a conflict cites, which the conflict already sets side by side; ``texts``: the
    story's ``nlp.DocTexts`` when the caller has it."""
    figs, weight = figures if figures is not None else story_figures(claims, docs)
    doc_ids = sorted(figs)
    if len(doc_ids) < 2:
        return []
    senses = noun_senses()
    key = lambda f: (f.fig.doc, f.fig.start)  # noqa: E731
    parent: dict[tuple[str, int], tuple[str, int]] = {}
    reason_of: dict[tuple[str, int], set[str]] = {}
    by_key: dict[tuple[str, int], _Fig] = {}

    def find(k: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(k, k) != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    doc_texts = texts if texts is not None else DocTexts(docs)
    mentioned: dict[tuple[str, str], bool] = {}
    def mentions(d: str, value: str) -> bool:
        # once per document and figure text; each document's text once (DocTexts)
        if (d, value) not in mentioned:
            mentioned[(d, value)] = mentions_value(doc_texts[d], value)
        return mentioned[(d, value)]

    # a figure in a list of three or more of its unit in one sentence (a poll's every candidate)
    # pairs with another report's figure by chance: no one pair stands out
    per_sentence: dict[tuple[str, int, str], int] = {}
    for fs in figs.values():
        for f in fs:
            where = (f.fig.doc, f.claim.sentence.start if f.claim.sentence else f.claim.start, f.unit)
            per_sentence[where] = per_sentence.get(where, 0) + 1
    listed = {key(f) for fs in figs.values() for f in fs
              if per_sentence[(f.fig.doc, f.claim.sentence.start if f.claim.sentence else f.claim.start, f.unit)] >= 3}
    measured: dict[int, bool] = {}

    def measures(f: _Fig) -> bool:
        # once per figure (WordNet's first sense of each of its nouns), not once per pair it is in
        if id(f) not in measured:
            measured[id(f)] = _measures(f, senses)
        return measured[id(f)]

    # each document's figures that may pair (a listed figure or one a conflict cites pairs with
    # none), in their order, and by modality: the pairs of two documents' figures without a test per
    # pair of what one figure alone decides
    pairable: dict[str, list[_Fig]] = {}
    by_modal: dict[str, dict[bool, list[_Fig]]] = {}
    for d in doc_ids:
        pairable[d] = [f for f in figs[d] if key(f) not in listed and key(f) not in in_conflict]
        for f in pairable[d]:
            by_modal.setdefault(d, {}).setdefault(f.modal, []).append(f)
    for x, da in enumerate(doc_ids):
        for db in doc_ids[x + 1:]:
            of_b = by_modal.get(db, {})
            for a in pairable[da]:
                for b in of_b.get(a.modal, ()):
                    if a.fig.value == b.fig.value:
                        continue
                    if _holders_differ(a.holder, b.holder):
                        continue  # two holders' figures ("Palin earned 10 percent", "Huckabee (14 percent)")
                    lo, hi = sorted((abs(_num(a.fig.value)), abs(_num(b.fig.value))))
                    if lo == 0 or hi / lo > _MAX_RATIO:
                        continue
                    reason = _apart(a, b)
                    if reason is None or not (_says_what(a, reason) and _says_what(b, reason)):
                        continue
                    if measures(a) or measures(b):
                        continue  # "3 machine guns" / "7.62 mm": a count and a measure look nothing alike
                    # an outlet that gives both numbers sets them apart itself
                    if mentions(db, a.fig.text) or mentions(da, b.fig.text):
                        continue
                    if _context_overlap(a, b, weight) < min_overlap:
                        continue
                    for f in (a, b):
                        by_key[key(f)] = f
                        reason_of.setdefault(key(f), set()).add(reason)
                    parent[find(key(a))] = find(key(b))
    groups: dict[tuple[str, int], list[_Fig]] = {}
    for k, f in by_key.items():
        groups.setdefault(find(k), []).append(f)
    out: list[FigureComparison] = []
    for members in groups.values():
        if len(members) > max_figures:
            continue  # a list of figures (a poll's every candidate): no one pair stands out
        members.sort(key=lambda f: (f.fig.doc, f.fig.start))
        items = []
        reasons = set().union(*(reason_of[key(f)] for f in members))
        for f in members:
            what, spans = _counts_of(f, reasons, docs.get(f.fig.doc))
            figure = Span(f.fig.doc, f.fig.start, f.fig.end, f.fig.text)
            items.append(CountedFigure(f.fig.doc, outlets.get(f.fig.doc), f.fig.text, what, (figure, *spans)))
        why = {"nouns": "count different things", "days": "are of different days",
               "among": "are shares of different groups"}
        about = "figures that look alike but " + " and ".join(why[r] for r in sorted(reasons, key=list(why).index))
        out.append(FigureComparison("", about, tuple(items), tuple(sorted({f.fig.doc for f in members})),
                                    tuple(c for it in items for c in it.citations)))
    out.sort(key=lambda c: (c.figures[0].doc, c.figures[0].citations[0].start))
    return [FigureComparison(f"N{i}", c.about, c.figures, c.docs, c.citations) for i, c in enumerate(out, 1)]
