//! Mutant Whale: a mutant fish of size 6 (base and cover sets of 6 houses each, see
//! `fish/general.rs`). Mutant: any mix of rows, columns and boxes that is
//! neither basic nor franken.
//!
//! Every cover house takes its `d` from the base, so the cover candidates outside the base
//! (and base candidates in two cover houses: cannibalism) lose `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 6 houses and cover set of 6 other houses that make a finless fish
//! of the mutant kind, one step if it eliminates something. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 7700, score 470, level extreme, off by default. SE rating 6.2
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Mutant Whale's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::MutantWhale,
    name: "Mutant Whale",
    family: Family::Fish,
    hodoku: Hodoku { order: 7700, score: 470, level: Level::Extreme, choice: HodokuChoice::First },
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

/// Finds every Mutant Whale (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Mutant, 6, false, TechniqueId::MutantWhale)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::MutantWhale;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::mutant(6, false));
        let step = check_step(MutantWhale, &s, "r9c1<>4 r9c8<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(MutantWhale, &s, "r9c1<>4 r9c8<>4", &example::mutant_cover(6));
        example::check_broken(MutantWhale, &example::mutant(6, false));
    }
}
