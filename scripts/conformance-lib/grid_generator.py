"""Random grid trees from a seed (issue 38): `grid` containers with random templates
(points, %, fr, auto, min-content, max-content, minmax(), fit-content(), repeat(N | auto-fill
| auto-fit, …), named lines, areas, implicit tracks, auto-flow), gaps, alignment (baseline
alignment down the rows too), and items placed by lines, spans, names, areas or auto
placement, with margins, min/max sizes, aspect ratios, order and absolute positioning;
wrapping labels; grids in stacks and stacks in grids. With `subgrid`, grid items that are
subgrids (`columns=subgrid`, `rows=subgrid` or both, with line names, own gaps, margins,
borders and padding, nested subgrids). The same seed, size and `subgrid` always give the
same tree.
"""
from __future__ import annotations

from generator import Generator, FEATURES
from trees import Node, format_number

GRID_ALIGN = ("start", "center", "end", "stretch")
# Down the rows an item may also be aligned by its baseline (across, `baseline` is not in the language).
GRID_ALIGN_DOWN = GRID_ALIGN + ("baseline",)
GRID_CONTENT = ("normal", "start", "center", "end", "stretch", "space-between", "space-around", "space-evenly")
LINE_NAMES = ("a", "b", "c")
AREA_NAMES = ("h", "n", "m", "f")


