"""ImageMagick 6 `compare -metric AE -fuzz 10%` on the diff pair, whole process (run.py times it).
The AE count is printed on stderr. Usage: python imagemagick_diff.py A.png B.png"""
import re
import subprocess
import sys


def command(a, b):
    return ["compare", "-metric", "AE", "-fuzz", "10%", a, b, "null:"]


def count(stderr):
    m = re.search(r"([\d.e+]+)", stderr)
    return int(float(m.group(1))) if m else None


if __name__ == "__main__":
    p = subprocess.run(command(sys.argv[1], sys.argv[2]), capture_output=True, text=True)
    print(f"imagemagick count={count(p.stderr)}")
