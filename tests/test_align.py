"""Alignment: same fact in other words links; copied text is flagged as one source."""

from __future__ import annotations

from newsprism.compare.align import AlignParams, align_claims, shared_text, shingles
from newsprism.extract.claims import extract_claims
from newsprism.compare.embed import default_embedder
from newsprism.model import DocumentInfo, StoryAnalysis

A = (
    "The evacuation deal was brokered by Russia and Turkey on Tuesday. "
    "A girl of ten was crying in the hallway of the clinic. "
    "The United Nations called the shelling a probable war crime."
)
B = (
    "The initial evacuation deal was mediated late Tuesday by Turkey and Russia. "
    "Bakeries in the western districts reopened after the storm. "
    "Kerry spoke with the Turkish foreign minister about the convoys."
)


def _claims(nlp, texts):
    docs = tuple(DocumentInfo(i, None, None, None, None, None, False, (), None, None, (), None, t) for i, t in texts.items())
    an = StoryAnalysis(documents=docs, entities=(), quotes=(), figures=(), times=())
    return extract_claims(an, {i: nlp(t) for i, t in texts.items()})


def test_paraphrase_aligns_and_unrelated_does_not(nlp):
    claims = _claims(nlp, {"a": A, "b": B})
    graph = align_claims(claims, default_embedder())
    pairs = {(graph.claim(x.a).text[:20], graph.claim(x.b).text[:20]) for x in graph.alignments}
    assert ("The evacuation deal ", "The initial evacuati") in pairs
    assert all("Bakeries" not in graph.claim(x.b).text and "Bakeries" not in graph.claim(x.a).text for x in graph.alignments)
    assert any(len(g) == 2 for g in graph.groups)


def test_claims_of_one_document_never_align(nlp):
    claims = _claims(nlp, {"a": A + " " + A.replace("Tuesday", "Monday")})
    graph = align_claims(claims, default_embedder())
    assert graph.alignments == () and graph.groups == ()


def test_wire_copy_is_detected_as_shared_text(nlp):
    wire = "Residents said government buses arrived in the pre-dawn hours at agreed upon meeting points in the east."
    claims = _claims(nlp, {"a": wire + " The first outlet adds its own reporting here.", "b": "Another outlet opens differently. " + wire})
    copies = shared_text(claims, AlignParams())
    assert len(copies) == 1
    assert {c.doc for c in copies[0].citations} == {"a", "b"} and copies[0].containment == 1.0
    graph = align_claims(claims, default_embedder())
    assert any(x.copied for x in graph.alignments)


def test_shingles_short_text():
    assert shingles("one two") == frozenset({("one", "two")})
    assert len(shingles("a b c d e f", 5)) == 2


def test_links_need_evidence_beyond_the_embedding(nlp):
    from newsprism.compare.align import score_pairs

    # event keys weigh by rarity among the story's claims: a story of a few more claims
    filler = " ".join(f"Item {w} of the agenda was read out in the hall." for w in ("one", "two", "three", "four"))
    texts = {
        "a": "The buses returned to their depots before noon. Kerry spoke with Lavrov by telephone. " + filler,
        "b": "Officials said the talks would go on. The evacuation buses were forced to turn back. " + filler,
    }
    claims = _claims(nlp, texts)
    graph = align_claims(claims, default_embedder())
    linked = {(graph.claim(x.a).text[:12], graph.claim(x.b).text[:12]) for x in graph.alignments}
    assert ("The buses re", "The evacuati") in linked
    pairs = score_pairs(claims, default_embedder())
    for x in graph.alignments:
        i = next(k for k, c in enumerate(claims) if c.id == x.a)
        j = next(k for k, c in enumerate(claims) if c.id == x.b)
        assert pairs.score[i, j] - pairs.cosine[i, j] >= AlignParams().min_evidence


