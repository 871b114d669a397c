"""The analysis of a stored story, for the pages, the API and ``newsprism report``.

ONE function, :func:`story_analysis`, is where the pages get a story's analysis: the
store's own (``Corpus.story_analysis``, keyed by the story's article set and the
analysis version), computed and stored when missing or stale. An
:class:`AnalysisCache` the caller owns (the web app holds one per process) keeps the
parsed JSON per (story, article set), so a page view costs one small query.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Any, Callable

__all__ = ["AnalysisCache", "story_analysis", "article_set_key"]



def article_set_key(article_ids) -> str:
    return hashlib.sha256("\x1f".join(sorted(article_ids)).encode("utf-8")).hexdigest()[:16]


class AnalysisCache:
    """Analyses by (story, article set), the most recently used kept (bounded)."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: "OrderedDict[tuple[int, str], dict[str, Any]]" = OrderedDict()
        self._lock = threading.Lock()
        self._busy: dict[tuple[int, str], threading.Lock] = {}
        self.compute_lock = threading.Lock()  # the model is not shared between threads

    def get(self, key):
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def lock_for(self, key) -> threading.Lock:
        with self._lock:
            return self._busy.setdefault(key, threading.Lock())

    def drop(self, story_id: int) -> None:
        with self._lock:
            for key in [k for k in self._items if k[0] == story_id]:
                del self._items[key]

    def known(self) -> dict[int, dict[str, Any]]:
        """story id -> analysis for every story analysed in this process."""
        with self._lock:
            return {story: value for (story, _), value in self._items.items()}


def story_analysis(corpus, story_id: int, cache: AnalysisCache | None = None, nlp=None,
                   load_nlp: Callable[[], Any] | None = None,
                   compute: Callable[[Any, int], Any] | None = None, force: bool = False) -> dict[str, Any]:
    """The JSON contract (``StoryAnalysis.to_dict()``) of one stored story.

    Read from the store when a fresh analysis is there (same article set, same analysis
    version: ``Corpus.story_analysis``); otherwise made now and stored, by ``compute``
    (``corpus, story_id -> StoredAnalysis``; the CLI passes
    ``newsprism.engines.local.story_analysis``, which reuses stored parses) or, without it,
    by :func:`newsprism.pipeline.analyze_articles` with ``nlp``. ``cache`` keeps the
    parsed JSON per (story, article set) so a page view reads no row at all.
    ``force``: analyse again (with the pipeline) even when a fresh analysis is stored.
    Raises KeyError for an unknown story.
    """
    set_hash = corpus.store.story_set_hash(int(story_id))
    if set_hash is None:
        raise KeyError(f"no story {story_id} in {corpus.path}")
    key = (int(story_id), set_hash)
    if force and cache is not None:
        cache.drop(int(story_id))
    if force:
        compute = None
    if cache is not None:
        found = cache.get(key)
        if found is not None:
            return found
        with cache.lock_for(key), cache.compute_lock:  # one analysis at a time, once per story
            found = cache.get(key)
            if found is None:
                found = _load_or_compute(corpus, int(story_id), set_hash, nlp, load_nlp, compute, force)
                cache.put(key, found)
            return found
    return _load_or_compute(corpus, int(story_id), set_hash, nlp, load_nlp, compute, force)


def _load_or_compute(corpus, story_id: int, set_hash: str, nlp, load_nlp, compute, force=False) -> dict[str, Any]:
    stored = None if force else corpus.story_analysis(story_id)
    if stored is None and compute is not None:
        stored = compute(corpus, story_id)
    if stored is None:
        from newsprism.pipeline import analyze_articles

        if nlp is None and load_nlp is not None:
            nlp = load_nlp()
        analysis = analyze_articles(corpus.story_articles(story_id), nlp=nlp)
        stored = corpus.save_analysis(story_id, set_hash, analysis)
    return stored.to_dict()
