//! XYZ-Wing: a trivalue *pivot* `{x,y,z}` that sees two bivalue *pincers* `{x,z}` and
//! `{y,z}`. If the pivot is `x`, the `{x,z}` pincer is `z`; if it is `y`, the `{y,z}` pincer
//! is `z`; otherwise the pivot itself is `z`. So one of the three cells holds `z`, and no cell
//! that sees all three can.
//!
//! ```text
//!   pivot r2c2 {1,2,3}    pincer r2c8 {1,3} (same row)    pincer r3c1 {2,3} (same box)
//!   => cells seeing all three: r2c1, r2c3 (row 2 inside box 1) lose 3.
//! ```
//!
//! Because the targets must also see the pivot, they always lie in the pivot's box on the
//! line of the pincer outside the box (at most two cells), or nowhere.
//!
//! Rating: HoDoKu score 180 (hard), SE 4.4.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Enumerated instances: every triple (pivot `P`, pincer `A`, pincer `B`) of unsolved cells
//!   where `P` has exactly the three candidates `{x,y,z}`, `A = {x,z}` and `B = {y,z}` have
//!   exactly two each, and `A`, `B` are peers of `P` (they may or may not see each other).
//!   `z` is the digit common to both pincers; `x < y` are the other two pivot digits and `A`
//!   holds `x`, so each triple is enumerated once (for one pivot, each of its three digits
//!   may play `z`).
//! * Eliminations: digit `z` from every cell that is a peer of `P`, `A` and `B` and still has
//!   candidate `z`.
//! * One step per triple with at least one elimination.
//! * Evidence: `digits = {x,y,z}`, `pivot = {P}`, `pincers = {A,B}`, `cells = {P,A,B}`.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, CellSet};
use std::ops::ControlFlow;

/// XYZ-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::XyzWing,
    name: "XYZ-Wing",
    family: Family::Wings,
    hodoku: Hodoku { order: 3400, score: 180, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.4,
    reglib: Reglib::Codes(&["0801"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(16), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: Some(find_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every XYZ-Wing of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find_changed(state, CellSet::ALL, sink)
}

/// The XYZ-Wings with a cell (pivot or pincer) in `changed`, in the order of [`find`]. A
/// wing reads only its three cells' candidates and eliminates where its digit `z` is left,
/// so after a search that found nothing, a wing whose cells did not change eliminates
/// nothing (see [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find_changed(state: &Candidates, changed: CellSet, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    let counts = state.counts();
    let bivalue = counts.exactly(2);
    for pivot in counts.exactly(3) {
        let digits = state.digits_at(pivot);
        let seen = PEERS[pivot.index()];
        let near = bivalue & seen;
        let pivot_changed = changed.contains(pivot);
        if !pivot_changed && !near.intersects(changed) {
            continue;
        }
        for z in digits.iter() {
            let zm = masks[z.index()];
            // Candidate pincers hold z and one other pivot digit; a bivalue cell holding two
            // pivot digits is exactly that pair.
            let near_z = near & zm;
            if near_z.len() < 2 {
                continue;
            }
            let rest = digits.without(z);
            let (Some(x), Some(y)) = (rest.first(), rest.iter().nth(1)) else { continue };
            let xz = near_z & masks[x.index()];
            let yz = near_z & masks[y.index()];
            let reach = zm & seen;
            for a in xz {
                let a_changed = pivot_changed || changed.contains(a);
                for b in yz {
                    if !a_changed && !changed.contains(b) {
                        continue;
                    }
                    let targets = reach & PEERS[a.index()] & PEERS[b.index()];
                    if targets.is_empty() {
                        continue;
                    }
                    let id = TechniqueId::XyzWing;
                    sink.push(super::three_cell_step(id, z, targets, digits, pivot, [a, b]))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{P158, P158_DELETED, pencil};
    use crate::TechniqueId::XyzWing;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// The module example on an otherwise empty grid.
    #[test]
    fn pincers_in_row_and_box() {
        let s = pencil("r2c2=123 r2c8=13 r3c1=23", "");
        let step = check_step(XyzWing, &s, "r2c1<>3 r2c3<>3");
        assert_eq!(step.evidence.digits.to_string(), "123");
        assert_eq!(step.evidence.pivot.to_string(), "r2c2");
        assert_eq!(step.evidence.pincers.to_string(), "r2c8 r3c1");
        check(XyzWing, &s, "r2c1<>3 r2c3<>3");
    }

    /// A real state (magictour_top1465 #158): pivot r5c6 {2,4,6}, pincers r4c4 {2,6} (box 5)
    /// and r8c6 {4,6} (column 6). Cells seeing all three: column 6 inside box 5, where r4c6 is
    /// solved and r6c6 {2,4,6,8} loses 6.
    #[test]
    fn real_state() {
        let s = state(P158, P158_DELETED);
        let step = check_step(XyzWing, &s, "r6c6<>6");
        assert_eq!(step.evidence.pivot.to_string(), "r5c6");
        check(XyzWing, &s, "r6c6<>6");
    }

    /// Must not fire: the pivot made bivalue; a pincer that does not see the pivot; a row +
    /// column layout, where no cell sees the pivot and both pincers.
    #[test]
    fn not_applicable() {
        check_not_applicable(XyzWing, &pencil("r2c2=13 r2c8=13 r3c1=23", ""));
        check_not_applicable(XyzWing, &pencil("r2c2=123 r2c8=13 r4c1=23", ""));
        // The common peers of r2c8 and r5c2 are r2c2 (the pivot) and r5c8, which misses r2c2.
        check_not_applicable(XyzWing, &pencil("r2c2=123 r2c8=13 r5c2=23", ""));
    }
}
