"""How long one event lasted, told differently by two outlets — found from what each duration
measures, not from the fact grouping having paired the two sentences.

"Trump spoke for 77 minutes" and "The address lasted an extraordinary 76 minutes" share no word
but the unit, so neither the facts nor the figure alignment (which weighs the words around a
figure) pair them. A duration says how long an *event* went on, and the parse says which:

- the verb it is "for" ("spoke for 77 minutes", "talked 40 minutes"), with that verb's subject;
- the subject of a verb of lasting ("The address lasted 76 minutes", "the meeting ran two hours");
- the noun it modifies ("a 76-minute speech", "a speech of 76 minutes"), with its possessor.

Two durations measure the same event when the events are one kind (the same lemma, a verb and its
nominalisation — "deliberate" / "deliberations", "meet" / "meeting" — or lexicon.EVENT_NOUNS:
"speak" / "speech" / "address") and their participants agree: the same named actor, or one side
names none and points at a known event ("the address", "his speech"). They clash when their
values cannot both be true — "about 76" or a round "80" against "77" can (rounding understood).
Two units of one clock ("two hours" / "90 minutes", "two weeks" / "10 days", "two years" / "18
months") are compared in one scale, the value in the coarser unit read as rounded to a quarter of
it or 15% ("two hours" holds 102-138 minutes, "three years" 36 months give or take 5); a clock
time against a calendar one ("two days" / "36 hours") is left alone: a day may be a date. A length
told in two units at once ("one hour and 20 minutes", "two and a half hours") is not read; one
told as a unit alone ("spoke for an hour", "more than a week") is a length of 1 though no number
is written (:func:`_one_unit`).
Left out: durations under a negation, a modal or a condition, planned ones ("is expected to speak
for 30 minutes"), and any event for which a report gives two lengths or an outlet's duration fits
two differently-measured events of the other report.
"""

from __future__ import annotations

import bisect
from typing import Mapping, Sequence

from spacy.parts_of_speech import IDS
from spacy.tokens import Doc

from newsprism.compare.figure_conflicts import _hedged, _in_range, conflict, rounded_alike
from newsprism.compare.figure_values import _interval, _num
from newsprism.compare.figure_roles import _governing, _lemma
from newsprism.extract.claims import Claim
from newsprism.extract.figures import _NUMBER_QUALIFIERS, _qualifier
from newsprism.lexicon import EVENT_NOUNS
from newsprism.model import Figure, Finding, Span, StoryAnalysis, Version
from newsprism.nlp import DocTexts

__all__ = ["event_durations"]

# verbs whose subject is the event a duration measures ("the address lasted 76 minutes")
_LASTING = frozenset({"last", "run", "stretch", "drag", "go", "continue", "clock"})
# words that make a duration planned or wished rather than told as done
_PLANNED = frozenset({"expect", "plan", "schedule", "set", "allot", "allow", "want", "hope", "promise", "limit", "will",
                      "intend", "aim"})
# words on a time noun that make it a stretch of time or a distance in time
_WINDOW = frozenset({"the", "last", "past", "next", "first", "previous", "final", "coming", "ago", "later", "earlier",
                     "before", "after", "since", "this", "these", "those", "each", "every", "per", "of"})
_DEFINITE = frozenset({"the", "this", "that", "his", "her", "its", "their"})
# each time unit in minutes, and whether it is a clock unit (else a calendar one: a "day" may be a date)
_MINUTES = {"second": (1 / 60, True), "minute": (1.0, True), "hour": (60.0, True),
            "day": (1440.0, False), "week": (10080.0, False), "fortnight": (20160.0, False),
            "month": (43830.0, False), "year": (525960.0, False)}
# how far a value told in a coarser unit may be from the exact length: a share of the unit, or of the value
_COARSE_UNIT, _COARSE_VALUE = 0.25, 0.15
_NOUN_POS = IDS["NOUN"]
_SUFFIXES = ("ations", "ation", "ions", "ion", "ings", "ing", "ments", "ment", "ate", "es", "s", "e")


def _kind(lemma: str) -> str:
    """An event word's kind: its verb when lexicon.EVENT_NOUNS names one ("address" -> "speak"),
    else the word without its nominal suffix ("deliberations", "deliberate" -> "deliber")."""
    word = EVENT_NOUNS.get(lemma, lemma)
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


class _Told:
    """One duration: the event it measures, who took part, and its value."""

    __slots__ = ("doc", "span", "kind", "actor", "definite", "unit", "interval", "text", "value", "what")

    def __init__(self, doc: str, span: Span, kind: str, actor: str | None, definite: bool, unit: str, fig, what: str):
        self.doc, self.span, self.kind, self.actor, self.definite, self.unit = doc, span, kind, actor, definite, unit
        self.what = what  # the words telling the event ("Trump spoke", "The address")
        self.interval = _interval(_num(fig.value), fig.qualifier)
        self.text, self.value = fig.text, _num(fig.value)  # the number as written, for rounding

    def minutes(self) -> float:
        """The value in minutes (the value itself in a unit no clock measures: "decade")."""
        return self.value * _MINUTES.get(self.unit, (1.0, False))[0]


