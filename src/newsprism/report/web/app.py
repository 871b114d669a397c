"""``newsprism serve``: the story workbench over a corpus file (FastAPI, Jinja, served by uvicorn).

Read-only: every page and ``/api/`` route reads the store. The one write route
(re-analyse a story) is off unless a token is configured, and then requires it
(``Authorization: Bearer TOKEN``). Static files come from a fixed list held in
memory, so no URL reaches the file system. Every response carries a
Content-Security-Policy that allows only this server's own script and style.
"""

import hmac
import sqlite3
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote

try:
    from fastapi import FastAPI, HTTPException, Query, Request
    from fastapi.responses import HTMLResponse, JSONResponse, Response
except ImportError as exc:  # pragma: no cover - the message names the extra
    raise ImportError("newsprism serve needs the web extra: pip install 'newsprism[web]'") from exc

from newsprism.corpus.browse import (
    load_registry,
    outlet_names,
    outlet_rows,
    registry_groups,
    story_leads,
    story_page,
)
from newsprism.corpus.store import all_analysis_counts, analysis_counts, stored_analysis_counts
from newsprism.report.web.analyses import AnalysisCache, story_analysis
from newsprism.report.web.render import PAGE_LIMITS, SECTIONS, environment, static_text
from newsprism.report.web.view import article_view, group_colours, story_view

__all__ = ["create_app", "CSP"]

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
)
STATIC = {"app.css": "text/css; charset=utf-8", "app.js": "text/javascript; charset=utf-8"}
PAGE_SIZE = 50


class _Corpora:
    """One read connection and one Corpus per server thread (SQLite objects stay in their thread)."""

    def __init__(self, path: Path):
        self.path = path
        self.local = threading.local()

    def conn(self) -> sqlite3.Connection:
        conn = getattr(self.local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=True)
            self.local.conn = conn
        return conn

    def corpus(self):
        corpus = getattr(self.local, "corpus", None)
        if corpus is None:
            from newsprism.corpus.corpus import Corpus

            corpus = Corpus(self.path)
            self.local.corpus = corpus
        return corpus


