"""Who a direct quote's speaker is, given where the document names them.

A cue's subject (:func:`speaker_of`: a name given in its fullest form, people named
together as one subject, a pronoun resolved, a title's holder, a tweet's author, a share
of a group); the words between a quote and a cue the parser hung on the quote
(:func:`named_between`); the owner of a noun of something said ("Trump's claim that
“...”", :func:`utterance_owner`); and the special forms that name a speaker with no cue
verb: a heading or a clause ending in a colon (:func:`colon_speaker`), the person the
sentence before a cue-less quote is about (:func:`previous_subject`). A by-line, a signed
line or a transcript's tag is :mod:`newsprism.extract.quote_bylines`. Finding the cue is
:mod:`newsprism.extract.quote_cues`; which rule applies to a quote is
:mod:`newsprism.extract.quotes`.
"""

from __future__ import annotations


from spacy.tokens import Token

from newsprism.attribution import Person, according_to, as_written, is_mute, is_reporting_verb, source_of, source_phrase
from newsprism.attribution.source import titled_name_after
from newsprism.attribution.titles import office_of
from newsprism.lexicon import PERSON_TITLES, UTTERANCE_NOUNS, is_title
from newsprism.extract.quote_cues import (
    NOT_SPEAKERS, QUANTIFIERS, SHARES, DocIndex, cue_at, is_terminator, looks_like_title, names_a_speaker, outside_head,
)
from newsprism.extract.person_names import is_person_noun
from newsprism.extract.quote_documents import document_before
from newsprism.extract.quote_marks import QuotedRegion
from newsprism.model import Span


NO_SPEAKER = Person(None, None)


def speaker_of(index: DocIndex, verb: Token, quote_open: int) -> Person:
    subject = source_of(verb)
    mark = next((c for c in verb.children if c.dep_ == "mark" and c.lower_ == "as"), None)
    if subject is not None and mark is not None and subject.i < mark.i:
        # "Yanukovych, who owed his election to, as an American diplomat put it, an ''extreme
        # makeover''": the parser gave the verb the sentence's subject too; "as X put it" is X's
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and mark.i < c.i < verb.i), subject)
    if subject is not None and index.inside_quote(subject.idx):
        # "''That, unfortunately,'' he said, ''is part of ...''": the parser gave the verb a
        # quoted word as a second subject; the one outside the marks speaks
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and not index.inside_quote(c.idx)), subject)
    if subject is not None and subject.i > verb.i and subject.ent_type_ != "PERSON" and verb.i > 0 and \
            verb.nbor(-1).text in ("”", '"', "''"):
        # "“...,” said Air Force 1st Lt. Tyler Livingston": the parser took a word of the title
        # for the subject; the person named after it speaks
        named = titled_name_after(verb, ("PERSON",))
        if named is not None and named.i > subject.i:
            subject = named
    if subject is not None and subject.i > verb.i and verb.tag_ in ("VBD", "VBN") and verb.i > 0 and (
            misread := index.people.surname_misread(index.doc[verb.i - 1])) is not None:
        # "And Skelly called Braynard “...”": the name before the verb, tagged an adverb, speaks,
        # not the one called so (a past form: "Will describe" would be a question)
        return misread
    person = _speaker_named_by(index, subject, quote_open)
    if subject is not None and subject.i > verb.i and person.written is not None and not person.lost:
        person = _with_title_after_verb(index, verb, person)
    relative = next((c for c in verb.children if c.dep_ == "nsubj" and (c.tag_ == "WP" or c.lower_ == "which")), None)
    if relative is not None and person.name is not None and not person.lost:
        # "Mike Pence, who called their son “an American hero”": the source as written at the cue
        # is "who", as "he" is; the name is the noun it stands for
        return Person(person.name, index.span(relative.idx, relative.idx + len(relative)), gender=person.gender)
    return person


