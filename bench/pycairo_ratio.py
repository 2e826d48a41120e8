"""The first render against pycairo's in-process floor, interleaved so both see the same
machine.

Usage: python3 bench/pycairo_ratio.py LAYOUT_RENDER [ROUNDS (default 10)]
Needs the benchmark venv (`scripts/bench --peers` makes it: .build-bench/venv with pycairo).

Each round runs bench/peers/cairo_render.py (one Python process: the card scene drawn and
written with write_to_png seven times, the median of draw + write, interpreter start-up
not counted) and then seven whole `LAYOUT_RENDER bench/card.spec OUT.png` processes
(wall clock from here, fork and exec included), and prints their ratio; then the median
ratio and the range. The issue's target is a ratio of at most 0.7."""
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

here = Path(__file__).resolve().parent
root = here.parent
if len(sys.argv) < 2:
    sys.exit(__doc__)
binary, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10
python = root / ".build-bench" / "venv" / "bin" / "python"
if not python.exists():
    sys.exit(f"{python} is missing: run scripts/bench --peers once to make the venv")
scratch = tempfile.TemporaryDirectory(prefix="pycairo-ratio-")  # removed when the script ends
work = Path(scratch.name)
ours = [binary, str(here / "card.spec"), str(work / "ours.png")]
pycairo = [str(python), str(here / "peers" / "cairo_render.py"), str(here / "card_scene.json"),
           str(work / "pycairo.png"), "7"]


def milliseconds(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


for _ in range(3):
    milliseconds(ours)
ratios = []
for round_number in range(rounds):
    printed = subprocess.run(pycairo, check=True, capture_output=True, text=True).stdout
    floor = float(printed.split("median_ms=")[1].split()[0])
    render = statistics.median(milliseconds(ours) for _ in range(7))
    ratios.append(render / floor)
    print(f"round {round_number}: ours median {render:.2f} ms, pycairo {floor:.2f} ms, ratio {render / floor:.2f}",
          flush=True)
print(f"median ratio {statistics.median(ratios):.2f}, range {min(ratios):.2f}-{max(ratios):.2f}")
