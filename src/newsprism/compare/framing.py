"""Framing differences: what outlets *call* things, and what only some of them judge.

Two kinds, never conflicts (nothing here says an outlet is wrong):

- ``label`` — the words outlets choose for the same resolved entity
  (``compare/labels.py``: a noun before its name, in apposition, or said of it
  by a copula — "North Korean *dictator* Kim Jong Un", "Kim, North Korea's
  *leader*", "Arpaio is a *hardliner*"). An item lists, per outlet, its labels
  with citations, when two outlets each use a label (its noun, or a judging
  word in it) the other does not use in any wording of its own; one role worded
  twice ("attorney" / "lawyer", "aide" / "adviser") is not a difference.
- ``evaluative`` — a sentence in the reporter's own voice (no speaker, no
  quote) that judges or hedges (``compare/evaluative.py``: "seems shaky",
  "famously", "to blast her sister", "troublesome comments") and states no fact
  another outlet states too; shown with the phrase that judges, never a bare
  word. Listed per outlet: the others do not carry it. A judging modifier is shown beside
  another outlet's words for the same thing where one names it ("puerile insults toward
  Trump" / "Marco Rubio's insults", "so-called “closed” primaries" / "closed primaries").
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from spacy.tokens import Doc
from spacy.tokens import Span as SpacySpan

from newsprism.compare.align import quote_share
from newsprism.compare.backdrop import backdrop, year_of
from newsprism.compare.counterparts import Counterparts
from newsprism.compare.evaluative import (CUE_RANK, Cue, act, cues, distancing, in_act, judging, narrates_speech,
                                          reported_or_negated, tells_speaking, verb_phrase, whole_word)
from newsprism.compare.frame_terms import term_items
from newsprism.compare.intensifiers import fact_tellings, intensifier_items, told_facts
from newsprism.compare.judgment_acts import (JUDGMENT, clause_doers, in_judgment, judgment_groups, judgment_verbs,
                                             worded_apart)
from newsprism.compare.slot_words import near_nouns, slot_items
from newsprism.compare.speech_verbs import speech_verb_items
from newsprism.compare.supplements import in_supplement
from newsprism.compare.doc_reads import DocReads, lemmas_of
from newsprism.compare.label_tellings import judgement_tellings
from newsprism.compare.labels import (JUDGING_NOUNS, Descriptor, descriptors, frame_pair, inside_quotes, same_role,
                                      words_against_outlets)
from newsprism.extract.claims import Claim
from newsprism.lexicon import REPORTING_VERBS
from newsprism.model import Fact, Framing, Label, Span, StoryAnalysis, outlet_key

if TYPE_CHECKING:  # pragma: no cover
    from newsprism.extract.propositions import Proposition

__all__ = ["find_framing"]

# labels this close in meaning (static embedding cosine) are one label worded twice
# ("attorney" / "lawyer", 0.85), not a choice of frame ("dictator" / "leader", 0.42)
_SYNONYM = 0.75
# lone wordings of acts shown per outlet ("assailed a federal judge", "derided the reading"): two, so a
# second charged verb of the outlet's is not hidden behind its first (one hid "Nadler derided what he
# called the ritualistic reading" behind "Other lawmakers decried the exercise", BASIL 2011)
_WORDED_ALONE = 2


def _synonyms(labels: set[str]) -> set[frozenset[str]]:
    """Pairs of labels that mean the same (static embedding cosine ≥ ``_SYNONYM``)."""
    if len(labels) < 2:
        return set()
    from newsprism.compare.embed import default_embedder

    words = sorted(labels)
    vectors = default_embedder().encode(words)
    sims = vectors @ vectors.T
    return {frozenset((words[i], words[j])) for i in range(len(words)) for j in range(i + 1, len(words))
            if float(sims[i, j]) >= _SYNONYM}


def _outlets(doc_ids, outlet_of: Mapping[str, str | None]) -> str:
    return ", ".join(dict.fromkeys(outlet_of.get(d) or d for d in doc_ids))


def _judges(x: Descriptor) -> bool:
    return bool(x.judging) or x.key in JUDGING_NOUNS


def _label_items(analysis: StoryAnalysis, docs: Mapping[str, Doc], reads: DocReads | None = None) -> list[Framing]:
    """One item per entity whose labels differ between two outlets — each of the
    two uses a label (noun or judging word) the other uses in no wording of its
    own —, else one per outlet whose label of it judges ("a rising star", "the
    bombastic host") where the other outlets naming it use no such label."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    names = {e.id: e.name for e in analysis.entities}
    entities = {e.id: e for e in analysis.entities}
    found = descriptors(analysis, docs, judging, reads)
    keys_of = {eid: {d: {k for x in rows for k in (x.key, *x.judging)} for d, rows in per_doc.items()}
               for eid, per_doc in found.items()}
    synonyms = _synonyms({k for per_doc in keys_of.values() for keys in per_doc.values() for k in keys})
    ranked = []
    for eid, per_doc in found.items():
        keys = keys_of[eid]
        doc_ids = sorted(per_doc)

        def own(a: str, b: str) -> set[str]:
            """The labels ``a`` uses that ``b`` uses in no wording of its own."""
            return {h for h in keys[a]
                    if not any(h == g or frozenset((h, g)) in synonyms or same_role(h, g) for g in keys[b])}

        judging_keys = {w for rows in per_doc.values() for x in rows
                        for w in (*x.judging, *((x.key,) if x.key in JUDGING_NOUNS else ()))}

        def framed(mine: set[str], theirs: set[str]) -> bool:
            """Two labels differ in frame when one of them judges ("hardliner", "polarizing") or
            both are alternatives for one role ("aide" / "volunteer"); "challenger" / "nominee",
            "contender" / "operative" are facets of one person, not frames."""
            return bool((mine | theirs) & judging_keys) or any(frame_pair(h, g) for h in mine for g in theirs)

        if not any(own(a, b) and own(b, a) and framed(own(a, b), own(b, a))
                   for x, a in enumerate(doc_ids) for b in doc_ids[x + 1 :]):
            for d in doc_ids:
                others = set().union(*(keys[o] for o in doc_ids if o != d))
                mine = [x for x in per_doc[d] if _judges(x) and not ({x.key, *x.judging} & others)]
                if not mine:
                    continue
                cites = tuple(dict.fromkeys(x.citation for x in mine))
                words = ", ".join(dict.fromkeys(c.text for c in cites))
                quoted = ", ".join(f"“{c.text}”" for c in cites)  # each verbatim on its own
                about = f"only {outlet_of.get(d) or d} labels {names[eid]}: {quoted}"
                labels_d = (Label(d, outlet_of.get(d), words, cites),)
                # the same judgement in another outlet's own sentence ("Lynch holds more conservative positions")
                said = judgement_tellings(analysis, docs, entities[eid], {w for x in mine for w in x.judging}
                                          | {x.key for x in mine if x.key in JUDGING_NOUNS}, d, reads)
                if said:
                    about += "; the others say it in a sentence of their own: " + " vs ".join(
                        f"{_quoted(lab.label)} ({lab.outlet or lab.doc})" for lab in said)
                ranked.append((0, -1, Framing("", "label", about, labels_d + tuple(said),
                                             (d, *(lab.doc for lab in said)),
                                             cites + tuple(c for lab in said for c in lab.citations))))
            continue
        labels = []
        by_key: dict[str, list[str]] = {}
        for d in doc_ids:
            cites_d: dict[tuple[int, int], Span] = {}
            for x in per_doc[d]:
                cites_d.setdefault((x.citation.start, x.citation.end), x.citation)
                # with its judging or lean words: "conservative group" vs "neoconservative organization"
                by_key.setdefault(" ".join((*x.judging, x.key)), []).append(d)
            words = ", ".join(dict.fromkeys(c.text for c in cites_d.values()))
            labels.append(Label(d, outlet_of.get(d), words, tuple(cites_d.values())))
        shown = sorted(by_key.items(), key=lambda kv: (-len(set(kv[1])), kv[0]))
        # a key is a label's normalised form ("fundraiser" for "fund-raiser"), not the outlet's
        # words: shown unquoted, the verbatim words are in each outlet's label and citations
        about = f"how {names[eid]} is labelled: " + words_against_outlets(
            [(k, _outlets(ds, outlet_of)) for k, ds in shown[:4]])
        cites_all = tuple(s for lab in labels for s in lab.citations)
        judged = any(_judges(x) for rows in per_doc.values() for x in rows)
        ranked.append((not judged, -len(doc_ids),
                       Framing("", "label", about, tuple(labels), tuple(doc_ids), cites_all)))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [r[2] for r in ranked]


def _cues(memo: dict[tuple[str, int, int], list[Cue]], doc_id: str, span: SpacySpan,
          reads: DocReads | None = None) -> list[Cue]:
    """``cues(span)``, read once per sentence: a claim told in a fact, an act group and the
    outlet's own sentences is one reading."""
    key = (doc_id, span.start, span.end)
    found = memo.get(key)
    if found is None:
        found = memo[key] = cues(span, reads)
    return found


def _cue_span(doc: Doc, cue: Cue, doc_id: str) -> Span:
    words = doc[cue.start : cue.end]
    return Span(doc_id, words.start_char, words.end_char, words.text)


def _act_groups(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc],
                props: Mapping[str, Proposition] | None = None) -> list[tuple[str, list[str]]]:
    """(act class, claim ids) of one act two or more outlets tell that no fact joins: a verb of one
    class ("to blast her older sibling", "sharply criticized her sister's stance", "took to Facebook
    to rebuke her sister's remarks": criticize) that is part of its sentence's main act, with the
    same resolved actor, neither negated nor hedged. Each outlet's lede tells the act with other
    details, so the alignment often leaves the three sentences apart."""
    from newsprism.extract.propositions import act_class, propositions

    if props is None:
        props = propositions(claims, analysis, docs)
    outlet_of = {d.id: outlet_key(d.outlet) or d.id for d in analysis.documents}
    by: dict[tuple[str, str], dict[str, list[str]]] = {}
    judging: dict[str, tuple[str, frozenset[str]]] = {}  # "tweaked X for passing", "mocking them for spending"
    for c in claims:
        p = props.get(c.id)
        doc = docs.get(c.doc)
        if p is None or doc is None or p.negated or p.hedged or quote_share(c) > 0.5:
            continue
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is not None and any(in_judgment(t, span) for t in span if t.pos_ == "VERB"):
            # a judgement clause cut from its sentence ("while mocking them for ...") is its main act's doer's
            judging[c.id] = (outlet_of.get(c.doc, c.doc), frozenset(p.agents or clause_doers(c.doc, span, claims, props)))
        agents = sorted(a for a in p.agents if a.startswith("@"))
        if not agents or span is None:
            continue
        kinds = {k for t in span if t.pos_ == "VERB" and in_act(t, span)
                 for k in [act_class(t)] if k is not None and k != "say"}
        for k in sorted(kinds):
            for a in agents:
                by.setdefault((k, a), {}).setdefault(outlet_of.get(c.doc, c.doc), []).append(c.id)
    return [(k, [i for ids in per.values() for i in ids]) for (k, _a), per in by.items() if len(per) >= 2] \
        + [(JUDGMENT, group) for group in judgment_groups(judging)]


