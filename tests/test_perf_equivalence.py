"""Shortcuts taken for speed give what the slow way gives: the name pairs entity
resolution tries, and the entity around a token."""

from __future__ import annotations

import random
from pathlib import Path

from newsprism.attribution.source import _entity_around
from newsprism.compare.names import may_be_variants, variant_candidates

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"


def test_variant_candidates_hold_every_pair_may_be_variants_accepts():
    rng = random.Random(7)
    letters = "abcst"
    for _ in range(30):
        names = [
            tuple("".join(rng.choice(letters) for _ in range(rng.randint(0, 3))) for _ in range(rng.randint(0, 4)))
            for _ in range(40)
        ]
        accepted = [
            (i, j) for i in range(len(names)) for j in range(i + 1, len(names)) if may_be_variants(names[i], names[j])
        ]
        candidates = variant_candidates(names)
        assert candidates == sorted(set(candidates))
        assert set(accepted) <= set(candidates)
        assert len(candidates) < len(names) * (len(names) - 1) // 2  # fewer than all pairs


def test_entity_around_a_token_is_the_entity_doc_ents_holds(nlp):
    checked = 0
    for path in sorted(EXAMPLE.glob("*.txt")):
        doc = nlp(path.read_text(encoding="utf-8"))
        for token in doc:
            ent = next((e for e in doc.ents if e.start <= token.i < e.end), None)
            want = None if ent is None else (ent.start, ent.end, ent.label_)
            assert _entity_around(token) == want
            checked += want is not None
    assert checked > 50


def test_merged_fact_groups_are_those_of_the_pairwise_merge():
    from newsprism.compare.facts import _merged

    def pairwise(groups):  # the rule as first written: the first earlier group sharing two claims
        out: list[list[str]] = []
        for group in groups:
            hit = next((g for g in out if len(set(g) & set(group)) >= 2), None)
            if hit is None:
                out.append(list(group))
            else:
                hit.extend(c for c in group if c not in hit)
        return [tuple(g) for g in out]

    rng = random.Random(1)
    merges = 0
    for _ in range(500):
        groups = [tuple(sorted({f"c{rng.randint(0, 15)}" for _ in range(rng.randint(2, 5))})) for _ in range(rng.randint(0, 12))]
        want = pairwise(groups)
        assert _merged(groups) == want
        merges += len(want) < len(groups)
    assert merges > 50


def test_sentence_words_are_the_content_lemmas_of_doc_sents(nlp):
    from collections import Counter

    from newsprism.compare.figure_conflicts import _CONTENT_POS, _lemma, _sentence_words

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))]
    texts += ["", "One sentence only", "E-mail and email. The e-mail said so! No-one; no one."]
    for doc in nlp.pipe(texts):
        want: Counter[str] = Counter()
        sentences = 0
        for sent in doc.sents:
            sentences += 1
            want.update({_lemma(t) for t in sent if t.pos_ in _CONTENT_POS and t.is_alpha})
        got_sentences, words = _sentence_words(doc)
        assert got_sentences == sentences
        assert Counter(words) == want
    assert sentences > 1 and want  # the last text has several sentences and content words


def _basil_texts(shared_dir, n: int) -> list[str]:
    import json

    texts = []
    for path in sorted((shared_dir / "datasets" / "basil" / "articles").glob("*/*.json"))[:n]:
        data = json.loads(path.read_text(encoding="utf-8"))
        texts.append("\n".join(" ".join(p) if isinstance(p, list) else str(p) for p in data["body-paragraphs"]))
    return texts


def test_evaluative_cues_are_the_same_without_the_cheap_prefilter(nlp, shared_dir, monkeypatch):
    import newsprism.compare.evaluative as evaluative

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + _basil_texts(shared_dir, 12)
    sents = [s for doc in nlp.pipe(texts) for s in doc.sents]
    fast = [evaluative.cues(s) for s in sents]

    def every_lower_word(doc, reads=None):  # no test of part of speech, relation or lemma: only cues' own rule
        words = tuple(t.i for t in doc if t.is_lower or (t.is_sent_start and t.text[1:].islower()))
        return evaluative.CueWords(words, (), ())

    monkeypatch.setattr(evaluative.CueWords, "read", staticmethod(every_lower_word))
    slow = [evaluative.cues(s) for s in sents]
    assert fast == slow
    assert sum(len(c) for c in fast) > 10


def _may_cue(tok) -> bool:
    """evaluative's cheap test of a word, as first written on each Token."""
    from newsprism.compare import evaluative as E
    from newsprism.compare.loaded_verbs import loaded_speech
    from newsprism.lexicon import VERDICT_NOUNS

    pos, dep, lemma = tok.pos_, tok.dep_, tok.lemma_.lower()
    return (tok.is_lower or (tok.is_sent_start and tok.text[1:].islower())) and (
        (pos in ("VERB", "AUX") and lemma in E._HEDGES | E._LOOKS)
        or lemma == "remain"
        or (pos == "ADV" and dep == "advmod" and tok.lower_ in E._JUDGING)
        or (pos == "VERB" and (lemma in E._JUDGING_VERBS or lemma in E._WORDING_VERBS or lemma in E._SPEECH_JUDGING
                               or loaded_speech(lemma)))
        or (pos in ("ADJ", "VERB") and dep == "amod")
        or (pos == "ADJ" and dep == "acomp")
        or (pos == "NOUN" and dep in ("attr", "pobj") and lemma in VERDICT_NOUNS)
    )


