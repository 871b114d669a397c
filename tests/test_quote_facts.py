"""Shared quotes as facts, and what counts as an independent source: a speaker's
words quoted by two reports corroborate each other; one outlet quoting another
outlet's report does not."""

from __future__ import annotations

from newsprism.model import Article


def _analyse(nlp, texts: dict[str, str], outlets: dict[str, str] | None = None):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=(outlets or {}).get(k, f"Outlet {k.upper()}")) for k, v in texts.items()]
    return run_pipeline(arts, nlp)


QUOTE = "I will secure the border within a year and put thousands more agents on the ground"


def test_the_same_words_quoted_by_two_reports_are_one_corroborated_fact(nlp):
    texts = {
        "a": f'Governor Rick Perry spoke to voters in Manchester on Tuesday. "{QUOTE}," Perry told the crowd. '
             "The weather was cold.",
        "b": f'Rick Perry campaigned across the state. In a statement, the governor promised: "{QUOTE}." '
             "His rivals were in Iowa.",
    }
    analysis = _analyse(nlp, texts)
    told = [f for f in analysis.findings.corroborated if {"a", "b"} <= set(f.docs)]
    assert told, [f.about for f in analysis.findings.corroborated]
    fact = told[0]
    assert fact.sources == 2  # the speaker's words, carried by two reports: not a copy
    for c in fact.citations:
        text = analysis.documents[0 if c.doc == "a" else 1].text
        assert text[c.start:c.end] == c.text and "secure the border" in c.text
        # what the reports share is the quotation: the reporter's words around it are not cited
        assert "told the crowd" not in c.text and "promised" not in c.text
    # the headline is a whole sentence, who said it included
    assert "Perry told the crowd" in fact.about or "promised" in fact.about
    assert all(s.strength == "same fact" for s in fact.support if s.claim in fact.claims)


def test_a_short_phrase_from_two_different_speakers_is_no_fact(nlp):
    from newsprism.compare.shared_quotes import quote_match

    long_quote = "the war in afghanistan was not a war of obama s choosing it has been prosecuted".split()
    assert quote_match("war of obama s choosing".split(), long_quote) == 0  # a phrase inside another's long quote
    assert quote_match("faith made america strong".split(), "faith made america strong".split()) == 4
    assert quote_match("i m not ashamed to admit i m a christian".split(),
                        "i m not ashamed to admit that i m a christian".split()) >= 8


def test_a_shared_quote_is_no_copy_but_an_outlets_own_sentence_quoted_is(nlp):
    from newsprism.compare.align import AlignParams, shared_text
    from newsprism.extract.claims import extract_claims

    texts = {
        "a": f'Perry spoke in Manchester. "{QUOTE}," Perry told the crowd on Tuesday.',
        "b": f'In a statement, the governor promised: "{QUOTE}."',
    }
    analysis = _analyse(nlp, texts)
    docs = {k: nlp(v) for k, v in texts.items()}
    claims = extract_claims(analysis, docs)
    assert shared_text(claims, AlignParams()) == ()
    own = "Residents said government buses arrived in the pre-dawn hours at agreed upon meeting points in the east"
    texts = {
        "a": f"{own}. Other things happened later.",
        "b": f'The Times reported: "{own}."',
    }
    analysis = _analyse(nlp, texts)
    claims = extract_claims(analysis, {k: nlp(v) for k, v in texts.items()})
    assert len(shared_text(claims, AlignParams())) == 1


def test_a_report_naming_another_outlet_as_its_source_is_found(nlp):
    from newsprism.compare.fact_sources import cited_outlets
    from newsprism.extract.claims import extract_claims

    texts = {
        "fox": "Several party insiders tell Fox News they expect Governor Smith to resign on Monday.",
        "hpo": "Meanwhile, party insiders tell Fox News that they believe Governor Smith will resign on Monday.",
    }
    analysis = _analyse(nlp, texts, {"fox": "Fox News", "hpo": "HuffPost"})
    claims = extract_claims(analysis, {k: nlp(v) for k, v in texts.items()})
    cited = cited_outlets(claims, analysis.documents)
    # HuffPost's claim rests on Fox's report; Fox naming itself is no citation
    assert any(c.startswith("hpo") and v == {"fox"} for c, v in cited.items())
    assert not any(c.startswith("fox") for c in cited)