def _of_act(tok, kind: str | None) -> bool:
    """Whether a cue's word tells the act of class ``kind``: the verb itself, or an adverb on it
    ("sharply criticized"); any word of the act when the group is a fact (``kind`` None)."""
    if kind is None:
        return True
    if kind == JUDGMENT:
        return True  # the caller's in_judgment read the verb (or its adverb)
    from newsprism.extract.propositions import act_class

    return act_class(tok) == kind or (tok.dep_ == "advmod" and act_class(tok.head) == kind)


def _in_act(tok, span: SpacySpan, kind: str | None) -> bool:
    return in_judgment(tok, span) if kind == JUDGMENT else in_act(tok, span)


def _wording_items(analysis: StoryAnalysis, claims: Sequence[Claim], facts: Sequence[Fact],
                   docs: Mapping[str, Doc], labelled: Sequence[Span] = (),
                   props: Mapping[str, Proposition] | None = None,
                   memo: dict[tuple[str, int, int], list[Cue]] | None = None,
                   reads: DocReads | None = None) -> tuple[list[Framing], set[str]]:
    """One item per act two or more outlets tell (one fact, "same fact" support; or one act class
    with the same actor, ``_act_groups``) where one outlet tells it in charged words ("to blast her
    older sibling", "sharply criticized", "the onslaught of criticism") that another outlet telling
    it does not use: each outlet's wording of the act, cited. Also returns the claims these items show."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    by_id = {c.id: c for c in claims}
    memo = {} if memo is None else memo
    items: list[Framing] = []
    shown: set[str] = set()
    # one act of one class first: it shows each outlet's every telling of the act ("criticized her
    # sister's opposition" … "to rebuke her sister's remarks"), and a fact joining some of those
    # sentences adds no second item of them
    groups: list[tuple[str | None, list[str]]] = list(_act_groups(analysis, claims, docs, props))
    groups += [(None, [s.claim for s in f.support if s.strength == "same fact"]) for f in facts]
    for kind, group in groups:
        per_doc: dict[str, list[Claim]] = {}
        spans: dict[str, SpacySpan] = {}
        for cid in group:
            c = by_id.get(cid)
            if c is None or c.doc not in docs or cid in spans:
                continue
            span = docs[c.doc].char_span(c.start, c.end, alignment_mode="expand")
            if span is not None:
                spans[c.id] = span
                per_doc.setdefault(c.doc, []).append(c)
        if len(per_doc) < 2:
            continue
        lemmas = {d: {t.lemma_.lower() for c in cs for t in spans[c.id]} for d, cs in per_doc.items()}
        charged: dict[str, tuple[Cue, Claim]] = {}
        for d, cs in sorted(per_doc.items()):
            for c in cs:
                span = spans[c.id]
                if quote_share(c) > 0.5 or c.id in shown:
                    continue
                doc = docs[d]
                for cue in _cues(memo, d, span, reads):
                    if cue.kind == "hedge" or cue.start < span.start or cue.end > span.end:
                        continue
                    if cue.word.lower() in ("apparently", "seemingly", "reportedly", "allegedly"):
                        continue  # how sure the report is of the act ("the video apparently shows"), not its wording
                    word = doc[cue.start:cue.end]
                    if not any(_in_act(t, span, kind) and _of_act(t, kind) for t in word if t.text == cue.word):
                        continue
                    if any(x.doc == d and x.start < word.end_char and word.start_char < x.end for x in labelled):
                        continue
                    mine = {t.lemma_.lower() for t in word if t.text == cue.word or t.lower_ == cue.word.lower()}
                    # another outlet telling the act without this word
                    if any(not (mine & lemmas[o]) for o in per_doc if o != d):
                        charged.setdefault(d, (cue, c))
                        break
        if not charged and not (kind == JUDGMENT and worded_apart(
                {outlet_key(outlet_of.get(d)) or d: set().union(*(judgment_verbs(spans[c.id]) for c in cs))
                 for d, cs in per_doc.items()})):
            continue  # a judgement told with two verbs ("tweaked" / "mocking") is worded apart uncharged
        # the act the charged words tell, as content words ("criticism", "resignation"): another
        # outlet's wording is shown only where its act shares one, else the fact's match is loose
        told: dict[str, set[str]] = {}
        for d, (cue, c) in charged.items():
            own_act = act(spans[c.id])
            toks = [*docs[d][cue.start : cue.end]] + ([*docs[d][own_act.start : own_act.end]] if own_act else [])
            told[d] = {t.lemma_.lower() for t in toks if t.pos_ in ("NOUN", "PROPN", "VERB") and not t.is_stop}
        labels: list[Label] = []
        used: list[str] = []
        for d in sorted(per_doc):
            doc = docs[d]
            worded: list[tuple[Cue, Claim]] = []
            if d in charged:
                worded.append(charged[d])
            if kind is not None:
                # the verb of the same act class, with its object ("to rebuke her sister's remarks"):
                # each of the outlet's sentences telling the act, its first two ("criticized her
                # sister's opposition …" and "took to Facebook to rebuke her sister's remarks"), its
                # charged words among them, in reading order
                for c in per_doc[d]:
                    plain = next((verb_phrase(t) for t in spans[c.id]
                                  if t.pos_ == "VERB" and _in_act(t, spans[c.id], kind) and _of_act(t, kind)), None)
                    if plain is not None and len(worded) < 2 \
                            and all(plain.shown(doc) != w.shown(doc) and (plain.end <= w.start or w.end <= plain.start)
                                    for w, _ in worded):
                        worded.append((plain, c))
                worded.sort(key=lambda wc: wc[0].start)
            elif d not in charged:
                best = None
                for c in per_doc[d]:
                    plain_act = act(spans[c.id])
                    if plain_act is None:
                        continue
                    words = {t.lemma_.lower() for t in doc[plain_act.start : plain_act.end]
                             if t.pos_ in ("NOUN", "PROPN", "VERB") and not t.is_stop}
                    overlap = max(len(words & w) for w in told.values())
                    if overlap and (best is None or overlap > best[0]):
                        best = (overlap, plain_act, c)
                if best is not None:
                    worded.append(best[1:])
            if not worded:
                continue
            # each wording quoted on its own ("…" between two is outside the quote marks)
            phrase = " … ".join(cue.shown(doc) for cue, _ in worded)
            cites = tuple(_cue_span(doc, cue, d) if not cue.text else c.citation for cue, c in worded)
            labels.append(Label(d, outlet_of.get(d), phrase, cites))
            used.extend(c.id for _, c in worded)
        # two outlets' wordings (several articles of one outlet are one choice of words)
        if len({outlet_key(lab.outlet) or lab.doc for lab in labels}) < 2:
            continue
        if charged:  # an uncharged judgement's wording leaves its sentences' other cues their own items
            shown.update(used)
        about = "how the outlets word one act: " + " vs ".join(
            f"{_quoted(lab.label)} ({lab.outlet or lab.doc})" for lab in labels)
        items.append(Framing("", "label", about, tuple(labels), tuple(lab.doc for lab in labels),
                             tuple(cite for lab in labels for cite in lab.citations)))
    return items, shown


def _lemmas(doc: Doc, reads: DocReads | None = None) -> set[str]:
    """Every lemma of ``doc``, lower-cased: one string per distinct lemma of its LEMMA column,
    not a ``Token`` per word."""
    return set(lemmas_of(doc, reads).low)


_MODIFIES = frozenset(("amod", "advmod", "npadvmod"))


def _judged(tok) -> str | None:
    """The word a judging modifier or adverb grades ("strong" in "unexpectedly strong win",
    "stances" in "tough and controversial stances"), lower-cased lemma; None when the cue is a
    verb or said by a copula ("was fierce", "described him as gaffe-prone"): then it may grade anything."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    if tok.dep_ in _MODIFIES:
        return tok.head.lemma_.lower()
    # a word before its noun the parse attached elsewhere ("so-called “closed” primaries", a
    # hyphenated word read as a clause): the noun it stands before
    doc = tok.doc
    for t in doc[tok.i + 1 : tok.i + 4]:
        if t.pos_ in ("NOUN", "PROPN"):  # the last noun of a compound ("SB1070 immigration law")
            while t.i + 1 < len(doc) and doc[t.i + 1].pos_ in ("NOUN", "PROPN") and t.head.i > t.i:
                t = doc[t.i + 1]
            return t.lemma_.lower()
        if not (t.is_quote or t.pos_ == "ADJ" or t.tag_ in ("VBN", "VBG")):
            break
    return None


