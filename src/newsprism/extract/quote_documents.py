"""What an "it" that speaks stands for: the document or the body the report has just named.

"it said", "it says", "it read" with no outer subject to bind it name the website, the profile,
the transcript or the organisation of the sentence or the one before ("Labrador says this about
himself on his website: “...” / “...,” it says", BASIL c99adbdd; "when a national outlet, Slate
magazine, produced a profile ..., it said he had “...”", 85475456). Only something that can
speak qualifies: a document's or a publication's noun, or an organisation's name; a thing ("the
bill", "the idea") or a place never does, and a person never is "it". Who wrote the document is
the caller's question (``quote_speakers``).
"""

from __future__ import annotations

from spacy.tokens import Token

from newsprism.extract.person_names import is_person_noun
from newsprism.extract.quote_cues import DocIndex, is_terminator
from newsprism.lexicon import PUBLICATION_NOUNS

# what speaks through "it": a document, a message, a publication (lemmas)
DOCUMENT_NOUNS = PUBLICATION_NOUNS | frozenset(
    """report memo statement letter article profile transcript website site blog post tweet release
    announcement study survey poll editorial column filing lawsuit complaint ruling document email
    message note ad advertisement video book""".split())
# where such a noun stands that "it" may take up: a subject first, else an object or an apposition
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
_OTHER_DEPS = frozenset({"pobj", "dobj", "appos", "conj", "attr"})


def document_before(index: DocIndex, pronoun: Token) -> Token | None:
    """The document or organisation ``pronoun`` ("it") takes up, outside quotation marks: the latest
    subject before it in its sentence, else in the one before, that is no person, when it can
    speak; with no such subject, the latest object there that can. None otherwise."""
    doc = index.doc
    sentences = [(pronoun.sent.start, pronoun.i)]
    before = pronoun.sent.start - 1
    while before >= 0 and (doc[before].is_space or is_terminator(doc[before])):
        before -= 1
    if before >= 0:
        sentences.append((doc[before].sent.start, doc[before].sent.end))
    for start, end in sentences:
        for token in reversed(doc[start:end]):
            if token.dep_ not in _SUBJECT_DEPS or index.inside_quote(token.idx) or _a_person(token):
                continue
            # the latest subject that is no person: "it" is that thing, which speaks or does not
            # ("The bill passed the House. “...,” it says" is not the House's)
            return _named_beside(token) if _speaks_as_it(index, token) else None
        other = next((t for t in reversed(doc[start:end]) if t.dep_ in _OTHER_DEPS and _speaks_as_it(index, t)), None)
        if other is not None:
            return _named_beside(other)
    return None


def _a_person(token: Token) -> bool:
    """A subject "it" cannot take up: a pronoun, a person's name or a person's noun."""
    return token.pos_ == "PRON" or token.ent_type_ == "PERSON" or (
        token.pos_ == "NOUN" and is_person_noun(token.lemma_.lower()))


def _named_beside(token: Token) -> Token:
    """"a national outlet, Slate magazine,": the name set off beside the noun, else the noun."""
    return next((c for c in token.children if c.dep_ == "appos" and c.pos_ in ("PROPN", "NOUN")), token)


def _speaks_as_it(index: DocIndex, token: Token) -> bool:
    if index.inside_quote(token.idx):
        return False
    if token.pos_ == "NOUN":
        return token.lemma_.lower() in DOCUMENT_NOUNS
    # an organisation's name, read at its last word (where it hangs in the sentence)
    return token.pos_ == "PROPN" and token.ent_type_ == "ORG" and (
        token.i + 1 >= len(token.doc) or token.doc[token.i + 1].ent_iob_ != "I")
