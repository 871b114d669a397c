"""The cheap parse check the stages use instead of rebuilding ``Doc.text``."""

from __future__ import annotations

from pathlib import Path

import pytest

from newsprism.nlp import parsed_from

TEXT = "BEIRUT — Buses waited at dawn. “We are humans,” he said.\n\nThe convoy never left."


def test_a_doc_is_a_parse_of_its_own_text(nlp):
    doc = nlp(TEXT)
    assert parsed_from(doc, TEXT)
    assert parsed_from(nlp(""), "")


@pytest.mark.parametrize(
    "other",
    [
        TEXT[:-1],  # shorter
        TEXT + " ",  # longer
        TEXT.replace("Buses", "Vans "),  # same length, a word changed
        TEXT.replace("convoy", "cortèg"),  # same length, the last sentence changed
        "",
    ],
)
def test_another_text_is_not(nlp, other):
    assert len(other) != len(TEXT) or other != TEXT
    assert not parsed_from(nlp(TEXT), other)


@pytest.mark.parametrize(
    "text, sentences",
    [
        # the parser alone ends a sentence after "Ariz." (BASIL 2014, Fox News on SB 1062)
        ("Prominent Republicans are calling for Ariz. Gov. Jan Brewer to veto a bill. She has not said.", 2),
        ("It will be held in Glendale, Ariz. in 2015.", 1),
        # a name after a state's abbreviation does start a sentence (BASIL: "Concord, Calif. Dukes is")
        ("He lives in Concord, Calif. Dukes is a member of the club.", 2),
    ],
)
def test_a_state_abbreviation_before_a_title_does_not_end_the_sentence(nlp, text, sentences):
    doc = nlp(text)
    assert len(list(doc.sents)) == sentences, [s.text for s in doc.sents]
    assert doc.text == text  # the guard only constrains the parser; the text is untouched


@pytest.mark.parametrize(
    "text, sentences",
    [
        # BASIL c99adbdd (open event): a tweet quoted with its full stops was cut at the first
        ('Rep. Steve King (R-Iowa), tweeted on Friday "#Labrador is pro amnesty. If not this year, he has '
         'strongly advocated for amnesty next year. No fair trying to redefine amnesty.” Labrador did not reply.', 2),
        ('Obama adviser David Axelrod said "Andrew is a unique thinker. I hope he is reassured," he added. It ended.', 2),
        # BASIL b5eefefb (open): a closing mark glued into the next word still closes the quotation
        ('Biden criticized Romney for making a "political statement"on the night of the attack. Ryan disagreed.\n\n'
         'Both men left.', 3),
        # after a colon or a comma, or opening its sentence, the quotation is left to the parser
        ('The senator said: “We will not back down. Not now.” Then she left the room.', 3),
        # one not closed before its paragraph ends (it goes on in the next) is kept whole to the end
        ('He wrote "this is over. Nobody will come back.\n\n"We will," the mayor said. She left.', 3),
        ('“We will not back down. Not now,” the senator said. Then she left.', 3),
    ],
)
def test_no_sentence_starts_inside_a_quotation_opened_after_words_of_its_sentence(nlp, text, sentences):
    doc = nlp(text)
    sents = [s.text for s in doc.sents]
    assert len(sents) == sentences, sents
    assert doc.text == text
    if "King" in text:
        assert sents[0].endswith("amnesty.”"), sents


@pytest.mark.parametrize(
    "text, sentences",
    [
        # BASIL 85475456 (Fox, open): the tokenizer cuts "Cong." from its period, the parser ended a sentence there
        ("Blumenthal will face either former Cong. Rob Simmons, himself a Vietnam vet, or Linda McMahon.", 1),
        ("He lives on Main St. The mayor lives nearby.", 2),
    ],
)
def test_an_abbreviated_title_before_a_name_ends_no_sentence(nlp, text, sentences):
    doc = nlp(text)
    assert len(list(doc.sents)) == sentences, [s.text for s in doc.sents]


def test_one_blas_thread_limits_numpys_blas_and_restores_it():
    import numpy  # noqa: F401  (its BLAS loaded, whatever ran before)
    from threadpoolctl import threadpool_info

    from newsprism.nlp import one_blas_thread

    def blas() -> list[int]:
        return [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]

    before = blas()
    assert before  # numpy's OpenBLAS is loaded
    for _ in range(2):  # the second time with the controller found the first time
        with one_blas_thread():
            assert blas() == [1] * len(before)
        assert blas() == before


