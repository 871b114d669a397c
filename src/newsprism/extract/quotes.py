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
   ...”) or of the paragraph it continues. A one- or two-word quote with no cue
   is a scare quote or a title and is not reported.

Everything is cited: ``Quote.text == article.text[start:end]`` (the marks
excluded), ``speaker_span.text == speaker``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from typing import Sequence

from spacy.tokens import Doc, Token

from newsprism.attribution import People, Person, as_written, is_mute, is_time_clause, is_according_to, is_reporting_verb, source_of, source_phrase
from newsprism.lexicon import FEMALE_NOUNS, MALE_NOUNS, PERSON_TITLES, SPEAKING_NOUNS, UTTERANCE_NOUNS, WEEKDAYS
from newsprism.extract.quote_marks import QuotedRegion, paired_marks_as_quotes, quoted_regions
from newsprism.model import Article, Mention, Quote, Span

__all__ = ["extract_quotes", "attribute_quotes", "QuoteAttribution", "quoted_regions"]

LOST_NAME_NOTE = "speaker's name lost in damaged text"
# subjects the parser finds for a cue that name no speaker
_NOT_SPEAKERS = frozenset(WEEKDAYS) | {"today", "yesterday", "tonight", "week", "month", "year"}
# a part of a group that names no group ("one of those advisers" does)
_QUANTIFIERS = frozenset("one most some many several few others all both none each".split())
_TERMINATORS = frozenset({".", "?", "!"})
_WORD = re.compile(r"\w+")
# a dash after the closing mark, then the name: the by-line of quotes in a list ("...” ― Jane Doe")
_DASH_BYLINE = re.compile(r"[ \t\xa0]*[―—–][ \t\xa0]*")
_BYLINE_NAME = re.compile(r"[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){1,4}")
_WINDOW = 60  # tokens: how far a cue may sit from its quote within one sentence


@dataclass(frozen=True, slots=True)
class QuoteAttribution:
    """A quote and, besides the speaker's name, the source as written at the cue.

    ``source_written`` is the cue's subject as it stands in the sentence ("he",
    "a source", "Abdurrahman"), which is what attribution corpora annotate.
    """

    quote: Quote
    source_written: Span | None


_NO_SPEAKER = Person(None, None)


class _DocIndex:
    """Lookups built once per document: token by character, quoted regions, the people named."""

    def __init__(
        self, doc_id: str, text: str, doc: Doc, mentions: Sequence[Mention], regions: Sequence[QuotedRegion]
    ):
        self.doc_id = doc_id
        self.text = text
        # the text with each pair of apostrophes read as one mark (same length): what stands
        # next to a mark, for the NYT's ''...'' quotes
        self.marks = paired_marks_as_quotes(text)
        self.doc = doc
        self.token_starts = doc.to_array("IDX").tolist() if len(doc) else []  # each token's character offset
        self.region_starts = [r.open_mark for r in regions]
        self.region_ends = [r.close_mark if r.close_mark is not None else r.end for r in regions]
        self.people = People(doc_id, text, doc, mentions, self.inside_quote)

    def token_at(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.token_starts, char) - 1)

    def inside_quote(self, char: int) -> bool:
        k = bisect.bisect_right(self.region_starts, char) - 1
        return k >= 0 and char < self.region_ends[k]

    def span(self, start: int, end: int) -> Span:
        return Span(self.doc_id, start, end, self.text[start:end])


def _cue_at(token: Token) -> tuple[int, int] | None:
    """Character span of the cue starting at ``token``, or None if it is no cue."""
    if is_according_to(token):
        return token.idx, token.nbor().idx + 2
    if is_reporting_verb(token):
        return token.idx, token.idx + len(token)
    if _puts_it(token):
        return token.idx, token.nbor().idx + 2
    return None


def _puts_it(token: Token) -> bool:
    """"put it" that says so: "as Tom Ridge ... put it: “...”", "he put it this way, “...”"."""
    doc = token.doc
    if token.lemma_ != "put" or token.pos_ != "VERB" or token.i + 2 >= len(doc) or doc[token.i + 1].lower_ != "it":
        return False
    after = doc[token.i + 2]
    return after.text in (":", ",", "—", "“", '"', "''") or any(c.lower_ == "as" and c.dep_ == "mark" for c in token.children)


def _speaker_of(index: _DocIndex, verb: Token, quote_open: int) -> Person:
    person = _speaker_named_by(index, source_of(verb), quote_open)
    relative = next((c for c in verb.children if c.dep_ == "nsubj" and (c.tag_ == "WP" or c.lower_ == "which")), None)
    if relative is not None and person.name is not None and not person.lost:
        # "Mike Pence, who called their son “an American hero”": the source as written at the cue
        # is "who", as "he" is; the name is the noun it stands for
        return Person(person.name, index.span(relative.idx, relative.idx + len(relative)), gender=person.gender)
    return person


