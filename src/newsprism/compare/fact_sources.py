"""How many independent sources a fact has: copies, copy families and reports relaying another outlet of the story."""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from newsprism.compare.align import ODD_FOLDS
from newsprism.extract.claims import Claim
from newsprism.model import outlet_key

__all__ = ["cited_outlets", "independent_sources", "outlet_names"]

def outlet_names(outlet: str | None) -> tuple[str, ...]:
    """The ways a text names ``outlet``: its canonical name and known spellings
    ("The New York Times", "New York Times", "NYT"), or the name itself."""
    from newsprism.extract.metadata import _OUTLET_NAMES, normalise_outlet

    if not outlet or len(outlet.strip()) < 3:
        return ()
    low = outlet.strip().lower()
    canonical = normalise_outlet(outlet)
    if canonical == outlet.strip() and low not in _OUTLET_NAMES:
        # an outlet code ("fox"): the known outlet whose name begins with it
        canonical = next((v for k, v in _OUTLET_NAMES.items() if k.split()[0] == low and len(low) >= 3), canonical)
    names = {canonical} | {k for k, v in _OUTLET_NAMES.items() if v == canonical and len(k) >= 3}
    # a paper's newsroom shorthand ("The Times reports ...") when the story holds that paper
    short = _SHORTHAND.get(canonical)
    if short:
        names.add(short)
    return tuple(sorted(names, key=len, reverse=True))


_SHORTHAND = {"The New York Times": "The Times", "The Washington Post": "The Post", "The Wall Street Journal": "The Journal"}


def cited_outlets(claims: Sequence[Claim], documents: Sequence) -> dict[str, set[str]]:
    """claim id -> the other documents of the story whose outlet the claim names
    ("multiple sources tell Fox News ...", "according to The New York Times"):
    what it reports rests on that outlet's report, so it is not independent of it."""
    by_outlet: dict[str, list[str]] = {}
    for d in documents:
        if d.outlet:
            by_outlet.setdefault(d.outlet, []).append(d.id)
    if len(by_outlet) < 2:
        return {}
    pattern = {
        o: re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b", re.IGNORECASE)
        for o in by_outlet for names in [outlet_names(o)] if names
    }
    # a cheap pre-test of the case-blind search: an outlet whose names are all ASCII is
    # named only where the lower-cased text holds one of them lower-cased, unless the
    # text has a character re.IGNORECASE folds to an ASCII letter and str.lower() does not
    needles = {
        o: tuple(n.lower() for n in names) if all(n.isascii() for n in names) else None
        for o in pattern for names in [outlet_names(o)]
    }
    outlet_of = {d.id: d.outlet for d in documents}
    out: dict[str, set[str]] = {}
    for c in claims:
        text = c.text
        low = text.lower()
        odd = any(mark in low for mark in ODD_FOLDS)
        for o, rx in pattern.items():
            words = needles[o]
            if o == outlet_of.get(c.doc) or not (odd or words is None or any(w in low for w in words)):
                continue
            if rx.search(text):
                out.setdefault(c.id, set()).update(by_outlet[o])
    return out


def independent_sources(docs: Sequence[str], members: Sequence[Claim], copied: set, families: Mapping[str, str],
                 cites: Mapping[str, set[str]] | None = None, outlets: Mapping[str, str | None] | None = None) -> int:
    parent = {d: d for d in docs}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    # two reports of one outlet (an update, a second edition, a sister piece) are that outlet
    # once: corroboration is by independent outlets. An unknown outlet is nobody's twin.
    first_of: dict[str, str] = {}
    for d in docs:
        name = outlet_key((outlets or {}).get(d))
        if name:
            if name in first_of:
                parent[find(d)] = find(first_of[name])
            else:
                first_of[name] = d

    for x, a in enumerate(members):
        for b in members[x + 1:]:
            if a.doc == b.doc or a.doc not in parent or b.doc not in parent:
                continue
            fam = families.get(a.doc)
            if frozenset((a.id, b.id)) in copied or (fam is not None and fam == families.get(b.doc)):
                parent[find(a.doc)] = find(b.doc)
    # a claim that names another outlet of the story as its source tells that outlet's
    # report: one source with it, and with every other claim relaying that outlet
    # (two reports of "the Times reports ..." are the Times once, whether or not the
    # Times's own report is among the fact's documents)
    for a in members:
        for d in (cites or {}).get(a.id, ()):
            if a.doc in parent and d != a.doc:
                parent.setdefault(d, d)
                parent[find(a.doc)] = find(d)
    return len({find(d) for d in docs})
