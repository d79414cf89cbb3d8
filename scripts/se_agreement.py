#!/usr/bin/env python3
"""Agreement of `bitdoku rate --format '%g ED=%r/%p/%d'` with serate's lines.

Reads serate reference files (`PUZZLE ED=ER/EP/ED`, one per line, serate's Patterns Game
format), rates the same input lines with bitdoku and reports per file and in total: lines equal
byte for byte, ER, EP and ED equal, ER within 0.1, and the wall time of the bitdoku run.

    scripts/se_agreement.py ../shared/reference/se/*.se.txt [--preset P] [--threads N]
"""

import argparse
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--bitdoku", default="target/release/bitdoku")
    ap.add_argument("--preset", default="hodoku")
    ap.add_argument("--threads", default="1")
    ap.add_argument("--approx-se", action="store_true",
                    help="rate with the engine's approximate ER/EP/ED (rate --approx-se)")
    ap.add_argument("--require", type=float, metavar="PCT",
                    help="exit 1 unless every file has at least PCT%% of its lines equal")
    ap.add_argument("--diff", metavar="FILE", help="write the lines that differ (reference, ours)")
    a = ap.parse_args()
    print("| file | puzzles | lines equal | ER equal | EP equal | ED equal | ER within 0.1 | bitdoku time |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    tot = [0] * 6
    failed = []
    for path in a.files:
        ref = [l.rstrip("\n") for l in open(path) if l.strip()]
        puzzles = [l.rsplit(" ED=", 1)[0] for l in ref]
        t0 = time.time()
        res = subprocess.run(
            [a.bitdoku, "rate", "--preset", a.preset, "--threads", a.threads, "--format", "%g ED=%r/%p/%d"]
            + (["--approx-se"] if a.approx_se else []),
            input="\n".join(puzzles) + "\n", capture_output=True, text=True)
        secs = time.time() - t0
        ours = res.stdout.splitlines()
        if len(ours) != len(ref):
            sys.exit(f"{path}: {len(ours)} lines for {len(ref)} puzzles")
        c = [0] * 6
        if a.diff:
            with open(a.diff, "a") as f:
                for want, got in zip(ref, ours):
                    if want != got:
                        f.write(f"{want}\t{got.rsplit(' ', 1)[-1]}\n")
        for want, got in zip(ref, ours):
            w = [float(x) for x in want.rsplit("ED=", 1)[1].split("/")]
            try:
                g = [float(x) for x in got.rsplit("ED=", 1)[1].split("/")]
            except (IndexError, ValueError):
                g = [-1.0, -1.0, -1.0]
            c[0] += 1
            c[1] += want == got
            c[2] += w[0] == g[0]
            c[3] += w[1] == g[1]
            c[4] += w[2] == g[2]
            c[5] += abs(w[0] - g[0]) <= 0.1 + 1e-9
        tot = [x + y for x, y in zip(tot, c)]
        if a.require is not None and 100.0 * c[1] / c[0] < a.require:
            failed.append(path)
        n = c[0]
        cells = " | ".join(f"{v} ({100.0 * v / n:.1f}%)" for v in c[1:])
        print(f"| {path.rsplit('/', 1)[-1]} | {n} | {cells} | {secs:.2f} s ({n / secs:.0f}/s) |")
    n = tot[0]
    cells = " | ".join(f"{v} ({100.0 * v / n:.1f}%)" for v in tot[1:])
    print(f"| **total** | {n} | {cells} | |")
    if failed:
        sys.exit(f"below {a.require}% lines equal: {', '.join(failed)}")


if __name__ == "__main__":
    main()
