"""Cross-outlet findings: what is corroborated, what conflicts, what only one
outlet says, what each leaves out, which quotes several carry, when things
happened, and a short summary that cites every sentence.

Built from the core analysis (entities, quotes, figures, times) plus claims
(:mod:`newsprism.extract.claims`) and their alignment (:mod:`newsprism.compare.align`).
Each document counts as its own outlet. Every item cites spans that exist in
the source texts (``text[start:end] == span.text``).

Conflicts are found by slot-specific detectors, and only across documents:
a number for the same state ("trapped", "killed") whose ranges cannot both be
true, a duration of the same campaign, a person described as "former X" in one
report and "X" in another or identified by first name only at their request in
one and fully named in another, and the content of the demand on the besieged
villages. They are conservative on purpose: a spurious conflict misleads as much
as a missed one. Parties that contradict each other inside the reports (X
denied, Y blamed Z) are not outlet conflicts: they are listed as ``disputes``.
"""

from __future__ import annotations

import gc
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import replace
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.align import AlignParams, ClaimGraph, align_claims
from newsprism.extract.claims import Claim, extract_claims
from newsprism.lexicon import NUMBER_WORDS, WEEKDAYS
from newsprism.model import Finding, Findings, Omission, Quote, Span, StoryAnalysis, SummarySentence, Version

__all__ = [
    "Version",
    "Finding",
    "Omission",
    "SummarySentence",
    "Findings",
    "find",
    "find_from_claims",
]


# ---------------------------------------------------------------- corroboration


def _independent_sources(docs: Sequence[str], copied: Sequence[tuple[str, str]]) -> int:
    parent = {d: d for d in docs}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in copied:
        if a in parent and b in parent:
            parent[find(a)] = find(b)
    return len({find(d) for d in docs})


def _copied_pairs(graph: ClaimGraph) -> set[frozenset[tuple[str, int]]]:
    """Claim pairs (as (doc, start)) whose texts are near-verbatim copies."""
    return {frozenset(((s.citations[0].doc, s.citations[0].start), (s.citations[1].doc, s.citations[1].start)))
            for s in graph.shared}


def _corroborated(graph: ClaimGraph, families: Mapping[str, str] | None = None) -> list[Finding]:
    """``families``: doc -> corpus copy family; members of one family are one source
    for every fact, whatever their wording (the store saw them as copies)."""
    by_id = {c.id: c for c in graph.claims}
    shared = _copied_pairs(graph)
    families = families or {}
    out = []
    for group in sorted(graph.groups, key=lambda g: min(by_id[c].start for c in g if by_id[c].doc == by_id[g[0]].doc)):
        members = [by_id[c] for c in group]
        docs = tuple(sorted({c.doc for c in members}))
        # two outlets are one source for this fact only when their claims OF THIS
        # FACT are copies; text copied elsewhere in the articles says nothing here
        copied = [
            (a.doc, b.doc) for x, a in enumerate(members) for b in members[x + 1 :]
            if a.doc != b.doc and (
                frozenset(((a.doc, a.start), (b.doc, b.start))) in shared
                or (families.get(a.doc) is not None and families.get(a.doc) == families.get(b.doc))
            )
        ]
        out.append(
            Finding(
                id="",
                kind="corroborated",
                about=members[0].text,
                docs=docs,
                citations=tuple(c.citation for c in members),
                claims=tuple(group),
                sources=_independent_sources(docs, copied),
            )
        )
    out.sort(key=lambda f: (-len(f.docs), f.citations[0].doc, f.citations[0].start))
    return out


def _single_source(graph: ClaimGraph) -> list[Finding]:
    grouped = {c for g in graph.groups for c in g}
    out = []
    for c in graph.claims:
        if c.id in grouped:
            continue
        # a fact: names something (an entity or a figure) and is more than a fragment
        substantive = (c.entities or c.figures) and len(c.terms) >= 4
        byline = c.attribution is not None and c.attribution.cue is not None and c.attribution.cue.text in (
            "reported",
            "contributed",
        )
        if substantive and not byline:
            out.append(Finding("", "single-source", c.text, (c.doc,), (c.citation,), (c.id,), sources=1))
    return out


# ---------------------------------------------------------------- conflicts

