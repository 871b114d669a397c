"""Who says it: one set of rules for the source of a statement, read off the parse.

Quotes (the speaker of “...”), figures (who gives a number) and claims (who a
statement is attributed to) all ask the same question of a sentence; they ask
it here, so that one sentence never gets three different sources.

* **The cue** — a reporting verb (``lexicon.REPORTING_VERBS``), not inside a
  hyphenated adjective ("so-called", "self-described"); or "according to".
* **The subject rule** (``source_of``) — the grammatical subject (``nsubj``) of
  the cue. A passive subject is what is reported ("Airstrikes were reported"),
  not who reports it, except after "quoted"/"cited" ("Smith was quoted as
  saying"); a passive's agent ("was announced by the ministry") is the source.
  A verb with no subject of its own shares the subject of the verb it hangs
  from ("..., adding", "and said", "saying"); a relative clause's "who" is the
  noun it qualifies. Among several subjects a proper name wins ("a nurse in
  Aleppo, Mohamed, said"); "said Mahmoud Raslan" (order inverted, missed by the
  parser) takes the name after the verb.
* **"according to"** (``according_to``) — the object of its "to".
* **The phrase** (``source_phrase``) — the subject as the report names it: its
  left modifiers and prepositional phrases ("the head of the observatory", "a
  spokesman for the ministry"), without appositions, relative clauses or
  anything after a comma.
* **Pronouns** (``People.resolve``) — "he"/"she"/"him"/"her" are the latest
  person named before them outside a quote, as the subject or an apposition or
  a PERSON mention, not as an object or possessive; "they", "it", "we" have no
  honest single antecedent from a cheap rule and give none.
* **Names** (``People.fullest``) — a name is given as its fullest form in the
  document ("Abdurrahman" -> "Rami Abdurrahman"); a title followed by a gap of
  spaces ("Mr.   said") is a name lost in damaged text and is never guessed.

Layer: imports lexicon, model and nothing else of ours.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from newsprism.lexicon import (
    FEMALE_HONORIFICS,
    FEMALE_NOUNS,
    FEMALE_PRONOUNS,
    MALE_HONORIFICS,
    MALE_PRONOUNS,
    MALE_NOUNS,
    PERSON_PRONOUNS,
    name_gender,
    PERSON_TITLES,
    QUOTED_PASSIVES,
    REPORTING_VERBS,
    SPEAKING_NOUNS,
    title_key,
)
from newsprism.model import Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Token

__all__ = [
    "SOURCE_DEPS",
    "is_reporting_verb",
    "is_according_to",
    "according_to",
    "source_of",
    "source_phrase",
    "is_mute",
    "Person",
    "People",
]

# who speaks through a verb: its active subject (passives: see source_of)
SOURCE_DEPS = frozenset({"nsubj"})
_PASSIVE_DEPS = frozenset({"nsubjpass"})
# a verb without a subject of its own shares the subject of the verb it hangs from
_FORMER = frozenset({"former", "ex", "ex-", "then", "onetime", "one-time", "late"})
_CLIMB_DEPS = frozenset({"conj", "advcl", "xcomp", "relcl", "acl", "pcomp"})
_RELATIVES = frozenset({"who", "that", "which"})
# a person named in these roles is not who a later "he said" points back to
_NOT_ANTECEDENT_DEPS = frozenset({"poss", "pobj", "dobj", "dative", "compound", "npadvmod"})
_NP_LEFT_DEPS = frozenset({"det", "amod", "compound", "poss", "nummod", "nmod", "case", "quantmod"})
# parts of a subject's subtree that qualify it rather than name it
_CUT_DEPS = frozenset({"appos", "relcl", "acl", "punct", "cc", "conj", "advmod", "advcl", "parataxis"})
# what may qualify a title before a name ("Secretary of State", "the ad's narrator")
_TITLE_MODIFIER_DEPS = _NP_LEFT_DEPS | {"prep", "pobj"}
_HYPHENS_APOSTROPHES = frozenset({"-", "‐", "'", "’", "'s", "’s"})
_WORD = re.compile(r"\w+")
_GAP_AFTER_TITLE = re.compile(r" {2,}")


def is_reporting_verb(token: "Token", verbs: frozenset[str] = REPORTING_VERBS) -> bool:
    """A verb that reports speech ("said", "denied", "tweeted"), not part of "so-called"."""
    if token.pos_ not in ("VERB", "AUX"):
        return False
    if token.i > 0 and token.nbor(-1).text == "-" and not token.nbor(-1).whitespace_:
        return False  # "so-called", "self-described": part of a compound adjective
    return token.lemma_.lower() in verbs or token.lower_ in verbs


def is_according_to(token: "Token") -> bool:
    return token.lower_ == "according" and token.i + 1 < len(token.doc) and token.nbor().lower_ == "to"


def according_to(token: "Token") -> "Token | None":
    """The object of "according to" (``token`` is "according"), or None."""
    if not is_according_to(token):
        return None
    for to in token.children:
        for obj in to.children:
            if obj.dep_ == "pobj":
                return obj
    return next((c for c in token.nbor().children if c.dep_ == "pobj"), None)


def _wordlike(token: "Token") -> bool:
    return any(ch.isalnum() for ch in token.text)


def _subjects(verb: "Token", climbed: bool) -> list["Token"]:
    found = [c for c in verb.children if c.dep_ in SOURCE_DEPS]
    if found:
        return found
    for agent in (c for c in verb.children if c.dep_ == "agent"):
        found.extend(c for c in agent.children if c.dep_ == "pobj")
    if found:
        return found
    if climbed or verb.lemma_.lower() in QUOTED_PASSIVES:
        # "Smith was quoted as saying": the passive subject of the verb a cue hangs from speaks
        return [c for c in verb.children if c.dep_ in _PASSIVE_DEPS]
    return []


def _antecedent_candidates(doc: "Doc") -> Iterator["Token"]:
    """The tokens ``People._collect`` looks at, in order: nouns and proper nouns that are a
    subject, an apposition or a person's name, not in a dependent role (``_NOT_ANTECEDENT_DEPS``).
    Read from the doc's DEP, POS and ENT_TYPE columns: a Token object only for those."""
    from spacy.attrs import DEP, ENT_TYPE, POS
    from spacy.parts_of_speech import IDS

    import numpy as np

    if not len(doc):
        return
    strings = doc.vocab.strings
    excluded = np.array([strings[d] for d in _NOT_ANTECEDENT_DEPS], dtype=np.uint64)
    roles = np.array([strings[d] for d in ({"appos", "nsubjpass"} | SOURCE_DEPS)], dtype=np.uint64)
    cols = doc.to_array([DEP, POS, ENT_TYPE])
    dep, pos, ent = cols[:, 0], cols[:, 1], cols[:, 2]
    keep = (~np.isin(dep, excluded) & ((pos == IDS["PROPN"]) | (pos == IDS["NOUN"]))
            & (np.isin(dep, roles) | (ent == np.uint64(strings["PERSON"]))))
    for i in np.flatnonzero(keep).tolist():
        yield doc[i]