def _actor(tok, entity_at: Mapping[tuple[str, int], str], doc_id: str) -> str | None:
    """Who ``tok`` names, as lower-case name words: the name of the resolved entity of a mention
    on it, else the proper name it writes ("Trump", "Donald Trump")."""
    for t in (tok, *tok.children):
        for k in range(t.idx, t.idx + len(t)):
            ent = entity_at.get((doc_id, k))
            if ent is not None:
                return ent.lower()
    if tok.pos_ == "NOUN" and any(c.dep_ in ("det", "poss") and c.lower_ in _DEFINITE for c in tok.children):
        return f"the {_lemma(tok)}"  # "the jury", "the jury's deliberations"
    if tok.pos_ != "PROPN":
        tok = next((c for c in reversed(list(tok.children)) if c.dep_ == "compound" and c.pos_ == "PROPN"), None)
        if tok is None:
            return None
    words = [c.lower_ for c in tok.children if c.dep_ == "compound" and c.pos_ == "PROPN" and c.i < tok.i]
    return " ".join([*words, tok.lower_])


def _same_actor(a: str, b: str) -> bool:
    """One name told fully or by surname ("donald trump", "trump"); not two people of one surname."""
    wa, wb = a.split(), b.split()
    return wa[-1] == wb[-1] and (len(wa) == 1 or len(wb) == 1 or wa == wb)


def _event(unit_tok, entity_at, doc_id) -> tuple[str, str | None, bool, str] | None:
    """(kind, actor, definite, words telling it) of the event the time noun ``unit_tok``
    measures, or None."""
    head = unit_tok.head
    if any(c.lower_ in _WINDOW for c in unit_tok.children):
        return None  # "for the last two weeks", "two weeks ago": a stretch of time, not an event's length
    if unit_tok.dep_ in ("pobj",) and head.lower_ == "for" and head.head.pos_ == "VERB":
        verb = head.head  # "spoke for 77 minutes"
    elif ((unit_tok.dep_ == "npadvmod" or (unit_tok.dep_ in ("dobj", "attr") and _lemma(head) in _LASTING))
          and head.pos_ == "VERB"):
        verb = head  # "talked 40 minutes", "lasted 76 minutes"
        if any(c.dep_ == "mark" for c in verb.children):
            return None  # "two days after Trump delivered a win": how long since, not how long
    elif unit_tok.dep_ in ("compound", "amod", "nmod", "npadvmod") and head.pos_ == "NOUN":
        return _noun_event(head, entity_at, doc_id)  # "a 76-minute speech"
    elif unit_tok.dep_ == "pobj" and head.lower_ == "of" and head.head.pos_ == "NOUN":
        return _noun_event(head.head, entity_at, doc_id)  # "a speech of 76 minutes"
    else:
        return None
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None:
        return None
    if _lemma(verb) in _LASTING:
        return _noun_event(subject, entity_at, doc_id) if subject.pos_ == "NOUN" else None
    what = verb.doc[subject.left_edge.i: subject.i + 1].text + " " + verb.text
    return _kind(_lemma(verb)), _actor(subject, entity_at, doc_id), False, what


def _noun_event(noun, entity_at, doc_id) -> tuple[str, str | None, bool, str] | None:
    if noun.pos_ != "NOUN":
        return None
    actor = None
    for c in noun.children:
        if c.dep_ == "poss" or (c.dep_ == "compound" and c.pos_ == "PROPN"):
            actor = _actor(c, entity_at, doc_id)
        elif c.dep_ == "prep" and c.lower_ == "by":
            actor = next((_actor(g, entity_at, doc_id) for g in c.children if g.dep_ == "pobj"), None)
    if actor is None and noun.dep_ == "dobj":
        # "Trump delivered a 76-minute speech": the one who gives it
        subject = next((c for c in noun.head.children if c.dep_ == "nsubj"), None)
        actor = _actor(subject, entity_at, doc_id) if subject is not None else None
    definite = any((c.dep_ == "det" and c.lower_ in _DEFINITE) or c.dep_ == "poss" for c in noun.children)
    first = min([noun.i, *(c.i for c in noun.children if c.dep_ in ("det", "poss", "compound", "amod") and c.i < noun.i)])
    return _kind(_lemma(noun)), actor, definite, noun.doc[first: noun.i + 1].text


