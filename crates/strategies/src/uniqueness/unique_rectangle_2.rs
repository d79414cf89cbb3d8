//! Unique Rectangle type 2: the two roof corners of a rectangle, in one row or column, each
//! hold the same one extra candidate `c`; `c` goes from every cell that sees both.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** Two corners (the floor) hold only `{a, b}`; the other two, side by side in a
//! row or column, hold `a`/`b` plus only `c`. One of them must be `c`, otherwise the four
//! corners would form the deadly pattern, so no cell seeing both can be `c`.
//!
//! **Example.** r1c1, r1c4 = `{1,2}`, r2c1, r2c4 = `{1,2,3}` => 3 is eliminated from the rest
//! of row 2 (r2c2, r2c3, r2c5-r2c9).
//!
//! **Rating.** HoDoKu order 3600, score 100 (hard); SE 4.6.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! with a floor of two corners and a roof of two corners that share a row or a column, whose
//! extra candidates (the roof's candidates minus `{a, b}`) are exactly one digit `c`: one step
//! eliminating `c` from every cell that sees both roof corners (the rest of their line, and of
//! their box when they share one) and holds `c`; no step if there is none. A roof corner may
//! miss `a` or `b`. Diagonal roofs and three-corner roofs with one extra digit are type 5
//! ([`super::unique_rectangle_5`]). `evidence.digits` = `{a, b}`, `evidence.cells` = the
//! four corners, `evidence.fins` = the roof corners.

use crate::Sink;
use crate::TechniqueId;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Unique Rectangle Type 2's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::UniqueRectangle2,
    name: "Unique Rectangle Type 2",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 3600, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.6,
    reglib: Reglib::Codes(&["0601"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every unique rectangle type 2 (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    super::unique_rectangle::find_single_extra(state, sink, true)
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, remove, restrict};
    use crate::TechniqueId::UniqueRectangle2;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    #[test]
    fn roof_in_a_row() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:123");
        let step = check_step(
            UniqueRectangle2,
            &s,
            "r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c7<>3 r2c8<>3 r2c9<>3",
        );
        assert_eq!(step.evidence.digits.to_string(), "12");
        check(UniqueRectangle2, &s, "r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c7<>3 r2c8<>3 r2c9<>3");
    }

    #[test]
    fn roof_in_a_row_and_a_box_with_a_missing_candidate() {
        // {5,8} rectangle in columns 2/3, rows 1/7; the roof r7c2/r7c3 shares row 7 and box 7.
        // r7c3 has lost 5. 9 is already gone from r7c4-r7c9.
        let s = restrict(state(EMPTY, ""), "r1c2:58 r1c3:58 r7c2:589 r7c3:89");
        let s = remove(s, 9, "r7c4 r7c5 r7c6 r7c7 r7c8 r7c9");
        check(UniqueRectangle2, &s, "r7c1<>9 r8c1<>9 r8c2<>9 r8c3<>9 r9c1<>9 r9c2<>9 r9c3<>9");
    }

    #[test]
    fn must_not_fire() {
        // Four boxes.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r5c1:123 r5c4:123");
        check_not_applicable(UniqueRectangle2, &s);
        // Two different extra digits: type 3 material, not type 2.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:124");
        check_not_applicable(UniqueRectangle2, &s);
        // Diagonal roof: type 5.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:123 r2c4:12");
        check_not_applicable(UniqueRectangle2, &s);
        // Nothing to eliminate: 3 is gone from the rest of row 2.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:123");
        let s = remove(s, 3, "r2c2 r2c3 r2c5 r2c6 r2c7 r2c8 r2c9");
        check_not_applicable(UniqueRectangle2, &s);
    }
}
