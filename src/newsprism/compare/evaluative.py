"""Where a reporter judges in their own voice: the cues, each with the words it judges.

A *cue* is one place in a sentence where the outlet, not a speaker it quotes or
reports, judges or hedges. Four kinds, strongest first, and the outlet's wording of an act:

- ``hedge`` — an appearance or an open question put by the reporter: "whose
  tenure, once again, seems shaky", "in what appears to be a desperate attempt",
  "it remains to be seen how much an endorsement will help", "Clinton looks much
  weaker than recent nominees";
- ``adverb`` — a judging adverb: "famously", "apparently", "surprisingly";
- ``verb`` — a verb that judges the actor's conduct while telling it: "*ranted*",
  "*caved*", "*boasted*", "*peddled*";
- ``modifier`` — an adjective of strong valence (VADER's lexicon, |valence| ≥ 2)
  or one of a short list of judging adjectives VADER lacks or rates mild
  ("bombastic", "gaffe-prone", "self-proclaimed"), modifying a noun
  ("occasionally *troublesome* comments", "a *dismal* performance") or said of
  something by a copula ("the backlash has been *ferocious*").

- ``wording`` — a verb of forceful criticism or praise, or a speech verb that
  frames what was said: "took to Facebook to *blast* her sister", "*assailed* a
  federal judge", "Boehner *admitted*" ("claim", "admit", "insist" only with a
  subject of their own: "an individual *claiming* discrimination" is a plain
  description). The report's word for an act, no verdict: framing only beside
  another outlet's wording of the same act (compare/framing.py).

Not cues: adjectives that state a fact or a state of mind ("dead", "illegal",
"poor", "pleased", "special prosecutor"), words inside quotation marks, words
under a negation, words in a clause reported from someone else ("saying that he
might run if he was *displeased*").

Each cue carries the phrase it sits in — the words a reader needs to see the
judgement, never the bare word.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from spacy.tokens import Span as SpacySpan
from spacy.tokens import Token

from newsprism.compare.cue_words import CONDUCT_VERBS as _CONDUCT_VERBS
from newsprism.compare.cue_words import HEDGES as _HEDGES
from newsprism.compare.cue_words import LOOKS as _LOOKS
from newsprism.compare.cue_words import SPEECH_JUDGING as _SPEECH_JUDGING
from newsprism.compare.cue_words import WORDING_VERBS as _WORDING_VERBS
from newsprism.compare.cue_words import CueWords, cue_words
from newsprism.compare.doc_reads import DocReads
from newsprism.compare.labels import quote_state
from newsprism.compare.loaded_verbs import loaded_speech
from newsprism.compare.mention_items import is_person_noun
from newsprism.compare.supplements import supplement
from newsprism.extract.word_senses import noun_senses
from newsprism.lexicon import (AIM_NOUNS, CONCESSIVE_ADVERBS, DISTANCING_ADVERBS, DISTANCING_MODIFIERS, HEARSAY_ADVERBS, JUDGING_ADJECTIVES,
                               JUDGING_ADVERBS, JUDGING_VERBS, REPORTING_VERBS, SCARE_QUOTE_MODIFIERS, SPEAKING_NOUNS,
                               STATEMENT_NOUNS, UTTERANCE_NOUNS, VERDICT_NOUNS)

__all__ = ["Cue", "cues", "act", "in_act", "judging", "distancing", "verb_phrase", "reported_or_negated", "narrates_speech",
           "tells_speaking", "whole_word", "CUE_RANK",
           "JUDGING_ADJ", "FACTUAL", "CueWords", "cue_words"]

# judging adverbs and hedges a reporter adds in their own voice
_JUDGING = JUDGING_ADVERBS
# verbs that judge the actor's conduct while telling it ("ranted", "caved", "boasted", "peddled"):
# the outlet's verdict on how someone behaved
_JUDGING_VERBS = JUDGING_VERBS

# adjectives of judgement that VADER's lexicon lacks or rates mild
JUDGING_ADJ = JUDGING_ADJECTIVES
# strong-valence words in VADER's lexicon that state a fact, a state of mind or a fixed term,
# not the reporter's judgement ("dead", "illegal immigrants", "a poor background", "not pleased",
# "bold letters", "a clean funding bill", "terrorist attacks", "doing their best", "super PACs", "super delegates",
# "violent assaults", "the imprisoned oil tycoon")
_FACTUAL = frozenset(
    """like dead alive illegal legal clear free killed wounded injured poor rich bold clean best better
    terrorist favorite popular safe healthy sick pleased displeased happy unhappy glad sad angry upset
    proud afraid scared worried excited disappointed frustrated ready able true fine top great good bad
    punitive divine grand special dangerous active effective loyal trapped besieged wrong
    criminal positive negative strong friendly greatest defeated super wealthy ecstatic thrilled delighted
    elated jubilant furious livid outraged appreciative grateful thankful violent imprisoned
    """.split()
)
FACTUAL = _FACTUAL
_MIN_VALENCE = 1.5
# a modifier judges on valence alone only when strongly charged ("dismal", "brilliant"; not
# "powerful", "special", "difficult")
_MIN_MODIFIER_VALENCE = 2.0
# how someone seemed to feel or stand ("the justices appeared worried", "she seemed determined"):
# the reporter's reading of a person's manner, not a verdict on anything
_STATES_OF_MIND = frozenset(
    """worried concerned sympathetic determined focused intent eager ready reluctant skeptical inclined willing
    unwilling poised open receptive hostile confident comfortable uncomfortable nervous anxious relaxed
    restrained subdued surprised unsure uncertain certain sure aware unaware interested keen prepared close
    motivated distrustful mistrustful wary leery tired exhausted weary fatigued
    """.split()
)
# adverbs of degree: on a word that does not judge ("a sharply different economic context") they
# grade it; on one that does ("remarkably inept") the judgement is that word's
_DEGREE = frozenset("sharply remarkably strikingly".split())
# how likely something is ("seemed more likely to shift the campaign", "appeared poised to win",
# "she seemed so inevitable"): the reporter's forecast, not a verdict on anyone
_PREDICTIONS = frozenset("likely unlikely inevitable poised poise set bound destined headed possible probable".split())
# what a hedge's complement must be to pass a verdict: an adjective or a common noun ("seemed to
# be Sanders's to lose" reads the race, it judges nobody)
_VERDICT_POS = frozenset(("ADJ", "NOUN"))
# the dependencies by which a word sits in a clause or phrase of its own below a hedge's verb
# ("appeared to change after a debate in which Rubio faltered in the face of blistering attacks")
_OWN_CLAUSE = frozenset("relcl acl advcl ccomp pcomp prep pobj".split())
# verbs by which evidence tells something ("the video apparently shows"): "apparently" on them is
# how sure the report is, not a judgement
_EVIDENCE_VERBS = frozenset("show indicate reveal depict suggest confirm contain refer record capture".split())
# adverbs that, on an event told in the passive, say how sure the report is, not what it thinks
_SOURCING_HEDGES = frozenset("apparently seemingly".split())
CUE_RANK = {"hedge": 0, "adverb": 1, "verb": 2, "modifier": 3, "wording": 4}


@dataclass(frozen=True)
class Cue:
    """One judgement in a sentence: its kind, its word and the phrase around it (token range)."""

    kind: str  # hedge | adverb | verb | modifier | wording
    word: str
    start: int  # token index of the phrase, end exclusive
    end: int
    cut: bool = False  # the phrase stops before its clause does (shown with "…")
    text: str = ""  # the words shown, when not simply the token range's text

    def shown(self, doc) -> str:
        return (self.text or doc[self.start : self.end].text) + ("…" if self.cut else "")


@lru_cache(maxsize=1)
def lexicon() -> Mapping[str, float]:
    """VADER's sentiment lexicon (word -> valence), read from the package's data file."""
    try:
        import vaderSentiment  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - a core dependency
        return {}
    from pathlib import Path

    path = Path(vaderSentiment.__file__).with_name("vader_lexicon.txt")
    out: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and parts[0].isalpha():
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                continue
    return out


def _names_a_term(tok: Token) -> bool:
    """A modifier that is part of a thing's name, not the outlet's verdict on it:

    - "so-called" introducing the name of a thing ("the so-called surge", "so-called superdelegates",
      "the so-called Islamic State"), not distancing the outlet from it: only scare quotes around the
      words it names ("so-called “closed” primaries", "the so-called “rebels”") make it a judgement;
      so too "self-described", "self-identified" (``SCARE_QUOTE_MODIFIERS``: "a self-described socialist");
    - the first word of a name WordNet lists as one noun for a thing, a measure or a place ("gross
      domestic product", "dirty bomb", "killing field"): "gross" there weighs nothing. Its nouns for
      people, acts, groups or speech keep their judgement ("loose cannon", "cheap shot", "rogue state");
    - a word hyphenated to a prefix of relation ("anti-terrorism efforts", "anti-war protesters",
      "post-crisis policies"): VADER's valence is the root's ("terrorism", "war"), and the word says
      what the thing is against or after."""
    whole = _hyphenated(tok)
    if whole in SCARE_QUOTE_MODIFIERS:
        return not any(t.is_quote for t in tok.doc[tok.i + 1 : max(tok.head.i, tok.i + 1) + 1])
    if whole.split("-", 1)[0] in _RELATION_PREFIXES and "-" in whole:
        return True  # "anti-terrorism efforts", "post-crisis policies": what a thing is against or after
    return _listed_noun(tok)


# prefixes by which a hyphenated word tells a relation to its root, not a verdict on the thing
_RELATION_PREFIXES = frozenset("anti post pre pro non counter".split())
# WordNet's lexicographer files of things, measures and places: a listed noun of one of these, its
# most frequent sense, names something; one of a person, an act or speech may be a verdict
_THING_FILES = frozenset(f"noun.{k}" for k in
                         "artifact possession quantity substance object food body plant animal location time".split())


def _listed_noun(tok: Token) -> bool:
    """Whether a modifier and the words up to its noun ("gross domestic product") are one noun of
    WordNet's for a thing (``_THING_FILES``; the noun's lemma: "dirty bombs"); False without the
    optional WordNet extra."""
    head = tok.head
    if tok.dep_ not in ("amod", "compound") or head.pos_ not in ("NOUN", "PROPN") or not 0 < head.i - tok.i <= 3:
        return False
    between = tok.doc[tok.i + 1 : head.i]
    if any(t.is_punct or t.head.i != head.i for t in between):
        return False
    senses = noun_senses()
    if senses is None:
        return False
    words = [t.lower_ for t in (tok, *between)]
    for last in dict.fromkeys((head.lower_, head.lemma_.lower())):
        offsets = senses.senses("_".join((*words, last)))
        if offsets:
            return senses.synset(offsets[0]).lexname in _THING_FILES
    return False


def judging(tok: Token) -> bool:
    """A modifier that judges: a judging adverb or a strong-valence adjective/adverb."""
    if tok.pos_ not in ("ADJ", "ADV", "VERB") or not (tok.is_lower or (tok.is_sent_start and tok.text[1:].islower())):
        return False
    if _names_a_term(tok):
        return False
    if _hyphenated(tok) in JUDGING_ADJ:
        return True
    if tok.pos_ == "VERB":
        return False
    low, lemma = tok.lower_, tok.lemma_.lower()
    if low in _FACTUAL or lemma in _FACTUAL:
        return False
    lex = lexicon()
    return low in _JUDGING or low in JUDGING_ADJ or abs(lex.get(low, lex.get(lemma, 0.0))) >= _MIN_VALENCE


def distancing(tok: Token) -> bool:
    """Whether a word keeps the outlet's distance from what someone or something is called: a
    distancing modifier ("the *self-titled* America's Toughest Sheriff", "a *so-called* “apology
    tour”"; ``DISTANCING_MODIFIERS``, scare quotes where it needs them) or a distancing adverb on an
    adjective ("*supposedly* less-important undertakings"). The outlet's own doubt even in a clause
    it reports from someone else: the one reported would not doubt their own words."""
    if tok.dep_ == "advmod" and tok.lower_ in DISTANCING_ADVERBS:
        return tok.head.pos_ == "ADJ"
    return tok.pos_ in ("ADJ", "VERB") and _hyphenated(tok) in DISTANCING_MODIFIERS and not _names_a_term(tok)


def _concedes(tok: Token) -> bool:
    """A concessive adverb on a clause ("the debate *technically* is sponsored by Newsmax"; a sentence's
    first word the tagger took for a name: "*Technically*, the task force is independent"), not on an
    adjective ("technically difficult")."""
    return tok.lower_ in CONCESSIVE_ADVERBS and (tok.pos_ == "ADV" or (tok.pos_ == "PROPN" and bool(tok.is_sent_start))) \
        and tok.head.pos_ in ("VERB", "AUX")


def whole_word(tok: Token) -> str:
    """The whole hyphenated word ``tok`` ends ("self-titled", "gaffe-prone"), lower-cased."""
    return _hyphenated(tok)


def _hyphenated(tok: Token) -> str:
    """The whole hyphenated word ``tok`` ends ("self-titled", "gaffe-prone"), lower-cased."""
    doc, first = tok.doc, tok.i
    while first >= 2 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_ and not doc[first - 2].whitespace_:
        first -= 2
    return "".join(t.lower_ for t in doc[first : tok.i + 1])


def _quoted(sent: SpacySpan, reads: DocReads | None = None) -> set[int]:
    """Token indices between quotation marks ('' and `` are quotation marks too: PolNeAR's NYT
    texts: ''And that was unfair,'' he said)."""
    return quote_state(sent.doc, reads).quoted(sent.start, sent.end)


# factive nouns: their "that" clause is what the writer takes as true ("do not diminish the fact
# that Clinton looks much weaker"), whoever holds the noun and under a negation above it (the
# clause's truth is presupposed, not denied)
_FACTIVE_NOUNS = frozenset("fact reality truth".split())
# nouns whose "that" clause is what someone said, thought or felt ("complaints that ...")
_CONTENT_NOUNS = frozenset(
    """complaint claim charge accusation allegation assertion argument suggestion notion idea belief fear
    concern worry hope outrage view warning insistence contention
    """.split()
)
# verbs by which the sentence gives someone's opinion rather than the reporter's
_OPINION_VERBS = frozenset("consider deem regard view perceive think feel believe find".split())
# verbs by which someone labels a thing "as" something ("what he characterized as ..."); "portray"
# is left out: "Trump has portrayed himself as a shrewd manipulator" is the outlet's account
_LABELLING_VERBS = frozenset("characterize characterise describe label brand dub call".split())
# verbs of how something seems ("make him look like ...")
_SEEMING_VERBS = frozenset("look seem appear sound".split())
# verbs whose "of" phrase is what someone is charged with ("accused Obama of bungling the recovery")
_CHARGE_VERBS = frozenset("accuse charge suspect".split())
# verbs that judge conduct only of something done to an object ("ducked the question", "dodged
# questions", "ducked out of the debate"), not as a movement ("ducked down for selfies")
_EVASION_VERBS = frozenset("duck dodge".split())


def narrates_speech(tok: Token) -> bool:
    """Whether a word in a sentence that reports someone's words is the outlet's own account of
    the speaking, not what was said: an adverb on the verb of speech ("Obama forcefully defended",
    "erroneously claiming", "clearly says") or a word in an apposition naming the statement ("...
    a one-in-three chance of losing, a surprisingly downbeat assessment from a Republican leader")."""
    if tok.dep_ == "advmod" and tok.head.pos_ == "VERB" and tok.head.lemma_.lower() in REPORTING_VERBS:
        return True
    if tok.pos_ == "VERB" and (tok.lemma_.lower() in _CONDUCT_VERBS or loaded_speech(tok.lemma_.lower())):
        return True  # "Trump railed against the media, saying ...", "Ryan blasted the FBI": the outlet's verb
    t = tok
    while t.head.i != t.i:
        if t.dep_ == "appos" and t.lemma_.lower() in STATEMENT_NOUNS:
            return True
        t = t.head
    return _holds_speech(tok)


_QUOTE_MARKS = frozenset(('"', "“", "”", "''", "``"))
_NP_MODIFIER = frozenset("amod advmod npadvmod compound conj".split())


def _speaking(t: Token) -> bool:
    """A quotation mark, a verb of speech or "according (to)": where a sentence reports words."""
    return t.text in _QUOTE_MARKS or (t.pos_ == "VERB" and t.lemma_.lower() in REPORTING_VERBS) \
        or t.lower_ == "according"


def _holds_speech(tok: Token) -> bool:
    """Whether a modifier sits in a noun phrase of the outlet's own words that holds every report of
    speech in its sentence: "Clinton dealt a severe blow to Sanders with an *unexpectedly* strong win
    that led her to declare that the nomination was 'in sight'" judges the win, and the quote is what
    the win led to. Not when the noun is itself under the verb of speech ("Ryan said the decision
    was an inexplicable one") or the words are reported around it ("..., Ryan said")."""
    t = tok
    while t.dep_ in _NP_MODIFIER and t.pos_ not in ("NOUN", "PROPN") and t.head.i != t.i:
        t = t.head
    if t.pos_ not in ("NOUN", "PROPN") or t is tok:
        return False
    lo, hi = t.left_edge.i, t.right_edge.i
    while hi + 1 < t.sent.end and t.doc[hi + 1].is_punct:  # a closing quotation mark after a period
        hi += 1
    said = [s for s in t.sent if _speaking(s)]
    return bool(said) and all(lo <= s.i <= hi for s in said) and not any(
        a.pos_ == "VERB" and a.lemma_.lower() in REPORTING_VERBS for a in t.ancestors)


def _holds_speech_at(span: SpacySpan) -> bool:
    """Cheap: whether a verb of speech in ``span`` sits under a noun with a modifier (a relative or
    other clause of a noun phrase), where :func:`_holds_speech` may accept that modifier."""
    for v in span:
        if v.pos_ == "VERB" and v.lemma_.lower() in REPORTING_VERBS:
            if any(a.pos_ in ("NOUN", "PROPN") and any(c.dep_ in ("amod", "compound") for c in a.lefts)
                   for a in v.ancestors):
                return True
    return False


def tells_speaking(span: SpacySpan, reads: DocReads | None = None) -> bool:
    """Whether a span has a word :func:`narrates_speech` may accept (cheap: its adverbs on a verb of
    speech, its appositions naming a statement, a verb of speech under a noun), before its cues are
    read. ``reads``: the story's :class:`~newsprism.compare.doc_reads.DocReads`."""
    words = cue_words(span.doc, reads)
    return bool(words.between(words.telling, span.start, span.end)) \
        or (bool(words.between(words.speech, span.start, span.end)) and _holds_speech_at(span))


def _reported_or_negated(tok: Token) -> bool:
    """Whether ``tok`` sits in a clause reported from someone else, under a negation or a condition."""
    # an adverb on a verb of speech tells how someone spoke; that verb in a clause of its own under
    # another ("dismissed the critique, erroneously claiming ...") is the outlet's narration too
    speech = tok.head.i if tok.dep_ == "advmod" and tok.head.lemma_ in REPORTING_VERBS else -1
    t = tok
    asserted = False  # inside a factive noun's clause: a negation above it denies nothing of it
    while t.head.i != t.i:
        if t.dep_ == "appos" and t.lemma_.lower() in STATEMENT_NOUNS:
            break  # "..., a surprisingly downbeat assessment": the outlet names the statement
        if supplement(t):
            break  # "concern that Trump, who previously flirted with a bid, would ...": the writer's aside
        if t.dep_ in ("acl", "ccomp") and t.head.lemma_.lower() in _FACTIVE_NOUNS \
                and any(c.dep_ == "mark" and c.lower_ == "that" for c in t.children):
            asserted = True  # "the fact that ... Clinton looks much weaker": the writer's, not the noun's holder's
            t = t.head
            continue
        if t.dep_ in ("ccomp", "xcomp", "advcl") and t.head.lemma_ in REPORTING_VERBS \
                and not (t.i == speech and t.dep_ == "advcl"):
            return True
        # "what he considers unfair media scrutiny", "she views it as a betrayal": the judgement
        # is the named holder's; a passive with no holder ("widely seen as desperate") stays the outlet's
        if t.head.lemma_ in _OPINION_VERBS and t.dep_ not in ("nsubj", "nsubjpass") \
                and any(c.dep_ in ("nsubj", "agent") for c in t.head.children):
            return True
        if t.dep_ == "advcl" and any(c.lower_ in ("if", "unless") for c in t.children):
            return True
        # "what she called the angry, divisive rhetoric", "he called it a disaster": the speaker's words;
        # so too after a participle whose subject is the clause's ("The campaign pushed back, calling
        # it the mark of a desperate candidate")
        if t.dep_ == "oprd" and t.head.lemma_.lower() in REPORTING_VERBS \
                and (any(c.dep_ in ("nsubj", "nsubjpass") for c in t.head.children)
                     or (t.head.tag_ == "VBG" and t.head.dep_ in ("advcl", "xcomp", "acl", "conj"))):
            return True
        # "what he characterized as an increasingly nasty campaign": the labeller's view
        if t.dep_ == "pobj" and t.head.lower_ == "as" and t.head.head.lemma_.lower() in _LABELLING_VERBS \
                and any(c.dep_ == "nsubj" for c in t.head.head.children):
            return True
        # "punches designed to make him look like a hypocritical politician": an image sought, not seen
        if t.dep_ in ("ccomp", "xcomp") and t.lemma_ in _SEEMING_VERBS and t.head.lemma_ == "make" \
                and any(c.dep_ == "aux" and c.lower_ == "to" for c in t.head.children):
            return True
        # "Clinton fired back that ... so clearly believed in her judgment": a retort
        if t.dep_ == "ccomp" and any(c.lower_ == "back" and c.dep_ in ("prt", "advmod") for c in t.head.children):
            return True
        # "accused Obama of bungling the rehabilitation": what the accuser charges
        if t.dep_ in ("pcomp", "pobj") and t.head.lower_ == "of" and t.head.head.lemma_.lower() in _CHARGE_VERBS:
            return True
        # "Mr. Trump's fire-breathing vows to trash bad trade deals": what the vow says
        if t.dep_ == "acl" and t.head.lemma_.lower() in UTTERANCE_NOUNS \
                and any(c.dep_ == "aux" and c.lower_ == "to" for c in t.children):
            return True
        # "Her fundamental argument ... is that Americans should value ... over radical change"
        if t.dep_ == "ccomp" and t.head.lemma_ == "be" and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.lemma_.lower() in (_CONTENT_NOUNS | UTTERANCE_NOUNS)
                for c in t.head.children):
            return True
        # "supporters expressed outrage that so many superdelegates appeared unwilling", "Tripp was
        # unsure why the battle seemed to start and stop": a clause under someone's noun or adjective
        # of thought, feeling or speech is that someone's view
        if t.dep_ in ("ccomp", "acl") and t.head.pos_ in ("NOUN", "ADJ") \
                and any(c.dep_ == "mark" or c.tag_ in ("WRB", "WP", "WDT") for c in t.children):
            if t.head.lemma_.lower() in _CONTENT_NOUNS:  # "his complaints that Mr. Khan had been unfair"
                return True
            holder = t.head.head
            while holder.pos_ not in ("VERB", "AUX") and holder.head.i != holder.i:
                holder = holder.head
            if any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in ("it", "there") for c in holder.children):
                return True
        if not asserted and any(c.dep_ == "neg" for c in t.head.children) and t.head.pos_ in ("VERB", "AUX"):
            return True
        if _passed_on(t, tok):
            return True
        t = t.head
    return any(c.dep_ == "neg" for c in tok.children) or _passed_on(t, tok)


