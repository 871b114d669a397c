"""A summary sentence stands with only the summary's earlier sentences before it
(newsprism.compare.summary_alone): the seed's "Cavusoglu later spoke with U.S. Secretary of State
John Kerry." named a man the summary never introduced, and "later" had nothing before it."""

from __future__ import annotations

from newsprism.extract.claims import Claim
from newsprism.model import Entity, Finding, Mention, Span


def _head(nlp, text: str, doc: str = "a"):
    return Span(doc, 0, len(text), text), {doc: nlp(text)}


def test_a_sentence_telling_what_came_next_does_not_stand_alone(nlp):
    from newsprism.compare.summary_alone import tells_what_came_next

    for text in ("Cavusoglu later spoke with U.S. Secretary of State John Kerry.",
                 "Then the rebels shelled the two villages, a monitoring group said."):
        assert tells_what_came_next(*_head(nlp, text)), text
    # a time of its own, or "later" on a word inside the sentence, points at nothing before it
    for text in ("Two days later, the evacuation of eastern Aleppo resumed under a new deal.",
                 "The photo was sent to a Seattle woman, later identified as Gennette Cordova.",
                 "Kerry spoke with the Turkish foreign minister on Wednesday."):
        assert not tells_what_came_next(*_head(nlp, text)), text


def test_a_pronoun_with_nobody_before_it_in_the_sentence_does_not_stand_alone(nlp):
    from newsprism.compare.summary_alone import unresolved_pronoun

    assert unresolved_pronoun(*_head(nlp, "The campaign said the report distorted his service in the Marines."))
    for text in ("Rep. Anthony Weiner said he has hired a private security company.",
                 "Officials said they would reopen the road on Friday.",
                 "“I don’t have memory of this photograph,” Mr. Weiner said."):
        assert not unresolved_pronoun(*_head(nlp, text)), text


def test_a_pronoun_in_a_phrase_before_the_subject_stands_for_the_subject(nlp):
    # BASIL 9879bbc0 (open): the Times' lede names Clinton right after "her"; the summary had no sentence
    from newsprism.compare.summary_alone import unresolved_pronoun

    for text in ("In one of her final appearances as secretary of state, Hillary Rodham Clinton on Wednesday "
                 "vigorously defended her handling of the attack on the American compound in Benghazi.",
                 "After his meeting with the president, Speaker John Boehner said the talks would go on."):
        assert not unresolved_pronoun(*_head(nlp, text)), text
    # the subject stands for nobody in the phrase when it is no person, nor for a pronoun after it
    for text in ("In one of her final appearances, the committee questioned the secretary about the attack.",
                 "Before the hearing, the committee said her testimony would be public."):
        assert unresolved_pronoun(*_head(nlp, text)), text


LEDE = ("Shelling resumed in Aleppo on Wednesday and the evacuation of the rebel enclave stalled.\n"
        "Residents said the bombing was the heaviest in days.\n"
        "Russia said the rebels had broken the truce.\n")
AP = LEDE + ("Turkish Foreign Minister Mevlut Cavusoglu said the evacuation deal must hold.\n"
             "Cavusoglu spoke with U.S. Secretary of State John Kerry on Wednesday.\n")
POST = LEDE + "Secretary of State John F. Kerry spoke with Turkish Foreign Minister Mevlut Cavusoglu on Wednesday.\n"


def _mention(doc: str, text: str, name: str, nth: int = 0) -> Mention:
    start = -1
    for _ in range(nth + 1):
        start = text.index(name, start + 1)
    return Mention(doc, start, start + len(name), name, "PERSON")


def test_a_bare_surname_is_introduced_by_a_full_name_or_a_title_not_an_honorific():
    from newsprism.compare.summary_alone import bare_surnames, named_in_full, person_mentions

    text = "Sen. McCain met Mr. Graham and Lindsey Graham's aide; Graham said nothing."
    people = person_mentions([
        Entity("E1", "John McCain", "PERSON", ("McCain",), (_mention("a", text, "McCain"),)),
        Entity("E2", "Lindsey Graham", "PERSON", ("Graham",),
               (_mention("a", text, "Graham"), _mention("a", text, "Lindsey Graham"), _mention("a", text, "Graham", 2))),
    ], {"a": text})
    whole = Span("a", 0, len(text), text)
    # "Sen. McCain" and "Lindsey Graham" say who they are; "Mr. Graham", before the full name, does not
    assert named_in_full(whole, people) == {"E1", "E2"}
    assert bare_surnames(whole, people, set()) == ["E2"]
    assert bare_surnames(whole, people, {"E2"}) == []


