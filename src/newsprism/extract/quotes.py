"""Direct quotes and who said them, from the already-parsed spaCy ``Doc``.

One pass over the double quotation marks ("..." and “...”) finds the quoted
stretches; each is then attributed with short, local token walks:

1. the cue: a reporting verb (said, told, added, wrote, according to, ...) in the
   quote's own sentence. Which side is searched first depends on how the quote
   ends: a quote closed by "," "?" "!" or no punctuation expects its cue after
   it ("“...,” said X", "“...?” he asked"); a quote woven into the reporter's
   sentence (a *partial* quote, opened right after a word) or one that ends its
   sentence expects it before ("X added: “...”", "hoped the world would hear
   “our final scream,”").
2. the speaker: who speaks through the cue, by the rules every stage shares
   (``newsprism.attribution``: the subject of the cue, climbing from "adding",
   "saying" or a conjoined verb to the verb that has one; from "who" to the
   noun it qualifies). A name is given as the fullest form of that name in the
   document ("Abdurrahman" -> "Rami Abdurrahman"); "he"/"she" are resolved to the
   latest person named before the quote; a title followed by a gap of spaces
   ("Mr.   said") is a name lost in damaged text and is never guessed.
3. no cue in its sentence: a quote that opens a sentence continues the
   attribution of the sentence before it (“...,” Earnest said. “And frankly,
   ...”) or of the paragraph it continues; with no cue there either, the person
   that sentence is about (its main verb's subject, a name or "he"/"she"). A
   one- or two-word quote with no cue is a scare quote or a title and is not
   reported.

This module applies the rules in that order, with the special forms (a speaker's tag
opening a transcript's paragraph, a dash by-line, a heading before a colon) and drops
scare quotes and titles. Finding the cue is :mod:`newsprism.extract.quote_cues`; who a
cue, a tag or a heading names is :mod:`newsprism.extract.quote_speakers`.

Everything is cited: ``Quote.text == article.text[start:end]`` (the marks
excluded), ``speaker_span.text == speaker``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Sequence

from spacy.tokens import Doc, Token

from newsprism.attribution import Named, Person
from newsprism.extract.quote_cues import (
    SMALL_WORDS, TERMINATORS, WORD, DocIndex, cue_at, find_cue, governing_verb, is_partial, is_terminator,
    looks_like_title, outer_cue, previous_sentence_cue,
)
from newsprism.extract.quote_marks import QuotedRegion, quoted_regions
from newsprism.extract.quote_bylines import dash_byline, signed_last_line, transcript_tag
from newsprism.extract.quote_speakers import (
    NO_SPEAKER, apposed_name, colon_speaker, participle_subject, dash_heading, named_between, named_next, passed_on_after, previous_subject, reported_before, reported_by, reported_by_outer, speaker_of,
    utterance_owner,
)
from newsprism.model import Article, Mention, Quote, Span

__all__ = ["extract_quotes", "attribute_quotes", "QuoteAttribution", "quoted_regions"]

LOST_NAME_NOTE = "speaker's name lost in damaged text"


@dataclass(frozen=True, slots=True)
class QuoteAttribution:
    """A quote and, besides the speaker's name, the source as written at the cue.

    ``source_written`` is the cue's subject as it stands in the sentence ("he",
    "a source", "Abdurrahman"), which is what attribution corpora annotate.
    """

    quote: Quote
    source_written: Span | None


def _context_speaker(
    index: DocIndex, region: QuotedRegion, first: int, previous: tuple[QuotedRegion, Person] | None
) -> Person:
    """A quote with no cue of its own: the paragraph it continues, the next sentence pointing
    back at it ("That was how Jones put it"), or the sentence before it."""
    if region.continues and previous is not None:
        return previous[1]
    pointed = named_next(index, region)
    if pointed != NO_SPEAKER:
        return pointed
    prior = previous_sentence_cue(index, first)
    if (
        previous is not None
        and previous[0].close_mark is not None
        and (prior is None or previous[0].close_mark > prior.idx)
        and not _sentence_between(index, previous[0].close_mark, first)
    ):
        return previous[1]
    if prior is not None:
        speaker = speaker_of(index, prior, region.open_mark)
        if speaker == NO_SPEAKER and previous is not None and previous[0].close_mark is not None:
            # “...,” Flynn, a top Trump surrogate, said. “...”: the cue the parser hung on the
            # quote before, whose speaker stands between that quote and the cue
            speaker = named_between(index, previous[0], prior)
        return speaker
    if looks_like_title(index.text[region.start : region.end]):
        return NO_SPEAKER  # a slogan or a title ("Make America Great Again") is nobody's words here
    return previous_subject(index, first, region.open_mark)


def attribute_quotes(article: Article, doc: Doc, mentions: Sequence[Mention],
                     named: "Named | None" = None) -> list[QuoteAttribution]:
    """Quotes with their attribution and the source as written at the cue (see module doc);
    ``named``: the document's people when another stage has them (attribution.named.Named)."""
    text = article.text
    regions = quoted_regions(text)
    index = DocIndex(article.id, text, doc, [m for m in mentions if m.doc == article.id or not m.doc], regions, named)
    out: list[QuoteAttribution] = []
    previous: tuple[QuotedRegion, Person] | None = None
    owned_before: Token | None = None  # the noun of something said the previous quote hung from
    for region in regions:
        first = index.token_at(region.open_mark)
        if doc[first].idx < region.open_mark and first + 1 < len(doc):
            first += 1  # the mark is glued to the previous token
        after = index.token_at(region.close_mark) + 1 if region.close_mark is not None else None
        partial = is_partial(index.marks, region.open_mark)
        tagged = transcript_tag(index, region)
        signed = signed_last_line(index, region) if tagged is None else None
        heading = dash_heading(index, region) if tagged is None and signed is None else None
        cue = None if tagged is not None or signed is not None or heading is not None else find_cue(
            index, region, first, after, partial)
        byline = dash_byline(index, region)
        governing: Token | None = None
        shared: Person | None = None
        if tagged is not None:
            speaker = tagged[1]
            region = replace(region, start=tagged[0])
        elif signed is not None:
            speaker = signed
        elif heading is not None:
            speaker = heading
        elif cue is not None:
            cue = outer_cue(index, cue)
            speaker = speaker_of(index, cue, region.open_mark)
            if speaker == NO_SPEAKER:
                speaker = named_between(index, region, cue)
            if speaker == NO_SPEAKER:
                speaker = apposed_name(index, cue, region.open_mark)
            if speaker == NO_SPEAKER and cue.i < first:
                speaker = participle_subject(index, cue, region.open_mark)
            if after is not None and cue.i >= after and speaker.name is not None and (
                    report := reported_by(index, cue)) is not None:
                speaker = Person(speaker.name, report, gender=speaker.gender, lost=speaker.lost)
            elif after is not None and cue.i < first and speaker.name is not None and (
                    report := passed_on_after(index, after, cue) or reported_before(index, cue)) is not None:
                speaker = Person(speaker.name, report, gender=speaker.gender, lost=speaker.lost)
            elif (outer := reported_by_outer(index, cue, region.open_mark)) is not None:
                # the words are the cue's speaker's; the attribution, as written, the outer source's
                speaker = Person(speaker.name, outer, gender=speaker.gender, lost=speaker.lost)
        elif byline is not None:
            speaker = byline
        elif (owned_before is None or owned_before.left_edge.i <= first <= owned_before.right_edge.i) and (
                shared := _same_sentence_speaker(index, first, previous)) is not None:
            speaker = shared
        elif (governing := governing_verb(index, region, first, after)) is not None:
            speaker = speaker_of(index, governing, region.open_mark)
        elif (owned := utterance_owner(index, region, first, after)) is not None:
            governing, speaker = owned
        elif partial:
            speaker = NO_SPEAKER
        else:
            speaker = colon_speaker(index, region)
            if speaker == NO_SPEAKER:
                speaker = _context_speaker(index, region, first, previous)
        content = text[region.start : region.end]
        if _STAGE_DIRECTION.match(content) or _FOLLOW_LINE.match(content):
            continue  # a transcript's "(CROSSTALK.)" or its writer's "Follow ... on Twitter": nobody's words
        if len(WORD.findall(content)) <= 2 and not region.continues and cue is None and governing is None and shared is None:
            continue  # a scare quote or a title, not somebody's words
        if cue is None and speaker.name is None and not speaker.lost and not region.continues and looks_like_title(content):
            continue  # a programme's or a book's title ("on “Fox News Sunday,”"), nobody's words
        if not region.continues and _named_work(index.marks, region.open_mark, content):
            continue  # "on the podcast “Here’s the Thing.”": the work's title, whoever the sentence quotes
        if len(WORD.findall(content)) <= 2 and speaker.written is None and not speaker.lost:
            continue  # a cue nobody speaks through ("so-called") does not make it a quote
        quote = Quote(
            doc=article.id,
            start=region.start,
            end=region.end,
            text=content,
            speaker=None if speaker.lost or speaker.name is None else speaker.name.text,
            speaker_span=None if speaker.lost else speaker.name,
            cue=index.span(*(cue_at(cue) or (cue.idx, cue.idx + len(cue)))) if cue is not None else (
                index.span(governing.idx, governing.idx + len(governing)) if governing is not None
                else out[-1].quote.cue if shared is not None and out else None
            ),
            partial=partial,
            note=LOST_NAME_NOTE if speaker.lost else None,
        )
        out.append(QuoteAttribution(quote, speaker.written))
        previous = (region, speaker)
        # "Trump's statement about “thousands of shootings” is “true,”": the owner's words end with the noun's phrase
        owned_before = governing if governing is not None and governing.pos_ in ("NOUN", "PROPN") else None
    return _described_before(_fill_chains(out, regions), text)


