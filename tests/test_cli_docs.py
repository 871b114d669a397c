"""docs/cli.md: every command's `--help` is generated into it (cog; `make docs` rewrites
it, `make lint` fails when it is stale), and every command and option is also explained
in its prose, outside the generated blocks (like datasette)."""

import re
from pathlib import Path

import typer.main

from newsprism.cli import app

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
_GENERATED = re.compile(r"<!-- \[\[\[cog.*?\[\[\[end\]\]\] -->", re.DOTALL)


def test_every_command_has_a_generated_reference():
    text = DOC.read_text(encoding="utf-8")
    group = typer.main.get_command(app)
    missing = [name for name in group.commands if f'block("{name}")' not in text]
    assert not missing, f"docs/cli.md has no generated --help for {missing}: add a cog block, run `make docs`"


def test_every_command_and_option_is_explained_in_prose():
    prose = _GENERATED.sub("", DOC.read_text(encoding="utf-8"))
    group = typer.main.get_command(app)
    missing = []
    for name, command in group.commands.items():
        if f"newsprism {name}" not in prose:
            missing.append(f"command {name}")
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--") and opt not in prose:
                    missing.append(f"{name} {opt}")
    assert not missing, f"unexplained in docs/cli.md (outside the generated --help): {missing}"


def test_every_environment_setting_is_explained():
    # settings read from the environment are options too: each NEWSPRISM_* name the code
    # reads must be explained in docs/cli.md's prose
    package = Path(__file__).resolve().parents[1] / "src" / "newsprism"
    used = {m for path in package.rglob("*.py") for m in re.findall(r"NEWSPRISM_[A-Z_]+", path.read_text(encoding="utf-8"))}
    prose = _GENERATED.sub("", DOC.read_text(encoding="utf-8"))
    assert used, "no NEWSPRISM_* settings found: the search pattern is stale"
    missing = sorted(name for name in used if name not in prose)
    assert not missing, f"environment settings not explained in docs/cli.md: {missing}"
