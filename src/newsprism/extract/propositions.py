"""Propositions: what a claim states — who did what to whom, when, how many.

One proposition per claim, read from the dependency parse of its clause:

- **predicate**: the lemma of the clause's main verb. Through a reporting verb
  to what is reported ("Hutchinson said the idea was scrapped" -> *scrap*;
  who says it is the claim's attribution, kept apart as ``speaker``); for a
  copula, its complement ("Arpaio is the sheriff" -> *be sheriff*). ``kind`` is
  the predicate's event class in the shared news-event lexicon
  (:data:`newsprism.extract.claims.EVENT_CLASSES`) — "released" and "unveiled",
  "killed" and "died" tell one event;
- **polarity** (``negated``: "not", "n't", "never", "no longer" on the
  predicate, "no" on a copula's complement: "there is no evidence") and
  **modality** (``hedged``: "may", "might", "could", "would", "should"; "is
  considering", "plans to", "is expected to");
- **arguments by role**: ``agents`` (the active subject, or the "by" agent of a
  passive) and ``patients`` (objects, the passive subject, prepositional
  objects, the copula's complement), each an anchored item — a resolved entity
  id (``@<entity>``), else the argument's head noun as a participant class or
  stem (``~troops``, ``~report``) — plus the clause's ``figures`` (``#<value>``)
  and resolved ``days``.

Nothing here runs a model: it reads the parse the pipeline already made, the
entities resolved across the story and the figures and times inside each claim.
Two claims of different outlets state the same fact when their propositions
agree (see :mod:`newsprism.compare.match` and :mod:`newsprism.compare.fact_links`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from spacy.parts_of_speech import IDS
from spacy.tokens import Doc, Token

from newsprism.attribution import is_reporting_verb
from newsprism.datelines import dateline_length
from newsprism.extract.claim_weekdays import claim_weekdays, weekday_acts_of
from newsprism.extract.doc_columns import DocColumns
from newsprism.extract.claims import Claim, content_terms
from newsprism.extract.event_keys import EVENT_CLASS_LEMMAS, event_class, participant
from newsprism.extract.figure_clauses import FigureAct, figure_acts
from newsprism.lexicon import PLAIN_SAYING_VERBS, honorific_gender, name_gender, pronoun_gender
from newsprism.model import StoryAnalysis

__all__ = ["Proposition", "StoryReads", "act_class", "body_start", "proposition_of", "propositions"]

_MODALS = frozenset({"may", "might", "could", "would", "should"})
# verbs whose clause states an intention, a possibility or a plan, not a done thing
_HEDGING_VERBS = frozenset({"consider", "plan", "expect", "intend", "hope", "weigh", "mull", "seek", "want", "aim", "threaten"})
# Predicates that tell one action in other words, beyond the event lexicon of the
# alignment (newsprism.extract.claims): general news verbs, deliberately small and
# story-independent. Looked up first; a verb in neither has no kind (its lemma decides).
_PREDICATE_CLASSES: dict[str, tuple[str, ...]] = {
    "publish": ("release", "unveil", "publish", "present", "issue", "produce"),
    "support": ("endorse", "back", "support", "champion", "embrace"),
    "lead": ("lead", "head", "chair", "spearhead", "run"),
    "criticize": ("criticize", "criticise", "condemn", "slam", "blast", "rebuke", "chide", "excoriate", "assail",
                  "denounce", "lambaste", "scold", "castigate", "decry"),
    "praise": ("praise", "applaud", "commend", "laud", "hail", "salute", "thank"),
    "recommend": ("recommend", "urge", "propose", "suggest", "advocate", "call for", "call on", "press for", "push for"),
    "appoint": ("appoint", "name", "nominate", "tap", "pick", "choose", "select"),
    "send": ("send", "deliver", "mail", "submit", "forward"),
    "fund": ("fund", "finance", "pay", "bankroll", "sponsor", "commission"),
    "oppose": ("oppose", "resist", "object", "fight", "challenge", "contest"),
    "apologize": ("apologize", "apologise", "regret"),
    "fire": ("fire", "dismiss", "oust", "sack", "remove", "expel"),
    "hire": ("hire", "employ", "recruit"),
    "misuse": ("misuse", "misappropriate", "abuse", "distort", "twist", "exploit", "misrepresent"),
    "cite": ("cite", "invoke", "quote", "reference", "mention"),
    "visit": ("visit", "tour", "travel", "arrive"),
    "testify": ("testify", "appear", "speak"),
    "sign": ("sign", "co-sign", "cosign", "undersign"),
    "lose": ("lose", "forfeit"),
    "withdraw": ("withdraw", "pull out", "bow out", "drop out", "back out", "step aside", "pull back"),
    "injure": ("injure", "wound", "hurt"),
    "plead": ("plead",),
    "sentence": ("sentence", "jail", "imprison"),
    "acquit": ("acquit", "clear", "exonerate"),
    "convict": ("convict", "find guilty"),
}
_PREDICATE_OF = {w: cls for cls, words in _PREDICATE_CLASSES.items() for w in words}
_PHRASAL_PARTICLES = frozenset({"for", "on", "out", "up", "down", "off", "back"})
# every text a "<lemma> <particle>" key of _PREDICATE_OF begins with: a verb whose lemma is not
# one has no phrasal class, and its children need not be looked at
_PHRASAL_LEMMAS = frozenset(k[:i] for k in _PREDICATE_OF for i, ch in enumerate(k) if ch == " ")
# the only lemmas (lower-cased) act_class can give a class for: _predicate_class's and event_class's
_CLASS_LEMMAS = frozenset(_PREDICATE_OF) | _PHRASAL_LEMMAS | EVENT_CLASS_LEMMAS
# verbs whose complement is the action ("agreed to plead guilty", "tried to stop")
_CONTROL_VERBS = frozenset({"agree", "try", "decide", "vow", "promise", "pledge", "attempt", "continue", "begin", "start",
                            "move", "vote", "help", "need", "have", "prepare", "choose", "opt",
                            "force", "compel", "order", "allow", "permit", "ask", "urge", "tell", "require"})
# verbs of perception: "X is seen grabbing the wrist", "can be heard asking": what is seen is the action
_PERCEPTION_VERBS = frozenset({"see", "hear", "watch", "spot", "film", "show", "catch"})
# ... and those that deny it ("declined to comment", "failed to pass", "refused to testify")
_NEGATING_VERBS = frozenset({"decline", "refuse", "fail", "neglect", "stop", "cease"})
# "..., the documents show", "records indicate that ...": what they show is the proposition
_EVIDENCE_VERBS = frozenset({"show", "indicate", "suggest", "reveal", "find", "think", "know", "learn", "believe"})
# "he's certain (that) ...", "she is confident that ...": the subject's belief, told by a copula; what is
# believed is the proposition, as for a verb of thinking
_BELIEF_ADJECTIVES = frozenset({"certain", "sure", "confident", "convinced", "positive"})
_SUBJ = frozenset({"nsubj", "csubj", "expl"})
_PASSIVE_SUBJ = frozenset({"nsubjpass", "csubjpass"})
_OBJECTS = frozenset({"dobj", "attr", "oprd", "dative", "acomp"})
_DATELINE = re.compile(r"^[A-Z][A-Z .,'’-]{2,60}(?:\([^)]{1,30}\))?\s*(?:—|--|–|-)\s+")
# a blank line inside a claim: what comes before it is a short paragraph the claim splitter
# carried into the sentence after it (extract.claims.split_claims: "Mumbai , Nov 11 -", "Updated :
# November 11 , 2011 18 : 50 IST", "Published August 02 , 2013")
_CARRIED = re.compile(r"\n[ \t\r]*\n\s*")
_PERSONAL = frozenset({"he", "she", "him", "her", "his"})
_EMPTY = frozenset({"it", "they", "he", "she", "we", "i", "you", "this", "that", "which", "who", "there", "what"})


@dataclass(frozen=True)
class Proposition:
    """The core of one claim: predicate, polarity, modality and anchored arguments."""

    claim: str  # Claim.id
    predicate: str  # lemma of the main predicate ("release", "be sheriff"); "" when the clause has none
    kind: str | None = None  # event class of the predicate ("kill", "attack", ...)
    negated: bool = False
    hedged: bool = False
    agents: frozenset[str] = frozenset()  # "@<entity id>" or "~<head class/stem>"
    patients: frozenset[str] = frozenset()
    figures: frozenset[str] = frozenset()  # "#<value>" of figures written with digits
    days: frozenset[str] = frozenset()  # resolved dates ("2013-04-02")
    # the weekdays the claim's own times name or fall on ("thursday"): an undated report's "met
    # Thursday evening" resolves to no date but still tells which day
    weekdays: frozenset[str] = frozenset()
    # each of those weekdays with the verb (or event noun) it dates ("met ... on Thursday": ("meet",
    # "thursday")): a
    # weekday dating another act of the sentence ("was charged Tuesday with killing") says nothing of
    # when the killing was
    weekday_acts: frozenset[tuple[str, str]] = frozenset()
    speaker: str | None = None  # resolved entity of who the claim is attributed to
    # the classes of every verb of the clause ("retaliated, at one point shelling the
    # villages" tells a retaliation and a shelling)
    kinds: frozenset[str] = frozenset()
    # ... of those, the ones told only aside, in what modifies a noun ("the much-praised speech",
    # "the delegates that you need to win"): no action of the clause
    aside_kinds: frozenset[str] = frozenset()
    # "he" / "she" as the subject: two different people when the two claims use different ones
    pronouns: frozenset[str] = frozenset()
    # the lemmas of the clause's verbs that tell an action (no light verb, verb of saying or
    # auxiliary), and of its nouns: two claims' predicates are compatible when they share an
    # action, or one's action is the other's noun ("accepted ..." / "her acceptance of ...")
    actions: frozenset[str] = frozenset()
    nominals: frozenset[str] = frozenset()
    # ... of those actions, the ones told where they modify a noun, as aside_kinds ("voters who
    # had participated in the caucuses"), and the ones negated ("who hadn't participated")
    aside_actions: frozenset[str] = frozenset()
    negated_actions: frozenset[str] = frozenset()
    # the verbs other than the predicate that a clause of their own denies ("he's certain he did not
    # send a lewd photo": *send*; not a gerund, "for not releasing transcripts" tells no denial of an
    # act), and the classes of ``kinds`` only such verbs tell: denied there, not told (compare.act_senses)
    denied_acts: frozenset[str] = frozenset()
    denied_kinds: frozenset[str] = frozenset()
    # (entities, content words (``Claim.terms``)) of each noun phrase that names someone or something
    # with a title ("former Arkansas Gov. Mike Huckabee"): who someone is, no part of what is told
    names: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    # the content words (``Claim.terms``) of who or what the clause names: a resolved entity's mention
    # ("Missouri State Highway Patrol") and a person's name with its title (``names``)
    named_terms: frozenset[str] = frozenset()
    # the clause each figure is told in: its verb, and whether it counts the doers (extract.figure_clauses)
    figure_acts: tuple[FigureAct, ...] = ()

    @property
    def anchors(self) -> frozenset[str]:
        """The arguments tied to something checkable: resolved entities and figures."""
        return frozenset(a for a in self.agents | self.patients if a.startswith("@")) | self.figures


_VERB_POS = frozenset(IDS[p] for p in ("VERB", "AUX"))
_NOT_CONTENT_POS = frozenset(IDS[p] for p in ("CCONJ", "SCONJ", "PUNCT", "ADV", "PART", "DET", "INTJ"))
_VERB, _NOUN = IDS["VERB"], IDS["NOUN"]
# verbs that carry no action of their own (their complement or arguments tell it)
_NO_ACTION = frozenset({"be", "have", "do", "make", "take", "give", "get", "come", "go", "become", "seem", "appear",
                        "let", "keep", "put", "want", "need", "try", "begin", "start", "continue", "use", "include"})


def _in_modifier(i: int, top: int, lo: int, hi: int, cols: DocColumns) -> bool:
    """Token ``i`` modifies a noun, or lies inside what does, below ``top`` (the clause's
    predicate) within tokens ``lo``..``hi``: "praised" in "the much-praised speech", "need" and
    "win" in "the delegates that you need to win"."""
    heads, modifier = cols.heads, cols.modifier
    for _ in range(hi - lo):
        if i == top or not lo <= i < hi:
            return False
        h = heads[i]
        if h == i:
            return False
        if modifier[i]:
            return True
        i = h
    return False


def _root(span, cols: DocColumns) -> Token:
    """The head of a clause: of the tokens whose head lies outside it (or that are
    their own head), the verb nearest the top — not a conjunction or a mark that
    a cut clause begins with ("and it proposed ...")."""
    lo, hi = span.start, span.end
    heads, pos = cols.heads, cols.pos
    tops = [i for i in range(lo, hi) if not lo <= (h := heads[i]) < hi or h == i]
    if not tops:
        return span.root
    verbs = [i for i in tops if pos[i] in _VERB_POS]
    if verbs:
        return span.doc[verbs[0]]
    content = [i for i in tops if pos[i] not in _NOT_CONTENT_POS]
    return span.doc[content[0]] if content else span.root


def _reported(root: Token, lo: int, hi: int) -> Token:
    """Through a reporting verb to the clause it reports, when that clause is inside
    the claim ("X said (that) Y did Z" -> "did"; '"...," X said' -> the quoted verb), and
    through a belief told by a copula ("he's certain he did not send" -> "send")."""
    for _ in range(2):
        belief = next((c for c in root.children if c.dep_ == "acomp" and c.lower_ in _BELIEF_ADJECTIVES), None) \
            if root.lemma_ == "be" else None
        if belief is None and not (is_reporting_verb(root) or root.lemma_.lower() in _EVIDENCE_VERBS):
            break
        inner = [t for t in (belief or root).children
                 if t.dep_ in ("ccomp", "parataxis") and lo <= t.i < hi and t.pos_ in ("VERB", "AUX")]
        if not inner:
            break
        root = inner[0]
    return root


def _predicate_class(tok: Token) -> str | None:
    lemma = tok.lemma_.lower()
    for c in tok.children if lemma in _PHRASAL_LEMMAS else ():
        # "called for X", and "called for X to be installed" ("for" marks the clause)
        marks = [c] if c.dep_ in ("prt", "prep") else [g for g in c.children if g.dep_ == "mark"] if c.dep_ in ("ccomp", "advcl", "xcomp") else []
        for m in marks:
            phrasal = _PREDICATE_OF.get(f"{lemma} {m.lower_}") if m.lower_ in _PHRASAL_PARTICLES else None
            if phrasal:
                return phrasal
    return _PREDICATE_OF.get(lemma) if tok.pos_ in ("VERB", "AUX") else None


def act_class(tok: Token) -> str | None:
    """The class of the act a verb tells ("blast", "rebuke", "criticize" -> criticize), as the
    propositions read it; None for a verb of no class."""
    return _predicate_class(tok) or event_class(tok)


def _negated(tok: Token) -> bool:
    for c in tok.children:
        if c.dep_ == "neg":
            return True
        # "mentions neither Obama nor Romney", "gave no reason": denied through the object
        if c.dep_ == "dobj" and any((g.dep_ == "preconj" and g.lower_ == "neither") or (g.dep_ == "det" and g.lower_ in ("no", "neither"))
                                    for g in c.children):
            return True
        if c.lower_ == "longer" and any(g.lower_ == "no" for g in c.children):
            return True
        if c.dep_ in ("aux", "auxpass") and any(g.dep_ == "neg" for g in c.children):
            return True
    return False


def _hedged(tok: Token) -> bool:
    """Under a modal, or the complement of a verb of intention ("plans to", "is considering"),
    or asked ("Reporters asked whether Hale resigned": nothing stated)."""
    if any(c.dep_ == "mark" and c.lower_ in ("whether", "if") for c in tok.children):
        return True
    for t in (tok, tok.head) if tok.dep_ == "xcomp" else (tok,):
        if any(c.dep_ == "aux" and c.lower_ in _MODALS for c in t.children):
            return True
        if t.lemma_.lower() in _HEDGING_VERBS:
            return True
    return False


def _items(tok: Token, entity_at: Callable[[int], str | None], person_before: Callable[[int, str], str | None] | None = None,
           lo: int = 0) -> set[str]:
    """An argument as anchored items: the entities its head and its conjuncts,
    appositions and compounds name, else the head's participant class or stem."""
    out: set[str] = set()
    heads = [tok] + [c for c in tok.children if c.dep_ in ("conj", "appos", "compound")]
    for h in heads:
        if h.idx < lo:
            continue
        if h.lower_ in _PERSONAL and person_before is not None:
            # "he", "she": the person last named before it in the report
            who = person_before(h.idx, h.lower_)
            if who is not None:
                out.add(f"?{who}")  # a guess: evidence for agreement, never a contradiction
            continue
        if h.lower_ in _EMPTY:
            continue
        who = participant(h, entity_at)
        if who is None:
            continue
        out.add(who if who.startswith("@") else f"~{who}")
    # "the NRA's review", "a photo of Sarah Palin": the owner or the "of" object anchors the argument
    # — not when an apposition names the argument itself ("Clinton's chief rival, Sen. Bernie Sanders":
    # Sanders; the owner is only whom he is the rival of)
    named_apart = any(h is not tok and h.dep_ == "appos" and f"@{entity_at(h.idx)}" in out for h in heads)
    for c in tok.children:
        if c.dep_ == "poss" and not named_apart:
            e = entity_at(c.idx)
            if e is not None:
                out.add(f"@{e}")
        elif c.dep_ == "prep" and c.lower_ == "of":
            for g in c.children:
                if g.dep_ == "pobj" and entity_at(g.idx) is not None:
                    out.add(f"@{entity_at(g.idx)}")
    return out


