#!/bin/sh
# Agreement and speed of `bitdoku-classify` against D. Berthier's published values on the
# shared reference files (../shared/reference/berthier, or $BERTHIER): one summary per
# measure and file (lines that differ, % equal, wall and thread-CPU ms per puzzle).
# Usage: scripts/classify_agreement.sh [LINES]   (LINES: first lines of each file; default all)
# AGREE_SECS=S sets a per-puzzle wall-clock budget (a cut puzzle counts as different).
set -eu
R=${BERTHIER:-../shared/reference/berthier}
N=${1:-1000000}
cargo build --release -q -p bitdoku-classify --example agree
A=target/release/examples/agree
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# TE of every file: the W file's 0 stays 0 and its other values are T&E(1); the B files are
# T&E(1), the BxB files T&E(2), the BxBB file T&E(3).
awk '{print $1, ($2 == 0 ? 0 : 1)}' "$R/royle17_W.txt" > "$T/royle_te.txt"
for f in dob39c_B eleven_sample40_min_B; do awk '{print $1, 1}' "$R/$f.txt" > "$T/${f}_te.txt"; done
for f in eleven_sample40_min_BxB eleven_BxB; do awk '{print $1, 2}' "$R/$f.txt" > "$T/${f}_te.txt"; done
awk '{print $1, 3}' "$R/monhard_TE3_BxBB.txt" > "$T/monhard_te.txt"
$A te "$R/eleven_sample40_min_TE.txt" "$N" | tail -n 3
for f in "$T"/*_te.txt; do $A te "$f" "$N" | tail -n 3; done
$A w "$R/royle17_W.txt" "$N" | tail -n 3
$A b "$R/dob39c_B.txt" "$N" | tail -n 3
awk '$2 <= 12' "$R/eleven_sample40_min_B.txt" > "$T/sample40_B_le12.txt"
$A b "$T/sample40_B_le12.txt" "$N" 12 | tail -n 3
$A bxb "$R/eleven_sample40_min_BxB.txt" "$N" | tail -n 3
$A bxb "$R/eleven_BxB.txt" "$N" | tail -n 3
$A bxbb "$R/monhard_TE3_BxBB.txt" "$N" | tail -n 3