def _passed_on(head: Token, tok: Token) -> bool:
    """Whether the clause of verb ``head`` is passed on from a source, so that a judging word
    ``tok`` in it is the source's account (how someone felt, as "people close to him" tell it), not
    the outlet's: "X said" set inside or after it ("At times, people close to the vice president
    said, the mere mention of her name could make him fume"), "according to X", or an adverb of
    hearsay ("Patrick reportedly bristled at his public pursuit of the seat")."""
    if head.pos_ not in ("VERB", "AUX"):
        return False
    for c in head.children:
        if c.left_edge.i <= tok.i <= c.right_edge.i:
            continue  # the word is in that phrase itself ("..., she said in a surprisingly downbeat speech")
        if c.dep_ == "parataxis" and c.lemma_.lower() in REPORTING_VERBS \
                and any(s.dep_ in ("nsubj", "nsubjpass") for s in c.children):
            return True
        if (c.dep_ == "prep" and c.lower_ == "according") or (c.dep_ == "advmod" and c.lower_ in HEARSAY_ADVERBS):
            return True
    return False


def _phrase(head: Token, lo: int, hi: int, cap: int = 10) -> tuple[int, int, bool]:
    """A readable token range around a cue, within its sentence: to the end of a noun
    phrase it stops inside ("blast her older sibling"), at most ``cap`` tokens, whole
    hyphenated words, no punctuation at either end."""
    sent = head.sent
    doc = head.doc
    lo, hi = max(lo, sent.start), min(hi, sent.end)
    while hi < sent.end and hi - lo < cap and doc[hi].pos_ in ("ADJ", "NOUN", "PROPN") \
            and doc[hi - 1].pos_ in ("ADJ", "NOUN", "PROPN", "PRON", "DET"):
        hi += 1
    cut = hi - lo > cap
    if cut:
        # keep the start when the cue is near it, else centre on the cue
        if head.i - lo >= cap - 3:
            lo = max(lo, head.i - cap // 2)
        hi = min(hi, lo + cap)
    # whole hyphenated words ("election-year", "off-the-cuff")
    while lo > sent.start and (doc[lo].text == "-" or doc[lo - 1].text == "-") and not doc[lo - 1].whitespace_:
        lo -= 1
    while hi < sent.end and (doc[hi].text == "-" or doc[hi - 1].text == "-") and not doc[hi - 1].whitespace_:
        hi += 1
    while lo < hi - 1 and (doc[lo].is_punct or doc[lo].is_space):
        lo += 1
    while hi - 1 > lo and (doc[hi - 1].is_punct or doc[hi - 1].is_space
                           or (cut and doc[hi - 1].pos_ in ("ADP", "DET", "CCONJ", "SCONJ", "PART"))):
        hi -= 1
    return lo, hi, cut


def _object_end(verb: Token) -> int:
    """End of a verb's object or complement, for the phrase of a verb or adverb cue."""
    end = verb.i + 1
    for c in verb.rights:
        if c.dep_ in ("dobj", "attr", "acomp", "xcomp", "ccomp", "prep", "agent", "oprd", "dative", "prt"):
            end = max(end, c.right_edge.i + 1)
            if c.dep_ != "prt":
                break
    return end


def _judging_hedge(verb: Token) -> bool:
    """Whether "seem"/"appear" puts a verdict on something ("seems shaky", "appears to be a
    desperate attempt", "seemed to be a quick study"), not a reading of what happened ("appeared
    to turn out in large numbers", "seemed to take hope from", "appears to have been taken by a
    hidden camera") nor a guess under a modal ("would appear to counter those gains"): what it
    says of its subject is an adjective or a noun, or an action told with a judging word."""
    if any(c.dep_ == "aux" and (c.tag_ == "MD" or c.lower_ == "to") for c in verb.children):
        # a guess under a modal, or an aim ("candidates make effort to appear more dignified")
        return False
    if verb.dep_ == "pcomp" and verb.head.head.lemma_.lower() in AIM_NOUNS:
        return False  # "Trump's attempt at appearing diplomatic was only a feint": an aim, the verdict is elsewhere
    for c in verb.children:
        if c.dep_ in ("acomp", "attr", "oprd"):
            return _verdict(c)
        if c.dep_ == "xcomp":
            if any(x.dep_ in ("auxpass", "nsubjpass") for x in c.children):
                return False
            if c.lemma_ == "be":
                # "appeared to have been a Syrian refugee": who someone was, read from what happened;
                # a verdict there needs a judging word ("appears to have been a desperate gambit")
                past = any(x.dep_ == "aux" and x.lemma_ == "have" for x in c.children)
                return any(x.dep_ in ("acomp", "attr") and _verdict(x)
                           and not (past and x.pos_ == "NOUN" and not any(judging(m) for m in x.lefts))
                           for x in c.children)
            if c.pos_ == "ADJ":  # "appeared worried", "seemed determined"
                return _verdict(c)
            return any(judging(t) and _in_clause(t, c) for t in c.subtree if t.i != c.i)
    return False


def _judging_look(verb: Token) -> bool:
    """Whether "look"/"sound" puts the reporter's verdict on its subject: an adjective complement that
    judges ("looks much weaker") or is graded against something ("sounded more presidential than any
    other"), not a plain description ("looked different", "looks good on paper"), a forecast
    ("looks likely") nor a guess under a modal."""
    if any(c.dep_ == "aux" and (c.tag_ == "MD" or c.lower_ == "to") for c in verb.children):
        return False
    if not any(c.dep_ == "nsubj" for c in verb.children):
        return False
    for c in verb.children:
        if c.dep_ == "acomp" and c.pos_ == "ADJ" and _verdict(c):
            graded = c.tag_ == "JJR" or any(a.dep_ == "advmod" and a.lower_ in ("more", "less") for a in c.children)
            return graded or judging(c)
    return False


def _verdict(word: Token) -> bool:
    """Whether a hedge's complement passes a verdict: an adjective or a common noun, no state of
    mind ("appeared worried"), no forecast ("seemed more likely to", "appeared poised to"), no
    comparison of weight ("appeared more consequential than it might have")."""
    low, lemma = word.lower_, word.lemma_.lower()
    if word.pos_ not in _VERDICT_POS and not (word.pos_ == "VERB" and word.tag_ == "VBN"):
        return False
    if {low, lemma} & (_STATES_OF_MIND | _PREDICTIONS):
        return False
    # "more consequential than it might have": a comparison with what might have been, as a clause
    # or a clause-like phrase; one with others of a kind ("weaker than recent nominees", "more
    # presidential than any other") grades the thing itself
    return not any((c.dep_ == "prep" and c.lower_ == "than" and not any(x.dep_ == "pobj" for x in c.children))
                   or (c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "than" for m in c.children))
                   for c in word.children)


