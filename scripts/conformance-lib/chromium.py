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
    return run_page(browser, css.page(trees), "frames")


def run_page(browser: str, page: str, output_id: str, timeout: int = 300):
    """Loads `page` in headless Chromium, waits for its script, and returns the JSON the
    script wrote into the element `output_id`."""
    with tempfile.TemporaryDirectory(prefix="conformance-") as folder:
        path = os.path.join(folder, "page.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(page)
        command = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--no-first-run", "--disable-extensions", f"--user-data-dir={folder}/profile",
                   "--virtual-time-budget=30000", "--dump-dom", "file://" + path]
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    match = re.search(f'<pre id="{output_id}">(.*?)</pre>', run.stdout, re.S)
    if not match or not match.group(1).strip():
        raise ChromiumError(f"Chromium wrote no {output_id} (exit {run.returncode}): {run.stderr.strip()[-2000:]}")
    return json.loads(html.unescape(match.group(1)))
