#!/bin/bash
# Alternating A/B runs of both binaries; prints user+sys CPU seconds per run.
D=/work/wt-redesign2/datasets
rows=(
 "solve-brute-17|solve --threads 1 $D/sudoku17_royle_49158.txt"
 "solve-hodoku-top1465|solve --preset hodoku --threads 1 $D/magictour_top1465.txt"
 "solve-all-gen10k|solve --preset all --threads 1 /tmp/ident/gen2000.txt"
 "rate-top1465-100|rate --threads 1 /tmp/ident/top100.txt"
)
head -n 2000 $D/generated_minimal_10k.txt > /tmp/ident/gen2000.txt
head -n 100 $D/magictour_top1465.txt > /tmp/ident/top100.txt
for r in "${rows[@]}"; do
  name=${r%%|*}; cmd=${r#*|}
  for i in 1 2 3; do
    for b in old new; do
      /usr/bin/time -f "%U %S %e" -o /tmp/ident/t.txt /tmp/ident/bitdoku-$b $cmd > /dev/null 2>&1
      t=$(tail -1 /tmp/ident/t.txt)
      echo "$name $b $i $t"
    done
  done
done
