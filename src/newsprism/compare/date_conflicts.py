"""Date conflicts: two outlets putting the same event on different days.

An event is a clause verb (not a reporting verb: "said Friday" dates the
saying) with the day a time expression of its clause resolves to
(``TimeExpr.resolved``, a full date: a weekday or a date, read against each
report's publication date). Two documents conflict when they give the same
verb for the same event — sharing at least two participants (resolved
entities or nouns of the verb's subject, object and prepositional objects:
"apologized ... for a Facebook post") — on different days, and each tells that
event on one day only (a report giving both days tells of two events, or of
one event and its sequel), and both days are on or before both reports'
publication dates (a report published on Sunday that tells of a Sunday meeting
does not contradict one published on Thursday that tells of a Thursday
meeting: it could not know of it). Left out: a negated, modal or conditional verb
("would be held on April 30" is a plan), and "again", "also", "first",
"last" on the verb (a repeated event). The verbs of leaving a post ("left",
"quit", "resigned", "stepped down") tell one act; a verb coordinated with
another takes its subject ("Cowan joined ... and quit"), and a verb of leaving
with no object the other's object ("joined the Patrick administration in 2009
and quit earlier this month").

Relative days are read against each report's own publication date to the
days they name: a weekday or date is one day, "last week" the days from the
Monday of the week before to the day before publication, "last month" the
calendar month before, "this week" / "earlier this month" from the week's
Monday or the month's first day to publication, "last year" the calendar year
before, "this year" from its first day to publication; a month with no day
("April", "mid May") is in the year that puts it nearest to publication. Two
reports conflict only when their days cannot overlap ("last week" in a report of Wednesday 17 August vs
"last month": 8-16 August vs July).

A statement is an event too: a reporting or publishing verb ("admitted
Tuesday", "published on Sunday") or a noun of speech ("his comment Monday
that ...") dated by a time expression, with its speaker (the verb's subject,
the noun's possessor: a resolved entity) and what was said — the quoted words,
or a figure. Two reports tell the same statement when they give the same
speaker and share two or more quoted words in a row with a content word among
them ("very hard"), or — for a publishing verb — the same figure ("$916
million"); told on days that cannot overlap, it is a ``date`` conflict
(:func:`statement_days`), under the same rules: not negated, modal or
conditional, one day per report, no day after either publication.

A plan is told as one too (:func:`scheduled_days`): a scheduled event (an
election, a primary, a hearing: lexicon ``SCHEDULED_EVENTS``) that a verb of
scheduling holds, sets or slates ("The primary would be held on April 30",
"will hold special-election primaries in mid May"), with the same kind words,
entities and "for"/"of" complement on its noun. Two reports published within a
day of each other that put it on days that cannot overlap, both still ahead,
each giving one day, conflict; "will" and "would" tell the plan as it stands,
a negation, "could"/"may" or a condition does not. The event may be told by its
verb with who does it ("The Senate will vote on the bill on March 5", "is
scheduled to vote"): the doer is part of which event it is.

A year alone dates an event too ("Jackson, who was elected to Congress in
1995": the relative pronoun stands for Jackson) when the act happens once to
its participants (lexicon ``ONCE_VERBS``: elected, founded, born, joined, left);
the year of a repeatable act ("won the presidential election in 2008") tells
which time of it, and two such years are no conflict, here or as figures.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.figure_conflicts import conflict
from newsprism.compare.figure_roles import _governing
from newsprism.extract.claims import Claim
from newsprism.extract.times import MONTHS
from newsprism.lexicon import (
    DECIDING_VERBS,
    DEPARTURE_VERBS,
    EVENT_KIND_WORDS,
    MEASURE_NOUNS,
    ONCE_VERBS,
    REPORTING_VERBS,
    SCHEDULED_EVENTS,
    SCHEDULING_VERBS,
)
from newsprism.model import Finding, Span, StoryAnalysis, Version

__all__ = ["date_conflicts", "year_of_repeatable_act"]

_FULL_DATE = re.compile(r"^\d{4}-\d\d-\d\d")
_YEAR_ONLY = re.compile(r"^(?:1[89]|20)\d\d$")
# coarse days named relative to publication ("last week", "earlier this month")
_RELATIVE = re.compile(r"^(?:the\s+)?(?:(?:earlier|late|later)\s+)?(?P<which>last|this)\s+(?P<unit>week|month|year)$")
# a month with no day, or a part of one ("April", "mid May", "late-March"): in the year that puts
# it nearest to publication, as times.py reads a month-day without a year
_MONTH_PART = re.compile(r"^(?:(?:in|by)\s+)?(?:(?P<part>early|mid|late)[\s-]+)?(?P<month>january|february|march|april|may|june|"
                         r"july|august|september|october|november|december)$")
_PART_DAYS = {None: (1, 31), "early": (1, 10), "mid": (11, 20), "late": (21, 31)}
# verbs that put words out once: their day is the day of the words
_PUBLISHING = frozenset({"publish", "release", "reveal", "disclose", "air", "broadcast", "report", "write"})
# nouns of what someone said ("his comment Monday that ..."): a time right after one dates it
_SPEECH_NOUNS = frozenset({"comment", "comments", "statement", "statements", "remark", "remarks", "speech",
                           "interview", "tweet", "tweets", "post", "testimony", "admission", "announcement"})
_QUOTED = re.compile(r"[\u201c\"](?P<a>[^\u201c\u201d\"]{3,400})[\u201d\"]|''(?P<b>[^']{3,400}?)''")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_FIGURE = re.compile(r"\$?\d[\d,]*(?:\.\d+)?(?:\s+(?:million|billion|trillion|percent))?")
_ARG_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "attr", "agent"})
_REPEAT = frozenset({"again", "also", "first", "last", "later", "earlier", "still", "once"})
_MODALS = frozenset({"may", "might", "could", "would", "should", "will", "shall"})
_CONDITIONS = frozenset({"if", "unless", "whether"})
# verbs that do not tell an event of their own ("was", "had to apologize": the complement does)
_LIGHT = frozenset({"be", "have", "do", "get", "go", "come", "make", "take", "begin", "start", "continue"})


def _event_verb(tok):
    """The verb whose clause a time expression dates: the first verb above it, or
    the verb it is the open complement of ("had to apologize Saturday")."""
    seen = 0
    t = tok
    while seen < 12:
        if t.pos_ in ("VERB", "AUX") and t is not tok:
            # "had to apologize", "began to ...": the event is the complement
            if t.lemma_.lower() in _LIGHT:
                comp = next((c for c in t.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
                if comp is not None:
                    return comp
            return t
        if t.head is t:
            return None
        t, seen = t.head, seen + 1
    return None


def _hedged(verb) -> bool:
    for t in (verb, verb.head if verb.dep_ == "xcomp" else verb):
        for c in t.children:
            if c.dep_ == "neg" or c.lower_ in _REPEAT:
                return True
            if c.dep_ == "aux" and c.lower_ in _MODALS:
                return True
    return _under_condition(verb)


def _under_condition(verb) -> bool:
    """A condition's mark ("if", "unless", "whether") on ``verb`` or a token above it (20 at
    most). The root is read once: spaCy makes a new Token per access, so the test this loop had,
    ``t.head is not t``, never failed and the root was read again up to the bound."""
    k, t = 0, verb
    while k < 20:
        if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in t.children):
            return True
        if t.head.i == t.i:
            break
        t, k = t.head, k + 1
    return False


def _participants(verb, skip: set[int], entity_at) -> frozenset[str]:
    """Entity ids ("@id") and noun lemmas of the verb's arguments (subject, object,
    prepositional objects; the subject of the verb it complements, and of the verb it is
    coordinated with when it has none: "Cowan joined ... and quit"; for a verb of leaving
    with no object, that verb's object: "joined the Patrick administration in 2009 and quit
    earlier this month"), time words left out."""
    args = []
    for holder in (verb, verb.head) if verb.dep_ == "xcomp" else (verb,):
        for c in holder.children:
            if c.dep_ in _ARG_DEPS:
                args.append(c)
            elif c.dep_ == "prep":
                args.extend(g for g in c.children if g.dep_ == "pobj")
    if verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        own = {c.dep_ for c in verb.children}
        wanted = set() if own & {"nsubj", "nsubjpass"} else {"nsubj", "nsubjpass"}
        if _act(verb) == "leave" and not own & {"dobj", "prep"}:
            wanted.add("dobj")
        args.extend(c for c in verb.head.children if c.dep_ in wanted)
    if verb.dep_ == "relcl":
        # "Jackson, who was elected ...": the relative pronoun stands for the noun the clause is of
        args = [verb.head if a.tag_ in ("WP", "WDT") and a.dep_ in ("nsubj", "nsubjpass") else a for a in args]
    # a measure a body decides is the slot, not a participant: the Senate's and the House's votes
    # on one resolution are two acts, told apart by the rest
    decided = _act(verb) == "vote"
    out: set[str] = set()
    for a in args + [w for arg in args for w in _measure_content(arg)]:
        for t in [a, *(c for c in a.children if c.dep_ in ("compound", "amod", "poss"))]:
            if t.i in skip or not t.is_alpha or t.is_stop or (decided and t.lemma_.lower() in MEASURE_NOUNS):
                continue
            ent = entity_at(t)
            if ent is not None:
                out.add(f"@{ent}")
            elif t.pos_ in ("NOUN", "PROPN"):
                out.add(t.lemma_.lower())
    return frozenset(out)


