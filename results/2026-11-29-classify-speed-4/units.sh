#!/bin/sh
# Exactness of a build of bitdoku-classify's `agree` example against Berthier's files, and
# whether it runs the same search as another build: each file is run by A and B with
# AGREE_EACH=1 (one line per puzzle: value found, CPU, work units), niced, one thread.
# Prints each run's agreement line and how many lines differ in value or in work units
# between A and B (0 units differing: the same search, node for node).
# Files: the 292 Sample40 T&E(1) puzzles with B <= 12 (B), dob39c_B.txt (B), the first 3,000
# Royle W lines (W), the first 60 Sample40 BxB lines (BxB), the first 6 Monhard (BxBB).
# Usage (from the repository root): sh results/2026-11-29-classify-speed-4/units.sh A B [OUT]
set -e
A=$1
B=$2
OUT=${3:-/tmp/classify-speed-4-units}
D=$(cd ../shared/reference/berthier && pwd)
mkdir -p "$OUT" && cd "$OUT"
awk '$2 <= 12' "$D/eleven_sample40_min_B.txt" > s40b12.txt
head -3000 "$D/royle17_W.txt" > royle3k.txt
head -60 "$D/eleven_sample40_min_BxB.txt" > bxb60.txt
head -6 "$D/monhard_TE3_BxBB.txt" > bxbb6.txt
for job in "b s40b12.txt" "b $D/dob39c_B.txt" "w royle3k.txt" "bxb bxb60.txt" "bxbb bxbb6.txt"; do
  set -- $job
  name=$(basename "$2" .txt)
  for x in A B; do
    eval "bin=\$$x"
    AGREE_EACH=1 nice "$bin" "$1" "$2" 2> "$name.$x.each" | grep equal | sed "s|^|$x: |"
  done
  printf '%s: lines differing in value or units: %s\n' "$name" \
    "$(paste -d' ' "$name.A.each" "$name.B.each" | awk '$6 != $16 || $10 != $20' | wc -l)"
done
