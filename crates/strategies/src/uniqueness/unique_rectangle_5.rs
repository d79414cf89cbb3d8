//! Unique Rectangle type 5: the roof corners of a rectangle (two diagonal ones, or three) all
//! hold the same one extra candidate `c`; `c` goes from every cell that sees all of them.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** As type 2, but the corners with the extra digit `c` are diagonal, or there are
//! three of them. One of them must be `c`, otherwise the four corners would form the deadly
//! pattern, so no cell seeing all of them can be `c`.
//!
//! **Example.** r1c1, r2c4 = `{1,2}`, r1c4, r2c1 = `{1,2,3}` => r1c2, r1c3, r2c5, r2c6 <> 3
//! (each sees r1c4 and r2c1).
//!
//! **Rating.** HoDoKu order 3900, score 100 (hard); SE 4.6.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! whose floor has one or two corners, whose extra candidates (the roof's candidates minus
//! `{a, b}`) are exactly one digit `c`, and whose roof is not two corners sharing a row or
//! column (those are type 2): one step eliminating `c` from every cell that sees every roof
//! corner and holds `c`; no step if there is none. `evidence.digits` = `{a, b}`,
//! `evidence.cells` = the four corners, `evidence.fins` = the roof corners.

use crate::Sink;
use crate::TechniqueId;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Unique Rectangle Type 5's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::UniqueRectangle5,
    name: "Unique Rectangle Type 5",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 3900, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.6,
    reglib: Reglib::Codes(&["0604"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every unique rectangle type 5 (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    super::unique_rectangle::find_single_extra(state, sink, false)
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, restrict};
    use crate::TechniqueId::UniqueRectangle5;
    use crate::testkit::{check, check_not_applicable, state};

    #[test]
    fn diagonal_roof() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:123 r2c4:12");
        check(UniqueRectangle5, &s, "r1c2<>3 r1c3<>3 r2c5<>3 r2c6<>3");
    }

    #[test]
    fn three_roof_corners() {
        // Only r2c5 and r2c6 see r1c4, r2c1 and r2c4 at once.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:123 r2c4:123");
        check(UniqueRectangle5, &s, "r2c5<>3 r2c6<>3");
    }

    #[test]
    fn must_not_fire() {
        // Roof in one row: type 2.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:123");
        check_not_applicable(UniqueRectangle5, &s);
        // Four boxes.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r5c1:123 r5c4:12");
        check_not_applicable(UniqueRectangle5, &s);
        // Two extra digits on the roof.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:124 r2c4:12");
        check_not_applicable(UniqueRectangle5, &s);
    }
}