_WORD_NUMBERS = {**NUMBER_WORDS, "a": 1, "an": 1}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_DURATION = re.compile(
    r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a)[\s-]+"
    r"(?P<unit>day|week|month|year)s?(?:[\s-]+long)?\s+(?:of\s+)?"
    r"(?P<what>[a-z]+(?:\s+[a-z]+){0,2})\b",
    re.IGNORECASE,
)
_ANY_UNIT = re.compile(r"(?:day|week|month|year)s?(?:[\s-]+long)?\s", re.IGNORECASE)
# nouns that name the same kind of sustained event; anything else is its own slot
_SUSTAINED = {
    "offensive": ("offensive", "advance", "campaign", "assault", "push", "onslaught", "battle", "fighting",
                  "bombardment", "operation"),
    "siege": ("siege", "blockade", "encirclement"),
    "talks": ("talks", "negotiation", "negotiations", "talk"),
    "strike": ("strike", "walkout", "stoppage"),
    "shutdown": ("shutdown", "closure"),
}
_SUSTAINED_OF = {w: k for k, ws in _SUSTAINED.items() for w in ws}
# words after a duration that are not what it measures ("two weeks ago", "a month earlier")
_NOT_EVENTS = frozenset("ago earlier later before after since from into long old later period time".split())


def _sustained_slot(words: str) -> tuple[str, int] | None:
    """(the kind of sustained event, where its word ends in ``words``) for the
    first of ``words`` (up to three) that names one; None when none does
    ("two weeks ago", "a month of rapid gains")."""
    for m in re.finditer(r"[a-z]+", words.lower()):
        word = m.group(0)
        if word in _NOT_EVENTS:
            return None
        singular = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        slot = _SUSTAINED_OF.get(word) or _SUSTAINED_OF.get(singular)
        if slot:
            return slot, m.end()
    return None


# vague and exact counts of people in a state: "thousands trapped", "tens of thousands of civilians were trapped"
_AMOUNT = (
    r"(?P<q>more than|over|nearly|about|around|almost|at least)?\s*"
    r"(?P<n>hundreds of thousands|tens of thousands|thousands|hundreds|dozens|\d{1,3}(?:,\d{3})+|\d+)"
)
_PEOPLE_STATE = re.compile(
    _AMOUNT + r"(?P<rest>(?:\s+(?:of\s+)?[a-z]+){0,5}?)\s+(?:were\s+|are\s+|remain\s+|still\s+)?"
    r"(?P<state>trapped|killed|stranded|besieged|still in)\b",
    re.IGNORECASE,
)
_ANY_STATE = re.compile(r"trapped|killed|stranded|besieged|still in", re.IGNORECASE)
_VAGUE = {
    "dozens": (24, 99), "hundreds": (200, 999), "thousands": (2_000, 9_999),
    "tens of thousands": (10_000, 99_999), "hundreds of thousands": (100_000, 999_999),
}
_FIGHTERS = frozenset({"fighters", "rebels", "militants", "insurgents", "troops", "soldiers", "gunmen"})
_STATE_SLOT = {"trapped": "trapped", "stranded": "trapped", "besieged": "trapped", "still in": "trapped", "killed": "killed"}


def _range(q: str | None, n: str) -> tuple[float, float]:
    key = n.lower()
    if key in _VAGUE:
        return _VAGUE[key]
    value = float(key.replace(",", ""))
    q = (q or "").lower()
    if q in ("more than", "over", "at least"):
        return value, float("inf")
    if q in ("nearly", "about", "around", "almost"):
        return value * 0.8, value * 1.2
    return value, value


def _versions_by_value(rows: Sequence[tuple[str, str, Span, str | None]]) -> tuple[Version, ...]:
    """(doc, value, citation, source) rows -> one Version per value."""
    by_value: dict[str, list[tuple[str, Span, str | None]]] = {}
    for doc, value, span, source in rows:
        by_value.setdefault(value, []).append((doc, span, source))
    return tuple(
        Version(
            tuple(sorted({d for d, _, _ in items})),
            value,
            tuple(s for _, s, _ in items),
            next((src for _, _, src in items if src), None),
        )
        for value, items in by_value.items()
    )


