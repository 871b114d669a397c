"""The words outlets use for one slot: one thing named in other words, told with more or less weight.

Two outlets often name the same thing with different nouns ("an unexpectedly strong *win*" /
"a solid *victory*"; "Hillary Clinton's email *scandal*" / "Hillary Clinton's email *habits*").
This module says when two nouns may name one thing and when their evaluative weight differs:

- :func:`near_nouns` — two nouns whose most frequent WordNet senses are one synset, or one
  right under the other (win → victory); without the ``[wordnet]`` extra only the same lemma
  counts.
- :func:`weight` — how strongly a word judges: VADER's |valence|, or the project's lists of
  judging nouns and adjectives; a word that states a fact weighs nothing.
- :func:`slot_items` — one item per thing two outlets name with the same owner and the same
  noun before it ("Clinton's *email* ...") but different head nouns, one of which judges
  ("scandal") while the other does not ("habits", "server"): each outlet's words, cited. Never a
  conflict: which word is right is not said.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from spacy.tokens import Doc, Token

from newsprism.compare.doc_reads import DocReads
from newsprism.compare.evaluative import FACTUAL, JUDGING_ADJ, lexicon
from newsprism.compare.labels import JUDGING_NOUNS, inside_quotes, words_against_outlets
from newsprism.model import Framing, Label, Span, StoryAnalysis, outlet_key, possessive

__all__ = ["near_nouns", "weight", "slot_items"]

# a noun judges when its |valence| reaches this ("scandal" 1.9, "fiasco" 2.8); a plain one stays
# under _PLAIN ("probe", "habits", "server" 0)
_CHARGED = 1.5
_PLAIN = 0.5
# nouns of strong valence that name what happened, not a verdict on it ("death", "war", "crisis",
# "loss": an event of its own, not another word for a plain thing)
_EVENT_NOUNS = frozenset(
    """death war crisis loss attack killing murder victory win disaster violence terrorism terror crime
    fraud abuse assault injury cancer disease emergency fire bomb bombing shooting threat kill""".split()
)


@lru_cache(maxsize=4096)
def _first_sense(lemma: str) -> tuple[int, frozenset[str], frozenset[int]]:
    """(offset, one-word lower-case words, hypernym offsets) of a noun's most frequent sense;
    offset -1 when WordNet (or the extra) does not know it."""
    from newsprism.extract.word_senses import noun_senses

    senses = noun_senses()
    offsets = senses.senses(lemma) if senses is not None else ()
    if senses is None or not offsets:
        return -1, frozenset(), frozenset()
    synset = senses.synset(offsets[0])
    words = frozenset(w.lower() for w in synset.words if "_" not in w and w.islower())
    return offsets[0], words, frozenset(synset.hypernyms)


def near_nouns(a: str, b: str) -> bool:
    """Whether two noun lemmas may name one thing, by their most frequent senses: the same noun,
    one a word of the other's sense ("photo" / "picture"), or one's sense right under the other's
    ("win" / "victory"); not a rarer sense ("attack" is a sense of "attempt", not its first) nor
    a sibling ("win" / "loss")."""
    if a == b:
        return True
    sa, wa, ha = _first_sense(a)
    sb, wb, hb = _first_sense(b)
    if sa < 0 or sb < 0:
        return False
    return sa == sb or b in wa or a in wb or sb in ha or sa in hb


def weight(tok: Token) -> float:
    """How strongly a word judges, 0 for a word that states a fact or names an event."""
    low, lemma = tok.lower_, tok.lemma_.lower()
    if low in FACTUAL or lemma in FACTUAL or lemma in _EVENT_NOUNS:
        return 0.0
    if lemma in JUDGING_NOUNS or low in JUDGING_ADJ:
        return 2.5
    lex = lexicon()
    return abs(lex.get(low, lex.get(lemma, 0.0)))


@dataclass(frozen=True)
class _Named:
    """One outlet's noun for a thing: its head, its words and sentence, cited."""

    outlet: str
    doc: str
    head: str  # lemma
    weight: float
    words: Span
    sentence: Span


