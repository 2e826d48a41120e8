"""The tree model shared by the generator, the two writers and the shrinker.

A tree is the canvas `Node` with its children. Attributes are kept in the spec's own
spelling (`{"margin": "4,2", "width": "50%"}`), in the order they were added, so the spec
writer prints them as they are and the HTML writer translates each one in one place.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

# The label metrics docs/spec.md documents for DejaVu Sans Mono (hhea, units per em 2048).
UNITS_PER_EM = 2048
ASCENDER, DESCENDER, LINE_GAP = 1901, -483, 0
ADVANCE = 1233  # one cell


def line_height(size: float) -> float:
    """ascender − descender + line gap, × size / units per em (14 pt: 16.296875)."""
    return (ASCENDER - DESCENDER + LINE_GAP) * size / UNITS_PER_EM


def cell_width(size: float) -> float:
    return ADVANCE * size / UNITS_PER_EM


@dataclass
class Node:
    kind: str                                   # canvas vbox hbox label spacer
    attrs: dict[str, str] = field(default_factory=dict)
    children: list["Node"] = field(default_factory=list)
    text: str | None = None                     # a label's text
    length: float | None = None                 # `spacer 20`
    line: int = 0                               # the spec line, set by number_lines()

    @property
    def is_stack(self) -> bool:
        return self.kind in ("canvas", "vbox", "hbox")

    @property
    def is_row(self) -> bool:
        return self.kind == "hbox"

    def walk(self):
        """Every node, in tree (pre-)order: the order of the spec's lines."""
        yield self
        for c in self.children:
            yield from c.walk()

    def count(self) -> int:
        return sum(1 for _ in self.walk())

    def clone(self) -> "Node":
        return copy.deepcopy(self)


def number_lines(root: Node) -> None:
    """Each node's line in the spec `to_spec` writes: one node per line, from 1."""
    for i, n in enumerate(root.walk()):
        n.line = i + 1


def format_number(v: float) -> str:
    """`12`, `12.5`, `-3`: the shortest spelling the spec language reads back."""
    if v == int(v):
        return str(int(v))
    return repr(round(v, 6)).rstrip("0").rstrip(".")


def needs_quotes(value: str) -> bool:
    """Values with spaces or brackets (a grid's `columns="100 1fr"`) are quoted."""
    return any(not (c.isalnum() or c in ".%,_#-+") for c in value)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_spec(root: Node) -> str:
    """The tree as `.spec` text, one node per line (so a frame's `line` names its node)."""
    number_lines(root)
    lines = []

    def write(n: Node, depth: int) -> None:
        parts = [n.kind]
        if n.kind == "label":
            parts.append(quote(n.text or ""))
        if n.kind == "spacer" and n.length is not None:
            parts.append(format_number(n.length))
        for k, v in n.attrs.items():
            parts.append(k if v == "" else f"{k}={quote(v) if needs_quotes(v) else v}")
        lines.append("  " * depth + " ".join(parts))
        for c in n.children:
            write(c, depth + 1)

    # The canvas is a top-level line, and so are its children.
    write(root, 0)
    return "\n".join([lines[0]] + [l[2:] for l in lines[1:]]) + "\n"


def _tokens(text: str) -> list[str]:
    """A spec line's tokens: bare words, `key=value`, and quoted strings (kept quoted)."""
    out, i = [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        if text[i] == "#":
            break
        j = i
        while j < len(text) and text[j] != " ":
            if text[j] == '"':
                j += 1
                while j < len(text) and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
            j += 1
        out.append(text[i:j])
        i = j
    return out


def _unquote(token: str) -> str:
    body, out, i = token[1:-1], [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append({"n": "\n", "t": "\t"}.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def from_spec(text: str) -> Node:
    """Reads back the subset of the language `to_spec` writes (no styles, no control blocks)."""
    root: Node | None = None
    stack: list[tuple[int, Node]] = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        depth = (len(raw) - len(raw.lstrip(" "))) // 2
        tokens = _tokens(raw.strip())
        node = Node(tokens[0])
        for t in tokens[1:]:
            if t.startswith('"'):
                node.text = _unquote(t)
            elif "=" in t:
                k, v = t.split("=", 1)
                node.attrs[k] = _unquote(v) if v.startswith('"') else v
            elif node.kind == "spacer" and (t[0].isdigit() or t[0] in "-."):
                node.length = float(t)
            else:
                node.attrs[t] = ""
        if node.kind == "canvas":
            root = node
            continue
        if root is None:
            raise ValueError("the spec must start with its canvas line")
        while stack and stack[-1][0] >= depth:
            stack.pop()
        (stack[-1][1] if stack else root).children.append(node)
        stack.append((depth, node))
    if root is None:
        raise ValueError("no canvas line")
    number_lines(root)
    return root
