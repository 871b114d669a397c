"""A title-case headline's own words read into a name (extract.headline_words), each on a short
report written after the open BASIL event it was seen in: the running text tells a name's words
(capitalised inside its sentences) from the headline's common words (written in lower case)."""

from __future__ import annotations

from newsprism.extract.headline_words import headline_cut, running_words
from newsprism.extract.mentions import extract_mentions
from newsprism.model import Article


def _headline_names(nlp, text: str) -> list[tuple[str, str]]:
    article = Article("a", text)
    headline_end = text.index("\n")
    mentions = extract_mentions(article, nlp(text))
    for m in mentions:
        assert text[m.start : m.end] == m.text
    return [(m.text, m.label) for m in mentions if m.end <= headline_end]


def test_a_headline_verb_before_a_surname_is_no_given_name(nlp):
    # nyt 29ffd053: "Chide Ryan" a person, "Georgetown Faculty Latest" an organisation
    text = ("Georgetown Faculty Latest to Chide Ryan\n\n"
            "WASHINGTON \u2014 Nearly 90 faculty members at Georgetown University sent a letter to "
            "Representative Paul D. Ryan on Tuesday, the latest criticism of his budget from Catholic "
            "scholars. Mr. Ryan is to speak at Georgetown on Thursday.\n")
    names = _headline_names(nlp, text)
    assert ("Ryan", "PERSON") in names
    assert not any(name in ("Chide Ryan", "Georgetown Faculty Latest") for name, _ in names)


def test_a_name_run_on_into_common_words_is_cut_to_the_name(nlp):
    # nyt 576116e5: the ORG "Social Security Cuts"
    text = ("AARP Open to Social Security Cuts\n\n"
            "The AARP, the powerful lobby for older Americans, is dropping its longstanding opposition to "
            "cuts in Social Security benefits, a major shift that could give momentum to negotiations. "
            "The group has long said that any cuts would hurt retirees who depend on Social Security.\n")
    names = _headline_names(nlp, text)
    assert ("Social Security Cuts", "ORG") not in names
    assert any(name == "Social Security" for name, _ in names)


def test_common_words_alone_are_no_name():
    # hpo c21cb217: NER read the PERSON "Breaks His Silence" off the whole report's headline
    text = ("Anthony Weiner Twitter Photo Scandal: Congressman Breaks His Silence\n\n"
            "Rep. Anthony Weiner broke his silence on Wednesday about a lewd photo sent from his Twitter "
            "account, telling reporters that the photo breaks no law he knows of. Weiner said he was "
            "the victim of a prank.\n")
    words = running_words(text)
    start = text.index("Breaks His Silence")
    assert headline_cut(text, start, start + len("Breaks His Silence"), "PERSON", words) is None
    # ... while a span whose words the running text all writes as names stays as found
    start = text.index("Anthony Weiner")
    assert headline_cut(text, start, start + len("Anthony Weiner Twitter"), "PERSON", words) == (
        start, start + len("Anthony Weiner Twitter"))


def test_a_name_the_running_text_writes_stays_whole():
    # the text writes "Dave" nowhere but it is a given name: "Dave Brat" is not cut to "Brat";
    # two names a word apart ("Hillary Rodham Clinton", the text writing "Hillary" and "Clinton")
    # are not cut either
    text = ("Man Who Beat Cantor Is Dave Brat\n\nEconomics professor David Brat beat Eric Cantor on "
            "Tuesday. Hillary Clinton called it a surprise.\n")
    words = running_words(text)
    start = text.index("Dave Brat")
    assert headline_cut(text, start, start + len("Dave Brat"), "PERSON", words) == (start, start + len("Dave Brat"))
    head = "Hillary Rodham Clinton Speaks Out\n\n"
    both = head + text.split("\n\n", 1)[1]
    assert headline_cut(both, 0, len("Hillary Rodham Clinton"), "PERSON", running_words(both)) == (
        0, len("Hillary Rodham Clinton"))
    # a surname after a word the text writes in lower case is cut ("Defeated Cantor", hpo ee05c9b3)
    start = text.index("Beat Cantor")
    assert headline_cut(text, start, start + len("Beat Cantor"), "PERSON", words) == (
        text.index("Cantor"), text.index("Cantor") + len("Cantor"))


def test_a_name_the_running_text_writes_whole_keeps_its_common_word():
    # nyt ee05c9b3: "Tea Party Challenger" is cut to "Tea Party" ("party" is also written low), while
    # "NRA School Safety Report" (hpo 68748e7f), never written so, is cut to "NRA"
    text = ("Eric Cantor Defeated by David Brat, Tea Party Challenger, in Primary Upset\n\n"
            "Mr. Cantor lost to a Tea Party-backed professor. The party's leaders were stunned, and the "
            "challenger said the National School Shield program of the NRA and school safety were no issue.\n")
    words = running_words(text)
    start = text.index("Tea Party Challenger")
    assert headline_cut(text, start, start + len("Tea Party Challenger"), "ORG", words) == (
        start, start + len("Tea Party"))
    text = text.replace("Eric Cantor Defeated by David Brat, Tea Party Challenger, in Primary Upset",
                        "NRA School Safety Report Recommends Arming Teachers")
    words = running_words(text)
    assert headline_cut(text, 0, len("NRA School Safety Report"), "ORG", words) == (0, len("NRA"))



def test_an_all_capitals_headline_keeps_the_names_the_running_text_writes():
    # ECB+ 21_12ecbplus: the address line's "richmond-hill" is no lower-case word of the text, and the
    # all-capitals "RICHMOND" is the "Richmond Hill" the text writes; "DRUNK" is a common word
    text = ("http://theforumnewsgroup.com/2013/09/19/grandmother-killed-by-drunk-driver-in-richmond-hill/\n\n"
            "GRANDMOTHER KILLED BY DRUNK DRIVER IN HIT-AND-RUN ACCIDENT IN RICHMOND HILL\n\n"
            "A grandmother on her way to a religious service in Richmond Hill last Friday was hit and killed "
            "by an allegedly drunk driver, the district attorney said.\n")
    words = running_words(text)
    start = text.index("RICHMOND")
    assert headline_cut(text, start, start + len("RICHMOND"), "GPE", words) == (start, start + len("RICHMOND"))
    start = text.index("DRUNK")
    assert headline_cut(text, start, start + len("DRUNK"), "PERSON", words) is None
