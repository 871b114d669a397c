"""One fact is one proposition: a chain of links (A~B, B~C) across reports of different
days is not one fact, "he" and "she" are two people, two claims dated to other days tell
two occasions, and between reports of different days a shared rare name with hardly a
word in common is no proof."""

from __future__ import annotations

import numpy as np

from newsprism.model import Span


def _claim(doc: str, k: int, text: str, entities: tuple[str, ...] = ()):
    from newsprism.extract.claims import Claim

    return Claim(id=f"{doc}#{k}", citation=Span(doc, 0, len(text), text), entities=entities,
                 terms=tuple(w.lower() for w in text.split() if len(w) > 3))


def _pairs(n: int, score: float = 0.0, entities: float = 0.0, terms: float = 0.0):
    from newsprism.compare.align import PairScores

    def full(v: float) -> np.ndarray:
        return np.full((n, n), v, dtype=np.float32)

    return PairScores(full(score), full(0.0), full(terms), full(entities), full(0.0), words=full(terms))


def test_a_chain_of_links_is_two_facts_not_one():
    from newsprism.compare.cores import core as _core

    claims = [_claim("a", 0, "x"), _claim("b", 0, "y"), _claim("c", 0, "z"), _claim("b", 1, "w")]
    pairs = _pairs(4, 1.0)
    pairs.score[0, 1] = pairs.score[1, 0] = 1.5  # a~b is the strongest link
    # a~b and b~c state one fact each; a and c do not; the second claim of b agrees with a
    same = {(0, 1), (1, 0), (1, 2), (2, 1), (0, 3), (3, 0)}
    core = _core(range(4), same, claims, pairs, one_per_doc=True)
    assert sorted(core) == [0, 1]  # not c: it states another thing about the same people
    # without the one-claim-per-report rule the other sentence of b joins too
    assert sorted(_core(range(4), same, claims, pairs)) == [0, 1, 3]
    # what is left of the group is a fact of its own
    left = [k for k in range(4) if k not in core]
    assert sorted(_core(left, {p for p in same if p[0] in left and p[1] in left}, claims, pairs)) == []
    assert sorted(_core([1, 2], same, claims, pairs)) == [1, 2]
    # reports of one day may tell one fact in a chain of paraphrases (a~b, b~c)
    same_day = _core(range(3), same, claims, pairs, apart=lambda _j, _k: False)
    assert sorted(same_day) == [0, 1, 2]


def test_he_and_she_are_two_people(nlp):
    from newsprism.compare.match import contradicts
    from newsprism.extract.claims import extract_claims
    from newsprism.extract.propositions import propositions
    from newsprism.model import Article
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    ws = Workspace(articles=[
        Article(id="a", text="Jesse Jackson Jr. left Congress. He resigned during the federal investigation.", outlet="A"),
        Article(id="b", text="Sandi Jackson left the council. She resigned during the federal investigation.", outlet="B"),
        Article(id="c", text="Jesse Jackson Jr. left Congress. He resigned amid the federal inquiry.", outlet="C"),
    ])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs)
    props = propositions(claims, ws.analysis, docs)
    he, she, he2 = (props[next(c.id for c in claims if c.doc == d and "resigned" in c.text)] for d in "abc")
    assert he.pronouns == {"he"} and she.pronouns == {"she"}
    assert contradicts(he, she)
    assert not contradicts(he, he2)


def test_claims_dated_to_other_days_tell_two_occasions():
    from newsprism.compare.cores import other_days as _other_days
    from newsprism.extract.propositions import Proposition

    tuesday = Proposition("a#0", "admit", days=frozenset({"2016-04-26"}))
    monday = Proposition("b#0", "acknowledge", days=frozenset({"2016-04-25"}))
    both = Proposition("c#0", "acknowledge", days=frozenset({"2016-04-25", "2016-04-26"}))
    year = Proposition("d#0", "marry", days=frozenset({"2012"}))
    undated = Proposition("e#0", "admit")
    assert _other_days(tuesday, monday)
    assert not _other_days(tuesday, both)
    assert not _other_days(year, monday)  # a year alone is too coarse to tell occasions apart
    assert not _other_days(tuesday, undated)