def _under_speech(tok) -> bool:
    """Whether a word is in what a verb of speech says, not in its speaker's words ("critics have
    described the chairman as gaffe-prone"; not "the sheriff, a supporter of the controversial law, said")."""
    t = tok
    while t.head.i != t.i:
        if t.head.pos_ == "VERB" and t.head.lemma_.lower() in REPORTING_VERBS and t.dep_ not in ("nsubj", "nsubjpass"):
            return True
        t = t.head
    return False


def _with_lemma(index: dict[str, dict[str, list[int]]], doc_id: str, doc: Doc, lemma: str,
                reads: DocReads | None = None) -> list:
    """The tokens of ``doc`` whose lower-cased lemma is ``lemma``, in reading order; ``index`` keeps
    each document's lemma -> token indices, built once from its LEMMA column (no ``Token`` per word)."""
    per = index.get(doc_id)
    if per is None:
        per = index[doc_id] = lemmas_of(doc, reads).positions()
    return [doc[i] for i in per.get(lemma, ())]


def _story_word(lemmas: set[str], tok, docs: Mapping[str, Doc], doc_id: str,
                index: dict[str, dict[str, list[int]]], reads: DocReads | None = None) -> bool:
    """Whether another document uses the judging word ``tok`` (one of ``lemmas``) in its own voice
    (not inside quotation marks, not under a verb of speech, not negated) of the same thing: a
    modifier on the same word ("frosty relationship" in both), or wherever one of the two uses
    grades no word of its own. "an unexpectedly strong win" and "an unexpectedly difficult nomination
    battle" are two judgements with one word, and "gaffe-prone" said by critics in one outlet and by
    another in its own voice is that outlet's judgement alone."""
    mine, prefix = _judged(tok), whole_word(tok)[: -len(tok.lower_)]
    for d, doc in docs.items():
        if d == doc_id:
            continue
        for lemma in lemmas:
            for t in _with_lemma(index, d, doc, lemma, reads):
                if whole_word(t)[: -len(t.lower_)] != prefix:  # "called" is no use of "so-called"
                    continue
                if inside_quotes(t, reads) or reported_or_negated(t) or _under_speech(t):
                    continue
                theirs = _judged(t)
                if mine is None or theirs is None or mine == theirs:
                    return True
    return False


