"""A quotation a report uses as a name or a term, not as someone's remark.

Reports put quotation marks round words they mention rather than report: the name of a policy
("the military's “don't ask, don't tell” policy"), a motto ("the national motto, “In God We
Trust”"), a label ("the so-called “rigged” system") or a phrase someone is said to avoid ("the
president's refusal to call the attack a result of “radical Islamic terrorism”"). Two reports
quoting such words share a thing they talk about, not a statement: the quotation alone, with nothing
else told alike, is no anchor of one fact (:mod:`newsprism.compare.fact_anchors`). (Two reports telling
what something is named — "The headline ... reads, “THE QUEEN OF RAGE”" / "its cover story ... called
“The Queen of Rage”" — or one act with the name — "reaffirming the national motto, “In God We Trust”" /
"a measure to reaffirm “In God We Trust” as the national motto" — do share a fact: the same words quoted
by several reports stay :func:`newsprism.compare.shared_quotes.quote_groups`' to judge.)

- :func:`quoted_term`: one of a claim's quotations, with the given words, stands in its sentence as a
  name or a term — a modifier or an apposition of a noun outside it, a verbless noun phrase that is
  an argument of the sentence.
- :func:`shared_beyond`: the content words two claims share outside their quotations, not counting
  the words of who or what they name (a name both give is what they are about, not what they tell).
- :func:`term_only`: the quoted words two claims share are such a term in one of them, and nothing
  else of what they tell is shared.
- :func:`named_only`: a group of claims quoting the same words, every one of them as such a term, no
  two telling one act (their main verbs other, none agreeing): a motto both mention in sentences
  about other things ("President Barack Obama urged lawmakers to move on the transportation funding
  portion of his jobs bill ..., while simultaneously mocking them for spending time on ... “In God We
  Trust”" / "He tweaked House Republicans for passing a resolution ... reaffirming the national motto,
  “In God We Trust,” ..."), which cites only the quoted words: no fact of its own.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from spacy.tokens import Doc, Span, Token

from newsprism.extract.claims import Claim, content_terms
from newsprism.extract.propositions import Proposition

__all__ = ["named_only", "quoted_term", "shared_beyond", "term_only"]

_QWORD = re.compile(r"[a-z0-9]+")
# a quotation depending on a noun as its modifier or its apposition: "the “rigged” system", "the motto,
# “In God We Trust”" (not a clause on a noun — "the claim that ..." is what someone said)
_NOUN_MODIFIER = frozenset({"compound", "amod", "appos", "nmod", "npadvmod", "poss"})
# where a verbless quoted noun phrase is a thing the sentence talks about (not "attr"/"oprd": what
# someone calls something — "called the deal “a disaster”" is a statement)
_ARGUMENT = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "conj", "compound", "appos"})
_TERM_WORDS = 6  # longer quoted words are a remark, whatever their grammar


def _words(text: str) -> list[str]:
    return _QWORD.findall(text.lower())


def _so_called(span: Span) -> bool:
    """The quotation follows "so-called": the report names a thing by words it does not take up."""
    before = span.doc[max(span.start - 3, 0): span.start].text.lower().replace(" ", "")
    return before.endswith("so-called") or before.endswith("so-called“") or before.endswith('so-called"')


def _before_noun(span: Span) -> bool:
    """The quotation sits between a determiner (or a possessive, or "so-called") and a noun: it names a kind
    of that noun ("the military's “don't ask, don't tell” policy"), however the parser reads its words."""
    doc = span.doc
    left = span.start - 1
    while left >= 0 and doc[left].is_quote:
        left -= 1
    right = span.end
    while right < len(doc) and doc[right].is_quote:
        right += 1
    if left < 0 or right >= len(doc) or right == span.end:
        return False  # (no closing mark read: the words after are not known to be outside)
    before, after = doc[left], doc[right]
    opener = before.pos_ == "DET" or before.tag_ == "POS" or before.lower_ in ("his", "her", "its", "their") or _so_called(span)
    return opener and after.pos_ == "NOUN"


def _set_off_name(span: Span) -> bool:
    """Verbless quoted words set off after a noun by a comma ("the national motto, “In God We Trust,”") or
    named as a noun by "as" after them ("to reaffirm “In God We Trust” as the national motto"): the noun's
    name, however the parser reads its words (a motto's "We Trust" is no clause to it)."""
    if any(t.pos_ in ("VERB", "AUX") for t in span):
        return False
    doc = span.doc
    left = span.start - 1
    while left >= 0 and doc[left].is_quote:
        left -= 1
    right = span.end  # (past the comma a quotation may close on: "“In God We Trust,”")
    while right < len(doc) and (doc[right].is_quote or doc[right].text in (",", ".")):
        right += 1
    if left == span.start - 1 or not any(t.is_quote for t in doc[span.end : right]):
        return False  # not between quotation marks as read
    if left >= 1 and doc[left].text == "," and doc[left - 1].pos_ == "NOUN":
        return True
    if right < len(doc) and doc[right].lower_ == "as":
        after = [t for t in doc[right + 1 : right + 5] if t.pos_ not in ("DET", "ADJ") and t.dep_ not in ("amod", "compound")]
        return bool(after) and after[0].pos_ == "NOUN"
    return False


def _stands_as_term(span: Span) -> bool:
    root = span.root
    head: Token = root.head
    outside = head != root and not span.start <= head.i < span.end
    # (a lone judging word on a noun is the speaker's word, told: "his promise to be a “neutral” guy" —
    # unless the report says it only names the thing: "the so-called “rigged” system")
    more_than_a_word = any(t.pos_ in ("NOUN", "PROPN", "VERB") for t in span) or _so_called(span)
    if outside and head.pos_ in ("NOUN", "PROPN") and root.dep_ in _NOUN_MODIFIER and more_than_a_word:
        return True
    if _before_noun(span) and more_than_a_word or _set_off_name(span):
        return True
    # (not words in title case as such: "The headline ... reads, “THE QUEEN OF RAGE”" tells what the cover says)
    return not any(t.pos_ in ("VERB", "AUX") for t in span) and root.pos_ in ("NOUN", "PROPN") and root.dep_ in _ARGUMENT


def quoted_term(claim: Claim, words: Sequence[str], doc: Doc | None) -> bool:
    """One of ``claim``'s quotations whose words are ``words`` (a few words) stands in its sentence as
    a name or a term it mentions, not as what someone said."""
    if doc is None or not words or len(words) > _TERM_WORDS:
        return False
    for q in claim.quotes:
        if _words(q.text) != list(words):
            continue
        span = doc.char_span(q.start, q.end, alignment_mode="expand")
        inner = [t for t in span if not t.is_punct] if span is not None else []
        if not inner:
            continue
        span = doc[inner[0].i: inner[-1].i + 1]
        if _stands_as_term(span):
            return True
    return False


def shared_beyond(a: Claim, b: Claim, docs: Mapping[str, Doc], name_words: frozenset[str]) -> set[str]:
    """The content lemmas both claims give outside their quotations, less the words of names."""

    def told(c: Claim) -> set[str]:
        doc = docs.get(c.doc)
        span = doc.char_span(c.start, c.end, alignment_mode="expand") if doc is not None else None
        if span is None:
            return set()
        quoted = [(q.start, q.end) for q in c.quotes]
        toks = [t for t in span if t.pos_ != "PROPN" and not any(s <= t.idx < e for s, e in quoted)]
        return set(content_terms(toks)) - name_words
    return told(a) & told(b)


def term_only(a: Claim, b: Claim, words: Sequence[str], docs: Mapping[str, Doc], names: Mapping[str, str]) -> bool:
    """The quoted ``words`` both claims give are a term one of them mentions (:func:`quoted_term`), and
    outside the quotations they share nothing but names: two reports talking of one thing, no statement
    told alike. (A term both quote in the same act is a fact: "Trump called for a “total and complete
    shutdown”" told twice shares "call".)"""
    if not any(quoted_term(c, words, docs.get(c.doc)) for c in (a, b)):
        # (the shorter quotation may be a run of the other's longer one: the term is the shorter's words)
        return False
    name_words = frozenset(w for e in set(a.entities) | set(b.entities) for w in _words(names.get(e, "")))
    return not shared_beyond(a, b, docs, name_words)



def named_only(members: Sequence[Claim], quoted: Mapping[str, str], docs: Mapping[str, Doc],
               of: Mapping[str, Proposition]) -> bool:
    """Every member quotes its shared words (``quoted``: claim id -> the text of its quoted words the others
    quote too) as a name or a term (:func:`quoted_term`), and no two members of two reports tell one act:
    main verbs other, neither's among the other's acts."""
    if len(members) < 2 or not all(quoted_term(c, _words(quoted.get(c.id, "")), docs.get(c.doc)) for c in members):
        return False
    for a in members:
        for b in members:
            p, q = of.get(a.id), of.get(b.id)
            if a.doc >= b.doc:
                continue
            if p is None or q is None or not p.predicate or not q.predicate:
                return False  # nothing read of an act: not known to differ
            if p.predicate == q.predicate or p.predicate in q.actions or q.predicate in p.actions:
                return False
    return True
