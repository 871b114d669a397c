"""Shared fixtures: the spaCy pipeline (loaded once) and the ../shared folder."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SEED_STORY = SHARED / "stories" / "aleppo-2016-12-14"


@pytest.fixture(scope="session")
def nlp():
    from newsprism.nlp import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is absent (a user's clone): the public stories and datasets live there")
    return SHARED


@pytest.fixture(scope="session")
def seed_story(shared_dir) -> Path:
    if not SEED_STORY.is_dir():
        pytest.skip(f"{SEED_STORY} is absent")
    return SEED_STORY
