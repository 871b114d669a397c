"""WordNet's nouns (the optional ``[wordnet]`` extra, read offline from the files it installs)
and the two uses the resolver makes of them: common nouns of one thing joined ("the bandits" /
"the brigands"), and a one-word name NER called a person that WordNet knows as a place or a
faith ("Mali", "Islam")."""

from __future__ import annotations

import pytest

from newsprism.compare.entity_types import entity_type
from newsprism.compare.mention_items import make_item, mention_head
from newsprism.compare.resolve import resolve_entities
from newsprism.extract.word_senses import noun_senses, wordnet_dir
from newsprism.model import Mention

pytestmark = pytest.mark.skipif(wordnet_dir() is None, reason="the [wordnet] extra is not installed")


def _together(entities, a: Mention, b: Mention) -> bool:
    return any(a in e.mentions and b in e.mentions for e in entities)


def _mention(doc_id: str, text: str, phrase: str, label: str = "ENTITY") -> Mention:
    start = text.index(phrase)
    return Mention(doc_id, start, start + len(phrase), phrase, label)


def test_noun_senses_read_offline():
    wn = noun_senses()
    assert wn is not None
    ship = wn.synset(wn.senses("ship")[0])
    assert ship.lexname == "noun.artifact" and "ship" in ship.words
    assert any("vessel" in wn.synset(h).words for h in ship.hypernyms)
    # "host" is an emcee only in its fourth sense; senses come most frequent first
    emcee = wn.senses("emcee")
    assert emcee and emcee[0] in wn.senses("host")[1:]
    assert wn.senses("zzqxv") == () and wn.senses("") == ()
    assert wn.proper_kinds("Mali") == ("noun.location",)
    assert wn.proper_kinds("Danube") == ("noun.object",)
    assert wn.proper_kinds("Jackson") == ()  # also a person's name
    assert wn.proper_kinds("ship") == ()  # no proper noun


def test_two_words_for_one_group_of_people_are_one_entity(nlp):
    """ECB+ (tuning topic 12): "the bandits" of one report and "the brigands" of another stood
    apart; "the boat" and "the coast" are other things."""
    a = "The bandits fled in a small boat on Monday after the navy fired."
    b = "The brigands were caught near the coast on Monday, the navy said."
    docs = {"a": nlp(a), "b": nlp(b)}
    bandits, boat = _mention("a", a, "The bandits"), _mention("a", a, "a small boat")
    brigands, coast = _mention("b", b, "The brigands"), _mention("b", b, "the coast")
    entities = resolve_entities([bandits, boat, brigands, coast], docs)
    assert _together(entities, bandits, brigands)
    assert not _together(entities, bandits, boat) and not _together(entities, brigands, coast)
    assert not _together(entities, boat, coast)


def test_a_compound_wordnet_writes_in_the_plural_is_one_thing(nlp):
    """ECB+ (tuning topic 12): "Indian naval forces" is the navy of the other report (WordNet:
    "navy, naval_forces"), though written in the plural; "police officers" stays many and joins
    no single thing."""
    a = "The Indian navy captured 23 pirates in the Gulf of Aden on Saturday."
    b = "Indian naval forces foiled an attack on a merchant ship in the Gulf of Aden."
    c = "Police officers met the freighter when it docked in Mumbai."
    docs = {"a": nlp(a), "b": nlp(b), "c": nlp(c)}
    navy, forces = _mention("a", a, "The Indian navy"), _mention("b", b, "Indian naval forces")
    ship, officers = _mention("b", b, "a merchant ship"), _mention("c", c, "Police officers")
    freighter = _mention("c", c, "the freighter")
    entities = resolve_entities([navy, forces, ship, officers, freighter], docs)
    assert _together(entities, navy, forces)
    assert not any(_together(entities, officers, other) for other in (navy, forces, ship, freighter))


