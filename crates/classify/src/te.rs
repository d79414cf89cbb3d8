//! Trial and error, T&E(T, n), for an inner theory T (Berthier's definition).
//!
//! T&E(T, 0) is T. T&E(T, n) repeats, until nothing changes: for each candidate Z of the
//! state, copy the state, assert Z in the copy and close the copy under T&E(T, n - 1); when
//! the copy meets a contradiction, delete Z from the real state and close the real state under
//! T. Only contradictions delete candidates: a copy that solves the grid proves nothing.
//! T&E(T, n) is confluent when T is, so the order of the trials does not change the final
//! state; each depth starts from the state the previous one left.
//!
//! **T&E depth** ([`te_depth`]) is the smallest n such that T&E(BRT, n) solves the puzzle
//! (0 when BRT alone does).
//!
//! Exact savings (none changes a result):
//! * at the outermost level, a candidate of the puzzle's solution never contradicts (every
//!   derived fact holds in every solution containing the assumption), so it is not tried;
//! * when the trial of Z ends without contradiction, every value decided in its copy would
//!   give a copy at most as strong as Z's (the theories are monotone), so it cannot
//!   contradict either and is not tried until the real state changes.

use crate::brt::Grid;
use crate::budget::{Budget, OverBudget};
use crate::rating::Rated;

/// A resolution theory that closes a state: T of T&E(T, n).
pub trait Theory {
    /// Closes `grid` under the theory (the grid is already closed under BRT). Returns
    /// `Ok(false)` on a contradiction.
    fn close(&mut self, grid: &mut Grid, budget: &mut Budget) -> Result<bool, OverBudget>;
}

/// BRT as a [`Theory`]: a [`Grid`] is always closed under it, so closing does nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Brt;

impl Theory for Brt {
    fn close(&mut self, _: &mut Grid, _: &mut Budget) -> Result<bool, OverBudget> {
        Ok(true)
    }
}

/// Closes `grid` under T&E(`theory`, `n`). `skip` are candidates known never to contradict
/// (the solution's, at the outermost level). Returns `Ok(false)` on a contradiction.
pub fn te_close<T: Theory>(
    theory: &mut T,
    grid: &mut Grid,
    n: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
) -> Result<bool, OverBudget> {
    if !theory.close(grid, budget)? {
        return Ok(false);
    }
    if n == 0 {
        return Ok(true);
    }
    loop {
        if grid.is_solved() {
            return Ok(true);
        }
        let mut changed = false;
        let mut safe = [0u128; 9];
        for d in 0..9 {
            let mut todo = grid.cand()[d] & !skip.map_or(0, |s| s[d]);
            while todo != 0 {
                let c = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                if !grid.has(d, c) || safe[d] >> c & 1 == 1 {
                    continue;
                }
                budget.spend(1)?;
                let mut copy = grid.clone();
                if copy.assert(d, c) && te_close(theory, &mut copy, n - 1, None, budget)? {
                    for (e, &v) in copy.values().iter().enumerate() {
                        if v > 0 {
                            safe[usize::from(v) - 1] |= 1 << e;
                        }
                    }
                    continue;
                }
                if !grid.eliminate(d, c) || !theory.close(grid, budget)? {
                    return Ok(false);
                }
                if grid.is_solved() {
                    return Ok(true);
                }
                changed = true;
                safe = [0; 9];
                todo &= grid.cand()[d];
            }
        }
        if !changed {
            return Ok(true);
        }
    }
}

/// The solution as a candidate mask per digit (what the outermost trials skip).
#[must_use]
pub fn solution_masks(solution: &[u8; 81]) -> [u128; 9] {
    let mut m = [0u128; 9];
    for (c, &v) in solution.iter().enumerate() {
        if (1..=9).contains(&v) {
            m[usize::from(v) - 1] |= 1 << c;
        }
    }
    m
}

/// The T&E depth of the BRT-closed `grid` (a puzzle with the unique solution `solution`):
/// the smallest n <= `max` such that T&E(BRT, n) solves it; [`Rated::Above`] with the
/// largest depth known not to solve it when T&E(BRT, `max`) does not or the budget runs out.
/// The grid is left in the last state reached.
pub fn te_depth(grid: &mut Grid, solution: &[u8; 81], max: u32, budget: &mut Budget) -> Rated {
    let skip = solution_masks(solution);
    for n in 0..=max {
        match te_close(&mut Brt, grid, n, Some(&skip), budget) {
            Ok(true) if grid.is_solved() => return Rated::Value(n),
            Ok(true) => {}
            // A puzzle with a solution meets no contradiction; a budget run out during
            // depth n leaves n - 1 as the last depth known not to solve it.
            Ok(false) | Err(OverBudget) => return Rated::Above(n.saturating_sub(1)),
        }
    }
    Rated::Above(max)
}
