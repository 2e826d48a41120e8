"""Random trees from a seed: nested stacks, leaf rectangles, spacers and wrapping labels.

The same seed, size and feature set always give the same tree (Python's `random.Random`
with an integer seed is stable across versions). The attributes the language had before
issue 15 are always on (`--features current`); each feature issue 15 added is a flag
(FEATURES), all of them on by default (`--features all`), in docs/spec.md's spelling.
"""
from __future__ import annotations

import random

from trees import Node, format_number

# Issue 15 §1, one flag each, spelled as docs/spec.md spells them.
FEATURES = (
    "position",         # position=absolute|relative with top/left/bottom/right
    "align-content",    # align-content on wrapping stacks
    "auto-margin",      # margin=auto, margin=0,auto, margin-left=auto, …
    "per-side",         # margin-top=…, padding-left=…
    "baseline",         # align=baseline, align-self=baseline
    "order",            # order=N
    "reverse",          # `reverse` flag on stacks and the canvas: row-reverse / column-reverse
    "wrap-reverse",     # wrap=reverse
    "sizing-keywords",  # width/height/basis/min/max = min-content|max-content|fit-content
    "safe",             # safe-center / safe-end in justify, align, align-self, align-content
    "gap-percent",      # gap=10%
    "per-side-border",  # border-top=W, …
    "clip",             # clip: overflow hidden
    "zbox",             # zbox containers: children on top of each other (a one-cell CSS grid)
)
FEATURE_SETS = {"current": frozenset(), "all": frozenset(FEATURES)}

WORDS = ("a an the of to in it is on box row flex wrap text line word frame stack label "
         "layout render chromium spec grow shrink basis gap align justify width height "
         "margin padding border").split()
LONG_WORDS = ("supercalifragilistic", "internationalization", "conformance-corpus")
FONT_SIZES = (10, 12, 13, 14, 16, 20)
SIDES = ("top", "right", "bottom", "left")


def parse_features(text: str) -> frozenset[str]:
    """`current`, `all`, or a comma-separated list of FEATURES (`current,order`)."""
    out: set[str] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        if part in FEATURE_SETS:
            out |= FEATURE_SETS[part]
        elif part in FEATURES:
            out.add(part)
        else:
            raise ValueError(f"unknown feature '{part}'; known: current, all, {', '.join(FEATURES)}")
    return frozenset(out)


