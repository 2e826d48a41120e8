"""Renders one card with Takumi N times in one process, for counting the instructions of a
warm render with callgrind: (count at N=6 - count at N=1) / 5 (docs/benchmarks.md, "Issue
42, second session").

    valgrind --tool=callgrind VENV/python takumi_instructions.py card|readme N
"""
import json
import sys
from pathlib import Path

import takumi_render

BENCH = Path(__file__).resolve().parent.parent


def main():
    case, n = sys.argv[1], int(sys.argv[2])
    if case == "card":
        scene = json.load(open(BENCH / "card_scene.json"))
        html, fonts, (w, h, ratio) = (takumi_render.card_html(scene), [(scene["font_file"], "BenchMono")],
                                      (scene["width"], scene["height"], 1.0))
    else:
        html, fonts, (w, h, ratio) = (BENCH / "card-sans.html").read_text(), takumi_render.README_FONTS, (960, 564, 2.0)
    renderer, _ = takumi_render.renderer(fonts)
    for _ in range(n):
        png = renderer.render_html(html, width=w, height=h, device_pixel_ratio=ratio)
    print(f"takumi case={case} renders={n} png_bytes={len(png)}")


if __name__ == "__main__":
    main()