def apposed_name(index: DocIndex, verb: Token, quote_open: int) -> Person:
    """The name before a reporting verb the parser gave no subject, set off by its apposition
    ("Speaking on Dec. 2, Col. Steven H. Warren, a military spokesman in Baghdad, said, ''...''":
    the parser read the colonel as an apposition of the date) or by a participle's phrase.
    NO_SPEAKER when the verb has a subject or no ", <apposition>," precedes it."""
    doc = index.doc
    if source_of(verb) is not None or verb.dep_ not in ("ROOT", "parataxis") or verb.i < 4:
        return NO_SPEAKER
    # ("Blumenthal, advocating for troops returning from war, clearly says, “...”": an adverb of
    # the verb may stand after the comma; the parser left "says" hanging as an aside of the quote)
    closing = verb.i - 1
    while closing > 0 and doc[closing].dep_ == "advmod" and doc[closing].head.i == verb.i:
        closing -= 1
    if doc[closing].text != ",":
        return NO_SPEAKER
    opening = next((j for j in range(closing - 1, max(verb.sent.start, closing - 13), -1) if doc[j].text == ","), None)
    if opening is None or opening == closing - 1 or opening < 1:
        return NO_SPEAKER
    aside = doc[opening + 1 : closing]
    if any(t.pos_ in ("AUX", "PRON") for t in aside) or (
            any(t.pos_ == "VERB" for t in aside) and aside[0].tag_ not in ("VBG", "VBN")):
        return NO_SPEAKER  # a clause between the commas, not an apposition or a participle's phrase
    name = doc[opening - 1]
    if name.ent_type_ not in ("PERSON", "ORG") or name.pos_ != "PROPN":
        return NO_SPEAKER
    return _speaker_named_by(index, name, quote_open)  # written with its apposition (as_written)


def participle_subject(index: DocIndex, cue: Token, quote_open: int) -> Person:
    """The subject of the sentence's main verb for a participle cue the parser cut off from it
    ("Ryan, also on Fox News, defended his budget against the conference, saying for instance
    that ... is merely “following through on policy”"): when it names a speaker and stands
    before the cue. Not a participle that qualifies a noun ("a report claiming"): the noun is
    its source. NO_SPEAKER otherwise."""
    root = cue.sent.root
    if cue.tag_ != "VBG" or cue.dep_ == "acl" or root.i == cue.i:
        return NO_SPEAKER
    subject = source_of(root)
    if subject is None or subject.i > cue.i or not names_a_speaker(index, subject):
        return NO_SPEAKER
    return speaker_of(index, root, quote_open)


def _with_title_after_verb(index: DocIndex, verb: Token, person: Person) -> Person:
    """An inverted speaker as written from right after the verb: "said Oversight ranking Democrat
    Elijah Cummings" is all the source, though the parser gave the name only part of its title."""
    assert person.written is not None
    doc = index.doc
    if person.written.start <= verb.idx < person.written.end:
        # the parser made the verb a modifier of the title ("tweeted Rubio spokesman Alex Conant")
        return Person(person.name, index.span(doc[verb.i + 1].idx, person.written.end), gender=person.gender)
    gap = doc[verb.i + 1 : index.token_at(person.written.start)]
    if not len(gap) or gap[-1].idx + len(gap[-1]) > person.written.start or any(
            t.is_space or (t.is_punct and t.text not in ("-", ".")) or t.pos_ in ("PRON", "AUX", "CCONJ", "SCONJ")
            or (t.pos_ == "ADP" and t.lower_ != "of") for t in gap):
        return person
    return Person(person.name, index.span(gap[0].idx, person.written.end), gender=person.gender)


