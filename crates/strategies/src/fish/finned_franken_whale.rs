//! Finned Franken Whale: a finned franken fish of size 6 (base and cover sets of 6 houses each, see
//! `fish/general.rs`). Franken: rows (and boxes) as base, columns (and boxes) as cover, or the
//! other way round, with at least one box.
//!
//! Either a fin (exo or endo) is `d`, or every cover house takes its `d` from the base; both
//! ways, a cover candidate outside the base (or in two cover houses) that sees every fin
//! loses `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 6 houses and cover set of 6 other houses that make a finned fish
//! of the franken kind, one step if it eliminates something. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 7100, score 470, level extreme, off by default. SE rating 6.2
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Finned Franken Whale's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FinnedFrankenWhale,
    name: "Finned Franken Whale",
    family: Family::Fish,
    hodoku: Hodoku { order: 7100, score: 470, level: Level::Extreme, choice: HodokuChoice::First },
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

/// Finds every Finned Franken Whale (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Franken, 6, true, TechniqueId::FinnedFrankenWhale)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FinnedFrankenWhale;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::franken(6, true));
        let step = check_step(FinnedFrankenWhale, &s, "r7c1<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FinnedFrankenWhale, &s, "r7c1<>4", &example::franken_cover(6));
        example::check_broken(FinnedFrankenWhale, &example::franken(6, true));
    }
}
