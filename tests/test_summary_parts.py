"""A summary sentence that says two things joined by "and" is cited only to the reports that state
both (newsprism.compare.summary_parts; the seed's Times sentence on the consultation and the new
conditions, AP's denial "and said in a statement ...")."""

from __future__ import annotations

from newsprism.model import Article


def _summary(nlp, texts: dict[str, str]):
    from newsprism.pipeline import run_pipeline

    arts = [Article(id=k, text=v, outlet=f"Outlet {k.upper()}") for k, v in texts.items()]
    analysis = run_pipeline(arts, nlp)
    for s in analysis.findings.summary:  # every citation is the report's own words
        for c in s.citations:
            assert texts[c.doc][c.start:c.end] == c.text
    return analysis.findings.summary


def test_predicate_parts_split_a_sentence_at_its_joined_verbs(nlp):
    from newsprism.compare.summary_parts import predicate_parts
    from newsprism.model import Span

    text = ("The Syrian military media denied an agreement had been reached and said in a statement that the "
            "negotiations were complicated.")
    parts = predicate_parts(nlp(text), Span("a", 0, len(text), text))
    assert len(parts) == 2 and "deny" in parts[0] and "negotiation" in parts[1], parts
    # one predicate: its words without the subject ("Shelling") — what the sentence tells of it
    one = "Shelling resumed in Aleppo on Wednesday despite a deal brokered the day before."
    (single,) = predicate_parts(nlp(one), Span("a", 0, len(one), one))
    assert "resume" in single and "aleppo" in single and "shelling" not in single, single
    # a fronted "in + -ing" clause says why (the seed's Post: AP states the shelling, not the reason);
    # a bare participle sets the scene (12ecb's lede keeps its reports)
    why = "In rejecting the Iranian demand, rebels shelled the villages Wednesday in retaliation."
    reason, act = predicate_parts(nlp(why), Span("a", 0, len(why), why))
    assert "reject" in reason and "demand" in reason and "shell" in act, (reason, act)
    scene = "Taking the lead in the fight against piracy, the Indian Navy on Saturday arrested 23 Somali pirates."
    assert len(predicate_parts(nlp(scene), Span("a", 0, len(scene), scene))) == 1
    # participles joined inside a noun phrase are no predicates of their own
    letter = ("The latest criticism comes in a letter released Tuesday and signed by nearly 90 faculty members "
              "and priests at Georgetown.")
    assert len(predicate_parts(nlp(letter), Span("a", 0, len(letter), letter))) == 1


def test_a_report_naming_only_the_subject_does_not_state_what_is_told_of_it(nlp):
    """BASIL 450755dd: Fox's "Chick-fil-A Appreciation Day ... was the idea of ... Mike Huckabee" was
    cited to the Times' title "Chick-fil-A Draws Huge Crowds for Appreciation Day", which names the
    day and says nothing of whose idea it was."""
    from newsprism.compare.summary_parts import parts_told, predicate_told
    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    text = ("Chick-fil-A Appreciation Day, as it is being called, was the idea of former Arkansas governor and "
            "Fox News contributor Mike Huckabee.")
    head = Span("fox", 0, len(text), text)
    title = "Chick-fil-A Draws Huge Crowds for Appreciation Day"
    lede = "Hundreds of thousands of people headed to Chick-fil-A, answering a call from Mike Huckabee, the former governor of Arkansas."
    same = [Claim("nyt#0", Span("nyt", 0, len(title), title), terms=("chick", "fil", "draws", "huge", "crowds", "appreciation", "day")),
            Claim("hpo#0", Span("hpo", 0, len(lede), lede),
                  terms=("hundred", "thousand", "people", "head", "chick", "fil", "answer", "call", "mike", "huckabee",
                         "governor", "arkansas"))]
    told = predicate_told(nlp(text), head, same)
    assert told["nyt"] == 0 and told["hpo"] >= 1 / 3, told
    assert set(parts_told(nlp(text), head, same).values()) == {1.0}  # one predicate: no parts to judge


