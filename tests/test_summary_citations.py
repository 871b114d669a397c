"""A summary sentence cites, in each report, the sentences that state it — not every sentence the
alignment joined into its fact (21ecbplus: "The driver was charged with DWI, ..." cited 45 spans)."""

from __future__ import annotations

from dataclasses import replace

from newsprism.compare.findings import _stating
from newsprism.extract.claims import Claim
from newsprism.model import Article, Span

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


# ---------------------------------------------------------------- what leads, and who it is cited to

POST = ("Shelling resumed in Aleppo on Wednesday, and evacuations from the besieged city stalled despite a deal "
        "brokered the day before.\n"
        "Brokered by Russia and Turkey, the pact began with a cease-fire.\n")
AP = ("BEIRUT — A cease-fire to evacuate rebel fighters and civilians from Aleppo unraveled on Wednesday as "
      "residents reported the resumption of shelling.\n"
      "The initial evacuation deal was mediated late Tuesday by Turkey and Russia.\n")
TIMES = ("Families were packed and ready Wednesday morning to vacate Aleppo under a deal between Russia and Turkey.\n"
         "Rebel groups outside the city resumed shelling districts in Aleppo.\n")


def _line(doc: str, text: str, n: int) -> Claim:
    from newsprism.compare.fact_text import headline_span

    line = text.splitlines()[n]
    start = text.index(line)
    claim = Claim(f"{doc}#{start}", Span(doc, start, start + len(line), line),
                  terms=tuple(w.strip(".,—").lower() for w in line.split() if len(w.strip(".,—")) > 3))
    head = headline_span(claim)  # the dateline cut, as a fact's headline is
    return Claim(claim.id, claim.citation, terms=claim.terms, sentence=claim.citation) if head == claim.citation else claim


def _finding(fid: str, head: Claim, *others: Claim, sources: int = 0):
    from newsprism.model import Finding

    group = (head, *others)
    return Finding("", "corroborated", head.text, tuple(dict.fromkeys(c.doc for c in group)),
                   tuple(c.citation for c in group), claims=tuple(c.id for c in group),
                   sources=sources or len({c.doc for c in group}), fact=fid)


def test_the_summary_opens_with_what_the_reports_lead_with_cited_to_those_that_state_it():
    """Three reports of the Aleppo deal's collapse: the Post and AP open with the shelling resuming
    and the evacuation stalling, the Times with families ready to leave under the deal. The
    summary opens with the fact two reports lead with; the Post's sentence is cited to AP, whose lede
    states most of it ("evacuate" / "evacuations", "shelling"), not to the Times' sentence on rebels
    shelling the city's districts, which states under a third of it."""
    from newsprism.compare.findings import _summary

    post_lede, post_deal = _line("post", POST, 0), _line("post", POST, 1)
    ap_lede, ap_deal = _line("ap", AP, 0), _line("ap", AP, 1)
    times_lede, times_shelling = _line("times", TIMES, 0), _line("times", TIMES, 1)
    deal = _finding("F1", post_deal, ap_deal, times_lede)
    shelling = _finding("F2", post_lede, ap_lede, times_shelling)
    claims = {c.id: c for c in (post_lede, post_deal, ap_lede, ap_deal, times_lede, times_shelling)}
    heads = {"F1": post_deal.citation, "F2": post_lede.citation}
    summary = _summary([deal, shelling], heads, claims=claims)
    assert summary[0].text == post_lede.text
    assert {c.doc for c in summary[0].citations} == {"post", "ap"}
    # every sentence is cited to at least two reports, each stating a third of it or more
    assert all(len({c.doc for c in s.citations}) >= 2 for s in summary)