def _passive(tok: Token) -> bool:
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in tok.children)


def _subject_pronouns(pred: Token) -> frozenset[str]:
    """The gendered pronouns ("he", "she") that are the predicate's subject (its head's, for
    "urged ... to", "and then resigned")."""
    subjects = [c for c in pred.children if c.dep_ in _SUBJ | _PASSIVE_SUBJ]
    if not subjects and pred.dep_ in ("xcomp", "conj", "advcl") and pred.head is not pred:
        subjects = [c for c in pred.head.children if c.dep_ in _SUBJ | _PASSIVE_SUBJ]
    return frozenset(t.lower_ for t in subjects if t.lower_ in ("he", "she"))


def _arguments(pred: Token, entity_at, person_before=None, lo: int = 0) -> tuple[set[str], set[str]]:
    agents: set[str] = set()
    patients: set[str] = set()
    subjects = [c for c in pred.children if c.dep_ in _SUBJ]
    # a passive clause with a subject of its own ("His endorsement of Perry comes after the candidate
    # was criticized"): who did it is its "by" agent or nobody, never the subject of the clause it hangs on
    own_passive = any(c.dep_ in _PASSIVE_SUBJ for c in pred.children)
    if not subjects and not own_passive and pred.dep_ in ("xcomp", "conj", "advcl") and pred.head is not pred:
        head = pred.head
        # "urged states to loosen": the head's subject; "X is seen grabbing": the one seen; "X is
        # expected to announce", "was forced to resign": the passive's subject does what its
        # complement tells (not "was arrested and charged": a conjunct's passive subject is no agent)
        raised = _passive(head) and (pred.dep_ == "xcomp" or head.lemma_.lower() in _PERCEPTION_VERBS)
        deps = _SUBJ | _PASSIVE_SUBJ if raised else _SUBJ
        subjects = [c for c in head.children if c.dep_ in deps]
        if pred.dep_ == "advcl" and pred.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass") for c in pred.children):
            # "Elected to Congress in 1995, Mr. Jackson was ...": a bare past participle was done to the
            # subject it shares, as "Jackson was first elected to office in 1995" tells
            for s in subjects:
                patients |= _items(s, entity_at, person_before, lo)
            subjects = []
    for s in subjects:
        agents |= _items(s, entity_at, person_before, lo)
    for c in pred.children:
        if c.dep_ in _PASSIVE_SUBJ or c.dep_ in _OBJECTS:
            patients |= _items(c, entity_at, person_before, lo)
        elif c.dep_ == "agent":
            for g in c.children:
                # "is not mentioned by name", "was sent by mail": how, not who (a bare singular noun)
                if g.dep_ == "pobj" and not (g.tag_ == "NN" and not any(x.dep_ in ("det", "poss", "compound", "amod") for x in g.children)
                                             and entity_at(g.idx) is None):
                    agents |= _items(g, entity_at, person_before, lo)
        elif c.dep_ == "prep":
            for g in c.children:
                if g.dep_ == "pobj":
                    patients |= _items(g, entity_at, person_before, lo)
        elif c.dep_ == "xcomp":  # "called for states to allow ...", "plans to sue X"
            for g in c.children:
                if g.dep_ in _OBJECTS:
                    patients |= _items(g, entity_at, person_before, lo)
    return agents, patients