def test_a_report_stating_one_of_two_joined_things_is_not_cited_for_both(nlp):
    # seed (the Post / AP): a sentence that says two things is stated by a report only if it states both
    both = ("Rebels shelled the villages of Foua and Kfraya in Idlib on Wednesday and detonated a car bomb in a "
            "frontline area near Aleppo.")
    texts = {
        "a": both,
        "b": "Rebels shelled the villages of Foua and Kfraya in Idlib province on Wednesday.",
        "c": "Residents of Aleppo said on Wednesday that the buses had been turned back at the checkpoints.",
    }
    assert not any("car bomb" in s.text and any(c.doc == "b" for c in s.citations) for s in _summary(nlp, texts))
    # told whole by the other report: cited to it
    texts["b"] = ("The rebels retaliated on Wednesday, shelling the pro-government villages of Foua and Kfraya in "
                  "Idlib, and detonated a car bomb in a frontline area.")
    cited = [sorted({c.doc for c in s.citations}) for s in _summary(nlp, texts) if "car bomb" in s.text]
    assert cited == [["a", "b"]], _summary(nlp, texts)



def test_a_subordinate_clause_and_a_trailing_participle_are_parts_of_their_own(nlp):
    # the seed's AP: the deal "as the rebel enclave rapidly dissolved, ceding ..." says the deal and
    # the enclave's fall; the parser reads "as" as a preposition, so it was one predicate
    from newsprism.compare.summary_parts import predicate_parts
    from newsprism.model import Span

    text = ("The initial evacuation deal was mediated late Tuesday by Turkey and Russia as the rebel enclave "
            "rapidly dissolved, ceding more and more territory in the face of the brutal advance by Syrian forces.")
    parts = predicate_parts(nlp(text), Span("a", 0, len(text), text))
    assert len(parts) >= 3, parts
    assert "mediate" in parts[0] and "dissolve" not in parts[0] and "cede" not in parts[0], parts
    assert any("dissolve" in p for p in parts) and any("cede" in p and "territory" in p for p in parts), parts
    # a clause with a subject of its own after "after"
    after = "Talks resumed on Monday after the two sides had agreed on a new cease-fire in the city."
    assert len(predicate_parts(nlp(after), Span("a", 0, len(after), after))) == 2
    # a participle before the subject still only sets the scene; one naming its subject stays with it
    scene = "Backed by Russian jets, Syrian troops took the last rebel district of the old city on Tuesday."
    assert len(predicate_parts(nlp(scene), Span("a", 0, len(scene), scene))) == 1


def test_a_report_stating_the_main_clause_only_is_not_cited_for_the_clause_it_adds(nlp):
    # the seed: AP's sentence of the deal and the enclave's fall was cited to the Times' lede, which
    # states the deal only
    whole = ("The initial evacuation deal was mediated late Tuesday by Turkey and Russia as the rebel enclave "
             "rapidly dissolved, ceding more and more territory in the face of the brutal advance by Syrian forces.")
    texts = {
        "ap": whole,
        "nyt": ("The evacuation deal was mediated late Tuesday by Russia and Turkey, and fighters and civilians "
                "were to leave eastern Aleppo on Wednesday."),
        "wp": "Residents of Aleppo said on Wednesday that the buses had been turned back at the checkpoints.",
    }
    assert not any("dissolved" in s.text and any(c.doc == "nyt" for c in s.citations) for s in _summary(nlp, texts))
    # a sentence of the deal alone, which AP's states whole: the summary says it, cited to both
    texts["nyt"] = "The initial deal for the evacuation of eastern Aleppo was mediated late Tuesday by Turkey and Russia."
    cited = [sorted({c.doc for c in s.citations}) for s in _summary(nlp, texts) if "mediated" in s.text]
    assert cited == [["ap", "nyt"]], _summary(nlp, texts)
    assert not any("dissolved" in s.text for s in _summary(nlp, texts))


def _states(nlp, sentence: str, report: str) -> bool:
    from newsprism.compare.summary_parts import predicate_words, states_predicate
    from newsprism.model import Span

    words = predicate_words(nlp(sentence), Span("a", 0, len(sentence), sentence))
    return states_predicate(nlp(report), Span("b", 0, len(report), report), words)