def _speaker_named_by(index: _DocIndex, subject: Token | None, quote_open: int) -> Person:
    """The person (or body) the token naming a quote's source stands for."""
    if subject is None or index.inside_quote(subject.idx):
        return _NO_SPEAKER  # a subject inside quotation marks is quoted words ("on “Morning Joe,” calling")
    people = index.people
    if subject.pos_ == "PRON":
        binder = people.binder(subject)
        if binder is not None:
            # "Clinton's campaign is seeking to contrast ... with what they call “...”": the outer
            # subject it stands for names the speaker; the source as written stays the pronoun
            bound = _speaker_named_by(index, binder, quote_open)
            if bound.name is not None and not bound.lost:
                return Person(bound.name, index.span(subject.idx, subject.idx + len(subject)), gender=bound.gender)
        return people.resolve(subject, before=min(quote_open, subject.idx))
    person = people.person_of(subject)
    if person is not None:
        if person.written is not None and not person.lost:
            s, e = as_written(subject, person.written.start, person.written.end, index.text)
            person = Person(person.name, index.span(s, e))
        return person
    if subject.ent_type_ in ("DATE", "TIME") or subject.lower_ in _NOT_SPEAKERS:
        return _NO_SPEAKER  # "Monday said ..." is a parse error, not a speaker
    if subject.lower_ in _QUANTIFIERS and not any(c.dep_ == "prep" for c in subject.children):
        return _NO_SPEAKER  # "most said they were “very worried”": most of whom the sentence does not say
    lo, hi = source_phrase(subject)
    s, e = index.doc[lo].idx, index.doc[hi - 1].idx + len(index.doc[hi - 1])
    group = _share_of(index, subject)
    if group is not None:
        # "75 percent of Democrats said": poll respondents speak as their group, written as the share
        return Person(group, index.span(s, e))
    if subject.pos_ == "NOUN" and subject.lemma_.lower() in _AUTHORED:
        # "a Friday evening tweet said", "read a tweet from the president": its author speaks
        author = _author_of(index, subject, quote_open)
        if author is not None and author.name is not None and not author.lost:
            return Person(author.name, index.span(s, e))
    if subject.pos_ == "NOUN" and any(t.lower_ in ("the", "this") for t in subject.lefts):
        # "the president said": the person the document gives that title
        holder = people.role_holder(subject, quote_open)
        if holder is None and subject.lower_ != "campaign":
            # "the Republican presidential candidate said": the person that description stands for
            holder = people.described(subject, min(quote_open, subject.idx))
        if holder is not None and holder.name is not None:
            return Person(holder.name, index.span(s, e))
    if _placed_descriptor(subject):
        # "the Wisconsin Republican criticized ... and said", "the Florida senator said" (no one
        # titled senator): read as "he"/"she" is, the latest person named as a subject or apposition
        latest = people.latest(subject.idx, main=True)
        if latest is not None and latest.name is not None and not latest.lost:
            return Person(latest.name, index.span(s, e))
    mention = people.mention_at(subject)
    if mention is not None and mention.start <= s and e <= mention.end + 1:
        s, e = mention.start, mention.end
    # as written: with the apposition that describes it ("China, Pyongyang's only ally,")
    ws, we = as_written(subject, s, e, index.text)
    return Person(index.span(s, e), index.span(ws, we))


# what a person is described as after a place ("the Wisconsin Republican", "the Vermont senator")
_PARTY_MEMBERS = frozenset("republican democrat independent libertarian".split())


def _placed_descriptor(subject: Token) -> bool:
    """"the <place> <party member or title>" in the singular: a person described by where they
    come from and their party or office, never the party itself."""
    lemma = subject.lower_
    return (
        subject.tag_ in ("NN", "NNP")
        and (lemma in _PARTY_MEMBERS or subject.lemma_.lower() in PERSON_TITLES)
        and any(c.dep_ == "det" and c.lower_ == "the" for c in subject.lefts)
        and any(c.dep_ in ("compound", "amod") and c.ent_type_ in ("GPE", "LOC") for c in subject.lefts)
    )


# what a person writes, posts or issues: the speaker of "a Friday evening tweet said" or "said the
# statement from Grimm's attorney, William McGinley" is its author (none named: the statement itself)
_AUTHORED = frozenset("tweet retweet post message letter note email op-ed statement editorial column speech remarks testimony comment".split())
# what a publication prints: "an editorial in The Des Moines Register" is the Register's
_PRINTED = frozenset("editorial column op-ed".split())
# a share of a group: "75 percent of Democrats", "a majority of voters", "half of those polled"
_SHARES = frozenset("percent % majority minority half third quarter share plurality".split())


def _share_of(index: _DocIndex, subject: Token) -> Span | None:
    """The group a share speaks for ("72 percent of Democrats" -> "Democrats"), when the
    document names it as an entity; None for anything else."""
    if subject.lemma_.lower() not in _SHARES:
        return None
    for prep in subject.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            mention = index.people.mention_at(obj) if obj is not None else None
            if mention is not None and mention.label in ("NORP", "ORG", "GPE", "PERSON"):
                return index.span(mention.start, mention.end)
    return None
# posts have an author even when the sentence does not name one: the person named just before
_POSTED = frozenset("tweet retweet post".split())


