"""Named mentions from spaCy's entities, with cheap repairs of en_core_web_sm errors.

Only the already-parsed ``Doc`` is used (no second model pass). Every mention
points into the article: ``article.text[m.start:m.end] == m.text``. A mention
is written exactly as in the text; a name cut short by damaged text (a stripped
word leaves two or more spaces, "Bashar  .") is kept as written and never
extended across the gap.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Iterator

from newsprism.attribution import is_reporting_verb
from newsprism.datelines import datelines
from newsprism.datelines import lead as opening_paragraphs
from newsprism.extract.headline_words import headline_cut, running_words, title_case_words
from newsprism.extract.person_names import is_person_noun, known_given_name
from newsprism.lexicon import (
    INSTITUTION_WORDS,
    NAME_SUFFIXES,
    ORG_SUFFIXES,
    SENTENCE_OPENERS,
    TITLE_ABBREVIATIONS,
    TITLE_WORDS,
    title_key,
)
from newsprism.model import Article, Mention
from newsprism.nlp import parsed_from

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Span as SpacySpan, Token

__all__ = ["NAME_LABELS", "PLACE_LABELS", "GENERIC_WORDS", "extract_mentions", "is_demonym"]

NAME_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT", "LAW", "PRODUCT", "WORK_OF_ART"}
)
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
# labels the small model puts on place names it does not know ("Aleppo":NORP/LANGUAGE/PERSON)
_PLACE_CONFUSIONS = frozenset({"NORP", "LANGUAGE", "WORK_OF_ART", "PRODUCT", "PERSON"})
# implausible labels for a word coordinated with a place ("Fouaa and Kfarya":WORK_OF_ART)
_CONJ_PLACE_CONFUSIONS = frozenset({"WORK_OF_ART", "PRODUCT", "LANGUAGE", "EVENT", "LAW"})
# labels NER puts on a surname written alone ("Abu Jaafar":ORG, "Kirby":ORG)
_SURNAME_CONFUSIONS = frozenset({"ORG", "NORP", "WORK_OF_ART", "PRODUCT", "LANGUAGE", "FAC"})

# words that NER sometimes tags alone but that are never a name by themselves
GENERIC_WORDS = frozenset(
    "state department ministry office army government council court house senate police".split()
)
_DEMONYM = re.compile(
    r"(?:an|ans|ians|ese|ish|i|is|ite|ites|ic|ics|ch|ers?|eans?|ists?|ese|ites)$", re.IGNORECASE
)
# one way to match each character (no nested "+" inside "+"): a run of quote marks before
# a non-match would otherwise backtrack exponentially (27 marks took minutes)
_LEADING = re.compile(r"^(?:(?:the|The|THE)\s+|[\"“”‘’'(\[])+")
# a possessive (also with the opening quote typed for the apostrophe: "Trump‘s"), quotes,
# punctuation, a dash the name ran into ("Saddam Hussein -"), a sentence's period
_TRAILING = re.compile(r"(?:['’‘]s|[\"“”‘’',;:!?)\]]|\s+[-–—]|(?<!\b[A-Z])\.)+$")
_ABBREV_END = re.compile(r"(?:\b[A-Z]\.|\b(?:Jr|Sr|Co|Inc|Corp|Ltd|St|Bros)\.)$")
_GAP = re.compile(r"\s{2,}|\s*\n\s*")  # damage (2+ spaces) or a line break: no name runs across one
_DATELINE_END = re.compile(r"\s*(?:,\s*[A-Z][\w .]*?)?\s*(?:—|–|-|\(|:)")


def is_demonym(name: str) -> bool:
    """Shape of a nationality/religion word ("Syrian", "Shiite", "Lebanese", "Iraqi")."""
    return bool(_DEMONYM.search(name.strip()))


def _name_key(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop a leading "the"/quote and a trailing possessive or punctuation."""
    piece = text[start:end]
    lead = _LEADING.match(piece)
    if lead and lead.end() < len(piece):
        start += lead.end()
    while start < end:
        piece = text[start:end]
        if _ABBREV_END.search(piece) and not piece.endswith(("'s", "’s")):
            break
        tail = _TRAILING.search(piece)
        if not tail or tail.start() == 0:
            break
        end = start + tail.start()
        end = start + len(text[start:end].rstrip())
    return start, end


