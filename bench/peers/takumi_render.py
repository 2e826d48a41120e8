"""Takumi (PyPI takumi-py 0.3.0: Taffy layout, Parley text, its own rasteriser and PNG
encoder) on the workloads of docs/benchmarks.md, fonts loaded explicitly from the same
files ours uses (no default fonts, no system lookup). In-process; times are wall
(time.perf_counter) and CPU of the whole process, every thread (time.process_time).

    python takumi_render.py card SCENE.json OUT.png RUNS    # bench card, 1200x630
    python takumi_render.py readme HTML OUT.png RUNS        # README card, 960x564 pixels
    python takumi_render.py flex N RUNS                     # the standard flex tree
  -> prints `takumi case=... key=value ...`

What each figure includes:
  init_ms          Renderer() with the fonts handed over as bytes (parsing them)
  cold_ms          the first render_html of the process: HTML parse, compile, layout, text,
                   raster, PNG encode, and Takumi's first-use costs (glyph cache, shaping)
  warm_ms/cpu_ms   median of the later render_html calls: the same work, warm caches
  compiled_ms      median of render_compiled of HTML compiled once: layout, text, raster, encode
  raw_ms           the same with format="raw" (RGBA bytes, no PNG encode)
  flex: parse_ms   compile_html of the tree's HTML (median); layout_ms: measure_compiled
                   (layout only, no raster; median, warm; layout_cpu_ms its CPU time),
                   layout_cold_ms its first call.
"""
import json
import resource
import statistics
import sys
import time
from pathlib import Path

from takumi_py import FontResource, Renderer

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from flextree import build_tree, node_style  # noqa: E402

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
README_FONTS = [(DEJAVU + "DejaVuSans.ttf", "DejaVu Sans"), (DEJAVU + "DejaVuSans-Bold.ttf", "DejaVu Sans"),
                (DEJAVU + "DejaVuSans-Oblique.ttf", "DejaVu Sans"),
                ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "Noto Sans CJK SC")]


def renderer(fonts):
    """(Renderer, ms) with exactly these (path, family) fonts."""
    t = time.perf_counter()
    r = Renderer(load_default_fonts=False,
                 fonts=[FontResource(data=Path(p).read_bytes(), name=name) for p, name in fonts])
    return r, (time.perf_counter() - t) * 1000


def card_html(scene):
    """The bench card as chromium_render.py places it (rects filled with a 1-px border inside,
    texts by their baseline), all styles inline: Takumi left the absolutely placed divs of
    chromium_render.py's stylesheet out."""
    import chromium_render
    root = (f'<div style="display:flex;position:relative;width:{scene["width"]}px;height:{scene["height"]}px;'
            f'font-family:BenchMono">')
    return root + "".join(chromium_render.elements(
        scene, rect_style="position:absolute;box-sizing:border-box;",
        text_style="position:absolute;white-space:pre;line-height:0;", text_tag="div")) + "</div>"


def timed(call):
    t, c = time.perf_counter(), time.process_time()
    out = call()
    return out, (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000


def render_case(name, html, fonts, width, height, ratio, out, runs):
    r, init_ms = renderer(fonts)
    png, cold_ms, _ = timed(lambda: r.render_html(html, width=width, height=height, device_pixel_ratio=ratio))
    Path(out).write_bytes(png)
    walls, cpus = [], []
    for _ in range(runs):
        _, w, c = timed(lambda: r.render_html(html, width=width, height=height, device_pixel_ratio=ratio))
        walls.append(w)
        cpus.append(c)
    compiled = r.compile_html(html)
    comp, raw = [], []
    for _ in range(runs):
        comp.append(timed(lambda: r.render_compiled(compiled.node, stylesheets=compiled.stylesheets, width=width,
                                                    height=height, device_pixel_ratio=ratio))[1])
        raw.append(timed(lambda: r.render_compiled(compiled.node, stylesheets=compiled.stylesheets, width=width,
                                                   height=height, device_pixel_ratio=ratio, format="raw"))[1])
    print(f"takumi case={name} init_ms={init_ms:.2f} cold_ms={cold_ms:.2f} warm_ms={statistics.median(walls):.2f} "
          f"cpu_ms={statistics.median(cpus):.2f} compiled_ms={statistics.median(comp):.2f} "
          f"raw_ms={statistics.median(raw):.2f} png_bytes={len(png)} size={width}x{height}")


def flex_html(n):
    """The standard flex tree as nested divs (flex-shrink 0, align stretch, as flextree.py)."""
    _, children, depth = build_tree(n)

    def style(i):
        s = node_style(i, children, depth)
        css = ["display:flex", "flex-shrink:0", "box-sizing:border-box"]
        if s["dir"]:
            css += [f"flex-direction:{s['dir']}", "align-items:stretch", "justify-content:flex-start"]
        if s["width"] is not None:
            css.append(f"width:{s['width']:g}px")
        if s["height"] is not None:
            css.append(f"height:{s['height']:g}px")
        css += [f"padding:{s['padding']:g}px", f"margin:{s['margin']:g}px", f"flex-grow:{s['grow']:g}"]
        return ";".join(css)

    parts, stack = [], [(0, False)]
    while stack:
        i, closing = stack.pop()
        if closing:
            parts.append("</div>")
            continue
        parts.append(f'<div style="{style(i)}">')
        stack.append((i, True))
        stack.extend((c, False) for c in reversed(children[i]))
    return "".join(parts)


def checksum(node, px=0.0, py=0.0):
    """Sum of x, y (relative to the parent), width and height over every node, as taffy_layout.py."""
    total, stack = 0.0, [(node, 0.0, 0.0)]
    while stack:
        m, ox, oy = stack.pop()
        x, y = m.transform[4], m.transform[5]
        total += (x - ox) + (y - oy) + m.width + m.height
        stack.extend((c, x, y) for c in m.children)
    return total


def flex_case(n, runs):
    html = flex_html(n)
    r, _ = renderer([(DEJAVU + "DejaVuSans.ttf", "DejaVu Sans")])
    parses, layouts, cpus, layout_cold, measured = [], [], [], None, None
    for k in range(runs):
        compiled, p, _ = timed(lambda: r.compile_html(html))
        measured, lt, lc = timed(lambda: r.measure_compiled(compiled.node, width=1920, height=None))
        parses.append(p)
        if layout_cold is None:
            layout_cold, cold_cpu = lt, lc
        else:
            layouts.append(lt)
            cpus.append(lc)
    print(f"takumi case=flex nodes={n} parse_ms={statistics.median(parses):.2f} layout_cold_ms={layout_cold:.2f} "
          f"layout_ms={statistics.median(layouts or [layout_cold]):.2f} "
          f"layout_cpu_ms={statistics.median(cpus or [cold_cpu]):.2f} checksum={round(checksum(measured))} "
          f"root={measured.width:g}x{measured.height:g} html_mb={len(html) / 1e6:.1f} "
          f"peak_mb={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")


def main():
    case = sys.argv[1]
    if case == "card":
        scene = json.load(open(sys.argv[2]))
        render_case("card", card_html(scene), [(scene["font_file"], "BenchMono")], scene["width"], scene["height"],
                    1.0, sys.argv[3], int(sys.argv[4]))
    elif case == "readme":
        render_case("readme", Path(sys.argv[2]).read_text(), README_FONTS, 960, 564, 2.0, sys.argv[3],
                    int(sys.argv[4]))
    elif case == "flex":
        flex_case(int(sys.argv[2]), int(sys.argv[3]))
    else:
        sys.exit(f"takumi_render.py: unknown case {case}")


if __name__ == "__main__":
    main()
