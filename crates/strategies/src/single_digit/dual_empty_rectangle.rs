//! Dual empty rectangle: two empty rectangles of one digit in the same box with different
//! eliminations, reported as one step (HoDoKu's "Dual Empty Rectangle", found with its
//! option "allow duals and Siamese").
//!
//! The box's candidates of digit `d` lie on one row and one column of the box; a strong link
//! crossing each arm (or two links crossing one arm) gives two targets at once.
//!
//! ```text
//!   digit 5            c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r1                 .  5  .  | .  .  . | .  .  .
//!   r2                 5  .  5  | .  .  . | x  .  t      box 1: cross of row 2 and column 2
//!   r3                 .  5  .  | .  .  . | .  .  .
//!   r5                 .  u  .  | .  .  . | .  .  v      u = v: the only 5s of row 5
//!   r8                 .  s  .  | .  5  . | y  .  .      x = y: the only 5s of column 7
//! ```
//! The column link x = y crosses the row arm: s = r8c2 loses 5. The row link u = v crosses
//! the column arm: t = r2c9 loses 5. One step: r2c9<>5, r8c2<>5.
//!
//! HoDoKu: no step configuration of its own (it takes the empty rectangle's: order 3170,
//! score 120, hard); off by default. bitdoku places it at 3169, before the empty rectangle,
//! as HoDoKu sorts duals first when the option is on. SE rating as the ER (4.2).
//!
//! # Find-all semantics (exact)
//! Take the steps of [`super::empty_rectangle::find`] in its push order (boxes with only two
//! candidates included, as there: HoDoKu's tester turns that option on for these cases).
//! For each pair of them (`i < j`) with the same digit, the same box and different
//! eliminations: one step eliminating both ERs' eliminations. Evidence: `digits` = the
//! digit, `cells`, `pincers` and `base` = the unions of the two ERs' (the box, and the one or
//! two lines of the strong links).

use super::empty_rectangle;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{HouseKind, HouseSet};
use std::ops::ControlFlow;

/// The box of an empty rectangle step (in its `base`).
fn box_of(step: &Step) -> HouseSet {
    step.evidence.base.iter().filter(|h| h.kind() == HouseKind::Box).collect()
}

/// Dual Empty Rectangle's registry row (see [`Technique`]).
///
/// HoDoKu 2.2.0 has no step configuration of its own for the duals: it maps them to the empty
/// rectangle's (order 3170, score 120, hard) and finds them only with the option "allow duals
/// and Siamese", off by default (so not in the `hodoku` preset). With that option on, its ER
/// search sorts every dual before the single patterns, so the dual's order is just before the
/// empty rectangle's (3169): in the `all` preset a dual fires before the two patterns it joins.
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::DualEmptyRectangle,
    name: "Dual Empty Rectangle",
    family: Family::SingleDigit,
    hodoku: Hodoku { order: 3169, score: 120, level: Level::Hard, choice: HodokuChoice::First },
    se: 4.2,
    reglib: Reglib::Codes(&["0405"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every dual empty rectangle (see the module doc for the exact semantics).
pub fn find(state: &bitdoku_bitboard::Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let mut ers: Vec<Step> = Vec::new();
    let _ = empty_rectangle::find(state, &mut ers);
    for (i, a) in ers.iter().enumerate() {
        for b in &ers[i + 1..] {
            if b.evidence.digits != a.evidence.digits
                || box_of(b) != box_of(a)
                || b.eliminations == a.eliminations
            {
                continue;
            }
            sink.push(super::dual_of(TechniqueId::DualEmptyRectangle, a, b))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::picture;
    use crate::TechniqueId::{DualEmptyRectangle, EmptyRectangle};
    use crate::testkit::{check, check_not_applicable, check_step};

    /// The module-doc example (r4c9 and r8c5 keep column 9 and row 8 from being links).
    const DOC: &str = "
        .5. ... ...
        5.5 ... 5.5
        .5. ... ...
        ... ... ..5
        .5. ... ..5
        ... ... ...
        ... ... ...
        .5. .5. 5..
        ... ... ...";

    #[test]
    fn two_links_on_the_two_arms() {
        let s = picture::state(5, DOC);
        check(EmptyRectangle, &s, "r8c2<>5 r2c9<>5");
        let step = check_step(DualEmptyRectangle, &s, "r8c2<>5 r2c9<>5");
        assert_eq!(step.evidence.base.to_string(), "r5 c7 b1");
        check(DualEmptyRectangle, &s, "r8c2<>5 r2c9<>5");
    }

    #[test]
    fn one_rectangle_is_no_dual() {
        let s = picture::state(5, &DOC.replacen("5.5 ... 5.5", "5.5 ... 5..", 1));
        check(EmptyRectangle, &s, "r8c2<>5");
        check_not_applicable(DualEmptyRectangle, &s);
    }
}