def test_the_summary_passes_over_a_sentence_naming_someone_it_never_introduced(nlp):
    """The seed: AP's "Cavusoglu spoke with U.S. Secretary of State John Kerry on Wednesday." is stated
    by the Post, but names the Turkish minister by his surname alone; the Post's sentence of the fact,
    which AP states too, says who he is."""
    from newsprism.compare.findings import _summary
    from newsprism.compare.summary_alone import person_mentions

    ap = Claim("ap#4", Span("ap", AP.index("Cavusoglu spoke"), len(AP) - 1, AP.splitlines()[4]),
               terms=("cavusoglu", "speak", "secretary", "state", "john", "kerry", "wednesday"))
    post = Claim("post#3", Span("post", len(LEDE), len(POST) - 1, POST.splitlines()[3]),
                 terms=("secretary", "state", "john", "kerry", "speak", "turkish", "foreign", "minister", "mevlut",
                        "cavusoglu", "wednesday"))
    fact = Finding("", "corroborated", ap.text, ("ap", "post"), (ap.citation, post.citation),
                   claims=(ap.id, post.id), sources=2, fact="F1")
    entities = [Entity("E1", "Mevlut Cavusoglu", "PERSON", ("Cavusoglu",),
                       (_mention("ap", AP, "Mevlut Cavusoglu"), _mention("ap", AP, "Cavusoglu", 1),
                        _mention("post", POST, "Mevlut Cavusoglu"))),
                Entity("E2", "John Kerry", "PERSON", ("Kerry",),
                       (_mention("ap", AP, "John Kerry"), _mention("post", POST, "John F. Kerry")))]
    docs = {"ap": nlp(AP), "post": nlp(POST)}
    people = person_mentions(entities, {"ap": AP, "post": POST})
    claims = {ap.id: ap, post.id: post}
    summary = _summary([fact], {"F1": ap.citation}, claims=claims, docs=docs, people=people)
    assert [s.text for s in summary] == [post.text]
    assert {c.doc for c in summary[0].citations} == {"ap", "post"}
    # without the people known, the headline stands as before
    assert [s.text for s in _summary([fact], {"F1": ap.citation}, claims=claims, docs=docs)] == [ap.text]


def test_the_words_telling_who_was_told_a_quotation_need_no_stating(nlp):
    """BASIL ccf19ab6 (open): HuffPost's '"The principles aren't combined, written out yet, but in my
    personal belief I think it'll go with legal status ...," McCarthy told KBFX Eyewitnesses News.' is
    stated by Fox's quotation of the same words ('..., he said.'): the station's name is not what was
    said."""
    from newsprism.compare.summary_parts import predicate_parts

    text = ('"The principles aren\'t combined, written out yet, but in my personal belief I think it\'ll go with '
            'legal status that will allow you to work and pay your taxes," McCarthy told KBFX Eyewitnesses News.')
    parts = predicate_parts(nlp(text), Span("a", 0, len(text), text))
    words = {w for part in parts for w in part}
    assert "principle" in words and "status" in words
    assert not words & {"kbfx", "eyewitnesses", "news", "tell"}, parts


def test_the_people_a_story_is_about_need_no_introduction(nlp):
    """An editor knows who "Weiner" is in a story two reports open with him, and who "Brown" is in
    reports naming him throughout; the seed's Turkish minister, named three times in two reports'
    later paragraphs, is someone the summary must introduce."""
    from newsprism.compare.summary_alone import person_mentions, story_people

    a = ("Rep. Anthony Weiner said Wednesday he did not send the photo.\nThe photo was posted on Saturday.\n"
         "It was sent to a student.\nOfficials met Michael Brown's family.\nBrown was 18.\nBrown's death led to "
         "protests.\nTurkish Foreign Minister Mevlut Cavusoglu spoke with Kerry.\nCavusoglu said the deal must hold.\n")
    b = ("Weiner insisted his account was hacked.\nHe hired a security company.\nThe police were not called.\n"
         "Michael Brown was shot on Aug. 9.\nBrown was unarmed.\nA jury will hear the case against Brown's "
         "killer.\nKerry also spoke with Mevlut Cavusoglu.\n")
    texts = {"a": a, "b": b}

    def person(eid: str, name: str, *found: tuple[str, str, int]) -> Entity:
        return Entity(eid, name, "PERSON", (), tuple(_mention(d, texts[d], w, k) for d, w, k in found))

    entities = [person("W", "Anthony Weiner", ("a", "Anthony Weiner", 0), ("b", "Weiner", 0)),
                person("B", "Michael Brown", ("a", "Michael Brown", 0), ("a", "Brown", 1), ("a", "Brown", 2),
                       ("b", "Michael Brown", 0), ("b", "Brown", 1), ("b", "Brown", 2)),
                person("C", "Mevlut Cavusoglu", ("a", "Mevlut Cavusoglu", 0), ("a", "Cavusoglu", 1),
                       ("b", "Mevlut Cavusoglu", 0))]
    people = person_mentions(entities, texts)
    assert story_people(people, {"a": nlp(a), "b": nlp(b)}) == {"W", "B"}
    # two reports of one outlet are one outlet's word
    assert story_people(people, {"a": nlp(a), "b": nlp(b)}, units={"a": "Fox", "b": "Fox"}) == set()


def test_an_owners_name_in_a_things_name_needs_no_introduction():
    """BASIL c21cb217 (open): Fox's "Breitbart's BigGovernment.com first reported that it was tweeted to a
    Seattle woman" names a website by its owner; "Breitbart's aide" would call on the man himself."""
    from newsprism.compare.summary_alone import bare_surnames, person_mentions

    for text, bare in (("Breitbart's BigGovernment.com first reported the tweet on Saturday.", []),
                       ("Breitbart's aide first reported the tweet on Saturday.", ["E1"])):
        people = person_mentions([Entity("E1", "Andrew Breitbart", "PERSON", (), (_mention("a", text, "Breitbart"),))],
                                 {"a": text})
        assert bare_surnames(Span("a", 0, len(text), text), people, set()) == bare, text
