"""A source as the report writes it around the name: titles, party tag, the place or body it
is "of", the apposition or "who" clause that describes it (``as_written``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from newsprism.attribution.source import CUT_DEPS, source_phrase
from newsprism.lexicon import US_STATE_ABBREVIATIONS, US_STATES

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
    first comma ("Scott Pruitt, the attorney general of Oklahoma, one of the states suing")
    unless a state, a list's next item or a second apposition "a ..." goes on from it
    ("a broker based in Tampa, Fla.,", "president of NDN, a policy and advocacy group").
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
            # the first apposition, and a "who" clause or a second apposition "a ..." right after
            # it ("Peter Morgan, a lawyer for the Sierra Club, who has been challenging ...");
            # not one that opens otherwise ("..., one of the states suing")
            last = described[0]
            for nxt in described[1:]:
                glued = nxt.left_edge.i == last.right_edge.i + 1 and not doc[last.right_edge.i].whitespace_
                if glued:
                    # one word the parser cut at its hyphen into appositions ("co - director")
                    last = nxt
                    continue
                if nxt.left_edge.i != last.right_edge.i + 2 or doc[last.right_edge.i + 1].text != ",":
                    break
                if nxt.dep_ == "relcl" or (nxt.dep_ == "appos" and (
                        nxt.left_edge.lower_ in _SECOND_APPOSITION or last.like_num and last.left_edge.i == last.i)):
                    # "..., who has been challenging", "director of NDN, a policy group", "Ryan
                    # Leenders, 30, a member of ..."
                    last = nxt
                    continue
                break
            end = max(end, _described_end(last, text))
            if last.like_num and last.left_edge.i == last.i:
                # "Mayra Gonzalez, 55, of Brigantine", "Nicky Driscoll, 24, from Manchester,": after
                # an age, where the person is from goes on with the source
                home = next((c for c in head.children if c.dep_ == "prep" and c.lower_ in ("of", "from")
                             and c.i == last.i + 2 and doc[last.i + 1].text == ","), None)
                if home is not None:
                    end = max(end, _described_end(home, text))
    return start, end


def _described_end(clause: "Token", text: str) -> int:
    """End of an apposition or a "who" clause after a name, with its closing comma. An
    apposition ends at a comma inside it unless a "who" clause follows ("Peter Morgan, a lawyer
    for the Sierra Club, who has been challenging ..."); nothing that holds a quotation mark."""
    doc = clause.doc
    last_tok = max(t.i for t in clause.subtree)
    if clause.dep_ == "appos":
        for t in doc[clause.i : last_tok + 1]:
            if t.text in ",;" and not (t.text == "," and _apposition_goes_on(t, last_tok)):
                last_tok = t.i
                break
    while last_tok > clause.i and doc[last_tok].is_space:
        last_tok -= 1  # the paragraph break the parser hung on the sentence's last word
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
# what opens a second apposition that describes the body the first one names ("director of the
# Center for Economic and Policy Research, a liberal think tank")
_SECOND_APPOSITION = frozenset({"a", "an"})


def _apposition_goes_on(comma: "Token", last: int) -> bool:
    """Does the apposition go on past ``comma`` (within its own words, up to token ``last``)? A
    "who" clause; a state after its town ("a broker based in Tampa, Fla."); the next item of a
    list ("Committee on Science, Space and Technology"); a second apposition describing the body
    the first one names ("president of NDN, a policy and advocacy group"): PolNeAR's sources hold
    them (28 second appositions in, 8 out on dev and the study pool)."""
    doc = comma.doc
    if comma.i + 1 > last:
        return False
    nxt = doc[comma.i + 1]
    if nxt.lower_ in ("who", "whose", "whom"):
        return True
    if nxt.text.rstrip(".").lower() in US_STATE_ABBREVIATIONS or nxt.text in US_STATES or (
            comma.i + 2 <= last and f"{nxt.text} {doc[comma.i + 2].text}" in US_STATES):
        return True
    if nxt.dep_ == "conj" and nxt.head.i < comma.i:
        return True
    return nxt.lower_ in _SECOND_APPOSITION and any(
        t.dep_ == "appos" and t.head.i < comma.i for t in doc[comma.i + 1 : last + 1])


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
