//! Finned Jellyfish: a Jellyfish with extra candidates (fins) in one box.
//!
//! Four rows hold digit `d` within four columns (the cover) except for fins that all lie in
//! one box. Either a fin is `d`, or the Jellyfish stands; both ways, a cover-column cell
//! outside the four rows that shares the fins' box loses `d`. Columns likewise.
//!
//! Example (digit 8): r1 {c1,c3}, r4 {c3,c5}, r6 {c5,c7}, r8 {c1,c7} plus the fin r8c9
//! (box 9): r7c7<>8 and r9c7<>8.
//!
//! HoDoKu: score 250, level unfair. SE rating 5.4.
//!
//! Find-all semantics (shared with the other finned and sashimi fish, see `fish/mod.rs`): for
//! every digit and both orientations, every set of 4 base lines with at least one candidate
//! each, and every choice of 4 cover cross lines among the cross lines holding base
//! candidates, such that the fins (base candidates outside the cover) are not empty and all
//! lie in one box, and each base line keeps at least 2 candidates in the cover lines (else it
//! is a sashimi Jellyfish). Eliminated: the digit in the cover lines, outside the base lines,
//! inside the fins' box. One step per (digit, orientation, base set, cover set) that
//! eliminates something; two such steps on one base set are HoDoKu's Siamese fish.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Jellyfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedJellyfish,
    name: "Finned Jellyfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 4500, score: 250, level: Level::Unfair, choice: HodokuChoice::First },
    se: 5.4,
    reglib: Reglib::Codes(&["0312"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every finned Jellyfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<4>(state, sink, fins::Fins::Finned, TechniqueId::FinnedJellyfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedJellyfish;
    use crate::fish::search::picture;
    use crate::testkit::{check, check_not_applicable, check_step};

    #[test]
    fn rows_as_base() {
        let s = picture(
            8,
            "x.x...... o........ ....o.... ..x.x.... ......... ....x.x.. ......e.. x.....x.f ......e..",
        );
        check(FinnedJellyfish, &s, "r7c7<>8 r9c7<>8");
        let step = check_step(FinnedJellyfish, &s, "r7c7<>8 r9c7<>8");
        assert_eq!(step.evidence.base.to_string(), "r1 r4 r6 r8");
        assert_eq!(step.evidence.fins.to_string(), "r8c9");
    }

    #[test]
    fn nothing_in_the_fin_box() {
        let s = picture(
            8,
            "x.x...... o........ ....o.... ..x.x.... ......... ....x.x.. ......... x.....x.f .........",
        );
        check_not_applicable(FinnedJellyfish, &s);
    }

    #[test]
    fn a_sashimi_jellyfish_is_not_finned() {
        // r8 keeps only c7 in the cover: sashimi, reported by sashimi-jellyfish only.
        let s = picture(
            8,
            "x.x...... ......... ......... ..x.x.... ......... ....x.x.. ......e.. ......xff ......e..",
        );
        check_not_applicable(FinnedJellyfish, &s);
    }
}
