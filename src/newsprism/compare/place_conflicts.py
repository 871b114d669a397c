"""Place and agent conflicts: one event told at places that cannot both be right, or done by two.

An event is a clause verb — not a reporting or light verb, not negated, modal,
conditional or repeated (the tests of ``date_conflicts``) — with the place a
locative "in" / "at" phrase on it names: a resolved place entity (GPE, LOC,
FAC). Two reports tell the same event when they give the same act
(``date_conflicts._act``: "left", "quit", "resigned" are one) sharing two or
more participants besides the place (resolved entities or nouns of the verb's
subject, object and prepositional objects), and each report tells that event at
one place only.

Places nest: Aleppo is in Syria, a city in its state. No list of the world's
places is kept; the story itself says where a place lies. A place written with
another after it ("Tampa, Florida", "Aleppo in northern Syria") lies in that one, in any report of the story. Two places
conflict only when the story puts both in one same place (two cities of one
state: "Dallas, Texas" and "Fort Worth, Texas"), neither lies in the other, and
neither report names the other's place anywhere (a report that names both knows
of both). Anything less proves nothing: "in Iowa" and "in Des Moines" agree.

Who did it (:func:`agent_conflicts`): one act (the same verb; posting and
publishing online are one) done to one definite thing ("the video", "Smith's
letter", a resolved entity that is no person or place; with the entities that
tell where or of what it is: "the YouTube video"; not a contest several parties
hold, "the primary in Oklahoma") by a person or organisation (a resolved entity, or a
name the resolution left out told as who put it out: 'posted by
"DCCameraGuy"', "published under an account titled TonyManization") in one
report and by another in another. Saying is not such an act (anyone may say
a thing again); putting a thing out is. Left out: several agents coordinated
(who did it together), a negated, modal or conditional verb, a report giving
two agents for the act, and a report that names the other's agent anywhere.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.date_conflicts import _act, _entity_finder, _hedged, _participants, mention_starts
from newsprism.compare.figure_conflicts import conflict
from newsprism.extract.claims import Claim
from newsprism.lexicon import COMPASS_WORDS, LIGHT_VERBS, REPORTING_VERBS, SCHEDULED_EVENTS
from newsprism.model import ConflictSlot, Finding, Span, StoryAnalysis, Version

__all__ = ["place_conflicts", "place_parents"]

_PLACE_TYPES = frozenset({"GPE", "LOC", "FAC"})
# the prepositions that put an event at a place ("near", "outside", "off" leave room for another)
_AT = frozenset({"in", "at"})
# what may stand between a place and the place it lies in: "Tampa, Florida", "Aleppo in
# northern Syria", "Tampa, in Florida"
_INSIDE = re.compile(r"^(?:\s*,\s*(?:in\s+)?|\s+in\s+)(?:(?:the\s+)?(?:" + "|".join(sorted(COMPASS_WORDS))
                     + r")(?:\s*-\s*\w+)?\s+)?$", re.IGNORECASE)
# after the place a place lies in: a capitalised word goes on with a name or a headline
_NAME_GOES_ON = re.compile(r"[ \t]+[A-Z]")
_MODIFIER_DEPS = frozenset({"compound", "amod", "nmod", "poss"})
# a list of places ("Iowa, New Hampshire and Nevada"): no place of it lies in another
_LIST_NEXT = re.compile(r"^\s*(?:,\s*)?(?:and|or|&)\s", re.IGNORECASE)


def _place_mentions(analysis: StoryAnalysis) -> dict[str, list[tuple[int, int, str]]]:
    """doc id -> sorted (start, end, entity id) of the mentions of places."""
    out: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        if e.type in _PLACE_TYPES:
            for m in e.mentions:
                out.setdefault(m.doc, []).append((m.start, m.end, e.id))
    for spans in out.values():
        spans.sort()
    return out


def place_parents(analysis: StoryAnalysis, docs: Mapping[str, Doc]) -> dict[str, frozenset[str]]:
    """Place entity id -> the place entities the story says it lies in, directly or through
    others ("Tampa, Florida", "Aleppo in northern Syria"). The place it lies in ends its
    phrase: no name goes on after it ("in Cleveland, Georgia Republicans will cast") and it
    modifies no noun ("NY1's Washington reporter")."""
    texts = {d.id: d.text for d in analysis.documents}
    direct: dict[str, set[str]] = {}
    for doc_id, spans in _place_mentions(analysis).items():
        text, doc = texts.get(doc_id, ""), docs.get(doc_id)
        for k, ((_, e1, a), (s2, e2, b)) in enumerate(zip(spans, spans[1:])):
            between = text[e1:s2]
            if a == b or s2 - e1 > 30 or not between.strip() or not _INSIDE.match(between):
                continue
            if _NAME_GOES_ON.match(text, e2) or ("," in between and _in_list(text, spans, k)):
                continue
            outer = doc.char_span(s2, e2, alignment_mode="expand") if doc is not None else None
            if outer is None or not len(outer) or outer.root.dep_ in _MODIFIER_DEPS:
                continue
            direct.setdefault(a, set()).add(b)
    out: dict[str, frozenset[str]] = {}
    for place in direct:
        seen: set[str] = set()
        todo = list(direct[place])
        while todo:
            p = todo.pop()
            if p not in seen and p != place:
                seen.add(p)
                todo.extend(direct.get(p, ()))
        out[place] = frozenset(seen)
    return out


def _in_list(text: str, spans: Sequence[tuple[int, int, str]], k: int) -> bool:
    """Whether places k and k + 1 of ``spans``, written with a comma between, are items of a
    list: another place before them behind a comma, or "and" / "or" / a comma and a place after."""
    if k > 0 and re.fullmatch(r"\s*,\s*", text[spans[k - 1][1]:spans[k][0]]):
        return True
    after = text[spans[k + 1][1]:spans[k + 1][1] + 12]
    if _LIST_NEXT.match(after):
        return True
    return k + 2 < len(spans) and bool(re.fullmatch(r"\s*,\s*", text[spans[k + 1][1]:spans[k + 2][0]]))


def _apart(a: str, b: str, parents: Mapping[str, frozenset[str]]) -> bool:
    """Two places the story shows apart: both lie in one same place and neither in the other."""
    pa, pb = parents.get(a, frozenset()), parents.get(b, frozenset())
    return a != b and a not in pb and b not in pa and bool(pa & pb)


def _named(analysis: StoryAnalysis) -> dict[str, frozenset[str]]:
    """doc id -> every entity the document names."""
    out: dict[str, set[str]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            out.setdefault(m.doc, set()).add(e.id)
    return {d: frozenset(ids) for d, ids in out.items()}


def _told_as_done(verb, sentence: str) -> bool:
    """The act is told as done: not negated, modal, conditional or repeated (``_hedged``), not
    asked ("do we want Wolverine hosting the Oscars?"), and not the complement of a verb other
    than one of saying ("watching Johnny Carson host the Oscars", "want him to host": seen,
    wished, not told; "said the video was posted by ..." is told)."""
    if _hedged(verb) or sentence.rstrip().rstrip("\"'\u201d\u2019 ").endswith("?"):
        return False
    t = verb
    for _ in range(6):
        if t.dep_ in ("ccomp", "xcomp", "oprd", "pcomp") and t.head.lemma_.lower() not in REPORTING_VERBS:
            return False
        if t.dep_ not in ("conj", "ccomp") or t.head.i == t.i:
            return True
        t = t.head
    return True


def _sentence(c: Claim) -> str:
    return (c.sentence or c.citation).text


def _verb_rows(doc: Doc):
    """Whether each token of ``doc`` is a verb, from the part-of-speech column (no ``Token`` per word)."""
    from spacy.attrs import POS
    from spacy.parts_of_speech import VERB

    import numpy as np

    return np.asarray(doc.to_array(POS)).reshape(-1) == VERB


def _verb_above(tok):
    """The verb a place phrase tells where of: the word it hangs on, or the verb above a noun it
    hangs on ("held a rally in Tampa", "spoke at a rally in Tampa": the rally's verb)."""
    for _ in range(4):
        if tok.pos_ == "VERB":
            return tok
        if tok.dep_ not in ("dobj", "pobj", "prep", "nsubj", "nsubjpass", "attr") or tok.head.i == tok.i:
            return None
        tok = tok.head
    return None


def _located_events(claims: Sequence[Claim], docs: Mapping[str, Doc], analysis: StoryAnalysis):
    """(claim, act, participants, place entity, place span) for every clause verb put at a
    named place by an "in" / "at" phrase."""
    places = _place_mentions(analysis)
    starts = mention_starts(analysis)
    for c in claims:
        doc = docs.get(c.doc)
        here = [p for p in places.get(c.doc, ()) if c.start <= p[0] and p[1] <= c.end]
        if doc is None or not here:
            continue
        entity_at = _entity_finder(starts.get(c.doc, []))
        for start, end, place in here:
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            root = span.root
            prep = root.head
            if root.dep_ != "pobj" or prep.dep_ != "prep" or prep.lower_ not in _AT:
                continue
            verb = _verb_above(prep.head)
            if verb is None:
                continue
            lemma = verb.lemma_.lower()
            if verb.pos_ != "VERB" or lemma in REPORTING_VERBS or lemma in LIGHT_VERBS or not _told_as_done(verb, _sentence(c)):
                continue
            whole = doc.char_span((c.sentence or c.citation).start, (c.sentence or c.citation).end, alignment_mode="expand")
            skip = {t.i for t in span} | {t.i for t in (whole if whole is not None else span) if t.ent_type_ in ("DATE", "TIME")}
            who = _participants(verb, skip, entity_at) - {f"@{place}"}
            if len(who) < 2:
                continue
            # the claim's own text (``Doc.text`` joins every token anew per call)
            yield c, _act(verb), who, place, Span(c.doc, start, end, c.text[start - c.start : end - c.start])


def place_conflicts(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """One event told at two places the story shows apart (see the module docstring)."""
    rows = list(_located_events(claims, docs, analysis))
    if len({r[0].doc for r in rows}) < 2:
        return []
    parents = place_parents(analysis, docs)
    named = _named(analysis)
    out: list[Finding] = []
    seen: set[frozenset] = set()
    for x, (ca, act_a, who_a, pa, span_a) in enumerate(rows):
        for cb, act_b, who_b, pb, span_b in rows[x + 1:]:
            da, db = ca.doc, cb.doc
            if da == db or act_a != act_b or len(who_a & who_b) < 2 or not _apart(pa, pb, parents):
                continue
            if pb in named.get(da, ()) or pa in named.get(db, ()):
                continue  # a report naming both places knows of both
            shared = who_a & who_b
            # each report tells this event at one place only
            if _told_twice(rows, (da, db), lambda r: r[1] == act_a and len(r[2] & shared) >= 2):
                continue
            _add_once(out, seen, span_a, span_b, f"where: {ca.text}", "place")
    return out


# ---------------------------------------------------------------- who did it

_RELATIVES = frozenset({"which", "that", "who", "whom"})
# verbs that put a thing out once: who did it is one person ("posted the video", "released the memo")
_PUT_OUT = frozenset({"post", "publish", "release", "leak", "write", "air", "broadcast", "film", "record", "tweet"})
# putting a thing online: one act ("posted on YouTube", "published under an account")
_PUT_ONLINE = frozenset({"post", "publish", "upload"})
# what a thing is put out under ("under an account titled X", "under the name X")
_ACCOUNT_NOUNS = frozenset({"account", "name", "handle", "username", "pseudonym", "channel"})


def _object_of(verb):
    """What an act is done to: the object of an active verb, the subject of a passive one (a
    relative pronoun stands for the noun it follows: "The video, which was posted ...")."""
    for c in verb.children:
        if c.dep_ in ("dobj", "nsubjpass"):
            if c.lower_ in _RELATIVES and verb.dep_ == "relcl":
                return verb.head
            return c
    return None


def _agent_of(verb):
    """Who did an act: the subject of an active verb, the "by" phrase of a passive one, the
    account a thing was put out under ("published under an account titled TonyManization");
    None for several coordinated ("Trump and Clinton won"), who did it together."""
    for c in verb.children:
        if c.dep_ == "agent":
            c = next((g for g in c.children if g.dep_ == "pobj"), None)
        elif c.dep_ == "prep" and c.lower_ == "under":
            c = next((n for g in c.children if g.dep_ == "pobj" and g.lemma_.lower() in _ACCOUNT_NOUNS
                      for n in g.subtree if n.pos_ == "PROPN" and n.dep_ in ("oprd", "appos", "dobj", "attr")), None)
            if c is None:
                continue
        elif c.dep_ != "nsubj":
            continue
        if c is None or any(g.dep_ in ("conj", "cc") for g in c.children):
            return None
        return c
    return None


def _done_acts(claims: Sequence[Claim], docs: Mapping[str, Doc], analysis: StoryAnalysis):
    """(claim, act, what it was done to, who did it, where that is written) for every clause verb
    whose agent is a resolved person or organisation, or a name the resolution left out (a
    user name: "DCCameraGuy"), and whose object is a definite thing."""
    agents = {e.id for e in analysis.entities if e.type in ("PERSON", "ORG")}
    open_to_many = frozenset(e.id for e in analysis.entities if e.type in ("PERSON", "NORP") or e.type in _PLACE_TYPES)
    starts = mention_starts(analysis)
    verb_rows: dict[str, Any] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        entity_at = _entity_finder(starts.get(c.doc, []))
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is None:
            continue
        if c.doc not in verb_rows:
            verb_rows[c.doc] = _verb_rows(doc)
        for i in verb_rows[c.doc][span.start:span.end].nonzero()[0].tolist():
            verb = doc[span.start + i]
            lemma = verb.lemma_.lower()
            if verb.pos_ != "VERB" or lemma in LIGHT_VERBS:
                continue
            # saying is done again and again; putting a thing out ("posted the video") once
            if lemma in REPORTING_VERBS and lemma not in _PUT_OUT:
                continue
            agent, thing = _agent_of(verb), _object_of(verb)
            if agent is None or thing is None or not _told_as_done(verb, _sentence(c)):
                continue
            who = next((e for t in (agent, *agent.children) if (e := entity_at(t)) in agents), None)
            # a name the resolution left out, told as who put it out ("posted by "DCCameraGuy"")
            # — not a subject, which may be a dateline ("BOSTON — Gov. Deval Patrick ...")
            if who is None and agent.pos_ == "PROPN" and agent.dep_ != "nsubj" and entity_at(agent) is None:
                who = "=" + agent.text.lower()
            what = _thing_key(thing, verb, entity_at, open_to_many)
            if who is None or what is None:
                continue
            words = [t for t in agent.subtree if not t.is_punct]
            said = doc[words[0].i : words[-1].i + 1]  # its text is the doc's between the two (no Doc.text per act)
            yield c, "publish" if lemma in _PUT_ONLINE else _act(verb), what, who, \
                Span(c.doc, said.start_char, said.end_char, said.text)


def _thing_key(noun, verb, entity_at, open_to_many: frozenset[str]) -> str | None:
    """One definite thing: a resolved entity, or a noun under "the" / a possessive with its
    modifiers ("the video", "Smith's letter"), and the entities that tell where or of what
    it is ("the YouTube video", "posted the video on YouTube"); None for anything else: "a
    video" (one of many), a person or a place (many endorse a candidate, win a state, visit
    a city: ``open_to_many``), a contest or meeting several parties hold ("won the primary
    in Oklahoma": lexicon ``SCHEDULED_EVENTS``)."""
    ent = entity_at(noun)
    if ent is not None:
        return None if ent in open_to_many else f"@{ent}"
    if noun.lemma_.lower() in SCHEDULED_EVENTS:
        return None
    if noun.pos_ != "NOUN" or not any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ == "the") for c in noun.children):
        return None
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.is_alpha]
    words = sorted(m.lemma_.lower() for m in mods if entity_at(m) is None)
    where = {e for m in mods if (e := entity_at(m)) is not None}
    where.update(e for h in (verb, noun) for p in h.children if p.dep_ == "prep"
                 for g in p.children if g.dep_ == "pobj" and (e := entity_at(g)) is not None)
    return " ".join([*words, noun.lemma_.lower()]) + "".join(f"|{e}" for e in sorted(where))


