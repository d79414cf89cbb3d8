//! Finned Squirmbag: a 5-line fish with fins in one box (finned: every base line keeps two
//! candidates in the cover). Either a fin is `d` or the fish stands; both ways the cover
//! cells of the fins' box outside the base lose `d`. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 4700, score 470, level unfair, off by default. SE rating 5.8
//! (ours: see ARCHITECTURE.md).
//! Find-all semantics: those of `finned-x-wing` (see `fish/mod.rs`) with 5 base and cover lines.

use super::fins;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Squirmbag's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedSquirmbag,
    name: "Finned Squirmbag",
    family: Family::Fish,
    hodoku: Hodoku { order: 4700, score: 470, level: Level::Unfair, choice: HodokuChoice::First },
    se: 5.8,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Finned Squirmbag (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    fins::finned::<5>(state, sink, fins::Fins::Finned, TechniqueId::FinnedSquirmbag)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedSquirmbag;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::finned(5));
        let step = check_step(FinnedSquirmbag, &s, "r8c9<>4");
        assert_eq!(step.evidence.fins.to_string(), "r9c8");
        example::check_broken(FinnedSquirmbag, &example::finned(5));
    }
}
