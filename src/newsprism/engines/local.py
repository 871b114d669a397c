"""The local engine: analyses the stories of a corpus on this machine, on every core.

    from newsprism.corpus.corpus import Corpus
    from newsprism.engines.local import story_analysis, refresh

    with Corpus("corpus.db") as corpus:
        stored = story_analysis(corpus, 3)          # fresh from the store, or computed and stored
        stored.to_dict()                            # the JSON contract; stored.analysis() -> StoryAnalysis
        refresh(corpus, jobs=2)                     # every story whose articles changed since

A story's analysis is stored keyed by its article set and the analysis version
(:mod:`newsprism.corpus.versions`), so ``analyze corpus.db --story N``, the web
pages and ``refresh`` read the same record, and a story that gains an article is
simply stale. Each article's parse is stored too (:mod:`newsprism.engines.parses`)
and reused: re-analysing a story that gained one article parses one article.

Several stories are analysed at once by a pool of worker processes (``jobs``,
default: every core); on Linux the workers are forked from the calling process once it
has loaded the model and the embedder (``_pool``), elsewhere each loads them once; workers
only read the corpus file, the calling process only writes the results (one writer, WAL:
readers never wait) and analyses nothing itself, so the workers share the stories evenly.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, cast

from newsprism.corpus.corpus import Corpus
from newsprism.corpus.store import StoredAnalysis, Store
from newsprism.corpus.versions import parse_version
from newsprism.engines.parses import doc_from_bytes, doc_to_bytes, stages_given
from newsprism.model import Article, StoryAnalysis, to_jsonable
from newsprism.pipeline import run_pipeline

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = [
    "Analyser",
    "RefreshSummary",
    "ParseSummary",
    "default_jobs",
    "story_analysis",
    "refresh",
    "parse_corpus",
    "peak_rss_mib",
    "analyze_paths",
]

# progress(done, total, detail): stories (refresh) or articles (parse) finished so far
Progress = Callable[[int, int, str], None]


def default_jobs() -> int:
    """Worker processes by default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def peak_rss_mib(children: bool = False) -> float:
    """Peak resident memory of this process (or of its largest finished child), MiB."""
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    return resource.getrusage(who).ru_maxrss / 1024


class Analyser:
    """What one process needs to analyse stories: the spaCy pipeline (loaded on the first
    parse, or given) and the sentence embedder (loaded on the first findings)."""

    def __init__(self, nlp: "Language | None" = None, embedder: Any = None):
        self._nlp = nlp
        self._vocab: Any = None
        self.embedder = embedder
        self.parse_version = parse_version()

    @property
    def nlp(self) -> "Language":
        if self._nlp is None:
            from newsprism.nlp import load_pipeline

            self._nlp = load_pipeline()
        return self._nlp

    @property
    def vocab(self) -> Any:
        """A vocabulary to restore stored parses into: the loaded model's, else the model's
        vocabulary alone (no component weights: about half the load time; the analysis of
        restored parses is the same, tests/test_stored_analysis.py)."""
        if self._nlp is not None:
            return self._nlp.vocab
        if self._vocab is None:
            import spacy

            from newsprism.nlp import model_path

            bare = spacy.load(model_path(), exclude=["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner", "senter"])
            self._vocab = bare.vocab
        return self._vocab

    def parse(self, texts: Sequence[str]) -> list["Doc"]:
        return list(self.nlp.pipe(texts))

    def analyse(self, articles: Sequence[Article], docs: Sequence["Doc"] | None = None,
                progress: Callable[[str, int, int], None] | None = None) -> StoryAnalysis:
        """The full analysis (extraction + findings); ``docs`` are parses of the articles'
        texts made earlier (None: parse now); ``progress(stage, done, total)`` as the stages run."""
        if docs is None:
            analysis = run_pipeline(articles, self.nlp, embedder=self._embedder(), progress=progress)
        else:
            # the given parses replace the parse stage: no stage needs the model
            nlp = cast("Language", self._nlp)
            analysis = run_pipeline(articles, nlp, stages=stages_given(list(docs)), embedder=self._embedder(),
                                    progress=progress)
        return analysis

    def _embedder(self) -> Any:
        if self.embedder is None:
            from newsprism.compare.embed import default_embedder

            self.embedder = default_embedder()
        return self.embedder

    def analyse_stored(self, store: Store, story_id: int) -> "_StoryResult":
        """Analyse a stored story, reusing the stored parses of its articles and parsing the
        others. Returns the analysis as compact JSON with the new parses to store."""
        started = time.perf_counter()
        rows = store.story_articles(story_id)
        if not rows:
            raise KeyError(f"no story {story_id} in {store.path}")
        set_hash = store.story_set_hash(story_id)
        stored = store.get_parses([r.pk for r in rows], self.parse_version)
        # every parse stored: the vocabulary alone will do; else the model is needed anyway
        vocab = self.vocab if len(stored) == len(rows) else self.nlp.vocab
        docs: list[Any] = [None] * len(rows)
        for i, row in enumerate(rows):
            blob = stored.get(row.pk)
            if blob is not None:
                doc = doc_from_bytes(blob, vocab)
                if len(doc.text) == len(row.article.text):
                    docs[i] = doc
        missing = [i for i, d in enumerate(docs) if d is None]
        new_parses: list[tuple[int, bytes]] = []
        if missing:
            for i, doc in zip(missing, self.nlp.pipe(rows[i].article.text for i in missing)):
                docs[i] = doc
                new_parses.append((rows[i].pk, doc_to_bytes(doc)))
        analysis = self.analyse([r.article for r in rows], docs)
        import json

        text = json.dumps(to_jsonable(analysis), ensure_ascii=False, separators=(",", ":"))
        return _StoryResult(
            story=story_id,
            set_hash=set_hash or "",
            json=text,
            parses=new_parses,
            reused=len(rows) - len(missing),
            articles=len(rows),
            seconds=time.perf_counter() - started,
            peak_rss_mib=peak_rss_mib(),
            pid=os.getpid(),
            process_cpu=time.process_time(),
        )


