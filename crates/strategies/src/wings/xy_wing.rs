//! XY-Wing (also Y-Wing): a bivalue *pivot* `{x,y}` that sees two bivalue *pincers* `{x,z}`
//! and `{y,z}`. Whatever the pivot holds, one pincer is forced to `z` (pivot `x` makes the
//! `{x,z}` pincer `z`, pivot `y` makes the `{y,z}` pincer `z`), so no cell that sees both
//! pincers can hold `z`.
//!
//! ```text
//!   pivot r1c1 {1,2}    pincer r1c7 {1,3} (same row)    pincer r3c2 {2,3} (same box)
//!   => cells seeing r1c7 and r3c2: r3c7..r3c9 (row 3, box 3) and r1c1..r1c3 (row 1, box 1)
//!      lose 3 wherever 3 is still a candidate (the pivot itself has no 3).
//! ```
//!
//! The two layouts the seed articles draw, "row + column" (the pincers sit in the pivot's
//! row and column; the target is the fourth corner of the rectangle) and "line + box" (one
//! pincer in the pivot's box, the other in its row or column outside the box; the targets are
//! the two mini-lines), are both instances of the one rule "cells seeing both pincers".
//!
//! Rating: HoDoKu score 160 (hard), SE 4.2.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! * Enumerated instances: every triple (pivot `P`, pincer `A`, pincer `B`) of unsolved
//!   cells with exactly two candidates each, where `P = {x,y}`, `A = {x,z}`, `B = {y,z}`
//!   with `x`, `y`, `z` three distinct digits, `A` and `B` both peers of `P`. The pincers may
//!   or may not see each other. `x < y` are the pivot's digits, so `A` is the pincer holding
//!   the pivot's lower digit: each triple is enumerated once.
//! * Eliminations: digit `z` from every cell that is a peer of both `A` and `B` and still has
//!   candidate `z` (the pivot never has `z`; the pincers are not their own peers).
//! * One step per triple with at least one elimination; triples sharing pincers but with
//!   different pivots are separate steps.
//! * Evidence: `digits = {x,y,z}`, `pivot = {P}`, `pincers = {A,B}`, `cells = {P,A,B}`.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

