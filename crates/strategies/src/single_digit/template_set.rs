//! Template Set: a cell that belongs to every template of a digit that fits the state (see
//! `templates`) holds that digit.
//!
//! Rating: HoDoKu score 10000 (extreme, off in HoDoKu's default steps), SE: none (a
//! brute-force-like technique; bitdoku gives it 9.0).
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * For each digit `d` (in order): the templates of `d` that fit the state are every set of
//!   nine cells, one per row, column and box, holding every cell where `d` is placed and
//!   otherwise only candidates of `d`, and no cell that every fitting template of another
//!   digit holds (refined round by round until no digit's common cells change). If at least one fits, the cells common to all of them
//!   that still have `d` as a candidate get `d` placed.
//! * One step per digit with placements; evidence: `digits` = `d`, `cells` = the placements.

use super::templates::refined;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, Digit, DigitSet};
use std::ops::ControlFlow;

/// Template Set's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::TemplateSet,
    name: "Template Set",
    family: Family::SingleDigit,
    hodoku: Hodoku {
        order: 8700,
        score: 10000,
        level: Level::Extreme,
        choice: HodokuChoice::First,
    },
    se: 9.0,
    reglib: Reglib::Codes(&["1201"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Heavy,
};

/// Pushes every template-set step of `state` (see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let fits = refined(state);
    for d in Digit::all() {
        let Some((_, inter)) = fits[d.index()] else { continue };
        let cells = inter & state.cells(d);
        if cells.is_empty() {
            continue;
        }
        let mut step = Step::new(TechniqueId::TemplateSet);
        step.placements[d.index()] = cells;
        step.evidence.digits = DigitSet::single(d);
        step.evidence.cells = cells;
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::TemplateSet;
    use crate::testkit::check_not_applicable;
    use crate::wings::fixtures::pencil;

    /// Must not fire on an empty grid: every cell is in some template and none in all.
    #[test]
    fn empty_grid() {
        check_not_applicable(TemplateSet, &pencil("", ""));
    }
}
