"""Runs the quality suites (``newsprism eval``) and returns one flat dict of scores."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

SUITES = (
    "seeds", "polnear", "ecbplus", "stories", "claimdiff", "people", "gold", "injected", "bias", "faithful", "ecbfacts",
)


def default_shared_dir() -> Path:
    """``../shared`` beside the checkout (the layout CI and developers have)."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").exists():
            return parent.parent / "shared"
    return Path.cwd().parent / "shared"


def _seeds(shared: Path, nlp) -> dict[str, float]:
    from newsprism.evaluate.seed_findings import evaluate_seed_findings
    from newsprism.evaluate.seeds import analyse_seed_story, evaluate_seed_story

    scores: dict[str, float] = {}
    for story in sorted((shared / "stories").iterdir()):
        if (story / "expected.yaml").exists():
            analysis = analyse_seed_story(story, nlp)
            metrics, _ = evaluate_seed_story(story, nlp, analysis)
            found = evaluate_seed_findings(story, nlp, analysis)  # None without an anchor file
            if found is not None:
                metrics = {**metrics, **found[0]}
            # one story today; more stories average in under the same keys
            for key, value in metrics.items():
                scores.setdefault(key, []).append(value)  # type: ignore[arg-type]
    return {k: sum(v) / len(v) for k, v in scores.items()}  # type: ignore[arg-type]


def _polnear(shared: Path, nlp, split: str | None = None) -> dict[str, float]:
    from newsprism.evaluate.polnear import evaluate_polnear
    from newsprism.evaluate.splits import polnear_split_dir

    return evaluate_polnear(polnear_split_dir(shared / "datasets" / "polnear", split), nlp)


def _ecbplus(shared: Path, nlp, split: str | None = None) -> dict[str, float]:
    from newsprism.evaluate.ecbplus import evaluate_ecbplus

    return evaluate_ecbplus(shared / "datasets" / "ecbplus", nlp, split=split)


def _stories(shared: Path, nlp, split: str | None = None) -> dict[str, float]:
    from newsprism.evaluate.stories import evaluate_stories

    return evaluate_stories(shared / "datasets", ecb_split=split)


def _claimdiff(shared: Path, nlp, split: str | None = None) -> dict[str, float]:
    from newsprism.evaluate.claimdiff import evaluate_claimdiff

    return evaluate_claimdiff(shared / "datasets" / "claimdiff", split=split)


def _people(shared: Path, nlp) -> dict[str, float]:
    from newsprism.evaluate.people import basil_analyses, evaluate_people
    from newsprism.evaluate.polnear_stories import polnear_analyses
    from newsprism.evaluate.seeds import analyse_seed_story

    stories = [s for s in sorted((shared / "stories").iterdir()) if (s / "expected.yaml").exists()]
    seed, _ = evaluate_people((analyse_seed_story(s, nlp) for s in stories), "seed_people")
    basil, _ = evaluate_people(basil_analyses(shared / "datasets" / "basil" / "articles", nlp), "basil_people")
    # the stories PolNeAR dev's texts make: wrong merges gated (0), speakers reported
    polnear, _ = evaluate_people(polnear_analyses(shared / "datasets" / "polnear", nlp), "polnear_people")
    return {**seed, **basil, **polnear}


