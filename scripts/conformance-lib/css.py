"""A tree as HTML and CSS that Chromium lays out as the spec documents it.

Every element is `box-sizing: border-box` and `position: relative` (so it is the
containing block of absolute children); stacks are `display: flex` in their direction,
the canvas is a flex column of the canvas's width, and labels are block divs in DejaVu
Sans Mono loaded from the font files themselves, with the line height docs/spec.md
documents given in px (Chromium's `normal` rounds ascent and descent). Where the spec
language and CSS spell a thing differently, the mapping is here and nowhere else.
"""
from __future__ import annotations

import html
import re

from trees import Node, line_height

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONT_FACES = (("DejaVuSansMono.ttf", 400, "normal"), ("DejaVuSansMono-Bold.ttf", 700, "normal"),
              ("DejaVuSansMono-Oblique.ttf", 400, "italic"), ("DejaVuSansMono-BoldOblique.ttf", 700, "italic"))
FONTS = {"regular": (400, "normal"), "bold": (700, "normal"), "oblique": (400, "italic"),
         "bold-oblique": (700, "italic")}
DEFAULT_FONT_SIZE = 14

# `start`/`end` are the flex container's main-start/main-end (and cross-start/cross-end),
# as Yoga and Taffy read them: `flex-start`, not CSS's writing-mode `start`.
JUSTIFY = {"start": "flex-start", "end": "flex-end", "center": "center", "space-between": "space-between",
           "space-around": "space-around", "space-evenly": "space-evenly"}
ALIGN = {"start": "flex-start", "end": "flex-end", "center": "center", "stretch": "stretch",
         "baseline": "baseline"}
ALIGN_CONTENT = dict(JUSTIFY, stretch="stretch", normal="normal")

STYLE_SHEET = "\n".join(
    [f"@font-face{{font-family:LRMono;src:url(file://{FONT_DIR}/{f});font-weight:{w};font-style:{s}}}"
     for f, w, s in FONT_FACES] + [
        "*{box-sizing:border-box;margin:0;padding:0;border:0 solid #000}",
        "body{margin:0}",
        # The canvas sits in a block of its own width, so that its percentages (padding)
        # resolve against its width, as the canvas's do.
        ".frame{position:absolute;top:0}",
        ".canvas{position:relative;display:flex;flex-direction:column}",
        ".vbox,.hbox,.zbox,.label,.spacer,.grid{position:relative}",
        ".grid{display:grid}",
        # A zbox is a grid of one cell that every child takes, placed on both axes by its
        # alignment (`stretch` by default, also for a child with a ratio).
        ".zbox{display:grid;place-items:stretch}",
        ".zbox>*{grid-area:1/1}",
        ".vbox{display:flex;flex-direction:column}",
        ".hbox{display:flex;flex-direction:row}",
        # Unicode line breaking at spaces, trailing spaces hanging; a word wider than its
        # line breaks between characters without changing the min-content width (the
        # longest word), as docs/spec.md says of labels.
        ".label{display:block;font-family:LRMono;white-space:normal;overflow-wrap:break-word;"
        "font-kerning:none;font-variant-ligatures:none;font-synthesis:none}",
    ])


def length(value: str) -> str:
    """A spec length (`12`, `50%`, `auto`, `min-content`) in CSS."""
    if value.endswith("%") or not value or value[0].isalpha():
        return value
    return f"{value}px"


def insets(value: str) -> str:
    return " ".join(length(v) for v in value.split(","))


def keyword(table: dict[str, str], value: str) -> str:
    """`safe-center` is `safe center`."""
    if value.startswith("safe-"):
        return "safe " + table[value[5:]]
    return table[value]


GRID_SELF = {"normal": "normal", "start": "start", "center": "center", "end": "end", "stretch": "stretch",
             "baseline": "baseline"}
GRID_CONTENT = {"normal": "normal", "start": "start", "center": "center", "end": "end", "stretch": "stretch",
                "space-between": "space-between", "space-around": "space-around", "space-evenly": "space-evenly"}


def track_list(value: str) -> str:
    """A grid track list with points in px: `repeat(2, 40 1fr)` → `repeat(2, 40px 1fr)`."""
    def unit(m: re.Match) -> str:
        before = value[:m.start()].rstrip()
        return m.group(0) if before.endswith("repeat(") else m.group(0) + "px"
    return re.sub(r"(?<![\w.%-])\d+(?:\.\d+)?(?![\w.%])", unit, value)


# A grid's attributes and a grid item's, each as the CSS property it maps to and how its
# value is written there.
def _areas(value: str) -> str:
    return " ".join(f"'{row.strip()}'" for row in value.split("/"))


GRID_CONTAINER_CSS = {
    "columns": ("grid-template-columns", track_list),
    "rows": ("grid-template-rows", track_list),
    "areas": ("grid-template-areas", _areas),
    "auto-columns": ("grid-auto-columns", track_list),
    "auto-rows": ("grid-auto-rows", track_list),
    "auto-flow": ("grid-auto-flow", str),
    "gap": ("gap", length),
    "column-gap": ("column-gap", length),
    "row-gap": ("row-gap", length),
    "justify": ("justify-content", GRID_CONTENT.__getitem__),
    "align-content": ("align-content", GRID_CONTENT.__getitem__),
    "align": ("align-items", GRID_SELF.__getitem__),
    "justify-items": ("justify-items", GRID_SELF.__getitem__),
}
GRID_ITEM_CSS = {
    "column": ("grid-column", str),
    "row": ("grid-row", str),
    "area": ("grid-area", str),
    "justify-self": ("justify-self", GRID_SELF.__getitem__),
}


