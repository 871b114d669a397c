"""Who a doer told by a description is: the person the story ties the description to.

"A National Rifle Association task force released a 225-page report" (the Times) and "Former Rep.
Asa Hutchinson ... released a 225-page report" (HuffPost) tell one act: the Times says elsewhere
that Hutchinson "led the task force", HuffPost that the report "was prepared by a 12-person task
force ... led by Hutchinson". Read alone, the Times' subject names only the body it belongs to
(the NRA), and who-did-it tests took it for a doer other than Hutchinson.

A subject told by a common noun for a body of people that names no one itself ("task force",
"committee": a group sense in WordNet) stands for the people the story ties that noun to by leading
it: "X's task force", "a task force led by X", "X, who led the task force" (``_LEADING``). A role noun ("a spokesman", "officials": the
participant class "official") stands for whoever the other report names: it names no one else. A
definite description ("the congressman grabs the camera", after "Rep. Bob Etheridge"; "the magazine
posted", after "Newsweek magazine") stands for the one entity its report described so before
(:mod:`newsprism.compare.described_names`): a guess, evidence that both reports tell one doer, never
that they tell two.
"""

from __future__ import annotations

import bisect
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import numpy as np
from spacy.attrs import DEP, POS
from spacy.parts_of_speech import IDS
from spacy.tokens import Doc, Token

from newsprism.compare.described_names import DescribedNames
from newsprism.compare.lede_names import lede_named
from newsprism.datelines import dateline_length
from newsprism.extract.claims import Claim
from newsprism.extract.event_keys import participant
from newsprism.extract.propositions import Proposition, body_start
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Mention, StoryAnalysis

__all__ = ["DESCRIBED", "GUESSED", "ROLE", "claims_subjects", "described_doers", "main_subjects", "noun_key", "with_doers"]

# who leads a body acts for it ("Hutchinson, who led the task force, unveiled the report")
_LEADING = frozenset({"lead", "head", "chair", "run", "direct"})
# a doer told by a role noun: whoever the other report names (see described_doers)
ROLE = "~official"
# a doer told by a body noun, beside the people the story says lead it: it imposes no doer of its own
DESCRIBED = "~described"
# a doer told by a definite description ("the congressman"), beside the one it stands for: a guess
GUESSED = "~guessed"


def noun_key(tok: Token) -> str:
    """A common noun with the common noun compounded just before it: "task force" ("a National Rifle
    Association task force", "a 12-person task force", "Mr. Hutchison's task force")."""
    before = tok.doc[tok.i - 1] if tok.i > 0 else None
    if before is not None and before.dep_ == "compound" and before.head.i == tok.i and before.pos_ == "NOUN":
        return f"{before.lemma_.lower()} {tok.lemma_.lower()}"  # ("a 12-person task force": "task force")
    return tok.lemma_.lower()


@lru_cache(maxsize=4096)
def _body(key: str) -> bool:
    """A noun for a body of people one may lead ("task force", "committee", "administration"), by
    WordNet (a group sense among its two commonest; the head noun when WordNet lacks the
    compound): "Clinton's victory", "Trump's campaign" are no body, their owner no leader."""
    senses = noun_senses()
    if senses is None:
        return False
    found = senses.senses(key) or senses.senses(key.rsplit(" ", 1)[-1])
    return any(senses.synset(o).lexname == "noun.group" for o in found[:2])


def _entity_lookup(analysis: StoryAnalysis) -> dict[str, Callable[[int], str | None]]:
    spans: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            spans.setdefault(m.doc, []).append((m.start, m.end, e.id))

    def lookup(rows: list[tuple[int, int, str]]) -> Callable[[int], str | None]:
        rows.sort()
        starts = [r[0] for r in rows]

        def at(offset: int) -> str | None:
            # (mentions do not nest across entities: the last one starting before the offset)
            i = bisect.bisect_right(starts, offset) - 1
            return rows[i][2] if i >= 0 and offset < rows[i][1] else None

        return at

    return {d: lookup(rows) for d, rows in spans.items()}


