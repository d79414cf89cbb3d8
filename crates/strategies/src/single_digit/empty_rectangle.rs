//! Empty rectangle: a box whose candidates of one digit lie on one row and one column of the
//! box (a cross), combined with a strong link in a line that crosses one arm of the cross.
//!
//! In box `b`, every candidate of digit `d` lies in row `R` or column `C` of the box, with at
//! least one in row `R` outside column `C` and one in column `C` outside row `R` (so they are
//! not all on one line; the other four cells of the box form the "empty rectangle"). Then `b`
//! has its `d` in row `R` or in column `C`. Take a strong link `x = y` in a column, with `x`
//! in row `R` outside the box, and the target `t` = the cell in `y`'s row and column `C`. If
//! `t` were `d`, box `b` would have its `d` in row `R`, so `x` would not be `d`, so `y` would
//! be, and `y` and `t` would share a row. So `t` loses `d`. Rows and columns swap roles for a
//! strong link in a row with one end in column `C`.
//!
//! ```text
//!   digit 5            c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r1                 .  5  .  | .  .  . | .  .  .
//!   r2                 5  .  5  | .  .  . | x  .  .      box 1: cross of row 2 and column 2
//!   r3                 .  5  .  | .  .  . | .  .  .
//!   r8                 .  t  .  | .  .  . | y  .  .      x = y: the only 5s of column 7
//! ```
//! Box 1 has its 5 in row 2 or column 2; r8c2 = 5 would force it into row 2, clear r2c7,
//! set r8c7 and clash with r8c2: r8c2<>5.
//!
//! HoDoKu: Empty Rectangle, score 120, level hard. SE rating about 4.2.
//!
//! # Find-all semantics (exact)
//! For each digit `d`, each box `b` and each of its nine crosses (row `R` and column `C`
//! through the box): the cross fits when every candidate of `d` in `b` lies in `R` or `C`,
//! at least one lies in `R` but not in `C` and at least one lies in `C` but not in `R`.
//! A box with only two candidates (one on each arm, off the crossing) is allowed: that is
//! HoDoKu's option "ERs with only two candidates" (its reglib variant `0402-1`), off by
//! default in HoDoKu; we keep it on because the deduction is sound and such a box then fits
//! two crosses, both reported. For a fitting cross:
//! - for each candidate `x` of `d` in row `R` outside `b` whose column holds exactly two
//!   candidates `x`, `y`: the target is the cell at `y`'s row and column `C`;
//! - for each candidate `x` of `d` in column `C` outside `b` whose row holds exactly two
//!   candidates `x`, `y`: the target is the cell at row `R` and `y`'s column.
//!
//! Each target that lies outside `b` and is a candidate of `d` is eliminated, one step per
//! (box, cross, strong link); nothing else is eliminated. Evidence: `cells` = the box's
//! candidates plus `x` and `y`, `pincers` = `y` plus the box's candidates on the arm that
//! sees the target (column `C`, or row `R` for a row link), `base` = the box and the
//! strong link's line.

use super::pattern_step;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, House, HouseSet};
use std::ops::ControlFlow;

/// One arm of a fitting cross, seen from the strong links that cross it: `arm` is the
/// line through the box whose outside candidates start the links (`R` or `C`), `other` is
/// the crossing line of the box that receives the target (`C` or `R`).
struct Arm {
    arm: House,
    other: House,
}

/// `CROSSES[p]` = the crosses that fit a box whose candidates sit at positions `p` (a 9-bit
/// mask, position `3i + j` = box row `i`, box column `j`): bit `3i + j` is set when every
/// candidate lies on box row `i` or box column `j`, one on the row off the column and one on
/// the column off the row. E.g. `p = 0b010_101_010` (the module example: box row 2 holds
/// two, box column 2 the other two) fits only cross (1, 1): `CROSSES[p] = 1 << 4`. 1 KiB,
/// built at compile time, so a box costs one position extraction and one load.
const CROSSES: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        let mut cross = 0;
        while cross < 9 {
            let row = 0b111 << (3 * (cross / 3));
            let col = 0b001_001_001 << (cross % 3);
            if p & !(row | col) == 0 && p & row & !col != 0 && p & col & !row != 0 {
                table[p] |= 1 << cross;
            }
            cross += 1;
        }
        p += 1;
    }
    table
};

/// The positions (bit `3i + j` = box row `i`, box column `j`) of `cells` in box `b`: three
/// 3-bit slices 9 bits apart (e.g. box 5 starts at bit 27 + 3 = 30: bits 30-32, 39-41,
/// 48-50).
fn box_positions(cells: CellSet, b: usize) -> usize {
    let x = cells.bits() >> (27 * (b / 3) + 3 * (b % 3));
    (x & 7 | (x >> 9 & 7) << 3 | (x >> 18 & 7) << 6) as usize
}

