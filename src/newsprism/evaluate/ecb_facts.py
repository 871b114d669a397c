"""Corroborated facts against ECB+ cross-document event coreference: a public measure nobody tuned for.

ECB+ (Cybulska & Vossen 2014; the dev split as preprocessed by Cattan et al. 2021:
``dev_text.txt``, ``dev_event_gold_mentions.json``, ``dev_entity_gold_mentions.json``) holds
many news reports of one event per *subtopic* (the ECB or the ECB+ half of a topic: two
similar events, e.g. two Oscar hosts announced), with the events of selected sentences
annotated and linked across documents. Each subtopic is analysed as one story by the full
pipeline (:func:`newsprism.pipeline.run_pipeline`, as ``analyze`` does): each document its
own outlet, no dates, the text rebuilt from the tokens as :mod:`newsprism.evaluate.ecbplus`
rebuilds it (tokens joined by single spaces) but each sentence a paragraph of its own: ECB+
keeps no paragraphs, and a headline, dateline or address line without an end mark would
otherwise run into the sentence after it.

Definitions (scored per subtopic):

- an *annotated* sentence holds at least one gold event or entity mention (ECB+ annotates
  only the sentences it selected; the others are unknown, never scored);
- a *saying* chain is an event chain most of whose mentions are plain verbs of saying
  (head lemma in :data:`newsprism.lexicon.PLAIN_SAYING_VERBS`: "said", "told"): two reports
  that each say "police said" do not share a fact by it;
- a *gold pair*: two annotated sentences of different documents that share an event chain
  that is not a saying chain ("Jackson was arrested ..." / "the arrest of Jackson ...");
  *main* gold pairs share one of the subtopic's main chains (those in the most documents);
- **recall**: the share of gold pairs whose two sentences are both cited, with match strength
  ``same fact``, by one corroborated fact (``findings.corroborated``; ``partly`` support never
  counts); ``main_recall`` the same over the main gold pairs;
- ``sentence_recall``: the share of annotated sentences with a gold partner that one
  corroborated fact cites together with one of their partners (a fact told by eleven reports
  holds 55 pairs; by sentence, each report's sentence counts once);
- **precision**: of the cross-document sentence pairs the corroborated facts cite (``same
  fact`` support) where both sentences are annotated, the share that are gold pairs;
- **unscored**: corroborated facts whose cited sentences all lie outside the annotated ones
  (counted and reported, not scored).

Halves: topics 2, 12, 21, 34 may be read while tuning (``tune``), topics 5, 18, 23, 35 are
held out (``held``): the halves of :data:`newsprism.evaluate.ecbplus.TUNING_TOPICS`.
Macro: the mean over the subtopics of a half (a subtopic with no gold pair, or no scored pair,
has no recall, or precision, and is left out of that mean); pooled: the counts summed.

Run: ``python -m newsprism.evaluate.ecb_facts [DATA_DIR] [--show] [--embedder transformer]`` (``--show``
prints the tuning half's misses and false links beside the sentences, never the held-out half's;
``--embedder transformer``: the alignment's sentence vectors from the full all-MiniLM-L6-v2
transformer, the ``[embeddings]`` extra, instead of the packaged static model).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from newsprism.evaluate.ecbplus import TUNING_TOPICS, read_text
from newsprism.lexicon import PLAIN_SAYING_VERBS

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language

    from newsprism.model import Findings

__all__ = [
    "EcbStory", "read_sentences", "load_stories", "saying_chains", "gold_pairs", "cited_sentences",
    "score_story", "evaluate_ecb_facts",
]

Sent = tuple[str, int]  # (doc id, sentence id)
Pair = tuple[Sent, Sent]  # ordered: the smaller first


@dataclass(frozen=True)
class EcbStory:
    """One subtopic: its documents, each sentence's character span, the annotated sentences
    and the event chains (saying chains left out) each annotated sentence mentions."""

    name: str  # "12ecb", "12ecbplus"
    half: str  # "tune" or "held"
    texts: Mapping[str, str]  # doc id -> rebuilt text
    sentences: Mapping[str, tuple[tuple[int, int, int], ...]]  # doc id -> (sentence id, start, end)
    annotated: frozenset[Sent]
    chains: Mapping[Sent, frozenset[str]]  # annotated sentence -> its event chains (saying chains left out)
    main_chains: frozenset[str]  # the chains found in the most documents


def subtopic_of(doc_id: str) -> str:
    """The ECB or ECB+ half of a topic a document belongs to ("12_3ecbplus.xml" -> "12ecbplus")."""
    topic, rest = doc_id.split("_", 1)
    return topic + ("ecbplus" if "ecbplus" in rest else "ecb")


def half_of(subtopic: str) -> str:
    topic = "".join(ch for ch in subtopic if ch.isdigit())
    return "tune" if topic in TUNING_TOPICS else "held"


# ECB+ gives each sentence its bounds but no paragraphs: each is written as its own paragraph,
# so that a line with no end mark (a headline, a dateline, the source's address) stays a
# sentence of its own, as the annotators read it, instead of running into the next
_BREAK = "\n\n"


def read_sentences(path: Path) -> tuple[dict[str, str], dict[str, list[tuple[int, int, int]]], dict[str, list[tuple[int, int]]]]:
    """Each document's text rebuilt from the token TSV by :func:`newsprism.evaluate.ecbplus.read_text`
    (each sentence a paragraph), its sentences as (sentence id, start, end) and its tokens'
    (start, end) in file order."""
    read = read_text(path, sentence_break=_BREAK)
    return read.texts, read.sentences, read.tokens


def saying_chains(heads: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The chains most of whose mentions' head lemmas are plain verbs of saying, from
    (chain, head lemma) pairs, one per mention."""
    saying: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for chain, lemma in heads:
        total[chain] += 1
        saying[chain] += lemma.lower() in PLAIN_SAYING_VERBS
    return frozenset(c for c, n in total.items() if 2 * saying[c] > n)


