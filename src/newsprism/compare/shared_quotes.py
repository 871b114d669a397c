"""Shared quotations: the same words quoted by several reports, and how two claims' quoted words compare.

The same statement carried by several reports is a fact of its own ("X said Y");
two claims quoting different words state two remarks. Nothing here reads a model:
it works on the quotes the extraction found.
"""

from __future__ import annotations

import re
from typing import Mapping, Protocol, Sequence

from spacy.lang.en.stop_words import STOP_WORDS

from newsprism.compare.align import quote_share
from newsprism.extract.claims import Claim
from newsprism.model import Span

__all__ = ["greedy_groups", "nested_quotes", "other_quoted_words", "quote_groups", "quote_match", "quoted_remark",
           "quoted_span", "quoted_words", "shared_quoted_span", "speakers"]

_QWORD = re.compile(r"[a-z0-9]+")
# a quotation inside a quotation: curly single marks, or straight ones that are no apostrophe ("it's")
_NESTED = re.compile(r"‘([^’]{2,300})’|(?<!\w)'([^']{2,300})'(?!\w)")


def quoted_words(claim: Claim) -> list[str]:
    """The words of ``claim`` inside its direct quotes, in order (typography and
    case dropped: "I’m" and "I'm" are the same words)."""
    out: list[str] = []
    spans = sorted((max(q.start, claim.start) - claim.start, min(q.end, claim.end) - claim.start) for q in claim.quotes)
    for a, b in spans:
        if b > a:
            out.extend(_QWORD.findall(claim.text[a:b].lower()))
    return out


def nested_quotes(claim: Claim) -> list[list[str]]:
    """The words of each quotation inside one of ``claim``'s quotes ("I heard ‘Lock her up’ last night
    ..."): words the speaker repeats from someone else, not the speaker's own."""
    out: list[list[str]] = []
    for q in claim.quotes:
        a, b = max(q.start, claim.start) - claim.start, min(q.end, claim.end) - claim.start
        if b <= a:
            continue
        whole = _QWORD.findall(claim.text[a:b].lower())
        for m in _NESTED.finditer(claim.text[a:b]):
            words = _QWORD.findall((m.group(1) or m.group(2)).lower())
            if words and len(words) < len(whole):  # (not the quote itself, written in single marks)
                out.append(words)
    return out


def other_quoted_words(a: Claim, b: Claim) -> bool:
    """Both claims quote somebody, and no content word quoted in one is quoted in the other."""
    wa = {w for w in quoted_words(a) if w not in STOP_WORDS}
    wb = {w for w in quoted_words(b) if w not in STOP_WORDS}
    return bool(wa and wb) and not wa & wb


def quoted_span(claim: Claim) -> Span:
    """The stretch of ``claim`` its direct quotes cover (from the first quoted
    character to the last); the whole claim when it quotes nothing."""
    inside = [(max(q.start, claim.start), min(q.end, claim.end)) for q in claim.quotes if q.start < claim.end and claim.start < q.end]
    if not inside:
        return claim.citation
    a, b = min(x for x, _ in inside), max(y for _, y in inside)
    return Span(claim.doc, a, b, claim.text[a - claim.start : b - claim.start])


def shared_quoted_span(claim: Claim, others: Sequence[Claim]) -> Span:
    """The stretch of ``claim`` its quotations that the other reports' claims quote too cover (a run
    of three words in common): a sentence quoting two remarks ("“It's not something to be decided by
    a show of hands,” Mary Cheney wrote ..., concluding her post by saying, “Please like and share if
    you agree.”") shares the first with a report quoting only that one, and is cited for it alone.
    :func:`quoted_span` when every quotation, or none, is shared."""
    runs = {tuple(w[i:i + 3]) for o in others if o.doc != claim.doc for w in [quoted_words(o)] for i in range(len(w) - 2)}
    inside = [(max(q.start, claim.start), min(q.end, claim.end)) for q in claim.quotes if q.start < claim.end and claim.start < q.end]
    shared = []
    for a, b in inside:
        words = _QWORD.findall(claim.text[a - claim.start : b - claim.start].lower())
        if any(tuple(words[i:i + 3]) in runs for i in range(len(words) - 2)):
            shared.append((a, b))
    if not shared or len(shared) == len(inside):
        return quoted_span(claim)
    a, b = min(x for x, _ in shared), max(y for _, y in shared)
    return Span(claim.doc, a, b, claim.text[a - claim.start : b - claim.start])


