//! Unique Rectangle type 6: a UR digit forms an X-Wing on the rectangle's corners, so it must
//! sit on the floor diagonal and goes from the two roof corners.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** Two diagonal floor corners hold only `{a, b}`; the two other (roof) corners
//! hold extra candidates. If neither row nor column of the rectangle holds `a` outside the
//! corners, `a` sits on one diagonal. On the roof diagonal, the floor corners would both be
//! `b`: the deadly pattern. So `a` goes from both roof corners.
//!
//! **Example.** r1c1, r2c4 = `{1,2}`, r1c4 = `{1,2,3}`, r2c1 = `{1,2,4}`, no other 1 in rows
//! 1-2 and columns 1 and 4 => r1c4<>1, r2c1<>1.
//!
//! **Rating.** HoDoKu order 4000, score 100 (hard); SE 4.6.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! with exactly two floor corners, diagonal to each other: for each UR digit `u` (`a` then
//! `b`) such that no cell of the rectangle's two rows and two columns, corners excluded, holds
//! `u`, eliminate `u` from the roof corners that hold it. One step per rectangle (both digits
//! only in a broken state); no step if nothing is eliminated. `evidence.digits` = `{a, b}`,
//! `evidence.cells` = the four corners, `evidence.base` = the two rows, `evidence.cover` =
//! the two columns.

use super::unique_rectangle::{for_each_rectangle, in_one_line};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, House, HouseSet};
use std::ops::ControlFlow;

/// Unique Rectangle Type 6's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::UniqueRectangle6,
    name: "Unique Rectangle Type 6",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 4000, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.6,
    reglib: Reglib::Codes(&["0605"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every unique rectangle type 6 (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for_each_rectangle(state, |r| {
        if r.floor.len() != 2 || in_one_line(r.roof) {
            return ControlFlow::Continue(());
        }
        let outside = r.lines() - r.cells;
        let mut step = r.step(TechniqueId::UniqueRectangle6);
        for u in [r.a, r.b] {
            if (state.cells(u) & outside).is_empty() {
                step.eliminate(u, r.roof & state.cells(u));
            }
        }
        if step.is_empty() {
            return ControlFlow::Continue(());
        }
        let [c11, _, _, c22] = r.corners;
        step.evidence.base = HouseSet::single(House::row(c11.row())).with(House::row(c22.row()));
        step.evidence.cover = HouseSet::single(House::col(c11.col())).with(House::col(c22.col()));
        sink.push(step)
    })
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, remove, restrict};
    use crate::TechniqueId::UniqueRectangle6;
    use crate::testkit::{check, check_not_applicable, state};

    /// The cells of rows `rows` and columns `cols` (1-based) minus the four corners.
    fn outside(rows: [usize; 2], cols: [usize; 2]) -> String {
        let mut out = Vec::new();
        for r in 1..=9 {
            for c in 1..=9 {
                if rows.contains(&r) != cols.contains(&c) {
                    out.push(format!("r{r}c{c}"));
                }
            }
        }
        out.join(" ")
    }

    #[test]
    fn x_wing_on_the_rectangle() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:124 r2c4:12");
        let s = remove(s, 1, &outside([1, 2], [1, 4]));
        check(UniqueRectangle6, &s, "r1c4<>1 r2c1<>1");
    }

    #[test]
    fn must_not_fire() {
        // One 1 left outside the corners (r9c4).
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:124 r2c4:12");
        let s = remove(s, 1, &outside([1, 2], [1, 4]).replace(" r9c4", ""));
        check_not_applicable(UniqueRectangle6, &s);
        // Floor in one row (r1c1, r1c4): that is type 4 material, not type 6.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:123 r2c4:124");
        let s = remove(s, 1, &outside([1, 2], [1, 4]));
        check_not_applicable(UniqueRectangle6, &s);
        // Four boxes (rows 1/5).
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r5c1:124 r5c4:12");
        let s = remove(s, 1, &outside([1, 5], [1, 4]));
        check_not_applicable(UniqueRectangle6, &s);
    }
}
