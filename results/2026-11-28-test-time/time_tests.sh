#!/usr/bin/env bash
# Times every test of the given test binaries one by one, in CPU seconds (user + sys), so that
# a loaded machine still gives comparable numbers: each test runs alone (`--exact NAME`), from
# its crate's folder as cargo runs it, under /usr/bin/time, JOBS at a time (default 2).
# This is the script the before/after tables of this folder were made with.
# Usage: time_tests.sh OUT.tsv DEPS-DIR BINARY CRATE-DIR LABEL [BINARY CRATE-DIR LABEL]...
#   e.g. time_tests.sh after.tsv target/debug/deps soundness-6f6650a8ae620497 crates/engine engine:soundness
# (`cargo test -p CRATE --test NAME --no-run` prints each binary's path.)
# OUT.tsv lines: label <TAB> test <TAB> user s <TAB> sys s <TAB> wall s <TAB> exit status.
set -euo pipefail
OUT=$(realpath -m "${1:?usage: see the header}")
D=$(realpath "${2:?usage: see the header}")
shift 2
one() {
  local tf rc u s e
  tf=$(mktemp)
  set +e
  (cd "$2" && /usr/bin/time -f "%U %S %e" -o "$tf" "$1" --exact "$4" -q >/dev/null 2>&1)
  rc=$?
  set -e
  read -r u s e <"$tf"
  rm -f "$tf"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$3" "$4" "$u" "$s" "$e" "$rc" >>"$OUT"
}
export -f one
export OUT
while [ $# -ge 3 ]; do
  b=$1 dir=$(realpath "$2") label=$3
  shift 3
  "$D/$b" --list --format terse 2>/dev/null | sed -n 's/: test$//p' |
    while read -r t; do printf '%s\t%s\t%s\t%s\n' "$D/$b" "$dir" "$label" "$t"; done
done | tr '\n' '\0' |
  xargs -0 -P "${JOBS:-2}" -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r a b c d <<<"$1"; one "$a" "$b" "$c" "$d"' _ {}