def create_app(corpus_path: str | Path, token: str | None = None, nlp=None,
               load_nlp: Callable[[], Any] | None = None, warm: int = 0,
               compute: Callable[[Any, int], Any] | None = None):
    """The ASGI app for one corpus file. ``token``: enables the write route; ``warm``: analyse
    this many of the most recent stories in a background thread at start-up; ``compute``:
    how a missing analysis is made and stored (``corpus, story_id -> StoredAnalysis``, e.g.
    ``newsprism.engines.local.story_analysis``; default: the pipeline with ``nlp``)."""
    path = Path(corpus_path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such corpus file")
    corpora = _Corpora(path)
    cache = AnalysisCache()
    env = environment()
    env.globals.update(root="", corpus_name=path.name)
    static = {name: static_text(name) for name in STATIC}
    nlp_lock = threading.Lock()
    nlp_box: dict[str, Any] = {"nlp": nlp}

    def get_nlp():
        with nlp_lock:
            if nlp_box["nlp"] is None:
                if load_nlp is not None:
                    nlp_box["nlp"] = load_nlp()
                else:
                    from newsprism.nlp import load_pipeline

                    nlp_box["nlp"] = load_pipeline()
            return nlp_box["nlp"]

    app = FastAPI(
        title="newsprism",
        description="The story workbench: stories, their cited analyses, articles and outlets of one corpus (read-only).",
        version="1",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
    )
    app.state.cache = cache

    @app.middleware("http")
    async def security_headers(request: Request, call_next):
        started = time.perf_counter()
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.1f}"
        return response

    version_box: dict[str, str] = {}

    def analysis_version() -> str:
        """The installed analysis version (a hash of the analysis code), worked out once per
        server rather than once per thread's Corpus."""
        if "v" not in version_box:
            version_box["v"] = corpora.corpus().analysis_version
        return version_box["v"]

    def groups() -> dict[str, str]:
        return registry_groups(load_registry(corpora.conn()))

    def analysis(story_id: int) -> dict[str, Any]:
        try:
            return story_analysis(corpora.corpus(), story_id, cache=cache, load_nlp=get_nlp, compute=compute)
        except KeyError:
            raise HTTPException(404, f"There is no story {story_id} in this corpus.")

    views = AnalysisCache(size=32)

    def view_for(story_id: int, columns: bool) -> dict[str, Any]:
        """The page data of a story, built once per analysis (and registry) and kept."""
        result = analysis(story_id)
        by_group = groups()
        key = (story_id, f"{id(result)}:{columns}:{hash(tuple(sorted(by_group.items())))}")
        found = views.get(key)
        if found is None or found[0] is not result:
            found = (result, story_view(result, title=story_title(story_id), groups=by_group, columns=columns), {})
            views.put(key, found)
        return found[1]

    def story_page_html(story_id: int, name: str, columns: bool, variant: str = "", **context) -> HTMLResponse:
        """A story page, rendered once per analysis (and registry) and kept: the page is a
        pure function of the stored analysis."""
        view = view_for(story_id, columns)
        key = (story_id, f"{id(analysis(story_id))}:{columns}:{hash(tuple(sorted(groups().items())))}")
        found = views.get(key)
        rendered = found[2] if found else {}
        if (name, variant) not in rendered:
            rendered[name, variant] = env.get_template(name).render(v=view, **context)
        return HTMLResponse(rendered[name, variant])

    def story_title(story_id: int) -> str | None:
        row = corpora.conn().execute("SELECT title FROM stories WHERE id=?", (story_id,)).fetchone()
        if row and row[0]:
            return row[0]
        return story_leads(corpora.conn(), [story_id]).get(story_id)

    def counts_for(story_ids: list[int]) -> dict[int, dict[str, Any]]:
        """The stored counts (conflicts, framing …) of these stories' analyses, read from the
        store's counts column (``fresh``: of the present article set and analysis version);
        analyses made in this process fill in for a file too old or read-only to hold them."""
        found: dict[int, dict[str, Any]] = {}
        try:
            found = stored_analysis_counts(corpora.conn(), story_ids, analysis_version())
        except (sqlite3.Error, OSError, ValueError):
            pass
        known = cache.known()
        for story_id in story_ids:
            if story_id in known and not (found.get(story_id) or {}).get("fresh"):
                found[story_id] = {**analysis_counts(known[story_id]), "fresh": True}
        return found

    def blind_story_ids(by_group: dict[str, str]) -> set[int]:
        seen: dict[int, set[str | None]] = {}
        for story, outlet in corpora.conn().execute(
            "SELECT DISTINCT story, lower(outlet) FROM articles WHERE story IS NOT NULL"
        ):
            seen.setdefault(story, set()).add(by_group.get(outlet or ""))
        return {s for s, gs in seen.items() if len(gs) == 1 and None not in gs}

    def stories_data(q, since, until, outlet, blind, page, min_outlets: int = 0) -> dict[str, Any]:
        by_group = groups()
        ids = blind_story_ids(by_group) if blind and by_group else None
        try:
            result = story_page(corpora.conn(), query=q, since=since or None, until=until or None,
                                outlets=[o for o in outlet if o], story_ids=ids, min_outlets=min_outlets,
                                limit=PAGE_SIZE, offset=max(0, page - 1) * PAGE_SIZE)
        except ValueError as exc:
            raise HTTPException(400, str(exc))
        rows = []
        counts = counts_for([r.id for r in result.rows])
        colours = group_colours(by_group)
        for r in result.rows:
            row = asdict(r)
            row["outlets"] = [{"name": o, "group": by_group.get(o.casefold()),
                               "colour": colours.get(by_group.get(o.casefold()) or "", "gnone")} for o in r.outlets]
            found = counts.get(r.id)
            row["counts"] = {k: v for k, v in found.items() if k != "outlets"} if found else None
            rows.append(row)
        return {"total": result.total, "capped": result.capped, "page": page, "page_size": PAGE_SIZE, "stories": rows,
                "registry": bool(by_group), "filters": {"q": q, "since": since, "until": until,
                                                        "outlet": list(outlet), "blind": blind,
                                                        "min_outlets": min_outlets}}

    def outlets_data() -> dict[str, Any]:
        registry = load_registry(corpora.conn())
        by_group = registry_groups(registry)
        per_outlet: dict[str, dict[str, int]] = {}
        try:
            analysed = all_analysis_counts(corpora.conn())
        except sqlite3.Error:  # a file too old to hold the counts: what this process analysed
            analysed = {}
        for story_id, result in cache.known().items():
            analysed.setdefault(story_id, analysis_counts(result))
        for counts in analysed.values():
            for name, n in (counts.get("outlets") or {}).items():
                tally = per_outlet.setdefault(name, {"stories": 0, "single_source": 0, "conflicts": 0})
                tally["stories"] += 1
                tally["single_source"] += n.get("single_source", 0)
                tally["conflicts"] += n.get("conflicts", 0)
        rows = []
        for r in outlet_rows(corpora.conn()):
            row = asdict(r)
            row["group"] = by_group.get(r.name.casefold())
            row["analysed"] = per_outlet.get(r.name)
            rows.append(row)
        return {"outlets": rows, "registry": [e.to_dict() for e in registry], "analysed_stories": len(analysed)}

    names_cache: dict[str, Any] = {}

    def names_for_filter() -> list[str]:
        """The outlet filter's choices, read again only when articles were added."""
        mark = corpora.conn().execute("SELECT max(pk) FROM articles").fetchone()
        if names_cache.get("mark") != mark:
            names_cache.update(mark=mark, names=outlet_names(corpora.conn()))
        return names_cache["names"]

    def page(name: str, status: int = 200, **context) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(**context), status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)
        heading = {404: "Not found", 400: "That request did not work", 403: "Not allowed"}.get(exc.status_code, "Error")
        return page("error.html", exc.status_code, heading=heading, message=str(exc.detail))

    # -- pages ------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def stories_page(q: str = "", since: str = "", until: str = "", outlet: list[str] = Query(default=[]),
                     blind: bool = False, page_no: int = Query(1, alias="page", ge=1),
                     min_outlets: int = Query(0, ge=0, le=1000)):
        data = stories_data(q, since, until, outlet, blind, page_no, min_outlets)
        all_outlets = names_for_filter()
        return page("stories.html", d=data, all_outlets=all_outlets, quote=quote)

    def story_context(story_id: int, full: bool) -> dict[str, Any]:
        view = view_for(story_id, columns=False)
        return {"side": f"/stories/{story_id}/side", "stale": False,
                "article_href": {d["d"]: "/articles/" + quote(d["id"], safe="") for d in view["docs"]},
                "lim": None if full else PAGE_LIMITS, "full_href": f"/stories/{story_id}?full=1",
                "section_href": f"/stories/{story_id}/sections/"}

    @app.get("/stories/{story_id}", response_class=HTMLResponse, include_in_schema=False)
    def story(story_id: int, full: bool = False):
        """The story page: its brief, then the first items of each part, each part's rest one
        click away (loaded in place); ``?full=1`` is everything at once (no script needed)."""
        return story_page_html(story_id, "story.html", False, variant="full" if full else "paged",
                               **story_context(story_id, full))

    @app.get("/stories/{story_id}/sections/{name}", response_class=HTMLResponse, include_in_schema=False)
    def story_section(story_id: int, name: str):
        """One part of the story page, whole (what "Show all" loads in place)."""
        if name not in SECTIONS:
            raise HTTPException(404, "No such part of a story page.")
        return story_page_html(story_id, f"_sec_{name}.html", False, **story_context(story_id, True))

    @app.get("/stories/{story_id}/side", response_class=HTMLResponse, include_in_schema=False)
    def side(story_id: int):
        return story_page_html(story_id, "side.html", True, story_href=f"/stories/{story_id}")

    def find_article(article_id: str) -> tuple[int, dict[str, Any]]:
        row = corpora.conn().execute("SELECT story FROM articles WHERE id=?", (article_id,)).fetchone()
        if row is None or row[0] is None:
            raise HTTPException(404, "There is no such article in this corpus.")
        return row[0], analysis(row[0])

    @app.get("/articles/{article_id:path}", response_class=HTMLResponse, include_in_schema=False)
    def article(article_id: str):
        story_id, result = find_article(article_id)
        return page("article.html", a=article_view(result, article_id), story_href=f"/stories/{story_id}")

    @app.get("/outlets", response_class=HTMLResponse, include_in_schema=False)
    def outlets():
        return page("outlets.html", d=outlets_data(), quote=quote)

    @app.get("/static/{name}", include_in_schema=False)
    def static_file(name: str):
        if name not in static:
            raise HTTPException(404, "No such file.")
        return Response(static[name], media_type=STATIC[name], headers={"Cache-Control": "max-age=300"})

    # -- the JSON API -----------------------------------------------------------------

    @app.get("/api/stories", tags=["stories"], summary="A page of stories (the stories page)")
    def api_stories(q: str = "", since: str = "", until: str = "", outlet: list[str] = Query(default=[]),
                    blind: bool = False, page_no: int = Query(1, alias="page", ge=1),
                    min_outlets: int = Query(0, ge=0, le=1000)) -> dict[str, Any]:
        """Stories, most recently seen first, 50 a page: full-text `q`, ISO dates `since`/`until`,
        `outlet` (repeatable), `blind` (covered by one outlet group only, with a registry),
        `min_outlets` (told by at least that many outlets)."""
        return stories_data(q, since, until, outlet, blind, page_no, min_outlets)

    @app.get("/api/stories/{story_id}", tags=["stories"], summary="A story's analysis (the JSON contract)")
    def api_story(story_id: int) -> dict[str, Any]:
        """`analysis` is the JSON contract of docs/json-contract.md, every statement cited."""
        result = analysis(story_id)
        return {"id": story_id, "title": story_title(story_id), "analysis": result}

    @app.get("/api/stories/{story_id}/view", tags=["stories"], summary="What the story and side-by-side pages show")
    def api_story_view(story_id: int) -> dict[str, Any]:
        """The brief, facts, coverage matrix, quote board, names, figures, timeline and
        article columns exactly as the pages draw them (documents keyed d0, d1, …)."""
        return view_for(story_id, columns=True)

    @app.get("/api/articles/{article_id:path}", tags=["articles"], summary="One article with its marks")
    def api_article(article_id: str) -> dict[str, Any]:
        story_id, result = find_article(article_id)
        return {"story": story_id, **article_view(result, article_id)}

    @app.get("/api/outlets", tags=["outlets"], summary="Every outlet with its counts (the outlets page)")
    def api_outlets() -> dict[str, Any]:
        return outlets_data()

    @app.post("/api/stories/{story_id}/analyse", tags=["write"], summary="Re-analyse a story (needs the token)")
    def api_reanalyse(story_id: int, request: Request) -> dict[str, Any]:
        """Off unless the server was started with a token; then `Authorization: Bearer TOKEN`."""
        if not token:
            raise HTTPException(403, "Writes are off: start the server with --token to allow them.")
        given = request.headers.get("authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            raise HTTPException(401, "A valid token is required.")
        views.drop(story_id)
        try:
            result = story_analysis(corpora.corpus(), story_id, cache=cache, load_nlp=get_nlp, force=True)
        except KeyError:
            raise HTTPException(404, f"There is no story {story_id} in this corpus.")
        return {"id": story_id, "conflicts": len((result.get("findings") or {}).get("conflicts", ()))}

    if warm:
        def warm_up():
            try:
                for row in story_page(sqlite3.connect(f"file:{path}?mode=ro", uri=True), limit=warm).rows:
                    story_analysis(corpora.corpus(), row.id, cache=cache, load_nlp=get_nlp, compute=compute)
            except Exception:  # a warm-up never takes the server down; pages compute on demand
                pass

        threading.Thread(target=warm_up, name="newsprism-warm", daemon=True).start()
    return app