def test_a_report_that_gives_none_of_a_summary_sentences_figures_is_not_cited_for_it():
    """"Out of 23 arrested pirates, 12 are from Somalia and 11 from Yemen": a report that says only
    that the navy captured 23 pirates does not state it; one that gives the 12 and the 11 does.
    Copies of one report are one source: a sentence they alone state is left out."""
    from newsprism.compare.findings import _summary
    from newsprism.model import Figure

    def claim(doc: str, text: str, *values: int) -> Claim:
        figures = tuple(Figure(doc, text.index(str(v)), text.index(str(v)) + len(str(v)), str(v), v) for v in values)
        return Claim(f"{doc}#0", Span(doc, 0, len(text), text), figures=figures,
                     terms=tuple(w.strip(".,").lower() for w in text.split() if len(w.strip(".,")) > 2))

    head = claim("a", "Out of 23 arrested pirates, 12 are from Somalia and 11 from Yemen.", 23, 12, 11)
    only_total = claim("b", "The Indian navy has arrested 23 pirates from Somalia.", 23)
    whole = claim("c", "Of the 23 pirates arrested, 12 are Somali and 11 are from Yemen.", 23, 12, 11)
    claims = {c.id: c for c in (head, only_total, whole)}
    found = [_finding("F1", head, only_total, whole)]
    summary = _summary(found, {"F1": head.citation}, claims=claims)
    assert [{c.doc for c in s.citations} for s in summary] == [{"a", "c"}]
    # "c" a copy of "a": what is left of the breakdown is one source; the fact is summed up by the
    # sentence both sources state, the total
    copied = _summary(found, {"F1": head.citation}, claims=claims, units={"a": "wire", "c": "wire", "b": "b"})
    assert [s.text for s in copied] == [only_total.text]


def test_one_figure_in_passing_need_not_be_given():
    """"Arpaio endorsed three term Texas Governor Rick Perry": the other report's "Arpaio announced
    he will endorse Texas Governor Rick Perry" states it, though it does not count his terms."""
    from newsprism.compare.findings import _gives

    assert _gives(set(), {3})
    assert not _gives({23}, {23, 12, 11}) and _gives({23, 12}, {23, 12, 11})


def test_a_title_or_a_fragment_with_no_verb_is_no_summary_sentence(nlp):
    """"Regina Benjamin to be US Surgeon General." (a page's title) and "Surgeon General during an
    announcement in the White House Rose Garden Monday, July 13, 2009." (the tail of a sentence
    cut at "U.S.") have no verb that makes a sentence; "Obama nominated Regina Benjamin ..." has."""
    from newsprism.compare.findings import _finite

    text = ("Regina Benjamin to be US Surgeon General.\n\n"
            "Surgeon General during an announcement in the White House Rose Garden Monday, July 13, 2009.\n\n"
            "President Obama nominated Regina Benjamin, an Alabama family physician, to be surgeon general.")
    doc = nlp(text)
    spans = [Span("d", text.index(line), text.index(line) + len(line), line) for line in text.split("\n\n")]
    assert [_finite(x, {"d": doc}) for x in spans] == [False, False, True]


def test_a_reports_title_line_is_not_cited_beside_its_sentence():
    """21ecbplus: "Driver Charged With DWI , Vehicular Manslaughter" (a title) and the sentence
    "Subryan is charged with DWI , vehicular manslaughter and leaving the scene ..." of one report:
    the sentence is cited; a report whose only citation is its title keeps it."""
    from newsprism.compare.findings import _without_titles

    title = Span("cbs", 0, 46, "Driver Charged With DWI , Vehicular Manslaughter")
    sentence = Span("cbs", 200, 290, "Subryan is charged with DWI , vehicular manslaughter and leaving the scene of an accident .")
    caps = Span("forum", 0, 60, "GRANDMOTHER KILLED BY DRUNK DRIVER IN HIT - AND - RUN ACCIDENT")
    only = Span("wins", 0, 40, "Woman Killed In Queens Hit - And - Run Accident , Driver Charged")
    forum = Span("forum", 300, 380, "Subryan has been charged with vehicular manslaughter and driving while intoxicated .")
    assert _without_titles((title, sentence, caps, forum, only)) == (sentence, forum, only)