def _compound(unit_tok, span) -> bool:
    """The length is told with a second part ("two and a half hours", "one hour and 20 minutes",
    "an hour, 20 minutes"): the figure alone is not the whole length."""
    doc = unit_tok.doc
    between = doc[span.end: unit_tok.i]
    if any(t.lower_ in ("and", "half", "quarter") for t in between):
        return True  # "two and a half hours"
    after = [t.lower_ for t in doc[unit_tok.i + 1: unit_tok.i + 5]]
    if after[:1] in (["and"], [","]) and (after[1:3] in (["a", "half"], ["a", "quarter"]) or (
            len(after) > 2 and doc[unit_tok.i + 2].like_num and _lemma(doc[unit_tok.i + 3]) in _MINUTES)):
        return True  # "one hour and 20 minutes", "two hours and a half"
    before = doc[max(0, span.start - 2): span.start]
    return len(before) == 2 and before[1].lower_ in ("and", ",") and _lemma(before[0]) in _MINUTES


def _planned(tok) -> bool:
    return any(_lemma(t) in _PLANNED or any(c.dep_ == "aux" and c.lower_ in ("will", "'ll") for c in t.children)
               for t in _governing(tok))


def _unit_nouns(doc: Doc) -> list[int]:
    """The tokens :func:`_one_unit` may read as a length: the nouns that name a unit of time
    ("hour", "week"), found on the document's columns (no ``Token`` made for the others)."""
    import numpy as np
    from spacy.attrs import LOWER, POS

    if not len(doc):
        return []
    cols = doc.to_array([POS, LOWER])
    strings = doc.vocab.strings
    unit = (cols[:, 0] == _NOUN_POS) & np.isin(cols[:, 1], [strings[w] for w in _MINUTES])
    return np.flatnonzero(unit).tolist()


def _one_unit(c: Claim, doc: Doc, nouns: Sequence[int] | None = None) -> list[Figure]:
    """Lengths told as one unit ("spoke for an hour", "more than a week") in the claim's words:
    not figures (no number is written), but a length all the same, of value 1. Not "half an
    hour" or "an hour and a half" (a figure or a length in two parts) nor "a 40-hour week".
    ``nouns``: ``_unit_nouns(doc)`` when the caller has it (one per document)."""
    span = doc.char_span(c.start, c.end, alignment_mode="expand")
    out: list[Figure] = []
    if span is None:
        return out
    nouns = nouns if nouns is not None else _unit_nouns(doc)
    for i in nouns[bisect.bisect_left(nouns, span.start) : bisect.bisect_left(nouns, span.end)]:
        t = doc[i]
        if t.i == 0 or doc[t.i - 1].lower_ not in ("a", "an"):
            continue
        det = doc[t.i - 1]
        if det.head.i != t.i or (t.i >= 2 and (doc[t.i - 2].lower_ in ("half", "quarter", "once", "twice")
                                               or doc[t.i - 2].like_num)):
            continue
        qualifier, first = _qualifier(doc, det.i, _NUMBER_QUALIFIERS)
        start, end = doc[first].idx, t.idx + len(t)
        # (the words' own text, the document's from start to end: Doc.text joins every token anew)
        out.append(Figure(doc=c.doc, start=start, end=end, text=doc[first : t.i + 1].text, value=1, qualifier=qualifier,
                          counts=t.text, counts_span=Span(c.doc, t.idx, t.idx + len(t), t.text), unit="duration"))
    return out


def _durations(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc],
               texts: Mapping[str, str]) -> list[_Told]:
    entity_at = {(m.doc, k): e.name for e in analysis.entities for m in e.mentions for k in range(m.start, m.end)}
    out: list[_Told] = []
    seen: set[tuple[str, int]] = set()
    nouns: dict[str, list[int]] = {}
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None:
            continue
        if c.doc not in nouns:
            nouns[c.doc] = _unit_nouns(doc)
        for f in (*c.figures, *_one_unit(c, doc, nouns[c.doc])):
            if f.unit != "duration" or f.counts_span is None or (f.doc, f.start) in seen or _in_range(c, f):
                continue
            seen.add((f.doc, f.start))
            span = doc.char_span(f.start, f.end, alignment_mode="expand")
            unit = doc.char_span(f.counts_span.start, f.counts_span.end, alignment_mode="expand")
            if span is None or unit is None or not len(span) or not len(unit):
                continue
            if span.sent.text.rstrip().endswith("?"):
                continue  # asked, not told
            negated, modal = _hedged(span.root)
            if negated or modal or _planned(unit.root) or _compound(unit.root, span):
                continue
            event = _event(unit.root, entity_at, c.doc)
            if event is None:
                continue
            kind, actor, definite, what = event
            lo, hi = min(f.start, f.counts_span.start), max(f.end, f.counts_span.end)
            text = texts[c.doc][lo:hi]
            out.append(_Told(c.doc, Span(f.doc, lo, hi, text), kind, actor, definite, _lemma(unit.root), f, what))
    return out


