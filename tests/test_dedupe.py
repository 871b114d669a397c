import random

from newsprism.corpus.dedupe import CopyDetector, Signature

WORDS = "government rebels city council minister police report water school court election budget".split()


def _text(seed: int, n: int = 300) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(WORDS) + str(rng.randrange(50)) for _ in range(n)) + "."


def test_exact_and_near_copies_share_a_family():
    detector = CopyDetector()
    original = _text(1)
    words = original.split()
    edited = " ".join(w if i % 40 else "changed" for i, w in enumerate(words))  # ~2.5% of words changed
    local = "LOCAL NEWS: " + original + " Reporting by our staff in Springfield."
    assert detector.assign(1, original)[0] == 1
    assert detector.assign(2, original)[0] == 1
    assert detector.assign(3, edited)[0] == 1
    assert detector.assign(4, local)[0] == 1
    assert detector.assign(5, _text(2))[0] == 5


def test_trimmed_wire_copy_is_found_by_containment():
    detector = CopyDetector()
    original = _text(3, 600)
    trimmed = " ".join(original.split()[:330])  # a site that kept the first 55%
    detector.assign(1, original)
    assert detector.assign(2, trimmed)[0] == 1


def test_unrelated_and_empty_texts_are_not_copies():
    detector = CopyDetector()
    assert detector.assign(1, "")[0] == 1
    assert detector.assign(2, "")[0] == 2  # empty texts never match
    assert detector.assign(3, _text(4))[0] == 3
    assert detector.assign(4, _text(5))[0] == 4


def test_signature_bytes_round_trip_and_rebuild():
    detector = CopyDetector()
    family, signature = detector.assign(7, _text(6))
    restored = Signature.from_bytes(signature.to_bytes())
    assert restored.shingles == signature.shingles
    assert (restored.values == signature.values).all()
    rebuilt = CopyDetector()
    rebuilt.add(7, family, restored)
    assert rebuilt.find_family(detector.signature(_text(6))) == 7


def test_batch_signatures_equal_one_at_a_time():
    detector = CopyDetector()
    texts = [_text(s, 20 + s) for s in range(150)] + ["", "   ", "x", "Ünïcödé  words,\n and   MORE words here"]
    batch = detector.signatures(texts)  # crosses several numpy chunks
    for text, sig in zip(texts, batch):
        single = CopyDetector().signature(text)
        assert sig.shingles == single.shingles
        assert (sig.values == single.values).all()
    assert batch[-4].shingles == 0 and batch[-1].shingles == len(set(detector.shingle_hashes(texts[-1]).tolist()))
    # case and whitespace do not count
    assert (detector.signature("A  b\nC d e f").values == detector.signature("a b c d e f").values).all()


def test_assign_many_finds_copies_within_one_call_and_matches_assign():
    texts = [_text(10), _text(11), _text(10) + " Reporting by the wire desk.", _text(12), _text(11)]
    many = CopyDetector().assign_many([5, 6, 7, 8, 9], texts)
    assert [f for f, _ in many] == [5, 6, 5, 8, 6]
    one = CopyDetector()
    assert [one.assign(k, t)[0] for k, t in zip([5, 6, 7, 8, 9], texts)] == [5, 6, 5, 8, 6]
    assert len(one) == 5