def _leaders(doc: Doc, entity_at: Callable[[int], str | None]) -> dict[str, set[str]]:
    """noun key -> the entities that lead it in ``doc``: its possessor, the "by" agent of a "led"
    hung on it, the subject (or the noun a "who" stands for) of a verb of leading taking it as
    object."""
    out: dict[str, set[str]] = {}

    def tie(noun: Token, who: Token | None) -> None:
        found = entity_at(who.idx) if who is not None else None
        if found is not None and noun.pos_ == "NOUN" and entity_at(noun.idx) is None and _body(noun_key(noun)):
            out.setdefault(noun_key(noun), set()).add(found)

    # (every token of every report: only a possessor or a verb can tie, found from the parse's columns)
    if not len(doc):
        return out
    dep, pos = doc.to_array([DEP, POS]).T
    for i in np.flatnonzero((dep == doc.vocab.strings["poss"]) | (pos == IDS["VERB"])).tolist():
        tok = doc[i]
        if tok.dep_ == "poss" and tok.head.pos_ == "NOUN":
            tie(tok.head, tok)
        if tok.pos_ != "VERB" or tok.lemma_.lower() not in _LEADING:
            continue
        if tok.dep_ == "acl":  # "a task force ... led by Hutchinson"
            for agent in (c for c in tok.children if c.dep_ == "agent"):
                for g in agent.children:
                    if g.dep_ == "pobj":
                        tie(tok.head, g)
        subject = next((c for c in tok.children if c.dep_ == "nsubj"), None)
        if subject is not None and subject.lower_ in ("who", "that") and tok.dep_ == "relcl":
            subject = tok.head  # "Asa Hutchinson, a former Republican congressman ... who led the task force"
            while subject.dep_ == "appos" and subject.head.i != subject.i:
                subject = subject.head
        for obj in (c for c in tok.children if c.dep_ == "dobj"):
            tie(obj, subject)
    return out


def main_subjects(claim: Claim, doc: Doc) -> list[Token]:
    """The subjects of the claim's main verb (through a reporting verb to the clause reported: "X
    said Y did Z" -> Y) and their conjuncts, from the parse; none for a report with nothing reported."""
    # a dateline carried into the claim in a paragraph of its own, or opening its lede ("BEIRUT,
    # Lebanon —", a sentence of its own to the parser), is not its subject's clause
    c = claim
    span = doc.char_span(c.start + (body_start(c.text) or dateline_length(c.text)), c.end, alignment_mode="expand")
    if span is None or not len(span):
        return []
    root = span.root
    if root.lemma_.lower() in REPORTING_VERBS:
        # who says it is not who did it: the subject of what is reported, or nobody
        reported = [t for t in root.children if t.dep_ in ("ccomp", "parataxis")]
        if not reported:
            return []
        root = reported[0]
    subjects = [t for t in root.children if t.dep_ in ("nsubj", "nsubjpass")]
    return subjects + [g for t in subjects for g in t.children if g.dep_ == "conj"]


def claims_subjects(claims: Sequence[Claim], docs: Mapping[str, Doc]) -> dict[str, list[Token]]:
    """claim id -> :func:`main_subjects` of each claim whose parse is in ``docs``: made once per story
    for ``fact_links.claim_agents`` and :func:`described_doers`, which both read them."""
    return {c.id: main_subjects(c, docs[c.doc]) for c in claims if c.doc in docs}