def _in_sentence(named: Mapping[str, list[tuple[int, int, str]]], doc_id: str, sent) -> set[str]:
    """The resolved entities named in a sentence."""
    return {e for start, end, e in named.get(doc_id, ()) if start >= sent.start_char and end <= sent.end_char}


def _proper(noun) -> set[str]:
    """The proper words or numbers before a noun that say whose or which ("Iran's nuclear program",
    "the 2016 campaign")."""
    return {t.lemma_.lower() for c in noun.lefts if c.dep_ in ("compound", "amod", "poss", "nmod", "nummod")
            for t in c.subtree if t.pos_ in ("PROPN", "NUM") or t.ent_type_ in ("NORP", "GPE", "ORG", "PERSON", "DATE")}


def _owners(noun, doc_id: str, named: Mapping[str, list[tuple[int, int, str]]],
            things: frozenset[str] = frozenset()) -> tuple[set[str], bool]:
    """(the resolved entities that own or name a noun's thing — "Sanders campaign", "her campaign"
    with "her" resolved —, whether an owner pronoun is left unresolved). An unresolved "its" is the
    nearest entity of ``things`` (no person) named before it in its sentence ("reining in Iran and
    its rogue nuclear weapons program")."""
    found: set[str] = set()
    loose = False
    for c in noun.lefts:
        if c.dep_ not in ("poss", "compound", "nmod"):
            continue
        for t in c.subtree:
            if t.pos_ not in ("PROPN", "PRON"):
                continue
            ents = {e for start, end, e in named.get(doc_id, ()) if start < t.idx + len(t) and t.idx < end}
            if not ents and t.lower_ == "its":
                before = [(start, e) for start, end, e in named.get(doc_id, ())
                          if e in things and t.sent.start_char <= start and end <= t.idx]
                ents = {max(before)[1]} if before else set()
            found |= ents
            loose = loose or (t.pos_ == "PRON" and not ents)
    return found, loose


