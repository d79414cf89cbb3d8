//! Unique Rectangle type 1: three corners hold only the two UR digits, so the fourth corner
//! cannot hold either of them.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** Rectangle corners A, B, C hold only `{a, b}`; the fourth corner D holds other
//! candidates too. If D were `a` or `b`, all four corners would hold `a`/`b`: a deadly pattern.
//! So D loses `a` and `b`.
//!
//! **Example.** r1c1, r1c4, r2c1 = `{1,2}`, r2c4 = `{1,2,3}` => r2c4<>1, r2c4<>2 (r2c4=3).
//!
//! **Rating.** HoDoKu order 3500, score 100 (hard); SE 4.5.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! whose floor has exactly three corners (three corners with candidates ⊆ `{a, b}`), one
//! step: eliminate `a` and `b` from the roof corner, where present; no step if it has
//! neither. `evidence.digits` = `{a, b}`, `evidence.cells` = the four corners.

use super::unique_rectangle::for_each_rectangle;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Unique Rectangle Type 1's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::UniqueRectangle1,
    name: "Unique Rectangle Type 1",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 3500, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.5,
    reglib: Reglib::Codes(&["0600"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every unique rectangle type 1 (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for_each_rectangle(state, |r| {
        if r.floor.len() != 3 {
            return ControlFlow::Continue(());
        }
        let mut step = r.step(TechniqueId::UniqueRectangle1);
        step.eliminate(r.a, r.roof & state.cells(r.a));
        step.eliminate(r.b, r.roof & state.cells(r.b));
        if step.is_empty() {
            return ControlFlow::Continue(());
        }
        sink.push(step)
    })
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, restrict};
    use crate::TechniqueId::UniqueRectangle1;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    #[test]
    fn three_bivalue_corners() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:12 r2c4:123");
        let step = check_step(UniqueRectangle1, &s, "r2c4<>1 r2c4<>2");
        assert_eq!(step.evidence.digits.to_string(), "12");
        assert_eq!(step.evidence.cells.to_string(), "r1c1 r1c4 r2c1 r2c4");
        check(UniqueRectangle1, &s, "r2c4<>1 r2c4<>2");
    }

    #[test]
    fn vertical_rectangle_and_missing_candidate() {
        // Columns 2/3 share box 1 and box 7; r7c2 has lost 5 already ({5,8} UR, missing 5).
        let s = restrict(state(EMPTY, ""), "r1c2:58 r1c3:58 r7c2:8 r7c3:4589");
        check(UniqueRectangle1, &s, "r7c3<>5 r7c3<>8");
    }

    #[test]
    fn must_not_fire() {
        // Four boxes: rows 1/5, columns 1/4.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r5c1:12 r5c4:123");
        check_not_applicable(UniqueRectangle1, &s);
        // One box: rows 1/2, columns 1/2.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c2:12 r2c1:12 r2c2:123");
        check_not_applicable(UniqueRectangle1, &s);
        // A given corner: r2c4 is a given 3, so the rectangle is not four unsolved cells.
        let mut givens = EMPTY.to_string();
        givens.replace_range(12..13, "3");
        let s = restrict(state(&givens, ""), "r1c1:12 r1c4:12 r2c1:12");
        check_not_applicable(UniqueRectangle1, &s);
        // Two roof corners: that is type 2 or 4, not type 1.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:123");
        check_not_applicable(UniqueRectangle1, &s);
    }
}