def described_doers(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc],
                    agents: Mapping[str, frozenset[str]],
                    subjects_of: Mapping[str, Sequence[Token]] | None = None) -> dict[str, frozenset[str]]:
    """claim id -> who the subject of its main verb stands for, for each claim whose subject is a
    common noun naming no one (``agents``, :func:`newsprism.compare.fact_links.claim_agents`, has
    none for it): the entities the story ties that noun to (:func:`_leaders`, every report) with
    :data:`DESCRIBED`, or :data:`ROLE` alone for a role noun. Either only lets links through: the
    who-did-it rule asks nothing of such a claim's doer (it had none), and finds the other claim's doer
    among the tied people. ``subjects_of``: :func:`claims_subjects` when the caller has it."""
    lookups = _entity_lookup(analysis)
    leaders: dict[str, set[str]] = {}
    for d, doc in docs.items():
        for key, who in _leaders(doc, lookups.get(d, lambda _at: None)).items():
            leaders.setdefault(key, set()).update(who)
    described_in = _description_lookups(analysis, lookups)
    described_mentions: dict[str, list[Mention]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            described_mentions.setdefault(m.doc, []).append(m)
    types = {e.id: e.type for e in analysis.entities}
    out: dict[str, frozenset[str]] = {}
    ledes = _ledes(claims, analysis)
    for c in claims:
        if agents.get(c.id):
            continue
        parsed = docs.get(c.doc)
        subjects = (list(subjects_of.get(c.id, ())) if subjects_of is not None
                    else main_subjects(c, parsed) if parsed is not None else [])
        if c.id in ledes and len(subjects) == 1 and subjects[0].dep_ == "nsubj" and (one := lede_named(
                c, subjects[0], ledes[c.id], described_mentions.get(c.doc, ()), lookups.get(c.doc, lambda _at: None),
                types)) is not None:
            # a lede naming its doer late: "One of the nation's largest civil rights groups passed ..."
            # under "N.A.A.C.P. Challenges Tea Party" (compare.lede_names)
            out[c.id] = frozenset({one, DESCRIBED, GUESSED})
            continue
        # (the subject of a passive is what was done to: "The report was prepared by ...")
        if not subjects or any(t.dep_ != "nsubj" or t.pos_ != "NOUN" for t in subjects):
            continue
        entity_at = lookups.get(c.doc, lambda _at: None)
        if any(entity_at(t.idx) is not None for t in subjects):
            continue
        tied = {e for t in subjects for e in leaders.get(noun_key(t), ())}
        if tied:
            out[c.id] = frozenset(tied | {DESCRIBED})
        elif all(participant(t, lambda _at: None) == ROLE[1:] for t in subjects):
            out[c.id] = frozenset({ROLE})
        elif parsed is not None and len(subjects) == 1 and (one := described_in(c.doc, parsed).stands_for(
                subjects[0], [described_in(d, doc) for d, doc in docs.items()])) is not None:
            out[c.id] = frozenset({one, DESCRIBED, GUESSED})
    return out


def _ledes(claims: Sequence[Claim], analysis: StoryAnalysis) -> dict[str, str]:
    """claim id -> its report's headline, for each report's lede: its first claim that is not the
    headline itself (a text may open with its title)."""
    titles = {d.id: d.title for d in analysis.documents if d.title}
    out: dict[str, str] = {}
    seen: set[str] = set()
    for c in sorted(claims, key=lambda c: (c.doc, c.start)):
        title = titles.get(c.doc)
        if c.doc in seen or title is None:
            continue
        if " ".join(c.text.split()) == " ".join(title.split()):
            continue
        seen.add(c.doc)
        out[c.id] = title
    return out


def _description_lookups(analysis: StoryAnalysis,
                         lookups: Mapping[str, Callable[[int], str | None]]) -> Callable[[str, Doc], DescribedNames]:
    """doc id, parse -> what the document describes each entity as (:class:`DescribedNames`), made on
    first use (most stories have few subjects told by a description)."""
    mentions: dict[str, list[Mention]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            mentions.setdefault(m.doc, []).append(m)
    made: dict[str, DescribedNames] = {}
    types = {e.id: e.type for e in analysis.entities}

    def of(doc_id: str, doc: Doc) -> DescribedNames:
        if doc_id not in made:
            made[doc_id] = DescribedNames(doc, mentions.get(doc_id, ()), lookups.get(doc_id, lambda _at: None), types)
        return made[doc_id]

    return of


def _named_ids(who: frozenset[str]) -> set[str]:
    """The entities among a described doer's markers."""
    return {e for e in who if e not in (ROLE, DESCRIBED, GUESSED)}


def with_doers(of: Mapping[str, Proposition], doers: Mapping[str, frozenset[str]]) -> dict[str, Proposition]:
    """The propositions with the people each described subject stands for among its agents: the
    Times' "a National Rifle Association task force released" names the NRA, the body the task
    force belongs to, and Hutchinson, who led it, did what it did (a role noun adds no one)."""
    out = dict(of)
    for cid, who in doers.items():
        named = {f"@{e}" for e in _named_ids(who)}
        if GUESSED in who:
            # a guess is evidence for the who-did-it rule only: as an anchor of the proposition it
            # would make one person's two acts agree ("the congressman then grabs him by the neck" /
            # "the congressman grabs the camera", BASIL dev 6b541575: one wrong fact more)
            continue
        # only beside a resolved agent the proposition has (the body's name): then another named
        # doer who is the leader no longer contradicts; no doer is added where it named none
        if named and cid in out and any(a[:1] == "@" for a in out[cid].agents):
            out[cid] = replace(out[cid], agents=out[cid].agents | named)
    return out
