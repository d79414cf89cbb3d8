#!/usr/bin/env bash
# Renders `bitdoku explain` pages and a `bench run` results page (`report.html`) in headless
# Chromium, as a person would open them: each page must load with no console errors, an
# explain page's DOM must hold one SVG diagram per step (plus its one legend) with the expected
# elements, the bench page its answers, three charts, the table and the machine, and a
# screenshot must come out. Installs Debian's chromium when missing.
# Usage: scripts/browser_check.sh [path/to/bitdoku] [path/to/bench]
set -euo pipefail
B=${1:-target/release/bitdoku}
BENCH=${2:-target/release/bench}
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing chromium (Debian package)"
  (apt-get install -y -q chromium >/dev/null 2>&1) || (apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
P='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
"$B" explain "$P" --preset all --html "$work/one.html"
head -3 datasets/magictour_top1465.txt | "$B" explain /dev/stdin --html "$work/three.html"
chrome() {
  timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --disable-quic \
    --user-data-dir="$work/profile" "$@" 2>"$work/stderr.txt"
}
for page in one three; do
  chrome --dump-dom "file://$work/$page.html" > "$work/$page.dom"
  steps=$(grep -o 'class="step' "$work/$page.dom" | wc -l)
  svgs=$(grep -o '<svg' "$work/$page.dom" | wc -l)
  struck=$(grep -o 'data-effect="eliminate"' "$work/$page.dom" | wc -l)
  placed=$(grep -o 'data-effect="place"' "$work/$page.dom" | wc -l)
  echo "$page: $steps steps, $svgs diagrams, $placed placements, $struck eliminations drawn"
  # One diagram per step plus the page's one legend.
  [ "$steps" -gt 10 ] && [ "$svgs" -eq $((steps + 1)) ] && [ "$placed" -gt 0 ] || { echo "page $page is wrong"; exit 1; }
  if grep -qi "Uncaught\|SyntaxError" "$work/stderr.txt"; then
    echo "console errors on $page:"; cat "$work/stderr.txt"; exit 1
  fi
  chrome --window-size=1000,1400 --screenshot="$work/$page.png" "file://$work/$page.html" >/dev/null
  [ -s "$work/$page.png" ] || { echo "no screenshot of $page"; exit 1; }
done
# The bench page: a small run (seconds), then its report.html in the browser.
head -30 datasets/magictour_top1465.txt > "$work/small.txt"
"$BENCH" run --corpus "$work/small.txt" --engine bitboard,naive,brute --order singles --order seeds \
  --repeats 2 --out "$work/results" --label check > "$work/bench.out" 2> "$work/bench.err"
report=$(ls -d "$work"/results/*-check)/report.html
[ -s "$report" ] || { echo "bench wrote no report.html"; exit 1; }
chrome --dump-dom "file://$report" > "$work/report.dom"
figures=$(grep -o '<figure><svg' "$work/report.dom" | wc -l)
rows=$(grep -o '<tr>' "$work/report.dom" | wc -l)
echo "report: $figures charts, $rows table rows"
grep -q 'id="answers"' "$work/report.dom" && grep -q 'Fastest order on small' "$work/report.dom" \
  && grep -q 'Bitboards over candidate lists' "$work/report.dom" && grep -q 'id="machine"' "$work/report.dom" \
  && [ "$figures" -eq 3 ] && [ "$rows" -ge 5 ] || { echo "report.html is wrong"; exit 1; }
if grep -qi "Uncaught\|SyntaxError" "$work/stderr.txt"; then
  echo "console errors on report.html:"; cat "$work/stderr.txt"; exit 1
fi
if grep -q 'src="http\|href="http\|<link\|<script' "$report"; then
  echo "report.html is not self-contained"; exit 1
fi
chrome --window-size=1100,1600 --screenshot="$work/report.png" "file://$report" >/dev/null
[ -s "$work/report.png" ] || { echo "no screenshot of report.html"; exit 1; }
if [ -n "${SCREENSHOT_OUT:-}" ]; then cp "$work/report.png" "$SCREENSHOT_OUT"; fi
echo "browser: 3 passed, 0 failed"
