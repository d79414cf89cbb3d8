//! WXYZ-Wing (also "bent quad"): four cells that together hold exactly four digits, where
//! every digit but one is *restricted*: its cells in the pattern all see one another, so at
//! most one of the four cells can take it. Three restricted digits fill at most three of the
//! four cells, so the remaining cell takes the one *non-restricted* digit `Z`: `Z` is in one
//! of the pattern cells holding `Z`, and every cell that sees all of them loses `Z`.
//!
//! The classic forms are special cases of that one rule:
//!
//! * 4-2-2-2 (narrow form): a stem `{W,X,Y,Z}` and three branches `{W,Z}`, `{X,Z}`, `{Y,Z}`
//!   that see the stem. Targets see the stem and the three branches.
//! * 3-2-2-2 (seed 004): a stem `{W,X,Y}` without `Z`, one branch `{W,Z}` in the stem's box
//!   (off the stem's line) and two branches `{X,Z}`, `{Y,Z}` on the stem's row or column
//!   outside the box. Targets see the three branches only: the cells of the stem's box on
//!   that line and, when the two line branches share a box, the cells of that box on the box
//!   branch's line.
//! * Mixed forms such as branches with three candidates, or `{W,X}` + `{X,Y}` + `{Y,Z}` + `{W,Z}`
//!   bent over a line and a box.
//!
//! ```text
//!   3-2-2-2: stem r1c1 {1,2,3}, branches r2c2 {1,9} (box 1), r1c5 {2,9}, r1c8 {3,9} (row 1)
//!   => 9 is restricted nowhere: r2c2 does not see r1c5. 1, 2, 3 are restricted (1: r1c1,
//!      r2c2 share box 1; 2 and 3 share row 1). Cells seeing r2c2, r1c5 and r1c8: r1c2, r1c3
//!      lose 9.
//! ```
//!
//! Rating: not in HoDoKu (bitdoku scores it 200, hard, right after XYZ-Wing); SE 5.5.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! An instance is a set `S` of four distinct unsolved cells such that:
//!
//! 1. every cell of `S` has 2, 3 or 4 candidates;
//! 2. the union of their candidates is exactly four digits `Q`;
//! 3. minimality: no two cells of `S` hold only two digits in total and no three cells of `S`
//!    hold only three (such a sub-pattern is a naked pair, naked triple, XY-Wing or XYZ-Wing
//!    whose eliminations include those of `S`; this also makes `S` connected);
//! 4. `S` lies within the union of two houses (the "bent" shape: for example a box and a row,
//!    a row and a column, two rows); a 4-cell XY-chain spread over three houses is left to
//!    the chain techniques;
//! 5. exactly one digit `Z` of `Q` is non-restricted: the cells of `S` holding `Z` do not all
//!    lie in one house; for every other digit the cells of `S` holding it lie in one house
//!    (any of the 27, which is the same as "see one another").
//!
//! Eliminations: `Z` from every cell that is a peer of all cells of `S` holding `Z` and still
//! has candidate `Z` (never a pattern cell). One step per set `S` with at least one
//! elimination (`Z` is determined by `S`).
//!
//! Evidence: `digits = Q`, `cells = S`, `pivot` = the cells of `S` that see the other three
//! (the stem; empty when no cell does), `pincers = S - pivot` (the branches).

use super::in_one_house;
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::{CELL_HOUSES, PEERS};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

/// Pushes every WXYZ-Wing of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    let counts = state.counts();
    let pool = counts.at_least(2) - counts.at_least(5);
    if pool.len() < 4 {
        return ControlFlow::Continue(());
    }
    // Candidates of the pool cells as 9-bit masks (a stack array, filled digit-major).
    let mut bits = [0u16; 81];
    for (d, &m) in masks.iter().enumerate() {
        for cell in m & pool {
            bits[cell.index()] |= 1 << d;
        }
    }
    for quad in 0u16..0x200 {
        if quad.count_ones() != 4 {
            continue;
        }
        // Pool cells whose candidates all lie in the quad.
        let mut outside = CellSet::EMPTY;
        for (d, &m) in masks.iter().enumerate() {
            if quad >> d & 1 == 0 {
                outside |= m;
            }
        }
        let cells = pool - outside;
        if cells.len() >= 4 {
            search(masks, &bits, cells, quad, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// Enumerates the minimal 4-subsets of `cells` whose candidates cover `quad` (conditions 1-3,
/// pruned as early as possible) and evaluates each.
fn search(
    masks: &[CellSet; 9],
    bits: &[u16; 81],
    cells: CellSet,
    quad: u16,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    let m = |c: Cell| bits[c.index()];
    let wide = |u: u16| u.count_ones() >= 3;
    for a in cells {
        let after_a = cells & after(a);
        for b in after_a {
            let ab = m(a) | m(b);
            if !wide(ab) {
                continue;
            }
            let after_b = after_a & after(b);
            for c in after_b {
                if ab | m(c) != quad || !wide(m(a) | m(c)) || !wide(m(b) | m(c)) {
                    continue;
                }
                for d in after_b & after(c) {
                    let md = m(d);
                    let pairs_ok = wide(m(a) | md) && wide(m(b) | md) && wide(m(c) | md);
                    let triples_ok =
                        ab | md == quad && m(a) | m(c) | md == quad && m(b) | m(c) | md == quad;
                    if pairs_ok && triples_ok {
                        let set = CellSet::single(a).with(b).with(c).with(d);
                        evaluate(masks, set, quad, sink)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Checks conditions 4-5 on a candidate set and pushes its step if it eliminates something.
fn evaluate(masks: &[CellSet; 9], set: CellSet, quad: u16, sink: &mut dyn Sink) -> ControlFlow<()> {
    if !within_two_houses(set) {
        return ControlFlow::Continue(());
    }
    let mut z = None;
    for d in 0..9 {
        if quad >> d & 1 == 1 && !in_one_house(set & masks[d]) {
            if z.is_some() {
                return ControlFlow::Continue(());
            }
            z = Some(d);
        }
    }
    let Some(z) = z else { return ControlFlow::Continue(()) };
    let z_cells = set & masks[z];
    let targets = z_cells.iter().fold(masks[z], |acc, c| acc & PEERS[c.index()]);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let pivot: CellSet =
        set.iter().filter(|c| (set - CellSet::single(*c)).is_subset(PEERS[c.index()])).collect();
    let mut step = Step::new(TechniqueId::WxyzWing);
    step.eliminate(Digit::new_unchecked(z as u8), targets);
    step.evidence.digits = DigitSet::from_bits(quad);
    step.evidence.cells = set;
    step.evidence.pivot = pivot;
    step.evidence.pincers = set - pivot;
    sink.push(step)
}

/// Whether `set` lies within the union of two houses. One of them contains the first cell, so
/// it is one of that cell's three houses; the cells outside it must then share one house.
fn within_two_houses(set: CellSet) -> bool {
    let Some(first) = set.first() else { return true };
    CELL_HOUSES[first.index()].iter().any(|h| in_one_house(set - h.cells()))
}

/// The cells after `cell` in row-major order.
fn after(cell: Cell) -> CellSet {
    CellSet::from_bits_truncate(!((2u128 << cell.index()) - 1))
}