# a transcript's note of what happened, not what was said: "(CROSSTALK.)", "[APPLAUSE]", "(inaudible)"
_STAGE_DIRECTION = re.compile(r"[(\[][A-Za-z][A-Za-z ,'’-]{0,40}[.]?[)\]][.,]?$")
# the writer's credit line a transcript's last open paragraph runs into: "Follow Pam Key on Twitter @pamkeyNEN."
_FOLLOW_LINE = re.compile(r"Follow [A-Z@][^\n]{0,60}? on (?:Twitter|Facebook|Instagram)\b[^\n]{0,40}$")


# a noun naming a work, or a verb naming it, written right before its title; or a word for
# a name someone goes by, right before that name ("wrote under the pseudonym “Carlos Danger,”")
_WORK_BEFORE = re.compile(
    r"\b(?:podcast|show|program|programme|film|movie|documentary|book|memoir|novel|album|song|series|"
    r"column|op-ed|essay|editorial|headline|episode|play|musical|titled|entitled|autobiography|anthem|"
    r"(?:co-)?author of|(?:co-)?editor of|episode of|interview with|"
    r"pseudonym|alias|nickname|moniker|handle|username|screen name|code ?name|codename|known as)\s*[,:]?\s*$",
    re.IGNORECASE,
)


# a programme named after "on", with its network's possessive ("on CNN's “State of the Union.”",
# "on “Face the Nation,”", "on MSNBC’s “Morning Joe”")
_ON_PROGRAMME = re.compile(r"\bon\s+(?:[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)*['’]s\s+)?$")
# a programme after its network's possessive, "on" or not ("Sanders told MSNBC's “Morning Joe”",
# "an interview with CNN’s “The Lead with Jake Tapper,”"): an acronym's or Fox's
_NETWORK_PROGRAMME = re.compile(r"\b(?:[A-Z]{2,6}|Fox(?: News| Business)?)['’]s\s+$")