def test_a_one_outlet_headline_with_no_verb_goes_after_the_sentences(nlp):
    # ECB+ 34ecbplus: "Farmer , Vicar General of the Archdiocese of Mobile and rector at the Cathedral ..."
    # (the splitter cut it from its sentence) stood among the first single-source items
    from newsprism.pipeline import run_pipeline

    texts = {
        "a": ("Msgr. Michael Farmer, Vicar General of the Archdiocese of Mobile and rector at the Cathedral of the "
              "Immaculate Conception in Mobile.\n\n"
              "Regina Benjamin was nominated on Monday as surgeon general by President Barack Obama.\n\n"
              "Her clinic in Bayou La Batre was rebuilt after Hurricane Katrina."),
        "b": ("President Barack Obama nominated Regina Benjamin as surgeon general on Monday.\n\n"
              "The Senate must confirm the nomination before she takes office."),
    }
    single = [f.about for f in run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}")
                                             for k, v in texts.items()], nlp).findings.single_source]
    clinic = next(i for i, t in enumerate(single) if t.startswith("Her clinic"))
    farmer = next(i for i, t in enumerate(single) if "Vicar General" in t)
    assert clinic < farmer, single


def test_a_summary_sentence_cites_its_own_report_by_that_sentence_alone(nlp):
    # BASIL 0ffb34cd (Fox): '"Sheriff Arpaio knows the struggle ...," said Gov. Perry.' was cited with
    # Fox's next quoted sentences ("I am honored to have Sheriff Arpaio's support ...") beside it
    from newsprism.pipeline import run_pipeline

    knows = ("\"Sheriff Arpaio knows the struggle border states face as Washington politicians and bureaucrats "
             "fail time and again to properly secure our nation's southern boundary with Mexico,\"")
    honored = ("\"I am honored to have Sheriff Arpaio's support for my presidential campaign and our shared goals "
               "of fighting border crime with more personnel, border fencing and surveillance")
    texts = {
        "a": ("Texas Governor Rick Perry won the endorsement of Sheriff Joe Arpaio in New Hampshire on Tuesday.\n\n"
              f"{knows} said Gov. Perry. {honored}. A secure border is vital to protecting America's national "
              "security, public safety and jobs.\""),
        "b": ("Arizona Sheriff Joe Arpaio endorsed Rick Perry on Tuesday in New Hampshire.\n\n"
              f"{knows} Perry said in a statement. {honored},\" he added."),
    }
    summary = run_pipeline([Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()],
                           nlp).findings.summary
    said = [s for s in summary if s.text.startswith(knows)]
    assert said, summary
    own = [c for c in said[0].citations if c.doc == "a"]
    assert [c.text for c in own] == [said[0].text], own
    assert any(c.doc == "b" for c in said[0].citations)



# ---------------------------------------------------------------- another report's sentence of the fact

FOX = ("A group of nearly 90 professors and administrators connected to the Jesuit-founded school in Washington, "
       "D.C., has sent Ryan, R-Wis., a letter saying he's misused Catholic doctrine to support his "
       "deficit-reducing, GOP House budget.\n")
NYT = ("The latest criticism comes in a letter released Tuesday and signed by nearly 90 faculty members and "
       "priests at Georgetown, the Jesuit university in Washington, in advance of Mr. Ryan's visit there.\n")
HPO = ("Nearly 90 Georgetown University faculty and administrators sent a letter to Representative Paul Ryan "
       "in advance of his visit to the Jesuit campus.\n")


def test_a_fact_whose_headline_says_more_than_the_others_state_is_summed_up_by_a_sentence_they_state():
    """BASIL 29ffd053 (an open event): the letter nearly 90 Georgetown faculty sent Paul Ryan is told by
    all three outlets, but its headline, Fox's long sentence ("connected to the Jesuit-founded school ...
    deficit-reducing, GOP House budget"), is a third stated by neither other report, so the summary
    left out the story's main event. The Times' sentence of the same fact, which HuffPost states, sums
    it up, cited to the reports that state it."""
    from newsprism.compare.findings import _summary

    def claim(doc: str, text: str, terms: str) -> Claim:
        line = text.strip()
        return Claim(f"{doc}#0", Span(doc, 0, len(line), line), terms=tuple(terms.split()), sentence=Span(doc, 0, len(line), line))

    fox = claim("fox", FOX, "group 90 professor administrator connect jesuit found school washington d.c. send ryan "
                            "letter say misuse catholic doctrine support deficit reduce gop house budget")
    nyt = claim("nyt", NYT, "late criticism come letter release tuesday sign 90 faculty member priest georgetown "
                            "jesuit university washington advance ryan visit")
    hpo = claim("hpo", HPO, "90 georgetown university faculty administrator send letter representative paul ryan "
                            "advance visit jesuit campus")
    found = [_finding("F1", fox, nyt, hpo)]
    claims = {c.id: c for c in (fox, nyt, hpo)}
    summary = _summary(found, {"F1": fox.citation}, claims=claims)
    assert [s.text for s in summary] in ([nyt.text], [hpo.text])
    # Fox's longer sentence states the shorter one: it is cited for it
    assert {c.doc for c in summary[0].citations} == {"fox", "nyt", "hpo"}
    assert len({c.doc for c in summary[0].citations}) >= 2
    # a headline the others state stays the fact's own sentence
    told = [replace(found[0], about=nyt.text)]
    assert [s.text for s in _summary(told, {"F1": nyt.citation}, claims=claims)] == [nyt.text]


