#!/usr/bin/env python3
"""Independent checker for `bitdoku solve` output: line i of SOLUTIONS must be a valid grid that
keeps the givens of puzzle line i of PUZZLES (blank and '#' lines of PUZZLES are skipped, as
bitdoku does). Prints `N checked, B bad` and exits 1 when B > 0.

usage: scripts/verify_solutions.py PUZZLES SOLUTIONS
"""
import sys

GROUPS = [[r * 9 + c for c in range(9)] for r in range(9)]
GROUPS += [[r * 9 + c for r in range(9)] for c in range(9)]
GROUPS += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
DIGITS = set("123456789")


def valid(puzzle, sol):
    if len(sol) != 81 or any(ch not in DIGITS for ch in sol):
        return False
    if any(set(sol[i] for i in g) != DIGITS for g in GROUPS):
        return False
    return all(p not in DIGITS or p == s for p, s in zip(puzzle[:81], sol))


def main():
    puzzles = (l.rstrip("\r\n") for l in open(sys.argv[1]))
    puzzles = (l for l in puzzles if l.strip() and not l.lstrip().startswith("#"))
    n = bad = 0
    with open(sys.argv[2]) as sols:
        for p, s in zip(puzzles, sols):
            n += 1
            if not valid(p, s.rstrip("\n")):
                bad += 1
                if bad <= 5:
                    print(f"bad at output line {n}: {s.strip()}")
        extra_p = sum(1 for _ in puzzles)
        extra_s = sum(1 for _ in sols)
    if extra_p or extra_s:
        print(f"misaligned: {extra_p} puzzles and {extra_s} output lines left over")
        bad += extra_p + extra_s
    print(f"{n} checked, {bad} bad")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
