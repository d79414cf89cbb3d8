//! Hidden Single: a digit with only one candidate cell left in a house.
//!
//! **Pattern.** Every house needs each digit once. When digit `d` is not placed in a house
//! and only one of the house's cells still has `d` as a candidate, `d` goes there.
//!
//! **Example.** In box 5 only r4c6 still has candidate 3 (the other cells are filled or see a
//! 3): r4c6=3, whatever other candidates r4c6 has.
//!
//! **Rating.** HoDoKu order 300, score 14 (easy); SE 1.2 (box) / 1.5 (row or column).
//!
//! **Find-all semantics.**
//! - An instance is a pair (house, digit `d`) such that exactly one cell of the house has
//!   candidate `d`. Houses where `d` is placed have no candidate `d`, so they never count.
//! - Instances are merged per placement: one step per (cell, digit) that is the single
//!   candidate of `d` in at least one house. It places `d` in the cell; `evidence.base` =
//!   every house of the cell in which it is the only candidate cell of `d` (one, two or all
//!   three); `evidence.digits` = {d}; `evidence.cells` = the cell.
//! - The cell's other candidates do not matter: full houses and naked singles whose digit is
//!   also alone in a house are reported here too. Steps come digit by digit, cells in
//!   row-major order.
//!
//! **Speed.** Per digit, [`CellSet::alone_in_a_house`] on the digit's candidate mask (the
//! nine row slices as small integers, no per-house mask intersections); the base houses are
//! re-tested only for the few hits. Batch solving (a union-only sink) takes all placements at
//! once with [`Sink::push_effects`], without building a step per placement, and computes all
//! nine digits in one pass ([`alone_in_a_house_each`], vectorised).

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit, alone_in_a_house_each};
use std::ops::ControlFlow;

/// Hidden Single's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::HiddenSingle,
    name: "Hidden Single",
    family: Family::Singles,
    hodoku: Hodoku { order: 300, score: 14, level: Level::Easy, choice: HodokuChoice::Queue },
    se: 1.5,
    reglib: Reglib::Codes(&["0002"]),
    needs_uniqueness: false,
    presets: Presets { singles: true, seeds: Some(2), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every hidden single (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    if sink.union_only() {
        let placements = alone_in_a_house_each(state.masks());
        let steps = placements.iter().map(|p| p.len()).sum();
        if steps == 0 {
            return ControlFlow::Continue(());
        }
        return sink.push_effects(
            TechniqueId::HiddenSingle,
            &placements,
            &[CellSet::EMPTY; 9],
            steps,
        );
    }
    for digit in Digit::all() {
        let cands = state.cells(digit);
        for cell in cands.alone_in_a_house() {
            sink.push(super::placement(TechniqueId::HiddenSingle, cell, digit, Some(cands)))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::HiddenSingle;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// 1s in r2c4 and r7c1 plus 1 deleted from r1c2, r3c2 and r3c3 leave r1c3 as box 1's only 1.
    const GIVENS: &str = concat!(
        ".........",
        "...1.....",
        ".........",
        ".........",
        ".........",
        ".........",
        "1........",
        ".........",
        "........."
    );

    #[test]
    fn digit_alone_in_a_box() {
        // Row 1 still has 1 in c3 and c7-c9, column 3 in r1 and r4-r6: only box 1 counts.
        let s = state(GIVENS, "112 132 133");
        let step = check_step(HiddenSingle, &s, "r1c3=1");
        assert_eq!(step.evidence.base.to_string(), "b1");
        check(HiddenSingle, &s, "r1c3=1");
    }

    #[test]
    fn one_step_for_a_cell_hidden_in_several_houses() {
        // Deleting 1 from r1c7-r1c9 too makes r1c3 single in row 1 and in box 1: one step.
        let s = state(GIVENS, "112 132 133 117 118 119");
        let step = check_step(HiddenSingle, &s, "r1c3=1");
        assert_eq!(step.evidence.base.to_string(), "r1 b1");
        check(HiddenSingle, &s, "r1c3=1");
    }

    #[test]
    fn must_not_fire() {
        // Without the r3c3 deletion, box 1 keeps 1 in r1c3 and r3c3; no house has a lone 1.
        check_not_applicable(HiddenSingle, &state(GIVENS, "112 132"));
    }
}
