"""Whose a figure is, for figure_conflicts: the verbs whose clause states it, its holder
(possessor or subject: "Sanders' 1,192", "Clinton is backed by 520"), age brackets
("people under 45") that are no count, and the set a count is of (an indefinite count
brings in the set its clause tells of: "4 states" the campaign buys ads for, "11 states"
that hold contests), the model name a count names its things by ("12 AK 47 guns") and whether
it measures rather than counts ("a 5.56 mm rifle")."""

from __future__ import annotations

from functools import lru_cache

from spacy.tokens import Token

from newsprism.extract.figures import PEOPLE_NOUNS, is_designation
from newsprism.lexicon import OUTCOME_WORDS

__all__ = ["_lemma", "_governing", "_clause_verbs", "_age_bracket", "_holder", "holder_token", "_holders_differ", "_set_told",
           "_outcome", "OUTCOME_PLAIN", "_tally", "_plan_would", "designation",
           "is_measure_noun", "bought", "bought_apart"]

_OUTCOME_OF = {w: k for k, ws in OUTCOME_WORDS.items() for w in ws}
# counted nouns that say no more than the outcome does ("30 people killed" / "45 dead" / "47 deaths")
OUTCOME_PLAIN = frozenset({"people", "person"}) | frozenset(_OUTCOME_OF)


def _lemma(tok) -> str:
    return tok.lemma_.lower().replace("-", "")


def _governing(tok):
    """The tokens from ``tok`` up to its sentence's root (a root is its own head; spaCy makes
    a new Token object on each access, so the test compares indices, not identity)."""
    for _ in range(30):
        yield tok
        if tok.head.i == tok.i:
            return
        tok = tok.head


def _clause_verbs(tok) -> list:
    """The verbs whose clause states the figure: the first verb above it, and
    the verbs that verb is the open complement of ("did not want to cut $716
    billion": cut, want)."""
    out: list = []
    for t in _governing(tok):
        if t.pos_ in ("VERB", "AUX") and t is not tok:
            out.append(t)
            if t.dep_ != "xcomp":
                break
        elif out:
            break
    return out


# nouns of people a bracket of ages follows ("people under 45", "voters over 65")
_AGE_GROUPS = frozenset({"people", "voters", "those", "adults", "men", "women", "americans", "residents", "workers"})
_PERSON_PRONOUNS = frozenset({"he", "she", "him", "her", "his", "hers", "himself", "herself"})


def _age_bracket(span) -> bool:
    """"under 45" / "over 65" right after a noun of people: an age bracket, no count."""
    doc = span.doc
    first = span[0]
    if first.lower_ not in ("under", "over") and not (first.i > 0 and doc[first.i - 1].lower_ in ("under", "over")):
        return False
    k = first.i - (1 if first.lower_ in ("under", "over") else 2)
    return k >= 0 and doc[k].lower_ in _AGE_GROUPS


def _holder_key(tok) -> str | None:
    """Who a subject or possessor names: "n:<name's last word>", "p:person" for he/she,
    "c:<noun>" for a common noun (its possessor first: "Clinton's campaign" is Clinton's)."""
    for _ in range(3):
        if tok.pos_ == "PROPN":
            return f"n:{tok.lower_}"
        if tok.lower_ in _PERSON_PRONOUNS:
            return "p:person"
        if tok.pos_ != "NOUN":
            return None
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        if poss is None:
            return f"c:{_lemma(tok)}"
        tok = poss
    return None


