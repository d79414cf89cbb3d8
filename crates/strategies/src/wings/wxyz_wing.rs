//! WXYZ-Wing (also "bent quad"): four cells that together hold exactly four digits, where
//! every digit but one is *restricted*: its cells in the pattern all see one another, so at
//! most one of the four cells can take it. Three restricted digits fill at most three of the
//! four cells, so the remaining cell takes the one *non-restricted* digit `Z`: `Z` is in one
//! of the pattern cells holding `Z`, and every cell that sees all of them loses `Z`.
//!
//! The classic forms are special cases of that one rule:
//!
//! * 4-2-2-2 (narrow form): a stem `{W,X,Y,Z}` and three branches `{W,Z}`, `{X,Z}`, `{Y,Z}`
//!   that see the stem. Targets see the stem and the three branches.
//! * 3-2-2-2 (seed 004): a stem `{W,X,Y}` without `Z`, one branch `{W,Z}` in the stem's box
//!   (off the stem's line) and two branches `{X,Z}`, `{Y,Z}` on the stem's row or column
//!   outside the box. Targets see the three branches only: the cells of the stem's box on
//!   that line and, when the two line branches share a box, the cells of that box on the box
//!   branch's line.
//! * Mixed forms: branches with three candidates, a bivalue stem, or four bivalue cells
//!   `{Z,W}`, `{W,X}`, `{X,Y}`, `{Y,Z}` (a 4-cell XY-chain lying in two houses).
//!
//! ```text
//!   3-2-2-2: stem r1c1 {1,2,3}, branches r2c2 {1,9} (box 1), r1c5 {2,9}, r1c8 {3,9} (row 1)
//!   => 9 is non-restricted (r2c2 does not see r1c5); 1, 2, 3 are restricted (1: r1c1 and
//!      r2c2 share box 1; 2 and 3 share row 1). Cells seeing r2c2, r1c5 and r1c8: r1c2, r1c3
//!      lose 9.
//! ```
//!
//! Rating: not in HoDoKu (bitdoku scores it 200, hard, right after XYZ-Wing); SE 5.5.
//!
//! # Find-all semantics (what an independent engine must reproduce)
//!
//! An instance is a set `S` of four distinct unsolved cells such that:
//!
//! 1. every cell of `S` has 2, 3 or 4 candidates;
//! 2. the union of their candidates is exactly four digits `Q`;
//! 3. minimality: no two cells of `S` hold only two digits in total and no three cells of `S`
//!    hold only three (such a sub-pattern is a naked pair, naked triple, XY-Wing or XYZ-Wing
//!    whose eliminations include those of `S`; this also makes `S` connected);
//! 4. exactly one digit `Z` of `Q` is non-restricted: the cells of `S` holding `Z` do not all
//!    lie in one house; for every other digit the cells of `S` holding it lie in one house
//!    (any of the 27, which is the same as "see one another").
//!
//! No shape rule is needed on top of these: a pattern meeting 1-4 that eliminates anything
//! always lies within the union of two houses (a "bent" quad over a line and a box, a row and
//! a column, or two parallel lines). Minimality makes the cells' visibility graph connected;
//! every connected graph on four cells except the star has a path through all four cells,
//! whose first and last links give the two houses. A star (a stem whose three branches sit in
//! its row, its column and its box and see nothing else) has no target unless exactly two
//! branches hold `Z`; the third branch then holds two of the three other digits, which no
//! other branch may share (branches do not see each other), so both `Z` branches are `{Z,y}`
//! with the same `y`, and `y` would be non-restricted. The soundness test checks the claim on
//! real states.
//!
//! Eliminations: `Z` from every cell that is a peer of all cells of `S` holding `Z` and still
//! has candidate `Z` (never a pattern cell). One step per set `S` with at least one
//! elimination (`Z` is determined by `S`).
//!
//! Evidence: `digits = Q`, `cells = S`, `pivot` = the cells of `S` that see the other three
//! (the stem; empty when no cell does), `pincers = S - pivot` (the branches).
//!
//! Cell-local (see [`Technique::find_changed`](crate::Technique::find_changed)): rules 1-4
//! read only the candidates of the four cells, and removing candidates elsewhere only shrinks
//! the targets. A set none of whose cells changed since a search that found nothing was a
//! pattern then too, with at least today's targets, that is none: [`find_changed`] skips
//! the sets without a changed cell.

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, CellSet, Digit, DigitSet};
use std::ops::ControlFlow;