/// XY-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::XyWing,
    name: "XY-Wing",
    family: Family::Wings,
    hodoku: Hodoku { order: 3300, score: 160, level: Level::Hard, choice: HodokuChoice::Ranked },
    se: 4.2,
    reglib: Reglib::Codes(&["0800"]),
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(15), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: Some(find_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every XY-Wing of `state` (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    find_changed(state, CellSet::ALL, sink)
}

/// The XY-Wings with a cell (pivot or pincer) in `changed`, in the order of [`find`]. A wing
/// reads only its three cells' candidates and eliminates where its third digit is left, so
/// after a search that found nothing, a wing whose cells did not change eliminates nothing
/// (see [`Technique::find_changed`](crate::Technique::find_changed)).
pub fn find_changed(state: &Candidates, changed: CellSet, sink: &mut dyn Sink) -> ControlFlow<()> {
    let masks = state.masks();
    let bivalue = state.counts().exactly(2);
    for pivot in bivalue {
        let pair = state.digits_at(pivot);
        let (Some(x), Some(y)) = (pair.first(), pair.iter().nth(1)) else { continue };
        // Bivalue peers of the pivot holding x (resp. y) but not both: candidate pincers.
        let near = bivalue & PEERS[pivot.index()];
        let near_x = (near & masks[x.index()]) - masks[y.index()];
        let near_y = (near & masks[y.index()]) - masks[x.index()];
        let pivot_changed = changed.contains(pivot);
        if near_x.is_empty()
            || near_y.is_empty()
            || !pivot_changed && !(near_x | near_y).intersects(changed)
        {
            continue;
        }
        for z in Digit::all() {
            let zm = masks[z.index()];
            // A bivalue cell holding x and z is exactly {x,z}.
            let xz = near_x & zm;
            let yz = near_y & zm;
            for a in xz {
                let a_changed = pivot_changed || changed.contains(a);
                for b in yz {
                    if !a_changed && !changed.contains(b) {
                        continue;
                    }
                    let targets = zm & PEERS[a.index()] & PEERS[b.index()];
                    if targets.is_empty() {
                        continue;
                    }
                    let digits = DigitSet::single(x).with(y).with(z);
                    let id = TechniqueId::XyWing;
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
    use crate::TechniqueId::XyWing;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// The module example on an otherwise empty grid: line + box layout, six targets.
    #[test]
    fn line_and_box_layout() {
        let s = pencil("r1c1=12 r1c7=13 r3c2=23", "");
        let step = check_step(XyWing, &s, "r1c2<>3 r1c3<>3 r3c7<>3 r3c8<>3 r3c9<>3");
        assert_eq!(step.evidence.digits.to_string(), "123");
        assert_eq!(step.evidence.pivot.to_string(), "r1c1");
        assert_eq!(step.evidence.pincers.to_string(), "r1c7 r3c2");
        assert_eq!(step.evidence.cells.len(), 3);
        check(XyWing, &s, "r1c2<>3 r1c3<>3 r3c7<>3 r3c8<>3 r3c9<>3");
    }

    /// Seed 002's worked example, reconstructed from the article's puzzle and its printed
    /// candidates: pivot r4c1 {4,6}, pincers r5c3 {4,7} (box 4) and r4c7 {6,7} (row 4). Cells
    /// seeing both pincers are row 5 inside box 6 and row 4 inside box 4; only r5c9 still has
    /// a 7. The article stops at its first find; find-all also reports three more wings:
    /// pivot r3c9 {4,6} with r3c3 {4,7}, r5c9 {6,7} (row + column: the corner r5c3 loses 7),
    /// pivot r5c3 {4,7} with r4c1 {4,6}, r5c9 {6,7} (line + box: r4c7 loses 6), pivot r5c9
    /// {6,7} with r3c9 {4,6}, r5c3 {4,7} (row + column: the corner r3c3 loses 4).
    #[test]
    fn seed_002_worked_example() {
        let s = state(
            "+592.46.83.38....2.+1..3..5+9..23.9..1891....35.8.5.31249786...435341857+9+62259463871",
            "124 724 735 739",
        );
        let step = check_step(XyWing, &s, "r5c9<>7");
        assert_eq!(step.evidence.pivot.to_string(), "r4c1");
        assert_eq!(step.evidence.pincers.to_string(), "r4c7 r5c3");
        check(XyWing, &s, "r5c9<>7 r5c3<>7 r4c7<>6 r3c3<>4");
    }

    /// Seed 001's row + column layout on a real state (magictour_top1465 #181 after singles
    /// and locked candidates): pivot r5c1 {1,4}, pincers r5c6 {3,4} in its row and r8c1 {1,3}
    /// in its column. The only cell seeing both pincers, besides the pivot, is the fourth
    /// corner r8c6 {1,2,3,7}.
    #[test]
    fn seed_001_row_and_column_layout() {
        let s = state(
            "5+3.7..+9......3.+57...8..5+1.36+2+31+7+94...8..2.+69+7..9..8+2+31...4..3...6..9.+84...2..6+7.9",
            "234 771 772 781 584",
        );
        check(XyWing, &s, "r8c6<>3");
    }

    /// Another row + column wing (magictour_top1465 #158): pivot r4c8 {6,8}, pincers r1c8
    /// {2,8} and r4c4 {2,6}; the corner r1c4 {2,5} loses 2.
    #[test]
    fn row_and_column_corner() {
        let s = state(P158, P158_DELETED);
        check(XyWing, &s, "r1c4<>2");
    }

    /// Must not fire: r5c2 {2,3} does not see the pivot r1c1 {1,2}, and no other cell can
    /// pivot (r1c5 {1,3} sees r1c1 but not r5c2).
    #[test]
    fn pincer_must_see_the_pivot() {
        check_not_applicable(XyWing, &pencil("r1c1=12 r1c5=13 r5c2=23", ""));
    }

    /// Must not fire: the pincers share no digit outside the pivot ({1,3} and {2,4}).
    #[test]
    fn pincers_must_share_z() {
        check_not_applicable(XyWing, &pencil("r1c1=12 r1c7=13 r3c2=24", ""));
    }

    /// Must not fire: a pincer with three candidates is not an XY-Wing pincer.
    #[test]
    fn pincers_must_be_bivalue() {
        check_not_applicable(XyWing, &pencil("r1c1=12 r1c7=134 r3c2=23", ""));
    }
}