def _author_of(index: _DocIndex, noun: Token, quote_open: int) -> Person | None:
    """Who wrote ``noun``: its possessor ("his tweet", "Trump's letter"), the object of its
    "from"/"by" ("a tweet from the president"), or for a post, the person named just before."""
    people = index.people
    before = min(quote_open, noun.idx)
    for child in noun.children:
        if child.dep_ == "poss" or (child.dep_ == "prep" and child.lower_ in ("from", "by")) or (
                child.dep_ == "prep" and child.lower_ == "in" and noun.lemma_.lower() in _PRINTED):
            who = child if child.dep_ == "poss" else next((c for c in child.children if c.dep_ == "pobj"), None)
            if who is None:
                continue
            if who.pos_ == "PRON":
                return people.resolve(who, before=before)
            person = people.person_of(who)
            if person is not None:
                return person
            body = people.mention_at(who)
            if body is not None and body.label in ("ORG", "GPE", "NORP"):
                return Person(index.span(body.start, body.end), index.span(body.start, body.end))  # "an editorial in the Register"
            if who.pos_ == "NOUN":
                return people.role_holder(who, before)
    if noun.dep_ == "dobj" and noun.head.pos_ == "VERB":
        # "prompted his wife, Hillary Clinton, to make a controversial comment that described ...
        # as “super predators”", "Trump issued a statement that": who makes or issues it
        verb = noun.head
        maker = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if maker is None and verb.dep_ == "xcomp":  # "prompted his wife ... to make a comment"
            maker = next((c for c in verb.head.children if c.dep_ in ("dobj", "nsubj")), None)
        if maker is not None and maker.pos_ == "NOUN":  # "his wife and ... nominee Hillary Clinton"
            maker = next((c for c in maker.children if c.dep_ in ("conj", "appos") and c.ent_type_ == "PERSON"), maker)
        if maker is not None and (maker.pos_ == "PRON" or maker.ent_type_ in ("PERSON", "ORG", "NORP")) \
                and _names_a_speaker(index, maker):
            person = _speaker_named_by(index, maker, before)
            if person.name is not None:
                return person
    if noun.lemma_.lower() in _POSTED:
        return people.latest(before)
    return None


# what may stand in the name between a quote and its cue ("Obama's former campaign strategist")
_NAME_POS = frozenset({"PROPN", "NOUN", "ADJ", "DET", "PART", "NUM", "ADP", "CCONJ", "PRON", "PUNCT"})


def _named_between(index: _DocIndex, region: QuotedRegion, cue: Token) -> Person:
    """The speaker written between a quote and the cue after it, when the parser hung the cue
    on the quote's own words ("“...,” Tulsa police Chief Chuck Jordan said", "“...,” Flynn, a
    top Trump surrogate, said", "“...,” Obama's former campaign strategist said"): the words
    up to the first comma name the speaker, all of them up to the cue are the source as
    written. Only a short noun phrase with no verb of its own; else no speaker."""
    if region.close_mark is None or cue.idx <= region.close_mark:
        return _NO_SPEAKER
    doc = index.doc
    lo = index.token_at(region.close_mark) + 1
    while lo < cue.i and (doc[lo].is_punct or doc[lo].is_space):
        lo += 1
    words = doc[lo : cue.i]
    if not len(words) or len(words) > 16 or any(index.inside_quote(t.idx) for t in words):
        return _NO_SPEAKER
    if any(t.pos_ not in _NAME_POS and not t.ent_type_ for t in words) or any(_is_terminator(t) for t in words):
        return _NO_SPEAKER
    comma = next((t.i for t in words if t.text == ","), cue.i)
    name = [t for t in doc[lo:comma] if not t.is_punct]
    if not name:
        return _NO_SPEAKER
    head = name[-1]
    if head.pos_ == "PRON":
        if len(name) > 1:
            return _NO_SPEAKER
        return index.people.resolve(head, before=region.open_mark)
    if head.ent_type_ in ("DATE", "TIME", "CARDINAL", "MONEY", "PERCENT") or head.lower_ in _NOT_SPEAKERS:
        return _NO_SPEAKER
    end = words[-1].idx + len(words[-1])
    written = index.span(words[0].idx, end)
    named = index.people.person_of(head)
    if named is not None and named.name is not None and not named.lost:
        return Person(named.name, written, gender=named.gender)
    if head.pos_ == "PROPN" or head.ent_type_ in ("ORG", "NORP", "GPE") or (head.pos_ == "NOUN" and not is_mute(head)):
        return Person(index.span(name[0].idx, head.idx + len(head)), written)
    return _NO_SPEAKER


def _is_terminator(token: Token) -> bool:
    return token.text in _TERMINATORS or (token.is_space and "\n" in token.text)