def test_a_noun_related_to_two_things_that_are_not_one_stays_alone(nlp):
    """"The vessel" is a kind of ship and a kind of boat; with a ship and a boat in the event,
    which one is unsure, so it joins neither (and a singular never joins a plural)."""
    a = "The ship was seized by pirates off Somalia on Monday."
    b = "The boat was found empty off Somalia on Monday."
    c = "The vessel was lost off Somalia on Monday, and the ships were searched."
    docs = {"a": nlp(a), "b": nlp(b), "c": nlp(c)}
    ship, boat = _mention("a", a, "The ship"), _mention("b", b, "The boat")
    vessel, ships = _mention("c", c, "The vessel"), _mention("c", c, "the ships")
    entities = resolve_entities([ship, boat, vessel, ships], docs)
    assert not any(_together(entities, vessel, other) for other in (ship, boat, ships))


def test_a_place_or_a_faith_ner_calls_a_person_is_not_a_person(nlp):
    """BASIL and PolNeAR dev: "Mali" (two stories), "Danube" and "Islam", one word each that
    NER called a person, stood among the story's people. WordNet knows them as a country, a river
    and a faith, and no person of that name."""
    text = ("Instability in Mali has grown, she said on a boat on the Danube. "
            "It would be a mistake to equate Islam with violence. Jackson agreed.")
    doc = nlp(text)

    def typed(name: str) -> str:
        return entity_type([make_item(0, _mention("a", text, name, "PERSON"), doc)])

    assert typed("Mali") == "GPE" and typed("Danube") == "LOC" and typed("Islam") == "NORP"
    assert typed("Jackson") == "PERSON"


def test_a_name_with_a_person_cue_stays_a_person(nlp):
    """A given name, a title or "she" joined to the name keeps NER's person: "Georgia" is a
    state in WordNet, and a woman here."""
    text = "Georgia Smith arrived late. Georgia said she would run again."
    doc = nlp(text)
    start = text.rindex("Georgia")
    georgia = Mention("a", start, start + 7, "Georgia", "PERSON")
    she = _mention("a", text, "she")
    entities = resolve_entities([georgia, she], {"a": doc})
    assert [e.type for e in entities if georgia in e.mentions] == ["PERSON"]
    # a known given name alone: "Virginia" is a state in WordNet, and a woman's name
    alone = "Virginia said the vote would come."
    assert entity_type([make_item(0, _mention("a", alone, "Virginia", "PERSON"), nlp(alone))]) == "PERSON"


def test_a_common_noun_that_opens_a_sentence_is_no_person(nlp):
    """PolNeAR and BASIL dev: "Turnout makes a difference.", "Immigration, his signature issue,
    ...", "Draft ...", "Marijuana flows ..." and "Subscribe here" (story 49, a verb): one word NER
    called a person, written only where
    every word is capitalised, stood among the story's people. WordNet knows each as a common noun
    and in no sense as a person. A surname that is also a person in WordNet ("Price") and a word
    capitalised inside a sentence stay people: when unsure, NER's label stays."""
    text = "Turnout makes a difference. Price said the vote was close. Officials said Immigration was next."
    doc = nlp(text)

    def typed(name: str) -> str:
        return entity_type([make_item(0, _mention("a", text, name, "PERSON"), doc)])

    assert typed("Turnout") == "ENTITY"
    verb = "Subscribe here or listen to the latest episode."
    assert entity_type([make_item(0, _mention("a", verb, "Subscribe", "PERSON"), nlp(verb))]) == "ENTITY"
    assert typed("Price") == "PERSON"
    assert typed("Immigration") == "PERSON"
    wn = noun_senses()
    assert wn is not None and wn.common_noun("turnout") and not wn.common_noun("price")
    assert not wn.common_noun("driver") and not wn.common_noun("sanders")
    assert wn.verb_only("subscribe") and not wn.verb_only("turnout") and not wn.verb_only("sanders")


