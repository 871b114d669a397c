"""Cross-document entity resolution: mentions -> entities.

Names are compared on a phonetic key that folds the usual variation of
Arabic and Russian names written in Latin letters (doubled letters, ou/u,
o/u, e/i, y/i, ey/ei, abd-ul/abd-ur, the article al-), so "Fouaa"/"Foua",
"Abu"/"Abo", "Abdurrahman"/"Abdulrahman" and "Sergey"/"Sergei" get one key.
Letter transpositions ("Kfarya"/"Kfraya") match only when the consonant
skeleton, first and last letters agree and the fuzzy ratio is high, and never
for tokens under five letters ("Iran" is not "Iraq", "Kerry" is not "Kirby").

People: full names match on first and last name (middle names and initials
may be missing); a surname alone joins the one full name that ends with it
(the nearest preceding one in its doc when several do); a first name alone
joins a full name only when that is the only candidate AND both are described
by the same role noun ("Yasser, an accountant" / "Yasser Hemeish, a former
accountant"), or when the full name was written earlier in the same document.

A name of two or more words written the same way is one entity whatever
label NER gives each occurrence; a one-word name NER calls an organisation
("Cheeks":ORG) is taken as a surname when a full person name ends with it.

Mentions that are not names (ECB+ gold mentions include them): common nouns
join on their head lemma (the syntactic head, past a leading preposition:
"on a freeway" -> "freeway"), together with names whose head is that same
word capitalised ("the surgeon general" / "Surgeon General"), and the one
named entity described by that role noun. Pronouns join the nearest
preceding compatible mention of their document: "he"/"she" only a person
(a PERSON name, an entity named as one, or a person noun such as "woman",
"driver"), never an entity already referred to by the other gender;
"who"/"which"/"that" only the noun their relative clause modifies. Pronouns
with no antecedent join the other forms of the same pronoun ("he", "him", "his").
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from rapidfuzz.fuzz import ratio
from unidecode import unidecode

from newsprism.extract.mentions import NAME_LABELS, PLACE_LABELS, is_demonym
from newsprism.lexicon import (
    EXTRA_NICKNAMES,
    FEMALE_HONORIFICS,
    FEMALE_NOUNS,
    MALE_NOUNS,
    HONORIFICS,
    MALE_HONORIFICS,
    NAME_SUFFIXES,
    ORG_SUFFIXES,
    TITLE_WORDS,
    WEEKDAYS,
    name_gender,
    title_key,
)
from newsprism.model import Entity, Mention, Span

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Span as SpacySpan, Token

__all__ = ["resolve_entities", "phonetic", "tokens_match", "name_tokens", "type_speakers"]

_PARTICLES = frozenset({"al", "el", "ul"})  # Arabic article, dropped for matching people
_FUNCTION = frozenset({"of", "the", "for", "and", "de", "du", "des", "la", "le", "on", "in", "at", "&"})
# words that join the parts of one name ("Bank of America"); "at"/"in"/"on" start a phrase
# that locates the name ("the Kodak Theatre at Hollywood and Highland Center")
_NAME_LINKS = _FUNCTION - {"on", "in", "at"}
_PRONOUNS_PERSON = frozenset("he him his himself she her hers herself".split())
_PRONOUNS_PLURAL = frozenset("they them their theirs themselves".split())
_PRONOUNS_THING = frozenset("it its itself".split())
_PRONOUNS_RELATIVE = frozenset("who whom whose which that".split())
_PRONOUNS_OTHER = frozenset("i me my mine myself we us our ours ourselves you your yours this these those".split())
PRONOUNS = _PRONOUNS_PERSON | _PRONOUNS_PLURAL | _PRONOUNS_THING | _PRONOUNS_RELATIVE | _PRONOUNS_OTHER
# role nouns too vague to tell two people apart
_VAGUE_ROLES = frozenset("man woman person people one resident member official source group part head".split())
# a surname can start with these ("Abu Jaafar", "Abo Zayd", "bin Laden", "van Gogh"): such a
# two-word name written alone is a surname, not a full name (phonetic forms)
_SURNAME_PREFIXES = frozenset("abu bin ibn bint um van vun von di dil dila da du li la mac mc haj st".split())
_ACRONYM = re.compile(r"^(?:[A-Z]\.){2,6}$|^[A-Z]{2,6}$")
_WORD = re.compile(r"[^\W_]+(?:[.'’-][^\W_]+)*\.?", re.UNICODE)
# words after a company's name that say what form it has, not which company it is
_ORG_FORM_WORDS = ORG_SUFFIXES | frozenset("computer computers group holdings".split())
# a country written before an organisation's name ("U.S. Federal Reserve" is the "Federal Reserve")
_COUNTRY_ABBREVIATIONS = frozenset("us usa uk eu un".split())
_MIN_FUZZY = 5
_FUZZY_RATIO = 75.0
_PRONOUN_WINDOW = 3  # sentences back


def phonetic(word: str) -> str:
    """Fold transliteration variants of one name token to one key."""
    w = re.sub(r"[^a-z]", "", unidecode(word).lower())
    w = re.sub(r"^abd[aeiou][lr]", "abd", w)  # abd-ul-, abd-ur-, abd-el-
    w = w.replace("ph", "f").replace("ou", "u").replace("oo", "u").replace("ee", "i")
    w = w.replace("y", "i").replace("ei", "i").replace("o", "u").replace("e", "i")
    return re.sub(r"(.)\1+", r"\1", w)


def _skeleton(key: str) -> str:
    return re.sub(r"[aiu]", "", key)


def tokens_match(a: str, b: str) -> bool:
    """Two phonetic keys name the same thing: equal, or a close variant of a long token."""
    if a == b:
        return True
    if min(len(a), len(b)) < _MIN_FUZZY or a[0] != b[0] or a[-1] != b[-1]:
        return False
    return _skeleton(a) == _skeleton(b) and ratio(a, b) >= _FUZZY_RATIO


def _seq_match(a: Sequence[str], b: Sequence[str]) -> bool:
    return len(a) == len(b) and all(tokens_match(x, y) for x, y in zip(a, b))


def _is_subsequence(short: Sequence[str], long_: Sequence[str]) -> bool:
    it = iter(long_)
    return all(any(tokens_match(s, t) for t in it) for s in short)


def name_tokens(words: Sequence[str], person: bool) -> tuple[str, ...]:
    """Phonetic tokens of a name, without titles (and, for people, particles and initials)."""
    out: list[str] = []
    for w in words:
        for part in re.split(r"[-‐]", w) if person else [w]:
            low = part.lower()
            if title_key(low) in TITLE_WORDS and person:
                continue
            key = phonetic(part)
            if not key:
                continue
            if person and (key in _PARTICLES or len(part.rstrip(".")) == 1):
                continue
            out.append(key)
    return tuple(out)


@dataclass
class _Item:
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
    gender: str | None = None  # "m"/"f": an honorific before the name ("Mr.", "Ms.") or a known given name
    suffix: str = ""  # a generational suffix after a person's name: "jr", "sr", "ii", ... ("" when none)

    @property
    def role_lemmas(self) -> set[str]:
        return {re.sub(r"\W", "", r.text.split()[-1].lower()) for r in self.roles} - _VAGUE_ROLES


# animacy: "he"/"she" refer to people, and a common noun names a person when it is one of
# these or an agent noun ("driver", "actor", "pianist", "comedian"); "car", "firm" are not
_PERSON_NOUNS = frozenset(
    """man woman boy girl child kid baby teen teenager person guy lady gentleman wife husband
    mother father mom dad son daughter brother sister friend victim suspect official chief
    star host coach actress hostess widow bride groom nurse doctor surgeon patient""".split()
)
_AGENT_SUFFIX = re.compile(r"(?:[^aeiou]er|or|ist|ian|ess)$")


def _is_person_noun(lemma: str) -> bool:
    return lemma in _PERSON_NOUNS or bool(_AGENT_SUFFIX.search(lemma))


_TIME_LABELS = frozenset({"DATE", "TIME"})


def mention_head(span: "SpacySpan") -> "Token":
    """The head word of a mention: its syntactic root, or the object of a
    leading preposition ("on a freeway" -> "freeway")."""
    root = span.root
    if root.pos_ == "ADP":
        for child in root.children:
            if child.dep_ == "pobj" and span.start <= child.i < span.end:
                return child
    return root


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


def _group(label: str) -> str:
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


def _compatible(a: _Item, b: _Item) -> bool:
    if a.group == b.group or "UNK" in (a.group, b.group):
        return True
    groups = {a.group, b.group}
    if groups == {"NORP", "PLACE"}:  # "Aleppo":NORP is the place; "Syrian" is not "Syria"
        return not any(is_demonym(w) for w in a.words + b.words)
    # the model mixes ORG/place/other labels on one name, but a person is not a place
    return not groups & {"PERSON", "NORP"}


def _is_full_person(it: _Item) -> bool:
    return it.group in ("PERSON", "UNK") and len(it.toks) >= 2 and it.toks[0] not in _SURNAME_PREFIXES


class _Sets:
    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)  # the earlier mention stays the root

    def groups(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = defaultdict(list)
        for i in range(len(self.parent)):
            out[self.find(i)].append(i)
        return out


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


def _roles(first: "Token", last: "Token", root: "Token", doc_id: str) -> list[Span]:
    """Role nouns the parse attaches to a name: "Yasser, an accountant",
    "the Syrian president, Bashar", "President Bashar Assad"."""
    doc = root.doc
    found: list["Token"] = []
    for child in root.children:
        if child.dep_ == "appos" and _is_role(child) and not _titles_next_name(child, last.i):
            found.append(child)
        elif child.dep_ in ("compound", "nmod") and child.i < first.i and _is_role(child):
            found.append(child)
    if root.dep_ == "appos" and _is_role(root.head):
        found.append(root.head)
    before = _prenominal_role(first)
    if before is not None:
        found.append(before)
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


def _core_tokens(tokens: Sequence["Token"], head: "Token") -> list["Token"]:
    """The name inside a longer mention: the capitalised run around its head
    ("San Diego Chargers wide receiver Vincent Jackson" -> "Vincent Jackson")."""
    def named(t: "Token") -> bool:
        # an initial whose period the tokenizer cut off ("Raj K . Chohan") stays in the name
        initial_dot = t.text == "." and t.i > 0 and len(t.nbor(-1).text) == 1 and t.nbor(-1).is_upper
        return t.is_title or t.is_upper or t.lower_ in _PARTICLES or t.text in ("-", "'s", "’s") or initial_dot

    pos = {t.i: k for k, t in enumerate(tokens)}
    k = pos.get(head.i, len(tokens) - 1)
    if not named(tokens[k]):
        return list(tokens)
    lo = hi = k
    while lo > 0 and (named(tokens[lo - 1]) or (tokens[lo - 1].lower_ in _NAME_LINKS and lo > 1 and named(tokens[lo - 2]))):
        lo -= 1
    while hi + 1 < len(tokens) and (named(tokens[hi + 1]) or (tokens[hi + 1].lower_ in _NAME_LINKS and hi + 2 < len(tokens) and named(tokens[hi + 2]))):
        hi += 1
    return list(tokens[lo : hi + 1])


def _strip_words(words: list[str], person: bool) -> list[str]:
    def lead(w: str) -> bool:
        return w.lower() in ("the", "a", "an") or (person and title_key(w) in TITLE_WORDS)

    while len(words) > 1 and lead(words[0]):
        words = words[1:]
    if words and words[-1].lower() in ("'s", "’s"):
        words = words[:-1]
    return [re.sub(r"['’]s$", "", w) for w in words if w not in ("-", ",")]


def _make_item(idx: int, m: Mention, doc: "Doc | None") -> _Item:
    group = _group(m.label)
    span = doc.char_span(m.start, m.end, alignment_mode="expand") if doc is not None else None
    if span is not None and len(span):
        head = mention_head(span)
        lemma = head.lemma_.lower() if head.lemma_ else head.lower_
        if group == "TIME":  # "early Sunday" and "on Sunday" are the day, whatever the head
            lemma = next((t.lower_ for t in span if t.lower_ in WEEKDAYS), lemma)
        if len(span) == 1 and span[0].lower_ in PRONOUNS:
            item = _Item(idx, m, "pronoun", group, (span.text,), (), span[0].lower_, head.sent.start, head.tag_ in ("NNS", "NNPS"))
            if item.head in _PRONOUNS_RELATIVE:
                item.relative_to = _relative_antecedent(span[0])
            return item
        is_name = m.label in NAME_LABELS or (head.pos_ == "PROPN" and group != "TIME")
        if not is_name and group == "UNK" and len(span) >= 2 and all(t.is_title and t.is_alpha for t in span):
            is_name = True  # "Raj Chohan" the tagger read as common nouns: every word capitalised
        if len(span) == 1 and head.pos_ == "NOUN" and m.label not in ("NORP",) and not (
            m.label == "PERSON" and head.is_title  # "Trump praised ...": the tagger's NN, still a name
        ):
            is_name = False  # a capitalised common noun in a headline ("Driver", "WOMAN")
        core = _core_tokens(list(span), head) if is_name else list(span)
        words = _strip_words([t.text for t in core], group in ("PERSON", "UNK"))
        item = _Item(idx, m, "name" if is_name else "nominal", group, tuple(words), (), lemma,
                     head.sent.start, head.tag_ in ("NNS", "NNPS"))
        if is_name and group in ("PERSON", "UNK"):
            item.roles = _roles(core[0], core[-1], head, m.doc)
            item.gender = _gender_cue(span, words)
    else:
        raw = _WORD.findall(m.text)
        if len(raw) == 1 and raw[0].lower() in PRONOUNS:
            return _Item(idx, m, "pronoun", group, tuple(raw), (), raw[0].lower())
        is_name = m.label in NAME_LABELS or any(w[:1].isupper() for w in raw)
        words = _strip_words(raw, group in ("PERSON", "UNK"))
        item = _Item(idx, m, "name" if is_name else "nominal", group, tuple(words), (),
                     words[-1].lower() if words else m.text.lower())
    person = item.group in ("PERSON", "UNK") and item.kind == "name"
    words = list(item.words)
    while person and len(words) > 1 and title_key(words[-1]).strip(",") in NAME_SUFFIXES:
        item.suffix = title_key(words.pop()).strip(",")  # "Roger J. Stone Jr.": "Jr." is no part of the surname
    while item.group == "ORG" and len(words) > 1 and title_key(words[-1]).strip(",") in _ORG_FORM_WORDS:
        words.pop()  # "Apple Inc." and "Apple Computer" are "Apple"
    toks = name_tokens(words, person)
    if item.group == "NORP" and toks and toks[-1].endswith("s"):
        toks = toks[:-1] + (toks[-1][:-1],)  # "Iranians" ~ "Iranian"
    item.toks = toks or (phonetic(m.text) or m.text.lower(),)
    return item


def _gender_cue(span: "SpacySpan", words: Sequence[str]) -> str | None:
    """"m"/"f" from an honorific just before or at the start of the name, else from its given name."""
    doc = span.doc
    for tok in (doc[span.start - 1] if span.start > 0 else None, span[0]):
        if tok is None:
            continue
        key = title_key(tok.text)
        if key in MALE_HONORIFICS:
            return "m"
        if key in FEMALE_HONORIFICS:
            return "f"
    return name_gender(words[0]) if len(words) >= 2 else None


# ---------------------------------------------------------------- rules


def _acronym_of(words: Sequence[str]) -> str | None:
    caps = [w for w in words if w.lower() not in _FUNCTION]
    if len(caps) < 2 or not all(w[:1].isupper() for w in caps):
        return None
    return "".join(w[0].lower() for w in caps)


def _variant_candidates(names: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Every pair (i < j, sorted) of ``names`` that :func:`_may_be_variants` may accept,
    found through the first letters it compares instead of trying all pairs: the same
    first word's letter; the same length and last word's letter; a shorter name's first
    letter at the word of a longer one where the shorter would start as its tail."""
    keyed: dict[tuple, list[int]] = defaultdict(list)
    for k, toks in enumerate(names):
        if not toks:
            continue
        keyed[("first", toks[0][:1])].append(k)
        keyed[("last", len(toks), toks[-1][:1])].append(k)
        keyed[("tail-short", len(toks), toks[0][:1])].append(k)
        for size in range(2, len(toks)):
            keyed[("tail-long", size, toks[-size][:1])].append(k)
    pairs: set[tuple[int, int]] = set()
    for key, rows in keyed.items():
        if key[0] == "tail-long":
            others = keyed.get(("tail-short", key[1], key[2]), [])
            pairs.update((min(x, y), max(x, y)) for x in rows for y in others if x != y)
        elif key[0] != "tail-short":
            pairs.update((x, y) for n, x in enumerate(rows) for y in rows[n + 1 :])
    return sorted(pairs)


