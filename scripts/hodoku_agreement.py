#!/usr/bin/env python3
"""Agreement of `bitdoku rate --preset hodoku` with HoDoKu 2.2.0's `/bs` output.

Reads HoDoKu reference files (`PUZZLE #N Level (score)[ bf]` followed by the path, one step per
line indented by three spaces), rates the same puzzles with bitdoku in single granularity and
reports, per file and in total, how often the level and the score are equal:

- on all puzzles;
- on the puzzles bitdoku solves without the brute-force fallback;
- on the puzzles whose HoDoKu path uses only techniques that bitdoku's `hodoku` preset has
  (the subset that can be expected to match before chains, colouring and ALS land).

With `--paths N` it also prints, for the first N puzzles whose score differs, the first step
where the two paths part (technique or effects: placements and eliminations), with a cause,
and counts the causes; the path equality is counted on the last subset.

    scripts/hodoku_agreement.py ../shared/reference/hodoku/*.hodoku.txt
"""

import argparse
import re
import subprocess
import sys

# HoDoKu's step names -> bitdoku technique ids (only techniques bitdoku implements).
HODOKU_NAMES = {
    "Full House": "full-house",
    "Naked Single": "naked-single",
    "Hidden Single": "hidden-single",
    "Locked Pair": "locked-pair",
    "Locked Triple": "locked-triple",
    "Locked Candidates Type 1 (Pointing)": "locked-candidates-pointing",
    "Locked Candidates Type 2 (Claiming)": "locked-candidates-claiming",
    "Naked Pair": "naked-pair",
    "Naked Triple": "naked-triple",
    "Naked Quadruple": "naked-quad",
    "Hidden Pair": "hidden-pair",
    "Hidden Triple": "hidden-triple",
    "Hidden Quadruple": "hidden-quad",
    "X-Wing": "x-wing",
    "Swordfish": "swordfish",
    "Jellyfish": "jellyfish",
    "Bivalue Universal Grave + 1": "bug-plus-one",
    "Skyscraper": "skyscraper",
    "2-String Kite": "two-string-kite",
    "Turbot Fish": "turbot-fish",
    "Empty Rectangle": "empty-rectangle",
    "W-Wing": "w-wing",
    "XY-Wing": "xy-wing",
    "XYZ-Wing": "xyz-wing",
    "Uniqueness Test 1": "unique-rectangle-1",
    "Uniqueness Test 2": "unique-rectangle-2",
    "Uniqueness Test 3": "unique-rectangle-3",
    "Uniqueness Test 4": "unique-rectangle-4",
    "Uniqueness Test 5": "unique-rectangle-5",
    "Uniqueness Test 6": "unique-rectangle-6",
    "Hidden Rectangle": "hidden-rectangle",
    "Avoidable Rectangle Type 1": "avoidable-rectangle-1",
    "Avoidable Rectangle Type 2": "avoidable-rectangle-2",
    "Finned X-Wing": "finned-x-wing",
    "Sashimi X-Wing": "sashimi-x-wing",
    "Finned Swordfish": "finned-swordfish",
    "Sashimi Swordfish": "sashimi-swordfish",
    "Finned Jellyfish": "finned-jellyfish",
    "Sashimi Jellyfish": "sashimi-jellyfish",
    "Remote Pair": "remote-pair",
    "Simple Colors Trap": "simple-colors",
    "Simple Colors Wrap": "simple-colors",
    "Multi Colors 1": "multi-colors",
    "Multi Colors 2": "multi-colors",
    "X-Chain": "x-chain",
    "XY-Chain": "xy-chain",
    "Sue de Coq": "sue-de-coq",
    "Almost Locked Set XZ-Rule": "als-xz",
    "Almost Locked Set XY-Wing": "als-xy-wing",
    "Almost Locked Set Chain": "als-chain",
    "Discontinuous Nice Loop": "aic",
    "Continuous Nice Loop": "aic",
    "AIC": "aic",
    "Grouped Discontinuous Nice Loop": "grouped-aic",
    "Grouped Continuous Nice Loop": "grouped-aic",
    "Grouped AIC": "grouped-aic",
    "Franken X-Wing": "franken-x-wing",
    "Franken Swordfish": "franken-swordfish",
    "Finned Franken X-Wing": "finned-franken-x-wing",
    "Finned Franken Swordfish": "finned-franken-swordfish",
    "Forcing Chain": "forcing-chain",
    "Forcing Net": "forcing-net",
    "Brute Force": "brute-force",
}

