"""Yoga (PyPI poga 0.1.19, Yoga 1.19) on the standard flex tree; times only the layout call.
Usage: python yoga_layout.py N RUNS   -> prints `yoga nodes=N median_ms=... checksum=... root=WxH`
The timed region is Yoga's native call alone: `YGNodeCalculateLayout` of poga's C API binding
(libpoga_capi, a thin pybind11 wrapper over Yoga's C API, built -O3), with no measure function
or other Python callback on the nodes, so no Python runs inside it (a sys.setprofile check sees
one c_call and one c_return, nothing in between). Building the tree and reading the layout
back for the checksum are outside the timer. So this is already what taffy_layout.py's
`--native` measures for Taffy; there is no wrapper walk to leave out."""
import statistics
import sys
import time

import poga.libpoga_capi as yg

from flextree import build_tree, node_style


def build(n, config):
    _, children, depth = build_tree(n)
    nodes = [yg.YGNodeNewWithConfig(config) for _ in range(n)]
    for i, node in enumerate(nodes):
        s = node_style(i, children, depth)
        if s["dir"] is not None:
            yg.YGNodeStyleSetFlexDirection(node, yg.YGFlexDirection.Row if s["dir"] == "row" else yg.YGFlexDirection.Column)
        yg.YGNodeStyleSetFlexShrink(node, 0.0)
        yg.YGNodeStyleSetFlexGrow(node, s["grow"])
        if s["width"] is not None:
            yg.YGNodeStyleSetWidth(node, s["width"])
        if s["height"] is not None:
            yg.YGNodeStyleSetHeight(node, s["height"])
        yg.YGNodeStyleSetPadding(node, yg.YGEdge.All, s["padding"])
        yg.YGNodeStyleSetMargin(node, yg.YGEdge.All, s["margin"])
        for k, c in enumerate(children[i]):
            yg.YGNodeInsertChild(node, nodes[c], k)
    return nodes


def checksum(nodes):
    return round(sum(yg.YGNodeLayoutGetLeft(x) + yg.YGNodeLayoutGetTop(x) + yg.YGNodeLayoutGetWidth(x)
                     + yg.YGNodeLayoutGetHeight(x) for x in nodes))


def main():
    n, runs = int(sys.argv[1]), int(sys.argv[2])
    config = yg.YGConfigNew()
    yg.YGConfigSetPointScaleFactor(config, 0.0)  # no pixel rounding
    times = []
    for _ in range(runs):
        nodes = build(n, config)  # fresh tree each run: no cached layout
        t = time.perf_counter()
        yg.YGNodeCalculateLayout(nodes[0], yg.YGUndefined, yg.YGUndefined, yg.YGDirection.LTR)
        times.append((time.perf_counter() - t) * 1000)
    root = nodes[0]
    print(f"yoga nodes={n} median_ms={statistics.median(times):.2f} checksum={checksum(nodes)} "
          f"root={yg.YGNodeLayoutGetWidth(root):g}x{yg.YGNodeLayoutGetHeight(root):g}")


if __name__ == "__main__":
    main()