def _bare(noun) -> bool:
    """A noun with no determiner or owner: things of a kind ("troublesome comments"), not the
    ones the story is about ("the comments", "his speech")."""
    return not any(c.dep_ in ("det", "poss") for c in noun.children)


def _indefinite(noun) -> bool:
    """A noun with "a"/"an": one of a kind ("who can mount a credible campaign"), not the one
    the story is about ("Trump's overtly racist campaign")."""
    return any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


def _plain_wordings(tok, doc_id: str, docs: Mapping[str, Doc], named: Mapping[str, list[tuple[int, int, str]]],
                    outlet_of: Mapping[str, str | None],
                    index: dict[str, dict[str, list[int]]] | None = None,
                    things: frozenset[str] = frozenset(),
                    reads: DocReads | None = None,
                    mentions: _MentionSentences | None = None) -> list[tuple[Label, bool]]:
    """Another outlet's words for the thing a judging modifier grades: the first noun of the same
    lemma and number in a sentence naming a resolved entity the judging sentence names too, outside
    quotation marks, its owner's proper words and resolved entities not different (an owner pronoun
    left unresolved is no match for a named owner), both with a determiner or owner or neither
    ("puerile insults toward Trump" / "lobbing juvenile insults at Mr. Trump"; "its rogue nuclear
    weapons program" / "Iran's nuclear program"; not "troublesome comments" / "the comments"). One per outlet, each with whether it judges too (a judging modifier of its own).
    ``mentions``: the story's :class:`_MentionSentences` (of ``named``), when the caller asks of several words."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    noun = tok.head
    if tok.dep_ != "amod" or noun.pos_ != "NOUN":
        return []
    ents = _in_sentence(named, doc_id, noun.sent)
    if not ents:
        return []
    index = {} if index is None else index
    lemma, plural, mine, bare = noun.lemma_.lower(), noun.tag_ == "NNS", _proper(noun), _bare(noun)
    indefinite = _indefinite(noun)
    owners, loose = _owners(noun, doc_id, named, things)
    own = outlet_key(outlet_of.get(doc_id)) or doc_id
    out: list[tuple[Label, bool]] = []
    seen = {own}
    for o, doc in sorted(docs.items()):
        key = outlet_key(outlet_of.get(o)) or o
        if key in seen:
            continue
        # the same noun, else one WordNet puts beside it ("an unexpectedly strong win" / "a solid victory")
        for t in chain(_with_lemma(index, o, doc, lemma, reads), _near_in(doc, o, lemma, named, ents, mentions)):
            if t.pos_ != "NOUN" or (t.tag_ == "NNS") != plural or t.dep_ in ("compound", "npadvmod", "amod", "nmod") \
                    or any(c.dep_ == "advmod" and c.lower_ in ("earlier", "later") for c in t.children):
                # a noun telling when ("his wins earlier this campaign") or modifying another noun
                # ("public-works investments", no other wording of "less-important works") names no thing
                continue
            theirs = _proper(t)
            if (mine and theirs and not mine & theirs) or _bare(t) != bare or _indefinite(t) != indefinite \
                    or inside_quotes(t, reads) \
                    or not ents & _in_sentence(named, o, t.sent):
                continue
            held, held_loose = _owners(t, o, named, things)
            if (owners and held and not owners & held) or ((owners or mine) and held_loose) \
                    or ((held or theirs) and loose):
                continue  # "the Sanders campaign" / "her campaign" (Clinton's)
            words = doc[max(t.left_edge.i, t.i - 7) : t.i + 1]
            sent = t.sent
            cites = (Span(o, words.start_char, words.end_char, words.text),
                     Span(o, sent.start_char, sent.end_char, sent.text))
            judges = any(c.dep_ == "amod" and judging(c) for c in t.lefts)
            out.append((Label(o, outlet_of.get(o), words.text, cites), judges))
            seen.add(key)
            break
    return out


class _MentionSentences:
    """Each document's resolved entities named, with the sentence of each mention (in mention order),
    and each such sentence's nouns (lower-cased lemma, token): read once per story when the caller keeps
    one (a large story asks for them for each judging word and each other document: 6,359 times at
    200 articles, 329,000 tokens read)."""

    def __init__(self, named: Mapping[str, list[tuple[int, int, str]]]) -> None:
        self._named = named
        self._sentences: dict[str, list[tuple[str, Any]]] = {}
        self._nouns: dict[tuple[str, int], list[tuple[str, Any]]] = {}

    def sentences(self, doc: Doc, doc_id: str) -> list[tuple[str, Any]]:
        found = self._sentences.get(doc_id)
        if found is None:
            found = self._sentences[doc_id] = []
            for start, end, e in self._named.get(doc_id, ()):
                words = doc.char_span(start, end, alignment_mode="expand")
                if words is not None:
                    found.append((e, words.sent))
        return found

    def nouns(self, doc_id: str, sent) -> list[tuple[str, Any]]:
        found = self._nouns.get((doc_id, sent.start))
        if found is None:
            found = self._nouns[(doc_id, sent.start)] = [(t.lemma_.lower(), t) for t in sent if t.pos_ == "NOUN"]
        return found


def _near_in(doc: Doc, doc_id: str, lemma: str, named: Mapping[str, list[tuple[int, int, str]]],
             ents: set[str], memo: _MentionSentences | None = None) -> Iterator:
    """The nouns of ``doc``, in sentences naming one of ``ents``, that may name what ``lemma`` names
    in other words (``slot_words.near_nouns``: "win" / "victory"), in reading order; read only
    when the same noun gave no match. ``memo``: the story's :class:`_MentionSentences` (of ``named``)."""
    memo = memo if memo is not None else _MentionSentences(named)
    sents: dict[int, object] = {}
    for e, sent in memo.sentences(doc, doc_id):
        if e in ents:
            sents.setdefault(sent.start, sent)
    for _, sent in sorted(sents.items()):
        for low, t in memo.nouns(doc_id, sent):
            if low != lemma and near_nouns(lemma, low):
                yield t