def test_cue_words_from_columns_are_the_tests_on_each_token(nlp, shared_dir):
    """evaluative.CueWords (a document's columns, each distinct value's string read once) holds
    exactly the words the per-Token tests accept: cues' cheap test, tells_speaking's words and the
    verbs of speech; tells_speaking on every sentence and clause is what it was."""
    from newsprism.compare import evaluative as E
    from newsprism.compare.loaded_verbs import loaded_speech
    from newsprism.lexicon import REPORTING_VERBS, STATEMENT_NOUNS

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + _basil_texts(shared_dir, 8)
    texts += ["Famously, Seemingly odd. REMAINS to be seen. Apparently he RANTED, she said.", "", "Said."]
    counts = [0, 0, 0]
    for doc in nlp.pipe(texts):
        words = E.CueWords.read(doc)
        want = (tuple(t.i for t in doc if _may_cue(t)),
                tuple(t.i for t in doc if (t.dep_ == "advmod" and t.head.lemma_ in REPORTING_VERBS)
                      or (t.dep_ == "appos" and t.lemma_.lower() in STATEMENT_NOUNS)
                      or (t.pos_ == "VERB" and (t.lemma_.lower() in E._CONDUCT_VERBS or loaded_speech(t.lemma_.lower())))),
                tuple(t.i for t in doc if t.pos_ == "VERB" and t.lemma_.lower() in REPORTING_VERBS))
        assert (words.may, words.telling, words.speech) == want
        counts = [c + len(w) for c, w in zip(counts, want)]
        for sent in doc.sents:
            for span in (sent, sent[len(sent) // 2 :]):
                slow = any((t.dep_ == "advmod" and t.head.lemma_ in REPORTING_VERBS)
                           or (t.dep_ == "appos" and t.lemma_.lower() in STATEMENT_NOUNS)
                           or (t.pos_ == "VERB" and (t.lemma_.lower() in E._CONDUCT_VERBS or loaded_speech(t.lemma_.lower()))) for t in span) \
                    or E._holds_speech_at(span)
                assert E.tells_speaking(span) == slow
    assert min(counts) > 10


def test_frame_term_candidates_hold_every_token_a_term_reads(nlp):
    from newsprism.compare.frame_terms import _candidates, _term

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))]
    texts.append("Pro-life activists and illegals met anti-abortion rioters; the illegal immigrants' riot gear.")
    found = kept_all = tokens = 0
    for doc in nlp.pipe(texts):
        kept = {t.i for t in _candidates(doc)}
        read = {t.i for t in doc if _term(t) is not None}
        assert read <= kept
        found, kept_all, tokens = found + len(read), kept_all + len(kept), tokens + len(doc)
    assert found >= 3
    assert kept_all < tokens // 20  # a filter, not every token


def test_time_candidates_are_those_every_pattern_finds(nlp):
    """times._candidates skips a pattern only where it cannot match: the same spans as running
    every pattern on every text, case-blind words and re.I's non-ASCII letters included."""
    from newsprism.extract import times as T

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + [
        "YESTERDAY the talks resumed; toDay and TONIGHT too.", "He left at DAWN, back by Midnight.",
        "Talks end tonıght, said Sunday.", "ſunrise over Aleppo; laſt night's shelling.", "Nothing dated here.",
        "Three days ago, on 2016-12-14 at 3 p.m., this Evening.",
    ]
    patterns = (T._ISO_DATE, T._MONTH_DAY, T._DAY_MONTH, T._MONTH_YEAR, T.CLOCK_RE, T._WEEKDAY, T._RELDAY,
                T._POD_WORD, T._DAYS_AGO)
    found = 0
    for text, doc in zip(texts, nlp.pipe(texts)):
        every = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in ("DATE", "TIME")]
        every += [(m.start(), m.end()) for p in patterns for m in p.finditer(text)]
        assert sorted(T._candidates(doc, text)) == sorted(every)
        found += len(every)
    assert found > 20


def _walk_quoted_at_start(sent) -> bool:
    """labels.quoted_at_start as first written: a walk back to the paragraph's start per call."""
    from newsprism.compare.labels import closes_paragraph

    doc = sent.doc
    if closes_paragraph(doc[sent.start]):
        return False
    i = sent.start - 1
    while i >= 0 and not (doc[i].is_space and "\n" in doc[i].text) and "\n" not in doc[i].whitespace_:
        i -= 1
    inside = False
    for t in doc[i + 1 : sent.start]:
        inside = _walk_toggle(t, inside)
    return inside


def _walk_toggle(t, inside: bool) -> bool:
    from newsprism.compare.labels import closes_paragraph

    if t.text in ("“", "``"):
        return True
    if t.text == "”":
        return False
    if t.text in ('"', "''") and not closes_paragraph(t):
        return not inside
    return inside


def _walk_quoted(span) -> set[int]:
    """evaluative._quoted as first written: the span's tokens walked from quoted_at_start."""
    from newsprism.compare.labels import closes_paragraph

    out: set[int] = set()
    inside = _walk_quoted_at_start(span)
    for t in span:
        straight = t.text in ('"', "''") and not closes_paragraph(t)
        if t.text in ("“", "”", "``") or straight:
            inside = t.text in ("“", "``") or (straight and not inside)
            continue
        if inside:
            out.add(t.i)
    return out


