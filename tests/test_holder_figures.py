"""One person's figure told once in each of two reports, in sentences that share no other word
(BASIL ee05c9b3's "He raised just over $200,000 for his campaign" / "With just over $200,000, David
Brat ... toppled Mr. Cantor", one of them changed): a conflict only when the holder is one person,
each report gives that person one value, and the figure is written alike but for the number."""

from __future__ import annotations

from newsprism.model import Article

_FOX = ("Who is Dave Brat?\n\nHouse Majority Leader Eric Cantor was beaten Tuesday night by a political novice "
        "who teaches economics at a small Virginia college.\n\nThe 49-year-old Brat teaches at Randolph-Macon "
        "College, a small liberal arts school north of Richmond. He raised just over $200,000 for his campaign, "
        "while Cantor spent more than $1 million in April and May alone to try to beat back his challenge.")
_NYT = ("WASHINGTON — In one of the most stunning primary upsets in congressional history, the House majority "
        "leader, Eric Cantor, was soundly defeated on Tuesday by a Tea Party-backed economics professor.\n\n"
        "With just over $300,000, David Brat, a professor at Randolph-Macon College in Ashland, Va., toppled "
        "Mr. Cantor, repeatedly criticizing him for being soft on immigration.")


def _findings(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}", published="2014-06-11") for k, v in texts.items()]
    return run_pipeline(arts, nlp).findings


def _values(found) -> list[set[str]]:
    return [{v.value for v in x.versions} for x in found.conflicts]


def test_one_candidates_money_told_with_other_words_is_a_conflict(nlp):
    texts = {"fox": _FOX, "nyt": _NYT}
    found = _findings(nlp, texts)
    assert {"just over $200,000", "just over $300,000"} in _values(found), _values(found)
    # headed by the sentence that names him, not by the one opening on "He"
    x = next(x for x in found.conflicts if "just over $300,000" in {v.value for v in x.versions})
    assert x.about.startswith("how much money in: With just over $300,000, David Brat"), x.about
    for x in found.conflicts:
        for v in x.versions:
            for c in v.citations:
                assert texts[c.doc][c.start:c.end] == c.text, c


def test_the_same_words_of_another_persons_money_are_no_conflict(nlp):
    # "she" is the woman, not Dave Brat named after her: her money is not his
    fox = _FOX.replace("He raised just over $200,000 for his campaign,",
                       "Nancy Ellis, a Democrat who debated Dave Brat last month, says she raised just over $200,000 "
                       "for her campaign,")
    found = _findings(nlp, {"fox": fox, "nyt": _NYT})
    assert not any("just over $300,000" in vals for vals in _values(found)), _values(found)


def test_a_report_giving_the_person_two_amounts_sets_none_against_the_other(nlp):
    # raised and spent: two figures of Brat's in one report, neither his one amount
    fox = _FOX.replace("while Cantor spent more than $1 million", "and he spent just over $150,000")
    found = _findings(nlp, {"fox": fox, "nyt": _NYT})
    assert not any("just over $300,000" in vals for vals in _values(found)), _values(found)


def test_amounts_written_differently_are_left_to_the_sentences(nlp):
    # no qualifier on one side: nothing but the person says the two amounts are one
    fox = _FOX.replace("He raised just over $200,000", "He raised $200,000")
    found = _findings(nlp, {"fox": fox, "nyt": _NYT})
    assert not any("just over $300,000" in vals for vals in _values(found)), _values(found)


def test_amounts_of_two_acts_are_two_figures(nlp):
    # raised and spent, each report giving Brat one amount: two acts' amounts, no conflict
    nyt = _NYT.replace("With just over $300,000, David Brat, a professor at Randolph-Macon College in Ashland, Va., "
                       "toppled Mr. Cantor,",
                       "David Brat, a professor at Randolph-Macon College in Ashland, Va., spent just over $300,000 on "
                       "his race against Mr. Cantor,")
    found = _findings(nlp, {"fox": _FOX, "nyt": nyt})
    assert not any("just over $300,000" in vals for vals in _values(found)), _values(found)