def test_a_report_stating_one_clause_of_a_two_fact_sentence_is_not_cited_for_the_sentence():
    """BASIL 450755dd: Fox's sentence "Chick-fil-A Appreciation Day – as it is being called was the idea
    of ... Mike Huckabee" was cut into two clauses in two facts; the one it heads held only the first,
    and the Times' title "Chick-fil-A Draws Huge Crowds for Appreciation Day" states all of that clause.
    The sentence shown says whose idea it was: the share is of all its clauses."""
    from newsprism.compare.findings import _summary

    text = ("Chick-fil-A Appreciation Day - as it is being called was the idea of former Arkansas governor and Fox "
            "News contributor Mike Huckabee.")
    cut = text.index(" was ")
    sentence = Span("fox", 0, len(text), text)
    day = Claim("fox#0", Span("fox", 0, cut, text[:cut]), terms=("chick", "fil", "appreciation", "day", "call"), sentence=sentence)
    idea = Claim(f"fox#{cut}", Span("fox", cut, len(text), text[cut:]),
                 terms=("idea", "arkansas", "governor", "fox", "news", "contributor", "mike", "huckabee"), sentence=sentence)
    title = "Chick-fil-A Draws Huge Crowds for Appreciation Day"
    nyt = Claim("nyt#0", Span("nyt", 0, len(title), title), terms=("chick", "fil", "draws", "huge", "crowds", "appreciation", "day"))
    found = [replace(_finding("F1", day, nyt), about=text)]
    claims = {c.id: c for c in (day, idea, nyt)}
    assert _summary(found, {"F1": sentence}, claims=claims) == []
    # a report stating the whole sentence is cited for it
    told = ("Chick-fil-A Appreciation Day was the idea of Mike Huckabee, the former Arkansas governor and Fox News "
            "contributor.")
    hpo = Claim("hpo#0", Span("hpo", 0, len(told), told),
                terms=("chick", "fil", "appreciation", "day", "idea", "mike", "huckabee", "arkansas", "governor"))
    found = [replace(_finding("F1", day, nyt, hpo), about=text)]
    summary = _summary(found, {"F1": sentence}, claims={**claims, hpo.id: hpo})
    assert [sorted({c.doc for c in s.citations}) for s in summary] == [["fox", "hpo"]]


def test_a_quotation_the_fact_is_anchored_on_is_not_cited_for_a_sentence_it_does_not_state():
    """BASIL 2153fb3e (open): HuffPost's lede "President Barack Obama urged lawmakers to move on the
    transportation funding portion of his jobs bill Wednesday, while ... mocking them for ... a recent
    measure to reaffirm "In God We Trust" as the national motto." was cited to the Times' span
    '“In God We Trust,”' — a quotation the fact is anchored on, no claim of the Times: a report's
    span with no claim in the fact is cited only if its words state a third of the sentence."""
    from newsprism.compare.findings import _summary
    from newsprism.model import Finding

    lede = ("President Barack Obama urged lawmakers to move on the transportation funding portion of his jobs bill "
            "Wednesday, while mocking them for a measure to reaffirm \"In God We Trust\" as the national motto.")
    hpo = Claim("hpo#0", Span("hpo", 0, len(lede), lede),
                terms=("president", "barack", "obama", "urge", "lawmaker", "move", "transportation", "funding",
                       "portion", "job", "bill", "wednesday", "mock", "measure", "reaffirm", "god", "trust",
                       "national", "motto"))
    quoted = Span("nyt", 10, 28, "“In God We Trust,”")
    told = "President Obama on Wednesday mocked lawmakers who voted to reaffirm the national motto instead of his jobs bill."
    fox = Span("fox", 0, len(told), told)
    found = Finding("C1", "corroborated", lede, ("hpo", "nyt"), (hpo.citation, quoted), claims=(hpo.id,), sources=2, fact="F1")
    assert _summary([found], {"F1": hpo.citation}, claims={hpo.id: hpo}) == []
    # a span whose words state it is cited
    found = replace(found, docs=("hpo", "fox"), citations=(hpo.citation, fox))
    summary = _summary([found], {"F1": hpo.citation}, claims={hpo.id: hpo})
    assert [sorted({c.doc for c in s.citations}) for s in summary] == [["fox", "hpo"]]


