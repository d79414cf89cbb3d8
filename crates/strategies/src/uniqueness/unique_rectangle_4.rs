//! Unique Rectangle type 4: one UR digit is locked in the two roof corners of a house they
//! share, so the other UR digit goes from both roof corners.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** Two floor corners hold only `{a, b}`; the two roof corners share a row or
//! column (and maybe a box) and hold extra candidates. If `a` appears in that row/column (or
//! in their shared box) only in the roof corners, one roof corner is `a` (rule 2 of the model
//! guarantees `a` is not already placed there). Were the other roof corner `b`, the four
//! corners would be the deadly pattern; so `b` goes from both roof corners.
//!
//! **Example.** r1c1, r1c4 = `{1,2}`, r2c1 = `{1,2,3}`, r2c4 = `{1,2,4}`, no other 1 in row 2
//! => r2c1<>2, r2c4<>2.
//!
//! **Rating.** HoDoKu order 3800, score 100 (hard); SE 4.5.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! with exactly two floor corners and two roof corners sharing a row or column `L`: for each
//! UR digit `u` (`a` then `b`, `v` the other one), `u` is *locked* when no cell of `L` outside
//! the roof holds `u`, or the roof corners share a box `B` and no cell of `B` outside the roof
//! holds `u`. One step per rectangle eliminating `v` from the roof corners that hold it, for
//! every locked `u` (both only in a broken state); no step if nothing is eliminated.
//! HoDoKu asks instead that no cell seeing both roof corners (line and box together) holds
//! `u`; the "line or box" rule here is the usual definition and finds a superset.
//! `evidence.digits` = `{a, b}`, `evidence.cells` = the four corners, `evidence.base` = the
//! houses where a UR digit is locked.

use super::unique_rectangle::{for_each_rectangle, in_one_line};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, House, HouseSet};
use std::ops::ControlFlow;

/// Unique Rectangle Type 4's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::UniqueRectangle4,
    name: "Unique Rectangle Type 4",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 3800, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.5,
    reglib: Reglib::Codes(&["0603"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every unique rectangle type 4 (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for_each_rectangle(state, |r| {
        if r.floor.len() != 2 || !in_one_line(r.roof) {
            return ControlFlow::Continue(());
        }
        let corner = r.roof.first().expect("two roof corners");
        let line = if r.roof.rows().count_ones() == 1 {
            House::row(corner.row())
        } else {
            House::col(corner.col())
        };
        let boxx = (r.roof.boxes().count_ones() == 1).then(|| House::boxx(corner.box_index()));
        let mut step = r.step(TechniqueId::UniqueRectangle4);
        let mut base = HouseSet::EMPTY;
        for (u, v) in [(r.a, r.b), (r.b, r.a)] {
            for house in std::iter::once(line).chain(boxx) {
                if (state.cells(u) & (house.cells() - r.roof)).is_empty() {
                    step.eliminate(v, r.roof & state.cells(v));
                    base = base.with(house);
                }
            }
        }
        if step.is_empty() {
            return ControlFlow::Continue(());
        }
        step.evidence.base = base;
        sink.push(step)
    })
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, remove, restrict};
    use crate::TechniqueId::UniqueRectangle4;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    #[test]
    fn locked_in_the_row() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:124");
        let s = remove(s, 1, "r2c2 r2c3 r2c5 r2c6 r2c7 r2c8 r2c9");
        let step = check_step(UniqueRectangle4, &s, "r2c1<>2 r2c4<>2");
        assert_eq!(step.evidence.base.to_string(), "r2");
        check(UniqueRectangle4, &s, "r2c1<>2 r2c4<>2");
    }

    #[test]
    fn locked_in_the_box_only() {
        // {5,8} in columns 2/3, rows 1/7; roof r7c2/r7c3 (row 7, box 7). 8 is still elsewhere
        // in row 7 but only in the roof within box 7.
        let s = restrict(state(EMPTY, ""), "r1c2:58 r1c3:58 r7c2:5789 r7c3:589");
        let s = remove(s, 8, "r7c1 r8c1 r8c2 r8c3 r9c1 r9c2 r9c3");
        check(UniqueRectangle4, &s, "r7c2<>5 r7c3<>5");
    }

    #[test]
    fn must_not_fire() {
        // 1 still elsewhere in row 2.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:124");
        let s = remove(s, 1, "r2c2 r2c3 r2c5 r2c6 r2c7 r2c8");
        check_not_applicable(UniqueRectangle4, &s);
        // Four boxes.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r5c1:123 r5c4:124");
        let s = remove(s, 1, "r5c2 r5c3 r5c5 r5c6 r5c7 r5c8 r5c9");
        check_not_applicable(UniqueRectangle4, &s);
        // 1 placed in row 2 (r2c9 is a given 1): no corner of row 2 can be 1, no rectangle.
        let mut givens = EMPTY.to_string();
        givens.replace_range(17..18, "1");
        let s = restrict(state(&givens, ""), "r1c1:12 r1c4:12 r2c1:23 r2c4:24");
        check_not_applicable(UniqueRectangle4, &s);
    }
}