def test_a_cited_report_states_what_the_sentence_says_happened_not_only_its_topic(nlp):
    """BASIL c21cb217 and a4f1d515 (open): NYT's "“I don’t have memory of this photograph,” Mr. Weiner
    said" was cited to Fox's "said ... he's certain he did not send a lewd photo" (the same photo, not
    the same claim); Fox's "“The program is subject to oversight by the Foreign Intelligence
    Surveillance Court ...,” the official said." to the Times' "they acknowledge handing over material
    when ordered to do so by the Foreign Intelligence Surveillance Court" (the same court)."""
    from newsprism.compare.summary_parts import predicate_words
    from newsprism.model import Span

    memory = "“I don’t have memory of this photograph,” Mr. Weiner said in the interview in his office."
    assert [w[0] for w in predicate_words(nlp(memory), Span("a", 0, len(memory), memory))] == ["memory"]
    assert not _states(nlp, memory, "Rep. Anthony Weiner said Wednesday he's certain he did not send a lewd "
                                    "photo of somebody's underwear to a college student via Twitter.")
    assert _states(nlp, memory, "Mr. Weiner said he had no memory of the photograph.")
    court = ("“The program is subject to oversight by the Foreign Intelligence Surveillance Court, the Executive "
             "Branch, and Congress,” the official said.")
    assert not _states(nlp, court, "But they acknowledge handing over material when ordered to do so by the "
                                   "Foreign Intelligence Surveillance Court,")
    assert _states(nlp, court, "The official said the surveillance is overseen by the court and Congress, "
                               "and that its oversight is strict.")
    # the seed: a verb and its noun state one thing; a rebel's accusation and the Post's account of the
    # same new conditions share the imposing
    shelling = "Shelling resumed in Aleppo on Wednesday, and evacuations from the besieged city stalled."
    assert _states(nlp, shelling, "Residents reported the resumption of shelling and bombing runs on Wednesday.")
    accused = ("Rebel spokesman Bassam Haj Mustafa accused the Syrian government and Iran of foiling the deal by "
               "imposing new conditions on the rebels.")
    assert _states(nlp, accused, "Rebel officials said the withdrawal deal had broken down after Iran imposed "
                                 "new conditions.")


def test_a_cited_report_states_the_sentence_with_its_polarity(nlp):
    """Not raising prices is not raising them: a report telling the act without the negation (or
    with one the sentence has not) does not state the sentence."""
    sentence = "The company did not raise its prices in March, a spokeswoman said."
    assert not _states(nlp, sentence, "The company raised its prices in March.")
    assert _states(nlp, sentence, "The firm has not raised prices this year.")
    plain = "The council approved the new budget on Tuesday."
    assert _states(nlp, plain, "On Tuesday the city council approved a budget of $2 million.")
    assert not _states(nlp, plain, "The council never approved the budget, its chairman said.")


def test_a_synonym_states_the_main_predicate_not_a_word_deep_in_the_sentence(nlp):
    """BASIL ee05c9b3 (open): Fox's "Eric Cantor was beaten Tuesday night by a political novice" is the
    Times' "Eric Cantor, was soundly defeated on Tuesday" (WordNet: "beat" is a way to "defeat"); but
    9879bbc0's "found that it was impossible to say what exactly motivated the attackers" is not the
    Times' attack that "prompted a scathing review": a verb deep in the sentence is matched by its own
    stem only."""
    import pytest

    from newsprism.extract.word_senses import verb_senses

    if verb_senses() is None:
        pytest.skip("the [wordnet] extra is not installed")
    beaten = ("House Majority Leader Eric Cantor was beaten Tuesday night by a political novice who is currently "
              "working as an economics professor.")
    assert _states(nlp, beaten, "The House majority leader, Eric Cantor, was soundly defeated on Tuesday by a "
                                "Tea Party-backed economics professor.")
    found = ("The classified version of a State Department review found that it was impossible to say what "
             "exactly motivated the attackers, Secretary of State Hillary Clinton revealed Wednesday.")
    assert not _states(nlp, found, "Clinton defended her handling of the attack on the compound, which killed four "
                                   "Americans and prompted a scathing review of State Department procedures.")


def test_the_one_who_does_a_thing_is_not_the_thing(nlp):
    """BASIL 9879bbc0 (open): the Times' "Clinton ... defended her handling of last September's attack"
    was cited to HuffPost's lede, whose "attackers" shares the stem of "attack" and nothing of what the
    sentence says happened."""
    defended = ("In one of her final appearances as secretary of state, Hillary Rodham Clinton on Wednesday "
                "vigorously defended her handling of last September’s attack on the United States diplomatic "
                "compound in Benghazi, Libya.")
    assert not _states(nlp, defended, "The classified version of a State Department review of last year's assault "
                                      "on an American compound in Benghazi, Libya, found that it was impossible to "
                                      "say what exactly motivated the attackers, Hillary Clinton revealed Wednesday.")
    assert _states(nlp, defended, "Clinton told senators she stood by her handling of the attack in Benghazi.")
    report = "The campaign disputed a report in the New York Times about his service in Vietnam."
    assert not _states(nlp, report, "A reporter for the New York Times asked about his service in Vietnam.")
    assert _states(nlp, report, "The campaign called the Times report an outrageous distortion of his service.")
