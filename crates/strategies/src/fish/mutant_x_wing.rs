//! Mutant X-Wing: a mutant fish of size 2 (base and cover sets of 2 houses each, see
//! `fish/general.rs`). Mutant: any mix of rows, columns and boxes that is
//! neither basic nor franken.
//!
//! Every cover house takes its `d` from the base, so the cover candidates outside the base
//! (and base candidates in two cover houses: cannibalism) lose `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 2 houses and cover set of 2 other houses that make a finless fish
//! of the mutant kind, one step if it eliminates something. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 7300, score 450, level extreme, off by default. SE rating 3.6
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Mutant X-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::MutantXWing,
    name: "Mutant X-Wing",
    family: Family::Fish,
    hodoku: Hodoku { order: 7300, score: 450, level: Level::Extreme, choice: HodokuChoice::First },
    se: 3.6,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Mutant X-Wing (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Mutant, 2, false, TechniqueId::MutantXWing)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::MutantXWing;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::mutant(2, false));
        let step = check_step(MutantXWing, &s, "r9c1<>4 r9c8<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(MutantXWing, &s, "r9c1<>4 r9c8<>4", &example::mutant_cover(2));
        example::check_broken(MutantXWing, &example::mutant(2, false));
    }
}
