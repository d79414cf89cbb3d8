#!/bin/bash
# final.sh BIN OUT: the branch's final binary against fd2ed92's on the quick samples
B=$1; O=$2; mkdir -p $O
for c in generated_minimal_10k serg_benchmark sudoku17_royle_49158 norvig_hardest; do
  f=/tmp/ident/s/$c.txt
  $B rate $f > $O/rate-$c.txt 2>/dev/null
  $B rate --format '%g ED=%r/%p/%d' $f > $O/ratef-$c.txt 2>/dev/null
  $B solve --json --trace --rate $f > $O/solve-$c.txt 2>/dev/null
  $B hint --json $f 2>/dev/null | jq -S -c . > $O/hint-$c.txt
  $B check $f > $O/check-$c.txt 2>/dev/null
  $B canon $f > $O/canon-$c.txt 2>/dev/null
  $B solve $f > $O/solvep-$c.txt 2>/dev/null
done
for s in 1 42; do
  $B generate --seed $s --count 10 --rate > $O/gen-$s.txt 2>/dev/null
  $B generate --seed $s --count 5 --json > $O/genj-$s.txt 2>/dev/null
done
echo done