def _embedded_subject(token: "Token") -> bool:
    """The subject of a clause that hangs inside another one's ("claiming that Obama wanted",
    "the evidence that Obama wanted"), not of its sentence's main clause (nor of a verb
    joined to it)."""
    while token.dep_ in ("compound", "flat") and token.head is not token:
        token = token.head
    if token.dep_ not in SOURCE_DEPS and token.dep_ != "nsubjpass":
        return False
    verb = token.head
    while verb.dep_ == "conj" and verb.head is not verb:
        verb = verb.head
    return verb.dep_ in ("ccomp", "acl", "advcl", "relcl", "pcomp")


def _subject_like(token: "Token") -> bool:
    """A name that is a clause's subject, or set off beside one ("the director, Asmar
    al-Halabi, paused"), counting from the word of the name the parser hangs the rest on."""
    while token.dep_ in ("compound", "flat") and token.head is not token:
        token = token.head
    if token.dep_ == "appos":
        token = token.head
    return token.dep_ in SOURCE_DEPS or token.dep_ == "nsubjpass"


def is_mute(token: "Token") -> bool:
    """A common noun that names no one who could speak ("attacks", "momentum"; not "aide",
    "statement", "driver")."""
    lemma = token.lemma_.lower()
    return token.pos_ == "NOUN" and lemma not in SPEAKING_NOUNS and lemma not in PERSON_TITLES and not _AGENT.search(lemma)


_AGENT = re.compile(r"(?:[^aeiou]er|or|ist|ian|ess|man|woman)$")