def _left_cue(index: _DocIndex, first: int) -> Token | None:
    """The speech verb nearest before token ``first`` in the same sentence."""
    doc = index.doc
    for j in range(first - 1, max(-1, first - 1 - _WINDOW), -1):
        token = doc[j]
        if _is_terminator(token) or token.text in ('”', '"') and index.inside_quote(token.idx - 1):
            return None
        if token.lower_ == "to" and j > 0 and doc[j - 1].lower_ == "according":
            return doc[j - 1]
        if _cue_at(token) is not None and not _aside_clause(token, first):
            return token
    return None


def _aside_clause(cue: Token, first: int) -> bool:
    """A cue in a relative clause or a noun's modifier that does not hold the quote: "saying
    anybody who complains about a microphone “is not having a good night.”" (the words are the
    sentence's, not the one who complains)."""
    if cue.left_edge.i <= first <= cue.right_edge.i:
        return False
    if is_time_clause(cue):
        # "When Trump suggested that Cuba would sue ..., Rubio fired back forcefully: “...”": a
        # clause of time or condition whose sentence has a subject of its own does not hold the quote
        # (a main clause before it leaves the quote to it: "The issue had come up Friday after Mr.
        # Trump, asked about ..., had said, ''I think ...''")
        return cue.i < first and cue.head.i > cue.i and any(c.dep_ in ("nsubj", "nsubjpass") for c in cue.head.children)
    if cue.dep_ not in ("relcl", "acl"):
        return False
    # only when the noun it qualifies is the subject of the clause that holds the quote (in
    # "Donald Trump, who proclaimed - falsely - that Christians “cannot come”" the parse cut the
    # quote off the clause; "who proclaimed" is still its cue)
    clause = cue.head.head
    return cue.head.dep_ in ("nsubj", "nsubjpass") and clause.left_edge.i <= first <= clause.right_edge.i


def _right_cue(index: _DocIndex, after: int, limit: int) -> Token | None:
    """The speech verb nearest after token ``after`` in the same sentence."""
    doc = index.doc
    for j in range(after, min(len(doc), after + limit)):
        token = doc[j]
        if _is_terminator(token) or token.text in ("“", '"') and index.inside_quote(token.idx + 1):
            return None
        if _cue_at(token) is not None and token.dep_ not in ("relcl", "acl"):
            return token
    return None


def _previous_sentence_cue(index: _DocIndex, first: int) -> Token | None:
    """The main speech verb of the sentence before token ``first`` (across a paragraph break)."""
    doc = index.doc
    j = first - 1
    while j >= 0 and (doc[j].is_space or doc[j].is_punct):
        j -= 1  # the previous sentence's final punctuation and marks
    found: Token | None = None
    for k in range(j, max(-1, j - _WINDOW), -1):
        token = doc[k]
        if _is_terminator(token):
            break
        if index.inside_quote(token.idx):
            continue
        if _cue_at(token) is not None and (found is None or token.dep_ == "ROOT"):
            found = token
    return found


def _is_partial(text: str, open_mark: int) -> bool:
    """Opened right after a word of the reporter's sentence (not after ":", ",", a dash or a sentence end)."""
    j = open_mark - 1
    while j >= 0 and text[j] in " \t\xa0":
        j -= 1
    return j >= 0 and (text[j].isalnum() or text[j] in "’'%)")


def _introduced(text: str, open_mark: int) -> bool:
    """Opened after ":" or "," - the cue came before ("he added: “...”")."""
    j = open_mark - 1
    while j >= 0 and text[j] in " \t\xa0":
        j -= 1
    return j >= 0 and text[j] in ":,"


def _find_cue(index: _DocIndex, region: QuotedRegion, first: int, after: int | None, partial: bool) -> Token | None:
    """The speech verb of the quote's own sentence; which side first depends on how it ends."""
    text, doc = index.text, index.doc
    content = text[region.start : region.end]
    ends_clause = content[-1] in ".;"
    lower_follows = after is not None and after < len(doc) and doc[after].text[:1].islower()
    cue: Token | None = None
    if after is not None and not partial and not _introduced(index.marks, region.open_mark):
        if not ends_clause or lower_follows:
            cue = _right_cue(index, after, 12 if content[-1] in ",?!—-" else _WINDOW)
    if cue is None:
        cue = _left_cue(index, first)
    # a partial quote that ends its sentence ("... and a “bully.” Mr. Trump did not reply") has
    # no cue after it: the next sentence's verb is not its cue
    closes_sentence = content[-1] in ".?!" and not lower_follows
    introduced_aside = content[-1] in ",?!" and lower_follows and _introduced(index.marks, region.open_mark)
    if cue is None and after is not None and (
            (partial and not closes_sentence) or (ends_clause and lower_follows) or introduced_aside):
        cue = _right_cue(index, after, 12)
    elif cue is not None and after is not None and cue.i < first and not ends_clause and _names_no_one(source_of(cue)):
        # “...,” the union wrote: a cue before the quote whose subject is no one ("the impact it
        # said Clinton would have: “...,” the union wrote") gives way to one right after it
        later = _right_cue(index, after, 12)
        if later is not None and not _names_no_one(source_of(later)):
            cue = later
    return cue


