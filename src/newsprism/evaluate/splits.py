"""Which files of a public set a scorer reads: the development split by default, or another.

``../shared/datasets`` holds the development split of each set; other splits of the same
sets (ECB+ ``test_*``, PolNeAR ``test/``, ClaimDiff ``*-test.json``) are kept aside to check
the figures reported. Each scorer takes ``split`` so the same code scores them, and finds
the one split present when the development files are not there.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DEFAULT_SPLITS", "claimdiff_files", "ecb_split", "polnear_split_dir"]

# the split each set's figures in docs/evaluation.md and the floors are measured on
DEFAULT_SPLITS = {"ecbplus": "dev", "polnear": "dev", "claimdiff": "train"}

_CLAIMDIFF_KINDS = ("strength", "weak")


def ecb_split(folder: Path, split: str | None = None) -> str:
    """The ECB+ split prefix to read in ``folder`` (``<split>_text.txt``,
    ``<split>_entity_gold_mentions.json``): ``split`` when given, else ``dev`` when present,
    else the only split there."""
    folder = Path(folder)
    if split:
        if not (folder / f"{split}_text.txt").is_file():
            raise FileNotFoundError(f"{folder}: no {split}_text.txt (ECB+ split {split!r})")
        return split
    if (folder / "dev_text.txt").is_file():
        return "dev"
    found = sorted(p.name[: -len("_text.txt")] for p in folder.glob("*_text.txt"))
    if len(found) == 1:
        return found[0]
    if not found:
        raise FileNotFoundError(f"{folder}: no ECB+ <split>_text.txt file")
    raise FileNotFoundError(f"{folder}: several ECB+ splits ({', '.join(found)}); choose one with --split")


def claimdiff_files(folder: Path, split: str | None = None) -> list[Path]:
    """The ClaimDiff files of one split in ``folder`` (``ClaimDiff-{strength,weak}-<split>.json``):
    ``split`` when given, else ``train`` when present, else ``test``."""
    folder = Path(folder)
    for name in ([split] if split else ["train", "test"]):
        paths = [folder / f"ClaimDiff-{kind}-{name}.json" for kind in _CLAIMDIFF_KINDS]
        present = [p for p in paths if p.is_file()]
        if present:
            return present
    wanted = split or "train"
    raise FileNotFoundError(f"{folder}: no ClaimDiff file (ClaimDiff-strength-{wanted}.json, ClaimDiff-weak-{wanted}.json)")


def polnear_split_dir(folder: Path, split: str | None = None) -> Path:
    """The PolNeAR split folder (``<folder>/<split>/text``, ``.../attributions``)."""
    path = Path(folder) / (split or DEFAULT_SPLITS["polnear"])
    if not (path / "text").is_dir():
        raise FileNotFoundError(f"{path}: no PolNeAR split here (expected {path / 'text'})")
    return path