def source_of(verb: "Token") -> "Token | None":
    """The token naming who speaks through the reporting verb ``verb`` (or "according")."""
    if verb.lower_ == "according":
        return according_to(verb)
    current = verb
    for step in range(5):
        if any(c.dep_ in SOURCE_DEPS and not _wordlike(c) for c in current.children):
            # a "-" made a subject: the parser broke a phrase it did not understand ("after
            # Iran — a backer of Bashar al-Assad — imposed"); no speaker beats a wrong one
            return None
        subjects = _subjects(current, step > 0)
        if subjects:
            named = [s for s in subjects if s.pos_ == "PROPN"]
            subject = named[-1] if named else subjects[0]
            if subject.lower_ in _RELATIVES and current.dep_ == "relcl":
                return current.head
            if step > 0 and current.dep_ == "ccomp" and is_reporting_verb(current.head) and (
                    is_mute(subject) or (verb.tag_ == "VBG" and not is_reporting_verb(current))):
                # "He said his attacks on Trump have given ... and said that ...": the parser hung
                # the second "said" on the clause the first one reports; the thing that clause
                # is about does not speak, the first verb's subject does. So for "adding" hung
                # on a reported clause that says nothing itself ("Sanders said the process ...
                # could be “messy,” adding, “Democracy is messy.”"): Sanders adds, not the process
                return source_of(current.head)
            return subject
        if current.dep_ == "relcl":
            return current.head
        controller = _object_controller(current)
        if controller is not None:
            return controller
        # "quoted as saying": from the clause through its preposition to the verb
        through_prep = current.dep_ == "prep" and current.pos_ == "ADP" and step > 0
        # "Roberts said Friday that she thinks ... but said “...”": a subjectless verb after
        # "but"/"and" the parser hung as a clause of the first one is joined to it
        joined = current.dep_ == "ccomp" and current.i > 0 and current.doc[current.i - 1].dep_ == "cc"
        if (current.dep_ not in _CLIMB_DEPS and not through_prep and not joined) or current.head is current:
            break
        if current.dep_ == "conj" and current.head.dep_ == "parataxis" and is_reporting_verb(current.head):
            # "She was 10, he said, ... and was crying and shouting: “...”": the parser hung the
            # sentence's own verbs on the aside "he said"; they go on with the sentence's subject
            current = current.head.head
            continue
        current = current.head
    # inverted order the parser missed: "said Mahmoud Raslan" (a verb of saying only: in
    # "including Syracuse and “...”" the name after the verb says nothing)
    if verb.i + 1 < len(verb.doc) and verb.nbor().pos_ == "PROPN" and is_reporting_verb(verb):
        return verb.nbor()
    return None


def _object_controller(verb: "Token") -> "Token | None":
    """The object that does what a subjectless infinitive says: "a win that led her to
    declare", "asked him to say": her, him (a person pronoun, a name or a noun that can
    speak), not the subject of the verb it hangs from."""
    if verb.dep_ != "xcomp" or verb.tag_ != "VB" or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    obj = next((c for c in verb.head.children if c.dep_ == "dobj" and c.i < verb.i), None)
    if obj is None:
        return None
    if obj.pos_ == "PRON":
        return obj if obj.lower_ in ("him", "her", "them", "me", "us") else None
    return obj if obj.pos_ == "PROPN" or not is_mute(obj) else None


def _role_appositions(token: "Token") -> list["Token"]:
    """The name set off after a role noun's own complement: "A lawyer for Mr. Grimm, William
    McGinley, said" names the lawyer, though the parser hangs "McGinley" on "Grimm". Only a
    common noun's "for"/"of"/"to" phrase, and only a name that is not a form of the name it
    hangs on (one person is not set off by another's name; "the congressman, Michael Grimm"
    names the congressman himself, as the appos of the noun does)."""
    if token.pos_ != "NOUN":
        return []
    found: list["Token"] = []
    for prep in token.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("for", "of", "to"):
            continue
        for obj in prep.children:
            if obj.dep_ != "pobj" or obj.pos_ != "PROPN":
                continue
            for appos in obj.children:
                if (appos.dep_ == "appos" and appos.pos_ == "PROPN" and appos.ent_type_ == "PERSON"
                        and appos.i > obj.i and appos.doc[appos.left_edge.i - 1].text == ","
                        and appos.lower_ != obj.lower_):
                    found.append(appos)
    return found