def _dash_byline(index: _DocIndex, region: QuotedRegion) -> Person | None:
    """A person named right after the closing mark and a dash ("“...” ― Oscar P. Quintero")."""
    if region.close_mark is None:
        return None
    dash = _DASH_BYLINE.match(index.text, region.close_mark + 1)
    if dash is None:
        return None
    people = index.people
    k = bisect.bisect_left(people.mention_starts, dash.end())
    if k < len(people.mentions) and people.mentions[k].start == dash.end() and people.mentions[k].label == "PERSON":
        m = people.mentions[k]
        return Person(index.span(m.start, m.end), index.span(m.start, m.end))
    # a name NER missed: two to five capitalised words alone up to the line's end
    # ("” ― Christina N Luis Olidem")
    line_end = index.text.find("\n", dash.end())
    line = index.text[dash.end() : len(index.text) if line_end == -1 else line_end].rstrip(" .\t\xa0")
    if _BYLINE_NAME.fullmatch(line):
        return Person(index.span(dash.end(), dash.end() + len(line)), index.span(dash.end(), dash.end() + len(line)))
    return None


# what may stand in a heading's name before its colon ("- Frank Newport and Jim Harter:", "More from the report:")
_HEADING_POS = frozenset({"PROPN", "NOUN", "DET", "ADJ", "CCONJ", "PART"})
_DASHES = frozenset("-–—―")


# a speaker's tag opening a transcript's paragraph: "PENCE: Well, look, ...", "Chris Matthews: Seriously, ..."
_TAG = re.compile(r"([A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,3}): ")


def _transcript_tag(index: _DocIndex, region: QuotedRegion) -> tuple[int, Person] | None:
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
        return tag.end(), Person(written, written)
    mention = people.mention_at(last)
    if mention is None or mention.label != "PERSON" or mention.start != tag.start(1):
        return None
    named = people.person_of(last)
    return tag.end(), Person(named.name if named is not None and named.name is not None else written, written)


def _colon_speaker(index: _DocIndex, region: QuotedRegion) -> Person:
    """A quote that follows a colon and has no cue: the author a heading names right before
    the colon, after a dash, "from" or the line's start ("... FOR THE FIRST TIME - Jeffrey M.
    Jones: “...”", "More from the report: “...”"), or the subject of the clause the colon
    ends ("Trump went even further: “...”", "the Board was conclusive in its findings: “...”")."""
    text, doc = index.marks, index.doc
    j = region.open_mark - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    if j < 1 or text[j] not in ":,":
        return _NO_SPEAKER
    colon = index.token_at(j)
    if doc[colon].text != text[j] or colon == 0:
        return _NO_SPEAKER
    if text[j] == ",":
        # "Trump issued a statement, “...”": a comma does so only after the noun of what is said
        said = doc[colon - 1]
        if said.pos_ != "NOUN" or said.lemma_.lower() not in UTTERANCE_NOUNS | _AUTHORED:
            return _NO_SPEAKER
    end = colon
    if doc[end - 1].text == ")":  # "Rep. Trey Gowdy (R-S.C.):“...”": the name before its party and state
        opening = next((k for k in range(end - 2, max(-1, end - 8), -1) if doc[k].text == "("), None)
        end = opening if opening is not None and opening > 0 else end
    last = doc[end - 1]
    lo = end - 1
    while lo > 0 and doc[lo - 1].pos_ in _HEADING_POS and not doc[lo - 1].is_space and doc[lo - 1].lower_ != "from":
        lo -= 1
    before = doc[lo - 1] if lo > 0 else None
    heading = text[j] == ":" and (before is None or before.text in _DASHES or before.lower_ == "from" or "\n" in before.text or (
        doc[lo].is_sent_start and end - lo <= 4))  # a short name opening its sentence: 'Clinton: “...” Bush: “...”'
    if heading and (last.pos_ == "PROPN" or _names_a_speaker(index, last)):
        speaker = _speaker_named_by(index, last, region.open_mark)
        if speaker.name is not None and not speaker.lost:
            return Person(speaker.name, index.span(doc[lo].idx, last.idx + len(last)), gender=speaker.gender)
        return _NO_SPEAKER
    root = doc[colon - 1]
    for _ in range(6):  # up from the word before the colon to its verb
        if root.pos_ in ("VERB", "AUX") or root.head is root or root.head.i >= colon:
            break
        root = root.head
    if root.pos_ not in ("VERB", "AUX") or any(
            c.dep_ == "dobj" and c.pos_ != "PRON" and c.lemma_.lower() not in UTTERANCE_NOUNS for c in root.children):
        return _NO_SPEAKER  # "Trump faced a question from the crowd: “...?”" is not Trump's
    subject = source_of(root)
    if subject is None or subject.pos_ not in ("PROPN", "PRON") and subject.ent_type_ not in ("PERSON", "ORG", "NORP"):
        return _NO_SPEAKER
    if not _names_a_speaker(index, subject):
        return _NO_SPEAKER
    return _speaker_named_by(index, subject, region.open_mark)