def _head_lemmas(records: Sequence[Mapping[str, Any]], texts: Mapping[str, str],
                 sentences: Mapping[str, Sequence[tuple[int, int, int]]],
                 tokens: Mapping[str, Sequence[tuple[int, int]]], nlp: "Language") -> list[str]:
    """The head lemma of each event mention, from a parse of its sentence alone."""
    where: list[tuple[str, int, int, int]] = []  # (sentence key, sentence start, mention start, end)
    keys: dict[tuple[str, int], str] = {}
    for r in records:
        doc, ids = r["doc_id"], r["tokens_ids"]
        s_start, s_end = next((a, b) for s, a, b in sentences[doc] if s == int(r["sent_id"]))
        keys.setdefault((doc, s_start), texts[doc][s_start:s_end])
        where.append((doc, s_start, tokens[doc][min(ids)][0], tokens[doc][max(ids)][1]))
    order = list(keys)
    parsed = dict(zip(order, nlp.pipe(keys[k] for k in order)))
    lemmas = []
    for doc, s_start, start, end in where:
        parse = parsed[(doc, s_start)]
        span = parse.char_span(start - s_start, end - s_start, alignment_mode="expand")
        lemmas.append((span.root.lemma_ if span is not None and len(span) else texts[doc][start:end]).lower())
    return lemmas


def load_stories(data_dir: Path, nlp: "Language", split: str | None = None) -> list[EcbStory]:
    """The subtopics of one ECB+ split (dev by default), documents with any gold mention."""
    from newsprism.evaluate.splits import ecb_split

    data_dir = Path(data_dir)
    split = ecb_split(data_dir, split)
    texts, sentences, tokens = read_sentences(data_dir / f"{split}_text.txt")
    events = [r for r in json.loads((data_dir / f"{split}_event_gold_mentions.json").read_text(encoding="utf-8"))
              if r["doc_id"] in texts and r["tokens_ids"]]
    entity_file = data_dir / f"{split}_entity_gold_mentions.json"
    entities = json.loads(entity_file.read_text(encoding="utf-8")) if entity_file.is_file() else []
    annotated = {(r["doc_id"], int(r["sent_id"])) for r in (*events, *entities) if r["doc_id"] in texts}
    saying = saying_chains(zip((str(r["coref_chain"]) for r in events), _head_lemmas(events, texts, sentences, tokens, nlp)))
    chains: dict[Sent, set[str]] = defaultdict(set)
    chain_docs: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for r in events:
        chain = str(r["coref_chain"])
        chain_docs[subtopic_of(r["doc_id"])][chain].add(r["doc_id"])
        if chain not in saying:
            chains[(r["doc_id"], int(r["sent_id"]))].add(chain)
    stories = []
    annotated_docs = {d for d, _ in annotated}
    for name in sorted({subtopic_of(d) for d in annotated_docs}, key=lambda s: (int("".join(c for c in s if c.isdigit())), s)):
        docs = sorted(d for d in annotated_docs if subtopic_of(d) == name)
        mine = set(docs)
        spread = {c: len(ds) for c, ds in chain_docs[name].items() if c not in saying}
        top = max(spread.values(), default=0)
        stories.append(EcbStory(
            name=name, half=half_of(name),
            texts={d: texts[d] for d in docs},
            sentences={d: tuple(sentences[d]) for d in docs},
            annotated=frozenset(s for s in annotated if s[0] in mine),
            chains={s: frozenset(c) for s, c in chains.items() if s[0] in mine},
            main_chains=frozenset(c for c, n in spread.items() if n == top and n > 1),
        ))
    return stories


