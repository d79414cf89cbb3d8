"""Groups a cpu-clock profile of `bitdoku solve` by part of the search (source lines of
crates/brute/src/solver.rs at 4b5a490). Usage: python3 profile_parts.py PERF_DATA"""
import re
import subprocess
import sys

out = subprocess.run(
    ["perf", "report", "-i", sys.argv[1], "--no-children", "--sort", "dso,srcline", "--stdio", "-g", "none"],
    capture_output=True, text=True).stdout


def part(f, l):
    if f == "solver.rs":
        if 72 <= l <= 83 or 142 <= l <= 285 or 348 <= l <= 388:
            return "band step (update, occupancy, row clear)"
        if 389 <= l <= 413:
            return "band step passes (dirty set loop)"
        if 414 <= l <= 477:
            return "naked singles"
        if 58 <= l <= 71 or 478 <= l <= 532:
            return "stack step"
        if 533 <= l <= 561:
            return "propagate loop, is_solved"
        if 585 <= l <= 679:
            return "guess cell, digits, assign"
        if 286 <= l <= 347:
            return "board from masks"
        return "solver.rs, no line" if l == 0 else "solver.rs other"
    if f == "search.rs":
        return "search body (copy, recursion)"
    if f in ("bmi2.rs", "avx2.rs", "avx.rs", "sse2.rs"):
        return "band step (update, occupancy, row clear)"
    return "other inlined helpers (core)"


parts = {}
for line in out.splitlines():
    m = re.match(r"\s*([\d.]+)%\s+(\S+)\s+(\S+?):(\d+)\s*$", line)
    if m:
        p = part(m.group(3), int(m.group(4)))
        if m.group(2).startswith("[") or m.group(2).startswith("lib"):
            p = "outside bitdoku (kernel, libc)"
    else:
        m2 = re.match(r"\s*([\d.]+)%\s+(\S+)", line)
        if not m2 or line.startswith("#"):
            continue
        p = "outside bitdoku (kernel, libc)" if m2.group(2).startswith(("[", "lib")) else "other"
        parts[p] = parts.get(p, 0) + float(m2.group(1))
        continue
    parts[p] = parts.get(p, 0) + float(m.group(1))
for k, v in sorted(parts.items(), key=lambda x: -x[1]):
    print(f"| {k} | {v:.1f}% |")
