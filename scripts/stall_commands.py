#!/usr/bin/env python3
"""Runs every command that does logic on the stall lines one line at a time and reports the CPU
time of each run (issue 46's bar: within 1 s each under `--preset complete`, with the right
answer). The lines: an empty grid, a 729-character grid with every candidate open, and the
sparse set (`scripts/sparse_set.py`: 17-clue puzzles less one clue, several solutions each).

    python3 scripts/stall_commands.py --bitdoku target/release/bitdoku [--count 100] > table.md

Each run is one process on one line with `--threads 1`; CPU time is user plus system time of
the child (so the figure does not depend on the machine's load). The answer check: every line
has several solutions, so each command must say so (`multiple solutions`, or its JSON status
`multiple_solutions`; `explain`'s page says it).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--bitdoku", default=str(HERE.parent / "target" / "release" / "bitdoku"))
ap.add_argument("--count", type=int, default=100)
ap.add_argument("--limit", type=float, default=1.0, help="CPU seconds allowed per run")
a = ap.parse_args()

sparse = subprocess.run(
    [sys.executable, str(HERE / "sparse_set.py"), "--count", str(a.count)],
    check=True, capture_output=True, text=True).stdout.split()
lines = [("empty grid", "." * 81), ("all candidates", "123456789" * 81)]
lines += [(f"sparse {i + 1}", l) for i, l in enumerate(sparse)]

COMMANDS = [
    ("solve", ["solve", "--preset", "complete"]),
    ("solve --no-fallback", ["solve", "--preset", "complete", "--no-fallback"]),
    ("solve --json --rate", ["solve", "--preset", "complete", "--json", "--rate"]),
    ("hint", ["hint", "--preset", "complete"]),
    ("check", ["check", "--preset", "complete"]),
    ("explain", ["explain", "--preset", "complete", "--html", "{page}", "{line}"]),
    ("rate", ["rate", "--preset", "complete"]),
    ("classify", ["classify"]),
]


def says_multiple(cmd, out, err):
    text = (out + err).lower()
    if "multiple" in text or "several solutions" in text or "solutions: 2" in text:
        return True
    for l in out.splitlines():
        try:
            if json.loads(l).get("status") == "multiple_solutions":
                return True
        except ValueError:
            pass
    return False


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


print("| command (`--preset complete`) | lines | max CPU s | line of max | over limit | wrong answer |")
print("|---|---|---|---|---|---|")
failed = 0
tmp = tempfile.mkdtemp(prefix="stall-commands-")
for name, args in COMMANDS:
    worst, worst_line, over, wrong = 0.0, "", 0, []
    for label, line in lines:
        page = os.path.join(tmp, "page.html")
        if "{line}" in args:  # explain: the puzzle is an argument, the answer is in the page
            argv = [x.replace("{line}", line).replace("{page}", page) for x in args]
        else:
            argv = [*args, "--threads", "1"]
        before = cpu_of_children()
        p = subprocess.run([a.bitdoku, *argv], input=line + "\n",
                           capture_output=True, text=True, cwd=tmp)
        spent = cpu_of_children() - before
        if "{line}" in args and os.path.exists(page):
            p.stdout += open(page, encoding="utf-8").read()
            os.remove(page)
        if spent > worst:
            worst, worst_line = spent, label
        if spent > a.limit:
            over += 1
        if not says_multiple(name, p.stdout, p.stderr):
            wrong.append(label)
    failed += over + len(wrong)
    shown = ", ".join(wrong[:3]) + (" ..." if len(wrong) > 3 else "")
    print(f"| {name} | {len(lines)} | {worst:.3f} | {worst_line} | {over} | {len(wrong)}{' (' + shown + ')' if wrong else ''} |")
sys.exit(1 if failed else 0)