def test_outlet_names():
    from newsprism.compare.fact_sources import outlet_names

    assert "Fox News" in outlet_names("fox")
    assert {"the new york times", "new york times"} <= {n.lower() for n in outlet_names("nyt")}
    assert outlet_names("Outlet A") == ("Outlet A",)
    assert outlet_names(None) == ()


def test_a_quote_whose_marks_one_report_lost_is_no_copy_and_corroborates(nlp):
    """Kristol's words (BASIL 2010, 2b95d2cf): one report quotes them properly, the other's
    nested quote marks close early, so its next sentence reads as the reporter's own words.
    The same words given to a person are the person's statement, not one report copying the other."""
    texts = {
        "a": "Bill Kristol, the editor of The Weekly Standard, called on Mr. Steele to resign on Friday. "
             "He added, \u201cNeedless to say, the war in Afghanistan was not \u2018a war of Obama\u2019s choosing.\u2019 "
             "It has been prosecuted by the United States under Presidents Bush and Obama.\u201d",
        "b": "Conservatives were furious with the party chairman. Kristol wrote in an open letter: "
             "\u201cNeedless to say, the war in Afghanistan was not \u201ca war of Obama\u2019s choosing.\u201d "
             "It has been prosecuted by the United States under Presidents Bush and Obama.",
    }
    analysis = _analyse(nlp, texts)
    assert analysis.findings.shared_text == ()
    told = [f for f in analysis.findings.corroborated
            if {"a", "b"} <= set(f.docs) and all("prosecuted by the United States" in c.text for c in f.citations)]
    assert told and told[0].sources == 2, [f.about for f in analysis.findings.corroborated]


def test_a_short_quoted_sentence_two_reports_carry_is_a_fact(nlp):
    """Mary Cheney's "Freedom means freedom for everyone." (BASIL 2013, 11c9f251): too few
    content words to state a fact in a reporter's voice, but a statement two reports quote."""
    texts = {
        "a": "Mary Cheney criticized her sister on Facebook on Friday. \u201cFreedom means freedom for everyone.\u201d "
             "The post was shared thousands of times.",
        "b": "In the post, Mary Cheney defended same-sex marriage. \"Freedom means freedom for everyone,\" she continued. "
             "Her sister did not respond.",
    }
    analysis = _analyse(nlp, texts)
    told = [f for f in analysis.findings.corroborated if {"a", "b"} <= set(f.docs)]
    assert any(all("Freedom means freedom for everyone" in c.text for c in f.citations) for f in told), [
        f.about for f in analysis.findings.corroborated]


def test_a_statement_of_several_sentences_both_reports_quote_is_one_fact(nlp):
    # PolNeAR (HuffPost, Western Journal; Trump to the Washington Post on Paul Ryan): the five
    # sentences of one statement were five corroborated items, each sentence one fact
    said = ("I like Paul, but these are horrible times for our country. We need very strong leadership. "
            "We need very, very strong leadership. And I'm just not quite there yet.")
    first, rest = said.split(". ", 1)
    texts = {
        "a": "The senator spoke in Green Bay on Friday. "
             f"\u201c{first},\u201d Trump told the Post. \u201c{rest}\u201d\n\nThe crowd cheered the speech.",
        "b": "Pence endorsed Ryan on Wednesday in a long interview.\n\n"
             f"Trump told the Washington Post, \u201c{said}\u201d\n\nPence said he was confident.",
    }
    analysis = _analyse(nlp, texts)
    told = [f for f in analysis.findings.corroborated if {"a", "b"} <= set(f.docs)]
    quoting = [f for f in told if any("strong leadership" in c.text or "there yet" in c.text for c in f.citations)]
    assert len(quoting) == 1, [f.about for f in told]
    cited = " ".join(c.text for c in quoting[0].citations if c.doc == "b")
    assert "horrible times" in cited and "very, very strong leadership" in cited and "there yet" in cited


