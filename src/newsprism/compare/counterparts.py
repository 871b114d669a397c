"""The other outlets' nearest sentence to a judgement only one outlet passes.

"only NYT judges: “lavish lifestyle”" tells the reader one outlet's verdict; the reader also
needs what the others wrote about the same thing ("he spent $750,000 in campaign cash on
personal items" (Fox)). When no fact joins the judging sentence to another outlet's (the
alignment keeps a sentence with a verdict and one without apart), each other outlet's
nearest sentence is shown beside it, as that outlet's closest telling, not as the same fact:

- the person who does what the judging word is said of (the active subject of a verb above it: "how
  Mr. Jackson … used the money to finance their lavish lifestyle") is the subject of a clause
  of it too ("Jackson pleaded guilty …"): the same person acting, not one named in passing; one
  speaking (the subject of a verb of saying) matches one speaking ("Boehner said …" / "Boehner
  admitted …"), not one acting ("Clinton said her campaign would win" is no telling of the
  "increasingly nasty Sanders campaign" she faced);
- it shares a common noun, verb or adjective with it ("campaign", "chance"; no names, dates, figures
  or verbs of saying);
- its meaning is close (static sentence vectors, cosine ≥ ``NEAR``);
- it quotes no one at length (a quotation is the speaker's words, not the outlet's telling).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.align import quote_share
from newsprism.compare.intensifiers import shown_words
from newsprism.extract.claims import Claim
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Label, StoryAnalysis, outlet_key

__all__ = ["Counterparts", "NEAR"]

# cosine of the packaged static sentence vectors at or above which another outlet's sentence is
# read as telling the judged thing: on the 31 readable BASIL events, 0.6 kept "he spent $750,000
# in campaign cash on personal items" beside "lavish lifestyle" (0.74); below it the nearest
# sentences were on other acts of the same people
NEAR = 0.6
# the other outlets shown beside one verdict at most, the nearest first chosen (a story of many
# articles would list one sentence of each)
_SHOWN = 3
_CONTENT = frozenset(("NOUN", "VERB", "ADJ"))
# nouns of time and of people at large, which many sentences share: no sign of telling the same thing
# (nor is a verb of saying: lexicon.REPORTING_VERBS)
_GENERIC = frozenset("year week day time people".split())


def _subjects(verb: Token, passive: bool = True) -> list[Token]:
    """The subjects of ``verb``'s clause (``passive``: a passive one too, "Etheridge is seen
    grabbing ..."); a relative pronoun stands for the noun its clause is on ("Perry, who has faced
    criticism": Perry). Not a possessor: "Steele's tenure has been a blemish" says nothing Steele did."""
    out = []
    for t in verb.children:
        if t.dep_ != "nsubj" and not (passive and t.dep_ == "nsubjpass"):
            continue
        if t.tag_ in ("WP", "WDT") and verb.dep_ == "relcl":
            t = verb.head
        out.append(t)
    return out


def _says(verb: Token) -> bool:
    """Whether ``verb`` tells someone's words: a verb of saying with a clause of what was said
    ("Boehner admitted there's a chance"; not "Jackson pleaded guilty", an act)."""
    return verb.lemma_.lower() in REPORTING_VERBS and any(c.dep_ in ("ccomp", "parataxis") for c in verb.children)


