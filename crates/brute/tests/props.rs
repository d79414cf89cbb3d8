//! Property tests: random valid grids with random clues removed, random candidate removals,
//! and a comparison of solution counts against a simple independent backtracking counter.

mod common;

use bitdoku_brute::{Count, count_solutions, masks_from_values, solve_first, solve_unique};
use common::{agrees, check_grid, parse};
use proptest::prelude::*;

/// The workspace's one RNG crate, seeded by proptest.
type Rng = fastrand::Rng;

/// A random valid grid: a fixed pattern grid transformed by validity-preserving shuffles
/// (digit relabelling, rows within bands, bands, columns within stacks, stacks, transpose).
fn random_grid(seed: u64) -> [u8; 81] {
    let mut rng = Rng::with_seed(seed | 1);
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            out.extend(inner.iter().map(|i| b * 3 + i));
        }
        out
    };
    let rows = order(&mut rng);
    let cols = order(&mut rng);
    let transpose = rng.usize(..2) == 1;
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r], cols[c]);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            let pattern = (sr * 3 + sr / 3 + sc) % 9;
            grid[r * 9 + c] = digits[pattern];
        }
    }
    assert!(check_grid(&grid));
    grid
}

/// Independent counter: plain backtracking on candidate masks, always branching on the empty
/// cell with the fewest allowed digits. Counts up to `limit`.
fn naive_count(masks: &[u128; 9], limit: u32) -> u32 {
    let mut allowed = [0u16; 81];
    for (cell, a) in allowed.iter_mut().enumerate() {
        for (d, m) in masks.iter().enumerate() {
            if m >> cell & 1 == 1 {
                *a |= 1 << d;
            }
        }
    }
    let mut grid = [0u8; 81];
    let mut count = 0;
    naive_rec(&allowed, &mut grid, limit, &mut count);
    count
}

fn peers_use(grid: &[u8; 81], cell: usize) -> u16 {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let mut used = 0u16;
    for i in 0..9 {
        for p in [r * 9 + i, i * 9 + c, (br + i / 3) * 9 + bc + i % 3] {
            if p != cell && grid[p] != 0 {
                used |= 1 << (grid[p] - 1);
            }
        }
    }
    used
}

fn naive_rec(allowed: &[u16; 81], grid: &mut [u8; 81], limit: u32, count: &mut u32) {
    let mut best: Option<(usize, u16)> = None;
    for cell in 0..81 {
        if grid[cell] != 0 {
            continue;
        }
        let options = allowed[cell] & !peers_use(grid, cell);
        if best.is_none_or(|(_, o)| options.count_ones() < o.count_ones()) {
            best = Some((cell, options));
        }
    }
    let Some((cell, options)) = best else {
        *count += 1;
        return;
    };
    for d in 0..9 {
        if options >> d & 1 == 1 {
            grid[cell] = d as u8 + 1;
            naive_rec(allowed, grid, limit, count);
            grid[cell] = 0;
            if *count >= limit {
                return;
            }
        }
    }
}