mod search;

/// WXYZ-Wing's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::WxyzWing,
    name: "WXYZ-Wing",
    family: Family::Wings,
    hodoku: Hodoku { order: 3450, score: 200, level: Level::Hard, choice: HodokuChoice::First },
    se: 5.5,
    reglib: Reglib::NoCases,
    needs_uniqueness: false,
    presets: Presets { singles: false, seeds: Some(17), hodoku: false },
    naive: true,
    find: Some(find),
    find_changed: Some(find_changed),
    digit_local: false,
    cost: Cost::Light,
};

/// Pushes every WXYZ-Wing of `state` (see the module docs for the exact semantics; the
/// search and its pruning are described in `wxyz_wing/search.rs`).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::Search::run(state, CellSet::ALL, sink)
}

/// Pushes the WXYZ-Wings of `state` with a cell of `changed`, in [`find`]'s order: after an
/// empty search, exactly what [`find`] finds (see the module docs, "Cell-local").
pub fn find_changed(state: &Candidates, changed: CellSet, sink: &mut dyn Sink) -> ControlFlow<()> {
    search::Search::run(state, changed, sink)
}

/// Pushes the step of pattern `set` with non-restricted digit `z`, if it eliminates anything.
fn push(
    masks: &[CellSet; 9],
    set: CellSet,
    quad: u16,
    z: usize,
    sink: &mut dyn Sink,
) -> ControlFlow<()> {
    let targets = (set & masks[z]).iter().fold(masks[z], |acc, c| acc & PEERS[c.index()]);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let pivot: CellSet =
        set.iter().filter(|c| (set - CellSet::single(*c)).is_subset(PEERS[c.index()])).collect();
    let mut step = Step::new(TechniqueId::WxyzWing);
    step.eliminate(Digit::new_unchecked(z as u8), targets);
    step.evidence.digits = DigitSet::from_bits(quad);
    step.evidence.cells = set;
    step.evidence.pivot = pivot;
    step.evidence.pincers = set - pivot;
    sink.push(step)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{P158, P158_DELETED, pencil};
    use crate::TechniqueId::WxyzWing;
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// Seed 004's 3-2-2-2 form (the module example) on an otherwise empty grid: stem r1c1
    /// {1,2,3}, branch r2c2 {1,9} in the stem's box, branches r1c5 {2,9}, r1c8 {3,9} on the
    /// stem's row. The targets are the seed's: row 1 inside box 1.
    #[test]
    fn seed_004_stem_with_three() {
        let s = pencil("r1c1=123 r2c2=19 r1c5=29 r1c8=39", "");
        let step = check_step(WxyzWing, &s, "r1c2<>9 r1c3<>9");
        assert_eq!(step.evidence.digits.to_string(), "1239");
        assert_eq!(step.evidence.pivot.to_string(), "r1c1");
        assert_eq!(step.evidence.pincers.to_string(), "r1c5 r1c8 r2c2");
        assert_eq!(step.evidence.cells.len(), 4);
        check(WxyzWing, &s, "r1c2<>9 r1c3<>9");
    }

    /// The same form with both line branches in box 3: besides row 1 inside box 1, the cells
    /// of box 3 on the box branch's row 2 see all three 9s (box 3 + row 2).
    #[test]
    fn line_branches_sharing_a_box() {
        let s = pencil("r1c1=123 r2c2=19 r1c7=29 r1c8=39", "");
        check(WxyzWing, &s, "r1c2<>9 r1c3<>9 r2c7<>9 r2c8<>9 r2c9<>9");
    }

    /// The narrow 4-2-2-2 form: stem r5c5 {1,2,3,9} with branches r4c4 {1,9} (box 5), r5c1
    /// {2,9} and r5c8 {3,9} (row 5). Targets see all four 9s: row 5 inside box 5.
    #[test]
    fn stem_with_four() {
        let s = pencil("r5c5=1239 r4c4=19 r5c1=29 r5c8=39", "");
        let step = check_step(WxyzWing, &s, "r5c4<>9 r5c6<>9");
        assert_eq!(step.evidence.pivot.to_string(), "r5c5");
        check(WxyzWing, &s, "r5c4<>9 r5c6<>9");
    }

    /// Real 3-2-2-2 (magictour_top1465 #295 after singles and locked candidates): stem r5c7
    /// {1,2,3}, branches r6c8 {1,8} (box 6), r7c7 {2,8} and r9c7 {3,8} (column 7, both in box
    /// 9). 8 is non-restricted (r6c8 sees neither r7c7 nor r9c7); 1 (box 6), 2 and 3 (column
    /// 7) are restricted. The cells seeing the three 8s: column 7 inside box 6 (solved) and,
    /// because both line branches sit in box 9, column 8 inside box 9: r7c8 {6,8,9} and r9c8
    /// {3,6,8,9} lose 8 (r8c8 is solved). This is the seed's form with a target it does not
    /// list.
    #[test]
    fn real_stem_with_three() {
        let s = state(
            "+3+5+18+4+6+7+29+2873+1+9+64+56+9+47+2+5..+3+1.85+3+497.....+9+8..+4+943.+675...+1.+4.3....3...145.4....2..1",
            "253",
        );
        check(WxyzWing, &s, "r7c8<>8 r9c8<>8");
    }

    /// Real 4-2-2-2 (magictour_top1465 #69): stem r5c7 {3,5,7,9}, branches r4c7 {3,9} (box
    /// 6), r5c1 {7,9}, r5c4 {5,9} (row 5). Row 5 inside box 6: r5c8 {5,9} loses 9.
    #[test]
    fn real_stem_with_four() {
        let s = state(
            "3+6+98+41+2+7+5+85+4+2+7+36+19....+5.4+3+85..7...8..4..6...+1.......2.2..3....+7....9+71.+2..7.....+3",
            "872 873 892",
        );
        check(WxyzWing, &s, "r5c8<>9");
    }

    /// Four bivalue cells (magictour_top1465 #181): r8c1 {1,3}, r8c4 {2,3}, r8c9 {2,5} on row 8
    /// and r9c8 {1,5} in box 9. 2, 3 (row 8) and 5 (box 9) are restricted, 1 is not: r9c1 and
    /// r9c2 (row 9 inside box 7) lose 1. The pivot is r8c9, the one cell seeing the others.
    #[test]
    fn four_bivalue_cells() {
        let s = state(
            "5+3.7..+9......3.+57...8..5+1.36+2+31+7+94...8..2.+69+7..9..8+2+31...4..3...6..9.+84...2..6+7.9",
            "234 771 772 781 584",
        );
        let step = check_step(WxyzWing, &s, "r9c1<>1 r9c2<>1");
        assert_eq!(step.evidence.pivot.to_string(), "r8c9");
        check(WxyzWing, &s, "r9c1<>1 r9c2<>1");
    }

    /// Three instances of four bivalue cells in one real state (magictour_top1465 #158):
    /// * r1c4 {2,5}, r1c5 {5,8} (row 1), r4c4 {2,6}, r4c8 {6,8} (row 4): 8 (r1c5, r4c8) is
    ///   non-restricted, r1c8 {2,8} sees both and loses 8;
    /// * r1c4 {2,5}, r1c8 {2,8} (row 1), r4c8 {6,8} (column 8), r8c4 {5,6} (column 4): 6
    ///   (r4c8, r8c4) is non-restricted, r4c4 {2,6} loses 6;
    /// * r2c6 {8,9}, r2c7 {6,8} (row 2), r3c6 {2,9} (column 6), r6c7 {2,6} (column 7): 2
    ///   (r3c6, r6c7) is non-restricted, r6c6 {2,4,6,8} loses 2.
    #[test]
    fn several_instances() {
        let s = state(P158, P158_DELETED);
        check_step(WxyzWing, &s, "r1c8<>8");
        check(WxyzWing, &s, "r1c8<>8 r4c4<>6 r6c6<>2");
    }

    /// The order of the steps: by digit quad, then by set in row-major order. In P158 the
    /// first two instances share the quad {2,5,6,8} and differ in their second cell (r1c5
    /// before r1c8); the third has the quad {2,6,8,9}, a larger mask. The search meets the
    /// sets in row-major order across quads, so this checks its sort.
    #[test]
    fn steps_by_quad_then_cells() {
        let s = state(P158, P158_DELETED);
        let mut steps: Vec<crate::Step> = Vec::new();
        let _ = super::find(&s, &mut steps);
        let shown: Vec<String> =
            steps.iter().map(|t| format!("{} {}", t.evidence.digits, t.evidence.cells)).collect();
        assert_eq!(
            shown,
            ["2568 r1c4 r1c5 r4c4 r4c8", "2568 r1c4 r1c8 r4c8 r8c4", "2689 r2c6 r2c7 r3c6 r6c7",]
        );
    }

    /// The search after an empty one: only sets with a changed cell. In P158 nothing changed
    /// near the three instances finds nothing; a change at r1c5 finds the one instance
    /// holding it; every cell changed is the full search.
    #[test]
    fn changed_cells_narrow_the_search() {
        use bitdoku_bitboard::{Cell, CellSet};
        let s = state(P158, P158_DELETED);
        let changed = |cells: &[(usize, usize)]| -> Vec<crate::Step> {
            let set: CellSet = cells.iter().map(|&(r, c)| Cell::from_rc(r, c)).collect();
            let mut steps = Vec::new();
            let _ = super::find_changed(&s, set, &mut steps);
            steps
        };
        assert!(changed(&[(8, 8)]).is_empty());
        let one = changed(&[(0, 4)]);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].evidence.cells.to_string(), "r1c4 r1c5 r4c4 r4c8");
        let mut all = Vec::new();
        let _ = super::find_changed(&s, CellSet::ALL, &mut all);
        let mut full = Vec::new();
        let _ = super::find(&s, &mut full);
        assert_eq!(all, full);
    }

    /// Two parallel rows: r1c1 {1,9}, r1c5 {1,2} and r5c5 {2,3}, r5c2 {3,9} (a 4-cell
    /// XY-chain). 9 (r1c1, r5c2) is the non-restricted digit; column 2 in box 1, column 1 in
    /// box 4 and the corners r1c2, r5c1 see both.
    #[test]
    fn two_rows() {
        let s = pencil("r1c1=19 r1c5=12 r5c5=23 r5c2=39", "");
        let step = check_step(WxyzWing, &s, "r1c2<>9 r2c2<>9 r3c2<>9 r4c1<>9 r5c1<>9 r6c1<>9");
        assert!(step.evidence.pivot.is_empty());
    }

    /// Must not fire:
    /// * the 3-2-2-2 shape with the third branch moved to r4c2 {3,9}: 3 (r1c1, r4c2) is
    ///   non-restricted too, and r1c2 may hold 9 (r1c1 = 3, r4c2 = 3, r2c2 = 1, r1c5 = 2);
    /// * five digits in the four cells;
    /// * a star over three houses (stem r5c5 {1,2,3}, branches r5c1 {1,9} in its row, r1c5
    ///   {2,9} in its column, r4c4 {3,9} in its box): no cell sees the three 9s;
    /// * minimality: the XY-Wing r1c1 {1,2}, r1c7 {1,9}, r2c2 {2,9} plus r1c4 {3,9} has only 9
    ///   non-restricted, but its first three cells hold three digits: the XY-Wing's business.
    #[test]
    fn not_applicable() {
        check_not_applicable(WxyzWing, &pencil("r1c1=123 r2c2=19 r1c5=29 r4c2=39", ""));
        check_not_applicable(WxyzWing, &pencil("r1c1=123 r2c2=19 r1c5=29 r1c8=38", ""));
        check_not_applicable(WxyzWing, &pencil("r5c5=123 r5c1=19 r1c5=29 r4c4=39", ""));
        check_not_applicable(WxyzWing, &pencil("r1c1=12 r1c7=19 r2c2=29 r1c4=39", ""));
    }
}