def _may_be_variants(a: Sequence[str], b: Sequence[str]) -> bool:
    """A necessary condition for any rule of step 2 of :func:`_merge_names`, from first
    letters alone (``tokens_match`` never pairs keys with different first letters):
    the pairwise pass is quadratic in a story's distinct names, the full test is not cheap."""
    if not a or not b:
        return False
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) == len(long_) >= 2 and short[-1][:1] == long_[-1][:1]:
        return True  # same surname, the given names may be a nickname pair ("Bill"/"William")
    if short[0][:1] == long_[0][:1]:
        return len(short) == len(long_) or short[-1][:1] == long_[-1][:1]
    return len(short) >= 2 and len(long_) > len(short) and short[0][:1] == long_[-len(short)][:1]


class _Nicknames:
    """Given names and their nicknames ("Rick"/"Richard", "Bill"/"William"), from the
    ``nicknames`` package's hand-curated table; loaded on first use (a third of a second)."""

    def __init__(self) -> None:
        self._namer: Any = None

    def same(self, a: str, b: str) -> bool:
        a, b = a.lower().rstrip("."), b.lower().rstrip(".")
        if a == b or b in EXTRA_NICKNAMES.get(a, ()) or a in EXTRA_NICKNAMES.get(b, ()):
            return True
        if self._namer is None:
            from nicknames import NickNamer

            self._namer = NickNamer()
        return a in self._namer.canonicals_of(b) or b in self._namer.canonicals_of(a)