def test_a_report_naming_none_of_whom_the_sentence_names_is_not_cited_for_it():
    """BASIL 576116e5 (open): Fox's "Hutchison's plan does not include tax hikes." was cited to
    HuffPost's "... because of congressional Republicans' adamant opposition to any sort of tax
    increase" — the same words on taxes, said of other people. A report whose claims of the fact name
    none of the people the sentence names (its entities, its quotations' speakers) is not cited."""
    from newsprism.compare.findings import _summary
    from newsprism.model import Quote

    fox_text = "Hutchison's plan does not include tax hikes."
    hpo_text = "Republicans' adamant opposition makes any plan to hike taxes politically unfeasible."
    nyt_text = "Senator Hutchison's plan would raise no taxes, her office said."
    fox = Claim("fox#0", Span("fox", 0, len(fox_text), fox_text), entities=("E1",), terms=("hutchison", "plan", "include", "tax", "hike"))
    hpo = Claim("hpo#0", Span("hpo", 0, len(hpo_text), hpo_text), entities=("E2",),
                terms=("republicans", "adamant", "opposition", "plan", "hike", "tax", "politically", "unfeasible"))
    nyt = Claim("nyt#0", Span("nyt", 0, len(nyt_text), nyt_text), entities=("E1",), terms=("senator", "hutchison", "plan", "raise", "tax", "office"))
    claims = {c.id: c for c in (fox, hpo, nyt)}
    summary = _summary([_finding("F1", fox, hpo, nyt)], {"F1": fox.citation}, claims=claims)
    assert [sorted({c.doc for c in s.citations}) for s in summary] == [["fox", "nyt"]]
    # a quotation's later sentence names nobody; its speaker is who it names
    words = "Now that they have opened the door to reform, it is time for lawmakers to walk through it."
    said = f"“{words}” said Jonathan Cowan, president of Third Way."
    quoted = Claim("hpo#1", Span("hpo", 100, 100 + len(words), words),
                   quotes=(Quote("hpo", 100, 100 + len(words), words, "Cowan", speaker_entity="E3"),),
                   terms=("open", "door", "reform", "time", "lawmaker", "walk"))
    tagged = Claim("nyt#1", Span("nyt", 100, 100 + len(said), said), entities=("E3",),
                   terms=("open", "door", "reform", "time", "lawmaker", "walk", "jonathan", "cowan", "president", "third", "way"))
    claims = {c.id: c for c in (quoted, tagged)}
    summary = _summary([_finding("F2", tagged, quoted)], {"F2": tagged.citation}, claims=claims)
    assert [sorted({c.doc for c in s.citations}) for s in summary] == [["hpo", "nyt"]]
    # words that name nobody (a statement's words quoted, its speaker no one) may state it (BASIL
    # cad4bba5: '"the lines of communication remain open," the statement released by each office said')
    bare = Claim("fox#1", Span("fox", 100, 100 + len(words), words), terms=("open", "door", "reform", "time", "lawmaker", "walk"))
    claims = {c.id: c for c in (bare, tagged)}
    summary = _summary([_finding("F3", tagged, bare)], {"F3": tagged.citation}, claims=claims)
    assert [sorted({c.doc for c in s.citations}) for s in summary] == [["fox", "nyt"]]


