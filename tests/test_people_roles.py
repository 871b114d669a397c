"""Roles, titles and descriptors that stand for a named person (issue 10, ECB+ entity
coreference): each test fails on the resolver before its rule."""

from __future__ import annotations


from newsprism.compare.resolve import resolve_entities
from people_support import entity_texts, resolve_gold_style


def test_a_role_goes_to_the_person_given_it_far_more_often(nlp):
    """"The president" is Barack Obama, called president in three reports, not Joe Biden, called
    "the president of the Senate" once: one stray role no longer leaves the noun unowned."""
    texts = {
        "a": "Barack Obama, the president, nominated Regina Benjamin on Monday.",
        "b": "Barack Obama, the president, praised Regina Benjamin at the White House.",
        "c": "The nomination was announced by Barack Obama, the president, in the Rose Garden. "
             "Joe Biden, the president of the Senate, said the vote would come soon.",
        "d": "The president said Regina Benjamin would make health care her priority.",
    }
    spans = {d: ["Barack Obama", "Joe Biden", "president"] for d in texts}
    entities = resolve_gold_style(nlp, texts, spans)
    president = entity_texts(entities, "president")
    assert "Barack Obama" in president
    assert "Joe Biden" not in president


def test_a_title_alone_is_the_person_holding_it(nlp):
    """ECB+ 34: "the US President-elect" (a title and nothing else, which the tagger reads as a
    proper name) is President-elect Barack Obama, as "The President" is."""
    texts = {
        "a": "President-elect Barack Obama has asked Sanjay Gupta to serve as surgeon general.",
        "b": "President-elect Barack Obama met Sanjay Gupta in Chicago last month.",
        "c": "The US President-elect has asked Dr Sanjay Gupta, CNN's medical correspondent, to join his team.",
    }
    spans = {d: ["Barack Obama", "US President-elect", "Sanjay Gupta"] for d in texts}
    entities = resolve_gold_style(nlp, texts, spans)
    assert entity_texts(entities, "US President-elect") == {"US President-elect", "Barack Obama"}


def test_a_role_phrase_ending_in_a_name_is_that_person(nlp):
    """ECB+ 34: "Former AMA trustee Dr. Benjamin" (the parse heads it on "trustee") and
    "MacArthur genius grant fellow Regina Benjamin" are Regina Benjamin."""
    texts = {
        "a": "Obama named Dr. Regina Benjamin to be surgeon general on Monday.",
        "b": "Former AMA trustee Dr. Benjamin runs a rural clinic in Alabama.",
        "c": "MacArthur genius grant fellow Regina Benjamin was nominated on Monday.",
    }
    spans = {"a": ["Regina Benjamin", "Obama"], "b": ["Former AMA trustee Dr. Benjamin"],
             "c": ["MacArthur genius grant fellow Regina Benjamin"]}
    entities = resolve_gold_style(nlp, texts, spans)
    assert entity_texts(entities, "Regina Benjamin") == {
        "Regina Benjamin", "Former AMA trustee Dr. Benjamin", "MacArthur genius grant fellow Regina Benjamin"}


def _speakers(nlp, text: str) -> list[tuple[str | None, str | None, str | None]]:
    """(speaker as the quote has it, its entity's name, its entity's type) of each quote."""
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline([Article(id="a", text=text, outlet="x")], nlp)
    by_id = {e.id: e for e in analysis.entities}
    out = []
    for q in analysis.quotes:
        e = by_id.get(q.speaker_entity) if q.speaker_entity else None
        out.append((q.speaker, e.name if e else None, e.type if e else None))
    return out


def test_the_state_and_party_of_a_person_is_that_person_not_the_party(nlp):
    """AP via Breitbart, April 2016: "the Wisconsin Republican ... said ... “still in the game.”"
    is Paul Ryan, named as the subject before it, not the Republicans; "the Florida senator"
    with nobody titled senator is Marco Rubio."""
    ryan = ("Speaker Paul Ryan says the whole world is watching American politics and that he can understand "
            "how allies would be rattled by Republican Donald Trump’s comments.\n\nIn an interview with reporters "
            "Thursday, the Wisconsin Republican criticized the president’s foreign policy and said allies wanted "
            "to know if the U.S. is “still in the game.” Republicans in Congress said they agreed.")
    assert _speakers(nlp, ryan) == [("Paul Ryan", "Paul Ryan", "PERSON")]
    rubio = "Marco Rubio went after Donald Trump on Friday in Dallas. “He is a con artist,” the Florida senator said."
    assert _speakers(nlp, rubio) == [("Marco Rubio", "Marco Rubio", "PERSON")]


def test_a_given_name_in_apposition_to_a_spouse_is_that_family_s(nlp):
    """Washington Post, Feb. 2016: "Clinton's husband, Bill," is Bill Clinton, named so in another
    report of the story."""
    from newsprism.extract.mentions import extract_mentions
    from newsprism.model import Article

    texts = {"a": "Bill Clinton spoke in Manchester on Saturday. Hillary Clinton thanked the crowd.",
             "b": "Clinton's husband, Bill, effectively hurled the kitchen sink at Sanders in a speech Sunday."}
    docs = {k: nlp(v) for k, v in texts.items()}
    mentions = [m for k, t in texts.items() for m in extract_mentions(Article(id=k, text=t), docs[k])]
    entities = resolve_entities(mentions, docs)
    assert entity_texts(entities, "Bill") == {"Bill Clinton", "Bill"}
    assert "Hillary Clinton" not in entity_texts(entities, "Bill")
