"""What a summary sentence says, predicate by predicate: a report states the sentence only when it
states each of them.

The seed's Times sentence "The Assad government and Iran ... appeared not to have been fully
consulted on the deal, according to international officials ..., and were insisting on new
conditions" says two things; AP and the Post state the new conditions, not the consultation. A share
of the whole sentence's words (:func:`newsprism.compare.fact_text.told_by_each`) cites them to it;
a share of each predicate does not. So with a clause a sentence adds to its main verb (AP's "The initial
evacuation deal was mediated late Tuesday by Turkey and Russia as the rebel enclave rapidly dissolved,
ceding more and more territory ..." is not the Times' lede, which tells the deal only).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from spacy.tokens import Doc, Token

from newsprism.compare.fact_text import same_stem, stem_test
from newsprism.extract.claims import Claim, content_terms
from newsprism.extract.word_senses import noun_senses, verb_senses
from newsprism.lexicon import PHRASAL_REPORTING_VERBS, PLAIN_SAYING_VERBS, REPORTING_VERBS
from newsprism.model import Span

_TENSED = frozenset({"VBD", "VBZ", "VBP", "MD"})


def _predicates(span) -> list[Token]:
    """The sentence's root and each verb joined to a verb by "and" / "but" ("appeared not to have
    been consulted ... and were insisting ...", "denied an agreement had been reached and said ...":
    the parser hangs the second on either verb of the first)."""
    roots = [t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)]
    # a verb with a tense or an auxiliary of its own: participles joined inside a noun phrase ("a
    # letter released Tuesday and signed by nearly 90 faculty members") are no predicates
    joined = [t for t in span if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX") and t.head.pos_ in ("VERB", "AUX")
              and (t.tag_ in _TENSED or any(c.dep_ in ("aux", "auxpass") for c in t.children))]
    # a fronted "in / by + -ing" clause says why or how ("In rejecting the Iranian demand, rebels
    # shelled the villages"): a thing of its own; a bare participle ("Taking the lead in the fight
    # against piracy, the Indian Navy ...") only sets the scene
    main = roots[:1]
    fronted = [c for r in main for p in r.children if p.dep_ == "prep" and p.i < r.i and p.lower_ in ("in", "by")
               for c in p.children if c.dep_ == "pcomp" and c.tag_ == "VBG"]
    return sorted({t.i: t for t in main + joined + fronted + _clauses(span, main)}.values(), key=lambda t: t.i)


# words that open a clause of its own, which the parser sometimes reads as a preposition ("as the
# rebel enclave rapidly dissolved": as/prep, enclave/pobj, dissolved/acl)
_SUBORDINATORS = frozenset({"as", "while", "after", "before", "since", "until", "because", "although", "though",
                            "whereas", "when"})


def _clauses(span, main: list[Token]) -> list[Token]:
    """The clauses a sentence adds to what its main verb says, each a thing a report must state
    (the seed's AP "The initial evacuation deal was mediated late Tuesday by Turkey and Russia as the
    rebel enclave rapidly dissolved, ceding more and more territory ..." says the deal and the
    enclave's fall; the Times' lede says the deal only): an adverbial clause with a subject of its own
    ("as the enclave dissolved", "after the talks broke down"), an "-ing" participle after its verb
    ("..., ceding more territory"; one before the subject only sets the scene, see
    :func:`_predicates`; a past participle after a noun is mostly that noun's: "a Kiss Day planned for
    Friday"), and a subordinating word the parser read as a preposition, its noun followed by a verb.
    Only after the main verb or opening the sentence: a clause between the subject and its verb
    comments ("Chick-fil-A Appreciation Day – as it is being called was ..."); and not inside
    quotation marks: a quotation is one thing said, judged whole."""
    if not main:
        return []
    quoted = [(span.start_char + a, span.start_char + b) for a, b in
              (m.span() for m in _QUOTED.finditer(span.text))]
    out: list[Token] = []
    for t in span:
        if t.dep_ == "advcl" and t.pos_ in ("VERB", "AUX"):
            own_subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in t.children)
            trailing = t.tag_ == "VBG" and t.i > t.head.i and not any(c.dep_ == "mark" for c in t.children)
            if not (own_subject or trailing):
                continue
        elif not (t.dep_ == "prep" and t.lower_ in _SUBORDINATORS and any(
                c.dep_ == "pobj" and any(a.dep_ in ("acl", "relcl") and a.pos_ == "VERB" and a.i > c.i for a in c.children)
                for c in t.children)):
            continue
        opening = min(x.i for x in t.subtree) == span.start
        if (t.i > main[0].i or opening) and not any(a <= t.idx < b for a, b in quoted):
            out.append(t)
    return out


_QUOTED = re.compile(r"“[^”]*”?|\"[^\"]*\"?")


def predicate_parts(doc: Doc, head: Span) -> list[tuple[str, ...]]:
    """The content terms of each predicate of the sentence ``head`` (a span of ``doc``): of its
    main verb, and of each verb joined to it by "and": each word goes with the nearest of them above
    it; the subject they share (the first verb's) and words above none (a span cut from a longer
    sentence) with none — the whole sentence's share is judged apart. A report that names the
    subject and says nothing of what the sentence tells of it does not state it (the Times' title
    "Chick-fil-A Draws Huge Crowds for Appreciation Day" for Fox's "Chick-fil-A Appreciation Day ...
    was the idea of ... Mike Huckabee")."""
    span = doc.char_span(head.start, head.end, alignment_mode="expand")
    if span is None:
        return []
    # the words around a quotation that tell who said it to whom ('..., McCarthy told KBFX Eyewitnesses
    # News.') need no report's stating (whom it names is judged apart): what was said does
    quoted = [(span.start_char + a, span.start_char + b) for a, b in (m.span() for m in _QUOTED.finditer(span.text))
              if b - a > 2]

    def in_quote(t: Token) -> bool:
        return any(a <= t.idx < b for a, b in quoted)
    verbs = _predicates(span)
    if not verbs:
        return []
    main = next(t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end))
    tag = main.lemma_.lower() in PLAIN_SAYING_VERBS and not in_quote(main) and bool(quoted)
    ids = {v.i for v in verbs}
    # a subject the joined verbs share: the subject of a verb another is joined to
    shared = [verbs[0]] + [v.head for v in verbs[1:]]
    subject = {t.i for v in shared for c in v.children if c.dep_ in ("nsubj", "nsubjpass", "csubj", "expl")
               for t in c.subtree}
    parts: dict[int, list[Token]] = {}
    for tok in span:
        if tok.i in subject:
            continue
        at = tok
        while at.i not in ids and at.head.i != at.i:
            at = at.head
        if at.i in ids and not (tag and at.i == main.i and not in_quote(tok)):
            parts.setdefault(at.i, []).append(tok)
    return [terms for terms in (content_terms(toks) for _, toks in sorted(parts.items())) if terms]


def parts_told(doc: Doc, head: Span, same: Sequence[Claim]) -> dict[str, float]:
    """For each other report of a fact, the smallest share, over the headline's predicates
    (:func:`predicate_parts`) when it joins several, of the predicate's content terms its claims of
    the fact state (doc id -> share; terms match as :func:`newsprism.compare.fact_text.told_by_each`
    matches them); 1.0 for a sentence of one predicate (its whole is judged)."""
    parts = predicate_parts(doc, head)
    return _shares(parts if len(parts) >= 2 else [], head, same)


def predicate_told(doc: Doc, head: Span, same: Sequence[Claim]) -> dict[str, float]:
    """For each other report of a fact, the smallest share of any of the headline's predicates'
    terms (subject aside) its claims state: 0 for a report that names the subject and says nothing
    of what the sentence tells of it (the Times' title "Chick-fil-A Draws Huge Crowds for
    Appreciation Day" for Fox's "... Appreciation Day ... was the idea of ... Mike Huckabee")."""
    return _shares(predicate_parts(doc, head), head, same)


def parts_and_predicate_told(doc: Doc, head: Span, same: Sequence[Claim]) -> tuple[dict[str, float], dict[str, float]]:
    """:func:`parts_told` and :func:`predicate_told` of one headline, its predicates read once."""
    parts = predicate_parts(doc, head)
    return _shares(parts if len(parts) >= 2 else [], head, same), _shares(parts, head, same)


def naming_terms(doc: Doc, head: Span, same: Sequence[Claim]) -> dict[str, set[str]]:
    """For each other report of a fact, the headline's content terms that name the person its main
    verb's subject is, when that report names them too (doc id -> terms): the name and the title in
    its noun phrase. How a report names someone is not what it states: Fox's "Director of National
    Intelligence James Clapper issued a statement late Thursday decrying the leak" and the Times' "in
    a statement, after denouncing the leak ..., Mr. Clapper" both name Clapper. A person is named by
    the other report when one of its claims writes the surname."""
    span = doc.char_span(head.start, head.end, alignment_mode="expand")
    if span is None:
        return {}
    # the subject only: whom a sentence is about is how it names its doer; a person it tells of
    # ("spoke with ... Cavusoglu and ... Lavrov") is what it says, a report must tell them
    root = span.root
    subject = {t.i for c in root.children if c.dep_ in ("nsubj", "nsubjpass") for t in c.subtree}
    names: list[tuple[str, tuple[str, ...]]] = []
    for ent in span.ents:
        if ent.label_ != "PERSON" or not ent[-1].is_alpha or not ent[-1].text[:1].isupper() or ent.root.i not in subject:
            continue
        names.append((ent[-1].text, content_terms(_titled(ent, span))))
    out: dict[str, set[str]] = {}
    for c in same:
        if c.doc == head.doc:
            continue
        for surname, terms in names:
            if re.search(rf"\b{re.escape(surname)}\b", c.text):
                out.setdefault(c.doc, set()).update(terms)
    return out


# the words a title of a name is written in ("Former Rep.", "Director of National Intelligence")
_TITLE_POS = frozenset({"PROPN", "ADP", "DET", "PUNCT", "ADJ"})


def _titled(ent, span) -> list[Token]:
    """A person's name with the title whose phrase it is in: the parser may make the title the
    head ("Director" of "... of National Intelligence James Clapper") or the name ("Rep." a
    compound of "Hutchinson"). Only a phrase of names and title words: not an apposition or a
    relative clause ("Asa Hutchinson, a former Republican congressman ... who led ...")."""
    top = ent.root
    while top.dep_ in ("compound", "pobj", "prep") and top.head.pos_ in ("PROPN", "ADP") and (
            span.start <= top.head.i < span.end):
        top = top.head
    phrase = [t for t in top.subtree if span.start <= t.i < span.end]
    if all(t.pos_ in _TITLE_POS for t in phrase):
        return phrase
    return [t for t in ent.root.subtree if t.dep_ == "compound" or ent.start <= t.i < ent.end]


def _shares(parts: list[tuple[str, ...]], head: Span, same: Sequence[Claim]) -> dict[str, float]:
    by_doc: dict[str, set[str]] = {}
    for c in same:
        if c.doc != head.doc:
            by_doc.setdefault(c.doc, set()).update(c.terms)
    if not parts:
        return {d: 1.0 for d in by_doc}
    tests = {d: stem_test(words) for d, words in by_doc.items()}
    return {d: min(sum(1 for t in terms if told(t)) / len(terms) for terms in parts) for d, told in tests.items()}


# verbs that say little of their own: the predicate is their complement ("is subject to oversight",
# "don't have memory of this photograph", "made it clear")
_LIGHT = frozenset({"be", "have", "do", "make", "get", "take", "give", "become", "remain", "keep", "go", "come"})
# verbs whose content is the verb they govern ("tried to make it clear", "appeared not to have been
# consulted", "is expected to call for")
_CHAIN = frozenset({"try", "want", "seek", "attempt", "begin", "start", "continue", "appear", "seem", "expect",
                    "plan", "hope", "need", "intend", "decide", "go", "wish", "aim", "prepare", "stop", "keep"})
_NEGATIONS = frozenset({"not", "n't", "n’t", "no", "never", "nothing", "none", "neither", "nor", "without", "nobody"})
_CONTENT = ("NOUN", "ADJ", "VERB")
# the endings a verb and its noun differ by ("resume" / "resumption", "impose" / "imposition")
_ENDING = re.compile(r"(?:ations?|itions?|ptions?|tions?|sions?|ments?|ances?|ences?|ings?|als?|ed|es|e|s)$")


def _root(word: str) -> str:
    return _ENDING.sub("", word) if len(word) > 5 else word


def _kin(a: str, b: str, senses: bool = True) -> bool:
    """Two words of one predicate: the same stem (:func:`same_stem`), a verb and its noun, or two
    words WordNet puts in one sense or one sense right above the other, among their commonest senses
    ("beaten" / "defeated", "raise the risk" / "increase the risk", "return" / "travel"); ``senses``
    False: stems only (a verb deep in the sentence: "what motivated the attackers" is no "prompted a
    review")."""
    if _doer(a, b):
        return False
    if same_stem(a, b):
        return True
    ra, rb = _root(a), _root(b)
    return len(ra) >= 4 and ra == rb or senses and _synonyms(a, b)


# the endings that make a noun of the one who does a thing ("attacker", "reporter", "supporter")
_AGENT = re.compile(r"(?:e?r|or|ist)s?$")


def _doer(a: str, b: str) -> bool:
    """Whether one word names the one who does what the other names: the attackers are not the
    attack (HuffPost's "what exactly motivated the attackers" tells nothing of Clinton's "handling of
    last September's attack"), the reporter is not the report."""
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    stem = short[:-1] if short.endswith("e") else short
    return len(stem) >= 3 and long_.startswith(stem) and _AGENT.fullmatch(long_[len(stem):]) is not None \
        and _AGENT.fullmatch(short[len(stem):] or "x") is None


@lru_cache(maxsize=65536)
def _synonyms(a: str, b: str) -> bool:
    return any(senses is not None and senses.related(a, b, top=_SENSES, levels=1)
               for senses in (verb_senses(), noun_senses()))


_SENSES = 3  # the commonest senses looked at: a verb's thirtieth sense makes anything its synonym


def _negated(tok: Token) -> bool:
    """Whether the clause ``tok`` stands in is negated: a negation among its verb's words outside any
    clause below it ("I don't have memory", "Not a single thing he said is accurate", "never took")."""
    verb = tok
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    def own(t: Token) -> bool:  # a word of ``verb``'s own clause, not of a clause below it
        while t.i != verb.i:
            if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass"):
                return False
            t = t.head
        return True
    if any(t.lower_ in _NEGATIONS for t in verb.subtree if t.i != verb.i and own(t.head) and t.dep_ != "conj"):
        return True
    # a negation under no verb (the parser made "Not a single thing he said is accurate." a noun
    # phrase with a clause hung on it) negates the whole sentence
    return any(t.lower_ in _NEGATIONS and not any(a.pos_ in ("VERB", "AUX") for a in t.ancestors) for t in tok.sent)


def predicate_words(doc: Doc, head: Span) -> list[tuple[str, bool, bool]]:
    """What the sentence ``head`` (a span of ``doc``) says happened, as words a report must use to state
    it: its main verbs (those joined by "and" too) and what each governs — past a verb of saying, the
    words said ("“I don’t have memory of this photograph,” Mr. Weiner said": "memory"); past a light
    verb ("be", "have", "make"), its complement ("is subject to oversight": "subject", "oversight");
    past a verb like "try" or "expect", the verb it governs; a verb's object and the verb of a
    clause it takes by a preposition ("accused Iran of foiling the deal by imposing new conditions")
    — each with whether its clause is negated. Names are no predicate: a report naming the same people
    may tell something else of them. Each word comes with whether it is of the main predicate (a
    synonym states it) or of a clause below it (its own stem only). Empty when the parse gives nothing
    to go on."""
    span = doc.char_span(head.start, head.end, alignment_mode="expand")
    if span is None:
        return []
    roots = [t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)]
    out: dict[int, tuple[Token, bool]] = {}
    seen: set[int] = set()

    def add(t: Token, top: bool) -> None:
        # (not spaCy's stop words: "call", "give", "show" are predicates)
        if t.pos_ in _CONTENT and t.is_alpha and t.lemma_.lower() not in _LIGHT:
            out[t.i] = (t, top)

    def visit(v: Token, top: bool = True) -> None:
        if v.i in seen or not (span.start <= v.i < span.end):
            return
        seen.add(v.i)
        lemma = v.lemma_.lower()
        for c in v.children:
            if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX"):
                visit(c, top)
        clauses = [c for c in v.children if c.dep_ in ("ccomp", "xcomp", "parataxis") and c.pos_ in ("VERB", "AUX")]
        particle = next((c.lower_ for c in v.children if c.dep_ in ("prt", "advmod") and c.i == v.i + 1), None)
        saying = lemma in PLAIN_SAYING_VERBS or (lemma, particle) in PHRASAL_REPORTING_VERBS
        if saying or lemma in _CHAIN and clauses:
            # a verb of saying tells nothing of its own: with no clause said (a quotation the parser
            # hung elsewhere), nothing to go on
            for c in clauses:
                visit(c, top)
            return
        if lemma in _LIGHT:
            for c in v.children:
                if c.dep_ in ("attr", "acomp", "dobj", "oprd", "ccomp") and c.pos_ in ("NOUN", "ADJ"):
                    add(c, top)
                    for p in c.children:  # "subject to oversight", "certain of"
                        if p.dep_ == "prep" and c.pos_ == "ADJ":
                            for o in p.children:
                                if o.dep_ == "pobj":
                                    add(o, top)
            for c in clauses:
                visit(c, top)
            if top and not out and lemma == "be":
                # names for a complement ("The companies that participate knowingly in the program are
                # Microsoft, Yahoo, ..."): what the sentence says is in its subject's clause
                for c in v.children:
                    if c.dep_ in ("nsubj", "nsubjpass"):
                        for r in c.children:
                            if r.dep_ in ("relcl", "acl") and r.pos_ == "VERB":
                                visit(r, False)
            return
        add(v, top)
        for c in v.children:
            # the main verb's object ("shared a photo" is "tweeted a photo"; "called for the creation
            # of a training program" is "proposed a training program"), not one deeper down: "found it
            # impossible to say what motivated the attackers" is not the attack
            objects = [c] if c.dep_ == "dobj" else [o for o in c.children if o.dep_ == "pobj"] \
                if c.dep_ == "prep" and c.i == v.i + 1 else []
            for o in (o for o in objects if o.pos_ == "NOUN" and top):
                add(o, False)  # an argument: its own stem, no synonym ("doctrine" is not "teaching")
                for p in o.children:
                    if p.dep_ == "prep" and p.lower_ == "of":
                        for n in p.children:
                            if n.dep_ == "pobj" and n.pos_ == "NOUN":
                                add(n, False)
            if c.dep_ == "prep":
                for p in c.children:
                    if p.dep_ == "pcomp" and p.pos_ == "VERB":
                        visit(p, False)
        # what a verb of saying reports is its main predicate too ("warned that failure would raise
        # the risk"); a clause of any other verb is below it
        for c in clauses:
            visit(c, top and lemma in REPORTING_VERBS)

    # the sentence's verb, not a dateline the parser made a root of its own ("WASHINGTON --")
    for r in sorted(roots, key=lambda t: t.pos_ not in ("VERB", "AUX"))[:1]:
        visit(r)
    return [(t.lemma_.lower(), _negated(t), top) for _, (t, top) in sorted(out.items())]


def states_predicate(doc: Doc, cited: Span, words: Sequence[tuple[str, bool, bool]]) -> bool:
    """Whether the cited span (of ``doc``, a report's parse) uses one of the sentence's
    :func:`predicate_words` with the same polarity: not remembering a photograph is not being
    certain one sent none. True with no words to go on (the sentence's words are judged apart)."""
    if not words:
        return True
    span = doc.char_span(cited.start, cited.end, alignment_mode="expand")
    if span is None:
        return True
    for t in span:
        lemma = t.lemma_.lower()
        # content words only: "over" is no "oversight"; a title line may tag its words as names
        if t.pos_ in _CONTENT + ("ADV", "PROPN") and t.is_alpha:
            negated: bool | None = None  # (walks the clause: once per token, when a word is kin)
            for w, neg, top in words:
                if _kin(lemma, w, top):
                    if negated is None:
                        negated = _negated(t)
                    if negated == neg:
                        return True
    return False