def test_quote_state_is_the_walk_back_to_the_paragraph_start(nlp, shared_dir):
    """labels.quote_state (each document's columns read once, kept in DocReads) answers quoted_at_start, inside_quotes
    and evaluative's quoted words as the per-call walk did: every sentence and token, and spans
    starting inside a sentence (claims), on curly, straight, '' and `` marks and paragraph ends."""
    import random

    from newsprism.compare.evaluative import _quoted
    from newsprism.compare.doc_reads import DocReads
    from newsprism.compare.labels import inside_quotes, quoted_at_start

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))]
    texts += sorted(p.read_text(encoding="utf-8") for p in (shared_dir / "datasets" / "polnear" / "dev" / "text").glob("*.txt"))[:6]
    texts += [
        '"It was a disaster," he said. "We lost.\n\nThe ad, paid for by the group, ran." She left.',
        "''And what has he heard? Nothing but insults,'' Khan said. ``We are done'' -- he\nadded \"really\" twice.",
        "“Open quote never closed. Next sentence\nstill here.” Then “done”. \"\n\nNew paragraph \"with a quote.\"",
        "", '"', "\n\n", 'He said "no\n\nway" and left.',
    ]
    rng = random.Random(3)
    quoted = spans = 0
    for doc in nlp.pipe(texts):
        state = DocReads()
        for sent in doc.sents:
            assert quoted_at_start(sent, state) == quoted_at_start(sent) == _walk_quoted_at_start(sent)
            assert _quoted(sent, state) == _walk_quoted(sent)
            for tok in sent:
                want = _walk_quoted_at_start(sent)
                for t in sent:
                    if t.i >= tok.i:
                        break
                    want = _walk_toggle(t, want)
                assert inside_quotes(tok, state) == inside_quotes(tok) == want
            for _ in range(3):  # a claim's span may start and end inside its sentence
                lo = rng.randrange(sent.start, sent.end)
                span = doc[lo : rng.randrange(lo, sent.end) + 1]
                assert _quoted(span, state) == _quoted(span) == _walk_quoted(span)
                spans += 1
            quoted += len(_walk_quoted(sent))
    assert quoted > 100 and spans > 300


def test_side_fact_pieces_from_candidate_tokens_are_those_of_every_token(nlp, shared_dir):
    """side_facts._pieces walks only the tokens _piece_tokens reads from the columns (a relation
    that begins a side fact, or a proper noun): the same pieces as walking every token."""
    from newsprism.compare import side_facts as S

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + _basil_texts(shared_dir, 10)
    found = 0
    for doc in nlp.pipe(texts):
        everyone = S._Mentions([(e.start_char, e.end_char, f"E{k}") for k, e in enumerate(doc.ents)])
        names = {f"E{k}": e.text for k, e in enumerate(doc.ents)}
        candidates = S._piece_tokens(doc)
        assert len(candidates) < len(doc)  # a filter, not every token
        for sent in doc.sents:
            fast = list(S._pieces(sent, everyone, names, candidates))
            slow = list(S._pieces(sent, everyone, names, list(range(len(doc)))))
            assert fast == slow
            found += len(fast)
    assert found > 20


def test_evaluative_cues_are_those_of_the_clause_walk_first(nlp, shared_dir, monkeypatch):
    """cues() walks up a word's clause (_reported_or_negated) only once the word would give a
    cue: the same cues as leaving out every reported or negated word first, as it was written."""
    import newsprism.compare.evaluative as evaluative

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + _basil_texts(shared_dir, 16)
    sents = [s for doc in nlp.pipe(texts) for s in doc.sents]
    fast = [evaluative.cues(s) for s in sents]
    read = evaluative.CueWords.read
    left_out = 0

    def walked_first(doc, reads=None):
        nonlocal left_out
        words = read(doc, reads)
        may = tuple(i for i in words.may if not evaluative._reported_or_negated(doc[i]))
        left_out += len(words.may) - len(may)
        return evaluative.CueWords(may, words.telling, words.speech)

    monkeypatch.setattr(evaluative.CueWords, "read", staticmethod(walked_first))
    slow = [evaluative.cues(s) for s in sents]
    assert fast == slow
    assert sum(len(c) for c in fast) > 10 and left_out > 10


def test_proposition_columns_hold_each_lemma_and_every_lemma_a_class_has(nlp, shared_dir):
    """propositions read the lower-cased lemma from the columns (DocColumns.low) and look for an act
    class only where the lemma is one _CLASS_LEMMAS holds: every word act_class gives a class to is."""
    from newsprism.extract import propositions as P
    from newsprism.extract.doc_columns import DocColumns

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + _basil_texts(shared_dir, 12)
    texts.append("Officials called for calm; rebels turned back and pulled out. İstanbul ſaid nothing.")
    classed = 0
    for doc in nlp.pipe(texts):
        cols = DocColumns.of(doc)
        assert cols.low == [t.lemma_.lower() for t in doc]
        for t in doc:
            if P.act_class(t) is not None:
                assert t.lemma_.lower() in P._CLASS_LEMMAS
                classed += 1
    assert classed > 50