HEAD = re.compile(r"^(\S{81}) #(\d+) (\w+) \((\d+)\)( bf)?$")
SINGLES = {"full-house", "naked-single", "hidden-single"}


def read_reference(path):
    """[(puzzle, level, score, [(hodoku name, text)])] in file order."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            m = HEAD.match(line)
            if m:
                out.append((m.group(1), m.group(3), int(m.group(4)), []))
            elif line.startswith("   ") and out:
                text = line.strip()
                name = re.split(r":| =>", text, maxsplit=1)[0].strip()
                # "Forcing Chain Contradiction in r8 => ...", "Forcing Net Verity => ...".
                name = re.sub(r"^(Forcing (Chain|Net)) .*", r"\1", name)
                out[-1][3].append((name, text))
    return out


def rate(bitdoku, puzzles, paths):
    """bitdoku's (level, score, bf, [(id, explanation)]) per puzzle."""
    args = [bitdoku, "rate", "--preset", "hodoku", "--approx-se", "--format", "=%L|%s|%b"]
    if paths:
        args += ["--after", "+%k|%x"]
    res = subprocess.run(args, input="\n".join(puzzles) + "\n", capture_output=True, text=True)
    if res.returncode not in (0, 1):
        sys.exit(f"bitdoku failed: {res.stderr}")
    out, steps = [], []
    for line in res.stdout.splitlines():
        if line.startswith("+"):
            tid, text = line[1:].split("|", 1)
            steps.append((tid, text))
        elif line.startswith("="):
            level, score, bf = line[1:].split("|")
            out.append((level, int(score), bf == " bf", steps))
            steps = []
        else:
            out.append((line, -1, False, []))
    return out


def implemented(bitdoku):
    res = subprocess.run([bitdoku, "techniques"], capture_output=True, text=True, check=True)
    for line in res.stdout.splitlines():
        if line.startswith("preset hodoku:"):
            i = res.stdout.splitlines().index(line)
            return set(res.stdout.splitlines()[i + 1].strip().split(",")) | {"brute-force"}
    sys.exit("no hodoku preset in `bitdoku techniques`")


def effect(text):
    """The placement of a single: `r1c9=2`."""
    m = re.search(r"(r\dc\d=\d)\s*$", text)
    return m.group(1) if m else ""


def effects(text):
    """The set of a step's effects, `(row, col, digit, "=" or "<>")`, from HoDoKu's wording
    (`r236c8<>4`, `r8c2,r9c78<>2`, `r9c9<>4, r9c9<>5`, `r5c6=7`) or bitdoku's."""
    tail = text.rsplit("=>", 1)[1] if "=>" in text else text.rsplit(":", 1)[-1]
    out = set()
    for cells, op, digits in re.findall(r"((?:r\d+c\d+,?)+)(<>|=)(\d+)", tail):
        for rows, cols in re.findall(r"r(\d+)c(\d+)", cells):
            for r in rows:
                for c in cols:
                    for d in digits:
                        out.add((int(r), int(c), int(d), op))
    return frozenset(out)


