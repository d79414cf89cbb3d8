//! Finned X-Wing: an X-Wing with extra candidates (fins) in one box.
//!
//! Two rows hold digit `d` in two columns (the cover) plus, in one of the rows, one or two
//! more candidates inside one box (the fins). Either a fin is `d`, or the X-Wing stands; both
//! ways, a cover-column cell outside the two rows that shares the fins' box loses `d`.
//! The same with columns and rows swapped.
//!
//! Example (digit 4): r2 {c2,c7}, r8 {c2,c7} plus the fin r8c8 (box 9): r7c7<>4 and r9c7<>4
//! (c7 cells in box 9); r5c7 would keep its 4, it does not see the fin.
//!
//! HoDoKu: score 130, level hard. SE rating 3.4.
//!
//! Find-all semantics (shared with the other finned and sashimi fish, see `fish/mod.rs`): for
//! every digit and both orientations, every set of 2 base lines with at least one candidate
//! each, and every choice of 2 cover cross lines among the cross lines holding base
//! candidates, such that the base candidates outside the cover (the fins) are not empty and
//! all lie in one box, and each base line keeps at least 2 candidates in the cover lines
//! (else it is a sashimi X-Wing). Eliminated: the digit in the cover lines, outside the base
//! lines, inside the fins' box (= the cover candidates outside the base that see every fin).
//! One step per (digit, orientation, base set, cover set) that eliminates something.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned X-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedXWing,
    name: "Finned X-Wing",
    family: Family::Fish,
    hodoku: Hodoku { order: 4100, score: 130, level: Level::Hard, choice: HodokuChoice::First },
    se: 3.4,
    reglib: Reglib::Codes(&["0310"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(11), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every finned X-Wing (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<2>(state, sink, fins::Fins::Finned, TechniqueId::FinnedXWing)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedXWing;
    use crate::fish::search::picture;
    use crate::testkit::{check, check_not_applicable, check_step};

    #[test]
    fn rows_and_columns() {
        // Rows: r2 r8 over c2 c7 with the fin r8c8. Columns: c2 c7 over r2 r8 with the fins
        // r7c7 r9c7, which removes r8c8 in turn (both are valid).
        let s = picture(
            4,
            "......... .x....x.. ......... ......... ......... ......... ....x.e.. .x....xf. ...x..e..",
        );
        check(FinnedXWing, &s, "r7c7<>4 r8c8<>4 r9c7<>4");
        let step = check_step(FinnedXWing, &s, "r7c7<>4 r9c7<>4");
        assert_eq!(step.evidence.fins.to_string(), "r8c8");
        assert_eq!(step.evidence.cover.to_string(), "c2 c7");
    }

    #[test]
    fn fins_in_two_boxes_eliminate_nothing() {
        // r8 has fins r8c5 (box 8) and r8c9 (box 9): no cell sees both, so r7c7 and r9c7 stay.
        // Only the column fish c2 c7 (fins r7c7 r9c7, box 9) fires, on r8c9.
        let s = picture(
            4,
            "......... .x....x.. ......... ......... ......... ......... ......o.. .x..f.x.f ......o..",
        );
        check(FinnedXWing, &s, "r8c9<>4");
    }

    #[test]
    fn nothing_in_the_fin_box() {
        let s = picture(
            4,
            "......... .x....x.. ......... .o....... ......... ......... ......... .x....xff .........",
        );
        check_not_applicable(FinnedXWing, &s);
    }
}
