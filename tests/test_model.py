"""The records' closed vocabularies: a value outside one is refused where it is made."""

import pytest

from newsprism.model import Article, Damage, Figure, Finding, StoryAnalysis


def test_closed_vocabularies_refuse_unknown_values():
    Finding("C1", "corroborated", "x", ("a",), ())
    with pytest.raises(ValueError, match="Finding.kind='corroboration'"):
        Finding("C1", "corroboration", "x", ("a",), ())
    with pytest.raises(ValueError, match="Finding.slot"):
        Finding("X1", "conflict", "x", ("a",), (), slot="number")
    with pytest.raises(ValueError, match="Finding.between"):
        Finding("D1", "dispute", "x", ("a",), (), between="sides")
    with pytest.raises(ValueError, match="Figure.unit"):
        Figure("a", 0, 2, "12", 12, unit="persons")
    with pytest.raises(ValueError, match="Damage.kind"):
        Damage("a", 0, 1, "x", "torn")
    with pytest.raises(ValueError, match="Article.outlet_source"):
        Article("a", "Text.", outlet="X", outlet_source="guess")
    with pytest.raises(ValueError, match="summary_backend"):
        StoryAnalysis((), (), (), (), (), summary_backend="gpt")


def test_values_are_plain_strings_in_the_json():
    import json

    from newsprism.model import to_jsonable

    f = Finding("X1", "conflict", "how many", ("a", "b"), (), slot="figure", between="outlets")
    out = json.loads(json.dumps(to_jsonable(f)))
    assert (out["kind"], out["slot"], out["between"]) == ("conflict", "figure", "outlets")
