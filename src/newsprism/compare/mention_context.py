"""What a mention means in its sentence, from the full all-MiniLM-L6-v2 transformer (the
optional ``[embeddings]`` extra), for the resolver's optional context rule.

A mention's vector is the mean of the transformer's last-layer vectors of the word pieces its
characters cover, read in the mention's own sentence: "the brigands" of a piracy report and
"the pirates" of another come out close though their words are not (a static word vector put
"pirate" / "brigand" at 0.14). :func:`context_vectors` needs torch and sentence-transformers
and is imported only where it is called; :func:`similar_context_pairs` is the rule that reads
the vectors, on numpy alone. Without vectors the resolver works as before.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc

    from newsprism.compare.embed import SentenceTransformerEmbedder
    from newsprism.compare.mention_items import Item
    from newsprism.model import Mention

__all__ = ["context_vectors", "similar_context_pairs", "CONTEXT_THRESHOLD", "MentionKey"]

MentionKey = tuple[str, int, int]  # (doc id, start, end) of a mention

# cosine of two entities' mean common-noun context vectors from which they are one (read on
# the ECB+ tuning half: 0.65 ... 0.8 tried, 0.7 best there)
CONTEXT_THRESHOLD = 0.7


def context_vectors(
    mentions: Sequence["Mention"], docs: Mapping[str, "Doc"], embedder: "SentenceTransformerEmbedder | None" = None,
    batch_size: int = 64,
) -> dict[MentionKey, np.ndarray]:
    """A unit vector per mention whose document is parsed: the transformer's reading of the
    mention's characters in its sentence. Needs the ``[embeddings]`` extra."""
    import torch

    if embedder is None:
        from newsprism.compare.embed import default_embedder

        embedder = default_embedder("transformer")  # type: ignore[assignment]
    model: Any = embedder.model  # type: ignore[union-attr]
    tokenizer, bert = model.tokenizer, model[0].auto_model
    limit = int(getattr(model, "max_seq_length", 256) or 256)
    jobs: list[tuple[MentionKey, str, int, int]] = []
    for m in mentions:
        doc = docs.get(m.doc)
        span = doc.char_span(m.start, m.end, alignment_mode="expand") if doc is not None else None
        if span is None or not len(span):
            continue
        sent = span[0].sent
        jobs.append(((m.doc, m.start, m.end), sent.text, span.start_char - sent.start_char, span.end_char - sent.start_char))
    out: dict[MentionKey, np.ndarray] = {}
    with torch.no_grad():
        for first in range(0, len(jobs), batch_size):
            batch = jobs[first : first + batch_size]
            encoded = tokenizer([j[1] for j in batch], padding=True, truncation=True, max_length=limit,
                                return_tensors="pt", return_offsets_mapping=True)
            offsets = encoded.pop("offset_mapping").numpy()
            hidden = bert(**encoded).last_hidden_state.numpy()
            for row, (key, _, start, end) in enumerate(batch):
                pieces = [k for k, (a, z) in enumerate(offsets[row]) if z > a and a < end and z > start]
                if not pieces:
                    continue  # cut off past the model's length
                vector = hidden[row, pieces].mean(axis=0)
                norm = float(np.linalg.norm(vector))
                if norm:
                    out[key] = (vector / norm).astype(np.float32)
    return out


def similar_context_pairs(
    members: Mapping[int, Sequence["Item"]], event: Mapping[str, int], vectors: Mapping[MentionKey, np.ndarray],
    threshold: float = CONTEXT_THRESHOLD,
) -> list[tuple[int, int]]:
    """Pairs of entity roots to join: two entities of one event, each holding a common noun,
    not both named, of one number (most of their nouns plural or most not) and sharing no
    sentence, whose common nouns' mean context vectors have a cosine of ``threshold`` or more."""
    summaries: list[tuple[int, int, bool, bool, set[tuple[str, int]], np.ndarray]] = []
    for root, its in members.items():
        nouns = [it for it in its if it.kind == "nominal"]
        found = [vectors[k] for k in ((it.mention.doc, it.mention.start, it.mention.end) for it in nouns) if k in vectors]
        if not found:
            continue
        centre = np.mean(found, axis=0)
        centre = centre / (float(np.linalg.norm(centre)) or 1.0)
        plural = 2 * sum(it.plural for it in nouns) > len(nouns)
        named = any(it.kind == "name" for it in its)
        summaries.append((root, event.get(nouns[0].mention.doc, 0), plural, named, {(it.mention.doc, it.sent) for it in its}, centre))
    by_event: dict[tuple[int, bool], list[int]] = defaultdict(list)
    for k, s in enumerate(summaries):
        by_event[(s[1], s[2])].append(k)
    pairs: list[tuple[float, int, int]] = []
    for ks in by_event.values():
        for n, i in enumerate(ks):
            a = summaries[i]
            for j in ks[n + 1:]:
                b = summaries[j]
                if (a[3] and b[3]) or a[4] & b[4]:
                    continue
                cosine = float(a[5] @ b[5])
                if cosine >= threshold:
                    pairs.append((cosine, a[0], b[0]))
    return [(a, b) for _, a, b in sorted(pairs, key=lambda p: (-p[0], p[1], p[2]))]
