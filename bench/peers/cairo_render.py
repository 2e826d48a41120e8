"""pycairo drawing the card scene: fill, then a 1-px outline inside the rect; text in DejaVu
Sans Mono (by file) at baseline positions; write_to_png. In-process timing.
Usage: python cairo_render.py SCENE.json OUT.png RUNS
  -> prints `pycairo draw_ms=... png_ms=... median_ms=...` (median of draw+write_to_png)"""
import json
import statistics
import sys
import time

import cairo


def rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[k:k + 2], 16) / 255 for k in (0, 2, 4))


def load_face(path):
    # pycairo has no FreeType constructor; a toy face by family name resolves through
    # fontconfig to the same DejaVu Sans Mono file the scene names.
    return cairo.ToyFontFace("DejaVu Sans Mono", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)


def draw(scene, face):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["width"], scene["height"])
    cr = cairo.Context(surface)
    cr.set_font_face(face)
    for r in scene["rects"]:
        cr.set_source_rgb(*rgb(r["fill"]))
        cr.rectangle(r["x"], r["y"], r["w"], r["h"])
        cr.fill()
        if r.get("stroke"):
            cr.set_source_rgb(*rgb(r["stroke"]))
            cr.set_line_width(1)
            cr.rectangle(r["x"] + 0.5, r["y"] + 0.5, r["w"] - 1, r["h"] - 1)
            cr.stroke()
    for t in scene["texts"]:
        cr.set_source_rgb(*rgb(t["color"]))
        cr.set_font_size(t["size"])
        cr.move_to(t["x"], t["y"])
        cr.show_text(t["text"])
    return surface


def main():
    scene = json.load(open(sys.argv[1]))
    out, runs = sys.argv[2], int(sys.argv[3])
    face = load_face(scene.get("font_file"))
    draws, pngs = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        s = draw(scene, face)
        s.flush()
        t1 = time.perf_counter()
        s.write_to_png(out)
        t2 = time.perf_counter()
        draws.append((t1 - t0) * 1000)
        pngs.append((t2 - t1) * 1000)
    total = [a + b for a, b in zip(draws, pngs)]
    print(f"pycairo draw_ms={statistics.median(draws):.2f} png_ms={statistics.median(pngs):.2f} "
          f"median_ms={statistics.median(total):.2f}")


if __name__ == "__main__":
    main()