def _in_clause(tok: Token, top: Token) -> bool:
    """Whether ``tok`` belongs to ``top``'s own clause, not to a clause or phrase below it."""
    t = tok
    while t.i != top.i:
        if t.dep_ in _OWN_CLAUSE or t.head.i == t.i:
            return False
        t = t.head
    return True


def _actor(verb: Token) -> bool:
    """Whether a verb that judges conduct has someone acting as its subject (a name, a person
    pronoun, a person or a body: "Trump", "she", "the campaign", a group saying a clause: "the
    gun lobby insists it ..."), or no subject of its own to read; "The results scrambled the race" tells what results did, nobody's conduct."""
    subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not subj:
        return True
    head = subj[0]
    # "ISIS soldiers mock ...": a named body in the subject's phrase makes it someone
    if head.pos_ in ("PROPN", "PRON") or any(t.ent_type_ in ("PERSON", "ORG", "NORP", "GPE") for t in head.subtree):
        return True
    lemma = head.lemma_.lower()
    if lemma in SPEAKING_NOUNS or is_person_noun(lemma):
        return True
    # a body of people saying something ("the gun lobby insists it had no influence"): a noun one of
    # whose two most frequent WordNet senses is a group, with the clause it says
    senses = noun_senses() if any(c.dep_ == "ccomp" for c in verb.children) else None
    return senses is not None and any(senses.synset(o).lexname == "noun.group" for o in senses.senses(lemma)[:2])


