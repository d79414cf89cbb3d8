//! Finned Leviathan: a 7-line fish with fins in one box (finned: every base line keeps two
//! candidates in the cover). Either a fin is `d` or the fish stands; both ways the cover
//! cells of the fins' box outside the base lose `d`. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 5100, score 470, level unfair, off by default. SE rating 6.2
//! (ours: see ARCHITECTURE.md).
//! Find-all semantics: those of `finned-x-wing` (see `fish/mod.rs`) with 7 base and cover lines.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Leviathan's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedLeviathan,
    name: "Finned Leviathan",
    family: Family::Fish,
    hodoku: Hodoku { order: 5100, score: 470, level: Level::Unfair, choice: HodokuChoice::First },
    se: 6.2,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Finned Leviathan (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<7>(state, sink, fins::Fins::Finned, TechniqueId::FinnedLeviathan)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedLeviathan;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::finned(7));
        let step = check_step(FinnedLeviathan, &s, "r8c9<>4");
        assert_eq!(step.evidence.fins.to_string(), "r9c8");
        example::check_broken(FinnedLeviathan, &example::finned(7));
    }
}
