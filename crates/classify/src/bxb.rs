//! BxB and BxBB: trial and error with braids inside, T&E(B_p, n).
//!
//! B_p is BRT plus braids of length at most p ([`ChainTheory`]). **BxB** of a T&E(2) puzzle is
//! the smallest p such that T&E(B_p, 1) solves it; **BxBB** of a T&E(3) puzzle the smallest p
//! such that T&E(B_p, 2) does. T&E(B_p, n) is confluent and grows with p, so p = 1, 2, ... run
//! one after the other on the same state, each from where the previous one stopped.

use crate::brt::Grid;
use crate::budget::Budget;
use crate::chains::Kind;
use crate::rating::{self, ChainTheory, Rated};
use crate::te::{solution_masks, te_close};

/// The smallest p <= `max` such that T&E(B_p, `depth`) solves the BRT-closed `grid` (whose
/// unique solution is `solution`). The grid is left as reached.
pub fn bxb(
    grid: &mut Grid,
    depth: u32,
    solution: &[u8; 81],
    max: u32,
    budget: &mut Budget,
) -> Rated {
    let skip = solution_masks(solution);
    for p in 1..=max {
        let mut theory = ChainTheory { kind: Kind::Braid, m: p };
        // The real state first, without trying the solution's candidates as targets.
        let closed = rating::close(grid, Kind::Braid, p, Some(&skip), budget).and_then(|ok| {
            if ok { te_close(&mut theory, grid, depth, Some(&skip), budget) } else { Ok(false) }
        });
        match closed {
            Err(_) => return Rated::Above(p - 1),
            // A puzzle with a solution never meets a contradiction.
            Ok(false) => return Rated::Above(p),
            Ok(true) if grid.is_solved() => return Rated::Value(p),
            Ok(true) => {}
        }
    }
    Rated::Above(max)
}
