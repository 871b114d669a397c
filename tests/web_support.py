"""Helpers for the web tests: a seed-story corpus, a real uvicorn server in a thread,
and Debian's Chromium driven by Playwright (installed with apt when missing)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "aleppo-2016-12-14"
SCREENSHOTS = REPO / "build" / "screenshots"
CHROMIUM = "/usr/bin/chromium"


def ensure_chromium() -> str:
    """The path of Debian's chromium; installs it with apt when missing (as root), else skips."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], env=env, capture_output=True, timeout=900)
        if Path(CHROMIUM).exists():
            return CHROMIUM
        pytest.skip("chromium is not installed and `apt-get install chromium` did not install it")
    pytest.skip("chromium is not installed and cannot be installed here (needs apt-get as root)")


def launch_browser():
    """(playwright, browser): Debian's chromium, headless."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -e '.[test]')")
    path = ensure_chromium()
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-dev-shm-usage"])
    return pw, browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """uvicorn serving an app on 127.0.0.1 in a background thread."""

    def __init__(self, app):
        import uvicorn

        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> "Server":
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def watch_page(page) -> dict[str, list]:
    """Record alerts (hooked window.alert/confirm/prompt and dialogs) and console errors."""
    seen: dict[str, list] = {"dialogs": [], "errors": []}
    page.add_init_script(
        "window.__fired = []; for (const n of ['alert','confirm','prompt']) {"
        " window[n] = function (m) { window.__fired.push(n + ':' + m); }; }"
    )
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    page.on("console", lambda m: seen["errors"].append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    return seen
