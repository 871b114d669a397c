"""Where a direct quote's cue is, from the already-parsed spaCy ``Doc``.

The cue is the reporting verb (said, told, added, wrote, according to, put it, ...)
the quote's words are said through: in the quote's own sentence, before or after it
depending on how the quote ends (:func:`find_cue`); the verb of the reporter's sentence
the quote is the object or complement of (:func:`governing_verb`); the reporting verb
above a cue whose own subject names no one (:func:`outer_cue`); the main cue of the
sentence before (:func:`previous_sentence_cue`). Also the per-document lookups every
step shares (:class:`DocIndex`). Who speaks through a cue is
:mod:`newsprism.extract.quote_speakers`; the order of the rules is
:mod:`newsprism.extract.quotes`.
"""

from __future__ import annotations

import bisect
import re
from typing import Sequence

from spacy.tokens import Doc, Token

from newsprism.attribution import Named, People, is_according_to, is_mute, is_reporting_verb, is_time_clause, source_of
from newsprism.lexicon import (
    ABBREVIATED_HONORIFICS, FEMALE_NOUNS, MALE_NOUNS, PHRASAL_REPORTING_VERBS, QUOTE_CUE_VERBS, SPEAKING_NOUNS, TITLE_ABBREVIATIONS, WEEKDAYS,
    title_key,
)
from newsprism.extract.quote_marks import QuotedRegion, paired_marks_as_quotes
from newsprism.model import Mention, Span


# subjects the parser finds for a cue that name no speaker
NOT_SPEAKERS = frozenset(WEEKDAYS) | {"today", "yesterday", "tonight", "week", "month", "year"}
# a part of a group that names no group ("one of those advisers" does)
QUANTIFIERS = frozenset("one most some many several few others all both none each".split())
TERMINATORS = frozenset({".", "?", "!"})
WORD = re.compile(r"\w+")
_WINDOW = 60  # tokens: how far a cue may sit from its quote within one sentence


class DocIndex:
    """Lookups built once per document: token by character, quoted regions, the people named."""

    def __init__(
        self, doc_id: str, text: str, doc: Doc, mentions: Sequence[Mention], regions: Sequence[QuotedRegion],
        named: Named | None = None,
    ):
        self.doc_id = doc_id
        self.text = text
        # the text with each pair of apostrophes read as one mark (same length): what stands
        # next to a mark, for the NYT's ''...'' quotes
        self.marks = paired_marks_as_quotes(text)
        self.doc = doc
        self.token_starts = doc.to_array("IDX").tolist() if len(doc) else []  # each token's character offset
        self.region_starts = [r.open_mark for r in regions]
        self.region_ends = [r.close_mark if r.close_mark is not None else r.end for r in regions]
        self.people = People(doc_id, text, doc, mentions, self.inside_quote, named)

    def token_at(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.token_starts, char) - 1)

    def inside_quote(self, char: int) -> bool:
        k = bisect.bisect_right(self.region_starts, char) - 1
        return k >= 0 and char < self.region_ends[k]

    def span(self, start: int, end: int) -> Span:
        return Span(self.doc_id, start, end, self.text[start:end])


def cue_at(token: Token) -> tuple[int, int] | None:
    """Character span of the cue starting at ``token``, or None if it is no cue."""
    if is_according_to(token):
        return token.idx, token.nbor().idx + 2
    if is_reporting_verb(token) or is_reporting_verb(token, QUOTE_CUE_VERBS):
        return token.idx, token.idx + len(token)
    if _puts_it(token):
        return token.idx, token.nbor().idx + 2
    particle = _reporting_particle(token)
    if particle is not None:
        return token.idx, particle.idx + len(particle)
    clear = _made_clear(token)
    if clear is not None:
        return token.idx, clear.idx + len(clear)
    return None


def _made_clear(token: Token) -> Token | None:
    """The "clear" of "made clear that ..." / "made it clear that ...", which says what someone
    said in so many words (BASIL 576116e5: "He made clear that ...: Reductions ... should be
    “minimal,”"), or None. Only with a reported clause: "made clear progress" says nothing."""
    if token.lemma_ != "make" or token.pos_ != "VERB":
        return None
    clear = next((c for c in token.children if c.lower_ == "clear" and c.dep_ in ("ccomp", "acomp", "oprd", "xcomp")), None)
    if clear is None:
        return None
    # (the parser hangs the clause on either word, as a complement or, "made it clear that she
    # would not resign", as an adverbial clause its "that" opens)
    clauses = [c for c in (*token.children, *clear.children) if c.i > clear.i and (
        c.dep_ == "ccomp" or c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "that" for m in c.children))]
    return clear if clauses else None


