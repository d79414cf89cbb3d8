//! Jellyfish: a basic fish of size 4.
//!
//! Four rows in which digit `d` is a candidate only within the same four columns: the four
//! rows place their `d` in four different columns among those, so the columns lose `d`
//! everywhere else. The same with columns and rows swapped.
//!
//! Example (digit 2): r1 {c1,c4}, r3 {c4,c6}, r6 {c6,c9}, r8 {c1,c9}; the other 2s of c1, c4,
//! c6 and c9 go: r2c1<>2, r5c6<>2, r7c4<>2, r9c9<>2.
//!
//! HoDoKu: score 160, level hard. SE rating 5.2.
//!
//! Find-all semantics: for every digit and both orientations (rows as base with columns as
//! cover, then columns as base with rows as cover), every set of 4 base lines in which the
//! digit has 2 to 4 candidates each (a line with 1 candidate is not used), whose candidates
//! lie in exactly 4 cross lines (the cover). Eliminated: the digit in every cell of the cover
//! lines outside the base lines. One step per (digit, orientation, base set) that eliminates
//! something. A row jellyfish and the complementary column fish can both be reported.

use super::search;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Jellyfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::Jellyfish,
    name: "Jellyfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 2400, score: 160, level: Level::Hard, choice: HodokuChoice::First },
    se: 5.2,
    reglib: Reglib::Codes(&["0302"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every Jellyfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::basic::<4>(state, sink, TechniqueId::Jellyfish)
}

#[cfg(test)]
mod tests {
    use super::search::picture;
    use crate::TechniqueId::Jellyfish;
    use crate::testkit::{check, check_not_applicable, check_step};

    #[test]
    fn rows_as_base() {
        let s = picture(
            2,
            "x..x..... eoo...... ...x.x... ......... ....oeo.. .....x..x .o.eo..o. x.......x ..o...o.e",
        );
        check_step(Jellyfish, &s, "r2c1<>2 r5c6<>2 r7c4<>2 r9c9<>2");
        // The other 2s form the complementary column jellyfish: c2 c3 c5 c7 hold 2 only in
        // r2 r5 r7 r9, so the rest of those rows goes, r7c8 included.
        check(Jellyfish, &s, "r2c1<>2 r5c6<>2 r7c4<>2 r7c8<>2 r9c9<>2");
    }

    #[test]
    fn nothing_to_eliminate() {
        let s = picture(
            2,
            "x..x..... .oo...... ...x.x... ......... ....o.o.. .....x..x .o..o.... x.......x ..o...o..",
        );
        check_not_applicable(Jellyfish, &s);
    }
}
