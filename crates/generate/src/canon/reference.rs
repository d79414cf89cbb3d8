//! The previous minlex implementation (a depth-first search per column arrangement), kept as
//! the reference the fast search in [`super`] is tested and benchmarked against, with the
//! exhaustive search over all 2,592 column arrangements (tests only) and an exhaustive
//! automorphism count (tests only).
//!
//! # Algorithm
//!
//! For each of the 2 x 1,296 column arrangements (transpose or not; stack order; column order
//! inside each stack), the rows are chosen one position at a time. At position `p` the allowed
//! source rows are the unused rows of the current band (or, at `p = 0, 3, 6`, any row of an
//! unused band). Each allowed row is written under the current digit relabelling (digits get
//! 1, 2, 3... in order of first appearance; a digit not seen yet takes the next free label),
//! and only the rows giving the smallest 9 characters survive: any other choice makes the
//! string larger at this row. Ties branch (depth-first). A global best string prunes: a branch
//! whose row is larger than the best's row at the same position, while all earlier rows were
//! equal, stops at once. Most column arrangements die on their first row.

/// A partial relabelling: `map[d]` is the new label of source digit `d` (0 = none yet).
#[derive(Clone, Copy)]
struct Labels {
    map: [u8; 10],
    next: u8,
}

impl Labels {
    const EMPTY: Labels = Labels { map: [0; 10], next: 1 };

    /// Writes `row` under these labels (extending them) into `out`.
    fn write(&mut self, row: &[u8; 9], out: &mut [u8; 9]) {
        for (o, &v) in out.iter_mut().zip(row) {
            *o = if v == 0 {
                0
            } else {
                let l = &mut self.map[usize::from(v)];
                if *l == 0 {
                    *l = self.next;
                    self.next += 1;
                }
                *l
            };
        }
    }
}

/// The search over row choices, one column arrangement at a time.
struct Search {
    /// The best string so far (row by row).
    best: [[u8; 9]; 9],
    /// Whether `best` holds a complete string.
    have_best: bool,
    current: [[u8; 9]; 9],
}

impl Search {
    /// Chooses the row of position `p` among the rows of `grid` (source rows, columns already
    /// arranged); `used` = source rows taken; `tied` = every earlier row equalled the best's
    /// when it was chosen (a hint for pruning only: the leaf compares whole strings, since a
    /// sibling branch may have lowered the best in the meantime).
    fn step(&mut self, grid: &[[u8; 9]; 9], p: usize, used: u16, labels: Labels, tied: bool) {
        if p == 9 {
            if !self.have_best || self.current < self.best {
                self.best = self.current;
                self.have_best = true;
            }
            return;
        }
        let band_start = p % 3 == 0;
        let current_band = if band_start { 0 } else { partial_band(used) };
        let mut options: [(usize, [u8; 9], Labels); 9] = [(0, [0; 9], Labels::EMPTY); 9];
        let mut n = 0;
        let mut smallest = [10u8; 9];
        for (r, row) in grid.iter().enumerate() {
            if used >> r & 1 == 1 {
                continue;
            }
            let allowed = if band_start {
                // A row of an unused band: no row of its band is used yet.
                used & (0b111 << (r / 3 * 3)) == 0
            } else {
                r / 3 == current_band
            };
            if !allowed {
                continue;
            }
            let mut l = labels;
            let mut out = [0u8; 9];
            l.write(row, &mut out);
            if out < smallest {
                smallest = out;
                n = 0;
            }
            if out == smallest {
                options[n] = (r, out, l);
                n += 1;
            }
        }
        if n == 0 {
            return;
        }
        let mut still_tied = false;
        if self.have_best && tied {
            match smallest.cmp(&self.best[p]) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Equal => still_tied = true,
                std::cmp::Ordering::Less => {}
            }
        }
        for &(r, out, l) in &options[..n] {
            self.current[p] = out;
            self.step(grid, p + 1, used | 1 << r, l, still_tied);
        }
    }
}

/// The band being filled: the one with one or two of its rows used (there is exactly one
/// between band starts).
fn partial_band(used: u16) -> usize {
    (0..3).find(|b| matches!((used >> (b * 3) & 0b111).count_ones(), 1 | 2)).unwrap_or(0)
}

