//! Finned Franken Jellyfish: a finned franken fish of size 4 (base and cover sets of 4 houses each, see
//! `fish/general.rs`). Franken: rows (and boxes) as base, columns (and boxes) as cover, or the
//! other way round, with at least one box.
//!
//! Either a fin (exo or endo) is `d`, or every cover house takes its `d` from the base; both
//! ways, a cover candidate outside the base (or in two cover houses) that sees every fin
//! loses `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 4 houses and cover set of 4 other houses that make a finned fish
//! of the franken kind, one step if it eliminates something. reglib 0342.
//!
//! HoDoKu: order 6900, score 430, level unfair, off by default. SE rating 5.6
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Franken Jellyfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedFrankenJellyfish,
    name: "Finned Franken Jellyfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 6900, score: 430, level: Level::Unfair, choice: HodokuChoice::First },
    se: 5.6,
    reglib: Reglib::Codes(&["0342"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Finned Franken Jellyfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Franken, 4, true, TechniqueId::FinnedFrankenJellyfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedFrankenJellyfish;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::franken(4, true));
        let step = check_step(FinnedFrankenJellyfish, &s, "r7c1<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FinnedFrankenJellyfish, &s, "r7c1<>4", &example::franken_cover(4));
        example::check_broken(FinnedFrankenJellyfish, &example::franken(4, true));
    }
}