def test_one_blas_thread_also_limits_a_blas_imported_after_its_first_use():
    """A library imported after the first analysis (scipy, torch) may load a BLAS of its own:
    the limit covers it too. Run in a fresh process: which BLAS are loaded depends on what
    the test session imported before."""
    import subprocess
    import sys

    pytest.importorskip("scipy.linalg")
    code = (
        "from threadpoolctl import threadpool_info\n"
        "from newsprism.nlp import one_blas_thread\n"
        "blas = lambda: [p['num_threads'] for p in threadpool_info() if p['user_api'] == 'blas']\n"
        "with one_blas_thread():\n"
        "    pass\n"
        "n = len(blas())\n"
        "import scipy.linalg\n"
        "assert len(blas()) > n, 'scipy brought no BLAS of its own'\n"
        "with one_blas_thread():\n"
        "    print(blas())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert set(eval(out)) == {1}


def test_the_command_line_loads_spacy_without_torch_and_torch_stays_importable(tmp_path):
    """`newsprism analyze` in a fresh process, as a user runs it: thinc is loaded without
    torch (1.3-2 s of CPU at every start where the embeddings extra installed it), the
    report is the one the library makes, and torch itself can still be imported after."""
    import importlib.util
    import json
    import subprocess
    import sys
    from pathlib import Path

    if importlib.util.find_spec("torch") is None:
        pytest.skip("torch is not installed: thinc cannot import it anyway")
    seed = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"
    out = tmp_path / "seed.json"
    code = (
        "import sys\n"
        f"sys.argv = ['newsprism', 'analyze', {str(seed)!r}, '-f', 'json', '-o', {str(out)!r}]\n"
        "from newsprism.cli import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "import thinc.compat\n"
        "print('torch' in sys.modules, thinc.compat.has_torch)\n"
        "import torch\n"
        "print(torch.tensor([1.0, 2.0]).sum().item())\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "False", "3.0"], run.stdout + run.stderr
    from newsprism.pipeline import analyze

    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(
        json.dumps(analyze([seed]).to_dict(), ensure_ascii=False)
    )


def test_the_library_loads_spacy_without_torch_unless_spacy_came_first():
    """``load_pipeline`` (the library's path: ``newsprism.analyze``, the engines' workers) loads
    thinc without torch when newsprism is the first to import spaCy; a host program that
    imported spaCy before keeps thinc's torch, and torch stays importable in both."""
    import importlib.util
    import subprocess
    import sys

    if importlib.util.find_spec("torch") is None:
        pytest.skip("torch is not installed: thinc cannot import it anyway")
    tail = (
        "from newsprism.nlp import load_pipeline\n"
        "nlp = load_pipeline()\n"
        "assert [t.pos_ for t in nlp('Rebels left Aleppo.')] == ['NOUN', 'VERB', 'PROPN', 'PUNCT']\n"
        "import thinc.compat\n"
        "print('torch' in sys.modules, thinc.compat.has_torch)\n"
        "import torch\n"
        "print(torch.tensor([1.0, 2.0]).sum().item())\n"
    )
    library = subprocess.run([sys.executable, "-c", "import sys\n" + tail], capture_output=True, text=True, check=True)
    assert library.stdout.split() == ["False", "False", "3.0"], library.stdout + library.stderr
    host = subprocess.run([sys.executable, "-c", "import sys\nimport spacy\n" + tail], capture_output=True, text=True,
                          check=True)
    assert host.stdout.split() == ["True", "True", "3.0"], host.stdout + host.stderr


def _columns(doc) -> list[list[int]]:
    from spacy.attrs import DEP, LEMMA, MORPH, POS, TAG

    return doc.to_array([TAG, POS, MORPH, LEMMA, DEP]).tolist()


# the word exceptions of en_core_web_sm's attribute ruler: its two-token rules (gon na, got ta,
# let 's, c'm on, y' all, there is), the pronouns' case by their dependency, ai n't, space tokens
RULE_TEXTS = [
    "We 're gon na win, y' all. I got ta go. Let's see. C'm on! There's a cat and there are two dogs.",
    "I ain't sure it is. You did it and it hit me. Give it to you, then I saw them.  \n\n  But he did.",
    "Which did she mean? That was all; those who came did, but  not many.\n \nThe end",
]


def test_the_attribute_rules_and_lemmas_set_what_spacys_components_set(nlp):
    """nlp.AttributeRules replaces en_core_web_sm's attribute_ruler (a Matcher over its 179
    rules, 12 % of the parse), nlp.Lemmas keeps the lemmatizer's answers: every token gets
    the same TAG, POS, MORPH, LEMMA and DEP as with spaCy's own pipeline, on the seed story
    and on texts that fire the ruler's word rules (a lemma the rules set is kept)."""
    import spacy

    from newsprism.corpus.readers import read_paths
    from newsprism.nlp import AttributeRules, Lemmas, model_path

    assert isinstance(nlp.get_pipe("attribute_ruler"), AttributeRules)
    assert isinstance(nlp.get_pipe("lemmatizer"), Lemmas)
    stock = spacy.load(model_path())
    assert type(stock.get_pipe("attribute_ruler")).__name__ == "AttributeRuler"
    seed, _ = read_paths([Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"])
    texts = RULE_TEXTS + [a.text for a in seed]
    # without the sentence guard, so that both parse alike: the ruler is what differs
    with nlp.select_pipes(disable=["newsprism_sentence_guard"]):
        ours = list(nlp.pipe(texts))
    for text, doc, theirs in zip(texts, ours, stock.pipe(texts)):
        assert _columns(doc) == _columns(theirs), text[:60]
        assert [str(t.morph) for t in doc] == [str(t.morph) for t in theirs]
    lemmas = {t.text: t.lemma_ for t in ours[0]}
    assert (lemmas["gon"], lemmas["na"], lemmas["ta"]) == ("go", "to", "to")


def test_the_attribute_rules_follow_the_rulers_order_index_and_predicates(nlp):
    """A ruler of overlapping rules: a later rule wins, a two-token rule sets the token at its
    index (also from the end), IN / NOT_IN / REGEX and a bool test as spaCy's Matcher reads them."""
    from spacy.pipeline import AttributeRuler

    from newsprism.nlp import AttributeRules

    ruler = AttributeRuler(nlp.vocab)
    ruler.add([[{"TAG": "NN"}]], {"POS": "PROPN", "MORPH": "Number=Sing"})
    ruler.add([[{"LOWER": {"IN": ["cat", "dog"]}, "TAG": "NN"}]], {"POS": "X"})
    ruler.add([[{"LOWER": {"REGEX": "^d.g$"}}]], {"LEMMA": "hound"})
    ruler.add([[{"LOWER": "the"}, {"TAG": {"NOT_IN": ["NNS"]}}]], {"LEMMA": "first"}, index=0)
    ruler.add([[{"LOWER": "a"}, {"IS_SPACE": False, "DEP": {"NOT_IN": [""]}}]], {"TAG": "XX"}, index=-1)
    ruler.add([[{"IS_SPACE": True}]], {"DEP": "dep"})
    rules = AttributeRules.compiled(ruler)
    assert rules is not None
    with nlp.select_pipes(disable=["attribute_ruler", "lemmatizer", "ner"]):
        docs = list(nlp.pipe(["The cat saw a dog and the dogs.  A log fell on the mat.", "the"]))
    for doc in docs:
        theirs, ours = doc.copy(), doc.copy()
        ruler(theirs)
        rules(ours)
        assert _columns(ours) == _columns(theirs)
    doc = rules(docs[0].copy())
    assert [t.pos_ for t in doc][1] == "X"  # the later rule wins over "NN" -> PROPN
    assert [t.lemma_ for t in doc][:5] == ["first", "", "", "", "hound"]
    assert [t.tag_ for t in doc][4] == "XX"  # index -1: the second token of "a dog"

    unread = AttributeRuler(nlp.vocab)
    unread.add([[{"LOWER": "very", "OP": "+"}]], {"POS": "ADV"})
    assert AttributeRules.compiled(unread) is None  # with_lookups keeps spaCy's ruler then