def _same_event(a: _Told, b: _Told, main: Mapping[str, str | None]) -> bool:
    """One kind of event in one time unit, by the same actor; a side naming none points at a
    known event ("the address") and the other's actor is its report's main actor (the entity it
    mentions most): "the address" of a report about Trump is not Pence's speech."""
    if a.kind != b.kind or not _comparable(a.unit, b.unit):
        return False
    if a.actor is not None and b.actor is not None:
        return _same_actor(a.actor, b.actor)
    for x, y in ((a, b), (b, a)):
        if x.actor is None and (not x.definite or (y.actor is not None and not _same_actor(y.actor, main.get(x.doc) or "?"))):
            return False
    return True


def _main_actors(analysis: StoryAnalysis) -> dict[str, str | None]:
    """Each document's most mentioned person or group (its name, lower-cased)."""
    counts: dict[str, dict[str, int]] = {}
    for e in analysis.entities:
        if e.type not in ("PERSON", "ORG", "NORP"):
            continue
        for m in e.mentions:
            per = counts.setdefault(m.doc, {})
            per[e.name.lower()] = per.get(e.name.lower(), 0) + 1
    return {d: max(sorted(per), key=lambda e: per[e]) for d, per in counts.items()}


def _comparable(u: str, v: str) -> bool:
    """One unit, or two of one clock: both clock units or both calendar ones."""
    return u == v or (u in _MINUTES and v in _MINUTES and _MINUTES[u][1] == _MINUTES[v][1])


def _compatible(a: _Told, b: _Told) -> bool:
    """Both can be true: intervals overlap, one is the other rounded, or one is a round number
    (a multiple of 5) within a tenth of the other ("80 minutes" and "77"). In two units, the one
    in the coarser unit is read as rounded (``_COARSE_UNIT``, ``_COARSE_VALUE``)."""
    if a.unit != b.unit:
        coarse, fine = (a, b) if _MINUTES[a.unit][0] > _MINUTES[b.unit][0] else (b, a)
        scale = _MINUTES[coarse.unit][0]
        slack = max(_COARSE_UNIT, _COARSE_VALUE * coarse.value)
        lo, hi = (coarse.interval[0] - slack) * scale, (coarse.interval[1] + slack) * scale
        fine_lo, fine_hi = (x * _MINUTES[fine.unit][0] for x in fine.interval)
        if fine.value % 5 == 0:  # a round number is rounded too
            fine_lo, fine_hi = fine_lo * 0.95, fine_hi * 1.05
        return not (fine_hi < lo or hi < fine_lo)
    if not (a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]) or rounded_alike(a.text, b.text):
        return True
    lo, hi = sorted((a.value, b.value))
    return any(v % 5 == 0 for v in (a.value, b.value)) and hi <= lo * 1.1


def event_durations(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc],
                    texts: Mapping[str, str] | None = None) -> list[Finding]:
    """Conflicts over how long one event lasted (see the module's docstring). ``texts``: the
    story's ``nlp.DocTexts`` when the caller has it (each document's text, read once)."""
    told = _durations(analysis, claims, docs, texts if texts is not None else DocTexts(docs))
    if len({t.doc for t in told}) < 2:
        return []
    main = _main_actors(analysis)
    out: list[Finding] = []
    done: set[tuple[str, int]] = set()
    for i, a in enumerate(told):
        for b in told[i + 1:]:
            if a.doc == b.doc or not _same_event(a, b, main) or _compatible(a, b):
                continue
            if (a.doc, a.span.start) in done or (b.doc, b.span.start) in done:
                continue
            # each side's event must be told with one length in its report, and match one length in the other
            rivals = [t for t in told if t.doc in (a.doc, b.doc) and (_same_event(t, a, main) or _same_event(t, b, main))]
            if len({(t.doc, round(t.minutes(), 6)) for t in rivals}) != 2:
                continue
            done.update({(a.doc, a.span.start), (b.doc, b.span.start)})
            # a third report's length of the event joins the side it agrees with
            sides: list[list[_Told]] = [[a], [b]]
            for t in told:
                if t.doc in (a.doc, b.doc) or not (_same_event(t, a, main) and _same_event(t, b, main)):
                    continue
                fits = [side for side in sides if _compatible(t, side[0])]
                if len(fits) == 1:
                    fits[0].append(t)
            if {t.doc for t in sides[0]} & {t.doc for t in sides[1]}:
                continue
            done.update((t.doc, t.span.start) for side in sides for t in side)
            versions = tuple(Version(tuple(sorted({t.doc for t in side})), side[0].span.text, tuple(t.span for t in side))
                             for side in sides)
            out.append(conflict(f"how long it lasted: {a.what} / {b.what}", "duration", versions))
    return out
