"""One remark of one speaker that two reports quote, one in full and one in part ("“There won't be any
daylight there at all,” he said" / "He said there would be “no daylight” between him and Kerry"): the
alignment links a mostly quoted claim to a claim given to the same speaker that quotes a word of it
(compare.align._one_remark), and the facts take such a short quoted sentence as a member. Not whatever
else the speaker said."""

from __future__ import annotations

from newsprism.model import Article

A = ("Gov. Deval Patrick on Wednesday named William Cowan to the Senate seat John Kerry left. "
     "Cowan said he would rely on Kerry's staff in Washington. "
     'He said there would be "no daylight" between him and Kerry on policy. '
     "The special election is in June.")
B = ("William Cowan, a Boston lawyer, was appointed to the Senate on Wednesday. "
     "Mr. Cowan spoke to reporters at a packed news conference at the State House. "
     "“There won’t be any daylight there at all,” he said. "
     "Polls show Representative Edward Markey leading the race.")


def _analyse(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    return run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()], nlp)


def test_one_remark_quoted_in_full_and_in_part_is_one_fact(nlp):
    analysis = _analyse(nlp, {"a": A, "b": B})
    told = [f for f in analysis.findings.corroborated if {"a", "b"} <= set(f.docs) and "daylight" in f.about]
    assert told, [f.about for f in analysis.findings.corroborated]
    texts = {d.id: d.text for d in analysis.documents}
    cited = {c.doc: texts[c.doc][c.start:c.end] for c in told[0].citations}
    assert "daylight" in cited["a"] and "daylight" in cited["b"]


def test_a_quote_links_to_the_same_speakers_claim_only_through_a_quoted_word():
    from newsprism.compare.align import _one_remark
    from newsprism.extract.claims import Attribution, Claim
    from newsprism.model import Quote, Span

    def claim(doc: str, text: str, quoted: str | None) -> Claim:
        quotes = ()
        if quoted is not None:
            at = text.index(quoted)
            quotes = (Quote(doc, at, at + len(quoted), quoted, "Obama", speaker_entity="E1"),)
        return Claim(id=f"{doc}#0", citation=Span(doc, 0, len(text), text), quotes=quotes,
                     attribution=Attribution("Obama", Span(doc, 0, 5, "Obama"), entity="E1"))

    said = claim("a", "“Economists across the country have upwardly revised their forecasts,” Obama said.",
                 "Economists across the country have upwardly revised their forecasts")
    other = claim("b", "“I just think it’s very important for Congress to examine the agreement,” Obama said.",
                  "I just think it’s very important for Congress to examine the agreement")
    told = claim("c", "Obama said economists have revised their forecasts upward.", None)
    part = claim("d", "Obama said economists had “upwardly revised” growth.", "upwardly revised")
    links = _one_remark([said, other, told, part])
    assert links[0, 3] and links[3, 0]  # one remark, quoted in full and in part
    assert not links[0, 1]  # two remarks of one speaker
    assert not links[0, 2]  # the remark told in the report's own words: no quoted word to hold it
