"""Claims: cited sentence/clause units with their attribution."""

from __future__ import annotations

from newsprism.extract.claims import extract_claims, split_claims
from newsprism.model import DocumentInfo, Entity, Figure, Mention, StoryAnalysis


def _analysis(doc_id: str, text: str, entities=(), figures=()) -> StoryAnalysis:
    info = DocumentInfo(doc_id, None, None, None, None, None, False, (), None, None, (), None, text)
    return StoryAnalysis(documents=(info,), entities=tuple(entities), quotes=(), figures=tuple(figures), times=())


def test_claims_are_exact_citations_split_at_semicolons(nlp):
    text = "  Shelling resumed on Wednesday; the buses never left the city.\nRussia categorically denied the reports of killings. "
    claims = extract_claims(_analysis("a", text), {"a": nlp(text)})
    assert [c.text for c in claims] == [
        "Shelling resumed on Wednesday;",
        "the buses never left the city.",
        "Russia categorically denied the reports of killings.",
    ]
    for c in claims:
        assert text[c.start : c.end] == c.text == c.citation.text


def test_attribution_by_verb_and_according_to(nlp):
    text = (
        "Russia categorically denied the reports of killings in the city. "
        "The Assad government was not consulted on the deal, according to international officials. "
        "Rami Abdurrahman, the head of the observatory, said that 5,000 fighters remained. "
        "The buses returned to their depots before noon."
    )
    claims = extract_claims(_analysis("a", text), {"a": nlp(text)})
    got = [(c.attribution.text, c.attribution.cue.text, c.attribution.kind) if c.attribution else None for c in claims]
    assert got[0] == ("Russia", "denied", "reporting-verb")
    assert got[1] == ("international officials", "according to", "according-to")
    assert got[2][0] == "Rami Abdurrahman" and got[2][1] == "said"
    assert got[3] is None  # the reporter's own voice
    for c in claims:
        if c.attribution:
            a = c.attribution.span
            assert text[a.start : a.end] == a.text


def test_entities_and_figures_inside_a_claim(nlp):
    text = "Kerry spoke with Cavusoglu on Wednesday. Rebels said 250 fighters must be handed over."
    kerry = Entity("E1", "John Kerry", "PERSON", ("Kerry",), (Mention("a", 0, 5, "Kerry", "PERSON"),))
    fig = Figure("a", 53, 56, "250", 250, counts="fighters")
    claims = extract_claims(_analysis("a", text, [kerry], [fig]), {"a": nlp(text)})
    assert claims[0].entities == ("E1",) and claims[0].figures == ()
    assert claims[1].entities == () and [f.value for f in claims[1].figures] == [250]


def test_split_joins_fragments_broken_at_abbreviations(nlp):
    text = "Then, around 1 a. m. Wednesday, a convoy of vans began making its way out of the city."
    ranges = split_claims(nlp(text))
    assert len(ranges) == 1 and text[ranges[0][0] : ranges[0][1]] == text


def test_coordinated_and_adverbial_clauses_are_claims_of_their_own(nlp):
    text = (
        "Shelling resumed in Aleppo on Wednesday, and evacuations from the besieged city stalled. "
        "Residents waited for hours, but as the buses idled at the checkpoint, the shelling of the eastern districts resumed."
    )
    claims = extract_claims(_analysis("a", text), {"a": nlp(text)})
    got = [c.text for c in claims]
    assert "Shelling resumed in Aleppo on Wednesday," in got
    assert "and evacuations from the besieged city stalled." in got
    assert "Residents waited for hours," in got
    for c in claims:
        assert text[c.start : c.end] == c.text
        assert c.sentence is not None and c.sentence.start <= c.start < c.end <= c.sentence.end
    # one-sentence mode keeps whole sentences
    whole = extract_claims(_analysis("a", text), {"a": nlp(text)}, clauses=False)
    assert len(whole) == 2


def test_event_keys_join_other_words_for_one_event(nlp):
    from newsprism.extract.claims import event_keys

    no_entity = lambda offset: None  # noqa: E731
    vans = event_keys(nlp("But the vans returned soon after."), no_entity)
    buses = event_keys(nlp("Evacuation buses were forced to turn away."), no_entity)
    shelled = event_keys(nlp("Rebels shelled the villages in retaliation."), no_entity)
    bombarded = event_keys(nlp("The insurgents bombarded two villages."), no_entity)
    assert "P:turn-back|A:vehicle" in set(vans) & set(buses)
    assert {"P:attack|A:insurgent", "P:attack|A:settlement"} <= set(shelled) & set(bombarded)
    assert not set(vans) & set(shelled)