def _speaker_named_by(index: DocIndex, subject: Token | None, quote_open: int) -> Person:
    """The person (or body) the token naming a quote's source stands for."""
    if subject is None or index.inside_quote(subject.idx):
        return NO_SPEAKER  # a subject inside quotation marks is quoted words ("on “Morning Joe,” calling")
    people = index.people
    if subject.pos_ == "PRON":
        binder = people.binder(subject)
        if binder is not None and (subject.lower_ != "it" or names_a_speaker(index, binder)):
            # ("the idea that he served ... has become such an accepted part ... that when ...
            # Slate magazine produced a profile ..., it said": a thing that can not speak binds no "it")
            # "Clinton's campaign is seeking to contrast ... with what they call “...”": the outer
            # subject it stands for names the speaker; the source as written stays the pronoun,
            # unless the pronoun's clause is what that subject reports ("She said she recalls the
            # colleague being “confused,”"; not "said ..., and he accused"): then attribution
            # corpora (PolNeAR) mark the outer source
            bound = _speaker_named_by(index, binder, quote_open)
            if bound.name is not None and not bound.lost:
                written = index.span(subject.idx, subject.idx + len(subject))
                reported = is_reporting_verb(binder.head) and subject.head.dep_ == "ccomp"
                if reported and bound.written is not None:
                    written = bound.written
                return Person(bound.name, written, gender=bound.gender)
        if subject.lower_ == "they":
            return _plural_antecedent(index, subject, quote_open)
        if subject.lower_ == "it":
            # "... on his website: “...” / “...,” it says": the document or body just named
            document = document_before(index, subject)
            found = _speaker_named_by(index, document, quote_open) if document is not None else NO_SPEAKER
            if found.name is not None and not found.lost:
                return Person(found.name, index.span(subject.idx, subject.idx + len(subject)))
        return people.resolve(subject, before=min(quote_open, subject.idx))
    titled = _title_as_noun(subject)
    person = None if titled else people.person_of(subject)
    if person is not None and person.written is not None and not person.lost and (
            joint := _joint_speakers(index, subject, person)) is not None:
        return joint
    if person is not None:
        if person.written is not None and not person.lost:
            s, e = as_written(subject, person.written.start, person.written.end, index.text)
            person = Person(person.name, index.span(s, e))
        return person
    if subject.ent_type_ in ("DATE", "TIME") or subject.lower_ in NOT_SPEAKERS:
        return NO_SPEAKER  # "Monday said ..." is a parse error, not a speaker
    if subject.lower_ in QUANTIFIERS and not any(c.dep_ == "prep" for c in subject.children):
        return NO_SPEAKER  # "most said they were “very worried”": most of whom the sentence does not say
    lo, hi = source_phrase(subject)
    name_after = _dangling_object(index.doc[hi - 1])
    if name_after is not None:
        hi = _name_end(name_after)  # "The letter from Taylor states", the name hung on the verb
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
    if (subject.pos_ == "NOUN" or titled) and any(t.lower_ in ("the", "this") for t in subject.lefts):
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


def _joint_speakers(index: DocIndex, subject: Token, first: Person) -> Person | None:
    """People named together as one subject speak together: "Mr. Udall and Mr. Wyden said in a
    statement", "Senator Ted Cruz of Texas and Senator Rand Paul of Kentucky wrote": the speaker is
    the pair (or all of them) as written, not the first one named. Only when every one joined by
    "and" names a person of their own (not "Mr. Trump and his campaign", not "Smith or Jones");
    None otherwise."""
    assert first.written is not None and first.name is not None
    conjuncts = [c for c in subject.conjuncts if c.i > subject.i]
    listed = next((c for c in subject.children if c.dep_ == "appos" and c.ent_type_ == "PERSON" and c.conjuncts), None)
    if not conjuncts and listed is not None:
        # "Mr. Udall, Mr. Wyden and Mr. Paul said": the parser read the list's second name as the
        # first's apposition and joined the last to it
        conjuncts = [listed, *[c for c in listed.conjuncts if c.i > listed.i]]
    if not conjuncts or any(c.lower_ in ("or", "nor") for c in subject.subtree if c.dep_ == "cc"):
        return None
    people = [first]
    for c in [subject, *conjuncts]:
        mention = index.people.mention_at(c)
        if c.pos_ != "PROPN" or mention is None or mention.label != "PERSON":
            return None  # a title or a role joined to a name is one person ("Gov. and Chairman Ed Rendell")
        other = index.people.person_of(c) if c.i != subject.i else first
        if other is None or other.name is None or other.written is None or other.lost:
            return None
        people.append(other)
    people = people[1:]
    if len({p.name.text for p in people if p.name is not None}) < len(people):
        return None  # one person named twice is no pair
    last = people[-1]
    assert last.written is not None
    start = first.written.start
    opening = index.token_at(start)
    while opening > 0 and is_title(index.doc[opening - 1].text):
        opening -= 1  # "Mr. Udall and Mr. Wyden", the first name's title with it
    start = index.doc[opening].idx
    end = as_written(conjuncts[-1], last.written.start, last.written.end, index.text, appositions=False)[1]
    written = as_written(subject, start, first.written.end, index.text, appositions=False)[0], as_written(
        conjuncts[-1], last.written.start, last.written.end, index.text)[1]
    if any(mark in index.text[written[0] : written[1]] for mark in ('"', "“", "”", "''")):
        return None  # quoted words inside the phrase ("Trump, who has called the pact “insanity,” and Sanders")
    return Person(index.span(start, end), index.span(*written))


