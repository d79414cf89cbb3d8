#!/bin/bash
# Side by side, alternated: bitdoku OLD and NEW on all of top1465 and on its lines 1-200, and
# HoDoKu 2.2.0 on lines 1-200, ROUNDS times; CPU (user, sys) and wall seconds per run to bench.tsv.
# Usage (from the repository root): results/2026-11-28-hodoku-speed/bench.sh OLD NEW [ROUNDS]
# HODOKU names the folder holding hodoku.jar (HoDoKu runs from a folder next to it, relative paths).
OLD=$(realpath "$1"); NEW=$(realpath "$2"); R=${3:-3}
D=$(realpath datasets)
OUT=$(realpath "${OUT:-bench.tsv}")
H=${HODOKU:-/work/refs/hodoku}
mkdir -p "$H/bench"
printf 'round\tprogram\tinput\tuser_s\tsys_s\twall_s\tstarted_utc\n' > "$OUT"
sed -n 1,200p "$D/magictour_top1465.txt" > "$H/bench/slice.txt"
t() { # label input command...
  local label=$1 input=$2; shift 2
  local st; st=$(date -u +%FT%TZ)
  /usr/bin/time -f '%U\t%S\t%e' -o /tmp/bench_time.txt "$@" > /dev/null 2>&1
  printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$label" "$input" "$(tail -1 /tmp/bench_time.txt)" "$st" >> "$OUT"
}
for r in $(seq 1 "$R"); do
  t old top1465 "$OLD" rate --preset hodoku --format '%L %s' --threads 1 "$D/magictour_top1465.txt"
  t new top1465 "$NEW" rate --preset hodoku --format '%L %s' --threads 1 "$D/magictour_top1465.txt"
  t old 1-200 "$OLD" rate --preset hodoku --format '%L %s' --threads 1 "$H/bench/slice.txt"
  t new 1-200 "$NEW" rate --preset hodoku --format '%L %s' --threads 1 "$H/bench/slice.txt"
  (cd "$H/bench" && rm -f out.txt &&
    t hodoku 1-200 java -Djava.awt.headless=true -jar ../hodoku.jar /c default /bs slice.txt /vp /o out.txt)
done