def _copula_of(noun: Token) -> Token | None:
    """The copula whose predicate ``noun`` is ("the rollout was a fiasco", "his tenure has been one
    of the few blemishes"), or the passive verb it is the object predicate of ("was widely considered
    a disaster"), else None."""
    t = noun
    if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.dep_ == "attr" \
            and t.head.head.lower_ in ("one", "another", "some", "part"):
        t = t.head.head
    if t.dep_ == "attr" and t.head.lemma_ in ("be", "become", "remain"):
        return t.head
    # the passive of a verb with an object predicate ("The speech was widely considered a public relations
    # disaster", "the plan is seen as a fiasco", "was branded a failure"): the verdict as received opinion,
    # held by no one the sentence names; with an agent ("by critics") it is theirs, reported
    if t.dep_ == "pobj" and t.head.lower_ == "as" and t.head.dep_ == "prep":
        t = t.head
    verb = t.head
    if t.dep_ in ("oprd", "prep", "dobj") and verb.pos_ == "VERB" and verb.tag_ == "VBN" \
            and any(c.dep_ == "auxpass" for c in verb.children) and not any(c.dep_ == "agent" for c in verb.children):
        return verb
    return None


def cues(sent: SpacySpan, reads: DocReads | None = None) -> list[Cue]:
    """The judgements in one sentence in the reporter's own voice, strongest first. ``reads``:
    the story's :class:`~newsprism.compare.doc_reads.DocReads`, else read for this call."""
    # the words that may give a cue first (cheap tests, read once per document); the quotation
    # marks only when there are some
    doc = sent.doc
    words = cue_words(doc, reads)
    may = [doc[i] for i in words.between(words.may, sent.start, sent.end)]
    if not may:
        return []
    quoted = _quoted(sent, reads)
    lex = lexicon()
    out: list[Cue] = []
    for tok in may:
        # the walk up the clause (_reported_or_negated) only for a word that gives a cue otherwise:
        # most candidates give none (the tests below are pure, so the order changes nothing)
        if tok.i in quoted:
            continue
        low, lemma = tok.lower_, tok.lemma_.lower()
        if tok.pos_ in ("VERB", "AUX") and (lemma in _HEDGES and _judging_hedge(tok) or lemma in _LOOKS and _judging_look(tok)):
            subj = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
            lo = subj[0].left_edge.i if subj else tok.i
            if _reported_or_negated(tok):
                continue
            out.append(Cue("hedge", tok.text, *_phrase(tok, lo, _object_end(tok), cap=14)))
        elif lemma == "remain" and tok.i + 3 < len(tok.doc) and not _reported_or_negated(tok) and tok.nbor(1).lower_ == "to" \
                and tok.nbor(2).lower_ == "be" and tok.nbor(3).lower_ == "seen":
            # "Whether the debate will alter the race remains to be seen": with the open question
            subj = [c for c in tok.children if c.dep_ in ("csubj", "nsubj", "expl")]
            lo = min([tok.i] + [c.left_edge.i for c in subj])
            out.append(Cue("hedge", "remains to be seen", *_phrase(tok, lo, tok.right_edge.i + 1, cap=16)))
        elif tok.dep_ == "advmod" and ((tok.pos_ == "ADV" and (low in _JUDGING or distancing(tok))) or _concedes(tok)):
            head = tok.head
            if low in _SOURCING_HEDGES and head.pos_ in ("VERB", "AUX") and (
                    any(c.dep_ == "auxpass" for c in head.children) or head.lemma_.lower() in _EVIDENCE_VERBS):
                # "Car bombs also were apparently used", "the video apparently shows Braley speaking":
                # how sure the report is of a fact, not a judgement
                continue
            if low in _SOURCING_HEDGES and head.pos_ == "ADP":
                continue  # "saying, apparently for the first time, that ...": how sure, not a verdict
            if low in _SOURCING_HEDGES and head.pos_ == "VERB" and head.lemma_ not in ("be", "have") and (
                    head.tag_ == "VBD" or any(c.dep_ == "aux" and c.lemma_ == "have" for c in head.children)):
                # "That site apparently went down a few minutes later": how sure the report is that
                # something happened; on a state ("was apparently unable", "apparently the country
                # also has body snatchers") it is the outlet's jibe
                continue
            if low in _DEGREE and head.pos_ == "ADJ" and not judging(head):
                continue
            if tok.tag_ in ("RBR", "RBS") or any(c.dep_ == "advmod" and c.lower_ in ("more", "less", "most", "least")
                                                 for c in tok.children):
                continue  # "speak more loudly", "more clearly codify the law": how, compared, not a verdict
            if head.pos_ == "ADJ" and head.dep_ == "amod":  # "a famously frosty relationship"
                head = head.head
            lo, hi = min(tok.left_edge.i, head.i), max(tok.i + 1, _object_end(head) if head.pos_ in ("VERB", "AUX") else head.i + 1)
            if head.pos_ == "ADP":  # "desperately in need of a win": with what the preposition governs
                hi = max(hi, head.right_edge.i + 1)
            # with the subject when it is near: "Car bombs also were apparently used"
            subj = [c for c in head.lefts if c.dep_ in ("nsubj", "nsubjpass") and c.left_edge.i >= lo - 5]
            if head.pos_ in ("VERB", "AUX") and subj:
                lo = min(subj[0].left_edge.i, tok.i)  # the adverb too when it opens the clause ("Technically, …")
            if _reported_or_negated(tok) and not distancing(tok):
                continue
            out.append(Cue("adverb", tok.text, *_phrase(tok, lo, hi, cap=8)))
        elif tok.pos_ == "VERB" and (lemma in _JUDGING_VERBS or lemma in _WORDING_VERBS or (
                # WordNet's loaded verbs of speech as acts, not as a participle of a state ("Chastened
                # by the analyses, ...": humbled)
                loaded_speech(lemma) and not (tok.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass") for c in tok.children))
        ) or (
                lemma in _SPEECH_JUDGING and tok.dep_ not in ("acl", "amod", "relcl")
                and any(c.dep_ == "nsubj" for c in tok.children)
                # "claimed a victory", "conceded defeat": taking or giving up something, not speech
                and not any(c.dep_ == "dobj" for c in tok.children))):
            # with its subject when it is near: "Her office claims", "Boehner admitted"
            subj = [c for c in tok.lefts if c.dep_ in ("nsubj", "nsubjpass") and c.left_edge.i >= tok.i - 6]
            aux = [c.i for c in tok.lefts if c.dep_ in ("aux", "auxpass", "neg")]
            lo = subj[0].left_edge.i if subj else min([tok.i] + aux)
            if lemma in _WORDING_VERBS and lemma != "lash" and any(c.dep_ == "prt" and c.lower_ == "out" for c in tok.children):
                continue  # "to be hammered out", "blasted out an email": to negotiate, to send, no criticism
            if lemma in _EVASION_VERBS and not any(c.dep_ in ("dobj", "nsubjpass") or (c.dep_ == "prt" and c.lower_ == "out")
                                                   for c in tok.children):
                continue  # "ducked down for selfies": a movement, not an evasion
            if not _actor(tok):
                continue
            kind = "verb" if lemma in _JUDGING_VERBS else "wording"
            if _reported_or_negated(tok):
                continue
            out.append(Cue(kind, tok.text, *_phrase(tok, lo, _object_end(tok), cap=10)))
        elif tok.pos_ in ("ADJ", "VERB") and tok.dep_ == "amod" and tok.head.pos_ == "NOUN" and tok.head.i > tok.i and (
                _hyphenated(tok) in JUDGING_ADJ or (tok.pos_ == "ADJ" and not {low, lemma} & (_FACTUAL | _STATES_OF_MIND)
                                                    and abs(lex.get(low, lex.get(lemma, 0.0))) >= _MIN_MODIFIER_VALENCE)):
            lo = min([tok.i] + [c.i for c in tok.lefts if c.dep_ == "advmod"])
            if (_reported_or_negated(tok) and not distancing(tok)) or _names_a_term(tok):
                continue
            out.append(Cue("modifier", tok.text, *_phrase(tok, lo, tok.head.i + 1, cap=8)))
        elif tok.pos_ == "ADJ" and tok.dep_ == "acomp" and tok.head.lemma_ in ("be", "become", "remain", "look", "sound") \
                and (_hyphenated(tok) in JUDGING_ADJ or (not {low, lemma} & (_FACTUAL | _STATES_OF_MIND)
                                                         and abs(lex.get(low, lex.get(lemma, 0.0))) >= _MIN_MODIFIER_VALENCE)):
            verb = tok.head
            subj = [c for c in verb.lefts if c.dep_ in ("nsubj", "nsubjpass")]
            # "it would be wrong", "how effective it can be": a condition or a question, not a verdict
            if not subj or any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children):
                continue
            # "The backlash ... has been ferocious": the subject's noun, then the verdict
            lo = min([verb.i] + [c.i for c in verb.lefts if c.dep_ in ("aux", "auxpass", "neg", "advmod")])
            s_lo, s_hi = _phrase(subj[0], subj[0].left_edge.i, subj[0].i + 1, cap=5)[:2]
            v_lo, v_hi, cut = _phrase(tok, lo, tok.right_edge.i + 1, cap=8)
            gap = " … " if v_lo > s_hi else " "
            text = tok.doc[s_lo:s_hi].text + gap + tok.doc[max(v_lo, s_hi):v_hi].text
            if _reported_or_negated(tok):
                continue
            out.append(Cue("modifier", tok.text, s_lo, v_hi, cut, text))
        elif tok.pos_ == "NOUN" and lemma in VERDICT_NOUNS and (cop := _copula_of(tok)) is not None:
            # "Mr. Steele's tenure has been one of the few blemishes": the subject, then the verdict
            subj = [c for c in cop.lefts if c.dep_ in ("nsubj", "nsubjpass")]
            if not subj and cop.dep_ == "conj":
                # "Trump regularly incites political violence and is a serial liar": the subject
                # of the verb the copula is coordinated with
                subj = [c for c in cop.head.lefts if c.dep_ in ("nsubj", "nsubjpass")]
            if not subj or any(c.dep_ == "aux" and c.tag_ == "MD" for c in cop.children):
                continue
            lo = min([cop.i] + [c.i for c in cop.lefts if c.dep_ in ("aux", "auxpass", "neg", "advmod")])
            s_lo, s_hi = _phrase(subj[0], subj[0].left_edge.i, subj[0].i + 1, cap=5)[:2]
            v_lo, v_hi, cut = _phrase(tok, lo, tok.i + 1, cap=10)
            gap = " … " if v_lo > s_hi else " "
            text = tok.doc[s_lo:s_hi].text + gap + tok.doc[max(v_lo, s_hi):v_hi].text
            if _reported_or_negated(tok):
                continue
            out.append(Cue("modifier", tok.text, s_lo, v_hi, cut, text))
    out.sort(key=lambda c: CUE_RANK[c.kind])
    return out


