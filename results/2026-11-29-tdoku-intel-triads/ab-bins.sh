#!/bin/bash
# ab-bins.sh ROUNDS FILE REPEATS LABEL=BINARY:MODE[:VAR=VAL,VAR=VAL] ... : CPU seconds (user + sys) of speed-example
# binaries (BITDOKU_EVT=MODE), alternating per round; medians, guesses/puzzle, and
# median CPU per guess in µs = cpu / ((REPEATS + 1) * lines * guesses) (REPEATS timed passes
# plus the untimed guess pass).
R=$1; f=$2; rep=$3; shift 3
n=$(grep -c . "$f")
declare -A t; declare -A g
for i in $(seq "$R"); do for spec in "$@"; do
  lab=${spec%%=*}; rest=${spec#*=}; bin=${rest%%:*}; m=${rest#*:}; ev=
  case $m in *:*) ev=${m#*:}; m=${m%%:*};; esac
  x=$( { env BITDOKU_EVT=$m ${ev//,/ } /usr/bin/time -f "CPU %U %S" "$bin" "$f" "$rep"; } 2>&1 | tr '\n' ' ')
  c=$(echo "$x" | sed 's/.*CPU \([0-9.]*\) \([0-9.]*\).*/\1 \2/' | awk '{print $1+$2}')
  g[$lab]=$(echo "$x" | sed 's/.*guesses.puzzle \([0-9.]*\).*/\1/')
  t[$lab]="${t[$lab]} $c"
done; done
for spec in "$@"; do lab=${spec%%=*}
  med=$(echo ${t[$lab]} | tr ' ' '\n' | sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}')
  pg=$(awk -v c="$med" -v r="$rep" -v n="$n" -v g="${g[$lab]}" 'BEGIN{ if (g>0) printf "%.3f", c*1e6/((r+1)*n*g); else print "-" }')
  echo "$(basename "$f") $lab: cpu ${t[$lab]} med $med guesses ${g[$lab]} us/guess $pg"
done