def _reporting_particle(token: Token) -> Token | None:
    """The particle that makes ``token`` a verb of saying ("shot back", "pointed out"), or None."""
    if token.pos_ != "VERB" or token.dep_ == "amod":
        return None
    # (the parser may take the particle for an adverb right after the verb: "Trump shot back.")
    return next((c for c in token.children if (c.dep_ == "prt" and c.i > token.i or c.dep_ == "advmod" and c.i == token.i + 1)
                 and (token.lemma_.lower(), c.lower_) in PHRASAL_REPORTING_VERBS), None)


def _puts_it(token: Token) -> bool:
    """"put it" that says so: "as Tom Ridge ... put it: “...”", "he put it this way, “...”"."""
    doc = token.doc
    if token.lemma_ != "put" or token.pos_ != "VERB" or token.i + 2 >= len(doc) or doc[token.i + 1].lower_ != "it":
        return False
    after = doc[token.i + 2]
    # ("as X put it", and "That was how X put it" after the quote)
    return after.text in (":", ",", "—", "“", '"', "''") or any(
        (c.lower_ == "as" and c.dep_ == "mark") or (c.lower_ == "how" and c.dep_ == "advmod") for c in token.children)
# a share of a group: "75 percent of Democrats", "a majority of voters", "half of those polled"
SHARES = frozenset("percent % majority minority half third quarter share plurality".split())


def is_terminator(token: Token) -> bool:
    if token.text == "." and token.i > 0 and not token.nbor(-1).whitespace_ and title_key(token.nbor(-1).text) in _ABBREVIATED:
        return False  # "Army Lt. Gen. Mick Bednarek": the tokenizer cut the title's period off
    return token.text in TERMINATORS or (token.is_space and "\n" in token.text)


_ABBREVIATED = TITLE_ABBREVIATIONS | ABBREVIATED_HONORIFICS


def _left_cue(index: DocIndex, first: int) -> Token | None:
    """The speech verb nearest before token ``first`` in the same sentence."""
    doc = index.doc
    for j in range(first - 1, max(-1, first - 1 - _WINDOW), -1):
        token = doc[j]
        if is_terminator(token) or token.text in ('”', '"') and index.inside_quote(token.idx - 1):
            return None
        if token.lower_ == "to" and j > 0 and doc[j - 1].lower_ == "according":
            return doc[j - 1]
        if cue_at(token) is not None and not _aside_clause(token, first):
            return token
    return None


# where the words "call" says stand: "called him a “con man”", "called it “...”"
_CALLED_DEPS = frozenset({"oprd", "dobj", "ccomp", "xcomp", "attr"})


def _naming_aside(cue: Token, first: int) -> bool:
    """"Armed school personnel, called school resource officers, would also be required to undergo
    a “...”": "call" with a name for its complement, set off by commas, names what it follows; a
    quote outside the phrase is not what it says. (Not "Beruff, a Scott ally, called Florida’s
    standards “strong.”", where the parser hung the quote elsewhere but it follows the complement.)"""
    doc = cue.doc
    named = [c for c in cue.children if c.dep_ == "oprd"]
    if cue.lemma_ != "call" or not named or cue.i == 0 or doc[cue.i - 1].text != ",":
        return False
    end = max(c.right_edge.i for c in named) + 1
    return end < first and doc[end].text == "," and not any(
        c.left_edge.i <= first <= c.right_edge.i for c in cue.children if c.dep_ in _CALLED_DEPS)


def _aside_clause(cue: Token, first: int) -> bool:
    """A cue in a relative clause or a noun's modifier that does not hold the quote: "saying
    anybody who complains about a microphone “is not having a good night.”" (the words are the
    sentence's, not the one who complains)."""
    if _naming_aside(cue, first):
        return True
    if cue.left_edge.i <= first <= cue.right_edge.i:
        return False
    if is_time_clause(cue):
        # "When Trump suggested that Cuba would sue ..., Rubio fired back forcefully: “...”": a
        # clause of time or condition whose sentence has a subject of its own does not hold the quote
        # (a main clause before it leaves the quote to it: "The issue had come up Friday after Mr.
        # Trump, asked about ..., had said, ''I think ...''")
        return cue.i < first and cue.head.i > cue.i and any(c.dep_ in ("nsubj", "nsubjpass") for c in cue.head.children)
    if cue.dep_ not in ("relcl", "acl"):
        return False
    # only when the noun it qualifies is the subject of the clause that holds the quote (in
    # "Donald Trump, who proclaimed - falsely - that Christians “cannot come”" the parse cut the
    # quote off the clause; "who proclaimed" is still its cue)
    clause = cue.head.head
    return cue.head.dep_ in ("nsubj", "nsubjpass") and clause.left_edge.i <= first <= clause.right_edge.i