def _title_as_noun(subject: Token) -> bool:
    """A title the tagger read as a proper noun though it names no one by name: "the senator said",
    "the VP added", "the President said" (a determiner before it, no name after it): whom it
    stands for is the title's holder, not a person called "senator"."""
    return subject.pos_ == "PROPN" and office_of(subject) is not None and any(
        c.dep_ == "det" and c.lower_ in ("the", "this") for c in subject.lefts) and not any(
        c.pos_ == "PROPN" and c.i > subject.i for c in subject.children)


def _plural_antecedent(index: DocIndex, pronoun: Token, quote_open: int) -> Person:
    """A "they" no outer subject binds: the latest subject before it, in its sentence or the two
    before and outside quotation marks, that names several people — people named together ("On
    Friday, Mr. Udall and Mr. Wyden released a joint statement ... “...,” they said": read as that
    subject is read when it says the words itself) or a plural noun of people or a group's name
    ("all 42 members of the GOP caucus are sending the letter ... “...,” they wrote", BASIL
    ae243a95 and a4f1d515: both "unknown speaker"). No name when there is none; the source as
    written is "they" either way."""
    doc = index.doc

    def back(lo: int, sentences: int) -> int:
        for _ in range(sentences):
            if lo > 0:
                lo = doc[lo - 1].sent.start
        return lo

    lo = back(pronoun.sent.start, 2)
    written = index.span(pronoun.idx, pronoun.idx + len(pronoun))
    j, chained = pronoun.i, 0
    while j > lo:
        j -= 1
        tok = doc[j]
        if tok.dep_ not in ("nsubj", "nsubjpass") or index.inside_quote(tok.idx):
            continue
        if tok.lower_ == "they" and chained < 3:
            # the same "they" said before ("“...,” they said. They added that “...”"): its two
            # sentences before are searched too
            lo, chained = back(tok.sent.start, 2), chained + 1
            continue
        if tok.pos_ == "PRON":
            continue
        named_together = tok.pos_ == "PROPN" and any(
            (c.dep_ == "conj" and c.pos_ == "PROPN") or (c.dep_ == "appos" and c.ent_type_ == "PERSON" and c.conjuncts)
            for c in tok.children)
        group = tok.tag_ in ("NNS", "NNPS") and (
            tok.ent_type_ in ("NORP", "ORG") or (tok.pos_ == "NOUN" and is_person_noun(tok.lemma_.lower())))
        # a body of people ("an army of Bernie Sanders supporters"): the people it is made of
        group = group or (tok.tag_ == "NN" and any(
            p.lower_ == "of" and any(o.dep_ == "pobj" and o.tag_ == "NNS" and is_person_noun(o.lemma_.lower())
                                     for o in p.children) for p in tok.children))
        if not (named_together or group) or tok.lower_ in QUANTIFIERS:
            continue
        person = _speaker_named_by(index, tok, quote_open)
        if person.name is None or person.lost:
            break
        return Person(person.name, written, gender=person.gender)
    return Person(None, written)


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
_AUTHORED = frozenset("tweet retweet post message letter note email op-ed statement editorial column speech remarks testimony comment website".split())
# what a publication prints: "an editorial in The Des Moines Register" is the Register's
_PRINTED = frozenset("editorial column op-ed".split())


def _share_of(index: DocIndex, subject: Token) -> Span | None:
    """The group a share speaks for ("72 percent of Democrats" -> "Democrats"), when the
    document names it as an entity; None for anything else."""
    if subject.lemma_.lower() not in SHARES:
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


def _author_of(index: DocIndex, noun: Token, quote_open: int) -> Person | None:
    """Who wrote ``noun``: its possessor ("his tweet", "Trump's letter"), the object of its
    "from"/"by" ("a tweet from the president"), or for a post, the person named just before."""
    people = index.people
    before = min(quote_open, noun.idx)
    for child in noun.children:
        if child.dep_ == "poss" or (child.dep_ == "prep" and child.lower_ in ("from", "by")) or (
                child.dep_ == "prep" and child.lower_ == "in" and noun.lemma_.lower() in _PRINTED):
            who = child if child.dep_ == "poss" else next((c for c in child.children if c.dep_ == "pobj"), None)
            if who is None:
                who = _dangling_object(child)
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
                and names_a_speaker(index, maker):
            person = _speaker_named_by(index, maker, before)
            if person.name is not None:
                return person
    if noun.lemma_.lower() in _POSTED:
        return people.latest(before)
    return None


