"""What outlets call an unnamed group or an event: "protesters" vs "rioters", "shooting"
vs "massacre", "undocumented immigrants" vs "illegal immigrants".

The words come from ``lexicon.FRAME_TERMS``: sets of words for one referent, the
charged ones marked. A word counts when the outlet uses it — a common noun (or the
listed modifier with its noun), not inside quotation marks (a speaker's word), not
a modifier of another noun ("riot gear", "attack ads"); a clause reported without
quotation marks ("Romney has said that Perry provided a magnet for undocumented
immigrants") is in the outlet's words. A charged word counts only in the outlet's
own voice: not in a clause reported beside the speaker's quoted words, not a
prospect ("fears of a bloodbath"). One item per set where an outlet's charged word
stands beside another outlet's other word of the set for the same referent (their
sentences name a resolved entity in common, their phrases no two different owners:
"the Castro regime" / "the Chinese government", "Biden's gaffes" / "Ryan's statement";
neither a kind of thing, "his propensity for gaffes"), a word that other outlet never
uses: each outlet's words and their sentences, cited.
Never a conflict; which word is right is not said.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from spacy.tokens import Doc, Token

from newsprism.compare.evaluative import reported_or_negated
from newsprism.compare.doc_reads import DocReads, lemmas_of
from newsprism.compare.labels import inside_quotes, words_against_outlets
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import FRAME_TERMS, PROSPECT_NOUNS
from newsprism.model import Framing, Label, Span, StoryAnalysis, outlet_key

__all__ = ["term_items"]

_QUOTE_MARKS = frozenset(('"', "“", "”", "''", "``"))


@lru_cache(maxsize=1)
def _sets() -> tuple[tuple[frozenset[str], frozenset[str], bool], ...]:
    """(words, charged words, one referent by its words) of each set of ``FRAME_TERMS``."""
    out = []
    for line in FRAME_TERMS:
        marks = line.split()
        fixed = marks[0] == "="
        words = [w.lstrip("*") for w in marks if w != "="]
        out.append((frozenset(words), frozenset(w.lstrip("*") for w in marks if w.startswith("*")), fixed))
    return tuple(out)


@lru_cache(maxsize=1)
def _index() -> Mapping[str, int]:
    """head noun -> the set it belongs to ("alien" -> the immigrants' set via "illegal_alien")."""
    out: dict[str, int] = {}
    for i, (words, _, _) in enumerate(_sets()):
        for w in words:
            out.setdefault(w.split("_")[-1], i)
    return out


def _own_voice(tok: Token) -> bool:
    """Whether a word is the outlet's own choice of term for something that happened. A clause
    reported in the outlet's words is its choice ("will disregard the onslaught of criticism");
    one reported beside the speaker's quoted words ("He said the Syrian regime has “crossed all
    the lines”") may carry the speaker's word; a prospect ("fears of a bloodbath") names what
    might come."""
    if reported_or_negated(tok) and any(t.text in _QUOTE_MARKS for t in tok.sent):
        return False
    head = tok.head
    return not (tok.dep_ == "pobj" and head.lower_ == "of" and head.head.lemma_.lower() in PROSPECT_NOUNS)


def _hyphenated(tok: Token) -> tuple[str, int]:
    """The hyphenated word ``tok`` ends ("pro-life"), lower-cased, with its first token."""
    doc, first = tok.doc, tok.i
    while first >= 2 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_ and not doc[first - 2].whitespace_:
        first -= 2
    return "".join(t.lower_ for t in doc[first : tok.i + 1]), first


def _candidates(doc: Doc, reads: DocReads | None = None) -> list[Token]:
    """The tokens :func:`_term` may take, found on ``Doc.to_array`` columns instead of a
    ``Token`` per word: lower-case, and after a hyphen, or "illegals", or a lemma that heads
    a set (each distinct lemma read once per story: ``reads``). :func:`_term` returns None for
    every other token."""
    if not len(doc):
        return []
    import numpy as np
    from spacy.attrs import IS_LOWER, LOWER, ORTH

    cols = doc.to_array([IS_LOWER, LOWER, ORTH])
    strings, index = doc.vocab.strings, _index()
    lemmas = lemmas_of(doc, reads)
    heads = np.array([x in index for x in lemmas.low], dtype=bool)[lemmas.where]
    after_hyphen = np.zeros(len(doc), dtype=bool)
    after_hyphen[1:] = cols[:-1, 2] == np.uint64(strings["-"])
    illegals = cols[:, 1] == np.uint64(strings["illegals"])
    keep = (cols[:, 0] == 1) & (after_hyphen | illegals | heads)
    return [doc[i] for i in np.flatnonzero(keep).tolist()]


def _term(tok: Token, reads: DocReads | None = None) -> tuple[int, str, int, bool] | None:
    """(set, word, first token, in the outlet's own voice) of a word of a set, or None; ``reads``:
    the story's :class:`~newsprism.compare.doc_reads.DocReads`."""
    # the quotation-mark test last: it reads the sentence, and this runs on every lower-case token
    if not tok.is_lower:
        return None
    if tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].text == "-" and not tok.whitespace_:
        return None  # inside a hyphenated word: read at its end
    whole, first = _hyphenated(tok)
    if first < tok.i:  # a hyphenated word of a set, wherever it stands ("pro-life activists")
        idx = _index().get(whole)
        if idx is None or whole not in _sets()[idx][0] or inside_quotes(tok, reads):
            return None
        return idx, whole, first, _own_voice(tok)
    if tok.pos_ != "NOUN" or tok.dep_ == "compound":
        return None
    lemma = "illegals" if tok.lower_ == "illegals" else tok.lemma_.lower()
    idx = _index().get(lemma)
    if idx is None:
        return None
    words = _sets()[idx][0]
    word, first = lemma, tok.i
    for c in tok.lefts:
        if c.dep_ in ("amod", "compound") and f"{c.lemma_.lower()}_{lemma}" in words:
            word, first = f"{c.lemma_.lower()}_{lemma}", c.i
    if word not in words or inside_quotes(tok, reads):
        return None
    return idx, word, first, _own_voice(tok)


