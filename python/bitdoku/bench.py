"""Benchmark: `bitdoku.solve` on a numpy array against `bitdoku solve` on the same file.

    python -m bitdoku.bench FILE [--bitdoku PATH] [--rounds 5] [--threads 0]

FILE is read once with `bitdoku.read` (gzip and xz too) into an ``(N, 81)`` uint8 array. Then,
alternating, each round times the CLI (``bitdoku solve FILE --threads T > /dev/null``, the whole
process: start, read, solve, write) and ``bitdoku.solve(array, threads=T)`` (solve only: the
array is already in memory; the result arrays are made). Prints the medians, their ratio
(Python / CLI; the issue's target is at most 1.2) and checks once that both give the same
solutions.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

import bitdoku


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bitdoku.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--bitdoku", default=shutil.which("bitdoku") or "target/release/bitdoku")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--no-verify", action="store_true", help="skip the same-solutions check")
    a = ap.parse_args(argv)

    t0 = time.perf_counter()
    read = bitdoku.read(a.file)
    read_s = time.perf_counter() - t0
    puzzles = read.puzzles
    n = len(puzzles)
    print(f"{a.file}: {n} puzzles read into a {puzzles.shape} {puzzles.dtype} array in {read_s:.2f}s")
    print(f"CPU: {cpu_name()}, {os.cpu_count()} logical cores; threads={a.threads}; bitdoku {bitdoku.__version__}")

    cli, py = [], []
    for r in range(a.rounds):
        t0 = time.perf_counter()
        with open(os.devnull, "wb") as null:
            subprocess.run([a.bitdoku, "solve", a.file, "--threads", str(a.threads)], stdout=null,
                           stderr=subprocess.DEVNULL, check=False)
        cli.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        result = bitdoku.solve(puzzles, threads=a.threads)
        py.append(time.perf_counter() - t0)
        print(f"round {r + 1}: cli {cli[-1]:.3f}s  python {py[-1]:.3f}s")
    mc, mp = statistics.median(cli), statistics.median(py)
    print(f"median: bitdoku solve {mc:.3f}s ({n / mc:,.0f}/s); bitdoku.solve(array) {mp:.3f}s ({n / mp:,.0f}/s)")
    print(f"ratio python / cli: {mp / mc:.3f} (target <= 1.2); with the read: {(mp + read_s) / mc:.3f}")
    if not a.no_verify:
        out = subprocess.run([a.bitdoku, "solve", a.file, "--threads", str(a.threads)],
                             capture_output=True, check=False).stdout.split(b"\n")[:-1]
        solved = result.status == bitdoku.SOLVED
        same = len(out) == n and all(
            line == s.encode() for line, s in zip(np.array(out)[solved], bitdoku.to_strings(result.solutions[solved]))
        )
        print(f"same solutions as the CLI: {same}")
        if not same:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