def test_a_quotation_said_by_a_pronoun_is_no_summary_sentence(nlp):
    """BASIL 84678e18 (open): the summary opened with '"I have not done anything wrong," she said.' —
    with no sentence before it, "she" names nobody. A sentence whose main verb's subject is a pronoun
    is left out for another report's sentence of the fact; the same words with the speaker named stay."""
    from newsprism.compare.findings import _summary

    def run(text: str):
        other = "“I have not done anything wrong,” Ms. Lerner told the committee on Wednesday."
        a = Claim("a#0", Span("a", 0, len(text), text), terms=("do", "anything", "wrong", "say"))
        b = Claim("b#0", Span("b", 0, len(other), other), terms=("do", "anything", "wrong", "lerner", "tell", "committee"))
        found = [replace(_finding("F1", a, b), about=text)]
        return _summary(found, {"F1": a.citation}, claims={a.id: a, b.id: b}, docs={"a": nlp(text), "b": nlp(other)})

    # the other report's sentence, which names her, sums the fact up
    assert [s.text for s in run('"I have not done anything wrong," she said.')] == [
        "“I have not done anything wrong,” Ms. Lerner told the committee on Wednesday."]
    assert [s.text for s in run('"I have not done anything wrong," Lois Lerner said.')] == ['"I have not done anything wrong," Lois Lerner said.']


def test_a_sentence_pointing_back_with_a_demonstrative_is_no_summary_sentence(nlp):
    """BASIL 29ffd053 (open): "The letter released Tuesday by the faculty at Georgetown took Mr. Ryan to
    task for that argument, saying ..." — in the summary no sentence stands before it to say which
    argument. A demonstrative before a word of time ("this month") points at the calendar, not back."""
    from newsprism.compare.findings import _summary

    def run(text: str):
        other = "Georgetown faculty took Paul Ryan to task for his argument on Catholic teaching in a letter."
        a = Claim("a#0", Span("a", 0, len(text), text), terms=("letter", "faculty", "georgetown", "ryan", "task", "argument"))
        b = Claim("b#0", Span("b", 0, len(other), other), terms=("georgetown", "faculty", "paul", "ryan", "task", "argument", "letter"))
        found = [replace(_finding("F1", a, b), about=text)]
        return [s.text for s in _summary(found, {"F1": a.citation}, claims={a.id: a, b.id: b}, docs={"a": nlp(text), "b": nlp(other)})]

    back = "The letter released by the faculty at Georgetown took Mr. Ryan to task for that argument."
    assert back not in run(back)
    month = "The letter released this month by the faculty at Georgetown took Mr. Ryan to task for his argument."
    assert run(month) == [month]


def test_a_sentence_set_against_or_beside_an_earlier_one_is_no_summary_sentence(nlp):
    """BASIL 68748e7f (open): "Hutchinson, though, did call for the creation of a 40-60 hour training
    program for armed officers." opened with nothing before it to be set against; 2153fb3e: "the
    president also called out ..." — also beside what? Without the linking adverb it stands alone; with
    it, another report's sentence of the fact sums it up when both state that."""
    from newsprism.compare.findings import _summary

    def run(text: str):
        other = "Hutchinson proposed a training program of 40 to 60 hours for armed school officers."
        a = Claim("a#0", Span("a", 0, len(text), text), terms=("hutchinson", "call", "creation", "hour", "training", "program",
                                                                 "armed", "officer"))
        b = Claim("b#0", Span("b", 0, len(other), other), terms=("hutchinson", "propose", "training", "program", "hour", "armed",
                                                                  "school", "officer"))
        found = [replace(_finding("F1", a, b), about=text)]
        return [s.text for s in _summary(found, {"F1": a.citation}, claims={a.id: a, b.id: b}, docs={"a": nlp(text), "b": nlp(other)})]

    # the fact is summed up by the other report's sentence, which both state
    other = "Hutchinson proposed a training program of 40 to 60 hours for armed school officers."
    though = "Hutchinson, though, did call for the creation of a 40-60 hour training program for armed officers."
    assert run(though) == [other]
    also = "Hutchinson also called for the creation of a 40-60 hour training program for armed officers."
    assert run(also) == [other]
    alone = "Hutchinson called for the creation of a 40-60 hour training program for armed officers."
    assert run(alone) == [alone]
