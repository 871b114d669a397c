"""The labels outlets choose for the same entity, read from the parse.

A *descriptor* is a common noun the outlet attaches to a mention of a resolved
entity, in its own words:

- before the name in its noun phrase: "North Korean *dictator* Kim Jong Un",
  "nonprofit conservative advocacy *group* Secure America Now";
- in apposition, either way round: "Cowan, a Boston *lawyer*", "North Korea's
  *leader*, Kim Jong Un";
- as a predicate nominal of the name: "Mr. Arpaio is also a polarizing
  *figure*", "Cowan became a prominent Boston *lawyer*", "Lynch, who is a
  *hardliner*".
- as the class the name is given as an example of: "prominent conservative
  *figures* like Mike Huckabee", "conservative *groups* such as the Heritage
  Foundation".

Each descriptor keeps its noun (the label's key, a hyphenated compound as one
word), the judging or political-lean words that modify it ("polarizing",
"neoconservative"; a plain role noun — "group" — is a label only with a lean) and a
citation of its words. Not descriptors: a title written as part of a name
("Sen.", "Gov."), a noun inside quotation marks (someone else's label, quoted),
a predicate under a negation, a modal or a reporting verb ("Kristol said Steele
is a disgrace" is Kristol's label), figures and units ("49 percent"), and plain
relations and roles ("man", "wife", "spokesman", "member").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from spacy.tokens import Doc, Token

from newsprism.compare.doc_reads import DocReads
from newsprism.lexicon import LABEL_FRAME_SETS, is_title
from newsprism.model import Span, StoryAnalysis

__all__ = ["Descriptor", "descriptors", "same_role", "frame_pair", "closes_paragraph", "quoted_at_start", "inside_quotes", "quote_state",
           "JUDGING_NOUNS", "LEAN"]

# a group by affiliation ("establishment Republicans", "the nation's highest-profile Republicans")
# takes modifiers that pick a subset of it, not a label: NORP is left out
LABEL_TYPES = frozenset({"PERSON", "ORG", "GPE"})
# role nouns that describe a relation or a plain role, not a choice of label
NEUTRAL = frozenset(
    """man woman person people group member members official officials spokesman spokeswoman spokesperson
    candidate president chairman chairwoman director head chief representative year years time day week month
    one who wife husband son daughter father mother brother sister family friend statement report
    percent percentage point points dollar dollars million billion thousand part number lot kind sort type
    first second third last rest side name home way thing something
    """.split()
)
# nouns that judge whom they label ("a firebrand", "a rising star", "the dictator")
JUDGING_NOUNS = frozenset(
    """firebrand hardliner extremist radical zealot crony demagogue dictator strongman tyrant thug kingmaker
    darling star hero villain gadfly provocateur agitator rioter mob ideologue apologist mouthpiece puppet
    stooge henchman flunky lackey maverick loose cannon
    """.split()
)
# the political lean an outlet gives someone is a label of its own ("conservative" /
# "neoconservative" advocacy group), even on a plain role noun
LEAN = frozenset(
    """conservative liberal neoconservative progressive moderate leftist rightist centrist libertarian populist
    ultraconservative left-wing right-wing far-right far-left hard-right hard-left hardline hard-line
    """.split()
)
_COPULAS = frozenset("be become remain".split())
# one role worded two ways: not a choice of frame (the static vectors miss these pairs)
SAME_ROLE = tuple(frozenset(g.split()) for g in (
    "aide adviser advisor assistant staffer", "lawyer attorney counsel", "reporter journalist correspondent",
    "businessman businesswoman executive entrepreneur", "lawmaker legislator", "protester demonstrator",
    "host anchor", "organization outfit group", "critic opponent detractor", "ally supporter backer",
    "fundraiser donor", "moderator host", "aide strategist adviser advisor consultant",
))
_NP_POS = frozenset("DET ADJ NOUN PROPN ADV PART NUM PUNCT".split())
# dependents that belong to a label's own words, left of its noun
_LEFT_DEPS = frozenset("amod compound nmod poss advmod npadvmod case quantmod".split())
_QUOTES_OPEN = frozenset('“"')


@dataclass(frozen=True)
class Descriptor:
    """One label one document gives one entity."""

    entity: str
    doc: str
    key: str  # the label's noun, lemmatised and lower-cased ("dictator", "fund-raiser")
    judging: tuple[str, ...]  # judging words in the label ("polarizing")
    citation: Span  # the label's words in the text


def closes_paragraph(t: Token) -> bool:
    """A straight quote that ends the paragraph before and was parsed into this sentence
    ('"\n\nThe ad, paid for by ...'): not a quotation of this sentence."""
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return t.i == t.sent.start and ("\n" in t.whitespace_ or (nxt is not None and nxt.is_space and "\n" in nxt.text))


@dataclass(frozen=True)
class _DocQuotes:
    """One document's quotation state: per token, whether quotation is open before it counting
    from its paragraph's start (``paragraph``: what :func:`quoted_at_start` reads) and from its
    sentence's start (``sentence``: :func:`inside_quotes`); the marks that open or close a
    quotation (index -> what it makes of the state: "open", "close", "flip"); the sentence
    starts that close the paragraph before (:func:`closes_paragraph`)."""

    paragraph: tuple[bool, ...]
    sentence: tuple[bool, ...]
    marks: Mapping[int, str]
    closing: frozenset[int]

    @staticmethod
    def read(doc: Doc, reads: DocReads | None = None) -> "_DocQuotes":
        """The state of ``doc``, from its ORTH, IS_SPACE and SENT_START columns (no ``Token`` per word)."""
        import numpy as np
        from spacy.attrs import IS_SPACE, ORTH, SENT_START

        n = len(doc)
        if not n:
            return _DocQuotes((), (), {}, frozenset())
        cols = doc.to_array([ORTH, IS_SPACE, SENT_START])
        strings = doc.vocab.strings
        kinds = {strings[m]: k for m, k in (("“", "open"), ("``", "open"), ("”", "close"), ('"', "flip"), ("''", "flip"))}
        orth = cols[:, 0]
        at_mark = np.isin(orth, np.array(list(kinds), dtype=orth.dtype))
        spaces = np.flatnonzero(cols[:, 1] == 1).tolist()
        newline = {i for i, h in zip(spaces, orth[spaces].tolist()) if "\n" in strings[h]}
        starts = set(np.flatnonzero(cols[:, 2] == 1).tolist()) | {0}
        closing = frozenset(i for i in starts if i + 1 in newline)
        marks: dict[int, str] = {}
        for i, h in zip(np.flatnonzero(at_mark).tolist(), orth[at_mark].tolist()):
            kind = kinds[h]
            if kind != "flip" or i not in closing:  # a straight quote closing the paragraph before is no mark
                marks[i] = kind
        paragraph, sentence = [False] * n, [False] * n
        par = sen = False
        events = sorted(starts | newline | set(marks))
        for k, i in enumerate(events):
            if i in starts:
                sen = False if i in closing else par
            paragraph[i], sentence[i] = par, sen
            made = marks.get(i)
            if made is not None:
                par, sen = (True, True) if made == "open" else (False, False) if made == "close" else (not par, not sen)
            if i in newline:
                par = False
            nxt = events[k + 1] if k + 1 < len(events) else n
            if nxt > i + 1:
                paragraph[i + 1 : nxt] = [par] * (nxt - i - 1)
                sentence[i + 1 : nxt] = [sen] * (nxt - i - 1)
        return _DocQuotes(tuple(paragraph), tuple(sentence), marks, closing)

    def quoted(self, start: int, end: int) -> set[int]:
        """The token indices of ``[start, end)`` between quotation marks, counting from whether
        quotation is open at ``start`` (:func:`quoted_at_start`); the marks themselves are not."""
        out: set[int] = set()
        inside = False if start in self.closing else self.paragraph[start]
        marks = self.marks
        for i in range(start, end):
            kind = marks.get(i)
            if kind is None:
                if inside:
                    out.add(i)
            else:
                inside = True if kind == "open" else False if kind == "close" else not inside
        return out


def quote_state(doc: Doc, reads: DocReads | None = None) -> _DocQuotes:
    """Where quotation is open in ``doc``: read once per story (``reads``), else for this call."""
    return (reads or DocReads()).get(doc, _DocQuotes.read)


def quoted_at_start(sent, reads: DocReads | None = None) -> bool:
    """Whether a quotation opened earlier in the paragraph is still open where ``sent`` starts
    ("''And what has he heard from Donald Trump? Nothing but insults, degrading comments ...''":
    the second sentence is quoted too). False when the sentence took in the quote mark closing
    the paragraph before. ``reads``: the story's :class:`~newsprism.compare.doc_reads.DocReads`."""
    state = quote_state(sent.doc, reads)
    return False if sent.start in state.closing else state.paragraph[sent.start]


