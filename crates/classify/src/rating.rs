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
//! **Cheap searches first.** Within a length, the order of the eliminations does not change
//! the closure, only its cost: a target whose search fails at length m on one state often has
//! a chain once other eliminations have simplified the state, and a failing search is the
//! expensive kind (the whole tree up to length m). So each sweep gives every target's search
//! a node cap ([`CAP_START`] nodes) and leaves the targets that reach it for later; a sweep
//! that eliminates something starts the next one at that cap again, and a sweep that only
//! hits caps multiplies the cap by [`CAP_GROWTH`]. The closure at m is reached when a sweep
//! eliminates nothing and cuts no search short, as before: exactness is unchanged. Measured on
//! the Sample40 T&E(1) puzzles with B <= 12 almost all the time went to searches that failed
//! at the rating's own length on a state that later eliminations made easy
//! (results/2026-11-28-classify-speed-2). Between two eliminations the state is the same, so
//! a sweep after one that eliminated nothing skips the targets already settled and resumes
//! each capped search where it stopped rather than from the start (`Known`): a target capped
//! again and again costs its tree once (results/2026-11-28-classify-speed-3).
//!
//! [`ChainTheory`] is the same closure for a fixed m as an inner theory of trial and error
//! (B_p of BxB and BxBB).

use crate::brt::{Grid, PEER_BITS};
use crate::budget::{Budget, OverBudget};
use crate::chains::{ChainSearch, Kind};
use crate::proof::ChainProof;
use crate::te::Theory;

/// The node cap of a target's search in a sweep after one that eliminated something (or
/// the first at a length).
pub const CAP_START: u64 = 2048;

/// How the cap grows after a sweep that eliminated nothing but cut searches short.
pub const CAP_GROWTH: u64 = 4;

/// The shortest length whose capped sweeps take their targets by lower bound (shorter
/// searches are too cheap for the order to pay for its sort).
const ORDER_FROM: u32 = 3;

/// What the sweeps at one length know of the current state, until the next elimination
/// changes it: the targets settled there (the bound ruled them out or their search failed:
/// no chain within the length) and where each capped search stopped. A sweep after one that
/// eliminated nothing (the same state) skips the settled targets and resumes the capped
/// searches where they stopped, rather than repeating both. An elimination that decides no
/// cell keeps what is known of the targets linked to the candidate eliminated
/// ([`Known::keep_linked`]).
#[derive(Default)]
struct Known {
    /// Settled targets, per digit.
    settled: [u128; 9],
    /// Capped targets and where their searches stopped ([`ChainSearch::exists_within`]).
    stopped: Vec<(usize, Vec<u16>)>,
    /// The targets of a sweep with their bounds (a buffer kept from sweep to sweep).
    order: Vec<(u32, usize)>,
}

impl Known {
    /// The state changed: nothing is known.
    fn forget(&mut self) {
        self.settled = [0; 9];
        self.stopped.clear();
    }

    /// The candidate `e` went and nothing else (BRT decided no cell). For a target linked
    /// to e, asserting it kills e anyway, and after that the two states are the same (the
    /// grid, closed under BRT, had no single and has none, so the same singles follow):
    /// a braid search runs the same tree, so what is known of such targets holds (its
    /// failure, or where its capped search stopped). A whip search reads the grid's
    /// candidates for left links too, so its tree may lose branches through e: a failure
    /// holds (a whip on the new state is one on the old, e being linked to the target),
    /// where a capped one stopped does not. The rest is forgotten.
    fn keep_linked(&mut self, e: usize, kind: Kind) {
        let (d, c) = (e / 81, e % 81);
        for (k, s) in self.settled.iter_mut().enumerate() {
            *s &= if k == d { PEER_BITS[c] } else { 1 << c };
        }
        if kind == Kind::Whip {
            self.stopped.clear();
        }
        self.stopped.retain(|&(z, _)| {
            let (k, x) = (z / 81, z % 81);
            if k == d { PEER_BITS[c] >> x & 1 == 1 } else { x == c }
        });
    }
}

