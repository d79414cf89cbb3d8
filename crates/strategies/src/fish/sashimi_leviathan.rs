//! Sashimi Leviathan: a 7-line fish with fins in one box (sashimi: some base line keeps at most one
//! candidate in the cover). Either a fin is `d` or the fish stands; both ways the cover
//! cells of the fins' box outside the base lose `d`. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 5200, score 470, level unfair, off by default. SE rating 6.3
//! (ours: see ARCHITECTURE.md).
//! Find-all semantics: those of `sashimi-x-wing` (see `fish/mod.rs`) with 7 base and cover lines.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Sashimi Leviathan's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SashimiLeviathan,
    name: "Sashimi Leviathan",
    family: Family::Fish,
    hodoku: Hodoku { order: 5200, score: 470, level: Level::Unfair, choice: HodokuChoice::First },
    se: 6.3,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Sashimi Leviathan (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<7>(state, sink, fins::Fins::Sashimi, TechniqueId::SashimiLeviathan)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SashimiLeviathan;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::sashimi(7));
        let step = check_step(SashimiLeviathan, &s, "r8c9<>4");
        assert_eq!(step.evidence.fins.to_string(), "r9c8");
        example::check_broken(SashimiLeviathan, &example::sashimi(7));
    }
}