def _named_work(text: str, start: int, content: str) -> bool:
    """A quoted title right after the noun of the work it names ("the documentary “Weiner.”",
    "the podcast “Here’s the Thing.”"), a name after the word for it ("the alias “Carlos
    Danger”"), or a title after "on" or a network's possessive ("said on CNN's “State of the
    Union.”", "told MSNBC's “Morning Joe”"):
    its words are capitalised as a title's, an elided "’s" aside."""
    before = text[max(0, start - 40) : start]
    if not _WORK_BEFORE.search(before) and not _ON_PROGRAMME.search(before) and not _NETWORK_PROGRAMME.search(before):
        return False
    words = [w for w in WORD.findall(content) if w not in ("s", "t", "re", "ll", "ve", "d", "m")]
    return bool(words) and all(w[:1].isupper() or w.isdigit() or w.lower() in SMALL_WORDS for w in words)


def _same_sentence_speaker(index: DocIndex, first: int, previous: "tuple[QuotedRegion, Person] | None") -> Person | None:
    """A quote after another quote of the same sentence shares its speaker ("Cruz called Trump a
    “pathological liar” who is “utterly amoral,” a “serial philanderer” ...")."""
    if previous is None or previous[1].name is None or previous[0].close_mark is None:
        return None
    doc = index.doc
    prev_last = index.token_at(previous[0].close_mark)
    if doc[prev_last].sent.start != doc[first].sent.start:
        return None
    for j in range(prev_last + 1, first):
        if is_terminator(doc[j]):
            return None
    return previous[1]