def _context_speaker(
    index: _DocIndex, region: QuotedRegion, first: int, previous: tuple[QuotedRegion, Person] | None
) -> Person:
    """A quote with no cue of its own: the paragraph it continues, or the sentence before it."""
    if region.continues and previous is not None:
        return previous[1]
    prior = _previous_sentence_cue(index, first)
    if (
        previous is not None
        and previous[0].close_mark is not None
        and (prior is None or previous[0].close_mark > prior.idx)
        and not _sentence_between(index, previous[0].close_mark, first)
    ):
        return previous[1]
    if prior is not None:
        speaker = _speaker_of(index, prior, region.open_mark)
        if speaker == _NO_SPEAKER and previous is not None and previous[0].close_mark is not None:
            # “...,” Flynn, a top Trump surrogate, said. “...”: the cue the parser hung on the
            # quote before, whose speaker stands between that quote and the cue
            speaker = _named_between(index, previous[0], prior)
        return speaker
    return _NO_SPEAKER


def attribute_quotes(article: Article, doc: Doc, mentions: Sequence[Mention]) -> list[QuoteAttribution]:
    """Quotes with their attribution and the source as written at the cue (see module doc)."""
    text = article.text
    regions = quoted_regions(text)
    index = _DocIndex(article.id, text, doc, [m for m in mentions if m.doc == article.id or not m.doc], regions)
    out: list[QuoteAttribution] = []
    previous: tuple[QuotedRegion, Person] | None = None
    owned_before: Token | None = None  # the noun of something said the previous quote hung from
    for region in regions:
        first = index.token_at(region.open_mark)
        if doc[first].idx < region.open_mark and first + 1 < len(doc):
            first += 1  # the mark is glued to the previous token
        after = index.token_at(region.close_mark) + 1 if region.close_mark is not None else None
        partial = _is_partial(index.marks, region.open_mark)
        tagged = _transcript_tag(index, region)
        cue = None if tagged is not None else _find_cue(index, region, first, after, partial)
        byline = _dash_byline(index, region)
        governing: Token | None = None
        shared: Person | None = None
        if tagged is not None:
            speaker = tagged[1]
            region = replace(region, start=tagged[0])
        elif cue is not None:
            cue = _outer_cue(index, cue)
            speaker = _speaker_of(index, cue, region.open_mark)
            if speaker == _NO_SPEAKER:
                speaker = _named_between(index, region, cue)
        elif byline is not None:
            speaker = byline
        elif (owned_before is None or owned_before.left_edge.i <= first <= owned_before.right_edge.i) and (
                shared := _same_sentence_speaker(index, first, previous)) is not None:
            speaker = shared
        elif (governing := _governing_verb(index, region, first, after)) is not None:
            speaker = _speaker_of(index, governing, region.open_mark)
        elif (owned := _utterance_owner(index, region, first, after)) is not None:
            governing, speaker = owned
        elif partial:
            speaker = _NO_SPEAKER
        else:
            speaker = _colon_speaker(index, region)
            if speaker == _NO_SPEAKER:
                speaker = _context_speaker(index, region, first, previous)
        content = text[region.start : region.end]
        if len(_WORD.findall(content)) <= 2 and not region.continues and cue is None and governing is None and shared is None:
            continue  # a scare quote or a title, not somebody's words
        if cue is None and speaker.name is None and not speaker.lost and not region.continues and _looks_like_title(content):
            continue  # a programme's or a book's title ("on “Fox News Sunday,”"), nobody's words
        if not region.continues and _named_work(text, region.open_mark, content):
            continue  # "on the podcast “Here’s the Thing.”": the work's title, whoever the sentence quotes
        if len(_WORD.findall(content)) <= 2 and speaker.written is None and not speaker.lost:
            continue  # a cue nobody speaks through ("so-called") does not make it a quote
        quote = Quote(
            doc=article.id,
            start=region.start,
            end=region.end,
            text=content,
            speaker=None if speaker.lost or speaker.name is None else speaker.name.text,
            speaker_span=None if speaker.lost else speaker.name,
            cue=index.span(*_cue_at(cue)) if cue is not None else (
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
    return _fill_chains(out, regions)


# how a quote hangs from the verb of the reporter's sentence: its object, complement or a
# preposition's object ("called him “a con”", "described her as “...”", "thundered that “...”")
_GOVERNED_DEPS = frozenset({"dobj", "ccomp", "xcomp", "oprd", "attr", "pobj", "prep", "appos", "conj", "acomp", "dative"})
# subjects that name nobody
_NON_SOURCES = frozenset({"it", "this", "that", "there", "which", "what", "these", "those"})


def _outside_head(doc: Doc, first: int, last: int) -> Token | None:
    """The first head outside the quote's tokens ``first:last`` of a word inside it (punctuation
    aside): where the quote hangs in the reporter's sentence."""
    for i in range(first, min(last, len(doc))):
        if not doc[i].is_punct and not (first <= doc[i].head.i < last):
            return doc[i].head
    return None


def _governing_verb(index: _DocIndex, region: QuotedRegion, first: int, after: int | None) -> Token | None:
    """The verb of the reporter's sentence a quote is the object or complement of, when its
    subject names somebody: "Mr. Trump thundered on social media that “...”", "Cruz called
    Trump a “pathological liar”", "Reid has gone after Trump as a “human leech”". A verb whose
    subject names nobody passes the question to the verb its clause depends on ("the report
    found that the money could be coming from “...”")."""
    if _looks_like_title(index.text[region.start : region.end]):
        return None  # "appeared on “Fox News Sunday,”": a programme's name, not words said
    doc = index.doc
    last = after if after is not None else index.token_at(region.end) + 1
    tok = _outside_head(doc, first, last)
    if tok is None:
        return None
    if tok.pos_ in ("NOUN", "PROPN") and tok.i >= last and all(
            doc[i].dep_ in _LABEL_DEPS or doc[i].is_punct or doc[i].head.i < last for i in range(first, min(last, len(doc)))):
        return None  # a label of the noun after it ("among ''somewhat conservative'' voters"), no words said
    sent = doc[first].sent
    for _ in range(_CLIMB_VERBS):
        for _ in range(5):  # up from the quote to the nearest verb
            if tok.pos_ == "VERB" and tok.lemma_ not in ("be", "have"):
                break
            if tok.dep_ not in _GOVERNED_DEPS or tok.head is tok:
                return None
            tok = tok.head
        else:
            return None
        if tok.pos_ != "VERB" or not (sent.start <= tok.i < sent.end):
            return None
        if _names_a_speaker(index, source_of(tok)):
            return tok
        if tok.dep_ not in ("ccomp", "xcomp", "advcl", "conj") or tok.head is tok:
            return None
        tok = tok.head
    return None


_CLIMB_VERBS = 3


def _utterance_owner(index: _DocIndex, region: QuotedRegion, first: int, after: int | None) -> tuple[Token, Person] | None:
    """A quote that hangs from a noun of something said, and who owns it: "Donald Trump's claim
    that there have been “thousands of shootings”", "his promise to “...”" (the possessor, or the
    object of "by"/"from": "a claim by the governor that “...”"). The noun is the cue."""
    if _looks_like_title(index.text[region.start : region.end]):
        return None
    doc = index.doc
    last = after if after is not None else index.token_at(region.end) + 1
    tok = _outside_head(doc, first, last)
    if tok is None:
        return None
    for _ in range(6):
        if tok.pos_ in ("NOUN", "PROPN") and tok.lemma_.lower() in UTTERANCE_NOUNS:
            break
        if tok.dep_ in ("ROOT", "nsubj", "nsubjpass") or tok.head is tok or (tok.pos_ == "VERB" and is_reporting_verb(tok)):
            return None
        tok = tok.head
    else:
        return None
    owner = next((c for c in tok.children if c.dep_ == "poss"), None)
    if owner is None:
        by = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ in ("by", "from")), None)
        owner = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
    if owner is None or not (owner.pos_ == "PRON" or _names_a_speaker(index, owner)):
        return None
    person = _speaker_named_by(index, owner, region.open_mark)
    if person.name is None or person.lost:
        return None
    return tok, Person(_without_possessive(index, person.name), person.written, gender=person.gender)


