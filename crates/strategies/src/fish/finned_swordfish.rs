//! Finned Swordfish: a Swordfish with extra candidates (fins) in one box.
//!
//! Three rows hold digit `d` within three columns (the cover) except for fins that all lie in
//! one box. Either a fin is `d`, or the Swordfish stands; both ways, a cover-column cell
//! outside the three rows that shares the fins' box loses `d`. Columns likewise.
//!
//! Example (digit 1, the walk-through of the seed article "Pez espada con alas"): r8 and r9
//! hold 1 in c1 c4 c9, r5 in c1 c4 c9 plus the fin r5c8 (box 6). If r5c8 is 1, box 6 has its
//! 1; if not, the Swordfish puts a 1 of c9 in r5, r8 or r9. Either way r4c9<>1 and r6c9<>1.
//!
//! HoDoKu: score 200, level unfair. SE rating 4.0.
//!
//! Find-all semantics (shared with the other finned and sashimi fish, see `fish/mod.rs`): for
//! every digit and both orientations, every set of 3 base lines with at least one candidate
//! each, and every choice of 3 cover cross lines among the cross lines holding base
//! candidates, such that the fins (base candidates outside the cover) are not empty and all
//! lie in one box, and each base line keeps at least 2 candidates in the cover lines (else it
//! is a sashimi Swordfish). Eliminated: the digit in the cover lines, outside the base lines,
//! inside the fins' box. One step per (digit, orientation, base set, cover set) that
//! eliminates something; two such steps on one base set are HoDoKu's Siamese fish.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Swordfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedSwordfish,
    name: "Finned Swordfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 4300, score: 200, level: Level::Unfair, choice: HodokuChoice::First },
    se: 4.0,
    reglib: Reglib::Codes(&["0311"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(12), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every finned Swordfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<3>(state, sink, fins::Fins::Finned, TechniqueId::FinnedSwordfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedSwordfish;
    use crate::fish::search::picture;
    use crate::testkit::{check, check_not_applicable, check_step};

    /// The seed article's position, rebuilt for digit 1 (rows A-I = r1-r9): rows E, H, I on
    /// columns 1, 4, 9, fin E8, eliminations D9 and F9. r2 and r3 add 1s in c1 and c4 that
    /// are outside box 6 and must stay.
    const SEED: &str =
        "......... o...o.... ...o.o... ........e x..x...fx ........e ......... x..x....x x..x....x";

    #[test]
    fn seed_article_swordfish_with_a_fin() {
        let s = picture(1, SEED);
        check(FinnedSwordfish, &s, "r4c9<>1 r6c9<>1");
        let step = check_step(FinnedSwordfish, &s, "r4c9<>1 r6c9<>1");
        assert_eq!(step.evidence.base.to_string(), "r5 r8 r9");
        assert_eq!(step.evidence.cover.to_string(), "c1 c4 c9");
        assert_eq!(step.evidence.fins.to_string(), "r5c8");
    }

    #[test]
    fn a_second_fin_in_another_box_breaks_it() {
        // Same position plus a 1 in r5c2 (box 4): the fins no longer share a box.
        let s = picture(1, &SEED.replace("x..x...fx", "xf.x...fx"));
        check_not_applicable(FinnedSwordfish, &s);
    }
}