@dataclass(frozen=True)
class _Use:
    """One use of a word of a set in one document."""

    outlet: str
    word: str
    own: bool  # in the outlet's own voice
    words: Span  # the word(s)
    sentence: Span
    entities: frozenset[str]  # resolved entities named in the sentence
    names: frozenset[str]  # proper words that say whose or which ("Castro regime", "Syrian rebels")
    owners: frozenset[str] = frozenset()  # resolved entities whose it is ("Ryan's opening statement")
    kind: bool = False  # names a kind of thing, not one the story tells ("his propensity for gaffes")


def _names(tok: Token) -> frozenset[str]:
    """The proper words in a term's own phrase that pick its referent: "the Castro regime",
    "Islamic State terrorists", "Syrian rebels", "Trump's backers"."""
    return frozenset(t.lemma_.lower() for c in tok.lefts if c.dep_ in ("compound", "amod", "poss", "nmod")
                     for t in c.subtree if t.pos_ == "PROPN" or t.ent_type_ in ("NORP", "GPE", "ORG", "PERSON"))


def _owners(tok: Token, named: Mapping[str, list[tuple[int, int, str]]], doc_id: str) -> frozenset[str]:
    """The resolved entities a term's thing belongs to: its possessor ("Ryan's opening statement"),
    or that of the noun it hangs from ("Biden's propensity for gaffes"). A pronoun owner is no
    mention of the story's entities, so it gives none."""
    holders = [tok]
    if tok.dep_ == "pobj" and tok.head.dep_ == "prep" and tok.head.head.pos_ == "NOUN":
        holders.append(tok.head.head)
    out: set[str] = set()
    for noun in holders:
        for c in noun.children:
            if c.dep_ == "poss":
                lo, hi = c.left_edge.idx, c.idx + len(c)
                out |= {e for start, end, e in named.get(doc_id, ()) if start < hi and lo < end}
        if out:
            break
    return frozenset(out)


# WordNet's files of the nouns an "of" phrase counts or gathers ("hundreds of protesters", "a crowd
# of rioters", "a series of gaffes"): what it counts are things the story tells
_PARTITIVE_FILES = frozenset(("noun.quantity", "noun.group"))