def _dangling_object(prep: Token) -> Token | None:
    """The name right after a "from"/"by" the parser left without an object, having hung the name
    on the verb after it: "The letter from Taylor states that ..." ("Taylor" a compound of the
    mis-tagged "states", BASIL 84678e18). None for anything else."""
    doc = prep.doc
    if prep.pos_ != "ADP" or prep.lower_ not in ("from", "by") or any(c.dep_ == "pobj" for c in prep.children):
        return None
    nxt = doc[prep.i + 1] if prep.i + 1 < len(doc) else None
    return nxt if nxt is not None and nxt.pos_ == "PROPN" and nxt.head.i > nxt.i else None


def _name_end(token: Token) -> int:
    """The end (token index) of the run of proper nouns from ``token`` on."""
    doc, j = token.doc, token.i
    while j < len(doc) and doc[j].pos_ == "PROPN":
        j += 1
    return j


# how many tokens may stand between a quote and its cue: a name and its apposition
_BETWEEN_MAX = 30
# what may stand in the name between a quote and its cue ("Obama's former campaign strategist")
_NAME_POS = frozenset({"PROPN", "NOUN", "ADJ", "DET", "PART", "NUM", "ADP", "CCONJ", "PRON", "PUNCT"})


def named_between(index: DocIndex, region: QuotedRegion, cue: Token) -> Person:
    """The speaker written between a quote and the cue after it, when the parser hung the cue
    on the quote's own words ("“...,” Tulsa police Chief Chuck Jordan said", "“...,” Flynn, a
    top Trump surrogate, said", "“...,” Obama's former campaign strategist said"): the words
    up to the first comma name the speaker, all of them up to the cue are the source as
    written. Only a short noun phrase with no verb of its own; else no speaker."""
    if region.close_mark is None or cue.idx <= region.close_mark:
        return NO_SPEAKER
    doc = index.doc
    lo = index.token_at(region.close_mark) + 1
    while lo < cue.i and (doc[lo].is_punct or doc[lo].is_space):
        lo += 1
    words = doc[lo : cue.i]
    if not len(words) or len(words) > _BETWEEN_MAX or any(index.inside_quote(t.idx) for t in words):
        return NO_SPEAKER
    if any(is_terminator(t) for t in words):
        return NO_SPEAKER
    comma = next((t.i for t in words if t.text == ","), cue.i)
    # the name up to its first comma is a short noun phrase; an apposition set off by commas
    # after it may hold a clause of its own ("Mr. Daniloff, now 81 and retired in Cambridge,
    # Mass., said"), but no verb of saying
    apposition = comma < cue.i and doc[cue.i - 1].text == ","
    described = doc[comma : cue.i] if apposition else doc[lo:lo]
    named = doc[lo:comma] if apposition else words
    if len(named) > 16 or any(t.pos_ not in _NAME_POS and not t.ent_type_ for t in named) or any(
            is_reporting_verb(t) for t in described):
        return NO_SPEAKER
    name = [t for t in doc[lo:comma] if not t.is_punct]
    if not name:
        return NO_SPEAKER
    head = name[-1]
    if head.pos_ == "PRON":
        if len(name) > 1:
            return NO_SPEAKER
        return index.people.resolve(head, before=region.open_mark)
    if head.ent_type_ in ("DATE", "TIME", "CARDINAL", "MONEY", "PERCENT") or head.lower_ in NOT_SPEAKERS:
        return NO_SPEAKER
    end = words[-1].idx + len(words[-1])
    written = index.span(words[0].idx, end)
    person = index.people.person_of(head)
    if person is not None and person.name is not None and not person.lost:
        return Person(person.name, written, gender=person.gender)
    if head.pos_ == "PROPN" or head.ent_type_ in ("ORG", "NORP", "GPE") or (head.pos_ == "NOUN" and not is_mute(head)):
        return Person(index.span(name[0].idx, head.idx + len(head)), written)
    return NO_SPEAKER