def _owner(tok: Token, spans: list[tuple[int, int, str]]) -> str | None:
    """The resolved entity that owns a noun ("Hillary Clinton's email scandal"), or None."""
    for c in tok.lefts:
        if c.dep_ != "poss":
            continue
        # the owner's own name ("Clinton" in "Democratic presidential candidate Hillary Clinton's")
        found = {e for start, end, e in spans if start <= c.idx < end}
        return next(iter(found)) if len(found) == 1 else None
    return None


def _compound_heads(doc: Doc) -> list[Token]:
    """The nouns with a noun before them ("email scandal"), found from the DEP column (no
    ``Token`` per word)."""
    if not len(doc):
        return []
    import numpy as np
    from spacy.attrs import DEP

    dep = doc.to_array([DEP]).reshape(-1)
    heads = {doc[i].head.i for i in np.flatnonzero(dep == doc.vocab.strings["compound"]).tolist()}
    return [doc[i] for i in sorted(heads)]


def slot_items(analysis: StoryAnalysis, docs: Mapping[str, Doc], reads: DocReads | None = None) -> list[Framing]:
    """One item per (owner, noun before the head) two outlets name with different head nouns, one
    judging and the other plain, in their own words (not quoted)."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    named: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            named.setdefault(m.doc, []).append((m.start, m.end, e.id))
    slots: dict[tuple[str, str], list[_Named]] = {}
    for d in analysis.documents:
        doc = docs.get(d.id)
        spans = named.get(d.id)
        if doc is None or not spans:
            continue
        for tok in _compound_heads(doc):
            if tok.pos_ != "NOUN" or tok.dep_ == "compound" or not tok.is_lower:
                continue
            kinds = [c for c in tok.lefts if c.dep_ == "compound" and c.pos_ == "NOUN" and c.is_lower]
            if len(kinds) != 1:
                continue
            owner = _owner(tok, spans)
            if owner is None or inside_quotes(tok, reads):
                continue
            first = min(c.left_edge.i for c in tok.lefts if c.dep_ in ("poss", "compound", "amod"))
            words, sent = doc[first : tok.i + 1], tok.sent
            slots.setdefault((owner, kinds[0].lemma_.lower()), []).append(_Named(
                outlet_key(d.outlet) or d.id, d.id, tok.lemma_.lower(), weight(tok),
                Span(d.id, words.start_char, words.end_char, words.text),
                Span(d.id, sent.start_char, sent.end_char, sent.text)))
    names = {e.id: e.name for e in analysis.entities}
    items = []
    for (owner, kind), rows in sorted(slots.items()):
        heads_of: dict[str, set[str]] = {}
        for r in rows:
            heads_of.setdefault(r.outlet, set()).add(r.head)
        # an outlet's judging noun for the thing, another outlet's plain one it never uses itself
        pairs = [(a, b) for a in rows if a.weight >= _CHARGED for b in rows
                 if b.outlet != a.outlet and b.weight < _PLAIN and a.head not in heads_of[b.outlet]
                 and b.head not in heads_of[a.outlet]]
        if not pairs:
            continue
        shown: list[_Named] = []
        for a, b in pairs:
            for u in (a, b):
                if all(x.doc != u.doc or x.head != u.head for x in shown):
                    shown.append(u)
        labels = []
        for doc_id in dict.fromkeys(u.doc for u in shown):
            mine = [u for u in shown if u.doc == doc_id]
            cites = tuple(dict.fromkeys(c for u in mine for c in (u.words, u.sentence)))
            labels.append(Label(doc_id, outlet_of.get(doc_id), ", ".join(dict.fromkeys(u.words.text for u in mine)), cites))
        by_head: dict[str, list[str]] = {}
        for u in shown:
            outlet = outlet_of.get(u.doc) or u.doc
            if outlet not in by_head.setdefault(u.head, []):
                by_head[u.head].append(outlet)
        charged = {u.head for u in shown if u.weight >= _CHARGED}
        ordered = sorted(by_head.items(), key=lambda kv: (kv[0] not in charged, kv[0]))
        about = f"what the outlets call it ({possessive(names.get(owner, owner))} {kind} …): " + words_against_outlets(
            [(f"{kind} {h}", ', '.join(outlets)) for h, outlets in ordered[:4]])
        items.append(Framing("", "label", about, tuple(labels), tuple(dict.fromkeys(lab.doc for lab in labels)),
                             tuple(c for lab in labels for c in lab.citations)))
    return items
