"""Who signs a quote outside any sentence: a by-line after a dash ("“...” ― Jane Doe",
:func:`dash_byline`), a name on the line before a pull quote's closing mark (:func:`signed_last_line`),
a transcript's speaker tag opening the quoted paragraph ("PENCE: ...", :func:`transcript_tag`).
Who a cue's subject names is :mod:`newsprism.extract.quote_speakers`; which rule applies to a quote
is :mod:`newsprism.extract.quotes`.
"""

from __future__ import annotations

import bisect
import re

from newsprism.attribution import Person
from newsprism.extract.quote_cues import DocIndex
from newsprism.extract.quote_marks import QuotedRegion


# a dash after the closing mark, then the name: the by-line of quotes in a list ("...” ― Jane Doe")
_DASH_BYLINE = re.compile(r"[ \t\xa0]*[―—–][ \t\xa0]*")
_DASH_LINE = re.compile(r"[ \t\xa0]*\n\s*[-―—–][ \t\xa0]*(?=[A-Z][^\n]{0,60}(?:\n|$))")
_BYLINE_NAME = re.compile(r"[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){1,4}")


def dash_byline(index: DocIndex, region: QuotedRegion) -> Person | None:
    """A person named right after the closing mark and a dash ("“...” ― Oscar P. Quintero")."""
    if region.close_mark is None:
        return None
    dash = _DASH_BYLINE.match(index.text, region.close_mark + 1)
    own_line = False
    if dash is None:
        # a fact check's quote, then its speaker on a line of its own ("...”\n\n- Bernie Sanders.")
        dash = _DASH_LINE.match(index.text, region.close_mark + 1)
        if dash is None:
            return None
        own_line = True
    people = index.people
    k = bisect.bisect_left(people.mention_starts, dash.end())
    if k < len(people.mentions) and people.mentions[k].start == dash.end() and people.mentions[k].label == "PERSON":
        m = people.mentions[k]
        named = people.person_of(index.doc[index.token_at(m.end - 1)]) if own_line else None
        name = named.name if named is not None and named.name is not None and not named.lost else index.span(m.start, m.end)
        return Person(name, index.span(m.start, m.end))
    if own_line:
        # a surname alone ("- Sanders."): the person the document names so
        tok = index.doc[index.token_at(dash.end())]
        named = people.person_of(tok) if tok.idx == dash.end() and tok.is_title else None
        if named is None or named.name is None or named.lost:
            return None
        return Person(named.name, index.span(tok.idx, tok.idx + len(tok)))
    # a name NER missed: two to five capitalised words alone up to the line's end
    # ("” ― Christina N Luis Olidem")
    line_end = index.text.find("\n", dash.end())
    line = index.text[dash.end() : len(index.text) if line_end == -1 else line_end].rstrip(" .\t\xa0")
    if _BYLINE_NAME.fullmatch(line):
        return Person(index.span(dash.end(), dash.end() + len(line)), index.span(dash.end(), dash.end() + len(line)))
    return None


# the line after a quote left open: a name, then the quote's closing mark ends the line
_SIGNED_LINE = re.compile(r"\n([^\n\"“”]{2,120}?)[ .\t\xa0]*[\"”][ \t\xa0]*(?=\n|$)")


def signed_last_line(index: DocIndex, region: QuotedRegion) -> Person | None:
    """A quoted paragraph whose last line, before the closing mark, is its speaker's name ("\"I worry
    that ... tax cuts.\nDean Baker, Center for Economic and Policy Research.\"", "... possible.\nFormer
    NAACP president Ben Jealous.\""): a pull quote signed as a by-line is. The quote's words end at
    the line break (where the marks leave it open); the speaker is the person named, written as the
    line. Only a short line of a name, with a title before it or a body or role after a comma."""
    if region.close_mark is not None:
        return None
    text = index.text
    signed = _SIGNED_LINE.match(text, region.end)
    if signed is None or len(signed.group(1).split()) > 12:
        return None
    line_start, line_end = signed.start(1), signed.end(1)
    people = index.people
    k = bisect.bisect_left(people.mention_starts, line_start)
    m = next((x for x in people.mentions[k:] if x.start >= line_start and x.label == "PERSON"), None)
    if m is None or m.end > line_end:
        return None
    before = text[line_start : m.start].split()
    after = text[m.end : line_end]
    # a title or a role before the name ("S.C. Rep.", "Former NAACP president"); after it nothing,
    # or a comma and the body or the role ("Dean Baker, Center for Economic and Policy Research")
    if len(before) > 4 or (after and not after.startswith(", ")):
        return None
    if any(t.pos_ in ("VERB", "AUX") for t in index.doc[index.token_at(line_start) : index.token_at(line_end - 1) + 1]):
        return None  # a sentence, not a signature
    named = people.person_of(index.doc[index.token_at(m.end - 1)])
    name = named.name if named is not None and named.name is not None and not named.lost else index.span(m.start, m.end)
    return Person(name, index.span(line_start, line_end))


# a speaker's tag opening a transcript's paragraph: "PENCE: Well, look, ...", "Chris Matthews: Seriously, ...",
# "GOV. MIKE PENCE (R-IN): ..." (the party and state after the name are not part of it)
_TAG = re.compile(r"([A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,3})(?: \([A-Z][\w.,'’ -]{0,12}\))?: ")


_TAG_LINE = re.compile(r"^[\"“]?" + _TAG.pattern, re.MULTILINE)


def transcript_tag(index: DocIndex, region: QuotedRegion) -> tuple[int, Person] | None:
    """A quoted paragraph of a transcript that opens with its speaker's tag: the tag's person
    (an all-capitals surname is the person of that surname the document names: "PENCE" is
    Mike Pence) and where the words after the tag start. Only at a paragraph's start."""
    line_start = index.text.rfind("\n", 0, region.open_mark) + 1
    if index.text[line_start : region.open_mark].strip():
        return None
    tag = _TAG.match(index.text, region.start)
    if tag is None or tag.end() >= region.end:
        return None
    words = tag.group(1).split()
    last = index.doc[index.token_at(tag.start(1) + len(tag.group(1)) - 1)]
    people = index.people
    written = index.span(tag.start(1), tag.end(1))
    if tag.group(1).isupper():
        if len(tag.group(1)) < 3:
            return None
        for m in people.mentions:
            if m.label == "PERSON" and m.text.split()[-1].upper() == words[-1]:
                named = people.person_of(index.doc[index.token_at(m.start)])
                name = named.name if named is not None and named.name is not None else index.span(m.start, m.end)
                return tag.end(), Person(name, written)
        # "TAPPER: ..." after "JAKE TAPPER: ...": the fuller tag an earlier paragraph gave the same person
        fuller = next((m for m in _TAG_LINE.finditer(index.text, 0, line_start) if m.group(1).isupper()
                       and m.group(1).split()[-1] == words[-1] and len(m.group(1).split()) > len(words)), None)
        name = index.span(fuller.start(1), fuller.end(1)) if fuller is not None else written
        return tag.end(), Person(name, written)
    mention = people.mention_at(last)
    if mention is None or mention.label != "PERSON" or mention.start != tag.start(1):
        return None
    named = people.person_of(last)
    return tag.end(), Person(named.name if named is not None and named.name is not None else written, written)