def source_phrase(head: "Token") -> tuple[int, int]:
    """Token range ``[start, end)`` of the source as the report names it.

    The head with its left modifiers and its prepositional phrases ("the head of
    the observatory", "Office of the U.N. High Commissioner"); appositions,
    relative clauses and whatever follows a comma are cut, and the range stays
    contiguous with the head.
    """
    doc = head.doc
    start = head.i
    for left in reversed(list(head.lefts)):
        if left.is_punct and left.text in _HYPHENS_APOSTROPHES and left.i + 1 == start:
            continue  # a hyphen inside the name ("Park Geun - hye")
        if left.dep_ not in _NP_LEFT_DEPS:
            break
        # what lies between this modifier's own words and the words already taken
        # ("Secretary of State John F. Kerry": "of State" qualifies "Secretary")
        own = doc[left.i : left.right_edge.i + 1]
        tail = left.right_edge.i + 1 if all(_qualifies_title(t) for t in own) else left.i
        if all(t.dep_ in _NP_LEFT_DEPS or t.is_punct for t in doc[tail:start]) and (
                tail > left.i or all(t.dep_ in _NP_LEFT_DEPS or t.is_punct for t in own)):
            start = _modifiers_start(left)
        else:
            break
    end = head.i + 1
    for right in head.rights:
        if right.dep_ != "prep" or right.i != end:
            break
        if any(t.ent_type_ in ("DATE", "TIME") for t in right.children if t.dep_ == "pobj"):
            break  # "the Sanders campaign on Monday": when it spoke, not who
        sub = list(right.subtree)
        cut = next((t.i for t in sub if (t.is_punct and t.text in ",;:()—–") or t.dep_ in _CUT_DEPS - {"punct"}), None)
        if cut is not None:
            # "one of those advisers, who spoke on the condition of anonymity": the phrase up
            # to where its own clause or apposition starts, when it holds a noun by then
            if any(t.pos_ in ("NOUN", "PROPN") and t.i < cut for t in sub):
                end = cut
            break
        end = max(t.i for t in sub) + 1
    while start < head.i and doc[start].is_punct:
        start += 1
    if head.ent_iob_ != "O":  # a name the parser split into pieces ("Bashar al - Assad"): all of it
        ent = _entity_around(head)
        if ent is not None and ent[2] in ("PERSON", "ORG", "GPE", "NORP"):
            start, end = min(start, ent[0]), max(end, ent[1])
    return start, end


def _modifiers_start(left: "Token") -> int:
    """Where a modifier before the head begins with its own modifiers: the title before a
    name with the words that qualify it ("White House press secretary", "Former President",
    "MSNBC host", "the ad's narrator"), as far as they are a noun phrase's words."""
    doc = left.doc
    edge = left.left_edge.i
    if all(_qualifies_title(t) for t in doc[edge : left.i]):
        return edge
    return left.i


def _qualifies_title(tok: "Token") -> bool:
    """A word of a phrase before a name: a noun phrase's word or preposition, a hyphen or the
    possessive ("the 34-year-old mother", "Secretary of State", "Clinton's lawyer")."""
    if tok.dep_ in _TITLE_MODIFIER_DEPS:
        return True  # also the period of "Lt . Gen." the tokenizer split off
    if tok.is_punct:
        return tok.text in _HYPHENS_APOSTROPHES
    # a word joined by hyphens to its neighbours ("34-year-old")
    doc = tok.doc
    return (tok.i + 1 < len(doc) and doc[tok.i + 1].text in _HYPHENS_APOSTROPHES and not tok.whitespace_) or (
        tok.i > 0 and doc[tok.i - 1].text in _HYPHENS_APOSTROPHES and not doc[tok.i - 1].whitespace_)


def _entity_around(token: "Token") -> tuple[int, int, str] | None:
    """The entity of ``doc.ents`` that holds ``token`` (start, end, label), read from
    the IOB tags around it as ``Doc.ents`` reads them, without building every entity
    of the document."""
    if token.ent_iob_ not in ("B", "I"):
        return None
    doc = token.doc
    start = token.i
    while start > 0 and doc[start].ent_iob_ == "I":
        start -= 1
    first = doc[start]
    if first.ent_iob_ != "B" or not first.ent_type_:
        return None
    end = token.i + 1
    while end < len(doc) and doc[end].ent_iob_ == "I":
        end += 1
    return start, end, first.ent_type_


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