def _speech_verbs(claim: Claim, doc: Doc) -> list | None:
    """The words by which a claim reports speech (its attribution's verb, each quote's verb), or
    None when a report has none to place it by or speaks for the whole sentence ("according to")."""
    spans = [q.cue for q in claim.quotes]
    if claim.attribution is not None:
        if claim.attribution.kind == "according-to":
            return None  # "according to X" speaks for the whole sentence
        spans.append(claim.attribution.cue)
    out = []
    for sp in spans:
        words = doc.char_span(sp.start, sp.end, alignment_mode="expand") if sp is not None else None
        if words is None:
            return None
        out.append(words.root)
    return out


def _apart(tok, speech: list | None) -> bool:
    """Whether ``tok`` comes before every report of speech of its sentence, outside its phrase:
    a clause of the outlet's own ("... accompanied by an unflattering photo of the Minnesota
    Republican, and others are calling the magazine out of bounds"). A verb naming something ('a
    cover story called “The Queen of Rage”') reports nobody. After a verb of speech, a word may
    be what was said though the parse leaves it apart ("to claim Obama's plan treats the treasured
    entitlement like a “piggy bank”"); words reported around a parenthetical "X said" are kept
    apart by ``cues``."""
    return speech is not None and all(tok.i < v.left_edge.i for v in speech if v.dep_ != "acl")


def _of_manner(tok) -> bool:
    """An adverb on a verb of an act ("forcefully denouncing", "Kasich forcefully differed"), not
    on a verb said as a state ("was remarkably understated")."""
    verb = tok.head
    return verb.pos_ == "VERB" and verb.dep_ not in ("acomp", "amod", "oprd", "attr") and not (
        verb.tag_ == "VBN" and any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in verb.children))


def _in_adverbial(tok) -> bool:
    """Whether ``tok`` sits in an adverbial clause of its sentence ("as the rebel enclave dissolved,
    ceding territory in the face of the brutal advance"); a relative clause on the actor ("Arpaio,
    who unabashedly calls himself ..., endorsed Perry") describes a party to the fact and is not one."""
    while tok.head.i != tok.i:
        if tok.dep_ == "advcl":
            return True
        tok = tok.head
    return False


