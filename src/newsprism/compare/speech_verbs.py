"""How outlets introduce one speaker's words: "Boehner *admitted*" in one outlet,
"Boehner *said*" in another.

A verb of attribution can do more than report: "admitted", "conceded" take what
was said as a truth given up; "claimed", "alleged", "insisted" put it in doubt;
"boasted", "complained" judge the manner (``lexicon.LOADED_SPEECH_VERBS``). One
item per resolved speaker for whom one outlet uses such a verb that another
outlet, introducing the same speaker with plain verbs only ("said", "told"),
never uses: each outlet's verbs, cited where they are written (the cue of a
direct quote, or of a claim reported from the speaker). The two verbs must
introduce one statement (:func:`same_statement`: the words said share content):
"insists" before one quote and "said" before another are two statements, not
two wordings of one. Never a conflict.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from spacy.tokens import Doc, Token

from newsprism.extract.claims import Claim
from newsprism.lexicon import LOADED_SPEECH_VERBS, PLAIN_SPEECH_VERBS
from newsprism.model import Framing, Label, Span, StoryAnalysis, outlet_key, possessive

__all__ = ["speech_verb_items", "same_statement"]


def _verb(doc: Doc | None, cue: Span) -> Token | None:
    """The verb of a cue in the parse ("admitted"), or None."""
    words = doc.char_span(cue.start, cue.end, alignment_mode="expand") if doc is not None else None
    if words is None or not len(words):
        return None
    verbs = [t for t in words if t.pos_ in ("VERB", "AUX")]
    return verbs[0] if verbs else words.root


def _introduces(verb: Token) -> bool:
    """Whether a loaded verb introduces words the speaker says: not negated ("didn't concede
    defeat"), not taking or giving up a thing ("conceded defeat", "claimed victory"), and said by
    the speaker named, not by someone of theirs ("Mr. Rubio's advisers privately conceded"), in a
    sentence, not a headline ("Republicans challenge Clinton claims on budget cuts": a noun the parse
    took for a verb, in a line with no end mark)."""
    if any(c.dep_ == "neg" for c in verb.children):
        return False
    last = [t for t in verb.sent if not t.is_space]
    if last and last[-1].text not in (".", "!", "?", "”", '"', "''", "’", ")", ":") and not last[-1].text.endswith("."):
        return False
    if any(c.dep_ == "dobj" for c in verb.children) and not any(c.dep_ in ("ccomp", "xcomp") for c in verb.children):
        return False
    subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    return not (subj and any(c.dep_ == "poss" for c in subj[0].children))


# what a statement says, by its content words: these parts of speech, no stop word
_CONTENT_POS = frozenset(("NOUN", "PROPN", "VERB", "ADJ", "NUM"))


def _said(doc: Doc | None, start: int, end: int, skip: Sequence[Span] = ()) -> frozenset[str]:
    """The content lemmas of ``[start, end)`` of ``doc`` (what a statement says), leaving out the
    words of ``skip`` (who says it and the verb: "House Speaker John Boehner admitted")."""
    words = doc.char_span(start, end, alignment_mode="expand") if doc is not None else None
    if words is None:
        return frozenset()
    return frozenset(t.lemma_.lower() for t in words if t.pos_ in _CONTENT_POS and not t.is_stop and t.is_alpha
                     and not any(s.start <= t.idx < s.end for s in skip))


def same_statement(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two reports of one speaker's words give one statement: two content words in
    common at least, and a third of the shorter one's ("Republicans could lose the House" /
    "a 1 in 3 chance that the Republicans will lose their majority in the House"); not two
    remarks of one interview ("We will win Florida" / "the debate was very civil")."""
    shared = len(a & b)
    return shared >= 2 and 3 * shared >= min(len(a), len(b))


def _sentence(doc: Doc | None, cue: Span) -> Span:
    """The sentence a cue is written in (the cue itself when the parse is missing)."""
    words = doc.char_span(cue.start, cue.end, alignment_mode="expand") if doc is not None else None
    if words is None or not len(words):
        return cue
    sent = words[0].sent
    return Span(cue.doc, sent.start_char, sent.end_char, sent.text)


def speech_verb_items(analysis: StoryAnalysis, claims: Sequence[Claim], docs: Mapping[str, Doc]) -> list[Framing]:
    """One item per speaker whose words the outlets introduce with differently loaded verbs."""
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    key_of = {d.id: outlet_key(d.outlet) or d.id for d in analysis.documents}
    names = {e.id: e.name for e in analysis.entities}
    # speaker -> outlet -> verb -> cue spans
    by: dict[str, dict[str, dict[str, list[Span]]]] = {}
    said: dict[tuple[str, int], frozenset[str]] = {}  # (doc, cue start) -> what the cue introduces

    def add(speaker: str | None, cue: Span | None, words: frozenset[str]) -> None:
        if speaker is None or cue is None or cue.doc not in key_of:
            return
        tok = _verb(docs.get(cue.doc), cue)
        verb = tok.lemma_.lower() if tok is not None else ""
        if verb not in LOADED_SPEECH_VERBS and verb not in PLAIN_SPEECH_VERBS:
            return
        if verb in LOADED_SPEECH_VERBS and tok is not None and not _introduces(tok):
            return
        spans = by.setdefault(speaker, {}).setdefault(key_of[cue.doc], {}).setdefault(verb, [])
        if all((s.doc, s.start) != (cue.doc, cue.start) for s in spans):
            spans.append(cue)
        said[(cue.doc, cue.start)] = said.get((cue.doc, cue.start), frozenset()) | words

    for q in analysis.quotes:
        add(q.speaker_entity, q.cue, _said(docs.get(q.doc), q.start, q.end))
    for c in claims:
        a = c.attribution
        if a is not None and a.kind == "reporting-verb":
            add(a.entity, a.cue, _said(docs.get(c.doc), c.start, c.end, [a.span] + ([a.cue] if a.cue else [])))
    items = []
    seen: set[frozenset[tuple[str, int]]] = set()
    for speaker, per_outlet in by.items():
        loaded = {o: {v for v in verbs if v in LOADED_SPEECH_VERBS} for o, verbs in per_outlet.items()}
        plain_only = [o for o in per_outlet if not loaded[o]]
        # an outlet's loaded verb for the speaker that another outlet, introducing them plainly, never
        # uses, each introducing one statement: only those cues are shown
        plain = [s for o in plain_only for v in per_outlet[o] for s in per_outlet[o][v]]
        pairs = [(s, p) for o in per_outlet for v in loaded[o] for s in per_outlet[o][v] for p in plain
                 if same_statement(said.get((s.doc, s.start), frozenset()), said.get((p.doc, p.start), frozenset()))]
        if not pairs:
            continue
        kept = {(s.doc, s.start) for pair in pairs for s in pair}
        per_outlet = {o: {v: [s for s in spans if (s.doc, s.start) in kept] for v, spans in verbs.items()}
                      for o, verbs in per_outlet.items()}
        per_outlet = {o: {v: spans for v, spans in verbs.items() if spans} for o, verbs in per_outlet.items()}
        per_outlet = {o: verbs for o, verbs in per_outlet.items() if verbs}
        loaded = {o: {v for v in verbs if v in LOADED_SPEECH_VERBS} for o, verbs in per_outlet.items()}
        plain_only = [o for o in per_outlet if not loaded[o]]
        # one speaker the resolver left as two entities ("Carson", "Ben Carson"): one item
        mark = frozenset((s.doc, s.start) for o in per_outlet for v in loaded[o] for s in per_outlet[o][v])
        if mark in seen:
            continue
        seen.add(mark)
        labels = []
        said_as: list[tuple[str, ...]] = []  # each label's verbs as written
        for o, verbs in sorted(per_outlet.items()):
            if not loaded[o] and o not in plain_only:
                continue
            chosen = sorted(loaded[o]) or sorted(verbs, key=lambda v: -len(verbs[v]))[:1]
            cues = [s for v in chosen for s in verbs[v][:2]]
            for doc_id in dict.fromkeys(s.doc for s in cues):  # one label per document
                mine = [s for s in cues if s.doc == doc_id]
                # the verb, then its sentence: what a reader checks the verb against
                cites = tuple(dict.fromkeys(x for s in mine for x in (s, _sentence(docs.get(s.doc), s))))
                words = tuple(dict.fromkeys(s.text for s in mine))
                said_as.append(words)
                labels.append(Label(doc_id, outlet_of.get(doc_id), ", ".join(words), cites))
        # each verb quoted on its own: a quoted stretch of a report is verbatim ("saying, said" is not)
        about = f"how the outlets introduce {possessive(names.get(speaker, speaker))} words: " + " vs ".join(
            ", ".join(f"“{v}”" for v in words) + f" ({lab.outlet or lab.doc})" for lab, words in zip(labels, said_as))
        items.append(Framing("", "label", about, tuple(labels), tuple(dict.fromkeys(lab.doc for lab in labels)),
                             tuple(c for lab in labels for c in lab.citations)))
    return items