def _durations(claims: Sequence[Claim]) -> list[Finding]:
    rows: dict[str, list[tuple[str, int, Span]]] = {}
    for c in claims:
        if not _ANY_UNIT.search(c.text):  # every match names a unit: a cheap test first
            continue
        for m in _DURATION.finditer(c.text):
            n = m.group("n").lower()
            count = int(n) if n.isdigit() else _WORD_NUMBERS.get(n.lower(), 1)
            days = count * _UNIT_DAYS[m.group("unit").lower()]
            found = _sustained_slot(m.group("what"))
            if found is None:
                continue
            slot, word_end = found
            start, end = c.start + m.start(), c.start + m.start("what") + word_end
            rows.setdefault(slot, []).append((c.doc, days, Span(c.doc, start, end, c.text[start - c.start : end - c.start])))
    out = []
    for slot, items in rows.items():
        docs = {d for d, _, _ in items}
        values = sorted({days for _, days, _ in items})
        if len(docs) < 2 or len(values) < 2 or values[-1] < 1.5 * values[0]:
            continue
        # only a conflict when the values split along document lines
        per_doc = {d: {days for dd, days, _ in items if dd == d} for d in docs}
        if not any(per_doc[a].isdisjoint(per_doc[b]) for a in docs for b in docs if a < b):
            continue
        versions = _versions_by_value([(d, s.text, s, None) for d, _, s in items])
        out.append(_conflict(f"how long the {slot} had lasted", "duration", versions))
    return out


def _people_counts(claims: Sequence[Claim]) -> list[Finding]:
    rows: dict[str, list[tuple[str, tuple[float, float], Span]]] = {}
    for c in claims:
        if not _ANY_STATE.search(c.text):  # every match names a state: a cheap test first
            continue
        for m in _PEOPLE_STATE.finditer(c.text):
            who = "fighters" if _FIGHTERS & set(m.group("rest").lower().split()) else "people"
            slot = f"{who} {_STATE_SLOT[m.group('state').lower()]}"
            lo = c.start + m.start("n") if not m.group("q") else c.start + m.start("q")
            hi = c.start + m.end("n")
            rows.setdefault(slot, []).append((c.doc, _range(m.group("q"), m.group("n")), Span(c.doc, lo, hi, c.text[lo - c.start : hi - c.start])))
    out = []
    for slot, items in rows.items():
        docs = sorted({d for d, _, _ in items})
        if len(docs) < 2:
            continue
        span_of = {d: (min(r[0] for dd, r, _ in items if dd == d), max(r[1] for dd, r, _ in items if dd == d)) for d in docs}
        clash = any(
            span_of[a][1] < span_of[b][0] or span_of[b][1] < span_of[a][0] for a in docs for b in docs if a < b
        )
        if not clash:
            continue
        versions = tuple(
            Version((d,), "; ".join(s.text for dd, _, s in items if dd == d), tuple(s for dd, _, s in items if dd == d))
            for d in docs
        )
        out.append(_conflict(f"how many {slot}", "figure", versions))
    return out


_FIRST_NAME_ONLY = re.compile(
    r"\b(?:identified|named|known|gave|giving|use[sd]?)\s+only\s+(?:by\s+|as\s+)?(?:his|her|their|a)\s+first\s+name",
    re.IGNORECASE,
)
_NAME_WORD = re.compile(r"^[A-Z][\w.'’-]*$")
_FORMER = re.compile(r"\b(?:former|ex-|retired|onetime)\s*", re.IGNORECASE)


def _roles_and_identities(analysis: StoryAnalysis, claims: Sequence[Claim]) -> list[Finding]:
    """One conflict per person: how each report names and describes them."""
    out = []
    for entity in analysis.entities:
        found = _person_conflicts(entity, claims)
        if len(found) > 1:
            versions = tuple(v for f in found for v in f.versions)
            out.append(_conflict(f"how {entity.name} is identified and described", "identity", versions))
        else:
            out.extend(found)
    return out