def _nickname_pair(a: _Item, b: _Item) -> bool:
    """Labels under which two full names may be one person by a nickname: both PERSON, or
    one PERSON and the other a two-word name NER gave a place or group label ("Mo
    Cheeks":GPE beside "Maurice Cheeks":PERSON); the given names are checked by the caller."""
    if a.group == b.group == "PERSON":
        return True
    return "PERSON" in (a.group, b.group) and a.kind == b.kind == "name" and len(a.toks) == len(b.toks) == 2


def _nicknamed(a: _Item, b: _Item, nick: "_Nicknames") -> bool:
    """Same surname (and middle names), given names a nickname pair, no gender cue against."""
    return (
        len(a.toks) == len(b.toks) >= 2 and _seq_match(a.toks[1:], b.toks[1:])
        and (a.gender is None or b.gender is None or a.gender == b.gender)
        and bool(a.words) and bool(b.words) and nick.same(a.words[0], b.words[0])
    )


def _merge_names(items: list[_Item], sets: _Sets) -> None:
    nick = _Nicknames()
    names = [it for it in items if it.kind == "name"]
    full = [it for it in names if it.group != "PERSON" or _is_full_person(it)]
    # 1. same key, compatible labels
    by_key: dict[tuple[tuple[str, ...], str], list[_Item]] = defaultdict(list)
    for it in full:
        by_key[(it.toks, it.suffix)].append(it)
    reps: list[_Item] = []
    for group in by_key.values():
        local: list[_Item] = []
        for it in group:
            # a name of two or more words written the same way is one referent in a story,
            # whatever label NER gives each occurrence ("Maurice Cheeks":PERSON/GPE)
            rep = next((r for r in local if len(it.toks) >= 2 or _compatible(r, it)), None)
            if rep is None:
                local.append(it)
            else:
                sets.union(rep.idx, it.idx)
        reps.extend(local)
    # 2. variants between distinct keys: the pairs _may_be_variants can accept, in order
    for i, j in _variant_candidates([it.toks for it in reps]):
        a, b = reps[i], reps[j]
        if a.suffix != b.suffix:
            continue  # "Donald Trump Jr." is not "Donald Trump" (see _merge_suffixed)
        if not _may_be_variants(a.toks, b.toks):
            continue
        if not _compatible(a, b):
            if _nickname_pair(a, b) and _nicknamed(a, b, nick):
                sets.union(a.idx, b.idx)  # "Mo Cheeks":GPE = "Maurice Cheeks":PERSON
            continue
        if _seq_match(a.toks, b.toks):
            sets.union(a.idx, b.idx)
        elif "PERSON" in (a.group, b.group) or (a.group == b.group == "UNK"):
            short, long_ = sorted((a.toks, b.toks), key=len)
            if (len(short) >= 2 and tokens_match(short[0], long_[0]) and tokens_match(short[-1], long_[-1])
                    and _is_subsequence(short, long_)):
                sets.union(a.idx, b.idx)  # "John Kerry" = "John F. Kerry", "Recep Erdogan"
            elif len(short) >= 2 and len(long_) > len(short) and _seq_match(short, long_[-len(short):]):
                sets.union(a.idx, b.idx)  # a capitalised role before the name: "Charger Jamal Williams"
            elif _nickname_pair(a, b) and _nicknamed(a, b, nick):
                sets.union(a.idx, b.idx)  # a nickname: "Rick Gates" = "Richard Gates"
        elif _country_before(a, b) or _country_before(b, a):
            sets.union(a.idx, b.idx)  # "U.S. Federal Reserve" = "Federal Reserve"
    # 3. a one-word name that ends one longer name of the story ("Chargers" / "San Diego Chargers");
    # tokens_match needs equal first and last letters: the longer names indexed by those of their last token
    longer: dict[tuple[str, str], list[_Item]] = defaultdict(list)
    for o in full:
        if len(o.toks) >= 2 and o.group not in ("PERSON", "NORP"):
            longer[(o.toks[-1][:1], o.toks[-1][-1:])].append(o)
    for it in full:
        if it.group in ("PERSON", "NORP") or len(it.toks) != 1:
            continue
        owners = {
            sets.find(o.idx) for o in longer.get((it.toks[0][:1], it.toks[0][-1:]), ())
            if _compatible(o, it) and tokens_match(o.toks[-1], it.toks[0])
        }
        if len(owners) == 1:
            sets.union(it.idx, next(iter(owners)))
    # 4. acronyms and clipped forms, when the expansion is unique: "U.N." ~ "United Nations",
    # "SIA" ~ "Singapore Airlines" (each word gives the start of itself), "Fed" ~ "Federal Reserve"
    expanded = [it for it in full if it.group != "PERSON" and _acronym_of(it.words)]
    acronyms = [_acronym_of(o.words) for o in expanded]
    contents = [_content_words(o.words) for o in expanded]
    expansions: dict[str, list[int]] = {}  # a word -> the indices of the names it may abbreviate
    for it in full:
        word = "".join(it.words)
        if len(it.words) != 1 or it.group == "PERSON":
            continue
        found = expansions.get(word)
        if found is None:
            if _ACRONYM.match(word):
                letters = word.replace(".", "").lower()
                found = [o.idx for o, a in zip(expanded, acronyms) if a == letters]
                if not found:
                    found = [o.idx for o, c in zip(expanded, contents) if _spells(letters, c)]
            elif _CLIPPED.match(word):
                found = [o.idx for o, c in zip(expanded, contents) if _clips(word, c)]
            else:
                found = []
            expansions[word] = found
        targets = {sets.find(x) for x in found}
        if len(targets) == 1:
            sets.union(it.idx, next(iter(targets)))
    _merge_suffixed(full, sets)