# what may stand in a heading's name before its colon ("- Frank Newport and Jim Harter:", "More from the report:")
_HEADING_POS = frozenset({"PROPN", "NOUN", "DET", "ADJ", "CCONJ", "PART"})
_DASHES = frozenset("-–—―")


def reported_by(index: DocIndex, cue: Token) -> Span | None:
    """The report a quote's cue is passed on through, "according to" later in its sentence:
    "“...,” Obama said of the families, according to a White House pool report" (PolNeAR marks
    the report as the quote's source; the speaker is still who said it). None without one."""
    doc = index.doc
    for j in range(cue.i + 1, min(len(doc), cue.i + 16)):
        tok = doc[j]
        if is_terminator(tok) or index.inside_quote(tok.idx):
            return None
        obj = according_to(tok)
        if obj is not None:
            lo, hi = source_phrase(obj)
            return index.span(doc[lo].idx, doc[hi - 1].idx + len(doc[hi - 1]))
    return None


def reported_before(index: DocIndex, cue: Token) -> Span | None:
    """The report a cue is passed on through, "according to" earlier in its sentence: "According
    to GMA News, Salceda said the “...”" (PolNeAR marks the report as the quote's source; the
    speaker is still who said it). None without one."""
    doc = index.doc
    for j in range(cue.i - 1, max(cue.sent.start - 1, cue.i - 16), -1):
        tok = doc[j]
        if is_terminator(tok) or index.inside_quote(tok.idx):
            return None
        obj = according_to(tok)
        if obj is not None and obj.i < cue.i:
            lo, hi = source_phrase(obj)
            return index.span(doc[lo].idx, doc[hi - 1].idx + len(doc[hi - 1]))
    return None


# how a clause hangs from the verb of saying that reports it ("said ... that", "expects Holt to
# insert himself ... by calling out"), up to that verb
_REPORTED_UP = frozenset({"ccomp", "xcomp", "pcomp", "prep"})


def reported_by_outer(index: DocIndex, cue: Token, quote_open: int) -> Span | None:
    """The source as written of the verb of saying a quote's cue is reported by: "Trump said ...
    that Clinton once described the deal as “the gold standard”", "she pointed to reports that
    Trump called the winner “Miss Piggy”". The words are the inner speaker's (Clinton's, Trump's),
    but the attribution the report makes is the outer one's, which PolNeAR marks as the quote's
    source. None when no verb of saying with a subject that can speak, other than the cue's own,
    reports the cue's clause."""
    tok, outer = cue, None
    for _ in range(4):
        if tok.dep_ not in _REPORTED_UP or tok.head.i == tok.i:
            return None
        tok = tok.head
        if is_reporting_verb(tok):
            outer = tok
            break
    if outer is None or index.inside_quote(outer.idx):
        return None
    inner, said_by = source_of(cue), source_of(outer)
    if said_by is None or (inner is not None and inner.i == said_by.i) or not names_a_speaker(index, said_by):
        return None
    return speaker_of(index, outer, quote_open).written


def passed_on_after(index: DocIndex, after: int, cue: Token) -> Span | None:
    """The report a quote with its cue before it is passed on through, told after the quote in
    its sentence: "Trump said: “There will always be exceptions,” the Times reported",
    "Grayson said Randolph “would have no chance to win,” the source recalled", "... said he was
    “happy to see” that Khan was voted in, according to The New York Times". Who reports it is
    no pronoun and not the cue's own subject (PolNeAR marks the report as the quote's source;
    the speaker is still who said it). None without one."""
    doc = index.doc
    if after >= len(doc) or (doc[after - 1].idx > 0 and index.text[doc[after - 1].idx - 1] in ".?!" and doc[after].text[:1].isupper()):
        return None  # the sentence ended inside the quote: what follows is another one
    speaker = source_of(cue)
    for j in range(after, min(len(doc), after + 16)):
        tok = doc[j]
        if is_terminator(tok) or index.inside_quote(tok.idx):
            return None
        obj = according_to(tok)
        if obj is None and is_reporting_verb(tok) and tok.lemma_.lower() in ("report", "recall"):
            obj = source_of(tok)
            if obj is None or obj.i < after or obj.pos_ == "PRON" or (speaker is not None and obj.i == speaker.i):
                return None
        if obj is not None:
            lo, hi = source_phrase(obj)
            return index.span(doc[lo].idx, doc[hi - 1].idx + len(doc[hi - 1]))
    return None


