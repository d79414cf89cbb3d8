//! `bitdoku-brute`: a very fast brute-force Sudoku solver and solution counter.
//!
//! # Conventions
//!
//! * Cells are indexed `0..81` row-major: `cell = row * 9 + col`.
//! * Digits are indexed `0..9`: digit index `d` means the digit `d + 1`.
//! * A candidate state is `[u128; 9]`: bit `c` of `masks[d]` set means digit `d + 1` is still
//!   possible in cell `c`. Bits 81..128 are ignored. A given (placed) cell is simply a cell
//!   whose only candidate is its digit.
//!
//! Any input is accepted: contradictory states (an empty cell, clashing givens, a given whose
//! digit is still a candidate of its peers) are propagated like any other state and simply
//! yield 0 solutions when they have none. The solver never panics, never loops forever and does
//! not allocate.
//!
//! # Design
//!
//! A JCZSolve-style design, written from scratch: per-digit bitboards split into bands of
//! three rows (27 bits per digit and band, which matches the `u128`-per-digit layout: bits
//! 0..27 band 0, 27..54 band 1, 54..81 band 2; the search stores them band-major, with a set of
//! dirty masks that the band step visits in passes), table-driven row/box shrinking inside each band
//! (tables built at compile time by `const fn`), the same permutation argument for the
//! band/column pairs of each stack, naked singles by bit-sliced counting, and a depth-first
//! search that guesses on a two-candidate cell with many unplaced peers. Boards are copied on
//! the stack; the search allocates nothing. See the `solver`, `search` and `tables` modules
//! for the details and worked examples of every bit trick.
//!
//! The search is compiled three times, for the build's x86-64-v2 baseline and twice for
//! x86-64-v3 (AVX2, BMI1/2): with the band step's occupancy from table reads, and from one
//! `PEXT` on processors where that is fast (Intel; AMD since Zen 3). Each search picks what
//! the processor runs through [`cpu`]; `tests/cpu_paths.rs` checks that all three give the
//! same counts, solutions and guesses.
//! [`count_solutions_prepared`] is the bulk path's entry (it skips clearing the givens' digits
//! from their peers, which the line scan already did); `grid` turns a solved board into its
//! grid from four bit planes of the digit index.
//!
//! Speed (one thread, `solve_unique`, `examples/speed.rs`, best of 3, on the shared 2-core
//! development VM, whose clock varies a lot): roughly 650k puzzles/s on the 17-clue set (0.72
//! guesses/puzzle), 150k/s on magictour top1465 (11.0), 25k/s on forum_hardest_1905_11plus
//! (84), 630k/s on the generated minimal puzzles (1.15) and 600k/s on serg_benchmark (6.3,
//! every puzzle has several solutions). Against the `sudoku` crate, whole process:
//! `results/2026-11-26-brute/README.md`.
//!
//! ```
//! use bitdoku_brute::{Count, masks_from_values, solve_unique};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let mut values = [0u8; 81];
//! for (v, ch) in values.iter_mut().zip(text.bytes()) {
//!     *v = if ch == b'.' { 0 } else { ch - b'0' };
//! }
//! let (count, solution) = solve_unique(&masks_from_values(&values));
//! assert_eq!(count, Count::One);
//! assert!(bitdoku_brute::is_valid_solution(&solution.unwrap().0));
//! ```

#![deny(missing_docs)]
// The unsafe blocks call the x86-64-v3 searches after checking the processor, and PEXT inside
// the one compiled with BMI2 (search.rs, solver.rs).
#![deny(unsafe_code)]

/// Runtime CPU-feature dispatch (the `bitdoku-cpu` crate): which search variant runs.
pub use bitdoku_cpu as cpu;
mod grid;
mod search;
mod solver;
mod tables;

use search::Search;
use solver::Board;

/// Outcome of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// No solution.
    None,
    /// Exactly one solution.
    One,
    /// Two or more solutions.
    Many,
}

/// A solved grid: 81 digits `1..=9`, row-major.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution(pub [u8; 81]);

/// Statistics of one search (for benchmarks: guesses per puzzle).
#[derive(Debug, Default, Clone, Copy)]
pub struct SearchStats {
    /// Number of guesses: branching decisions taken by the search.
    pub guesses: u64,
}

