"""Facts as propositions: who did what to whom, read from the parse, and matched
across outlets on their arguments — a dropped negation, a hedge or another agent
never corroborates; the same action on the same resolved argument does, however
it is worded."""

from __future__ import annotations

from newsprism.model import Article


def _analyse(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    return run_pipeline(arts, nlp)


def _props(nlp, texts: dict[str, str]):
    from newsprism.extract.claims import extract_claims
    from newsprism.extract.propositions import propositions
    from newsprism.pipeline import CORE_STAGES, Workspace, run_stages

    ws = Workspace(articles=[Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()])
    run_stages(ws, CORE_STAGES, nlp)
    docs = ws.docs_by_id()
    claims = extract_claims(ws.analysis, docs)
    names = {e.id: e.name for e in ws.analysis.entities}
    return claims, propositions(claims, ws.analysis, docs), names


def _corroborating(analysis, a: str, b: str) -> list:
    """Corroborated facts whose "same fact" support covers both phrases."""
    out = []
    for f in analysis.findings.corroborated:
        texts = [c.text for c in f.citations]
        if any(a in t for t in texts) and any(b in t for t in texts):
            out.append(f)
    return out


def test_the_proposition_of_a_claim(nlp):
    texts = {
        "a": "Senator Mary Landrieu said the committee had not approved the bill. "
             "The governor may veto the measure next week. "
             "The report was released by the Justice Department on Tuesday.",
    }
    claims, props, names = _props(nlp, texts)
    by_text = {c.text: props[c.id] for c in claims}
    said = next(p for t, p in by_text.items() if t.startswith("Senator"))
    assert said.predicate == "approve" and said.kind == "approve"  # through "said" to what is said
    assert said.negated and not said.hedged
    assert any(a.startswith("@") and "committee" in names[a[1:]].lower() for a in said.agents) or "~commit" in said.agents
    veto = next(p for t, p in by_text.items() if t.startswith("The governor"))
    assert veto.hedged and not veto.negated
    released = next(p for t, p in by_text.items() if t.startswith("The report"))
    # a passive: the "by" phrase is the agent, the subject the patient
    assert any(names.get(a[1:], "").endswith("Justice Department") for a in released.agents if a.startswith("@"))
    assert "~report" in released.patients


def test_a_dropped_negation_does_not_corroborate(nlp):
    texts = {
        "a": "Governor Chris Christie did not approve the bridge closures in Fort Lee, his office said on Friday. "
             "Weather was mild.",
        "b": "Governor Chris Christie approved the bridge closures in Fort Lee, the documents show. "
             "Traffic was heavy all week.",
    }
    analysis = _analyse(nlp, texts)
    assert not _corroborating(analysis, "did not approve", "Christie approved"), [
        f.about for f in analysis.findings.corroborated
    ]


def test_another_agent_does_not_corroborate(nlp):
    texts = {
        "a": "John Kerry met Sergei Lavrov in Geneva on Monday to discuss the cease-fire. Talks lasted hours.",
        "b": "Rex Tillerson met Sergei Lavrov in Geneva on Monday to discuss the cease-fire. Reporters waited.",
    }
    analysis = _analyse(nlp, texts)
    assert not _corroborating(analysis, "Kerry met", "Tillerson met"), [f.about for f in analysis.findings.corroborated]


def test_the_same_action_on_the_same_people_in_other_words_corroborates(nlp):
    texts = {
        "a": "Former congressman Asa Hutchinson unveiled the School Shield report at a crowded news conference. "
             "Security was tight. The National Rifle Association paid for the study.",
        "b": "The School Shield report was released on Tuesday by Asa Hutchinson, who led the review. "
             "The room was packed with cameras. Critics were not invited.",
    }
    analysis = _analyse(nlp, texts)
    assert _corroborating(analysis, "unveiled the School Shield report", "was released on Tuesday by Asa Hutchinson"), [
        (f.about, [c.text for c in f.citations]) for f in analysis.findings.corroborated
    ]


def test_a_surname_and_the_full_name_are_no_two_agents(nlp):
    from newsprism.extract.propositions import same_named
    from newsprism.model import Entity

    ents = [Entity("E1", "William Cowan", "PERSON", (), ()), Entity("E2", "Cowan", "PERSON", (), ()),
            Entity("E3", "Deval Patrick", "PERSON", (), ()), Entity("E4", "N.A.A.C.P.", "ORG", (), ()),
            Entity("E5", "NAACP", "ORG", (), ())]
    canon = same_named(ents)
    assert canon["E1"] == canon["E2"] and canon["E4"] == canon["E5"]
    assert canon["E3"] != canon["E1"]


def test_a_dateline_is_no_argument(nlp):
    claims, props, names = _props(nlp, {
        "a": "KANSAS CITY, Mo. — Leaders of the civil rights group accused Tea Party activists on Tuesday of tolerating bigotry.",
    })
    p = props[claims[0].id]
    assert not any("Kansas" in names.get(a[1:], "") for a in p.agents | p.patients)
    assert p.predicate == "accuse"


def test_a_headline_is_a_whole_sentence_when_no_clause_reads_as_one(nlp):
    from newsprism.compare.fact_text import readability

    texts = {
        "a": 'Mary Cheney wrote on Facebook: "Liz is my sister and I love her, but she is dead wrong on the issue of marriage," she wrote. '
             "The post was shared widely.",
        "b": '"Liz is my sister and I love her, but she is dead wrong on the issue of marriage," Mary Cheney wrote on Facebook. '
             "Her sister did not reply.",
    }
    analysis = _analyse(nlp, texts)
    for f in analysis.findings.corroborated:
        assert readability(f.about) >= 3 or f.about[:1].isupper(), f.about


def test_has_yet_to_is_not_done(nlp):
    """"Trump has yet to endorse Ryan" states that he has not endorsed him: it never
    corroborates "Trump endorsed Ryan" (read untuned on PolNeAR: Aug. 3 and Aug. 5, 2016)."""
    from newsprism.compare.match import contradicts

    claims, props, _ = _props(nlp, {
        "a": "Donald Trump on Friday endorsed the re-election of House Speaker Paul Ryan in Green Bay.",
        "b": "Donald Trump has yet to endorse the re-election bid of House Speaker Paul Ryan.",
        "c": "Speaker Paul Ryan is yet to decide on the bill.",
    })
    done, not_yet, undecided = (props[next(c.id for c in claims if c.doc == d)] for d in "abc")
    assert done.predicate == not_yet.predicate == "endorse"
    assert not done.negated and not_yet.negated
    assert contradicts(done, not_yet)
    assert undecided.predicate == "decide" and undecided.negated


def test_what_modifies_a_noun_is_no_action_of_the_clause(nlp):
    """An adjectival participle ("much-praised") and a relative clause ("the delegates that you need
    to win") tell no action of the clause: their event classes are told aside."""
    texts = {
        "a": "Joe Biden gave a much-praised speech in Scranton on Monday. "
             "That’s the number of delegates that you need to win the GOP nomination. "
             "The rebels retaliated, at one point shelling the villages.",
    }
    claims, props, _names = _props(nlp, texts)
    by_text = {c.text: props[c.id] for c in claims}
    speech = next(p for t, p in by_text.items() if t.startswith("Joe Biden"))
    assert "praise" in speech.aside_kinds
    number = next(p for t, p in by_text.items() if t.startswith("That"))
    assert "win" in number.aside_kinds
    # a participle that goes with the main verb is an action of the clause
    shelling = next(p for t, p in by_text.items() if t.startswith("The rebels"))
    assert "attack" in shelling.kinds and "attack" not in shelling.aside_kinds


def test_an_action_told_only_in_a_noun_modifier_is_no_common_action(nlp):
    """"rose to praise Hillary Clinton" / "rubbished Trump's claim in a much-praised speech"; "will
    win the GOP nomination" / "That’s the number of delegates that you need to win the GOP
    nomination": the one's action is told in the other only where it modifies a noun, so the
    propositions find no action in common (they agreed on it before)."""
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity

    texts = {
        "a": "Joe Biden rose to praise Hillary Clinton in Philadelphia. "
             "Marco Rubio will win the GOP nomination.",
        "b": "Joe Biden rubbished Donald Trump's claim in a much-praised speech. "
             "That’s the number of delegates that you need to win the GOP nomination.",
    }
    claims, props, _names = _props(nlp, texts)
    verdicts = Props(props, PredicateSimilarity(None), 0.6)
    rose = next(c for c in claims if c.text.startswith("Joe Biden rose"))
    rubbished = next(c for c in claims if c.text.startswith("Joe Biden rubbished"))
    assert verdicts.verdict(rose, rubbished) not in ("agrees", "predicate"), (props[rose.id], props[rubbished.id])
    rubio = next(c for c in claims if c.text.startswith("Marco Rubio"))
    number = next(c for c in claims if c.text.startswith("That"))
    assert verdicts.verdict(rubio, number) not in ("agrees", "predicate"), (props[rubio.id], props[number.id])


def test_a_dateline_is_not_the_main_verb(nlp):
    """"WASHINGTON (AP) — Donald Trump called Wednesday for ... Ginsburg to resign": the parser makes
    the dateline the root of the sentence; the predicate is the verb after it."""
    texts = {
        "a": "WASHINGTON (AP) — Donald Trump called Wednesday for Supreme Court Justice Ruth Bader Ginsburg to resign "
             "for saying publicly that she feels he is unfit to be president.",
    }
    claims, props, _names = _props(nlp, texts)
    lede = next(props[c.id] for c in claims if c.text.startswith("WASHINGTON"))
    assert lede.predicate == "call" and lede.kind == "recommend", lede


def test_an_event_named_as_the_time_is_no_action_of_the_clause(nlp):
    """A noun naming an event as the time of the clause's action ("until the July 25 vote") tells
    no action of the clause: "superdelegates can change their mind until the vote" does not tell
    that delegates vote. A compound ("a re-election challenge") still tells the race."""
    texts = {
        "a": "Superdelegates can change their mind until the July 25 vote at the party convention. "
             "The delegates will vote for the candidate at the convention. "
             "Mr. Etheridge, who represents a conservative district south of Raleigh, faces a re-election challenge.",
    }
    claims, props, _names = _props(nlp, texts)
    by_text = {c.text: props[c.id] for c in claims}
    until = next(p for t, p in by_text.items() if t.startswith("Superdelegates"))
    assert "elect" in until.aside_kinds, until
    vote = next(p for t, p in by_text.items() if t.startswith("The delegates"))
    assert vote.kind == "elect" and "elect" not in vote.aside_kinds, vote
    race = next(p for t, p in by_text.items() if "re-election" in t)
    assert "elect" in race.kinds and "elect" not in race.aside_kinds, race


def test_a_relative_clause_set_off_by_commas_tells_an_action(nlp):
    """"Comey's news conference, in which he laid out a record of misconduct but then announced that
    he wouldn't recommend prosecuting her, was the latest ...": a relative clause set off by commas
    states its action (Comey announced he would not recommend charges); one that picks out its noun
    ("the number of delegates that you need to win the GOP nomination") does not."""
    texts = {
        "a": "FBI Director James Comey's news conference on Tuesday, in which he laid out an extended record of "
             "misconduct by Hillary Clinton but then announced that he wouldn't recommend prosecuting her, was just "
             "the latest in a series of very visible FBI failures. "
             "That’s the number of delegates that you need to win the GOP nomination.",
    }
    claims, props, _names = _props(nlp, texts)
    by_text = {c.text: props[c.id] for c in claims}
    conference = next(p for t, p in by_text.items() if t.startswith("FBI Director"))
    assert "recommend" in conference.kinds and "recommend" not in conference.aside_kinds, conference
    number = next(p for t, p in by_text.items() if t.startswith("That"))
    assert "win" in number.aside_kinds, number


def test_a_verb_negated_in_one_clause_only_tells_other_things(nlp):
    """"he took third place among voters who had previously participated in the caucuses" /
    "Trump had attracted support from voters who hadn't participated in the caucuses": the one verb
    both tell is negated in one only (other voters); "won among voters who said Wall Street helps
    the economy" / "received stronger support from those who said Wall Street helps the economy"
    tells it alike; so do "has been asked to release the transcripts" / "for not releasing
    transcripts", where the verb is no noun's modifier."""
    from newsprism.compare.fact_links import Props
    from newsprism.compare.match import PredicateSimilarity

    texts = {
        "a": "Donald Trump finished second. He took third place among voters who had previously participated in the caucuses. "
             "Clinton won by almost 60 points among voters who said Wall Street helps the economy.",
        "b": "Trump had attracted support not only from Republican regulars but also from voters who hadn't "
             "participated in the caucuses. "
             "But Mrs. Clinton received even stronger support from those who said Wall Street helps the economy. "
             "Sanders has attacked Clinton for not releasing the transcripts of her speeches.",
        "c": "Clinton has been asked to release the transcripts of these speeches.",
    }
    claims, props, _names = _props(nlp, texts)
    verdicts = Props(props, PredicateSimilarity(None), 0.6)
    took = next(c for c in claims if c.text.startswith("He took"))
    attracted = next(c for c in claims if c.text.startswith("Trump had"))
    assert "participate" in props[attracted.id].negated_actions, props[attracted.id]
    assert "participate" in props[took.id].aside_actions and "participate" in props[attracted.id].aside_actions
    assert verdicts.verdict(took, attracted) == "contradicts"
    won = next(c for c in claims if c.text.startswith("Clinton won"))
    received = next(c for c in claims if c.text.startswith("But Mrs. Clinton"))
    assert verdicts.verdict(won, received) != "contradicts"
    asked = next(c for c in claims if c.text.startswith("Clinton has been asked"))
    attacked = next(c for c in claims if c.text.startswith("Sanders has attacked"))
    assert verdicts.verdict(asked, attacked) != "contradicts"


def test_an_event_as_the_subject_of_what_it_brings_about_is_no_action_of_the_clause(nlp):
    """"A Sanders win, on the other hand, creates an awkward situation for Clinton": the win is the
    subject of what it would bring about, no action the clause tells (it does not tell "Sanders
    would defeat Trump"). The event as the subject of a passive ("Clinton's victory ... was
    achieved") is still the clause's action."""
    texts = {
        "a": "A Sanders win, on the other hand, creates an awkward situation for Clinton. "
             "Clinton's victory in the New York primary was achieved with the help of black voters.",
    }
    claims, props, _names = _props(nlp, texts)
    by_text = {c.text: props[c.id] for c in claims}
    win = next(p for t, p in by_text.items() if t.startswith("A Sanders win"))
    assert "win" in win.aside_kinds, win
    victory = next(p for t, p in by_text.items() if t.startswith("Clinton's victory"))
    assert "win" in victory.kinds and "win" not in victory.aside_kinds, victory


def test_a_date_line_carried_into_the_sentence_is_neither_its_verb_nor_its_day(nlp):
    """A date line in a paragraph of its own ("Updated : November 11 , 2011 18 : 50 IST") is
    carried by the claim splitter into the sentence after it; the claim's predicate, subject,
    figures and days are the sentence's, not the line's (which made "updated" the action and
    November 11 the day of a report of Thursday's attack)."""
    from newsprism.extract.propositions import body_start

    text = ("Indian ship thwarts piracy attempt in Gulf of Aden , 26 pirates arrested\n\n"
            "Updated : November 11 , 2011 18 : 50 IST\n\n"
            "Indian Naval ship INS Sukanya thwarted a piracy attack in the Gulf of Aden .")
    assert text[body_start(text):].startswith("Indian Naval ship")
    assert body_start("The navy thwarted an attack .") == 0
    claims, props, names = _props(nlp, {"a": text})
    claim = next(c for c in claims if "thwarted" in c.text)
    assert claim.text.startswith("Updated")  # the splitter keeps the line with its sentence
    p = props[claim.id]
    assert p.predicate == "thwart", p
    assert not p.days and not any(f.startswith("#2011") for f in p.figures), p
    assert any("sukany" in (names.get(a[1:], "") if a[:1] == "@" else a).lower() for a in p.agents), p


def test_a_question_states_nothing(nlp):
    """ "Reporters asked whether Tom Hale resigned" asks; "Tom Hale resigned" states: the question
    is hedged, the statement is not."""
    texts = {
        "a": "Reporters asked whether Tom Hale resigned from the board on Monday. "
             "Tom Hale resigned from the board on Monday, the company said.",
    }
    claims, props, _ = _props(nlp, texts)
    by_text = {c.text: props[c.id] for c in claims}
    asked = next(p for t, p in by_text.items() if t.startswith("Reporters"))
    stated = next(p for t, p in by_text.items() if t.startswith("Tom Hale"))
    assert asked.predicate == "resign" and asked.hedged
    assert stated.predicate == "resign" and not stated.hedged


def test_a_passive_clause_with_its_own_subject_borrows_no_agent(nlp):
    # "after the candidate was criticized": the clause says who was criticized, not who criticized;
    # the subject of the clause it hangs on ("His endorsement of Perry") did no criticizing
    claims, props, names = _props(nlp, {
        "a": "Sheriff Joe Arpaio endorsed Gov. Rick Perry on Tuesday. "
             "His endorsement of Perry comes after the candidate was criticized for his immigration platform.",
    })
    criticized = [props[c.id] for c in claims if props[c.id].predicate == "criticize"]
    assert criticized
    perry = {f"@{k}" for k, v in names.items() if "Perry" in v}
    assert perry
    assert all(not p.agents & perry for p in criticized)
    assert all("~candid" in p.patients for p in criticized)


def test_who_is_expected_to_do_it_is_its_agent(nlp):
    # "Steele is expected to announce": the action is announcing, and Steele is who announces
    claims, props, names = _props(nlp, {
        "a": "RNC Chairman Michael Steele is expected to announce his decision on Monday evening.",
    })
    p = props[claims[0].id]
    assert p.predicate == "announce" and p.hedged
    assert any("Steele" in names.get(a[1:], "") for a in p.agents if a.startswith("@"))


def test_neither_nor_on_the_object_denies(nlp):
    # BASIL b4dbeda7 (dev): "mentions neither Obama nor ... Romney" / "is not mentioned by name": both deny
    # the mention; "by name" says how, not who mentioned it
    claims, props, names = _props(nlp, {
        "a": "Netanyahu, who has a famously frosty relationship with President Obama, mentions neither Obama "
             "nor Republican challenger Mitt Romney in the ad.",
        "b": "The Obama administration is not mentioned by name in the latest spot.",
        "c": "Netanyahu mentions Obama in the ad.",
    })
    by_doc = {c.doc: props[c.id] for c in claims}
    assert by_doc["a"].predicate == by_doc["b"].predicate == "mention"
    assert by_doc["a"].negated and by_doc["b"].negated and not by_doc["c"].negated
    assert not by_doc["b"].agents


def test_no_on_the_object_denies_and_a_by_agent_with_a_determiner_stays(nlp):
    claims, props, names = _props(nlp, {
        "a": "The spokesman gave no reason for the delay. The bill was approved by the Senate on Friday.",
    })
    gave, approved = (props[c.id] for c in sorted(claims, key=lambda c: c.start))
    assert gave.predicate == "give" and gave.negated
    assert approved.predicate == "approve" and not approved.negated and approved.agents


def test_the_names_of_a_clause_are_read_with_their_titles(nlp):
    # BASIL 450755dd (open): "former Arkansas Gov. Mike Huckabee" is a person's name and title; a list
    # of places is none ("Pennsylvania, Maryland" tell where, not who)
    claims, props, names = _props(nlp, {
        "a": "Prominent conservative figures like former Arkansas Gov. Mike Huckabee visited the restaurant.",
        "b": "Hillary Clinton won primaries in Pennsylvania, Maryland and Delaware on Tuesday.",
    })
    by_doc = {c.doc: props[c.id] for c in claims}
    huckabee = [words for named, words in by_doc["a"].names if any("Huckabee" in names[e] for e in named)]
    assert huckabee and {"arkansas", "gov.", "mike", "huckabee"} <= huckabee[0]
    assert not any({"pennsylvania", "maryland"} & words for _, words in by_doc["b"].names)
