"""A summary sentence cites, in each report, the sentences that state it — not every sentence the
alignment joined into its fact (21ecbplus: "The driver was charged with DWI, ..." cited 45 spans)."""

from __future__ import annotations

from newsprism.compare.findings import _stating
from newsprism.extract.claims import Claim
from newsprism.model import Span

A = ("According to investigators, a woman was killed by a hit-and-run driver in Queens on Friday.\n"
     "The driver was charged with DWI, leaving the scene of an accident and vehicular manslaughter.\n")
B = ("Police have a suspect in custody after a hit and run accident that killed a woman in Queens.\n"
     "He has been charged with vehicular manslaughter, DWI and leaving the scene of an accident.\n")


def _claim(doc: str, text: str, sentence: str, terms: str) -> Claim:
    start = text.index(sentence)
    return Claim(f"{doc}#{start}", Span(doc, start, start + len(sentence), sentence), terms=tuple(terms.split()))


def test_each_report_cites_the_sentences_that_state_the_summary_sentence():
    a_killed = _claim("a", A, A.splitlines()[0], "investigator woman kill driver queens friday")
    a_charged = _claim("a", A, A.splitlines()[1], "driver charge dwi leave scene accident vehicular manslaughter")
    b_custody = _claim("b", B, B.splitlines()[0], "police suspect custody accident kill woman queens")
    b_charged = _claim("b", B, B.splitlines()[1], "charge vehicular manslaughter dwi leave scene accident")
    same = [a_killed, a_charged, b_custody, b_charged]
    cites = tuple(c.citation for c in same)
    kept = _stating(cites, a_charged.citation, same)
    assert kept == (a_charged.citation, b_charged.citation)
    # a report whose best sentence states little of it keeps that one: it is cited, not dropped
    kept = _stating((a_charged.citation, b_custody.citation), a_charged.citation, same)
    assert kept == (a_charged.citation, b_custody.citation)
    # a citation no known claim lies in is kept as it was
    other = Span("b", 0, 6, "Police")
    assert other in _stating((a_charged.citation, other), a_charged.citation, [a_charged])
    # a headline cut from its claim (the title line before it left off) still reads that claim's words
    cut = Span("a", a_charged.start + 4, a_charged.end, a_charged.text[4:])
    assert _stating(cites, cut, same) == (a_charged.citation, b_charged.citation)