def speakers(claim: Claim) -> set[str]:
    ids = {q.speaker_entity for q in claim.quotes if q.speaker_entity}
    if claim.attribution is not None and claim.attribution.entity:
        ids.add(claim.attribution.entity)
    return ids


def quoted_remark(claim: Claim) -> bool:
    """A claim that is chiefly someone's quoted words (a third of it or more)
    and gives no figure in the reporter's own voice."""
    if quote_share(claim) <= 0.3:
        return False
    own_figure = any(not any(q.start <= f.start < q.end for q in claim.quotes) for f in claim.figures)
    return not own_figure


def quote_match(a: Sequence[str], b: Sequence[str], min_words: int = 5) -> int:
    """Words two quotations share in runs of three or more, when that makes them
    the same words: most of the shorter one, and a long run or most of the
    longer one too (a four-word phrase inside someone else's long quote is not it)."""
    from difflib import SequenceMatcher

    blocks = SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    shared = sum(blk.size for blk in blocks if blk.size >= 3)
    short, long_ = sorted((len(a), len(b)))
    if shared == short == long_ and shared >= 4:
        return shared  # the very same words (a short sentence of a quote the splitter cut)
    if shared < min_words or shared < 0.6 * short:
        return 0
    if shared < 8 and shared < 0.5 * long_:
        return 0
    return shared


def quote_groups(claims: Sequence[Claim], min_words: int = 5, common: int = 50, min_share: float = 0.0) -> list[list[int]]:
    """Claims of different documents that quote the same words: the same
    statement carried by several reports is a fact of its own ("X said Y").

    Candidates share a quoted run of four words (an inverted index, so the cost
    follows the number of such pairs, not all pairs); a claim joins a group when
    it quotes the same words as every claim already in it, one claim per
    document, strongest matches first. Claims whose quotes are given to two
    different resolved speakers match only on a long run (8+ words) of the same words."""
    # a claim that is chiefly the quotation: a sentence that quotes a few words
    # inside its own reporting states more than the quote (that part is the alignment's)
    words = [quoted_words(c) if c.quotes and quote_share(c) >= min_share else [] for c in claims]
    index: dict[tuple[str, ...], list[int]] = {}
    for k, w in enumerate(words):
        if len(w) < 4:
            continue
        for g in {tuple(w[i : i + 4]) for i in range(max(len(w) - 3, 1))}:
            index.setdefault(g, []).append(k)
    pairs: set[tuple[int, int]] = set()
    for rows in index.values():
        if len(rows) > common:  # a stock phrase many quotes use
            continue
        for x in rows:
            for y in rows:
                if x < y and claims[x].doc != claims[y].doc:
                    pairs.add((x, y))
    matched: dict[tuple[int, int], int] = {}
    for x, y in pairs:
        m = quote_match(words[x], words[y], min_words)
        sx, sy = speakers(claims[x]), speakers(claims[y])
        # a short phrase given to two different speakers is two remarks; a long
        # run of the same words is one statement (the speakers' names failed to resolve)
        if m and m < 8 and sx and sy and not sx & sy:
            continue
        if m:
            matched[(x, y)] = m
    groups = _split_quotes(greedy_groups(matched, claims), matched, claims)
    # one quoted sentence the clause splitter cut in two ("I'm endorsing Rick
    # Perry" / "because we need a tough-on-crime president ..."): one fact
    def sentence_key(members: list[int]) -> frozenset:
        return frozenset((claims[k].doc, claims[k].sentence or claims[k].citation) for k in members)

    merged: dict[frozenset, list[int]] = {}
    for members in groups:
        merged.setdefault(sentence_key(members), []).extend(members)
    return [sorted(members, key=lambda k: (claims[k].doc, claims[k].start))
            for members in _passages(list(merged.values()), claims)]


def _split_quotes(groups: list[list[int]], matched: Mapping[tuple[int, int], int], claims: Sequence[Claim],
                  gap: int = 120) -> list[list[int]]:
    """A statement one report quotes in one stretch and another in two, its attribution between
    them ("“It is very important to me ... administration,” Mr. Trump said in a statement. “But if
    that Republican ... is not the right candidate, I am not willing to give up my right to run”"):
    the second stretch joins the fact the first is in, when both match the same quotation of
    another report and they stand at most ``gap`` characters apart."""
    placed = {k for g in groups for k in g}
    for x in sorted({k for pair in matched for k in pair} - placed):
        cx = claims[x]
        for g in groups:
            near = [k for k in g if claims[k].doc == cx.doc
                    and max(claims[k].start, cx.start) - min(claims[k].end, cx.end) <= gap]
            wider = [y for y in g if claims[y].doc != cx.doc and (min(x, y), max(x, y)) in matched
                     and all((min(k, y), max(k, y)) in matched for k in near)]
            if near and wider:
                g.append(x)
                break
    return groups


