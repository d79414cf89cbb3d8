//! Franken Leviathan: a franken fish of size 7 (base and cover sets of 7 houses each, see
//! `fish/general.rs`). Franken: rows (and boxes) as base, columns (and boxes) as cover, or the
//! other way round, with at least one box.
//!
//! Every cover house takes its `d` from the base, so the cover candidates outside the base
//! (and base candidates in two cover houses: cannibalism) lose `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 7 houses and cover set of 7 other houses that make a finless fish
//! of the franken kind, one step if it eliminates something. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 6600, score 470, level extreme, off by default. SE rating 6.2
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Franken Leviathan's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FrankenLeviathan,
    name: "Franken Leviathan",
    family: Family::Fish,
    hodoku: Hodoku { order: 6600, score: 470, level: Level::Extreme, choice: HodokuChoice::First },
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

/// Finds every Franken Leviathan (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Franken, 7, false, TechniqueId::FrankenLeviathan)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FrankenLeviathan;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::franken(7, false));
        let step = check_step(FrankenLeviathan, &s, "r9c1<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FrankenLeviathan, &s, "r9c1<>4", &example::franken_cover(7));
        example::check_broken(FrankenLeviathan, &example::franken(7, false));
    }
}