def _right_cue(index: DocIndex, after: int, limit: int) -> Token | None:
    """The speech verb nearest after token ``after`` in the same sentence."""
    doc = index.doc
    for j in range(after, min(len(doc), after + limit)):
        token = doc[j]
        if is_terminator(token) or token.text in ("“", '"') and index.inside_quote(token.idx + 1):
            return None
        if token.lower_ == "but" and token.dep_ == "cc":
            return None  # "... is “true,” but ... they could not resist pointing out": another clause's verb
        if cue_at(token) is not None and (token.dep_ not in ("relcl", "acl") or _slipped_into(token, after)):
            return token
    return None


def _cue_after_apposition(index: DocIndex, after: int) -> Token | None:
    """The cue of "“...,” Mr. Daniloff, now 81 and retired in Cambridge, Mass., said": past the
    usual reach when a name opens right after the closing mark and an apposition set off by
    commas runs up to the verb."""
    doc = index.doc
    lo = after
    while lo < len(doc) and (doc[lo].is_punct or doc[lo].is_space) and not is_terminator(doc[lo]):
        lo += 1
    if lo >= len(doc) or not (doc[lo].is_title or doc[lo].pos_ == "DET"):
        return None
    cue = _right_cue(index, lo, 30)
    if cue is None or doc[cue.i - 1].text != "," or not any(t.text == "," for t in doc[lo : cue.i - 1]):
        return None
    return cue


# what may stand between a subject and its verb in "“...?” Hannity quickly pressed."
_BETWEEN_SUBJECT_AND_VERB = frozenset({"advmod", "aux", "neg"})


def _speaking_verb_after(index: DocIndex, after: int) -> Token | None:
    """The verb of a short clause right after a quote that ends in ",", "?" or "!": "“Would it
    be negotiable?” Hannity pressed.", "“...!” some protesters chanted, three days after ...".
    There the clause tells the act of saying the quote whatever its verb (the lexicon lacks
    "pressed", "chanted"): its subject opens right after the mark and the verb follows it, with
    no object or clause of its own (the quote is what it says)."""
    doc = index.doc
    if after >= len(doc) or doc[after].is_punct or doc[after].is_space:
        return None
    subject = doc[after]
    while subject.dep_ in ("compound", "det", "amod", "nummod", "poss", "case", "nmod") and subject.head.i > subject.i and subject.head.i < after + 6:
        subject = subject.head
    if subject.dep_ != "nsubj" or subject.left_edge.i != after or subject.pos_ not in ("NOUN", "PROPN", "PRON") or (
            subject.pos_ == "PRON" and subject.tag_ != "PRP"):
        return None  # (a relative word opens a clause about something else: "“...,” which votes June 7")
    verb = subject.head
    if verb.pos_ != "VERB" or verb.i < subject.i or verb.tag_ not in ("VBD", "VBZ", "VBP") or verb.lemma_ in ("be", "have"):
        return None
    if any(doc[j].dep_ not in _BETWEEN_SUBJECT_AND_VERB for j in range(subject.right_edge.i + 1, verb.i)):
        return None
    if any(c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "acomp", "oprd", "dative") and c.i > verb.i for c in verb.children):
        return None
    nxt = doc[verb.i + 1] if verb.i + 1 < len(doc) else None
    if nxt is not None and not (nxt.is_punct or nxt.is_space or nxt.dep_ in ("prep", "npadvmod", "advmod", "prt", "advcl")):
        return None
    return verb


def _slipped_into(verb: Token, after: int) -> bool:
    """A verb the parser made a relative clause of a word inside the quote (before token
    ``after``) though no relative word opens it: "“... the mosques,” the Republican presidential
    candidate said" (not "''Bridge of Spies,'' which recounts", "“dirty tricks” that Carson accused")."""
    return verb.head.i < after and not any(c.tag_ in ("WDT", "WP", "WP$", "WRB") for c in verb.children) and any(
        c.dep_ == "nsubj" and c.i > after - 1 for c in verb.children)


def previous_sentence_cue(index: DocIndex, first: int) -> Token | None:
    """The main speech verb of the sentence before token ``first`` (across a paragraph break)."""
    doc = index.doc
    j = first - 1
    while j >= 0 and (doc[j].is_space or doc[j].is_punct):
        j -= 1  # the previous sentence's final punctuation and marks
    found: Token | None = None
    for k in range(j, max(-1, j - _WINDOW), -1):
        token = doc[k]
        if is_terminator(token):
            break
        if index.inside_quote(token.idx):
            continue
        if cue_at(token) is not None and (found is None or token.dep_ == "ROOT" or (
                is_according_to(token) and found.dep_ != "ROOT")):
            # the main verb's cue first; else "according to", which gives the source of its whole
            # sentence ("According to Peter Keating at Vanity Fair, $1.1 million is the cost of
            # plans to read ...": not the "read" of a clause inside it)
            found = token
    return found