def _sentence_between(index: DocIndex, close_mark: int, first: int) -> bool:
    """Is there a whole sentence between a quote's closing mark and token ``first``?"""
    doc = index.doc
    seen_end = False
    for j in range(index.token_at(close_mark) + 1, first):
        token = doc[j]
        if token.text in TERMINATORS:
            seen_end = True
        elif seen_end and not (token.is_space or token.is_punct):
            return True
    return False


def _fill_chains(found: list[QuoteAttribution], regions: Sequence[QuotedRegion]) -> list[QuoteAttribution]:
    """A multi-paragraph quote whose first part had no cue takes the speaker of a later part."""
    by_start = {r.start: r for r in regions}
    out = list(found)
    for k in range(len(out) - 2, -1, -1):
        here, nxt = out[k], out[k + 1]
        region_next = by_start.get(nxt.quote.start)
        if here.quote.speaker is None and here.quote.note is None and region_next is not None and region_next.continues:
            q = nxt.quote
            out[k] = QuoteAttribution(
                replace(here.quote, speaker=q.speaker, speaker_span=q.speaker_span, note=q.note),
                nxt.source_written,
            )
    return out


# "the official", "The spokesperson": a speaker written as one noun after "the"
_BARE_DEFINITE = re.compile(r"(?:the|The) ([a-z]+)")
# how a report first brings in someone it does not name: "a senior administration official",
# "one union official", "A spokesperson for Google"
_INTRODUCED = re.compile(r"(?:a|an|A|An|one|One|another|Another) ")


def _described_before(found: list[QuoteAttribution], text: str) -> list[QuoteAttribution]:
    """A speaker written "the <noun>" whom the report brought in before, as a quote's speaker, with
    an indefinite description of that noun, or one with "the" and words that tell which ("The
    Georgetown University letter"), ("a senior administration official said ... the official
    said"; "A spokesperson for Google said ... the spokesperson added", BASIL a4f1d515): the same
    speaker, under the words that introduced them (one heading, not two). Only when that description
    is the last one of the noun the report wrote before (no "A Microsoft spokesperson said ..." in
    between: that one is "the spokesperson"); the source as written at the cue stays "the official"."""
    out = list(found)
    for k, here in enumerate(out):
        span = here.quote.speaker_span
        bare = _BARE_DEFINITE.fullmatch(span.text) if span is not None else None
        if span is None or bare is None:
            continue
        noun = bare.group(1)
        # the last time the report brings someone in with the noun (not "the <noun>" again)
        last = None
        for m in re.finditer(rf"\b{noun}\b", text[: span.start]):
            if not re.search(r"\bthe\s+$", text[max(0, m.start() - 5) : m.start()], re.IGNORECASE):
                last = m.start()
        for before in reversed(out[:k]):
            earlier = before.quote.speaker_span
            if earlier is None or earlier.start >= span.start:
                continue
            if last is None or not earlier.start <= last < earlier.end:
                continue
            words = earlier.text.split()
            at = words.index(noun) if noun in words else -1
            # the noun heads the description: its last word, or before "for"/"of"/"at"/"with"
            # (brought in with "a"/"one", or with "the" and words that tell which: "The Georgetown
            # University letter" ... "the letter", 29ffd053)
            introduced = _INTRODUCED.match(earlier.text) or (words[0] in ("the", "The") and at >= 2)
            if introduced and at > 0 and (
                    at == len(words) - 1 or words[at + 1] in ("for", "of", "at", "with", "from")):
                q = here.quote
                out[k] = QuoteAttribution(replace(q, speaker=earlier.text, speaker_span=earlier), here.source_written)
            break
    return out


def extract_quotes(article: Article, doc: Doc, mentions: Sequence[Mention], named: "Named | None" = None) -> list[Quote]:
    """Direct quotes of ``article`` with their speakers; ``doc`` is ``nlp(article.text)``."""
    return [a.quote for a in attribute_quotes(article, doc, mentions, named)]
