"""A source as the report writes it around the name: titles, party tag, the place or body it
is "of", the apposition or "who" clause that describes it (``as_written``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from newsprism.attribution.source import CUT_DEPS, source_phrase

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Token


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
                glued = nxt.left_edge.i == last.right_edge.i + 1 and not doc[last.right_edge.i].whitespace_
                if glued:
                    # one word the parser cut at its hyphen into appositions ("co - director")
                    last = nxt
                    continue
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
    if any(t.is_punct or t.dep_ in CUT_DEPS for t in sub):
        return None
    last = doc[max(t.i for t in sub)]
    return last.idx + len(last)


_PLACES_AND_BODIES = frozenset({"GPE", "LOC", "ORG", "FAC", "NORP"})


def _who_clause(clause: "Token") -> bool:
    """A relative clause set off by a comma that opens with "who"/"whose"/"whom"."""
    first = clause.left_edge
    return first.lower_ in ("who", "whose", "whom") and first.i > 0 and first.nbor(-1).text == ","
