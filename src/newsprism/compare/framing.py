"""Framing differences: what outlets *call* things, and what only some of them judge.

Two kinds, never conflicts (nothing here says an outlet is wrong):

- ``label`` — the words outlets choose for the same entity: the common noun
  they put before its name or in apposition ("North Korean *dictator* Kim Jong
  Un", "Kim, North Korea's *leader*", "a campaign *volunteer*"). An item lists,
  per outlet, its labels with citations, when two outlets label the entity and
  at least one label of each is absent from the other. Titles written as names
  ("Sen.", "President") are not labels: they are how a name is written.
- ``evaluative`` — a sentence in the reporter's own voice (no speaker, not a
  quote) that judges: it carries words of strong sentiment or judgement
  (VADER's lexicon, |valence| ≥ 1.5, or an intensifying/judging adverb such
  as "desperately", "apparently") and states no fact that another outlet
  states too. Listed per outlet: the others do not carry it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

from spacy.tokens import Doc

from newsprism.compare.align import quote_share
from newsprism.extract.claims import Claim
from newsprism.lexicon import REPORTING_VERBS, is_title
from newsprism.model import Fact, Framing, Label, Span, StoryAnalysis

__all__ = ["find_framing", "evaluative_words", "entity_labels"]

_LABEL_TYPES = frozenset({"PERSON", "ORG", "NORP", "GPE"})
# role nouns that describe a relation, not a judgement: two outlets choosing them differently is not framing
_NEUTRAL = frozenset(
    """man woman person people group member members official officials spokesman spokeswoman spokesperson
    candidate president chairman chairwoman director head chief representative year years time day week month
    one who wife husband son daughter father mother brother sister family friend statement report
    """.split()
)
# judging adverbs and hedges a reporter adds in their own voice
_JUDGING = frozenset(
    """apparently seemingly desperately clearly obviously notoriously infamously shockingly remarkably
    unabashedly stunningly blatantly brazenly dubiously controversially famously allegedly bizarrely
    """.split()
)
# verbs that characterise how someone spoke or acted instead of reporting it ("slammed" for "criticised")
_JUDGING_VERBS = frozenset(
    """slam blast lash rip bash tout boast brag trumpet rant rail decry scold berate mock taunt smear
    concede admit claim insist scramble plead beg dodge duck
    """.split()
)
# strong-valence words in VADER's lexicon that state a fact or a comparison, not a judgement
# ("dead", "illegal" immigrants, "like" California, "made it clear")
_FACTUAL = frozenset("like dead alive illegal legal clear free killed wounded injured".split())
# labels this close in meaning (static embedding cosine) are one label worded twice
# ("attorney" / "lawyer", 0.85), not a choice of frame ("dictator" / "leader", 0.42)
_SYNONYM = 0.75
_PLAIN_REPORTING = REPORTING_VERBS - frozenset("boast brag tout concede admit claim insist plead".split())
_MIN_VALENCE = 1.5


@lru_cache(maxsize=1)
def _lexicon() -> Mapping[str, float]:
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


def evaluative_words(tokens) -> list:
    """Tokens of a span that judge: strong-valence words (by form or lemma)
    and judging adverbs; not names, not inside quotation marks."""
    lex = _lexicon()
    out = []
    inside = False
    for tok in tokens:
        if tok.text in ("“", "”", '"'):
            inside = tok.text == "“" or (tok.text == '"' and not inside)
            continue
        # judgement sits in modifiers and manner ("fierce criticism", "slammed",
        # "desperately"); nouns name the topic ("war", "violence") and are not framing
        if inside:
            continue
        low, lemma = tok.lower_, tok.lemma_.lower()
        if tok.pos_ == "VERB":
            # characterising verbs of speech ("slammed", "boasted") — not the plain
            # reporting verbs the shared lexicon lists for who-says-it
            if lemma in _JUDGING_VERBS and lemma not in _PLAIN_REPORTING:
                out.append(tok)
            continue
        if tok.pos_ not in ("ADJ", "ADV"):
            continue
        if low in _FACTUAL or lemma in _FACTUAL:
            continue
        if low in _JUDGING or abs(lex.get(low, lex.get(lemma, 0.0))) >= _MIN_VALENCE:
            out.append(tok)
    return out


def entity_labels(analysis: StoryAnalysis, docs: Mapping[str, Doc]) -> dict[str, dict[str, list[tuple[str, Span]]]]:
    """entity id -> doc -> [(label lemma, citation)] from the parse: lower-case
    common nouns compounding or modifying a mention's name ("dictator Kim"),
    nouns in apposition ("Kim, the country's leader"), and the resolver's
    descriptors."""
    out: dict[str, dict[str, list[tuple[str, Span]]]] = {}
    for e in analysis.entities:
        if e.type not in _LABEL_TYPES:
            continue
        per_doc: dict[str, list[tuple[str, Span]]] = {}
        for m in e.mentions:
            doc = docs.get(m.doc)
            if doc is None:
                continue
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            head = span.root
            candidates = []
            # "North Korean dictator Kim Jong Un": nouns before the name in its noun phrase
            i = span.start - 1
            while i >= 0 and i >= span.start - 4 and (span.start <= doc[i].head.i < span.end or doc[i].head.i == i + 1):
                candidates.append(doc[i])
                i -= 1
            # "Kim, North Korea's leader": the name's appositive, or the noun it is appositive to
            candidates.extend(c for c in head.children if c.dep_ == "appos")
            if head.dep_ == "appos":
                candidates.append(head.head)
            for tok in candidates:
                # a title ("senator", "minister") is how a name is written, not a label the outlet chose
                if (tok.pos_ != "NOUN" or not tok.is_lower or tok.lemma_.lower() in _NEUTRAL or len(tok.text) < 3
                        or is_title(tok.text)):
                    continue
                # a hyphenated compound is one label ("fund-raiser", not "raiser")
                first = tok.i
                while first >= 2 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_ \
                        and not doc[first - 2].whitespace_:
                    first -= 2
                key = "".join(t.lower_ for t in doc[first : tok.i] if t.text != "-") + tok.lemma_.lower()
                lo = min(tok.left_edge.i, first) if tok.dep_ == "appos" or tok is head.head else first
                lo = max(lo, first - 3)
                words = doc[lo : tok.i + 1]
                per_doc.setdefault(m.doc, []).append((key, Span(m.doc, words.start_char, words.end_char, words.text)))
        if len(per_doc) >= 2:
            out[e.id] = per_doc
    return out


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


def _label_items(analysis: StoryAnalysis, docs: Mapping[str, Doc]) -> list[Framing]:
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    names = {e.id: e.name for e in analysis.entities}
    items = []
    found = entity_labels(analysis, docs)
    synonyms = _synonyms({h for per_doc in found.values() for rows in per_doc.values() for h, _ in rows})
    for eid, per_doc in found.items():
        heads = {d: {h for h, _ in rows} for d, rows in per_doc.items()}
        doc_ids = sorted(heads)

        def own(a: str, b: str) -> bool:
            """``a`` uses a label that ``b`` uses in no wording of its own."""
            return any(not any(h == g or frozenset((h, g)) in synonyms for g in heads[b]) for h in heads[a])

        differs = any(own(a, b) and own(b, a) for x, a in enumerate(doc_ids) for b in doc_ids[x + 1 :])
        if not differs:
            continue
        labels = []
        for d in doc_ids:
            seen: dict[str, Span] = {}
            for h, s in per_doc[d]:
                seen.setdefault(h, s)
            labels.append(Label(d, outlet_of.get(d), ", ".join(sorted(seen)), tuple(seen.values())))
        cites = tuple(s for lab in labels for s in lab.citations)
        items.append(Framing("", "label", f"how {names[eid]} is labelled", tuple(labels), tuple(doc_ids), cites))
    return items


def _evaluative_items(analysis: StoryAnalysis, claims: Sequence[Claim], facts: Sequence[Fact],
                      docs: Mapping[str, Doc], per_doc: int = 3) -> list[Framing]:
    outlet_of = {d.id: d.outlet for d in analysis.documents}
    shared = {s.claim for f in facts if len(f.docs) >= 2 for s in f.support if s.strength == "same fact"}
    found: dict[str, list[tuple[int, Claim, list]]] = {}
    vocab = {d: {t.lemma_.lower() for t in doc} for d, doc in docs.items()}
    for c in claims:
        if c.attribution is not None or c.id in shared or quote_share(c) > 0.2 or c.quotes:
            continue
        doc = docs.get(c.doc)
        if doc is None:
            continue
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is None:
            continue
        # a judging word another outlet also uses is the story's vocabulary, not one outlet's framing
        words = [w for w in evaluative_words(span) if not any(w.lemma_.lower() in vocab[d] for d in vocab if d != c.doc)]
        if words:
            found.setdefault(c.doc, []).append((len(words), c, words))
    if len({d for d in found}) == 0 or len(analysis.documents) < 2:
        return []
    items = []
    for d, rows in sorted(found.items()):
        rows.sort(key=lambda r: (-r[0], r[1].start))
        for _, c, words in rows[:per_doc]:
            label = ", ".join(dict.fromkeys(w.text for w in words))
            cites = (c.citation,)
            items.append(Framing("", "evaluative", f"only {outlet_of.get(d) or d} judges: {label}",
                                 (Label(d, outlet_of.get(d), label, cites),), (d,), cites))
    return items


def find_framing(analysis: StoryAnalysis, claims: Sequence[Claim], facts: Sequence[Fact],
                 docs: Mapping[str, Doc]) -> list[Framing]:
    """Every framing difference of the story, numbered R1, R2, ..."""
    if len(analysis.documents) < 2 or not docs:
        return []
    items = _label_items(analysis, docs) + _evaluative_items(analysis, claims, facts, docs)
    return [Framing(f"R{i}", f.kind, f.about, f.labels, f.docs, f.citations) for i, f in enumerate(items, 1)]
