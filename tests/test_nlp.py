"""The cheap parse check the stages use instead of rebuilding ``Doc.text``."""

from __future__ import annotations

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


def test_one_blas_thread_limits_numpys_blas_and_restores_it():
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
