"""The parameters of the claim alignment (:mod:`newsprism.compare.align`) and of
its copy test (:mod:`newsprism.compare.copied_text`), in one record both read."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AlignParams"]


@dataclass(frozen=True)
class AlignParams:
    mutual_best_threshold: float = 0.55  # for two claims that are each other's best match
    threshold: float = 0.75  # combined score to call two claims the same fact
    # evidence beyond the embedding (terms + entities + events) every link needs:
    # static embeddings of two short sentences on one topic look alike
    min_evidence: float = 0.35
    top_k: int = 2  # a partner must rank among the best k of its document for the claim
    embedding_weight: float = 2.0  # on the mean of the two embedding parts: each weighs as much as the terms
    entity_weight: float = 0.5  # per rare shared entity (IDF / log N), capped at 2 entities
    # on the mean of the two lexical views: TF-IDF cosine of content-lemma stems
    # and sublinear TF-IDF cosine of word forms (the parser-free view)
    term_weight: float = 1.0
    event_weight: float = 0.5  # per rare shared event key (IDF / log N), capped at 2
    # shared role keys (a verb outside the event lexicon and its participant: "hire" foreign
    # "workers", see extract.claims.event_keys) count this much of the lexicon's keys: the
    # event mass is the larger of the two, each weighed among its own kind
    role_weight: float = 0.5
    strong: float = 1.0  # a score this high links when either side ranks the other in its top k
    max_facts_per_claim: int = 3
    per_doc: int = 2  # claims a fact may take from each document beyond its seed pair
    member_floor: float = 0.0  # a claim joining a fact scores at least this with both claims of its seed pair
    shingle_size: int = 5
    copy_containment: float = 0.5  # share of the shorter claim's shingles found in the other
    copy_min_shingles: int = 8  # and at least this many shared shingles (a common run of 12+ words)
    verbatim: float = 0.8  # both lexical cosines this high: the same words, whoever's they are
