"""Titles and the people who hold them, read from the parse of one document: the name ending a
title's own phrase ("Director of National Intelligence James Clapper"), the name set off after a
role's complement ("A lawyer for Mr. Grimm, William McGinley, said"), and which titles name one
office ("Rep." / "the congressman"). Used by :mod:`newsprism.attribution.people`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from newsprism.lexicon import PERSON_TITLES, title_key

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc, Token

__all__ = ["role_appositions", "titled_name", "titles_of_phrase_holders", "office_of", "SAME_TITLE", "SUBORDINATE"]


def role_appositions(token: "Token") -> list["Token"]:
    """The name set off after a role noun's own complement: "A lawyer for Mr. Grimm, William
    McGinley, said" names the lawyer, though the parser hangs "McGinley" on "Grimm". Only a
    common noun's "for"/"of"/"to" phrase, and only a name that is not a form of the name it
    hangs on (one person is not set off by another's name; "the congressman, Michael Grimm"
    names the congressman himself, as the appos of the noun does)."""
    if token.pos_ != "NOUN":
        return []
    found: list["Token"] = []
    for prep in token.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("for", "of", "to"):
            continue
        for obj in prep.children:
            if obj.dep_ != "pobj" or obj.pos_ != "PROPN":
                continue
            for appos in obj.children:
                if (appos.dep_ == "appos" and appos.pos_ == "PROPN" and appos.ent_type_ == "PERSON"
                        and appos.i > obj.i and appos.doc[appos.left_edge.i - 1].text == ","
                        and appos.lower_ != obj.lower_):
                    found.append(appos)
    return found


# what may stand between a title and the name at the end of its phrase ("Director of National
# Intelligence James Clapper", "Chairman of the Joint Chiefs of Staff Gen. Joseph Dunford")
_OFFICE_WORDS = frozenset("of the and for &".split())


def titled_name(token: "Token") -> list["Token"]:
    """The name ending a capitalised title's own phrase: in "Director of National Intelligence
    James Clapper said" ("then-Deputy Assistant Secretary for Diplomatic Security Charlene Lamb
    testified") the parser makes the title the subject and the name the object of its "of"
    ("for"); the person speaks, not "Director". Nested "of" chains ("Chairman of the Joint Chiefs
    of Staff Gen. Joseph Dunford"), only capitalised words up to the name — or, one "of" deep, a
    name that ends the title's phrase —, no article unless the name ends the phrase ("the director
    of the FBI's office" is no name's title), and after "for" an office with no title of its own
    ("Spokesman for Sen. John McCain" works for McCain). One rule for what two helpers wrote
    apart (session 33: ``_title_phrase_holder`` and this), found to agree on every dev text."""
    if not token.text[:1].isupper() or title_key(token.text) not in PERSON_TITLES:
        return []
    has_article = any(c.dep_ == "det" for c in token.children)
    current = token
    for depth in range(3):
        prep = next((c for c in current.children if c.dep_ == "prep" and c.lower_ in ("of", "for") and c.i > current.i), None)
        obj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
        if obj is None or prep is None:
            return []
        if obj.ent_type_ == "PERSON" and obj.pos_ == "PROPN":
            first = next((t for t in obj.doc[token.i + 1 : obj.i + 1] if t.ent_type_ == "PERSON"), obj)
            office = obj.doc[prep.i + 1 : first.i]
            ends_phrase = depth == 0 and obj.i == token.right_edge.i
            capitalised = all(t.text[:1].isupper() or t.lower_ in _OFFICE_WORDS or t.text == "."
                              for t in obj.doc[token.i + 1 : first.i])
            if not ends_phrase and (has_article or not capitalised):
                return []
            if prep.lower_ == "for" and (not len(office) or token.lower_ in _FOR_SOMEBODY or any(
                    title_key(t.text) in PERSON_TITLES for t in office)):
                # "Spokesman for Sen. John McCain": the title of somebody working for the person
                return []
            return [obj]
        current = obj
    return []


# one office under two titles: "Rep. Anthony Weiner" is "the congressman" (BASIL c21cb217)
SAME_TITLE = {"congressman": "representative", "congresswoman": "representative", "congressperson": "representative"}
# a title under another of the same word: a "Deputy Assistant Secretary" is not "the secretary"
SUBORDINATE = frozenset("deputy assistant under vice associate".split())
# an office written by its initials: "the VP said" is the vice president
_INITIALS = {"vp": "vice president"}
# titles held for somebody else: the name after "for" is not their holder's
_FOR_SOMEBODY = frozenset("spokesman spokeswoman spokesperson aide adviser advisor lawyer attorney counsel".split())


def office_of(title: "Token", key: str | None = None) -> str | None:
    """The office a title word names, with a title it stands under: "President" of "Vice President
    Joe Biden" and "the vice president" name the "vice president", not the president; "the VP"
    too; "Sen." the "senator" (``key``: the title word's own key when the caller read it from an
    abbreviation); None for a word that is no title."""
    key = key or title.lemma_.lower()
    if title_key(title.text) in _INITIALS:
        return _INITIALS[title_key(title.text)]
    if key not in PERSON_TITLES:
        return None
    key = SAME_TITLE.get(key, key)
    doc = title.doc
    # the title under it as the parser hangs it ("the vice president": a modifier), or written just
    # before it, hyphenated or not ("Vice President", "vice-president")
    before = doc[title.i - 2] if title.i >= 2 and doc[title.i - 1].text == "-" else doc[title.i - 1] if title.i else None
    lesser = next((c.lower_ for c in title.lefts if c.lower_ in SUBORDINATE), None)
    if lesser is None and before is not None and before.lower_ in SUBORDINATE:
        lesser = before.lower_
    return f"{lesser} {key}" if lesser else key


def titles_of_phrase_holders(doc: "Doc") -> dict[int, set[str]]:
    """The title each name ending a title's phrase holds, by the name's token index: "Secretary of
    State Hillary Clinton" (the parser hangs the name on the title's "of", so neither the word
    before the name nor its children say "secretary"); not a title under another of its word
    ("Deputy Assistant Secretary ... Charlene Lamb" is not "the secretary")."""
    found: dict[int, set[str]] = {}
    for t in doc:
        if t.text[:1].isupper() and t.lemma_.lower() in PERSON_TITLES and not any(c.lower_ in SUBORDINATE for c in t.lefts):
            for holder in titled_name(t):
                found.setdefault(holder.i, set()).add(t.lemma_.lower())
    return found
