"""Lays out specs with layout-render (`render --frames-only --frames`), on all cores.

The CLI has no batch mode for frames (`--out-dir` draws PNGs), so every spec is one
process; a debug build starts, reads the font and lays out a small tree in about 30 ms.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


class EngineResult:
    """Frames by spec line ({line: (x, y, width, height)}), or the error the CLI printed."""

    def __init__(self, frames: dict[int, tuple[float, float, float, float]] | None, error: str | None = None):
        self.frames = frames
        self.error = error


def default_binary(root: str) -> str:
    for config in ("debug", "release"):
        path = os.path.join(root, ".build", config, "layout-render")
        if os.path.exists(path):
            return path
    return os.path.join(root, ".build", "debug", "layout-render")


def build(root: str) -> str | None:
    """Builds layout-render (debug) with swift build, as a fresh clone needs and a stale
    build wants; returns its path, or None (with the build's output printed) on failure."""
    print("conformance: swift build --product layout-render", file=sys.stderr)
    run = subprocess.run(["swift", "build", "--product", "layout-render"], cwd=root,
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout[-4000:] + run.stderr[-4000:], file=sys.stderr)
        print("conformance: the build failed (scripts/setup installs what it needs)", file=sys.stderr)
        return None
    return os.path.join(root, ".build", "debug", "layout-render")


def layout(binary: str, specs: list[tuple[str, str]], jobs: int | None = None) -> dict[str, EngineResult]:
    """{name: EngineResult} for every (name, spec text)."""
    jobs = jobs or os.cpu_count() or 2
    with tempfile.TemporaryDirectory(prefix="conformance-engine-") as folder:
        def one(item: tuple[int, tuple[str, str]]) -> tuple[str, EngineResult]:
            i, (name, spec) = item
            spec_path = os.path.join(folder, f"{i}.spec")
            frames_path = os.path.join(folder, f"{i}.json")
            with open(spec_path, "w", encoding="utf-8") as f:
                f.write(spec)
            run = subprocess.run([binary, "render", spec_path, "--frames-only", "--frames", frames_path],
                                 capture_output=True, text=True, timeout=60)
            if run.returncode != 0:
                return name, EngineResult(None, run.stderr.strip() or f"exit {run.returncode}")
            with open(frames_path, encoding="utf-8") as f:
                dump = json.load(f)
            return name, EngineResult({n["line"]: (n["x"], n["y"], n["width"], n["height"]) for n in dump["nodes"]})

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return dict(pool.map(one, enumerate(specs)))