_CLIPPED = re.compile(r"^[A-Z][a-z]{2,5}$")


def _content_words(words: Sequence[str]) -> list[str]:
    return [w for w in words if w.lower() not in _FUNCTION and re.sub(r"\W", "", w).lower() not in _COUNTRY_ABBREVIATIONS]


def _spells(letters: str, words: Sequence[str]) -> bool:
    """Do the starts of ``words``, each at least its first letter, spell ``letters``
    exactly ("sia" <- "SIngapore Airlines")? Needs two words or more."""
    if len(words) < 2 or len(letters) > 3 * len(words):
        return False
    low = [re.sub(r"\W", "", w).lower() for w in words]

    def walk(i: int, k: int) -> bool:
        if k == len(low):
            return i == len(letters)
        return any(walk(i + n, k + 1) for n in range(1, len(low[k]) + 1) if low[k][:n] == letters[i : i + n])

    return walk(0, 0)


def _clips(word: str, words: Sequence[str]) -> bool:
    """A short form made of the start of a longer name's first word ("Fed" <- "Federal Reserve")."""
    first = re.sub(r"\W", "", words[0]).lower() if words else ""
    return len(words) >= 2 and len(first) >= len(word) + 2 and first.startswith(word.lower())


def _country_before(short: _Item, long_: _Item) -> bool:
    """``long_`` is ``short`` (two words or more) with a country written before it."""
    if {short.group, long_.group} & {"PERSON", "NORP"} or short.kind != "name" or long_.kind != "name":
        return False
    n = len(short.toks)
    extra = long_.words[: len(long_.words) - len(short.words)]
    return (
        n >= 2 and len(long_.toks) > n and bool(extra) and _seq_match(short.toks, long_.toks[-n:])
        and all(re.sub(r"\W", "", w).lower() in _COUNTRY_ABBREVIATIONS or is_demonym(w) for w in extra)
    )