def test_a_shared_name_with_hardly_a_word_in_common_is_no_proof():
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity
    from newsprism.extract.propositions import Proposition

    kasich = _claim("a", 0, "Ohio Gov. John Kasich suspended his presidential campaign Wednesday evening.", ("E1",))
    pence = _claim("b", 0, "Pence met with Cruz and Trump last week, and this week with Ohio Gov. John Kasich.", ("E1", "E2"))
    props = Props({kasich.id: Proposition(kasich.id, "suspend", agents=frozenset({"@E1"})),
                    pence.id: Proposition(pence.id, "meet", agents=frozenset({"~governor"}), patients=frozenset({"@E1"}))},
                   PredicateSimilarity(None), 0.6)
    claims = [kasich, pence]
    thin = _pairs(2, score=1.0, entities=0.5, terms=0.12)
    assert link_strength(0, 1, claims, thin, set(), FactParams(), props=props) == "partly"
    # the old rule (rare-name evidence enough) called it the same fact
    assert link_strength(0, 1, claims, thin, set(), FactParams(unagreed_terms=0.0, loose_terms=0.0), props=props) == "same fact"
    # reports of one day: the rare name alone is no proof either ("suspended his campaign" / "met
    # with ... Kasich") ...
    assert link_strength(0, 1, claims, thin, set(), FactParams(), props=props, apart=False) == "partly"
    # ... an event key both carry (the same action on the same participant) and the score carry it
    # (a paraphrase the words miss)
    evented = _pairs(2, score=1.0, entities=0.5, terms=0.12)
    evented.events[:] = 0.6
    assert link_strength(0, 1, claims, evented, set(), FactParams(), props=props, apart=False) == "same fact"
    worded = _pairs(2, score=1.0, entities=0.5, terms=0.3)
    assert link_strength(0, 1, claims, worded, set(), FactParams(), props=props) == "same fact"


