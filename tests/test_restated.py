"""A claim only one report makes that states a fact several reports state (compare.restated)."""

from __future__ import annotations

from facts_support import parsed_claims

from newsprism.compare.fact_links import Props
from newsprism.compare.match import PredicateSimilarity
from newsprism.compare.restated import Restated
from newsprism.model import Fact, Support


def test_a_sentence_stating_a_corroborated_fact_restates_it(nlp):
    """BASIL 11c9f251 (dev): "Mary Cheney, the younger sister of Liz Cheney, ... sharply criticized
    her sister's stance on same-sex marriage" was 3rd of the one-outlet items, though two other
    reports state that she criticized it. What else she did, or what someone else did, is no
    restatement; nor is stating what only one other report states."""
    texts = {
        "a": ("Mary Cheney, the younger sister of Liz Cheney, sharply criticized her sister's stance on same-sex "
              "marriage on Sunday.\n\nMary Cheney urged her Facebook friends to back same-sex marriage.\n\n"
              "Dick Cheney criticized the Wyoming senator's record on Sunday."),
        "b": "Mary Cheney criticized her sister's opposition to same-sex marriage on Sunday.",
        "c": "On Sunday, Mary Cheney criticized the position of her sister Liz on same-sex marriage.",
    }
    claims, of = parsed_claims(nlp, texts)
    props = Props(of, PredicateSimilarity(None), 0.6)
    told = [next(c for c in claims if c.doc == d) for d in ("b", "c")]
    fact = Fact("F1", told[0].citation, "Outlet B", tuple(Support(c.id, c.citation, "same fact") for c in told),
                ("b", "c"), 2)
    restates = Restated([fact], {c.id: c for c in claims}, props)
    mine = sorted((c for c in claims if c.doc == "a"), key=lambda c: c.start)

    def of_sentence(words: str):
        return [c for c in mine if words in c.text]

    assert restates(of_sentence("sharply criticized"))
    assert not restates(of_sentence("Facebook friends"))  # another thing she did
    assert not restates(of_sentence("Dick Cheney"))  # someone else's criticism
    alone = Fact("F2", told[0].citation, "Outlet B", (Support(told[0].id, told[0].citation, "same fact"),), ("b",), 1)
    assert not Restated([alone], {c.id: c for c in claims}, props)(of_sentence("sharply criticized"))  # one report


def test_restated_asks_the_verdict_only_where_it_may_agree_and_answers_as_every_verdict_does(nlp):
    """Restated asks the (costly) verdict only of claims sharing a named argument or a figure in one
    role: a claim naming the fact's people in other roles ("Romney attacked Obama" beside "Obama
    attacked Romney") is not asked. Its answers are those of asking every claim of another report in
    a multi-report fact, and it asks fewer."""
    texts = {
        "a": ("Mitt Romney attacked Barack Obama over the economy in a speech in Ohio on Monday.\n\n"
              "Obama signed the bill on Monday, his spokesman said.\n\n"
              "The plan would cost $1.5 trillion over ten years."),
        "b": "Barack Obama attacked Mitt Romney over the economy in Ohio on Monday.",
        "c": "President Obama attacked Romney on the economy during a visit to Ohio on Monday.",
        "d": "Obama signed the bill into law on Monday.",
        "e": "The president signed the bill on Monday.",
    }
    claims, of = parsed_claims(nlp, texts)
    asked: list[tuple[str, str]] = []

    class Counting(Props):
        def verdict(self, a, b):
            asked.append((a.id, b.id))
            return super().verdict(a, b)

    props = Counting(of, PredicateSimilarity(None), 0.6)
    first = {d: sorted((c for c in claims if c.doc == d), key=lambda c: c.start)[0] for d in "bcde"}
    facts = [Fact("F1", first["b"].citation, "Outlet B", tuple(Support(first[d].id, first[d].citation, "same fact")
                                                               for d in "bc"), ("b", "c"), 2),
             Fact("F2", first["d"].citation, "Outlet D", tuple(Support(first[d].id, first[d].citation, "same fact")
                                                               for d in "de"), ("d", "e"), 2)]
    restates = Restated(facts, {c.id: c for c in claims}, props)
    told = [first[d] for d in "bcde"]
    asked_of: dict[str, list[tuple[str, str]]] = {}
    for c in sorted((c for c in claims if c.doc == "a"), key=lambda c: c.start):
        asked.clear()
        answer = restates([c])
        asked_of[c.text] = list(asked)
        assert answer == any(props.verdict(c, d) == "agrees" for d in told), c.text
    # the attack told the other way round names Romney and Obama in the other roles: not asked
    attack = next(t for t in asked_of if t.startswith("Mitt Romney attacked"))
    assert asked_of[attack] == []
    assert any(asked_of[t] for t in asked_of if t.startswith("Obama signed"))
