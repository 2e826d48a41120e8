"""Writes the standard flex tree (docs/benchmarks.md; bench/peers/flextree.py) of N nodes as a
spec, for the whole-process big-spec case of scripts/bench: the same tree Taffy, Yoga and
`lr-bench layout` lay out, written as a user would write it.

    python3 bench/make_flex_spec.py N OUT.spec
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "peers"))
from flextree import build_tree, node_style  # noqa: E402


def number(x):
    return str(int(x)) if x == int(x) else repr(x)


def spec_lines(n):
    parent, children, depth = build_tree(n)
    yield "canvas width=1920"
    # Depth first, as a spec nests; children in index order, as the tree adds them.
    stack = [0]
    while stack:
        i = stack.pop()
        s = node_style(i, children, depth)
        kind = {"row": "hbox", "column": "vbox", None: "box"}[s["dir"]]
        attrs = ["shrink=0"]
        if s["dir"]:
            attrs += ["align=stretch", "justify=start"]
        if s["width"] is not None:
            attrs.append(f"width={number(s['width'])}")
        if s["height"] is not None:
            attrs.append(f"height={number(s['height'])}")
        if s["padding"]:
            attrs.append(f"padding={number(s['padding'])}")
        if s["margin"]:
            attrs.append(f"margin={number(s['margin'])}")
        if s["grow"]:
            attrs.append(f"grow={number(s['grow'])}")
        yield "  " * depth[i] + kind + " " + " ".join(attrs)
        stack.extend(reversed(children[i]))


if __name__ == "__main__":
    n, out = int(sys.argv[1]), sys.argv[2]
    with open(out, "w") as f:
        for line in spec_lines(n):
            f.write(line + "\n")
