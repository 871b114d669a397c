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