def gold_pairs(story: EcbStory, main: bool = False) -> set[Pair]:
    """Annotated sentences of two documents sharing an event chain (``main``: a main chain)."""
    out: set[Pair] = set()
    by_chain: dict[str, list[Sent]] = defaultdict(list)
    for sent, chains in story.chains.items():
        for c in chains:
            if not main or c in story.main_chains:
                by_chain[c].append(sent)
    for sents in by_chain.values():
        for a, b in combinations(sorted(set(sents)), 2):
            if a[0] != b[0]:
                out.add((a, b))
    return out


def _sentence_at(story: EcbStory, doc: str, start: int, end: int) -> list[Sent]:
    return [(doc, s) for s, a, b in story.sentences.get(doc, ()) if a < end and start < b]


def cited_sentences(story: EcbStory, findings: "Findings") -> list[frozenset[Sent]]:
    """Per corroborated fact, the sentences its ``same fact`` support cites (its citations when
    it carries no support record)."""
    out = []
    for f in findings.corroborated:
        spans = [s.citation for s in f.support if s.strength == "same fact"] if f.support else list(f.citations)
        out.append(frozenset(x for c in spans for x in _sentence_at(story, c.doc, c.start, c.end)))
    return out


def _cross_pairs(sents: frozenset[Sent]) -> set[Pair]:
    return {(a, b) for a, b in combinations(sorted(sents), 2) if a[0] != b[0]}


def score_story(story: EcbStory, findings: "Findings") -> dict[str, Any]:
    """Counts of one subtopic: gold pairs found, cited pairs scored and right, facts unscored."""
    gold, main = gold_pairs(story), gold_pairs(story, main=True)
    facts = cited_sentences(story, findings)
    linked: set[Pair] = set()
    for sents in facts:
        linked |= _cross_pairs(sents)
    scored = {p for p in linked if p[0] in story.annotated and p[1] in story.annotated}
    # a sentence with a gold partner is found when one fact cites it with one of them
    gold_sents = {s for p in gold for s in p}
    found_sents = {s for p in gold & linked for s in p}
    return {
        "gold": len(gold), "found": len(gold & linked),
        "gold_sentences": len(gold_sents), "found_sentences": len(found_sents), "main_gold": len(main), "main_found": len(main & linked),
        "scored": len(scored), "right": len(scored & gold), "facts": len(facts),
        "unscored_facts": sum(1 for s in facts if s and not (s & story.annotated)),
        "misses": sorted(gold - linked), "false": sorted(scored - gold),
    }


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def summarise(rows: Mapping[str, Mapping[str, Any]], prefix: str = "ecb_facts") -> dict[str, float]:
    """Macro (over subtopics) and pooled figures, for all subtopics and each half."""
    out: dict[str, float] = {}
    for part in ("all", "tune", "held"):
        chosen = [r for name, r in rows.items() if part == "all" or half_of(name) == part]
        if not chosen:
            continue
        key = prefix if part == "all" else f"{prefix}_{part}"
        for name, num, den in (("recall", "found", "gold"), ("main_recall", "main_found", "main_gold"),
                               ("sentence_recall", "found_sentences", "gold_sentences"),
                               ("precision", "right", "scored")):
            per = [v for v in (_ratio(r[num], r[den]) for r in chosen) if v is not None]
            if per:
                out[f"{key}_{name}"] = sum(per) / len(per)
            pooled = _ratio(sum(r[num] for r in chosen), sum(r[den] for r in chosen))
            if pooled is not None:
                out[f"{key}_{name}_pooled"] = pooled
        for count in ("gold", "found", "gold_sentences", "found_sentences", "scored", "right", "facts", "unscored_facts"):
            out[f"{key}_{count}"] = float(sum(r[count] for r in chosen))
        facts = sum(r["facts"] for r in chosen)
        out[f"{key}_unscored_share"] = sum(r["unscored_facts"] for r in chosen) / facts if facts else 0.0
        out[f"{key}_subtopics"] = float(len(chosen))
    return out