def divergence(ref_steps, ours):
    """(category, description) of the first step where the paths part (technique or effects),
    or None. The category names the technique (or tie-break) that decided the divergence."""
    last = None
    for i, ((name, text), (tid, ours_text)) in enumerate(zip(ref_steps, ours)):
        want = HODOKU_NAMES.get(name, "?")
        same_fx = effects(text) == effects(ours_text)
        if want == tid and same_fx:
            if tid not in SINGLES:
                last = (name, tid, i)
            continue
        desc = f"step {i + 1}: HoDoKu `{text}` / bitdoku `{tid}: {ours_text}`"
        if last is not None:
            desc += f" (last non-single step {last[2] + 1}: {last[1]})"
        if want in SINGLES and tid in SINGLES:
            cat = f"singles order after {last[1] if last else 'the start'}"
        elif want == tid:
            cat = f"{tid}: other instance"
        elif want == "?":
            cat = f"HoDoKu uses {name} (not in bitdoku)"
        elif want in SINGLES or tid in SINGLES:
            cat = f"single vs {tid if want in SINGLES else want}: " + (
                f"HoDoKu {want} / bitdoku {tid}")
        else:
            cat = f"technique: HoDoKu {want} / bitdoku {tid}"
        return cat, desc
    if len(ref_steps) != len(ours):
        n = min(len(ref_steps), len(ours))
        return "path length", f"paths agree for {n} steps (lengths {len(ref_steps)}/{len(ours)})"
    return None


def pct(a, n):
    return f"{a}/{n} ({100.0 * a / n:.1f}%)" if n else "0/0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--bitdoku", default="target/release/bitdoku")
    ap.add_argument("--paths", type=int, default=0,
                    help="also compare the paths (technique and effects of every step), print the "
                    "first N divergences of puzzles whose score differs and count their causes")
    a = ap.parse_args()
    have = implemented(a.bitdoku)
    total = {k: [0, 0, 0] for k in ("all", "no-bf", "hodoku-path-implemented")}
    shown = 0
    causes = {}
    paths = [0, 0]
    print("| file | subset | puzzles | level equal | score equal |")
    print("|---|---|---:|---:|---:|")
    for path in a.files:
        ref = read_reference(path)
        ours = rate(a.bitdoku, [r[0] for r in ref], a.paths > 0)
        counts = {k: [0, 0, 0] for k in total}
        for (puzzle, level, score, steps), (blevel, bscore, bbf, bsteps) in zip(ref, ours):
            names = {HODOKU_NAMES.get(n, "?") for n, _ in steps}
            subsets = ["all"]
            if not bbf:
                subsets.append("no-bf")
            if names <= have:
                subsets.append("hodoku-path-implemented")
            for s in subsets:
                c = counts[s]
                c[0] += 1
                c[1] += level == blevel
                c[2] += score == bscore
            if a.paths:
                d = divergence(steps, bsteps)
                if names <= have:
                    paths[0] += 1
                    paths[1] += d is None
                if d is not None and score != bscore:
                    causes[d[0]] = causes.get(d[0], 0) + 1
                    if shown < a.paths:
                        shown += 1
                        print(f"<!-- {puzzle} HoDoKu {level} ({score}) bitdoku {blevel} "
                              f"({bscore}): [{d[0]}] {d[1]} -->")
        name = path.rsplit("/", 1)[-1]
        for k, (n, lv, sc) in counts.items():
            print(f"| {name} | {k} | {n} | {pct(lv, n)} | {pct(sc, n)} |")
            for i, v in enumerate((n, lv, sc)):
                total[k][i] += v
    for k, (n, lv, sc) in total.items():
        print(f"| **total** | {k} | {n} | {pct(lv, n)} | {pct(sc, n)} |")
    if a.paths:
        print(f"\nPaths equal (technique and effects of every step) on the "
              f"hodoku-path-implemented subset: {pct(paths[1], paths[0])}")
        print("\nFirst divergence of the puzzles whose score differs, by cause:\n")
        print("| cause | puzzles |\n|---|---:|")
        for cause, n in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"| {cause} | {n} |")


if __name__ == "__main__":
    main()