def test_a_claim_keeps_the_closing_quote_the_splitter_moved_on(nlp):
    # the seed story's AP text: spaCy ends the sentence before the closing mark
    text = 'Mohammed Abu Jaafar, head of forensics, said residents felt "duped."\n"People have left," he said.'
    claims = [text[a:b] for a, b in split_claims(nlp(text), text)]
    assert claims[0].endswith('felt "duped."')
    assert claims[1].startswith('"People')
    assert all(c.count('"') % 2 == 0 for c in claims)


def test_a_headline_is_not_run_into_the_lede_and_a_dateline_opens_its_sentence(nlp):
    # BASIL 2013 (HuffPost): headline, blank line, "WASHINGTON --" dateline, lede; spaCy
    # parses the headline and the dateline as one sentence
    text = ("NRA School Safety Report Recommends Arming Teachers, Loosening Gun Laws\n\n"
            "WASHINGTON -- Former Rep. Asa Hutchinson on Tuesday released a 225-page report.\n\nThe end.")
    claims = [text[a:b] for a, b in split_claims(nlp(text), text)]
    assert claims[0] == "NRA School Safety Report Recommends Arming Teachers, Loosening Gun Laws"
    assert claims[1].startswith("WASHINGTON -- Former Rep.") and claims[1].endswith("225-page report.")
    assert claims[2] == "The end."


def test_a_label_or_signature_paragraph_is_not_run_into_the_next_sentence(nlp):
    # a letters page as PolNeAR's USA Today copy prints it: section label, letter,
    # signature, place line, the next label, the next letter
    text = ("LETTERS.\n\nHillary Clinton should cut ties with long time aide Huma Abedin.\n\n"
            "Kenneth L. Zimmerman.\n\nHuntington Beach, Calif.\n\nFACEBOOK.\n\n"
            "It's been reported that former congressman Anthony Weiner has been sexting again.")
    claims = [text[a:b] for a, b in split_claims(nlp(text), text)]
    assert "\n\n" not in "".join(claims)
    assert claims[0] == "LETTERS."
    assert claims[-2:] == ["FACEBOOK.", "It's been reported that former congressman Anthony Weiner has been sexting again."]
    assert "Kenneth L. Zimmerman." in claims


def test_role_keys_join_one_action_on_one_participant_outside_the_lexicon(nlp):
    # "hire" is no word of the event lexicon: its participant still tells the action
    from newsprism.extract.claims import event_keys

    no_entity = lambda offset: None  # noqa: E731
    uses = event_keys(nlp("He said he uses visas to hire foreign workers for his business."), no_entity)
    hiring = event_keys(nlp("Trump was challenged over hiring foreign workers for some of his businesses."), no_entity)
    assert "V:hire|A:worker" in set(uses) & set(hiring)
    # no key for a verb alone, none for a light verb ("was", "have")
    assert all("|A:" in k for k in uses + hiring if k.startswith("V:"))
    had = event_keys(nlp("The ad had a powerful influence in the markets."), no_entity)
    assert not [k for k in had if k.startswith("V:")]


def test_a_claims_place_and_text_are_its_citations_also_after_a_replace_and_a_pickle():
    """doc / start / end / text are kept once read (they are read ~250,000 times a story): a
    claim made from another by dataclasses.replace reads its own citation, not the first one's."""
    import dataclasses
    import pickle

    from newsprism.extract.claims import Claim
    from newsprism.model import Span

    claim = Claim("a#4", Span("a", 4, 30, "Rebels left eastern Aleppo"))
    assert (claim.doc, claim.start, claim.end, claim.text) == ("a", 4, 30, "Rebels left eastern Aleppo")
    moved = dataclasses.replace(claim, id="b#0", citation=Span("b", 0, 11, "Rebels left"))
    assert (moved.doc, moved.start, moved.end, moved.text) == ("b", 0, 11, "Rebels left")
    assert (claim.doc, claim.text) == ("a", "Rebels left eastern Aleppo")
    again = pickle.loads(pickle.dumps(claim))
    assert again == claim and hash(again) == hash(claim) and again.text == claim.text
    assert dataclasses.asdict(claim).keys() == {f.name for f in dataclasses.fields(Claim)}
