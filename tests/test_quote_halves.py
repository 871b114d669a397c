"""One quoted sentence is one remark (compare.quote_halves): facts that each hold a part of it
— the clause splitter cut it, the reports quote the parts — are joined into one fact."""

from __future__ import annotations

from newsprism.compare.quote_halves import join_remarks
from newsprism.extract.claims import Claim
from newsprism.model import Fact, Quote, Span, Support

FOX = ('"I trust in God, but God wants to see us help ourselves by putting people back to work," '
       'the president said during a speech at Key Bridge in Washington. "That is not putting people back to work," he said.')
HPO = ('Obama went on: "That is not putting people back to work. I trust in God, but God wants to see us '
       'help ourselves by putting people back to work." Then he called out House Speaker John Boehner.')
TEXTS = {"fox": FOX, "hpo": HPO}


def _span(doc: str, words: str, after: int = 0) -> Span:
    at = TEXTS[doc].index(words, after)
    return Span(doc, at, at + len(words), words)


def _claim(doc: str, words: str, sentence: str, quoted: str) -> Claim:
    cited, whole, at = _span(doc, words), _span(doc, sentence), _span(doc, quoted)
    quote = Quote(doc, at.start, at.end, at.text, "Obama")
    return Claim(id=f"{doc}#{cited.start}", citation=cited, quotes=(quote,), sentence=whole)


FOX_SENTENCE = FOX[: FOX.index(' "That')]
HPO_SENTENCE = 'I trust in God, but God wants to see us help ourselves by putting people back to work."'
FOX_QUOTE = "I trust in God, but God wants to see us help ourselves by putting people back to work,"
HPO_QUOTE = HPO[HPO.index('"') + 1: HPO.rindex('"')]
TRUST = [_claim("fox", '"I trust in God,', FOX_SENTENCE, FOX_QUOTE), _claim("hpo", "I trust in God,", HPO_SENTENCE, HPO_QUOTE)]
WANTS = [_claim("fox", "but God wants to see us help ourselves by putting people back to work,", FOX_SENTENCE, FOX_QUOTE),
         _claim("hpo", 'but God wants to see us help ourselves by putting people back to work."', HPO_SENTENCE, HPO_QUOTE)]


def _fact(claims: list[Claim], cited: list[Span] | None = None) -> Fact:
    cites = cited or [c.citation for c in claims]
    support = tuple(Support(c.id if s == c.citation else f"{c.id}@{s.start}-{s.end}", s, "same fact")
                    for c, s in zip(claims, cites))
    return Fact("", claims[0].citation, "fox", support, tuple(sorted({c.doc for c in claims})), 2)


def test_the_facts_of_one_quoted_sentences_halves_are_one_fact():
    claims = {c.id: c for c in TRUST + WANTS}
    facts = join_remarks([_fact(WANTS), _fact(TRUST)], claims, {"fox": "FOX", "hpo": "HPO"}, lambda docs, same: len(docs))
    assert len(facts) == 1
    joined = facts[0]
    assert {s.claim for s in joined.support} == set(claims)
    assert all(s.strength == "same fact" for s in joined.support)  # each claim once, at its strength
    # headed by a sentence that holds both halves, whole
    assert "I trust in God" in joined.headline.text and "back to work" in joined.headline.text
    assert TEXTS[joined.headline.doc][joined.headline.start:joined.headline.end] == joined.headline.text


def test_a_sentence_telling_an_act_around_its_quotation_and_two_sentences_stay_apart():
    by_id = {c.id: c for c in TRUST}
    told = 'Obama went on: "That is not putting people back to work.'
    act = _claim("hpo", told, told, HPO_QUOTE)
    said = _claim("fox", '"That is not putting people back to work," he said.', '"That is not putting people back to work," he said.',
                  "That is not putting people back to work,")
    by_id.update({act.id: act, said.id: said})
    # the act told whole in one fact, its quotation cited in another: one claim tells two facts; and
    # the quotation runs on into the next sentence ("I trust in God, ..."): a sentence of its own
    first = _fact([said, act])
    second = _fact([TRUST[0], act, TRUST[1]], [TRUST[0].citation, _span("hpo", "That is not putting people back to work."),
                                               TRUST[1].citation])
    assert len(join_remarks([first, second], by_id, {}, lambda docs, same: len(docs))) == 2
