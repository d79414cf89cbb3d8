#!/usr/bin/env python3
"""Byte-identity check of two `bitdoku` builds on the bundled corpora (issue 38).

Runs `rate` (default line and `--format '%g ED=%r/%p/%d'`), `solve --json --trace`,
`hint --json`, `check`, `canon` and `generate --seed S [--json]` with a BEFORE and an AFTER
binary on every corpus of `datasets/`, compares the outputs line by line (JSON lines also with
their keys sorted, as `jq -S` would), and classifies every differing line by cause.

Causes come from intermediate builds given with `--mid LABEL=BINARY` (in commit order): the
input lines whose output differs are run again through each intermediate binary (the other
lines blanked, so line numbers stay), and a line is attributed to the hop(s) where its output
changed, then to a cause by what changed in it (see `classify`). A difference that matches no
known cause is reported as UNEXPLAINED.

The commands that run the Sudoku Explainer model or the whole HoDoKu path (`rate`, `solve
--json --trace`, `check`) run on every K-th line of the larger corpora (`--steps`, defaults in
DEFAULT_STEPS; `--steps CORPUS=1` for a whole file); `hint`, `canon` and `generate` on whole
files. Runs whose outputs already exist in OUT are not repeated, so a long check can be
resumed or extended.

    scripts/identity_check.py BEFORE AFTER OUT [--mid m1=BIN --mid m2=BIN] [--only SUBSTR]

Writes OUT/<label>/<job>.{out,err,rc,cpu} and OUT/summary.md (the table) and
OUT/differences.tsv (every differing line with its cause). Needs Python 3.8+ only.
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATASETS = REPO / "datasets"

CORPORA = [
    "forum_hardest_1106",
    "forum_hardest_1905_11plus",
    "generated_minimal_10k",
    "magictour_top1465",
    "norvig_hardest",
    "norvig_top95",
    "serg_benchmark",
    "sudoku17_royle_49158",
    "tdoku_test_puzzles_with_counts",
]

# Commands per job kind; IN is replaced by the input file.
COMMANDS = {
    "rate": ["rate", "IN", "--threads", "2"],
    "ratefmt": ["rate", "IN", "--format", "%g ED=%r/%p/%d", "--threads", "2"],
    "json": ["solve", "IN", "--json", "--trace", "--threads", "2"],
    "hint": ["hint", "IN", "--json", "--threads", "2"],
    "check": ["check", "IN", "--threads", "2"],
    "canon": ["canon", "IN", "--threads", "2"],
}
# Commands that run the SE model or HoDoKu's whole path (the old `solve --json` rated every
# row): on a shared two-core machine these run on every K-th line of the larger corpora.
HEAVY = {"rate", "ratefmt", "json", "check"}
DEFAULT_STEPS = {
    "forum_hardest_1106": 15,
    "forum_hardest_1905_11plus": 1626,
    "generated_minimal_10k": 20,
    "magictour_top1465": 5,
    "serg_benchmark": 20,
    "sudoku17_royle_49158": 100,
}
GENERATE = [(1, 50), (2, 50), (38, 20), (46, 20)]


def sample_file(out, corpus, step):
    """The corpus with every line but each step-th blanked (line numbers are kept)."""
    path = out / "in" / f"{corpus}.s{step}.txt"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = (DATASETS / f"{corpus}.txt").read_text().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        kept = [l if i % step == 0 else "" for i, l in enumerate(lines)]
        path.write_text("\n".join(kept) + "\n")
    return path


def jobs(out, args):
    """(name, argv with IN resolved, input path or None)."""
    result = []
    steps = dict(DEFAULT_STEPS)
    for item in args.steps.split(",") if args.steps else []:
        corpus, step = item.split("=")
        steps[corpus] = int(step)
    for corpus in CORPORA:
        for kind, argv in COMMANDS.items():
            inp = DATASETS / f"{corpus}.txt"
            name = corpus
            if kind in HEAVY and steps.get(corpus, 1) > 1:
                inp = sample_file(out, corpus, steps[corpus])
                name = f"{corpus}.s{steps[corpus]}"
            result.append((f"{name}.{kind}", [str(inp) if a == "IN" else a for a in argv], inp))
    for seed, count in GENERATE:
        base = ["generate", "--seed", str(seed), "--count", str(count), "--threads", "2"]
        result.append((f"generate.s{seed}.n{count}", base, None))
        result.append((f"generate.s{seed}.n{count}.json", base + ["--json"], None))
    return result


def run(binary, argv, prefix):
    """Runs one job, keeping stdout, stderr, exit status and CPU seconds."""
    if Path(f"{prefix}.rc").exists():
        return
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    with open(f"{prefix}.out", "wb") as o, open(f"{prefix}.err", "wb") as e:
        rc = subprocess.call(["nice", binary] + argv, stdout=o, stderr=e)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    Path(f"{prefix}.cpu").write_text(f"{cpu:.2f} {time.time() - start:.2f}\n")
    Path(f"{prefix}.rc").write_text(f"{rc}\n")


def read_lines(path):
    data = Path(path).read_bytes().decode("utf-8", "replace")
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def puzzle_lines(path):
    """0-based indices of the input lines that give an output line (not blank, not '#')."""
    return [i for i, l in enumerate(read_lines(path)) if l.strip() and not l.lstrip().startswith("#")]


def canon_json(line):
    try:
        return json.dumps(json.loads(line), sort_keys=True)
    except ValueError:
        return None


RATE_RE = re.compile(r"^(?P<head>\S+ #\d+) (?P<level>\S+) \((?P<score>-?\d+)\) ED=(?P<ed>[0-9./]+)(?P<bf> bf)?$")
FMT_RE = re.compile(r"^(?P<head>.*) ED=(?P<ed>[0-9./]+)$")
NUMBERED = re.compile(r"line \d+: ")
RATING_KEYS = {"score", "level", "er", "ep", "ed"}


def explosive_ids():
    """Technique ids whose registry row's cost class may explode (not `Cost::Light`), read
    from the technique files: issue 46 runs them only on puzzles with one solution."""
    src = REPO / "crates" / "strategies" / "src"
    names = dict(re.findall(r'^\s+([A-Z][A-Za-z0-9]*) = "([a-z0-9-]+)",', (src / "id.rs").read_text(), re.M))
    ids = set()
    for f in src.rglob("*.rs"):
        for block in re.findall(r"Technique \{(.*?)\n\};", f.read_text(), re.S):
            m, c = re.search(r"id: TechniqueId::(\w+)", block), re.search(r"cost: Cost::(\w+)", block)
            if m and c and c.group(1) != "Light" and m.group(1) in names:
                ids.add(names[m.group(1)])
    return ids


EXPLOSIVE = explosive_ids()


def signature(kind, b, a):
    """What changed between two output lines, as a short tag."""
    if b.startswith("error") or a.startswith("error") or " error: " in b or " error: " in a:
        if NUMBERED.sub("", a) == b or NUMBERED.sub("", a) == NUMBERED.sub("", b) and "line " in a and "line " not in b:
            return "error-numbered"
        return f"error-text [{b[-60:]} -> {a[-60:]}]"
    if kind == "rate":
        mb, ma = RATE_RE.match(b), RATE_RE.match(a)
        if mb and ma:
            parts = []
            if (mb["level"], mb["score"], mb["bf"]) != (ma["level"], ma["score"], ma["bf"]):
                parts.append("hodoku-level" if mb["level"] != ma["level"] else "hodoku-score")
            if mb["ed"] != ma["ed"]:
                parts.append("se-rating")
            return "+".join(parts) or "format"
    if kind == "ratefmt":
        mb, ma = FMT_RE.match(b), FMT_RE.match(a)
        if mb and ma and mb["head"] == ma["head"]:
            return "se-rating"
    if kind in ("json", "hint") or kind.endswith(".json"):
        try:
            jb, ja = json.loads(b), json.loads(a)
        except ValueError:
            return "not-json"
        keys = sorted(k for k in set(jb) | set(ja) if jb.get(k) != ja.get(k))
        if set(keys) <= RATING_KEYS | {"granularity"} and all(k not in ja for k in RATING_KEYS):
            return "json-no-rating"
        sb, sa = jb.get("steps"), ja.get("steps")
        if (
            ja.get("status") == "multiple_solutions"
            and isinstance(sb, list)
            and isinstance(sa, list)
            and len(sa) < len(sb)
            and sb[: len(sa)] == sa
            and set(keys) <= RATING_KEYS | {"granularity", "steps"}
        ):
            return "json-multi-prefix"
        if (
            jb.get("status") == ja.get("status") == "multiple_solutions"
            and isinstance(sb, list)
            and isinstance(sa, list)
            and set(keys) <= RATING_KEYS | {"granularity", "steps"}
        ):
            n = next((i for i, (x, y) in enumerate(zip(sb, sa)) if x != y), min(len(sb), len(sa)))
            if n < len(sb) and sb[n].get("technique") in EXPLOSIVE:
                return "json-multi-explosive"
        if kind == "hint" and set(keys) <= {"status", "step", "error"}:
            return f"hint-status[{jb.get('status')}->{ja.get('status')}]"
        if keys == ["steps"] or set(keys) <= {"steps", "status", "solution", "fallback", "state"} | RATING_KEYS:
            return "json-steps" + ("+rating" if set(keys) & RATING_KEYS else "")
        return "json-keys[" + ",".join(keys) + "]"
    if kind == "check":
        return "check-counts"
    return "text"


# The hops between the builds of the default check (see results/2026-11-28-identity-full):
# before = 1d1d087, m1 = 224db46 (the redesign's model crates, registry rows, StepChoice and
# present crate, with issue 46's stall branch, classify, python, benchpage, canon, refs),
# m2 = 76bc7a4 (plus hodoku-nets = issue 40, hint's multi-solution fix, classify2, se-exact =
# issue 39, hunt), after = the branch (plus 4776111, the net tables' file split).
ISSUE46 = "issue 46: count first, explosive techniques only on one-solution puzzles (stall merge 2d08e50)"


def hop_cause(hop, sig):
    """The cause of a change of signature `sig` between two consecutive builds (without
    intermediate builds, `before>after`: a cause guessed from the signature, marked so)."""
    c = _hop_cause(hop, sig)
    if hop == "before>after" and not c.startswith("UNEXPLAINED"):
        return c + " [by signature only]"
    return c


def _hop_cause(hop, sig):
    if sig == "error-numbered":
        return "numbered error lines (3427ab9, benchpage merge 82b2e86)"
    if sig == "json-no-rating":
        return "issue 46: solve --json rates only with --rate (stall merge 2d08e50)"
    if hop.startswith("before>") and sig in ("json-multi-prefix", "json-multi-explosive", "check-counts"):
        return ISSUE46
    if hop.startswith("before>") and sig.startswith("hint-status[step->no_step]"):
        return ISSUE46
    if hop == "m1>m2" or (hop == "before>after" and sig.startswith(("hodoku", "se-rating"))):
        if sig.startswith("hint-status"):
            return "16adbf6: hint counts a puzzle with several solutions and no step as such"
        if sig.startswith("hodoku") and "se-rating" in sig:
            return "issues 40 and 39: HoDoKu net tables (45b22c5) and SE nested chains (1614871)"
        if sig.startswith("hodoku") or sig.startswith("json-steps") or sig == "check-counts":
            return "issue 40: HoDoKu forcing-net tables (hodoku-nets merge 45b22c5)"
        if sig == "se-rating":
            return "issue 39: SE nested chains counted as SE does (se-exact merge 1614871)"
    return f"UNEXPLAINED ({hop}: {sig})"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("out")
    p.add_argument("--mid", action="append", default=[], help="LABEL=BINARY, in commit order")
    p.add_argument("--only", help="run and compare only jobs whose name contains this")
    p.add_argument(
        "--steps",
        help="CORPUS=K,...: heavy commands on every K-th line (1 = whole file); "
        f"default {','.join(f'{c}={k}' for c, k in DEFAULT_STEPS.items())}",
    )
    p.add_argument("--no-run", action="store_true", help="compare what is already in OUT")
    args = p.parse_args()
    out = Path(args.out)
    mids = [m.split("=", 1) for m in args.mid]
    chain = [("before", args.before)] + mids + [("after", args.after)]
    for label, _ in chain:
        (out / label).mkdir(parents=True, exist_ok=True)
    todo = [j for j in jobs(out, args) if not args.only or args.only in j[0]]

    # 1. before and after, alternating, every job.
    if not args.no_run:
        for name, argv, _ in todo:
            for label, binary in (chain[0], chain[-1]):
                run(binary, argv, out / label / name)

    rows, diffs = [], []
    for name, argv, inp in todo:
        kind = name.split(".")[-1] if not name.startswith("generate.") else ("generate.json" if name.endswith("json") else "generate")
        pb, pa = out / "before" / name, out / "after" / name
        if not (Path(f"{pb}.rc").exists() and Path(f"{pa}.rc").exists()):
            rows.append((name, "not run", "", "", {}, ""))
            continue
        lb, la = read_lines(f"{pb}.out"), read_lines(f"{pa}.out")
        rcs = (Path(f"{pb}.rc").read_text().strip(), Path(f"{pa}.rc").read_text().strip())
        cpu = tuple(Path(f"{x}.cpu").read_text().split()[0] for x in (pb, pa))
        identical = sum(1 for x, y in zip(lb, la) if x == y)
        sorted_same = 0
        differing = []
        for i, (x, y) in enumerate(zip(lb, la)):
            if x == y:
                continue
            if kind in ("json", "hint", "generate.json") and canon_json(x) is not None and canon_json(x) == canon_json(y):
                sorted_same += 1
                continue
            differing.append(i)
        # 2. intermediate builds on the differing lines only.
        mid_lines = {}
        if differing and mids and inp is not None and kind != "check":
            idx = puzzle_lines(inp)
            src = read_lines(inp)
            keep = {idx[i] for i in differing}
            sub = out / "in" / f"{name}.diff.txt"
            sub.write_text("\n".join(l if j in keep else "" for j, l in enumerate(src)) + "\n")
            sub_argv = [str(sub) if a == str(inp) else a for a in argv]
            for label, binary in mids:
                prefix = out / label / f"{name}.diff"
                if not args.no_run:
                    run(binary, sub_argv, prefix)
                got = read_lines(f"{prefix}.out") if Path(f"{prefix}.out").exists() else []
                mid_lines[label] = dict(zip(differing, got))
        elif differing and mids and (kind == "check" or inp is None):
            for label, binary in mids:
                prefix = out / label / name
                if not args.no_run:
                    run(binary, argv, prefix)
                got = read_lines(f"{prefix}.out") if Path(f"{prefix}.out").exists() else []
                mid_lines[label] = {i: got[i] for i in differing if i < len(got)}
        causes = {}
        for i in differing:
            seq = [("before", lb[i])] + [(m, mid_lines.get(m, {}).get(i)) for m, _ in mids] + [("after", la[i])]
            seq = [(l, v) for l, v in seq if v is not None]
            hops, sigs, found = [], [], []
            for (l1, v1), (l2, v2) in zip(seq, seq[1:]):
                same = v1 == v2 or (kind in ("json", "hint", "generate.json") and canon_json(v1) == canon_json(v2))
                if not same:
                    hop = f"{l1}>{l2}"
                    sig = "check-counts" if kind == "check" else signature(kind, v1, v2)
                    hops.append(hop)
                    sigs.append(sig)
                    if hop_cause(hop, sig) not in found:
                        found.append(hop_cause(hop, sig))
            c = " + ".join(found)
            causes[c] = causes.get(c, 0) + 1
            diffs.append((name, i + 1, "+".join(hops), "+".join(sigs), c, lb[i][:200], la[i][:200]))
        extra = ""
        if len(lb) != len(la):
            extra = f"line counts {len(lb)} vs {len(la)}"
        if rcs[0] != rcs[1]:
            extra += f" exit {rcs[0]} vs {rcs[1]}"
        rows.append((name, len(lb), identical, sorted_same, causes, f"{cpu[0]}/{cpu[1]} {extra}".strip()))

    with open(out / "summary.md", "w") as f:
        f.write("| job | lines | identical | same after key sort | differing, by cause | CPU s before/after |\n")
        f.write("|---|---:|---:|---:|---|---|\n")
        for name, n, ident, ks, causes, cpu in rows:
            cs = "; ".join(f"{v} {k}" for k, v in sorted(causes.items(), key=lambda kv: -kv[1])) if causes else "0"
            f.write(f"| {name} | {n} | {ident} | {ks} | {cs} | {cpu} |\n")
    with open(out / "differences.tsv", "w") as f:
        f.write("job\toutput_line\thops\tsignature\tcause\tbefore\tafter\n")
        for d in diffs:
            f.write("\t".join(str(x).replace("\t", " ") for x in d) + "\n")
    sys.stdout.write((out / "summary.md").read_text())
    unexplained = sum(1 for d in diffs if d[4].startswith("UNEXPLAINED"))
    print(f"{len(diffs)} differing lines, {unexplained} unexplained")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
