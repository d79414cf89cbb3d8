#!/bin/sh
# B, W, BxB and BxBB of two builds of bitdoku-classify's `agree` example, side by side: each
# file is run by A then B (three times for the 292 Sample40 puzzles with B <= 12, A B A B A B), one thread, niced.
# `agree MEASURE FILE [LINES]` prints the lines that differ from Berthier's value, the
# agreement and the wall and CPU (CLOCK_THREAD_CPUTIME_ID) per puzzle: mean, median, p99, max.
# Usage (from the repository root), e.g. with main's build as A:
#   git stash; cargo build --release -p bitdoku-classify --example agree
#   cp target/release/examples/agree /tmp/agree_a; git stash pop
#   cargo build --release -p bitdoku-classify --example agree
#   cp target/release/examples/agree /tmp/agree_b
#   sh results/2026-11-29-classify-speed-4/ab.sh /tmp/agree_a /tmp/agree_b [OUT]
set -e
A=$1
B=$2
OUT=${3:-/tmp/classify-speed-4}
D=$(cd ../shared/reference/berthier && pwd)
mkdir -p "$OUT" && cd "$OUT"
awk '$2 <= 12' "$D/eleven_sample40_min_B.txt" > s40b12.txt
head -6000 "$D/royle17_W.txt" > royle6k.txt
head -60 "$D/eleven_sample40_min_BxB.txt" > bxb60.txt
t() { /usr/bin/time -f "user %U s sys %S s wall %e s" nice "$@" 2>&1; }
for r in 1 2 3; do
  for x in A B; do eval "bin=\$$x"; echo "== $x s40b12 run $r"; t "$bin" b s40b12.txt; done
done
for x in A B; do eval "bin=\$$x"; echo "== $x dob39c"; t "$bin" b "$D/dob39c_B.txt"; done
for x in A B; do eval "bin=\$$x"; echo "== $x royle6k W"; t "$bin" w royle6k.txt; done
for x in A B; do eval "bin=\$$x"; echo "== $x bxb60"; t "$bin" bxb bxb60.txt; done
for x in A B; do eval "bin=\$$x"; echo "== $x bxbb6"; t "$bin" bxbb "$D/monhard_TE3_BxBB.txt" 6; done
