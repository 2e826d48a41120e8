"""Smaller variants of a tree, biggest cuts first, for a greedy shrinker.

`candidates(tree)` lists trees one edit away: a node and its subtree deleted, a stack
replaced by its only child, an attribute deleted, a label's word deleted, a number made
rounder. The driver (main.py) keeps the first candidate that still mismatches and starts
again from it, until no candidate does: a minimal tree, one edit from passing.
"""
from __future__ import annotations

import re
from typing import Iterator

from trees import Node, format_number


def _paths(root: Node) -> list[tuple[int, ...]]:
    out = []

    def visit(n: Node, path: tuple[int, ...]) -> None:
        out.append(path)
        for i, c in enumerate(n.children):
            visit(c, path + (i,))

    visit(root, ())
    return out


def _at(root: Node, path: tuple[int, ...]) -> Node:
    n = root
    for i in path:
        n = n.children[i]
    return n


def _rounder(value: float) -> list[float]:
    """Simpler numbers than `value`, simplest first."""
    out = [0.0]
    for step in (100, 50, 10, 5, 1):
        r = round(value / step) * step
        if r not in out:
            out.append(float(r))
    if value != int(value):
        out.append(float(int(value)))
    return [v for v in out if abs(v) < abs(value) or (abs(v) == abs(value) and v != value and v >= 0)]


def _number_edits(value: str) -> list[str]:
    """`value` with one of its numbers made rounder (`12.5,30%` → `0,30%`, `12,30%`, …)."""
    out = []
    for m in re.finditer(r"-?\d+(?:\.\d+)?", value):
        for v in _rounder(float(m.group())):
            out.append(value[:m.start()] + format_number(v) + value[m.end():])
    if "," in value:
        out.append(value.split(",")[0])
    return out


def candidates(root: Node) -> Iterator[Node]:
    paths = _paths(root)
    # Whole subtrees first, the largest cuts.
    for path in paths[1:]:
        t = root.clone()
        parent = _at(t, path[:-1])
        del parent.children[path[-1]]
        yield t
    # A stack replaced by its children.
    for path in paths[1:]:
        n = _at(root, path)
        if n.children:
            t = root.clone()
            parent = _at(t, path[:-1])
            parent.children[path[-1]:path[-1] + 1] = _at(t, path).children
            yield t
    # Attributes, then labels' words, then numbers.
    for path in paths:
        n = _at(root, path)
        for key in list(n.attrs):
            if n.kind == "canvas" and key in ("width", "scale"):
                continue
            if n.kind == "label" and key == "lines":
                continue
            t = root.clone()
            del _at(t, path).attrs[key]
            yield t
    for path in paths:
        n = _at(root, path)
        if n.kind == "label" and n.text:
            words = n.text.split(" ")
            for i in range(len(words)):
                if len(words) > 1:
                    t = root.clone()
                    _at(t, path).text = " ".join(words[:i] + words[i + 1:])
                    yield t
                if len(words[i]) > 1:
                    t = root.clone()
                    shorter = words[:i] + [words[i][: len(words[i]) // 2]] + words[i + 1:]
                    _at(t, path).text = " ".join(shorter)
                    yield t
    for path in paths:
        n = _at(root, path)
        for key, value in n.attrs.items():
            if key == "scale" or key == "lines":
                continue
            for edited in _number_edits(value):
                if key == "width" and n.kind == "canvas" and float(edited) <= 0:
                    continue
                t = root.clone()
                _at(t, path).attrs[key] = edited
                yield t
        if n.kind == "spacer" and n.length:
            t = root.clone()
            _at(t, path).length = None
            yield t
