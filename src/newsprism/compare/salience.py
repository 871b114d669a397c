"""How much an editor wants a fact only one outlet reports: the order of the single-source section.

A single-source item is news when it tells what the other reports do not. The weight of one
(:func:`single_source_importance`) adds up, for the claims it cites:

- **What only this report tells** (:class:`StoryTerms`): the share of its content words that no
  other document of the story uses. "the massacre that killed 49 people and wounded 53" tells
  more the others lack than "the worst mass shooting in American history", which they all tell in
  their own words.
- **Concrete content:** figures no other report gives (up to two: "1 in 3", given by all three
  reports of Boehner's odds, is no news of one), named things (up to three), a date or time. A
  time of day ("they could leave at 6 a.m.") is a time, not a figure: counted as one, it weighed a
  sentence twice for saying when.
- **Lead position:** the paragraph it sits in (not the clause count: one long lede sentence cut
  into clauses is still the lede).
- **Named sources and quotes:** a quotation inside the reporter's sentence adds; a sentence that
  is mostly someone's quoted words (colour, a comment) counts half.
- **An earlier episode** (:func:`told_earlier`): a sentence every day of which is over a week
  before the report ("Mr. Mueller spoke to the House Republican Conference on May 13, 2011, and
  to the House Democratic Caucus on May 24, 2011." in a report of June 2013: a chronology), or a
  habit told with a present perfect over a long time (:func:`told_habit`: "Mr. McCarthy has been
  preparing for months to move up"), or a sentence opening on a long-past year (:func:`told_before`:
  "In 2003, he addressed a rally"), is background — no weight for its date, and it weighs as who
  someone is does (x0.7); so does a reputation (:func:`told_repute`: "is known as a brilliant
  lawyer").
- **The outlet's own analysis** (:func:`told_conjecture`: "The evacuation ... would be the largest of
  its kind", a modal on the main verb in the reporter's voice) and **a restatement** of a fact several
  reports state (:class:`newsprism.compare.restated.Restated`) with under ``RESTATED_OWN`` of its
  words its own (Fox's "The NAACP adopted a resolution Tuesday condemning ..." beside two reports of it)
  weigh as background too: no news of one outlet.
- **Copies** of one report (a fact only they tell) weigh as that report's sentence, the copies'
  words its own (``mates``): they go among the one-outlet facts by that weight, not before them.

Measured on the dev halves of the gold sets (``python -m newsprism.evaluate.gold_findings``, "in
first ten"); the figures are in docs/evaluation.md.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from spacy.tokens import Doc, Token

from newsprism.compare.align import quote_share
from newsprism.compare.backdrop import backdrop, year_of
from newsprism.extract.claims import Claim
from newsprism.model import Figure

__all__ = ["StoryTerms", "paragraph_index", "single_source_importance", "told_before", "told_earlier", "told_habit",
           "told_conjecture", "told_repute"]

_BREAKS = re.compile(r"\n\s*")
# a sentence's end: its mark (and closing quote) before a space and a capital
_SENTENCE_END = re.compile(r"[.!?][\"”’)]*\s+(?=[\"“‘(]?[A-Z])")
WALL, PER_PARAGRAPH = 12, 2  # a paragraph of 12 sentences is no news paragraph; news paragraphs hold one or two

# what each part weighs (dev halves of the BASIL, PolNeAR and PolNeAR-clean gold sets)
LEAD = 1.0  # a first paragraph's weight; the n-th weighs LEAD / (1 + n/2)
PER_FIGURE, MAX_FIGURES = 1.0, 2  # a figure no other report gives
PER_NAME, MAX_NAMES = 0.3, 3
DATED = 0.3
OWN_WORDS = 2.0  # times the share of its content words no other report uses
QUOTED = 0.5  # a quotation in it
MOSTLY_QUOTED = 0.5  # times this when at least half of it is inside quotation marks
EARLIER = 0.7  # times this for an earlier episode: background, as who someone is (fact_text.single_source_weight)
# a restatement of a fact several reports state with under this share of words of its own says
# little else: background ("The NAACP adopted a resolution Tuesday condemning ...", told by two others)
RESTATED_OWN = 0.3
STORY_DAYS = 7  # a day this many days before the report, or fewer, is the story's own time
_REPUTE = frozenset("know regard".split())  # "is known as", "is regarded as": a reputation
# a modal of conjecture on the main verb ("would be the largest of its kind"); not "will", which
# tells a plan as it stands ("The committee will elect a chairman in January")
_CONJECTURE = frozenset("would could might may should".split())


def _figure_key(figure: Figure) -> tuple[str, str | None]:
    return str(figure.value), figure.unit


@dataclass(frozen=True)
class StoryTerms:
    """Which documents of a story use each content word (the claims' ``terms``) and give each
    figure (its value and unit)."""

    docs_of: Mapping[str, frozenset[str]]
    figure_docs: Mapping[tuple[str, str | None], frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, claims: Sequence[Claim]) -> StoryTerms:
        docs: dict[str, set[str]] = {}
        figures: dict[tuple[str, str | None], set[str]] = {}
        for c in claims:
            for t in c.terms:
                docs.setdefault(t, set()).add(c.doc)
            for f in c.figures:
                figures.setdefault(_figure_key(f), set()).add(c.doc)
        return cls({t: frozenset(d) for t, d in docs.items()}, {k: frozenset(d) for k, d in figures.items()})

    def own_figures(self, doc: str, figures: Sequence[Figure], mates: Collection[str] = ()) -> int:
        """How many of ``figures`` (of ``doc``) no other document gives (the same value and unit);
        ``mates``, copies of ``doc``, are no other document."""
        own = {doc, *mates}
        return sum(1 for f in figures if self.figure_docs.get(_figure_key(f), frozenset()) <= own)

    def own_share(self, doc: str, terms: Sequence[str], mates: Collection[str] = ()) -> float:
        """The share of ``terms`` that no document but ``doc`` (or its copies, ``mates``) uses (0
        for no terms)."""
        words = set(terms)
        if not words:
            return 0.0
        own = {doc, *mates}
        return sum(1 for t in words if self.docs_of.get(t, frozenset()) <= own) / len(words)


def paragraph_index(text: str, start: int) -> int:
    """The paragraph of ``text`` that character ``start`` is in, from 0: how many line breaks (a
    run of them counts once) come before it, after any leading ones. In a text that lost its
    breaks (a paragraph of ``WALL`` sentences or more: the seed's Times report is one line of 60
    sentences), a sentence's place counts as news paragraphs of ``PER_PARAGRAPH`` sentences would."""
    before = text[:start].lstrip()
    breaks = list(_BREAKS.finditer(before))
    index = len(breaks)
    opened = start - len(before) + (breaks[-1].end() if breaks else 0)
    end = _BREAKS.search(text, start)
    paragraph = text[opened:end.start() if end else len(text)]
    if len(_SENTENCE_END.findall(paragraph)) + 1 >= WALL:
        index += len(_SENTENCE_END.findall(text[opened:start])) // PER_PARAGRAPH
    return index


def single_source_importance(claims: Sequence[Claim], text: str, story: StoryTerms, *,
                             mates: Collection[str] = (), published: str | None = None,
                             parsed: Doc | None = None, restates: bool = False) -> float:
    """The weight of a one-outlet fact citing ``claims`` (of one document whose text is ``text``,
    its parse ``parsed``, published on ``published`` when known): see the module docstring.
    ``mates``: copies of that document, when the fact is theirs too; ``restates``: the claims state
    what a fact of several reports states (:class:`newsprism.compare.restated.Restated`)."""
    if not claims:
        return 0.0
    doc = claims[0].doc
    own = story.own_share(doc, [t for c in claims for t in c.terms], mates)
    earlier = (told_earlier(claims, published) or told_habit(claims, parsed, published)
               or told_before(claims, parsed, published) or told_repute(claims, parsed)
               or told_conjecture(claims, parsed) or (restates and own < RESTATED_OWN))
    paragraph = min(paragraph_index(text, c.start) for c in claims)
    # a time of day ("at 6 a.m.", "11:30 p.m.") tells when, weighed as a date is: no count of the event
    figures = story.own_figures(doc, [f for c in claims for f in c.figures if f.unit != "time"], mates)
    names = len({e for c in claims for e in c.entities})
    score = LEAD / (1 + paragraph / 2)
    score += PER_FIGURE * min(figures, MAX_FIGURES) + PER_NAME * min(names, MAX_NAMES)
    score += DATED * (not earlier and any(c.times for c in claims))
    score += OWN_WORDS * own
    if any(c.quotes for c in claims):
        score += QUOTED
    if max(quote_share(c) for c in claims) >= 0.5:
        score *= MOSTLY_QUOTED
    if earlier:
        score *= EARLIER
    return round(score, 3)


def told_earlier(claims: Sequence[Claim], published: str | None) -> bool:
    """The claims (one sentence of one report published on ``published``) tell an earlier episode:
    they name a day, and every day they name is more than ``STORY_DAYS`` before the report ("On
    Feb. 8, 2011, Senators Dianne Feinstein ... invited every senator to a briefing" in a report of
    June 2013). Only days count, and only outside quotation marks: a day in someone's words ("On
    November 2nd, voters called for ...", said Rep. Michele Bachmann) dates the words, not the
    statement; a year or a month alone is as often something named ("Mr. Trump's 2005 wedding") as
    the time of what is told, and "in 2007", "last year" recall background the gold sets list as
    single-source facts (treating those as earlier too lowered the BASIL and PolNeAR dev first
    ten). Unknown publication: False."""
    try:
        day = date.fromisoformat((published or "")[:10])
    except ValueError:
        return False
    days = []
    for c in claims:
        for t in c.times:
            if t.resolved is None or len(t.resolved) < 10:
                continue
            if any(q.start <= t.start < q.end for q in c.quotes):
                continue  # a day in someone's words
            try:
                days.append(date.fromisoformat(t.resolved[:10]))
            except ValueError:
                continue
    return bool(days) and all((day - d).days > STORY_DAYS for d in days)


def told_habit(claims: Sequence[Claim], parsed: Doc | None, published: str | None = None) -> bool:
    """The first claim's main verb is a present perfect over a long stretch of time: a habit or a
    career, background ("Mr. McCarthy has been preparing for months to move up", "has repeatedly
    described himself as a veteran"), read by
    :func:`newsprism.compare.backdrop.backdrop`. A simple past placed before the story ("Arpaio
    endorsed Mitt Romney in 2008", "Previously, she had spoken out against ...") is not one: the
    gold sets list such recalled episodes as single-source facts, and counting them lowered the dev
    first ten."""
    verb = _main_verb(claims, parsed)
    if verb is None:
        return False
    if not any(c.dep_ == "aux" and c.tag_ in ("VBZ", "VBP") and c.lemma_ == "have" for c in verb.children):
        return False
    return backdrop(verb, year_of(published))


def told_before(claims: Sequence[Claim], parsed: Doc | None, published: str | None = None) -> bool:
    """The first claim opens on a year two or more before the report, ahead of its subject: a
    chronology or a career told year by year ("In 2003, he addressed a rally in Bridgeport", "In
    the 1990's, Lerner also served as chief of enforcement at the Federal Elections Commission" in
    reports of 2010 and 2013). Only a fronted year counts: one after the verb ("Arpaio endorsed
    Mitt Romney in 2008") is as often the recalled episode the gold sets list as a single-source
    fact. Unknown publication: False."""
    verb, year = _main_verb(claims, parsed), year_of(published)
    if verb is None or year is None:
        return False
    subjects = [c.i for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("in", "during", "by") or not subjects or prep.i > min(subjects):
            continue
        for o in prep.children:
            digits = o.lower_.removesuffix("s")  # "the 1990s"; "the 1990's" parses as 1990 + 's
            if o.dep_ == "pobj" and len(digits) == 4 and digits.isdigit() and 1800 < int(digits) <= year - 2:
                return True
    return False


def told_repute(claims: Sequence[Claim], parsed: Doc | None) -> bool:
    """The first claim tells what someone is known or regarded as ("Mr. Blumenthal, 64, is known as
    a brilliant lawyer who likes to argue cases in court"): who someone is, as
    :func:`newsprism.compare.fact_text.background` reads "X is a senior fellow at ..."."""
    verb = _main_verb(claims, parsed)
    return (verb is not None and verb.lemma_.lower() in _REPUTE
            and any(c.dep_ == "auxpass" for c in verb.children)
            and any(c.dep_ == "nsubjpass" for c in verb.children)
            and any(c.dep_ == "prep" and c.lower_ == "as" for c in verb.children))


def told_conjecture(claims: Sequence[Claim], parsed: Doc | None) -> bool:
    """The first claim is the report's own conjecture: its main verb under a modal ("The evacuation
    of Aleppo's rebel-held east would be the largest of its kind", "If he won, he would presumably
    run in 2014"), in the reporter's voice — no one it is attributed to, no quotation. What might
    be is the outlet's analysis, not news of the story's days."""
    verb = _main_verb(claims, parsed)
    if verb is None or any(c.attribution is not None or c.quotes for c in claims):
        return False
    return any(c.dep_ == "aux" and c.lower_ in _CONJECTURE for c in verb.children)


def _main_verb(claims: Sequence[Claim], parsed: Doc | None) -> Token | None:
    """The root of the first claim's span in ``parsed``, None without a parse."""
    if parsed is None or not claims:
        return None
    first = min(claims, key=lambda c: c.start)
    span = parsed.char_span(first.start, first.end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    return span.root