def _passages(groups: list[list[int]], claims: Sequence[Claim]) -> list[list[int]]:
    """Groups that quote consecutive sentences of one passage in the same order in every
    report, with no speaker apart, joined into one: a statement of several sentences two
    outlets both quote is one fact, not one fact per sentence (Trump's "I like Paul, but
    these are horrible times ... I'm not quite there yet." was five items)."""
    if len(groups) < 2:
        return groups
    # each sentence's place in its document
    sentence_rank: dict[tuple[str, int], int] = {}
    starts: dict[str, set[int]] = {}  # one pass over the claims, not one per document
    for c in claims:
        starts.setdefault(c.doc, set()).add((c.sentence or c.citation).start)
    for doc, at in starts.items():
        sentence_rank.update(((doc, st), r) for r, st in enumerate(sorted(at)))

    def extent(members: list[int]) -> dict[str, tuple[int, int, int, int]] | None:
        ranks: dict[str, set[int]] = {}
        spans: dict[str, list[int]] = {}
        for k in members:
            c = claims[k]
            ranks.setdefault(c.doc, set()).add(sentence_rank[(c.doc, (c.sentence or c.citation).start)])
            spans.setdefault(c.doc, []).extend((c.citation.start, c.citation.end))
        if any(max(r) - min(r) + 1 != len(r) for r in ranks.values()):
            return None  # not one unbroken stretch of a report
        return {d: (min(r), max(r), min(spans[d]), max(spans[d])) for d, r in ranks.items()}

    def follows(e: dict[str, tuple[int, int, int, int]], f: dict[str, tuple[int, int, int, int]]) -> bool:
        """f goes on where e stops in every report: in the next sentence, or later in the
        same sentence (one report puts in one sentence what the other quotes in two),
        with at least one report moving to its next sentence."""
        if e.keys() != f.keys():
            return False
        steps = []
        for d, (_, last, _, end) in e.items():
            first, _, start, _ = f[d]
            step = first - last
            if step not in (0, 1) or (step == 0 and start < end):
                return False
            steps.append(step)
        return 1 in steps

    extents = [extent(g) for g in groups]
    who = [set().union(*(speakers(claims[k]) for k in g)) for g in groups]
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # candidates by where they start in one report: a follower starts in the sentence where
    # the group stops or in the next, in every report (so in the first one too)
    starting: dict[tuple[str, int], list[int]] = {}
    for j, f in enumerate(extents):
        if f is not None:
            for d, (first, _, _, _) in f.items():
                starting.setdefault((d, first), []).append(j)
    for i, e in enumerate(extents):
        if e is None:
            continue
        d0 = min(e)
        last = e[d0][1]
        for j in sorted({*starting.get((d0, last), ()), *starting.get((d0, last + 1), ())}):
            f = extents[j]
            if f is None or j == i or not follows(e, f):
                continue
            if who[i] and who[j] and not who[i] & who[j]:
                continue
            parent[root(j)] = root(i)
    joined: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        joined.setdefault(root(i), []).extend(g)
    return list(joined.values())


class _InDoc(Protocol):
    @property
    def doc(self) -> str: ...


def greedy_groups(pairs: Mapping[tuple[int, int], float], claims: Sequence[_InDoc]) -> list[list[int]]:
    """Groups of claims from scored pairs (x < y), strongest pair first: a claim joins a
    group only when it is paired with every member and no member shares its document."""
    group_of: dict[int, int] = {}
    groups: list[list[int]] = []

    def fits(k: int, g: list[int]) -> bool:
        return all(claims[j].doc != claims[k].doc and (min(j, k), max(j, k)) in pairs for j in g)

    for (x, y), _score in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0])):
        gx, gy = group_of.get(x), group_of.get(y)
        if gx is None and gy is None:
            group_of[x] = group_of[y] = len(groups)
            groups.append([x, y])
        elif gx is not None and gy is None and fits(y, groups[gx]):
            group_of[y] = gx
            groups[gx].append(y)
        elif gy is not None and gx is None and fits(x, groups[gy]):
            group_of[x] = gy
            groups[gy].append(x)
    return groups
