#!/bin/bash
# usage: compare.sh OLD NEW (the /tmp inputs: gen200k, damaged, empty, crend, bomonly, dsmall, gen1k,
# made by hand for results/2026-11-25-parse-io; missing ones are skipped by cmp as different)
# compares OLD and NEW on many inputs and commands: stdout, stderr (without timing), exit code
OLD=$1; NEW=$2; n=0; bad=0
files="/work/wt-io/datasets/*.txt /tmp/gen200k.txt /tmp/damaged.txt /tmp/empty.txt /tmp/crend.txt /tmp/bomonly.txt /tmp/dsmall.txt /tmp/noeol.txt /tmp/crlf.txt"
printf '%s' "$(head -c 2000 /tmp/gen1k.txt)" > /tmp/noeol.txt
sed 's/$/\r/' /tmp/gen1k.txt > /tmp/crlf.txt
run() { # label, cmd...
  local o1 o2 e1 e2 c1 c2
  "$OLD" "$@" > /tmp/c_o1 2> /tmp/c_e1; c1=$?
  "$NEW" "$@" > /tmp/c_o2 2> /tmp/c_e2; c2=$?
  sed -i 's/; [0-9.]*s, [0-9]* puzzles\/s//' /tmp/c_e1 /tmp/c_e2
  n=$((n+1))
  if ! cmp -s /tmp/c_o1 /tmp/c_o2 || ! cmp -s /tmp/c_e1 /tmp/c_e2 || [ $c1 != $c2 ]; then echo "DIFF: $*"; bad=$((bad+1)); fi
}
runin() { # file, cmd... : via stdin
  local f=$1; shift
  "$OLD" "$@" < $f > /tmp/c_o1 2> /tmp/c_e1; c1=$?
  "$NEW" "$@" < $f > /tmp/c_o2 2> /tmp/c_e2; c2=$?
  sed -i 's/; [0-9.]*s, [0-9]* puzzles\/s//' /tmp/c_e1 /tmp/c_e2
  n=$((n+1))
  if ! cmp -s /tmp/c_o1 /tmp/c_o2 || ! cmp -s /tmp/c_e1 /tmp/c_e2 || [ $c1 != $c2 ]; then echo "DIFF stdin $f: $*"; bad=$((bad+1)); fi
}
for f in $files; do echo "file $f $(date +%T)";
  for t in 1 2 3; do run solve --threads $t $f; done
  run count --threads 2 $f; run count --threads 1 --limit 5 $f
  case $f in *sudoku17*|*gen200k*|*magictour*|*forum*|*serg*|*tdoku*|*10k*) ;; *) run check --threads 2 $f; run canon --dedup --threads 2 $f;; esac
  runin $f solve --threads 2
  runin $f solve --threads 1 -
  runin $f count --threads 2
  # file read in place vs streamed: same output from the NEW binary
  "$NEW" solve --threads 2 $f > /tmp/c_a 2>/dev/null; "$NEW" solve --threads 2 < $f > /tmp/c_b 2>/dev/null
  cmp -s /tmp/c_a /tmp/c_b || { echo "DIFF file vs stdin $f"; bad=$((bad+1)); }
done
for f in /tmp/damaged.txt /tmp/gen1k.txt; do
  gzip -c $f > /tmp/c.gz; xz -c $f > /tmp/c.xz
  head -c $(( $(stat -c %s /tmp/c.gz) / 2 )) /tmp/c.gz > /tmp/c_half.gz
  head -c $(( $(stat -c %s /tmp/c.xz) / 2 )) /tmp/c.xz > /tmp/c_half.xz
  for g in /tmp/c.gz /tmp/c.xz /tmp/c_half.gz /tmp/c_half.xz; do
    run solve --threads 2 $g; run solve --threads 1 $g; runin $g solve --threads 2
  done
done
for f in /work/wt-io/datasets/norvig_top95.txt /tmp/damaged.txt; do
  run solve --json --threads 2 $f; run solve --logic --threads 2 $f
done
run rate --threads 2 /work/wt-io/datasets/norvig_top95.txt
run hint --threads 2 /work/wt-io/datasets/norvig_top95.txt
run solve --logic --json --threads 2 /tmp/dsmall.txt
echo "$n cases, $bad different"