def dash_heading(index: DocIndex, region: QuotedRegion) -> Person | None:
    """The author a digest's heading names between a dash and the colon the quote opens after
    ("Pollsters agree - Carl Bialik: “...”", "... TOO EARLY - Mark Blumenthal and Jon Cohen:
    “...”"): a name, whatever verb the heading has before the dash. None for any other form."""
    text, doc = index.marks, index.doc
    j = region.open_mark - 1
    while j >= 0 and text[j] in " \t\xa0":
        j -= 1
    if j < 1 or text[j] != ":":
        return None
    colon = index.token_at(j)
    if doc[colon].text != ":" or colon < 2:
        return None
    lo = colon
    def namelike(t: Token) -> bool:
        return t.pos_ == "PROPN" or (t.pos_ == "NOUN" and t.is_title)  # ("Pew Research": nouns to the parser)

    while lo > 0 and colon - lo < 8 and (namelike(doc[lo - 1]) or doc[lo - 1].pos_ == "CCONJ" or doc[lo - 1].text == "."):
        lo -= 1
    if lo == colon or lo == 0 or doc[lo - 1].text not in _DASHES or not namelike(doc[lo]) or not namelike(doc[colon - 1]):
        return None
    written = index.span(doc[lo].idx, doc[colon - 1].idx + len(doc[colon - 1]))
    # of a pair of authors, the first names the speaker; the source as written is both
    last = next((t.i - 1 for t in doc[lo:colon] if t.pos_ == "CCONJ"), colon - 1)
    speaker = _speaker_named_by(index, doc[last], region.open_mark)
    if speaker.name is None or speaker.lost:
        return None
    name = speaker.name
    if not written.start <= name.start < written.end and index.people.person_of(doc[last]) is None:
        name = index.span(doc[lo].idx, doc[last].idx + len(doc[last]))  # the heading's words, not its sentence's
    return Person(name, written, gender=speaker.gender)


def colon_speaker(index: DocIndex, region: QuotedRegion) -> Person:
    """A quote that follows a colon and has no cue: the author a heading names right before
    the colon, after a dash, "from" or the line's start ("... FOR THE FIRST TIME - Jeffrey M.
    Jones: “...”", "More from the report: “...”"), or the subject of the clause the colon
    ends ("Trump went even further: “...”", "the Board was conclusive in its findings: “...”")."""
    text, doc = index.marks, index.doc
    j = region.open_mark - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    if j < 1 or text[j] not in ":,":
        return NO_SPEAKER
    colon = index.token_at(j)
    if doc[colon].text != text[j] or colon == 0:
        return NO_SPEAKER
    if text[j] == ",":
        # "Trump issued a statement, “...”": a comma does so only after the noun of what is said
        said = doc[colon - 1]
        if said.pos_ != "NOUN" or said.lemma_.lower() not in UTTERANCE_NOUNS | _AUTHORED:
            return NO_SPEAKER
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
    if heading and (last.pos_ == "PROPN" or names_a_speaker(index, last)):
        speaker = _speaker_named_by(index, last, region.open_mark)
        if speaker.name is not None and not speaker.lost:
            return Person(speaker.name, index.span(doc[lo].idx, last.idx + len(last)), gender=speaker.gender)
        return NO_SPEAKER
    root = doc[colon - 1]
    for _ in range(6):  # up from the word before the colon to its verb
        if root.pos_ in ("VERB", "AUX") or root.head.i == root.i or root.head.i >= colon:
            break
        root = root.head
    if root.pos_ not in ("VERB", "AUX") or any(
            c.dep_ == "dobj" and c.pos_ != "PRON" and c.lemma_.lower() not in UTTERANCE_NOUNS for c in root.children):
        return NO_SPEAKER  # "Trump faced a question from the crowd: “...?”" is not Trump's
    subject = source_of(root)
    if subject is None or subject.pos_ not in ("PROPN", "PRON") and subject.ent_type_ not in ("PERSON", "ORG", "NORP"):
        return NO_SPEAKER
    if not names_a_speaker(index, subject):
        return NO_SPEAKER
    return _speaker_named_by(index, subject, region.open_mark)