def _person_conflicts(entity, claims: Sequence[Claim]) -> list[Finding]:
    out: list[Finding] = []
    if True:
        if entity.type != "PERSON":
            return out
        docs = sorted({m.doc for m in entity.mentions})
        if len(docs) < 2:
            return out
        # role: "a former accountant" vs "an accountant" for the same person
        heads: dict[str, list[tuple[str, bool, Span]]] = {}
        for d in entity.descriptors:
            words = re.findall(r"[a-z]+", _FORMER.sub("", d.text.lower()))
            words = [w for w in words if w not in ("a", "an", "the")]
            if words:
                heads.setdefault(words[0], []).append((d.doc, bool(_FORMER.search(d.text)), d))
        for items in heads.values():
            former = {d for d, f, _ in items if f}
            plain = {d for d, f, _ in items if not f}
            if former and plain and former.isdisjoint(plain):
                versions = _versions_by_value([(d, s.text, s, None) for d, _, s in items])
                out.append(_conflict(f"how {entity.name} is described", "role", versions))
        # identity: named by first name only in one report, by full name in another
        by_doc = {d: [m for m in entity.mentions if m.doc == d] for d in docs}
        # full names written as names (not cut at a nickname: William "Mo" Cowan)
        full = [m for m in entity.mentions if len(m.text.split()) >= 2 and all(_NAME_WORD.match(w) for w in m.text.split())]
        first_names = {m.text.split()[0] for m in full}
        surnames = {m.text.split()[-1] for m in full}
        first_only = [
            d for d in docs
            if all(len(m.text.split()) == 1 and m.text in first_names and m.text not in surnames for m in by_doc[d])
        ]
        full_docs = sorted({m.doc for m in full} - set(first_only))
        if not first_only or not full_docs:
            return out
        d = first_only[0]
        name_span = Span(d, by_doc[d][0].start, by_doc[d][0].end, by_doc[d][0].text)
        cites: tuple[Span, ...] = (name_span,)
        value = name_span.text
        # the report's own reason, when it gives one ("identified only by his first name")
        for c in claims:
            m = _FIRST_NAME_ONLY.search(c.text) if c.doc == d and entity.id in c.entities else None
            if m:
                cites += (Span(d, c.start + m.start(), c.start + m.end(), m.group(0)),)
                value = f"{name_span.text} ({m.group(0)})"
                break
        versions = (
            Version((d,), value, cites),
            Version(tuple(full_docs), full[0].text, tuple(Span(x.doc, x.start, x.end, x.text) for x in full if x.doc in full_docs)),
        )
        out.append(_conflict(f"how {entity.name} is identified", "identity", versions))
    return out


# Words that state a demand; what is demanded is their object ("demanded the
# release of prisoners"), what they include ("conditions, including lifting the
# siege") or what the demander is said to want ("conditions, saying it wanted ...").
_DEMAND_WORDS = frozenset({"demand", "condition", "precondition", "insist", "require", "requirement", "ultimatum"})
_THAT_DEMANDS = frozenset({"demand", "require"})
_WANT_VERBS = frozenset({"want", "demand", "require", "seek", "insist"})
_CONTENT_PREPS = frozenset({"including", "for", "that"})


def _demand_contents(tok) -> list:
    """Head tokens of what a demand word asks for."""
    # "demanded that X" states a demand; "insisted that X" states a fact
    out = [c for c in tok.children if c.dep_ == "dobj" or (c.dep_ == "ccomp" and tok.lemma_.lower() in _THAT_DEMANDS)]
    for child in tok.children:
        # "conditions on the rebels" names who must meet them; "insist on X" names X
        if child.dep_ == "prep" and (child.lower_ in _CONTENT_PREPS or (child.lower_ == "on" and tok.pos_ == "VERB")):
            out.extend(g for g in child.children if g.dep_ in ("pobj", "pcomp"))
    if tok.pos_ == "NOUN" and tok.head.pos_ == "VERB":
        # "imposed new conditions, saying it wanted X": the demander's stated want
        for clause in tok.head.children:
            if clause.dep_ in ("advcl", "conj", "xcomp"):
                for want in [clause, *clause.children]:
                    if want.lemma_.lower() in _WANT_VERBS and want is not tok:
                        out.extend(c for c in want.children if c.dep_ == "dobj")
    return out


def _content_keys(head) -> frozenset[str]:
    """What a demand's content is about: its head and objects as 6-letter stems."""
    words = [head] + [g for c in head.children if c.dep_ in ("dobj", "prep") for g in [c, *c.children] if g.dep_ in ("dobj", "pobj")]
    return frozenset(w.lemma_.lower()[:6] for w in words if w.pos_ in ("NOUN", "VERB", "PROPN"))


def _demand_words(doc: Doc) -> list:
    """The tokens of ``doc`` whose lemma is a demand word, in order, found from the
    lemma column (``Doc.to_array``) without creating a ``Token`` per token."""
    if not len(doc):
        return []
    from spacy.attrs import LEMMA

    import numpy as np

    strings = doc.vocab.strings
    lemmas, lemma_of = np.unique(doc.to_array(LEMMA), return_inverse=True)
    demand = np.array([strings[int(h)].lower() in _DEMAND_WORDS for h in lemmas], dtype=bool)
    return [doc[i] for i in np.flatnonzero(demand[lemma_of]).tolist()]


