"""Where a mention stands in its sentence, for the resolver's rules (``compare/mention_items.py``
reads them into each ``Item``): the sentence it opens at (a line break ends one), the verb heading
its clause, the subjects an object pronoun cannot be (binding), a plural the tagger read as a
verb, and the place a common noun of place is said to be ("the waters of the Gulf of Aden")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from newsprism.extract.word_senses import noun_senses

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Span as SpacySpan, Token

__all__ = ["sentence_start", "clause_of", "clause_subjects", "plural_read_as_verb", "place_named_after", "OBJECT_PRONOUNS"]


def place_named_after(span: "SpacySpan", root: "Token") -> "Token | None":
    """The place a common noun of place is said to be ("the waters of the Gulf of Aden", "the
    city of Boston": the Gulf, Boston), or None: one of the noun's first two WordNet senses a
    place (a region, a body of water), and the name after "of" a place's."""
    if root.pos_ != "NOUN":
        return None
    of = next((c for c in root.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    name = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if name is None or name.i >= span.end or name.pos_ != "PROPN" or name.ent_type_ not in ("GPE", "LOC", "FAC"):
        return None
    wn = noun_senses()
    if wn is None:
        return None
    return name if any(wn.synset(o).lexname in ("noun.location", "noun.object") for o in wn.senses(root.lemma_)[:2]) else None


def sentence_start(tok: "Token") -> int:
    """The token index its sentence opens at, a line break ending a sentence: the parser runs a
    headline, a dateline and the first sentence together when no end mark parts them ("Cops :
    Queens Woman Killed" / "... , police said ." are two sentences, whose nouns may be one)."""
    start = tok.sent.start
    if "\n" not in tok.doc[start:tok.i].text_with_ws:  # most sentences: no token walk
        return start
    for i in range(tok.i - 1, start - 1, -1):
        if "\n" in tok.doc[i].text_with_ws:
            return i + 1
    return start


def plural_read_as_verb(head: "Token") -> bool:
    """A mention's head the tagger read as a verb's "-s" form that is a noun's plural ("capturing
    26 Somani brigands": VBZ): a mention names things, so its "-s" is a noun's."""
    wn = noun_senses()
    return (head.tag_ == "VBZ" and wn is not None and head.lower_ != head.lemma_.lower()
            and bool(wn.senses(head.lemma_)) and not wn.senses(head.lower_))


def clause_of(tok: "Token") -> int:
    """The token index of the verb heading the clause ``tok`` stands in ("an attack by sea
    brigands , apprehending 26 pirates": "foiled" and "apprehending"), or -1 when none is."""
    node = tok
    for _ in range(40):
        if node.pos_ in ("VERB", "AUX") and node.dep_ not in ("aux", "auxpass"):
            return node.i
        if node.head.i == node.i:  # the root (spaCy makes a new Token each time: no identity)
            return -1
        node = node.head
    return -1


OBJECT_PRONOUNS = frozenset("him her them".split())
# what lies between an object pronoun's verb and the finite verb whose subject controls it: "Obama
# was so intent on recruiting him" (recruiting -pcomp- on -prep- intent -acomp- was)
_CONTROL_PATH = frozenset("xcomp pcomp prep acomp advcl".split())


def clause_subjects(tok: "Token") -> tuple[int, ...]:
    """Token indices of the nouns an object pronoun cannot be (binding principle B: "him" is
    not the subject of its own clause): "the driver struck her", "the car that hit her" (the
    relative pronoun and the noun it stands for), "Obama was so intent on recruiting him" (the
    subject of the finite verb that controls a verb without its own subject; "asked Mary to
    call him": the object, Mary, controls). () for a possessive ("her car") or a pronoun after a
    preposition ("a snake near him" may be his)."""
    if tok.dep_ not in ("dobj", "dative") or tok.lower_ == "her" and tok.tag_ == "PRP$":
        return ()
    verb, below = tok.head, tok
    for _ in range(6):
        if verb.pos_ in ("VERB", "AUX"):
            subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
            controller = [c for c in verb.children if c.dep_ == "dobj" and c.i not in (below.i, tok.i)]
            if below.i != tok.i and controller:
                subjects = controller  # object control: "asked Mary to call him"
            if subjects:
                out = [s.i for s in subjects]
                for s in subjects:
                    if s.lower_ in ("who", "that", "which") and verb.dep_ in ("relcl", "acl"):
                        out.append(verb.head.i)  # "the car that hit her": the car
                return tuple(out)
            if verb.tag_ not in ("VB", "VBG", "VBN") or verb.dep_ == "relcl":
                return ()  # a finite verb without a subject the parse found: nothing to bind
        if verb.dep_ not in _CONTROL_PATH or verb.head.i == verb.i:
            return ()
        below, verb = verb, verb.head
    return ()