@dataclass
class _StoryResult:
    story: int
    set_hash: str
    json: str
    parses: list[tuple[int, bytes]]
    reused: int
    articles: int
    seconds: float
    peak_rss_mib: float
    pid: int = 0  # the process that made it
    process_cpu: float = 0.0  # that process's CPU seconds (user + system) so far


def _save(corpus: Corpus, result: _StoryResult, version: str, parse_version_: str) -> None:
    store = corpus.store
    with store.transaction():
        if result.parses:
            store.save_parses((pk, parse_version_, blob) for pk, blob in result.parses)
        store.save_analysis(result.set_hash, version, result.story, result.json, result.seconds)


def story_analysis(
    corpus: Corpus,
    story_id: int,
    *,
    compute: bool = True,
    stale_ok: bool = False,
    analyser: Analyser | None = None,
) -> StoredAnalysis | None:
    """The analysis of a stored story: read from the store when fresh; otherwise computed
    now (stored parses reused, new ones and the analysis stored) when ``compute``, else the
    latest stale one when ``stale_ok``, else None. Raises KeyError for an unknown story."""
    found = corpus.story_analysis(story_id, stale_ok=not compute and stale_ok)
    if found is not None or not compute:
        return found
    analyser = analyser or Analyser()
    result = analyser.analyse_stored(corpus.store, int(story_id))
    _save(corpus, result, corpus.analysis_version, analyser.parse_version)
    stored = corpus.store.get_analysis(result.set_hash, corpus.analysis_version, int(story_id))
    assert stored is not None
    return stored


@dataclass
class RefreshSummary:
    """What one ``refresh`` did."""

    stories: int = 0  # analysed and stored
    articles: int = 0  # in those stories
    parsed: int = 0  # articles parsed (no stored parse)
    reused: int = 0  # articles whose stored parse was reused
    failed: list[tuple[int, str]] = field(default_factory=list)
    seconds: float = 0.0
    jobs: int = 1
    peak_rss_mib: float = 0.0  # the calling process
    worker_peak_rss_mib: float = 0.0  # the largest worker (the calling process when jobs = 1)
    cpu_seconds: float = 0.0  # the calling process's CPU time (user + system) at the end
    cpu_seconds_before_workers: float = 0.0  # ... when it started the workers (jobs > 1): serial
    worker_cpu_seconds: dict[int, float] = field(default_factory=dict)  # per worker process, at its last story

    def to_dict(self) -> dict[str, Any]:
        return {
            "stories": self.stories,
            "articles": self.articles,
            "parsed": self.parsed,
            "reused": self.reused,
            "failed": [{"story": s, "reason": r} for s, r in self.failed],
            "seconds": round(self.seconds, 3),
            "jobs": self.jobs,
            "peak_rss_mib": round(self.peak_rss_mib, 1),
            "worker_peak_rss_mib": round(self.worker_peak_rss_mib, 1),
            "cpu_seconds": round(self.cpu_seconds, 2),
            "cpu_seconds_before_workers": round(self.cpu_seconds_before_workers, 2),
            "worker_cpu_seconds": sorted(round(v, 2) for v in self.worker_cpu_seconds.values()),
        }


