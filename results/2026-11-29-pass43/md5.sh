#!/bin/bash
# md5 (first 12) of bitdoku solve --threads 1 on the six inputs, three paths
B=${1:-/work/wt-pass43/target/release/bitdoku}
for env in "" "BITDOKU_PEXT=0" "BITDOKU_CPU=portable"; do
  line="${env:-default}:"
  for f in forum_hardest_1106_iso_x50 forum_hardest_1905_11plus generated_first100k magictour_top1465_iso_x50 serg_benchmark_x20 sudoku17_royle_49158; do
    m=$(env $env $B solve --threads 1 < /tmp/tdc/inputs/$f.txt 2>/dev/null | md5sum | cut -c1-12)
    line="$line $m"
  done
  echo "$line"
done
