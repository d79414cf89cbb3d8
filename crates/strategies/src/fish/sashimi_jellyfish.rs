//! Sashimi Jellyfish: a finned Jellyfish one of whose base lines has a single candidate in
//! the cover.
//!
//! Four base lines hold digit `d` within four cover lines, except for fins in one box;
//! without the fins one base line would keep a single cover candidate. Either a fin is `d` or
//! the fish stands; both ways, cover cells outside the base lines that share the fins' box
//! lose `d`.
//!
//! Example (digit 8): r1 {c1,c3}, r4 {c3,c5}, r6 {c5,c7}, r8 {c7} plus fins r8c8 r8c9
//! (box 9): r7c7<>8 and r9c7<>8.
//!
//! HoDoKu: score 260, level unfair. SE rating 5.5.
//!
//! Find-all semantics (shared with the other finned and sashimi fish, see `fish/mod.rs`): for
//! every digit and both orientations, every set of 4 base lines with at least one candidate
//! each, and every choice of 4 cover cross lines among the cross lines holding base
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

/// Sashimi Jellyfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SashimiJellyfish,
    name: "Sashimi Jellyfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 4600, score: 260, level: Level::Unfair, choice: HodokuChoice::First },
    se: 5.5,
    reglib: Reglib::Codes(&["0322"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every sashimi Jellyfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<4>(state, sink, fins::Fins::Sashimi, TechniqueId::SashimiJellyfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SashimiJellyfish;
    use crate::fish::search::picture;
    use crate::registry::find_all;
    use crate::testkit::{check_not_applicable, check_step};

    #[test]
    fn rows_as_base() {
        // r7 and r9 hold 8 only in c7, so smaller degenerate sashimi fish also fire.
        let s = picture(
            8,
            "x.x...... ......... ......... ..x.x.... ......... ....x.x.. ......e.. ......xff ......e..",
        );
        let step = check_step(SashimiJellyfish, &s, "r7c7<>8 r9c7<>8");
        assert_eq!(step.evidence.base.to_string(), "r1 r4 r6 r8");
        assert_eq!(step.evidence.fins.to_string(), "r8c8 r8c9");
    }

    #[test]
    fn nothing_outside_the_base() {
        let s = picture(
            8,
            "x.x...... ......... ......... ..x.x.... ......... ....x.x.. ......... ......xff .........",
        );
        check_not_applicable(SashimiJellyfish, &s);
    }

    #[test]
    fn a_finned_jellyfish_is_not_sashimi() {
        let s = picture(
            8,
            "x.x...... o........ ....o.... ..x.x.... ......... ....x.x.. ......e.. x.....x.f ......e..",
        );
        assert!(
            find_all(SashimiJellyfish, &s)
                .iter()
                .all(|st| st.evidence.base.to_string() != "r1 r4 r6 r8"
                    || st.evidence.cover.to_string() != "c1 c3 c5 c7")
        );
    }
}