def _same_named_every_pair(entities) -> dict[str, str]:
    """same_named as it was written first: every pair of one type tried in turn."""
    from newsprism.extract.propositions import _name_key

    parent = {e.id: e.id for e in entities}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    by_type: dict[str, list] = {}
    for e in entities:
        by_type.setdefault(e.type, []).append(e)
    for group in by_type.values():
        keys = [(_name_key(e.name), e) for e in group]
        full_by_surname: dict[str, set[str]] = {}
        for k, _e in keys:
            if len(k.split()) > 1:
                full_by_surname.setdefault(k.split()[-1], set()).add(k.replace(" ", ""))
        for i, (ka, a) in enumerate(keys):
            for kb, b in keys[i + 1:]:
                if not ka or not kb:
                    continue
                wa, wb = ka.split(), kb.split()
                same = ka.replace(" ", "") == kb.replace(" ", "")
                if not same and a.type == "PERSON" and (len(wa) == 1 or len(wb) == 1):
                    same = wa[-1] == wb[-1] and len(full_by_surname.get(wa[-1], ())) <= 1
                if same:
                    parent[find(a.id)] = find(b.id)
    return {e.id: find(e.id) for e in entities}


def test_same_named_by_key_is_same_named_over_every_pair():
    from newsprism.extract.propositions import same_named
    from newsprism.model import Entity

    names = ["Cheney", "Mary Cheney", "Liz Cheney", "Dick Cheney", "Cowan", "William Cowan", "N.A.A.C.P.",
             "NAACP", "Naacp", "Tom Hale", "Hale", "T. Hale", "Obama", "Barack Obama", "Barack H. Obama",
             "Washington", "U.S.", "US", "u s", "---", "", "Clinton", "Hillary Clinton", "Bill Clinton"]
    rng = random.Random(11)
    joined = 0
    for _ in range(200):
        entities = [Entity(id=f"E{i}", name=rng.choice(names), type=rng.choice(["PERSON", "ORG", "GPE"]), variants=(), mentions=())
                    for i in range(rng.randint(0, 25))]
        want = _same_named_every_pair(entities)
        assert same_named(entities) == want
        joined += sum(1 for k, v in want.items() if k != v)
    assert joined > 100  # the names do join, so the order of joining is tested


def _one_unit_every_token(c, doc):
    """event_durations._one_unit as written before session 32: every token of the claim tested."""
    from newsprism.compare.event_durations import _MINUTES, _NUMBER_QUALIFIERS, _qualifier
    from newsprism.model import Figure, Span

    span = doc.char_span(c.start, c.end, alignment_mode="expand")
    out = []
    for t in span or ():
        if t.pos_ != "NOUN" or t.i == 0 or t.lower_ not in _MINUTES or doc[t.i - 1].lower_ not in ("a", "an"):
            continue
        det = doc[t.i - 1]
        if det.head.i != t.i or (t.i >= 2 and (doc[t.i - 2].lower_ in ("half", "quarter", "once", "twice")
                                               or doc[t.i - 2].like_num)):
            continue
        qualifier, first = _qualifier(doc, det.i, _NUMBER_QUALIFIERS)
        start, end = doc[first].idx, t.idx + len(t)
        out.append(Figure(doc=c.doc, start=start, end=end, text=doc.text[start:end], value=1, qualifier=qualifier,
                          counts=t.text, counts_span=Span(c.doc, t.idx, t.idx + len(t), t.text), unit="duration"))
    return out


def test_lengths_of_one_unit_found_by_columns_are_those_of_every_token(nlp, shared_dir):
    """_one_unit reads only the nouns of a unit of time (found on the columns) and finds what
    testing every token found, on the seed story, BASIL reports and sentences written for it."""
    from newsprism.compare.event_durations import _one_unit, _unit_nouns
    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))] + _basil_texts(shared_dir, 12)
    texts += ["He spoke for an hour. The talks lasted more than a week, not half an hour or a 40-hour week.\n"
              "Hour after hour, an Hour passed; a day later, about a month ago, a year and a half on.", "", "An hour."]
    found = 0
    for k, doc in enumerate(nlp.pipe(texts)):
        nouns = _unit_nouns(doc)
        for sent in doc.sents:
            s, e = sent.start_char, sent.end_char
            c = Claim(f"d{k}#{s}", Span(f"d{k}", s, e, doc.text[s:e]))
            want = _one_unit_every_token(c, doc)
            assert _one_unit(c, doc, nouns) == want
            assert _one_unit(c, doc) == want
            found += len(want)
    assert found >= 5


def _sentence_claims(texts: list[str]):
    """One claim per sentence (split at a stop and a space) of each text, document d<k>."""
    import re

    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    out = []
    for k, text in enumerate(texts):
        for m in re.finditer(r"[^.!?\n]+[.!?]?", text):
            if m.group().strip():
                out.append(Claim(f"d{k}#{m.start()}", Span(f"d{k}", m.start(), m.end(), m.group())))
    return out


def _word_cosines_by_counters(rows, df=None, n=None):
    """align._word_cosines as first written: a Counter per row, a column per word in order of
    first occurrence, filled one (row, word) at a time."""
    import math
    from collections import Counter

    import numpy as np

    counts = [Counter(row) for row in rows]
    if df is None:
        df = Counter(w for c in counts for w in c)
        n = len(rows)
    total = n if n is not None else len(rows)
    top = math.log(1 + total) + 1.0
    vocab: dict[str, int] = {}
    idf_of: list[float] = []
    at_rows, at_cols, tfs = [], [], []
    for r, c in enumerate(counts):
        for w, k in c.items():
            col = vocab.get(w)
            if col is None:
                col = vocab[w] = len(vocab)
                seen = df.get(w)
                idf_of.append(math.log((1 + total) / (1 + seen)) + 1.0 if seen else top)
            at_rows.append(r)
            at_cols.append(col)
            tfs.append(1.0 + math.log(k))
    x = np.zeros((len(rows), max(len(vocab), 1)), dtype=np.float32)
    if at_cols:
        x[at_rows, at_cols] = np.array(tfs, dtype=np.float64) * np.array(idf_of, dtype=np.float64)[at_cols]
    x /= np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)
    return x @ x.T


