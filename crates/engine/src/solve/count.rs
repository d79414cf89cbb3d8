//! The uniqueness count of a solve, taken when first needed.
//!
//! A solve needs the puzzle's solution count (up to two) for three things: its status, whether
//! uniqueness techniques may run, and the solution for the fallback or for `verify`. When the
//! logic alone fills the grid before the order reaches a uniqueness technique, none of them
//! needs the count: every step was a deduction that holds in every solution, so the filled grid
//! is the only one (provided it is a valid grid, `bitdoku_brute::is_valid_solution`), and the status is `solved`.
//! [`Count`] runs the brute-force count the first
//! time one of them asks, on the start state (the same count, solution and guesses as a count
//! taken before any logic), and at most once.

use bitdoku_bitboard::Candidates;

/// What the count found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counted {
    /// Solutions, up to two.
    pub(super) count: u32,
    /// The solution when it is unique.
    pub(super) solution: Option<[u8; 81]>,
    /// The count's brute-force guesses.
    pub(super) guesses: u64,
}

/// The count of `start`'s solutions, run on first use.
pub(super) struct Count<'a> {
    start: &'a Candidates,
    done: Option<Counted>,
}

impl<'a> Count<'a> {
    /// A count of `start` that has not run yet.
    pub(super) fn new(start: &'a Candidates) -> Count<'a> {
        Count { start, done: None }
    }

    /// The count, run now if it has not run yet.
    pub(super) fn get(&mut self) -> Counted {
        *self.done.get_or_insert_with(|| {
            let masks = self.start.search_masks();
            // A parsed puzzle's givens are already cleared from their peers (parsing places
            // them), the prepared count's promise; a start that breaks it (a candidate grid)
            // gets the same count, only less quickly.
            let (count, first, stats) =
                bitdoku_brute::count_solutions_prepared_with_stats(&masks, 2);
            let solution = if count == 1 { first.map(|s| s.0) } else { None };
            Counted { count, solution, guesses: stats.guesses }
        })
    }

    /// Whether the puzzle has exactly one solution (runs the count if needed).
    pub(super) fn unique(&mut self) -> bool {
        self.get().count == 1
    }

    /// The count if it has run.
    pub(super) fn taken(&self) -> Option<Counted> {
        self.done
    }
}