/// Givens of `grid` where `keep` says so.
fn clues(grid: &[u8; 81], seed: u64, percent: u64) -> [u8; 81] {
    let mut rng = Rng::with_seed(seed.rotate_left(17) | 1);
    let mut out = [0u8; 81];
    for (o, &g) in out.iter_mut().zip(grid.iter()) {
        if rng.u64(..100) < percent {
            *o = g;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A valid grid with random clues removed has a solution that keeps the clues.
    #[test]
    fn clue_subsets_are_solvable(seed in any::<u64>(), percent in 0u64..100) {
        let grid = random_grid(seed);
        let givens = clues(&grid, seed, percent);
        let masks = masks_from_values(&givens);
        let (n, sol) = count_solutions(&masks, 2);
        prop_assert!(n >= 1);
        let sol = sol.unwrap().0;
        prop_assert!(check_grid(&sol));
        prop_assert!(agrees(&givens, &sol));
        let first = solve_first(&masks).unwrap().0;
        prop_assert!(check_grid(&first) && agrees(&givens, &first));
        let (kind, _) = solve_unique(&masks);
        prop_assert_eq!(kind, if n == 1 { Count::One } else { Count::Many });
    }

    /// Counts agree with the independent counter, also on arbitrary candidate removals
    /// (which may make the state contradictory).
    #[test]
    fn counts_match_naive(seed in any::<u64>(), percent in 30u64..90, cuts in 0usize..40) {
        let grid = random_grid(seed);
        let givens = clues(&grid, seed, percent);
        let mut masks = masks_from_values(&givens);
        let mut rng = Rng::with_seed(seed ^ 0x9E37_79B9_7F4A_7C15);
        for _ in 0..cuts {
            masks[rng.usize(..9)] &= !(1u128 << rng.usize(..81));
        }
        let expected = naive_count(&masks, 20);
        let (n, sol) = count_solutions(&masks, 20);
        prop_assert_eq!(n, expected);
        if let Some(sol) = sol {
            prop_assert!(check_grid(&sol.0));
            for (cell, &v) in sol.0.iter().enumerate() {
                prop_assert!(masks[usize::from(v - 1)] >> cell & 1 == 1, "uses a removed candidate");
            }
        }
    }

    /// Removing candidates that are not in the solution keeps a unique puzzle unique, with the
    /// same solution; removing one solution candidate leaves no solution.
    #[test]
    fn candidate_removal_on_unique_puzzle(seed in any::<u64>(), cuts in 0usize..200) {
        let givens = parse(PUZZLES[(seed % PUZZLES.len() as u64) as usize]);
        let masks = masks_from_values(&givens);
        let (kind, sol) = solve_unique(&masks);
        prop_assert_eq!(kind, Count::One);
        let sol = sol.unwrap().0;
        let mut rng = Rng::with_seed(seed | 1);
        let mut cut = masks;
        for _ in 0..cuts {
            let (d, cell) = (rng.usize(..9), rng.usize(..81));
            if usize::from(sol[cell]) != d + 1 {
                cut[d] &= !(1u128 << cell);
            }
        }
        prop_assert_eq!(solve_unique(&cut), (Count::One, Some(bitdoku_brute::Solution(sol))));
        let cell = rng.usize(..81);
        cut[usize::from(sol[cell] - 1)] &= !(1u128 << cell);
        prop_assert_eq!(count_solutions(&cut, 5), (0, None));
    }
}

const PUZZLES: [&str; 4] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
];

#[test]
fn contradictory_inputs_never_panic() {
    // Two equal givens in one column, box, row; an empty candidate set; all-zero masks.
    for (a, b) in [(0usize, 72usize), (0, 10), (0, 8), (40, 44)] {
        let mut values = [0u8; 81];
        values[a] = 3;
        values[b] = 3;
        assert_eq!(solve_unique(&masks_from_values(&values)), (Count::None, None));
    }
    let mut masks = masks_from_values(&[0; 81]);
    for m in masks.iter_mut() {
        *m &= !(1u128 << 80);
    }
    assert_eq!(count_solutions(&masks, 10), (0, None));
    assert_eq!(count_solutions(&[0; 9], 1), (0, None));
    assert_eq!(count_solutions(&[u128::MAX; 9], 3).0, 3);
}

#[test]
fn full_and_empty_grids() {
    let grid = random_grid(12345);
    assert_eq!(
        solve_unique(&masks_from_values(&grid)),
        (Count::One, Some(bitdoku_brute::Solution(grid)))
    );
    let (kind, sol) = solve_unique(&masks_from_values(&[0; 81]));
    assert_eq!(kind, Count::Many);
    assert!(check_grid(&sol.unwrap().0));
}

#[test]
fn naive_counter_sanity() {
    // One hole in a full grid: exactly one completion; an empty state with one cell blocked
    // entirely: none.
    let mut values = random_grid(7);
    values[10] = 0;
    assert_eq!(naive_count(&masks_from_values(&values), 5), 1);
    let mut masks = masks_from_values(&values);
    for m in masks.iter_mut() {
        *m &= !(1u128 << 10);
    }
    assert_eq!(naive_count(&masks, 5), 0);
}
