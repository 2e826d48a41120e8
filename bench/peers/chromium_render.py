"""Headless Chromium screenshotting the card scene as HTML (absolutely placed divs with an
inset 1-px outline; text spans placed so their baseline sits at (x, y)).
Usage: python chromium_render.py SCENE.json OUT.html   -> writes the HTML and prints the
command to time (the whole cold process is the measurement; run.py times it)."""
import json
import sys
from pathlib import Path


def elements(scene, rect_style="", text_style="", text_tag="span"):
    """The scene's rects and texts as placed elements, each with its own inline style after
    `rect_style` or `text_style` (what a stylesheet does not give them)."""
    for r in scene["rects"]:
        border = f"border: 1px solid {r['stroke']};" if r.get("stroke") else ""
        yield (f'<div style="{rect_style}left:{r["x"]}px;top:{r["y"]}px;width:{r["w"]}px;height:{r["h"]}px;'
               f'background:{r["fill"]};{border}"></div>')
    for t in scene["texts"]:
        # line-height 0 puts the baseline about 0.3 em below the box top in DejaVu Sans Mono; close enough
        # for a timing workload (same glyph count and sizes).
        text = t["text"].replace("&", "&amp;").replace("<", "&lt;")
        yield (f'<{text_tag} style="{text_style}left:{t["x"]}px;top:{t["y"] - 0.3 * t["size"]:.1f}px;'
               f'font-size:{t["size"]}px;color:{t["color"]}">{text}</{text_tag}>')


def html(scene):
    font = Path(scene["font_file"]).as_uri()
    parts = [f"""<!doctype html><html><head><meta charset="utf-8"><style>
@font-face {{ font-family: "BenchMono"; src: url("{font}"); }}
html, body {{ margin: 0; padding: 0; width: {scene['width']}px; height: {scene['height']}px; overflow: hidden; }}
div {{ position: absolute; box-sizing: border-box; }}
span {{ position: absolute; font-family: "BenchMono"; white-space: pre; line-height: 0; }}
</style></head><body>"""]
    parts.extend(elements(scene))
    parts.append("</body></html>")
    return "\n".join(parts)


def command(html_path, png_path, width, height):
    return ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--window-size={width},{height}", f"--screenshot={png_path}", Path(html_path).resolve().as_uri()]


if __name__ == "__main__":
    scene = json.load(open(sys.argv[1]))
    Path(sys.argv[2]).write_text(html(scene))
    print(" ".join(command(sys.argv[2], "out.png", scene["width"], scene["height"])))