def _act(verb) -> str:
    """What a verb tells, for matching two reports' events: its lemma, one for the verbs of
    leaving a post ("left", "quit", "resigned", "stepped down"), one for a body's deciding a
    measure ("passed a resolution", "the resolution passed", "voted 396-9 on a bill")."""
    lemma = verb.lemma_.lower()
    if lemma in DEPARTURE_VERBS or (lemma == "step" and any(c.dep_ == "prt" and c.lower_ == "down" for c in verb.children)):
        return "leave"
    if lemma in DECIDING_VERBS and _decides_a_measure(verb):
        return "vote"
    return lemma


def _decides_a_measure(verb) -> bool:
    """The verb's object or subject is a measure ("passed a resolution", "the resolution passed"),
    or for "vote" the object of its "on" ("voted on a bill"): a chamber's deciding it."""
    for c in verb.children:
        if c.dep_ in ("dobj", "nsubj", "nsubjpass") and c.lemma_.lower() in MEASURE_NOUNS:
            return True
        if c.dep_ == "prep" and c.lower_ == "on" and verb.lemma_.lower() == "vote":
            if any(g.dep_ == "pobj" and g.lemma_.lower() in MEASURE_NOUNS for g in c.children):
                return True
    return False


def _measure_content(noun) -> list:
    """What a measure is about, read as its participants too: the objects of its "on"/"to"
    ("the resolution on the national motto") and of the clause that tells what it does ("a bill
    that reaffirmed the motto", "a resolution reaffirming the motto"); nothing for other nouns."""
    if noun.lemma_.lower() not in MEASURE_NOUNS:
        return []
    out: list = []
    for c in noun.children:
        if c.dep_ == "prep" and c.lower_ in ("on", "to"):
            out.extend(g for g in c.children if g.dep_ == "pobj")
        elif c.dep_ in ("relcl", "acl"):
            out.extend(g for g in c.children if g.dep_ == "dobj")
            out.extend(g for p in c.children if p.dep_ == "prep" for g in p.children if g.dep_ == "pobj")
    return out


