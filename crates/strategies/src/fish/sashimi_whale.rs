//! Sashimi Whale: a 6-line fish with fins in one box (sashimi: some base line keeps at most one
//! candidate in the cover). Either a fin is `d` or the fish stands; both ways the cover
//! cells of the fins' box outside the base lose `d`. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 5000, score 470, level unfair, off by default. SE rating 6.1
//! (ours: see ARCHITECTURE.md).
//! Find-all semantics: those of `sashimi-x-wing` (see `fish/mod.rs`) with 6 base and cover lines.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Sashimi Whale's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::SashimiWhale,
    name: "Sashimi Whale",
    family: Family::Fish,
    hodoku: Hodoku { order: 5000, score: 470, level: Level::Unfair, choice: HodokuChoice::First },
    se: 6.1,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Sashimi Whale (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<6>(state, sink, fins::Fins::Sashimi, TechniqueId::SashimiWhale)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::SashimiWhale;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::sashimi(6));
        let step = check_step(SashimiWhale, &s, "r8c9<>4");
        assert_eq!(step.evidence.fins.to_string(), "r9c8");
        example::check_broken(SashimiWhale, &example::sashimi(6));
    }
}