def _evaluative_items(analysis: StoryAnalysis, claims: Sequence[Claim], facts: Sequence[Fact],
                      docs: Mapping[str, Doc], labelled: Sequence[Span] = (), per_doc: int = 3,
                      memo: dict[tuple[str, int, int], list[Cue]] | None = None,
                      reads: DocReads | None = None, everyone: Sequence[Claim] = ()) -> list[Framing]:
    """Sentences in an outlet's own voice that judge or hedge (``evaluative.cues``),
    told by no other outlet: at most ``per_doc`` per outlet, strongest cue first. A
    judgement inside a label already listed (``labelled``) is that label, not another item.
    ``everyone``: all the story's claims, where another outlet's nearest sentence is sought."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    # a fact other outlets also tell may still be told in one outlet's judging words ("sharply
    # criticized", "blast", "rebuke"): there the words must be its own, not the fact
    shared = {s.claim for f in facts if len(f.docs) >= 2 for s in f.support if s.strength == "same fact"}
    fact_of = told_facts(facts)
    found: dict[str, list[tuple[int, int, Claim, str, str, int]]] = {}
    vocab = {d: _lemmas(doc, reads) for d, doc in docs.items()}
    uses: dict[str, dict[str, list[int]]] = {}  # document -> lemma -> token indices, built where needed
    memo = {} if memo is None else memo
    for c in claims:
        # in a sentence that reports someone's words, only the outlet's account of the speaking
        # ("forcefully defended", "a surprisingly downbeat assessment") and its own clauses apart
        # from the report are its own judgement ('... accompanied by an unflattering photo of the
        # Minnesota Republican, and others are calling the magazine out of bounds')
        reports = c.attribution is not None or bool(c.quotes)
        doc = docs.get(c.doc)
        if doc is None:
            continue
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        speech = _speech_verbs(c, doc) if reports and span is not None else None
        if span is None or (reports and speech is None and not tells_speaking(span, reads)):
            continue
        for cue in _cues(memo, c.doc, span, reads):
            if cue.start < span.start or cue.end > span.end:
                continue
            word = doc[cue.start:cue.end]
            # a distancing word ("accusing the president of embarking on a so-called “apology tour”") is the outlet's
            # wherever it stands (``evaluative.distancing``)
            # and so is a supplement on a name ("Republicans said that Perry, who famously forgot …, would …")
            if reports and not any(t.text == cue.word and (narrates_speech(t) or _apart(t, speech) or distancing(t)
                                                           or in_supplement(t))
                                   for t in word):
                continue
            # the judging word inside a label's words is that label ("polarizing figure"); one beside
            # them is its own ("erroneously" beside the label "claiming")
            if any(x.doc == c.doc and x.start < t.idx + len(t) and t.idx < x.end
                   for t in word if t.text == cue.word for x in labelled):
                continue
            # a judging word another outlet also uses of the same thing in its own voice is the story's
            # vocabulary, not one outlet's framing (``_story_word``)
            at = next((t.i for t in word if t.text == cue.word or t.lower_ == cue.word.lower()), cue.start)
            lemmas = {t.lemma_.lower() for t in word if t.text == cue.word or t.lower_ == cue.word.lower()}
            if cue.kind != "hedge" and any(lemmas & vocab[d] for d in vocab if d != c.doc) \
                    and _story_word(lemmas, doc[at], docs, c.doc, uses, reads):
                continue
            if c.id in shared and cue.kind == "hedge":  # the others tell it plainly: no hedge of this one's own
                continue
            found.setdefault(c.doc, []).append((CUE_RANK[cue.kind], c.start, c, cue.shown(doc), doc[at].lemma_.lower(), at))
            break
    if not found or len(analysis.documents) < 2:
        return []
    items, worded = [], []
    wording, modifier, adverb = CUE_RANK["wording"], CUE_RANK["modifier"], CUE_RANK["adverb"]
    named: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            named.setdefault(m.doc, []).append((m.start, m.end, e.id))
    things = frozenset(e.id for e in analysis.entities if e.type != "PERSON")
    year = {x.id: year_of(x.published) for x in analysis.documents}
    sentences = _MentionSentences(named)
    others = Counterparts(everyone, docs, analysis)  # the other outlets' nearest tellings, read where needed
    for d, rows in sorted(found.items()):
        # an adverb on a verb tells the manner of an act ("forcefully denouncing the Castro regime"):
        # after the modifiers that judge a thing ("puerile insults"); one on an adjective judges
        # ("remarkably understated") and keeps its place
        rows.sort(key=lambda r: (r[0] + (2.5 if r[0] == adverb and _of_manner(docs[d][r[5]]) else 0), r[1]))
        # one outlet's same judging word twice ("candidates scramble to address ...", "to scramble
        # to address ..."; "has railed against", "after railing against") is one choice of words:
        # shown once, where it is strongest
        seen: set[str] = set()
        kept = []
        for r in rows:
            if r[4] not in seen:
                seen.add(r[4])
                kept.append(r)
        rows = kept
        # at most ``per_doc`` judgements alone, and as many again that another outlet words otherwise
        # ("puerile insults" / "juvenile insults"): a comparison is not crowded out by lone verdicts
        judged = [r for r in rows if r[0] != wording]
        alone = paired = 0
        # "Mr. Trump assailed a federal judge": the outlet's word for an act no other outlet tells,
        # not its verdict — shown as its choice of word after every judgement, at most
        # ``_WORDED_ALONE`` per outlet (a loaded verb of speech in the writer's voice is framing, the
        # lead's ruling of session 33 after BASIL's annotations); one told of an earlier episode
        # ("Twenty-two years ago, a Times article hailed Trump") is the backdrop the outlet
        # recalls, not its telling of this story (``backdrop``)
        chosen = [r for r in rows if r[0] == wording and not backdrop(docs[d][r[5]], year.get(d))][:_WORDED_ALONE]
        for rank, _, c, phrase, _word, at in judged + chosen:
            cites: tuple[Span, ...] = (c.citation,)
            label: tuple[Label, ...] = (Label(d, outlet_of.get(d), phrase, cites),)
            if rank == wording:
                worded.append(Framing("", "label", f"only {outlet_of.get(d) or d} words it: {_quoted(phrase)}",
                                      label, (d,), cites))
                continue
            about = f"only {outlet_of.get(d) or d} judges: {_quoted(phrase)}"
            graded = docs[d][at]
            if rank == adverb and graded.dep_ == "advmod" and graded.head.dep_ == "amod":
                graded = graded.head  # "an unexpectedly strong win": the adverb grades the noun's modifier
            plain = _plain_wordings(graded, d, docs, named, outlet_of, uses, things, reads, sentences) \
                if rank == modifier or graded.i != at else []
            if graded.i != at:  # both outlets' word ("famously frosty" / "sometimes frosty"): a shared judgement
                plain = [(lab, j) for lab, j in plain if graded.lower_ not in lab.label.lower().split()]
            # a judgement inside an adverbial clause judges the circumstance that clause tells, not
            # the fact of the sentence the others tell (AP: "The initial evacuation deal was mediated
            # ... , ceding more and more territory in the face of the brutal advance by Syrian forces"
            # beside the others' sentences on the deal): shown alone
            told = [] if plain or _in_adverbial(graded) else fact_tellings(c, fact_of, docs, outlet_of)
            if not plain and not told and backdrop(docs[d][at], year.get(d)):
                continue  # a lone verdict on an earlier episode or a long habit: the story's backdrop
            near = [] if plain or told or _in_adverbial(graded) else \
                others.tellings(c, others.actors(d, docs[d][at]))
            if (paired if plain else alone) >= per_doc:
                continue
            paired, alone = (paired + 1, alone) if plain else (paired, alone + 1)
            if told or near:
                # no other words for the judged thing, but the others tell the same fact: shown beside
                # it, plainly ("defiant speech" / "Sanders told a cheering crowd in West Virginia …");
                # else each other outlet's nearest sentence on it (``counterparts``), called so
                about += ("; as the others tell it: " if told else "; the others' nearest sentence: ") + " vs ".join(
                    f"{_quoted(lab.label)} ({lab.outlet or lab.doc})" for lab in told or near)
                label += tuple(told or near)
                cites += tuple(x for lab in told or near for x in lab.citations)
            if plain:
                # the same thing in another outlet's words: "puerile insults toward Trump" / "juvenile insults"
                judge_too = [lab for lab, judges in plain if judges]
                head = "how the outlets judge it" if judge_too else "how the outlets word it"
                about = f"{head}: {_quoted(phrase)} ({outlet_of.get(d) or d}) vs " + " vs ".join(
                    f"{_quoted(lab.label)} ({lab.outlet or lab.doc})" for lab, _ in plain)
                label += tuple(lab for lab, _ in plain)
                cites += tuple(x for lab, _ in plain for x in lab.citations)
            items.append(Framing("", "evaluative", about, label, tuple(dict.fromkeys(lab.doc for lab in label)), cites))
    return items + worded


def _quoted(phrase: str) -> str:
    """A cue's phrase in quote marks, each verbatim piece quoted on its own: what a cue
    leaves out ("…" between a subject and its verdict, or after a cut phrase) stays outside
    the marks, so every quoted stretch is the outlet's exact words."""
    pieces = [p.strip() for p in phrase.split("…")]
    out = " … ".join(f"“{p}”" for p in pieces if p)
    return out + "…" if phrase.rstrip().endswith("…") else out


