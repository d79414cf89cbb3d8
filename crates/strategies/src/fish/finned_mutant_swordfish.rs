//! Finned Mutant Swordfish: a finned mutant fish of size 3 (base and cover sets of 3 houses each, see
//! `fish/general.rs`). Mutant: any mix of rows, columns and boxes that is
//! neither basic nor franken.
//!
//! Either a fin (exo or endo) is `d`, or every cover house takes its `d` from the base; both
//! ways, a cover candidate outside the base (or in two cover houses) that sees every fin
//! loses `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 3 houses and cover set of 3 other houses that make a finned fish
//! of the mutant kind, one step if it eliminates something. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 8000, score 470, level extreme, off by default. SE rating 4.4
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Mutant Swordfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedMutantSwordfish,
    name: "Finned Mutant Swordfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 8000, score: 470, level: Level::Extreme, choice: HodokuChoice::First },
    se: 4.4,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Finned Mutant Swordfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Mutant, 3, true, TechniqueId::FinnedMutantSwordfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedMutantSwordfish;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::mutant(3, true));
        let step = check_step(FinnedMutantSwordfish, &s, "r9c7<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FinnedMutantSwordfish, &s, "r9c7<>4", &example::mutant_cover(3));
        example::check_broken(FinnedMutantSwordfish, &example::mutant(3, true));
    }
}
