"""pixelmatch (PyPI pixelmatch-fast 1.3.4) on the diff pair, threshold 0.1, anti-aliased pixels
excluded, as a user runs it: the `pixelmatch` CLI, whole process (run.py times it).
Usage: python pixelmatch_diff.py A.png B.png   -> prints `pixelmatch count=N`"""
import re
import subprocess
import sys
from pathlib import Path


def command(a, b):
    return [str(Path(sys.executable).with_name("pixelmatch")), a, b, "--threshold", "0.1"]


def count(output):
    m = re.search(r"(\d[\d,]*)\s*(?:different|differing|mismatch|pixels)", output, re.I) or re.search(r"(\d[\d,]*)", output)
    return int(m.group(1).replace(",", "")) if m else None


if __name__ == "__main__":
    p = subprocess.run(command(sys.argv[1], sys.argv[2]), capture_output=True, text=True)
    print(p.stdout.strip(), p.stderr.strip())
    print(f"pixelmatch count={count(p.stdout + p.stderr)}")