def test_word_cosines_and_token_weights_made_with_arrays_are_those_of_the_loops():
    """The word cosines' columns and weights, and the aligned similarity's token counts, are
    made with array operations: bit for bit what the loops over each row gave (seed story)."""
    from collections import Counter

    import numpy as np

    from newsprism.compare import align
    from newsprism.compare.embed import default_embedder

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))]
    claims = _sentence_claims(texts + ["The the the THE the, said said.", ""])
    rows = [align._words_of(c) for c in claims]
    assert any(Counter(r).most_common(1)[0][1] >= 3 for r in rows if r)  # counts above 1 are weighed
    # the cosines are summed in float64 over the shared words (session 38): the dense float32
    # product of the loops' rows differs from them in the float32's last bit at most
    def same(a, b):
        return a.dtype == b.dtype == np.float32 and np.allclose(a, b, rtol=0, atol=5e-7) and np.array_equal(a == 0, b == 0)

    assert same(align._word_cosines(rows), _word_cosines_by_counters(rows))
    df = Counter(w for r in rows[::2] for w in set(r))  # a collection that misses words: they weigh as the rarest
    assert same(align._word_cosines(rows, df, 500), _word_cosines_by_counters(rows, df, 500))
    assert same(align._word_cosines(rows, df), _word_cosines_by_counters(rows, df))
    assert align._word_cosines([[], []]).shape == (2, 2)

    embedder = default_embedder()
    model = embedder.token_model()
    own = align.aligned_similarity(claims, embedder)
    token_df = Counter(t for c in claims for t in set(model.token_ids(c.text)))
    given = align.aligned_similarity(claims, embedder, align.Collection(len(claims), {}, dict(token_df)))
    assert np.array_equal(own, given)  # the story's own token counts are the ones counted claim by claim
    assert (own > 0).sum() > len(claims)


def _rare_mass_dense(rows, background):
    """align._rare_entity_mass as one dense product over every item (in float64)."""
    import math
    from collections import Counter

    import numpy as np

    df = Counter(k for row in rows for k in set(row))
    items = sorted(df)
    norm = max(math.log(len(rows) + 1), 1.0)
    w = np.array([max(0.0, (math.log((1 + len(rows)) / (1 + df[k])) / norm - background) / (1 - background))
                  for k in items], dtype=np.float32).astype(np.float64)
    present = np.array([[k in set(row) for k in items] for row in rows], dtype=np.float64)
    shared = (present * w) @ present.T
    mass = present @ w
    smaller = np.minimum(mass[:, None], mass[None, :])
    return shared * np.where(smaller > 0, shared / np.where(smaller > 0, smaller, 1.0), 0.0)


def test_rare_mass_summed_pair_by_pair_is_the_dense_product_and_does_not_depend_on_item_order(monkeypatch):
    """The rare shared mass is summed per pair for rare items and by a product for common ones:
    the dense product's values, and the same float32 whatever the order of each claim's items
    (a set's order changes with the hash seed) and wherever rare turns to common."""
    import re

    import numpy as np

    from newsprism.compare import align

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))]
    claims = _sentence_claims(texts)
    # names as the entities, lower-case words as the event keys (common ones weigh ~0)
    names = [re.findall(r"\b[A-Z][a-z]+", c.text) for c in claims]
    words = [re.findall(r"\b[a-z]{4,}", c.text) for c in claims]
    for rows, background in ((names, 0.5), (words, 0.0)):
        got = align._rare_entity_mass(rows, background)
        assert got.dtype == np.float32 and (got > 0).sum() > len(rows)
        assert np.allclose(got, _rare_mass_dense(rows, background), rtol=1e-6, atol=1e-7)
        shuffled = [list(reversed(r)) for r in rows]
        assert np.array_equal(align._rare_entity_mass(shuffled, background), got)
        monkeypatch.setattr(align, "_DENSE_DF", 2)  # most items now go through the product
        assert np.array_equal(align._rare_entity_mass(rows, background), got)
        monkeypatch.undo()
    assert align._rare_entity_mass([]).shape == (0, 0)
    assert align._rare_entity_mass([[], ["x"], ["x"]], 0.0).tolist()[1][2] > 0


def test_content_terms_by_tag_ids_are_those_of_the_tag_names(nlp):
    """``content_terms`` tests each token's tag by its id and a word all letters or digits without a
    character loop: the lemmas the tag names and the loop give, in the same order."""
    from newsprism.extract.claims import _CONTENT_POS, content_terms

    def by_names(tokens):
        seen: dict[str, None] = {}
        for tok in tokens:
            if tok.pos_ in _CONTENT_POS and not tok.is_stop and any(c.isalnum() for c in tok.text):
                seen.setdefault(tok.lemma_.lower(), None)
        return tuple(seen)

    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLE.glob("*.txt"))]
    texts.append("The U.S.-backed forces took 1,200 km² on Sept. 3 — “a 10% gain,” al-Assad's aide said … ½ of it's ___ gone.")
    checked = 0
    for doc in nlp.pipe(texts):
        for sent in doc.sents:
            assert content_terms(sent) == by_names(sent)
            checked += len(content_terms(sent))
    assert checked > 500


