//! X-Wing: a basic fish of size 2.
//!
//! Two rows in which digit `d` is a candidate only in the same two columns: `d` takes one of
//! the two columns in each row, so both columns get their `d` from those two rows and lose it
//! everywhere else. The same with columns and rows swapped.
//!
//! Example (digit 5, `x` = candidate): r2 and r6 hold 5 only in c3 and c7, so the other 5s
//! of c3 and c7 go: r1c7<>5, r4c3<>5, r9c3<>5.
//!
//! ```text
//! r1 . . . . . . 5 . .
//! r2 . . x . . . x . .
//! r4 . . 5 . . . . . .
//! r6 . . x . . . x . .
//! r9 . . 5 . . . . . .
//! ```
//!
//! HoDoKu: score 140, level hard. SE rating 3.2.
//!
//! Find-all semantics: for every digit and both orientations (rows as base with columns as
//! cover, then columns as base with rows as cover), every set of 2 base lines in which the
//! digit has 2 candidates each (a line with 1 candidate is not used), whose candidates lie
//! in exactly 2 cross lines (the cover). Eliminated: the digit in every cell of the cover
//! lines outside the base lines. One step per (digit, orientation, base set) that eliminates
//! something; evidence `base`, `cover`, `cells` = the 4 or fewer base candidates.

use super::search;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// X-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::XWing,
    name: "X-Wing",
    family: Family::Fish,
    hodoku: Hodoku { order: 2200, score: 140, level: Level::Hard, choice: HodokuChoice::First },
    se: 3.2,
    reglib: Reglib::Codes(&["0300"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(9), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every X-Wing (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::basic::<2>(state, sink, TechniqueId::XWing)
}

#[cfg(test)]
mod tests {
    use super::search::picture;
    use crate::TechniqueId::XWing;
    use crate::testkit::{check, check_not_applicable, check_step};

    #[test]
    fn row_based() {
        let s = picture(
            5,
            "......e.. ..x...x.. ......... ..e...... ......... ..x...x.. ......... ......... ..e......",
        );
        check(XWing, &s, "r1c7<>5 r4c3<>5 r9c3<>5");
        let step = check_step(XWing, &s, "r1c7<>5 r4c3<>5 r9c3<>5");
        assert_eq!(step.evidence.base.to_string(), "r2 r6");
        assert_eq!(step.evidence.cover.to_string(), "c3 c7");
        assert!(step.evidence.fins.is_empty());
    }

    #[test]
    fn column_based() {
        // c1 and c9 hold 3 only in r4 and r5; rows 4 and 5 have a third candidate each.
        let s = picture(
            3,
            "......... ......... ......... x...e...x xe......x ......... ......... ......... .........",
        );
        check(XWing, &s, "r4c5<>3 r5c2<>3");
    }

    #[test]
    fn nothing_to_eliminate() {
        let s = picture(
            5,
            "xx....... ..x...x.. ......... ...x.x... ......... ..x...x.. ......... .......xx .........",
        );
        check_not_applicable(XWing, &s);
    }

    #[test]
    fn a_base_line_with_one_candidate_is_not_used() {
        // r2 holds 5 only in c3: a hidden single, not an X-Wing with r6 (HoDoKu's rule).
        let s = picture(
            5,
            "......o.. ..x...... ......... ..o...... ......... ..x...x.. ......... ......... .........",
        );
        check_not_applicable(XWing, &s);
    }
}
