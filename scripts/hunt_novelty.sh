#!/usr/bin/env bash
# Checks a `bitdoku hunt` output file (results/2026-11-28-hunt/README.md): the kept puzzles
# (lines not starting with '#') are unique (bitdoku count), canonically distinct, and new
# (their minlex forms are in none of the bundled corpora, datasets/*.txt). Prints the counts.
# Usage: scripts/hunt_novelty.sh BIN HUNT_FILE
set -euo pipefail
bin=$1 file=$2
tmp=$(mktemp -d)
grep -v '^#' "$file" | cut -c1-81 > "$tmp/kept.txt" || true
echo "kept lines: $(wc -l < "$tmp/kept.txt")"
echo "solution counts: $("$bin" count "$tmp/kept.txt" 2>/dev/null | awk '{print $NF}' | sort | uniq -c | tr '\n' ' ')"
"$bin" canon "$tmp/kept.txt" 2>/dev/null | sort -u > "$tmp/kept.canon"
echo "canonically distinct: $(wc -l < "$tmp/kept.canon")"
cat datasets/*.txt | cut -c1-81 | "$bin" canon 2>/dev/null | sort -u > "$tmp/corpora.canon"
echo "in a bundled corpus: $(comm -12 "$tmp/kept.canon" "$tmp/corpora.canon" | wc -l)"
echo "new: $(comm -23 "$tmp/kept.canon" "$tmp/corpora.canon" | wc -l)"
rm -r "$tmp"