def _inside_quotes(tok: Token, reads: DocReads | None = None) -> bool:
    """Whether ``tok`` sits between quotation marks (opened in its sentence or earlier in its paragraph)."""
    return quote_state(tok.doc, reads).sentence[tok.i]


def inside_quotes(tok: Token, reads: DocReads | None = None) -> bool:
    """Whether ``tok`` sits between quotation marks (someone else's words, or scare quotes)."""
    return _inside_quotes(tok, reads)


def _key(tok: Token) -> str:
    """The label's noun; a hyphenated compound is one label ("fund-raiser", not "raiser")."""
    doc = tok.doc
    first = tok.i
    while first >= 2 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_ and not doc[first - 2].whitespace_:
        first -= 2
    return "".join(t.lower_ for t in doc[first : tok.i] if t.text != "-") + tok.lemma_.lower()


def _lean_word(t: Token) -> str:
    """The political lean a modifier gives, or "" ("conservative", "far-right"); none in a name
    ("Conservative Solutions PAC's top donor")."""
    if t.pos_ == "PROPN" or (t.is_title and not t.is_sent_start):
        return ""
    doc, first = t.doc, t.i
    while first >= 2 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_ and not doc[first - 2].whitespace_:
        first -= 2
    word = "".join(x.lower_ for x in doc[first : t.i + 1])
    return word if word in LEAN else ""


