#!/bin/bash
# usage: avx43_ab.sh ROUNDS REPEATS FILE BIN... ; CPU s (user+sys) per run, alternating;
# prints per-binary runs, median, and median of per-round ratios to the first binary
r=$1; rep=$2; f=$3; shift 3
declare -A all
declare -A rat
for i in $(seq $r); do
  t0=""
  for b in "$@"; do
    t=$( { /usr/bin/time -f "%U %S" $b $f $rep >/dev/null; } 2>&1 | tail -1 | awk '{print $1+$2}')
    all[$b]="${all[$b]} $t"
    [ -z "$t0" ] && t0=$t
    rat[$b]="${rat[$b]} $(echo "$t / $t0" | bc -l | cut -c1-5)"
  done
done
med() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
for b in "$@"; do
  echo "$(basename $b): ${all[$b]} | median $(echo ${all[$b]} | med) | round-ratio median $(echo ${rat[$b]} | med)"
done
