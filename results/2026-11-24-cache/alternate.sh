#!/bin/bash
# alternating whole-process timing: baseline vs new, 3 runs each, median
cd /work/wt-cache
A=/work/cache-baseline/bitdoku
B=/work/cache-new/bitdoku   # the branch build
for f in "$@"; do
  ta=(); tb=()
  for r in 1 2 3; do
    for which in A B; do
      bin=${!which}
      s=$(date +%s.%N)
      $bin solve --logic --preset hodoku --threads 1 datasets/$f.txt > /tmp/cache-meas/$f.$which.out 2>/dev/null
      e=$(date +%s.%N)
      t=$(echo "$e - $s" | bc)
      if [ $which = A ]; then ta+=($t); else tb+=($t); fi
    done
  done
  cmp -s /tmp/cache-meas/$f.A.out /tmp/cache-meas/$f.B.out && same=same || same=DIFF
  ma=$(printf '%s\n' "${ta[@]}" | sort -g | sed -n 2p)
  mb=$(printf '%s\n' "${tb[@]}" | sort -g | sed -n 2p)
  printf '%s\t%.3f\t%.3f\t%.2fx\t%s\truns A: %s  B: %s\n' $f $ma $mb $(echo "$ma / $mb" | bc -l) $same "${ta[*]}" "${tb[*]}"
done