class People:
    """Per-document lookups for naming people: mention at a token, fullest name, antecedents.

    ``inside_quote(char)`` tells which characters are quoted (names inside a
    quote are not antecedents of the reporter's "he said"). Without any PERSON
    mention the parse's own PERSON entities stand in.
    """

    def __init__(
        self,
        doc_id: str,
        text: str,
        doc: "Doc",
        mentions: Sequence[Mention],
        inside_quote: Callable[[int], bool] | None = None,
    ):
        self.doc_id = doc_id
        self.text = text
        self.doc = doc
        own = [m for m in mentions if m.doc == doc_id or not m.doc]
        if not any(m.label == "PERSON" for m in own):  # no mentions given: the parse's own people
            own += [Mention(doc_id, e.start_char, e.end_char, e.text, "PERSON") for e in doc.ents if e.label_ == "PERSON"]
        self.mentions = sorted(own, key=lambda m: (m.start, -m.end))
        self.mention_starts = [m.start for m in self.mentions]
        self._inside_quote = inside_quote or (lambda _char: False)
        # fullest-name lookup: last word of a person's name -> its mentions
        self.by_last_word: dict[str, list[Mention]] = {}
        self._name_words: dict[str, list[tuple[Mention, tuple[str, ...]]]] = {}  # the same, with the words
        for m in self.mentions:
            words = _WORD.findall(m.text)
            if m.label == "PERSON" and words:
                self.by_last_word.setdefault(words[-1].lower(), []).append(m)
                self._name_words.setdefault(words[-1].lower(), []).append((m, tuple(w.lower() for w in words)))
        self._fullest: dict[tuple[int, int, str | None], tuple[int, int]] = {}  # asked once per name and cue
        self._antecedents: list[tuple[int, Person]] | None = None
        self._subjects: set[int] = set()  # where antecedents named as a clause's subject start
        # antecedents that are the subject of a clause inside another one ("claiming that
        # President Obama wanted"), with where their sentence starts
        self._embedded: dict[int, int] = {}
        self._sentence_of: dict[int, int] = {}
        self._genders: dict[str, set[str]] | None = None
        self._roles: dict[str, list[Mention]] | None = None

    def span(self, start: int, end: int) -> Span:
        return Span(self.doc_id, start, end, self.text[start:end])

    def mention_at(self, token: "Token") -> Mention | None:
        k = bisect.bisect_right(self.mention_starts, token.idx) - 1
        # a covering mention starts at or before the token; nested ones are rare in NER output
        for j in range(k, max(-1, k - 3), -1):
            m = self.mentions[j]
            if m.start <= token.idx < m.end:
                return m
        return None

    def lost_name(self, token: "Token") -> bool:
        """A title followed by a gap of spaces: the name after it was stripped ("Mr.   said")."""
        if title_key(token.text) not in PERSON_TITLES:
            return False
        end = token.idx + len(token)
        return bool(_GAP_AFTER_TITLE.match(self.text, end))

    def fullest(self, start: int, end: int, gender: str | None = None) -> tuple[int, int]:
        """The fullest way the document writes this person's name ("Abdurrahman" -> "Rami Abdurrahman").

        When several full names end with it ("Barack Obama", "Michelle Obama"), a
        gender cue of the short form ("Mr. Obama") rules out the full names whose
        own cues say otherwise, and the full name written most often wins; two
        equally frequent candidates leave the name as written (when unsure, no merge).
        """
        key = (start, end, gender)
        found = self._fullest.get(key)
        if found is None:
            found = self._fullest[key] = self._find_fullest(start, end, gender)
        return found

    def _find_fullest(self, start: int, end: int, gender: str | None) -> tuple[int, int]:
        words = tuple(w.lower() for w in _WORD.findall(self.text[start:end]))
        if not words:
            return start, end
        candidates: dict[tuple[str, ...], list[Mention]] = {}
        for m, other in self._name_words.get(words[-1], ()):
            if len(other) > len(words) and other[-len(words) :] == words:
                if gender is not None and self.gender_at(m.start, end=m.end) not in (None, gender):
                    continue
                candidates.setdefault(other, []).append(m)
        if not candidates:
            return start, end
        if gender is not None and len(candidates) > 1:
            cued = {k: v for k, v in candidates.items() if any(self.gender_at(m.start, end=m.end) == gender for m in v)}
            candidates = cued or candidates
        ranked = sorted(candidates.values(), key=lambda v: (-len(v), -max(len(m.text) for m in v)))
        if len(ranked) > 1 and len(ranked[0]) == len(ranked[1]):
            # equally frequent ("Mark Mattioli, whose son, James Mattioli, ..." then "Mattioli
            # praised"): the one named last is as often the wrong one; leave it as written
            return start, end
        best = max(ranked[0], key=lambda m: (len(m.text), -m.start))
        return best.start, best.end

    def _name_chain(self, head: "Token") -> tuple[int, int]:
        """A proper name the tagger missed: the run of PROPN tokens ending at ``head``, titles dropped."""
        doc = head.doc
        start = head.i
        while start > 0 and doc[start - 1].pos_ == "PROPN" and doc[start - 1].head.i in range(start, head.i + 1):
            start -= 1
        while start < head.i and title_key(doc[start].text) in PERSON_TITLES:
            start += 1
        return doc[start].idx, head.idx + len(head)

    def person_of(self, token: "Token") -> Person | None:
        """The person named by a (non-pronoun) subject token, if it names one."""
        if self.lost_name(token):
            return Person(None, self.span(token.idx, token.idx + len(token)), lost=True)
        candidates = [token] + [c for c in token.children if c.dep_ == "appos"] + _role_appositions(token)
        for cand in candidates:
            mention = self.mention_at(cand)
            if mention is not None and mention.label == "PERSON":
                written = self.span(mention.start, mention.end)
                gender = self.gender_at(mention.start, cand)
                s, e = self.fullest(mention.start, mention.end, gender)
                return Person(self.span(s, e), written, gender=gender)
        for cand in candidates:
            if cand.pos_ != "PROPN":
                continue
            s, e = self._name_chain(cand)
            gender = self.gender_at(s, cand)
            fs, fe = self.fullest(s, e, gender)
            # a name the tagger called something else counts when the document names a person so;
            # so does one capitalised word opening a sentence that NER left untyped ("Win or not,
            # candidate says": a headline's first word)
            opening = cand.is_sent_start and e - s == len(cand) and cand.ent_type_ == ""
            if s < e and ((cand.ent_type_ in ("", "PERSON") and not opening) or (fs, fe) != (s, e)):
                return Person(self.span(fs, fe), self.span(s, e), gender=gender)
        for cand in candidates:
            if self._surname_token(cand):  # "Sanders hasn't said ..." with "Sanders" tagged ORG, a noun
                s, e = cand.idx, cand.idx + len(cand)
                gender = self.gender_at(s, cand)
                return Person(self.span(*self.fullest(s, e, gender)), self.span(s, e), gender=gender)
        return None

    def _surname_token(self, token: "Token") -> bool:
        """A capitalised word NER gave no person's label ("Sanders":ORG, tagged a noun) that is
        the last word of a person's full name written in the document ("Sen. Bernie Sanders")."""
        if token.ent_type_ == "PERSON" or not token.text[:1].isupper() or token.pos_ not in ("PROPN", "NOUN"):
            return False
        mention = self.mention_at(token)
        if mention is not None and (mention.label == "PERSON" or len(_WORD.findall(mention.text)) > 1):
            return False
        return any(len(w) >= 2 for _, w in self._name_words.get(token.lower_, ()))

    def _collect(self) -> list[tuple[int, Person]]:
        """People a later "he"/"she" may point back to, in text order (one pass over tokens)."""
        out: list[tuple[int, Person]] = []
        for token in _antecedent_candidates(self.doc):
            if self._inside_quote(token.idx):
                continue  # names inside quotes are not speakers
            person = None
            if token.ent_type_ == "PERSON" or self.lost_name(token):
                person = self.person_of(token)
            elif token.dep_ in ("nsubj", "nsubjpass") and (token.pos_ == "PROPN" or self._surname_token(token)):
                person = self.person_of(token)
            if person is None or person.written is None:
                continue
            last = out[-1][1] if out else None
            if last is not None and last.written == person.written:
                continue  # the same name seen from another of its tokens
            out.append((person.written.start, person))
            if _subject_like(token):
                self._subjects.add(person.written.start)
                self._sentence_of[person.written.start] = token.sent.start_char
                if _embedded_subject(token):
                    self._embedded[person.written.start] = token.sent.start_char
        return out

    def gender_at(self, start: int, token: "Token | None" = None, end: int | None = None) -> str | None:
        """"m"/"f" from the honorific just before a name ("Mr. Obama", "Ms. Moore"), a
        gendered role noun in apposition or compound ("his wife, Melania"), or, for the
        name ``start:end``, a given name of known gender ("Michelle Obama")."""
        if end is not None:
            words = _WORD.findall(self.text[start:end])
            if len(words) >= 2:
                known = name_gender(words[0])
                if known is not None:
                    return known
        before = self.text[max(0, start - 8) : start].split()
        if before:
            key = title_key(before[-1])
            if key in MALE_HONORIFICS:
                return "m"
            if key in FEMALE_HONORIFICS:
                return "f"
        if token is not None:
            for c in list(token.children) + ([token.head] if token.dep_ == "appos" else []):
                if c.dep_ in ("appos", "compound") or c is token.head:
                    lemma = c.lemma_.lower()
                    if lemma in FEMALE_NOUNS:
                        return "f"
                    if lemma in MALE_NOUNS:
                        return "m"
        return None

    def role_holder(self, role: "Token", before: int) -> Person | None:
        """The person "the president" / "the senator" means: the one the document gives that
        title ("President Obama", "Sen. Warren", "Jones, the senator from ..."), the most
        often; between equals, the one titled last before ``before``; None when nobody is."""
        lemma = role.lemma_.lower()
        if lemma not in PERSON_TITLES:
            return None
        if any(c.lower_ in _FORMER for c in role.lefts):
            # "the former president said": not whoever the document calls "President X" now
            return None
        if self._roles is None:
            self._roles = {}
            for m in self.mentions:
                if m.label != "PERSON":
                    continue
                tok = self.doc.char_span(m.start, m.end, alignment_mode="expand")
                if tok is None or not len(tok):
                    continue
                titles = set()
                if tok.start > 0:
                    titles.add(self.doc[tok.start - 1].lemma_.lower())
                    titles.add(title_key(self.doc[tok.start - 1].text))
                for c in tok.root.children:
                    if c.dep_ in ("appos", "compound") and c.i not in range(tok.start, tok.end):
                        titles.add(c.lemma_.lower())
                if tok.root.dep_ == "appos":
                    titles.add(tok.root.head.lemma_.lower())
                for t in titles & PERSON_TITLES:
                    self._roles.setdefault(t, []).append(m)
        holders = self._roles.get(lemma, [])
        if not holders:
            return None
        counts: dict[tuple[int, int], list[Mention]] = {}
        for m in holders:
            counts.setdefault(self.fullest(m.start, m.end), []).append(m)
        ranked = sorted(counts.items(), key=lambda kv: -len(kv[1]))
        if len(ranked) > 1 and len(ranked[0][1]) == len(ranked[1][1]):
            earlier = [(max((m.start for m in ms if m.start < before), default=-1), key) for key, ms in ranked]
            best = max(earlier)
            if best[0] < 0:
                return None
            key = best[1]
        else:
            key = ranked[0][0]
        written = self.span(role.idx, role.idx + len(role))
        return Person(self.span(*key), written)

    def resolve(self, pronoun: "Token", before: int | None = None) -> Person:
        """The person a "he"/"she" points back to: the latest antecedent before ``before``
        (default: the pronoun itself). ``name`` is None when there is none."""
        written = self.span(pronoun.idx, pronoun.idx + len(pronoun))
        if pronoun.lower_ not in PERSON_PRONOUNS:
            return Person(None, written)
        if self._antecedents is None:
            self._antecedents = self._collect()
        limit = pronoun.idx if before is None else before
        k = bisect.bisect_left(self._antecedents, limit, key=lambda a: a[0]) - 1
        want = "f" if pronoun.lower_ in FEMALE_PRONOUNS else "m"
        # the latest person named before it whose known gender does not contradict the pronoun
        # ("she" skips "Mr. Obama"). The nearest person of unknown gender is taken unless it was
        # named outside any subject ("accepted a replica Purple Heart") and a person of the
        # pronoun's gender comes before another subject does
        fallback: Person | None = None
        for j in range(k, max(-1, k - 8), -1):
            start, person = self._antecedents[j]
            gender = self._gender_of(person)
            if gender == want:
                person = self._main_subject(j, (want,), pronoun.sent.start_char) or person
                return Person(person.name, written, person.lost, want)
            if gender is None:
                fallback = fallback or self._main_subject(j, (want, None), pronoun.sent.start_char) or person
                if start in self._subjects:
                    break
        if fallback is not None:
            other = MALE_PRONOUNS if want == "f" else FEMALE_PRONOUNS
            if any(t.lower_ in other for t in pronoun.sent if t.i != pronoun.i):
                # "She was 10, he said": a "he" and a "she" in one sentence are two people; a
                # person of unknown gender can't be told to be either: no speaker beats a wrong one
                return Person(None, written)
            return Person(fallback.name, written, fallback.lost, want)
        return Person(None, written)

    def _main_subject(self, j: int, genders: tuple[str | None, ...], here: int) -> Person | None:
        """For the antecedent ``j`` named as the subject of a clause inside another ("Mr. Trump
        was just as blunt, claiming that President Obama wanted ..."), the subject of its
        sentence's main clause when that is a person of one of ``genders`` (the pronoun's; or
        none known when ``j``'s is not known either): the one the next "he said" goes on
        with in a later sentence (in its own, "when he said" is the clause's subject, as in
        "Flynn said Trump was right when he said ..."). None when ``j`` is no such subject."""
        assert self._antecedents is not None
        sentence = self._embedded.get(self._antecedents[j][0])
        if sentence is None or sentence == here:
            return None
        for i in range(j - 1, max(-1, j - 6), -1):
            start, person = self._antecedents[i]
            if self._sentence_of.get(start, -1) != sentence and start < sentence:
                return None
            if start in self._subjects and start not in self._embedded and self._gender_of(person) in genders:
                return person
        return None

    def latest(self, before: int) -> Person | None:
        """The latest person named before ``before`` as a subject or apposition (the antecedent
        rule of "he"/"she", any gender): who "a Friday evening tweet" came from."""
        if self._antecedents is None:
            self._antecedents = self._collect()
        k = bisect.bisect_left(self._antecedents, before, key=lambda a: a[0]) - 1
        return self._antecedents[k][1] if k >= 0 else None

    def _gender_of(self, person: Person) -> str | None:
        """A person's gender from any cue beside any mention of the same name in the document."""
        if person.gender is not None or person.name is None:
            return person.gender
        if self._genders is None:
            self._genders = {}
            for m in self.mentions:
                if m.label != "PERSON":
                    continue
                g = self.gender_at(m.start, end=m.end)
                words = _WORD.findall(m.text)
                if g is not None and words:
                    self._genders.setdefault(words[-1].lower(), set()).add(g)
        words = _WORD.findall(person.name.text)
        found = self._genders.get(words[-1].lower(), set()) if words else set()
        return next(iter(found)) if len(found) == 1 else None


