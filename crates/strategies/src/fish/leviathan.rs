//! Leviathan: a basic fish of size 7.
//!
//! 7 rows in which digit `d` lies only in the same 7 columns (each row with 2 to 7
//! candidates): the columns get their `d` from those rows and lose it everywhere else. The
//! same with columns and rows swapped. HoDoKu has no reglib case for it.
//!
//! HoDoKu: order 2700, score 470, level unfair, off by default. SE rating 6.0
//! (ours: see ARCHITECTURE.md).
//! Find-all semantics: those of `x-wing` (see `fish/mod.rs`) with 7 base lines instead of 2.

use super::search;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::Candidates;
use std::ops::ControlFlow;

/// Leviathan's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::Leviathan,
    name: "Leviathan",
    family: Family::Fish,
    hodoku: Hodoku { order: 2700, score: 470, level: Level::Unfair, choice: HodokuChoice::First },
    se: 6.0,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Wide,
};

/// Finds every Leviathan (see the module doc).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::basic::<7>(state, sink, TechniqueId::Leviathan)
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::Leviathan;
    use crate::fish::{example, search::picture};
    use crate::testkit::check_step;

    #[test]
    fn fires_and_must_not_fire() {
        let s = picture(4, &example::basic(7));
        let step = check_step(Leviathan, &s, "r8c1<>4");
        assert_eq!(step.evidence.base.to_string(), example::base_rows(7));
        example::check_broken(Leviathan, &example::basic(7));
    }
}
