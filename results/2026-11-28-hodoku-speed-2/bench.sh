#!/bin/bash
# Usage (from the repository root): bench.sh OLD_BINARY NEW_BINARY ROUNDS
# Alternates OLD and NEW on all of top1465 (`rate --preset hodoku --format '%L %s'
# --threads 1`), ROUNDS times; prints "round binary user sys wall" per run and keeps each
# run's output in /tmp/bench_<n>_<round>.out for `cmp`.
set -e
F=datasets/magictour_top1465.txt
for r in $(seq 1 "$3"); do
  for n in 1 2; do
    b=$1; [ "$n" = 2 ] && b=$2
    /usr/bin/time -f "$r $b %U %S %e" "$b" rate --preset hodoku --format '%L %s' --threads 1 \
      "$F" > "/tmp/bench_${n}_$r.out" 2> "/tmp/bench_${n}_$r.err"
    tail -1 "/tmp/bench_${n}_$r.err"
  done
done
