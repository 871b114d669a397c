"""Conflicts a count in words sets up: "two boats" in one report, "three boats" in another;
"a dozen protesters" against "40 protesters".

The aligned figures (``figure_conflicts.aligned_figures``) set up conflicts between counts in
digits only: a small number in words ("two senators") is too often another group than the
digits' one. Here a count in words joins in on stricter terms, each one a test:

- both figures count one noun (the same head noun, or the same model), written out on both
  sides — no count whose noun is left to the reader ("after three died");
- the two sentences tell one fact (the alignment put them in one fact, or scores them as one);
- neither is a set beside another or a part ("three other boats", "two more", "the first two
  boats", "two of the boats"), nor under a negation, a condition or a modal;
- an approximate amount in words is its range ("a dozen" 10-14, "dozens" 24-99, "hundreds"
  200-999: ``figure_values.vague_in_words``) and is set against a count in digits only: "dozens"
  fits 40, "a dozen" does not.

Every other rule of the aligned figures holds: a pair is the best match of both figures, the
same figure told alike binds them, a report writing the other value too contradicts nothing.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.figure_conflicts import (
    _MARGIN,
    StoryFigures,
    _agreement,
    _ambiguous,
    _compatible,
    _Fig,
    _figures_of,
    _merged,
    mentions_value,
    one_to_one,
)
from newsprism.compare.figure_values import _num, vague_in_words
from newsprism.extract.claims import Claim
from newsprism.lexicon import NUMBER_WORDS
from newsprism.model import Finding

__all__ = ["counts_in_words", "word_figures", "with_words"]

# words before a count that make it a part or a set beside another ("the first two boats", "the
# last three", "the remaining five", "only two"): no count of the whole
_PART_BEFORE = frozenset({"first", "last", "next", "other", "another", "more", "additional", "remaining", "final",
                          "top", "only", "same", "further", "extra"})
# what after "of" makes a count a part of a group already named ("two of the boats", "a dozen of them")
_PARTITIVE = frozenset({"the", "them", "those", "these", "their", "its", "his", "her", "our", "us", "whom", "which"})


_A_NUMBER = r"(?:\d[\d,.]*|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
# a term of a ratio ("a 2 in 3 chance", "a two-in-three chance", "one out of five"): no count of things
_RATIO_BEFORE = re.compile(_A_NUMBER + r"[\s-]+(?:in|out[\s-]+of)[\s-]+$", re.IGNORECASE)
_RATIO_AFTER = re.compile(r"[\s-]+(?:in|out[\s-]+of)[\s-]+(?:every[\s-]+)?" + _A_NUMBER + r"\b", re.IGNORECASE)


def _ratio_term(f: _Fig, text: str) -> bool:
    return bool(_RATIO_BEFORE.search(text[max(0, f.fig.start - 16):f.fig.start])
                or _RATIO_AFTER.match(text[f.fig.end:f.fig.end + 24]))


def _digits(f: _Fig) -> bool:
    return any(ch.isdigit() for ch in f.fig.text)


def _whole_count(f: _Fig, doc: Doc) -> bool:
    """The figure counts a whole group of its noun, not a part of one or a set beside another."""
    span = doc.char_span(f.fig.start, f.fig.end, alignment_mode="expand")
    if span is None or not len(span):
        return False
    before = doc[span.start - 1] if span.start > 0 else None
    if before is not None and before.lower_ in _PART_BEFORE:
        return False
    after = doc[span.end: span.end + 2]
    if len(after) == 2 and after[0].lower_ == "of" and after[1].lower_ in _PARTITIVE:
        return False
    return not any(t.lower_ in _PART_BEFORE for t in doc[span.end: span.end + 1])  # "two more boats"


def _comparable(a: _Fig, b: _Fig) -> bool:
    """Two figures, one or both in words, that may count the same thing: one noun counted on both
    sides, neither under a modal, an approximate amount only against digits."""
    vague_a, vague_b = vague_in_words(a.fig) is not None, vague_in_words(b.fig) is not None
    if (vague_a and not _digits(b)) or (vague_b and not _digits(a)):
        return False  # "dozens" / "hundreds", "a dozen" / "twelve": no number to hold either to
    if a.modal or b.modal or not a.nouns or not b.nouns:
        return False
    models_a, models_b = {k for k in a.kinds if k[0] == "#"}, {k for k in b.kinds if k[0] == "#"}
    return bool(models_a & models_b) or bool(a.nouns & b.nouns)


def counts_in_words(claims: Sequence[Claim], docs: Mapping[str, Doc]) -> dict[str, list[_Fig]]:
    """Each document's counts in words that name a number or a range ("seven AK-47 rifles"):
    what :func:`with_words` adds and ``aligned_figures`` binds to a side, made once per story."""
    return _figures_of(claims, docs, in_words=True)


def with_words(figures: StoryFigures, claims: Sequence[Claim], docs: Mapping[str, Doc],
               words: Mapping[str, Sequence[_Fig]] | None = None) -> StoryFigures:
    """The story's figures (``story_figures``) with each document's whole counts in words added:
    what :func:`word_figures` aligns and the conflict checks on its findings read. ``words``:
    :func:`counts_in_words` when the caller has it."""
    figs, weight = figures
    if words is None:
        words = counts_in_words(claims, docs)
    out = {d: list(fs) for d, fs in figs.items()}
    for d, ws in words.items():
        out.setdefault(d, []).extend(w for w in ws if _whole_count(w, docs[d]))
    return out, weight


def word_figures(claims: Sequence[Claim], docs: Mapping[str, Doc], figures: StoryFigures,
                 linked: frozenset[frozenset[str]], min_clash: float = 0.25,
                 doc_texts: Mapping[str, str] | None = None) -> list[Finding]:
    """Conflicts with a count in words on one side or both (see the module docstring).
    ``figures``: :func:`with_words` of the story's figures; ``linked``: pairs of claim ids the
    alignment tells as one fact (``conflicts._linked``)."""
    figs, weight = figures
    doc_ids = sorted(d for d, fs in figs.items() if any(not _digits(f) for f in fs))
    if not doc_ids:
        return []
    # (the texts of the documents with figures only: Doc.text joins every token anew; ``doc_texts``,
    # the story's nlp.DocTexts when the caller has it, reads each once for the story)
    texts = {d: docs[d].text if doc_texts is None else doc_texts[d] for d, fs in figs.items() if fs and d in docs}
    # the terms of a ratio count nothing, in digits or in words ("2 in 3" / "two-in-three")
    figs = {d: [f for f in fs if not _ratio_term(f, texts.get(d, ""))] for d, fs in figs.items()}
    clashes: list[tuple[_Fig, _Fig]] = []
    bound: list[tuple[_Fig, _Fig]] = []
    all_ids = sorted(figs)
    # each figure's "in digits" once, and each claim's linked claims: the pair loop below reads
    # them for every pair of figures of two documents (~450,000 pairs at 200 articles)
    digits = {d: [_digits(f) for f in fs] for d, fs in figs.items()}
    partners: dict[str, set[str]] = {}
    for pair in linked:
        if len(pair) == 2:
            p, q = pair
            partners.setdefault(p, set()).add(q)
            partners.setdefault(q, set()).add(p)
    for x, da in enumerate(all_ids):
        for db in all_ids[x + 1:]:
            if da not in doc_ids and db not in doc_ids:
                continue
            pairs: list[tuple[float, int, int]] = []
            fb, digits_b = figs[db], digits[db]
            in_words_b = [j for j, dig in enumerate(digits_b) if not dig]
            for i, a in enumerate(figs[da]):
                linked_a = partners.get(a.claim.id)
                if not linked_a:
                    continue
                # two counts in digits are the aligned figures' own: against one in digits, words only
                for j in (in_words_b if digits[da][i] else range(len(fb))):
                    b = fb[j]
                    if b.claim.id not in linked_a or not _comparable(a, b):
                        continue
                    score = _agreement(a, b, weight)
                    if score >= min_clash:
                        pairs.append((score, i, j))
            # the same figure told alike first (within the margin), as the aligned figures do
            pairs.sort(key=lambda p: -p[0] * (_MARGIN if _compatible(figs[da][p[1]], figs[db][p[2]]) else 1.0))
            matched = one_to_one(pairs)
            rival: dict[tuple[str, int], list[tuple[float, float]]] = {}
            for score, i, j in pairs:
                rival.setdefault(("a", i), []).append((score, _num(figs[db][j].fig.value)))
                rival.setdefault(("b", j), []).append((score, _num(figs[da][i].fig.value)))
            for score, i, j in matched:
                a, b = figs[da][i], figs[db][j]
                if _compatible(a, b):
                    bound.append((a, b))
                elif not (_ambiguous(score, rival.get(("a", i), []), _num(b.fig.value))
                          or _ambiguous(score, rival.get(("b", j), []), _num(a.fig.value))):
                    clashes.append((a, b))
    clashes = [(a, b) for a, b in clashes if not mentions_value(texts.get(a.fig.doc, ""), b.fig.text)
               and not mentions_value(texts.get(b.fig.doc, ""), a.fig.text)]
    return _merged(clashes, bound, texts) if clashes else []
