"""Shortcuts the findings take for speed decide exactly what the slow way decides:
the pairs above a threshold from one array operation, the 3-gram bound that skips a
fuzzy quote comparison only when it cannot reach its cutoff, and the quick test
before a document is scanned for a number."""

from __future__ import annotations

import random
import re

import numpy as np
from rapidfuzz import fuzz

from newsprism.compare.blocked import PairTable, pairs_at_least
from newsprism.compare.figure_conflicts import mentions_value
from newsprism.compare.findings import _may_reach, _trigrams


def _table(n: int, rng: np.random.Generator) -> np.ndarray:
    x = rng.normal(0.6, 0.3, (n, n)).astype(np.float32)
    x = np.triu(x, 1)
    x = x + x.T
    x[rng.random((n, n)) < 0.1] = 0.75  # ties at the threshold
    np.fill_diagonal(x, -np.inf)
    return x


def test_pairs_at_least_is_the_pairwise_loop_on_dense_and_sparse_tables():
    rng = np.random.default_rng(3)
    n = 40
    dense = _table(n, rng)
    dense = np.minimum(dense, dense.T)  # symmetric, ties included
    rows = sorted(rng.choice(n, 25, replace=False).tolist())
    for threshold in (0.75, 0.7000001, 0.1):  # one not representable in float32
        want = [(i, j) for x, i in enumerate(rows) for j in rows[x + 1:] if float(dense[i, j]) >= threshold]
        assert sorted(pairs_at_least(dense, rows, threshold)) == want
        # the same values known on candidate pairs only (every other pair -inf)
        cand = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.5]
        keys = np.array([i * n + j for i, j in cand], dtype=np.int64)
        values = np.array([dense[i, j] for i, j in cand], dtype=np.float32)
        table = PairTable(n, dict(zip(keys.tolist(), range(len(keys)))), values, -np.inf, keys)
        want = [(i, j) for x, i in enumerate(rows) for j in rows[x + 1:] if table[i, j] >= threshold]
        assert want and sorted(pairs_at_least(table, rows, threshold)) == want
        assert sorted(pairs_at_least(PairTable(n, table.index, values, -np.inf), rows, threshold)) == want


def _edited(text: str, edits: int, rnd: random.Random) -> str:
    chars = list(text)
    for _ in range(edits):
        k = rnd.randrange(len(chars) + 1)
        if rnd.random() < 0.5 and k < len(chars):
            del chars[k]
        else:
            chars.insert(k, rnd.choice("abcdefgh "))
    return "".join(chars)


def test_the_trigram_bound_never_skips_a_pair_that_reaches_the_cutoff():
    rnd = random.Random(11)
    words = "the said would not be a deal talks with army rebels city killed east more than".split()
    reached = skipped = 0
    for _ in range(3000):
        a = " ".join(rnd.choice(words) for _ in range(rnd.randint(3, 25)))
        if rnd.random() < 0.5:
            b = _edited(a, rnd.randint(0, 12), rnd)
            if rnd.random() < 0.5:  # inside a longer text
                b = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 8))) + " " + b
        else:
            b = " ".join(rnd.choice(words) for _ in range(rnd.randint(3, 25)))
        if min(len(a), len(b)) < 10:
            continue
        for cutoff in (80, 92):
            may = _may_reach(_trigrams(a), _trigrams(b), min(len(a), len(b)), cutoff)
            if fuzz.partial_ratio(a, b) >= cutoff:
                reached += 1
                assert may, (a, b, cutoff)
            skipped += not may
    assert reached > 100 and skipped > 500  # both sides of the test were exercised


def test_numbered_trigrams_intersect_as_the_trigrams_themselves():
    # real quotes of one story, one of them twice (so repeated 3-grams get occurrence numbers)
    texts = [
        "we will not leave aleppo until the last civilian is out",
        "we will not leave aleppo until the last civilian is out of the city",
        "the ceasefire is holding for now but the shelling has not stopped the shelling",
        "it is not a ceasefire",
    ]
    numbers: dict[tuple[str, int], int] = {}
    plain = [_trigrams(t) for t in texts]
    coded = [_trigrams(t, numbers) for t in texts]
    sizes = [len(a & b) for a in plain for b in plain]
    assert [len(a & b) for a in coded for b in coded] == sizes
    assert max(sizes[1:4]) > 40 and min(sizes) < 10  # near and far pairs both exercised
    assert all(isinstance(x, int) for x in coded[2])