/// Counts solutions up to `limit`, returning how many were found (`<= limit`) and the first
/// solution found (if any). `limit == 2` decides uniqueness; `limit == 0` returns `(0, None)`
/// without searching.
pub fn count_solutions(masks: &[u128; 9], limit: u32) -> (u32, Option<Solution>) {
    let (count, solution, _) = count_solutions_with_stats(masks, limit);
    (count, solution)
}

/// Same as [`count_solutions`], also returning search statistics.
pub fn count_solutions_with_stats(
    masks: &[u128; 9],
    limit: u32,
) -> (u32, Option<Solution>, SearchStats) {
    counted(masks, limit, false, false)
}

/// The count behind the entries: a search of `limit` solutions from `masks` (`prepared`: the
/// givens' peer pass skipped), the first solution (only when the count is 1 with
/// `unique_only`), and the statistics.
fn counted(
    masks: &[u128; 9],
    limit: u32,
    prepared: bool,
    unique_only: bool,
) -> (u32, Option<Solution>, SearchStats) {
    if limit == 0 {
        return (0, None, SearchStats::default());
    }
    let mut search = Search::new(limit);
    search.run(Board::from_masks(masks, prepared));
    let first = search.first.filter(|_| !unique_only || search.count == 1);
    let stats = SearchStats { guesses: search.guesses };
    (search.count, first.as_ref().map(|f| Solution(grid::grid_of(f))), stats)
}

/// [`count_solutions`] for the bulk path: the same count (and the same search), with the
/// solution only when the count is exactly 1, for masks in which no cell with a single
/// candidate shares its digit with a peer (as `bitdoku_bitboard::quick_search_masks` returns
/// them).
///
/// That promise lets the search skip the pass that clears the givens' digits from their peers;
/// any other masks give the same result, only less quickly (the pass just does early what
/// propagation does anyway). Skipping the grid of a first solution that is not unique saves
/// the work on puzzles with several solutions.
pub fn count_solutions_prepared(masks: &[u128; 9], limit: u32) -> (u32, Option<Solution>) {
    let (count, solution, _) = count_solutions_prepared_with_stats(masks, limit);
    (count, solution)
}

/// [`count_solutions_prepared`], also returning search statistics: the logic engine's
/// uniqueness count (a parsed puzzle keeps the promise, a candidate grid may not and gets the
/// same count; the engine needs the solution only when it is unique).
pub fn count_solutions_prepared_with_stats(
    masks: &[u128; 9],
    limit: u32,
) -> (u32, Option<Solution>, SearchStats) {
    counted(masks, limit, true, true)
}

/// Uniqueness-checking solve: counts with limit 2 and maps the count to [`Count`].
///
/// The solution is the first one found: `Some` for [`Count::One`] and [`Count::Many`],
/// `None` for [`Count::None`].
pub fn solve_unique(masks: &[u128; 9]) -> (Count, Option<Solution>) {
    let (count, solution) = count_solutions(masks, 2);
    let count = match count {
        0 => Count::None,
        1 => Count::One,
        _ => Count::Many,
    };
    (count, solution)
}

/// First solution only (limit 1).
pub fn solve_first(masks: &[u128; 9]) -> Option<Solution> {
    count_solutions(masks, 1).1
}

/// Candidate masks from an 81-value grid: `0` = empty (all nine candidates), `1..=9` = given
/// (only that candidate). Values above 9 are treated as empty. Consistency is not checked:
/// clashing givens just lead to 0 solutions.
pub fn masks_from_values(values: &[u8; 81]) -> [u128; 9] {
    let mut masks = [0u128; 9];
    for (cell, &v) in values.iter().enumerate() {
        let bit = 1u128 << cell;
        match v {
            1..=9 => masks[usize::from(v - 1)] |= bit,
            _ => {
                for m in masks.iter_mut() {
                    *m |= bit;
                }
            }
        }
    }
    masks
}