def test_a_shared_name_with_its_description_is_not_copy(nlp):
    texts = {
        "a": "Rami Abdurrahman, the head of the Britain-based Syrian Observatory for Human Rights, said fighters were still inside.",
        "b": "The clashes are violent, said Rami Abdulrahman, director of the Britain-based Syrian Observatory for Human Rights.",
    }
    assert shared_text(_claims(nlp, texts), AlignParams()) == ()


def test_aligned_similarity_is_symmetric_and_zero_within_a_document(nlp):
    from newsprism.compare.align import aligned_similarity

    claims = _claims(nlp, {"a": A, "b": B})
    m = aligned_similarity(claims, default_embedder())
    import numpy as np

    assert np.allclose(m, m.T, atol=1e-5)
    same = np.array([[x.doc == y.doc for y in claims] for x in claims])
    assert (m[same] == 0).all() and (m[~same] > 0).all()


def test_the_per_document_path_for_large_vocabularies_gives_the_table_path_scores(nlp, monkeypatch):
    """Above TABLE_MAX_VOCAB distinct tokens the aligned similarity is computed from
    the table's rows each document needs instead of one whole vocabulary table: the
    same numbers."""
    from pathlib import Path

    import numpy as np

    from newsprism.compare import align

    folder = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))}
    claims = _claims(nlp, texts)
    assert len({c.doc for c in claims}) == 3 and len(claims) > 30
    table = align.aligned_similarity(claims, default_embedder())
    monkeypatch.setattr(align, "TABLE_MAX_VOCAB", 0)
    per_pair = align.aligned_similarity(claims, default_embedder())
    assert np.allclose(table, per_pair, atol=1e-5)
    assert (table > 0).sum() > len(claims)  # not two zero matrices


def test_the_credit_line_pre_test_agrees_with_the_case_blind_search():
    # is_credit_line skips the search when no needle is in the lower-cased text; the
    # characters re.IGNORECASE folds to ASCII letters but str.lower() does not
    # ("EDİTED", "ſ" for s, dotless "ı") must still reach the search
    from newsprism.compare.align import _CREDIT_LINE, is_credit_line
    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    texts = [
        "Jane Doe contributed to this report.", "JANE DOE CONTRIBUTED REPORTING.", "Reporting by Tom Lee; Editing by X",
        "Edited by Sam.", "EDİTED BY SAM.", "Reporting by Tom; editıng by", "Wrıting by Ann Roe", "reported from Aleppo",
        "Reported ſrom Aleppo", "(H/T Drudge)", "Follow Ann Roe on Twitter @ann", "follow ann on ſomething",
        "\n  FOLLOW Jon on TWİTTER", "The deal was brokered on Tuesday.", "Rebels contributed fighters.",
        "He reported fromage prices.", "“Edited by” is a phrase", "", "Kelvin: edited by",
    ]
    for text in texts:
        claim = Claim(id="a#0", citation=Span("a", 0, len(text), text))
        assert is_credit_line(claim) == bool(_CREDIT_LINE.search(text)), text
    assert is_credit_line(Claim(id="a#0", citation=Span("a", 0, 14, "EDİTED BY SAM.")))


def test_the_odd_folds_are_every_character_the_search_folds_to_an_ascii_letter_otherwise():
    import re

    from newsprism.compare.align import ODD_FOLDS

    letter = re.compile("[a-z]", re.IGNORECASE)
    odd = {
        chr(cp) for cp in range(128, 0x110000)
        if letter.fullmatch(chr(cp)) and not (len(chr(cp).lower()) == 1 and chr(cp).lower().isascii())
    }
    assert odd == {"\u0130", "\u0131", "\u017f"}
    # each still shows once lowered (is_credit_line looks for them in the lower-cased text)
    assert all(any(mark in ch.lower() for mark in ODD_FOLDS) for ch in odd)


