#!/usr/bin/env python3
"""Writes sparse lines for the stall checks and the worst-case benchmark (issue 46): N random
17-clue puzzles of datasets/sudoku17_royle_49158.txt with one random clue removed (16 clues,
so several solutions each), seeded so the set is the same on every run.

    python3 scripts/sparse_set.py [--count 100] [--seed 46] > sparse16.txt
"""
import argparse
import random
from pathlib import Path

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--count", type=int, default=100)
ap.add_argument("--seed", type=int, default=46)
ap.add_argument("--source", default=str(Path(__file__).resolve().parent.parent / "datasets" / "sudoku17_royle_49158.txt"))
a = ap.parse_args()
lines = [l[:81] for l in open(a.source) if len(l) >= 81 and not l.startswith("#")]
rng = random.Random(a.seed)
for line in rng.sample(lines, a.count):
    clues = [i for i, ch in enumerate(line) if ch not in ".0"]
    drop = rng.choice(clues)
    print(line[:drop] + "." + line[drop + 1:])
