"""Event keys of a claim: which news event its words tell (a small general lexicon of event
verbs and their nominalisations) and who takes part in it — the keys the alignment weighs
when two outlets tell one event in other words (``Claim.events``).

Read from the parse of one clause; nothing here runs a model.
"""

from __future__ import annotations

from typing import Iterable

from spacy.tokens import Token

from newsprism.lexicon import LIGHT_VERBS

__all__ = ["EVENT_CLASS_LEMMAS", "EVENT_LEMMAS", "SUBJECTS", "event_class", "event_keys", "participant"]

SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})

# A general lexicon of news events: verbs (and their nominalisations) that tell the
# same event in other words. Deliberately small and story-independent.
_EVENT_CLASSES: dict[str, tuple[str, ...]] = {
    "say": ("say", "announce", "declare", "state", "tell", "report", "announcement", "statement", "claim"),
    "deny": ("deny", "dismiss", "refute", "denial", "reject", "rejection"),
    "turn-back": ("return", "retreat", "withdraw", "turn back", "turn away", "turn around", "send back", "head back"),
    "attack": ("shell", "bombard", "strike", "bomb", "attack", "pound", "hit", "shelling", "bombardment",
               "airstrike", "bombing", "assault", "raid"),
    "broker": ("broker", "mediate", "negotiate", "agree", "reach", "mediation", "negotiation", "agreement"),
    "resume": ("resume", "restart", "renew", "resumption", "erupt", "reignite"),
    "collapse": ("collapse", "unravel", "break down", "derail", "crumble", "stall", "fall apart", "fail", "founder",
                 "falter", "halt", "suspend", "fall through", "breakdown"),
    "kill": ("kill", "die", "slay", "death", "killing"),
    "evacuate": ("evacuate", "evacuation", "leave", "exit", "flee", "escape", "depart", "get out"),
    "talk": ("speak", "talk", "call", "phone", "telephone", "meet", "discuss", "conversation", "meeting"),
    "arrest": ("arrest", "detain", "capture", "seize", "detention", "apprehend"),
    "accuse": ("accuse", "blame", "fault", "accusation"),
    "block": ("block", "prevent", "bar", "stop", "obstruct", "refuse"),
    "demand": ("demand", "insist", "require", "request", "condition", "call for", "impose"),
    "retaliate": ("retaliate", "retaliation", "reprisal", "respond"),
    "win": ("win", "defeat", "beat", "victory", "triumph"),
    "elect": ("elect", "vote", "election", "reelect", "nominate"),
    "approve": ("approve", "pass", "adopt", "sign", "ratify", "enact", "approval", "passage"),
    "resign": ("resign", "quit", "step down", "resignation", "retire"),
    "propose": ("propose", "proposal", "unveil", "introduce", "plan", "offer"),
    "sue": ("sue", "lawsuit", "suit", "charge", "indict", "indictment", "prosecute"),
    "investigate": ("investigate", "probe", "investigation", "inquiry", "examine"),
    "increase": ("increase", "raise", "rise", "grow", "climb", "jump", "soar", "hike"),
    "decrease": ("decrease", "cut", "reduce", "fall", "drop", "decline", "slash", "lower"),
}
_EVENT_OF = {word: cls for cls, words in _EVENT_CLASSES.items() for word in words}
# the only lemmas _event_class can return a class for: a word of the lexicon, or
# the verb of one of its phrasal entries ("turn" of "turn back")
_EVENT_LEMMAS = frozenset(_EVENT_OF) | frozenset(k.rsplit(" ", 1)[0] for k in _EVENT_OF if " " in k)
# Participants told with different general nouns: the same kind of actor or thing.
_PARTICIPANT_CLASSES: dict[str, tuple[str, ...]] = {
    "vehicle": ("bus", "van", "vehicle", "convoy", "car", "truck", "ambulance", "coach"),
    "insurgent": ("rebel", "insurgent", "militant", "opposition", "jihadist", "guerrilla"),
    "deal": ("deal", "agreement", "accord", "pact", "truce", "ceasefire", "cease-fire", "arrangement"),
    "attack": ("shelling", "shell", "bombardment", "airstrike", "strike", "bombing", "attack", "artillery"),
    "settlement": ("village", "town", "enclave", "hamlet"),
    "troops": ("troop", "soldier", "army", "military", "force"),
    "official": ("official", "spokesman", "spokeswoman", "spokesperson", "representative", "negotiator"),
    "civilian": ("civilian", "resident", "people", "family", "inhabitant"),
    "lawmaker": ("lawmaker", "legislator", "congressman", "congresswoman", "senator", "representative"),
    "bill": ("bill", "legislation", "measure", "law"),
}
_PARTICIPANT_OF = {word: cls for cls, words in _PARTICIPANT_CLASSES.items() for word in words}
_ARGUMENT_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "attr", "agent", "pobj", "dative", "oprd"})
_PHRASAL = frozenset({"back", "away", "around", "down", "apart", "through", "out", "up", "for"})
# every text a "<lemma> <particle>" key of _EVENT_OF begins with (see _event_class)
_PHRASAL_EVENT_LEMMAS = frozenset(k[:i] for k in _EVENT_OF for i, ch in enumerate(k) if ch == " ")
_EMPTY_HEADS = frozenset({"it", "they", "he", "she", "we", "i", "you", "this", "that", "which", "who", "one", "some"})
# every lemma (lower-cased) _event_class can give a class for: a key of the lexicon, or the start
# of a phrasal one
EVENT_CLASS_LEMMAS = frozenset(_EVENT_OF) | _PHRASAL_EVENT_LEMMAS