def _merge_suffixed(full: list[_Item], sets: _Sets) -> None:
    """"Roger J. Stone Jr." and "Roger Stone" are one man when no document names both:
    a writer who names "Donald Trump Jr." beside "Donald Trump" means two people."""
    people = [it for it in full if it.group == "PERSON" and len(it.toks) >= 2]
    plain = [it for it in people if not it.suffix]
    for it in people:
        if not it.suffix:
            continue
        owners = {
            sets.find(p.idx) for p in plain
            if tokens_match(p.toks[0], it.toks[0]) and tokens_match(p.toks[-1], it.toks[-1])
            and (_is_subsequence(p.toks, it.toks) or _is_subsequence(it.toks, p.toks))
        }
        if len(owners) != 1:
            continue
        owner = next(iter(owners))
        mine = sets.find(it.idx)
        docs_plain = {p.mention.doc for p in plain if sets.find(p.idx) == owner}
        docs_suffixed = {p.mention.doc for p in people if p.suffix and sets.find(p.idx) == mine}
        if not docs_plain & docs_suffixed:
            sets.union(mine, owner)


# labels NER puts on a surname written alone ("Cheeks":ORG); never a place label ("Jordan")
_SURNAME_MISLABELS = frozenset({"ORG", "NORP", "FAC", "PRODUCT", "WORK_OF_ART", "LANGUAGE", "EVENT", "LAW"})


def _surname_label(it: _Item) -> bool:
    return it.mention.label in _SURNAME_MISLABELS and len(it.toks) == 1 and not any(is_demonym(w) for w in it.words)


