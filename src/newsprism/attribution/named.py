"""What one document names, whatever is quoted in it: its person mentions (a name NER typed an
organisation or a place made a person's when a role and a known name say so), the fullest-name
lookups, and the per-document caches the stages that name people share (:class:`Named`); the
record of a person a source points to (:class:`Person`). The rules that read them are
:mod:`newsprism.attribution.people`."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

from newsprism.extract.person_names import named_person
from newsprism.lexicon import TITLE_ABBREVIATION_WORDS, title_key
from newsprism.model import Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Span as SpacySpan

_WORD = re.compile(r"\w+")

def role_lemmas(span: "SpacySpan") -> set[str]:
    """The role nouns and titles the parse attaches to a name: a title or role just before it
    ("candidate Carly Fiorina", "Sen. Cruz"), a compound or apposition ("her husband, Frank
    Fiorina"), the noun it is set off beside."""
    doc, root = span.doc, span.root
    found = [c for c in root.children if c.dep_ in ("appos", "compound", "nmod") and not span.start <= c.i < span.end]
    if root.dep_ == "appos":
        found.append(root.head)
    if span.start > 0:
        found.append(doc[span.start - 1])
    lemmas = set()
    for t in found:
        key = title_key(t.text)
        lemmas.add(TITLE_ABBREVIATION_WORDS.get(key, "") or (t.lemma_.lower() if t.pos_ == "NOUN" else key))
    return lemmas - {""}


# labels NER puts on a person's name now and then ("GOP presidential candidate Carly Fiorina":ORG)
_NOT_PERSON_LABELS = frozenset({"ORG", "GPE", "FAC", "WORK_OF_ART", "PRODUCT", "LOC"})


def _retyped_people(doc: "Doc", mentions: list[Mention]) -> list[Mention]:
    """The mentions, a name NER typed an organisation or a place made a person's when
    :func:`newsprism.extract.person_names.named_person` says it is (a person's role describes it,
    and its given name is known or a person of the document bears its surname)."""
    surnames = set()
    for m in mentions:
        words = _WORD.findall(m.text)
        if m.label == "PERSON" and len(words) >= 2:
            surnames.add(words[-1].lower())
    out = []
    for m in mentions:
        words = _WORD.findall(m.text)
        if m.label in _NOT_PERSON_LABELS and len(words) >= 2:
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            if span is not None and len(span) and named_person(words, words[-1].lower(), role_lemmas(span), surnames):
                m = replace(m, label="PERSON")
        out.append(m)
    return out


@dataclass(frozen=True, slots=True)
class Person:
    """A person a source points to: the fullest form of the name, and the words as written.

    ``written`` is what stands in the sentence ("he", "Abdurrahman"); ``name``
    the fullest form of that person's name in the document ("Rami Abdurrahman");
    ``lost``: a title whose name was stripped by damaged text ("Mr.   said").
    """

    name: Span | None
    written: Span | None
    lost: bool = False
    gender: str | None = None  # "m"/"f" from a cue next to the name ("Mr.", "Ms.", "his wife"), else None


def _own_ordered(doc_id: str, doc: "Doc", mentions: Sequence[Mention]) -> list[Mention]:
    """The document's own mentions by start (the longest first); without any PERSON mention the
    parse's own PERSON entities stand in."""
    own = [m for m in mentions if m.doc == doc_id or not m.doc]
    if not any(m.label == "PERSON" for m in own):  # no mentions given: the parse's own people
        own += [Mention(doc_id, e.start_char, e.end_char, e.text, "PERSON") for e in doc.ents if e.label_ == "PERSON"]
    return sorted(own, key=lambda m: (m.start, -m.end))


class Named:
    """What :class:`People` reads of one document whatever is quoted in it: the person mentions
    (NER's organisations and places that name a person retyped), the fullest form of each name,
    genders by surname, who holds which title, and the person each antecedent candidate names.
    Made once per document and shared by the stages that name people (quotes, figures, claims:
    each builds its own ``People`` with its own ``inside_quote`` over it); every lookup here is a
    function of the document and its mentions alone."""

    def __init__(self, doc_id: str, text: str, doc: "Doc", mentions: Sequence[Mention]):
        self.doc_id = doc_id
        self.text = text
        self.doc = doc
        self.ordered = _own_ordered(doc_id, doc, mentions)
        self.mentions = _retyped_people(doc, self.ordered)
        # names made a person's here: candidates for a name, not gender cues for their surname (``_gender_of``
        # keys genders by surname: "Keith Lamont Scott"'s "m" would make "Rakeyia Scott" a man)
        self.retyped = {(m.start, m.end) for m, was in zip(self.mentions, self.ordered) if m.label != was.label}
        self.mention_starts = [m.start for m in self.mentions]
        # fullest-name lookup: last word of a person's name -> its mentions
        self.by_last_word: dict[str, list[Mention]] = {}
        self.name_words: dict[str, list[tuple[Mention, tuple[str, ...]]]] = {}  # the same, with the words
        for m in self.mentions:
            words = _WORD.findall(m.text)
            if m.label == "PERSON" and words:
                self.by_last_word.setdefault(words[-1].lower(), []).append(m)
                self.name_words.setdefault(words[-1].lower(), []).append((m, tuple(w.lower() for w in words)))
        self.fullest: dict[tuple[int, int, str | None], tuple[int, int]] = {}  # asked once per name and cue
        self.genders: dict[str, set[str]] | None = None
        self.roles: dict[str, list[Mention]] | None = None
        # (character, person, subject-like, its sentence's start, embedded subject) of each antecedent
        # candidate that names a person, quoted or not (``People._collect`` leaves out the quoted ones)
        self.candidates: list[tuple[int, Person, bool, int, bool]] | None = None

    def holds(self, doc_id: str, text: str, doc: "Doc", mentions: Sequence[Mention]) -> bool:
        """Whether these are the lookups of ``doc`` with these mentions."""
        return doc is self.doc and doc_id == self.doc_id and text == self.text \
            and _own_ordered(doc_id, doc, mentions) == self.ordered
