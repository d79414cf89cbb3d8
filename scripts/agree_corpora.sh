#!/usr/bin/env bash
# The whole-corpus form of `crates/bench/tests/agree.rs`: `bench agree` (the bitboard and naive
# engines stepped side by side, every state compared) on every puzzle of the bundled corpora,
# with the `seeds` and `hodoku` orders. The test runs samples (300 puzzles, fewer under
# `hodoku` on the two hard corpora) to keep `cargo test` short; this is the long check. The
# naive engine dominates: about 0.1 s per top1465 puzzle and 0.3 s per forum_hardest puzzle
# under `hodoku` (roughly 5 minutes of CPU for those two files), the 17-clue list is the
# largest. Exit 1 on the first order and corpus that diverge.
# Usage: scripts/agree_corpora.sh [path/to/bench] [ORDER...]   (default orders: seeds hodoku)
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH=${1:-target/release/bench}
shift || true
orders=("$@")
[ ${#orders[@]} -gt 0 ] || orders=(seeds hodoku)
if [ ! -x "$BENCH" ]; then
  echo "building $BENCH"
  cargo build --release -q -p bitdoku-bench
fi
status=0
for order in "${orders[@]}"; do
  for corpus in magictour_top1465 forum_hardest_1106 generated_minimal_10k sudoku17_royle_49158; do
    echo "== $order on $corpus"
    "$BENCH" agree --corpus "datasets/$corpus.txt" --order "$order" || status=1
  done
done
exit $status
