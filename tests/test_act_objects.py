"""One doer's one act done with other people is two occasions, not one fact.

"the attorney general met with several students at the local school" (after "Attorney General Eric
Holder") and "Holder arrived in St. Louis, meeting with community leaders and federal investigators"
tell Holder meeting twice: the act is one word, whom it was done with differs. The texts are
shortened from public reports (BASIL's reports of Holder's visit to Ferguson) and invented variants.
"""

from __future__ import annotations

from newsprism.compare.findings import find
from newsprism.model import Article
from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

NYT = (
    "FERGUSON, Mo. — Attorney General Eric H. Holder Jr. arrived in St. Louis on Wednesday, meeting with "
    "community leaders and federal investigators at the FBI office in the city.\n\n"
    "The visit came as a grand jury began hearing evidence in the case."
)
WAPO = (
    "Attorney General Eric H. Holder Jr. traveled to Missouri on Wednesday to oversee the federal inquiry.\n\n"
    "Before a larger meeting at St. Louis Community College on Wednesday, the attorney general met with "
    "several students at the FBI office."
)
# the same meeting told by both: who it was with is one kind of people
SAME = (
    "Attorney General Eric H. Holder Jr. traveled to Missouri on Wednesday to oversee the federal inquiry.\n\n"
    "Before a larger meeting at St. Louis Community College on Wednesday, the attorney general met with "
    "local community leaders and federal investigators at the FBI office in the city."
)


def _facts(nlp, texts: dict[str, str]) -> list[list[str]]:
    ws = Workspace(articles=[Article(id=k, text=v, published="2014-08-20", outlet=f"Outlet {k}")
                             for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    found = find(ws.analysis, ws.docs_by_id(), named=ws.named)
    return [[ws.articles[[a.id for a in ws.articles].index(c.doc)].text[c.start:c.end] for c in f.citations]
            for f in found.corroborated]


def test_one_doer_meeting_other_people_is_two_occasions(nlp) -> None:
    facts = _facts(nlp, {"nyt": NYT, "wapo": WAPO})
    assert not any(any("several students" in t for t in f) and any("community leaders" in t for t in f)
                   for f in facts)


def test_one_doer_meeting_the_same_people_is_one_fact(nlp) -> None:
    facts = _facts(nlp, {"nyt": NYT, "wapo": SAME})
    assert any(any("meeting with community leaders" in t for t in f) and any("met with local community" in t for t in f)
               for f in facts)