_PARTY_TAG = re.compile(r"\s*\([^()\n]{1,24}\)")


def as_written(head: "Token", start: int, end: int, text: str, appositions: bool = True) -> tuple[int, int]:
    """Character range of a source as the report writes it, around the name ``start:end``.

    The titles and roles before the name ("Sen.", "White House press secretary"),
    a party tag after it ("(D-Mo.)"), the place or body it is "of" ("Representative
    Charles B. Rangel of New York") and, with ``appositions``, the apposition or the
    "who" clause that describes it, with its closing comma ("Brian Fallon, the campaign's
    press secretary,", "Rucker Culpepper, who runs the effort,"); an apposition ends at its
    first comma ("Scott Pruitt, the attorney general of Oklahoma, one of the states suing").
    This is what attribution corpora annotate as the source (PolNeAR's Source span).
    """
    doc = head.doc
    lo, _hi = source_phrase(head)
    start = min(start, doc[lo].idx)
    tag = _PARTY_TAG.match(text, end)
    in_tag = (tag.start(), tag.end()) if tag is not None else (end, end)
    if tag is not None:
        end = tag.end()
    place = _of_place(head, end)
    if place is not None:
        end = place
    if appositions:
        described = [c for c in head.children if c.i > head.i and not in_tag[0] <= c.idx < in_tag[1] and (
            c.dep_ == "appos" or (c.dep_ == "relcl" and _who_clause(c)))]
        if described:
            # the first apposition, and a "who" clause right after it ("Peter Morgan, a lawyer
            # for the Sierra Club, who has been challenging ..."); a second apposition is not
            # the name's ("Jean-Marc Ayrault, the foreign minister of France, a permanent member")
            last = described[0]
            for nxt in described[1:]:
                if nxt.dep_ != "relcl" or nxt.left_edge.i != last.right_edge.i + 2:
                    break
                last = nxt
            end = max(end, _described_end(last, text))
    return start, end