def utterance_owner(index: DocIndex, region: QuotedRegion, first: int, after: int | None) -> tuple[Token, Person] | None:
    """A quote that hangs from a noun of something said, and who owns it: "Donald Trump's claim
    that there have been “thousands of shootings”", "his promise to “...”" (the possessor, or the
    object of "by"/"from": "a claim by the governor that “...”"). The noun is the cue."""
    if looks_like_title(index.text[region.start : region.end]):
        return None
    doc = index.doc
    last = after if after is not None else index.token_at(region.end) + 1
    tok = outside_head(doc, first, last)
    if tok is None:
        return None
    for _ in range(6):
        if tok.pos_ in ("NOUN", "PROPN") and tok.lemma_.lower() in UTTERANCE_NOUNS:
            break
        if tok.dep_ in ("ROOT", "nsubj", "nsubjpass") or tok.head.i == tok.i or (tok.pos_ == "VERB" and is_reporting_verb(tok)):
            return None
        tok = tok.head
    else:
        return None
    owner = next((c for c in tok.children if c.dep_ == "poss"), None)
    if owner is None:
        by = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ in ("by", "from")), None)
        owner = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
    if owner is None or not (owner.pos_ == "PRON" or names_a_speaker(index, owner)):
        return None
    person = _speaker_named_by(index, owner, region.open_mark)
    if person.name is None or person.lost:
        return None
    return tok, Person(_without_possessive(index, person.name), person.written, gender=person.gender)


def _without_possessive(index: DocIndex, span: Span | None) -> Span | None:
    """A possessor's name without the "’s" NER may take into it ("Donald Trump’s")."""
    if span is None or not span.text.endswith(("'s", "’s")) or len(span.text) <= 2:
        return span
    return index.span(span.start, span.end - 2)



# a sentence that opens by pointing back at the quote before it ("That was how Jones put it",
# "So said the mayor", "Those were the words of ...")
_POINTING_BACK = frozenset("that this those so such thus".split())


def named_next(index: DocIndex, region: QuotedRegion) -> Person:
    """A quote ending its sentence with no cue, whose speaker the next sentence names while
    pointing back at it: "“Nobody believes the polls anymore.” That was how Jones put it on
    Tuesday." (not the speaker of the quote before). Same paragraph only; NO_SPEAKER otherwise."""
    text, doc = index.text, index.doc
    if region.close_mark is None or text[region.start : region.end][-1:] not in (".", "?", "!"):
        return NO_SPEAKER
    j = index.token_at(region.close_mark) + 1
    while j < len(doc) and (doc[j].is_punct or doc[j].is_space) and "\n" not in doc[j].text:
        j += 1
    if j >= len(doc) or doc[j].lower_ not in _POINTING_BACK or "\n" in text[region.close_mark : doc[j].idx]:
        return NO_SPEAKER
    for tok in doc[j].sent:
        if tok.i > j and not index.inside_quote(tok.idx) and cue_at(tok) is not None:
            speaker = speaker_of(index, tok, region.open_mark)
            return speaker if speaker.name is not None and not speaker.lost else NO_SPEAKER
    return NO_SPEAKER


def previous_subject(index: DocIndex, first: int, quote_open: int) -> Person:
    """A quote opening a sentence with no cue near it: the person the sentence before it is about
    ("Trump spoke only in evasive bromides during the interview. “We have to do something ...”",
    "He then had a question for the crowd. “Who’s going to pay for it?”"): the subject of that
    sentence's main verb when it is a person's name or "he"/"she". NO_SPEAKER otherwise."""
    doc = index.doc
    j = first - 1
    while j >= 0 and (doc[j].is_space or doc[j].is_punct):
        j -= 1
    if j < 0 or index.inside_quote(doc[j].idx):
        return NO_SPEAKER
    root = doc[j].sent.root
    if doc[j].sent.start >= first or index.inside_quote(root.idx):
        return NO_SPEAKER
    subject = source_of(root)
    if subject is None or index.inside_quote(subject.idx):
        return NO_SPEAKER
    if not (subject.lower_ in ("he", "she") or subject.ent_type_ == "PERSON"):
        return NO_SPEAKER
    return _speaker_named_by(index, subject, quote_open)