def test_a_guess_about_a_state_is_not_a_plain_statement():
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity
    from newsprism.extract.propositions import Proposition

    guess = _claim("a", 0, "Gov. Mike Pence of Indiana may be in a particularly awkward position.", ("E1",))
    plain = _claim("b", 0, "The leaders who rebuked Trump included his running mate, Gov. Mike Pence.", ("E1", "E2"))
    plan = _claim("c", 0, "Gov. Mike Pence plans to rebuke Trump in a speech on Monday.", ("E1", "E2"))
    props = Props({guess.id: Proposition(guess.id, "be", hedged=True, agents=frozenset({"@E1"})),
                    plain.id: Proposition(plain.id, "include", agents=frozenset({"~leader"}), patients=frozenset({"@E1"})),
                    plan.id: Proposition(plan.id, "rebuke", hedged=True, agents=frozenset({"@E1"}))},
                   PredicateSimilarity(None), 0.6)
    claims = [guess, plain, plan]
    pairs = _pairs(3, score=1.4, entities=0.9, terms=0.3)
    assert link_strength(0, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "partly"
    assert link_strength(0, 1, claims, pairs, set(), FactParams(hedge_apart=False), props=props, apart=False) == "same fact"
    # a plan is no guess about a state: left to the other rules
    assert link_strength(2, 1, claims, pairs, set(), FactParams(), props=props, apart=False) == "same fact"


def _reference_core(ks, same, claims, pairs, apart, one_per_doc):
    """The greedy rule of cores.core written out plainly (every seed grown on every call)."""
    pool = [k for k in ks if any((j, k) in same for j in ks)]
    best: tuple = ()
    best_core: list[int] = []
    for x, y in sorted({(min(p), max(p)) for p in same if p[0] in pool and p[1] in pool}):
        core = [x, y]

        def pull(k, x=x, y=y):
            return max(float(pairs.score[k, j]) for j in (x, y) if claims[j].doc != claims[k].doc)

        for k in sorted((k for k in pool if k not in core), key=lambda k: (-pull(k), k)):
            others = [j for j in core if claims[j].doc != claims[k].doc]
            if not others or (one_per_doc and len(others) < len(core)):
                continue
            if any((j, k) in same for j in others) and all((j, k) in same for j in others if apart(j, k)):
                core.append(k)
        from newsprism.compare.cores import fit

        strength = sum(fit(i, j, claims, pairs, 1.0) for i in core for j in core if i < j and claims[i].doc != claims[j].doc)
        key = (len({claims[k].doc for k in core}), len(core), strength, -min(core))
        if key > best:
            best, best_core = key, core
    return best_core


def test_cores_are_the_greedy_rule_called_again_on_each_rest():
    """cores() keeps each seed's core between calls: the same cores, in the same order,
    as calling the plain rule again on what each core leaves (random groups, ties included)."""
    from newsprism.compare.cores import core, cores

    rng = np.random.default_rng(7)
    checked = 0
    for _trial in range(300):
        n = int(rng.integers(3, 16))
        n_docs = int(rng.integers(2, 6))
        claims = [_claim("d%d" % rng.integers(0, n_docs), k, "w%d" % k, tuple("E%d" % e for e in rng.integers(0, 4, 2)))
                  for k in range(n)]
        pairs = _pairs(n)
        pairs.score[:] = np.round(rng.random((n, n)), 1)  # coarse: ties in pull and strength
        same = {(j, k) for j in range(n) for k in range(n)
                if claims[j].doc != claims[k].doc and rng.random() < 0.45}
        day = rng.integers(0, 3, n_docs + 1)

        def apart(j, k):
            return bool(day[int(claims[j].doc[1:])] != day[int(claims[k].doc[1:])])

        for one in (False, True):
            left, want = list(range(n)), []
            while True:
                c = _reference_core(left, {p for p in same if p[0] in left and p[1] in left}, claims, pairs, apart, one)
                if len({claims[k].doc for k in c}) < 2:
                    break
                want.append(c)
                left = [k for k in left if k not in c]
            assert cores(range(n), same, claims, pairs, apart, one) == want
            assert core(range(n), same, claims, pairs, apart, one) == (want[0] if want else [])
            checked += len(want) > 1
    assert checked > 50  # many groups hold more than one core


def test_one_outlets_own_updates_do_not_chain_a_fact():
    """A big same-day story told in one outlet's live updates: the updates link to each other, and
    a chain through them (A1~B, A1~A2, A2~C) made one "fact" of four claims telling three things."""
    from newsprism.compare.cores import core as _core

    claims = [_claim("a1", 0, "x"), _claim("b", 0, "y"), _claim("a2", 0, "z"), _claim("c", 0, "w")]
    pairs = _pairs(4, 1.0)
    pairs.score[0, 1] = pairs.score[1, 0] = 1.5  # a1~b: the strongest link
    same = {(0, 1), (1, 0), (0, 2), (2, 0), (2, 3), (3, 2)}
    outlet = {"a1": "a", "a2": "a", "b": "b", "c": "c"}.__getitem__
    same_day = dict(apart=lambda _j, _k: False)
    # documents as the units: a2 joins by its link to a1, then c by its link to a2
    assert sorted(_core(range(4), same, claims, pairs, **same_day)) == [0, 1, 2, 3]
    # outlets as the units: a2 states the fact with no claim of another outlet, so neither it nor c joins
    assert sorted(_core(range(4), same, claims, pairs, unit=outlet, **same_day)) == [0, 1]
    # c states the fact with b (another outlet): it joins; a2, linked to a1 of its own outlet only, does not
    linked = {(0, 1), (1, 0), (0, 2), (2, 0), (1, 3), (3, 1)}
    assert sorted(_core(range(4), linked, claims, pairs, unit=outlet, **same_day)) == [0, 1, 3]
    assert sorted(_core(range(4), linked, claims, pairs, **same_day)) == [0, 1, 2, 3]


def test_a_claim_joins_by_stating_the_fact_with_the_claim_at_the_centre():
    from newsprism.compare.cores import core as _core

    claims = [_claim("a", 0, "x"), _claim("b", 0, "y"), _claim("c", 0, "z"), _claim("d", 0, "w")]
    pairs = _pairs(4, 1.0)
    pairs.score[0, 1] = pairs.score[1, 0] = 1.5  # the seed: a~b
    pairs.score[2, 0] = pairs.score[0, 2] = 1.2  # c is pulled in first, by its score to a
    same = {(0, 1), (1, 0), (0, 2), (2, 0), (2, 3), (3, 2)}  # c~a, and d~c only
    same_day = dict(apart=lambda _j, _k: False)
    assert sorted(_core(range(4), same, claims, pairs, **same_day)) == [0, 1, 2, 3]
    # a star: each claim states the fact with the one at its centre (a: b and c; c: a and d),
    # never d (a neighbour of c only) with b (a neighbour of a only)
    assert sorted(_core(range(4), same, claims, pairs, star=True, **same_day)) in ([0, 1, 2], [0, 2, 3])


def test_a_shared_name_backs_actions_that_may_be_one():
    """"under a deal between Russia and Turkey" / "the evacuation, mediated by Turkey and Russia":
    hardly a word in common and no event key, but the actions may be one (a deal is what mediating
    makes): the names carry it on one day."""
    from newsprism.compare.fact_links import Props, link_strength
    from newsprism.compare.fact_params import FactParams
    from newsprism.compare.match import PredicateSimilarity
    from newsprism.extract.propositions import Proposition

    deal = _claim("a", 0, "The evacuation was to proceed under a deal between Russia and Turkey.", ("E1", "E2"))
    mediated = _claim("b", 0, "The evacuation, mediated by Turkey and Russia, was halted.", ("E1", "E2"))
    props = Props({deal.id: Proposition(deal.id, "proceed", nominals=frozenset({"deal", "~deal", "evacuation"})),
                   mediated.id: Proposition(mediated.id, "halt", kinds=frozenset({"broker"}), actions=frozenset({"mediate", "halt"}))},
                  PredicateSimilarity(None), 0.6)
    claims = [deal, mediated]
    thin = _pairs(2, score=1.0, entities=0.5, terms=0.12)
    assert props.compatible(deal, mediated)
    assert link_strength(0, 1, claims, thin, set(), FactParams(), props=props, apart=False) == "same fact"
