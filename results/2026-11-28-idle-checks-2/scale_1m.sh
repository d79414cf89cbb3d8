#!/bin/bash
# Issue 43 item 4 on a million-line file: solve and canon, --threads 1 vs 2 alternating.
# usage: run.sh BITDOKU ROUNDS
B=$1; R=${2:-3}; OUT=/tmp/scale43; cd /work/main
if [ ! -s $OUT/iso17_1m.txt ]; then
  for s in $(seq 1 20); do $B shuffle datasets/sudoku17_royle_49158.txt --seed $s; done > $OUT/iso17_1m.txt
  for s in $(seq 1 100); do $B shuffle datasets/generated_minimal_10k.txt --seed $s; done > $OUT/isogen_1m.txt
fi
wc -l $OUT/iso17_1m.txt $OUT/isogen_1m.txt
echo -e "job\tthreads\tround\twall_s\tuser_s\tsys_s" > $OUT/times.tsv
declare -A CMD
CMD[solve17]="solve $OUT/iso17_1m.txt"
CMD[solvegen]="solve $OUT/isogen_1m.txt"
CMD[canon17]="canon $OUT/iso17_1m.txt"
CMD[canongen]="canon $OUT/isogen_1m.txt"
for r in $(seq 1 $R); do for j in solve17 solvegen canon17 canongen; do for t in 1 2; do
  /usr/bin/time -f "%e %U %S" -o $OUT/t.txt $B ${CMD[$j]} --threads $t > $OUT/$j.$t.out 2>/dev/null
  echo -e "$j\t$t\t$r\t$(tr ' ' '\t' < $OUT/t.txt)" >> $OUT/times.tsv
done; done; done
for j in solve17 solvegen canon17 canongen; do cmp -s $OUT/$j.1.out $OUT/$j.2.out && echo "$j same output" || echo "$j OUTPUT DIFFERS"; done
uptime
