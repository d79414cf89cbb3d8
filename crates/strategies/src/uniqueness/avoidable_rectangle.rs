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
//! boxes; "solved" means placed and not in `state.givens()`.
//! - Type 1: for every unsolved cell D and digit `b`: let P = the solved non-given cell of D's
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

/// Finds every avoidable rectangle type 1 (see the module docs for the exact semantics).
pub fn find_type_1(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let solved = state.solved() - state.givens();
    if solved.len() < 3 {
        return ControlFlow::Continue(());
    }
    let values = state.values();
    for d in state.unsolved() {
        for b in Digit::all() {
            let mine = state.placed(b) & solved;
            let (Some(p), Some(q)) = ((mine & tables::HOUSES[d.row()]).first(), (mine & tables::HOUSES[9 + d.col()]).first())
            else {
                continue;
            };
            let o = Cell::from_rc(q.row(), p.col());
            let corners = CellSet::single(d).with(p).with(q).with(o);
            if !two_box_rectangle(corners) || !solved.contains(o) {
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

/// Finds every avoidable rectangle type 2 (see the module docs for the exact semantics).
pub fn find_type_2(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let solved = state.solved() - state.givens();
    if solved.len() < 2 {
        return ControlFlow::Continue(());
    }
    let values = state.values();
    let bivalue = state.counts().exactly(2);
    for line in 0..18 {
        let mine = solved & tables::HOUSES[line];
        for s1 in mine {
            for s2 in mine - CellSet::single(s1) {
                if s2.index() < s1.index() {
                    continue;
                }
                let a = Digit::new_unchecked(values[s1.index()] - 1);
                let b = Digit::new_unchecked(values[s2.index()] - 1);
                for other in 0..9 {
                    // Rows: `line` < 9 and the rectangle's other row is `other`; columns likewise.
                    let (u1, u2) = if line < 9 {
                        (Cell::from_rc(other, s1.col()), Cell::from_rc(other, s2.col()))
                    } else {
                        (Cell::from_rc(s1.row(), other), Cell::from_rc(s2.row(), other))
                    };
                    let corners = CellSet::single(s1).with(s2).with(u1).with(u2);
                    if !two_box_rectangle(corners) || !bivalue.contains(u1) || !bivalue.contains(u2) {
                        continue;
                    }
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
