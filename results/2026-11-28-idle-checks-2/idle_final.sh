#!/bin/bash
# Idle-machine checks of the session's final build (issues 39 and 43).
set -u
OUT=/tmp/idle_final; mkdir -p $OUT; cd /work/main
NEW=/tmp/final_bitdoku; OLD=/tmp/se39c_before
echo "start $(date -u +%T) $(uptime)"
# 1. SE 11+ per puzzle, before (f650343) vs after, alternating per puzzle
python3 scripts/se_cpu_times.py --old $OLD --new $NEW --lines 1-20 datasets/forum_hardest_1905_11plus.txt > $OUT/se_cpu.txt 2>&1
# 2. rate --threads 1 vs 2 on 20 SE 11+ lines, 3 rounds
head -20 datasets/forum_hardest_1905_11plus.txt > $OUT/se11_20.txt
echo -e "job\tthreads\tround\twall_s\tuser_s\tsys_s" > $OUT/rate_threads.tsv
for r in 1 2 3; do for t in 1 2; do
  /usr/bin/time -f "%e %U %S" -o $OUT/t.txt $NEW rate $OUT/se11_20.txt --threads $t > $OUT/rate20.$t.out 2>/dev/null
  echo -e "rate20\t$t\t$r\t$(tr ' ' '\t' < $OUT/t.txt)" >> $OUT/rate_threads.tsv
done; done
cmp -s $OUT/rate20.1.out $OUT/rate20.2.out && echo "rate20 same output" || echo "rate20 OUTPUT DIFFERS"
echo "mid $(date -u +%T) $(uptime)"
# 3. million-line solve/canon scaling (issue 43)
/tmp/scale43/run.sh $NEW 3
cp /tmp/scale43/times.tsv $OUT/scale43_times.tsv
echo "end $(date -u +%T) $(uptime)"
