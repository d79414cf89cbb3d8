//! Franken X-Wing: a franken fish of size 2 (base and cover sets of 2 houses each, see
//! `fish/general.rs`). Franken: rows (and boxes) as base, columns (and boxes) as cover, or the
//! other way round, with at least one box.
//!
//! Every cover house takes its `d` from the base, so the cover candidates outside the base
//! (and base candidates in two cover houses: cannibalism) lose `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 2 houses and cover set of 2 other houses that make a finless fish
//! of the franken kind, one step if it eliminates something. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 6100, score 300, level unfair, on by default. SE rating 3.4
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Franken X-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FrankenXWing,
    name: "Franken X-Wing",
    family: Family::Fish,
    hodoku: Hodoku { order: 6100, score: 300, level: Level::Unfair, choice: HodokuChoice::First },
    se: 3.4,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Franken X-Wing (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Franken, 2, false, TechniqueId::FrankenXWing)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FrankenXWing;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::franken(2, false));
        let step = check_step(FrankenXWing, &s, "r9c1<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FrankenXWing, &s, "r9c1<>4", &example::franken_cover(2));
        example::check_broken(FrankenXWing, &example::franken(2, false));
    }
}