/// The set bits of `m`, lowest first.
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// One sweep at length `m`: eliminates every target (outside `skip`) that a chain of length
/// at most `m` removes, within `*cap` more nodes per target (`capped` is set when a search
/// reached it: that target is undecided). Returns `Ok(None)` on a contradiction, else whether
/// anything went. `proofs`, when given, gets each elimination's chain (built on the state it
/// was found in). `known` carries what earlier sweeps on the same state found.
///
/// Capped sweeps (`start`, the first cap, is finite) take the targets by their lower bound
/// ([`ChainSearch::lower_bound`] on the sweep's first state), smallest first: on 40 of the
/// slowest Sample40 puzzles and a fifth of dob39c, 3-6% fewer nodes than by candidate index
/// (results/2026-11-28-classify-speed-3); uncapped ones (BxB's inner closures, where that
/// order cost 20% more) by candidate index. After an elimination the rest of the sweep goes
/// on at the first cap (searches on the new state are cheap again; 7% fewer nodes than
/// keeping a grown cap). An elimination that decides a cell ends a capped sweep at once:
/// the bounds it was ordered by are stale, and the next sweep orders the targets by their
/// bounds on the new state (8% fewer nodes on the 292 Sample40 puzzles with B <= 12; going
/// back to shorter lengths first cost 4-8% more, results/2026-11-28-classify-speed-3).
#[allow(clippy::too_many_arguments)]
fn sweep(
    grid: &mut Grid,
    search: &mut ChainSearch,
    m: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
    mut proofs: Option<&mut Vec<ChainProof>>,
    cap: &mut u64,
    start: u64,
    capped: &mut bool,
    known: &mut Known,
) -> Result<Option<bool>, OverBudget> {
    let mut changed = false;
    search.reset(grid);
    let cands: [u128; 9] = std::array::from_fn(|d| grid.cand()[d] & !skip.map_or(0, |s| s[d]));
    let ordered = start != u64::MAX && m >= ORDER_FROM;
    let mut order = std::mem::take(&mut known.order);
    order.clear();
    if ordered {
        for (d, &todo) in cands.iter().enumerate() {
            for c in bits(todo) {
                let z = d * 81 + c;
                if known.settled[d] >> c & 1 == 1 {
                    // Last, in case an elimination unsettles it.
                    order.push((u32::MAX, z));
                    continue;
                }
                budget.spend(1)?;
                match search.lower_bound(z, m) {
                    None => known.settled[d] |= 1 << c,
                    Some(b) => order.push((b, z)),
                }
            }
        }
        order.sort_unstable();
    }
    let mut by_index = (0..9).flat_map(|d| bits(cands[d]).map(move |c| d * 81 + c));
    let mut by_bound = order.iter().map(|&(_, z)| z);
    while let Some(z) = if ordered { by_bound.next() } else { by_index.next() } {
        let (d, c) = (z / 81, z % 81);
        if !grid.has(d, c) || known.settled[d] >> c & 1 == 1 {
            continue;
        }
        // The bound taken on the sweep's first state holds no more after an elimination;
        // the search's own root takes it again (by lower bound, that is enough).
        if !ordered {
            budget.spend(1)?;
            if search.lower_bound(z, m).is_none() {
                known.settled[d] |= 1 << c;
                continue;
            }
        }
        let mut path = match known.stopped.iter().position(|&(t, _)| t == z) {
            Some(i) => known.stopped.swap_remove(i).1,
            None => Vec::new(),
        };
        let Some(found) = search.exists_within(z, m, budget, *cap, &mut path)? else {
            *capped = true;
            known.stopped.push((z, path));
            continue;
        };
        if !found {
            known.settled[d] |= 1 << c;
        } else {
            if let Some(out) = proofs.as_deref_mut() {
                let rights = search.right_links();
                let p = ChainProof::build(grid, search.kind(), z, &rights)
                    .expect("the search's chain rebuilds on its own state");
                out.push(p);
            }
            let unsolved = grid.unsolved();
            if !grid.eliminate(d, c) {
                return Ok(None);
            }
            if grid.is_solved() {
                return Ok(Some(true));
            }
            changed = true;
            *cap = start;
            if grid.unsolved() == unsolved {
                known.keep_linked(z, search.kind());
            } else {
                known.forget();
                if ordered {
                    // The rest of the order is stale: the next sweep bounds afresh.
                    break;
                }
            }
            search.reset(grid);
        }
    }
    known.order = order;
    Ok(Some(changed))
}

/// Closes `grid` under chains of length at most `m` by sweeps, the searches capped as the
/// module documentation says when `capped_first` (else never). `Ok(false)` on a
/// contradiction; stops early once the grid is solved.
fn close_at(
    grid: &mut Grid,
    search: &mut ChainSearch,
    m: u32,
    skip: Option<&[u128; 9]>,
    budget: &mut Budget,
    mut proofs: Option<&mut Vec<ChainProof>>,
    capped_first: bool,
) -> Result<bool, OverBudget> {
    let start = if capped_first { CAP_START } else { u64::MAX };
    let mut cap = start;
    let mut known = Known::default();
    loop {
        if grid.is_solved() {
            return Ok(true);
        }
        let mut capped = false;
        let out = sweep(
            grid,
            search,
            m,
            skip,
            budget,
            proofs.as_deref_mut(),
            &mut cap,
            start,
            &mut capped,
            &mut known,
        )?;
        match out {
            None => return Ok(false),
            Some(true) => cap = start,
            Some(false) if capped => cap = cap.saturating_mul(CAP_GROWTH),
            Some(false) => return Ok(true),
        }
    }
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
    close_at(grid, &mut search, m, skip, budget, None, CLOSE_CAPPED)
}

/// Whether [`close`] (the inner theory of BxB and BxBB) caps its searches too: no. Its
/// closures are at small lengths inside trials, where few searches fail expensively; capped,
/// the first six Monhard puzzles' BxBB took 7.26 s of CPU instead of 6.28 s.
const CLOSE_CAPPED: bool = false;

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
        match close_at(grid, &mut search, m, skip, budget, proofs.as_deref_mut(), true) {
            Err(OverBudget) => return Rated::Above(m - 1),
            Ok(false) => return Rated::Above(m),
            Ok(true) if grid.is_solved() => return Rated::Value(m),
            Ok(true) => {}
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
