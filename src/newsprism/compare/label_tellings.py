"""Beside one outlet's judging label of someone, the other outlets' own words of the same judgement.

"only NYT labels Stephen F. Lynch: “conservative Democrat”" is true of the labels — HuffPost gives
Lynch none — but HuffPost says the same of him in a sentence of its own: "Lynch holds more
conservative positions than Markey". A reader comparing the outlets needs that sentence beside the
label: the judgement is both outlets', and only its form (a label, a description) is one outlet's.
So for each other outlet, its first sentence that names the labelled entity (a mention of it; a
person also by the surname alone, which the resolver may leave out of the entity) and uses one of
the label's judging or lean words (their lemmas) of the entity — on its name, or in a clause whose
subject the name is — in the outlet's own voice — outside quotation marks, not in a clause reported
from someone else or negated — is shown beside the label.
"""

from __future__ import annotations

from typing import Collection, Mapping

from spacy.tokens import Doc, Token

from newsprism.compare.doc_reads import DocReads
from newsprism.compare.evaluative import reported_or_negated
from newsprism.compare.intensifiers import shown_words
from newsprism.compare.labels import JUDGING_NOUNS, inside_quotes
from newsprism.model import Entity, Label, Span, StoryAnalysis, outlet_key

__all__ = ["judgement_tellings"]


def _named_at(entity: Entity, doc_id: str, doc: Doc) -> list[int]:
    """The token indices at which ``doc`` names ``entity`` (each name's head word): its mentions, and
    for a person the surname written alone as a proper noun."""
    out = []
    for m in entity.mentions:
        if m.doc == doc_id:
            words = doc.char_span(m.start, m.end, alignment_mode="expand")
            if words is not None:
                out.append(words.root.i)
    parts = entity.name.split()
    if entity.type == "PERSON" and len(parts) >= 2:
        surname = parts[-1]
        out += [t.i for t in doc if t.text == surname and t.pos_ == "PROPN"]
    return sorted(set(out))


def _said_of(tok: Token, name: int) -> bool:
    """Whether ``tok`` is said of the one named at token ``name``: it modifies the name, or the clause
    it sits in has the name as its subject ("Lynch holds more conservative positions"; not "Markey
    holds more conservative positions than Lynch's rivals")."""
    if tok.head.i == name:
        return True
    verb = tok
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.i == name for c in verb.children)


def judgement_tellings(analysis: StoryAnalysis, docs: Mapping[str, Doc], entity: Entity, words: Collection[str],
                       labelled: str, reads: DocReads | None = None, shown: int = 14) -> list[Label]:
    """Per outlet other than ``labelled``'s (a document id), its first sentence naming ``entity`` that
    says one of ``words`` (lemmas, lower-case: a label's judging or lean words and a judging noun) in its
    own voice, as an adjective or adverb ("more conservative positions"; not "Democrats" for the party
    noun, "conservatives" for people) or a judging noun, its first ``shown`` words shown and the whole
    sentence cited; in the order of the story's documents."""
    wanted = frozenset(w.lower() for w in words)
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    own = outlet_key(outlet_of.get(labelled)) or labelled
    seen = {own}
    out: list[Label] = []
    for d in analysis.documents:
        key = outlet_key(d.outlet) or d.id
        doc = docs.get(d.id)
        if key in seen or doc is None:
            continue
        for i in _named_at(entity, d.id, doc):
            sent = doc[i].sent
            if any(t.lemma_.lower() in wanted and (t.pos_ in ("ADJ", "ADV") or t.lemma_.lower() in JUDGING_NOUNS)
                   and _said_of(t, i) and not inside_quotes(t, reads) and not reported_or_negated(t) for t in sent):
                out.append(Label(d.id, d.outlet, shown_words(sent.text, shown),
                                 (Span(d.id, sent.start_char, sent.end_char, sent.text),)))
                seen.add(key)
                break
    return out