def _short_people(items: list[_Item], sets: _Sets) -> None:
    """Surnames and first names written alone, and the full names they belong to."""
    names = [it for it in items if it.kind == "name" and (it.group in ("PERSON", "UNK") or _surname_label(it))]
    full = [it for it in names if _is_full_person(it) and it.group == "PERSON"]
    short = [it for it in names if not _is_full_person(it)]
    short = [it for it in short if it.group == "PERSON" or (it.words and it.words[0][:1].isupper())]
    full_tails = {f.toks[-1] for f in full}
    # a one-word name NER calls an organisation is a surname only when a full name ends with it
    short = [it for it in short if it.group in ("PERSON", "UNK") or (len(it.toks) == 1 and it.toks[0] in full_tails)]
    roles_of: dict[int, set[str]] = defaultdict(set)
    for it in items:
        roles_of[sets.find(it.idx)] |= it.role_lemmas
    # roles of a short name = roles of all its same-key mentions in that doc
    local_roles: dict[tuple[str, tuple[str, ...]], set[str]] = defaultdict(set)
    for it in short:
        local_roles[(it.mention.doc, it.toks)] |= it.role_lemmas
    # full names by the first letter of their last key: a tail match needs it equal
    full_by_last: dict[str, list[_Item]] = defaultdict(list)
    full_by_first: dict[str, list[_Item]] = defaultdict(list)
    for f in full:
        full_by_last[f.toks[-1][:1]].append(f)
        full_by_first[f.toks[0][:1]].append(f)
    # the genders each entity's names carry ("Mr. Trump" is not "Melania Trump")
    genders_of: dict[int, set[str]] = defaultdict(set)
    for it in names:
        if it.gender is not None:
            genders_of[sets.find(it.idx)].add(it.gender)
    mentions_of: Counter[int] = Counter(sets.find(it.idx) for it in names)
    leftovers: list[_Item] = []
    for it in short:
        n = len(it.toks)
        tails = [f for f in full_by_last.get(it.toks[-1][:1], ()) if len(f.toks) > n and _seq_match(f.toks[-n:], it.toks)
                 and n >= _last_word_parts(f)]  # "Moon" is not "Ban Ki-moon"
        # "Trump Jr." is the man named with "Jr."; a bare "Trump" is first the one named without it
        same_suffix = [f for f in tails if f.suffix == it.suffix]
        if it.suffix or same_suffix:
            tails = same_suffix
        if it.gender is not None:  # an honorific rules out the full names of the other gender
            tails = [f for f in tails if genders_of[sets.find(f.idx)] <= {it.gender}]
        owners = {sets.find(f.idx) for f in tails}
        if len(owners) > 1 and it.role_lemmas:  # "President Trump": the one also called president
            shared = [f for f in tails if it.role_lemmas & roles_of[sets.find(f.idx)]]
            if len({sets.find(f.idx) for f in shared}) == 1:
                tails, owners = shared, {sets.find(shared[0].idx)}
        if len(owners) > 1:  # one person named far more often than the others is who a surname means
            ranked = sorted(owners, key=lambda o: -mentions_of[o])
            if mentions_of[ranked[0]] >= 3 * mentions_of[ranked[1]]:
                tails = [f for f in tails if sets.find(f.idx) == ranked[0]]
                owners = {ranked[0]}
        if len(owners) == 1:
            sets.union(it.idx, tails[0].idx)
            continue
        if len(owners) > 1:
            before = [f for f in tails if f.mention.doc == it.mention.doc and f.mention.start < it.mention.start]
            if before:
                sets.union(it.idx, before[-1].idx)
            else:
                leftovers.append(it)
            continue
        if n != 1:
            leftovers.append(it)
            continue
        firsts = [f for f in full_by_first.get(it.toks[0][:1], ()) if tokens_match(f.toks[0], it.toks[0])]
        # a surname written first (Korean, Chinese): "Moon" is "Moon Jae-in", "Xi" is "Xi Jinping"
        family_first = {sets.find(f.idx) for f in firsts if _family_name_first(f)}
        if len(family_first) == 1 and len({sets.find(f.idx) for f in firsts}) == 1 and name_gender(it.words[0]) is None:
            sets.union(it.idx, firsts[0].idx)
            continue
        earlier = [f for f in firsts if f.mention.doc == it.mention.doc and f.mention.start < it.mention.start]
        if len({sets.find(f.idx) for f in earlier}) == 1:
            sets.union(it.idx, earlier[0].idx)
            continue
        owners = {sets.find(f.idx) for f in firsts}
        mine = local_roles[(it.mention.doc, it.toks)]
        if len(owners) == 1 and mine & roles_of[next(iter(owners))]:
            sets.union(it.idx, firsts[0].idx)
            continue
        leftovers.append(it)
    # what stays alone: one entity per name, across docs only if the roles do not disagree
    by_key: dict[tuple[str, ...], list[_Item]] = defaultdict(list)
    for it in leftovers:
        by_key[it.toks].append(it)
    for group in by_key.values():
        first_of_doc: dict[str, _Item] = {}
        for it in group:
            if it.mention.doc in first_of_doc:
                sets.union(first_of_doc[it.mention.doc].idx, it.idx)
            else:
                first_of_doc[it.mention.doc] = it
        heads = list(first_of_doc.values())
        for other in heads[1:]:
            a = local_roles[(heads[0].mention.doc, heads[0].toks)]
            b = local_roles[(other.mention.doc, other.toks)]
            if not a or not b or a & b:
                sets.union(heads[0].idx, other.idx)


def _last_word_parts(f: _Item) -> int:
    """How many name tokens the last written word of a name holds ("Ban Ki-moon": 2)."""
    words = re.sub(r"['’]s$", "", f.mention.text.strip()).split()
    # the article of an Arabic name is no part ("Bashar al-Assad": "Assad" is his surname)
    return len([p for p in re.split(r"[-‐]", words[-1]) if p and phonetic(p) not in _PARTICLES]) if words else 1


