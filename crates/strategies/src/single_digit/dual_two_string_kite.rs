//! Dual two-string kite: two two-string kites joined in the same two box cells, reported as
//! one step with both eliminations (HoDoKu's "Dual 2-String Kite", found with
//! its option "allow duals and Siamese").
//!
//! Two cells `b1`, `b2` of one box, in different rows and columns, where digit `d` has
//! exactly two candidates in the row and in the column of each: the row link of `b1` and the
//! column link of `b2` form one kite, the row link of `b2` and the column link of `b1`
//! another. Each eliminates `d` where its free ends meet.
//!
//! ```text
//!   digit 3            c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r1                 .  .  .  | B  .  . | .  .  F      B, F: the only 3s of row 1
//!   r2                 .  .  .  | .  .  A | .  E  .      A, E: the only 3s of row 2
//!   r7                 .  .  .  | .  .  G | .  3  X      A, G: the only 3s of column 6
//!   r8                 3  .  .  | H  .  . | .  Y  .      B, H: the only 3s of column 4
//! ```
//! Kite (row 1, column 6): F or G is 3, so X = r7c9 loses 3; kite (row 2, column 4): E or H
//! is 3, so Y = r8c8 loses 3. One step: r7c9<>3, r8c8<>3.
//!
//! HoDoKu: no step configuration of its own (it takes the kite's: order 3100, score 150,
//! hard); off by default. bitdoku places it at 3099, before the kite, as HoDoKu sorts duals
//! first when the option is on. SE rating as the kite (4.1).
//!
//! # Find-all semantics (exact)
//! Take the steps of [`super::two_string_kite::find`] in its push order. For each pair of
//! them (`i < j`) with the same two box cells (a kite's `cells` minus its `pincers`) and
//! different eliminations: one step eliminating both kites' eliminations. As in HoDoKu, the
//! two kites may be of different digits (two digits with kites through the same two cells:
//! two of HoDoKu's 0404 cases are such pairs); each elimination is a kite's own, so the
//! union is sound. Evidence: `digits` = the kites' digits, `cells`, `pincers` and `base` =
//! the unions of the two kites' (the box cells, the four free ends, two rows and two
//! columns).

use super::two_string_kite;
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use std::ops::ControlFlow;

/// Dual Two-String Kite's registry row (see [`Technique`]).
///
/// HoDoKu 2.2.0 has no step configuration of its own for the duals: it maps them to the
/// kite's (order 3100, score 150, hard) and finds them only with the option "allow duals and
/// Siamese", off by default (so not in the `hodoku` preset). With that option on, its kite
/// search sorts every dual before the single patterns, so the dual's order is just before the
/// kite's (3099): in the `all` preset a dual fires before the two kites it joins.
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::DualTwoStringKite,
    name: "Dual Two-String Kite",
    family: Family::SingleDigit,
    hodoku: Hodoku { order: 3099, score: 150, level: Level::Hard, choice: HodokuChoice::First },
    se: 4.1,
    reglib: Reglib::Codes(&["0404"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: true,
    cost: Cost::Light,
};

/// Finds every dual two-string kite (see the module doc for the exact semantics).
pub fn find(state: &bitdoku_bitboard::Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let mut kites: Vec<Step> = Vec::new();
    let _ = two_string_kite::find(state, &mut kites);
    for (i, a) in kites.iter().enumerate() {
        let joint = a.evidence.cells - a.evidence.pincers;
        for b in &kites[i + 1..] {
            if b.evidence.cells - b.evidence.pincers != joint || b.eliminations == a.eliminations {
                continue;
            }
            sink.push(super::dual_of(TechniqueId::DualTwoStringKite, a, b))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::picture;
    use crate::TechniqueId::{DualTwoStringKite, TwoStringKite};
    use crate::testkit::{check, check_not_applicable, check_step};

    /// The module-doc example (r5c9 and r8c1 keep column 9 and row 8 from being links).
    const DOC: &str = "
        ... 3.. ..3
        ... ..3 .3.
        ... ... ...
        ... ... ...
        ... ... ..3
        ... ... ...
        ... ..3 .33
        3.. 3.. .3.
        ... ... ...";

    #[test]
    fn two_kites_in_the_same_box_cells() {
        let s = picture::state(3, DOC);
        check(TwoStringKite, &s, "r7c9<>3 r8c8<>3");
        let step = check_step(DualTwoStringKite, &s, "r7c9<>3 r8c8<>3");
        assert_eq!(step.evidence.cells.to_string(), "r1c4 r1c9 r2c6 r2c8 r7c6 r8c4");
        assert_eq!(step.evidence.pincers.to_string(), "r1c9 r2c8 r7c6 r8c4");
        assert_eq!(step.evidence.base.to_string(), "r1 r2 c4 c6");
        check(DualTwoStringKite, &s, "r7c9<>3 r8c8<>3");
    }

    #[test]
    fn one_kite_alone_is_no_dual() {
        // Without r7c9 the first kite eliminates nothing.
        let s = picture::state(3, &DOC.replacen("... ..3 .33", "... ..3 .3.", 1));
        check(TwoStringKite, &s, "r8c8<>3");
        check_not_applicable(DualTwoStringKite, &s);
    }
}