def test_cited_outlets_pre_test_agrees_with_the_case_blind_search():
    # cited_outlets searches an outlet's pattern only where the lower-cased claim holds one
    # of its names (or a character re.IGNORECASE folds to an ASCII letter otherwise)
    import re

    from newsprism.compare.fact_sources import cited_outlets, outlet_names
    from newsprism.extract.claims import Claim
    from newsprism.model import DocumentInfo, Span

    outlets = {"a": "Fox News", "b": "The New York Times", "c": "HuffPost", "d": "Le Monde Diplomatique"}
    docs = [DocumentInfo(d, o, None, None, None, None, False, (), None, None, (), None, "") for d, o in outlets.items()]
    texts = [
        "Insiders tell FOX NEWS he will resign.", "as the new york times reported", "NEW YORK TİMES said",
        "the New York Tımes said", "Fox Newsroom staff", "told HuffPost on Monday", "HUFFPOſT reported",
        "per Le Monde Diplomatique", "LE MONDE DİPLOMATIQUE", "nothing cited here", "", "Fox and the Times",
    ]
    claims = [Claim(id=f"{d}#{k}", citation=Span(d, 0, len(t), t)) for k, t in enumerate(texts) for d in outlets]
    expected: dict[str, set[str]] = {}
    for c in claims:
        for d, o in outlets.items():
            rx = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in outlet_names(o)) + r")\b", re.IGNORECASE)
            if d != c.doc and rx.search(c.text):
                expected.setdefault(c.id, set()).add(d)
    assert cited_outlets(claims, docs) == expected
    assert {"c"} <= expected["a#6"] and "b" in expected["a#2"]


SHOW_OF_HANDS = "It is not something to be decided by a show of hands"


def test_a_quoting_sentence_whose_own_words_tell_another_fact_supports_both(nlp):
    # a's sentence carries a quotation b also quotes, and in its own words what b tells
    # in a sentence of its own: two facts, the quote fact citing only the quoted words
    texts = {
        "a": f'Liz Cheney is running for the Senate in Wyoming. "{SHOW_OF_HANDS}," Mary Cheney wrote on her '
             "personal Facebook page on Friday evening, criticizing her sister's opposition to same-sex marriage. "
             "The race is expected to be close.",
        "b": "Mary Cheney criticized her sister's opposition to same-sex marriage in a Facebook post on Friday "
             f'evening. "{SHOW_OF_HANDS}," she wrote. Her sister has not responded.',
    }
    analysis = _analyse(nlp, texts)
    told = [f for f in analysis.findings.corroborated if {"a", "b"} <= set(f.docs)]
    assert len(told) == 2, [f.about for f in told]
    quote = next(f for f in told if all("show of hands" in c.text and "Facebook" not in c.text for c in f.citations))
    other = next(f for f in told if f is not quote)
    assert any("criticized her sister" in c.text for c in other.citations)
    # a claim supports one fact: the quote fact's support of a's sentence is its quoted span
    ids = [s.claim for f in analysis.findings.facts for s in f.support]
    assert len(ids) == len(set(ids))
    assert any("@" in c for c in quote.claims) and not any("@" in c for c in other.claims)


def test_a_quoting_sentence_that_only_says_who_spoke_stays_in_the_quote_fact(nlp):
    from newsprism.compare.facts import tells_more

    texts = {
        "a": f'Liz Cheney is running for the Senate in Wyoming. "{SHOW_OF_HANDS}," Mary Cheney wrote.',
        "b": f'Mary Cheney posted on Facebook on Friday evening. "{SHOW_OF_HANDS}," she wrote.',
    }
    analysis = _analyse(nlp, texts)
    assert all("@" not in s.claim for f in analysis.findings.facts for s in f.support)
    doc = nlp(f'"{SHOW_OF_HANDS}," Mary Cheney wrote on her personal Facebook page, criticizing her sister.')
    from newsprism.extract.claims import extract_claims

    claims = extract_claims(_analyse(nlp, {"x": doc.text}), {"x": doc})
    assert tells_more(claims[0], doc, 3)
    short = nlp(f'"{SHOW_OF_HANDS}," Mr. Etheridge said.')
    claims = extract_claims(_analyse(nlp, {"x": short.text}), {"x": short})
    assert not tells_more(claims[0], short, 3)