def test_a_given_name_alone_ner_calls_a_place_is_a_person(nlp):
    """PolNeAR (story 35 and a dev group): "Melania" alone, which NER called a place, stood among
    the story's places. A known given name WordNet knows no proper noun of is a person's;
    "Virginia" and "Charlotte" (places in WordNet) stay places."""
    text = "Trump thanked Melania in Charlotte, then flew to Virginia."

    def typed(name: str) -> str:
        return entity_type([make_item(0, _mention("a", text, name, "GPE"), nlp(text))])

    assert typed("Melania") == "PERSON"
    assert typed("Charlotte") == "GPE" and typed("Virginia") == "GPE"


def test_a_name_of_two_words_wordnet_knows_as_no_person_is_no_person(nlp):
    """PolNeAR (story 542 as the stop-8 closing note reports it; dev: "Jim Crow" twice, "Squawk
    Box"): NER called a medal, the segregation laws and a television show persons. WordNet knows
    each name, and in no sense as a person; "Uncle Sam" and "Martin Luther King" it knows as
    persons, and "Hank Pearl" it does not know."""
    text = ("Humayun Khan received the Purple Heart. The Jim Crow laws fell. Uncle Sam wants you. "
            "Martin Luther King marched. Hank Pearl spoke. Wall Street fell.")
    doc = nlp(text)

    def typed(name: str) -> str:
        start = text.index(name)
        return entity_type([make_item(0, Mention("a", start, start + len(name), name, "PERSON"), doc)])

    assert typed("Purple Heart") == "ENTITY"
    assert typed("Jim Crow") == "ENTITY"
    assert typed("Wall Street") == "GPE"
    assert typed("Uncle Sam") == "PERSON"
    assert typed("Martin Luther King") == "PERSON"
    assert typed("Hank Pearl") == "PERSON"


def test_members_of_a_group_are_the_group(nlp):
    """ECB+ (tuning topic 21): "cops" are policemen, whom WordNet lists as members of the
    "police": one report's "Cops :" headline and another's "police said" name one force. The
    headline ends at its line, though the parser runs it into the next sentence. A "mother" is a
    member of a "family", but one person is no group: the two stay apart."""
    a = "Cops : Queens Woman Killed In Hit-And-Run\nA 59-year-old mother of two died on Friday, the family said."
    b = "A drunken driver struck a woman in Queens on Friday and then drove off, police said."
    docs = {"a": nlp(a), "b": nlp(b)}
    cops, mother = _mention("a", a, "Cops"), _mention("a", a, "mother")
    family, police = _mention("a", a, "the family"), _mention("b", b, "police")
    entities = resolve_entities([cops, mother, family, police], docs)
    assert _together(entities, cops, police)
    assert not _together(entities, mother, family)
    wn = noun_senses()
    police_group = wn.senses("police")[0]
    assert any(police_group in wn.synset(h).member_of for h in wn.synset(wn.senses("cop")[0]).hypernyms)


def test_a_line_break_ends_a_sentence(nlp):
    """A headline without an end mark is a sentence of its own, though the parser runs it on."""
    doc = nlp("Cops : Queens Woman Killed In Hit-And-Run\nA mother of two died , police said .")
    cops = make_item(0, Mention("a", 0, 4, "Cops", "ENTITY"), doc)
    start = doc.text.index("police")
    police = make_item(1, Mention("a", start, start + 6, "police", "ENTITY"), doc)
    assert cops.sent != police.sent


