"""Taffy (PyPI stretchable 1.1.8, Taffy 0.7.7) on the standard flex tree; times only compute_layout.
Usage: python taffy_layout.py N RUNS [--native]
  -> prints `taffy nodes=N median_ms=... checksum=... root=WxH`
By default the time is stretchable's `Node.compute_layout()`: Taffy's native layout call and
the wrapper's walk over every node afterwards. With `--native` it is the native call alone
(`taffylib.node_compute_layout_with_measure`, timed from inside compute_layout)."""
import math
import statistics
import sys
import time

import stretchable.node as stretchable_node
from stretchable import Node, Style
from stretchable.style import AUTO, AlignItems, FlexDirection, JustifyContent, Rect, Size, PT

from flextree import build_tree, node_style


def build(n):
    _, children, depth = build_tree(n)
    # The tree has few distinct styles (15 at 100k nodes): one `Style` per distinct key, shared.
    # Building a stretchable Style costs about 2 ms in Python (its scale checks), which made
    # building the 100k tree take minutes; Node(style=...) copies the style into Taffy's own
    # node, so sharing the Python object does not share layout state.
    styles = {}
    nodes = []
    for i in range(n):
        s = node_style(i, children, depth)
        key = (s["dir"], s["grow"], s["width"], s["height"], s["padding"], s["margin"])
        style = styles.get(key)
        if style is None:
            style = Style(flex_direction=FlexDirection.ROW if s["dir"] == "row" else FlexDirection.COLUMN,
                          flex_shrink=0.0, flex_grow=s["grow"], align_items=AlignItems.STRETCH,
                          justify_content=JustifyContent.START,
                          size=Size(s["width"] * PT if s["width"] is not None else AUTO,
                                    s["height"] * PT if s["height"] is not None else AUTO),
                          padding=s["padding"] * PT, margin=s["margin"] * PT)
            styles[key] = style
        nodes.append(Node(style=style))
    for i in range(n):
        for c in children[i]:
            nodes[i].add(nodes[c])
    return nodes


def time_native_calls(native_times):
    """Wraps Taffy's native layout call so each call's duration lands in `native_times`."""
    lib = stretchable_node.taffylib
    native = lib.node_compute_layout_with_measure

    def timed(*args):
        t = time.perf_counter()
        result = native(*args)
        native_times.append((time.perf_counter() - t) * 1000)
        return result

    lib.node_compute_layout_with_measure = timed


def measure(build, n, runs, native_only):
    """Builds the tree with `build(n)` and lays it out `runs` times at 1920 wide; returns the
    median ms (of the native call alone with `native_only`), the checksum (every node's
    relative x + y + width + height, summed and rounded) and the root's box."""
    native_times = []
    if native_only:
        time_native_calls(native_times)
    times = []
    for _ in range(runs):
        nodes = build(n)
        t = time.perf_counter()
        nodes[0].compute_layout((1920.0, math.nan), use_rounding=False)
        times.append((time.perf_counter() - t) * 1000)
    if native_only:
        times = native_times
    total = 0.0
    for x in nodes:
        b = x.get_box(relative=True)
        total += b.x + b.y + b.width + b.height
    return statistics.median(times), round(total), nodes[0].get_box()


def main():
    n, runs = int(sys.argv[1]), int(sys.argv[2])
    median, checksum, r = measure(build, n, runs, "--native" in sys.argv[3:])
    print(f"taffy nodes={n} median_ms={median:.2f} checksum={checksum} root={r.width:g}x{r.height:g}")


if __name__ == "__main__":
    main()