# -- worker processes ----------------------------------------------------------------
# Each worker process holds one Analyser and one read-only Store for its whole life (set by
# the pool initializer); nothing is shared between processes but the corpus file.
_WORKER: dict[str, Any] = {}


def _worker_init(path: str, analyser: Analyser | None = None, taken: Any = None, stories: Sequence[int] = ()) -> None:
    _WORKER["analyser"] = analyser or Analyser()
    _WORKER["store"] = Store(path)
    _WORKER["taken"] = taken  # refresh: the shared count of stories taken, by any process
    _WORKER["stories"] = stories


def _take(taken: Any, stories: Sequence[int]) -> int | None:
    """The next story nobody has taken yet (None: all taken); ``taken`` is shared by the
    workers, so a story is bound to a worker when it starts it."""
    with taken.get_lock():
        k = taken.value
        if k >= len(stories):
            return None
        taken.value = k + 1
    return stories[k]


def _worker_next() -> _StoryResult | tuple[int, str] | None:
    """The next story nobody has taken, analysed here; None when every story is taken."""
    story_id = _take(_WORKER["taken"], _WORKER["stories"])
    return None if story_id is None else _worker_story(story_id)


def _worker_story(story_id: int) -> _StoryResult | tuple[int, str]:
    try:
        return _WORKER["analyser"].analyse_stored(_WORKER["store"], story_id)
    except Exception as exc:  # one story's failure never stops the refresh
        return story_id, f"{type(exc).__name__}: {exc}"


def _worker_parse(pks: list[int]) -> tuple[list[tuple[int, bytes]], float]:
    store: Store = _WORKER["store"]
    analyser: Analyser = _WORKER["analyser"]
    rows = list(store.iter_articles(f"WHERE pk IN ({','.join('?' * len(pks))})", pks))
    docs = analyser.parse([r.article.text for r in rows])
    return [(r.pk, doc_to_bytes(d)) for r, d in zip(rows, docs)], peak_rss_mib()


def _pool(path: str, jobs: int, analyser: Analyser | None = None, taken: Any = None, stories: Sequence[int] = ()):
    """``jobs`` worker processes. Given an ``analyser`` whose model and embedder this process
    has loaded, the workers are forked from this process (Linux) and start with them: no
    interpreter start, imports or model load per worker (about 2.5 s of CPU each; with
    ``refresh --jobs 2`` that was most of what two processes cost over one). They use
    nothing else of this process: each opens its own read-only Store, the caller's SQLite
    connection is never touched, and a worker leaves through ``os._exit``. Otherwise spawned:
    a fresh interpreter that loads what it needs."""
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    if analyser is not None and sys.platform == "linux":
        return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_worker_init, initargs=(path, analyser, taken, stories))
    return ProcessPoolExecutor(
        max_workers=jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_init,
        initargs=(path, None, taken, stories),
    )


def _needs_model(corpus: Corpus, stories: Sequence[int], pversion: str) -> bool:
    """Whether an article of these stories has no stored parse of this version (so the
    model, not the vocabulary alone, is needed to analyse them)."""
    conn = corpus.store.conn
    for i in range(0, len(stories), 500):
        chunk = list(stories[i : i + 500])
        marks = ",".join("?" * len(chunk))
        row = conn.execute(
            "SELECT 1 FROM articles a LEFT JOIN parses p ON p.article = a.pk AND p.version = ?"
            f" WHERE a.story IN ({marks}) AND p.article IS NULL LIMIT 1", [pversion, *chunk]
        ).fetchone()
        if row is not None:
            return True
    return False


