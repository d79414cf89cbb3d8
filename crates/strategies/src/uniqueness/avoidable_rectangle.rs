//! Avoidable rectangles: the deadly pattern among cells that were *solved* (not given).
//!
//! **Valid only for puzzles with exactly one solution** (the engine checks; these functions
//! assume it), and only because the solved cells are not givens: swapping `a` and `b` in four
//! non-given cells of a two-box rectangle turns one solution into another, so the solution has
//! no such pattern, whether its corners are already solved or not. Rectangles with a given
//! corner never qualify.
//!
//! **Type 1.** Three corners are solved non-givens: the two next to the fourth corner D (in
//! its row and its column) hold the same digit `b`, the corner opposite D holds `a`. D = `a`
//! would complete the pattern, so D loses `a`.
//! Example: r1c1 = +1, r1c4 = +2, r2c1 = +2 (all placed, none given) => r2c4<>1.
//!
//! **Type 2.** Two corners sharing a row or column are solved non-givens, S1 = `a` and
//! S2 = `b`; the corner across from S1 (same column, or row, as S1) is U1 = `{b, x}`, the one
//! across from S2 is U2 = `{a, x}` (exactly these candidates). U1 = `b` and U2 = `a` would be
//! the pattern, so one of them is `x`: `x` goes from every cell that sees both.
//! Example: r1c1 = +1, r1c4 = +2, r2c1 = `{2,3}`, r2c4 = `{1,3}` => 3 goes from the rest of
//! row 2.
//!
//! **Rating.** HoDoKu order 4020 / 4030, score 100 (hard); SE 4.5 / 4.6.
//!
//! **Find-all semantics.** Rectangles are four cells in two rows, two columns and exactly two
//! boxes; "solved" means placed and not in `state.fixed()`: the givens of an 81-character
//! puzzle, and every cell of a 729-character candidate grid, which does not record which cells
//! were open (so avoidable rectangles never fire on candidate-grid input).
//! - Type 1: for every digit `b` and unsolved cell D: let P = the solved non-given cell of D's
//!   row holding `b` and Q = the one of D's column holding `b` (if both exist); if P, Q, D and
//!   O = (Q's row, P's column) form a two-box rectangle and O is a solved non-given holding `a`,
//!   and D holds `a`: one step eliminating `a` from D. HoDoKu also asks D to be bivalue;
//!   that restriction is dropped here (the argument does not need it).
//! - Type 2: for every two solved non-given cells S1, S2 in one row (or one column), S1 before
//!   S2, values `a` and `b`, and every other row (column) giving a two-box rectangle, with U1
//!   across from S1 and U2 across from S2 both unsolved: when U1's candidates are exactly
//!   `{b, x}` and U2's exactly `{a, x}` for one digit `x`, one step eliminating `x` from every
//!   cell that sees both U1 and U2 and holds `x` (none: no step). HoDoKu only takes S1, S2 in
//!   one box; here they may also be in one line across the two boxes (same argument).
//! - `evidence.digits` = `{a, b}`, `evidence.cells` = the four corners (type 2:
//!   `evidence.fins` = U1 and U2).

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, Step, TechniqueId};
use bitdoku_bitboard::{Candidates, Cell, CellSet, Digit, DigitSet, tables};
use std::ops::ControlFlow;

/// Whether four cells are the corners of a rectangle spanning exactly two boxes.
fn two_box_rectangle(cells: CellSet) -> bool {
    cells.len() == 4
        && cells.rows().count_ones() == 2
        && cells.cols().count_ones() == 2
        && cells.boxes().count_ones() == 2
}

fn step(id: TechniqueId, a: Digit, b: Digit, cells: CellSet) -> Step {
    let mut step = Step::new(id);
    step.evidence.digits = DigitSet::single(a).with(b);
    step.evidence.cells = cells;
    step
}