def _leaning(tok: Token) -> bool:
    """Whether a plain role noun is given a political lean ("a neoconservative nonprofit organization")."""
    return any(_lean_word(c) for c in tok.lefts if c.dep_ in ("amod", "compound"))


def _usable(tok: Token) -> bool:
    if _party_lean(tok):
        return True  # "Lynch, a conservative Democrat": the lean is the label
    if tok.pos_ != "NOUN" or not tok.is_lower or len(tok.text) < 3 or tok.like_num:
        return False
    if (tok.lemma_.lower() in NEUTRAL or tok.lower_ in NEUTRAL) and not _leaning(tok):
        return False
    # "49 percent", "two years": a count, not a label
    if any(c.dep_ == "nummod" or c.like_num for c in tok.children):
        return False
    # "a graduate of Duke University", "counsel to Patrick", "editor of the Weekly Standard":
    # a relation to a named body, the biography both outlets could give, not a label
    return not any(c.dep_ == "prep" and c.lower_ in ("of", "to", "at", "for")
                   and any(x.dep_ == "pobj" and x.pos_ == "PROPN" for x in c.children) for c in tok.children)


def _party_lean(tok: Token) -> bool:
    """A member of a party or movement named by its proper noun (NER: NORP, singular) with a political
    lean the outlet gives it ("a conservative Democrat", "a moderate Republican")."""
    return tok.pos_ == "PROPN" and tok.ent_type_ == "NORP" and tok.tag_ == "NNP" and _leaning(tok)