def test_the_quick_test_before_the_number_scan_changes_no_answer():
    def scan_only(text: str, value: str) -> bool:
        m = re.search(r"\d[\d,.]*\d|\d", value)
        return bool(m) and re.search(r"(?<![\d.,])" + re.escape(m.group(0)) + r"(?![\d]|[.,]\d)", text) is not None

    text = "They counted 1,500 people, 15 buses and $2.5 million on 12 May; 3.75% voted."
    for value in ("1,500", "1,5", "500", "15", "$2.5 million", "2.5", "5", "12", "3.75%", "3.7", "75", "six", "150"):
        assert mentions_value(text, value) == scan_only(text, value), value


def test_the_stem_test_is_the_pairwise_same_stem():
    from newsprism.compare.fact_text import same_stem, stem_test

    # the seed's and BASIL's content terms, with stems one word starts (evacuate / evacuation), six
    # letters in common (shelling / shelled), three-letter words and near misses (war / warn / wary)
    text = ("evacuate evacuation evacuees syria syrian shell shelled shelling resume resumption resumed war warn "
            "warning wary aleppo alep rebel rebels rebellion cease cease-fire ceasefire deal dealt gov government "
            "governor governors air airstrike un u.s. trump trumpet tru")
    words = text.split()
    rnd = random.Random(5)
    matched = missed = 0
    for _ in range(400):
        pool = rnd.sample(words, rnd.randint(0, 12))
        told = stem_test(pool)
        for t in words:
            want = any(same_stem(t, w) for w in pool)
            assert told(t) == want, (t, pool)
            matched += want
            missed += not want
    assert matched > 1000 and missed > 1000  # both answers were exercised


def test_one_read_of_the_predicates_gives_both_shares(nlp):
    from newsprism.compare.summary_parts import parts_and_predicate_told, parts_told, predicate_told
    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    # seed (the Post / AP): a sentence that joins two things by "and"
    text = ("Rebels shelled the villages of Foua and Kfraya in Idlib on Wednesday and detonated a car bomb in a "
            "government-held district, state media said.")
    head = Span("post", 0, len(text), text)
    ap = "Rebels shelled two villages in Idlib province, state television said."
    same = [Claim("ap#0", Span("ap", 0, len(ap), ap), terms=("rebel", "shell", "village", "idlib", "province", "state"))]
    doc = nlp(text)
    parts, predicate = parts_and_predicate_told(doc, head, same)
    assert parts == parts_told(doc, head, same) and predicate == predicate_told(doc, head, same)
    assert parts["ap"] < 1.0  # the car bomb is not AP's: the share of that part is low


def test_the_nominalised_test_is_the_pairwise_rule():
    from newsprism.compare.match import _nominalised, _nominalises

    # verbs and the nouns of their acts (accept / acceptance, nominate / nomination, deal / deal), near
    # misses past the five letters a noun may add, and short verbs whose stem is too short to read
    verbs = "accept nominate deal win evacuate shell retaliate broker mediate announce run sue endorse".split()
    nouns = ("acceptance nomination nominee deal deals win winner evacuation evacuee shelling retaliation "
             "broker mediation announcement announcements runner suit endorsement endorsements war").split()
    rnd = random.Random(7)
    found = 0
    for _ in range(500):
        vs, ns = rnd.sample(verbs, rnd.randint(0, 4)), frozenset(rnd.sample(nouns, rnd.randint(0, 6)))
        want = any(_nominalises(n, v) for v in vs for n in ns)
        assert _nominalised(vs, ns) == want, (vs, sorted(ns))
        found += want
    assert 50 < found < 450  # both answers were exercised


def test_a_token_is_in_a_sentence_when_it_lies_inside_its_bounds(nlp):
    # figure_roles._tally reads a subtree's words in the figure's sentence by its bounds, not by each
    # token's own Token.sent: the sentences part the document, so both tests agree on every token
    doc = nlp("Police made 130 arrests since Saturday. On Monday night, 35 more people were held, "
              "officials said. The total so far is 165. No one else was hurt.")
    spans = [doc[i:i + 1] for i in range(len(doc))] + [doc[2:4], doc[7:12], doc[20:30]]
    inside = 0
    for span in spans:
        sent = span.sent
        for t in doc:
            assert (t.sent.start == sent.start) == (sent.start <= t.i < sent.end), (span.text, t.text)
            inside += sent.start <= t.i < sent.end
    assert len(list(doc.sents)) >= 4 and 0 < inside < len(spans) * len(doc)
