"""Reading stored stories as people do: report (HTML), serve (the workbench), outlets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from newsprism.cli.app import app, err, guard_output, open_corpus, out, write_output


@app.command()
def report(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    story: Annotated[int, typer.Option("--story", metavar="N", help="The stored story to report on (see `newsprism stories`).")],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="FILE", help="Where to write the HTML report.")] = Path("story.html"),
    force: Annotated[bool, typer.Option("--force", help="Overwrite the -o file when it exists.")] = False,
) -> None:
    """Write a stored story's HTML report: one self-contained file that works opened from disk.

    Example: newsprism report corpus.db --story 3 -o story.html
    """
    from newsprism.corpus.browse import load_registry, registry_groups, story_leads
    from newsprism.report.web.analyses import story_analysis
    from newsprism.report.web.render import render_report

    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    guard_output(output, [corpus], force)  # before any work: never the corpus, never over a file unasked
    from newsprism.engines.local import story_analysis as stored_analysis

    with open_corpus(corpus) as store:
        try:
            result = story_analysis(store, story, compute=stored_analysis)
        except KeyError as exc:
            err(str(exc.args[0]) if exc.args else str(exc))
            raise typer.Exit(1)
        row = store.store.conn.execute("SELECT title FROM stories WHERE id=?", (story,)).fetchone()
        title = (row[0] if row else None) or story_leads(store.store.conn, [story]).get(story)
        groups = registry_groups(load_registry(store.store.conn))
    write_output(output, render_report(result, title=title, groups=groups), [corpus], force)
    err(f"wrote the HTML report of story {story} to {output}")


@app.command()
def serve(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS", help="Address to listen on (only this machine by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help="Port to listen on.")] = 8000,
    token: Annotated[
        Optional[str], typer.Option("--token", metavar="TOKEN", help="Enable the write route (re-analyse a story), requiring this token (default $NEWSPRISM_TOKEN).")
    ] = None,
    warm: Annotated[int, typer.Option("--warm", metavar="N", min=0, help="Analyse this many of the newest stories in the background at start.")] = 20,
) -> None:
    """Serve the story workbench (stories, story pages, articles side by side, outlets, /api/) read-only.

    Example: newsprism serve corpus.db --port 8000
    """
    import os

    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    try:
        import uvicorn

        from newsprism.report.web.app import create_app
    except ImportError:
        err("newsprism serve needs the web extra: pip install 'newsprism[web]'")
        raise typer.Exit(2)
    from newsprism.engines.local import Analyser, story_analysis

    analyser = Analyser()

    def compute(store, story_id: int):  # stored parses reused; the analysis stored for next time
        return story_analysis(store, story_id, analyser=analyser)

    app_ = create_app(corpus, token=token or os.environ.get("NEWSPRISM_TOKEN") or None, warm=warm,
                      compute=compute, load_nlp=lambda: analyser.nlp)
    err(f"serving {corpus} at http://{host}:{port}/ (read-only{', writes need the token' if token else ''}); Ctrl-C stops")
    uvicorn.run(app_, host=host, port=port, log_level="warning")


outlets_app = typer.Typer(help="The outlets of a corpus and their optional registry (groups).\n\nExample: newsprism outlets list corpus.db", no_args_is_help=True)


app.add_typer(outlets_app, name="outlets")


@outlets_app.command(name="import")
def outlets_import(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    registry: Annotated[Path, typer.Argument(metavar="REGISTRY", help="A CSV: name, aliases, domains, country, language, lean, owner, is_wire (group optional).")],
) -> None:
    """Replace the corpus's outlet registry with the rows of a CSV (groups for the story pages).

    Example: newsprism outlets import corpus.db outlets.csv
    """
    from newsprism.corpus.browse import read_registry_csv, save_registry

    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    try:
        entries, problems = read_registry_csv(registry)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        err(f"{registry}: cannot read the registry ({exc})")
        raise typer.Exit(2)
    for problem in problems:
        err(problem)
    with open_corpus(corpus) as store:
        save_registry(store.store, entries)
    groups = {name for e in entries if (name := e.group_name())}
    out(f"{corpus}: {len(entries)} outlets in the registry, {len(groups)} groups")


@outlets_app.command(name="list")
def outlets_list(
    corpus: Annotated[Path, typer.Argument(metavar="CORPUS", help="The corpus file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Every outlet with its article and story counts (and its registry group).

    Example: newsprism outlets list corpus.db
    """
    import dataclasses

    from newsprism.corpus.browse import load_registry, outlet_rows, registry_groups

    if not corpus.is_file():
        err(f"{corpus}: no such corpus file")
        raise typer.Exit(2)
    with open_corpus(corpus) as store:
        rows = outlet_rows(store.store.conn)
        groups = registry_groups(load_registry(store.store.conn))
    if as_json:
        typer.echo(json.dumps([{**dataclasses.asdict(r), "group": groups.get(r.name.casefold())} for r in rows], indent=2, ensure_ascii=False))
        return
    for r in rows:
        group = groups.get(r.name.casefold())
        out(f"{r.name}  {r.articles} articles  {r.stories} stories" + (f"  group: {group}" if group else ""))