def is_partial(text: str, open_mark: int) -> bool:
    """Opened right after a word of the reporter's sentence (not after ":", ",", a dash or a sentence end)."""
    j = open_mark - 1
    while j >= 0 and text[j] in " \t\xa0":
        j -= 1
    return j >= 0 and (text[j].isalnum() or text[j] in "’'%)")


def _introduced(text: str, open_mark: int) -> bool:
    """Opened after ":" or "," - the cue came before ("he added: “...”")."""
    j = open_mark - 1
    while j >= 0 and text[j] in " \t\xa0":
        j -= 1
    return j >= 0 and text[j] in ":,"


def find_cue(index: DocIndex, region: QuotedRegion, first: int, after: int | None, partial: bool) -> Token | None:
    """The speech verb of the quote's own sentence; which side first depends on how it ends."""
    text, doc = index.text, index.doc
    content = text[region.start : region.end]
    ends_clause = content[-1] in ".;"
    lower_follows = after is not None and after < len(doc) and doc[after].text[:1].islower()
    cue: Token | None = None
    if after is not None and not partial and not _introduced(index.marks, region.open_mark):
        if not ends_clause or lower_follows:
            cue = _right_cue(index, after, 12 if content[-1] in ",?!—-" else _WINDOW)
            if cue is None and content[-1] in ",?!":
                cue = _cue_after_apposition(index, after) or _speaking_verb_after(index, after)
    if cue is None:
        cue = _left_cue(index, first)
    # a partial quote that ends its sentence ("... and a “bully.” Mr. Trump did not reply") has
    # no cue after it: the next sentence's verb is not its cue
    closes_sentence = content[-1] in ".?!" and not lower_follows
    introduced_aside = content[-1] in ",?!" and lower_follows and _introduced(index.marks, region.open_mark)
    if cue is None and after is not None and (
            (partial and not closes_sentence) or (ends_clause and lower_follows) or introduced_aside):
        cue = _right_cue(index, after, 12)
    elif cue is not None and after is not None and cue.i < first and not ends_clause and _names_no_one(source_of(cue)):
        # “...,” the union wrote: a cue before the quote whose subject is no one ("the impact it
        # said Clinton would have: “...,” the union wrote") gives way to one right after it
        later = _right_cue(index, after, 12)
        if later is not None and not _names_no_one(source_of(later)):
            cue = later
    return cue


# how a quote hangs from the verb of the reporter's sentence: its object, complement or a
# preposition's object ("called him “a con”", "described her as “...”", "thundered that “...”")
_GOVERNED_DEPS = frozenset({"dobj", "ccomp", "xcomp", "oprd", "attr", "pobj", "prep", "appos", "conj", "acomp", "dative"})
# subjects that name nobody
_NON_SOURCES = frozenset({"it", "this", "that", "there", "which", "what", "these", "those"})


def outside_head(doc: Doc, first: int, last: int) -> Token | None:
    """The first head outside the quote's tokens ``first:last`` of a word inside it (punctuation
    aside): where the quote hangs in the reporter's sentence."""
    for i in range(first, min(last, len(doc))):
        if not doc[i].is_punct and not (first <= doc[i].head.i < last):
            return doc[i].head
    return None


def governing_verb(index: DocIndex, region: QuotedRegion, first: int, after: int | None) -> Token | None:
    """The verb of the reporter's sentence a quote is the object or complement of, when its
    subject names somebody: "Mr. Trump thundered on social media that “...”", "Cruz called
    Trump a “pathological liar”", "Reid has gone after Trump as a “human leech”". A verb whose
    subject names nobody passes the question to the verb its clause depends on ("the report
    found that the money could be coming from “...”")."""
    if looks_like_title(index.text[region.start : region.end]):
        return None  # "appeared on “Fox News Sunday,”": a programme's name, not words said
    doc = index.doc
    last = after if after is not None else index.token_at(region.end) + 1
    tok = outside_head(doc, first, last)
    if tok is None:
        return None
    if tok.pos_ in ("NOUN", "PROPN") and tok.i >= last and all(
            doc[i].dep_ in _LABEL_DEPS or doc[i].is_punct or doc[i].head.i < last for i in range(first, min(last, len(doc)))):
        return None  # a label of the noun after it ("among ''somewhat conservative'' voters"), no words said
    sent = doc[first].sent
    for _ in range(_CLIMB_VERBS):
        for _ in range(5):  # up from the quote to the nearest verb
            if tok.pos_ == "VERB" and tok.lemma_ not in ("be", "have"):
                break
            if tok.dep_ not in _GOVERNED_DEPS or tok.head.i == tok.i:
                return None
            tok = tok.head
        else:
            return None
        if tok.pos_ != "VERB" or not (sent.start <= tok.i < sent.end):
            return None
        if names_a_speaker(index, source_of(tok)):
            return tok
        if tok.dep_ not in ("ccomp", "xcomp", "advcl", "conj") or tok.head.i == tok.i:
            return None
        tok = tok.head
    return None


