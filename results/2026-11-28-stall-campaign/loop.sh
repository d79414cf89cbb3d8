#!/bin/bash
# 1,000,000 stall inputs as 20 campaigns of 50,000 with seeds 1001..1020 (one summary each).
cd "$(dirname "$0")"  # the folder holding the fuzz and bitdoku release binaries
for s in $(seq 1001 1020); do
  echo "seed $s start $(date -u +%H:%M:%S)" >> campaign.out
  nice -n 19 /usr/bin/time -f "seed $s: %e s wall %U s user %S s sys" -a -o campaign.times \
    ./fuzz --parse 0 --solve-lines 0 --states 0 --broken 0 --stall 50000 --seed $s --bitdoku ./bitdoku >> campaign.out 2>> campaign.err
  echo "seed $s rc=$?" >> campaign.out
done
# Then, to pass 1,000,000 counted inputs (draws with one solution are not stall inputs and are
# not counted, so 50,000 draws count about 49,700):
nice -n 19 ./fuzz --parse 0 --solve-lines 0 --states 0 --broken 0 --stall 10000 --seed 1021 --bitdoku ./bitdoku >> campaign.out
