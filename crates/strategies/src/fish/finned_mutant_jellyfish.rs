//! Finned Mutant Jellyfish: a finned mutant fish of size 4 (base and cover sets of 4 houses each, see
//! `fish/general.rs`). Mutant: any mix of rows, columns and boxes that is
//! neither basic nor franken.
//!
//! Either a fin (exo or endo) is `d`, or every cover house takes its `d` from the base; both
//! ways, a cover candidate outside the base (or in two cover houses) that sees every fin
//! loses `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 4 houses and cover set of 4 other houses that make a finned fish
//! of the mutant kind, one step if it eliminates something. reglib 0362.
//!
//! HoDoKu: order 8100, score 470, level extreme, off by default. SE rating 5.8
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Mutant Jellyfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedMutantJellyfish,
    name: "Finned Mutant Jellyfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 8100, score: 470, level: Level::Extreme, choice: HodokuChoice::First },
    se: 5.8,
    reglib: Reglib::Codes(&["0362"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Finned Mutant Jellyfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Mutant, 4, true, TechniqueId::FinnedMutantJellyfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedMutantJellyfish;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::mutant(4, true));
        let step = check_step(FinnedMutantJellyfish, &s, "r9c7<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FinnedMutantJellyfish, &s, "r9c7<>4", &example::mutant_cover(4));
        example::check_broken(FinnedMutantJellyfish, &example::mutant(4, true));
    }
}