def holder_token(span) -> tuple[Token, str] | None:
    """The token naming whose figure it is and how it is known ("poss", or "subj:<verb lemma>"):
    a name and its possessive mark right before the figure, the possessor of the figure or of its
    noun, the subject of a relative clause on it ("Sanders' 1,192", "the $5.6 billion that Trump
    wants"), else the subject of the verb whose clause states it ("the group raised $4 million")
    unless the figure is that subject. None when there is none."""
    root = span.root
    doc = span.doc
    # a name and its possessive mark right before the figure, however the parser hung them
    k = span.start - 1
    if k >= 1 and (doc[k].tag_ == "POS" or doc[k].text in ("'", "\u2019")) and doc[k - 1].pos_ == "PROPN":
        return doc[k - 1], "poss"
    noun = root.head if root.dep_ in ("nummod", "compound", "quantmod") else root
    for t in (root, noun):
        poss = next((c for c in t.children if c.dep_ == "poss"), None)
        if poss is not None:
            return poss, "poss"
        rel = next((c for c in t.children if c.dep_ == "relcl"), None)
        subj = next((c for c in rel.children if c.dep_ in ("nsubj", "nsubjpass")), None) if rel is not None else None
        if subj is not None and subj.pos_ != "PRON":
            return subj, "poss"
    verbs = _clause_verbs(root)
    if not verbs:
        return None
    subj = next((c for c in verbs[-1].children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or any(t.i == subj.i for t in _governing(root)):
        return None
    return subj, f"subj:{verbs[-1].lemma_.lower()}"


def _holder(span) -> str | None:
    """Whose figure it is, as "<who>|<how known>" (:func:`holder_token`): "n:sanders|poss",
    "c:group|subj:raise", "p:person|subj:raise" for he/she."""
    found = holder_token(span)
    if found is None:
        return None
    key = _holder_key(found[0])
    return f"{key}|{found[1]}" if key else None


def bought(span) -> frozenset[str]:
    """What a sum is spent on, as its clause tells it: the object of "on" after the sum or after
    the verb it is the object of ("spent $5,150 on fur capes and parkas": cape, parka; "$5,687.75 on
    Martha's Vineyard Holistic Retreat": retreat); a day ("on Tuesday") is no purchase."""
    root = span.root
    heads = [root] + ([root.head] if root.dep_ in ("dobj", "conj") and root.head.pos_ == "VERB" else [])
    for head in heads:  # the sum's own "on" first: "included $4,272.78 on a cruise and $5,687.75 on ..."
        out = {_lemma(t) for prep in head.children if prep.dep_ == "prep" and prep.lower_ == "on"
               for obj in prep.children
               if obj.dep_ == "pobj" and obj.pos_ in ("NOUN", "PROPN") and obj.ent_type_ not in ("DATE", "TIME")
               for t in (obj, *obj.conjuncts) if t.pos_ in ("NOUN", "PROPN")}
        if out:
            return frozenset(out)
    return frozenset()


def bought_apart(a_things: frozenset[str], a_words, b_things: frozenset[str], b_words) -> bool:
    """Two sums each told as spent on, or as the price of, things the other's words never name
    ("$5,150 on fur capes", "a $5,587.75 vacation"): two purchases, not one sum told two ways.
    ``*_things``: what a sum was spent on, else its counted nouns ("$5,150 of campaign money on fur
    capes": the capes); ``*_words``: the words around it."""
    return bool(a_things and b_things and not a_things & (b_things | set(b_words))
                and not b_things & (a_things | set(a_words)))


def _holders_differ(a: str | None, b: str | None) -> bool:
    """Two figures told of different holders: two other names, or a person ("he") and
    a thing that is not one ("the group"). Two subjects are compared only as subjects of
    one verb ("Trump demanded $5.7 billion" / "Democrats rejected the $5.6 billion that
    Trump wants" are one demand)."""
    if a is None or b is None:
        return False
    (ka, _, how_a), (kb, _, how_b) = a.partition("|"), b.partition("|")
    if ka == kb or (how_a.startswith("subj") and how_b.startswith("subj") and how_a != how_b):
        return False
    kinds = {ka[0], kb[0]}
    if kinds == {"n"}:
        return True
    if kinds == {"p", "c"}:
        noun = (ka if ka[0] == "c" else kb)[2:]
        return noun not in PEOPLE_NOUNS
    return False


_DEFINITE = frozenset({"the", "these", "those", "this", "that", "its", "their", "his", "her"})


def _set_told(span) -> tuple[bool, str | None, str]:
    """(definite, predicate, role) of a count: whether its noun phrase names a set already
    known ("the 63 members", "those 100 pages": a determiner or possessor before the number),
    the verb whose clause the count is an argument of ("buys ad time for 4 states": buy), and
    its role there: "subj" (its subject, or what a subject is "a group of"), "mod" (a count
    inside a modifier: "a 10-round limit"), else "arg". An indefinite count brings in the set
    its clause tells of: "4 states" the campaign buys ad time for and "11 states" that hold
    contests are two sets."""
    root = span.root
    noun = root.head if root.dep_ in ("nummod", "compound", "quantmod") and root.head.pos_ in ("NOUN", "PROPN") else root
    definite = any((c.dep_ == "det" and c.lower_ in _DEFINITE) or c.dep_ == "poss"
                   for c in noun.children if c.i < root.i)
    verbs = _clause_verbs(noun)
    arg = noun.head.head if noun.dep_ == "pobj" and noun.head.lower_ == "of" else noun
    role = ("mod" if noun.dep_ in ("compound", "amod", "nmod") else
            "subj" if arg.dep_ in ("nsubj", "nsubjpass") else "arg")
    return definite, (verbs[0].lemma_.lower() if verbs else None), role


def _outcome(span) -> str | None:
    """What happened to the people a count counts (a key of lexicon.OUTCOME_WORDS), read from
    the counted noun ("47 arrests"), the words on it ("30 people killed", "45 people wounded in
    the blast"), the word its verb makes of it ("left 45 dead"), the verb whose clause it is an
    argument of ("30 people were killed", "45 wounded"), or that verb's subject ("the death toll
    rose to 63"); the first found. None when nothing tells it."""
    root = span.root
    noun = root.head if root.dep_ in ("nummod", "compound", "quantmod") and root.head.pos_ in ("NOUN", "PROPN") else root
    found = _OUTCOME_OF.get(_lemma(noun)) or _OUTCOME_OF.get(noun.lower_)
    if found:
        return found
    for c in noun.children:
        if c.dep_ in ("acl", "relcl", "amod") and c.i > noun.i - 2:
            found = _OUTCOME_OF.get(_lemma(c)) or _OUTCOME_OF.get(c.lower_)
            if found:
                return found
    if noun.dep_ in ("dobj", "nsubj"):
        for c in noun.head.children:
            if c.dep_ in ("oprd", "acomp") and c.i > noun.i:
                found = _OUTCOME_OF.get(_lemma(c)) or _OUTCOME_OF.get(c.lower_)
                if found:
                    return found  # "left 45 dead"
    verbs = _clause_verbs(noun)
    if not verbs:
        return None
    found = _OUTCOME_OF.get(_lemma(verbs[0]))
    if found:
        return found
    subject = next((c for c in verbs[0].children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None and subject.i != noun.i:
        for t in (subject, *(c for c in subject.children if c.dep_ == "compound")):
            found = _OUTCOME_OF.get(_lemma(t))
            if found and _lemma(subject) in ("toll", "count", "number", "total", *OUTCOME_WORDS.get(found, ())):
                return found  # "the death toll rose to 63"
    return None


# words that make a count a running total ("130 arrests since Saturday", "so far", "in all"):
# a total and one day's count are two figures, whatever else their sentences share
_TALLY_WORDS = frozenset({"since", "overall", "altogether", "cumulative", "total"})
_TALLY_PAIRS = frozenset({("so", "far"), ("to", "date"), ("in", "all"), ("all", "told"), ("thus", "far")})


def _tally(span) -> bool:
    """The count is a running total: its clause (the verb it is an argument of, with what hangs
    on that verb) says "since ...", "so far", "to date", "in all", "in total", "overall"."""
    root = span.root
    noun = root.head if root.dep_ in ("nummod", "compound", "quantmod") and root.head.pos_ in ("NOUN", "PROPN") else root
    verbs = _clause_verbs(noun)
    top = verbs[-1] if verbs else noun
    # the subtree's words in the figure's sentence (the sentences part the document: a token is in
    # it when it lies inside it; ``Token.sent`` per token walked its sentence anew)
    sent = span.sent
    words = [t.lower_ for t in top.subtree if sent.start <= t.i < sent.end]
    return bool(_TALLY_WORDS.intersection(words)) or any(p in _TALLY_PAIRS for p in zip(words, words[1:]))


# a plan's effect told in the conditional ("the plan would cost $1.5 trillion") is its estimate,
# the same figure another report tells in the present ("the plan costs $1.4 trillion")
_PLAN_VERBS = frozenset({"cost", "add", "cut", "raise", "provide", "give", "spend", "save", "reduce", "increase",
                         "total", "boost", "lower", "allocate", "include", "eliminate", "set"})
_PLAN_NOUNS = frozenset({"plan", "bill", "proposal", "measure", "law", "legislation", "package", "budget", "deal",
                         "agreement", "program", "programme", "amendment", "policy", "version", "overhaul", "reform",
                         "cut", "cuts", "tax", "rule", "regulation", "initiative", "act", "provision"})


def _plan_would(tok) -> tuple[str | None, bool]:
    """(the plan, whether told with "would"): the plan noun ("plan", "bill") that is the subject
    of the verb of what a plan does (cost, add, cut, provide, ...) whose clause states the
    figure, and whether "would" is that clause's only modal ("The Senate tax plan would cost $1.5
    trillion": the plan's estimated effect, not a possibility). "could", "might", "may" still
    hedge; so does "would" of anything else ("the deficit would reach $1 trillion")."""
    verbs = _clause_verbs(tok)
    if not verbs:
        return None, False
    modals = [c.lower_ for t in verbs for c in t.children if c.dep_ == "aux" and c.lower_ in
              ("may", "might", "could", "would", "should")]
    verb = next((t for t in verbs if any(c.lower_ == "would" for c in t.children)), verbs[0])
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if _lemma(verb) not in _PLAN_VERBS or subject is None or _lemma(subject) not in _PLAN_NOUNS:
        return None, False
    return _lemma(subject), modals == ["would"]


def designation(tokens) -> tuple[str | None, frozenset[int]]:
    """The model name among the words between a number and what it counts, as one key
    ("12 AK 47 guns", "seven AK-47 assault rifles": "#ak47"), and the indices of its tokens;
    the tokenizer splits it one way or another ("AK-47", "AK 47", "AK - 47")."""
    toks = [t for t in tokens if t.text not in ("-", "–")]
    for k, t in enumerate(toks):
        if is_designation(t.text):
            return "#" + t.text.replace("-", "").lower(), frozenset({t.i})
        if k + 1 < len(toks) and t.is_alpha and toks[k + 1].text.isdigit() and is_designation(t.text + toks[k + 1].text):
            return "#" + (t.text + toks[k + 1].text).lower(), frozenset({t.i, toks[k + 1].i})
    return None, frozenset()


@lru_cache(maxsize=4096)
def is_measure_noun(lemma: str) -> bool:
    """The noun is a unit of measure (WordNet's first sense a quantity: "mm", "mile", "kilogram"):
    a number of it measures, it counts no things. Without the optional WordNet files, False."""
    from newsprism.extract.word_senses import noun_senses

    senses = noun_senses()
    if senses is None:
        return False
    first = senses.senses(lemma)[:1]
    return bool(first) and senses.synset(first[0]).lexname == "noun.quantity"
