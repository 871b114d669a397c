"""The rules that name people in one document: the person a subject token names, the fullest form of a
name, the antecedent of "he"/"she", the holder of a title ("the senator"); see the package doc. What
they read of the document whatever is quoted (its people, retyped, and the shared caches) is
:mod:`newsprism.attribution.named`."""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from newsprism.attribution.named import Named, Person, role_lemmas
from newsprism.attribution.source import SOURCE_DEPS, is_reporting_verb
from newsprism.attribution.titles import SAME_TITLE, SUBORDINATE, office_of, role_appositions, titled_name, titles_of_phrase_holders
from newsprism.lexicon import (
    FEMALE_NOUNS,
    FEMALE_PRONOUNS,
    GROUP_NOUNS,
    KIN_NOUNS,
    PUBLICATION_NOUNS,
    UTTERANCE_NOUNS,
    MALE_PRONOUNS,
    MALE_NOUNS,
    PERSON_PRONOUNS,
    PERSON_ROLE_NOUNS,
    ROLE_TITLES,
    TITLE_ABBREVIATION_WORDS,
    honorific_gender,
    name_gender,
    PERSON_TITLES,
    title_key,
)
from newsprism.model import Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Token

# "the former president": not whoever holds the title now
_FORMER = frozenset({"former", "ex", "ex-", "then", "onetime", "one-time", "late"})
# a person named in these roles is not who a later "he said" points back to
_NOT_ANTECEDENT_DEPS = frozenset({"poss", "pobj", "dobj", "dative", "compound", "npadvmod"})
_WORD = re.compile(r"\w+")
_GAP_AFTER_TITLE = re.compile(r" {2,}")
# how a word qualifies the noun of a description ("the Republican presidential candidate")
_DESCRIPTION_MODIFIERS = frozenset({"amod", "compound", "nmod", "npadvmod", "nummod"})
_PAIRED_GIVEN_NAME = re.compile(r"\b[A-Z][a-z]+ and $")  # "Khizr and " before "Ghazala Khan"
_POSSESSIVE = ("'s", "’s")  # NER takes it into a name now and then ("Donald Trump’s")
# how a clause hangs in the one whose subject may bind its pronoun ("what she calls", "in which he called")
_BOUND_CLAUSE_DEPS = frozenset({"relcl", "acl", "ccomp", "xcomp", "advcl", "conj", "pcomp", "pobj"})
_AGENT_SUFFIX = re.compile(r"(?:[^aeiou]er|ist|ian|man|woman)$")  # "pollster", "activist", "congressman"
_NOT_DESCRIPTION_POS = frozenset({"DET", "PUNCT", "ADP", "VERB", "AUX", "PRON", "CCONJ", "SCONJ"})


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
    subject = np.isin(dep, np.array([strings[d] for d in SOURCE_DEPS | {"nsubjpass"}], dtype=np.uint64))
    # a name the tagger read as a verb ("Trump himself was delighted": trump/VERB) as a subject
    keep = ((~np.isin(dep, excluded) & ((pos == IDS["PROPN"]) | (pos == IDS["NOUN"]))
             & (np.isin(dep, roles) | (ent == np.uint64(strings["PERSON"]))))
            | ((pos == IDS["VERB"]) & subject))
    for i in np.flatnonzero(keep).tolist():
        yield doc[i]
    # the source "according to" names ("According to Peter King at the committee, the program has
    # stopped attacks. “...,” he said"): the sentence's words are that person's, as a subject's are
    for i in np.flatnonzero((dep == np.uint64(strings["pobj"])) & (ent == np.uint64(strings["PERSON"]))).tolist():
        if _according_to_source(doc[i]):
            yield doc[i]


def _according_to_source(token: "Token") -> bool:
    """The name "according to" gives as the source ("According to Peter King, ..."): its object."""
    to = token.head
    return token.dep_ == "pobj" and to.lower_ == "to" and to.i > 0 and to.doc[to.i - 1].lower_ == "according"