def _story_sizes(corpus: Corpus, stories: Sequence[int]) -> dict[int, tuple[int, int]]:
    """story -> (characters of its texts, articles), for these stories. The length predicts a
    story's analysis time far better than its article count (stories of 5 articles took 0.2
    to 1.9 s of CPU on bench_speed's synthetic corpus, correlation 0.79 with the length)."""
    conn = corpus.store.conn
    out: dict[int, tuple[int, int]] = {}
    for i in range(0, len(stories), 500):
        chunk = list(stories[i : i + 500])
        rows = conn.execute(
            f"SELECT story, sum(length(text)), count(*) FROM articles WHERE story IN ({','.join('?' * len(chunk))})"
            " GROUP BY story", chunk)
        out.update((int(story), (int(chars), int(n))) for story, chars, n in rows)
    return out


def refresh(
    corpus: Corpus,
    jobs: int | None = None,
    progress: Progress | None = None,
    stories: Iterable[int] | None = None,
    analyser: Analyser | None = None,
) -> RefreshSummary:
    """(Re)analyse every story without a fresh stored analysis (or just ``stories``, when
    given, if stale), ``jobs`` stories at a time (default: every core), storing each
    analysis and the new parses as it finishes. Safe to stop at any moment: what finished
    is stored, the rest is still stale and the next refresh does it."""
    started = time.perf_counter()
    jobs = jobs or default_jobs()
    stale = corpus.stale_stories()
    if stories is not None:
        wanted = set(int(s) for s in stories)
        stale = [s for s in stale if s in wanted]
    # largest first (the length of its texts, then its articles): the last story to start is a
    # small one, so the workers finish together
    sizes = _story_sizes(corpus, stale)
    stale.sort(key=lambda s: sizes.get(s, (0, 0)), reverse=True)
    summary = RefreshSummary(jobs=min(jobs, max(1, len(stale))))
    version, pversion = corpus.analysis_version, parse_version()
    total = len(stale)

    def record(result: _StoryResult | tuple[int, str]) -> None:
        if isinstance(result, tuple):
            summary.failed.append(result)
        else:
            _save(corpus, result, version, pversion)
            summary.stories += 1
            summary.articles += result.articles
            summary.parsed += result.articles - result.reused
            summary.reused += result.reused
            summary.worker_peak_rss_mib = max(summary.worker_peak_rss_mib, result.peak_rss_mib)
            if result.pid != os.getpid():
                summary.worker_cpu_seconds[result.pid] = max(summary.worker_cpu_seconds.get(result.pid, 0.0), result.process_cpu)
        if progress:
            done = summary.stories + len(summary.failed)
            progress(done, total, f"{summary.articles} articles")

    if progress:
        progress(0, total, "")
    def here(story_id: int) -> None:
        nonlocal analyser
        analyser = analyser or Analyser()
        try:
            record(analyser.analyse_stored(corpus.store, story_id))
        except Exception as exc:
            record((story_id, f"{type(exc).__name__}: {exc}"))

    if summary.jobs <= 1:
        for story_id in stale:
            here(story_id)
    elif stale:
        from concurrent.futures import FIRST_COMPLETED, wait

        # ``jobs`` worker processes forked from this one once it has loaded what the stories
        # need; this process only writes the results (one writer). Every worker takes the next
        # story (largest first) from one shared count when it starts it (_take), so no story
        # waits in a busy worker's queue while another is idle at the end; each worker has two
        # requests in hand, so it never waits for this process to hand it one.
        import multiprocessing

        workers = summary.jobs
        running: set = set()
        fork = sys.platform == "linux"
        if fork:  # what the stories need is loaded once, here, and the workers are forked with it
            analyser = analyser or Analyser()
            if _needs_model(corpus, stale, pversion):
                analyser.nlp  # noqa: B018
            else:
                analyser.vocab  # noqa: B018
            analyser._embedder()
        taken = multiprocessing.get_context("fork" if fork else "spawn").Value("q", 0)
        summary.cpu_seconds_before_workers = time.process_time()
        with _pool(str(corpus.path), workers, analyser if fork else None, taken, stale) as pool:
            try:
                running = {pool.submit(_worker_next) for _ in range(2 * workers)}
                while running:
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        running.discard(future)
                        result = future.result()
                        if result is None:
                            continue  # every story was taken
                        record(result)
                        running.add(pool.submit(_worker_next))
            except BaseException:
                for future in running:
                    future.cancel()
                raise
    summary.seconds = time.perf_counter() - started
    summary.peak_rss_mib = peak_rss_mib()
    summary.cpu_seconds = time.process_time()
    return summary