def _kind(tok: Token) -> bool:
    """Whether a term names a kind of thing rather than one the story tells: a bare plural
    hanging by "for" or "of" from a noun that does not count or gather it ("his own propensity
    for gaffes", "a history of blunders"; not "hundreds of protesters", "a series of gaffes")."""
    if tok.tag_ != "NNS" or tok.dep_ != "pobj" or tok.head.lower_ not in ("for", "of") or tok.head.head.pos_ != "NOUN":
        return False
    if any(c.dep_ in ("det", "poss", "nummod", "quantmod") for c in tok.children):
        return False
    senses = noun_senses()
    offsets = senses.senses(tok.head.head.lemma_.lower()) if senses is not None else ()
    return bool(offsets) and senses is not None and senses.synset(offsets[0]).lexname not in _PARTITIVE_FILES


def _same_referent(a: _Use, b: _Use) -> bool:
    """Whether two uses may name one thing: their sentences name a resolved entity in common, and
    their phrases do not pick two different ones ("the Castro regime" / "the Chinese government"),
    nor belong to two different people ("Biden's gaffes" / "Ryan's opening statement"), and neither
    names a kind of thing (``_kind``: "his own propensity for gaffes")."""
    return bool(a.entities & b.entities) and not (a.names and b.names and not a.names & b.names) \
        and not (a.owners and b.owners and not a.owners & b.owners) and not (a.kind or b.kind)


def term_items(analysis: StoryAnalysis, docs: Mapping[str, Doc], per_word: int = 2,
               reads: DocReads | None = None) -> list[Framing]:
    """One item per set of ``FRAME_TERMS`` whose words the outlets choose differently: an outlet's
    charged word, in its own voice, beside another outlet's other word for the same referent."""
    reads = DocReads() if reads is None else reads
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    named: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            named.setdefault(m.doc, []).append((m.start, m.end, e.id))
    uses: dict[int, list[_Use]] = {}  # set -> its uses, in reading order
    for d in analysis.documents:
        doc = docs.get(d.id)
        if doc is None:
            continue
        key = outlet_key(d.outlet) or d.id
        for tok in _candidates(doc, reads):
            found = _term(tok, reads)
            if found is None:
                continue
            idx, word, first, in_own_voice = found
            words, sent = doc[first : tok.i + 1], tok.sent
            entities = frozenset(e for start, end, e in named.get(d.id, ())
                                 if start >= sent.start_char and end <= sent.end_char)
            uses.setdefault(idx, []).append(_Use(
                key, word, in_own_voice, Span(d.id, words.start_char, words.end_char, words.text),
                Span(d.id, sent.start_char, sent.end_char, sent.text), entities, _names(tok), _owners(tok, named, d.id), _kind(tok)))
    items = []
    for idx, rows in sorted(uses.items()):
        charged, fixed = _sets()[idx][1], _sets()[idx][2]
        words_of: dict[str, set[str]] = {}
        for u in rows:
            words_of.setdefault(u.outlet, set()).add(u.word)
        # an outlet's charged word another outlet, calling the same referent by another word, never uses
        pairs = [(a, b) for a in rows if a.own and a.word in charged for b in rows
                 if b.outlet != a.outlet and b.word != a.word and a.word not in words_of[b.outlet]
                 and (fixed or _same_referent(a, b))]
        if not pairs:
            continue
        shown: list[_Use] = []
        for a, b in pairs:
            for u in (a, b):
                if u not in shown and sum(x.words.doc == u.words.doc and x.word == u.word for x in shown) < per_word:
                    shown.append(u)
        labels = []
        for doc_id in dict.fromkeys(u.words.doc for u in shown):  # one label per document
            of_doc = [u for u in shown if u.words.doc == doc_id]
            # the words, then their sentence: what a reader checks the word against
            cites = tuple(dict.fromkeys(c for u in of_doc for c in (u.words, u.sentence)))
            labels.append(Label(doc_id, outlet_of.get(doc_id), ", ".join(dict.fromkeys(u.words.text for u in of_doc)), cites))
        by_word: dict[str, list[str]] = {}
        for u in shown:
            outlet = outlet_of.get(u.words.doc) or u.words.doc
            if outlet not in by_word.setdefault(u.word, []):
                by_word[u.word].append(outlet)
        ordered = sorted(by_word.items(), key=lambda kv: (kv[0] not in charged, -len(kv[1]), kv[0]))
        about = "what the outlets call it: " + words_against_outlets(
            [(w.replace('_', ' '), ', '.join(outlets)) for w, outlets in ordered[:4]])
        items.append(Framing("", "label", about, tuple(labels), tuple(dict.fromkeys(lab.doc for lab in labels)),
                             tuple(c for lab in labels for c in lab.citations)))
    return items
