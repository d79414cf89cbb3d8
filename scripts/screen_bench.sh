#!/usr/bin/env bash
# Side-by-side CPU time of `bitdoku rate` with and without a screening filter, on the puzzles
# the filter rejects (results/2026-11-28-screen/README.md). Usage:
#   scripts/screen_bench.sh BIN FILE COUNT REPS FILTER...   (e.g. --ed 7.0-)
# Prints: rejected puzzles, then per rep the full and screened user+sys CPU seconds.
set -euo pipefail
bin=$1 file=$2 count=$3 reps=$4; shift 4
tmp=$(mktemp -d)
head -n "$count" "$file" > "$tmp/all.txt"
"$bin" rate --threads 1 "$@" --format '%g' "$tmp/all.txt" 2>/dev/null |
    grep ' out: ' | cut -c1-81 > "$tmp/rejected.txt" || true
echo "filter: $* on $count of $(basename "$file"): $(wc -l < "$tmp/rejected.txt") rejected"
cpu() { /usr/bin/time -f '%U %S' "$@" > /dev/null 2> "$tmp/t"; awk 'END{print $1+$2}' "$tmp/t"; }
for r in $(seq "$reps"); do
    full=$(cpu "$bin" rate --threads 1 --format '%g ED=%r/%p/%d' "$tmp/rejected.txt")
    screened=$(cpu "$bin" rate --threads 1 "$@" --format '%g ED=%r/%p/%d' "$tmp/rejected.txt")
    echo "rep $r: full ${full}s screened ${screened}s"
done
rm -r "$tmp"