_CLIMB_VERBS = 3
# how a reported clause hangs from the verb that reports it
_REPORTED_DEPS = frozenset({"ccomp", "xcomp", "advcl", "conj"})


def outer_cue(index: DocIndex, cue: Token) -> Token:
    """The reporting verb whose speaker says the quote, when the cue found reports no one
    itself and is reported by another: "President Obama ... said it would tell an American
    story, one of “suffering and delight”", "Mr. Obama said, a majority of Americans have come
    to believe “...”". The cue stays when its own subject can speak (a name, a person pronoun,
    a speaking noun: "Trump said Clinton described the deal as “the gold standard”" is
    Clinton's phrase), or when no verb above it reports with a subject that can speak."""
    subject = source_of(cue)
    if not (_names_no_one(subject) or (subject is not None and index.inside_quote(subject.idx))):
        return cue  # (a subject inside quotation marks is quoted words, not who speaks)
    tok = cue
    for _ in range(4):
        asides = [c for c in tok.children if c.dep_ == "parataxis" and is_reporting_verb(c)]
        for outer in asides + ([tok.head] if tok.dep_ in _REPORTED_DEPS and tok.head.i != tok.i else []):
            if is_reporting_verb(outer) and names_a_speaker(index, source_of(outer)) and not _group_share(source_of(outer)):
                return outer
        if tok.dep_ not in _REPORTED_DEPS or tok.head.i == tok.i:
            break
        tok = tok.head
    return cue


def _names_no_one(subject: Token | None) -> bool:
    """A cue's subject that is nobody who speaks: "it", "that", a thing ("the test"), a share of
    a group ("a majority of Americans"). Not a name, a person's pronoun or a person's noun."""
    if subject is None:
        return True  # "Sanders said, going on to say that the country has spent “...”"
    if subject.pos_ == "PROPN" or subject.ent_type_ in ("PERSON", "ORG", "NORP", "GPE"):
        return False
    if subject.pos_ == "PRON":
        return subject.lower_ in _NON_SOURCES
    lemma = subject.lemma_.lower()
    return _group_share(subject) or (is_mute(subject) and lemma not in FEMALE_NOUNS and lemma not in MALE_NOUNS)


def _group_share(subject: Token | None) -> bool:
    """"a majority of Americans", "most voters": a share of a group, which speaks only in a poll."""
    return subject is not None and (subject.lemma_.lower() in SHARES or subject.lower_ in QUANTIFIERS)
# how quoted words qualify the noun after them
_LABEL_DEPS = frozenset({"amod", "advmod", "compound", "nmod", "npadvmod"})


def names_a_speaker(index: DocIndex, subject: Token | None) -> bool:
    """A subject that can be the source of words: a name, a person pronoun, a speaking noun."""
    if subject is None or subject.lower_ in _NON_SOURCES or index.inside_quote(subject.idx):
        return False
    if subject.ent_type_ in ("DATE", "TIME", "CARDINAL", "MONEY", "PERCENT") or subject.lower_ in NOT_SPEAKERS:
        return False
    return (
        subject.ent_type_ in ("PERSON", "ORG", "NORP", "GPE")
        or subject.pos_ == "PROPN"
        or subject.lower_ in _SPEAKING_PRONOUNS
        or (subject.pos_ == "NOUN" and subject.lemma_.lower() in SPEAKING_NOUNS)
    )


_SPEAKING_PRONOUNS = frozenset("i we he she they you".split())
SMALL_WORDS = frozenset("a an the of and or in on at to for with by from vs".split())


def looks_like_title(content: str) -> bool:
    """Every word capitalised ("Fox News Sunday,", "Contract with America."): a name, not speech."""
    words = WORD.findall(content)
    return bool(words) and all(w[:1].isupper() or w.isdigit() or w.lower() in SMALL_WORDS for w in words)

