#!/bin/bash
# usage: ROUNDS FILE BIN...: the speed example's own timed solve (seconds), alternating
r=$1; f=$2; shift 2
for i in $(seq $r); do
  line=""
  for b in "$@"; do
    t=$($b $f 1 2>/dev/null | sed -E 's/.* seconds ([0-9.]+) .*/\1/')
    line="$line $(basename $b)=$t"
  done
  echo "$line"
done
