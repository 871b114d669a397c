"""Two claims about one thing that tell other acts of it: not one fact.

Reports of one story say many things about the same person or object, and the
alignment links them on what they share — the person, the object, an event word.
What makes two claims one fact is the act: the same act, in the same polarity. These
tests read the propositions (:mod:`newsprism.extract.propositions`) for the cases where
the act is not the same though the words around it are:

- :func:`opposite_polarity`: the act through which the two predicates agree is told
  plainly by one and denied by the other, as a verb of its clause — "he's certain he did
  not send a lewd photo" / "a lewd photo ... was sent ... from Weiner's Twitter account".
- :func:`other_acts`: one person doing (or saying) two different things, the two claims sharing
  no word beyond who they name: "Capt. Ron Johnson of the Missouri State Highway Patrol ...
  stopped by to greet the attorney general" / "Capt. Ronald S. Johnson of the Missouri State
  Highway Patrol said he believed they had reached “a turning point.”"
- :func:`one_word`: two claims with one content word in common and no figure — "Primaries in
  Indiana and California ... would yield victories for Sanders, Devine predicted" / "he insisted
  at an Indiana rally Wednesday that he's still in the race": one word, a place both name, is no
  act told alike.
- :func:`tells_nothing`: a claim that tells only who said something — the tail of a quotation
  the sentence splitter cut off ('?" said senior adviser David Axelrod.') — states no fact another
  report's sentence could state. (A name with its title alone does: "Dr. Regina Benjamin: Nominee
  for Surgeon General" is the nomination ECB+ links to "Obama nominates new surgeon general".)
- :func:`list_item`: a piece the splitter cut from a longer sentence that has no verb — one item of a
  list ("when they were joined by ...; the Senate Democratic leader, Harry Reid of Nevada; and ...")
  — is a name in someone else's statement, not a statement of its own. (A headline standing whole,
  as ECB+'s above, is not such a piece.)
"""

from __future__ import annotations

from functools import lru_cache

from newsprism.compare.match import LIGHT
from newsprism.extract.claims import Claim
from newsprism.extract.propositions import Proposition
from newsprism.extract.word_senses import verb_senses
from newsprism.lexicon import PLAIN_SAYING_VERBS

__all__ = ["list_item", "one_word", "opposite_polarity", "other_acts", "tells_nothing"]


def _main_of(x: Proposition) -> tuple[str, str | None]:
    """A clause's main act: its predicate's lemma (a copula's as "be <complement>") and event class."""
    return x.predicate, x.kind


def opposite_polarity(p: Proposition, q: Proposition) -> bool:
    """One clause's main act, not negated, is told by the other only by a verb a clause of its own
    denies (``Proposition.denied_acts`` / ``denied_kinds``: its lemma, or its event class, which no
    plain verb there tells), the other's main verb being another one: the same act, told done and
    not done. (A gerund is no denial: "asked to release the transcripts" / "attacked Clinton ... for
    not releasing transcripts" tell one demand.)"""
    for x, y in ((p, q), (q, p)):
        lemma, kind = _main_of(x)
        if x.negated or not lemma or lemma.split(" ")[0] in LIGHT:
            continue
        if lemma == y.predicate or (kind is not None and kind == y.kind):
            continue  # the main verbs are one: their polarity is the propositions' own (match.contradicts)
        # (a lemma or class some plain verb of the other clause tells as well is not denied there)
        if lemma in y.actions - y.denied_acts or (kind is not None and kind in y.kinds - y.denied_kinds):
            continue
        if lemma in y.denied_acts or (kind is not None and kind in y.denied_kinds):
            return True
    return False


def _patients(x: Proposition) -> set[str]:
    """The resolved entities the clause's act is done to (or about)."""
    return {a[1:] for a in x.patients if a[:1] in "@?"}


