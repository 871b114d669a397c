"""Object pronouns (issue 10, ECB+ entity coreference): "him" / "her" / "them" is never the
subject of its own clause (binding principle B), and "her" never a man named by a gendered noun.
Each join test fails on the resolver before the rule; the last guards what it must not block."""

from __future__ import annotations

from newsprism.compare.mention_clauses import clause_subjects
from people_support import entity_texts, resolve_gold_style


def test_a_controlled_verbs_object_is_not_the_controlling_subject(nlp):
    """"Obama was so intent on recruiting him": Obama recruits, so "him" is someone else, here
    the doctor named just before."""
    text = ("Barack Obama offered the job to Sanjay Gupta on Tuesday. "
            "It is clear that Obama was so intent on recruiting him that they met for two hours.")
    doc = nlp(text)
    him = next(t for t in doc if t.lower_ == "him")
    assert doc[clause_subjects(him)[0]].text == "Obama"
    entities = resolve_gold_style(nlp, {"a": text}, {"a": ["Barack Obama", "Sanjay Gupta", "Obama", "him"]})
    assert "him" in entity_texts(entities, "Sanjay Gupta")
    assert "him" not in entity_texts(entities, "Obama")


def test_who_struck_her_is_not_her(nlp):
    """"The driver struck her": the nearest person before "her" is the driver, who is not her."""
    entities = resolve_gold_style(nlp, {
        "a": "A woman was crossing the parking lot on Friday night. The driver struck her and then fled.",
    }, {"a": ["woman", "driver", "her"]})
    assert entity_texts(entities, "her") == {"woman", "her"}


def test_her_is_not_the_man(nlp):
    """"The man behind the wheel of the car that hit her": "her" is neither the car (the subject
    of its clause) nor the man (a man), but the grandmother."""
    entities = resolve_gold_style(nlp, {
        "a": "A grandmother was walking to a temple on Friday. "
             "Police said the man behind the wheel of the car that hit her was drunk.",
    }, {"a": ["grandmother", "man", "car", "her"]})
    assert entity_texts(entities, "her") == {"grandmother", "her"}


def test_the_subject_of_a_higher_clause_stays_open(nlp):
    """"Obama said the senator had called him": only the senator is bound; "him" is Obama."""
    text = "Barack Obama said on Monday that the senator had called him twice."
    doc = nlp(text)
    him = next(t for t in doc if t.lower_ == "him")
    assert [doc[i].text for i in clause_subjects(him)] == ["senator"]
    entities = resolve_gold_style(nlp, {"a": text}, {"a": ["Barack Obama", "senator", "him"]})
    assert entity_texts(entities, "him") == {"Barack Obama", "him"}
    # a possessive or a pronoun after a preposition binds nothing
    doc = nlp("She parked her car. He saw a snake near him.")
    assert clause_subjects(next(t for t in doc if t.lower_ == "her")) == ()
    assert clause_subjects(doc[-2]) == ()


def test_a_name_modifying_a_noun_is_no_antecedent(nlp):
    """"the 2004 Tony telecast of his performance": "Tony" only modifies "telecast" (an anaphoric
    island), so "his" goes back to the host named before."""
    text = ("Hugh Jackman will be this year's Oscar host. "
            "Soon after, a clip from the 2004 Tony telecast of his performance made the rounds.")
    entities = resolve_gold_style(nlp, {"a": text}, {"a": ["Hugh Jackman", "Tony", "his"]})
    assert entity_texts(entities, "his") == {"Hugh Jackman", "his"}
    assert entity_texts(entities, "Tony") == {"Tony"}


def test_they_who_say_can_speak(nlp):
    """"the man who they say hit a woman": whoever "they" are can say something, so not the
    charges written just before (the nearest plural), but the prosecutors."""
    entities = resolve_gold_style(nlp, {
        "a": "Prosecutors met on Friday. The county attorney filed charges against the man who they say hit a woman.",
    }, {"a": ["Prosecutors", "county attorney", "charges", "man", "they", "woman"]})
    assert "they" not in entity_texts(entities, "charges")
    assert "they" in entity_texts(entities, "Prosecutors")