def _words(tok: Token, name_start: int | None = None) -> tuple[int, int]:
    """Token range of a label around its noun: its own modifiers on the left (no
    article) and a short "of" phrase on the right ("figurehead of the Republican Party")."""
    lo = tok.i
    for c in tok.lefts:
        if c.dep_ in _LEFT_DEPS and c.i >= tok.i - 5:
            lo = min(lo, c.left_edge.i if c.left_edge.i >= tok.i - 5 else c.i)
    # never across a sentence, a line break or a comma ("CPAC\n\nFox News host")
    lo = max([lo, tok.sent.start] + [t.i + 1 for t in tok.doc[lo : tok.i] if t.is_space or t.text in ",;:("])
    hi = tok.i + 1
    if name_start is None:
        for c in tok.rights:
            if c.dep_ == "prep" and c.lower_ == "of" and c.right_edge.i - tok.i <= 6:
                hi = c.right_edge.i + 1
                break
    else:
        hi = min(hi, name_start)
    return lo, hi


def _predicates(head: Token) -> list[Token]:
    """Nouns said of ``head`` by a copula: "X is a dictator", "X, who became a lawyer"."""
    out: list[Token] = []
    verbs: list[Token] = []
    # "Khan and his wife are newcomers": the predicate labels the pair, not the one named
    if head.dep_ == "conj" or any(c.dep_ == "conj" for c in head.children):
        return out
    # the outlet's own statement, not a clause under another verb: "Kristol said Steele
    # is a disgrace" is Kristol's label, "the skepticism that Afghanistan is a winnable
    # enterprise" is the skeptics'
    if head.dep_ in ("nsubj", "nsubjpass") and head.head.lemma_ in _COPULAS and (
            head.head.dep_ == "ROOT" or (head.head.dep_ == "conj" and head.head.head.dep_ == "ROOT")):
        verbs.append(head.head)
    verbs.extend(c for c in head.children if c.dep_ == "relcl" and c.lemma_ in _COPULAS)
    for verb in verbs:
        if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.tag_ == "MD") for c in verb.children):
            continue
        for c in verb.children:
            # "Beck was the reason they came", "the one who ...": an identification, not a label
            if c.dep_ == "attr" and not any(x.dep_ in ("relcl", "acl") for x in c.children):
                out.append(c)
                out.extend(x for x in c.conjuncts if x.i > c.i)
    return out


