//! Forcing chains and nets the way a first tabling solver is written: for every candidate,
//! assume it true and assume it false, and follow the consequences with a work list over
//! `(cell, digit, on/off)` literals, walking candidate lists and houses; then read off
//! contradictions and verities.
//!
//! Re-derived from the find-all definitions in the `//!` docs of `bitdoku-strategies`'
//! `forcing` files (batch union only: which candidates go or are placed, not which steps say
//! so):
//!
//! - consequences: a literal on turns off the other candidates of its cell and its digit in
//!   the cells of its three houses; a literal off makes the last candidate of its cell that is
//!   not off turn on, and the last place of its digit in each of its houses that is not off
//!   (forcing chains: only when the cell had exactly two candidates, the house exactly two
//!   places, in the state);
//! - a closure contradicts when a candidate is both on and off, a cell has all its candidates
//!   off, or a digit has all its places in a house off;
//! - conclusions: the opposite of a contradicting assumption; a literal common to the
//!   non-contradicting closures of every candidate of a cell with 2+ candidates, every place of
//!   a digit in a house with 2+ places, or both values of a candidate (with at least one
//!   closure that does not contradict).

use crate::findings::Findings;
use crate::grid::{NaiveGrid, houses_of};

/// A literal: cell, digit 1..=9, on.
pub(crate) type Lit = (usize, u8, bool);

/// The consequences of one assumption.
pub(crate) struct Closure {
    /// `on[cell][digit]`.
    pub(crate) on: [[bool; 10]; 81],
    /// `off[cell][digit]`.
    pub(crate) off: [[bool; 10]; 81],
    /// Whether it contradicts.
    pub(crate) broken: bool,
}

/// The consequences of `start` (a candidate of `grid`, on or off): forcing-chain rules when
/// `chain`, forcing-net rules otherwise (also used by [`crate::kraken_fish`]).
pub(crate) fn closure(grid: &NaiveGrid, chain: bool, start: Lit) -> Closure {
    let mut cl = Closure { on: [[false; 10]; 81], off: [[false; 10]; 81], broken: false };
    let mut work: Vec<Lit> = Vec::new();
    let set = |cl: &mut Closure, work: &mut Vec<Lit>, (c, d, on): Lit| {
        let slot = if on { &mut cl.on[c][d as usize] } else { &mut cl.off[c][d as usize] };
        if !*slot {
            *slot = true;
            work.push((c, d, on));
        }
    };
    set(&mut cl, &mut work, start);
    while let Some((c, d, on)) = work.pop() {
        if on {
            for &e in grid.cell(c).candidates().as_slice() {
                if e != d {
                    set(&mut cl, &mut work, (c, e, false));
                }
            }
            for h in houses_of(c) {
                for &p in &grid.house(h).cells {
                    if p != c && grid.has(p, d) {
                        set(&mut cl, &mut work, (p, d, false));
                    }
                }
            }
            continue;
        }
        // Naked single in the cell.
        let cands = grid.cell(c).candidates().as_slice();
        if !chain || cands.len() == 2 {
            let left: Vec<u8> = cands.iter().copied().filter(|&e| !cl.off[c][e as usize]).collect();
            if left.len() == 1 {
                set(&mut cl, &mut work, (c, left[0], true));
            }
        }
        // Hidden singles in its houses.
        for h in houses_of(c) {
            let places = grid.cells_with(h, d);
            if chain && places.len() != 2 {
                continue;
            }
            let left: Vec<usize> =
                places.iter().copied().filter(|&p| !cl.off[p][d as usize]).collect();
            if left.len() == 1 {
                set(&mut cl, &mut work, (left[0], d, true));
            }
        }
    }
    // Contradictions of the closure.
    for c in 0..81 {
        let cands = grid.cell(c).candidates().as_slice();
        if cands.iter().any(|&e| cl.on[c][e as usize] && cl.off[c][e as usize]) {
            cl.broken = true;
        }
        if !cands.is_empty() && cands.iter().all(|&e| cl.off[c][e as usize]) {
            cl.broken = true;
        }
    }
    for h in 0..27 {
        for d in 1..=9u8 {
            let places = grid.cells_with(h, d);
            if !places.is_empty() && places.iter().all(|&p| cl.off[p][d as usize]) {
                cl.broken = true;
            }
        }
    }
    cl
}

fn find(grid: &NaiveGrid, found: &mut Findings, chain: bool) {
    // closures[cell][digit][on]
    let mut closures: Vec<Option<[Closure; 2]>> = Vec::with_capacity(729);
    for c in 0..81 {
        for d in 1..=9u8 {
            closures.push(grid.has(c, d).then(|| {
                [closure(grid, chain, (c, d, false)), closure(grid, chain, (c, d, true))]
            }));
        }
    }
    let get = |c: usize, d: u8, on: bool| -> &Closure {
        &closures[c * 9 + d as usize - 1].as_ref().expect("a candidate")[usize::from(on)]
    };
    let conclude = |found: &mut Findings, (c, d, on): Lit| {
        if on {
            found.place(grid, c, d);
        } else {
            found.eliminate(grid, c, d);
        }
    };
    // Contradictions.
    for c in 0..81 {
        for &d in grid.cell(c).candidates().as_slice() {
            for on in [false, true] {
                if get(c, d, on).broken {
                    conclude(found, (c, d, !on));
                }
            }
        }
    }
    // Verities: every group of assumptions.
    let mut groups: Vec<Vec<Lit>> = Vec::new();
    for c in 0..81 {
        let cands = grid.cell(c).candidates().as_slice();
        if cands.len() >= 2 {
            groups.push(cands.iter().map(|&d| (c, d, true)).collect());
        }
        for &d in cands {
            groups.push(vec![(c, d, true), (c, d, false)]);
        }
    }
    for h in 0..27 {
        for d in 1..=9u8 {
            let places = grid.cells_with(h, d);
            if places.len() >= 2 {
                groups.push(places.iter().map(|&p| (p, d, true)).collect());
            }
        }
    }
    for group in groups {
        let live: Vec<&Closure> =
            group.iter().map(|&(c, d, on)| get(c, d, on)).filter(|cl| !cl.broken).collect();
        if live.is_empty() {
            continue;
        }
        for c in 0..81 {
            for &d in grid.cell(c).candidates().as_slice() {
                if live.iter().all(|cl| cl.on[c][d as usize]) {
                    conclude(found, (c, d, true));
                }
                if live.iter().all(|cl| cl.off[c][d as usize]) {
                    conclude(found, (c, d, false));
                }
            }
        }
    }
}

/// Forcing chain: single-premise consequences only.
pub fn forcing_chain(grid: &NaiveGrid, found: &mut Findings) {
    find(grid, found, true);
}

/// Forcing net: singles after any number of eliminations.
pub fn forcing_net(grid: &NaiveGrid, found: &mut Findings) {
    find(grid, found, false);
}
