"""Two documents telling the same thing with another number: claims whose wording agrees
(the alignment's lexical cosines, which a changed number barely moves) with one value each for
one slot (unit and counted noun)."""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from newsprism.compare.blocked import PairTable
from newsprism.compare.fact_text import is_web_address
from newsprism.compare.counted_nouns import counted_noun as _noun
from newsprism.compare.counted_nouns import same_counted
from newsprism.compare.figure_conflicts import _DAY, _HEDGE, _in_range, _slot_of, conflict, what_figure
from newsprism.compare.figure_values import _interval, _num
from newsprism.extract.claims import Claim
from newsprism.extract.figures import designations
from newsprism.model import Finding, Span, Version

__all__ = ["similar_claim_figures"]

# words around any figure that say nothing of what it counts ("about", "more than")
_NO_CONTEXT = frozenset({"about", "nearly", "more", "than", "less", "fewer", "almost", "around", "roughly",
                         "some", "over", "under", "percentage", "percent", "point", "points", "the", "and",
                         "with", "from", "for", "were", "was", "are", "had", "has", "have"})


def _context(claim: Claim, f, width: int = 3) -> set[str]:
    """Lower-cased words right before and after a figure in its claim (numbers left out)."""
    lo, hi = f.start - claim.start, f.end - claim.start
    before = re.findall(r"[A-Za-z]+", claim.text[:lo])[-width:]
    after = re.findall(r"[A-Za-z]+", claim.text[hi:])[:width]
    return {w.lower() for w in before + after if len(w) > 2} - _NO_CONTEXT


def _days(claim: Claim) -> frozenset[str]:
    """The weekdays the claim's sentence names."""
    text = claim.sentence.text if claim.sentence is not None else claim.text
    return frozenset(m.group(0).lower() for m in _DAY.finditer(text))


def _lexical_pairs(scores, rows: Sequence[int], floor: float) -> list[tuple[int, int, float]]:
    """(i, j, lexical) for the pairs i < j of ``rows`` (sorted) whose lexical agreement — the mean of
    the alignment's two lexical cosines, ``scores.terms`` and ``scores.words`` — is not under ``floor``,
    in (i, j) order: one array operation over the pairs, not a lookup per pair (on a large story the
    tables are known on the blocked alignment's candidate pairs only, every other pair 0)."""
    terms, words = scores.terms, scores.words
    r = np.asarray(rows, dtype=np.int64)
    if len(r) < 2:
        return []
    if isinstance(terms, PairTable) and isinstance(words, PairTable) and terms.keys is not None \
            and terms.keys is words.keys and (terms.default + words.default) / 2 < floor:
        member = np.zeros(terms.n, dtype=bool)
        member[r] = True
        i, j = terms.keys // terms.n, terms.keys % terms.n
        # (as float(a) + float(b) in Python: float32 values added and halved in double)
        lexical = (terms.values.astype(np.float64) + words.values.astype(np.float64)) / 2
        hit = np.flatnonzero(member[i] & member[j] & ~(lexical < floor))
        hit = hit[np.lexsort((j[hit], i[hit]))]
        return list(zip(i[hit].tolist(), j[hit].tolist(), lexical[hit].tolist()))
    if isinstance(terms, PairTable) or isinstance(words, PairTable):
        return [(int(a), int(b), lex) for x, a in enumerate(r) for b in r[x + 1:]
                for lex in [(float(terms[int(a), int(b)]) + float(words[int(a), int(b)])) / 2] if not lex < floor]
    sub = np.ix_(r, r)
    lexical = (np.asarray(terms)[sub].astype(np.float64) + np.asarray(words)[sub].astype(np.float64)) / 2
    x, y = np.nonzero(np.triu(~(lexical < floor), k=1))
    return list(zip(r[x].tolist(), r[y].tolist(), lexical[x, y].tolist()))


def similar_claim_figures(claims: Sequence[Claim], scores, min_lexical: float = 0.25) -> list[Finding]:
    """Two documents telling the same thing with another number: claims of
    different documents whose wording agrees (the mean of the alignment's two
    lexical cosines, which a changed number barely moves) and where, for one
    slot (unit and counted noun), each gives exactly one value the other does
    not, values that cannot both be true ("21 percent" vs "32 percent" for
    Romney's lead; "more than 150" and "between 150 and 200" can both be). The
    figure must count the same noun or sit among the same words, unless the
    wording agrees strongly. Claims under a negation, a modal or a condition
    are left out. ``scores``: the alignment's PairScores over ``claims``."""
    if scores is None or scores.words is None:
        return []
    per_claim: dict[int, dict[str, list]] = {}
    for k, c in enumerate(claims):
        if not c.figures or _HEDGE.search(c.text) or is_web_address(c.text):
            continue
        for f in c.figures:
            slot = _slot_of(f)
            if slot and not _in_range(c, f):
                per_claim.setdefault(k, {}).setdefault(slot.split(":")[0], []).append(f)
    out = []
    seen: set[frozenset] = set()
    for i, j, lexical in _lexical_pairs(scores, sorted(per_claim), min_lexical):
        if claims[i].doc == claims[j].doc:
            continue
        days_i, days_j = _days(claims[i]), _days(claims[j])
        if days_i and days_j and days_i.isdisjoint(days_j):
            continue  # "more than 150 were waiting on Monday", "about 130 arrived Wednesday": two counts
        for unit, figs_i in per_claim[i].items():
            figs_j = per_claim[j].get(unit)
            if not figs_j:
                continue
            only_i = [f for f in figs_i if f.value not in {g.value for g in figs_j}]
            only_j = [f for f in figs_j if f.value not in {g.value for g in figs_i}]
            if len({f.value for f in only_i}) != 1 or len({f.value for f in only_j}) != 1:
                continue
            fi, fj = only_i[0], only_j[0]
            a = _interval(_num(fi.value), fi.qualifier)
            b = _interval(_num(fj.value), fj.qualifier)
            if not (a[1] < b[0] or b[1] < a[0]):
                continue
            models_i, models_j = designations(fi.counts or ""), designations(fj.counts or "")
            if bool(models_i) != bool(models_j) or (models_i and models_j and models_i.isdisjoint(models_j)):
                continue  # "12 F-16 jets" / "7 F-35 jets": two models; "seven AK-47 rifles" among "Nine rifles"
            same_noun = same_counted(fi, fj)
            if unit in ("count", "people") and _noun(fi) and _noun(fj) and not same_noun:
                continue  # counting different things ("130 migrants", "400 people in the caravan")
            shared_context = bool(_context(claims[i], fi) & _context(claims[j], fj))
            if not ((same_noun and (shared_context or lexical >= 0.3)) or (shared_context and lexical >= 0.5)):
                continue
            key = frozenset(((fi.doc, fi.start), (fj.doc, fj.start)))
            if key in seen:
                continue
            seen.add(key)
            versions = (
                Version((fi.doc,), fi.text, (Span(fi.doc, fi.start, fi.end, fi.text),)),
                Version((fj.doc,), fj.text, (Span(fj.doc, fj.start, fj.end, fj.text),)),
            )
            what = what_figure(unit, _noun(fi) if same_noun else "")
            out.append(conflict(f"{what} in: {claims[i].text}", "figure", versions))
    return out
