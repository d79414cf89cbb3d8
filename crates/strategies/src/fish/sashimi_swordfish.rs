//! Sashimi Swordfish: a finned Swordfish one of whose base lines has a single candidate in
//! the cover.
//!
//! Three base lines hold digit `d` within three cover lines, except for fins in one box;
//! without the fins one base line would keep a single cover candidate (the body is missing a
//! corner next to the fins). Either a fin is `d` or the fish stands; both ways, cover cells
//! outside the base lines that share the fins' box lose `d`.
//!
//! Example (digit 3, columns as base): c2 {r1,r4}, c5 {r4,r7}, c8 {r1} plus fins r8c8 r9c8
//! (box 9), cover r1 r4 r7: r7c7<>3 and r7c9<>3.
//!
//! HoDoKu: score 240, level unfair. SE rating 4.1.
//!
//! Find-all semantics (shared with the other finned and sashimi fish, see `fish/mod.rs`): for
//! every digit and both orientations, every set of 3 base lines with at least one candidate
//! each, and every choice of 3 cover cross lines among the cross lines holding base
//! candidates, such that the fins (base candidates outside the cover) are not empty and all
//! lie in one box, and at least one base line has at most 1 candidate in the cover lines.
//! Eliminated: the digit in the cover lines, outside the base lines, inside the fins' box.
//! One step per (digit, orientation, base set, cover set) that eliminates something.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Sashimi Swordfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SashimiSwordfish,
    name: "Sashimi Swordfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 4400, score: 240, level: Level::Unfair, choice: HodokuChoice::First },
    se: 4.1,
    reglib: Reglib::Codes(&["0321"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every sashimi Swordfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<3>(state, sink, fins::Fins::Sashimi, TechniqueId::SashimiSwordfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SashimiSwordfish;
    use crate::fish::search::picture;
    use crate::registry::find_all;
    use crate::testkit::{check_not_applicable, check_step};

    #[test]
    fn columns_as_base() {
        let s = picture(
            3,
            ".x.o...x. ......... ......... .x..xo... ......... ......... ....x.e.e .......f. .......f.",
        );
        let step = check_step(SashimiSwordfish, &s, "r7c7<>3 r7c9<>3");
        assert_eq!(step.evidence.base.to_string(), "c2 c5 c8");
        assert_eq!(step.evidence.cover.to_string(), "r1 r4 r7");
        assert_eq!(step.evidence.fins.to_string(), "r8c8 r9c8");
    }

    #[test]
    fn nothing_in_the_fin_box() {
        let s = picture(
            3,
            ".x.o...x. ......... ......... .x..xo... ......... ......... ....x.... .......f. .......f.",
        );
        check_not_applicable(SashimiSwordfish, &s);
    }

    #[test]
    fn the_seed_finned_swordfish_is_not_sashimi() {
        let seed = "......... o...o.... ...o.o... ........e x..x...fx ........e ......... x..x....x x..x....x";
        let s = picture(1, seed);
        // Only degenerate sashimi fish built on the single-candidate rows r4 and r6 remain.
        assert!(
            find_all(SashimiSwordfish, &s)
                .iter()
                .all(|st| st.evidence.base.to_string() != "r5 r8 r9")
        );
    }
}