def find_framing(analysis: StoryAnalysis, claims: Sequence[Claim], facts: Sequence[Fact],
                 docs: Mapping[str, Doc], props: Mapping[str, Proposition] | None = None) -> list[Framing]:
    """Every framing difference of the story, numbered R1, R2, ...; ``props``: the claims'
    propositions when the caller has them (``propositions(claims, analysis, docs)``)."""
    if len(analysis.documents) < 2 or not docs:
        return []
    reads = DocReads()  # what the tests read of each document, read once
    labels = _label_items(analysis, docs, reads) + term_items(analysis, docs, reads=reads) \
        + slot_items(analysis, docs, reads) + speech_verb_items(analysis, claims, docs)
    # the labels' own words (not the sentences some items cite beside them): a judgement inside
    # a label is that label; another in the same sentence is an item of its own
    cited = [c for item in labels for lab in item.labels for c in lab.citations if c.text in lab.label]
    memo: dict[tuple[str, int, int], list[Cue]] = {}  # each sentence's cues, read once
    wording, worded = _wording_items(analysis, claims, facts, docs, cited, props, memo, reads)
    rest = [c for c in claims if c.id not in worded]
    items = labels + wording + _evaluative_items(analysis, rest, facts, docs, cited, memo=memo, reads=reads,
                                                 everyone=claims) \
        + intensifier_items(analysis, rest, facts, docs, reads)
    return [Framing(f"R{i}", f.kind, f.about, f.labels, f.docs, f.citations) for i, f in enumerate(items, 1)]
