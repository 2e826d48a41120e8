"""The first render against a cold headless Chromium, interleaved so both see the same
machine.

Usage: python3 bench/first_render_ratio.py LAYOUT_RENDER [ROUNDS (default 10)]

Writes the card scene's HTML with bench/peers/chromium_render.py, then runs ROUNDS rounds of
seven whole `LAYOUT_RENDER bench/card.spec OUT.png` processes and one cold Chromium
screenshot of the same card, and prints each round's median render time, Chromium's time
and their ratio, then the medians. Times are wall clock from this script (fork and exec
included for both), so the ratio is the one the issue asks for: the whole process each.
The machine is shared: a round where another job ran shows as an outlier, which the
medians absorb and the per-round ratios show."""
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

here = Path(__file__).resolve().parent
if len(sys.argv) < 2:
    sys.exit(__doc__)
binary, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10
scratch = tempfile.TemporaryDirectory(prefix="first-render-")  # removed when the script ends
work = Path(scratch.name)
html = work / "card.html"
chromium_command = subprocess.run(
    [sys.executable, str(here / "peers" / "chromium_render.py"), str(here / "card_scene.json"), str(html)],
    check=True, capture_output=True, text=True).stdout.strip().replace("out.png", str(work / "chromium.png")).split()
ours = [binary, str(here / "card.spec"), str(work / "ours.png")]


def seconds(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


for _ in range(3):
    seconds(ours)
seconds(chromium_command)
results = []
for round_number in range(rounds):
    renders = [seconds(ours) * 1000 for _ in range(7)]
    chromium = seconds(chromium_command) * 1000
    render = statistics.median(renders)
    results.append((render, chromium))
    print(f"round {round_number}: ours median {render:.1f} ms (min {min(renders):.1f}), "
          f"chromium {chromium:.0f} ms, ratio 1/{chromium / render:.0f}", flush=True)
ours_median = statistics.median(r for r, _ in results)
chromium_median = statistics.median(c for _, c in results)
print(f"medians: ours {ours_median:.1f} ms, chromium {chromium_median:.0f} ms, ratio 1/{chromium_median / ours_median:.1f}; "
      f"per-round ratios {sorted(round(c / r) for r, c in results)}")