def _demands(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """The same demand told with different content in different reports.

    A demand word's content is taken from the parse. Two reports conflict when
    both state the content of a demand in sentences naming a common party or
    place (a resolved entity), and their contents share nothing.
    """
    by_claim = {}
    for c in claims:
        by_claim.setdefault(c.doc, []).append(c)
    rows: list[tuple[str, frozenset[str], frozenset[str], Span]] = []
    for doc_id, doc in docs.items():
        for tok in _demand_words(doc):
            sentence_entities = frozenset(
                e for c in by_claim.get(doc_id, ()) if c.sentence and c.sentence.start <= tok.idx < c.sentence.end
                for e in c.entities
            )
            for head in _demand_contents(tok):
                if head.lemma_.lower() in _DEMAND_WORDS:  # "insisting on new conditions": no content
                    continue
                lo, hi = head.left_edge.i, head.right_edge.i + 1
                if hi - lo < 2 or hi - lo > 25:
                    continue
                span = doc[lo:hi]
                keys = _content_keys(head)
                if keys and sentence_entities:
                    rows.append((doc_id, keys, sentence_entities, Span(doc_id, span.start_char, span.end_char, span.text)))
    out_docs = sorted({d for d, _, _, _ in rows})
    if len(out_docs) < 2:
        return []
    keys_of = {d: frozenset().union(*(k for dd, k, _, _ in rows if dd == d)) for d in out_docs}
    ents_of = {d: frozenset().union(*(e for dd, _, e, _ in rows if dd == d)) for d in out_docs}
    # docs whose demands share content tell the same version
    groups: list[set[str]] = []
    for d in out_docs:
        hit = next((g for g in groups if any(keys_of[d] & keys_of[x] for x in g)), None)
        if hit is None:
            groups.append({d})
        else:
            hit.add(d)
    if len(groups) < 2:
        return []
    # only versions about a common party or place are one slot: the entity
    # shared by the most versions decides which versions those are
    group_entities = [frozenset().union(*(ents_of[d] for d in g)) for g in groups]
    counts = Counter(e for es in group_entities for e in es)
    # among those, the most specific: the one fewest claims of the story mention
    df = Counter(e for c in claims for e in set(c.entities))
    top = min(counts, key=lambda e: (-counts[e], df[e], e), default=None)
    if top is None or counts[top] < 2:
        return []
    groups = [g for g, es in zip(groups, group_entities) if top in es]
    common = frozenset({top})
    # each version: everything its reports say was demanded (a report may list several)
    versions = tuple(
        Version(
            tuple(sorted(g)),
            "; ".join(dict.fromkeys(s.text for d, _, _, s in rows if d in g)),
            tuple(s for d, _, _, s in rows if d in g),
        )
        for g in groups
    )
    names = ", ".join(sorted(e.name for e in analysis.entities if e.id in common)[:3])
    return [_conflict(f"what was demanded (involving {names})", "demand", versions)]


def _conflict(about: str, slot: str, versions: tuple[Version, ...]) -> Finding:
    cites = tuple(s for v in versions for s in v.citations)
    return Finding(
        id="",
        kind="conflict",
        about=about,
        docs=tuple(sorted({d for v in versions for d in v.docs})),
        citations=cites,
        versions=versions,
        slot=slot,
        between="outlets",
    )


_DISPUTE_CUES = frozenset({"denied", "deny", "denies", "blamed", "blame", "blames", "accused", "accuses", "rejected"})


def _disputes(claims: Sequence[Claim]) -> list[Finding]:
    out = []
    seen: set[tuple[str, int]] = set()
    for c in claims:
        a = c.attribution
        if a is None or a.cue is None or a.cue.text.lower() not in _DISPUTE_CUES:
            continue
        if (a.cue.doc, a.cue.start) in seen:  # clauses of one sentence share its attribution
            continue
        seen.add((a.cue.doc, a.cue.start))
        out.append(
            Finding("", "dispute", c.text, (c.doc,), (a.span, a.cue, c.citation), (c.id,), between="parties",
                    versions=(Version((c.doc,), a.cue.text, (a.cue,), attributed_to=a.text),))
        )
    return out


# ---------------------------------------------------------------- quotes, time, summary

_NON_WORD = re.compile(r"[^\w\s]+")


def _normal(text: str) -> str:
    return " ".join(_NON_WORD.sub(" ", text.lower().replace("’", "'")).split())


def _shared_quotes(quotes: Sequence[Quote], families: Mapping[str, str] | None = None) -> list[Finding]:
    from rapidfuzz import fuzz

    out = []
    used: set[int] = set()
    normals = [_normal(q.text) for q in quotes]
    # a shared quote shares words: only pairs with a common word of 4+ letters are compared
    words = [frozenset(w for w in n.split() if len(w) >= 4) for n in normals]
    index: dict[str, list[int]] = {}
    for k, ws in enumerate(words):
        for w in ws:
            index.setdefault(w, []).append(k)
    for i, q in enumerate(quotes):
        if i in used:
            continue
        group = [q]
        # words that many quotes use ("that", "have") do not make two quotes one
        common = max(10, len(quotes) // 20)
        candidates = sorted({j for w in words[i] if len(index[w]) <= common for j in index[w] if j > i})
        for j in candidates:
            r = quotes[j]
            if j in used or r.doc == q.doc or r.doc in {g.doc for g in group}:
                continue
            a, b = normals[i], normals[j]
            same_speaker = q.speaker_entity is not None and q.speaker_entity == r.speaker_entity
            if min(len(a), len(b)) < 10:
                continue
            cutoff = 80 if same_speaker else 92
            # with score_cutoff a score below it comes back as 0 (sooner): the test is the same
            if fuzz.partial_ratio(a, b, score_cutoff=cutoff) >= cutoff:
                group.append(r)
                used.add(j)
        if len(group) < 2:
            continue
        used.add(i)
        versions = tuple(Version((g.doc,), g.text, (Span(g.doc, g.start, g.end, g.text),), g.speaker) for g in group)
        out.append(
            Finding(
                id="",
                kind="shared-quote",
                about=group[0].text,
                docs=tuple(sorted({g.doc for g in group})),
                citations=tuple(v.citations[0] for v in versions),
                versions=versions,
                # documents of one corpus copy family carry one report's quote once
                sources=len({(families or {}).get(g.doc, g.doc) for g in group}),
                wording_differs=len({g.text.strip() for g in group}) > 1,
            )
        )
    return out


_CLOCK = re.compile(r"\b(\d{1,2})(?::\d\d)?\s*([ap])\.?\s?m\b", re.IGNORECASE)
_PART_RANK = {"midnight": 10, "early": 1, "pre-dawn": 1, "dawn": 2, "morning": 3, "early morning": 2, "late morning": 4,
              "noon": 5, "afternoon": 6, "evening": 7, "late": 8, "night": 9}


def _timeline(analysis: StoryAnalysis, claims: Sequence[Claim]) -> list[Finding]:
    """Claims carrying a time expression, ordered by resolved date/time; where the
    text gives no resolvable date, by the weekday it names, then part of day."""
    out = []
    last_day: dict[str, int] = {}
    for c in claims:
        if not c.times:
            continue
        t = c.times[0]
        low = " ".join(x.text.lower() for x in c.times)
        day = next((i for i, w in enumerate(WEEKDAYS) if w in low), None)
        if day is None and _CLOCK.search(t.text):
            day = last_day.get(c.doc)  # a bare clock time continues the day the report was telling
        if day is None:
            continue
        last_day[c.doc] = day
        part = _PART_RANK.get((t.part_of_day or "").lower(), 5)
        clock = _CLOCK.search(t.text)
        if clock and not t.part_of_day:
            hour = int(clock.group(1)) % 12 + (12 if clock.group(2).lower() == "p" else 0)
            part = 1 if hour < 5 else 2 if hour < 8 else 3 if hour < 12 else 6 if hour < 18 else 7 if hour < 21 else 9
        key = f"{day}|{part:02d}"
        out.append(
            Finding("", "timeline", c.text, (c.doc,), (Span(t.doc, t.start, t.end, t.text), c.citation), (c.id,),
                    when=t.resolved, order_key=key)
        )
    out.sort(key=lambda f: (f.order_key or "", f.docs[0], f.citations[0].start))
    return out


def _summary(corroborated: Sequence[Finding], graph: ClaimGraph, limit: int = 5) -> list[SummarySentence]:
    """Extractive: one claim per top corroborated fact, cited with every claim of the fact."""
    by_id = {c.id: c for c in graph.claims}
    linked: dict[str, set[str]] = {}
    for a in graph.alignments:
        linked.setdefault(a.a, set()).add(a.b)
        linked.setdefault(a.b, set()).add(a.a)
    out: list[SummarySentence] = []
    said: set[str] = set()  # a sentence two facts share is said once
    cited: set[str] = set()  # claims earlier sentences rest on
    for f in corroborated:
        if len(out) == limit:
            break
        if 2 * len(cited.intersection(f.claims)) >= len(f.claims):
            continue  # mostly the same claims as a fact already summarised: the same fact again
        # the claim aligned with the most other outlets' claims of the fact (it
        # states what they share), then the shortest wording (it states the least
        # beyond it); it cites itself and only the claims aligned with it, never a
        # member that joined the fact through another claim
        def support(c: Claim) -> set[str]:
            return {x for x in linked.get(c.id, ()) if x in f.claims and by_id[x].doc != c.doc}

        fresh = [by_id[c] for c in f.claims if " ".join(by_id[c].text.split()) not in said]
        if not fresh:
            continue
        chosen = min(fresh, key=lambda c: (-len({by_id[x].doc for x in support(c)}), len(c.text)))
        backing = support(chosen)
        if not backing:
            continue
        said.add(" ".join(chosen.text.split()))
        cited.update(f.claims)
        cites = tuple(by_id[c].citation for c in f.claims if c == chosen.id or c in backing)
        out.append(SummarySentence(chosen.text, cites, (f.id,)))
    return out


# ---------------------------------------------------------------- entry points


def _numbered(prefix: str, items: Sequence[Finding]) -> tuple[Finding, ...]:
    return tuple(replace(f, id=f"{prefix}{i}") for i, f in enumerate(items, 1))


def find_from_claims(
    analysis: StoryAnalysis,
    claims: Sequence[Claim],
    embedder,
    params: AlignParams = AlignParams(),
    docs: Mapping[str, Doc] | None = None,
) -> Findings:
    graph = align_claims(claims, embedder, params)
    families = {d.id: d.copy_family for d in analysis.documents if d.copy_family is not None}
    told = _corroborated(graph, families)
    # a fact carried only by copies of one report has one source: it is single-source
    # (with every copy cited), never corroboration
    corroborated = _numbered("C", [f for f in told if f.sources >= 2])
    copied_only = [replace(f, kind="single-source") for f in told if f.sources < 2]
    conflicts = _numbered(
        "X", _demands(analysis, claims, docs or {}) + _durations(claims) + _roles_and_identities(analysis, claims) + _people_counts(claims)
    )
    single = _numbered("S", copied_only + _single_source(graph))
    docs = [d.id for d in analysis.documents]
    omissions = tuple(
        Omission(
            d.id,
            d.outlet,
            tuple(f.id for f in corroborated if d.id in f.docs),
            tuple(f.id for f in corroborated if d.id not in f.docs),
        )
        for d in analysis.documents
    ) if len(docs) > 1 else ()
    return Findings(
        corroborated=corroborated,
        conflicts=conflicts,
        single_source=single,
        omissions=omissions,
        shared_quotes=_numbered("Q", _shared_quotes(analysis.quotes, families)),
        timeline=_numbered("T", _timeline(analysis, claims)),
        summary=tuple(_summary(corroborated, graph)),
        disputes=_numbered("D", _disputes(claims)),
        shared_text=graph.shared,
    )


def find(analysis: StoryAnalysis, docs: Mapping[str, Doc], embedder=None) -> Findings:
    """The cross-outlet findings of one analysed story.

    ``docs`` maps document id -> the spaCy ``Doc`` the pipeline parsed (no
    second parse happens here); ``embedder`` defaults to the static model.
    """
    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    with _collector_paused():
        return find_from_claims(analysis, extract_claims(analysis, docs), embedder, docs=docs)


@contextmanager
def _collector_paused():
    """Pause Python's cyclic garbage collector (restored afterwards, as it was).

    The stage allocates tens of thousands of short-lived objects (claims,
    spans, tuples, shingles) that reference counting frees; what the collector's
    passes over them found was nothing, and they cost about a tenth of the stage."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
