#!/usr/bin/env python3
"""Worst-case benchmark (issue 46): the per-puzzle time of every preset on samples of the bundled
corpora, the sparse 16-clue set and the two open grids, and of the SE model (`rate`). Each
puzzle's time is `rate --format '%n %e'` on one thread: with `--approx-se`, the technique
engine's single-step solve with fallback (the `solve --json --rate` path, slower than the batch
path of `solve --logic`); without it, the SE model plus the engine (`rate`'s default work).
Prints a markdown table: per corpus and preset, puzzles, median, p99 and max seconds, and the
line of the max. Budgets are the defaults; a puzzle over budget would print an error line and
is counted in the `over` column.

    python3 scripts/worst_cases.py --bitdoku target/release/bitdoku [--per-file 200] [--corpora forum] > table.md
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--bitdoku", default=str(ROOT / "target" / "release" / "bitdoku"))
ap.add_argument("--per-file", type=int, default=200, help="puzzles per easy corpus")
ap.add_argument("--hard", type=int, default=50, help="puzzles per hard corpus")
ap.add_argument("--presets", default="singles,seeds,hodoku,all,complete")
ap.add_argument("--seed", type=int, default=46)
ap.add_argument("--corpora", default="", help="only the corpora whose names start with one of these (comma-separated)")
a = ap.parse_args()


def sample(name, n):
    lines = [l[:81] for l in open(ROOT / "datasets" / name) if len(l) >= 81 and l[0] != "#"]
    return random.Random(a.seed).sample(lines, min(n, len(lines)))


def sparse(n):
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "sparse_set.py"), "--count", str(n)],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


corpora = [
    ("generated_minimal_10k", sample("generated_minimal_10k.txt", a.per_file)),
    ("sudoku17_royle", sample("sudoku17_royle_49158.txt", a.per_file)),
    ("serg_benchmark (multi)", sample("serg_benchmark.txt", a.per_file)),
    ("sparse 16 clues", sparse(100)),
    ("empty + all candidates", ["." * 81, "123456789" * 81]),
    ("magictour_top1465", sample("magictour_top1465.txt", a.hard)),
    ("forum_hardest_1106", sample("forum_hardest_1106.txt", a.hard)),
    ("forum_hardest_1905_11plus", sample("forum_hardest_1905_11plus.txt", a.hard)),
]


def run(args, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        # %r and %l make `rate` run the SE model and the engine (it runs what the line shows).
        fmt = "%n %e %l" if "--approx-se" in args else "%n %e %r %l"
        p = subprocess.run([a.bitdoku, "rate", path, "--threads", "1", "--format", fmt] + args,
                           capture_output=True, text=True)
    finally:
        os.unlink(path)
    times, over = [], 0
    for line in p.stdout.splitlines():
        if line.startswith("error:"):
            over += "budget" in line or "time limit" in line
            continue
        n, e = line.split()[:2]
        times.append((seconds(e), int(n)))
    return times, over


def seconds(e):
    # serate's elapsed: 0.02s, 1m05s, 2h07m
    if e.endswith("s") and "m" not in e:
        return float(e[:-1])
    if "h" in e:
        h, m = e.rstrip("m").split("h")
        return int(h) * 3600 + int(m) * 60
    m, s = e.rstrip("s").split("m")
    return int(m) * 60 + int(s)


if a.corpora:
    wanted = a.corpora.split(",")
    corpora = [(n, l) for n, l in corpora if any(n.startswith(w) for w in wanted)]

print("| corpus | work | puzzles | median s | p99 s | max s | line of max | over budget |")
print("|---|---|---|---|---|---|---|---|")
for name, lines in corpora:
    works = [(f"engine {p}", ["--approx-se", "--preset", p]) for p in a.presets.split(",")]
    works.append(("SE model + hodoku (rate)", []))
    for label, args in works:
        times, over = run(args, lines)
        ts = sorted(t for t, _ in times)
        if not ts:
            print(f"| {name} | {label} | 0 | | | | | {over} |")
            continue
        med = ts[len(ts) // 2]
        p99 = ts[min(len(ts) - 1, int(len(ts) * 0.99))]
        worst = max(times)
        print(f"| {name} | {label} | {len(ts)} | {med:.2f} | {p99:.2f} | {worst[0]:.2f} | {worst[1]} | {over} |",
              flush=True)
