"""What entity resolution reads of one mention (``compare/resolve.py``): its kind (name,
common noun, pronoun), its label group, the name's words without titles and its phonetic
tokens, its head lemma and sentence, the role nouns the parse attaches to a name ("Yasser, an
accountant", "son-in-law Jared Kushner"), a gender cue ("Mr.", "Ms.", a known given name) and a
generational suffix ("Jr."). One ``Item`` per mention; the rules of the resolver join them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from newsprism.extract.person_names import is_person_noun, person_role
from newsprism.compare.names import (
    NAME_LINKS,
    NAME_WORD,
    ORG_FORM_WORDS,
    PARTICLES,
    SURNAME_PREFIXES,
    SURNAME_PREFIX_SPELLINGS,
    name_tokens,
    phonetic,
)
from newsprism.compare.mention_clauses import (
    OBJECT_PRONOUNS,
    clause_of,
    clause_subjects,
    place_named_after,
    plural_read_as_verb,
    sentence_start,
)
from newsprism.extract.mentions import NAME_LABELS, PLACE_LABELS, is_demonym
from newsprism.extract.times import DAY_MONTH_RE, MONTH_DAY_RE, MONTHS
from newsprism.lexicon import (
    honorific_gender,
    FEMALE_NOUNS,
    HONORIFICS,
    LIGHT_VERBS,
    LOCATIVE_PREPOSITIONS,
    MALE_NOUNS,
    NAME_SUFFIXES,
    REPORTING_VERBS,
    TITLE_WORDS,
    US_STATE_ABBREVIATIONS,
    US_STATES,
    WEEKDAYS,
    name_gender,
    title_key,
)
from newsprism.model import Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Span as SpacySpan, Token

__all__ = [
    "Item", "make_item", "mention_head", "person_role", "argument_of", "label_group", "compatible", "is_full_person", "is_person_noun",
    "PRONOUNS", "PRONOUNS_PERSON", "PRONOUNS_PLURAL", "PRONOUNS_RELATIVE", "PRONOUNS_OTHER",
]

PRONOUNS_PERSON = frozenset("he him his himself she her hers herself".split())
PRONOUNS_PLURAL = frozenset("they them their theirs themselves".split())
_PRONOUNS_THING = frozenset("it its itself".split())
PRONOUNS_RELATIVE = frozenset("who whom whose which that".split())
PRONOUNS_OTHER = frozenset("i me my mine myself we us our ours ourselves you your yours this these those".split())
PRONOUNS = PRONOUNS_PERSON | PRONOUNS_PLURAL | _PRONOUNS_THING | PRONOUNS_RELATIVE | PRONOUNS_OTHER
# role nouns too vague to tell two people apart
_VAGUE_ROLES = frozenset("man woman person people one resident member official source group part head".split())


@dataclass
class Item:
    idx: int
    mention: Mention
    kind: str  # "name" | "nominal" | "pronoun"
    group: str  # PERSON | PLACE | ORG | NORP | OTHER | UNK
    words: tuple[str, ...]  # the name's words as written, without leading titles
    toks: tuple[str, ...]
    head: str  # lemma of the head word, lowercase
    sent: int = 0
    plural: bool = False
    roles: list[Span] = field(default_factory=list)
    relative_to: int = -1  # relative pronoun: char offset of the noun its clause modifies
    modifier: bool = False  # a word modifying another noun, not a phrase of its own: "the 2004 [Tony] telecast"
    clause: int = -1  # the token index of the verb heading its clause (-1: none found)
    bound_by: tuple[int, ...] = ()  # object pronoun: token indices of its clause's subject, which it is not
    gender: str | None = None  # "m"/"f": an honorific before the name ("Mr.", "Ms.") or a known given name
    gender_by_name: bool = False  # the gender cue is the given name's alone ("Raj" is mostly a man's name)
    suffix: str = ""  # a generational suffix after a person's name: "jr", "sr", "ii", ... ("" when none)
    person_role: bool = False  # the name is a clause's subject or a possessor, or "who" follows it
    paired_surname: str = ""  # a given name alone before "and <Given> <Surname>": that surname ("Khizr and Ghazala Khan")
    place_context: bool = False  # written after a preposition of place ("in Jordan", "from Texas")
    calendar: tuple[int, int, int | None] | None = None  # a date's (month, day, year or None)
    clock: tuple[int, int] | None = None  # a clock time's (hour 0-23, minute), written alone
    day_clock: tuple[int, int] | None = None  # a clock time written with its weekday ("7 p.m. Friday")
    argument: tuple[str, str] | None = None  # (verb lemma, "subject" | "object") the mention is an argument of
    clause_argument: tuple[str, str] | None = None  # the same, of the clause that modifies it ("the driver who fled")
    head_i: int = -1  # the head's token index in its document
    article: str = ""  # a common noun's article: "a" ("a motorist"), "the" (nothing after the noun says which), or ""
    speaks: bool = False  # a pronoun subject of a reporting verb ("they say", "they believe")
    said_of: int = -1  # the token index of the noun this one is said to be ("Smith, the driver"; "he is the driver")
    headline: bool = False  # a name of two words or more in a line written in title case (a headline)
    opens_sentence: bool = False  # a person's name with nothing but punctuation before it in its sentence
    before_state: bool = False  # a name followed by a US state between commas ("Hampstead, New Hampshire,")
    title_roles: frozenset[str] = frozenset()  # what a title before the name says the person is ("Dr.": "doctor")

    @property
    def role_lemmas(self) -> set[str]:
        return ({re.sub(r"\W", "", r.text.split()[-1].lower()) for r in self.roles} | self.title_roles) - _VAGUE_ROLES


_TIME_LABELS = frozenset({"DATE", "TIME"})


def mention_head(span: "SpacySpan") -> "Token":
    """The head word of a mention: its syntactic root, or the object of a
    leading preposition ("on a freeway" -> "freeway")."""
    if len(span) > 1 and span[-1].is_punct and span[-1].text in ".,;:":
        span = span[:-1]  # a period the mention's end took in ("Friday night .")
    root = span.root
    if root.dep_ == "compound" and not span.start <= root.head.i < span.end:
        # words the parser hung each on one word past the mention ("Ferguson Police Officer Darren
        # Wilson": "Ferguson" and "Police" on "Officer"): a compound's head is its last word
        root = next(t for t in reversed(span) if t.head == root.head)
    if root.pos_ == "DET" and len(span) > 1:
        # a determiner whose noun lies past the mention ("the 2007" of "the 2007 ceremony"): the
        # mention's last word says what it is
        root = span[-1]
    if root.pos_ == "ADP" and span[0].pos_ == "ADP" and span[0] is not root:
        root = span[0]  # "in the Gulf of Aden , between the Horn of Africa ...": the first phrase
    if root.pos_ == "ADP":
        for child in root.children:
            if child.dep_ == "pobj" and span.start <= child.i < span.end:
                return child
    if _cut_abbreviation(root):
        return _name_after_abbreviations(span) or root
    return place_named_after(span, root) or root


def _cut_abbreviation(tok: "Token") -> bool:
    """An initial or a title whose period the tokenizer cut off ("U . S .", "Dr . Regina
    Benjamin": text tokenized before it came here, as ECB+ is)."""
    doc = tok.doc
    short = (len(tok.text) == 1 and tok.is_upper) or (tok.is_alpha and title_key(tok.text) in TITLE_WORDS)
    return short and tok.i + 1 < len(doc) and doc[tok.i + 1].text == "."


def _name_after_abbreviations(span: "SpacySpan") -> "Token | None":
    """The last word of the first run of capitalised words in ``span`` that are no cut
    initials or titles ("U . S . Surgeon General" -> "General")."""
    run: list["Token"] = []
    for tok in span:
        if tok.is_alpha and len(tok.text) > 1 and tok.text[:1].isupper() and not _cut_abbreviation(tok):
            run.append(tok)
        elif run:
            break
    return run[-1] if run else None


def _person_at_end(span: "SpacySpan") -> "Token | None":
    """The last word of a person's name that ends a longer mention ("Former AMA trustee Dr .
    Benjamin", "MacArthur \"genius grant\" fellow Regina Benjamin"), or None."""
    toks = [t for t in span if not (t.is_punct and t.text in ".,")]
    if len(toks) < 2 or toks[-1].ent_type_ != "PERSON" or toks[-1].pos_ != "PROPN":
        return None
    return toks[-1]


def _relative_antecedent(tok: "Token") -> int:
    """Char offset of the noun a relative clause modifies ("the man [who] ... ": "man"), or -1
    when the word does not open a relative clause ("that" as a determiner or complementiser)."""
    clause = tok.head
    if tok.dep_ == "poss":  # "whose": the possessed noun heads the clause's argument
        clause = clause.head
    while clause.dep_ in ("prep", "pobj") and clause.head is not clause:  # "in which", "of whom"
        clause = clause.head
    if clause.dep_ in ("relcl", "acl") and clause.head is not clause:
        return clause.head.idx
    return -1


def label_group(label: str) -> str:
    if label in _TIME_LABELS:
        return "TIME"
    if label == "PERSON":
        return "PERSON"
    if label in PLACE_LABELS:
        return "PLACE"
    if label in ("ORG", "NORP"):
        return label
    if label in NAME_LABELS:
        return "OTHER"
    return "UNK"


def compatible(a: Item, b: Item) -> bool:
    if a.group == b.group or "UNK" in (a.group, b.group):
        return True
    groups = {a.group, b.group}
    if groups == {"NORP", "PLACE"}:  # "Aleppo":NORP is the place; "Syrian" is not "Syria"
        return not any(is_demonym(w) for w in a.words + b.words)
    # the model mixes ORG/place/other labels on one name, but a person is not a place
    return not groups & {"PERSON", "NORP"}


def is_full_person(it: Item) -> bool:
    return it.group in ("PERSON", "UNK") and len(it.toks) >= 2 and (
        it.toks[0] not in SURNAME_PREFIXES or (bool(it.words) and it.words[0].lower() not in SURNAME_PREFIX_SPELLINGS))



# ---------------------------------------------------------------- mention features


_ROLE_LEFT_DEPS = frozenset({"det", "amod", "compound", "nmod", "poss", "nummod"})
_HYPHENS = frozenset({"-", "‐"})


def _hyphen_extent(doc: "Doc", lo: int, hi: int) -> tuple[int, int]:
    """Widen tokens ``lo..hi`` over words joined to them by hyphens ("son-in-law")."""
    while hi + 2 < len(doc) and doc[hi + 1].text in _HYPHENS and not doc[hi].whitespace_ and not doc[hi + 1].whitespace_:
        hi += 2
    while lo >= 2 and doc[lo - 1].text in _HYPHENS and not doc[lo - 2].whitespace_ and not doc[lo - 1].whitespace_:
        lo -= 2
    return lo, hi


def _role_span(tok: "Token", doc_id: str) -> Span:
    """The role phrase: the noun with all its modifiers before it ("North Korean dictator",
    "the Syrian president") and the words hyphens join to it ("son-in-law")."""
    doc = tok.doc
    start = tok.i
    for child in tok.lefts:
        if child.dep_ in _ROLE_LEFT_DEPS:
            start = min(start, child.left_edge.i)
    lo, hi = _hyphen_extent(doc, start, tok.i)
    # Span.text, not Doc.text: the latter rebuilds the whole article on every call
    return Span(doc_id, doc[lo].idx, doc[hi].idx + len(doc[hi].text), doc[lo : hi + 1].text)


def _titles_next_name(tok: "Token", name_end: int) -> bool:
    """A role written right before another name ("Donald Trump Jr., son-in-law Jared Kushner")
    is that name's title, not an apposition of the name before it."""
    doc = tok.doc
    _, hi = _hyphen_extent(doc, tok.i, tok.i)
    nxt = hi + 1
    return nxt < len(doc) and nxt > name_end and doc[nxt].pos_ == "PROPN" and doc[nxt].ent_type_ == "PERSON"


def _prenominal_role(first: "Token") -> "Token | None":
    """A lower-case role noun written directly before the name, hyphenated or not:
    "son-in-law Jared Kushner" -> "son"."""
    doc = first.doc
    j = first.i - 1
    if j < 0 or not doc[j].is_lower or doc[j].pos_ not in ("NOUN", "PROPN"):
        return None
    lo, _ = _hyphen_extent(doc, j, j)
    head = doc[lo]
    return head if _is_role(head) else None


def _is_role(tok: "Token") -> bool:
    if title_key(tok.text) in HONORIFICS:  # says nothing about who: two "Mr."s are not one man
        return False
    return (tok.pos_ == "NOUN" and tok.is_alpha) or (tok.pos_ == "PROPN" and title_key(tok.text) in TITLE_WORDS)


_COPULAS = frozenset({"be", "become", "remain"})
_NAMING_VERBS = frozenset({"identify", "name", "describe", "list"})


def _roles(first: "Token", last: "Token", root: "Token", doc_id: str) -> list[Span]:
    """Role nouns the parse attaches to a name: "Yasser, an accountant",
    "the Syrian president, Bashar", "President Bashar Assad"."""
    doc = root.doc
    found: list["Token"] = []
    for child in root.children:
        if child.dep_ == "appos" and _is_role(child) and not _titles_next_name(child, last.i) and not any(
                c.lower_ == "whose" for c in child.children):  # "Mark Mattioli, whose son, ...": the son's role
            found.append(child)
        elif child.dep_ in ("compound", "nmod") and child.i < first.i and _is_role(child):
            found.append(child)
    if root.dep_ == "appos" and _is_role(root.head):
        found.append(root.head)
    before = _prenominal_role(first)
    if before is not None:
        found.append(before)
    if root.dep_ == "pobj" and root.head.lower_ == "as" and root.head.head.lemma_ in _NAMING_VERBS:
        verb = root.head.head  # "the driver, who police identified as X", "the suspect, identified as X"
        if verb.dep_ in ("relcl", "acl") and _is_role(verb.head):
            found.append(verb.head)
    if root.dep_ in ("nsubj", "nsubjpass") and root.head.lemma_ in _COPULAS:
        # "Gupta is the leading contender", "Gupta has been the team's first choice"
        found.extend(c for c in root.head.children if c.dep_ == "attr" and c.i > root.i and _is_role(c))
    if root.dep_ == "nsubj":  # "a radiology nurse in Aleppo, Mohamed said": two subjects
        for sib in root.head.children:
            if sib.dep_ == "nsubj" and sib.i < first.i and sib.pos_ == "NOUN" and doc[first.i - 1].text == ",":
                found.append(sib)
    # ", a/an/the <adjectives> ROLE" right after the name
    i = last.i + 1
    if i + 2 < len(doc) and doc[i].text == "," and doc[i + 1].lower_ in ("a", "an", "the"):
        j, noun = i + 2, None
        while j < len(doc) and doc[j].pos_ in ("ADJ", "NOUN", "PROPN") and j - i < 6:
            if doc[j].pos_ == "NOUN":
                noun = doc[j]
            elif noun is not None:
                break
            j += 1
        if noun is not None:
            found.append(noun)
    out: list[Span] = []
    for tok in found:
        span = _role_span(tok, doc_id)
        if not any(o.start <= span.start and span.end <= o.end for o in out):
            out = [o for o in out if not (span.start <= o.start and o.end <= span.end)] + [span]
    return sorted(out, key=lambda r: r.start)


_ORDINAL = re.compile(r"^\d+(?:st|nd|rd|th)$")


def _listed_name(span: "SpacySpan", group: str) -> bool:
    """A name NER found whole that holds a comma: a subcommittee's "Constitution, Civil Rights and
    Civil Liberties", a law's "Article 1, Section 2". Its words are all of it — the capitalised
    run around the head stops at the comma, and "Constitution" or "Article" alone joined the
    Constitution or another section (BASIL a28a0329). Not a person's or a place's ("Hampstead,
    New Hampshire"), whose comma sets off what is no part of the name, nor a span holding a word
    NER read as a person's ("Regina Benjamin, MD" typed by its head: ECB+ 34)."""
    comma = next((t.i for t in span[1:-1] if t.text == ","), None)
    # after the comma a word written in title case: a credential ("MD", "M . D .") is no part of a list
    return (group in ("ORG", "OTHER") and comma is not None and not any(t.ent_type_ == "PERSON" for t in span)
            and any(t.is_title and len(t) > 1 for t in span.doc[comma + 1 : span.end]))


def _core_tokens(tokens: Sequence["Token"], head: "Token") -> list["Token"]:
    """The name inside a longer mention: the capitalised run around its head
    ("San Diego Chargers wide receiver Vincent Jackson" -> "Vincent Jackson")."""
    def named(t: "Token") -> bool:
        # an initial whose period the tokenizer cut off ("Raj K . Chohan") stays in the name
        initial_dot = t.text == "." and t.i > 0 and _cut_abbreviation(t.nbor(-1))
        # a capital first letter: "LuAnn", "LaSalle", "DeGeneres" are no title case but names
        # an ordinal numbers a street ("117th Street")
        ordinal = _ORDINAL.match(t.text) is not None
        # a word a hyphen joins to the name before it ("Chick-fil-A", "Mar-a-Lago")
        joined = t.i > 1 and t.nbor(-1).text in _HYPHENS and not t.nbor(-1).whitespace_ and not t.nbor(-2).whitespace_
        return t.text[:1].isupper() or t.lower_ in PARTICLES or t.text in ("-", "'s", "’s") or initial_dot or ordinal or joined

    def link(t: "Token") -> bool:
        # "Bank of America", "Leonardo da Vinci", "Ursula von der Leyen"; a nickname's quotation
        # marks ('George "Jay" Keyworth')
        return t.lower_ in NAME_LINKS or t.lower_ in SURNAME_PREFIX_SPELLINGS or t.lower_ in _PARTICLES_BETWEEN or (
            t.text in _QUOTE_MARKS)

    def reach(k: int, step: int) -> int:
        """The farthest token from ``k`` (in direction ``step``) that a run of at most two
        linking words joins to a named one; ``k`` when none does."""
        for gap in (1, 2):
            far = k + step * (gap + 1)
            if not 0 <= far < len(tokens):
                break
            between = [tokens[k + step * g] for g in range(1, gap + 1)]
            if gap == 2 and any(t.lower_ in ("and", "&") for t in between):
                break  # "the Horn of Africa and the Arabian Peninsula" are two names
            if named(tokens[far]) and all(map(link, between)):
                return far
        return k

    pos = {t.i: k for k, t in enumerate(tokens)}
    k = pos.get(head.i, len(tokens) - 1)
    if not named(tokens[k]):
        return list(tokens)
    lo = hi = k
    while lo > 0 and (named(tokens[lo - 1]) or reach(lo, -1) != lo):
        lo = lo - 1 if named(tokens[lo - 1]) else reach(lo, -1)
    while hi + 1 < len(tokens) and (named(tokens[hi + 1]) or reach(hi, 1) != hi):
        hi = hi + 1 if named(tokens[hi + 1]) else reach(hi, 1)
    return list(tokens[lo : hi + 1])


_QUOTE_MARKS = frozenset('"“”')
# second words of a surname's particle ("von der Leyen", "van den Berg", "dos Santos" has its own)
_PARTICLES_BETWEEN = frozenset("der den dos das ter ten".split())


def _without_nickname(words: list[str]) -> list[str]:
    """A person's words without a nickname written in quotation marks inside the name
    ('George "Jay" Keyworth' -> George Keyworth): his name is still the given name and surname."""
    marks = [k for k, w in enumerate(words) if w in _QUOTE_MARKS]
    if len(marks) == 2 and marks[0] > 0 and marks[1] < len(words) - 1 and 1 < marks[1] - marks[0] <= 3:
        return words[:marks[0]] + words[marks[1] + 1:]
    return words


def _strip_words(words: list[str], person: bool) -> list[str]:
    def lead(w: str) -> bool:
        return w.lower() in ("the", "a", "an") or (person and title_key(w) in TITLE_WORDS)

    while len(words) > 1 and lead(words[0]):
        words = words[1:]
    if words and words[-1].lower() in ("'s", "’s"):
        words = words[:-1]
    if person:
        words = _without_nickname(words)
    return [re.sub(r"['’‘]s$", "", w) for w in words if w not in ("-", ",")]


_GENDERED_NOUNS = FEMALE_NOUNS | MALE_NOUNS


# ", New Hampshire," / ", Conn." / ", Ohio;" right after a name: the name is a town of that state
_STATE_AFTER = re.compile(
    r",[ \t]+(?:%s|(?i:%s)\.)(?=[,.;:)]|\s*$)" % (
        "|".join(re.escape(s) for s in sorted(US_STATES, key=len, reverse=True)),
        "|".join(sorted(US_STATE_ABBREVIATIONS, key=len, reverse=True))),
    re.MULTILINE,
)


def make_item(idx: int, m: Mention, doc: "Doc | None") -> Item:
    group = label_group(m.label)
    if group == "UNK" and day_clock(m.text) is not None:
        group = "TIME"  # "around 7 p . m . Friday" (text tokenized before it came): NER saw no time
    span = doc.char_span(m.start, m.end, alignment_mode="expand") if doc is not None else None
    if span is not None and len(span):
        head = mention_head(span)
        named = _person_at_end(span)
        if named is not None and head.ent_type_ != "PERSON":
            head = named  # "Former AMA trustee Dr . Benjamin": the parse's head is the role
        lemma = head.lemma_.lower() if head.lemma_ else head.lower_
        if group == "TIME":  # "early Sunday" and "on Sunday" are the day, whatever the head
            lemma = next((t.lower_ for t in span if t.lower_ in WEEKDAYS), lemma)
        if len(span) == 1 and span[0].lower_ in PRONOUNS and not _capitals_name(span[0].text, m.label):
            item = Item(idx, m, "pronoun", group, (span.text,), (), span[0].lower_, sentence_start(head), head.tag_ in ("NNS", "NNPS"))
            if item.head in PRONOUNS_RELATIVE:
                item.relative_to = _relative_antecedent(span[0])
            elif item.head in OBJECT_PRONOUNS:
                item.bound_by = clause_subjects(span[0])
            verb = head.head
            item.speaks = head.dep_ == "nsubj" and verb.pos_ == "VERB" and verb.lemma_.lower() in REPORTING_VERBS
            return item
        is_name = m.label in NAME_LABELS or (head.pos_ == "PROPN" and group != "TIME")
        if not is_name and group == "UNK" and len(span) >= 2 and all(t.is_title and t.is_alpha for t in span):
            is_name = True  # "Raj Chohan" the tagger read as common nouns: every word capitalised
        if len(span) == 1 and head.pos_ == "NOUN" and m.label not in ("NORP",) and not (
            m.label == "PERSON" and head.is_title  # "Trump praised ...": the tagger's NN, still a name
            and head.lower_ not in _GENDERED_NOUNS  # "Woman" heading a report is no name, whatever NER says
        ):
            is_name = False  # a capitalised common noun in a headline ("Driver", "WOMAN")
        if len(span) == 1 and head.lower_ in _GENDERED_NOUNS:
            is_name = False  # "Man" heading a report, whatever its tag
        title = _title_alone(span) if is_name else None
        if title is not None:
            # a title alone ("The President announced", "the US President-elect"): the role
            # noun, not a name; its head is the title as a name's role reads it ("presidentelect")
            is_name, lemma = False, title
        core = _core_tokens(list(span), head) if is_name and not _listed_name(span, group) else list(span)
        words = _strip_words([t.text for t in core], group in ("PERSON", "UNK"))
        item = Item(idx, m, "name" if is_name else "nominal", group, tuple(words), (), lemma,
                     sentence_start(head), head.tag_ in ("NNS", "NNPS") or plural_read_as_verb(head))
        if is_name and group != "TIME":
            # what the name is called: a person's role ("Yasser, an accountant"), and a ship's,
            # a firm's or a team's kind ("Indian Naval ship, INS Sukanya"): "the ship" is it
            item.roles = _roles(core[0], core[-1], head, m.doc)
        if is_name and group in ("PERSON", "UNK") and len(words) >= 2:
            item.headline = _title_case_line(span)
        if is_name and group in ("PERSON", "UNK"):
            item.gender = _gender_cue(span, words)
            item.paired_surname = _paired_surname(span) if len(words) == 1 else ""
            item.gender_by_name = item.gender is not None and _honorific_gender(span) is None
            item.opens_sentence = all(t.is_punct or t.is_space for t in span.doc[span.sent.start:span.start])
            if _doctor_before(core[0], core[-1]):
                item.title_roles = frozenset({"doctor"})
        if is_name and group == "PLACE":
            item.person_role, item.place_context = _place_name_use(span, head)
        if is_name:
            # the few tokens after the name, not the document's text (rebuilt at every call); the
            # pattern opens with a comma, so only a name followed by one is read further
            after = span.doc[span.end].text if span.end < len(span.doc) else ""
            item.before_state = after.startswith(",") and _STATE_AFTER.match(span.doc[span.end:span.end + 6].text) is not None
        item.argument = argument_of(head)
        item.clause_argument = clause_argument_of(head)
        item.head_i, item.said_of = head.i, said_of(head)
        item.clause = clause_of(head)
        if not is_name:
            det = next((t.lower_ for t in head.children if t.dep_ == "det"), "")
            # "the driver of a truck", "the driver who stopped": a definite its own words make
            # known, not one that names again what came before
            told = any(t.dep_ in ("prep", "relcl", "acl") for t in head.rights)
            item.article = "a" if det in ("a", "an") else "the" if det == "the" and not told else ""
        item.modifier = len(span) == 1 and head.dep_ == "compound" and head.head.pos_ == "NOUN"
    else:
        raw = NAME_WORD.findall(m.text)
        if len(raw) == 1 and raw[0].lower() in PRONOUNS and not _capitals_name(raw[0], m.label):
            return Item(idx, m, "pronoun", group, tuple(raw), (), raw[0].lower())
        is_name = m.label in NAME_LABELS or any(w[:1].isupper() for w in raw)
        words = _strip_words(raw, group in ("PERSON", "UNK"))
        item = Item(idx, m, "name" if is_name else "nominal", group, tuple(words), (),
                     words[-1].lower() if words else m.text.lower())
    if item.kind != "pronoun" and any(ch.isdigit() for ch in m.text):
        item.calendar = calendar_day(m.text)
        item.clock = clock_time(m.text)
        item.day_clock = day_clock(m.text)
    person = item.group in ("PERSON", "UNK") and item.kind == "name"
    words = list(item.words)
    while person and len(words) > 1 and title_key(words[-1]).strip(",") in NAME_SUFFIXES:
        item.suffix = title_key(words.pop()).strip(",")  # "Roger J. Stone Jr.": "Jr." is no part of the surname
    while item.group == "ORG" and len(words) > 1 and title_key(words[-1]).strip(",") in ORG_FORM_WORDS:
        words.pop()  # "Apple Inc." and "Apple Computer" are "Apple"
    toks = name_tokens(words, person)
    if item.group == "NORP" and toks and toks[-1].endswith("s"):
        toks = toks[:-1] + (toks[-1][:-1],)  # "Iranians" ~ "Iranian"
    item.toks = toks or (phonetic(m.text) or m.text.lower(),)
    if item.calendar is not None and item.group == "TIME":
        # "Feb. 21" is not "Feb. 22": a date is keyed by its day, not by its month's name
        key = "-".join(str(n) for n in item.calendar if n is not None)
        item.toks = (key,)
        if item.head not in WEEKDAYS:
            item.head = key
    return item


def _title_case_line(span: "SpacySpan") -> bool:
    """The span's line of its sentence is written in title case, as a headline is ("Ben Carson
    Defends Himself Against Claims"): four words of four letters or more, each capitalised, two
    of them outside any name NER found (a sentence of names alone, "Secretary of State Mike Pompeo
    met Moon Jae-in in Seoul.", is no headline)."""
    # most names are followed, on their line, by a word in lower case ("said"): no headline
    doc = span.doc
    for tok in doc[span.end: min(span.end + 6, len(doc))]:
        if tok.is_sent_start or tok.is_space or "\n" in tok.text_with_ws:
            break
        if tok.is_alpha and len(tok) >= 4:
            if not tok.text[:1].isupper():
                return False
            break
    # the line's bounds inside the sentence, from its own text (Doc.text joins every token anew):
    # a line that starts before the sentence or ends after it keeps all the sentence's words
    sent = span.sent
    text, base = sent.text, sent.start_char
    start = text.rfind("\n", 0, span.start_char - base) + 1 + base
    end = text.find("\n", span.end_char - base)
    end = sent.end_char if end < 0 else end + base
    words = [t for t in sent if t.is_alpha and len(t) >= 4 and start <= t.idx < end]
    return (len(words) >= 4 and all(t.text[:1].isupper() for t in words)
            and sum(not t.ent_type_ for t in words) >= 2)


def _capitals_name(text: str, label: str) -> bool:
    """A name NER found that is written as a pronoun in capitals: "US" (the country), "IT"."""
    return label in NAME_LABELS and len(text) >= 2 and text.isupper()


# a verb's dependents that name who acts and what is acted on; a passive's subject is acted on
_ARGUMENT_ROLES = {"nsubj": "subject", "agent": "subject", "nsubjpass": "object", "dobj": "object"}
# entity labels of a head that is no place where an act happened ("in 2009", "on Smith", "at CNN")
_NOT_PLACE_LABELS = frozenset({"DATE", "TIME", "PERSON", "NORP", "ORG", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"})


def argument_of(head: "Token") -> tuple[str, str] | None:
    """(verb lemma, "subject" | "object" | "place") when ``head`` is who does or what undergoes a
    verb, or where it happened: "the navy captured 23 pirates" and "23 pirates were captured"
    give "pirates" ("capture", "object"), "captured by the navy" gives "navy" ("capture",
    "subject"), "was struck outside a store" gives "store" ("strike", "place"; the object of a
    preposition of :data:`LOCATIVE_PREPOSITIONS`, never a time, a person, a group or a number).
    None for any other place in the sentence and for the verbs of :data:`LIGHT_VERBS` ("be", "say")."""
    dep, verb = head.dep_, head.head
    if dep == "pobj" and verb.dep_ == "agent":
        dep, verb = "agent", verb.head
    elif dep == "pobj" and verb.dep_ == "prep" and verb.lower_ in LOCATIVE_PREPOSITIONS and _may_be_place(head):
        dep, verb = "place", verb.head
    role = "place" if dep == "place" else _ARGUMENT_ROLES.get(dep)
    lemma = verb.lemma_.lower()
    if role is None or verb.pos_ != "VERB" or verb is head or lemma in LIGHT_VERBS:
        return None
    return lemma, role


def clause_argument_of(head: "Token") -> tuple[str, str] | None:
    """(verb lemma, "subject" | "object") for the clause that modifies ``head``: "the driver who
    killed her" and "a driver fleeing the scene" give "driver" ("kill" / "flee", "subject"); "the
    woman who was struck" and "a woman struck by a car" give "woman" ("strike", "object"). The
    grammar binds the noun to that verb as surely as a subject is bound to its verb. None when
    no such clause modifies it, or its verb is one of :data:`LIGHT_VERBS`."""
    for clause in head.children:
        if clause.pos_ != "VERB" or clause.lemma_.lower() in LIGHT_VERBS:
            continue
        if clause.dep_ == "relcl":
            for arg in clause.children:
                role = _ARGUMENT_ROLES.get(arg.dep_)
                if role is not None and arg.lower_ in ("who", "that", "which"):
                    return clause.lemma_.lower(), role
        elif clause.dep_ == "acl" and clause.tag_ in ("VBN", "VBG"):
            # a participle: "struck by a car" tells what the noun underwent, "fleeing" what it did
            return clause.lemma_.lower(), "object" if clause.tag_ == "VBN" else "subject"
    return None


def said_of(head: "Token") -> int:
    """The token index of the noun ``head`` is said to be, or -1: its apposition's noun ("Anthony
    LaSalle, the driver"), the subject or object of a copula or of "as" ("he is the driver",
    "believed him to be the driver", "named him as host"). The two name one thing, though they
    share a clause."""
    up = head.head
    if head.dep_ == "appos":
        return up.i
    if head.dep_ == "pobj" and up.lower_ == "as" and up.dep_ == "prep":
        up = up.head
        if any(c.dep_ == "dobj" for c in up.children):
            return -1  # "named him as host" / "join his administration as surgeon general": either
    elif head.dep_ not in ("attr", "oprd"):
        return -1
    for dep in ("dobj", "nsubjpass", "nsubj"):
        for child in up.children:
            if child.dep_ == dep and child.i != head.i:
                return child.i
    # "believe a man to be the driver": the clause's subject is the verb above's object, or the
    # noun that verb's relative clause modifies ("a man they believe to be the driver")
    if up.dep_ in ("xcomp", "ccomp") and up.head is not up:
        for child in up.head.children:
            if child.dep_ == "dobj":
                return child.i
        if up.head.dep_ == "relcl":
            return up.head.head.i
    return -1


def _may_be_place(head: "Token") -> bool:
    return (head.ent_type_ not in _NOT_PLACE_LABELS and head.pos_ != "PRON" and head.lower_ not in PRONOUNS
            and not is_person_noun(head.lemma_.lower()))


_TITLE_ALONE = re.compile(r"^(?:(?:the|a|an)\s+)?(?:(?:u\s*\.?\s*s|us|uk|u\s*\.?\s*k)\s*\.?\s+)?([a-z]+)(\s*-\s*elect)?$")


def _title_alone(span: "SpacySpan") -> str | None:
    """The title of a mention that is a title and nothing else ("President", "the US
    President-elect"), as a name's role reads it ("president", "presidentelect"); else None."""
    found = _TITLE_ALONE.match(span.text.lower().strip())
    if found is None or title_key(found.group(1)) not in TITLE_WORDS:
        return None
    return found.group(1) + ("elect" if found.group(2) else "")


_CLOCK = re.compile(r"\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\s*\.?\s*m\b", re.IGNORECASE)


def _clock_of(text: str) -> tuple[int, int] | None:
    found = _CLOCK.search(text)
    if found is None:
        return None
    hour, minute = int(found.group(1)) % 12, int(found.group(2) or 0)
    if minute > 59:
        return None
    return hour + (12 if found.group(3).lower() == "p" else 0), minute


def _names_weekday(text: str) -> bool:
    return any(w.lower() in WEEKDAYS for w in re.findall(r"[A-Za-z]+", text))


def clock_time(text: str) -> tuple[int, int] | None:
    """(hour, minute) of a clock time a mention holds alone ("at about 7 p.m.", "around 7 p . m",
    "7:30 am"), None when there is none or it comes with a day ("7 p.m. Friday": see :func:`day_clock`)."""
    if _names_weekday(text) or calendar_day(text):
        return None
    return _clock_of(text)


def day_clock(text: str) -> tuple[int, int] | None:
    """(hour, minute) of a clock time written with its weekday ("around 7 p.m. Friday"), else None."""
    if not _names_weekday(text) or calendar_day(text):
        return None
    return _clock_of(text)


# kin a given name alone is written in apposition to: "Clinton's husband, Bill," is a Clinton
_KIN = frozenset("husband wife son daughter brother sister father mother".split())


def _paired_surname(span: "SpacySpan") -> str:
    """The surname a given name alone shares with the person named beside it: a couple's
    ("Khizr and Ghazala Khan" -> "Khan" for "Khizr"), or the possessor of the kin it is in
    apposition to ("Clinton's husband, Bill," -> "Clinton")."""
    root = span.root
    if root.dep_ == "appos" and root.head.lemma_.lower() in _KIN:
        owner = next((c for c in root.head.children if c.dep_ == "poss" and c.pos_ == "PROPN"
                      and c.ent_type_ == "PERSON"), None)
        if owner is not None:
            return owner.text
    doc, k = span.doc, span.end
    if k + 2 >= len(doc) or doc[k].lower_ not in ("and", "&"):
        return ""
    given, surname = doc[k + 1], doc[k + 2]
    after = doc[k + 3] if k + 3 < len(doc) else None
    if given.pos_ == surname.pos_ == "PROPN" and surname.ent_type_ == "PERSON" and (after is None or after.pos_ != "PROPN"):
        return surname.text
    return ""


def calendar_day(text: str) -> tuple[int, int, int | None] | None:
    """(month, day, year or None) of a date written in a mention ("on Feb. 22", "Sunday,
    February 22, 2009", "13 July"), or None."""
    # the date written first: "on 10 Nov 11" is the 10th (day-month), not "Nov 11"
    found_all = [f for f in (MONTH_DAY_RE.search(text), DAY_MONTH_RE.search(text)) if f is not None]
    for found in sorted(found_all, key=lambda f: f.start()):
        month = MONTHS.get(found.group("month")[:3].lower())
        day = int(re.sub(r"\D", "", found.group("day")))
        year = found.group("year")
        if month is not None:
            return month, day, int(year) if year else None
    return None


# prepositions after which a name is a place: not "to", "from", "around", "via", which take
# people as often ("lost to Kasich", "a call from Kasich", "his arm around Kasich")
_PLACE_PREPOSITIONS = frozenset("in at into near across outside inside throughout".split())


def _place_name_use(span: "SpacySpan", head: "Token") -> tuple[bool, bool]:
    """How a name NER calls a place is used: as a person's (the subject of a clause, a
    possessor, or followed by "who") and after a preposition of place."""
    doc = span.doc
    after = doc[span.end] if span.end < len(doc) else None
    nxt = doc[span.end + 1] if span.end + 1 < len(doc) else None
    who = after is not None and (after.lower_ == "who" or (after.text == "," and nxt is not None and nxt.lower_ == "who"))
    person = head.dep_ in ("nsubj", "nsubjpass", "poss") or who
    place = span.start > 0 and doc[span.start - 1].lower_ in _PLACE_PREPOSITIONS and head.dep_ != "poss"
    return person, place


def _doctor_before(first: "Token", last: "Token") -> bool:
    """"Dr." / "Doctor" written before the name's last word, inside the name's words or just
    before them ("Dr . Sanjay Gupta", "Former AMA trustee Dr. Benjamin"): the person is a
    doctor, as "the doctor" of another sentence says."""
    doc = first.doc
    lo = max(0, first.i - 2)
    return any(t.text[:1].isupper() and title_key(t.text) in ("dr", "doctor") for t in doc[lo:last.i])


def _honorific_gender(span: "SpacySpan") -> str | None:
    """"m"/"f" from an honorific just before or at the start of the name."""
    doc = span.doc
    for tok in (doc[span.start - 1] if span.start > 0 else None, span[0]):
        if tok is None or not tok.text[:1].isupper():  # "Polls miss Trump's fall": a verb, not "Miss"
            continue
        gender = honorific_gender(tok.text)
        if gender is not None:
            return gender
    return None


def _gender_cue(span: "SpacySpan", words: Sequence[str]) -> str | None:
    """"m"/"f" from an honorific just before or at the start of the name, else from its given name."""
    by_title = _honorific_gender(span)
    if by_title is not None:
        return by_title
    return name_gender(words[0]) if len(words) >= 2 else None