def _shared_text_by_sets(claims, params):
    """shared_text as written before its shingles became numpy rows: frozensets of word
    tuples (shingles, _own_words), every pair of claims of different documents."""
    from newsprism.compare.align import SharedText
    from newsprism.compare.copied_text import _own_words, _quotes_news

    grams = [shingles(c.text, params.shingle_size) for c in claims]
    own = [_own_words(c, params.shingle_size) & grams[k] if c.quotes else grams[k] for k, c in enumerate(claims)]
    news = [bool(c.quotes) and _quotes_news(c) for c in claims]
    out = []
    for x in range(len(claims)):
        for y in range(x + 1, len(claims)):
            if claims[x].doc == claims[y].doc or not grams[x] & grams[y]:
                continue
            if all(len([k for k in range(len(claims)) if g in grams[k]]) > 50 for g in grams[x] & grams[y]):
                continue
            common = grams[x] & grams[y]
            c = len(common) / min(len(grams[x]), len(grams[y]))
            if c >= params.copy_containment and len(common) >= params.copy_min_shingles:
                framed = len(own[x] & own[y])
                quoting = len(common & (own[x] ^ own[y])) if news[x] or news[y] else 0
                if framed < max(3, 0.5 * min(len(own[x]), len(own[y]))) and quoting < max(3, 0.3 * len(common)):
                    continue
                a, b = claims[x], claims[y]
                out.append(SharedText((a.doc, b.doc), (a.citation, b.citation), round(c, 3)))
    return tuple(out)


def test_shared_text_finds_what_the_set_comparison_of_every_pair_finds():
    # random texts over a few words (many shared runs), short claims (one shingle of
    # under five words), empty ones and quoted stretches, some given to a newspaper
    import random

    from newsprism.compare.align import shared_text
    from newsprism.extract.claims import Claim
    from newsprism.model import Quote, Span

    rng = random.Random(7)
    found = 0
    words = ["the", "deal", "Rebels", "left", "Aleppo", "on", "Tuesday", "buses", "said", "UN", "42"]
    for trial in range(30):
        bases = [[rng.choice(words) for _ in range(40)] for _ in range(rng.randint(1, 3))]
        claims = []
        for k in range(rng.randint(2, 14)):
            # a slice of one of a few running texts, a word or two changed: copies and near-copies
            base = bases[rng.randrange(len(bases))]
            size = rng.choice([0, 1, 3, 4, 5, 6, 12, 20, 30])
            at = rng.randint(0, len(base) - size)
            run = base[at : at + size]
            for _ in range(rng.choice([0, 0, 1, 3])):
                if run:
                    run[rng.randrange(len(run))] = rng.choice(words)
            text = " ".join(run)
            quotes = ()
            if text and rng.random() < 0.4:
                a = rng.randint(0, len(text) - 1)
                b = rng.randint(a + 1, len(text))
                who = rng.choice(["The New York Times", "Smith", None])
                quotes = (Quote(f"d{k % 3}", a, b, text[a:b], who),)
            claims.append(Claim(id=f"d{k % 3}#{k}", citation=Span(f"d{k % 3}", 0, len(text), text), quotes=quotes))
        params = AlignParams(copy_min_shingles=rng.choice([1, 2, 8]), copy_containment=rng.choice([0.2, 0.5]))
        got = shared_text(claims, params)
        assert got == _shared_text_by_sets(claims, params), trial
        found += len(got)
    assert found > 20


def _keyed(doc: str, at: int, events: tuple[str, ...]):
    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    return Claim(id=f"{doc}#{at}", citation=Span(doc, at, at + 1, "x"), events=events)


