#!/usr/bin/env python3
"""Side-by-side wall times of two bitdoku binaries: for each corpus, runs `BIN ARGS FILE`
for the old and the new binary alternately (old, new, old, new, ...), whole process, and
prints the median of each, the speed-up (old / new), and whether their standard outputs are
byte-identical. Alternating spreads the noise of a shared machine over both.

    scripts/alternate_times.py --old /path/old/bitdoku --new target/release/bitdoku \\
        --runs 3 --csv times.tsv datasets/*.txt -- solve --logic --preset hodoku --threads 1
"""

import argparse
import hashlib
import statistics
import subprocess
import sys
import time


def run(binary: str, args: list, path: str):
    t0 = time.perf_counter()
    r = subprocess.run([binary, *args, path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0, hashlib.sha256(r.stdout).hexdigest()


def main() -> int:
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--csv", help="also write corpus, old and new times (tab-separated) here")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv[:cut])
    args = argv[cut + 1 :]
    rows = []
    print("| corpus | old s | new s | speed-up | output |")
    print("|---|---:|---:|---:|---|")
    for path in a.files:
        old, new, digests = [], [], set()
        for _ in range(a.runs):
            for binary, times in ((a.old, old), (a.new, new)):
                t, digest = run(binary, args, path)
                times.append(t)
                digests.add(digest)
        mo, mn = statistics.median(old), statistics.median(new)
        same = "same" if len(digests) == 1 else "DIFFERENT"
        name = path.rsplit("/", 1)[-1].removesuffix(".txt")
        print(f"| {name} | {mo:.3f} | {mn:.3f} | {mo / mn:.2f}x | {same} |", flush=True)
        rows.append((name, old, new, same))
    if a.csv:
        with open(a.csv, "w") as f:
            f.write("corpus\tbinary\tseconds\n")
            for name, old, new, _ in rows:
                for t in old:
                    f.write(f"{name}\told\t{t:.4f}\n")
                for t in new:
                    f.write(f"{name}\tnew\t{t:.4f}\n")
    return 0 if all(r[3] == "same" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