def _family_name_first(f: _Item) -> bool:
    """A name written family name first, as Korean and Chinese names are in English news:
    a hyphenated given name after it ("Moon Jae-in", "Kim Jong-un") or a family name of one
    or two letters plus a vowel ("Xi Jinping", "Li Keqiang", "Kim Jong Un")."""
    words = f.mention.text.split()
    if len(words) < 2 or len(words) > 3 or not f.words:
        return False
    first = f.words[0]
    return (f.mention.text.startswith(first) and re.search(r"\w-\w", " ".join(words[1:])) is not None) or (
        len(first) <= 3 and name_gender(first) is None
    )


def _merge_nominals(items: list[_Item], sets: _Sets) -> None:
    """Common nouns: one entity per head lemma, joined to the one named entity with that role."""
    by_head: dict[str, list[_Item]] = defaultdict(list)
    names_by_head: dict[str, list[_Item]] = defaultdict(list)
    for it in items:
        if it.kind == "nominal":
            by_head[it.head].append(it)
        elif it.kind == "name":
            names_by_head[it.head].append(it)
    role_owner: dict[str, set[int]] = defaultdict(set)
    name_count: Counter[int] = Counter()
    for it in items:
        if it.kind == "name":
            name_count[sets.find(it.idx)] += 1
            for lemma in it.role_lemmas:
                role_owner[lemma].add(sets.find(it.idx))
    for lemma, group in by_head.items():
        for it in group[1:]:
            sets.union(group[0].idx, it.idx)
        # the same common noun written capitalised ("Surgeon General" / "the surgeon general")
        for it in names_by_head.get(lemma, ()):
            sets.union(group[0].idx, it.idx)
        owners = role_owner.get(lemma, set())
        if len(owners) == 1:
            owner = next(iter(owners))
            # an office written as a name more often than its holder is named ("the Surgeon
            # General" 40 times, "Regina Benjamin" 25) is the office, not that person
            capitalised = len(names_by_head.get(lemma, ()))
            if capitalised <= name_count[owner]:
                sets.union(group[0].idx, owner)


_PRONOUN_FORMS = (
    frozenset("he him his himself".split()),
    frozenset("she her hers herself".split()),
    frozenset("i me my mine myself".split()),
    frozenset("we us our ours ourselves".split()),
    frozenset("they them their theirs themselves".split()),
    frozenset("it its itself".split()),
)


def _gender(word: str) -> str:
    return "m" if word in _PRONOUN_FORMS[0] else "f"


def _pronoun_class(word: str) -> str:
    """One key for the case forms of a pronoun ("he", "him", "his")."""
    return next((min(forms) for forms in _PRONOUN_FORMS if word in forms), word)


def _link_pronouns(items: list[_Item], sets: _Sets) -> None:
    by_doc: dict[str, list[_Item]] = defaultdict(list)
    unresolved: dict[str, list[_Item]] = defaultdict(list)
    for it in items:
        by_doc[it.mention.doc].append(it)
    # a common noun is a person when its entity is also named as one ("the driver" = "Smith")
    person_sets = {sets.find(it.idx) for it in items if it.group == "PERSON" and it.kind == "name"}
    gender_of: dict[int, str] = {}  # entity root -> gender of the personal pronouns linked to it
    for doc_items in by_doc.values():
        sents = sorted({it.sent for it in doc_items})
        rank = {s: k for k, s in enumerate(sents)}
        for k, it in enumerate(doc_items):
            if it.kind != "pronoun":
                continue
            if it.head in _PRONOUNS_OTHER:  # "I", "we", "you": the speaker, not a nearby noun
                unresolved[_pronoun_class(it.head)].append(it)
                continue
            for prev in reversed(doc_items[:k]):
                if rank[it.sent] - rank[prev.sent] > _PRONOUN_WINDOW:
                    break
                if prev.kind == "pronoun" or prev.mention.end > it.mention.start:
                    continue
                if it.head in _PRONOUNS_RELATIVE:
                    if it.relative_to < 0:
                        break  # not a relative pronoun, or no parse: no guess
                    ok = prev.mention.start <= it.relative_to < prev.mention.end
                elif it.head in _PRONOUNS_PERSON:
                    other = gender_of.get(sets.find(prev.idx))
                    ok = other in (None, _gender(it.head)) and (prev.group == "PERSON" or sets.find(prev.idx) in person_sets or (
                        prev.kind == "nominal" and not prev.plural and _is_person_noun(prev.head)))
                elif it.head in _PRONOUNS_PLURAL:
                    ok = prev.plural or prev.group in ("ORG", "NORP")
                else:
                    ok = prev.group not in ("PERSON", "NORP", "TIME") and not prev.plural
                if ok:
                    sets.union(it.idx, prev.idx)
                    if it.head in _PRONOUNS_PERSON:  # "his" cannot then join the entity "she" named
                        gender_of[sets.find(it.idx)] = _gender(it.head)
                    break
            else:
                unresolved[_pronoun_class(it.head)].append(it)
    # no antecedent nearby: one entity per pronoun form (the story's "he"/"him"/"his" is mostly
    # its main person)
    for group in unresolved.values():
        for it in group[1:]:
            sets.union(group[0].idx, it.idx)


def _noun_gender(lemma: str) -> str | None:
    return "f" if lemma in FEMALE_NOUNS else "m" if lemma in MALE_NOUNS else None


