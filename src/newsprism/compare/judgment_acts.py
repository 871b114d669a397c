"""Acts of judging someone *for* something, whatever verb each outlet tells them with.

"He tweaked House Republicans for passing a resolution" (NYT), "mocking them for spending time
on ... undertakings" (HuffPost), "called out House Speaker John Boehner for what the
administration has made a drumbeat" (Fox) tell one act: a verb with the one judged as its object
and the reason as a clause under "for" — the frame of Levin's (1993) judgement verbs (blame,
criticize, mock, praise, thank … someone *for* doing something). The verbs themselves fall in no
one class (tweak, mock, call out), so the frame is read from the parse: a direct object and a
"for" phrase whose object is a clause (a gerund, "for what …"). A plain noun after "for" is left
out ("paid him for the car", "asked them for money"). Such a verb in a clause that tells the
sentence's main act, or in an adverbial clause of it ("urged lawmakers to move …, while
mocking them for …"), is the act the sentence tells of its doer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from spacy.tokens import Span as SpacySpan
from spacy.tokens import Token

from newsprism.compare.evaluative import in_act

if TYPE_CHECKING:
    from newsprism.extract.claims import Claim
    from newsprism.extract.propositions import Proposition

__all__ = ["JUDGMENT", "judges_for", "in_judgment", "judgment_groups", "judgment_verbs", "worded_apart", "clause_doers"]

# the act class the framing groups these verbs under
JUDGMENT = "judge someone for"


def judges_for(tok: Token) -> bool:
    """Whether a verb judges its object for a reason told as a clause ("mocking them for
    spending time", "called out Boehner for what …")."""
    if tok.pos_ != "VERB" or not any(c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "PRON") for c in tok.children):
        return False
    return any(c.dep_ == "prep" and c.lower_ == "for" and any(x.dep_ == "pcomp" and x.pos_ in ("VERB", "AUX")
                                                              for x in c.children) for c in tok.children)


def in_judgment(tok: Token, sent: SpacySpan) -> bool:
    """Whether ``tok`` is such a verb telling the sentence's act: in the main act, or an adverbial
    clause on it (an adverb on the verb counts with it: "sharply mocked")."""
    verb = tok.head if tok.dep_ == "advmod" else tok
    if not judges_for(verb):
        return False
    if verb.dep_ == "advcl" and not (sent.start <= verb.head.i < sent.end):
        return True  # the clause was cut from its sentence as a claim of its own: it is that claim's act
    return in_act(verb, sent) or (verb.dep_ == "advcl" and in_act(verb.head, sent))


def clause_doers(doc_id: str, sent: SpacySpan, claims: Sequence[Claim], props: Mapping[str, Proposition]) -> frozenset[str]:
    """Who does the act of an adverbial judgement clause cut from its sentence as a claim of its own
    ("..., while mocking them for spending time"): the doers of the claim holding the verb it hangs on."""
    heads = {t.head.idx for t in sent if t.dep_ == "advcl" and not (sent.start <= t.head.i < sent.end)}
    for c in claims:
        p = props.get(c.id)
        if c.doc == doc_id and p is not None and any(c.start <= h < c.end for h in heads):
            return frozenset(p.agents)
    return frozenset()


def judgment_groups(doers: Mapping[str, tuple[str, frozenset[str]]]) -> list[list[str]]:
    """Claims telling one doer's judgement act, from claim id -> (outlet, who did it): a resolved
    entity ("@E4"), the person a "he" stands for ("?E4", the same entity), or a role told by a
    definite description ("~presid": "the president"); claims sharing any of these are one doer's,
    joined through each other (HuffPost's "President Barack Obama" links NYT's "He" and Fox's "the
    president"). Groups told by two outlets or more, in claim order."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    holder: dict[str, str] = {}
    for cid, (_outlet, who) in doers.items():
        parent.setdefault(cid, cid)
        for w in who:
            key = "@" + w[1:] if w.startswith("?") else w
            if key in holder:
                parent[root(cid)] = root(holder[key])
            else:
                holder[key] = cid
    groups: dict[str, list[str]] = {}
    for cid in doers:
        groups.setdefault(root(cid), []).append(cid)
    return [g for g in groups.values() if len({doers[c][0] for c in g}) >= 2]


def judgment_verbs(sent: SpacySpan) -> set[str]:
    """The judgement verbs a sentence tells its act with, as lemmas with their particle ("call out")."""
    return {" ".join([t.lemma_.lower(), *(c.lower_ for c in t.children if c.dep_ == "prt")])
            for t in sent if t.pos_ == "VERB" and in_judgment(t, sent)}


def worded_apart(verbs: Mapping[str, set[str]]) -> bool:
    """Whether two outlets (outlet -> its judgement verbs) each judge with a verb the other never
    uses for the act ("tweaked" / "mocking"): the choice of verb is each outlet's wording of it."""
    outlets = sorted(verbs)
    return any(verbs[a] - verbs[b] and verbs[b] - verbs[a] for i, a in enumerate(outlets) for b in outlets[i + 1 :])