/// The 6 orders of three things.
const PERMS3: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The minlex form of a puzzle given as 81 values (0 = empty, 1..=9 = clue), by the previous,
/// slower search (a reference for tests and benchmarks; [`super::minlex`] gives the same).
///
/// The first row is settled before any search. Relabelled, a first row is its clue pattern
/// (`0` for an empty cell, `1`, `2`, ... for its clues in order), so the smallest first row is
/// the smallest pattern: stacks in ascending order of their clue count, empty cells first in
/// each stack. That pattern is computed for each of the 18 (transpose, row) choices; only the
/// choices reaching the smallest one, with only the column arrangements that produce it, go
/// on to the row-by-row search. (The exhaustive version over all 2,592 arrangements is kept
/// in the tests as the reference.)
#[must_use]
pub fn minlex_reference(values: &[u8; 81]) -> [u8; 81] {
    let mut search = Search { best: [[0; 9]; 9], have_best: false, current: [[0; 9]; 9] };
    let source = |transpose: bool, r: usize, c: usize| {
        if transpose { values[c * 9 + r] } else { values[r * 9 + c] }
    };
    // The smallest first-row pattern of each (transpose, row).
    let mut starts: Vec<(bool, usize)> = Vec::new();
    let mut best_pattern = u16::MAX;
    for transpose in [false, true] {
        for r0 in 0..9 {
            let row: [u8; 9] = std::array::from_fn(|c| source(transpose, r0, c));
            let pattern = smallest_pattern(&row);
            if pattern < best_pattern {
                best_pattern = pattern;
                starts.clear();
            }
            if pattern == best_pattern {
                starts.push((transpose, r0));
            }
        }
    }
    for (transpose, r0) in starts {
        let row: [u8; 9] = std::array::from_fn(|c| source(transpose, r0, c));
        for cols in arrangements(&row) {
            if pattern_of(&row, &cols) != best_pattern {
                continue;
            }
            let grid: [[u8; 9]; 9] =
                std::array::from_fn(|r| std::array::from_fn(|i| source(transpose, r, cols[i])));
            let mut labels = Labels::EMPTY;
            let mut first = [0u8; 9];
            labels.write(&grid[r0], &mut first);
            let tied = if search.have_best {
                match first.cmp(&search.best[0]) {
                    std::cmp::Ordering::Greater => continue,
                    std::cmp::Ordering::Equal => true,
                    std::cmp::Ordering::Less => false,
                }
            } else {
                true
            };
            search.current[0] = first;
            search.step(&grid, 1, 1 << r0, labels, tied);
        }
    }
    let mut flat = [0u8; 81];
    for (r, row) in search.best.iter().enumerate() {
        flat[r * 9..r * 9 + 9].copy_from_slice(row);
    }
    flat
}

/// The clue pattern of `row` with its columns in the order `cols` (bit 8 = first position).
fn pattern_of(row: &[u8; 9], cols: &[usize; 9]) -> u16 {
    cols.iter().fold(0u16, |acc, &c| acc << 1 | u16::from(row[c] != 0))
}

/// The smallest clue pattern any column arrangement gives `row`.
fn smallest_pattern(row: &[u8; 9]) -> u16 {
    let mut counts: [usize; 3] =
        std::array::from_fn(|s| row[s * 3..s * 3 + 3].iter().filter(|&&v| v != 0).count());
    counts.sort_unstable();
    counts.iter().fold(0u16, |acc, &k| (acc << 3) | ((1u16 << k) - 1))
}

/// The column arrangements that can give `row` its smallest pattern: stacks in non-decreasing
/// order of clue count, empty cells before clues inside each stack.
fn arrangements(row: &[u8; 9]) -> Vec<[usize; 9]> {
    let count = |s: usize| row[s * 3..s * 3 + 3].iter().filter(|&&v| v != 0).count();
    let mut out = Vec::new();
    for stacks in PERMS3 {
        if !(count(stacks[0]) <= count(stacks[1]) && count(stacks[1]) <= count(stacks[2])) {
            continue;
        }
        let inner: Vec<Vec<[usize; 3]>> = stacks
            .iter()
            .map(|&s| {
                PERMS3
                    .iter()
                    .map(|p| [s * 3 + p[0], s * 3 + p[1], s * 3 + p[2]])
                    .filter(|cols| {
                        let clue: Vec<bool> = cols.iter().map(|&c| row[c] != 0).collect();
                        clue.windows(2).all(|w| !w[0] || w[1])
                    })
                    .collect()
            })
            .collect();
        for a in &inner[0] {
            for b in &inner[1] {
                for c in &inner[2] {
                    out.push([a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]]);
                }
            }
        }
    }
    out
}

