"""Every command and option of the CLI is documented in docs/cli.md (like datasette)."""

from pathlib import Path

import typer.main

from newsprism.cli import app

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


def test_every_command_and_option_is_documented():
    text = DOC.read_text(encoding="utf-8")
    group = typer.main.get_command(app)
    missing = []
    for name, command in group.commands.items():
        if f"newsprism {name}" not in text:
            missing.append(f"command {name}")
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--") and opt not in text:
                    missing.append(f"{name} {opt}")
    assert not missing, f"undocumented in docs/cli.md: {missing}"