def _names(agent: str, doc_id: str, named: Mapping[str, frozenset[str]], texts: Mapping[str, str]) -> bool:
    """Whether a document names an agent (an entity, or a name as written)."""
    if agent.startswith("="):
        return agent[1:] in texts.get(doc_id, "").lower()
    return agent in named.get(doc_id, ())


def agent_conflicts(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """One act on one definite thing done by two different people in two reports, each report
    naming one of them only (see the module docstring)."""
    rows = list(_done_acts(claims, docs, analysis))
    if len({r[0].doc for r in rows}) < 2:
        return []
    named = _named(analysis)
    texts = {d.id: d.text for d in analysis.documents}
    out: list[Finding] = []
    seen: set[frozenset] = set()
    for x, (ca, act_a, what_a, wa, span_a) in enumerate(rows):
        for cb, act_b, what_b, wb, span_b in rows[x + 1:]:
            da, db = ca.doc, cb.doc
            if da == db or act_a != act_b or what_a != what_b or wa == wb:
                continue
            if _names(wb, da, named, texts) or _names(wa, db, named, texts):
                continue  # a report naming both knows of both
            if _told_twice(rows, (da, db), lambda r: r[1] == act_a and r[2] == what_a):
                continue
            _add_once(out, seen, span_a, span_b, f"who did it: {ca.text}", "agent")
    return out


def _told_twice(rows: Sequence[tuple], doc_ids: tuple[str, str], same_event: Callable[[tuple], bool]) -> bool:
    """Whether either report gives two values (places, agents) for the event: then it knows of
    both, and the other report's value is no conflict."""
    return any(len({r[3] for r in rows if r[0].doc == d and same_event(r)}) > 1 for d in doc_ids)


def _add_once(out: list[Finding], seen: set[frozenset], span_a: Span, span_b: Span, about: str, slot: ConflictSlot) -> None:
    """A conflict citing the two versions, once per pair of places in the text."""
    key = frozenset(((span_a.doc, span_a.start), (span_b.doc, span_b.start)))
    if key in seen:
        return
    seen.add(key)
    out.append(conflict(about, slot, (Version((span_a.doc,), span_a.text, (span_a,)),
                                      Version((span_b.doc,), span_b.text, (span_b,)))))