def body_start(text: str) -> int:
    """Where a claim's own sentence begins: after the short paragraphs carried into it (a
    dateline or a date line on a line of its own), else 0."""
    ends = [m.end() for m in _CARRIED.finditer(text)]
    return ends[-1] if ends and ends[-1] < len(text) else 0


def proposition_of(claim: Claim, doc: Doc, entity_at: Callable[[int], str | None],
                   person_before: Callable[[int, str], str | None] | None = None,
                   columns: DocColumns | None = None, persons: frozenset[str] = frozenset(),
                   entities: Sequence[str | None] | None = None) -> Proposition:
    """The proposition of ``claim`` from the parse ``doc`` of its document;
    ``person_before(offset, pronoun)``: the person entity named last before ``offset`` (for "he", "she");
    ``columns``: ``DocColumns.of(doc)`` when the caller has it (one per document); ``persons``: the
    resolved people of the document (``Proposition.names`` reads their names); ``entities``: what
    ``entity_at`` gives at each token of ``doc`` (``token_entities``), when the caller has it."""
    # the figures and days of a date line carried into the claim tell when it was written
    own = claim.start + body_start(claim.text)
    figures = frozenset(
        f"#{f.value}" for f in claim.figures
        if f.value not in (None, "") and any(ch.isdigit() for ch in f.text) and f.start >= own
    )
    days = frozenset(str(t.resolved)[:10] for t in claim.times if getattr(t, "resolved", None) and t.start >= own)
    weekdays = claim_weekdays(claim, own)
    speaker = claim.attribution.entity if claim.attribution is not None else None
    span = doc.char_span(claim.start, claim.end, alignment_mode="expand")
    if span is None or not len(span):
        return Proposition(claim.id, "", figures=figures, days=days, weekdays=weekdays, speaker=speaker)
    m = _DATELINE.match(claim.text)
    # a dateline or a date line in a paragraph of its own, carried into the sentence: no argument,
    # never the root ("Updated : November 11 , 2011 18 : 50 IST" would be the predicate); "BEIRUT,
    # Lebanon —" too, though the parser sees the lede apart from it (nlp's sentence guard)
    head = body_start(claim.text) or max(m.end() if m else 0, dateline_length(claim.text))
    lo = claim.start + head  # "KANSAS CITY, Mo. — ": no argument
    cols = columns if columns is not None else DocColumns.of(doc)
    # "WASHINGTON (AP) — Donald Trump called ...": the parser may make the dateline the root and
    # hang the verb on the name after it; the predicate is the highest verb after the dateline
    body = doc.char_span(lo, claim.end, alignment_mode="expand") if head else None
    top = _root(span, cols) if body is None or not len(body) else _root(body, cols)
    if body is not None and len(body) and top.pos_ not in ("VERB", "AUX"):
        verbs = [t for t in body if t.pos_ in ("VERB", "AUX") and t.dep_ != "aux"]
        top = min(verbs, key=lambda t: (sum(1 for _ in t.ancestors), t.i), default=top)
    pred = _reported(top, span.start, span.end)
    # "is expected to plead guilty", "agreed to plead", "declined to comment": the
    # action is the complement; the verb before it hedges or negates it
    hedged = negated = False
    for _ in range(2):
        comp = next((c for c in pred.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None)
        lemma = pred.lemma_.lower()
        if lemma in _PERCEPTION_VERBS and _passive(pred):
            # "is seen trying to snatch", "can be seen ... asking": the participle seen
            comp = comp or next((c for c in pred.children if c.dep_ == "advcl" and c.tag_ == "VBG"), None)
            if comp is not None:
                pred = comp
                continue
        # "has yet to endorse", "is yet to decide": not done (so far)
        yet = lemma in ("have", "be") and any(c.dep_ == "advmod" and c.lower_ == "yet" for c in pred.children)
        if comp is None or not (lemma in _HEDGING_VERBS or lemma in _CONTROL_VERBS or lemma in _NEGATING_VERBS or yet):
            break
        hedged = hedged or lemma in _HEDGING_VERBS or _hedged(pred)
        negated = negated != (lemma in _NEGATING_VERBS or yet) != _negated(pred)
        pred = comp
    lemma = pred.lemma_.lower()
    weekday_acts = weekday_acts_of(claim, own, doc) if weekdays else frozenset()
    kind = _predicate_class(pred) or event_class(pred)
    agents, patients = _arguments(pred, entity_at, person_before, lo)
    every = [i for i in range(span.start, span.end) if cols.idx[i] >= lo and cols.pos[i] in (_VERB, _NOUN)]
    # a word whose lemma no class holds has none (no Token made for it)
    classes = {i: k for i in every if cols.low[i] in _CLASS_LEMMAS
               for k in [_predicate_class(doc[i]) or event_class(doc[i])] if k not in (None, "say")}
    if lemma == "be":
        comp = next((c for c in pred.children if c.dep_ in ("attr", "acomp")), None)
        if comp is not None:
            lemma = f"be {comp.lemma_.lower()}"
            # "there would be no daylight" denies as "there won't be any daylight" does
            if any(c.dep_ == "det" and c.lower_ == "no" for c in comp.children):
                negated = not negated
    actions = {i: lem for i in every if cols.pos[i] == _VERB
               for lem in [cols.low[i]]
               if lem.isalpha() and lem not in _NO_ACTION and lem not in _MODALS and lem not in _EVIDENCE_VERBS
               and lem not in _HEDGING_VERBS and lem not in PLAIN_SAYING_VERBS}
    # the tokens after the dateline inside a name (read once: the names and the named terms both ask)
    named_tokens = [doc[i] for i in range(span.start, span.end)
                    if (entities[i] if entities is not None else entity_at(cols.idx[i])) is not None and cols.idx[i] >= lo]
    names = _names(span, named_tokens, entity_at, persons)
    return Proposition(
        claim.id,
        lemma,
        kind,
        negated=negated != _negated(pred),
        hedged=hedged or _hedged(pred),
        agents=frozenset(agents),
        patients=frozenset(patients),
        figures=figures,
        days=days,
        weekdays=weekdays,
        weekday_acts=weekday_acts,
        speaker=speaker,
        kinds=frozenset(classes.values()) | ({kind} if kind else set()),
        aside_kinds=frozenset(classes.values()) - {kind} - {
            k for i, k in classes.items() if not _in_modifier(i, pred.i, span.start, span.end, cols)},
        pronouns=_subject_pronouns(pred),
        actions=frozenset(actions.values()),
        aside_actions=frozenset(v for i, v in actions.items()
                                if i != pred.i and _in_modifier(i, pred.i, span.start, span.end, cols)),
        negated_actions=frozenset(v for i, v in actions.items() if _negated(doc[i])),
        **_denials(classes, actions, pred.i, doc),
        # each noun's lemma, and its participant class ("pact" -> "~deal")
        # (each noun made a Token once; its lower-cased lemma from the columns)
        nominals=frozenset(x for i in range(span.start, span.end) if cols.pos[i] == _NOUN and cols.idx[i] >= lo
                           for tok in (doc[i],) if tok.lemma_.isalpha()
                           for x in (cols.low[i], f"~{participant(tok, lambda _o: None)}")),
        names=names,
        named_terms=frozenset(content_terms(named_tokens)).union(
            *(words for _, words in names)),
        figure_acts=figure_acts(claim.figures, doc, max(own, lo), act_class),
    )


_FINITE_DEPS = frozenset({"aux", "auxpass", "nsubj", "nsubjpass"})


def _denials(classes: Mapping[int, str], actions: Mapping[int, str], top: int, doc: Doc) -> dict[str, frozenset[str]]:
    """``denied_acts`` and ``denied_kinds`` (see ``Proposition``) of a clause whose verbs of a class are
    ``classes`` and whose verbs of action are ``actions`` (token -> class / lemma), ``top`` its predicate."""
    denied = {i for i in set(classes) | set(actions) if i != top and _denies(doc[i])}
    told = {k for i, k in classes.items() if i not in denied}
    return {"denied_acts": frozenset(v for i, v in actions.items() if i in denied),
            "denied_kinds": frozenset(k for i, k in classes.items() if i in denied) - told}


def _denies(tok: Token) -> bool:
    """A verb its own clause denies: negated, with an auxiliary or a subject of its own ("he did not send")."""
    return tok.pos_ in ("VERB", "AUX") and _negated(tok) and any(c.dep_ in _FINITE_DEPS for c in tok.children)


# what a name's noun phrase holds that tells something of its own: a clause, not a title
_TELLING = frozenset({"relcl", "acl", "advcl", "ccomp", "xcomp", "prep"})


def _names(span, named_tokens: Sequence[Token], entity_at: Callable[[int], str | None],
           persons: frozenset[str]) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(entities, content words) of each noun phrase in ``span`` that names a person of ``persons``: the
    names, their compounds, adjectives, conjuncts and appositions ("Mike Huckabee, the former governor of
    Arkansas"), not a clause or a prepositional phrase hung on it ("Huckabee, who called for ..."). (A
    list of places, "in Pennsylvania, Maryland and Delaware", is what a clause tells, not who.)
    ``named_tokens``: the span's tokens that ``entity_at`` places in a name, past the dateline."""
    heads: dict[int, Token] = {}
    for tok in named_tokens:
        h = tok
        while h.dep_ in ("compound", "flat", "appos", "conj", "amod", "nmod") and h.head is not h and h.head.pos_ in ("PROPN", "NOUN"):
            h = h.head
        heads[h.i] = h
    out = []
    for h in heads.values():
        words: list[Token] = []
        stack = [h]
        while stack:
            t = stack.pop()
            if span.start <= t.i < span.end:
                words.append(t)
            # "the former governor of Arkansas" (an apposition's "of" phrase is part of the title)
            stack.extend(c for c in t.children if c.dep_ not in _TELLING or (c.dep_ == "prep" and t.dep_ == "appos"))
        named = frozenset(e for t in words for e in [entity_at(t.idx)] if e is not None)
        if named & persons:
            out.append((named, frozenset(content_terms(words))))
    return tuple(out)


def _name_key(name: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", name.lower()).strip()


def same_named(entities: Sequence) -> dict[str, str]:
    """entity id -> one id for the entities that may name one referent for matching:
    of one type, one name the other's surname ("Cowan" / "William Cowan") or the
    same letters ("N.A.A.C.P." / "NAACP"). The resolver keeps such pairs apart when
    unsure; a proposition must not call them two different agents."""
    parent = {e.id: e.id for e in entities}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    by_type: dict[str, list] = {}
    for e in entities:
        by_type.setdefault(e.type, []).append(e)
    for group in by_type.values():
        keys = [(_name_key(e.name), e) for e in group]
        # full names by their last word: a bare surname names one of them only when
        # they are all one person ("Cheney" with "Mary Cheney" and "Liz Cheney" is
        # either sister — joining it to both would make the sisters one agent)
        full_by_surname: dict[str, set[str]] = {}
        for k, _e in keys:
            if len(k.split()) > 1:
                full_by_surname.setdefault(k.split()[-1], set()).add(k.replace(" ", ""))
        # the pairs that name one referent, found by key instead of by trying every pair
        # (quadratic in a big story's entities), then joined in the order of trying every
        # pair: the id each entity is given depends on that order
        pairs: set[tuple[int, int]] = set()
        letters: dict[str, list[int]] = {}
        surnames: dict[str, list[int]] = {}
        for i, (k, e) in enumerate(keys):
            if not k:
                continue
            letters.setdefault(k.replace(" ", ""), []).append(i)
            if e.type == "PERSON":
                surnames.setdefault(k.split()[-1], []).append(i)
        for members in letters.values():
            pairs.update((a, b) for x, a in enumerate(members) for b in members[x + 1:])
        for surname, members in surnames.items():
            if len(full_by_surname.get(surname, ())) > 1:
                continue
            single = [len(keys[i][0].split()) == 1 for i in members]
            pairs.update((a, b) for x, a in enumerate(members) for y, b in enumerate(members[x + 1:], x + 1)
                         if single[x] or single[y])
        for i, j in sorted(pairs):
            parent[find(keys[i][1].id)] = find(keys[j][1].id)
    return {e.id: find(e.id) for e in entities}


def _person_before(named: Sequence[tuple[int, str]], genders: Mapping[str, str] | None = None,
                   reach: int = 600) -> Callable[[int, str], str | None]:
    """offset, pronoun -> the person named last before ``offset`` (within ``reach`` characters) whose
    known gender (``genders``) is not the other one's: "she" passes over "Andrew Breitbart" ("The woman
    told the New York Daily News that she had never met Weiner", BASIL c21cb217)."""
    import bisect

    starts = [x[0] for x in named]
    known = genders or {}

    def before(offset: int, word: str = "") -> str | None:
        want = pronoun_gender(word)
        i = bisect.bisect_left(starts, offset) - 1
        while i >= 0 and offset - named[i][0] <= reach:
            other = known.get(named[i][1])
            if want is None or other is None or other == want:
                return named[i][1]
            i -= 1
        return None

    return before


def person_genders(analysis: StoryAnalysis, canon: Mapping[str, str]) -> dict[str, str]:
    """Resolved person (``same_named`` id) -> "m"/"f" when its mentions tell one gender only: a given
    name of known gender ("Andrew Breitbart") or an honorific just before a mention ("Ms. Cordova")."""
    texts = {d.id: d.text for d in analysis.documents}
    seen: dict[str, set[str]] = {}
    for e in analysis.entities:
        if e.type != "PERSON":
            continue
        told = seen.setdefault(canon[e.id], set())
        for m in e.mentions:
            words = m.text.split()
            if len(words) >= 2 and (g := name_gender(words[0])) is not None:
                told.add(g)
            before = texts.get(m.doc, "")[max(0, m.start - 6):m.start].split()
            if before and (g := honorific_gender(before[-1])) is not None:
                told.add(g)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}


def entity_lookups(analysis: StoryAnalysis) -> dict[str, Callable[[int], str | None]]:
    """doc -> offset -> the resolved entity (its name as ``same_named`` gives it) whose mention covers it."""
    return {d: _covering(r) for d, r in mention_rows(analysis).items()}


def mention_rows(analysis: StoryAnalysis) -> dict[str, list[tuple[int, int, str]]]:
    """doc -> (start, end, resolved entity as ``same_named`` gives it) of each mention, sorted."""
    canon = same_named(analysis.entities)
    rows: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            rows.setdefault(m.doc, []).append((m.start, m.end, canon[e.id]))
    return {d: sorted(r) for d, r in rows.items()}


def _covering(rows: Sequence[tuple[int, int, str]]) -> Callable[[int], str | None]:
    """offset -> the name of the last mention (in start order, within 200 characters) covering it."""
    import bisect

    starts = [x[0] for x in rows]

    def entity_at(offset: int) -> str | None:
        i = bisect.bisect_right(starts, offset) - 1
        while i >= 0 and offset - rows[i][0] <= 200:
            if rows[i][0] <= offset < rows[i][1]:
                return rows[i][2]
            i -= 1
        return None

    return entity_at


def token_entities(rows: Sequence[tuple[int, int, str]], idx: Sequence[int]) -> list[str | None]:
    """What ``_covering(rows)`` gives at each token's offset (``idx``: ``DocColumns.idx``), for every
    token at once: each mention, in start order, marks the tokens it covers within 200 characters of
    its start, a later one over an earlier one (one pass over the mentions, not a search per token)."""
    import bisect

    out: list[str | None] = [None] * len(idx)
    for start, end, name in rows:
        a, b = bisect.bisect_left(idx, start), bisect.bisect_left(idx, min(end, start + 201))
        out[a:b] = [name] * (b - a)
    return out


@dataclass(frozen=True)
class StoryReads:
    """What the propositions read of one story whatever claims they are asked of (the claims, then
    the clauses of the clause facts): the entity covering each offset of a document, the people each
    names in order, and each document's columns (``DocColumns``) and the entity at each of its tokens
    (``token_entities``), filled on first use. Make one per story and pass it to every call on that
    story's parses."""

    lookups: dict[str, Callable[[int], str | None]]
    people: dict[str, list[tuple[int, str]]]
    columns: dict[str, DocColumns]
    genders: Mapping[str, str] = field(default_factory=dict)  # person -> "m"/"f" (``person_genders``)
    rows: Mapping[str, Sequence[tuple[int, int, str]]] = field(default_factory=dict)  # ``mention_rows``
    entities: dict[str, list[str | None]] = field(default_factory=dict)  # doc -> ``token_entities``

    @classmethod
    def of(cls, analysis: StoryAnalysis) -> "StoryReads":
        canon = same_named(analysis.entities)
        people: dict[str, list[tuple[int, str]]] = {}
        for e in analysis.entities:
            if e.type == "PERSON":
                for m in e.mentions:
                    people.setdefault(m.doc, []).append((m.start, canon[e.id]))
        for named in people.values():
            named.sort()
        rows = mention_rows(analysis)
        return cls({d: _covering(r) for d, r in rows.items()}, people, {}, person_genders(analysis, canon), rows)

    def person_before(self, doc: str, offset: int, word: str = "") -> str | None:
        """The person a "he"/"she" (``word``) at ``offset`` of ``doc`` stands for: the last one named
        before it whose known gender is not the other one (``_person_before``)."""
        return _person_before(self.people.get(doc, []), self.genders)(offset, word)


def propositions(claims: Sequence[Claim], analysis: StoryAnalysis, docs: Mapping[str, Doc],
                 reads: StoryReads | None = None) -> dict[str, Proposition]:
    """claim id -> its proposition, for the claims whose document's parse is in ``docs``;
    ``reads``: ``StoryReads.of(analysis)`` when the caller asks for several sets of the story's claims."""
    reads = reads if reads is not None else StoryReads.of(analysis)
    people, lookups, columns = reads.people, reads.lookups, reads.columns
    out: dict[str, Proposition] = {}
    persons: dict[str, frozenset[str]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        if c.doc not in columns:
            columns[c.doc] = DocColumns.of(doc)
        if c.doc not in reads.entities:
            reads.entities[c.doc] = token_entities(reads.rows.get(c.doc, ()), columns[c.doc].idx)
        if c.doc not in persons:
            persons[c.doc] = frozenset(e for _, e in people.get(c.doc, []))
        out[c.id] = proposition_of(c, doc, lookups.get(c.doc, lambda _o: None), _person_before(people.get(c.doc, []), reads.genders),
                                   columns[c.doc], persons[c.doc], reads.entities[c.doc])
    return out