def _link_people_nouns(items: list[_Item], sets: _Sets) -> None:
    """"The woman" / "a 59-year-old grandmother" that no name was joined to is the one person
    of that gender the story is about: the person it names whose own cues (pronouns, "Mr." /
    "Ms.", a given name, a gendered role) all give that gender, when that person is named at
    least three times as often as any other of that gender. A cue of the other gender on
    either side rules the pair out (a man is never joined to his wife); two candidates named
    about as often leave the noun alone."""
    genders: dict[int, set[str]] = defaultdict(set)
    counts: Counter[int] = Counter()  # person entity -> its name mentions
    nouns: list[int] = []
    for it in items:
        root = sets.find(it.idx)
        if it.kind == "pronoun" and it.head in _PRONOUNS_PERSON:
            genders[root].add(_gender(it.head))
        elif it.kind == "name":
            if it.gender is not None:
                genders[root].add(it.gender)
            genders[root].update(g for g in map(_noun_gender, it.role_lemmas) if g)
            if it.group == "PERSON":
                counts[root] += 1
        elif it.kind == "nominal" and not it.plural:
            gender = _noun_gender(it.head)
            if gender is not None:
                genders[root].add(gender)
                nouns.append(root)
    for root in dict.fromkeys(nouns):
        if root in counts or len(genders[root]) != 1:
            continue
        gender = next(iter(genders[root]))
        ranked = sorted((n, r) for r, n in counts.items() if genders[r] == {gender})
        if ranked and (len(ranked) == 1 or ranked[-1][0] >= 3 * ranked[-2][0]):
            sets.union(ranked[-1][1], root)


# ---------------------------------------------------------------- entities


def _display_name(it: _Item) -> str:
    return " ".join(it.words) if it.kind == "name" else it.mention.text


def _canonical(members: list[_Item]) -> str:
    names = [it for it in members if it.kind == "name" and "  " not in it.mention.text] or members
    counts = Counter(it.mention.text for it in names)

    def score(it: _Item) -> tuple:
        text = it.mention.text
        stripped = text[text.find(it.words[0]):] if it.words and it.words[0] in text else text
        return (len(it.toks), len(stripped), counts[text], -it.idx)

    best = max(names, key=score)
    text = best.mention.text
    if best.kind == "name" and best.words and best.words[0] in text:
        text = text[text.find(best.words[0]):]
    return re.sub(r"['’]s$", "", text).strip()


def _entity_type(members: list[_Item]) -> str:
    labels = Counter(it.mention.label for it in members if it.kind != "pronoun") or Counter(
        it.mention.label for it in members
    )
    rank = {"PERSON": 0, "GPE": 1, "LOC": 2, "FAC": 3, "ORG": 4, "NORP": 5}
    if any(_ACRONYM.match(it.mention.text) for it in members if it.kind == "name"):
        rank["ORG"] = -1  # an entity written as an acronym ("CPAC", "DNC") is no person on a tie
    return max(labels.items(), key=lambda kv: (kv[1], -rank.get(kv[0], 9)))[0]


def resolve_entities(mentions: Sequence[Mention], docs: Mapping[str, "Doc"] | None = None) -> list[Entity]:
    """Cluster mentions of one story (within and across documents) into entities.

    ``docs`` (spaCy parses by document id) lets the resolver read heads, role
    nouns in apposition and sentence positions; without it, names are matched
    on their text alone. Ids are "E1", "E2", ... in order of first mention
    (by document id, then offset).
    """
    ordered = sorted(mentions, key=lambda m: (m.doc, m.start, m.end, m.label))
    docs = docs or {}
    items = [_make_item(i, m, docs.get(m.doc)) for i, m in enumerate(ordered)]
    sets = _Sets(len(items))
    _merge_names(items, sets)
    _short_people(items, sets)
    _merge_nominals(items, sets)
    _link_pronouns(items, sets)
    _link_people_nouns(items, sets)
    entities: list[Entity] = []
    for n, (_, idxs) in enumerate(sorted(sets.groups().items(), key=lambda kv: min(kv[1])), start=1):
        members = [items[i] for i in sorted(idxs)]
        variants: list[str] = []
        for it in members:
            if it.mention.text not in variants:
                variants.append(it.mention.text)
        descriptors: list[Span] = []
        for it in members:
            for r in it.roles:
                if r not in descriptors:
                    descriptors.append(r)
        entities.append(
            Entity(
                id=f"E{n}",
                name=_canonical(members),
                type=_entity_type(members),
                variants=tuple(variants),
                mentions=tuple(it.mention for it in members),
                descriptors=tuple(descriptors),
            )
        )
    return entities


_SPEAKER_TYPES = frozenset({"PERSON", "ORG", "GPE", "NORP"})


def type_speakers(entities: Sequence[Entity], speaking: Iterable[str]) -> list[Entity]:
    """The type of an entity that speaks a quote, by that context: a speaker is a person or an
    organisation (a country or a group speaks through its government or its members).

    An entity in ``speaking`` (ids) typed otherwise ("Twitter's Adam Sharp":WORK_OF_ART, "The
    Dallas Morning":EVENT) becomes PERSON when NER called one of its mentions a person or its
    name holds a known given name before another word, else ORG; one typed GPE that NER also called a person
    ("Pompeo":GPE/PERSON) becomes PERSON. Others are returned unchanged.
    """
    ids = set(speaking)
    out: list[Entity] = []
    for e in entities:
        if e.id in ids and e.type != "PERSON":
            labels = {m.label for m in e.mentions}
            words = [w for w in re.findall(r"[^\W\d_]+", e.name) if title_key(w) not in TITLE_WORDS]
            # "Twitter's Adam Sharp": a known given name followed by another name
            personal = "PERSON" in labels or any(name_gender(w) is not None for w in words[:-1] if w[:1].isupper())
            if e.type not in _SPEAKER_TYPES:
                e = replace(e, type="PERSON" if personal else "ORG")
            elif e.type == "GPE" and "PERSON" in labels:
                e = replace(e, type="PERSON")
        out.append(e)
    return out


def entity_clusters(entities: Iterable[Entity]) -> list[list[Mention]]:
    """The mentions of each entity, for scoring."""
    return [list(e.mentions) for e in entities]