def _actors(x: Proposition) -> set[str]:
    """Who does or says it: the clause's named doers ("he"/"she" read as a person) and its speaker."""
    out = {"@" + a[1:] for a in x.agents if a[:1] in "@?"}
    if x.speaker:
        out.add("@" + x.speaker)
    return out


@lru_cache(maxsize=8192)
def _verbs_related(a: str, b: str) -> bool:
    """WordNet reads the two verbs as one act: a sense in common among their three commonest, or one's
    sense two hypernyms above the other's ("defeat" / "beat", "endorse" / "back"). False without the
    ``[wordnet]`` extra."""
    senses = verb_senses()
    return senses is not None and senses.related(a, b, top=3, levels=2)


def other_acts(a: Claim, b: Claim, p: Proposition | None, q: Proposition | None, differ: bool) -> bool:
    """The same person does or says two different things: ``differ`` (each main verb an action, none
    of one told by the other: ``fact_links.Props.differ``), the main verbs of no common sense by
    WordNet, a doer or speaker in common, nobody either does it to named in the other, no figure in
    common, and every content word the two claims
    share is a word of who or what they name (``Proposition.named_terms``), the doer's name among them:
    the person is all they have in common."""
    if not differ or p is None or q is None or p.figures & q.figures:
        return False
    if not _actors(p) & _actors(q):
        return False
    # (a thing one does it to that the other names: "calling out Speaker of the House John Boehner" / "singled
    # out ... Speaker John A. Boehner" is one act on one person, whatever WordNet says of the verbs)
    if _patients(p) & set(b.entities) or _patients(q) & set(a.entities):
        return False
    if _verbs_related(p.predicate, q.predicate):
        return False
    shared = set(a.terms) & set(b.terms)
    if not shared or not shared <= (p.named_terms | q.named_terms):
        return False
    # ... and among them the doer's own name ("Johnson"), not only a third person's both name aside ("before
    # U.S. District Judge Robert L. Wilkins")
    actors = {x[1:] for x in _actors(p) & _actors(q)}
    return any(shared & words for x in (p, q) for named, words in x.names if named & actors)


def one_word(a: Claim, b: Claim, p: Proposition | None, q: Proposition | None) -> bool:
    """The two claims share one content word and no figure, and WordNet reads none of the verbs of one
    as one act with a verb of the other: whatever the alignment made of the rare name or event key that
    word carries, one word is all two statements have in common. ("leaned in and boomed: “Let's defeat
    her in November.”" / "declared that together they should beat her at the polls in November" share
    "November" only, and tell one act: "defeat" / "beat".) The caller asks it only of acts not known
    to agree nor to be compatible."""
    if p is None or q is None or p.figures & q.figures or len(set(a.terms) & set(b.terms)) != 1:
        return False
    verbs_p, verbs_q = p.actions | {p.predicate}, q.actions | {q.predicate}
    return not any(_verbs_related(x, y) for x in sorted(verbs_p) for y in sorted(verbs_q) if x and y)


def tells_nothing(claim: Claim, p: Proposition | None) -> bool:
    """The claim's main verb is a plain verb of saying, every other content word is a word of who or
    what it names (``Proposition.named_terms``), and it gives no figure: who said something, nothing told."""
    if p is None or p.figures or not claim.terms or p.predicate not in PLAIN_SAYING_VERBS:
        return False
    return set(claim.terms) <= p.named_terms | PLAIN_SAYING_VERBS


def list_item(claim: Claim, p: Proposition | None) -> bool:
    """The claim is a piece of a longer sentence — a clause of its ``Claim.sentence``, or a semicolon piece
    (``Claim.sentence`` is the piece then) — whose head is a noun: no verb tells an act there
    (``Proposition.actions`` empty, the predicate one of its nouns, no copula)."""
    piece = claim.sentence is not None and (claim.sentence != claim.citation or claim.text.rstrip().endswith(";"))
    if p is None or not piece or p.actions or p.kind is not None:
        return False
    return bool(p.predicate) and " " not in p.predicate and p.predicate not in LIGHT and p.predicate in p.nominals