def test_role_keys_count_apart_from_the_lexicon_keys():
    from newsprism.compare.align import event_mass

    filler = [_keyed("c", k, (f"P:other{k}",)) for k in range(6)]
    hire = [_keyed("a", 0, ("V:hire|A:worker",)), _keyed("b", 0, ("V:hire|A:worker", "V:defend|A:remark"))]
    mass = event_mass(hire + filler)
    assert mass[0, 1] > 0  # a shared verb on a shared participant is evidence ...
    assert event_mass(hire + filler, AlignParams(role_weight=0.0))[0, 1] == 0
    assert mass[0, 1] <= AlignParams().role_weight * 2.0 + 1e-6  # ... weighed down
    # many role keys do not thin out the share of a shared lexicon key
    attack = [_keyed("a", 0, ("P:attack", "P:attack|A:settlement")),
              _keyed("b", 0, ("P:attack", "P:attack|A:settlement") + tuple(f"V:v{k}|A:x" for k in range(8)))]
    plain = [_keyed("a", 0, ("P:attack", "P:attack|A:settlement")), _keyed("b", 0, ("P:attack", "P:attack|A:settlement"))]
    assert abs(event_mass(attack + filler)[0, 1] - event_mass(plain + filler)[0, 1]) < 1e-6


def test_the_lexical_cosines_are_the_float64_cosines_of_the_rows_with_common_and_rare_words():
    """The term and word cosines are summed over the columns two rows share (a word in more than
    _DENSE_DF rows in one dense product, rarer ones pair by pair): every cell is the float64 cosine
    of the two rows rounded to float32, the diagonal 1, a pair with no word in common exactly 0."""
    import math

    import numpy as np

    from newsprism.compare import align

    headlines = [
        "Rebels leave Aleppo as the evacuation deal holds",
        "Russia and Turkey broker an evacuation deal for Aleppo",
        "Buses wait at the crossing as the ceasefire holds",
        "The United Nations calls the shelling a war crime",
        "Kerry spoke with the Turkish foreign minister",
    ]
    # "the" and "said" in every row: the dense part; the headlines' words: the pairs
    rows = [f"{h} , the official said , the agency said".lower().split() for h in headlines for _ in range(15)]
    rows.append([])
    assert sum("said" in r for r in rows) > align._DENSE_DF
    for name, cosines, weight in (("word", align._word_cosines(rows), None), ("term", align._term_cosines(rows), "binary")):
        vocab = sorted({w for r in rows for w in r})
        x = np.zeros((len(rows), len(vocab)))
        for i, r in enumerate(rows):
            for w in set(r):
                df = sum(w in s for s in rows)
                idf = math.log((1 + len(rows)) / (1 + df)) + (0.0 if weight else 1.0)
                tf = 1.0 if weight else 1.0 + math.log(r.count(w))
                x[i, vocab.index(w)] = np.float32(tf * idf)
        x /= np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)
        expected = (x @ x.T).astype(np.float32)
        assert cosines.dtype == np.float32 and cosines.shape == expected.shape, name
        assert np.array_equal(cosines, expected), name  # (a float32 product of the rows differs in last bits)
        assert np.array_equal(cosines, cosines.T), name
        assert np.allclose(np.diag(cosines)[:-1], 1.0, atol=2e-7) and cosines[-1].max() == 0.0, name
    assert align._word_cosines([[], []]).shape == (2, 2) and not align._term_cosines([[], ["a"]])[0].any()


def test_aligned_similarity_of_claims_in_any_order_is_the_same_matrix_permuted(nlp):
    """A document's claims are one run of the story's order as a rule (its block of the matrix is
    written by slices); interleaved with another document's, the scores are the same, permuted."""
    import numpy as np

    from newsprism.compare.align import aligned_similarity

    claims = _claims(nlp, {"a": A, "b": B})
    assert [c.doc for c in claims] == sorted(c.doc for c in claims)  # one run per document
    order = sorted(range(len(claims)), key=lambda k: (k % 2, k))  # every other claim first
    assert [claims[k].doc for k in order] != sorted(c.doc for c in claims)  # interleaved
    runs = aligned_similarity(claims, default_embedder())
    mixed = aligned_similarity([claims[k] for k in order], default_embedder())
    assert np.array_equal(mixed, runs[np.ix_(order, order)])
    assert (runs > 0).sum() > 0
