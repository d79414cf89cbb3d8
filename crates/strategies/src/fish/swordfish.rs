//! Swordfish: a basic fish of size 3.
//!
//! Three rows in which digit `d` is a candidate only within the same three columns: the three
//! rows place their `d` in three different columns among those three, so the columns get
//! their `d` from these rows and lose it everywhere else. The same with columns and rows
//! swapped. Each base line needs only 2 of the 3 columns (a 2-2-2 swordfish is common).
//!
//! Example (digit 7): r1 {c2,c5}, r5 {c5,c8}, r9 {c2,c8}; the other 7s of c2, c5 and c8 go:
//! r3c2<>7, r4c5<>7, r7c8<>7.
//!
//! HoDoKu: score 150, level hard. SE rating 3.8.
//!
//! Find-all semantics: for every digit and both orientations (rows as base with columns as
//! cover, then columns as base with rows as cover), every set of 3 base lines in which the
//! digit has 2 or 3 candidates each (a line with 1 candidate is not used), whose candidates
//! lie in exactly 3 cross lines (the cover). Eliminated: the digit in every cell of the cover
//! lines outside the base lines. One step per (digit, orientation, base set) that eliminates
//! something; a swordfish containing an X-Wing is still reported.

use super::search;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Swordfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::Swordfish,
    name: "Swordfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 2300, score: 150, level: Level::Hard, choice: HodokuChoice::First },
    se: 3.8,
    reglib: Reglib::Codes(&["0301"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(10), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every Swordfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::basic::<3>(state, sink, TechniqueId::Swordfish)
}

#[cfg(test)]
mod tests {
    use super::search::picture;
    use crate::TechniqueId::Swordfish;
    use crate::testkit::{check, check_not_applicable};

    #[test]
    fn two_two_two_in_rows() {
        let s = picture(
            7,
            ".x..x.... ......... .e.o..... ....e...o ....x..x. ......... o......e. ......... .x.....x.",
        );
        check(Swordfish, &s, "r3c2<>7 r4c5<>7 r7c8<>7");
    }

    #[test]
    fn column_based() {
        // Transposed: c1 {r2,r5}, c5 {r5,r8}, c9 {r2,r8}.
        let s = picture(
            4,
            "......... x.e.....x ......... ......... x...x.... ......... ......... ....x.e.x .........",
        );
        check(Swordfish, &s, "r2c3<>4 r8c7<>4");
    }

    #[test]
    fn nothing_to_eliminate_or_four_columns() {
        // r1, r5, r9 use c2, c5, c8 only, but no other 7 is in those columns.
        let clean = picture(
            7,
            ".x..x.... ......... o..o..... ......... ....x..x. ......... ......... ......... .x.....x.",
        );
        check_not_applicable(Swordfish, &clean);
        // r9 reaches a fourth column: no swordfish (a finned one at most).
        let wide = picture(
            7,
            ".x..x.... ......... .o....... ....o.... ....x..x. ......... .......o. ......... .x.....xx",
        );
        check_not_applicable(Swordfish, &wide);
    }
}