def mention_starts(analysis: StoryAnalysis) -> dict[str, list[tuple[int, int, str]]]:
    """doc id -> its entity mentions as sorted (start, end, entity id): for a bisect by offset."""
    starts: dict[str, list[tuple[int, int, str]]] = {}
    for e in analysis.entities:
        for m in e.mentions:
            starts.setdefault(m.doc, []).append((m.start, m.end, e.id))
    for spans in starts.values():
        spans.sort()
    return starts


def _interval(t, published: date | None, years: bool = False) -> tuple[str, str] | None:
    """The first and last day (ISO) a time expression can name: one day for a resolved
    date, the days of a coarse relative one or of a month ("mid May") read against
    ``published``, with ``years`` a year's days for a year alone ("elected in 1995");
    None otherwise."""
    if t.resolved and _FULL_DATE.match(t.resolved):
        return t.resolved[:10], t.resolved[:10]
    if years and t.resolved and _YEAR_ONLY.match(t.resolved):
        return f"{t.resolved}-01-01", f"{t.resolved}-12-31"
    if published is None:
        return None
    said = " ".join(t.text.lower().split())
    month = _MONTH_PART.match(said)
    if month is not None:
        return _month_days(month, published)
    m = _RELATIVE.match(said)
    if m is None:
        return None
    monday = published - timedelta(days=published.weekday())
    first = published.replace(day=1)
    if m.group("unit") == "year":
        lo, hi = ((date(published.year - 1, 1, 1), date(published.year - 1, 12, 31)) if m.group("which") == "last"
                  else (date(published.year, 1, 1), published))
    elif m.group("unit") == "week":
        lo, hi = (monday - timedelta(days=7), published - timedelta(days=1)) if m.group("which") == "last" else (monday, published)
    elif m.group("which") == "last":
        hi = first - timedelta(days=1)
        lo = hi.replace(day=1)
    else:
        lo, hi = first, published
    return (lo.isoformat(), hi.isoformat()) if lo <= hi else None