def test_clause_root_reading_each_head_once_is_the_token_rule(nlp):
    """``settings.clause_root`` reads each token's head index once: the token whose head is itself
    or outside the span, a verb first."""
    from newsprism.compare.settings import clause_root

    def by_tokens(span):
        tops = [t for t in span if t.head == t or not span.start <= t.head.i < span.end]
        verbs = [t for t in tops if t.pos_ in ("VERB", "AUX")]
        return next(iter(verbs or tops), None)

    doc = nlp(" ".join(path.read_text(encoding="utf-8") for path in sorted(EXAMPLE.glob("*.txt"))))
    pieces = [doc[s.start:e] for s in doc.sents for e in range(s.start + 1, s.end + 1, 4)]
    assert len(pieces) > 200
    for span in pieces:
        got, want = clause_root(span), by_tokens(span)
        assert (got is None and want is None) or (got is not None and want is not None and got.i == want.i)


def test_settings_doer_words_and_act_objects_read_as_with_every_token(nlp):
    """The settings and the doer's words read the rest of a claim only where its setting or its
    subject tells a word (most claims: none); the act objects test a token's tag before its lemma;
    a report's leaders are read from its possessors and verbs only: what reading every token gives."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from facts_support import _claims

    from newsprism.compare import act_objects as ao
    from newsprism.compare import described_doers as dd
    from newsprism.compare import doer_words as dw
    from newsprism.compare import settings as st
    from newsprism.extract.claims import content_terms

    def told_apart(span, inside):  # both parts, always (as first written)
        told = set(content_terms(t for t in span if t.i in inside))
        return told - set(content_terms(t for t in span if t.i not in inside))

    def settings_by_tokens(claims, docs):
        out = {}
        for c in claims:
            span = docs[c.doc].char_span(c.start, c.end, alignment_mode="expand")
            root = st.clause_root(span) if span is not None and len(span) else None
            if root is None:
                continue
            setting = st.Setting(frozenset(told_apart(span, st._setting_tokens(span, root))), st._conditional(root))
            if setting.terms or setting.conditional:
                out[c.id] = setting
        return out

    def doers_by_tokens(claims, docs):
        out = {}
        for c in claims:
            span = docs[c.doc].char_span(c.start, c.end, alignment_mode="expand")
            root = st.clause_root(span) if span is not None and len(span) else None
            if root is None:
                continue
            inside = {x.i for s in root.children if s.dep_ in ("nsubj", "nsubjpass") for x in s.subtree
                      if span.start <= x.i < span.end}
            if told_apart(span, inside):
                out[c.id] = frozenset(told_apart(span, inside))
        return out

    def act_keys_by_name(tok):
        lemma = tok.lemma_.lower()
        if tok.pos_ == "VERB":
            return frozenset({lemma})
        if tok.pos_ == "NOUN" and lemma.endswith("ing") and len(lemma) > 5:
            return frozenset({lemma[:-3]})
        return frozenset()

    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))}
    texts["memo"] = ("A Clinton campaign memo was released as the polls closed. If Sanders wins by 10 points, he "
                     "broadens his appeal. The Independent Vermont senator vowed to fight on, meeting with students. "
                     "Hutchinson's task force was led by Asa Hutchinson, who led the review.")
    claims, analysis, docs = _claims(nlp, texts)
    settings = st.claim_settings(claims, docs)
    assert settings == settings_by_tokens(claims, docs) and settings
    doers = dw.doer_terms(claims, docs)
    assert doers == doers_by_tokens(claims, docs) and doers
    acts = 0
    for doc in docs.values():
        for tok in doc:
            assert ao._act_keys(tok) == act_keys_by_name(tok)
            acts += bool(ao._act_keys(tok))
    assert acts > 100

    def leaders_by_tokens(doc, entity_at):  # every token of the report (as first written)
        out: dict[str, set[str]] = {}

        def tie(noun, who):
            found = entity_at(who.idx) if who is not None else None
            if found is not None and noun.pos_ == "NOUN" and entity_at(noun.idx) is None and dd._body(dd.noun_key(noun)):
                out.setdefault(dd.noun_key(noun), set()).add(found)

        for tok in doc:
            if tok.dep_ == "poss" and tok.head.pos_ == "NOUN":
                tie(tok.head, tok)
            if tok.pos_ != "VERB" or tok.lemma_.lower() not in dd._LEADING:
                continue
            if tok.dep_ == "acl":
                for agent in (c for c in tok.children if c.dep_ == "agent"):
                    for g in agent.children:
                        if g.dep_ == "pobj":
                            tie(tok.head, g)
            subject = next((c for c in tok.children if c.dep_ == "nsubj"), None)
            if subject is not None and subject.lower_ in ("who", "that") and tok.dep_ == "relcl":
                subject = tok.head
                while subject.dep_ == "appos" and subject.head.i != subject.i:
                    subject = subject.head
            for obj in (c for c in tok.children if c.dep_ == "dobj"):
                tie(obj, subject)
        return out

    lookups = dd._entity_lookup(analysis)
    tied = 0
    for d, doc in docs.items():
        got = dd._leaders(doc, lookups.get(d, lambda _at: None))
        assert got == leaders_by_tokens(doc, lookups.get(d, lambda _at: None))
        assert list(got) == list(leaders_by_tokens(doc, lookups.get(d, lambda _at: None)))
        tied += len(got)
    assert tied > 0


def test_leans_back_reading_what_it_needs_is_the_rule_on_every_token(nlp):
    """``fact_text.leans_back`` reads the head's own text when the parse's span is just its tokens,
    the tokens up to the first root outside quotes, and the names before a subject only for a person's
    pronoun: what the rule read on every token gives, on every sentence (and a piece of one cut inside
    a word, where the span's text is not the head's) of the seed story."""
    import re

    from newsprism.compare.fact_text import _NAMED_DOERS, _PERSONS, _POINTING, leans_back
    from newsprism.model import Span

    stretch = re.compile(r"“[^”]*”?|\"[^\"]*\"?")

    def by_tokens(head, parsed):  # as first written
        span = parsed.char_span(head.start, head.end, alignment_mode="expand")
        if span is None or len(span) == 0:
            return False
        quoted = [(span.start_char + m.start(), span.start_char + m.end()) for m in stretch.finditer(span.text)]
        roots = [t for t in span if t.head.i == t.i or not (span.start <= t.head.i < span.end)]
        main = next((t for t in roots if not any(a <= t.idx < b for a, b in quoted)), None)
        if main is None:
            return False
        for subject in (c for c in main.children if c.dep_ in ("nsubj", "nsubjpass")):
            if any(a <= subject.idx < b for a, b in quoted):
                continue
            named = any(t.ent_type_ in _NAMED_DOERS and t.i < subject.i and not any(a <= t.idx < b for a, b in quoted)
                        for t in span)
            if subject.lower_ in _POINTING and subject.pos_ in ("PRON", "DET") and not (named and subject.lower_ in _PERSONS):
                return True
            if any(d.dep_ == "det" and d.lower_ in _POINTING for d in subject.children):
                return True
        return False

    text = " ".join(path.read_text(encoding="utf-8") for path in sorted(EXAMPLE.glob("*.txt")))
    text += " Obama met the leaders -- he assigned Geithner to the talks. “They think we are Daesh,” he said."
    doc = nlp(text)
    heads = [Span("a", s.start_char, s.end_char, s.text) for s in doc.sents if s.text.strip()]
    heads += [Span("a", h.start + 2, h.end - 1, text[h.start + 2:h.end - 1]) for h in heads if h.end - h.start > 6]
    got = [leans_back(h, doc) for h in heads]
    assert got == [by_tokens(h, doc) for h in heads]
    assert 0 < sum(got) < len(got)


def test_a_claims_question_mark_read_from_the_report_text_is_the_spans(nlp):
    """``clause_facts.clauses_of`` tells ``_states`` whether the claim's span holds a question mark from
    the report's text, once per claim: what the span's own text says, for every clause head."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from facts_support import _claims

    from newsprism.compare.clause_facts import _clause_heads, _states

    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))}
    texts["asked"] = "Reporters asked whether Hale, who resigned, would run? He said he would not, and left."
    claims, analysis, docs = _claims(nlp, texts)
    report = {d.id: d.text for d in analysis.documents}
    asked = checked = 0
    for c in claims:
        doc = docs[c.doc]
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        questioned = "?" in report[c.doc][span.start_char:span.end_char]
        assert questioned == ("?" in span.text)
        for i in _clause_heads(doc):
            if span.start <= i < span.end:
                assert _states(doc[i], span, questioned) == _states(doc[i], span)
                checked += 1
        asked += questioned
    assert asked and checked > 50