def _described_end(clause: "Token", text: str) -> int:
    """End of an apposition or a "who" clause after a name, with its closing comma. An
    apposition ends at a comma inside it unless a "who" clause follows ("Peter Morgan, a lawyer
    for the Sierra Club, who has been challenging ..."); nothing that holds a quotation mark."""
    doc = clause.doc
    last_tok = max(t.i for t in clause.subtree)
    if clause.dep_ == "appos":
        for t in doc[clause.i : last_tok + 1]:
            if t.text in ",;" and not (t.i + 1 < len(doc) and doc[t.i + 1].lower_ in ("who", "whose", "whom")):
                last_tok = t.i
                break
    if doc[last_tok].is_punct and doc[last_tok].text in ",;":
        last_tok -= 1
    end = doc[last_tok].idx + len(doc[last_tok])
    if _QUOTE_MARKS.search(text, doc[clause.i].idx, end):
        return 0  # the clause runs into the quote: the name stands alone
    tag = _PARTY_TAG.match(text, end)  # "state Del. Marcia Price (D-Newport News),"
    if tag is not None:
        end = tag.end()
    if end < len(text) and text[end] == ",":
        end += 1  # the apposition is set off by two commas: the closing one is its own
    return end


_QUOTE_MARKS = re.compile("[\"“”]")


def _of_place(head: "Token", end: int) -> int | None:
    """End of "of <a named place or body>" written right after the name ("Gov. Earl Ray
    Tomblin of West Virginia", "Mr. Morgan of the Sierra Club"), or None."""
    doc = head.doc
    prep = next((c for c in head.rights if c.dep_ == "prep" and c.lower_ == "of" and c.idx <= end + 1), None)
    if prep is None:
        return None
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    if len(objects) != 1 or objects[0].pos_ != "PROPN" or objects[0].ent_type_ not in _PLACES_AND_BODIES:
        return None
    sub = list(objects[0].subtree)
    if any(t.is_punct or t.dep_ in _CUT_DEPS for t in sub):
        return None
    last = doc[max(t.i for t in sub)]
    return last.idx + len(last)


_PLACES_AND_BODIES = frozenset({"GPE", "LOC", "ORG", "FAC", "NORP"})


def _who_clause(clause: "Token") -> bool:
    """A relative clause set off by a comma that opens with "who"/"whose"/"whom"."""
    first = clause.left_edge
    return first.lower_ in ("who", "whose", "whom") and first.i > 0 and first.nbor(-1).text == ","
