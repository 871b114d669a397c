"""Facts anchored on what two reports of one fact share, however differently worded.

The alignment (:mod:`newsprism.compare.align`) links claims whose words agree; two
reports often tell one fact in other words. Here a pair of claims of two outlets,
neither yet in a fact, is one fact when they share an *anchor* and agree on the core
arguments around it — and each link says which anchor, so a reader can check it:

- **the same quote**: the same resolved speaker and the same quoted words (the
  shorter quotation a run of the longer one, two words at least: "very hard" /
  "it will be very hard for us to win"; one word when it is the point of a short
  remark: "sexist" / "It's sexist"). Longer shared quotations are matched first,
  by :func:`newsprism.compare.shared_quotes.quote_groups`. One statement whatever
  day or modality each report frames it with (a day in conflict is the conflicts' part);
- **the same statement, quoted and told**: one report tells what a person said in
  its own words ("Arpaio praised what he called Perry's efforts ... with state law
  enforcement"), the other quotes that person, and most of the quoted content words
  (three at least), or five, are in the telling;
- **the same figure**: one value in one unit (money, percent, people, a count, ...),
  counting the same thing (a counted word in common) or held by the same resolved
  actor: "$5.6 billion for the wall" in two outlets;
- **the same action**: the same resolved actor doing the same action (one lemma or
  event class, a light verb's clause telling the other's action, or one's verb the
  other's noun: "voiced support for" / "supports"; never a bare verb of saying) to the
  same target (a resolved entity both give as a patient, or two things both name):
  "has taken to Facebook to blast her sibling ... for her stance on same-sex marriage" /
  "criticized her sister's stance on same-sex marriage".

Every anchor needs agreement on the core arguments, not a shared word: the
propositions (:mod:`newsprism.extract.propositions`) must not contradict (a dropped
negation, another agent, "won Texas" / "won Iowa"), a guess is not a done thing,
two claims dated to other days are two occasions, two claims given to different
people are two remarks, and two claims giving figures none of which they share
count two things. Nothing here reads a model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping, Sequence

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

import re

from newsprism.compare.align import quote_share
from newsprism.compare.cores import other_days
from newsprism.compare.fact_links import Props
from newsprism.compare.fact_text import is_content
from newsprism.compare.match import LIGHT, _named
from newsprism.compare.quoted_terms import term_only
from newsprism.compare.shared_quotes import greedy_groups, nested_quotes, quoted_words, speakers
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition

_QWORD = re.compile(r"[a-z0-9]+")

__all__ = ["Anchor", "AnchorKind", "anchor_links", "anchored_groups"]

AnchorKind = Literal["quote", "reported", "figure", "action"]
# units whose figures count something checkable (a clock time or an age is no count of a fact)
# event classes too wide to tell one action by themselves ("talk": call, meet, discuss)
_WIDE_KINDS = frozenset({"talk"})
_COUNTED_UNITS = frozenset({"money", "percent", "people", "count", "fraction", "duration"})


@dataclass(frozen=True)
class Anchor:
    """Why two claims (indices into the story's claims) state one fact."""

    a: int
    b: int
    kind: AnchorKind
    why: str  # for the reader: "the same quote of Bernie Sanders: “very hard”"
    strength: float  # how much the anchor holds (longer shared quotes, more shared arguments first)


def _contained(short: Sequence[str], long_: Sequence[str]) -> bool:
    n = len(short)
    return any(list(long_[i : i + n]) == list(short) for i in range(len(long_) - n + 1))


def _quote_anchor(ci: Claim, cj: Claim, names: Mapping[str, str],
                  docs: Mapping[str, Doc] | None = None) -> tuple[str, float] | None:
    """The same speaker, and one claim's quoted words a run of the other's — not a term one of them
    mentions with nothing else told alike (:func:`newsprism.compare.quoted_terms.term_only`; ``docs``:
    the parses, None to skip that test)."""
    common = speakers(ci) & speakers(cj)
    if not common:
        return None
    wa, wb = quoted_words(ci), quoted_words(cj)
    if not wa or not wb:
        return None
    short, long_ = sorted((wa, wb), key=len)
    # two words at least; one word only when it is the point of a short remark ("sexist" / "It's sexist")
    if not _contained(short, long_) or not any(w not in STOP_WORDS for w in short):
        return None
    if len(short) < 2 and (len(long_) > 4 or len(short[0]) < 5):
        return None
    # the short quote is what the long one repeats from someone else ("I heard ‘Lock her up’ last night
    # ..." / "the attendees chanted, 'Lock her up!'"): not the speaker's words
    if len(short) < len(long_) and any(_contained(short, inner) for inner in nested_quotes(cj if short is wa else ci)):
        return None
    if docs is not None and term_only(ci, cj, short, docs, names):
        return None
    who = names.get(sorted(common)[0], sorted(common)[0])
    return f"the same quote of {who}: “{' '.join(short)}”", float(len(short))


def _stems(words: Sequence[str]) -> set[str]:
    """Content words cut to seven letters ("enforce" / "enforcement", not "informed" / "information")."""
    return {w[:7] for w in words if len(w) > 2 and w not in STOP_WORDS and w.isalpha()}


def _reported_anchor(ci: Claim, cj: Claim, names: Mapping[str, str]) -> tuple[str, float] | None:
    """One claim tells what a person said in the report's words ("Jealous said the resolution was
    not an attempt to label the movement racist"), the other quotes that person: the same
    statement when most of the quoted content words are in the telling (three at least), or five —
    not counting the names both give, which tell what it is about ("Wal-Mart", "Perry")."""
    for tell, quote in ((ci, cj), (cj, ci)):
        att = tell.attribution
        who = att.entity if att is not None else None
        if att is None or not who or att.kind != "reporting-verb" or quote_share(tell) >= 0.3:
            continue
        if who not in {q.speaker_entity for q in quote.quotes} or quote_share(quote) < 0.3:
            continue
        said, told = _stems(quoted_words(quote)), _stems(_QWORD.findall(tell.text.lower()))
        # the names both give are what the statement is about, not what was said ("Wal-Mart")
        named = _stems([w for e in set(ci.entities) | set(cj.entities) for w in _QWORD.findall(names.get(e, "").lower())])
        shared = (said & told) - named
        if len(shared) >= 5 or (len(shared) >= 3 and len(shared) >= 0.5 * len(said)):
            words = dict.fromkeys(w for w in quoted_words(quote) if w[:7] in shared and w not in STOP_WORDS)
            return f"what {names.get(who, who)} said, quoted in one report and told in the other: {', '.join(words)}", \
                1.0 + len(shared) / 2
    return None


def _figure_anchor(ci: Claim, cj: Claim, p: Proposition, q: Proposition, names: Mapping[str, str],
                   repeated: frozenset[tuple[str, str]] = frozenset()) -> tuple[str, float] | None:
    """One value in one unit, counting the same thing or held by the same actor; ``repeated``:
    (document, figure) a report gives in several claims — the name of its topic ("13 Hours",
    the film) or a number it keeps coming back to, no anchor of one statement."""
    shared = {f for f in p.figures & q.figures if (ci.doc, f) not in repeated and (cj.doc, f) not in repeated}
    if not shared or (p.figures ^ q.figures and len(p.figures) + len(q.figures) > 2 * len(shared) + 2):
        return None
    for fa in ci.figures:
        if f"#{fa.value}" not in shared or fa.unit not in _COUNTED_UNITS:
            continue
        for fb in cj.figures:
            if fb.value != fa.value or fb.unit != fa.unit:
                continue
            # a count of people, a sum of money: not a small number any report may give
            if isinstance(fa.value, (int, float)) and fa.unit in ("count", "people") and abs(fa.value) < 20:
                continue
            counted = _counted(fa.counts) & _counted(fb.counts)
            holders = (_named(p.agents) & _named(q.agents)) | (_named(p.patients) & _named(q.patients))
            if counted:
                return f"the same figure: {fa.text} ({' '.join(sorted(counted))})", 1.0 + len(counted)
            if holders:
                who = ", ".join(sorted(names.get(h[1:], h[1:]) for h in holders))
                return f"the same figure: {fa.text} (of {who})", 1.0 + len(holders)
    return None


def _counted(counts: str | None) -> set[str]:
    """The content words of what a figure counts ("delegates needed for the nomination")."""
    if not counts:
        return set()
    words = {w.strip(".,;:'’\"“”()").lower() for w in counts.split()}
    return {w[:6] for w in words if len(w) > 2 and w not in STOP_WORDS and w.isalpha()}


def _action_anchor(p: Proposition, q: Proposition, names: Mapping[str, str]) -> tuple[str, float] | None:
    """The same resolved actor doing the same action to the same target: the action one lemma or
    event class (or one clause's main verb among the other's verbs' classes, or its noun: "voiced
    support for" / "supports"), not a light verb nor a bare verb of saying; the target a resolved
    entity both give as a patient, or two things both name ("same-sex marriage")."""
    if p.kind == "say" or q.kind == "say" or (p.predicate in LIGHT and q.predicate in LIGHT):
        return None
    agents = _named(p.agents) & _named(q.agents)
    if not agents or not any(a[:1] == "@" for a in p.agents | q.agents if "@" + a[1:] in agents):
        return None
    same = p.predicate == q.predicate and p.predicate not in LIGHT
    # one event class, but not "talk", which holds both "called (out)" and "will meet"
    same = same or (p.kind is not None and p.kind == q.kind and p.kind not in _WIDE_KINDS)
    # a light main verb whose clause tells the other's action and no other ("has taken to Facebook
    # to blast her sibling" / "criticized her sister's opposition"; not "is doing well but not
    # likely to win all 155 delegates offered" / "won the primary")
    same = same or (p.predicate in LIGHT and q.kind is not None and p.kinds == {q.kind})
    same = same or (q.predicate in LIGHT and p.kind is not None and q.kinds == {p.kind})
    verb = p.predicate if p.predicate not in LIGHT else q.predicate
    if not same:
        # one clause's action told by the other's noun ("supports" / "voiced support")
        noun = next((x.predicate for x, y in ((p, q), (q, p)) if x.predicate not in LIGHT and x.predicate in y.nominals), None)
        if noun is None:
            return None
        verb = noun
    targets = (_named(p.patients) & _named(q.patients)) - agents
    things = {n for n in p.nominals & q.nominals if not n.startswith("~")} - {p.predicate, q.predicate}
    if not targets and len(things) < 2:
        return None
    who = ", ".join(sorted(names.get(a[1:], a[1:]) for a in agents))
    whom = ", ".join(sorted(names.get(a[1:], a[1:]) for a in targets)) if targets else ", ".join(sorted(things))
    return f"the same action: {who} — {verb} — {whom}", 1.0 + len(agents) + len(targets) + 0.5 * len(things)


def _agree(ci: Claim, cj: Claim, p: Proposition, q: Proposition, props: Props, told: bool = True) -> bool:
    """Nothing tells the two apart: no contradiction and, for what the reports tell in their
    own words (``told``), one modality, one occasion, one speaker and no figures of one the other
    does not share when both give some — a guess is not a done thing, two claims dated to other
    days are two occasions."""
    if props.verdict(ci, cj) == "contradicts" or p.negated != q.negated:
        return False
    if not told:
        return True  # a quote: who said it is the speakers the two share (_quote_anchor)
    if p.hedged != q.hedged or other_days(p, q):
        return False
    ai = ci.attribution.entity if ci.attribution else None
    aj = cj.attribution.entity if cj.attribution else None
    if ai and aj and ai != aj:
        return False
    return not (p.figures and q.figures and not p.figures & q.figures)


def anchor_links(claims: Sequence[Claim], used: set[str], props: Props, names: Mapping[str, str],
                 outlet_of: Mapping[str, str | None], common: int = 40,
                 docs: Mapping[str, Doc] | None = None) -> list[Anchor]:
    """Pairs of claims of two outlets, neither in ``used``, that share an anchor and agree on
    their core arguments, strongest first. Candidates come from an index of each claim's
    speakers, figures and resolved actors (the cost follows the pairs sharing one, not all pairs);
    an item more than ``common`` claims share (the story's main actor) proposes no pairs alone."""
    of = props.of
    free = [k for k, c in enumerate(claims) if c.id not in used and c.id in of and (is_content(c) or c.quotes)]
    index: dict[str, list[int]] = {}
    per_doc: dict[tuple[str, str], int] = {}  # (document, figure) -> claims giving it
    for k in free:
        c, p = claims[k], of[claims[k].id]
        keys = {f"s:{s}" for s in speakers(c)} | {f"f:{f}" for f in p.figures}
        # an actor with each thing its clause names (an actor alone: the story's main actor pairs everything)
        keys |= {f"a:{a}|{t}" for a in p.agents if a[:1] == "@"
                 for t in {x for x in p.patients if x[:1] == "@"} | {n for n in p.nominals if n[:1] != "~"}}
        for key in keys:
            index.setdefault(key, []).append(k)
        for f in p.figures:
            per_doc[(c.doc, f)] = per_doc.get((c.doc, f), 0) + 1
    repeated = frozenset(k for k, n in per_doc.items() if n > 1)
    seen: set[tuple[int, int]] = set()
    out: list[Anchor] = []
    for rows in index.values():
        if len(rows) > common:
            continue
        for x in rows:
            for y in rows:
                if x >= y or (x, y) in seen:
                    continue
                seen.add((x, y))
                ci, cj = claims[x], claims[y]
                oi, oj = outlet_of.get(ci.doc) or ci.doc, outlet_of.get(cj.doc) or cj.doc
                if ci.doc == cj.doc or oi == oj:
                    continue
                p, q = of[ci.id], of[cj.id]
                # the same words of one speaker are one statement, whether a report frames them
                # as "would be" or "will be", or tells them on another day (a day in conflict,
                # which newsprism.compare.date_conflicts reads), not two statements
                if not _agree(ci, cj, p, q, props, told=False):
                    continue
                found = _quote_anchor(ci, cj, names, docs)
                kind: AnchorKind = "quote"
                if found is None:
                    found, kind = _reported_anchor(ci, cj, names), "reported"
                if found is None and is_content(ci) and is_content(cj) and _agree(ci, cj, p, q, props):
                    found, kind = _figure_anchor(ci, cj, p, q, names, repeated), "figure"
                    if found is None:
                        found, kind = _action_anchor(p, q, names), "action"
                if found is not None:
                    out.append(Anchor(x, y, kind, found[0], found[1]))
    return sorted(out, key=lambda a: (-a.strength, a.a, a.b))


def anchored_groups(claims: Sequence[Claim], used: set[str], props: Props, names: Mapping[str, str],
                    outlet_of: Mapping[str, str | None],
                    docs: Mapping[str, Doc] | None = None) -> list[tuple[list[int], str]]:
    """One fact per group of anchored claims (one claim per document, each anchored to every
    other), strongest anchors first, with why its first link holds."""
    links = anchor_links(claims, used, props, names, outlet_of, docs=docs)
    why = {(a.a, a.b): a.why for a in links}
    groups = greedy_groups({(a.a, a.b): a.strength for a in links}, claims)
    out = []
    for members in groups:
        ks = sorted(members)
        reasons = [why[(x, y)] for i, x in enumerate(ks) for y in ks[i + 1:] if (x, y) in why]
        out.append((members, reasons[0] if reasons else ""))
    return out
