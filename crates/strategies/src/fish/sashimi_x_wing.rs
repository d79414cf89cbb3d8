//! Sashimi X-Wing: a finned X-Wing one of whose rows has a single candidate in the cover.
//!
//! Row A holds digit `d` in two columns; row B holds it in one of them and, instead of the
//! other, in cells of one box (the fins) next to the missing corner. Either a fin is `d`, or
//! row B's single cover candidate and row A form an X-Wing; both ways, a cell of the missing
//! corner's column in the fins' box, outside the two rows, loses `d`. Columns likewise.
//!
//! Example (digit 6): r3 {c1,c5}, r7 {c1} plus fins r7c4 r7c6 (box 8): r8c5<>6, r9c5<>6.
//!
//! HoDoKu: score 150, level hard. SE rating 3.5.
//!
//! Find-all semantics (shared with the other finned and sashimi fish, see `fish/mod.rs`): for
//! every digit and both orientations, every set of 2 base lines with at least one candidate
//! each, and every choice of 2 cover cross lines among the cross lines holding base
//! candidates, such that the fins (base candidates outside the cover) are not empty and all
//! lie in one box, and at least one base line has at most 1 candidate in the cover lines
//! (HoDoKu's sashimi rule; 0 is possible when a base line holds only fins). Eliminated: the
//! digit in the cover lines, outside the base lines, inside the fins' box. One step per
//! (digit, orientation, base set, cover set) that eliminates something.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Sashimi X-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SashimiXWing,
    name: "Sashimi X-Wing",
    family: Family::Fish,
    hodoku: Hodoku { order: 4200, score: 150, level: Level::Hard, choice: HodokuChoice::First },
    se: 3.5,
    reglib: Reglib::Codes(&["0320"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every sashimi X-Wing (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<2>(state, sink, fins::Fins::Sashimi, TechniqueId::SashimiXWing)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SashimiXWing;
    use crate::fish::search::picture;
    use crate::testkit::{check, check_not_applicable, check_step};

    #[test]
    fn missing_corner_with_two_fins() {
        // r5c5 and r6c1 are other candidates; r8 and r9 each hold 6 only in c5, which also
        // makes degenerate sashimi X-Wings (e.g. r7 r8) with the same kind of eliminations.
        let s = picture(
            6,
            "......... ......... x...x.... ......... ....o.... o........ x..f.f... ....e.... ....e....",
        );
        check(SashimiXWing, &s, "r8c5<>6 r9c5<>6");
        let step = check_step(SashimiXWing, &s, "r8c5<>6 r9c5<>6");
        assert_eq!(step.evidence.base.to_string(), "r3 r7");
        assert_eq!(step.evidence.fins.to_string(), "r7c4 r7c6");
    }

    #[test]
    fn fins_must_share_one_box() {
        // r5 is a busy row that cannot be a base line; r8c5 is the cell at stake.
        let one_box = picture(
            6,
            "......... ......... x...x.... ......... ..xxx.xx. ......... x..f.f... ....o.... .........",
        );
        check_step(SashimiXWing, &one_box, "r8c5<>6");
        let two_boxes = picture(
            6,
            "......... ......... x...x.... ......... ..xxx.xx. ......... x..f...f. ....o.... .........",
        );
        check_not_applicable(SashimiXWing, &two_boxes);
    }

    #[test]
    fn a_finned_x_wing_is_not_sashimi() {
        let s = picture(
            4,
            "......... .x....x.. ......... ......... ......... ......... ....x.o.. .x....xf. ...x..o..",
        );
        check_not_applicable(SashimiXWing, &s);
    }
}