def _event_class(tok: Token) -> str | None:
    lemma = tok.lemma_.lower()
    for child in tok.children if lemma in _PHRASAL_EVENT_LEMMAS else ():
        if child.dep_ in ("prt", "advmod", "prep") and child.lower_ in _PHRASAL:
            phrasal = _EVENT_OF.get(f"{lemma} {child.lower_}")
            if phrasal:
                return phrasal
    if tok.pos_ in ("VERB", "NOUN"):
        return _EVENT_OF.get(lemma)
    return None


def _participant(tok: Token, entity_at) -> str | None:
    entity = entity_at(tok.idx)
    if entity is not None:
        return f"@{entity}"
    lemma = tok.lemma_.lower()
    if tok.pos_ not in ("NOUN", "PROPN") or lemma in _EMPTY_HEADS:
        return None
    if lemma not in _PARTICIPANT_OF and lemma.endswith("s") and lemma[:-1] in _PARTICIPANT_OF:
        lemma = lemma[:-1]  # a capitalised plural the tagger took for a name: "Rebels"
    return _PARTICIPANT_OF.get(lemma, lemma[:6])


def _arguments(tok: Token) -> list[Token]:
    """Heads of the arguments of an event word: subject, objects, prepositional
    objects, agents of passives; a clause without a subject of its own (an
    xcomp, a participle, a subjectless conjunct) borrows its head's."""
    out: list[Token] = []
    for child in tok.children:
        if child.dep_ in _ARGUMENT_DEPS:
            out.append(child)
        elif child.dep_ in ("prep", "agent"):
            out.extend(g for g in child.children if g.dep_ == "pobj")
        elif child.dep_ == "compound":
            out.append(child)
        elif child.dep_ == "ccomp":  # what is said/denied: its subject takes part
            out.extend(g for g in child.children if g.dep_ in SUBJECTS)
    if not any(c.dep_ in SUBJECTS for c in tok.children) and tok.dep_ in ("xcomp", "advcl", "conj", "acl"):
        head = tok.head
        out.extend(c for c in head.children if c.dep_ in SUBJECTS)
        if head.dep_ == "conj" or tok.dep_ == "xcomp":
            out.extend(c for c in head.head.children if c.dep_ in SUBJECTS)
    # "villages of Foua and Kfraya", "rebel groups", "Russia and Turkey"
    more: list[Token] = []
    for arg in out:
        for child in arg.children:
            if child.dep_ in ("conj", "compound", "appos"):
                more.append(child)
            elif child.dep_ == "prep" and child.lower_ == "of":
                more.extend(g for g in child.children if g.dep_ == "pobj")
    return out + more


# the same readings for the proposition reader (newsprism.extract.propositions)
event_class = _event_class
participant = _participant


def event_keys(tokens: Iterable[Token], entity_at) -> tuple[str, ...]:
    """Event keys of a clause: ``P:<class>`` for each event word of the general
    lexicon, and ``P:<class>|A:<participant>`` for each of its participants
    (a resolved entity id, a participant class, or a 6-letter noun stem).

    A verb outside the lexicon (and no light verb) gives a *role key*
    ``V:<lemma>|A:<participant>`` for each participant, and no key of its own: the same
    action on the same participant ("uses H-1B visas to hire foreign workers" / "was
    challenged over hiring foreign workers", "asked to release the transcripts" / "for
    not releasing transcripts") whatever else the two clauses say, where a common verb
    alone ("said", "used") would tell little. The alignment weighs them apart from the
    lexicon's keys (:func:`newsprism.compare.align.event_mass`)."""
    keys: dict[str, None] = {}
    reporting: dict[str, None] = {}
    roles: dict[str, None] = {}
    for tok in tokens:
        cls = _event_class(tok)
        if cls is None:
            lemma = tok.lemma_.lower()
            if tok.pos_ == "VERB" and lemma not in LIGHT_VERBS and lemma.isalpha():
                for arg in _arguments(tok):
                    who = _participant(arg, entity_at)
                    if who is not None:
                        roles.setdefault(f"V:{lemma}|A:{who}", None)
            continue
        # "X said (that) ...": the report of a statement. When the clause states an
        # event of its own, that event is the fact and the report only its source;
        # when it states none ("the rebels said the deal was back on"), the
        # statement is the news and its keys stand
        into = reporting if cls == "say" and any(c.dep_ in ("ccomp", "parataxis") for c in tok.children) else keys
        into.setdefault(f"P:{cls}", None)
        for arg in _arguments(tok):
            who = _participant(arg, entity_at)
            if who is not None:
                into.setdefault(f"P:{cls}|A:{who}", None)
    if not any(k.split("|")[0] != "P:say" for k in keys):
        keys.update(reporting)
    keys.update(roles)
    return tuple(keys)

# the lemmas the token index of a story marks as possible event words (extract.claims)
EVENT_LEMMAS = _EVENT_LEMMAS