class GridGenerator(Generator):
    def __init__(self, seed: int, size: str = "normal", subgrid: bool = False):
        # (No zboxes: the grid trees stay the ones the grid corpus was recorded from.)
        super().__init__(seed * 31 + 17, frozenset(FEATURES) - {"baseline", "safe", "reverse", "wrap-reverse", "zbox"},
                         size)
        self.subgrids = subgrid

    # Track lists ----------------------------------------------------------------------

    def breadth(self, allow_fr: bool = True) -> str:
        r = self.r
        roll = r.random()
        if roll < 0.3:
            return self.points(120)
        if roll < 0.4:
            return f"{r.choice([10, 20, 25, 30, 50])}%"
        if roll < 0.6 and allow_fr:
            return r.choice(["1fr", "1fr", "2fr", "0.5fr", "3fr"])
        return r.choice(["auto", "auto", "min-content", "max-content"])

    def track(self) -> str:
        r = self.r
        roll = r.random()
        if roll < 0.15:
            lo = r.choice([self.points(80), "auto", "min-content", "max-content", "10%"])
            hi = r.choice([self.points(150), "1fr", "2fr", "auto", "max-content", "min-content"])
            return f"minmax({lo}, {hi})"
        if roll < 0.22:
            return f"fit-content({r.choice([self.points(100), '30%'])})"
        return self.breadth()

    def fixed_track(self) -> str:
        r = self.r
        return r.choice([self.points(90) if r.random() < 0.5 else str(r.choice([30, 40, 50, 60])),
                         f"minmax({r.choice([30, 40, 60])}, 1fr)", f"minmax({r.choice([30, 50])}, auto)", "25%"])

    def track_list(self) -> str:
        r = self.r
        parts = []
        n = r.randint(1, 3 if self.small else 4)
        auto_repeat = self.chance(0.12)
        for i in range(n):
            if self.chance(0.12):
                parts.append(f"[{r.choice(LINE_NAMES)}]")
            if auto_repeat:
                parts.append(self.fixed_track())
            elif self.chance(0.1):
                parts.append(f"repeat({r.choice([2, 3])}, {self.track()})")
            else:
                parts.append(self.track())
        if auto_repeat:
            kind = r.choice(["auto-fill", "auto-fit"])
            inner = self.fixed_track()
            if self.chance(0.3):
                inner += " " + self.fixed_track()
            parts.insert(r.randint(0, len(parts)), f"repeat({kind}, {inner})")
        if self.chance(0.1):
            parts.append(f"[{r.choice(LINE_NAMES)}]")
        return " ".join(parts)

    def track_sizes(self) -> str:
        return " ".join(self.track() for _ in range(self.r.choice([1, 1, 1, 2])))

    def areas(self) -> tuple[str, int, int]:
        r = self.r
        cols, rows = r.randint(1, 3), r.randint(1, 3)
        grid = [["." for _ in range(cols)] for _ in range(rows)]
        for name in AREA_NAMES[: r.randint(1, 3)]:
            c0, r0 = r.randrange(cols), r.randrange(rows)
            c1, r1 = r.randint(c0 + 1, cols), r.randint(r0 + 1, rows)
            if all(grid[y][x] == "." for y in range(r0, r1) for x in range(c0, c1)):
                for y in range(r0, r1):
                    for x in range(c0, c1):
                        grid[y][x] = name
        return " / ".join(" ".join(row) for row in grid), cols, rows

    # Trees ----------------------------------------------------------------------------

    def tree(self) -> Node:
        r = self.r
        canvas = Node("canvas", {"width": str(r.choice([120, 160, 200, 240, 300, 360, 400]))})
        canvas.attrs["scale"] = "8"
        if self.chance(0.05):
            canvas.attrs["direction"] = "rtl"
        if self.chance(0.1):
            canvas.attrs["align"] = r.choice(["start", "center", "end"])
        self.budget = r.randint(2, 5) if self.small else r.randint(4, 16)
        canvas.children.append(self.grid(depth=1))
        if not self.small and self.budget > 0 and self.chance(0.3):
            canvas.children.append(self.node(depth=1, parent_row=False))
        return canvas

    def node(self, depth: int, parent_row: bool, parent: str = "vbox") -> Node:
        max_depth = 3 if self.small else 4
        if depth < max_depth and self.budget > 1 and self.chance(0.15):
            self.budget -= 1
            n = self.grid(depth)
            self.item_attributes(n, parent_row, parent)
            return n
        return super().node(depth, parent_row, parent)

    def grid(self, depth: int) -> Node:
        r = self.r
        n = Node("grid")
        a = n.attrs
        self.areas_of_current = None
        if self.chance(0.75):
            a["columns"] = self.track_list()
        if self.chance(0.4):
            a["rows"] = self.track_list()
        if self.chance(0.15):
            text, cols, rows = self.areas()
            a["areas"] = text
            self.areas_of_current = text
        if self.chance(0.2):
            a["auto-rows"] = self.track_sizes()
        if self.chance(0.15):
            a["auto-columns"] = self.track_sizes()
        if self.chance(0.2):
            a["auto-flow"] = r.choice(["column", "dense", "row dense", "column dense"])
        if self.chance(0.35):
            a["gap"] = self.points(20) if self.chance(0.8) else f"{r.choice([5, 10])}%"
        if self.chance(0.15):
            a["column-gap"] = self.points(20)
        if self.chance(0.15):
            a["row-gap"] = self.points(20) if self.chance(0.8) else f"{r.choice([5, 10])}%"
        if self.chance(0.25):
            a["justify"] = r.choice(GRID_CONTENT)
        if self.chance(0.25):
            a["align-content"] = r.choice(GRID_CONTENT)
        if self.chance(0.25):
            a["align"] = r.choice(GRID_ALIGN_DOWN)
        if self.chance(0.25):
            a["justify-items"] = r.choice(GRID_ALIGN)
        if self.chance(0.2):
            a["padding"] = self.insets()
        if self.chance(0.1):
            a["border"] = str(r.choice([1, 2, 3]))
        if depth == 1 and self.chance(0.3):
            a["height"] = self.points(300)
        if depth == 1 and self.chance(0.15):
            a["width"] = self.points(300)
        if self.chance(0.05):
            a["direction"] = "rtl"
        areas = self.areas_of_current
        for _ in range(r.randint(1, 4) if self.small else r.randint(2, 8)):
            if self.budget <= 0:
                break
            if self.subgrids and self.budget > 1 and depth < 5 and self.chance(0.35):
                self.budget -= 1
                n.children.append(self.subgrid(depth + 1))
                continue
            child = self.node(depth + 1, parent_row=False)
            if child.kind == "spacer":
                # (A spacer is a stack's: outside one it is an empty node, docs/spec.md.)
                child = Node("vbox", {"width": self.length(), "height": self.length()})
            self.grid_item(child, areas)
            n.children.append(child)
        return n

    def subgrid(self, depth: int) -> Node:
        """A grid item that is a subgrid along one axis or both, with items of its own."""
        r = self.r
        n = Node("grid")
        a = n.attrs
        axes = r.choice(["columns", "columns", "rows", "both", "both"])
        for axis in ("columns", "rows"):
            if axes in (axis, "both"):
                names = "".join(f" [{r.choice(LINE_NAMES)}]" for _ in range(r.choice([0, 0, 0, 1, 2, 3])))
                a[axis] = "subgrid" + names
            elif self.chance(0.5):
                a[axis] = self.track_list()
        span = r.choice([1, 2, 2, 3, 3, 4])
        place = r.random()
        if place < 0.4:
            a["column"] = f"span {span}"
        elif place < 0.7:
            a["column"] = f"{r.choice([1, 2])} / span {span}"
        elif place < 0.8:
            a["column"] = f"{r.choice([1, 2, 3])} / {r.choice([-1, 4, 5])}"
        if self.chance(0.5):
            a["row"] = r.choice([f"span {r.choice([1, 2, 3])}", f"{r.choice([1, 2])} / span {r.choice([1, 2])}", "auto"])
        if self.chance(0.3):
            a["gap"] = self.points(20)
        if self.chance(0.15):
            a["column-gap"] = self.points(20)
        if self.chance(0.35):
            a["padding"] = self.insets()
        if self.chance(0.2):
            a["border"] = str(r.choice([1, 2, 3]))
        if self.chance(0.25):
            a["margin"] = self.insets()
        if self.chance(0.15):
            a["justify-self"] = r.choice(GRID_ALIGN)
        if self.chance(0.15):
            a["align-self"] = r.choice(GRID_ALIGN)
        if self.chance(0.15):
            a["width"] = self.points(200)
        if self.chance(0.2):
            a["justify-items"] = r.choice(GRID_ALIGN)
        if self.chance(0.2):
            a["align"] = r.choice(GRID_ALIGN)
        for _ in range(r.randint(1, 4)):
            if self.budget <= 0:
                break
            if depth < 6 and self.budget > 1 and self.chance(0.2):
                self.budget -= 1
                n.children.append(self.subgrid(depth + 1))
                continue
            self.budget -= 1
            child = self.label() if self.chance(0.5) else Node("vbox", {"width": self.length(), "height": self.length()})
            if self.chance(0.4):
                child.attrs["column"] = self.line() + (f" / {self.line()}" if self.chance(0.3) else "")
            if self.chance(0.3):
                child.attrs["row"] = self.line()
            if self.chance(0.2):
                child.attrs["margin"] = self.insets()
            if self.chance(0.15):
                child.attrs["justify-self"] = r.choice(GRID_ALIGN)
            n.children.append(child)
        return n

    def line(self) -> str:
        r = self.r
        roll = r.random()
        if roll < 0.45:
            return str(r.choice([1, 2, 3, 4, -1, -2]))
        if roll < 0.6:
            return f"span {r.choice([1, 2, 3])}"
        if roll < 0.7:
            return r.choice(LINE_NAMES)
        if roll < 0.75:
            return f"{r.choice(LINE_NAMES)} {r.choice([1, 2, -1])}"
        if roll < 0.8:
            return f"span {r.choice(LINE_NAMES)}"
        return "auto"

    def grid_item(self, n: Node, areas: str | None) -> None:
        r, a = self.r, n.attrs
        # A grid item is not a flex item: what only flex items say goes.
        for key in ("grow", "shrink", "basis", "align-self"):
            a.pop(key, None)
        if areas and self.chance(0.4):
            names = sorted({w for w in areas.replace("/", " ").split() if w != "."})
            if names:
                a["area"] = r.choice(names + ["zz"])
        if self.chance(0.4):
            a["column"] = self.line() + (f" / {self.line()}" if self.chance(0.4) else "")
        if self.chance(0.3):
            a["row"] = self.line() + (f" / {self.line()}" if self.chance(0.4) else "")
        if self.chance(0.2):
            a["justify-self"] = r.choice(GRID_ALIGN)
        if self.chance(0.2):
            a["align-self"] = r.choice(GRID_ALIGN_DOWN)