def test_a_statement_one_report_quotes_in_one_sentence_and_the_other_in_two_is_one_fact(nlp):
    # PolNeAR story 544 (USA Today, Western Journal): "If she gets to pick her judges ..." and
    # "Though the Second Amendment people ..." sit in one sentence of one report and in two of
    # the other; they were two corroborated items sharing that one sentence, and the headline
    # of one was the second half of a quoted passage ("By the way, ..., folks,” Trump said.")
    texts = {
        "a": "Trump spoke at a rally in Wilmington on Tuesday.\n\n"
             "\u201cIf she gets to pick her judges, nothing you can do folks,\u201d Trump said before adding: "
             "\u201cThough the Second Amendment people, maybe there is, I don't know.\u201d\n\n"
             "The campaign issued a statement minutes later.",
        "b": "On Tuesday, during a campaign rally, Trump spoke about the courts.\n\n"
             "\u201cHillary wants to abolish the Second Amendment. By the way, if she gets to pick, "
             "if she gets to pick her judges, nothing you can do, folks,\u201d Trump said. "
             "\u201cAlthough the Second Amendment people, maybe there is, I don\u2019t know.\u201d\n\n"
             "Some accused Trump of inciting violence.",
    }
    analysis = _analyse(nlp, texts)
    quoting = [f for f in analysis.findings.corroborated
               if {"a", "b"} <= set(f.docs) and any("judges" in c.text or "maybe there is" in c.text for c in f.citations)]
    assert len(quoting) == 1, [f.about for f in quoting]
    assert not quoting[0].about.startswith("By the way"), quoting[0].about


def test_three_words_of_ones_own_around_a_quotation_are_not_a_fact_of_their_own(nlp):
    # "When asked how genuine his presidential ambition is" (genuine, presidential, ambition):
    # too little to state a fact beside the quotation; freed, it linked to another outlet's
    # "Trump said ... he thought the president was native-born" through "seriously"
    from newsprism.compare.facts import tells_more
    from newsprism.compare.fact_params import FactParams
    from newsprism.extract.claims import extract_claims

    doc = nlp('When asked how genuine his presidential ambition is, Trump said, "I always take things seriously."')
    claims = extract_claims(_analyse(nlp, {"x": doc.text}), {"x": doc})
    own = next(c for c in claims if "seriously" in c.text)
    assert not tells_more(own, doc, FactParams().quote_rest_words)


def _quoting(doc: str, text: str, sentence: str, speaker: str = "E1"):
    """The claim of ``sentence`` (written in ``text``) quoting what stands inside its marks."""
    from newsprism.extract.claims import Claim
    from newsprism.model import Quote, Span

    at = text.index(sentence)
    q0 = min(sentence.index(ch) for ch in "\"\u201c" if ch in sentence) + 1
    q1 = max(sentence.rfind("\""), sentence.rfind("\u201d"))
    quote = Quote(doc, at + q0, at + q1, sentence[q0:q1], "Trump", speaker_entity=speaker)
    return [Claim(id=f"{doc}#{at}", citation=Span(doc, at, at + len(sentence), sentence), quotes=(quote,))]


def test_a_statement_one_report_quotes_in_one_stretch_and_another_in_two_is_one_fact():
    # BASIL 2011 (Trump drops the Newsmax debate): Fox quotes the statement in one stretch, the
    # NYT in two with "Mr. Trump said in a statement" between them, HuffPost quotes the end. The
    # NYT's first stretch was left out of the fact (one claim per report) as a single-source item
    from newsprism.compare.shared_quotes import quote_groups

    first = ("It is very important to me that the right Republican candidate be chosen to defeat the "
             "failed and very destructive Obama administration")
    second = ("if that Republican, in my opinion, is not the right candidate, I am not willing to give "
              "up my right to run as an independent candidate")
    fox = f'"{first}, but {second}," he said.'
    nyt1, nyt2 = f"\u201c{first},\u201d Mr. Trump said in a statement.", f"\u201cBut {second}.\u201d"
    hpo = 'Trump said he did not want to "give up my right to run as an independent candidate," he said.'
    nyt = f"Donald Trump will not moderate the debate. {nyt1} {nyt2} Only two candidates will attend."
    claims = (_quoting("fox", f"Trump announced it Tuesday. {fox}", fox) + _quoting("nyt", nyt, nyt1)
              + _quoting("nyt", nyt, nyt2) + _quoting("hpo", hpo, hpo))
    groups = [sorted(claims[k].id for k in g) for g in quote_groups(claims)]
    with_fox = [g for g in groups if claims[0].id in g]
    assert len(with_fox) == 1 and {claims[1].id, claims[2].id} <= set(with_fox[0]), groups
    # the same words quoted again far down the report (another paragraph, another occasion) stay apart
    filler = "The debate was to be held on Dec. 27 in Des Moines, and the network had sold the rights. " * 3
    far = f"Donald Trump will not moderate the debate. {nyt1} {filler}{nyt2} Only two candidates will attend."
    far_claims = claims[:1] + _quoting("nyt", far, nyt1) + _quoting("nyt", far, nyt2) + claims[3:]
    far_groups = [set(g) for g in quote_groups(far_claims)]
    assert not any({1, 2} <= g for g in far_groups), far_groups



