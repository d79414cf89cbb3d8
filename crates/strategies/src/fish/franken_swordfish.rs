//! Franken Swordfish: a franken fish of size 3 (base and cover sets of 3 houses each, see
//! `fish/general.rs`). Franken: rows (and boxes) as base, columns (and boxes) as cover, or the
//! other way round, with at least one box.
//!
//! Every cover house takes its `d` from the base, so the cover candidates outside the base
//! (and base candidates in two cover houses: cannibalism) lose `d`.
//!
//! Find-all semantics (the rules of `fish/general.rs`, which spell them out): for every digit,
//! every base set of 3 houses and cover set of 3 other houses that make a finless fish
//! of the franken kind, one step if it eliminates something. reglib 0331.
//!
//! HoDoKu: order 6200, score 350, level unfair, on by default. SE rating 4.0
//! (ours: see ARCHITECTURE.md).

use super::general::{self, Kind};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Franken Swordfish's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FrankenSwordfish,
    name: "Franken Swordfish",
    family: Family::Fish,
    hodoku: Hodoku { order: 6200, score: 350, level: Level::Unfair, choice: HodokuChoice::First },
    se: 4.0,
    reglib: Reglib::Codes(&["0331"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Franken Swordfish (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    general::find(state, sink, Kind::Franken, 3, false, TechniqueId::FrankenSwordfish)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FrankenSwordfish;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::franken(3, false));
        let step = check_step(FrankenSwordfish, &s, "r9c1<>4");
        assert!(!step.evidence.base.is_empty());
        example::has_cover(FrankenSwordfish, &s, "r9c1<>4", &example::franken_cover(3));
        example::check_broken(FrankenSwordfish, &example::franken(3, false));
    }
}
