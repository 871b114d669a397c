"""Quotations in the summary: a quoted passage the sentence splitter cut, offered whole with its
speaker, and which reports state a sentence that quotes someone (those that give most of its
quoted words).

A summary sentence is a report's sentence quoted whole. When the splitter cut a quotation at a
full stop inside it, neither half is one: the first names no speaker, the second opens inside the
quotation (the Times' '“I have not done anything wrong. I have not broken any laws,” said Ms.
Lerner, ...'); the passage is. And a sentence that quotes someone says those words were said: a
report giving a third of them does not state it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.fact_text import opens_inside_quote
from newsprism.extract.claims import Claim
from newsprism.model import Span

__all__ = ["quoted_passage", "quoting_reports"]


def quoted_passage(sentence: Span, docs: Mapping[str, Doc], by_doc: Mapping[str, Sequence[Claim]]) -> Span | None:
    """The quotation a sentence ends, with the sentence that opens it, when the sentence splitter cut a
    quoted passage at a full stop inside it (the Times' '“I have not done anything wrong. I have not
    broken any laws,” said Ms. Lerner, ...': its second half opens inside the quotation and its first
    names no speaker): one passage, its words and who said them. None when the sentence opens no
    quotation's second half or the sentence before does not open it."""
    doc = docs.get(sentence.doc)
    if doc is None or not opens_inside_quote(sentence.text):
        return None
    before = [w for c in by_doc.get(sentence.doc, ()) if (w := c.sentence or c.citation).end <= sentence.start]
    if not before:
        return None
    first = max(before, key=lambda w: w.end)
    gap = doc.text[first.end:sentence.start]
    opened = first.text.lstrip()
    # the sentence before opens a quotation it does not close, right before this one
    if gap.strip() or "\n\n" in gap or opened[:1] not in "“\"" or not opens_inside_quote(sentence.text) \
            or opened.count("”") or opened.count('"') > 1:
        return None
    start = first.start + len(first.text) - len(opened)
    return Span(sentence.doc, start, sentence.end, doc.text[start:sentence.end])


_QUOTATION = re.compile(r"“([^”]*)”|\"([^\"]*)\"")
_QUOTED_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _words(text: str) -> Counter[str]:
    return Counter(_QUOTED_WORD.findall(text.lower().replace("’", "'")))


def quoting_reports(cited: Sequence[Span], head: Span) -> tuple[Span, ...]:
    """Of the citations of a sentence that quotes someone, those of the reports that give most of the
    words quoted (half of them, counted with their repeats, in all a report's cited text): the Post's
    “We want to leave . . . we don’t want more massacres, let us leave, what is happening,” wrote
    Yasser Hemeish' is not stated by the Times' “Let us leave — what is happening?”, a third of it; the
    Times' “I trust in God,” Mr. Obama said, “but God wants to see us help ourselves ...” is by Fox's
    quotation of its second half. A sentence whose quoted words are under half its words (or under
    four) is judged by its words alone."""
    quoted = sum((_words(a or b) for a, b in _QUOTATION.findall(head.text)), Counter())
    if sum(quoted.values()) < max(4, sum(_words(head.text).values()) / 2):
        return tuple(cited)  # a few words quoted as a name ("reaffirm “In God We Trust” as the motto")
    pooled: dict[str, Counter[str]] = {}
    for c in cited:
        pooled[c.doc] = pooled.get(c.doc, Counter()) + _words(c.text)
    given = {d: sum((words & quoted).values()) for d, words in pooled.items()}
    return tuple(c for c in cited if c.doc == head.doc or 2 * given[c.doc] >= sum(quoted.values()))
