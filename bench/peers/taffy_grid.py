"""Taffy (PyPI stretchable 1.1.8, Taffy 0.7.7) on the benchmark grid of
Sources/LayoutWorkloads/GridTree.swift (issue 38 §5); times only Taffy's layout call.
Usage: python taffy_grid.py CELLS RUNS [--native]
  -> prints `taffy_grid cells=N median_ms=... [cpu_ms=...] checksum=... root=WxH` (cpu_ms, the
     native call's CPU time, with --native)
As taffy_layout.py: by default the time is stretchable's `Node.compute_layout()` (Taffy's
native call and the wrapper's walk over every node afterwards); with `--native` the native
call alone (`taffylib.node_compute_layout_with_measure`, timed from inside compute_layout).
The checksum (sum of every node's relative x + y + width + height, rounded) is the one
`lr-bench layout-grid` prints: the two engines lay the same grid out the same way."""
import sys

from stretchable import Node, Style
from stretchable.style import Display, GridPlacement, PT

from taffy_layout import measure

# The same columns as `gridBenchmarkColumns` in GridTree.swift.
COLUMNS = "auto 1fr 120px minmax(40px, 1fr) auto 2fr 80px auto 1fr minmax(0px, 1fr)"


def build(cells):
    root = Node(style=Style(display=Display.GRID, size=(1920 * PT, None), padding=8 * PT, gap=4 * PT,
                            grid_template_columns=columns()))
    # Cell styles repeat with period lcm(7, 5, 17) = 595: one `Style` per distinct one, shared
    # (Node(style=...) copies it into Taffy's own node).
    styles = {}
    nodes = [root]
    for i in range(cells):
        key = (i % 7, i % 5, i % 17 == 16)
        style = styles.get(key)
        if style is None:
            style = Style(size=((20 + 6 * (i % 7)) * PT, (12 + 4 * (i % 5)) * PT),
                          grid_column=GridPlacement.from_inline("span 2") if i % 17 == 16 else GridPlacement())
            styles[key] = style
        child = Node(style=style)
        root.add(child)
        nodes.append(child)
    return nodes


def columns():
    # (Split at spaces outside parentheses.)
    out, depth, word = [], 0, ""
    for ch in COLUMNS.replace(", ", ","):
        if ch == " " and depth == 0:
            out.append(word)
            word = ""
            continue
        depth += (ch == "(") - (ch == ")")
        word += ch
    return out + [word]


def main():
    n, runs = int(sys.argv[1]), int(sys.argv[2])
    median, cpu, checksum, r = measure(build, n, runs, "--native" in sys.argv[3:])
    cpu_text = f" cpu_ms={cpu:.2f}" if cpu is not None else ""
    print(f"taffy_grid cells={n} median_ms={median:.2f}{cpu_text} checksum={checksum} root={r.width:g}x{r.height:g}")


if __name__ == "__main__":
    main()