def _month_days(m: re.Match[str], published: date) -> tuple[str, str]:
    """The days of a month or part of one ("mid May": the 11th to the 20th) in the year that
    puts the month nearest to ``published``."""
    month = MONTHS[m.group("month")[:3]]
    year = min((published.year - 1, published.year, published.year + 1),
               key=lambda y: abs((date(y, month, 15) - published).days))
    last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    lo, hi = _PART_DAYS[m.group("part")]
    return date(year, month, lo).isoformat(), date(year, month, min(hi, last)).isoformat()


def _apart(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Two stretches of days with no day in common."""
    return a[1] < b[0] or b[1] < a[0]


def _shown(text: str, iv: tuple[str, str]) -> str:
    if _whole_year(iv) and iv[0][:4] in text:
        return text  # "1995", not "1995 (1995-01-01 to 1995-12-31)"
    return f"{text} ({iv[0]})" if iv[0] == iv[1] else f"{text} ({iv[0]} to {iv[1]})"


def _whole_year(iv: tuple[str, str]) -> bool:
    return iv[0][4:] == "-01-01" and iv[1][4:] == "-12-31" and iv[0][:4] == iv[1][:4]


def _entity_finder(starts: list[tuple[int, int, str]]):
    import bisect

    def entity_at(tok):
        k = bisect.bisect_right(starts, (tok.idx, 10**12, "")) - 1
        return starts[k][2] if k >= 0 and starts[k][0] <= tok.idx < starts[k][1] else None

    return entity_at


def _published(analysis: StoryAnalysis) -> dict[str, date | None]:
    out: dict[str, date | None] = {}
    for d in analysis.documents:
        try:
            out[d.id] = date.fromisoformat((d.published or "")[:10])
        except ValueError:
            out[d.id] = None
    return out


def _dated_spans(claims: Sequence[Claim], docs: Mapping[str, Doc],
                 starts: Mapping[str, list[tuple[int, int, str]]], pub: Mapping[str, date | None], years: bool = False):
    """(claim, time expression, the days it names, its parse span, the claim's entity finder)
    for every time expression of a claim that names days (``years``: or a year) and lies on the parse."""
    for c in claims:
        doc = docs.get(c.doc)
        if doc is None or not c.times:
            continue
        entity_at = _entity_finder(starts.get(c.doc, []))
        for t in c.times:
            iv = _interval(t, pub.get(c.doc), years)
            if iv is None:
                continue
            span = doc.char_span(t.start, t.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            yield c, t, iv, span, entity_at


def date_conflicts(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Finding]:
    """Conflicts over the day of one event, then of one statement (see the module docstring)."""
    starts = mention_starts(analysis)
    pub = _published(analysis)
    # verb lemma -> [(doc, days, participants, time span, claim)]
    rows: dict[str, list[tuple[str, tuple[str, str], frozenset[str], Span, Claim]]] = {}
    # an event's year counts too ("elected to Congress in 1995" / "in 1996"); a statement's or a
    # plan's is no day of its own
    for c, t, iv, span, entity_at in _dated_spans(claims, docs, starts, pub, years=True):
        verb = _event_verb(span.root)
        if verb is None or verb.lemma_.lower() in REPORTING_VERBS or verb.lemma_.lower() in _LIGHT or _hedged(verb):
            continue
        if t.resolved and _YEAR_ONLY.match(t.resolved) and _act(verb) not in ONCE_VERBS:
            continue  # a year tells which time of a repeatable act ("won the election in 2008")
        who = _participants(verb, {x.i for x in span}, entity_at)
        if len(who) < 2:
            continue
        rows.setdefault(_act(verb), []).append((c.doc, iv, who, Span(t.doc, t.start, t.end, t.text), c))
    out: list[Finding] = []
    seen: set[frozenset] = set()
    for items in rows.values():
        for x, (da, iv_a, who_a, span_a, ca) in enumerate(items):
            for db, iv_b, who_b, span_b, _ in items[x + 1:]:
                if da == db or not _apart(iv_a, iv_b) or len(who_a & who_b) < 2:
                    continue
                if not _known_to_both(pub.get(da), pub.get(db), iv_a, iv_b):
                    continue
                # each report tells this event on one day only
                days_a = {d for dd, d, w, _, _ in items if dd == da and len(w & who_a & who_b) >= 2}
                days_b = {d for dd, d, w, _, _ in items if dd == db and len(w & who_a & who_b) >= 2}
                if not (_one_day(iv_a, days_a) and _one_day(iv_b, days_b)):
                    continue
                key = frozenset(((da, span_a.start), (db, span_b.start)))
                if key in seen:
                    continue
                seen.add(key)
                versions = (
                    Version((da,), _shown(span_a.text, iv_a), (span_a,)),
                    Version((db,), _shown(span_b.text, iv_b), (span_b,)),
                )
                asked = "in which year" if _whole_year(iv_a) and _whole_year(iv_b) else "on which day"
                out.append(conflict(f"{asked}: {ca.text}", "date", versions))
    for f in statement_days(claims, docs, starts, pub, _surnames(analysis)) + scheduled_days(claims, docs, starts, pub):
        if not any((s.doc, s.start) in {(x.doc, x.start) for g in out for x in g.citations} for s in f.citations):
            out.append(f)
    return out


def year_of_repeatable_act(span: Span, docs: Mapping[str, Doc]) -> bool:
    """The year at ``span`` dates an act that happens more than once to its participants ("won
    the presidential election in 2008"): it tells which time, and another year is no conflict."""
    doc = docs.get(span.doc)
    tok = doc.char_span(span.start, span.end, alignment_mode="expand") if doc is not None else None
    verb = _event_verb(tok.root) if tok is not None and len(tok) else None
    return verb is not None and _act(verb) not in ONCE_VERBS


def _one_day(iv: tuple[str, str], told: set[tuple[str, str]]) -> bool:
    """A report tells the event on one day: every day it gives it overlaps ``iv``, the
    narrowest of them ("Saturday" and "earlier this week" are one day told twice;
    "Friday" and "Saturday" are two events, or an event and its sequel)."""
    return all(not _apart(iv, x) and _width(iv) <= _width(x) for x in told)


def _width(iv: tuple[str, str]) -> int:
    return (date.fromisoformat(iv[1]) - date.fromisoformat(iv[0])).days


def _known_to_both(pa: date | None, pb: date | None, iv_a: tuple[str, str], iv_b: tuple[str, str]) -> bool:
    """Both days are on or before both reports' publication dates: a report cannot
    contradict what happened after it was published."""
    if pa is None or pb is None:
        return False
    return max(iv_a[0], iv_b[0]) <= min(pa, pb).isoformat()


def _quoted_words(text: str) -> list[list[str]]:
    return [_WORD.findall((m.group("a") or m.group("b") or "").lower().replace("\u2019", "'")) for m in _QUOTED.finditer(text)]


def _said_in(act, sent, pattern: re.Pattern[str], verbs: int, nested: bool = False) -> list[re.Match[str]]:
    """The matches of ``pattern`` in ``sent`` that are what ``act`` says: the act governs
    them through at most ``verbs`` clause verbs and, unless ``nested``, no other verb of
    saying ("said Sunday he wasn't questioning ... when he referred to his 'phony
    theology'" does not say the quoted words on Sunday; "wrote that Trump had claimed a
    loss of $916 million" does publish the figure)."""
    doc = sent.doc
    # a noun of speech: what it says may hang from the verb above it ("stood by his
    # comment Monday that ...": the parser attaches the "that" clause to "stood")
    ends = {act.i}
    if act.pos_ == "NOUN":
        up = next((t for t in _governing(act) if t.pos_ in ("VERB", "AUX") and t.i != act.i), None)
        if up is not None:
            ends.add(up.i)
    out = []
    for m in pattern.finditer(sent.text):
        span = doc.char_span(sent.start_char + m.start(), sent.start_char + m.end(), alignment_mode="expand")
        if span is None or not len(span):
            continue
        between = 0
        for t in _governing(span.root):
            if t.i in ends:
                if between <= verbs:
                    out.append(m)
                break
            if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass"):
                if not nested and (t.lemma_.lower() in REPORTING_VERBS or t.lemma_.lower() in ("refer", "call")):
                    break
                between += 1
    return out


def _shared_run(a: list[list[str]], b: list[list[str]], n: int = 2) -> bool:
    """``n`` or more words in a row of a quote of each, ``n - 1`` content words among them
    (one of two: "very hard"; two of three: "Islam hates us")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    for qa in a:
        runs = {tuple(qa[i:i + n]) for i in range(len(qa) - n + 1)}
        for qb in b:
            for i in range(len(qb) - n + 1):
                run = tuple(qb[i:i + n])
                if run in runs and sum(w not in STOP_WORDS for w in run) >= n - 1:
                    return True
    return False


def _speaker(tok, entity_at, surnames: Mapping[str, str]) -> str | None:
    """The resolved entity of a reporting verb's subject or a speech noun's possessor;
    for a name the resolution left out, the entity whose name ends in it."""
    deps = ("poss",) if tok.pos_ in ("NOUN", "PROPN") else ("nsubj", "nsubjpass")
    for c in tok.children:
        if c.dep_ in deps:
            for t in (c, *c.children):
                ent = entity_at(t)
                if ent is not None:
                    return ent
            if c.pos_ == "PROPN":
                return surnames.get(c.lower_, c.lower_)
    return None


def _surnames(analysis: StoryAnalysis) -> dict[str, str]:
    """The last word of each person's name -> the entity, when only one person has it."""
    seen: dict[str, set[str]] = {}
    for e in analysis.entities:
        if e.type == "PERSON" and e.name.split():
            seen.setdefault(e.name.split()[-1].lower(), set()).add(e.id)
    return {w: next(iter(ids)) for w, ids in seen.items() if len(ids) == 1}


def _dated_statement(span):
    """The reporting/publishing verb or the speech noun a time expression dates, or None:
    a noun of speech right before the time ("his comment Monday", "his statement on
    Wednesday"), else the verb of its clause when it is one of saying or publishing."""
    doc = span.doc
    k = span.start - 1
    if k >= 0 and doc[k].lower_ in ("on", "of", "from"):
        k -= 1
    if k >= 0 and doc[k].lower_ in _SPEECH_NOUNS and doc[k].pos_ == "NOUN":
        return doc[k]
    verb = _event_verb(span.root)
    if verb is None:
        return None
    lemma = verb.lemma_.lower()
    if lemma in _PUBLISHING or lemma in REPORTING_VERBS:
        return verb
    return None


def _statement_hedged(tok) -> bool:
    """A negated, modal or conditional statement (a noun: its governing verb's)."""
    verb = tok
    k = 0
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i and k < 6:  # up to a verb or the root
        verb, k = verb.head, k + 1
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    for c in verb.children:
        if c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in _MODALS):
            return True
    return _under_condition(verb)


def statement_days(claims: Sequence[Claim], docs: Mapping[str, Doc],
                   starts: Mapping[str, list[tuple[int, int, str]]], pub: Mapping[str, date | None],
                   surnames: Mapping[str, str]) -> list[Finding]:
    """One statement — the same speaker, the same quoted words or (published) figure —
    told on days that cannot overlap by two reports (see the module docstring)."""
    # (doc, days, speaker, quoted words, figures, publishing, time span, claim)
    rows = []
    for c, t, iv, span, entity_at in _dated_spans(claims, docs, starts, pub):
        act = _dated_statement(span)
        if act is None or _statement_hedged(act) or any(ch.lower_ in _REPEAT for ch in act.children):
            continue
        who = _speaker(act, entity_at, surnames)
        sent = span.sent
        quotes = _quoted_words(" ".join(m.group(0) for m in _said_in(act, sent, _QUOTED, 1)))
        figures = frozenset(m.group(0).replace(",", "") for m in _said_in(act, sent, _FIGURE, 2, nested=True)
                            if not re.fullmatch(r"(?:19|20)\d\d", m.group(0)))
        publishing = act.pos_ == "VERB" and act.lemma_.lower() in _PUBLISHING
        if quotes or (publishing and figures):
            rows.append((c.doc, iv, who, quotes, figures, publishing, Span(t.doc, t.start, t.end, t.text), c))

    def same(a, b) -> bool:
        if a[2] is None or b[2] is None:  # a speaker left unresolved ("his statement"): a longer quote
            return _shared_run(a[3], b[3], 3)
        return a[2] == b[2] and (_shared_run(a[3], b[3]) or (a[5] and b[5] and bool(a[4] & b[4])))

    out: list[Finding] = []
    seen: set[frozenset] = set()
    for x, a in enumerate(rows):
        for b in rows[x + 1:]:
            if a[0] == b[0] or not _apart(a[1], b[1]) or not same(a, b):
                continue
            if not _known_to_both(pub.get(a[0]), pub.get(b[0]), a[1], b[1]):
                continue
            # each report tells this statement on one day only
            if not (_one_day(a[1], {r[1] for r in rows if r[0] == a[0] and same(r, b)})
                    and _one_day(b[1], {r[1] for r in rows if r[0] == b[0] and same(r, a)})):
                continue
            key = frozenset(((a[0], a[6].start), (b[0], b[6].start)))
            if key in seen:
                continue
            seen.add(key)
            versions = (Version((a[0],), _shown(a[6].text, a[1]), (a[6],)), Version((b[0],), _shown(b[6].text, b[1]), (b[6],)))
            out.append(conflict(f"on which day: {a[7].text}", "date", versions))
    return out


def _scheduled_event(span):
    """The scheduled event a time expression dates, or None: the noun of such an event that a
    verb of scheduling dated by it holds, fixes or sets ("The primary would be held on April
    30", "will hold special-election primaries in mid May", "the election slated for June
    25"). A date merely naming an event ("next Thursday's election", "after the November
    elections") states no schedule: a story may tell of several elections."""
    verb = _event_verb(span.root)
    if verb is not None and _planned_act(verb):
        return verb
    if verb is None or verb.lemma_.lower() not in SCHEDULING_VERBS:
        return None
    planned = next((c for c in verb.children if c.dep_ == "xcomp" and _planned_act(c)), None)
    if planned is not None:
        return planned  # "is scheduled to vote ... on Tuesday", the day read on "scheduled"
    if verb.dep_ == "acl" and verb.head.lemma_.lower() in SCHEDULED_EVENTS:
        return verb.head
    return next((c for c in verb.children if c.dep_ in ("nsubjpass", "dobj") and c.lemma_.lower() in SCHEDULED_EVENTS), None)


def _planned_act(verb) -> bool:
    """A scheduled event told by its verb as planned, with who does it: "Parliament will vote on
    the budget on March 12", "the Senate is scheduled to vote on Tuesday" (not "voted")."""
    if verb.pos_ != "VERB" or verb.lemma_.lower() not in SCHEDULED_EVENTS or _doer(verb) is None:
        return False
    return (any(c.dep_ == "aux" and c.lower_ in ("will", "'ll") for c in verb.children)
            or (verb.dep_ == "xcomp" and verb.head.lemma_.lower() in SCHEDULING_VERBS))


def _doer(verb):
    """Who does a planned act: its subject, or the subject of the verb of scheduling it completes."""
    holder = verb.head if verb.dep_ == "xcomp" else verb
    return next((c for c in [*verb.children, *holder.children] if c.dep_ in ("nsubj", "nsubjpass")), None)


def _event_kind(noun, entity_at) -> frozenset[str]:
    """What tells this event from others of its kind: the kind words and the entities
    modifying its noun ("the Democratic primary", "the New Hampshire primary", "the
    primary in Iowa"), and what it is for or of ("the election for majority leader": leader)."""
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod", "nmod", "poss")]
    mods += [g for c in noun.children if c.dep_ == "prep" and c.lower_ == "in" for g in c.children if g.dep_ == "pobj"]
    out = set()
    for t in (x for m in mods for x in m.subtree):
        ent = entity_at(t)
        if ent is not None:
            out.add(f"@{ent}")
        elif t.lower_ in EVENT_KIND_WORDS:
            out.add(t.lower_)
    for c in noun.children:
        if c.dep_ == "prep" and c.lower_ in ("for", "of", "on"):
            out.update(g.lemma_.lower() for g in c.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN"))
    if noun.pos_ == "VERB":
        # what is voted on is written out ("the tax bill" / "the farm bill": two votes)
        out.update(m.lemma_.lower() for c in noun.children if c.dep_ == "prep" and c.lower_ in ("for", "of", "on")
                   for g in c.children if g.dep_ == "pobj" for m in g.children
                   if m.dep_ in ("compound", "amod") and m.is_alpha)
        # who does a planned act is part of which event it is: the House's vote and the Senate's are two
        doer = _doer(noun)
        ent = entity_at(doer) if doer is not None else None
        out.add(f"@{ent}" if ent is not None else f"by:{doer.lemma_.lower()}" if doer is not None else "by:")
    return frozenset(out)


def _plan_hedged(tok) -> bool:
    """A plan told under a negation, a hedging modal or a condition ("could be held", "if
    the vote is held"); "will" and "would" tell a plan as it stands."""
    verb = tok if tok.pos_ in ("VERB", "AUX") else next((t for t in _governing(tok) if t.pos_ in ("VERB", "AUX")), None)
    if verb is None:
        return False
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in ("may", "might", "could", "should")) for c in verb.children):
        return True
    return any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for t in _governing(verb) for c in t.children)


