//! Naked Single: an unsolved cell with exactly one candidate.
//!
//! **Pattern.** Every other digit is excluded from the cell, so it must hold the one left.
//!
//! **Example.** r5c5 has candidates {7} only (its peers hold 1-6, 8 and 9): r5c5=7.
//!
//! **Rating.** HoDoKu order 200, score 4 (easy); SE 2.3.
//!
//! **Find-all semantics.**
//! - An instance is every unsolved cell whose candidate set has exactly one digit `d`.
//! - One step per cell: it places `d` there. `evidence.digits` = {d}, `evidence.cells` = the
//!   cell; no houses.
//! - Full houses are naked singles too and are reported here as well (the technique does not
//!   look at what other techniques find). Steps come digit by digit, cells in row-major order.
//!
//! **Speed.** The cells come from one query on the bit-sliced [`CountPlanes`](bitdoku_bitboard::CountPlanes)
//! (`exactly(1)`), then one AND per digit splits them by their digit: no per-cell popcount.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, Digit};
use std::ops::ControlFlow;

/// Naked Single's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::NakedSingle,
    name: "Naked Single",
    family: Family::Singles,
    hodoku: Hodoku { order: 200, score: 4, level: Level::Easy, choice: HodokuChoice::Queue },
    se: 2.3,
    reglib: Reglib::Codes(&["0003"]),
    needs_uniqueness: false,
    presets: Presets { singles: true, seeds: Some(1), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every naked single (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let singles = state.counts().exactly(1);
    if singles.is_empty() {
        return ControlFlow::Continue(());
    }
    if sink.union_only() {
        let placements = std::array::from_fn(|d| state.masks()[d] & singles);
        let none = [bitdoku_bitboard::CellSet::EMPTY; 9];
        return sink.push_effects(TechniqueId::NakedSingle, &placements, &none, singles.len());
    }
    for digit in Digit::all() {
        for cell in state.cells(digit) & singles {
            sink.push(super::placement(TechniqueId::NakedSingle, cell, digit, None))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::NakedSingle;
    use crate::testkit::{check, check_not_applicable, state};

    #[test]
    fn single_candidate_cells() {
        // Row 1 holds 1-6, so r1c7-r1c9 keep {7, 8, 9}; column 7 holds 7 and 9 (r4c7, r5c7),
        // so r1c7 is a naked single 8 while r1c8 and r1c9 keep three candidates.
        let s = state(
            concat!(
                "123456...",
                ".........",
                ".........",
                "......7..",
                "......9..",
                ".........",
                ".........",
                ".........",
                "........."
            ),
            "",
        );
        check(NakedSingle, &s, "r1c7=8");
    }

    #[test]
    fn deleted_candidates_make_singles_and_full_houses_count_too() {
        // r9c9 loses every candidate but 4 through deletions; r1c9 is a full house (8),
        // reported here as well.
        let s = state(
            "12345679.........................................................................",
            "199 299 399 599 699 799 899 999",
        );
        check(NakedSingle, &s, "r1c9=8 r9c9=4");
    }

    #[test]
    fn must_not_fire() {
        // Every empty cell keeps at least two candidates.
        let s = state(
            "1234567..........................................................................",
            "",
        );
        check_not_applicable(NakedSingle, &s);
    }
}