def _without_possessive(index: _DocIndex, span: Span | None) -> Span | None:
    """A possessor's name without the "’s" NER may take into it ("Donald Trump’s")."""
    if span is None or not span.text.endswith(("'s", "’s")) or len(span.text) <= 2:
        return span
    return index.span(span.start, span.end - 2)
# how a reported clause hangs from the verb that reports it
_REPORTED_DEPS = frozenset({"ccomp", "xcomp", "advcl", "conj"})


def _outer_cue(index: _DocIndex, cue: Token) -> Token:
    """The reporting verb whose speaker says the quote, when the cue found reports no one
    itself and is reported by another: "President Obama ... said it would tell an American
    story, one of “suffering and delight”", "Mr. Obama said, a majority of Americans have come
    to believe “...”". The cue stays when its own subject can speak (a name, a person pronoun,
    a speaking noun: "Trump said Clinton described the deal as “the gold standard”" is
    Clinton's phrase), or when no verb above it reports with a subject that can speak."""
    subject = source_of(cue)
    if not (_names_no_one(subject) or (subject is not None and index.inside_quote(subject.idx))):
        return cue  # (a subject inside quotation marks is quoted words, not who speaks)
    tok = cue
    for _ in range(4):
        asides = [c for c in tok.children if c.dep_ == "parataxis" and is_reporting_verb(c)]
        for outer in asides + ([tok.head] if tok.dep_ in _REPORTED_DEPS and tok.head is not tok else []):
            if is_reporting_verb(outer) and _names_a_speaker(index, source_of(outer)) and not _group_share(source_of(outer)):
                return outer
        if tok.dep_ not in _REPORTED_DEPS or tok.head is tok:
            break
        tok = tok.head
    return cue


