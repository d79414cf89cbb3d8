#!/usr/bin/env python3
"""Time per puzzle: runs `bitdoku ARGS` once per puzzle line of FILE (whole process, one
thread unless ARGS say otherwise) and prints the median, p90, p99 and maximum wall time, and
how many runs failed (exit status not 0).

    scripts/puzzle_times.py datasets/forum_hardest_1106.txt -- solve --preset complete --no-fallback --threads 1
"""

import argparse
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--bin", default="target/release/bitdoku")
    ap.add_argument("--csv", help="also write line,seconds,exit rows here")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    a = ap.parse_args(argv[:cut])
    args = argv[cut + 1 :]
    lines = [l.strip() for l in open(a.file) if l.strip() and not l.startswith("#")]
    times, failed, rows = [], 0, []
    for n, line in enumerate(lines, 1):
        t0 = time.perf_counter()
        r = subprocess.run([a.bin, *args, "-"], input=line + "\n", capture_output=True, text=True)
        dt = time.perf_counter() - t0
        times.append(dt)
        failed += r.returncode != 0
        rows.append((n, dt, r.returncode))
    if a.csv:
        with open(a.csv, "w") as f:
            f.write("line,seconds,exit\n")
            f.writelines(f"{n},{dt:.4f},{rc}\n" for n, dt, rc in rows)
    times.sort()
    q = lambda p: times[min(len(times) - 1, int(p * len(times)))]
    print(
        f"{a.file}: {len(times)} puzzles, {failed} failed; per puzzle median {statistics.median(times):.3f} s,"
        f" p90 {q(0.90):.3f} s, p99 {q(0.99):.3f} s, max {times[-1]:.3f} s, total {sum(times):.1f} s"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