def _embedded_subject(token: "Token") -> bool:
    """The subject of a clause that hangs inside another one's ("claiming that Obama wanted",
    "the evidence that Obama wanted"), not of its sentence's main clause (nor of a verb
    joined to it)."""
    while token.dep_ in ("compound", "flat") and token.head.i != token.i:
        token = token.head
    if token.dep_ not in SOURCE_DEPS and token.dep_ != "nsubjpass":
        return False
    verb = token.head
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    return verb.dep_ in ("ccomp", "acl", "advcl", "relcl", "pcomp")


def _subject_like(token: "Token") -> bool:
    """A name that is a clause's subject, or set off beside one ("the director, Asmar
    al-Halabi, paused"), counting from the word of the name the parser hangs the rest on."""
    while token.dep_ in ("compound", "flat") and token.head.i != token.i:
        token = token.head
    if token.dep_ == "appos":
        token = token.head
    return token.dep_ in SOURCE_DEPS or token.dep_ == "nsubjpass" or _according_to_source(token)



class People:
    """Per-document lookups for naming people: mention at a token, fullest name, antecedents.

    ``inside_quote(char)`` tells which characters are quoted (names inside a
    quote are not antecedents of the reporter's "he said"). Without any PERSON
    mention the parse's own PERSON entities stand in. ``named``: the document's
    :class:`Named` lookups when another stage made them (used when they are of the same
    document and mentions; made here otherwise).
    """

    def __init__(
        self,
        doc_id: str,
        text: str,
        doc: "Doc",
        mentions: Sequence[Mention],
        inside_quote: Callable[[int], bool] | None = None,
        named: Named | None = None,
    ):
        if named is None or not named.holds(doc_id, text, doc, mentions):
            named = Named(doc_id, text, doc, mentions)
        self.named = named
        self.doc_id = doc_id
        self.text = text
        self.doc = doc
        self.mentions = named.mentions
        self._retyped = named.retyped
        self.mention_starts = named.mention_starts
        self._inside_quote = inside_quote or (lambda _char: False)
        self.by_last_word = named.by_last_word
        self._name_words = named.name_words
        self._fullest = named.fullest
        self._antecedents: list[tuple[int, Person]] | None = None
        self._subjects: set[int] = set()  # where antecedents named as a clause's subject start
        # antecedents that are the subject of a clause inside another one ("claiming that
        # President Obama wanted"), with where their sentence starts
        self._embedded: dict[int, int] = {}
        self._sentence_of: dict[int, int] = {}
        self._descriptions: list[tuple[Mention, str, frozenset[str]]] | None = None

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
        if len(candidates) > 1:
            # "Fiorina" beside "Carly Fiorina" and "her husband, Frank Fiorina": a surname alone
            # names the person the document is about, not one it names only through a relative
            # ... unless the one left shares its surname with a given name written alone before it
            # ("Khizr and Ghazala Khan": "Mr. Khan" is not hers)
            main = {k: v for k, v in candidates.items() if not all(self._kin_named(m) for m in v)}
            if main and not any(_PAIRED_GIVEN_NAME.search(self.text, max(0, m.start - 40), m.start)
                                for v in main.values() for m in v):
                candidates = main
        if gender is not None and len(candidates) > 1:
            cued = {k: v for k, v in candidates.items() if any(self.gender_at(m.start, end=m.end) == gender for m in v)}
            candidates = cued or candidates
        ranked = sorted(candidates.values(), key=lambda v: (-len(v), -max(len(m.text) for m in v)))
        if len(words) >= 2:
            # a full name the document writes at least twice as often as any longer form of it
            # stays as written: "Crooked Hillary Clinton" once among ten "Hillary Clinton" is a
            # nickname, not her fuller name
            written = sum(1 for _m, other in self._name_words.get(words[-1], ()) if other == words)
            if written >= 2 * len(ranked[0]):
                return start, end
        if len(ranked) > 1 and len(ranked[0]) == len(ranked[1]):
            # equally frequent ("Mark Mattioli, whose son, James Mattioli, ..." then "Mattioli
            # praised"): the one named last is as often the wrong one; leave it as written
            return start, end
        best = max(ranked[0], key=lambda m: (not m.text.endswith(_POSSESSIVE), len(m.text), -m.start))
        return best.start, best.end

    def _kin_named(self, m: Mention) -> bool:
        """A name given only as someone's relative ("her husband, Frank Fiorina", "his wife Melania")."""
        tok = self.doc.char_span(m.start, m.end, alignment_mode="expand")
        return tok is not None and len(tok) > 0 and bool(role_lemmas(tok) & KIN_NOUNS)

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
        # the title's holder first: "Director" of "Director of National Intelligence James Clapper"
        # is a proper noun the fallbacks below would take for a name
        candidates = (titled_name(token) + [token] + [c for c in token.children if c.dep_ == "appos"]
                      + role_appositions(token))
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

    def surname_misread(self, token: "Token") -> Person | None:
        """The person a capitalised word the tagger read as an adverb or an auxiliary names ("And
        Skelly called Braynard “...”", "Will described Trump as a “...”"): the last word of a full
        name the document writes ("Matt Skelly", "George Will"); None for any other word."""
        if not token.text[:1].isupper() or token.pos_ not in ("ADV", "AUX", "ADJ") or token.ent_type_:
            return None
        if not any(len(w) >= 2 for _, w in self._name_words.get(token.lower_, ())):
            return None
        s, e = token.idx, token.idx + len(token)
        gender = self.gender_at(s, token)
        return Person(self.span(*self.fullest(s, e, gender)), self.span(s, e), gender=gender)

    def _person_mention(self, token: "Token") -> bool:
        """A word the mentions read as a person's though NER typed it otherwise ("Sanders":ORG, a
        noun, beside "Bernie Sanders": extract.mentions)."""
        mention = self.mention_at(token) if token.ent_type_ else None
        return mention is not None and mention.label == "PERSON"

    def _surname_token(self, token: "Token") -> bool:
        """A capitalised word NER gave no person's label ("Sanders":ORG, tagged a noun; "Trump" read as a verb) that is
        the last word of a person's full name written in the document ("Sen. Bernie Sanders")."""
        if token.ent_type_ == "PERSON" or not token.text[:1].isupper() or not (
                token.pos_ in ("PROPN", "NOUN") or (token.pos_ == "VERB" and token.dep_ in ("nsubj", "nsubjpass"))):
            return False
        mention = self.mention_at(token)
        if mention is not None and (mention.label == "PERSON" or len(_WORD.findall(mention.text)) > 1):
            return False
        return any(len(w) >= 2 for _, w in self._name_words.get(token.lower_, ()))

    def _collect(self) -> list[tuple[int, Person]]:
        """People a later "he"/"she" may point back to, in text order, outside quotes."""
        out: list[tuple[int, Person]] = []
        for idx, person, subject, sentence, embedded in self._candidates():
            if self._inside_quote(idx):
                continue  # names inside quotes are not speakers
            assert person.written is not None
            last = out[-1][1] if out else None
            if last is not None and last.written == person.written:
                continue  # the same name seen from another of its tokens
            out.append((person.written.start, person))
            if subject:
                self._subjects.add(person.written.start)
                self._sentence_of[person.written.start] = sentence
                if embedded:
                    self._embedded[person.written.start] = sentence
        return out

    def _candidates(self) -> list[tuple[int, Person, bool, int, bool]]:
        """:attr:`Named.candidates` (one pass over the tokens, made once per document)."""
        if self.named.candidates is not None:
            return self.named.candidates
        found: list[tuple[int, Person, bool, int, bool]] = []
        for token in sorted(_antecedent_candidates(self.doc), key=lambda t: t.i):
            person = None
            if token.ent_type_ == "PERSON" or self.lost_name(token) or self._person_mention(token):
                person = self.person_of(token)
            elif token.dep_ in ("nsubj", "nsubjpass") and (token.pos_ == "PROPN" or self._surname_token(token)):
                person = self.person_of(token)
            if person is None or person.written is None:
                continue
            subject = _subject_like(token)
            found.append((token.idx, person, subject, token.sent.start_char if subject else -1,
                          subject and _embedded_subject(token)))
        self.named.candidates = found
        return found

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
            gender = honorific_gender(before[-1])
            if gender is not None:
                return gender
        if token is not None:
            for c in list(token.children) + ([token.head] if token.dep_ == "appos" else []):
                if c.dep_ in ("appos", "compound") or c.i == token.head.i:
                    lemma = c.lemma_.lower()
                    if lemma in FEMALE_NOUNS:
                        return "f"
                    if lemma in MALE_NOUNS:
                        return "m"
        return None

    def role_holder(self, role: "Token", before: int) -> Person | None:
        """The person "the president" / "the senator" means: the one the document gives that
        title ("President Obama", "Sen. Warren", "Jones, the senator from ..."), the most
        often before ``before``; between equals, the one titled last; None when nobody is."""
        lemma = office_of(role)  # "the vice president" is not "the president"
        if lemma is None:
            return None
        if any(c.lower_ in _FORMER for c in role.lefts):
            # "the former president said": not whoever the document calls "President X" now
            return None
        roles = self.named.roles
        if roles is None:
            roles = self.named.roles = {}
            # "Secretary of State Hillary Clinton": the parser hangs the name on the title's "of",
            # so neither the word before the name nor its children say "secretary"
            phrase_titles = titles_of_phrase_holders(self.doc)
            for m in self.mentions:
                if m.label != "PERSON":
                    continue
                tok = self.doc.char_span(m.start, m.end, alignment_mode="expand")
                if tok is None or not len(tok):
                    continue
                offices: set[str | None] = set()
                if tok.start > 0:
                    word = self.doc[tok.start - 1]
                    offices |= {office_of(word), office_of(word, title_key(word.text)),
                                office_of(word, TITLE_ABBREVIATION_WORDS.get(title_key(word.text), ""))}
                for c in tok.root.children:
                    if c.dep_ in ("appos", "compound") and c.i not in range(tok.start, tok.end):
                        offices.add(office_of(c))
                    elif c.dep_ == "nmod" and c.i < tok.start and not any(x.lower_ in SUBORDINATE for x in c.lefts):
                        offices.add(office_of(c))  # "by Secretary of State Hillary Clinton": an nmod
                if tok.root.dep_ == "appos":
                    offices.add(office_of(tok.root.head))
                offices |= {SAME_TITLE.get(t, t) for t in phrase_titles.get(tok.root.i, set())}
                for office in offices:
                    if office is not None:
                        roles.setdefault(office, []).append(m)
        # a description points back: someone titled only later in the report is not meant
        holders = [m for m in roles.get(lemma, []) if m.start < before]
        places = {c.lower_ for c in role.lefts if c.dep_ in ("compound", "amod") and (
            c.ent_type_ in ("GPE", "NORP", "LOC") or c.pos_ == "PROPN")}
        if places:
            # "the Florida senator": only one titled so in a sentence that names Florida ("Sen. Joni
            # Ernst, R-Iowa" is not); when none is, the description decides (``described``)
            holders = [m for m in holders if self._placed_as(m.start, places)]
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

    def _placed_as(self, char: int, places: set[str]) -> bool:
        """Does the sentence at ``char`` name one of ``places`` ("mexico" for "mexican")?"""
        sent = self.doc[self._token_at(char)].sent
        return any(_same_stem(p, w) for p in places for w in _WORD.findall(sent.text.lower()))

    def _token_at(self, char: int) -> int:
        span = self.doc.char_span(char, char + 1, alignment_mode="expand")
        return span.start if span is not None and len(span) else 0

    def described(self, noun: "Token", before: int) -> Person | None:
        """The person a definite description stands for ("“...,” the Republican presidential
        candidate said" after "Ben Carson ..."): one the document describes with that noun before
        ``before`` ("Republican presidential candidate Ben Carson", "Carson, the retired
        neurosurgeon,"), the one sharing most of its modifiers; when nobody is described so and
        the noun describes a public person ("the billionaire", "the Republican candidate", a
        title with a modifier: "the Florida senator"), the latest person named as a main-clause
        subject, when that is also the person named most often so far. None when unsure: two
        people described so alike, the latest subject described otherwise ("Democratic nominee
        Hillary Clinton" is not "the Republican nominee") or named no more often than another."""
        head = noun.lemma_.lower()
        if noun.pos_ != "NOUN" or noun.tag_ != "NN" or not _person_noun(head):
            return None
        mods = _modifiers(noun)
        if self._descriptions is None:
            self._descriptions = self._collect_descriptions()
        # people keyed by the fullest name's words: one name written in several places is one person
        spans: dict[str, tuple[int, int]] = {}
        scores: dict[str, int] = {}
        for m, h, theirs in self._descriptions:
            if h == head and m.start < before:
                key = self._name_key(m.start, m.end - 2 if m.text.endswith(_POSSESSIVE) else m.end, spans)
                scores[key] = max(scores.get(key, -1), len(mods & theirs) if mods else 0)
        written = self.span(noun.idx, noun.idx + len(noun))
        latest = self.latest(before, main=True)
        latest_key = None
        if latest is not None and latest.name is not None and not latest.lost:
            latest_key = self._name_key(latest.name.start, latest.name.end, spans)
        if scores and (not mods or max(scores.values()) > 0):
            top = max(scores.values())
            best = [key for key, score in scores.items() if score == top]
            if len(best) > 1:
                if latest_key not in best:
                    return None  # two people described so alike: leave it
                best = [latest_key]
            return Person(self.span(*spans[best[0]]), written)
        if not (head in PERSON_ROLE_NOUNS or (head in ROLE_TITLES and mods)) or latest_key is None:
            return None
        if any(c.dep_ == "compound" and c.pos_ == "NOUN" for c in noun.lefts):
            return None  # "the band leader": a job of its own, not a way to describe who the report is about
        if latest_key in scores:
            return None  # the latest subject is described otherwise
        assert latest is not None
        told = _noun_gender(head)
        if told is not None and self._gender_of(latest) not in (None, told):
            return None  # "the New York businessman" is not Hillary Clinton
        named: dict[str, int] = {}
        for m in self.mentions:
            if m.label == "PERSON" and m.start < before and not self._inside_quote(m.start):
                key = self._name_key(m.start, m.end, spans)
                named[key] = named.get(key, 0) + 1
        most = max(named.values(), default=0)
        if named.get(latest_key) != most or sum(1 for n in named.values() if n == most) > 1:
            return None  # the latest subject is not the one the report is most about: unsure
        return Person(latest.name, written, gender=latest.gender)

    def _name_key(self, start: int, end: int, spans: dict[str, tuple[int, int]]) -> str:
        """The words of the fullest form of the name at ``start:end`` (lower case), noting one span of it."""
        s, e = self.fullest(start, end)
        key = " ".join(w.lower() for w in _WORD.findall(self.text[s:e]))
        spans.setdefault(key, (s, e))
        return key

    def _collect_descriptions(self) -> list[tuple[Mention, str, frozenset[str]]]:
        """Each person's description by a common noun, with that noun's modifiers: the words
        before the name that hang on it ("Republican presidential candidate Ben Carson"), an
        apposition ("Carson, a retired neurosurgeon,"; "the candidate, Ben Carson,")."""
        doc = self.doc
        out: list[tuple[Mention, str, frozenset[str]]] = []
        for m in self.mentions:
            if m.label != "PERSON" or self._inside_quote(m.start):
                continue
            tok = doc.char_span(m.start, m.end, alignment_mode="expand")
            if tok is None or not len(tok):
                continue
            nouns: list["Token"] = []
            j = tok.start - 1
            chain: list["Token"] = []
            held = set(range(tok.start, tok.end))  # the name and the words hung on it so far
            while j >= 0 and doc[j].head.i in held and doc[j].pos_ not in _NOT_DESCRIPTION_POS and not doc[j].is_space:
                chain.append(doc[j])
                held.add(j)
                j -= 1
            # (a title written capitalised is a proper noun: "Senate Minority Leader Harry Reid")
            nouns += [c for c in chain if c.pos_ in ("NOUN", "PROPN") and not c.ent_type_ and tok.start <= c.head.i < tok.end]
            root = tok.root
            nouns += [c for c in root.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
            if root.dep_ == "appos" and root.head.pos_ == "NOUN":
                nouns.append(root.head)
            for n in nouns:
                out.append((m, n.lemma_.lower(), _modifiers(n)))
        return out

    def binder(self, pronoun: "Token") -> "Token | None":
        """The subject of an outer clause of the same sentence that a pronoun subject stands
        for: "Clinton says she appreciated ... what she calls “...”" (-> "Clinton"), "Clinton's
        campaign is seeking to contrast ... with what they call “...”" (-> "campaign"), "Trump
        said Clinton lied when he called her ..." (-> "Trump": "Clinton" is no "he"). The nearest
        outer subject that can be what the pronoun is (its gender, a person for "he"/"she"; a
        group or a plural for "they"; a body or thing for "it"); None when there is none."""
        word = pronoun.lower_
        if word not in PERSON_PRONOUNS and word not in ("they", "it") or pronoun.dep_ not in SOURCE_DEPS:
            return None
        if self._inside_quote(pronoun.idx):
            return None
        tok = pronoun.head
        for _ in range(6):
            if tok.dep_ in _BOUND_CLAUSE_DEPS and tok.head.i != tok.i:
                tok = tok.head
            elif tok.pos_ in ("NOUN", "PROPN", "ADP", "PRON") and tok.dep_ not in SOURCE_DEPS and tok.head.i != tok.i:
                tok = tok.head  # up from the noun a relative clause qualifies, or a preposition
            else:
                return None
            if tok.pos_ not in ("VERB", "AUX"):
                continue
            outer = next((c for c in tok.children if c.dep_ in SOURCE_DEPS and c.i < pronoun.i), None)
            # "Lazar said he welcomed extradition": the subject of the clause a verb of saying
            # reports is that verb's subject unless the document gives it the other gender
            reported = pronoun.head.dep_ == "ccomp" and pronoun.head.head.i == tok.i and is_reporting_verb(tok)
            if outer is not None and not self._inside_quote(outer.idx) and self._can_be(outer, word, reported):
                return outer
        return None

    def _can_be(self, token: "Token", word: str, unless_other: bool = False) -> bool:
        """Can ``token`` (a clause's subject) be what the pronoun ``word`` stands for? A person
        must be known to have the pronoun's gender, or with ``unless_other`` not to have the other."""
        if token.pos_ == "PRON":
            return token.lower_ == word or (word in PERSON_PRONOUNS and token.lower_ in (
                MALE_PRONOUNS if word in MALE_PRONOUNS else FEMALE_PRONOUNS))
        if word in PERSON_PRONOUNS:
            person = self.person_of(token)
            if person is None or person.name is None or person.lost:
                return False
            # a gender known from the document, not merely not contradicted: "Christie called Clinton
            # a “disgrace” after she attacked ..." is Clinton's "she", not Chris Christie's
            gender = self._gender_of(person)
            return gender == ("m" if word in MALE_PRONOUNS else "f") or (unless_other and gender is None)
        if token.ent_type_ == "PERSON" or self.person_of(token) is not None:
            return False
        if word == "they":
            return token.tag_ in ("NNS", "NNPS") or token.ent_type_ in ("ORG", "NORP") or (
                token.pos_ == "NOUN" and token.lemma_.lower() in GROUP_NOUNS)
        return token.ent_type_ in ("ORG", "GPE") or (token.pos_ == "NOUN" and token.tag_ == "NN")

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
            named = self._named_in_sentence_before(pronoun, want)
            if named is not None:
                # "Christie called Hillary Clinton a “disgrace” after she attacked ...": a person of
                # the pronoun's gender named in its sentence before it (as an object too) beats a
                # subject whose gender the report never tells
                return Person(named.name, written, named.lost, want)
            other = MALE_PRONOUNS if want == "f" else FEMALE_PRONOUNS
            if any(t.lower_ in other for t in _outside_quotes_with(pronoun) if t.i != pronoun.i):
                # "She was 10, he said": a "he" and a "she" in one sentence are two people; a
                # person of unknown gender can't be told to be either: no speaker beats a wrong one
                return Person(None, written)
            return Person(fallback.name, written, fallback.lost, want)
        return Person(None, written)

    def _named_in_sentence_before(self, pronoun: "Token", want: str) -> Person | None:
        """The one person of gender ``want`` named in ``pronoun``'s sentence before it, outside
        quotation marks; None when there is none or more than one."""
        start = pronoun.sent.start_char
        k = bisect.bisect_left(self.mention_starts, start)
        found: dict[tuple[int, int], Mention] = {}
        while k < len(self.mentions) and self.mentions[k].start < pronoun.idx:
            m = self.mentions[k]
            k += 1
            if m.label != "PERSON" or self._inside_quote(m.start):
                continue
            key = self.fullest(m.start, m.end)
            if self._gender_of(Person(self.span(*key), None)) == want:
                found[key] = m
        if len(found) != 1:
            return None
        (key, m), = found.items()
        return Person(self.span(*key), self.span(m.start, m.end), gender=want)

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

    def latest(self, before: int, main: bool = False) -> Person | None:
        """The latest person named before ``before`` as a subject or apposition (the antecedent
        rule of "he"/"she", any gender): who "a Friday evening tweet" came from. With ``main``,
        a subject of a clause inside another ("hours after Trump unleashed a flurry of tweets")
        gives way to the main-clause subject named just before it ("Mike Pence says ...")."""
        if self._antecedents is None:
            self._antecedents = self._collect()
        k = bisect.bisect_left(self._antecedents, before, key=lambda a: a[0]) - 1
        if main and k >= 0 and self._antecedents[k][0] in self._embedded:
            for i in range(k - 1, max(-1, k - 5), -1):
                start, person = self._antecedents[i]
                if start in self._subjects and start not in self._embedded:
                    return person
        return self._antecedents[k][1] if k >= 0 else None

    def _gender_of(self, person: Person) -> str | None:
        """A person's gender from any cue beside any mention of the same name in the document."""
        if person.gender is not None or person.name is None:
            return person.gender
        genders = self.named.genders
        if genders is None:
            genders = self.named.genders = {}
            for m in self.mentions:
                if m.label != "PERSON" or (m.start, m.end) in self._retyped:
                    continue
                g = self.gender_at(m.start, end=m.end)
                words = _WORD.findall(m.text)
                if g is not None and words:
                    genders.setdefault(words[-1].lower(), set()).add(g)
        words = _WORD.findall(person.name.text)
        found = genders.get(words[-1].lower(), set()) if words else set()
        return next(iter(found)) if len(found) == 1 else None


def _person_noun(lemma: str) -> bool:
    """A noun for a person ("candidate", "senator", "wife", "pollster"), not a body or a thing."""
    return (lemma in PERSON_ROLE_NOUNS or lemma in ROLE_TITLES or lemma in FEMALE_NOUNS or lemma in MALE_NOUNS
            or (bool(_AGENT_SUFFIX.search(lemma)) and lemma not in GROUP_NOUNS and lemma not in UTTERANCE_NOUNS
                and lemma not in PUBLICATION_NOUNS))


def _modifiers(noun: "Token") -> frozenset[str]:
    """The words that tell one description from another: "Republican", "presidential" in "the
    Republican presidential candidate", "Vermont" in "the senator from Vermont"."""
    words = {c.lower_ for c in noun.lefts if c.dep_ in _DESCRIPTION_MODIFIERS}
    for prep in noun.rights:
        if prep.dep_ == "prep" and prep.lower_ in ("from", "of"):
            words |= {c.lower_ for c in prep.children if c.dep_ == "pobj"}
    return frozenset(words)


def _same_stem(a: str, b: str) -> bool:
    """One word, or a place and its people's adjective ("mexican" / "mexico", "iowa" / "iowan")."""
    return a == b or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


def _noun_gender(lemma: str) -> str | None:
    """"f"/"m" a noun for a person tells ("businesswoman", "actress", "wife"; "businessman")."""
    if lemma in FEMALE_NOUNS or lemma.endswith(("woman", "ess")):
        return "f"
    if lemma in MALE_NOUNS or lemma.endswith("man"):
        return "m"
    return None


def _outside_quotes_with(token: "Token") -> list["Token"]:
    """The tokens of ``token``'s sentence on its side of the quotation marks: the reporter's
    words when ``token`` is the "she" of "..., she wrote." (a "he" inside the quoted words,
    "someone who believed if he killed the President", is someone the speaker tells of)."""
    side: list[tuple["Token", bool]] = []
    inside = False
    for t in token.sent:
        if t.text in ("“", "``"):
            inside = True
        elif t.text == "”":
            inside = False
        elif t.text in ('"', "''"):
            inside = not inside
        else:
            side.append((t, inside))
    mine = next((q for t, q in side if t.i == token.i), False)
    return [t for t, q in side if q == mine]
