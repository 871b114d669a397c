"""A quotation a report uses as a name or a term — a policy's name, a label, a phrase someone is said to
avoid — is no statement two reports share when nothing else is told alike (compare.quoted_terms). Sentences
as reports of the Senate's lame-duck session (2010), Obama's bridge speech (2011) and Trump after the Orlando
shooting (2016) word them."""

from __future__ import annotations

from facts_support import _claims

# a policy's name before its noun, however the parser reads its verbs
POLICY = ("The administration is still looking to repeal the military's \"don't ask, don't tell\" policy after the "
          "Pentagon issued a report Tuesday.")
SO_CALLED = ("Sen. Joe Manchin spoke on Wednesday. Manchin said the so-called “rigged” agenda of the lame-duck "
             "session was set by his party.")
# a phrase the president is said to refuse, quoted as what the words are
WEST = ("Donald Trump said Obama should resign. Fueled apparently by frustration with Obama, Trump explained the "
        "president’s refusal to call the attack a result of “radical Islamic terrorism” is a weakness.")
POST = ("Donald Trump's first tweet Sunday was measured. Then came another, followed by one in which Trump "
        "took credit for “being right on radical Islamic terrorism.”")
# statements, not terms: what something is called, a lone judging word of the speaker's, a remark
CALLED = "Donald Trump spoke on Sunday. Trump called the deal “a disaster” for the country."
NEUTRAL = "Trump, who has said he wants to be a “neutral” guy on Israel, spoke on Monday."
REMARK = "“I trust in God,” Mr. Obama said, “but God wants to see us help ourselves by putting people back to work!”"


def _quoting(nlp, text: str, word: str):
    from newsprism.compare.shared_quotes import quoted_words

    claims, _analysis, docs = _claims(nlp, {"a": text})
    claim = next(c for c in claims if any(word in q.text for q in c.quotes))
    return claim, quoted_words(claim), docs["a"]


def test_a_name_or_a_term_quoted(nlp):
    from newsprism.compare.quoted_terms import quoted_term

    for text, word in ((POLICY, "tell"), (SO_CALLED, "rigged"), (WEST, "terrorism")):
        claim, words, doc = _quoting(nlp, text, word)
        assert quoted_term(claim, words, doc), text


def test_a_statement_quoted_is_no_term(nlp):
    from newsprism.compare.quoted_terms import quoted_term

    for text, word in ((CALLED, "disaster"), (NEUTRAL, "neutral"), (REMARK, "trust"), (POST, "terrorism")):
        claim, words, doc = _quoting(nlp, text, word)
        assert not quoted_term(claim, words, doc), text


def test_a_term_with_nothing_else_told_alike_is_no_quote_anchor(nlp):
    from newsprism.compare.fact_anchors import _quote_anchor

    claims, _analysis, docs = _claims(nlp, {"w": WEST, "p": POST})
    west = next(c for c in claims if c.doc == "w" and "terrorism" in c.text)
    post = next(c for c in claims if c.doc == "p" and "terrorism" in c.text)
    # without the parses the two share Trump's "radical islamic terrorism"
    assert _quote_anchor(west, post, {}) is not None
    assert _quote_anchor(west, post, {}, docs) is None


def test_a_term_quoted_in_one_act_told_alike_stays_an_anchor(nlp):
    from newsprism.compare.quoted_terms import term_only

    a = "Donald Trump spoke on Monday. Trump renewed his call for a “Muslim ban” at a rally in Ohio."
    b = "Donald Trump spoke in Ohio. At the rally Trump again called for a “Muslim ban” on Monday."
    claims, analysis, docs = _claims(nlp, {"a": a, "b": b})
    ca = next(c for c in claims if c.doc == "a" and "ban" in c.text)
    cb = next(c for c in claims if c.doc == "b" and "ban" in c.text)
    names = {e.id: e.name for e in analysis.entities}
    # the term is a pobj of "for" in both: a term; but both tell the call
    assert not term_only(ca, cb, ["muslim", "ban"], docs, names)
    # the orlando pair shares nothing outside the quotes
    claims, analysis, docs = _claims(nlp, {"w": WEST, "p": POST})
    west = next(c for c in claims if c.doc == "w" and "terrorism" in c.text)
    post = next(c for c in claims if c.doc == "p" and "terrorism" in c.text)
    assert term_only(west, post, ["radical", "islamic", "terrorism"], docs, {e.id: e.name for e in analysis.entities})


# a motto set off after its noun by a comma, or named as a noun by "as": its name, however the parser reads it
MOTTO_AS = ("Obama spoke at a bridge in Washington. President Barack Obama urged lawmakers on Wednesday to move on the transportation funding portion of "
            "his jobs bill, while mocking them for a recent measure to reaffirm \"In God We Trust\" as the national motto.")
MOTTO_COMMA = ("Obama spoke at a bridge in Washington on Wednesday. He tweaked House Republicans for passing a resolution on Tuesday reaffirming the national motto, "
               "“In God We Trust,” when they should be creating jobs.")
TOLD_REPORTERS = "Obama spoke in Ohio. He told reporters, “We will win this fight,” before leaving."


def test_a_motto_set_off_after_its_noun_or_named_as_one_is_a_name(nlp):
    from newsprism.compare.quoted_terms import quoted_term

    for text in (MOTTO_AS, MOTTO_COMMA):
        claim, words, doc = _quoting(nlp, text, "Trust")
        assert quoted_term(claim, words, doc), text
    claim, words, doc = _quoting(nlp, TOLD_REPORTERS, "win")
    assert not quoted_term(claim, words, doc)


def test_a_name_two_reports_mention_in_sentences_about_other_acts_is_no_quote_fact(nlp):
    from newsprism.model import Article
    from newsprism.pipeline import run_pipeline

    analysis = run_pipeline([Article(id="h", text=MOTTO_AS, outlet="Outlet H"),
                             Article(id="n", text=MOTTO_COMMA, outlet="Outlet N")], nlp)
    cited = [{c.doc: c.text for c in item.citations} for item in analysis.findings.corroborated]
    assert not any(all("God We Trust" in t and len(t) < 20 for t in c.values()) and len(c) == 2 for c in cited), cited