def _parts(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Split a span at damage gaps (2+ spaces) and line breaks: a name never runs across one
    ("Mueller Charges Former Campaign Officials\nRichard Gates", a headline and a first line)."""
    pos = start
    for gap in _GAP.finditer(text, start, end):
        yield pos, gap.start()
        pos = gap.end()
    yield pos, end


_TRAILING_ACRONYM = re.compile(r"\s+(?!(?:II|III|IV|JR|SR)\b)[A-Z]{2,6}$")
_PAIR = re.compile(r"^([A-Z][a-z]+)[-–]([A-Z][a-z]+)$")
_HYPHEN_REST = re.compile(r"-[a-z]{1,4}\b(?!-)")
# the rest of a place's name its tokenizer cut at a hyphen: "Mar" + "-a-Lago", "Stratford" + "-upon-Avon"
# ("Latina-to-Latina outreach", "Israeli-and-Palestinian" join two things: no name)
# ("Chick" + "-fil-A": a last piece of one capital letter)
_JOINED_REST = re.compile(r"((?:-(?!(?:to|and|or|vs|versus)-)[a-z]{1,5})+)-[A-Z][a-z]*\b(?!-)")


# a word NER took into a person's name before it: an owner's possessive ("Twitter's") or a capitalised
# word ("Historian"), then the name itself, opening with a given name
_LEADING_WORD = re.compile(r"([A-Z][\w.-]*?)(['’]s)? (?=([A-Z][a-z]+) [A-Z])")


def _person_core(text: str, start: int, end: int) -> tuple[int, int]:
    """A person's name without what NER glued to it: an organisation's acronym after it
    ("Glenn Beck CPAC" -> "Glenn Beck"), and before a known given name an owner's possessive
    ("Twitter's Adam Sharp") or a role capitalised only because it opens the sentence
    ("Historian Alan Brinkley of Columbia University told": BASIL a28a0329, open; an agent noun
    WordNet knows as no proper noun: not "Chandler Van Voorhis", "Cornell William Brooks", "Earl
    Ray Tomblin" — PolNeAR dev)."""
    lead = _LEADING_WORD.match(text, start, end)
    if lead is not None and known_given_name(lead.group(3)) and not known_given_name(lead.group(1)) and (
            lead.group(2) or (_opens_sentence_at(text, start) and _role_word(lead.group(1)))):
        start = lead.end()
    tail = _TRAILING_ACRONYM.search(text, start, end)
    if tail is not None and tail.start() > start:
        end = tail.start()
    # a hyphenated given name the tokenizer cut ("Moon Jae" + "-in")
    rest = _HYPHEN_REST.match(text, end)
    if rest is not None:
        end = rest.end()
    return start, end


# an owner's possessive, then two or three capitalised words to the span's end
_OWNED_NAME = re.compile(r"[A-Z][\w.&-]*(?: [A-Z][\w.&-]*)?['’]s ((?:[A-Z][a-z]+)(?: [A-Z][\w.’'-]+){1,2})$")


def _owned_person(text: str, start: int, end: int) -> int | None:
    """Where the person starts in a span NER gave another label that is an owner's possessive and
    a name opening with a known given name: "“...,” Twitter's Adam Sharp wrote" (BASIL c21cb217,
    open: typed a work of art, then made a person by the speaker rule with the owner in his name).
    None when the span is no such thing ("Schindler's List", "Grey's Anatomy")."""
    found = _OWNED_NAME.fullmatch(text, start, end)
    if found is None or not known_given_name(found.group(1).split()[0]):
        return None
    return found.start(1)


def _opens_sentence_at(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \t\"“”'‘’")
    return not before or before[-1] in ".!?\n"


def _role_word(word: str) -> bool:
    """An agent noun of a person's role ("-ian", "-er", "-ist": "Historian") that WordNet writes
    as no proper noun: not "Earl" (no agent noun), "Chandler" (Raymond Chandler)."""
    from newsprism.extract.word_senses import noun_senses

    if title_key(word) in TITLE_WORDS or not is_person_noun(word.lower()):
        return False
    senses = noun_senses()
    return senses is not None and not senses.proper_noun(word)


def _dateline_places(doc: "Doc", text: str, raws: list[_Raw]) -> list[_Raw]:
    """The places of the datelines opening the first paragraphs ("WASHINGTON", "BEIRUT, Lebanon")
    that NER named nothing: the parser sees a dateline as a sentence of its own (nlp's sentence
    guard), and under a title line NER may leave "WASHINGTON —" unnamed."""
    out: list[_Raw] = []
    for d in datelines(opening_paragraphs(text)):
        for m in re.finditer(r"[^,]+", text[d.place_start:d.place_end]):
            s, e = _trim(text, d.place_start + m.start(), d.place_start + m.end())
            if e - s < 2 or any(r.start < e and s < r.end for r in raws):
                continue
            span = doc.char_span(s, e, alignment_mode="expand")
            if span is not None and len(span):
                out.append(_Raw(s, e, "GPE", span.root))
    return out


def _is_dateline(start: int, end: int, text: str) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    return (
        not text[line_start:start].strip()
        and text[start:end].isupper()
        and end - start > 2
        and bool(_DATELINE_END.match(text, end))
    )


_OPENER = re.compile(r"([A-Z][a-z]+) +(?=[A-Z])")


def _opens_sentence(text: str, start: int) -> bool:
    """Nothing but quote marks or brackets stands between ``start`` and the end of the sentence or
    the line before it."""
    before = text[:start].rstrip(" \t\"“‘'(")
    return not before or before[-1] in ".!?:\n”’\""


def _is_noise(ent: "SpacySpan") -> bool:
    if len(ent) == 1:
        tok = ent[0]
        # a plural common noun at the start of a sentence ("Families", "Videos") tagged ORG
        # ("Trump praised ..." tagged NN is still a person: only plurals are dropped for PERSON)
        tags = ("NNS",) if ent.label_ == "PERSON" else ("NNS", "NN")
        if tok.pos_ == "NOUN" and tok.tag_ in tags and ent.label_ != "NORP" and not _surname_of_named(tok):
            return True
        if tok.lower_ in GENERIC_WORDS and not _institution_named(ent):
            return True
        if _title_abbreviation(tok):
            return True
    return not any(ch.isalpha() for ch in ent.text)


def _surname_of_named(tok: "Token") -> bool:
    """A capitalised word the tagger read as a plural ("Sanders has attacked Clinton": NNS) that
    ends a person's name NER found in the same report ("Bernie Sanders"): that person's surname,
    not a common noun opening a sentence."""
    return tok.is_title and any(
        ent.label_ == "PERSON" and len(ent) >= 2 and ent[-1].text == tok.text and ent[-1].i != tok.i
        for ent in tok.doc.ents)


def _institution_named(ent: "SpacySpan") -> bool:
    """A word of ``GENERIC_WORDS`` NER called an organisation that the writer capitalises in running
    text, after "the", where no sentence or headline capitalises it: "the House read the
    Constitution", "the Senate" (BASIL a28a0329: no entity, so the one event all three reports
    tell had no shared actor). "House" opening a sentence or a title-case headline proves nothing."""
    tok = ent[0]
    return (ent.label_ == "ORG" and tok.is_title and not tok.is_sent_start and tok.i > 0
            and tok.doc[tok.i - 1].lower_ == "the" and not title_case_words(tok.doc.text, tok.idx, tok.idx + len(tok)))


def _title_abbreviation(tok: "Token") -> bool:
    """An abbreviated title the tokenizer cut from its period, before a name: "former Cong. Rob
    Simmons" (BASIL 85475456, open: NER called "Cong" a person of its own)."""
    doc = tok.doc
    return (title_key(tok.text) in TITLE_ABBREVIATIONS and tok.i + 2 < len(doc) and doc[tok.i + 1].text == "."
            and not tok.whitespace_ and doc[tok.i + 2].is_title)


_VERSUS = re.compile(r"\b(?:versus|vs)\b", re.IGNORECASE)


class _Raw:
    __slots__ = ("start", "end", "label", "root")

    def __init__(self, start: int, end: int, label: str, root: "Token"):
        self.start, self.end, self.label, self.root = start, end, label, root


# a generational suffix right after a person's name, which tells father and son apart
_SUFFIX_AFTER = re.compile(r" (?:Jr\.|Sr\.|Jr|Sr|II|III|IV)(?![\w-])")


def _sentence_words_off(ent: "SpacySpan", text: str, start: int, end: int) -> tuple[int, int]:
    """A name without the sentence's words NER took into it: the participle opening it that heads
    a clause of its own ("Facing Congress, Clinton Defends Her Actions", a headline, BASIL 9879bbc0:
    the ORG "Facing Congress" named the entity of every "Congress") and an abbreviated title ending
    it, cut from its period, that belongs to the name after it ("Missouri Highway Patrol Capt. Ron
    Johnson", 'ed8c136f')."""
    if len(ent) < 2:
        return start, end
    first, last = ent[0], ent[-1]
    if first.idx == start and first.tag_ == "VBG" and first.dep_ in ("advcl", "csubj", "pcomp", "xcomp", "acl") \
            and first.head.i != first.i and not (first.head.i >= ent.start and first.head.i < ent.end):
        start = ent[1].idx
    if last.idx + len(last) == end and last.i + 2 < len(ent.doc) and _title_abbreviation(last):
        end = ent[-2].idx + len(ent[-2])
    return start, end


def _from_entities(doc: "Doc", text: str) -> list[_Raw]:
    raws: list[_Raw] = []
    for ent in doc.ents:
        label = ent.label_
        if label not in NAME_LABELS and label != "LANGUAGE":
            continue
        if _is_dateline(ent.start_char, ent.end_char, text):
            label = "GPE"
        elif _is_noise(ent):
            continue
        elif len(ent) == 1 and ent[0].pos_ == "NOUN" and _surname_of_named(ent[0]):
            label = "PERSON"  # ("Sanders lays off ...":ORG beside "Bernie Sanders"): the person's surname
        for s, e in _parts(text, ent.start_char, ent.end_char):
            s, e = _trim(text, s, e)
            s, e = _sentence_words_off(ent, text, s, e)
            if (s, e) != (ent.start_char, ent.end_char) and _is_dateline(s, e, text):
                raws.append(_Raw(s, e, "GPE", ent.root))  # "Headline\nWASHINGTON —": the line's dateline
                continue
            opener = _OPENER.match(text, s, e)
            if opener is not None and opener.group(1).lower() in SENTENCE_OPENERS and _opens_sentence(text, s):
                s = opener.end()  # "Plus Obama has said": the adverb is no part of the name
            piece = text[s:e]
            if not piece or not piece[0].isupper() and not piece[0].isdigit():
                continue
            if any(ch in piece for ch in "[]{}<>|"):
                continue  # an editor's insertion ("“[W]e won’t ...”") or markup, not a name
            if _VERSUS.search(piece) or (label == "PERSON" and any(ch.isdigit() for ch in piece)):
                continue  # "Trump versus Rubio, Rubio" (a contest), "Hispanics 4 Trump" as a person: no name
            if title_key(piece) in TITLE_WORDS:
                continue
            kind = label
            joined = _JOINED_REST.match(text, e)
            if joined is not None:
                e = joined.end()
                pieces = joined.group(1)[1:].split("-")
                if kind == "PERSON" and any(p not in _NAME_PARTICLES for p in pieces):
                    kind = "FAC"  # a name no person bears ("Mar-a-Lago"); "Abd-al-Rahman" stays a person
                elif kind in PLACE_LABELS and len(joined.group(0).rsplit("-", 1)[1]) == 1:
                    # a last piece of one capital letter names no place ("Chick-fil-A", a restaurant
                    # chain NER called a place in all 24 of Fox's mentions, BASIL 450755dd)
                    kind = "ORG"
            elif kind not in PLACE_LABELS and kind != "PERSON" and (owned := _owned_person(text, s, e)) is not None:
                kind, s = "PERSON", owned  # "Twitter's Adam Sharp":WORK_OF_ART
            if kind == "PERSON" and joined is None:
                s, e = _person_core(text, s, e)
                suffix = _SUFFIX_AFTER.match(text, e)
                if suffix is not None:
                    e = suffix.end()  # "Jesse Jackson Jr. Pleads Guilty": NER left "Jr." out, and without it he is his father
            raws.append(_Raw(s, e, kind, ent.root))
    joined_spans = [(r.start, r.end) for r in raws if _JOINED_REST.search(text, r.start, r.end)]
    return [r for r in raws if not any(lo <= r.start and r.end <= hi and (lo, hi) != (r.start, r.end)
                                       for lo, hi in joined_spans)]


# one capitalised word right after a name, then no further capitalised word ("the New Hampshire
# Union Leader said")
_LAST_WORD = re.compile(r" ([A-Z][a-z]+)\b(?![-’'])(?!\s+[A-Z])")


def _org_last_word(raws: list[_Raw], doc: "Doc", text: str) -> list[_Raw]:
    """An organisation's name NER cut before its last word ("New Hampshire Union" + "Leader"
    as a person, the newspaper) runs on over the one capitalised word that follows it with a
    single space, when that word is no title ("FBI Director"), no other kind of name NER found
    ("the Senate Tuesday", "Senate Republicans"), no word of a person's name the report writes,
    and the line is no headline."""
    other = {tok.idx for ent in doc.ents if ent.label_ not in ("PERSON", "ORG") for tok in ent}
    person_words = [(r.start, text[r.start : r.end].split()) for r in raws if r.label == "PERSON"]
    out: list[_Raw] = []
    drop: set[int] = set()
    for r in raws:
        nxt = _LAST_WORD.match(text, r.end) if r.label == "ORG" and " " in text[r.start : r.end] else None
        if (nxt is None or title_key(nxt.group(1)) in TITLE_WORDS or nxt.start(1) in other
                or any(nxt.group(1) in words for at, words in person_words if at != nxt.start(1))
                or title_case_words(text, r.start, r.end)):
            out.append(r)
            continue
        out.append(_Raw(r.start, nxt.end(1), "ORG", r.root))
        drop.add(nxt.start(1))
    return [r for r in out if r.start not in drop]


_POSSESSOR = re.compile(r"([A-Z][\w.-]*(?: [A-Z][\w.-]*){0,3})['’]s (?=[A-Z])")


def _possessor_off(raws: list[_Raw], text: str) -> list[_Raw]:
    """A name NER ran on from the person whose thing it is: "Romney’s Medicare", "Steele’s RNC",
    "Netanyahu’s Likud Party" (BASIL b5eefefb, open: "Romney’s Medicare" named the entity of every
    "Medicare") is the name after the possessive, when the possessor is a person the report names
    (in full or by the surname) outside it. Not "Children’s Defense Fund", "Drake's Place": no
    person of the report."""
    people = {text[r.start : r.end] for r in raws if r.label == "PERSON"}
    people |= {name.split()[-1] for name in people}
    out: list[_Raw] = []
    for r in raws:
        found = _POSSESSOR.match(text, r.start, r.end) if r.label != "PERSON" else None
        if found is None or found.group(1) not in people or found.end() >= r.end:
            out.append(r)
            continue
        out.append(_Raw(found.end(), r.end, r.label, r.root))
    return out


def _relabel_in_doc(raws: list[_Raw], text: str) -> None:
    """Make one doc's labels agree: a name takes the majority label of its mentions.

    A name that is not shaped like a demonym and is tagged as a place anywhere
    in the doc is a place ("Aleppo" tagged GPE once and NORP elsewhere).
    A surname written alone takes PERSON when a PERSON mention ends with it.
    """
    person_tails: set[str] = set()
    for r in raws:
        if r.label == "PERSON":
            words = _name_key(text[r.start : r.end]).split()
            for i in range(1, len(words)):
                person_tails.add(" ".join(words[i:]))
    for r in raws:
        if r.label in _SURNAME_CONFUSIONS and _name_key(text[r.start : r.end]) in person_tails:
            r.label = "PERSON"
    # coordinated with a place: "Fouaa and Kfarya" -> Kfarya is a place too
    place_roots = {r.root.i: r.label for r in raws if r.label in PLACE_LABELS}
    for r in raws:
        if r.label in _CONJ_PLACE_CONFUSIONS:
            partner = r.root.head.i if r.root.dep_ == "conj" else None
            linked = [partner] + [c.i for c in r.root.children if c.dep_ == "conj"]
            for i in linked:
                if i is not None and i in place_roots:
                    r.label = place_roots[i]
                    break
    by_name: dict[str, list[_Raw]] = defaultdict(list)
    for r in raws:
        by_name[_name_key(text[r.start : r.end])].append(r)
    for name, group in by_name.items():
        labels = Counter(r.label for r in group)
        places = Counter({lab: n for lab, n in labels.items() if lab in PLACE_LABELS})
        if places and not is_demonym(name):
            place = places.most_common(1)[0][0]
            for lab in list(labels):
                if lab in _PLACE_CONFUSIONS:
                    labels[place] += labels.pop(lab)
        # ties go to places, then people, then the rest (stable order)
        rank = {"GPE": 0, "LOC": 1, "FAC": 2, "PERSON": 3, "ORG": 4}
        best = max(labels.items(), key=lambda kv: (kv[1], -rank.get(kv[0], 9)))[0]
        for r in group:
            r.label = best
    for r in raws:
        if r.label == "LANGUAGE" and not is_demonym(text[r.start : r.end]):
            r.label = "GPE"  # "Aleppo":LANGUAGE; real language names look like demonyms


def _role_after(tok: "Token") -> bool:
    """``tok`` is followed by ", a/an/the <noun>" or has a nominal apposition."""
    doc = tok.doc
    i = tok.i + 1
    if i + 2 < len(doc) and doc[i].text == "," and doc[i + 1].lower_ in ("a", "an", "the"):
        j = i + 2
        while j < len(doc) and doc[j].pos_ in ("ADJ", "NOUN", "ADV") and doc[j].is_lower:
            if doc[j].pos_ == "NOUN":
                return True
            j += 1
    return any(c.dep_ == "appos" and c.pos_ == "NOUN" and c.is_lower for c in tok.children)


def _missed_people(doc: "Doc", taken: list[tuple[int, int]]) -> list[_Raw]:
    """Title-case proper-noun runs that NER missed, kept only in two safe frames:
    the subject of a speech verb, or "Yasser, an accountant" (apposition to a role)."""
    covered = set()
    for s, e in taken:
        covered.update(range(s, e))
    out: list[_Raw] = []
    # the POS column read once: a Token object only for proper nouns
    from spacy.attrs import POS
    from spacy.parts_of_speech import IDS

    propn = IDS["PROPN"]
    pos = doc.to_array(POS).tolist() if len(doc) else []
    i = 0
    while i < len(doc):
        if pos[i] != propn:
            i += 1
            continue
        tok = doc[i]
        if not (tok.pos_ == "PROPN" and tok.is_title and tok.is_alpha) or tok.idx in covered:
            i += 1
            continue
        j = i
        # a run of adjacent title-case PROPN tokens separated by single spaces only
        while (
            j + 1 < len(doc)
            and j + 1 - i < 3
            and doc[j + 1].pos_ == "PROPN"
            and doc[j + 1].is_title
            and doc[j + 1].is_alpha
            and doc[j].whitespace_ == " "
        ):
            j += 1
        run = doc[i : j + 1]
        i = j + 1
        if any(t.idx in covered or title_key(t.text) in TITLE_WORDS or t.lower_ in GENERIC_WORDS for t in run):
            continue
        if run[0].is_sent_start and len(run) == 1 and not _role_after(run[-1]):
            continue
        root = run.root
        speech_subject = root.dep_ == "nsubj" and is_reporting_verb(root.head)
        if speech_subject or _role_after(run[-1]):
            if root.ent_type_ in ("", "PERSON") and (speech_subject or root.dep_ in ("nsubj", "nsubjpass")):
                out.append(_Raw(run.start_char, run.end_char, "PERSON", root))
        elif len(run) >= 2 and root.ent_type_ == "" and _set_off_beside_people(run):
            out.append(_Raw(run.start_char, run.end_char, "PERSON", root))
    return out


def _set_off_beside_people(run: "SpacySpan") -> bool:
    """A name of two words or more set off by commas after a noun of people: "One of its
    members, Demetrios Minor, said" (BASIL 450755dd, open: NER missed the name, then called
    his bare "Minor" of "“…,” Minor said" an organisation). The noun is a person's in WordNet's
    first sense (the optional ``[wordnet]`` extra; nothing without it)."""
    from newsprism.extract.word_senses import noun_senses

    root, doc = run.root, run.doc
    if root.dep_ != "appos" or run.start == 0 or doc[run.start - 1].text != ",":
        return False
    if run.end < len(doc) and doc[run.end].text not in (",", ".", ";"):
        return False
    noun = root.head
    if noun.pos_ in ("NUM", "PRON"):  # "one of its members", "some of them"
        noun = next((o for p in noun.children if p.dep_ == "prep" and p.lower_ == "of"
                     for o in p.children if o.dep_ == "pobj"), noun)
    if noun.pos_ != "NOUN" or not noun.is_lower:
        return False
    senses = noun_senses()
    found = senses.senses(noun.lemma_) if senses is not None else ()
    return bool(found) and senses is not None and senses.synset(found[0]).lexname == "noun.person"


# a given name, a nickname in quotes, a surname: 'William "Mo" Cowan', "Robert 'Bobby' Kennedy"
_NICKNAMED = re.compile(r"\b([A-Z][a-z]+)\s+[\"“'‘]([A-Z][\w.]*)[\"”'’]\s+([A-Z][\w'’-]*[a-z])\b")


def _nicknamed_people(raws: list[_Raw], text: str) -> list[_Raw]:
    """'William "Mo" Cowan' is one person: NER cuts the name at the quote marks ("William"
    a person, "Mo" a work of art, "Cowan" an organisation). Where a person's given name is
    followed by a quoted nickname and a surname, the pieces become one PERSON mention."""
    out = list(raws)
    for m in _NICKNAMED.finditer(text):
        given = next((r for r in raws if r.start == m.start(1) and r.label == "PERSON"), None)
        if given is None:
            continue
        out = [r for r in out if r.end <= m.start() or r.start >= m.end()]
        out.append(_Raw(m.start(), m.end(), "PERSON", given.root))
    return out


def _split_pairs(raws: list[_Raw], text: str) -> list[_Raw]:
    """"Trump-Abe" (a meeting, a summit) is two people, not an organisation: a hyphened
    pair of capitalised words each of which ends a person's name in the document."""
    surnames = {text[r.start : r.end].split()[-1] for r in raws if r.label == "PERSON" and " " in text[r.start : r.end]}
    out: list[_Raw] = []
    for r in raws:
        pair = _PAIR.match(text[r.start : r.end])
        if pair is not None and pair.group(1) in surnames and pair.group(2) in surnames:
            out.append(_Raw(r.start, r.start + len(pair.group(1)), "PERSON", r.root))
            second = r.start + pair.start(2)
            out.append(_Raw(second, second + len(pair.group(2)), "PERSON", r.root))
        else:
            out.append(r)
    return out


# lower-case words that belong inside a person's name ("Charles de Gaulle", "Bashar al-Assad")
# and the lower-case words an organisation's or a work's name holds ("Bank of America")
_NAME_PARTICLES = frozenset("de da di del della der den du van von la le al el bin ibn y dos das".split())
_NAME_LOWER = _NAME_PARTICLES | frozenset("of the for and on in at & a an".split())


def _split_people(raws: list[_Raw], text: str) -> list[_Raw]:
    """A PERSON span that holds two people is those two people: one cut at a lower-case word
    no name holds ("shifted from Carly Fiorina to Rubio to, now, Cruz"), or one made of two
    names the document writes apart as people (a headline's "Hillary Clinton Slams Donald
    Trump"); a part that is no capitalised name is dropped."""
    people = [text[r.start : r.end] for r in raws if r.label == "PERSON"]
    known = {p for p in people if " " in p}
    surnames = {p.split()[-1] for p in people}
    out: list[_Raw] = []
    for r in raws:
        piece = text[r.start : r.end]
        words = list(re.finditer(r"\S+", piece))
        if len(words) < 3:
            out.append(r)
            continue
        cuts = [w for w in words if w.group()[:1].islower() and w.group().lower() not in _NAME_LOWER]
        if r.label != "PERSON" and not any(w.group() in surnames for w in words[-1:]):
            # another label ("Carly Fiorina to Rubio":ORG) is cut only before a person's surname
            cuts = []
        parts: list[tuple[int, int]] = []
        if cuts:
            pos = 0
            for w in cuts + [None]:
                stop = w.start() if w is not None else len(piece)
                chunk = piece[pos:stop].strip()
                if chunk[:1].isupper():
                    lead = piece.index(chunk, pos)
                    parts.append((lead, lead + len(chunk)))
                pos = w.end() if w is not None else stop
        elif r.label == "PERSON":
            inside = sorted(
                (found.start(), found.end()) for name in known if name != piece and name in piece  # (a quick test first)
                for found in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", piece)
            )
            for lo, hi in inside:
                if not parts or lo >= parts[-1][1]:
                    parts.append((lo, hi))
            if len(parts) < 2:
                parts = []
        if not parts:
            out.append(r)
            continue
        out.extend(_Raw(r.start + lo, r.start + hi, "PERSON", r.root) for lo, hi in parts)
    return out


def _name_at(piece: str, name: str) -> int:
    """Where ``name`` stands in ``piece`` as whole words, -1 when it does not."""
    found = re.search(rf"(?<![\w’'-]){re.escape(name)}(?![\w’'-])", piece)
    return -1 if found is None else found.start()


def _headline_names(raws: list[_Raw], text: str) -> list[_Raw]:
    """A name NER ran on into a headline's title-case words ("Reagan’s Daughter Makes Strong
    Statement About Trump Speech": "Trump Speech"; "Bernie Sanders Burns", "Rand Paul Scores
    Direct Hit On") is the name the report writes elsewhere, in its running text: the span
    is cut to the longest such name opening it (a person's full name, the name alone or its
    surname), or to a full name it holds ("Kill Trayvon Martin"). A span the running text
    never names stays as found; so does one whose further words make another name ("Donald
    Trump Jr.", "Clinton Foundation") or a possessive ("Obama’s Gun Grab": a thing of his)."""
    by_line: dict[tuple[int, int], list[str]] = {}
    lines = [title_case_words(text, r.start, r.end, by_line) for r in raws]
    full = {text[r.start : r.end] for r, line in zip(raws, lines) if r.label == "PERSON" and not line}
    if not full or not any(lines):
        return raws
    # a line of names alone ("Secretary of State Mike Pompeo met Moon Jae-in") is no headline:
    # two of its long words are no word of a name the running text writes
    name_words = {w for name in full for w in name.split()}
    heads = [r.label in ("PERSON", "ORG") and " " in text[r.start : r.end]
             and sum(w not in name_words for w in line) >= 2 for r, line in zip(raws, lines)]
    opening = full | {name.split()[-1] for name in full}
    out: list[_Raw] = []
    for r, head in zip(raws, heads):
        piece = text[r.start : r.end]
        if not head or piece in full:
            out.append(r)
            continue
        best: tuple[int, int] | None = None
        for name in opening:
            if len(name) < len(piece) and piece.startswith(name + " ") and (best is None or len(name) > best[1]):
                best = (0, len(name))
        if best is None:
            for name in full:
                at = _name_at(piece, name) if " " in name and len(name) < len(piece) else -1
                if at >= 0 and (best is None or len(name) > best[1] - best[0]):
                    best = (at, at + len(name))
        rest = (piece[: best[0]] + " " + piece[best[1] :]).split() if best else []
        if best is None or any(title_key(w) in NAME_SUFFIXES | ORG_SUFFIXES | INSTITUTION_WORDS for w in rest):
            out.append(r)
            continue
        out.append(_Raw(r.start + best[0], r.start + best[1], "PERSON", r.root))
    return out


def _headline_words_off(raws: list[_Raw], text: str) -> list[_Raw]:
    """Each name on a title-case headline line without the headline's own words NER took into it,
    and none that is headline words alone (``extract.headline_words``)."""
    by_line: dict[tuple[int, int], list[str]] = {}
    on_headline = [bool(title_case_words(text, r.start, r.end, by_line)) for r in raws]
    if not any(on_headline):
        return raws
    words = running_words(text)
    out: list[_Raw] = []
    for r, headline in zip(raws, on_headline):
        cut = headline_cut(text, r.start, r.end, r.label, words) if headline else (r.start, r.end)
        if cut is not None:
            out.append(r if cut == (r.start, r.end) else _Raw(cut[0], cut[1], r.label, r.root))
    return out


_OPEN_MARKS = "\"“‘"
_CLOSE_MARKS = "\"”’"


def _whole_quote(text: str, start: int, end: int) -> bool:
    """The name is all a pair of quotation marks holds (a closing period or comma aside)."""
    before = text[:start].rstrip(" ")
    after = text[end:end + 4].lstrip(".,!?")
    return before[-1:] in _OPEN_MARKS and after[:1] in _CLOSE_MARKS and bool(before) and bool(after)


def _slogan(text: str, start: int, end: int) -> bool:
    """A name that is all a quotation holds and that the document never writes unquoted: a
    slogan, a sign or a title ("chanting “Dump Trump.”", "the sign — which read “Hispanics 4
    Trump”"), not the person or body whose name it holds."""
    if not _whole_quote(text, start, end):
        return False
    name = text[start:end]
    return all(_whole_quote(text, m.start(), m.end()) for m in re.finditer(re.escape(name), text))


def extract_mentions(article: Article, doc: "Doc") -> list[Mention]:
    """Named mentions of people, organisations, places, groups, works, laws and events.

    Numbers and dates are left to other stages. ``doc`` is spaCy's parse of
    ``article.text``.
    """
    text = article.text
    if not parsed_from(doc, text):  # offsets would not point into the article
        return []
    raws = _from_entities(doc, text)
    raws += _dateline_places(doc, text, raws)
    raws += _missed_people(doc, [(r.start, r.end) for r in raws])
    raws = _nicknamed_people(_split_people(_split_pairs(raws, text), text), text)
    raws = _org_last_word(_headline_words_off(_headline_names(raws, text), text), doc, text)
    raws = _possessor_off(raws, text)
    _relabel_in_doc(raws, text)
    for r in raws:
        if r.label != "WORK_OF_ART" and _slogan(text, r.start, r.end):
            r.label = "WORK_OF_ART"
    seen: set[tuple[int, int]] = set()
    mentions: list[Mention] = []
    for r in sorted(raws, key=lambda r: (r.start, r.end)):
        if (r.start, r.end) in seen or r.label not in NAME_LABELS:
            continue
        seen.add((r.start, r.end))
        mentions.append(Mention(article.id, r.start, r.end, text[r.start : r.end], r.label))
    return mentions
