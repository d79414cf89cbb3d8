#!/usr/bin/env python3
"""Thread scaling of `solve`: for each round, runs `BIN solve --threads 1 FILE` and
`--threads 2` for each binary (alternating), whole process, each run after the machine looks
idle (both cores at least 90% idle over half a second; after 60 s of waiting the run goes
ahead and is marked busy), and prints elapsed seconds and peak RSS per run, then the medians,
the 2/1 speed-up of the medians and of the fastest runs.

    scaling.py --rounds 5 --file /tmp/gen1m.txt OLD NEW
"""

import argparse
import statistics
import subprocess
import time


def idle_fraction(seconds=0.5):
    def snap():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return v[3] + v[4], sum(v)

    i0, t0 = snap()
    time.sleep(seconds)
    i1, t1 = snap()
    return (i1 - i0) / max(1, t1 - t0)


def run(binary, threads, path):
    cmd = ["/usr/bin/time", "-f", "%e %M", binary, "solve", "--threads", str(threads), path]
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    secs, rss = r.stderr.strip().splitlines()[-1].split()
    return float(secs), int(rss)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--file", required=True)
    ap.add_argument("bins", nargs="+")
    a = ap.parse_args()
    times = {(b, t): [] for b in a.bins for t in (1, 2)}
    rss = {(b, t): [] for b in a.bins for t in (1, 2)}
    for r in range(a.rounds):
        for t in (1, 2):
            order = a.bins if r % 2 == 0 else list(reversed(a.bins))
            for b in order:
                waited = 0.0
                while idle_fraction() < 0.9 and waited < 60:
                    time.sleep(2)
                    waited += 2.5
                note = "" if waited < 60 else " (machine busy)"
                s, m = run(b, t, a.file)
                times[(b, t)].append(s)
                rss[(b, t)].append(m)
                print(f"round {r + 1}{note}: {b} --threads {t}: {s:.2f} s, {m} KB", flush=True)
    print("| binary | 1 thread | 2 threads | 2 / 1 | fastest 1 / fastest 2 | peak RSS (max) |")
    print("|---|---:|---:|---:|---:|---:|")
    for b in a.bins:
        one, two = statistics.median(times[(b, 1)]), statistics.median(times[(b, 2)])
        best = min(times[(b, 1)]) / min(times[(b, 2)])
        peak = max(rss[(b, 1)] + rss[(b, 2)])
        print(
            f"| {b} | {one:.3f} s | {two:.3f} s | {one / two:.3f}x | {best:.3f}x "
            f"| {peak / 1024:.1f} MB |"
        )


if __name__ == "__main__":
    main()