def scheduled_days(claims: Sequence[Claim], docs: Mapping[str, Doc],
                   starts: Mapping[str, list[tuple[int, int, str]]], pub: Mapping[str, date | None]) -> list[Finding]:
    """One scheduled event (an election, a primary, a hearing, a vote: the same noun, the same
    kind words and entities on it) that two reports published within a day of each other put
    on days that cannot overlap, both after both publications, each report giving it one day only ("The primary would be held
    on April 30" vs "will hold special-election primaries in mid May"): a ``date`` conflict.
    A plan may change: reports of days further apart may both be right."""
    rows = []
    for c, t, iv, span, entity_at in _dated_spans(claims, docs, starts, pub):
        noun = _scheduled_event(span)
        if noun is None or _plan_hedged(noun):
            continue
        name = noun.lemma_.lower()
        key = ("caucus" if name.startswith("caucus") else name, _event_kind(noun, entity_at))
        rows.append((c.doc, iv, key, Span(t.doc, t.start, t.end, t.text), c))
    out: list[Finding] = []
    for x, (da, iv_a, key_a, span_a, ca) in enumerate(rows):
        for db, iv_b, key_b, span_b, _ in rows[x + 1:]:
            pa, pb = pub.get(da), pub.get(db)
            if da == db or key_a != key_b or not _apart(iv_a, iv_b) or pa is None or pb is None or abs((pa - pb).days) > 1:
                continue
            if min(iv_a[0], iv_b[0]) <= max(pa, pb).isoformat():
                continue  # a day already past is the event's, not the plan's (date_conflicts)
            if not (_one_day(iv_a, {r[1] for r in rows if r[0] == da and r[2] == key_a})
                    and _one_day(iv_b, {r[1] for r in rows if r[0] == db and r[2] == key_a})):
                continue
            versions = (Version((da,), _shown(span_a.text, iv_a), (span_a,)), Version((db,), _shown(span_b.text, iv_b), (span_b,)))
            out.append(conflict(f"on which day: {ca.text}", "date", versions))
    return out
