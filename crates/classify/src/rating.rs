//! The W and B ratings: the smallest n such that BRT plus whips (braids) of length at most n
//! solve the puzzle (0 when BRT alone does).
//!
//! Both theories are confluent (Berthier), so the state they reach does not depend on the
//! order of the eliminations. The rating is found by closing the state under chains of
//! length at most m for m = 1, 2, ..., each m starting from the state the smaller ones left:
//! a sweep tries every candidate as a target (most are ruled out by
//! [`ChainSearch::lower_bound`]), eliminates those a chain of length at most m removes (BRT
//! follows each elimination), and sweeps repeat until one eliminates nothing; then m grows.
//! The first m whose closure solves the puzzle is the rating.
//!
//! [`ChainTheory`] is the same closure for a fixed m as an inner theory of trial and error
//! (B_p of BxB and BxBB).

use crate::brt::Grid;
use crate::budget::{Budget, OverBudget};
use crate::chains::{ChainSearch, Kind};
use crate::proof::ChainProof;
use crate::te::Theory;

/// One sweep at length `m`: eliminates every target (outside `skip`) that a chain of length
/// at most `m` removes. Returns `Ok(None)` on a contradiction, else whether anything went.
/// `proofs`, when given, gets each elimination's chain (built on the state it was found in).
fn sweep(
    grid: &mut Grid,
    search: &mut ChainSearch,
    m: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
    mut proofs: Option<&mut Vec<ChainProof>>,
) -> Result<Option<bool>, OverBudget> {
    let mut changed = false;
    search.reset(grid);
    for d in 0..9 {
        let mut todo = grid.cand()[d] & !skip.map_or(0, |s| s[d]);
        while todo != 0 {
            let c = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if !grid.has(d, c) {
                continue;
            }
            budget.spend(1)?;
            let z = d * 81 + c;
            if search.lower_bound(z, m).is_none() {
                continue;
            }
            if search.exists(z, m, budget)? {
                if let Some(out) = proofs.as_deref_mut() {
                    let rights = search.right_links();
                    let p = ChainProof::build(grid, search.kind(), z, &rights)
                        .expect("the search's chain rebuilds on its own state");
                    out.push(p);
                }
                if !grid.eliminate(d, c) {
                    return Ok(None);
                }
                if grid.is_solved() {
                    return Ok(Some(true));
                }
                changed = true;
                search.reset(grid);
            }
        }
    }
    Ok(Some(changed))
}

/// Closes `grid` under BRT plus chains of length at most `m`. `Ok(false)` on a contradiction.
pub fn close(
    grid: &mut Grid,
    kind: Kind,
    m: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
) -> Result<bool, OverBudget> {
    let mut search = ChainSearch::new(kind, grid);
    loop {
        if grid.is_solved() {
            return Ok(true);
        }
        match sweep(grid, &mut search, m, skip, budget, None)? {
            None => return Ok(false),
            Some(false) => return Ok(true),
            Some(true) => {}
        }
    }
}

/// Outcome of a rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rated {
    /// The rating.
    Value(u32),
    /// Chains of length at most this do not solve the puzzle (the limit asked for, or where
    /// the budget ran out).
    Above(u32),
}

/// The W (`Kind::Whip`) or B (`Kind::Braid`) rating of the BRT-closed `grid`, up to `max`.
/// `skip`: candidates that need no trying (the solution's). The grid is left as reached.
pub fn rating(
    grid: &mut Grid,
    kind: Kind,
    max: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
) -> Rated {
    rate(grid, kind, max, skip, budget, None)
}

/// [`rating`] with its resolution path: every elimination's chain, in the order made, each
/// valid on the state the eliminations before it (and BRT after each) left. The longest
/// chain of a solving path is the rating.
pub fn rating_path(
    grid: &mut Grid,
    kind: Kind,
    max: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
) -> (Rated, Vec<ChainProof>) {
    let mut proofs = Vec::new();
    let r = rate(grid, kind, max, skip, budget, Some(&mut proofs));
    (r, proofs)
}

fn rate(
    grid: &mut Grid,
    kind: Kind,
    max: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
    mut proofs: Option<&mut Vec<ChainProof>>,
) -> Rated {
    if grid.is_solved() {
        return Rated::Value(0);
    }
    let mut search = ChainSearch::new(kind, grid);
    for m in 1..=max {
        loop {
            match sweep(grid, &mut search, m, skip, budget, proofs.as_deref_mut()) {
                Err(OverBudget) => return Rated::Above(m - 1),
                Ok(None) => return Rated::Above(m),
                Ok(Some(_)) if grid.is_solved() => return Rated::Value(m),
                Ok(Some(true)) => {}
                Ok(Some(false)) => break,
            }
        }
    }
    Rated::Above(max)
}

/// BRT plus chains of length at most `m`, as a [`Theory`] for trial and error.
#[derive(Clone, Copy, Debug)]
pub struct ChainTheory {
    /// Whips or braids.
    pub kind: Kind,
    /// The longest chain.
    pub m: u32,
}

impl Theory for ChainTheory {
    fn close(&mut self, grid: &mut Grid, budget: &mut Budget) -> Result<bool, OverBudget> {
        close(grid, self.kind, self.m, None, budget)
    }
}
