"""What outlets call an unnamed group or an event: "protesters" vs "rioters", "shooting"
vs "massacre", "undocumented immigrants" vs "illegal immigrants".

The words come from ``lexicon.FRAME_TERMS``: sets of words for one referent, the
charged ones marked. A word counts when the outlet uses it in its own voice — a
common noun (or the listed modifier with its noun), not inside quotation marks
(a speaker's word), not a modifier of another noun ("riot gear", "attack ads"). A
clause reported without quotation marks ("Romney has said that Perry provided a
magnet for undocumented immigrants") is in the outlet's words, so it counts. One item per set where an outlet uses a
charged word that another outlet, using another word of the set, never uses:
each outlet's words, cited. A charged word counts only in the outlet's own voice:
not in a clause reported beside the speaker's quoted words, not a prospect ("fears
of a bloodbath").
Never a conflict; which word is right is not said.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from spacy.tokens import Doc, Token

from newsprism.compare.evaluative import reported_or_negated
from newsprism.compare.labels import inside_quotes
from newsprism.lexicon import FRAME_TERMS, PROSPECT_NOUNS
from newsprism.model import Framing, Label, Span, StoryAnalysis, outlet_key

__all__ = ["term_items"]

_QUOTE_MARKS = frozenset(('"', "“", "”", "''", "``"))


@lru_cache(maxsize=1)
def _sets() -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(words, charged words) of each set of ``FRAME_TERMS``."""
    out = []
    for line in FRAME_TERMS:
        words = [w.lstrip("*") for w in line.split()]
        out.append((frozenset(words), frozenset(w.lstrip("*") for w in line.split() if w.startswith("*"))))
    return tuple(out)


@lru_cache(maxsize=1)
def _index() -> Mapping[str, int]:
    """head noun -> the set it belongs to ("alien" -> the immigrants' set via "illegal_alien")."""
    out: dict[str, int] = {}
    for i, (words, _) in enumerate(_sets()):
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


def _term(tok: Token) -> tuple[int, str, int, bool] | None:
    """(set, word, first token, in the outlet's own voice) of a noun of a set, or None."""
    if tok.pos_ != "NOUN" or not tok.is_lower or tok.dep_ == "compound":
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
    if word not in words or inside_quotes(tok):
        return None
    return idx, word, first, _own_voice(tok)


def term_items(analysis: StoryAnalysis, docs: Mapping[str, Doc], per_word: int = 2) -> list[Framing]:
    """One item per set of ``FRAME_TERMS`` whose words the outlets choose differently."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    # set -> outlet -> word -> citations (a few per word, in reading order)
    uses: dict[int, dict[str, dict[str, list[Span]]]] = {}
    own: dict[int, dict[str, set[str]]] = {}  # set -> outlet -> the words it uses in its own voice
    for d in analysis.documents:
        doc = docs.get(d.id)
        if doc is None:
            continue
        key = outlet_key(d.outlet) or d.id
        for tok in doc:
            found = _term(tok)
            if found is None:
                continue
            idx, word, first, in_own_voice = found
            if in_own_voice:
                own.setdefault(idx, {}).setdefault(key, set()).add(word)
            cites = uses.setdefault(idx, {}).setdefault(key, {}).setdefault(word, [])
            if len(cites) < 2 * per_word:
                # the words, then their sentence: what a reader checks the word against
                words, sent = doc[first : tok.i + 1], tok.sent
                cites.append(Span(d.id, words.start_char, words.end_char, words.text))
                cites.append(Span(d.id, sent.start_char, sent.end_char, sent.text))
    items = []
    for idx, per_outlet in sorted(uses.items()):
        charged = _sets()[idx][1]
        # an outlet's charged word another outlet, calling the same thing by another word, never uses
        if not any(w in charged and w not in per_outlet[b] and set(per_outlet[b]) - {w}
                   for a in per_outlet for b in per_outlet if a != b for w in own.get(idx, {}).get(a, ())):
            continue
        labels = []
        for _key, used in sorted(per_outlet.items()):
            pairs = [(used[w][k], used[w][k + 1]) for w in sorted(used, key=lambda w: (w not in charged, w))
                     for k in range(0, len(used[w]), 2)]
            # one label per document (two reports of one outlet each cite their own text)
            for doc_id in dict.fromkeys(word.doc for word, _ in pairs):
                of_doc = [p for p in pairs if p[0].doc == doc_id]
                shown = ", ".join(dict.fromkeys(word.text for word, _ in of_doc))
                labels.append(Label(doc_id, outlet_of.get(doc_id), shown, tuple(dict.fromkeys(c for pair in of_doc for c in pair))))
        by_word: dict[str, list[str]] = {}
        for _key, used in sorted(per_outlet.items()):
            for w, spans in used.items():
                by_word.setdefault(w, []).append(outlet_of.get(spans[0].doc) or spans[0].doc)
        shown_words = sorted(by_word.items(), key=lambda kv: (kv[0] not in charged, -len(kv[1]), kv[0]))
        about = "what the outlets call it: " + " vs ".join(
            f"{w.replace('_', ' ')} ({', '.join(outlets)})" for w, outlets in shown_words[:4])
        items.append(Framing("", "label", about, tuple(labels), tuple(dict.fromkeys(lab.doc for lab in labels)),
                             tuple(c for lab in labels for c in lab.citations)))
    return items
