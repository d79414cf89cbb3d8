"""Example: load a CSV of puzzles, rate every puzzle, plot the rating distribution.

    pip install ./python matplotlib
    python python/examples/rate_csv.py PUZZLES.csv [--column NAME] [--out ratings.png]

The CSV needs a header line; the puzzle column is found by name (puzzle, quizzes, question,
...) or given with --column (Kaggle's `quizzes,solutions` files work as they are). Each puzzle
is rated as `bitdoku rate` rates it (Sudoku Explainer ER, HoDoKu level) on all cores; the plot
shows the ER histogram and the HoDoKu levels.

The committed picture (python/examples/rating_distribution.png) comes from
`python python/examples/rate_csv.py --demo`: a CSV written from the bundled corpora
(the first 1,500 generated minimal puzzles and the first 300 of magictour's top list).
"""

from __future__ import annotations

import argparse
import collections
import os
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import bitdoku  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def demo_csv() -> str:
    """A CSV (`id,puzzle,source`) from the repository's bundled corpora."""
    data = os.path.join(HERE, "..", "..", "datasets")
    rows = []
    for name, n in (("generated_minimal_10k.txt", 1500), ("magictour_top1465.txt", 300)):
        p = bitdoku.read(os.path.join(data, name))
        rows += [(s, name.split("_")[0]) for s in bitdoku.to_strings(p.puzzles[:n])]
    fd, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(fd, "w") as f:
        f.write("id,puzzle,source\n")
        f.writelines(f"{i},{p},{src}\n" for i, (p, src) in enumerate(rows))
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="?", help="the CSV file")
    ap.add_argument("--column", help="the puzzle column (name or 1-based number)")
    ap.add_argument("--out", default="ratings.png", help="the picture to write")
    ap.add_argument("--demo", action="store_true", help="rate a CSV made from the bundled corpora")
    a = ap.parse_args()
    if a.demo:
        a.csv = demo_csv()
        if a.out == "ratings.png":
            a.out = os.path.join(HERE, "rating_distribution.png")
    if not a.csv:
        ap.error("give a CSV file (or --demo)")

    read = bitdoku.read(a.csv, column=a.column)
    print(f"{a.csv}: {len(read.lines)} puzzles ({read.format}, {read.headers} header line), {len(read.errors)} bad lines")
    r = bitdoku.rate(read.puzzles)
    rated = (r.status == bitdoku.SOLVED) | (r.status == bitdoku.STUCK)
    print("status:", dict(collections.Counter(bitdoku.status_names(r.status))))

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    er = r.er[rated]
    left.hist(er, bins=[x / 2 for x in range(0, 25)], color="#3b6ea8", edgecolor="white")
    left.set_xlabel("Sudoku Explainer rating (ER)")
    left.set_ylabel("puzzles")
    left.set_title(f"ER of {rated.sum()} puzzles (median {sorted(er)[len(er) // 2]:.1f})")
    counts = collections.Counter(lv for lv, ok in zip(r.level, rated) if ok)
    right.bar(LEVELS, [counts.get(lv, 0) for lv in LEVELS], color="#d9822b")
    right.set_xlabel("HoDoKu level")
    right.set_title("HoDoKu levels")
    fig.suptitle(f"bitdoku.rate on {os.path.basename(a.csv) if not a.demo else '1,500 generated + 300 magictour top1465 puzzles (CSV)'}")
    fig.tight_layout()
    fig.savefig(a.out, dpi=110)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
