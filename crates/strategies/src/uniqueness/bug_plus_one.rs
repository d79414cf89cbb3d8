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

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet, HouseSet, tables};
use std::ops::ControlFlow;

/// BUG+1's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::BugPlusOne,
    name: "BUG+1",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 2900, score: 100, level: Level::Hard, choice: HodokuChoice::First },
    se: 5.6,
    reglib: Reglib::Codes(&["0610"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

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

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::restrict;
    use crate::TechniqueId::BugPlusOne;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// A solution grid with every 1, 2, 3 and 4 removed.
    const GIVENS: &str =
        "5..6789..67..95..8.98...56785976......685.79.7..9..85696.5.7.8..87..96.5..5.86.79";
    /// Candidates making a BUG+1 (derived by a small search over this grid; r1c3 is trivalue,
    /// 4 appears three times in row 1, column 3 and box 1).
    const BUG: &str = "r1c2:34 r1c3:124 r1c8:13 r1c9:24 r2c3:23 r2c4:14 r2c7:23 r2c8:14 r3c1:14 r3c4:23 \
                       r3c5:14 r3c6:23 r4c6:12 r4c7:34 r4c8:24 r4c9:13 r5c1:14 r5c2:23 r5c6:34 r5c9:12 \
                       r6c2:12 r6c3:34 r6c5:23 r6c6:14 r7c3:14 r7c5:23 r7c7:12 r7c9:34 r8c1:23 r8c4:14 \
                       r8c5:14 r8c8:23 r9c1:23 r9c2:14 r9c4:23 r9c7:14";

    #[test]
    fn bug_plus_one() {
        let s = restrict(state(GIVENS, ""), BUG);
        let step = check_step(BugPlusOne, &s, "r1c3<>1 r1c3<>2");
        assert_eq!(step.evidence.digits.to_string(), "4");
        assert_eq!(step.evidence.cells.to_string(), "r1c3");
        assert_eq!(step.evidence.base.to_string(), "r1 c3 b1");
        check(BugPlusOne, &s, "r1c3<>1 r1c3<>2");
    }

    #[test]
    fn must_not_fire() {
        // A second trivalue cell.
        let s = restrict(state(GIVENS, ""), &BUG.replace("r9c7:14", "r9c7:124"));
        check_not_applicable(BugPlusOne, &s);
        // A single-candidate cell: counts of 1 appear, no BUG.
        let s = restrict(state(GIVENS, ""), &BUG.replace("r9c7:14", "r9c7:4"));
        check_not_applicable(BugPlusOne, &s);
        // No trivalue cell: r1c3 reduced to {2,4} breaks the counts in its houses.
        let s = restrict(state(GIVENS, ""), &BUG.replace("r1c3:124", "r1c3:24"));
        check_not_applicable(BugPlusOne, &s);
    }
}
