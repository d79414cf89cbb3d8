#!/bin/sh
# Per-measure times of bitdoku-classify on Berthier's shared files, one thread, one file after
# the other (niced): each output file OUT/NAME.txt holds the agreement and the wall and CPU
# times per puzzle (mean, median, p99, max) that examples/agree.rs prints.
# Usage (from the repository root): cargo build --release -p bitdoku-classify --example agree
#   && sh results/2026-11-28-classify-speed/run.sh [OUT]
set -e
D=$(cd ../shared/reference/berthier && pwd)
A=$(pwd)/target/release/examples/agree
OUT=${1:-/tmp/classify-speed}
mkdir -p "$OUT" && cd "$OUT"
awk '$2 <= 12' "$D/eleven_sample40_min_B.txt" > s40b12.txt
run() { name=$1; shift; echo "== $name: agree $*" > "$name.txt"; /usr/bin/time -f "user %U s, wall %e s" nice "$A" "$@" >> "$name.txt" 2>&1; }
run b_s40b12 b s40b12.txt
run b_dob b "$D/dob39c_B.txt"
run w_royle w "$D/royle17_W.txt"
run te_s40 te "$D/eleven_sample40_min_TE.txt"
run te_bxb te "$D/eleven_sample40_min_BxB.txt"
run te_monhard te "$D/monhard_TE3_BxBB.txt"
run bxb_s40 bxb "$D/eleven_sample40_min_BxB.txt"
run bxbb_monhard40 bxbb "$D/monhard_TE3_BxBB.txt" 40