def test_a_place_noun_of_a_named_place_is_that_place(nlp):
    """ECB+ (tuning topic 12): "the lawless waters of the Gulf of Aden" is the Gulf; "the waters
    off the Horn of Africa" (off, not of) and "the president of France" (no place) are not."""
    a = "Pirates attacked a ship in the lawless waters of the Gulf of Aden on Monday."
    b = "The navy patrols the Gulf of Aden and the waters off the Horn of Africa."
    c = "The president of France praised the navy on Monday."
    docs = {"a": nlp(a), "b": nlp(b), "c": nlp(c)}
    waters, gulf = _mention("a", a, "waters of the Gulf of Aden"), _mention("b", b, "the Gulf of Aden")
    off, president = _mention("b", b, "the waters off the Horn of Africa"), _mention("c", c, "The president of France")
    assert mention_head(docs["a"].char_span(waters.start, waters.end)).text == "Gulf"
    assert mention_head(docs["b"].char_span(off.start, off.end)).text == "waters"
    assert mention_head(docs["c"].char_span(president.start, president.end)).text == "president"
    entities = resolve_entities([waters, gulf, off], docs)
    assert _together(entities, waters, gulf) and not _together(entities, off, gulf)


def test_one_group_named_again_in_another_clause_of_its_sentence(nlp):
    """ECB+ (tuning topic 12): "an attack by sea brigands ..., apprehending 26 Somali pirates": a
    participle's clause names the group the main clause named, in other words; and a tagger's
    "brigands" read as a verb ("capturing 26 Somani brigands": VBZ) is still many brigands. One
    clause's two groups ("the pirates attacked the bandits") stay two."""
    a = "An Indian warship foiled an attack by sea brigands on merchant vessels , apprehending 26 Somali pirates ."
    b = ("A pirate attack was foiled by an Indian warship , capturing 26 Somani brigands on three of "
         "the skiffs and confiscating their weapons .")
    c = "The pirates attacked the bandits near the coast ."
    docs = {"a": nlp(a), "b": nlp(b), "c": nlp(c)}
    brigands_a, pirates_a = _mention("a", a, "brigands"), _mention("a", a, "pirates")
    brigands_b = _mention("b", b, "brigands")
    assert make_item(0, brigands_b, docs["b"]).plural
    entities = resolve_entities([brigands_a, pirates_a, brigands_b], docs)
    assert _together(entities, brigands_a, pirates_a) and _together(entities, pirates_a, brigands_b)
    pirates_c, bandits_c = _mention("c", c, "The pirates"), _mention("c", c, "the bandits")
    entities = resolve_entities([pirates_c, bandits_c], {"c": docs["c"]})
    assert not _together(entities, pirates_c, bandits_c)


def test_a_thing_brought_in_with_a_and_named_again_with_the_in_another_clause(nlp):
    """ECB+ (tuning topic 21): "A woman hit by a motorist ... might be alive if the driver had
    listened": one sentence, two clauses, "a motorist" then "the driver", one person. A definite
    its own words make known ("the driver of a truck") is someone else."""
    a = "A woman hit by a motorist outside a store might be alive if the driver had stopped ."
    b = "A motorist hit a cyclist on Friday , and the driver of a truck stopped to help ."
    docs = {"a": nlp(a), "b": nlp(b)}
    motorist_a, driver_a = _mention("a", a, "motorist"), _mention("a", a, "driver")
    assert _together(resolve_entities([motorist_a, driver_a], {"a": docs["a"]}), motorist_a, driver_a)
    motorist_b, driver_b = _mention("b", b, "motorist"), _mention("b", b, "driver")
    assert not _together(resolve_entities([motorist_b, driver_b], {"b": docs["b"]}), motorist_b, driver_b)


def test_answers_kept_are_the_answers_read():
    # a word asked twice (and its synsets) gives what the files give: the same as a fresh read
    wn = noun_senses()
    assert wn is not None
    for word in ("election", "primary", "ship", "Mali", "zzqxv", "host", "ship"):
        offsets = wn.senses(word)
        assert offsets == wn._read_senses(word)
        for o in offsets[:3]:
            assert wn.synset(o) == wn._read_synset(o)
    # "primary" is an election two hypernyms up; "ship" is none: read, then answered from memory
    assert wn.related("primary", "election", levels=2) and wn.related("primary", "election", levels=2)
    assert not wn.related("ship", "election") and not wn.related("ship", "election")
    assert wn.senses("election") and wn.senses("election") is wn.senses("election")
