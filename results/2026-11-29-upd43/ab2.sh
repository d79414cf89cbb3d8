#!/bin/bash
# usage: upd43-ab2.sh ROUNDS FILE BIN1 BIN2 ... ; task-clock seconds per run (ms resolution), alternating
r=$1; f=$2; shift 2
for i in $(seq $r); do
  line=""
  for b in "$@"; do
    t=$(perf stat -x, -e task-clock $b $f 1 2>&1 >/dev/null | grep task-clock | awk -F, '{printf "%.4f", $1/1000}')
    line="$line $(basename $b)=$t"
  done
  echo "$line"
done