@dataclass
class ParseSummary:
    parsed: int = 0
    seconds: float = 0.0
    jobs: int = 1
    peak_rss_mib: float = 0.0
    worker_peak_rss_mib: float = 0.0

    @property
    def articles_per_second(self) -> float:
        return self.parsed / self.seconds if self.seconds > 0 else 0.0


def parse_corpus(
    corpus: Corpus,
    jobs: int | None = None,
    progress: Progress | None = None,
    batch: int = 32,
    analyser: Analyser | None = None,
) -> ParseSummary:
    """Parse every article without a stored parse of the current version and store the
    parses (``ingest --parse``), ``batch`` articles per task, ``jobs`` worker processes (this
    process stores their parses); at most two batches per worker are in flight, so memory
    stays bounded whatever the corpus size.
    Committed batch by batch: stopping loses only the batches in flight."""
    started = time.perf_counter()
    jobs = jobs or default_jobs()
    pversion = parse_version()
    todo = corpus.store.unparsed_articles(pversion)
    summary = ParseSummary(jobs=min(jobs, max(1, len(todo) // batch or 1)))
    total = len(todo)
    chunks = [todo[i : i + batch] for i in range(0, len(todo), batch)]

    def record(rows: list[tuple[int, bytes]], worker_rss: float) -> None:
        with corpus.store.transaction():
            corpus.store.save_parses((pk, pversion, blob) for pk, blob in rows)
        summary.parsed += len(rows)
        summary.worker_peak_rss_mib = max(summary.worker_peak_rss_mib, worker_rss)
        if progress:
            progress(summary.parsed, total, "")

    if progress:
        progress(0, total, "")
    if summary.jobs <= 1:
        analyser = analyser or Analyser()
        for pks in chunks:
            rows = list(corpus.store.iter_articles(f"WHERE pk IN ({','.join('?' * len(pks))})", pks))
            docs = analyser.parse([r.article.text for r in rows])
            record([(r.pk, doc_to_bytes(d)) for r, d in zip(rows, docs)], peak_rss_mib())
    elif chunks:
        from collections import deque

        # on Linux the model is loaded once, here, and the workers are forked with it (_pool);
        # elsewhere each spawned worker loads its own
        if sys.platform == "linux":
            analyser = analyser or Analyser()
            analyser.nlp  # noqa: B018
        with _pool(str(corpus.path), summary.jobs, analyser if sys.platform == "linux" else None) as pool:
            pending: deque = deque()
            queue = iter(chunks)
            for pks in queue:
                pending.append(pool.submit(_worker_parse, pks))
                if len(pending) >= 2 * summary.jobs:
                    record(*pending.popleft().result())
            while pending:
                record(*pending.popleft().result())
    summary.seconds = time.perf_counter() - started
    summary.peak_rss_mib = peak_rss_mib()
    return summary


def analyze_paths(
    paths: Sequence[Any], jobs: int | None = None, analyser: Analyser | None = None, mapping: Any = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> StoryAnalysis:
    """``newsprism analyze DIR``: read the articles at ``paths`` and analyse them as one story,
    parsing with ``jobs`` processes when the story is large enough for it to pay (spaCy's
    ``n_process``; a process costs a model load, about 1.5 s). Same result as
    :func:`newsprism.pipeline.analyze` (which reads the same inputs: ``mapping`` names the
    columns of ``.csv``/``.parquet`` files). ``progress(stage, done, total)``: "read", "model",
    then each stage of the pipeline (the parse document by document)."""
    from newsprism.pipeline import NothingToAnalyse, read_inputs

    tell = progress or (lambda stage, done, total: None)
    tell("read", 0, 0)
    articles, skipped = read_inputs(paths, mapping)
    if not articles:
        raise NothingToAnalyse(skipped)
    analyser = analyser or Analyser()
    tell("model", 0, len(articles))
    analyser.nlp  # noqa: B018  (the model loads here, shown as its own step)
    jobs = jobs or default_jobs()
    docs = None
    words = sum(len(a.text) for a in articles) // 6
    if jobs > 1 and len(articles) >= 4 * jobs and words >= 20_000:
        docs = []
        tell("parse", 0, len(articles))
        for doc in analyser.nlp.pipe((a.text for a in articles), n_process=jobs, batch_size=4):
            docs.append(doc)
            tell("parse", len(docs), len(articles))
    analysis = analyser.analyse(articles, docs, progress=progress)
    if skipped:
        from dataclasses import replace

        analysis = replace(analysis, skipped=tuple(skipped))
    return analysis
