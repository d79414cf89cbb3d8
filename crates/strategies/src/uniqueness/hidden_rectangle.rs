//! Hidden Rectangle: a floor corner holds only the UR digits and one UR digit is confined to
//! the rectangle in both the row and the column of the opposite corner, so the opposite corner
//! cannot take the other UR digit.
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; this function
//! assumes it). The rectangle model, the eligibility rules and the missing-candidate policy
//! are in [`super::unique_rectangle`].
//!
//! **Pattern.** Corner X holds only `{a, b}`; Y is the corner diagonal to X. If the row and the
//! column through Y hold `a` only inside the rectangle, then Y = `b` would force `a` into both
//! other corners (rule 2 of the model guarantees `a` is not already placed in those lines) and
//! X = `b`: the deadly pattern. So Y loses `b`.
//!
//! **Example.** r1c1 = `{1,2}`, r1c4, r2c1, r2c4 = `{1,2,...}`; 1 appears in row 2 only in
//! r2c1, r2c4 and in column 4 only in r1c4, r2c4 => r2c4<>2.
//!
//! **Rating.** HoDoKu order 4010, score 100 (hard); SE 4.6.
//!
//! **Find-all semantics.** For every rectangle of [`super::unique_rectangle`] (rules 1-3)
//! whose floor has one corner, or two diagonal corners (a floor of two corners in one row or
//! column is left to type 4, as in HoDoKu; three floor corners are type 1): for each floor
//! corner X in cell order, Y = the corner diagonal to X, and for each UR digit `u` (`a` then
//! `b`, `v` the other one): when no cell of Y's row or Y's column outside the four corners
//! holds `u`, and Y holds `v`, one step eliminating `v` from Y. So one step per (rectangle,
//! X, `u`). `evidence.digits` = `{a, b}`, `evidence.cells` = the four corners,
//! `evidence.base` = Y's row and column, `evidence.pivot` = X.

use super::unique_rectangle::{for_each_rectangle, in_one_line};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, House, HouseSet};
use std::ops::ControlFlow;

/// Hidden Rectangle's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::HiddenRectangle,
    name: "Hidden Rectangle",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 4010, score: 100, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.6,
    reglib: Reglib::Codes(&["0606"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every hidden rectangle (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for_each_rectangle(state, |r| {
        let diagonal_pair = r.floor.len() == 2 && !in_one_line(r.floor);
        if r.floor.len() != 1 && !diagonal_pair {
            return ControlFlow::Continue(());
        }
        for x in r.floor {
            let y = r.opposite(x);
            let (row, col) = (House::row(y.row()), House::col(y.col()));
            let outside = (row.cells() | col.cells()) - r.cells;
            for (u, v) in [(r.a, r.b), (r.b, r.a)] {
                if !(state.cells(u) & outside).is_empty() || !state.has(y, v) {
                    continue;
                }
                let mut step = r.step(TechniqueId::HiddenRectangle);
                step.eliminate(v, CellSet::single(y));
                step.evidence.base = HouseSet::single(row).with(col);
                step.evidence.pivot = CellSet::single(x);
                sink.push(step)?;
            }
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::{EMPTY, remove, restrict};
    use crate::TechniqueId::HiddenRectangle;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// Row 2 and column 4 without the rectangle r1c1/r1c4/r2c1/r2c4.
    const ROW2_COL4: &str = "r2c2 r2c3 r2c5 r2c6 r2c7 r2c8 r2c9 r3c4 r4c4 r5c4 r6c4 r7c4 r8c4 r9c4";

    #[test]
    fn one_floor_corner() {
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:124 r2c4:1256");
        let s = remove(s, 1, ROW2_COL4);
        let step = check_step(HiddenRectangle, &s, "r2c4<>2");
        assert_eq!(step.evidence.pivot.to_string(), "r1c1");
        check(HiddenRectangle, &s, "r2c4<>2");
    }

    #[test]
    fn two_diagonal_floor_corners_with_a_missing_candidate() {
        // Floor r1c1 = {1,2} and r2c4 = {1,2}; r2c1 has lost 2. With 1 confined in row 2 /
        // column 4, r2c4 loses 2; 2 is not confined anywhere.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:14 r2c4:12");
        let s = remove(s, 1, ROW2_COL4);
        check(HiddenRectangle, &s, "r2c4<>2");
    }

    #[test]
    fn must_not_fire() {
        // A 1 left in column 4 (r9c4).
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r2c1:124 r2c4:1256");
        let s = remove(s, 1, &ROW2_COL4.replace(" r9c4", ""));
        check_not_applicable(HiddenRectangle, &s);
        // Four boxes: rows 1/5 (row 5 and column 4 emptied of 1 outside the corners).
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:123 r5c1:124 r5c4:1256");
        let s =
            remove(s, 1, "r5c2 r5c3 r5c5 r5c6 r5c7 r5c8 r5c9 r2c4 r3c4 r4c4 r6c4 r7c4 r8c4 r9c4");
        check_not_applicable(HiddenRectangle, &s);
        // Floor of two corners in one row: left to type 4.
        let s = restrict(state(EMPTY, ""), "r1c1:12 r1c4:12 r2c1:124 r2c4:1256");
        let s = remove(s, 1, ROW2_COL4);
        check_not_applicable(HiddenRectangle, &s);
    }
}
