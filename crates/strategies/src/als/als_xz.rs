//! ALS-XZ: two almost locked sets A and B with a restricted common x. At most one of them
//! holds x, so the other is locked: for every other digit z they share, A or B holds z, and
//! every cell that sees all z-cells of both loses z. When A and B share two restricted
//! commons (doubly linked), A ∪ B holds each of them exactly once and both ALSs become
//! locked sets: cells outside them that see all x-cells of A ∪ B lose x, and for every
//! non-common digit d of A, cells outside A ∪ B that see all d-cells of A lose d (same for B).
//!
//! ```text
//!   ALS-XZ: (r2c1 r2c5 {147}) -4- (r6c5 {47}), z 7 => r2c6<>7
//! ```
//!
//! Rating: HoDoKu score 300 (unfair), SE 7.5.
//!
//! # Find-all semantics
//!
//! One step per pair of disjoint ALSs (see [`super::sets`]) with at least one restricted
//! common and a non-empty elimination set, in HoDoKu's order (pairs by ALS index): the
//! singly-linked eliminations for each restricted common x (every shared digit z != x), plus,
//! for a doubly-linked pair, the locked-set eliminations above. Evidence: the two ALSs (A's
//! links are the restricted commons), the eliminated digits.

use super::sets::AlsLayer;
use super::{als_step, common_eliminations, is_empty};
use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, DigitSet};
use std::ops::ControlFlow;

/// ALS-XZ's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::AlsXz,
    name: "ALS-XZ",
    family: Family::Als,
    hodoku: Hodoku { order: 5700, score: 300, level: Level::Unfair, choice: HodokuChoice::First },
    se: 7.5,
    reglib: Reglib::Codes(&["0901"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: None, hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Wide,
};

/// Pushes every ALS-XZ of `state` (disjoint ALSs; see the module docs).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(&AlsLayer::for_state(state), sink)
}

/// The same with overlapping ALSs allowed.
pub fn find_overlapping(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search(&AlsLayer::build(state, true), sink)
}

fn search(layer: &AlsLayer, sink: &mut dyn Sink) -> ControlFlow<()> {
    for rcc in &layer.rccs {
        let a = &layer.alses[usize::from(rcc.a)];
        let b = &layer.alses[usize::from(rcc.b)];
        let shared = DigitSet::from_bits(a.digits.bits() & b.digits.bits());
        let mut elims = [CellSet::EMPTY; 9];
        for x in rcc.digits.iter() {
            let e = common_eliminations(a, b, shared.without(x));
            for d in 0..9 {
                elims[d] |= e[d];
            }
        }
        if rcc.digits.len() == 2 {
            for (me, other) in [(a, b), (b, a)] {
                let rest = DigitSet::from_bits(me.digits.bits() & !rcc.digits.bits());
                for d in rest.iter() {
                    let i = d.index();
                    elims[i] |= me.seen[i] - other.cells;
                }
            }
        }
        if is_empty(&elims) {
            continue;
        }
        let step = als_step(TechniqueId::AlsXz, elims, &[(a, rcc.digits), (b, DigitSet::EMPTY)]);
        sink.push(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::pencil;
    use crate::TechniqueId::AlsXz;
    use crate::testkit::{check_not_applicable, check_step};
    use bitdoku_bitboard::{Cell, CellSet};

    /// A = r1c1 {1,2}; B = r5c1 {1,3} + r5c5 {2,3} (row 5, digits 123). Restricted common 1:
    /// the 1s are r1c1 and r5c1, in column 1. Shared digit 2: A's 2 is r1c1, B's is r5c5, and
    /// r1c5 sees both.
    #[test]
    fn singly_linked() {
        let s = pencil("r1c1=12 r5c1=13 r5c5=23", "");
        check_step(AlsXz, &s, "r1c5<>2");
    }

    /// With B = r5c1 {1,3} + r5c5 {3,4} the pair shares only its restricted common: no step
    /// uses these two ALSs.
    #[test]
    fn no_second_common_digit() {
        let s = pencil("r1c1=12 r5c1=13 r5c5=34", "");
        let a = CellSet::single(Cell::from_rc(0, 0));
        let b: CellSet = [Cell::from_rc(4, 0), Cell::from_rc(4, 4)].into_iter().collect();
        for st in crate::registry::find_all(AlsXz, &s) {
            let sets: Vec<CellSet> = st.evidence.als.entries().iter().map(|e| e.cells()).collect();
            assert!(sets != [a, b] && sets != [b, a], "{}", st.explain());
        }
    }

    /// A solved grid has no ALS.
    #[test]
    fn none_on_a_solved_grid() {
        let s = crate::testkit::state(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            "",
        );
        check_not_applicable(AlsXz, &s);
    }
}
