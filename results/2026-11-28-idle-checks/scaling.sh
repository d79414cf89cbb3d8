#!/bin/bash
# Thread scaling on an idle machine: alternating --threads 1 / --threads 2, R rounds.
# usage: results/2026-11-28-idle-checks/scaling.sh BITDOKU [ROUNDS] [OUTDIR]  (from anywhere; needs ../shared)
B=$(realpath "$1"); R=${2:-3}; OUT=$(realpath -m "${3:-scaling-out}"); mkdir -p "$OUT"; cd "$(dirname "$0")/../.."
head -20 datasets/forum_hardest_1905_11plus.txt > $OUT/se11_20.txt
head -100000 ../shared/datasets/generated_minimal_first100k.txt > $OUT/gen100k.txt 2>/dev/null || true
declare -A CMD
CMD[rate20]="rate $OUT/se11_20.txt"
CMD[solve1905]="solve datasets/forum_hardest_1905_11plus.txt"
CMD[solve17]="solve datasets/sudoku17_royle_49158.txt"
CMD[canongen]="canon $OUT/gen100k.txt"
CMD[canon17]="canon datasets/sudoku17_royle_49158.txt"
echo -e "job\tthreads\tround\twall_s\tuser_s\tsys_s" > $OUT/times.tsv
for r in $(seq 1 $R); do for j in rate20 solve1905 solve17 canongen canon17; do for t in 1 2; do
  /usr/bin/time -f "%e %U %S" -o $OUT/t.txt $B ${CMD[$j]} --threads $t > $OUT/$j.$t.out 2>/dev/null
  echo -e "$j\t$t\t$r\t$(tr ' ' '\t' < $OUT/t.txt)" >> $OUT/times.tsv
done; done; done
for j in rate20 solve1905 solve17 canongen canon17; do cmp -s $OUT/$j.1.out $OUT/$j.2.out && echo "$j same output" || echo "$j OUTPUT DIFFERS"; done
uptime