def _from_mention(doc: Doc, start: int, end: int) -> list[tuple[Token, int | None]]:
    """Candidate label nouns of one mention (with where the name starts, for a label before it)."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return []
    head = span.root
    out: list[tuple[Token, int | None]] = []
    # before the name in its noun phrase
    i = span.start - 1
    while i >= 0 and i >= span.start - 4 and (span.start <= doc[i].head.i < span.end or doc[i].head.i == i + 1):
        if doc[i].dep_ in ("compound", "amod", "nmod") and doc[i].pos_ == "NOUN":
            # a title ("senator", "chief") before a name is how the name is written
            if not is_title(doc[i].text):
                out.append((doc[i], span.start))
            break  # the noun nearest the name is the label; words before it modify it
        i -= 1
    # in apposition, either way round, set off by a comma right next to the name
    # ("Cowan, a Boston lawyer"; not "Jackson, dressed in a blue suit")
    after = span.end < len(doc) and doc[span.end].text == ","
    for c in head.children:
        if c.dep_ == "appos" and after and c.i > span.end and c.left_edge.i == span.end + 1 \
                and all((t.pos_ in _NP_POS or (t.pos_ == "VERB" and t.dep_ == "amod")) and t.text != ","
                        for t in doc[span.end + 1 : c.i]):  # with a participle: "Ryan, a rising star"
            # "an image of Hillary Clinton, money and a six-pointed star": a bare noun with others
            # joined to it is the next item of a list, not a description of the name
            if c.tag_ == "NN" and any(x.dep_ == "conj" for x in c.children) \
                    and not any(x.dep_ in ("det", "poss") for x in c.children):
                continue
            out.append((c, None))
            out.extend((x, None) for x in c.conjuncts if x.i > c.i)
            # "Cowan, a Boston lawyer who is a longtime friend and former aide"
            out.extend((x, None) for x in _predicates(c) if x.i > c.i)
    if after and not out and span.end + 2 < len(doc) and doc[span.end + 1].lower_ in ("a", "an"):
        # ", a neoconservative nonprofit organization dedicated to ..." the parse took for a
        # clause of its own: the noun run right after the comma, as the resolver reads roles
        j, noun = span.end + 2, None
        while j < len(doc) and j - span.end <= 6 and doc[j].pos_ in ("ADJ", "NOUN") and doc[j].text != ",":
            if doc[j].pos_ == "NOUN":
                noun = doc[j]
            j += 1
        if noun is not None and noun.i == j - 1 and noun.dep_ != "appos":
            out.append((noun, None))
    if head.dep_ == "appos" and head.head.i < span.start and span.start >= 1 and doc[span.start - 1].text == ",":
        # "North Korea's leader, Kim", "the leader of North Korea, Kim"; not "a three-person race
        # between himself, Donald Trump" (the name ends a list inside the noun's phrase)
        between = doc[head.head.i + 1 : span.start - 1]
        if not len(between) or (between[0].lower_ == "of" and all(t.text != "," for t in between)):
            out.append((head.head, None))
    elif not out and span.start >= 1 and any(t.dep_ == "appos" and t.head.i == span.start - 1 for t in span):
        # "advocacy group Secure America Now" parsed as an apposition: a label before the name
        out.append((doc[span.start - 1], span.start))
    out.extend((t, None) for t in _predicates(head))
    kind = example_class(head)
    if kind is not None:
        out.append((kind, None))
    return out


def _introduces_examples(prep: Token) -> bool:
    """Whether a preposition brings in examples of the noun it hangs on: "like", "including",
    "such as" (not a bare "as": "his role as adviser")."""
    word = prep.lower_
    return prep.dep_ == "prep" and (word in ("like", "including")
                                    or (word == "as" and any(c.lower_ == "such" for c in (*prep.lefts, *prep.head.children)
                                                              if c.i == prep.i - 1)))


def example_class(head: Token) -> Token | None:
    """The plural noun a name is given as an example of — "prominent conservative figures like Mike
    Huckabee", "conservative groups such as the Heritage Foundation", "senators, including John McCain"
    (the name, or a later name of its list): the name is one of that class, so the class noun, with
    its modifiers, labels it (Hearst 1992's lexico-syntactic hyponym patterns). A singular noun
    compares rather than classes ("a leader like his father"): none."""
    first = head
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head
    # the word right before the name's phrase, not its parse: the parser often leaves the name
    # out of the preposition ("figures like Gov. Mike Huckabee began" read Huckabee as the subject)
    if first.left_edge.i == 0:
        return None
    prep = first.doc[first.left_edge.i - 1]
    if not _introduces_examples(prep):
        return None
    kind = prep.head
    return kind if kind.pos_ == "NOUN" and kind.tag_ == "NNS" and kind.i < prep.i else None


def descriptors(analysis: StoryAnalysis, docs: Mapping[str, Doc],
                judging: Callable[[Token], bool], reads: DocReads | None = None) -> dict[str, dict[str, list[Descriptor]]]:
    """entity id -> doc id -> its descriptors, for entities of a labelled type that
    two or more documents mention and one or more describe. ``judging`` tells
    whether a modifier judges; ``reads``: the story's :class:`~newsprism.compare.doc_reads.DocReads`."""
    reads = DocReads() if reads is None else reads
    out: dict[str, dict[str, list[Descriptor]]] = {}
    given: dict[str, dict[str, set[str]]] = {}  # doc id -> surname -> given names written before it
    for e in analysis.entities:
        if e.type not in LABEL_TYPES or len({m.doc for m in e.mentions}) < 2:
            continue  # one document's entity: nothing to compare (decided before reading its labels)
        per_doc: dict[str, list[Descriptor]] = {}
        seen: set[tuple[str, int]] = set()
        for m in e.mentions:
            doc = docs.get(m.doc)
            if doc is None:
                continue
            if e.type == "PERSON" and _shared_surname(doc, m.doc, m.start, m.end, given):
                continue
            for tok, name_start in _from_mention(doc, m.start, m.end):
                if (m.doc, tok.i) in seen or not _usable(tok) or _inside_quotes(tok, reads) or _plural_for_one(tok, e.type):
                    continue
                seen.add((m.doc, tok.i))
                lo, hi = _words(tok, name_start)
                words = doc[lo:hi]
                # a judging word inside the label's own hyphenated noun ("lame-duck") is the noun
                judged = tuple(dict.fromkeys(
                    _lean_word(t) or t.lemma_.lower() for t in words
                    if t.i != tok.i and (judging(t) or _lean_word(t))
                    and not (t.i + 1 < len(doc) and doc[t.i + 1].text == "-" and not t.whitespace_)))
                cite = Span(m.doc, words.start_char, words.end_char, words.text)
                per_doc.setdefault(m.doc, []).append(Descriptor(e.id, m.doc, _key(tok), judged, cite))
        if per_doc:
            out[e.id] = per_doc
    return out


def _plural_for_one(tok: Token, entity_type: str) -> bool:
    """A plural noun said of one person ("Khan and his wife are newcomers", "core groups of
    voters Mrs. Clinton must win"): the label of a group, or a misparse, not of the person —
    unless the person is named as one of its examples ("figures like Mike Huckabee")."""
    return entity_type == "PERSON" and tok.tag_ in ("NNS", "NNPS") and not any(
        _introduces_examples(c) for c in tok.children)


def _given_names(doc: Doc) -> dict[str, set[str]]:
    """surname -> the given names the document writes right before it ("Khizr Khan",
    "Ghazala Khan", "Major [Humayun] Khan": Khan -> {Khizr, Ghazala, Humayun})."""
    import numpy as np
    from spacy.attrs import POS
    from spacy.parts_of_speech import NAMES

    out: dict[str, set[str]] = {}
    # the proper nouns found from the POS column, not a Token per word
    propn = [k for k, v in NAMES.items() if v == "PROPN"]
    for i in np.flatnonzero(np.isin(doc.to_array([POS]).reshape(-1), propn)).tolist() if len(doc) else ():
        t = doc[i]
        if not t.text[:1].isupper() or t.i == 0:
            continue
        j = t.i - 1
        while j > 0 and doc[j].text in ("[", "]", "(", ")"):
            j -= 1
        prev = doc[j]
        if prev.pos_ == "PROPN" and prev.is_alpha and prev.text[:1].isupper() and not is_title(prev.text) \
                and "PERSON" in (prev.ent_type_, t.ent_type_):
            out.setdefault(t.text, set()).add(prev.text)
    return out


def _shared_surname(doc: Doc, doc_id: str, start: int, end: int, cache: dict[str, dict[str, set[str]]]) -> bool:
    """Whether a mention is a surname alone ("Khan", "Mr. Khan") that the document gives two
    or more people: which of them a label there describes is the resolver's guess, not the parse's."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return False
    words = [t for t in span if t.is_alpha and not is_title(t.text) and t.lower_ not in ("the", "a", "an")]
    if len(words) != 1:
        return False
    if doc_id not in cache:
        cache[doc_id] = _given_names(doc)
    return len(cache[doc_id].get(words[0].text, ())) >= 2


def same_role(a: str, b: str) -> bool:
    """Whether two label keys name one role in two words ("aide" / "adviser")."""
    return any(a in g and b in g for g in SAME_ROLE)


def frame_pair(a: str, b: str) -> bool:
    """Whether two label keys are alternatives for one role ("aide" / "volunteer")."""
    return a != b and any(a in g and b in g for g in LABEL_FRAME_SETS) and not same_role(a, b)


def words_against_outlets(words: list[tuple[str, str]]) -> str:
    """'backlash, firestorm (Fox News) vs criticism (NYT)' from (word, outlets) pairs in order:
    the words one set of outlets uses stay together, so an outlet is never set against itself."""
    groups: dict[str, list[str]] = {}
    for word, outlets in words:
        groups.setdefault(outlets, []).append(word)
    return " vs ".join(f"{', '.join(ws)} ({outlets})" for outlets, ws in groups.items())
