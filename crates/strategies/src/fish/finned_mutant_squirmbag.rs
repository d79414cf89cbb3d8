//! Finned Mutant Squirmbag: a finned mutant fish of size 5 (base and cover sets of 5 houses each, see
//! `fish/general.rs`). Mutant: any mix of rows, columns and boxes that is
//! neither basic nor franken.
//!
//! Either a fin (exo or endo) is `d`, or every cover house takes its `d` from the base; both
//! ways, a cover candidate outside the base (or in two cover houses) that sees every fin
//! loses `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 5 houses and cover set of 5 other houses that make a finned fish
//! of the mutant kind, one step if it eliminates something. reglib 0363.
//!
//! HoDoKu: order 8200, score 470, level extreme, off by default. SE rating 6.2
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Mutant Squirmbag's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedMutantSquirmbag,
    name: "Finned Mutant Squirmbag",
    family: Family::Fish,
    hodoku: Hodoku { order: 8200, score: 470, level: Level::Extreme, choice: HodokuChoice::First },
    se: 6.2,
    reglib: Reglib::Codes(&["0363"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Finned Mutant Squirmbag (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Mutant, 5, true, TechniqueId::FinnedMutantSquirmbag)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedMutantSquirmbag;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::mutant(5, true));
        let step = check_step(FinnedMutantSquirmbag, &s, "r9c7<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FinnedMutantSquirmbag, &s, "r9c7<>4", &example::mutant_cover(5));
        example::check_broken(FinnedMutantSquirmbag, &example::mutant(5, true));
    }
}