class Counterparts:
    """One story's sentences, where another outlet's nearest telling of a judged thing is sought
    (:meth:`tellings`): each sentence is read, and its vector taken, once and only when a judged
    person's sentences are searched (a story of 200 articles has thousands of sentences)."""

    def __init__(self, claims: Sequence[Claim], docs: Mapping[str, Doc], analysis: StoryAnalysis) -> None:
        self._claims = list(claims)
        self._docs = docs
        self._analysis = analysis
        self._outlet = {d.id: outlet_key(d.outlet) or d.id for d in analysis.documents}
        self._shown_outlet = {d.id: d.outlet for d in analysis.documents}
        self._order = {d.id: i for i, d in enumerate(analysis.documents)}
        self._mentions: dict[str, list[tuple[int, int, str]]] = {}
        for e in analysis.entities:
            if e.type == "PERSON":
                for m in e.mentions:
                    self._mentions.setdefault(m.doc, []).append((m.start, m.end, e.id))
        self._naming: dict[str, list[Claim]] | None = None  # person -> the sentences naming them
        self._read: dict[str, tuple[frozenset[str], frozenset[tuple[str, bool]]]] = {}
        self._vectors: dict[str, Any] = {}

    def _people(self, doc_id: str, subjects: Sequence[tuple[Token, Token]]) -> frozenset[tuple[str, bool]]:
        """(person, whether they speak) for each (verb, subject) whose subject names a person: one who
        says something ("Clinton said her campaign would win") is not one who does it."""
        return frozenset((e, _says(verb)) for verb, t in subjects
                         for lo, hi, e in self._mentions.get(doc_id, ()) if lo <= t.idx < hi)

    def _reading(self, c: Claim) -> tuple[frozenset[str], frozenset[tuple[str, bool]]]:
        """(the lemmas of ``c``'s common nouns, verbs and adjectives, no names, dates or figures;
        the people who are the subject of one of its clauses), read once."""
        found = self._read.get(c.id)
        if found is None:
            doc = self._docs.get(c.doc)
            span = doc.char_span(c.start, c.end, alignment_mode="expand") if doc is not None else None
            if span is None:
                found = (frozenset(), frozenset())
            else:
                words = frozenset(t.lemma_.lower() for t in span if t.pos_ in _CONTENT and not t.is_stop
                                  and t.is_alpha and not t.ent_type_ and t.lemma_.lower() not in _GENERIC
                                  and t.lemma_.lower() not in REPORTING_VERBS)
                subjects = [(t, x) for t in span if t.pos_ in ("VERB", "AUX") for x in _subjects(t)]
                found = (words, self._people(c.doc, subjects))
            self._read[c.id] = found
        return found

    def _similarities(self, claim: Claim, others: Sequence[Claim]) -> list[float]:
        """The cosine of ``claim``'s sentence vector with each of ``others``', each encoded once."""
        from newsprism.compare.embed import default_embedder

        missing = [c for c in dict.fromkeys((claim, *others)) if c.id not in self._vectors]
        if missing:
            for c, v in zip(missing, default_embedder().encode([c.text for c in missing])):
                self._vectors[c.id] = v
        mine = self._vectors[claim.id]
        return [float(self._vectors[c.id] @ mine) for c in others]

    def actors(self, doc_id: str, tok: Token) -> frozenset[tuple[str, bool]]:
        """The people who do what the judging word ``tok`` is said of: the active subjects of each
        verb from it up to its sentence's root ("Mr. Boehner facetiously said": Boehner; "how Mr.
        Jackson used the money to finance their lavish lifestyle": Jackson; not "Steele is known for
        occasionally troublesome comments", where Steele does nothing)."""
        subjects: list[tuple[Token, Token]] = []
        while True:
            if tok.pos_ in ("VERB", "AUX"):
                subjects.extend((tok, x) for x in _subjects(tok, passive=False))
            if tok.head.i == tok.i:
                break
            tok = tok.head
        return self._people(doc_id, subjects)

    def tellings(self, claim: Claim, actors: frozenset[tuple[str, bool]], words: int = 14) -> list[Label]:
        """Per other outlet, its sentence nearest to ``claim`` by the tests above, one of the
        ``actors`` (:meth:`actors`) its subject (first ``words`` words shown, the whole sentence
        cited): the ``_SHOWN`` nearest outlets', in the order of the story's documents; [] when none
        passes."""
        if not actors:
            return []
        mine = self._reading(claim)[0]
        if not mine:
            return []
        if self._naming is None:
            self._naming = {}
            for c in self._claims:
                for e in c.entities:
                    self._naming.setdefault(e, []).append(c)
        own = self._outlet.get(claim.doc, claim.doc)
        named = dict.fromkeys(c for e, _ in sorted(actors) for c in self._naming.get(e, ()))
        candidates = [c for c in named
                      if self._outlet.get(c.doc, c.doc) != own and actors & self._reading(c)[1]
                      and mine & self._reading(c)[0] and quote_share(c) <= 0.5]
        if not candidates:
            return []
        best: dict[str, tuple[float, Claim]] = {}
        for c, sim in zip(candidates, self._similarities(claim, candidates)):
            key = self._outlet.get(c.doc, c.doc)
            if sim >= NEAR and (key not in best or sim > best[key][0]):
                best[key] = (sim, c)
        nearest = sorted(best.values(), key=lambda sc: -sc[0])[:_SHOWN]
        return [Label(c.doc, self._shown_outlet.get(c.doc), shown_words(c.text, words), (c.citation,))
                for _, c in sorted(nearest, key=lambda sc: (self._order.get(sc[1].doc, 0), sc[1].start))]
