"""The analysis of a stored story, for the pages, the API and ``newsprism report``.

ONE function, :func:`story_analysis`, is where the pages get a story's analysis.
Until the store keeps analyses (keyed by the story's article set and the analysis
version — issue 14 owns that table), it computes on demand and keeps the result in
an :class:`AnalysisCache` the caller owns (the web app holds one per process), keyed
by the story's article ids, so a story whose articles change is recomputed.
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
                   load_nlp: Callable[[], Any] | None = None) -> dict[str, Any]:
    """The JSON contract (``StoryAnalysis.to_dict()``) of one stored story.

    Raises KeyError for an unknown story.
    """
    from newsprism.pipeline import analyze_articles

    articles = corpus.story_articles(story_id)
    key = (int(story_id), article_set_key(a.id for a in articles))
    if cache is not None:
        found = cache.get(key)
        if found is not None:
            return found
        with cache.lock_for(key):  # two requests for one story: one analysis
            found = cache.get(key)
            if found is not None:
                return found
            if nlp is None and load_nlp is not None:
                nlp = load_nlp()
            result = analyze_articles(articles, nlp=nlp).to_dict()
            cache.put(key, result)
            return result
    if nlp is None and load_nlp is not None:
        nlp = load_nlp()
    return analyze_articles(articles, nlp=nlp).to_dict()
