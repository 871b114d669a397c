"""Copied text: claims of two documents that are near-verbatim copies (wire copy,
syndication, one outlet quoting another's sentence), told apart from two reports
quoting the same speaker.

Claims whose word 5-gram shingles largely coincide are the same text carried
twice; a fact carried only by copies of one text is one source, not
corroboration (:mod:`newsprism.compare.align` marks such links ``copied``).
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

import numpy as np

from newsprism.compare.align_params import AlignParams
from newsprism.extract.claims import Claim
from newsprism.model import SharedText

__all__ = ["claim_words", "shared_text", "shingles"]

_WORD = re.compile(r"[a-z0-9]+")


def claim_words(claim: Claim) -> list[str]:
    """The claim's words, lower-cased (letters and digits): the parser-free view."""
    return _WORD.findall(claim.text.lower())


def shingles(text: str, size: int = 5) -> frozenset[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    if len(words) < size:
        return frozenset([tuple(words)]) if words else frozenset()
    # the runs words[i : i + size], built by zip in C
    return frozenset(zip(*(words[k:] for k in range(size))))


def _containment(a: frozenset, b: frozenset) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def _own_words(claim: Claim, size: int) -> frozenset[tuple[str, ...]]:
    """The claim's shingles with at least one word outside its direct quotes:
    the reporter's own wording, as opposed to a speaker's words it quotes."""
    if not claim.quotes:
        return shingles(claim.text, size)
    inside = [(q.start - claim.start, q.end - claim.start) for q in claim.quotes]
    words = []
    quoted = []
    for m in _WORD.finditer(claim.text.lower()):
        words.append(m.group())
        quoted.append(any(a <= m.start() < b for a, b in inside))
    if len(words) < size:
        return frozenset() if all(quoted) else frozenset([tuple(words)]) if words else frozenset()
    return frozenset(
        tuple(words[k : k + size]) for k in range(len(words) - size + 1) if not all(quoted[k : k + size])
    )


def shared_text(
    claims: Sequence[Claim], params: AlignParams = AlignParams(), word_rows: Sequence[Sequence[str]] | None = None
) -> tuple[SharedText, ...]:
    """Pairs of claims in different documents that are near-verbatim copies.

    Words a speaker said, quoted by two reports, are not a copy: each report
    carries the speaker's words (a shared quote corroborates that they were
    said). A run counts as copied only when it is the reporter's own wording in
    at least one of the two — which includes one outlet quoting another's
    sentence.

    An inverted index on shingles keeps this linear in practice: only claims that
    share a shingle are compared. ``word_rows``: each claim's words (:func:`claim_words`) when the
    caller has them."""
    size = params.shingle_size
    n = len(claims)
    # each distinct word as a number; each claim's shingles (runs of ``size`` words; a
    # claim of fewer words is one shingle of them all) as rows of word numbers, padded
    # with -1; each distinct row as a number (what :func:`shingles` gives, as ints)
    word_ids: dict[str, int] = {}
    flat: list[int] = []
    lens = np.zeros(n, dtype=np.int64)
    for k, claim in enumerate(claims):
        row = claim_words(claim) if word_rows is None else word_rows[k]
        lens[k] = len(row)
        flat.extend([word_ids.setdefault(w, len(word_ids)) for w in row])
    ids = np.array(flat, dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(lens)[:-1])).astype(np.int64)
    owner = np.repeat(np.arange(n, dtype=np.int64), lens)  # the claim of each word
    at = np.arange(len(ids), dtype=np.int64) - starts[owner]  # its place in the claim
    # a run of ``size`` words starts at each word with ``size - 1`` more of its claim after it
    long = (at <= lens[owner] - size) if len(ids) else np.zeros(0, dtype=bool)
    heads = np.flatnonzero(long)
    grid = ids[heads[:, None] + np.arange(size)] if len(heads) else np.zeros((0, size), dtype=np.int64)
    # ... and a claim of 1 to size - 1 words is one padded row
    short = np.flatnonzero((lens > 0) & (lens < size))
    pad = np.full((len(short), size), -1, dtype=np.int64)
    in_short = np.isin(owner, short)
    pad[np.searchsorted(short, owner[in_short]), at[in_short]] = ids[in_short]
    every = np.concatenate((grid, pad))
    row_claim = np.concatenate((owner[heads], short))
    # a row's number: its columns folded in one at a time, each step renumbered densely
    # (np.unique) so that the next fold stays within int64
    base = len(word_ids) + 1
    numbers = every[:, 0] + 1
    for col in range(1, size):
        _, numbers = np.unique(numbers * base + every[:, col] + 1, return_inverse=True)
        numbers = numbers.reshape(-1).astype(np.int64)
    # the claims of each shingle that two or more claims have (in claim order): each
    # (shingle, claim) once, sorted by shingle, then claim
    keys = np.unique(numbers * max(n, 1) + row_claim)
    shingle_of, claim_of = np.divmod(keys, max(n, 1))
    _, first, counts = np.unique(shingle_of, return_index=True, return_counts=True)
    index = [claim_of[a : a + k].tolist() for a, k in zip(first.tolist(), counts.tolist()) if k > 1]
    candidates: set[tuple[int, int]] = set()
    for members in index:
        if len(members) > 50:  # boilerplate shingle: not evidence of copying
            continue
        for x in members:
            for y in members:
                if x < y and claims[x].doc != claims[y].doc:
                    candidates.add((x, y))
    if not candidates:
        return ()
    # the sets of the claims compared (a few): shingle numbers; the reporter's own
    # wording (the shingles with a word outside the claim's quotes) of a claim with
    # quotes; whether it quotes a news organisation ("the Times reported, '...'"): its
    # quote may be another report's own words; a person's words quoted in one report
    # and written without marks in the other (a quote whose marks the reader lost)
    # are that person's
    grams: dict[int, frozenset[int]] = {}
    own: dict[int, frozenset[int]] = {}
    quotes_news: dict[int, bool] = {}
    for k in sorted({k for pair in candidates for k in pair}):
        rows = np.flatnonzero(row_claim == k)
        mine = numbers[rows].tolist()
        grams[k] = frozenset(mine)
        claim = claims[k]
        if claim.quotes:
            number_of = dict(zip(map(tuple, every[rows].tolist()), mine))
            own[k] = frozenset(
                x for g in _own_words(claim, size) if (x := number_of.get(_padded(g, size, word_ids))) is not None
            )
        else:
            own[k] = grams[k]
        quotes_news[k] = bool(claim.quotes) and _quotes_news(claim)
    out = []
    for x, y in sorted(candidates):
        c = _containment(grams[x], grams[y])
        # a shared name with its standard description ("the Britain-based Syrian
        # Observatory for Human Rights") is not copying: a copy shares a long run
        common = grams[x] & grams[y]
        if c >= params.copy_containment and len(common) >= params.copy_min_shingles:
            # the shared run must be someone's own wording, not only a speaker's
            # quoted words: one outlet quoting another's sentence (its own words in
            # the other), or two reports framing a quote in the same words
            framed = len(own[x] & own[y])
            quoting = len(common & (own[x] ^ own[y])) if quotes_news[x] or quotes_news[y] else 0
            if framed < max(3, 0.5 * min(len(own[x]), len(own[y]))) and quoting < max(3, 0.3 * len(common)):
                continue
            a, b = claims[x], claims[y]
            out.append(SharedText((a.doc, b.doc), (a.citation, b.citation), round(c, 3)))
    return tuple(out)


def _padded(gram: tuple[str, ...], size: int, word_ids: Mapping[str, int]) -> tuple[int, ...]:
    """A shingle of :func:`shingles` as its row of word numbers in :func:`shared_text`."""
    return tuple(word_ids[w] for w in gram) + (-1,) * (size - len(gram))


def _quotes_news(claim: Claim) -> bool:
    """The claim gives its quoted words to a news organisation (by the quote's speaker or the claim's source)."""
    from newsprism.extract.metadata import names_news_outlet

    named = [q.speaker for q in claim.quotes if q.speaker]
    if claim.attribution is not None:
        named.append(claim.attribution.text)
    return any(names_news_outlet(n) for n in named)