/// Empty Rectangle's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::EmptyRectangle,
    name: "Empty Rectangle",
    family: Family::SingleDigit,
    hodoku: Hodoku { order: 3170, score: 120, level: Level::Hard, choice: HodokuChoice::First },
    se: 4.2,
    reglib: Reglib::Codes(&["0402"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every empty rectangle (see the module doc for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    for digit in Digit::all() {
        let cands = state.cells(digit);
        if cands.is_empty() {
            // A digit the engine's narrowed search left out, or a solved one.
            continue;
        }
        for b in 0..9 {
            let boxx = House::boxx(b);
            let in_box = cands & boxx.cells();
            // The fitting crosses in row-major order (box row, then box column).
            let mut crosses = CROSSES[box_positions(cands, b)];
            while crosses != 0 {
                let cross = crosses.trailing_zeros() as usize;
                crosses &= crosses - 1;
                let row = House::row(b / 3 * 3 + cross / 3);
                let col = House::col(b % 3 * 3 + cross % 3);
                for side in [Arm { arm: row, other: col }, Arm { arm: col, other: row }] {
                    arm_steps(cands, digit, boxx, in_box, &side, sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The steps of one arm: strong links perpendicular to `side.arm` starting outside the box.
fn arm_steps(
    cands: CellSet,
    digit: Digit,
    boxx: House,
    in_box: CellSet,
    side: &Arm,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    let arm_is_row = side.arm.index() < 9;
    for x in cands & (side.arm.cells() - boxx.cells()) {
        // The strong link runs across the arm: a column for a row arm, a row for a column arm.
        let link_house = if arm_is_row { House::col(x.col()) } else { House::row(x.row()) };
        let link = cands & link_house.cells();
        if link.len() != 2 {
            continue;
        }
        let y = link.without(x).first().expect("a pair has two cells");
        let target = if arm_is_row {
            Cell::from_rc(y.row(), side.other.number())
        } else {
            Cell::from_rc(side.other.number(), y.col())
        };
        if boxx.cells().contains(target) || !cands.contains(target) {
            continue;
        }
        let pincers = (in_box & side.other.cells()).with(y);
        sink.push(pattern_step(
            TechniqueId::EmptyRectangle,
            digit,
            CellSet::single(target),
            in_box | link,
            pincers,
            HouseSet::single(boxx).with(link_house),
        ))?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::picture;
    use crate::TechniqueId::EmptyRectangle;
    use crate::testkit::{check, check_not_applicable, check_step};

    /// The module-doc example: box 1's 5s on row 2 and column 2, column 7 = {r2c7, r8c7}.
    const DOC: &str = "
        .5. xxx .xx
        5.5 xxx 5xx
        .5. xxx .xx
        xxx xxx .xx
        xxx xxx .xx
        xxx xxx .xx
        xxx xxx .xx
        xxx xxx 5xx
        xxx xxx .xx";

    #[test]
    fn a_column_link_through_the_row_arm() {
        let s = picture::state(5, DOC);
        check(EmptyRectangle, &s, "r8c2<>5");
        let step = check_step(EmptyRectangle, &s, "r8c2<>5");
        assert_eq!(step.evidence.pincers.to_string(), "r1c2 r3c2 r8c7");
        assert_eq!(step.evidence.cells.to_string(), "r1c2 r2c1 r2c3 r2c7 r3c2 r8c7");
        assert_eq!(step.evidence.base.to_string(), "c7 b1");
    }

    #[test]
    fn a_candidate_in_the_rectangle_breaks_the_cross() {
        let s = picture::state(5, &DOC.replacen(".5. xxx .xx", "55. xxx .xx", 1));
        check_not_applicable(EmptyRectangle, &s);
    }

    #[test]
    fn a_two_candidate_box_fits_two_crosses() {
        // Box 5 holds 4 only at r4c4 and r6c6 (HoDoKu's "only two candidates" variant).
        // x = r8c4 lies on column 4, an arm of the cross row 6 / column 4; its row link
        // ends at y = r8c9, so the target is r6c9.
        let s = picture::state(
            4,
            "
            xxx xxx xxx
            xxx xxx xxx
            xxx xxx xxx
            xxx 4.. xxx
            xxx ... xxx
            xxx ..4 xxx
            xxx xxx xxx
            ... 4.. ..4
            xxx xxx xxx",
        );
        check(EmptyRectangle, &s, "r6c9<>4");
    }

    #[test]
    fn a_box_on_one_line_does_not_fire() {
        // Box 1's 6s are all in row 2: no cross.
        let s = picture::state(
            6,
            "
            ... xxx .xx
            66. xxx 6xx
            ... xxx .xx
            xxx xxx .xx
            xxx xxx .xx
            xxx xxx .xx
            xxx xxx .xx
            xxx xxx 6xx
            xxx xxx .xx",
        );
        check_not_applicable(EmptyRectangle, &s);
    }
}
