#!/usr/bin/env python3
"""Measures bitdoku-spark against one-machine bitdoku on the same file.

For each workload (bitdoku arguments), on INPUT:
- `bitdoku solve --threads 1` and `--threads 2` on this machine (wall time);
- bitdoku-spark on a standalone cluster of 1 worker and of 2 workers (1 core each), started
  here: the wall time of the whole command (JVM, SparkContext, executors, counting pass,
  shuffle, solving, writing) and the time of the solving job alone (from Spark's REST API:
  the job that writes the output), and checks the output equals the one-machine output.

Writes OUT/raw.csv and prints a markdown table. Run with the Python that has pyspark:
    target/spark-venv/bin/python scripts/spark_bench.py INPUT OUT [--repeats N]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(REPO, "python", "tests"))
sys.path.insert(0, os.path.join(REPO, "python"))

from cluster import StandaloneCluster  # noqa: E402

WORKLOADS = {"solve": [], "solve --logic": ["--logic"]}


def one_machine(bitdoku, src, args, threads):
    """Wall seconds and output of `bitdoku solve ARGS --threads T < src`."""
    with open(src, "rb") as f:
        start = time.monotonic()
        done = subprocess.run(
            [bitdoku, "solve", *args, "--threads", str(threads)], stdin=f, capture_output=True
        )
        return time.monotonic() - start, done.stdout


def on_spark(cluster, bitdoku, src, args, workdir):
    """Wall seconds of the whole bitdoku-spark command, seconds of its solving job, output."""
    out = os.path.join(workdir, f"out-{time.monotonic_ns()}")
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "bitdoku_spark", "solve", "--master", cluster.master_url,
         "--ship", bitdoku, "--conf", "spark.ui.showConsoleProgress=false",
         "--conf", "spark.eventLog.enabled=false", src, out, *args],
        capture_output=True, env=env,
    )
    wall = time.monotonic() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr.decode(errors="replace")[-3000:])
    m = re.search(rb"solving job ([0-9.]+)s", done.stderr)
    job = float(m.group(1)) if m else float("nan")
    parts = sorted(n for n in os.listdir(out) if n.startswith("part-"))
    data = b"".join(open(os.path.join(out, n), "rb").read() for n in parts)
    return wall, job, data


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input")
    p.add_argument("out")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--bitdoku", default=os.path.join(REPO, "target", "release", "bitdoku"))
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    lines = sum(1 for _ in open(a.input, "rb"))
    rows = []
    work = tempfile.mkdtemp(prefix="bitdoku-spark-bench-")
    reference = {}
    for name, args in WORKLOADS.items():
        for threads in (1, 2):
            for r in range(a.repeats):
                wall, out = one_machine(a.bitdoku, a.input, args, threads)
                reference[name] = out
                rows.append(dict(workload=name, runner=f"bitdoku --threads {threads}", repeat=r,
                                 wall_s=round(wall, 3), job_s="", puzzles=lines))
                print(rows[-1], flush=True)
    for workers in (1, 2):
        with StandaloneCluster(workers=workers, cores=1, memory="1g") as c:
            for name, args in WORKLOADS.items():
                for r in range(a.repeats):
                    wall, job, out = on_spark(c, a.bitdoku, a.input, args, work)
                    if out != reference[name]:
                        raise SystemExit(f"{name}: Spark output differs from one machine")
                    rows.append(dict(workload=name, runner=f"spark {workers} worker(s)", repeat=r,
                                     wall_s=round(wall, 3), job_s=round(job, 3), puzzles=lines))
                    print(rows[-1], flush=True)
    with open(os.path.join(a.out, "raw.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("\n| workload | runner | median wall s | puzzles/s (wall) | median solving job s | puzzles/s (job) |")
    print("|---|---|---:|---:|---:|---:|")
    for name in WORKLOADS:
        for runner in dict.fromkeys(r["runner"] for r in rows):
            sel = [r for r in rows if r["workload"] == name and r["runner"] == runner]
            wall = sorted(r["wall_s"] for r in sel)[len(sel) // 2]
            jobs = sorted(r["job_s"] for r in sel if r["job_s"] != "")
            job = jobs[len(jobs) // 2] if jobs else None
            print(f"| {name} | {runner} | {wall:.2f} | {lines / wall:,.0f} | "
                  + (f"{job:.2f} | {lines / job:,.0f} |" if job else "- | - |"))


if __name__ == "__main__":
    main()