/// The exhaustive search over all 2 x 1,296 column arrangements (the reference the fast
/// version is tested against).
#[cfg(test)]
pub(crate) fn minlex_exhaustive(values: &[u8; 81]) -> [u8; 81] {
    let mut search = Search { best: [[0; 9]; 9], have_best: false, current: [[0; 9]; 9] };
    let mut best_flat = [10u8; 81];
    let mut have = false;
    for transpose in [false, true] {
        let cell =
            |r: usize, c: usize| if transpose { values[c * 9 + r] } else { values[r * 9 + c] };
        for stacks in PERMS3 {
            for a in PERMS3 {
                for b in PERMS3 {
                    for c in PERMS3 {
                        let inner = [a, b, c];
                        let cols: [usize; 9] =
                            std::array::from_fn(|i| stacks[i / 3] * 3 + inner[i / 3][i % 3]);
                        let grid: [[u8; 9]; 9] =
                            std::array::from_fn(|r| std::array::from_fn(|i| cell(r, cols[i])));
                        search.step(&grid, 0, 0, Labels::EMPTY, true);
                    }
                }
            }
        }
    }
    if search.have_best {
        have = true;
        for (r, row) in search.best.iter().enumerate() {
            best_flat[r * 9..r * 9 + 9].copy_from_slice(row);
        }
    }
    debug_assert!(have);
    best_flat
}

/// The number of the 3,359,232 geometric transformations that map `values` onto `form` (its
/// minlex form) after relabelling, by trying every column arrangement and every row order
/// that keeps the prefix equal to `form` (the reference for the automorphism count).
#[cfg(test)]
pub(crate) fn automorphisms_exhaustive(values: &[u8; 81], form: &[u8; 81]) -> u64 {
    fn rows(grid: &[[u8; 9]; 9], form: &[u8; 81], p: usize, used: u16, labels: Labels) -> u64 {
        if p == 9 {
            return 1;
        }
        let mut total = 0;
        for (r, row) in grid.iter().enumerate() {
            let allowed = used >> r & 1 == 0
                && if p % 3 == 0 {
                    used & (0b111 << (r / 3 * 3)) == 0
                } else {
                    r / 3 == partial_band(used)
                };
            if !allowed {
                continue;
            }
            let mut l = labels;
            let mut out = [0u8; 9];
            l.write(row, &mut out);
            if out[..] == form[p * 9..p * 9 + 9] {
                total += rows(grid, form, p + 1, used | 1 << r, l);
            }
        }
        total
    }
    let mut total = 0;
    for transpose in [false, true] {
        let cell =
            |r: usize, c: usize| if transpose { values[c * 9 + r] } else { values[r * 9 + c] };
        for stacks in PERMS3 {
            for a in PERMS3 {
                for b in PERMS3 {
                    for c in PERMS3 {
                        let inner = [a, b, c];
                        let cols: [usize; 9] =
                            std::array::from_fn(|i| stacks[i / 3] * 3 + inner[i / 3][i % 3]);
                        let grid: [[u8; 9]; 9] =
                            std::array::from_fn(|r| std::array::from_fn(|i| cell(r, cols[i])));
                        total += rows(&grid, form, 0, 0, Labels::EMPTY);
                    }
                }
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Isomorph;
    use proptest::prelude::*;

    fn parse(line: &str) -> [u8; 81] {
        std::array::from_fn(|i| line.as_bytes()[i].wrapping_sub(b'0').min(9) % 10)
    }

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn fast_minlex_equals_the_exhaustive_search() {
        for file in
            ["magictour_top1465.txt", "sudoku17_royle_49158.txt", "generated_minimal_10k.txt"]
        {
            let path = format!("{}/../../datasets/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).expect("bundled corpus");
            for line in text.lines().step_by(37).take(40) {
                let v = parse(&line[..81].replace('.', "0"));
                assert_eq!(minlex_reference(&v), minlex_exhaustive(&v), "{line}");
            }
        }
    }

    #[test]
    fn minlex_of_an_empty_grid_is_all_zeros() {
        assert_eq!(minlex_reference(&[0; 81]), [0; 81]);
    }

    #[test]
    fn minlex_is_no_larger_than_the_puzzle_relabelled() {
        let v = parse(&PUZZLE.replace('.', "0"));
        let m = minlex_reference(&v);
        let mut labels = Labels::EMPTY;
        let mut relabelled = [0u8; 81];
        for r in 0..9 {
            let row: [u8; 9] = std::array::from_fn(|c| v[r * 9 + c]);
            let mut out = [0u8; 9];
            labels.write(&row, &mut out);
            relabelled[r * 9..r * 9 + 9].copy_from_slice(&out);
        }
        assert!(m <= relabelled);
        assert_eq!(m.iter().filter(|&&x| x != 0).count(), 17);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        #[test]
        fn every_isomorph_has_the_same_minlex(seed in any::<u64>()) {
            let v = parse(&PUZZLE.replace('.', "0"));
            let mut rng = fastrand::Rng::with_seed(seed);
            let t = Isomorph::random(&mut rng);
            prop_assert_eq!(minlex_reference(&t.apply(&v)), minlex_reference(&v));
        }
    }
}