/// Avoidable Rectangle Type 1's registry row (see [`Technique`]).
pub(crate) const ROW_TYPE_1: Technique = Technique {
    id: TechniqueId::AvoidableRectangle1,
    name: "Avoidable Rectangle Type 1",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 4020, score: 100, level: Level::Hard, choice: HodokuChoice::Replaced },
    se: 4.5,
    reglib: Reglib::Codes(&["0607"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: Some(18), hodoku: true },
    naive: true,
    find: Some(find_type_1),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every avoidable rectangle type 1 (see the module docs for the exact semantics).
pub fn find_type_1(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let solved = state.solved() - state.fixed();
    if solved.len() < 3 {
        return ControlFlow::Continue(());
    }
    let values = state.values();
    let unsolved = state.unsolved();
    for b in Digit::all() {
        let mine = state.placed(b) & solved;
        if mine.len() < 2 {
            continue;
        }
        // D must share a row with one solved `b` and a column with another.
        let (mut rows, mut cols) = (CellSet::EMPTY, CellSet::EMPTY);
        for cell in mine {
            rows |= tables::HOUSES[cell.row()];
            cols |= tables::HOUSES[9 + cell.col()];
        }
        for d in unsolved & rows & cols {
            let (Some(p), Some(q)) = (
                (mine & tables::HOUSES[d.row()]).first(),
                (mine & tables::HOUSES[9 + d.col()]).first(),
            ) else {
                continue;
            };
            let o = Cell::from_rc(q.row(), p.col());
            let corners = CellSet::single(d).with(p).with(q).with(o);
            if !solved.contains(o) || !two_box_rectangle(corners) {
                continue;
            }
            let a = Digit::new_unchecked(values[o.index()] - 1);
            if !state.has(d, a) {
                continue;
            }
            let mut s = step(TechniqueId::AvoidableRectangle1, a.min(b), a.max(b), corners);
            s.eliminate(a, CellSet::single(d));
            sink.push(s)?;
        }
    }
    ControlFlow::Continue(())
}

/// Avoidable Rectangle Type 2's registry row (see [`Technique`]).
pub(crate) const ROW_TYPE_2: Technique = Technique {
    id: TechniqueId::AvoidableRectangle2,
    name: "Avoidable Rectangle Type 2",
    family: Family::Uniqueness,
    hodoku: Hodoku { order: 4030, score: 100, level: Level::Hard, choice: HodokuChoice::Replaced },
    se: 4.6,
    reglib: Reglib::Codes(&["0608"]),
    needs_uniqueness: true,
    presets: Presets { singles: false, seeds: Some(19), hodoku: true },
    naive: true,
    find: Some(find_type_2),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every avoidable rectangle type 2 (see the module docs for the exact semantics).
pub fn find_type_2(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let solved = state.solved() - state.fixed();
    if solved.len() < 2 {
        return ControlFlow::Continue(());
    }
    let bivalue = state.counts().exactly(2);
    if bivalue.len() < 2 {
        return ControlFlow::Continue(());
    }
    // Per row and per column, the positions of its bivalue cells (bit k = the k-th cell).
    let mut in_row = [0u16; 9];
    let mut in_col = [0u16; 9];
    for k in 0..9 {
        in_row[k] = (bivalue.bits() >> (9 * k)) as u16 & 0x1ff;
        in_col[k] = bivalue.column_mask(k);
    }
    let band = |i: usize| 0b111u16 << (i / 3 * 3);
    for line in 0..18 {
        let mine = solved & tables::HOUSES[line];
        if mine.len() < 2 {
            continue;
        }
        for s1 in mine {
            for s2 in mine - CellSet::single(s1) {
                if s2.index() < s1.index() {
                    continue;
                }
                // The other lines where both corners across from S1 and S2 are bivalue, and
                // the four corners span two boxes: the other line in the same band (stack)
                // when S1 and S2 lie in two boxes, in another one when they share a box.
                let (here, p1, p2) = if line < 9 {
                    (line, s1.col(), s2.col())
                } else {
                    (line - 9, s1.row(), s2.row())
                };
                let across = if line < 9 { &in_col } else { &in_row };
                let same_box = p1 / 3 == p2 / 3;
                let others = across[p1] & across[p2] & !(1 << here);
                let mut others = if same_box { others & !band(here) } else { others & band(here) };
                if others == 0 {
                    continue;
                }
                let a = state.value(s1).expect("a solved cell");
                let b = state.value(s2).expect("a solved cell");
                while others != 0 {
                    let other = others.trailing_zeros() as usize;
                    others &= others - 1;
                    // Rows: `line` < 9 and the rectangle's other row is `other`; columns likewise.
                    let (u1, u2) = if line < 9 {
                        (Cell::from_rc(other, s1.col()), Cell::from_rc(other, s2.col()))
                    } else {
                        (Cell::from_rc(s1.row(), other), Cell::from_rc(s2.row(), other))
                    };
                    let corners = CellSet::single(s1).with(s2).with(u1).with(u2);
                    debug_assert!(two_box_rectangle(corners));
                    let (d1, d2) = (state.digits_at(u1), state.digits_at(u2));
                    if !d1.contains(b) || !d2.contains(a) || d1.without(b) != d2.without(a) {
                        continue;
                    }
                    let Some(x) = d1.without(b).first() else { continue };
                    let targets = CellSet::single(u1).with(u2).common_peers() & state.cells(x);
                    if targets.is_empty() {
                        continue;
                    }
                    let mut s = step(TechniqueId::AvoidableRectangle2, a.min(b), a.max(b), corners);
                    s.eliminate(x, targets);
                    s.evidence.fins = CellSet::single(u1).with(u2);
                    sink.push(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::unique_rectangle::testing::restrict;
    use crate::TechniqueId::{AvoidableRectangle1, AvoidableRectangle2};
    use crate::testkit::{check, check_not_applicable, check_step, state};

    /// An otherwise empty givens line with these cells filled (`+d` placed, `d` given).
    fn line(cells: &[(&str, &str)]) -> String {
        let mut out: Vec<String> = vec![".".to_string(); 81];
        for (cell, v) in cells {
            let b = cell.as_bytes();
            out[(b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize] = v.to_string();
        }
        out.concat()
    }

    #[test]
    fn type_1_three_solved_corners() {
        let s = state(&line(&[("r1c1", "+1"), ("r1c4", "+2"), ("r2c1", "+2")]), "");
        let step = check_step(AvoidableRectangle1, &s, "r2c4<>1");
        assert_eq!(step.evidence.digits.to_string(), "12");
        assert_eq!(step.evidence.cells.to_string(), "r1c1 r1c4 r2c1 r2c4");
        check(AvoidableRectangle1, &s, "r2c4<>1");
    }

    #[test]
    fn type_1_must_not_fire() {
        // r1c1 is a given.
        let s = state(&line(&[("r1c1", "1"), ("r1c4", "+2"), ("r2c1", "+2")]), "");
        check_not_applicable(AvoidableRectangle1, &s);
        // All three are givens.
        let s = state(&line(&[("r1c1", "1"), ("r1c4", "2"), ("r2c1", "2")]), "");
        check_not_applicable(AvoidableRectangle1, &s);
        // Four boxes: rows 1/5, columns 1/5.
        let s = state(&line(&[("r1c1", "+1"), ("r1c5", "+2"), ("r5c1", "+2")]), "");
        check_not_applicable(AvoidableRectangle1, &s);
        // (A one-box rectangle cannot hold `b` in the two corners next to D.)
    }

    #[test]
    fn type_2_solved_pair_in_one_box() {
        // HoDoKu's layout: r1c1 = +1 and r2c1 = +2 share box 1; r1c4 = {2,3}, r2c4 = {1,3}.
        let s = state(&line(&[("r1c1", "+1"), ("r2c1", "+2")]), "");
        let s = restrict(s, "r1c4:23 r2c4:13");
        check(
            AvoidableRectangle2,
            &s,
            "r3c4<>3 r4c4<>3 r5c4<>3 r6c4<>3 r7c4<>3 r8c4<>3 r9c4<>3 r1c5<>3 r1c6<>3 r2c5<>3 r2c6<>3 r3c5<>3 r3c6<>3",
        );
    }

    #[test]
    fn type_2_solved_pair_across_the_boxes() {
        // r1c1 = +1 and r1c4 = +2 share row 1 only; r2c1 = {2,3}, r2c4 = {1,3}.
        let s = state(&line(&[("r1c1", "+1"), ("r1c4", "+2")]), "");
        let s = restrict(s, "r2c1:23 r2c4:13");
        check(AvoidableRectangle2, &s, "r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c7<>3 r2c8<>3 r2c9<>3");
    }

    #[test]
    fn type_2_must_not_fire() {
        // A given corner.
        let s = restrict(state(&line(&[("r1c1", "1"), ("r1c4", "+2")]), ""), "r2c1:23 r2c4:13");
        check_not_applicable(AvoidableRectangle2, &s);
        // Different extra digits.
        let s = restrict(state(&line(&[("r1c1", "+1"), ("r1c4", "+2")]), ""), "r2c1:23 r2c4:14");
        check_not_applicable(AvoidableRectangle2, &s);
        // Four boxes.
        let s = restrict(state(&line(&[("r1c1", "+1"), ("r1c5", "+2")]), ""), "r5c1:23 r5c5:13");
        check_not_applicable(AvoidableRectangle2, &s);
    }
}

/// Type 2 checked against a scan of every rectangle, along solve paths of corpus puzzles.
#[cfg(test)]
mod scan_tests {
    use super::*;

    /// Every line, pair of solved non-given cells S1 < S2 in it, and other line, in that
    /// order: the rule of the module docs read literally.
    fn scan_type_2(state: &Candidates) -> Vec<Step> {
        let solved = state.solved() - state.fixed();
        let bivalue = state.counts().exactly(2);
        let mut out = Vec::new();
        for line in 0..18 {
            let mine = solved & tables::HOUSES[line];
            for s1 in mine {
                for s2 in mine.iter().filter(|s2| s2.index() > s1.index()) {
                    let (a, b) = (state.value(s1).unwrap(), state.value(s2).unwrap());
                    for other in 0..9 {
                        let (u1, u2) = if line < 9 {
                            (Cell::from_rc(other, s1.col()), Cell::from_rc(other, s2.col()))
                        } else {
                            (Cell::from_rc(s1.row(), other), Cell::from_rc(s2.row(), other))
                        };
                        let corners = CellSet::single(s1).with(s2).with(u1).with(u2);
                        if !bivalue.contains(u1)
                            || !bivalue.contains(u2)
                            || !two_box_rectangle(corners)
                        {
                            continue;
                        }
                        let (d1, d2) = (state.digits_at(u1), state.digits_at(u2));
                        if !d1.contains(b) || !d2.contains(a) || d1.without(b) != d2.without(a) {
                            continue;
                        }
                        let Some(x) = d1.without(b).first() else { continue };
                        let targets = CellSet::single(u1).with(u2).common_peers() & state.cells(x);
                        if !targets.is_empty() {
                            let mut s =
                                step(TechniqueId::AvoidableRectangle2, a.min(b), a.max(b), corners);
                            s.eliminate(x, targets);
                            s.evidence.fins = CellSet::single(u1).with(u2);
                            out.push(s);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn type_2_is_the_scan_of_every_rectangle() {
        // Random states around one solution: each cell placed (not given), or open with its
        // solution digit and one to three others; digits relabelled per state.
        const SOLUTION: &[u8; 81] =
            b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: u64| rng.u64(..n);
        let (mut states, mut steps) = (0, 0);
        for _ in 0..3000 {
            let shift = next(9) as u8;
            let mut cand = [CellSet::EMPTY; 9];
            let mut placed = [CellSet::EMPTY; 9];
            let solved_share = 3 + next(5);
            for cell in Cell::all() {
                let d = usize::from((SOLUTION[cell.index()] - b'1' + shift) % 9);
                if next(10) < solved_share {
                    placed[d] = placed[d].with(cell);
                    continue;
                }
                cand[d] = cand[d].with(cell);
                for _ in 0..1 + next(3) {
                    let e = next(9) as usize;
                    cand[e] = cand[e].with(cell);
                }
            }
            let state = Candidates::from_parts(cand, placed, CellSet::EMPTY);
            let mut found: Vec<Step> = Vec::new();
            let _ = find_type_2(&state, &mut found);
            assert_eq!(found, scan_type_2(&state));
            states += 1;
            steps += found.len();
        }
        assert!(steps > 100, "{states} states, {steps} steps");
    }
}
