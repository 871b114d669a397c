"""Who speaks through a cue: the reporting verb or "according to", the subject rule
(``source_of``) and the source as a noun phrase (``source_phrase``); see the package doc."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import PERSON_TITLES, QUOTED_PASSIVES, REPORTING_VERBS, SPEAKING_NOUNS

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Token

# who speaks through a verb: its active subject (passives: see source_of)
SOURCE_DEPS = frozenset({"nsubj"})
_PASSIVE_DEPS = frozenset({"nsubjpass"})
# a verb without a subject of its own shares the subject of the verb it hangs from
_CLIMB_DEPS = frozenset({"conj", "advcl", "xcomp", "relcl", "acl", "pcomp"})
_RELATIVES = frozenset({"who", "that", "which"})
_NP_LEFT_DEPS = frozenset({"det", "amod", "compound", "poss", "nummod", "nmod", "case", "quantmod"})
# parts of a subject's subtree that qualify it rather than name it
CUT_DEPS = frozenset({"appos", "relcl", "acl", "punct", "cc", "conj", "advmod", "advcl", "parataxis"})
# what may qualify a title before a name ("Secretary of State", "the ad's narrator")
_TITLE_MODIFIER_DEPS = _NP_LEFT_DEPS | {"prep", "pobj"}
_HYPHENS_APOSTROPHES = frozenset({"-", "‐", "'", "’", "'s", "’s"})
_CLOSING_MARKS = frozenset({"”", '"', "''"})


def is_reporting_verb(token: "Token", verbs: frozenset[str] = REPORTING_VERBS) -> bool:
    """A verb that reports speech ("said", "denied", "tweeted"), not part of "so-called", nor
    a participle used as an adjective ("Russia's suspected ties", "the alleged hacking")."""
    if token.pos_ not in ("VERB", "AUX") and not _verb_tagged_noun(token):
        return False
    if token.dep_ == "amod" and not (token.tag_ == "VBD" and token.i > 0 and token.nbor(-1).text in _CLOSING_MARKS):
        # (a past tense right after a closing mark is no adjective: "“...,” tweeted Rubio
        # spokesman Alex Conant" the parser read as a tweeted spokesman)
        return False
    if token.i > 0 and token.nbor(-1).text == "-" and not token.nbor(-1).whitespace_:
        return False  # "so-called", "self-described": part of a compound adjective
    if token.dep_ == "xcomp" and token.head.lemma_ == "be" and any(c.dep_ == "aux" and c.lower_ == "to" for c in token.children):
        return False  # "Democrats are to blame for ...": what they are, not what they said
    if any(c.dep_ in _PLEA_DEPS for c in token.children) and token.lemma_.lower() == "plead":
        return False  # "pleaded guilty", "pleading the Fifth": a plea in court, not words said
    return token.lemma_.lower() in verbs or token.lower_ in verbs


# what a plea is made with when no words are said: "pleaded guilty", "not guilty", "no contest"
_PLEA_DEPS = frozenset({"acomp", "oprd", "dobj"})


def _verb_tagged_noun(token: "Token") -> bool:
    """A verb the tagger read as a plural noun that still heads a clause with a subject and a
    reported clause: "The letter from Taylor states that her testimony would ..." (BASIL
    84678e18; "states" tagged NNS, with "letter" for its subject)."""
    return token.tag_ == "NNS" and any(c.dep_ == "nsubj" for c in token.children) and any(
        c.dep_ == "ccomp" for c in token.children)


def is_time_clause(verb: "Token") -> bool:
    """The verb of a clause of time or condition set in another ("when Trump suggested ...",
    "after the senator won his primary"): an adverbial clause opened by a subordinating word
    ("as" aside: "As Ms. Simonyan put it, RT is “...”" says who speaks)."""
    return verb.dep_ == "advcl" and any(
        (c.dep_ == "mark" and c.lower_ not in ("that", "as")) or (c.dep_ == "advmod" and c.tag_ == "WRB")
        for c in verb.children)


def is_according_to(token: "Token") -> bool:
    return token.lower_ == "according" and token.i + 1 < len(token.doc) and token.nbor().lower_ == "to"


def according_to(token: "Token") -> "Token | None":
    """The object of "according to" (``token`` is "according"), or None."""
    if not is_according_to(token):
        return None
    for to in token.children:
        for obj in to.children:
            if obj.dep_ == "pobj":
                return obj
    return next((c for c in token.nbor().children if c.dep_ == "pobj"), None)


def _wordlike(token: "Token") -> bool:
    return any(ch.isalnum() for ch in token.text)


def _inner_hyphen(token: "Token") -> bool:
    """The hyphen inside a word ("co-host", "co-founder"), glued to the words on both sides (after
    the verb only: "Bashar al-Assad — imposed" before it is the phrase the parser broke)."""
    return token.text in ("-", "‐") and 0 < token.i < len(token.doc) - 1 and not token.whitespace_ \
        and not token.nbor(-1).whitespace_


def _subjects(verb: "Token", climbed: bool) -> list["Token"]:
    found = [c for c in verb.children if c.dep_ in SOURCE_DEPS]
    if found:
        return found
    for agent in (c for c in verb.children if c.dep_ == "agent"):
        found.extend(c for c in agent.children if c.dep_ == "pobj")
    if found:
        return found
    if climbed or verb.lemma_.lower() in QUOTED_PASSIVES:
        # "Smith was quoted as saying": the passive subject of the verb a cue hangs from speaks
        return [c for c in verb.children if c.dep_ in _PASSIVE_DEPS]
    return []



def is_mute(token: "Token") -> bool:
    """A common noun that names no one who could speak ("attacks", "momentum"; not "aide",
    "statement", "driver")."""
    lemma = token.lemma_.lower()
    return token.pos_ == "NOUN" and lemma not in SPEAKING_NOUNS and lemma not in PERSON_TITLES and not _AGENT.search(lemma)


_AGENT = re.compile(r"(?:[^aeiou]er|or|ist|ian|ess|man|woman)$")


def _nobody_acts(verb: "Token") -> bool:
    """A verb whose subject is no one: "it", "this", "there" or a thing's noun ("It came after ...",
    "The meeting came after ...")."""
    subjects = [c for c in verb.children if c.dep_ in SOURCE_DEPS]
    return bool(subjects) and all(
        s.lower_ in ("it", "this", "that", "there") or (is_mute(s) and s.ent_type_ == "" and s.is_lower) for s in subjects)


def source_of(verb: "Token") -> "Token | None":
    """The token naming who speaks through the reporting verb ``verb`` (or "according")."""
    if verb.lower_ == "according":
        return according_to(verb)
    current = verb
    joined_to: "Token | None" = None  # the verb ``current`` was reached from as its conjunct
    for step in range(5):
        subjects_here = [c for c in current.children if c.dep_ in SOURCE_DEPS]
        # (a name right before the verb, after the dash, still speaks: "... made public ― Trump boasted")
        named_next = [c for c in subjects_here if c.i == current.i - 1 and c.pos_ == "PROPN"]
        if any(not _wordlike(c) and not (named_next and c.i < named_next[0].i) and not (c.i > current.i and _inner_hyphen(c))
               for c in subjects_here):
            # a "-" made a subject: the parser broke a phrase it did not understand ("after
            # Iran — a backer of Bashar al-Assad — imposed"); no speaker beats a wrong one
            return None
        if step > 0 and verb.tag_ == "VBG" and is_time_clause(current) and current.head.i != current.i \
                and not _nobody_acts(current.head):
            # "Hannity said ... after the senator easily won his primary, remarking that ...": the
            # participle goes on with the sentence, not with the clause of time it hangs from
            # (unless the sentence's subject is no one: "It came after Boehner chided Obama,
            # accusing the president of ...": Boehner accuses)
            current = current.head
            continue
        subjects = _subjects(current, step > 0)
        if joined_to is not None and not subjects_here:
            # "Silverman was joined on stage by Al Franken and joked": verbs joined by "and" share
            # the grammatical subject, not the passive's agent
            subjects = [c for c in current.children if c.dep_ in _PASSIVE_DEPS] or subjects
        if subjects:
            named = [s for s in subjects if s.pos_ == "PROPN"]
            # (of two subjects the parser gave one verb, a thing's noun is not who speaks: "His
            # final assessment: “...,” he said")
            subject = named[-1] if named else next((s for s in subjects if not is_mute(s)), subjects[0])
            if subject.pos_ == "ADP":
                # "Of Carson, Levine, who has given money to Rubio, said": the parser made the
                # sentence's opening preposition the subject, with the speaker for its object
                subject = next((c for c in subject.children if c.dep_ == "pobj" and c.pos_ == "PROPN"), subject)
            if subject.lower_ in _RELATIVES and current.dep_ == "relcl":
                return current.head
            if step > 0 and current.dep_ == "ccomp" and is_reporting_verb(current.head) and (
                    is_mute(subject) or (verb.tag_ == "VBG" and not is_reporting_verb(current))):
                # "He said his attacks on Trump have given ... and said that ...": the parser hung
                # the second "said" on the clause the first one reports; the thing that clause
                # is about does not speak, the first verb's subject does. So for "adding" hung
                # on a reported clause that says nothing itself ("Sanders said the process ...
                # could be “messy,” adding, “Democracy is messy.”"): Sanders adds, not the process
                return source_of(current.head)
            return subject
        if current.dep_ == "relcl":
            return current.head
        controller = _object_controller(current) or _shown_speaking(current) or _aside_subject(current)
        if controller is not None:
            return controller
        # "quoted as saying": from the clause through its preposition to the verb; "went so far as
        # to say": through the adverb the parser hung the clause on; "A day after telling reporters
        # ..., Weiner broke": through the noun of time the preposition hangs from
        through_prep = step > 0 and (current.dep_ == "prep" and current.pos_ == "ADP" or current.pos_ == "ADV"
                                     or current.dep_ == "npadvmod" and current.pos_ == "NOUN")
        # "Roberts said Friday that she thinks ... but said “...”": a subjectless verb after
        # "but"/"and" the parser hung as a clause of the first one is joined to it
        joined = current.dep_ == "ccomp" and current.i > 0 and current.doc[current.i - 1].dep_ == "cc"
        # "He paused, then added: “...”": a verb of saying the parser left unlabelled after the
        # sentence's first verb goes on with that verb's subject, as a conjunct does
        then = step == 0 and current.dep_ == "dep" and is_reporting_verb(current) and current.head.pos_ == "VERB" \
            and current.head.i < current.i
        if then:
            joined_to = current
            current = current.head
            continue
        if (current.dep_ not in _CLIMB_DEPS and not through_prep and not joined) or current.head.i == current.i:
            break
        if current.dep_ == "conj" and current.head.dep_ == "parataxis" and is_reporting_verb(current.head):
            # "She was 10, he said, ... and was crying and shouting: “...”": the parser hung the
            # sentence's own verbs on the aside "he said"; they go on with the sentence's subject
            current = current.head.head
            continue
        joined_to = current if current.dep_ == "conj" else None
        current = current.head
    if verb.dep_ == "acl" and verb.tag_ in ("VBD", "VBN") and verb.head.i < verb.i and (
            verb.head.pos_ == "PROPN" and verb.head.ent_type_ in ("PERSON", "ORG") or (
                verb.head.pos_ == "NOUN" and not is_mute(verb.head)
                and sum(c.dep_ in ("oprd", "dobj", "ccomp", "xcomp") for c in verb.children) >= 2)):
        # "Beruff, a Scott ally, called Florida's standards “strong”", "one lawmaker called Trump
        # “the orange prince”": a verb the parser hung on the noun before it as its modifier
        # (as "a man called Rex") has that noun for its subject when the noun is a name, or a
        # person given two complements (the one called, what they are called)
        return verb.head
    # inverted order the parser missed: "said Mahmoud Raslan" (a verb of saying only: in
    # "including Syracuse and “...”" the name after the verb says nothing)
    if verb.i + 1 < len(verb.doc) and verb.nbor().pos_ == "PROPN" and is_reporting_verb(verb):
        name = verb.nbor()
        while name.dep_ == "compound" and name.head.i > name.i and name.head.i <= name.i + 3:
            name = name.head  # "tweeted Rubio spokesman Alex Conant": the name, not its first word
        return name
    return _inverted_subject(verb)


def _inverted_subject(verb: "Token") -> "Token | None":
    """The speaker written right after a verb of saying that follows a closing quotation mark,
    which the parser took for the verb's object or a modifier: "“...,” added another New
    Hampshire Democrat" (an object), "“...,” said Skelly, explaining ..." (an adverb). Only
    right after the mark: elsewhere the noun after "said" is what is said or to whom."""
    doc = verb.doc
    if verb.i < 1 or verb.i + 1 >= len(doc) or doc[verb.i - 1].text not in _CLOSING_MARKS or not is_reporting_verb(verb):
        return None
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "attr") and c.left_edge.i == verb.i + 1), None)
    if obj is not None and (obj.pos_ == "PROPN" or (obj.pos_ == "NOUN" and (not is_mute(obj) or _can_say(obj)))):
        return obj
    name = doc[verb.i + 1]
    after = doc[verb.i + 2] if verb.i + 2 < len(doc) else None
    if (name.is_title and name.is_alpha and name.pos_ not in ("DET", "PRON", "ADP", "CCONJ", "SCONJ", "AUX")
            and (after is None or after.text in (",", ".") or after.is_space)):
        return name
    return titled_name_after(verb)


# WordNet's kinds of noun for who or what says words: "the boy", "the crowd", "the email"
_SAYING_KINDS = frozenset({"noun.person", "noun.group", "noun.communication"})


def _can_say(noun: "Token") -> bool:
    """A common noun whose most frequent WordNet sense is a person, a group or a message (with
    the optional ``[wordnet]`` extra; without it, none)."""
    senses = noun_senses()
    found = senses.senses(noun.lemma_.lower()) if senses is not None else ()
    return bool(found) and senses is not None and senses.synset(found[0]).lexname in _SAYING_KINDS


def titled_name_after(verb: "Token", kinds: tuple[str, ...] = ("PERSON", "ORG")) -> "Token | None":
    """The last word of a person's or a body's name written a few words of title after ``verb``
    ("said retired neurosurgeon Ben Carson, asked ...", "said Oversight ranking Democrat Elijah
    Cummings (D-Md.)": the parser made a clause of the title's words), or None. Only words of a
    title stand between them: no punctuation but an abbreviation's period, no clause word."""
    doc = verb.doc
    for j in range(verb.i + 1, min(len(doc), verb.i + 9)):
        tok = doc[j]
        nxt = doc[j + 1] if j + 1 < len(doc) else None
        if tok.pos_ == "PROPN" and (
                tok.ent_type_ in kinds and (nxt is None or nxt.ent_iob_ != "I")
                or not tok.ent_type_ and tok.is_title and (nxt is None or nxt.pos_ != "PROPN" and nxt.text in ",.(;")):
            return tok  # (a name NER missed ends where the proper nouns do)
        if tok.pos_ in ("PRON", "CCONJ", "SCONJ", "AUX", "PART", "NUM") or tok.is_space or (
                tok.pos_ == "DET" and j > verb.i + 1) or (tok.pos_ == "ADP" and tok.lower_ != "of") or (
                tok.is_punct and tok.text not in ("-", ".") and not tok.text.endswith(".")):
            return None
    return None


def _aside_subject(verb: "Token") -> "Token | None":
    """The subject the parser hung on an aside set off before the verb: "Clinton, exasperated,
    famously responded" ("Clinton" the subject of "exasperated")."""
    for aside in verb.children:
        if aside.dep_ == "parataxis" and aside.i < verb.i:
            subject = next((s for s in aside.children if s.dep_ in SOURCE_DEPS and s.i < aside.i), None)
            if subject is not None:
                return subject
    return None


def _shown_speaking(verb: "Token") -> "Token | None":
    """Who a participle right after a noun shows speaking: "footage of Hillary Clinton asking,
    “...”", "the ad shows Trump saying", "a video of the mayor telling". The noun it modifies
    (``acl``) or the object just before it (``xcomp``, nothing between them), or that object's
    "of" phrase when the object is a thing ("footage", "video"); only a noun that can speak."""
    if verb.tag_ != "VBG" or verb.dep_ not in ("acl", "xcomp"):
        return None
    noun: "Token | None"
    if verb.dep_ == "acl":
        noun = verb.head
        lemma = noun.lemma_.lower()
        if noun.pos_ == "NOUN" and noun.dep_ == "dobj" and lemma not in PERSON_TITLES and not _AGENT.search(lemma):
            # "the Security Council issued a statement calling the test “a clear violation”": who
            # issues the thing speaks through it
            issuer = next((c for c in noun.head.children if c.dep_ in SOURCE_DEPS), None)
            if issuer is not None:
                return issuer
        if noun.dep_ == "pobj" and noun.head.lower_ != "of" and is_reporting_verb(verb):
            # "his campaign sent out a text message to supporters saying: “...”": the participle
            # goes on with the verb the preposition hangs from, not with its object
            verb_of = noun.head.head
            if verb_of.pos_ not in ("VERB", "AUX"):
                return None
            return next((c for c in verb_of.children if c.dep_ in SOURCE_DEPS), None)
    else:
        noun = next((c for c in verb.head.children if c.dep_ == "dobj" and c.i < verb.i), None)
        if noun is None or noun.right_edge.i + 1 != verb.i:
            return None
        if noun.pos_ == "NOUN" and is_mute(noun):
            of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
            noun = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if noun is None or noun.i > verb.i:
        return None
    if noun.pos_ == "PROPN" or (noun.pos_ == "NOUN" and not is_mute(noun)):
        return noun
    if noun.pos_ == "PRON" and noun.lower_ in ("him", "her", "them", "me", "us"):
        return noun
    return None


def _object_controller(verb: "Token") -> "Token | None":
    """The object that does what a subjectless infinitive says: "a win that led her to
    declare", "asked him to say": her, him (a person pronoun, a name or a noun that can
    speak), not the subject of the verb it hangs from."""
    if verb.dep_ != "xcomp" or verb.tag_ != "VB" or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    obj = next((c for c in verb.head.children if c.dep_ == "dobj" and c.i < verb.i), None)
    if obj is None:
        return None
    if obj.pos_ == "PRON":
        return obj if obj.lower_ in ("him", "her", "them", "me", "us") else None
    return obj if obj.pos_ == "PROPN" or not is_mute(obj) else None



def source_phrase(head: "Token") -> tuple[int, int]:
    """Token range ``[start, end)`` of the source as the report names it.

    The head with its left modifiers and its prepositional phrases ("the head of
    the observatory", "Office of the U.N. High Commissioner"); appositions,
    relative clauses and whatever follows a comma are cut, and the range stays
    contiguous with the head.
    """
    doc = head.doc
    start = head.i
    for left in reversed(list(head.lefts)):
        if left.is_punct and left.text in _HYPHENS_APOSTROPHES and left.i + 1 == start:
            continue  # a hyphen inside the name ("Park Geun - hye")
        if left.dep_ not in _NP_LEFT_DEPS:
            break
        # what lies between this modifier's own words and the words already taken
        # ("Secretary of State John F. Kerry": "of State" qualifies "Secretary")
        own = doc[left.i : left.right_edge.i + 1]
        tail = left.right_edge.i + 1 if all(_qualifies_title(t) for t in own) else left.i
        if all(t.dep_ in _NP_LEFT_DEPS or t.is_punct or _inline_space(t) for t in doc[tail:start]) and (
                tail > left.i or all(t.dep_ in _NP_LEFT_DEPS or t.is_punct or _inline_space(t) for t in own)):
            start = _modifiers_start(left)
        else:
            break
    end = head.i + 1
    for right in head.rights:
        if right.dep_ == "amod" and right.i == end and right.pos_ == "ADJ" and any(
                c.dep_ == "prep" and c.i == right.i + 1 for c in right.children):
            # "a source close to the campaign", "a person familiar with the talks": who, not which
            sub = list(right.subtree)
            if not any(t.is_punct and t.text in ",;:()—–" for t in sub):
                end = max(t.i for t in sub) + 1
                continue
            break
        if right.dep_ != "prep" or right.i != end:
            break
        if any(t.ent_type_ in ("DATE", "TIME") for t in right.children if t.dep_ == "pobj"):
            break  # "the Sanders campaign on Monday": when it spoke, not who
        sub = list(right.subtree)
        cut = next((t.i for t in sub if (t.is_punct and t.text in ",;:()—–") or t.dep_ in CUT_DEPS - {"punct"}), None)
        if cut is not None:
            # "one of those advisers, who spoke on the condition of anonymity": the phrase up
            # to where its own clause or apposition starts, when it holds a noun by then
            if any(t.pos_ in ("NOUN", "PROPN") and t.i < cut for t in sub):
                end = cut
            break
        end = max(t.i for t in sub) + 1
    while start < head.i and doc[start].is_punct:
        start += 1
    if head.ent_iob_ != "O":  # a name the parser split into pieces ("Bashar al - Assad"): all of it
        ent = _entity_around(head)
        if ent is not None and ent[2] in ("PERSON", "ORG", "GPE", "NORP"):
            start, end = min(start, ent[0]), max(end, ent[1])
    return start, end


def _inline_space(tok: "Token") -> bool:
    """A no-break space the tokenizer made a token of ("James\xa0Comey"): no break in the name."""
    return tok.is_space and "\n" not in tok.text


def _modifiers_start(left: "Token") -> int:
    """Where a modifier before the head begins with its own modifiers: the title before a
    name with the words that qualify it ("White House press secretary", "Former President",
    "MSNBC host", "the ad's narrator"), as far as they are a noun phrase's words."""
    doc = left.doc
    edge = left.left_edge.i
    if all(_qualifies_title(t) for t in doc[edge : left.i]):
        return edge
    return left.i


def _qualifies_title(tok: "Token") -> bool:
    """A word of a phrase before a name: a noun phrase's word or preposition, a hyphen or the
    possessive ("the 34-year-old mother", "Secretary of State", "Clinton's lawyer")."""
    if tok.dep_ in _TITLE_MODIFIER_DEPS or _inline_space(tok):
        return True  # also the period of "Lt . Gen." the tokenizer split off
    if tok.is_punct:
        return tok.text in _HYPHENS_APOSTROPHES
    # a word joined by hyphens to its neighbours ("34-year-old")
    doc = tok.doc
    return (tok.i + 1 < len(doc) and doc[tok.i + 1].text in _HYPHENS_APOSTROPHES and not tok.whitespace_) or (
        tok.i > 0 and doc[tok.i - 1].text in _HYPHENS_APOSTROPHES and not doc[tok.i - 1].whitespace_)


def _entity_around(token: "Token") -> tuple[int, int, str] | None:
    """The entity of ``doc.ents`` that holds ``token`` (start, end, label), read from
    the IOB tags around it as ``Doc.ents`` reads them, without building every entity
    of the document."""
    if token.ent_iob_ not in ("B", "I"):
        return None
    doc = token.doc
    start = token.i
    while start > 0 and doc[start].ent_iob_ == "I":
        start -= 1
    first = doc[start]
    if first.ent_iob_ != "B" or not first.ent_type_:
        return None
    end = token.i + 1
    while end < len(doc) and doc[end].ent_iob_ == "I":
        end += 1
    return start, end, first.ent_type_

