#!/usr/bin/env python3
"""CPU time per puzzle of two bitdoku binaries rating SE (ER/EP/ED), side by side: for every
puzzle line, `BIN rate --threads 1 --format '%g ED=%r/%p/%d'` runs once per binary (old, new,
alternating; one process per puzzle, user + system CPU of the child), and the outputs are
compared byte for byte. Prints the median, mean, p99 and max CPU per puzzle of each binary.

    scripts/se_cpu_times.py --old OLD --new NEW --lines 1-20 datasets/forum_hardest_1905_11plus.txt
"""

import argparse
import resource
import statistics
import subprocess
import sys


def cpu_of(binary: str, line: str):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([binary, "rate", "--threads", "1", "--format", "%g ED=%r/%p/%d"],
                       input=line + "\n", capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, r.stdout


def stats(xs):
    s = sorted(xs)
    p99 = s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]
    return f"{statistics.median(s):.3f} | {statistics.mean(s):.3f} | {p99:.3f} | {s[-1]:.3f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--lines", default="1-20", help="FIRST-LAST, 1-based")
    ap.add_argument("file")
    a = ap.parse_args()
    first, last = (int(x) for x in a.lines.split("-"))
    lines = [l.rstrip("\n") for l in open(a.file)][first - 1:last]
    old, new, differ = [], [], 0
    for i, line in enumerate(lines, first):
        to, oo = cpu_of(a.old, line)
        tn, on = cpu_of(a.new, line)
        old.append(to)
        new.append(tn)
        differ += oo != on
        print(f"line {i}: old {to:.3f} s, new {tn:.3f} s, {'same' if oo == on else 'DIFFERENT'}: "
              f"{on.strip().rsplit(' ', 1)[-1]}", file=sys.stderr)
    print("| binary | puzzles | median s | mean s | p99 s | max s |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| old | {len(old)} | {stats(old)} |")
    print(f"| new | {len(new)} | {stats(new)} |")
    print(f"\nmean ratio old/new {statistics.mean(old) / statistics.mean(new):.3f}; "
          f"outputs differing: {differ} of {len(lines)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
