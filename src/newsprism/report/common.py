"""What every human-readable report shows, computed once for all formats."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from newsprism.compare.repeated_clauses import covering, printed_sentences
from newsprism.lexicon import PERSON_PRONOUNS
from newsprism.model import Entity, Figure, Finding, Findings, Quote, Span, StoryAnalysis, TimeExpr


def cite(doc: str, start: int, end: int) -> str:
    """A compact citation: document id and character span."""
    return f"[{doc}:{start}-{end}]"


def short_ids(analysis: StoryAnalysis) -> dict[str, str]:
    """Shortest unambiguous label per document for narrow displays ("000" for "000_98fe….txt").

    The Documents table of a report maps each label to its full id, so a short
    citation still names exactly one document.
    """
    ids = [d.id for d in analysis.documents]
    prefixes = [i.split("_")[0].rsplit(".", 1)[0] for i in ids]
    if len(set(prefixes)) == len(prefixes) and all(prefixes):
        return dict(zip(ids, prefixes))
    return {i: i for i in ids}


# what a report says of an article whose text names no outlet (no credit line, caption credit,
# page address or wire sign-off): never a guess, and no word a reader must decode
UNNAMED = "outlet not named in the text"


# what a report says when two or more reports give no summary sentence: the summary quotes a
# sentence only when every report it cites states all of it and it reads alone, so an empty summary
# is a finding, not a failure, and the reader should know why the section is missing
NO_SUMMARY = ("No summary: no report's sentence is stated whole by another report and reads on its own; "
              "the facts below are cited one by one.")


def single_source_shown(findings: Findings) -> tuple[Finding, ...]:
    """The one-outlet items a reader is shown: not one that repeats part of a sentence an item above
    prints (its ``repeats`` names that item: :mod:`newsprism.compare.repeated_clauses`). A
    left-over clause reads as no sentence and states nothing the item above does not; the JSON
    keeps it, marked."""
    return tuple(f for f in findings.single_source if f.repeats is None)


def single_source_shown_json(findings: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """:func:`single_source_shown` on the JSON contract's ``findings`` (the web pages read JSON):
    the items whose ``repeats`` is null. A report written before the key existed (a stored
    analysis) has the same rule applied to it, so every human-readable format hides the same
    left-over clauses."""
    items = list(findings.get("single_source", ()) or ())
    if all("repeats" in f for f in items):
        return [f for f in items if f.get("repeats") is None]

    def span(c: Mapping[str, Any]) -> Span:
        return Span(str(c.get("doc")), int(c.get("start", 0)), int(c.get("end", 0)), str(c.get("text") or ""))

    headline = {f.get("id"): f.get("headline") for f in findings.get("facts", ()) or () if f.get("headline")}
    above = []
    for key in ("corroborated", "conflicts", "disputes"):
        for item in findings.get(key, ()) or ():
            spans = [span(c) for c in item.get("citations", ())]
            if item.get("fact") in headline:
                spans.append(span(headline[item["fact"]]))
            above.append((str(item.get("id")), str(item.get("about") or ""), tuple(item.get("docs", ())), spans))
    printed = printed_sentences(above)
    return [f for f in items if covering([span(c) for c in f.get("citations") or ()], printed) is None]


def outlet_label(analysis: StoryAnalysis, doc_id: str) -> str:
    """The outlet a document is cited by in the Markdown report. Two or more articles whose text names
    no outlet each say which article they are ("outlet not named in the text — article 2", its place
    in the Documents table): "2 reports (outlet not named in the text, outlet not named in the text)"
    told the reader nothing of which two."""
    d = analysis.document(doc_id)
    if d.outlet:
        return d.outlet
    unnamed = [x.id for x in analysis.documents if not x.outlet]
    if len(unnamed) < 2:
        return UNNAMED
    return f"{UNNAMED} — article {[x.id for x in analysis.documents].index(doc_id) + 1}"


def shared_entities(analysis: StoryAnalysis) -> list[Entity]:
    """Entities named in more than one document, most widely covered first."""
    multi = [e for e in analysis.entities if len({m.doc for m in e.mentions}) > 1]
    return sorted(multi, key=lambda e: (-len({m.doc for m in e.mentions}), -len(e.mentions), e.name))


def local_entities(analysis: StoryAnalysis) -> list[Entity]:
    one = [e for e in analysis.entities if len({m.doc for m in e.mentions}) == 1]
    return sorted(one, key=lambda e: (-len(e.mentions), e.name))


def first_mentions(entity: Entity) -> list[tuple[str, int, int, str]]:
    """The first mention in each document (doc, start, end, text)."""
    seen: dict[str, tuple[str, int, int, str]] = {}
    for m in sorted(entity.mentions, key=lambda m: (m.doc, m.start)):
        seen.setdefault(m.doc, (m.doc, m.start, m.end, m.text))
    return list(seen.values())


@dataclass(frozen=True)
class SpeakerQuotes:
    speaker: str
    entity_id: str | None
    quotes: tuple[Quote, ...]


def quotes_by_speaker(analysis: StoryAnalysis) -> list[SpeakerQuotes]:
    """Quotes grouped under one heading per speaker: the entity's name, or for a speaker
    no entity holds, the words as written ("The statement" and "the statement" are one)."""
    groups: dict[tuple[str, str | None], list[Quote]] = defaultdict(list)
    spelled: dict[str, str] = {}
    for q in analysis.quotes:
        if q.speaker_entity:
            entity = analysis.entity(q.speaker_entity)
            key = (entity.name if entity else q.speaker or "unknown speaker", q.speaker_entity)
        else:
            name = q.speaker or "unknown speaker"
            folded = re.sub(r"^(?:the|a|an)\s+", "", name.lower())
            key = (spelled.setdefault(folded, name), None)
        groups[key].append(q)
    # a speaker no entity holds, written as an entity's name: one heading, not two alike
    named: dict[str, list[tuple[str, str | None]]] = defaultdict(list)
    for held in groups:
        if held[1] is not None:
            named[held[0].casefold()].append(held)
    for loose in [k for k in groups if k[1] is None]:
        owners = named.get(loose[0].casefold(), [])
        if len(owners) == 1:
            groups[owners[0]].extend(groups.pop(loose))
    return [
        SpeakerQuotes(name, eid, tuple(sorted(qs, key=lambda q: (q.doc, q.start))))
        for (name, eid), qs in sorted(groups.items(), key=lambda kv: (kv[0][0] == "unknown speaker", kv[0][0]))
    ]


@dataclass(frozen=True)
class QuotedSpeaker:
    """Who speaks the quoted words of an item that does not name them ("“Everyone should know, we
    love life and want to live.”", "Using a mournful expression, he added, ..."): the speaker as the
    report names them, and where."""

    name: str
    citation: Span


def quoted_speakers(analysis: StoryAnalysis, item: Finding) -> tuple[QuotedSpeaker, ...]:
    """The speakers of the quotations ``item``'s citations show (in part: a quotation may run over
    two sentences, or the item may end inside it) that the item itself does not name: a one-outlet
    sentence of quoted words, or one whose speaker is a pronoun, reads as words of no one when shown
    apart from the sentences before it; the quotes section knows who speaks them. A speaker whose
    name (its last word) the item writes, or whom its headline's pronoun note names, is left out; so
    is a quotation with no named speaker, and a few words quoted inside the reporter's sentence (a
    partial quote: "he opposed an “amnesty” policy"), whose sentence tells its speaker itself, and a
    speaker the item writes by name at the cue ("Holder recalled") or a description ("the statement").
    """
    named = item.referent.name if item.referent is not None else ""
    return _speakers(analysis.quotes, item.citations, item.about, named)


def quoted_speakers_json(analysis: Mapping[str, Any], item: Mapping[str, Any]) -> tuple[QuotedSpeaker, ...]:
    """:func:`quoted_speakers` on the JSON contract (the web pages read JSON): ``analysis`` the
    report, ``item`` one of its one-outlet items."""
    def span(c: Mapping[str, Any]) -> Span:
        return Span(str(c.get("doc")), int(c.get("start", 0)), int(c.get("end", 0)), str(c.get("text") or ""))

    quotes = [Quote(str(q.get("doc")), int(q.get("start", 0)), int(q.get("end", 0)), str(q.get("text") or ""),
                    q.get("speaker"), span(q["speaker_span"]) if q.get("speaker_span") else None,
                    partial=bool(q.get("partial")))
              for q in analysis.get("quotes", ()) or ()]
    referent = item.get("referent") or {}
    return _speakers(quotes, [span(c) for c in item.get("citations", ()) or ()], str(item.get("about") or ""),
                     str(referent.get("name") or ""))


def _speakers(quotes: Iterable[Quote], cites: Sequence[Span], about: str, named: str) -> tuple[QuotedSpeaker, ...]:
    shown = " ".join([about, *(c.text for c in cites)]).casefold()
    named = named.casefold()
    found: dict[str, QuotedSpeaker] = {}
    for q in quotes:
        where = q.speaker_span
        if q.partial or not q.speaker or where is None or not any(c.doc == q.doc and c.start < q.end and q.start < c.end for c in cites):
            continue
        if any(c.doc == where.doc and c.start <= where.start and where.end <= c.end for c in cites):
            continue  # the item names them
        if not q.speaker[:1].isupper():
            continue  # a description ("the statement"), no one's name: nothing a reader could look up
        last = q.speaker.split()[-1].casefold()
        if re.search(rf"(?<!\w){re.escape(last)}(?!\w)", shown) or (named and last in named.split()):
            continue
        if q.cue is not None and _named_at_cue(q.cue, cites):
            continue  # "..., Holder recalled": the item writes a speaker itself, whoever the quotes section read
        found.setdefault(q.speaker, QuotedSpeaker(q.speaker, where))
    return tuple(found.values())


def _named_at_cue(cue: Span, cites: Sequence[Span]) -> bool:
    """The citation holding a cue writes its speaker there: the word before the cue is no pronoun
    ("Holder recalled", "The officer yelled", "...,” said Payne"); "he said", "she told Fox News" do
    not — only then, or with no cue in the item (a bare quotation), is a speaker line added."""
    for c in cites:
        if c.doc != cue.doc or not (c.start <= cue.start and cue.end <= c.end):
            continue
        before = c.text[:cue.start - c.start].split()[-1:]
        return bool(before) and before[0].strip(",.;:!?\"“”'‘’()").lower() not in _PRONOUNS
    return False


_PRONOUNS = PERSON_PRONOUNS | frozenset("they it we i you".split())  # "he said": no name at the cue


def figure_value(figure: Figure) -> str:
    """How a report shows a figure: in words when the source wrote it in words ("thousands",
    "dozens", "two": never "1,000", "12", "2"), else the number with its qualifier."""
    if not any(ch.isdigit() for ch in figure.text):
        return figure.text
    value = figure.value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = f"{value:,}" if isinstance(value, int) else str(value)
    return f"{figure.qualifier} {text}" if figure.qualifier else text


def timeline(analysis: StoryAnalysis) -> list[TimeExpr]:
    """Resolved time expressions in date order (unresolved ones are left out)."""
    resolved = [t for t in analysis.times if t.resolved]
    return sorted(resolved, key=lambda t: (t.resolved or "", t.doc, t.start))


def timeline_when(item: Finding) -> str:
    """What a reader sees as a timeline row's time: the resolved date, else the time as
    the text writes it ("Tuesday night", "6 a. m."). A time of day with no known date is
    stored as "T06:00" (ISO 8601) in the JSON; shown as written, never as that key."""
    if item.when and not item.when.startswith("T"):
        return resolved_label(item.when)  # "2013-09-16 00:17", not the ISO key "2013-09-16T00:17"
    written = item.citations[0].text if item.citations else ""
    return " ".join(written.split()) or "undated"


def resolved_label(resolved: str | None) -> str:
    """A resolved time as a reader reads it: "2016-12-14", "2016-12-14 06:00", and a
    time of day with no known date ("T06:00" in the JSON) as "06:00, day unknown"."""
    if not resolved:
        return ""
    if resolved.startswith("T"):
        return f"{resolved[1:]}, day unknown"
    return resolved.replace("T", " ", 1)


def short_outlet(name: str) -> str:
    """A short label for an outlet: "The New York Times" -> "NYT", "Reuters" -> "Reuters"; a
    site known only by its address keeps it whole ("deadline.com", not "deadline.")."""
    bare = name.strip()
    if "." in bare and not any(ch.isspace() for ch in bare):
        return bare
    if bare.lower().startswith("the "):
        bare = bare[4:].strip()
    if len(bare) <= 9:
        return bare or name.strip()
    words = [w for w in bare.replace("-", " ").split() if w[:1].isalnum()]
    initials = "".join(w[0] for w in words if w.lower() not in ("of", "and", "the", "&")).upper()
    return initials if len(initials) >= 2 else bare[:9].rstrip()


def outlet_labels_for(docs: "list[tuple[str, str | None]]") -> dict[str, tuple[str, str]]:
    """doc id -> (short label, full name), unique per document: "NYT", "AP", "AP 2" for a
    second AP article, "Article 3" when the text names no outlet. Labels are what a reader
    sees in citations (``[NYT 0-232]``); a legend maps them to full names once."""
    out: dict[str, tuple[str, str]] = {}
    used: dict[str, int] = {}
    owner: dict[str, str] = {}  # label -> the outlet it stands for
    for i, (doc, outlet) in enumerate(docs, start=1):
        if outlet and outlet.strip():
            label = short_outlet(outlet)
            if owner.setdefault(label, outlet) != outlet:  # two outlets, one abbreviation: spell it out
                label = outlet.strip()
            full = outlet.strip()
        else:
            label, full = f"Article {i}", f"Article {i} ({UNNAMED})"
        used[label] = used.get(label, 0) + 1
        if used[label] > 1:
            label = f"{label} {used[label]}"
        out[doc] = (label, full)
    return out


def outlet_labels(analysis: StoryAnalysis) -> dict[str, tuple[str, str]]:
    return outlet_labels_for([(d.id, d.outlet) for d in analysis.documents])


def named_by_label(text: str, labels: Mapping[str, str]) -> str:
    """``text`` (a finding's ``about``) with each document id in it written as the label the
    report cites that document by: a framing item names an outlet it has no name for by its
    document id ("only 2_3ecb.txt judges: ..."), while its lines cite "Article 4"; a reader
    must see one name for one report. ``labels``: doc id -> label, for the documents whose
    outlet is unknown (an outlet's name is already what the about says)."""
    ids = sorted((d for d in labels if d and labels[d] != d), key=len, reverse=True)
    if not ids or not any(d in text for d in ids):
        return text
    pattern = re.compile(r"(?<![\w./-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w/-])")
    return pattern.sub(lambda m: labels[m.group()], text)
