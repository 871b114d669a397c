"""figure_pairs.sharing_pairs: the pairs of figures aligned_figures asks about (from an index of
the words, nouns and entities around each figure) hold every pair _agreement scores above 0 —
on the seed story and on short reports counting the same things — and leave many out."""

from __future__ import annotations

from pathlib import Path

from facts_support import _claims

from newsprism.compare.figure_conflicts import _agreement, story_figures
from newsprism.compare.figure_pairs import figure_kind, sharing_pairs

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aleppo-2016-12-14"

_REPORTS = {
    "a": "At least 30 people were killed and 45 wounded when a car bomb exploded in the market of Kasese on "
         "Tuesday, police said. Officials said 12 soldiers were among the dead. The city spent $4 million on security.",
    "b": "A car bomb in Kasese's market killed 32 people on Tuesday and wounded 45, according to police. Twelve "
         "soldiers died. The town had spent $4 million on security this year.",
    "c": "Police said 30 people died in the Kasese market bombing on Tuesday, and about 50 were hurt.",
}


def _checked(nlp, texts: dict[str, str]) -> tuple[int, int]:
    claims, _analysis, docs = _claims(nlp, texts)
    figs, weight = story_figures(claims, docs)
    asked = sharing_pairs(figs)
    agreeing = skipped = 0
    ids = sorted(figs)
    for x, da in enumerate(ids):
        for db in ids[x + 1:]:
            for i, a in enumerate(figs[da]):
                for j, b in enumerate(figs[db]):
                    if figure_kind(a) != figure_kind(b):
                        continue
                    pair_asked = (i, j) in asked.get((da, db), ())
                    if _agreement(a, b, weight) > 0:
                        agreeing += 1
                        assert pair_asked, (a.fig.text, b.fig.text)
                    skipped += not pair_asked
    for (da, db), pairs in asked.items():
        assert da < db and pairs == sorted(set(pairs))
    return agreeing, skipped


def test_every_agreeing_pair_of_figures_is_asked(nlp):
    agreeing, skipped = _checked(nlp, _REPORTS)
    assert agreeing >= 3 and skipped >= 1


def test_every_agreeing_pair_of_the_seed_story_is_asked(nlp):
    from newsprism.corpus.readers import read_paths

    articles, _ = read_paths([EXAMPLE])
    _agreeing, skipped = _checked(nlp, {a.id: a.text for a in articles})
    assert skipped >= 1  # (no two of its reports count one thing alike: nothing agrees above 0)