class Generator:
    """One tree per call of `tree()`. `size` is `small` (a few nodes, the shape of a
    minimal case) or `normal`."""

    def __init__(self, seed: int, features: frozenset[str], size: str = "normal"):
        self.r = random.Random(seed * 7919 + (1 if size == "small" else 0))
        self.features = features
        self.small = size == "small"
        self.budget = 0

    def on(self, feature: str) -> bool:
        return feature in self.features

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    # Values -------------------------------------------------------------------------

    def points(self, top: int = 150) -> str:
        r = self.r
        v = r.choice([0, 5, 10, 20, 30, 40, 50, 60, 80, 100, 120]) if r.random() < 0.6 else r.randint(0, top)
        if r.random() < 0.15:
            v += 0.5
        return format_number(min(v, top + 0.5))

    def percent(self) -> str:
        return f"{self.r.choice([10, 25, 33, 50, 75, 100, 120])}%"

    def length(self, allow_percent: bool = True, keywords: bool = True) -> str:
        if keywords and self.on("sizing-keywords") and self.chance(0.12):
            return self.r.choice(["min-content", "max-content", "fit-content"])
        if allow_percent and self.chance(0.3):
            return self.percent()
        return self.points()

    def small_length(self, negative: bool = False) -> str:
        r = self.r
        v = r.choice([0, 1, 2, 4, 5, 8, 10, 12, 16, 20])
        if negative and r.random() < 0.15:
            v = -v
        if r.random() < 0.1:
            return f"{r.choice([5, 10, 20])}%"
        return format_number(v)

    def insets(self, negative: bool = False) -> str:
        n = self.r.choice([1, 1, 1, 2, 3, 4])
        return ",".join(self.small_length(negative) for _ in range(n))

    def factor(self) -> str:
        return self.r.choice(["0", "1", "1", "1", "2", "3", "0.5"])

    def align_keyword(self, allow_baseline: bool) -> str:
        options = ["start", "center", "end", "stretch"]
        if allow_baseline and self.on("baseline"):
            options.append("baseline")
        k = self.r.choice(options)
        if self.on("safe") and k in ("center", "end") and self.chance(0.3):
            k = "safe-" + k
        return k

    # Trees --------------------------------------------------------------------------

    def tree(self) -> Node:
        r = self.r
        canvas = Node("canvas", {"width": str(r.choice([120, 160, 200, 240, 300, 360, 400]))})
        canvas.attrs["scale"] = "8"
        if self.chance(0.1):
            canvas.attrs["padding"] = self.insets()
        if self.chance(0.1):
            canvas.attrs["gap"] = self.points(20)
        if self.chance(0.05):
            canvas.attrs["direction"] = "rtl"
        if self.chance(0.05):
            canvas.attrs["align"] = self.align_keyword(allow_baseline=False)
        if self.on("reverse") and self.chance(0.03):
            canvas.attrs["reverse"] = ""
        self.budget = r.randint(1, 4) if self.small else r.randint(3, 16)
        for _ in range(r.randint(1, 2) if self.small else r.randint(1, 3)):
            if self.budget <= 0:
                break
            canvas.children.append(self.node(depth=1, parent_row=False))
        return canvas

    def node(self, depth: int, parent_row: bool, parent: str = "vbox") -> Node:
        self.budget -= 1
        r = self.r
        roll = r.random()
        max_depth = 3 if self.small else 5
        if depth < max_depth and self.budget > 0 and roll < 0.45:
            n = self.stack(depth)
        elif roll < 0.7:
            n = self.label()
        elif roll < 0.78 and parent != "zbox":
            n = Node("spacer", length=float(r.choice([5, 10, 20])) if r.random() < 0.4 else None)
            return n
        else:
            n = Node("vbox")  # a leaf rectangle
            if self.chance(0.7):
                n.attrs["width"] = self.length()
            if self.chance(0.7):
                n.attrs["height"] = self.length()
        self.item_attributes(n, parent_row, parent)
        return n

    def stack(self, depth: int) -> Node:
        r = self.r
        if self.on("zbox") and self.chance(0.15):
            return self.zbox(depth)
        n = Node(r.choice(["vbox", "hbox"]))
        a = n.attrs
        if self.on("reverse") and self.chance(0.12):
            a["reverse"] = ""
        if self.chance(0.25):
            a["wrap"] = "reverse" if self.on("wrap-reverse") and self.chance(0.25) else ""
        if self.chance(0.2):
            a["padding"] = self.insets()
        if self.on("per-side") and self.chance(0.1):
            a[f"padding-{r.choice(SIDES)}"] = self.small_length()
        if self.chance(0.15):
            a["border"] = str(r.choice([1, 2, 3, 4]))
        if self.on("per-side-border") and self.chance(0.1):
            a[f"border-{r.choice(SIDES)}"] = str(r.choice([1, 2, 5]))
        if self.chance(0.25):
            a["gap"] = f"{r.choice([5, 10, 20])}%" if self.on("gap-percent") and self.chance(0.2) else self.points(20)
        if "wrap" in a and self.chance(0.3):
            a["cross-gap"] = self.points(20)
        if self.chance(0.3):
            k = r.choice(["start", "center", "end", "space-between", "space-around", "space-evenly"])
            if self.on("safe") and k in ("center", "end") and self.chance(0.3):
                k = "safe-" + k
            a["justify"] = k
        if self.chance(0.3):
            a["align"] = self.align_keyword(allow_baseline=True)
        if "wrap" in a and self.on("align-content") and self.chance(0.4):
            k = r.choice(["normal", "start", "center", "end", "stretch", "space-between", "space-around", "space-evenly"])
            if self.on("safe") and k in ("center", "end") and self.chance(0.3):
                k = "safe-" + k
            a["align-content"] = k
        return self.container_tail(n, depth, parent_row=n.is_row)

    def zbox(self, depth: int) -> Node:
        """Children on top of each other, each placed on both axes by its alignment."""
        r = self.r
        n = Node("zbox")
        a = n.attrs
        if self.chance(0.2):
            a["padding"] = self.insets()
        if self.chance(0.15):
            a["border"] = str(r.choice([1, 2, 3, 4]))
        if self.chance(0.4):
            a["align"] = self.align_keyword(allow_baseline=False)
        return self.container_tail(n, depth, parent_row=False)

    def container_tail(self, n: Node, depth: int, parent_row: bool) -> Node:
        """What a stack and a zbox end alike with: a direction, clipping, and the children
        (drawn from the random source in this order, so seeds keep their trees)."""
        r = self.r
        if self.chance(0.06):
            n.attrs["direction"] = "rtl"
        if self.on("clip") and self.chance(0.08):
            n.attrs["clip"] = ""
        for _ in range(r.randint(1, 3) if self.small else r.randint(1, 4)):
            if self.budget <= 0:
                break
            n.children.append(self.node(depth + 1, parent_row=parent_row, parent=n.kind))
        return n

    def label(self) -> Node:
        r = self.r
        words = [r.choice(WORDS) for _ in range(r.randint(1, 3 if self.small else 8))]
        if self.chance(0.05):
            words.insert(r.randrange(len(words) + 1), r.choice(LONG_WORDS))
        n = Node("label", {}, text=" ".join(words))
        n.attrs["lines"] = "0"
        if self.chance(0.6):
            n.attrs["size"] = str(r.choice(FONT_SIZES))
        if self.chance(0.15):
            n.attrs["font"] = r.choice(["bold", "oblique", "bold-oblique"])
        if self.on("clip") and self.chance(0.05):
            n.attrs["clip"] = ""
        return n

    def item_attributes(self, n: Node, parent_row: bool, parent: str = "vbox") -> None:
        """What a flex item (or a zbox's child) may say about itself."""
        r, a = self.r, n.attrs
        leaf_rect = n.kind == "vbox" and not n.children and ("width" in a or "height" in a)
        if not leaf_rect:
            if self.chance(0.2):
                a["width"] = self.length()
            if self.chance(0.2):
                a["height"] = self.length()
        for key in ("min-width", "min-height", "max-width", "max-height"):
            if self.chance(0.08):
                a[key] = self.length()
        if self.chance(0.05):
            a["aspect-ratio"] = r.choice(["0.5", "1", "1.5", "2", "3"])
        if self.chance(0.15):
            a["margin"] = self.insets(negative=True)
        if self.on("auto-margin") and self.chance(0.08):
            if self.chance(0.3):
                a["margin"] = "auto"
            elif self.chance(0.2):
                a["margin"] = self.r.choice(["0,auto", "auto,0", "auto,0,0", "0,0,0,auto"])
            else:
                a[f"margin-{r.choice(SIDES)}"] = "auto"
        if self.on("per-side") and self.chance(0.1):
            a[f"margin-{r.choice(SIDES)}"] = self.small_length(negative=True)
        if self.chance(0.3):
            a["grow"] = self.factor()
        if self.chance(0.15):
            a["shrink"] = r.choice(["0", "1", "2", "3"])
        if self.chance(0.2):
            a["basis"] = "auto" if self.chance(0.15) else self.length()
        if self.chance(0.15):
            a["align-self"] = self.align_keyword(allow_baseline=parent != "zbox")
        if self.on("order") and self.chance(0.1):
            a["order"] = str(r.choice([-1, 1, 2]))
        if self.on("position") and self.chance(0.1):
            a["position"] = r.choice(["absolute", "absolute", "relative"])
            for side in r.sample(SIDES, r.randint(0, 2)):
                roll = r.random()
                a[side] = "auto" if roll < 0.05 else self.percent() if roll < 0.3 else self.small_length(negative=True)
            if parent == "zbox" and a["position"] == "absolute":
                # (Placed by an inset on each axis: the static position of an absolute child
                # is the zbox's content box, a CSS grid's its padding box.)
                if not any(a.get(s, "auto") != "auto" for s in ("left", "right")):
                    a["left"] = self.small_length(negative=True)
                if not any(a.get(s, "auto") != "auto" for s in ("top", "bottom")):
                    a["top"] = self.small_length(negative=True)
        if self.chance(0.03):
            a["hidden"] = ""
