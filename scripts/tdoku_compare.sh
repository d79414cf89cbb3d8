#!/usr/bin/env bash
# bitdoku `solve --threads 1` against tdoku, whole process, one thread, alternating rounds
# (scripts/solver_compare.sh), on the bundled corpora and held-out isomorphs of them.
#
#   scripts/tdoku_compare.sh BITDOKU [ROUNDS] [SCRATCH]
#
# tdoku is built from its public source into SCRATCH (default /tmp/tdoku-compare; it must be
# outside this repository, none of tdoku's code is ever committed). The source is taken from
# TDOKU_SRC when set (a checkout, or a bare git directory such as a mirror), else cloned from
# https://github.com/t-dillon/tdoku. It is compiled -O3 -std=c++17 by each compiler of CXX (a
# space-separated list; default: g++ and clang++, those of them that are installed), once
# with -march=x86-64-v3 and once with -march=native, with a small driver written here that
# does what `bitdoku solve` does: count to 2 solutions per line with TdokuEnumerate and print
# the first solution when it is unique (an error line with the line number otherwise, as
# bitdoku prints it). The driver's output is checked against bitdoku's on every file before
# timing, for every build; a changed driver is rebuilt. The columns are named
# tdoku-COMPILER-ARCH (gcc or clang, v3 or native); tdoku's own benchmarks use clang.
#
# ONLY=REGEX times only the input files whose names match (outputs are still checked on all).
#
# CLOCK=cpu (passed on to solver_compare.sh) times CPU seconds (user + system) instead of the
# wall clock: the better clock on a shared machine.
#
# bitdoku runs with its runtime dispatch (BITDOKU_CPU unset: the x86-64-v3 path on an AVX2
# machine, with PEXT in the band step where that instruction is fast, see crates/cpu). There
# is no AVX-512 path in bitdoku (compiling the search for AVX-512 measured slower,
# results/2026-11-29-tdoku-avx512): on a machine with AVX-512 the `native` tdoku build uses it
# and bitdoku does not.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bitdoku=$(realpath "$1")
rounds=${2:-5}
scratch=${3:-/tmp/tdoku-compare}
mkdir -p "$scratch"
scratch=$(realpath "$scratch")
case "$scratch/" in "$repo"/*)
  echo "error: SCRATCH must be outside the repository" >&2
  exit 2
  ;;
esac
src=$scratch/tdoku
if [ ! -d "$src/src" ]; then
  rm -rf "$src"
  mkdir -p "$src"
  if [ -n "${TDOKU_SRC:-}" ] && [ -f "$TDOKU_SRC/HEAD" ] && [ -d "$TDOKU_SRC/objects" ]; then
    mkdir -p "$src/src"
    git --git-dir="$TDOKU_SRC" archive HEAD:src | tar -x -C "$src/src"
  elif [ -n "${TDOKU_SRC:-}" ]; then
    cp -r "$TDOKU_SRC/src" "$src/"
  else
    git clone -q --depth 1 https://github.com/t-dillon/tdoku "$src"
  fi
fi
if [ -n "${CXX:-}" ]; then
  read -r -a compilers <<< "$CXX"
else
  compilers=()
  for c in g++ clang++; do
    if command -v "$c" > /dev/null; then compilers+=("$c"); fi
  done
fi
if [ "${#compilers[@]}" = 0 ]; then
  echo "error: no C++ compiler (set CXX)" >&2
  exit 2
fi
# Column label of a compiler: gcc for g++*, clang for clang++*, else its file name.
label() {
  case "$(basename "$1")" in
    g++*) echo gcc ;;
    clang++*) echo clang ;;
    *) basename "$1" ;;
  esac
}
cat > "$scratch/driver.cc.new" <<'CC'
// One line in, one line out: the solution when the puzzle has exactly one, else an error.
#include <cstddef>
#include <cstdio>
#include <cstring>
extern "C" size_t TdokuEnumerate(const char *, size_t, void (*)(const char *, void *), void *);
struct First {
  char text[82];
  int seen;
};
static void keep_first(const char *solution, void *arg) {
  First *first = static_cast<First *>(arg);
  if (first->seen++ == 0) {
    std::memcpy(first->text, solution, 81);
    first->text[81] = 0;
  }
}
int main(int argc, char **argv) {
  if (argc != 2) return 2;
  FILE *in = std::fopen(argv[1], "r");
  if (!in) return 2;
  static char buffer[1 << 16];
  std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
  char line[4096];
  long number = 0;
  while (std::fgets(line, sizeof line, in)) {
    ++number;
    if (std::strlen(line) < 81) continue;
    line[81] = 0;
    First first{};
    size_t count = TdokuEnumerate(line, 2, keep_first, &first);
    if (count == 1) {
      std::puts(first.text);
    } else {
      std::printf("error: line %ld: %s\n", number, count == 0 ? "no solution" : "multiple solutions");
    }
  }
  return 0;
}
CC
# A changed driver is rebuilt.
if ! cmp -s "$scratch/driver.cc.new" "$scratch/driver.cc"; then
  mv "$scratch/driver.cc.new" "$scratch/driver.cc"
  rm -f "$scratch"/tdoku-*-x86-64-v3 "$scratch"/tdoku-*-native
fi
rm -f "$scratch/driver.cc.new"
builds=()
for cxx in "${compilers[@]}"; do
  name=$(label "$cxx")
  for arch in x86-64-v3 native; do
    exe=$scratch/tdoku-$name-$arch
    if [ ! -x "$exe" ]; then
      "$cxx" -O3 -march="$arch" -std=c++17 -o "$exe" \
        "$src/src/solver_dpll_triad_simd.cc" "$src/src/util.cc" "$scratch/driver.cc"
    fi
    builds+=("tdoku-$name-${arch#x86-64-}=$exe")
  done
done

# Inputs: the first 81 characters of each line; held-out isomorphs from `bitdoku shuffle`.
data=$repo/datasets
shared=$repo/../shared/datasets
in=$scratch/inputs
mkdir -p "$in"
cut -c1-81 "$data/sudoku17_royle_49158.txt" > "$in/sudoku17_royle_49158.txt"
if [ -f "$shared/generated_minimal_first100k.txt" ]; then
  cut -c1-81 "$shared/generated_minimal_first100k.txt" > "$in/generated_first100k.txt"
else
  cut -c1-81 "$data/generated_minimal_10k.txt" > "$in/generated_10k.txt"
fi
cut -c1-81 "$data/forum_hardest_1905_11plus.txt" > "$in/forum_hardest_1905_11plus.txt"
# serg_benchmark (10,000 lines) and top1465 take a few hundredths of a second: repeated or
# shuffled 20 and 50 times they take about a second, which a 10 ms clock can resolve.
rm -f "$in/serg_benchmark.txt" "$in/magictour_top1465_iso_x10.txt"
: > "$in/serg_benchmark_x20.txt"
for i in $(seq 1 20); do
  cut -c1-81 "$data/serg_benchmark.txt" >> "$in/serg_benchmark_x20.txt"
done
: > "$in/magictour_top1465_iso_x50.txt"
: > "$in/forum_hardest_1106_iso_x50.txt"
for seed in $(seq 101 150); do
  "$bitdoku" shuffle --seed "$seed" "$data/magictour_top1465.txt" 2>/dev/null |
    cut -c1-81 >> "$in/magictour_top1465_iso_x50.txt"
done
for seed in $(seq 201 250); do
  "$bitdoku" shuffle --seed "$seed" "$data/forum_hardest_1106.txt" 2>/dev/null |
    cut -c1-81 >> "$in/forum_hardest_1106_iso_x50.txt"
done

echo "## outputs (bitdoku solve vs every tdoku build, every line)"
for f in "$in"/*.txt; do
  # bitdoku exits 1 when a puzzle has no unique solution (serg): keep its output.
  a=$({ "$bitdoku" solve --threads 1 "$f" 2>/dev/null || true; } | md5sum)
  verdict="same output"
  for build in "${builds[@]}"; do
    b=$("${build#*=}" "$f" | md5sum)
    if [ "$a" != "$b" ]; then verdict="DIFFERENT from ${build%%=*}"; fi
  done
  echo "- $(basename "$f"): $verdict"
done
echo
echo "## times (${CLOCK:-wall} clock, median of $rounds, seconds; tdoku / bitdoku above 1 = bitdoku faster)"
timed=()
for f in "$in"/*.txt; do
  if [[ "$(basename "$f")" =~ ${ONLY:-.} ]]; then timed+=("$f"); fi
done
bash "$repo/scripts/solver_compare.sh" "$bitdoku" "$rounds" "${builds[@]}" -- "${timed[@]}"