/// Independent validity check of a full grid: every row, column and box holds `1..=9`
/// exactly once.
pub fn is_valid_solution(grid: &[u8; 81]) -> bool {
    // One "seen" set per row, column and box (bit v for value v; values above 9 land on bit 16
    // at most). Without a branch per cell: the logic engine checks every grid it fills without
    // a solution count (about 80 ns against 190 with an early exit per cell).
    const HOUSES: [[u8; 3]; 81] = {
        let mut t = [[0u8; 3]; 81];
        let mut i = 0;
        while i < 81 {
            t[i] = [(i / 9) as u8, (i % 9) as u8, (i / 27 * 3 + i % 9 / 3) as u8];
            i += 1;
        }
        t
    };
    let (mut rows, mut cols, mut boxes) = ([0u32; 9], [0u32; 9], [0u32; 9]);
    for (&v, &[r, c, b]) in grid.iter().zip(&HOUSES) {
        let bit = 1u32 << v.min(16);
        rows[usize::from(r)] |= bit;
        cols[usize::from(c)] |= bit;
        boxes[usize::from(b)] |= bit;
    }
    // Each house has nine cells: it holds 1..=9 exactly once when its set is exactly 1..=9.
    let (mut all, mut any) = (0x3fe_u32, 0u32);
    for k in 0..9 {
        all &= rows[k] & cols[k] & boxes[k];
        any |= rows[k] | cols[k] | boxes[k];
    }
    all == 0x3fe && any == 0x3fe
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (v, ch) in values.iter_mut().zip(text.bytes()) {
            *v = match ch {
                b'1'..=b'9' => ch - b'0',
                _ => 0,
            };
        }
        values
    }

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn empty_grid_has_many() {
        let masks = masks_from_values(&[0; 81]);
        let (count, sol) = solve_unique(&masks);
        assert_eq!(count, Count::Many);
        assert!(is_valid_solution(&sol.unwrap().0));
        assert_eq!(count_solutions(&masks, 1000).0, 1000);
    }

    #[test]
    fn solved_grid_is_one() {
        let (_, sol) = solve_unique(&masks_from_values(&parse(PUZZLE)));
        let grid = sol.unwrap().0;
        let (count, again) = solve_unique(&masks_from_values(&grid));
        assert_eq!(count, Count::One);
        assert_eq!(again.unwrap().0, grid);
    }

    #[test]
    fn duplicate_givens_have_none() {
        let mut values = parse(PUZZLE);
        values[1] = 4; // same row as the 4 in cell 0
        assert_eq!(solve_unique(&masks_from_values(&values)), (Count::None, None));
        let mut values = [0u8; 81];
        values[0] = 7;
        values[80] = 7;
        values[8] = 7; // same row as cell 0, and same column as cell 80
        assert_eq!(solve_unique(&masks_from_values(&values)).0, Count::None);
    }

    #[test]
    fn empty_cell_has_none() {
        let mut masks = masks_from_values(&[0; 81]);
        for m in masks.iter_mut() {
            *m &= !(1u128 << 40);
        }
        assert_eq!(solve_unique(&masks), (Count::None, None));
        assert_eq!(count_solutions(&[0; 9], 5), (0, None));
    }

    #[test]
    fn limit_zero_and_high_bits() {
        let masks = masks_from_values(&parse(PUZZLE));
        assert_eq!(count_solutions(&masks, 0), (0, None));
        let mut noisy = masks;
        for m in noisy.iter_mut() {
            *m |= !0u128 << 81;
        }
        assert_eq!(solve_unique(&noisy), solve_unique(&masks));
    }

    #[test]
    fn given_digit_still_allowed_in_peers() {
        // Cell 0 holds only digit 5, but every other cell still allows everything: the single
        // must be propagated, so no solution may repeat a 5 in row 0, column 0 or box 0.
        let mut masks = [(1u128 << 81) - 1; 9];
        for (d, m) in masks.iter_mut().enumerate() {
            if d != 4 {
                *m &= !1;
            }
        }
        let (n, sol) = count_solutions(&masks, 50);
        assert_eq!(n, 50);
        let grid = sol.unwrap().0;
        assert_eq!(grid[0], 5);
        assert!(is_valid_solution(&grid));
    }

    #[test]
    fn validity_checker() {
        let (_, sol) = solve_unique(&masks_from_values(&parse(PUZZLE)));
        let mut grid = sol.unwrap().0;
        assert!(is_valid_solution(&grid));
        grid.swap(0, 1);
        assert!(!is_valid_solution(&grid));
        grid.swap(0, 1);
        let digit = grid[5];
        for bad in [0, 10, 17, 255] {
            grid[5] = bad;
            assert!(!is_valid_solution(&grid), "{bad}");
        }
        // Every house holds each digit once, whatever the cell's value, only for the right one.
        grid[5] = digit;
        assert!(is_valid_solution(&grid));
        assert!(
            (1..=9)
                .filter(|&v| {
                    grid[40] = v;
                    is_valid_solution(&grid)
                })
                .count()
                == 1
        );
    }
}