# BASIL 2010 (Michael Steele on Afghanistan): the statement both reports quote, and NYT's telling of it
said = "There is no question that America must win the war on terror"
_STEELE_NYT = ("Michael Steele spoke at a fund-raiser in Connecticut on Thursday.\n\n"
               f"Mr. Steele, seeking to clarify his remarks, issued a statement on Friday afternoon, saying, \u201c{said}.\u201d"
               "\n\nDemocrats called for his resignation.")


def _quoting_steele(nlp, texts):
    """The corroborated facts citing the quoted statement, and the analysis."""
    analysis = _analyse(nlp, texts, {"nyt": "The New York Times", "fox": "Fox News"})
    return [f for f in analysis.findings.corroborated if any(said in c.text for c in f.citations)], analysis


def test_a_quote_both_reports_tell_in_one_act_is_cited_with_that_act(nlp):
    # BASIL 2010 (Michael Steele on Afghanistan): both reports tell that Steele issued a statement
    # and quote it; the fact cited the quoted words only and "Steele issued a statement" was lost
    texts = {
        "nyt": _STEELE_NYT,
        "fox": "RNC Chairman Michael Steele came under fire from conservatives.\n\n"
               f"Trying to quell the furor, Steele issued a statement saying: \"{said}.\""
               "\n\nSome Republicans defended him.",
    }
    quoting, analysis = _quoting_steele(nlp, texts)
    assert len(quoting) == 1, [f.about for f in analysis.findings.corroborated]
    assert {c.doc for c in quoting[0].citations} == {"nyt", "fox"}
    assert all("issued a statement" in c.text and said in c.text for c in quoting[0].citations), quoting[0].citations


def test_a_quote_told_in_other_acts_is_cited_as_the_quote_only(nlp):
    # the same words, but one report has them said on television and the other in a statement:
    # what the two share is the quotation, not the act around it
    texts = {
        "nyt": _STEELE_NYT,
        "fox": "RNC Chairman Michael Steele came under fire from conservatives.\n\n"
               f"Steele defended his record in a long interview on Sunday with Fox News Sunday, telling the host: \"{said}.\""
               "\n\nSome Republicans defended him.",
    }
    quoting, analysis = _quoting_steele(nlp, texts)
    assert quoting, [f.about for f in analysis.findings.corroborated]
    assert not any("issued a statement" in c.text or "interview" in c.text for f in quoting for c in f.citations)


def test_a_sentence_quoting_two_remarks_is_cited_for_the_one_another_report_quotes():
    from newsprism.compare.shared_quotes import quoted_span, shared_quoted_span
    from newsprism.extract.claims import Claim
    from newsprism.model import Quote, Span

    def claim(doc: str, text: str, quoted: list[str]) -> Claim:
        quotes = tuple(Quote(doc, text.index(q), text.index(q) + len(q), q, "Mary Cheney") for q in quoted)
        return Claim(id=f"{doc}#0", citation=Span(doc, 0, len(text), text), quotes=quotes)

    hands = "It’s not something to be decided by a show of hands,"
    share = "Please like and share if you agree."
    fox = claim("fox", f"“{hands}” Mary Cheney reportedly wrote on her personal Facebook page, concluding her "
                       f"post by saying, “{share}”", [hands, share])
    nyt = claim("nyt", f"“{hands}” Mary Cheney wrote.", [hands])
    cited = shared_quoted_span(fox, [fox, nyt])
    assert cited.text == hands  # not the reporter's words and the second remark after it
    assert quoted_span(fox).text.endswith(share)  # (what was cited before)
    assert shared_quoted_span(nyt, [fox, nyt]) == quoted_span(nyt)
