//! BUG+1 (Bivalue Universal Grave plus one): every unsolved cell is bivalue except one
//! trivalue cell, and the grid would be a BUG without one of that cell's candidates; that
//! candidate must be the cell's value.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). A BUG (all unsolved cells bivalue, every digit exactly twice in every house
//! where it is a candidate) has zero or at least two solutions: the candidates not taken by a
//! solution form a second one. So in the BUG+1 state the extra candidate must be true.
//!
//! **Pattern.** The trivalue cell T = `{p, q, x}`; in T's row, column and box `x` appears three
//! times, every other (house, digit) count is 0 or 2. Removing `x` from T would leave a BUG,
//! so T = `x`: T loses `p` and `q` (HoDoKu reports the placement as these eliminations).
//!
//! **Example.** All unsolved cells bivalue but r5c5 = `{2,6,7}`, 7 three times in row 5,
//! column 5 and box 5, all other counts even => r5c5<>2, r5c5<>6 (r5c5=7).
//!
//! **Rating.** HoDoKu order 2900, score 100 (hard); SE 5.6.
//!
//! **Find-all semantics.** At most one step per state. Conditions: exactly one unsolved cell T
//! has three candidates and every other unsolved cell has exactly two; for every house and
//! digit, the number of cells of the house holding the digit as a candidate is 0 or 2, except
//! that in each of T's three houses exactly one digit appears 3 times, the same digit `x` in
//! all three (necessarily a candidate of T). The step eliminates T's two other candidates
//! from T. (HoDoKu accepts counts of 1 too, as long as no count exceeds 3; a count of 1 means
//! the state is no BUG and the deduction is not justified, so it is rejected here.)
//! `evidence.digits` = `{x}` (HoDoKu leaves its `<candidates>` field empty),
//! `evidence.cells` = T, `evidence.base` = T's three houses.

use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet, HouseSet, tables};
use std::ops::ControlFlow;

/// Finds the BUG+1, if any (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let counts = state.counts();
    let unsolved = state.unsolved();
    let trivalue = counts.exactly(3);
    let Some(t) = trivalue.first() else { return ControlFlow::Continue(()) };
    if !trivalue.is_single() || unsolved - counts.exactly(2) != trivalue {
        return ControlFlow::Continue(());
    }
    let homes = tables::CELL_HOUSES[t.index()];
    let mut x = None;
    for (h, house) in tables::HOUSES.iter().enumerate() {
        let home = homes.iter().any(|k| k.index() == h);
        let mut triple = None;
        for d in bitdoku_bitboard::Digit::all() {
            match (state.cells(d) & *house).len() {
                0 | 2 => {}
                3 if home && triple.is_none() => triple = Some(d),
                _ => return ControlFlow::Continue(()),
            }
        }
        if home {
            match (triple, x) {
                (None, _) => return ControlFlow::Continue(()),
                (Some(d), None) => x = Some(d),
                (Some(d), Some(e)) if d != e => return ControlFlow::Continue(()),
                _ => {}
            }
        }
    }
    let Some(x) = x else { return ControlFlow::Continue(()) };
    if !state.has(t, x) {
        return ControlFlow::Continue(());
    }
    let mut step = Step::new(TechniqueId::BugPlusOne);
    for d in state.digits_at(t).without(x).iter() {
        step.eliminate(d, CellSet::single(t));
    }
    step.evidence.digits = DigitSet::single(x);
    step.evidence.cells = CellSet::single(t);
    step.evidence.base = homes.iter().copied().collect::<HouseSet>();
    sink.push(step)
}
