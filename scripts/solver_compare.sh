#!/usr/bin/env bash
# Whole-process comparison of `bitdoku solve --threads 1` with other solvers, side by side in
# alternating rounds (medians of ROUNDS), every solver counting to 2 and printing solutions.
#
#   scripts/solver_compare.sh BITDOKU ROUNDS NAME=COMMAND... -- FILE...
#
# COMMAND gets the file as its last argument, e.g. tdoku=/path/tdoku_solve (a driver calling
# tdoku's TdokuEnumerate with limit 2) or sudoku=/path/sudoku-driver (the `sudoku` crate's
# solve_unique). Neither is part of this repository: build them outside it. Prints a markdown
# table: medians in seconds and each other solver's time over bitdoku's (above 1 = bitdoku is
# faster). The clock is the wall clock around each process; with CLOCK=cpu it is the process's
# CPU time, user + system (`/usr/bin/time`, 10 ms resolution), which a machine shared with
# other jobs disturbs much less than the wall clock.
set -euo pipefail
bitdoku=$1
rounds=$2
shift 2
names=(bitdoku)
cmds=("$bitdoku solve --threads 1")
while [ "$1" != "--" ]; do
  names+=("${1%%=*}")
  cmds+=("${1#*=}")
  shift
done
shift
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
header="| file | lines |"
for n in "${names[@]}"; do header+=" $n |"; done
for n in "${names[@]:1}"; do header+=" $n / bitdoku |"; done
echo "$header"
echo "|---|---:|$(printf -- '---:|%.0s' $(seq 1 $((2 * ${#names[@]} - 1))))"
for file in "$@"; do
  declare -A times=()
  for r in $(seq 1 "$rounds"); do
    for i in "${!names[@]}"; do
      # A solver may exit non-zero on puzzles without a unique solution: keep its time.
      # Bash's microsecond clock around the whole process (`time`'s %e rounds to 0.01 s,
      # too coarse for the files that take a tenth of a second).
      if [ "${CLOCK:-wall}" = cpu ]; then
        cpu_file=$(mktemp)
        /usr/bin/time -o "$cpu_file" -f "%U %S" ${cmds[$i]} "$file" > /dev/null 2>&1 || true
        t=$(awk 'END {printf "%.2f", $1 + $2}' "$cpu_file")
        rm -f "$cpu_file"
      else
        start=$EPOCHREALTIME
        ${cmds[$i]} "$file" > /dev/null 2>&1 || true
        t=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.4f", b - a}')
      fi
      times[$i]+="$t "
    done
  done
  row="| $(basename "$file") | $(grep -c . "$file") |"
  declare -a med=()
  for i in "${!names[@]}"; do
    med[$i]=$(echo "${times[$i]}" | tr ' ' '\n' | grep . | median)
    row+=" ${med[$i]} |"
  done
  for i in "${!names[@]}"; do
    [ "$i" = 0 ] && continue
    row+=" $(awk -v a="${med[$i]}" -v b="${med[0]}" 'BEGIN {printf "%.2f", a / b}') |"
  done
  echo "$row"
  unset times med
done