def _names_no_one(subject: Token | None) -> bool:
    """A cue's subject that is nobody who speaks: "it", "that", a thing ("the test"), a share of
    a group ("a majority of Americans"). Not a name, a person's pronoun or a person's noun."""
    if subject is None:
        return True  # "Sanders said, going on to say that the country has spent “...”"
    if subject.pos_ == "PROPN" or subject.ent_type_ in ("PERSON", "ORG", "NORP", "GPE"):
        return False
    if subject.pos_ == "PRON":
        return subject.lower_ in _NON_SOURCES
    lemma = subject.lemma_.lower()
    return _group_share(subject) or (is_mute(subject) and lemma not in FEMALE_NOUNS and lemma not in MALE_NOUNS)


def _group_share(subject: Token | None) -> bool:
    """"a majority of Americans", "most voters": a share of a group, which speaks only in a poll."""
    return subject is not None and (subject.lemma_.lower() in _SHARES or subject.lower_ in _QUANTIFIERS)
# how quoted words qualify the noun after them
_LABEL_DEPS = frozenset({"amod", "advmod", "compound", "nmod", "npadvmod"})


def _names_a_speaker(index: _DocIndex, subject: Token | None) -> bool:
    """A subject that can be the source of words: a name, a person pronoun, a speaking noun."""
    if subject is None or subject.lower_ in _NON_SOURCES or index.inside_quote(subject.idx):
        return False
    if subject.ent_type_ in ("DATE", "TIME", "CARDINAL", "MONEY", "PERCENT") or subject.lower_ in _NOT_SPEAKERS:
        return False
    return (
        subject.ent_type_ in ("PERSON", "ORG", "NORP", "GPE")
        or subject.pos_ == "PROPN"
        or subject.lower_ in _SPEAKING_PRONOUNS
        or (subject.pos_ == "NOUN" and subject.lemma_.lower() in SPEAKING_NOUNS)
    )


_SPEAKING_PRONOUNS = frozenset("i we he she they you".split())
_SMALL_WORDS = frozenset("a an the of and or in on at to for with by from vs".split())


def _looks_like_title(content: str) -> bool:
    """Every word capitalised ("Fox News Sunday,", "Contract with America."): a name, not speech."""
    words = _WORD.findall(content)
    return bool(words) and all(w[:1].isupper() or w.isdigit() or w.lower() in _SMALL_WORDS for w in words)


# a noun naming a work, or a verb naming it, written right before its title; or a word for
# a name someone goes by, right before that name ("wrote under the pseudonym “Carlos Danger,”")
_WORK_BEFORE = re.compile(
    r"\b(?:podcast|show|program|programme|film|movie|documentary|book|memoir|novel|album|song|series|"
    r"column|op-ed|essay|editorial|headline|episode|play|musical|titled|entitled|"
    r"pseudonym|alias|nickname|moniker|handle|username|screen name|code ?name|codename|known as)\s*[,:]?\s*$",
    re.IGNORECASE,
)


# a programme named after "on", with its network's possessive ("on CNN's “State of the Union.”",
# "on “Face the Nation,”", "on MSNBC’s “Morning Joe”")
_ON_PROGRAMME = re.compile(r"\bon\s+(?:[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)*['’]s\s+)?$")


def _named_work(text: str, start: int, content: str) -> bool:
    """A quoted title right after the noun of the work it names ("the documentary “Weiner.”",
    "the podcast “Here’s the Thing.”"), a name after the word for it ("the alias “Carlos
    Danger”"), or a title after "on" ("said on CNN's “State of the Union.”"):
    its words are capitalised as a title's, an elided "’s" aside."""
    before = text[max(0, start - 40) : start]
    if not _WORK_BEFORE.search(before) and not _ON_PROGRAMME.search(before):
        return False
    words = [w for w in _WORD.findall(content) if w not in ("s", "t", "re", "ll", "ve", "d", "m")]
    return bool(words) and all(w[:1].isupper() or w.isdigit() or w.lower() in _SMALL_WORDS for w in words)


def _same_sentence_speaker(index: _DocIndex, first: int, previous: "tuple[QuotedRegion, Person] | None") -> Person | None:
    """A quote after another quote of the same sentence shares its speaker ("Cruz called Trump a
    “pathological liar” who is “utterly amoral,” a “serial philanderer” ...")."""
    if previous is None or previous[1].name is None or previous[0].close_mark is None:
        return None
    doc = index.doc
    prev_last = index.token_at(previous[0].close_mark)
    if doc[prev_last].sent.start != doc[first].sent.start:
        return None
    for j in range(prev_last + 1, first):
        if _is_terminator(doc[j]):
            return None
    return previous[1]


def _sentence_between(index: _DocIndex, close_mark: int, first: int) -> bool:
    """Is there a whole sentence between a quote's closing mark and token ``first``?"""
    doc = index.doc
    seen_end = False
    for j in range(index.token_at(close_mark) + 1, first):
        token = doc[j]
        if token.text in _TERMINATORS:
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


def extract_quotes(article: Article, doc: Doc, mentions: Sequence[Mention]) -> list[Quote]:
    """Direct quotes of ``article`` with their speakers; ``doc`` is ``nlp(article.text)``."""
    return [a.quote for a in attribute_quotes(article, doc, mentions)]