def _act_root(sent: SpacySpan) -> Token:
    root = sent.root
    if root.lemma_ in REPORTING_VERBS:
        inner = [c for c in root.children if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX")]
        if inner:
            root = inner[0]
    return root


def in_act(tok: Token, sent: SpacySpan) -> bool:
    """Whether ``tok`` is part of how the sentence tells its main act: the main verb, its
    adverbs, its object's or subject's modifiers, an infinitive of purpose ("took to Facebook
    to blast her sister") — not a relative clause, an apposition or a clause of its own
    ("Perry won an endorsement from Arpaio, who unabashedly calls himself ...")."""
    root = _act_root(sent)
    if tok.dep_ == "amod" and any(c.dep_ == "appos" for c in tok.head.children):
        return False  # "controversial public officials ...: Sheriff Joe Arpaio" labels someone
    t = tok
    while t.i != root.i:
        # a prepositional object describes a participant ("an endorsement from one of the
        # nation's most outspoken ... officials"), not the act
        if t.dep_ in ("relcl", "acl", "appos", "parataxis", "ccomp", "csubj", "conj", "prep", "pobj") or t.head.i == t.i:
            return False
        if t.dep_ == "advcl" and not any(c.dep_ == "aux" and c.lower_ == "to" for c in t.children):
            return False
        t = t.head
    return True


def act(sent: SpacySpan) -> Cue | None:
    """The words a sentence tells its main act in ("criticized her sister's stance", "took to
    Facebook to rebuke her sister's remarks"): the main verb (the reported one under "said") with
    its object, for showing how another outlet words an act one outlet words in charged terms."""
    root = _act_root(sent)
    if root.pos_ not in ("VERB", "AUX"):
        return None
    lo = min([root.i] + [c.i for c in root.lefts if c.dep_ in ("aux", "auxpass", "neg", "advmod")])
    return Cue("act", root.text, *_phrase(root, lo, _object_end(root), cap=10))


def verb_phrase(verb: Token) -> Cue:
    """A verb with its auxiliaries, adverbs and object ("to rebuke her sister's remarks"): how
    one outlet words an act another outlet words in charged terms."""
    lo = min([verb.i] + [c.i for c in verb.lefts if c.dep_ in ("aux", "auxpass", "neg", "advmod")])
    return Cue("act", verb.text, *_phrase(verb, lo, _object_end(verb), cap=10))


def reported_or_negated(tok: Token) -> bool:
    """Whether ``tok`` sits in a clause reported from someone else, under a negation or a
    condition: then a charged word in it is not plainly the outlet's own verdict."""
    return _reported_or_negated(tok)
