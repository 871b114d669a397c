"""One outlet's words of magnitude beside another outlet's plain telling (compare/intensifiers.py)."""

from __future__ import annotations

import re

from newsprism.model import Article

# a Politico-like and a Breitbart-like telling of one figure (PolNeAR, 2016-10-03, reworded)
_WEIGHED = ("Records obtained by reporters were published on Saturday. Donald Trump took a massive $916 million "
            "loss in 1995. The loss could have let him avoid federal income taxes for years.")
_PLAIN = ("Donald Trump's companies lost nearly $916 million in 1995, according to tax records published on "
          "Saturday. His campaign did not dispute the figure.")


def _weighed(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    findings = run_pipeline(arts, nlp).findings
    items = [x for x in findings.framing if x.about.startswith("how the outlets weigh it")]
    for item in items:
        # never a conflict, and what an item shows in quote marks is an outlet's exact words
        assert item.kind == "evaluative"
        for piece in re.findall(r"“([^”]*)”", item.about):
            assert any(piece in texts[d] for d in item.docs), (piece, item.about)
        for c in item.citations:
            assert texts[c.doc][c.start : c.end] == c.text
    assert not any("916" in v.text for x in findings.conflicts for v in x.citations)
    return items


def test_an_intensifier_is_shown_beside_the_others_plain_telling_of_the_same_figure(nlp):
    items = _weighed(nlp, {"a": _WEIGHED, "b": _PLAIN})
    assert len(items) == 1, items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert by_doc["a"].label == "a massive $916 million loss"
    assert "lost nearly $916 million" in by_doc["b"].label and "massive" not in by_doc["b"].label


def test_no_item_when_the_other_outlet_weighs_it_too_or_does_not_tell_it(nlp):
    huge = _PLAIN.replace("lost nearly $916 million", "lost a huge $916 million")
    assert _weighed(nlp, {"a": _WEIGHED, "b": huge}) == []
    other = _PLAIN.replace("$916 million", "$40 million")
    assert _weighed(nlp, {"a": _WEIGHED, "b": other}) == []


def test_an_intensifier_someone_else_says_is_not_the_outlets(nlp):
    quoted = _WEIGHED.replace("Donald Trump took a massive $916 million loss in 1995.",
                              "“Donald Trump took a massive $916 million loss in 1995,” a Democratic aide said.")
    said = _WEIGHED.replace("Donald Trump took a massive $916 million loss in 1995.",
                            "Democrats said Donald Trump took a massive $916 million loss in 1995.")
    assert _weighed(nlp, {"a": quoted, "b": _PLAIN}) == []
    assert _weighed(nlp, {"a": said, "b": _PLAIN}) == []


_GUNS = "President Obama unveiled a plan to curb gun violence on Wednesday at the White House."


def test_an_intensifier_in_a_fact_the_others_tell_plainly(nlp):
    sweeping = _GUNS.replace("a plan", "a sweeping plan")
    items = _weighed(nlp, {"a": sweeping, "b": _GUNS})
    assert len(items) == 1, items
    by_doc = {lab.doc: lab for lab in items[0].labels}
    assert by_doc["a"].label == "a sweeping plan" and "sweeping" not in by_doc["b"].label


def test_an_intensifier_on_a_thing_the_others_do_not_name_is_not_weighed_against_them(nlp):
    # the same fact, but only one outlet names the hall: nothing to weigh "huge" against
    hall = _GUNS.replace("at the White House", "in a huge hall at the White House")
    assert _weighed(nlp, {"a": hall, "b": _GUNS}) == []


def test_how_the_others_tell_a_fact_is_read_from_the_first_fact_the_claim_states():
    """fact_tellings reads the claim's first fact (in the facts' order) that it supports as "same fact",
    from one map made once per story (told_facts), not from a scan of every fact per claim: a fact
    it supports only "partly" is passed over, and so is a later fact."""
    from newsprism.compare.intensifiers import fact_tellings, told_facts
    from newsprism.model import Fact, Span, Support

    def cite(doc: str, text: str) -> Span:
        return Span(doc, 0, len(text), text)

    mine = cite("a", "Trump took a massive $916 million loss in 1995.")
    b = cite("b", "Trump's companies lost nearly $916 million in 1995, records show.")
    c = cite("c", "Trump reported a $916 million loss in 1995.")
    d = cite("d", "Trump's 1995 tax records were published on Saturday.")
    facts = [
        Fact("F1", d, "Outlet D", (Support("a#0", mine, "partly"), Support("d#0", d, "same fact")), ("a", "d"), 2),
        Fact("F2", b, "Outlet B", (Support("a#0", mine, "same fact"), Support("b#0", b, "same fact"),
                                   Support("c#0", c, "same fact")), ("a", "b", "c"), 3),
        Fact("F3", d, "Outlet D", (Support("a#0", mine, "same fact"), Support("d#0", d, "same fact")), ("a", "d"), 2),
    ]

    class Claimed:
        id, doc = "a#0", "a"

    outlets = {k: f"Outlet {k.upper()}" for k in "abcd"}
    docs = dict.fromkeys("abcd", object())
    told = fact_tellings(Claimed(), told_facts(facts), docs, outlets)  # type: ignore[arg-type]
    assert [lab.doc for lab in told] == ["b", "c"]
    assert told[0].citations == (b,)
    assert fact_tellings(Claimed(), told_facts(facts[:1]), docs, outlets) == []  # type: ignore[arg-type]