def _gold(shared: Path, nlp) -> dict[str, float]:
    from newsprism.compare.embed import default_embedder
    from newsprism.evaluate.gold_findings import default_gold_dir, evaluate_gold

    articles = shared / "datasets" / "basil" / "articles"
    embedder = default_embedder()
    scores = evaluate_gold(default_gold_dir(), articles, nlp, embedder=embedder)
    # the check set read before the tool ran on it (gold_fresh2_*): reported, no floor, never tuned on
    scores.update(evaluate_gold(default_gold_dir().parent / "basil-fresh2", articles, nlp, embedder=embedder,
                                splits=("fresh2",)))
    # the first BASIL check set (gold_fresh_*, 4 events read by the lead, 2026-11-23/25): reported, no floor
    scores.update(evaluate_gold(default_gold_dir().parent / "basil-fresh", articles, nlp, embedder=embedder,
                                splits=("fresh",)))
    # framing differences on seven open BASIL events, read before the tool ran (gold_openfr_dev_*, gold_openfr_heldout_*;
    # framing figures only, its other sections empty): reported, no floor, the held-out half never tuned on
    # only its framing keys (and event counts): its other sections have no gold, and a precision of 0 against
    # an empty gold would read as a measured failure
    open_framing = evaluate_gold(default_gold_dir().parent / "basil-open-framing", articles, nlp, embedder=embedder,
                                 key_prefix="openfr_")
    scores.update({k: v for k, v in open_framing.items() if "_framing_" in k or k.endswith("_events")})
    # the PolNeAR check set read before the tool ran on it (gold_pnfresh2_*): reported, no floor, never tuned on
    scores.update(evaluate_gold(default_gold_dir().parent / "polnear-fresh2", shared / "datasets" / "polnear", nlp,
                                embedder=embedder, splits=("pnfresh2",)))
    # the earlier PolNeAR sets, their split names shared with BASIL's, so keyed apart: reported, no floor
    # (gold_pn_dev_* / gold_pn_heldout_*, gold_pnclean_*, gold_pnfresh_heldout_*)
    polnear = shared / "datasets" / "polnear"
    for folder, prefix in (("polnear", "pn_"), ("polnear-clean", "pnclean_"), ("polnear-fresh", "pnfresh_")):
        scores.update(evaluate_gold(default_gold_dir().parent / folder, polnear, nlp, embedder=embedder,
                                    key_prefix=prefix))
    return scores


def _injected(shared: Path, nlp) -> dict[str, float]:
    from newsprism.evaluate.injected import evaluate_injected

    return evaluate_injected(shared / "datasets" / "basil" / "articles", nlp)


def _bias(shared: Path, nlp) -> dict[str, float]:
    from newsprism.evaluate.basil_bias import evaluate_basil_bias

    return evaluate_basil_bias(shared / "datasets" / "basil", nlp)


def _faithful(shared: Path, nlp) -> dict[str, float]:
    from newsprism.evaluate.basil_findings import evaluate_basil_findings

    return evaluate_basil_findings(shared / "datasets" / "basil" / "articles", nlp)


def _ecbfacts(shared: Path, nlp, split: str | None = None) -> dict[str, float]:
    from newsprism.evaluate.ecb_facts import evaluate_ecb_facts

    return evaluate_ecb_facts(shared / "datasets" / "ecbplus", nlp, split=split)


# the suites that read a named split of their set (the others read every BASIL year present)
_SPLIT_SUITES = frozenset({"polnear", "ecbplus", "stories", "claimdiff", "ecbfacts"})

_RUNNERS: dict[str, Callable[..., dict[str, float]]] = {
    "seeds": _seeds,
    "polnear": _polnear,
    "ecbplus": _ecbplus,
    "stories": _stories,
    "claimdiff": _claimdiff,
    "people": _people,
    "gold": _gold,
    "injected": _injected,
    "bias": _bias,
    "faithful": _faithful,
    "ecbfacts": _ecbfacts,
}


def run_suites(
    shared: Path, only: Iterable[str] | None = None, nlp=None, progress=None, split: str | None = None,
) -> dict[str, float]:
    """Scores of the chosen suites (all by default); ``progress(suite, done, total)`` is told
    before each suite ("model" while the pipeline loads) and at the end ("done"). ``split``:
    another split of the public sets than the development one (ECB+ ``test_*``, PolNeAR
    ``test/``, ClaimDiff ``*-test.json``; the suites on BASIL read every year present)."""
    chosen = list(only) if only else list(SUITES)
    tell = progress or (lambda name, done, total: None)
    if nlp is None:
        from newsprism.nlp import load_pipeline

        tell("model", 0, len(chosen))
        nlp = load_pipeline()
    scores: dict[str, float] = {}
    for done, name in enumerate(chosen):
        tell(name, done, len(chosen))
        if split and name in _SPLIT_SUITES:
            scores.update(_RUNNERS[name](shared, nlp, split))
        else:
            scores.update(_RUNNERS[name](shared, nlp))
    tell("done", len(chosen), len(chosen))
    return scores