def grid_declarations(n: Node, key: str, value: str) -> str | None:
    """The CSS of a grid's or grid item's attribute, or None for the others."""
    mapping = (GRID_CONTAINER_CSS.get(key) if n.kind == "grid" else None) or GRID_ITEM_CSS.get(key)
    if mapping is None:
        return None
    prop, convert = mapping
    return f"{prop}:{convert(value)}"


def declarations(n: Node, parent: str = "") -> list[str]:
    """The CSS of one node's attributes (`parent`: its parent's kind)."""
    a = n.attrs
    css: list[str] = []
    row = n.kind == "hbox"
    for key, value in a.items():
        grid = grid_declarations(n, key, value)
        if grid is not None:
            css.append(grid)
            continue
        if key in ("width", "height", "min-width", "min-height", "max-width", "max-height"):
            css.append(f"{key}:{length(value)}")
        elif key == "aspect-ratio":
            css.append(f"aspect-ratio:{value}")
        elif key in ("margin", "padding"):
            css.append(f"{key}:{insets(value)}")
        elif key.startswith(("margin-", "padding-")):
            css.append(f"{key}:{length(value)}")
        elif key == "border":
            css.append(f"border-width:{value.split(',')[0]}px")
        elif key.startswith("border-"):
            css.append(f"{key}-width:{value.split(',')[0]}px")
        elif key == "grow":
            css.append(f"flex-grow:{value}")
        elif key == "shrink":
            css.append(f"flex-shrink:{value}")
        elif key == "basis":
            css.append(f"flex-basis:{length(value)}")
        elif key == "align-self" and parent == "zbox":
            css.append(f"place-self:{keyword(GRID_SELF, value)}")
        elif key == "align-self":
            css.append(f"align-self:{keyword(ALIGN, value)}")
        elif key == "direction":
            css.append(f"direction:{value}")
        elif key == "hidden":
            css.append("display:none")
        elif key == "gap":
            # `gap` runs along the stack, `cross-gap` (default: `gap`) between wrapped lines.
            cross = a.get("cross-gap", value)
            main_name, cross_name = ("column-gap", "row-gap") if row else ("row-gap", "column-gap")
            css.append(f"{main_name}:{length(value)};{cross_name}:{length(cross)}")
        elif key == "cross-gap":
            if "gap" not in a:
                css.append(f"{'row-gap' if row else 'column-gap'}:{length(value)}")
        elif key == "justify":
            css.append(f"justify-content:{keyword(JUSTIFY, value)}")
        elif key == "align" and n.kind == "zbox":
            css.append(f"place-items:{keyword(GRID_SELF, value)}")
        elif key == "align" and n.kind != "label":
            css.append(f"align-items:{keyword(ALIGN, value)}")
        elif key == "align-content":
            css.append(f"align-content:{keyword(ALIGN_CONTENT, value)}")
        elif key == "wrap":
            css.append("flex-wrap:wrap-reverse" if value == "reverse" else "flex-wrap:wrap")
        elif key == "reverse":
            css.append(f"flex-direction:{'row' if row else 'column'}-reverse")
        elif key == "order":
            css.append(f"order:{value}")
        elif key == "position":
            css.append(f"position:{value}")
            if parent == "zbox" and value == "absolute":
                css.append("grid-area:auto")  # its containing block is the padding box
        elif key in ("top", "right", "bottom", "left"):
            css.append(f"{key}:{length(value)}")
        elif key == "clip":
            css.append("overflow:hidden")
        elif key == "size" and n.kind == "label":
            pass  # below, with the line height
        elif key in ("lines", "font", "scale"):
            pass
        else:
            raise ValueError(f"no CSS for {n.kind} attribute '{key}'")
    if n.kind == "label":
        size = float(a.get("size", DEFAULT_FONT_SIZE))
        weight, style = FONTS[a.get("font", "regular")]
        css.append(f"font-size:{size:g}px;line-height:{line_height(size)!r}px;font-weight:{weight};font-style:{style}")
    if n.kind == "spacer":
        # `spacer`: grow 1 from a zero basis; `spacer N`: N along the stack, never shrinking.
        css.append("flex:1 1 0px" if n.length is None else f"flex:0 0 {n.length:g}px")
    return css


def element(n: Node, extra: str = "", element_id: str = "", parent: str = "") -> str:
    style = ";".join(([extra] if extra else []) + declarations(n, parent))
    ident = f' id="{element_id}"' if element_id else ""
    inner = html.escape(n.text or "") if n.kind == "label" else "".join(element(c, parent=n.kind) for c in n.children)
    return f'<div class="{n.kind}"{ident} data-line="{n.line}" style="{style}">{inner}</div>'


def page(trees: list[tuple[str, Node]]) -> str:
    """Every tree side by side on one page, each canvas at a whole-pixel offset, and the
    script that writes every node's frame, relative to its canvas, into `#frames` as JSON
    once the fonts are in: {"tree id": [[line, x, y, width, height], …]}."""
    parts, left = [], 0
    for name, root in trees:
        width = root.attrs["width"]
        parts.append(f'<div class="frame" style="left:{left}px;width:{width}px">'
                     + element(root, element_id=name) + "</div>")
        left += int(float(root.attrs["width"])) + 64
    script = """
Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(() => {
  const out = {};
  for (const c of document.querySelectorAll('.canvas')) {
    const o = c.getBoundingClientRect();
    out[c.id] = [c, ...c.querySelectorAll('[data-line]')].map(e => {
      const r = e.getBoundingClientRect();
      return [+e.dataset.line, r.left - o.left, r.top - o.top, r.width, r.height];
    });
  }
  document.getElementById('frames').textContent = JSON.stringify(out);
});
"""
    return ("<!doctype html><html><head><meta charset=utf-8><style>" + STYLE_SHEET + "</style></head><body>"
            + "".join(parts) + '<pre id="frames"></pre><script>' + script + "</script></body></html>\n")