def evaluate_ecb_facts(
    data_dir: Path, nlp: "Language", split: str | None = None, embedder: Any = None,
    limit: int | None = None, per_story: dict[str, dict[str, Any]] | None = None,
) -> dict[str, float]:
    """Run the findings on each ECB+ subtopic and score their corroborated facts (module doc).
    ``per_story`` (a dict) receives each subtopic's counts, misses and false links."""
    from newsprism.model import Article, Findings
    from newsprism.pipeline import run_pipeline

    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder()
    started = time.perf_counter()
    stories = load_stories(data_dir, nlp, split)
    if limit is not None:
        stories = stories[:limit]
    rows: dict[str, dict[str, Any]] = {}
    for story in stories:
        articles = [Article(id=d, text=t, outlet=d) for d, t in story.texts.items()]
        analysis = run_pipeline(articles, nlp, embedder=embedder)
        rows[story.name] = score_story(story, analysis.findings or Findings())
    if per_story is not None:
        per_story.update(rows)
    out = summarise(rows)
    out["ecb_facts_seconds"] = round(time.perf_counter() - started, 2)
    return out


def _show(stories: Sequence[EcbStory], rows: Mapping[str, Mapping[str, Any]], limit: int = 15) -> list[str]:
    """The tuning half's misses and false links, each pair's two sentences (never the held half)."""
    lines = []
    for story in stories:
        if story.half != "tune" or story.name not in rows:
            continue
        row = rows[story.name]

        def text(s: Sent, story: EcbStory = story) -> str:
            _, a, b = next(x for x in story.sentences[s[0]] if x[0] == s[1])
            return f"[{s[0]}#{s[1]}] {story.texts[s[0]][a:b]}"

        lines.append(f"== {story.name}: found {row['found']}/{row['gold']}, right {row['right']}/{row['scored']}")
        for label, pairs in (("MISS", row["misses"]), ("FALSE", row["false"])):
            for a, b in pairs[:limit]:
                lines.append(f"{label}\n  {text(a)}\n  {text(b)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default = Path(__file__).resolve().parents[3].parent / "shared" / "datasets" / "ecbplus"
    parser.add_argument("data_dir", nargs="?", type=Path, default=default)
    parser.add_argument("--split", default=None, help="the files' prefix: dev (default), test, train")
    parser.add_argument("--show", action="store_true", help="print the tuning half's misses and false links")
    parser.add_argument("--embedder", choices=("static", "transformer"), default="static",
                        help="the sentence vectors of the alignment: the packaged static model (default) or the full "
                        "all-MiniLM-L6-v2 transformer (the [embeddings] extra)")
    args = parser.parse_args(argv)
    from newsprism.compare.embed import embedder_or_exit
    from newsprism.nlp import load_pipeline

    embedder = embedder_or_exit(args.embedder, "ecb_facts")
    nlp = load_pipeline()
    rows: dict[str, dict[str, Any]] = {}
    scores = evaluate_ecb_facts(args.data_dir, nlp, split=args.split, embedder=embedder, per_story=rows)
    if args.show:
        print("\n".join(_show(load_stories(args.data_dir, nlp, args.split), rows)))
    for name, row in rows.items():
        print(f"{name}\t{half_of(name)}\tgold {row['gold']}\tfound {row['found']}\tscored {row['scored']}\t"
              f"right {row['right']}\tsentences {row['found_sentences']}/{row['gold_sentences']}\tfacts {row['facts']}\tunscored {row['unscored_facts']}")
    for key, value in scores.items():
        print(f"{key}\t{value:.4f}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
