"""The two cards, ours (whole process) against Takumi's warm render_html (in-process),
interleaved round by round as scripts/bench does (run.py's `interleaved`), without the rest
of the bench: prints, per card, the medians (ours wall, ours CPU, Takumi wall, Takumi CPU)
in ms, with the time and the load average.

    VENV/python bench/peers/cards_vs_takumi.py [ROUNDS] [BIN_DIR]
"""
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import run
import takumi_render


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    lr = str(Path(sys.argv[2] if len(sys.argv) > 2 else run.ROOT / ".build" / "release") / "layout-render")
    out = Path(tempfile.mkdtemp(prefix="lr-cards-"))
    scene = json.load(open(run.SCENE))
    for case, cmd, html, fonts, (w, h, ratio) in (
            ("benchmark card", [lr, str(run.SPEC), str(out / "card.png")], takumi_render.card_html(scene),
             [(scene["font_file"], "BenchMono")], (scene["width"], scene["height"], 1.0)),
            ("README card", [lr, str(run.README_SPEC), str(out / "readme.png")], run.README_HTML.read_text(),
             takumi_render.README_FONTS, (960, 564, 2.0))):
        renderer, _ = takumi_render.renderer(fonts)
        render = lambda: renderer.render_html(html, width=w, height=h, device_pixel_ratio=ratio)  # noqa: E731
        render()
        got = run.interleaved(cmd, render, rounds)
        print(f"{time.strftime('%H:%M:%S', time.gmtime())} load {os.getloadavg()[0]:.1f} {case}: "
              f"ours wall, ours CPU, Takumi wall, Takumi CPU = {', '.join(f'{x:.2f}' for x in got) if got else 'missing'}",
              flush=True)


if __name__ == "__main__":
    main()
