"""Which documents of a story tell one event, for the resolver's common nouns and pronouns.

A story can hold two events of one kind (two crashes, two arrests of one team's players):
"the woman" of one crash is not the woman of the other, though their names keep them apart.
Documents are grouped by the names their parse finds (NER entities other than dates and
numbers; a person by the surname, which later mentions repeat) and the figures they write
("26", "6.1", "2009": an event's toll, magnitude or year is what its reports share and a sibling
event's do not, as the story clusterer reads them), each weighted by how few of the story's
documents carry it (one found in one document only, or in all of them, tells no two apart),
cosine between documents, then average linkage down to ``threshold``; two groups of three reports or more stay apart when one
names a protagonist in the openings of 80% of its reports that the other never names (the story
clusterer's rule, ``corpus.cluster.foreign_lead``: a later event's reports recall the earlier
one's protagonist, which makes their names alike). Names stay story-wide; only the rules that join
mentions by their words alone (one head noun, one pronoun form, a gendered noun to the one
person of its gender) stay inside a group.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Mapping, Sequence

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc

__all__ = ["event_groups", "EVENT_THRESHOLD", "MAX_GROUPED_DOCS"]

# average cosine of two groups' name sets below which they are two events (the middle of the
# range, 0.06-0.11, that splits the ECB+ tuning topics' documents into their two events without
# a mistake)
EVENT_THRESHOLD = 0.085
# a story of more documents than this is taken as the one event the story clusterer made of it
MAX_GROUPED_DOCS = 200
# an event of a story is told by at least this many of its documents
MIN_EVENT_DOCS = 2
_NOT_NAMES = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})


def _names(doc: "Doc") -> set[str]:
    """What a document names: its names (a person's by the surname: "Maurice Cheeks" and a later
    "Cheeks" are one) and its figures of two characters or more, marked "#" ("#26")."""
    out: set[str] = set()
    for e in doc.ents:
        if e.label_ in _NOT_NAMES:
            continue
        last = e[-1] if e[-1].tag_ != "POS" or len(e) == 1 else e[-2]
        if e.label_ == "PERSON" and last.text.replace("'", "").replace("’", "").replace("-", "").isalpha():
            out.add(last.lower_)
        else:
            out.add(" ".join(e.text.lower().split()))
    # a figure anywhere, not only inside a number entity: the parse tags "26 pirates" or
    # "6.1" inconsistently
    out.update("#" + t.text for t in doc if t.like_num and len(t.text) > 1 and any(c.isdigit() for c in t.text))
    return out


# the opening a report names its protagonist in (as the story clusterer reads it:
# ``corpus.cluster.ClusterParams.lead_name_chars``, ``lead_name_share``, ``lead_name_min``)
LEAD_CHARS = 300
LEAD_SHARE = 0.8
LEAD_MIN = 3


def _lead_names(doc: "Doc") -> set[str]:
    """The last word of each name of two words or more in the report's opening (its first
    :data:`LEAD_CHARS` characters after any URL lines): "Jamal Williams" -> "williams"."""
    i, n = 0, len(doc)
    # URL lines (as ``corpus.terms`` skips them), read token by token: Doc.text joins every token anew
    while i < n and (doc[i].lower_ in ("http", "https", "www") or doc[i].lower_.startswith(("http:", "https:", "www."))):
        while i < n and "\n" not in doc[i].text_with_ws:
            i += 1
        i += 1
    start = doc[i].idx if i < n else 0
    return {e[-1].lower_ for e in doc.ents
            if e.label_ not in _NOT_NAMES and len(e) >= 2 and start <= e.start_char < start + LEAD_CHARS and e[-1].is_alpha}


def _foreign_lead(leads: Counter[str], size: int, words: Counter[str], other_size: int) -> bool:
    """Whether a group of at least :data:`LEAD_MIN` reports names in the opening of at least
    :data:`LEAD_SHARE` of them someone whom another group (as many reports) never names: it tells
    another event, whose protagonist the other's reports do not know (a later event's reports
    recall the earlier one's, not the other way round; ``corpus.cluster.foreign_lead``)."""
    if min(size, other_size) < LEAD_MIN:
        return False
    return any(n >= LEAD_SHARE * size and name not in words for name, n in leads.items())


def event_groups(doc_ids: Sequence[str], docs: Mapping[str, "Doc"], threshold: float = EVENT_THRESHOLD) -> dict[str, int]:
    """A group number per document id (0, 1, ... in order of first document); every document
    in group 0 when fewer than three are parsed or more than :data:`MAX_GROUPED_DOCS`."""
    ids = list(dict.fromkeys(doc_ids))
    parsed = [d for d in ids if d in docs]
    if len(parsed) < 3 or len(parsed) > MAX_GROUPED_DOCS:
        return dict.fromkeys(ids, 0)
    names = [_names(docs[d]) for d in parsed]
    df = Counter(n for ns in names for n in ns)
    n_docs = len(parsed)
    vocab = sorted(n for n, c in df.items() if 1 < c < n_docs)
    if not vocab:
        return dict.fromkeys(ids, 0)
    col = {n: k for k, n in enumerate(vocab)}
    mat = np.zeros((n_docs, len(vocab)))
    for row, ns in enumerate(names):
        for n in ns:
            if n in col:
                mat[row, col[n]] = math.log((n_docs + 1) / df[n])
    norms = np.linalg.norm(mat, axis=1)
    norms[norms == 0] = 1.0
    unit = mat / norms[:, None]
    sim = unit @ unit.T
    # average linkage: ``total`` holds the summed similarity between groups, ``size`` their sizes
    total = sim.copy()
    np.fill_diagonal(total, -np.inf)
    size = np.ones(n_docs)
    alive = np.ones(n_docs, dtype=bool)
    members: list[list[int]] = [[k] for k in range(n_docs)]
    leads = [Counter(_lead_names(docs[d])) for d in parsed]
    words = [Counter(w for n in ns for w in n.split()) for ns in names]
    apart: set[tuple[int, int]] = set()
    while alive.sum() > 1:
        avg = total / np.outer(size, size)
        avg[~alive, :] = -np.inf
        avg[:, ~alive] = -np.inf
        for a, b in apart:
            avg[a, b] = avg[b, a] = -np.inf
        i, j = np.unravel_index(int(np.argmax(avg)), avg.shape)
        if avg[i, j] < threshold:
            break
        i, j = min(i, j), max(i, j)
        if (_foreign_lead(leads[i], int(size[i]), words[j], int(size[j]))
                or _foreign_lead(leads[j], int(size[j]), words[i], int(size[i]))):
            apart.add((int(i), int(j)))
            continue
        leads[i] += leads[j]
        words[i] += words[j]
        total[i, :] += total[j, :]
        total[:, i] += total[:, j]
        total[i, i] = -np.inf
        size[i] += size[j]
        alive[j] = False
        members[i] += members[j]
        members[j] = []
    # a document alone tells no event of its own: it joins the group it is most like (the
    # largest when it shares no name with any)
    groups = [m for m in members if len(m) >= MIN_EVENT_DOCS]
    if len(groups) < 2:
        return dict.fromkeys(ids, 0)
    for m in members:
        if m and len(m) < MIN_EVENT_DOCS:
            for row in m:
                best = max(groups, key=lambda g: (float(sim[row, g].mean()), len(g)))
                best.append(row)
    group_of: dict[str, int] = {}
    for k in sorted(groups, key=min):
        number = len(set(group_of.values()))
        for row in k:
            group_of[parsed[row]] = number
    unparsed = max(group_of.values(), default=-1) + 1
    return {d: group_of.get(d, unparsed) for d in ids}
