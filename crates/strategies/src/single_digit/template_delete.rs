//! Template Delete: a candidate of a digit that belongs to no template of that digit fitting
//! the state (see `templates`) can go.
//!
//! Rating: HoDoKu score 10000 (extreme, off in HoDoKu's default steps); bitdoku gives it SE 9.0.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * For each digit `d` (in order): if at least one template of `d` fits the state (as in
//!   [`super::template_set`], refinement included), every candidate of `d` outside the union of the fitting
//!   templates is eliminated.
//! * One step per digit with eliminations; evidence: `digits` = `d`.

use super::templates::refined;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, Digit, DigitSet};
use std::ops::ControlFlow;

/// Template Delete's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::TemplateDelete,
    name: "Template Delete",
    family: Family::SingleDigit,
    hodoku: Hodoku {
        order: 8800,
        score: 10000,
        level: Level::Extreme,
        choice: HodokuChoice::First,
    },
    se: 9.0,
    reglib: Reglib::Codes(&["1202"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Heavy,
};

/// Pushes every template-delete step of `state` (see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let fits = refined(state);
    for d in Digit::all() {
        let Some((union, _)) = fits[d.index()] else { continue };
        let gone = state.cells(d) - union;
        if gone.is_empty() {
            continue;
        }
        let mut step = Step::new(TechniqueId::TemplateDelete);
        step.eliminate(d, gone);
        step.evidence.digits = DigitSet::single(d);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::TemplateDelete;
    use crate::testkit::{check, check_not_applicable};
    use crate::wings::fixtures::pencil;

    /// Must not fire on an empty grid.
    #[test]
    fn empty_grid() {
        check_not_applicable(TemplateDelete, &pencil("", ""));
    }

    /// Digit 5 only in r1c1 and r1c2 of row 1: every template puts row 1's 5 in box 1, so
    /// no template holds a 5 in rows 2-3 of box 1.
    #[test]
    fn box_taken_by_a_row() {
        let row1: String = (3..=9).map(|c| format!("51{c} ")).collect();
        let s = pencil("", &row1);
        check(TemplateDelete, &s, "r2c1<>5 r2c2<>5 r2c3<>5 r3c1<>5 r3c2<>5 r3c3<>5");
    }
}
