"""mypy with a baseline that only shrinks.

    python scripts/mypy_ratchet.py            # fail on an error not in the baseline, or on a stale baseline
    python scripts/mypy_ratchet.py --update   # write the baseline from the current errors (`make mypy-baseline`)

The baseline (tests/mypy-baseline.txt) lists today's errors as ``path: [code] message``
without line numbers, so moving code does not matter but a new error does. An error
fixed without updating the baseline also fails: the file must shrink with the code,
so a fixed error cannot come back unnoticed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "tests" / "mypy-baseline.txt"
_ERROR = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): error: (?P<message>.*?)(?:  \[(?P<code>[a-z-]+)\])?$")


def _key(path: str, message: str, code: str | None) -> str:
    message = re.sub(r"\bon line \d+", "on line N", message)  # 'already defined on line 45'
    return f"{path}: [{code or 'error'}] {message}"


def current_errors() -> tuple[Counter[str], dict[str, list[str]]]:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--show-error-codes", "--no-pretty"],
        cwd=ROOT, capture_output=True, text=True,
    )
    if run.returncode not in (0, 1) or (run.returncode == 1 and not _ERROR.search(run.stdout.split("\n", 1)[0])):
        sys.exit(f"mypy failed to run (exit {run.returncode}):\n{run.stderr}{run.stdout}")
    errors: Counter[str] = Counter()
    where: dict[str, list[str]] = {}
    for line in run.stdout.splitlines():
        m = _ERROR.match(line)
        if m:
            key = _key(m["path"], m["message"], m["code"])
            errors[key] += 1
            where.setdefault(key, []).append(line)
    return errors, where


def read_baseline() -> Counter[str]:
    if not BASELINE.exists():
        return Counter()
    return Counter(line for line in BASELINE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#"))


def write_baseline(errors: Counter[str]) -> None:
    lines = sorted(errors.elements())
    header = "# mypy errors accepted for now; regenerate with `make mypy-baseline` (it may only shrink)\n"
    BASELINE.write_text(header + "".join(f"{line}\n" for line in lines), encoding="utf-8")


def main(argv: list[str]) -> int:
    errors, where = current_errors()
    if "--update" in argv:
        old = read_baseline()
        new = errors - old
        if new and "--allow-new" not in argv:
            print("these errors are new; fix them (or pass --allow-new for a deliberate exception):")
            for key in sorted(new):
                print("  " + "\n  ".join(where[key]))
            return 1
        write_baseline(errors)
        print(f"{BASELINE.relative_to(ROOT)}: {sum(errors.values())} errors (was {sum(old.values())})")
        return 0
    baseline = read_baseline()
    new, fixed = errors - baseline, baseline - errors
    if new:
        print(f"mypy: {sum(new.values())} new error(s) not in {BASELINE.relative_to(ROOT)}:")
        for key in sorted(new):
            print("  " + "\n  ".join(where[key]))
    if fixed:
        print(f"mypy: {sum(fixed.values())} baseline error(s) are fixed — run `make mypy-baseline` and commit it:")
        for key in sorted(fixed):
            print(f"  {key}")
    if not new and not fixed:
        print(f"mypy: {sum(errors.values())} known errors (tests/mypy-baseline.txt), none new")
    return 1 if new or fixed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
