"""Frames compared node by node, and the trees left out of the comparison.

Chromium's frames are the expectation. A node is compared on x, y, width and height
within TOLERANCE points, except:
- hidden nodes and what is inside them (both sides give empty frames, placed anyhow);
- a spacer in a grid, which the language makes an empty node as everywhere outside a
  stack (docs/spec.md, Grids) where CSS's div would stretch.
Trees in which a label is narrower than one of its words are compared too: such a word
breaks between characters, as CSS `overflow-wrap: break-word` breaks it (docs/spec.md,
Text); `long_word` only counts them for the summary.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from trees import Node, cell_width

TOLERANCE = 0.2
FIELDS = ("x", "y", "width", "height")


@dataclass
class Difference:
    line: int
    kind: str
    chromium: tuple[float, ...]
    ours: tuple[float, ...] | None
    fields: tuple[str, ...]


def compared_fields(tree: Node) -> dict[int, tuple[str, ...]]:
    """{line: the fields compared} for every node that is compared."""
    out: dict[int, tuple[str, ...]] = {}

    def visit(n: Node, parent: Node | None) -> None:
        if "hidden" in n.attrs:
            return
        if n.kind == "spacer" and parent is not None and parent.kind == "grid":
            return
        out[n.line] = FIELDS
        for c in n.children:
            visit(c, n)

    visit(tree, None)
    return out


def long_word(tree: Node, chromium: dict[int, tuple[float, ...]]) -> bool:
    """Whether a label in Chromium's layout is narrower than one of its words (a word runs
    to the next space, or through a hyphen, where Unicode line breaking allows a break)."""
    for n in tree.walk():
        if n.kind != "label" or "hidden" in n.attrs or n.line not in chromium:
            continue
        size = float(n.attrs.get("size", 14))
        longest = max((len(w) for w in re.split(r"(?<=-)| ", n.text or "")), default=0)
        border = sum(float(n.attrs.get(f"border-{side}", n.attrs.get("border", "0")).split(",")[0])
                     for side in ("left", "right"))
        if chromium[n.line][2] - border + 0.01 < longest * cell_width(size):
            return True
    return False


def differences(tree: Node, chromium: dict[int, tuple[float, ...]],
                ours: dict[int, tuple[float, ...]]) -> list[Difference]:
    out = []
    kinds = {n.line: n.kind for n in tree.walk()}
    for line, fields in compared_fields(tree).items():
        expected = chromium.get(line)
        if expected is None:
            continue
        actual = ours.get(line)
        if actual is None:
            out.append(Difference(line, kinds[line], expected, None, fields))
            continue
        wrong = tuple(f for f in fields if abs(expected[FIELDS.index(f)] - actual[FIELDS.index(f)]) > TOLERANCE)
        if wrong:
            out.append(Difference(line, kinds[line], expected, actual, wrong))
    return out


def by_line(frames: list[list[float]]) -> dict[int, tuple[float, ...]]:
    return {int(f[0]): tuple(f[1:5]) for f in frames}


def frame_text(f: tuple[float, ...] | None) -> str:
    if f is None:
        return "none"
    return "(" + ", ".join(f"{v:g}" for v in f) + ")"