def test_token_entities_are_what_entity_at_gives_at_each_token(nlp):
    """``propositions.token_entities`` marks each document's tokens from its mentions in one pass: the
    entity ``entity_at`` (a search per offset) gives at every token's offset, nested and overlapping
    mentions included; the propositions read with it are those read without."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from facts_support import _claims

    from newsprism.extract import propositions as P
    from newsprism.extract.doc_columns import DocColumns

    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(EXAMPLE.glob("*.txt"))}
    claims, analysis, docs = _claims(nlp, texts)
    reads = P.StoryReads.of(analysis)
    named = 0
    for d, doc in docs.items():
        idx = DocColumns.of(doc).idx
        got = P.token_entities(reads.rows.get(d, ()), idx)
        look = reads.lookups.get(d, lambda _o: None)
        assert got == [look(x) for x in idx]
        named += sum(e is not None for e in got)
    assert named > 200
    # nested and overlapping rows, a long one past the 200 characters entity_at searches back
    rows = sorted([(0, 30, "a"), (5, 12, "b"), (10, 20, "c"), (40, 400, "d"), (300, 310, "e"), (305, 320, "f")])
    idx = list(range(0, 420, 3))
    assert P.token_entities(rows, idx) == [P._covering(rows)(x) for x in idx]
    with_entities = P.propositions(claims, analysis, docs, reads)
    persons = {d: frozenset(e for _, e in named) for d, named in reads.people.items()}
    for c in claims:  # the same arguments, entity_at asked at each token
        assert with_entities[c.id] == P.proposition_of(
            c, docs[c.doc], reads.lookups.get(c.doc, lambda _o: None),
            P._person_before(reads.people.get(c.doc, []), reads.genders), reads.columns[c.doc],
            persons.get(c.doc, frozenset()))


def test_repeats_looked_for_among_the_items_own_reports_sentences(nlp):
    """``repeated_clauses.mark_repeats`` looks for a one-outlet item's covering sentence among its own
    report's printed sentences only (the first of them, in order): what searching every printed
    sentence gives, for every one-outlet item of the seed story."""
    from dataclasses import replace

    from newsprism import analyze
    from newsprism.compare import repeated_clauses as rc

    findings = analyze([EXAMPLE], nlp=nlp).findings
    assert findings is not None
    fresh = replace(findings, single_source=tuple(replace(f, repeats=None) for f in findings.single_source))
    headline = {f.id: f.headline for f in fresh.facts}
    printed = rc.printed_sentences([
        (item.id, item.about, item.docs, [*item.citations, *([headline[item.fact]] if item.fact in headline else [])])
        for item in (*fresh.corroborated, *fresh.conflicts, *fresh.disputes)])
    marked = rc.mark_repeats(fresh)
    want = {f.about: rc.covering(f.citations, printed) for f in fresh.single_source}
    assert {f.about: f.repeats for f in marked.single_source} == want
    assert any(want.values()) and len(marked.single_source) == len(fresh.single_source)


def test_counts_in_words_made_once_give_what_each_reader_made_for_itself(nlp):
    # find_conflicts makes the counts in words once and hands them to with_words and
    # aligned_figures; each made them itself before: the same figures, the same conflicts
    from facts_support import _claims

    from newsprism.compare.figure_conflicts import aligned_figures, story_figures
    from newsprism.compare.figure_words import counts_in_words, with_words

    claims, _analysis, docs = _claims(nlp, {
        "a": "Coast guards seized 7 AK-47 rifles from the pirates' boat on Tuesday, officials said.",
        "b": "Coast guards seized 12 AK-47 rifles from the pirates' boat on Tuesday, the navy said.",
        "c": "Officials said coast guards seized seven AK-47 rifles from the pirates' boat on Tuesday.",
    })
    figures = story_figures(claims, docs)
    words = counts_in_words(claims, docs)
    assert any(words.values())

    def rows(figs):
        return {d: [(f.fig.doc, f.fig.start, f.fig.text) for f in fs] for d, fs in figs[0].items()}

    assert rows(with_words(figures, claims, docs, words)) == rows(with_words(figures, claims, docs))
    given = aligned_figures(claims, docs, figures=figures, words=words)
    assert given == aligned_figures(claims, docs, figures=figures)
    assert any(len(v.docs) == 2 for f in given for v in f.versions)  # "seven" cited with "7"


def test_doc_texts_give_the_analysis_copy_only_of_its_parse(nlp):
    # one DocTexts per story: the analysis's copy of a document's text stands for Doc.text
    # (joined anew on each call) only when the Doc is a parse of it
    from newsprism.nlp import DocTexts

    told = "Rescuers said 40 people died in the fire on Sunday. Officials said 45 died."
    other = "Rescuers said 41 people died in the fire on Sunday. Officials said 45 died."
    docs = {"a": nlp(told), "b": nlp(told)}
    texts = DocTexts(docs, {"a": told, "b": other})
    assert texts["a"] == told and texts["a"] is texts["a"]
    assert texts["b"] == docs["b"].text == told  # "other" is not what "b" parsed
    assert sorted(texts) == ["a", "b"] and len(texts) == 2


def test_find_reading_each_text_once_gives_what_each_module_read_for_itself(nlp):
    from facts_support import _claims

    from newsprism.compare.event_durations import event_durations
    from newsprism.compare.figure_conflicts import aligned_figures
    from newsprism.compare.figures_apart import figures_apart
    from newsprism.nlp import DocTexts

    stories = {
        "a": "The siege of the town lasted 40 days, officials said. About 150 migrants sought asylum on Monday.",
        "b": "The siege of the town lasted 45 days, the army said. Roughly 400 people in the caravan sought asylum.",
        "c": "Officials said the siege of the town lasted 40 days. About 130 migrants arrived on Wednesday.",
    }
    claims, analysis, docs = _claims(nlp, stories)
    texts = DocTexts(docs, {d.id: d.text for d in analysis.documents})
    outlets = {d: d for d in docs}
    durations = event_durations(analysis, claims, docs, texts)
    assert durations and durations == event_durations(analysis, claims, docs)  # 40 days / 45 days
    aligned = aligned_figures(claims, docs, doc_texts=texts)
    assert aligned and aligned == aligned_figures(claims, docs)
    apart = figures_apart(claims, docs, outlets, texts=texts)
    assert apart and apart == figures_apart(claims, docs, outlets)  # 150 / 400 / 130: other groups


def test_claims_subjects_made_once_give_the_agents_and_doers_each_found(nlp):
    # build_facts makes each claim's main subjects once for claim_agents and described_doers
    from facts_support import _claims

    from newsprism.compare.described_doers import claims_subjects, described_doers
    from newsprism.compare.fact_links import claim_agents

    claims, analysis, docs = _claims(nlp, {
        "a": "A federal task force led by John Smith released the report on Monday, officials said.",
        "b": "The task force released its report on Monday. John Smith said Mary Jones wrote it.",
    })
    subjects = claims_subjects(claims, docs)
    assert any(subjects.values())
    agents = claim_agents(claims, analysis, docs, subjects)
    assert agents == claim_agents(claims, analysis, docs)
    doers = described_doers(claims, analysis, docs, agents, subjects)
    assert doers and doers == described_doers(claims, analysis, docs, agents)  # "the task force": its leader
