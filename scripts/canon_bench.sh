#!/usr/bin/env bash
# `bitdoku canon --threads 1` of two builds side by side (alternating whole-process rounds,
# medians of ROUNDS of the user CPU time, which a busy shared machine distorts less than the
# wall clock; the wall-clock medians are printed too), with puzzles per CPU second for each
# and the speed-up; then the two outputs are compared byte for byte. Used for
# results/2026-11-28-canon.
#
#   scripts/canon_bench.sh BEFORE AFTER ROUNDS FILE...
#
# BEFORE and AFTER are bitdoku binaries (build the old one from an earlier commit into a
# scratch folder). Prints a markdown table.
set -euo pipefail
before=$1
after=$2
rounds=$3
shift 3
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "| file | lines | before user s | after user s | before /s | after /s | speed-up | before wall s | after wall s | same output |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for file in "$@"; do
  tb=""
  ta=""
  wb=""
  wa=""
  for _ in $(seq 1 "$rounds"); do
    for which in before after; do
      bin=$before
      [ "$which" = after ] && bin=$after
      read -r wall user < <(/usr/bin/time -f "%e %U" "$bin" canon --threads 1 "$file" 2>&1 >/dev/null | tail -1)
      if [ "$which" = before ]; then
        tb+="$user "
        wb+="$wall "
      else
        ta+="$user "
        wa+="$wall "
      fi
    done
  done
  mb=$(echo "$tb" | tr ' ' '\n' | grep . | median)
  ma=$(echo "$ta" | tr ' ' '\n' | grep . | median)
  mwb=$(echo "$wb" | tr ' ' '\n' | grep . | median)
  mwa=$(echo "$wa" | tr ' ' '\n' | grep . | median)
  lines=$(grep -c . "$file")
  same=no
  if cmp -s <("$before" canon --threads 1 "$file" 2>/dev/null) \
    <("$after" canon --threads 1 "$file" 2>/dev/null); then
    same=yes
  fi
  awk -v f="$(basename "$file")" -v n="$lines" -v b="$mb" -v a="$ma" -v s="$same" \
    -v wb="$mwb" -v wa="$mwa" 'BEGIN {
    printf "| %s | %d | %.2f | %.2f | %.0f | %.0f | %.1fx | %.2f | %.2f | %s |\n",
      f, n, b, a, n / b, n / a, b / a, wb, wa, s }'
done
