"""Lays out trees in headless Chromium: many trees per page, one browser launch per page."""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile

import css
from trees import Node, number_lines

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find_browser() -> str | None:
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def version(browser: str) -> str:
    out = subprocess.run([browser, "--version"], capture_output=True, text=True).stdout.strip()
    return out or "unknown"


class ChromiumError(Exception):
    pass


def layout(browser: str, trees: list[tuple[str, Node]], per_page: int = 400) -> dict[str, list[list[float]]]:
    """{name: [[line, x, y, width, height], …]} for every tree, in Chromium's layout."""
    out: dict[str, list[list[float]]] = {}
    for start in range(0, len(trees), per_page):
        out.update(_layout_page(browser, trees[start:start + per_page]))
    return out


def _layout_page(browser: str, trees: list[tuple[str, Node]]) -> dict[str, list[list[float]]]:
    for _, root in trees:
        number_lines(root)
    with tempfile.TemporaryDirectory(prefix="conformance-") as folder:
        path = os.path.join(folder, "page.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(css.page(trees))
        command = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--no-first-run", "--disable-extensions", f"--user-data-dir={folder}/profile",
                   "--virtual-time-budget=30000", "--dump-dom", "file://" + path]
        run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    match = re.search(r'<pre id="frames">(.*?)</pre>', run.stdout, re.S)
    if not match or not match.group(1).strip():
        raise ChromiumError(f"Chromium wrote no frames (exit {run.returncode}): {run.stderr.strip()[-2000:]}")
    return json.loads(html.unescape(match.group(1)))
