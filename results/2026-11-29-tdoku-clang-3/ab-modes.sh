#!/bin/bash
# ab-modes.sh ROUNDS FILE MODE... : CPU seconds (user + sys) of the speed example built with
# events-prototype.patch, once per BITDOKU_EVT mode per round, alternating; medians.
# S: path of that speed example (crates/brute/examples/speed). Modes: 0 today's search,
# 1 triads in a pass + configuration branching (the 2026-11-29-tdoku-clang-2 prototype),
# 2 certain counts on events + cell branching, 3 certain counts on events + configurations.
S=${S:?set S to the speed example built with the patch}
R=$1; f=$2; shift 2
declare -A t; declare -A g
for i in $(seq "$R"); do for m in "$@"; do
  x=$( { BITDOKU_EVT=$m /usr/bin/time -f "CPU %U %S" "$S" "$f"; } 2>&1 | tr '\n' ' ')
  c=$(echo "$x" | sed 's/.*CPU \([0-9.]*\) \([0-9.]*\).*/\1 \2/' | awk '{print $1+$2}')
  gg=$(echo "$x" | sed 's/.*guesses.puzzle \([0-9.]*\).*/\1/')
  t[$m]="${t[$m]} $c"; g[$m]=$gg
done; done
for m in "$@"; do
  med=$(echo ${t[$m]} | tr ' ' '\n' | sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}')
  echo "$(basename "$f") mode $m: cpu ${t[$m]} med $med guesses ${g[$m]}"
done
