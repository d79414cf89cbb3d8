#!/usr/bin/env bash
# Renders `bitdoku explain` pages in headless Chromium, as a person would open them: the page
# must load with no console errors, its DOM must hold one SVG diagram per step with the
# expected elements, and a screenshot must come out. Installs Debian's chromium when missing.
# Usage: scripts/browser_check.sh [path/to/bitdoku]
set -euo pipefail
B=${1:-target/release/bitdoku}
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
  [ "$steps" -gt 10 ] && [ "$svgs" -eq "$steps" ] && [ "$placed" -gt 0 ] || { echo "page $page is wrong"; exit 1; }
  if grep -qi "Uncaught\|SyntaxError" "$work/stderr.txt"; then
    echo "console errors on $page:"; cat "$work/stderr.txt"; exit 1
  fi
  chrome --window-size=1000,1400 --screenshot="$work/$page.png" "file://$work/$page.html" >/dev/null
  [ -s "$work/$page.png" ] || { echo "no screenshot of $page"; exit 1; }
done
echo "browser: 2 passed, 0 failed"
