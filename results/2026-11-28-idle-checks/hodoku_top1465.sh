#!/bin/bash
# HoDoKu 2.2.0 on all of top1465 in the 15 chunks of datasets/reference/hodoku/runs.tsv, one JVM
# at a time, printing wall, user and sys seconds per chunk to times.tsv in the current folder.
# usage: cd SCRATCH && HODOKU_JAR=/path/to/hodoku.jar bash /path/to/hodoku_top1465.sh
# (SCRATCH must sit next to the jar's folder layout HoDoKu expects; see
# datasets/reference/hodoku/README.md for the build.)
set -eu
REPO=$(cd "$(dirname "$0")/../.." && pwd)
JAR=${HODOKU_JAR:-../hodoku.jar}
printf 'lines\twall_s\tuser_s\tsys_s\n' > times.tsv
for a in 1 101 201 301 401 501 601 701 801 901 1001 1101 1201 1301 1401; do
  b=$((a+99)); [ $b -gt 1465 ] && b=1465
  sed -n "${a},${b}p" "$REPO/datasets/magictour_top1465.txt" > in.txt; rm -f out.txt
  /usr/bin/time -f '%e %U %S' -o t.txt java -Djava.awt.headless=true -jar "$JAR" /c default /bs in.txt /vp /o out.txt > log.txt 2>&1
  cp out.txt "out_$a.txt"
  printf '%s-%s\t%s\n' $a $b "$(tail -1 t.txt | tr ' ' '\t')" >> times.tsv
done
