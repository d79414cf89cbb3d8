#!/usr/bin/env bash
# Checks that two bitdoku binaries give byte-identical engine results: batch solutions, batch
# JSON (the step counts show in HoDoKu scores), single-step traces (HoDoKu's step choice), on
# slices of the bundled corpora, for the `hodoku` and `all` presets. Use it after a speed-up
# that must not change results:
#
#   scripts/same_results.sh /path/to/old/bitdoku target/release/bitdoku [LINES]
#
# LINES (default 300) is how many lines of each corpus are compared. Exit status 1 on any
# difference, with the first differing lines shown.
set -euo pipefail
old=$1
new=$2
lines=${3:-300}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for f in datasets/*.txt; do
  name=$(basename "$f" .txt)
  head -n "$lines" "$f" > "$tmp/in.txt"
  for preset in hodoku all; do
    for mode in "--logic" "--logic --json --approx-se --granularity batch" "--trace --no-fallback"; do
      # shellcheck disable=SC2086
      "$old" solve $mode --preset "$preset" --threads 1 "$tmp/in.txt" > "$tmp/old" 2>/dev/null || true
      # shellcheck disable=SC2086
      "$new" solve $mode --preset "$preset" --threads 1 "$tmp/in.txt" > "$tmp/new" 2>/dev/null || true
      if cmp -s "$tmp/old" "$tmp/new"; then
        echo "same       $name  $preset  $mode"
      else
        echo "DIFFERENT  $name  $preset  $mode"
        diff "$tmp/old" "$tmp/new" | head -4 | cut -c1-300
        status=1
      fi
    done
  done
done
exit $status
