#!/bin/bash
# usage: run_one.sh BIN OUTDIR CORPUS|gen
B=$1; O=$2; c=$3
mkdir -p $O
if [ "$c" = gen ]; then
for s in 1 2 3 7 42; do
  $B generate --seed $s --count 10 --rate > $O/gen-$s.txt 2>$O/gen-$s.err; echo "rc=$?" >> $O/gen-$s.err
  $B generate --seed $s --count 5 --json > $O/genj-$s.txt 2>$O/genj-$s.err; echo "rc=$?" >> $O/genj-$s.err
done
echo "gen done $(date -u +%T)"; exit
fi
f=/tmp/ident/s/$c.txt
  $B rate $f > $O/rate-$c.txt 2>$O/rate-$c.err; echo "rc=$?" >> $O/rate-$c.err
  $B rate --format '%g ED=%r/%p/%d' $f > $O/ratef-$c.txt 2>$O/ratef-$c.err; echo "rc=$?" >> $O/ratef-$c.err
  $B solve --json --trace $f > $O/solve-$c.txt 2>$O/solve-$c.err; echo "rc=$?" >> $O/solve-$c.err
  $B hint --json $f 2>$O/hint-$c.err | jq -S -c . > $O/hint-$c.txt; echo "rc=$?" >> $O/hint-$c.err
  $B check $f > $O/check-$c.txt 2>$O/check-$c.err; echo "rc=$?" >> $O/check-$c.err
  $B canon $f > $O/canon-$c.txt 2>$O/canon-$c.err; echo "rc=$?" >> $O/canon-$c.err
  $B solve $f > $O/solvep-$c.txt 2>$O/solvep-$c.err; echo "rc=$?" >> $O/solvep-$c.err
  echo "$c done $(date -u +%T)"
